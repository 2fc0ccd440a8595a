"""TriATri invariants over random games with 2, 3 and 4 players: termination, conservation of cards
and gems, replay identity, and views that leak neither hidden hands nor pending start cards."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tritable
from tritable.engine import SIMULTANEOUS, IllegalActionError, OutOfTurnError, Record
from tritable.engine.playout import random_step
from tritable.games.triatri import TriATri, TriATriState
from tritable.games.triatri.cards import CARD_TEXT, deck_for

PLAYERS = st.integers(2, 4)
SEEDS = st.integers(0, 2**32 - 1)
MAX_PLIES = 2_000  # 87 plies at most without tied reveals; repicks are rare


def check_cards(state: TriATriState) -> None:
    """Every card of this round's deck is in exactly one place: a hand, a start card, the table
    (this trick or a finished one of this round) or the unused rest of the deck."""
    n = state.game.players
    data = state.to_json()["state"]
    deck = data["decks"][data["round"] - 1]
    assert Counter(deck) == Counter(CARD_TEXT[c] for c in deck_for(n))
    places: list[str] = [c for hand in data["hands"] for c in hand]
    places += [c for c in data["start_cards"] if c is not None]
    places += data["trick"]["played"]
    for trick in [*data["tricks"], data["trick"]]:
        assert Counter(c for c, _ in trick["cards"]) == Counter(trick["played"])
    for trick in data["tricks"]:
        places += trick["played"]
    places += deck[6 * n :]
    assert Counter(places) == Counter(deck)
    for seat, pending in enumerate(data["pending"]):
        assert pending is None or pending in data["hands"][seat]


def check_gems(state: TriATriState) -> None:
    view = state.view()
    for colour in range(3):
        assert view["supply"][colour] + sum(g[colour] for g in view["gems"]) == 6
    assert all(x >= 0 for g in view["gems"] for x in g)


def step(state: TriATriState, rng: random.Random) -> None:
    random_step(state, rng)


@given(players=PLAYERS, seed=SEEDS)
def test_random_games_end_and_conserve_cards_and_gems(players: int, seed: int) -> None:
    game = TriATri(players)
    state = game.new_state(seed=seed)
    assert isinstance(state, TriATriState)
    rng = random.Random(seed)
    plies = 0
    while not state.is_terminal():
        check_cards(state)
        check_gems(state)
        step(state, rng)
        plies += 1
        assert plies < MAX_PLIES
    check_cards(state)
    check_gems(state)
    outcome = state.outcome()
    view = state.view()
    end = outcome.details["end"]
    if end == "instant win":
        winner = outcome.details["instant_winner"]
        assert all(g >= 2 for g in view["gems"][winner]) and outcome.winners == (winner,)
    elif end == "supply exhausted":
        assert 0 in view["supply"]
    else:
        assert view["round"] == 3 and view["tricks_done"] == 5
    # Replay identity: the record, and the setup plus the history, rebuild the same game.
    replayed = Record.loads(Record.from_state(state).dumps()).replay()
    assert replayed == state and replayed.outcome() == outcome
    again = game.state_from_setup(json.loads(json.dumps(state.initial_setup)))
    for seat, action in state.history:
        again.apply_action(action, seat if again.current_player() == SIMULTANEOUS else None)
    assert again == state and again.history == state.history


def void_of(body: dict[str, Any], seat: int, card: str) -> str | None:
    """The gem colour of a trick this round that ``seat`` did not follow, if ``card`` has that
    colour (``seat`` -1, the unused cards, is void of nothing)."""
    if seat < 0 or card == "F":
        return None
    n = len(body["hands"])
    tricks = [(t["leader"], t["gem"], t["played"]) for t in body["tricks"]]
    if body["phase"] == "play":
        tricks.append((body["leader"], body["gem"], body["trick"]["played"]))
    for leader, gem, played in tricks:
        colour = gem.split()[-1]
        for i, played_card in enumerate(played):
            if (leader + i) % n == seat and played_card != "F" and played_card[0] != colour == card[0]:
                return colour
    return None


def hidden_variant(state: TriATriState, viewer: int, rng: random.Random) -> tuple[TriATriState, set[int]]:
    """A copy of ``state`` that differs from it only in what ``viewer`` cannot see: a card moved
    between two other hands (or between a hand and the unused cards), other seats' pending start
    cards, and the decks of later rounds. Returns it and the seats whose hands changed."""
    n = state.game.players
    data: dict[str, Any] = json.loads(json.dumps(state.to_json()))
    body = data["state"]
    r = body["round"] - 1
    deck: list[str] = body["decks"][r]
    hands: list[list[str]] = body["hands"]
    others = [s for s in range(n) if s != viewer and hands[s]]
    changed: set[int] = set()
    # Place -1 stands for the unused cards.
    places = others + ([-1] if len(deck) > 6 * n else [])
    if len(places) >= 2:
        s1, s2 = rng.sample(places, 2)

        def segment(s: int) -> range:
            return range(6 * s, 6 * s + 6) if s >= 0 else range(6 * n, len(deck))

        def pick(s: int) -> str:
            if s >= 0:
                return str(rng.choice(hands[s]))
            return str(deck[rng.choice(list(segment(s)))])

        a, b = pick(s1), pick(s2)
        # A seat that did not follow a colour this round holds none of it: a card of that
        # colour may not move into its hand (the fake, which any seat may play, always can).
        # Nor may a card leave the seat that showed it in a tie of start cards this round.
        tied = [[] if s < 0 else [cards[s] for cards in body["repicks"]] for s in (s1, s2)]
        if (
            a != b
            and void_of(body, s2, a) is None
            and void_of(body, s1, b) is None
            and a not in tied[0]
            and b not in tied[1]
        ):
            i = next(i for i in segment(s1) if deck[i] == a)
            j = next(j for j in segment(s2) if deck[j] == b)
            deck[i], deck[j] = b, a
            for s, gone, new in ((s1, a, b), (s2, b, a)):
                if s >= 0:
                    hands[s].remove(gone)
                    hands[s].append(new)
                    hands[s].sort(key=lambda c: ("FRBG".index(c[0]), c))
                    if body["pending"][s] == gone:
                        body["pending"][s] = new
                    changed.add(s)
    for s in range(n):
        if s != viewer and body["pending"][s] is not None:
            body["pending"][s] = rng.choice(hands[s])
    last = body["last_action"]
    if last is not None and last["seat"] != viewer and body["pending"][last["seat"]] is not None:
        last["action"] = body["pending"][last["seat"]]  # a sealed start card: the one now chosen
        data["history"][-1][1] = last["action"]
    for later in range(r + 1, 3):
        rng.shuffle(body["decks"][later])
    variant = state.game.state_from_json(data)
    assert isinstance(variant, TriATriState)
    return variant, changed


@given(players=PLAYERS, seed=SEEDS, data=st.data())
def test_views_hide_other_hands_and_pending_start_cards(players: int, seed: int, data: st.DataObject) -> None:
    state = TriATri(players).new_state(seed=seed)
    assert isinstance(state, TriATriState)
    rng = random.Random(seed)
    stop = data.draw(st.integers(0, 90), label="plies")
    while not state.is_terminal() and len(state.history) < stop:
        step(state, rng)
    viewer = data.draw(st.integers(0, players - 1), label="viewer")
    for attempt in range(3):
        variant, changed = hidden_variant(state, viewer, random.Random(attempt))
        assert variant.view(viewer) == state.view(viewer)
        assert variant.render(viewer) == state.render(viewer)
        assert variant.view(None) == state.view(None)
        if not state.is_terminal() and viewer in state.players_to_move():
            assert variant.legal_actions(viewer) == state.legal_actions(viewer)
        for seat in changed:
            assert variant.view(seat)["hand"] != state.view(seat)["hand"]  # the change is real


@given(players=PLAYERS, seed=SEEDS, data=st.data())
def test_pending_start_cards_stay_hidden_until_everyone_has_chosen(
    players: int, seed: int, data: st.DataObject
) -> None:
    state = TriATri(players).new_state(seed=seed)
    assert isinstance(state, TriATriState)
    rng = random.Random(seed)
    chooser = data.draw(st.integers(0, players - 1), label="chooser")
    hand = state.legal_actions(chooser)
    first, second = data.draw(st.lists(st.sampled_from(hand), min_size=2, max_size=2, unique=True), label="cards")
    a, b = state.clone(), state.clone()
    a.apply_action(first, chooser)
    b.apply_action(second, chooser)
    for seat in [None, *range(players)]:
        if seat == chooser:
            assert a.view(seat)["choice"] != b.view(seat)["choice"]
        else:
            assert a.view(seat) == b.view(seat)
            assert a.render(seat) == b.render(seat)
    # The others choose too: now the start cards are public (or shown as a tie and taken back).
    for seat in range(players):
        if seat != chooser:
            card = rng.choice(a.legal_actions(seat))
            a.apply_action(card, seat)
            b.apply_action(card, seat)
    assert a.view(0) != b.view(0)


@given(players=PLAYERS, seed=SEEDS, data=st.data())
def test_sampled_states_agree_with_the_view(players: int, seed: int, data: st.DataObject) -> None:
    state = TriATri(players).new_state(seed=seed)
    assert isinstance(state, TriATriState)
    rng = random.Random(seed)
    stop = data.draw(st.integers(0, 90), label="plies")
    while not state.is_terminal() and len(state.history) < stop:
        step(state, rng)
    for seat in [None, *range(players)]:
        view = state.view(seat)
        sample = state.game.sample_state(view, random.Random(seed + 1))
        assert isinstance(sample, TriATriState)
        assert sample.view(seat) == view
        assert state.game.state_from_json(json.loads(json.dumps(sample.to_json()))) == sample
        hands = sample.to_json()["state"]["hands"]
        # Colours a seat showed it lacks (it did not follow) are absent from its sampled hand.
        for trick in [*view["tricks"], {**view["trick"], "leader": view["leader"], "gem": view["gem"]}]:
            if not trick["played"]:
                continue
            colour = trick["gem"][-1]
            for i, card in enumerate(trick["played"]):
                s = (trick["leader"] + i) % players
                if card != "F" and card[0] != colour:
                    assert not any(c[0] == colour for c in hands[s])
        if not state.is_terminal():
            for s in state.players_to_move():
                if s == seat:
                    assert sample.legal_actions(s) == state.legal_actions(s)
        check_cards(sample)
        check_gems(sample)
        # Playing on from a sample works.
        copy = sample.clone()
        while not copy.is_terminal():
            step(copy, rng)


@given(players=PLAYERS, seed=SEEDS, data=st.data())
def test_illegal_actions_raise_typed_errors_and_change_nothing(players: int, seed: int, data: st.DataObject) -> None:
    """Whatever a seat tries outside its legal actions (a card it lacks, a card off the gem's
    colour while it can follow, a gem instead of a card, a second reveal, acting out of turn) is
    an :class:`IllegalActionError` (a ``ValueError``) and leaves the state as it was; every legal
    action applies."""
    state = TriATri(players).new_state(seed=seed)
    assert isinstance(state, TriATriState)
    rng = random.Random(seed)
    stop = data.draw(st.integers(0, 90), label="plies")
    while not state.is_terminal() and len(state.history) < stop:
        step(state, rng)
    before = state.to_json()
    simultaneous = state.current_player() == SIMULTANEOUS
    for seat in range(players):
        legal = set(cast(list[int], state.legal_actions(seat))) if seat in state.players_to_move() else set()
        for action in range(-1, 37):
            if action in legal:
                trial = state.clone()
                trial.apply_action(action, seat)
                assert trial.history[-1] == (seat, action)
                continue
            try:
                state.apply_action(action, seat)
            except IllegalActionError as exc:
                assert isinstance(exc, ValueError) and str(exc)
            else:
                raise AssertionError(f"seat {seat} applied the illegal {action}")
            assert state.to_json() == before
        if simultaneous and seat in state.players_to_move() and len(state.players_to_move()) > 1:
            # Once a seat has chosen (and others still choose), a second reveal is out of turn.
            trial = state.clone()
            trial.apply_action(min(legal), seat)
            chosen = trial.to_json()
            for action in legal:
                with pytest.raises(OutOfTurnError):
                    trial.apply_action(action, seat)
            assert trial.to_json() == chosen


def test_registry_builds_the_game() -> None:
    game = tritable.new_game("triatri", 3)
    assert isinstance(game, TriATri) and not game.perfect_information
    assert game.new_state(seed=9) == game.new_state(seed=9)
    assert game.new_state(seed=9) != game.new_state(seed=10)
