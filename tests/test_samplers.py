"""``game.sample_state(view, rng)``, the hidden-information AI's only way to imagine the unseen,
never favours the truth: two full states that a seat cannot tell apart (same view, different
hidden parts) get the same samples, and the samples agree with the real hidden parts no more than
with any other hidden parts the seat would find just as likely. (A sampler that returned the
real state one time in five fails it in every game here.)"""

from __future__ import annotations

import collections
import random
import statistics
from collections.abc import Iterator
from typing import Any

import pytest

import tritable
from tritable.engine import CHANCE, SIMULTANEOUS, Game, State
from tritable.engine.playout import random_step

SAMPLES = 300
TWINS = 4


def hidden_games() -> list[Game]:
    return [
        tritable.new_game("triple-triad", options={"open": False}),
        tritable.new_game("triple-triad", options={"open": False, "random": True, "same": True}),
        tritable.new_game("triominos", 2),
        tritable.new_game("triominos", 4),
        tritable.new_game("triatri", 2),
        tritable.new_game("triatri", 3),
        tritable.new_game("triatri", 4),
        tritable.new_game("tri-t-area"),
    ]


def label(game: Game) -> str:
    return f"{game.id}-{game.players}p-" + "-".join(f"{k}={v}" for k, v in sorted(game.options.items()))


def leaves(data: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every scalar of a JSON value with its path (lists of scalars as multisets)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, f"{path}/{key}")
    elif isinstance(data, list) and all(not isinstance(v, dict | list) for v in data):
        # A list of plain values (a hand, a rack) counts as the multiset it is: the order in which
        # a sampler lists what it knows is a convention, not information.
        for value in sorted(set(map(repr, data))):
            yield f"{path}/{value}", sum(1 for v in data if repr(v) == value)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from leaves(value, f"{path}/{i}")
    else:
        yield path, data


def others_see(state: State, seat: int) -> dict[str, Any]:
    """Every scalar of the other seats' views, by path."""
    return {
        path: value
        for other in range(state.game.players)
        if other != seat
        for path, value in leaves(state.view(other), f"{other}")
    }


def agreements(samples: list[State], truth: State, twins: list[State], seat: int) -> list[float]:
    """For each sample, how much more of the hidden part of ``truth`` it shares than of the
    ``twins`` (on average): the hidden part being the scalars of the other seats' views that are
    not the same in every state here."""
    seen = [others_see(s, seat) for s in samples]
    want = others_see(truth, seat)
    others = [others_see(t, seat) for t in twins]
    paths = set(want)
    for got in [*others, *seen]:
        paths |= set(got)
    hidden = [p for p in paths if len({repr(d.get(p)) for d in [want, *others, *seen]}) > 1]
    assert hidden, "states the seat cannot tell apart differ where other seats look"

    def share(got: dict[str, Any], ref: dict[str, Any]) -> float:
        mine = [p for p in hidden if p in ref]
        return sum(1 for p in mine if got.get(p) == ref[p]) / max(1, len(mine))

    return [share(g, want) - statistics.fmean(share(g, o) for o in others) for g in seen]


def positions(game: Game) -> Iterator[tuple[State, int]]:
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(0, 12)):
            if state.is_terminal():
                break
            random_step(state, rng)
        while state.current_player() == CHANCE:
            random_step(state, rng)
        if state.is_terminal():
            continue
        p = state.current_player()
        yield state, (p if p >= 0 else state.players_to_move()[0])


@pytest.mark.parametrize("game", hidden_games(), ids=label)
def test_samples_do_not_move_when_the_hidden_parts_change(game: Game) -> None:
    checked = 0
    for truth, seat in positions(game):
        view = truth.view(seat)
        # Other full states the seat cannot tell from the real one.
        twins = [game.sample_state(view, random.Random(99 + k)) for k in range(TWINS)]
        assert all(twin.view(seat) == view for twin in twins)
        if any(twin == truth for twin in twins):
            continue
        samples = [game.sample_state(view, random.Random(1000 + i)) for i in range(SAMPLES)]
        again = [game.sample_state(twins[0].view(seat), random.Random(1000 + i)) for i in range(SAMPLES)]
        # The view of another full state, equal but not the same object, gives the same samples:
        # the sampler reads the view's contents and nothing that came with it from its state.
        assert samples == again
        for sample in samples[:10]:
            assert sample.view(seat) == view
            if truth.current_player() == SIMULTANEOUS:
                assert sample.players_to_move() == truth.players_to_move()
        # The draws spread over the hidden parts: a sampler that always dealt the same unseen
        # cards would favour no truth and pass the check below.
        shown = collections.Counter(repr(sorted(others_see(sample, seat).items())) for sample in samples)
        assert shown.most_common(1)[0][1] <= SAMPLES // 10, "the samples show the other seats the same cards"
        differences = agreements(samples, truth, twins, seat)
        gap = statistics.fmean(differences)
        error = statistics.pstdev(differences) / SAMPLES**0.5
        assert gap < 4 * error + 0.01, f"samples share {gap:.3f} more of the real hidden parts than of others"
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("game", hidden_games(), ids=label)
def test_a_sampler_draws_what_sample_state_draws(game: Game) -> None:
    """``game.sampler(view)`` may read the view once for all its draws (the search draws through
    it), but every draw is the one ``sample_state`` gives from the same random stream, and so
    shows the seat exactly the view."""
    for truth, seat in positions(game):
        view = truth.view(seat)
        draw = game.sampler(view)
        for i in range(20):
            sample = draw(random.Random(i))
            assert sample == game.sample_state(view, random.Random(i))
            assert sample.to_json() == game.sample_state(view, random.Random(i)).to_json()
            assert sample.view(seat) == view
            assert sample.legal_actions(seat) == truth.legal_actions(seat)
            # Playing on a draw leaves the sampler's later draws as they were.
            play = random.Random(i)
            for _ in range(4):
                if not sample.is_terminal():
                    random_step(sample, play)
        rng, again = random.Random(5), random.Random(5)
        assert [draw(rng) for _ in range(5)] == [game.sample_state(view, again) for _ in range(5)]
