"""Triominos property tests: random games for 2, 3 and 4 players keep the invariants."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tritable.engine import Record
from tritable.games.triominos import Triominos, TriominosState
from tritable.games.triominos.game import DRAW, PASS
from tritable.games.triominos.tiles import BIT, NAMES, SUMS, TRIPLE_000, TRIPLES_HIGH_FIRST

MAX_PLIES = 5000


def tiles_everywhere(state: TriominosState) -> list[int]:
    """Every tile of the round: on the table, in the racks, in the pool (with repeats, if any)."""
    out = [code // 3 for code in state.layout.values()]
    for rack in state.racks:
        out += [t for t in range(56) if rack & BIT[t]]
    out += list(state.pool[state.drawn :])
    return out


def check_conservation(state: TriominosState) -> None:
    tiles = tiles_everywhere(state)
    assert sorted(tiles) == list(range(56)), "the 56 tiles, each once"


def hidden_shuffled(state: TriominosState, seat: int | None, rng: random.Random) -> TriominosState:
    """``state`` with everything ``seat`` cannot see dealt again: other racks (keeping their sizes
    and shown tiles), the pool's order, the later rounds' deals."""
    data = state.to_json()
    n = state.game.players
    # During a start choice the chooser's rack stays: it must hold the highest triple.
    mixed = [s for s in range(n) if s != seat and not (state.choice and s == state.current_player())]
    free = [t for s in mixed for t in data["racks"][s] if t not in data["revealed"][s]] + data["pool"]
    rng.shuffle(free)
    for s in mixed:
        keep = list(data["revealed"][s])
        need = len(data["racks"][s]) - len(keep)
        data["racks"][s] = keep + free[:need]
        free = free[need:]
    data["pool"] = free
    data["future"] = [" ".join(rng.sample(NAMES, 56)) for _ in data["future"]]
    return state.game.state_from_json(data)


games = st.tuples(
    st.integers(2, 4),
    st.integers(0, 2**32 - 1),
    st.sampled_from([1, 120, 400]),
    st.integers(1, 9),
)


@settings(max_examples=30)
@given(games)
def test_random_games_keep_the_invariants(case: tuple[int, int, int, int]) -> None:
    players, seed, target, every = case
    game = Triominos(players, {"target": target, "max_rounds": 6})
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    plies = 0
    while not state.is_terminal():
        assert plies < MAX_PLIES, "random play ends"
        check_conservation(state)
        seat = state.current_player()
        actions = state.legal_actions()
        before = list(state.scores)
        rounds = len(state.log)
        choosing = state.choice
        action = actions[rng.randrange(len(actions))]
        state.apply_action(action)
        plies += 1
        if len(state.log) == rounds:  # the round goes on: only the mover's score moves
            assert all(state.scores[s] == before[s] for s in range(players) if s != seat)
            delta = state.scores[seat] - before[seat]
            if action == DRAW:
                assert delta == -5 and state.current_player() == seat
            elif action == PASS:
                assert delta in (0, -10) and state.current_player() == (seat + 1) % players
            elif choosing:
                assert delta == (40 if action[0] == TRIPLE_000 else SUMS[action[0]] + 10)
            else:
                assert delta - SUMS[action[0]] in (0, 40, 50, 60, 70)  # the best bonus, or none
        if plies % every == 0:
            check_views_and_json(state, rng)
    check_conservation(state)
    check_views_and_json(state, rng)
    assert 1 <= len(state.log) <= 6
    assert max(state.scores) >= target or len(state.log) == 6
    # Replay identity: the setup and the actions rebuild the same game, through records too.
    replay = game.state_from_setup(json.loads(json.dumps(state.initial_setup)))
    for seat, action in state.history:
        replay.apply_action(action, seat)
    assert replay == state and replay.to_json() == state.to_json()
    assert Record.loads(state.record().dumps()).replay().to_json() == state.to_json()


def check_views_and_json(state: TriominosState, rng: random.Random) -> None:
    game = state.game
    data = state.to_json()
    again = game.state_from_json(json.loads(json.dumps(data)))
    assert again == state and again.to_json() == data
    assert again.legal_actions() == state.legal_actions()
    for action in state.legal_actions():
        assert game.string_to_action(game.action_to_string(action)) == action
    for seat in range(game.players):
        view = state.view(seat)
        # No leak: dealing the hidden tiles again does not change what this seat sees ...
        other = hidden_shuffled(state, seat, rng)
        check_conservation(other)
        assert other.view(seat) == view
        # ... and sampling reads the view only: the same randomness gives the same sample.
        k = rng.getrandbits(32)
        sample = game.sample_state(view, random.Random(k))
        assert sample == game.sample_state(other.view(seat), random.Random(k))
        assert sample.view(seat) == view
        check_conservation(sample)
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        for s in range(game.players):
            if s != seat:
                assert sample.racks[s].bit_count() == state.racks[s].bit_count()
                assert sample.racks[s] & state.revealed[s] == state.revealed[s]
    spectator = state.view(None)
    assert spectator["rack"] is None
    assert hidden_shuffled(state, None, rng).view(None) == spectator


@settings(max_examples=20)
@given(st.integers(0, 2**32 - 1))
def test_start_choice_samples_give_the_chooser_its_tiles(seed: int) -> None:
    # Seat 2 holds 3-3-3 and 0-0-0 and chooses; the others hold no triple.
    game = Triominos(3)
    racks = ["0-1-2 1-2-3 0-1-3 1-2-4 0-1-4 2-3-4 0-2-4", "1-1-2 0-0-1 0-1-1 0-0-2 0-2-2 0-1-5 1-1-3"]
    chooser = "3-3-3 0-0-0 1-3-5 2-4-5 3-4-5 0-3-5 1-4-5"
    named = " ".join([*racks, chooser]).split()
    deal = " ".join(named + [t for t in NAMES if t not in named])
    state = game.state_from_setup({"deals": [deal]})
    assert state.choice and state.current_player() == 2
    rng = random.Random(seed)
    for seat in (0, 1, None):
        view = state.view(seat)
        sample = game.sample_state(view, rng)
        assert sample.view(seat) == view
        check_conservation(sample)
        assert sample.racks[2] & BIT[TRIPLE_000]
        top = next(t for t in TRIPLES_HIGH_FIRST if sample.racks[2] & BIT[t])
        assert top != TRIPLE_000
        for s in (0, 1):
            assert not any(sample.racks[s] & BIT[t] for t in TRIPLES_HIGH_FIRST if t > top)
        choices = sample.legal_actions()
        assert len(choices) == 2 and (TRIPLE_000, 0, 0, 0) in choices
        sample.apply_action(choices[0])
        assert sample.layout and sample.current_player() == 0
