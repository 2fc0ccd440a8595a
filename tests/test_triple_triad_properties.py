"""Triple Triad properties over every option combination (hypothesis): scores, conservation of cards,
no leak of hidden hands, combo only after Same/Plus, sampling from views."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import tritable
from tritable.engine import TERMINAL
from tritable.games.triple_triad import TripleTriad, TripleTriadState


@st.composite
def option_sets(draw: st.DrawFn, /, **fixed: Any) -> dict[str, Any]:
    options: dict[str, Any] = {
        name: draw(st.booleans(), label=name)
        for name in ("same", "plus", "combo", "elemental", "open", "sudden_death", "random")
    }
    options["same_wall"] = options["same"] and draw(st.booleans(), label="same_wall")
    options["trade"] = draw(st.sampled_from(["none", "one", "all", "diff", "direct"]), label="trade")
    low = draw(st.integers(1, 10), label="min_level")
    options["min_level"] = low
    options["max_level"] = draw(st.integers(low, 10), label="max_level")
    options.update(fixed)
    return options


def game(options: dict[str, Any]) -> TripleTriad:
    g = tritable.new_game("triple-triad", options=options)
    assert isinstance(g, TripleTriad)
    return g


def board_cards(state: TripleTriadState) -> list[str]:
    return [cell["card"] for cell in state.view()["board"] if cell is not None]


def check_invariants(state: TripleTriadState) -> None:
    view = state.view()
    assert sum(view["scores"]) == 10
    assert len(board_cards(state)) + sum(view["hand_sizes"]) == 10
    for seat in (0, 1):
        on_board = sum(1 for cell in view["board"] if cell is not None and cell["owner"] == seat)
        assert view["scores"][seat] == on_board + view["hand_sizes"][seat]
    p = state.current_player()
    if p >= 0:
        actions = state.legal_actions()
        assert actions and len(actions) == len(set(actions))


@given(options=option_sets(), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_ten_cards_and_scores_summing_to_ten(options: dict[str, Any], seed: int) -> None:
    g = game(options)
    state = g.new_state(seed=seed)
    rng = random.Random(seed)
    # The ten cards in play are the ones the seats brought, whoever holds them.
    setup = state.initial_setup
    assert setup is not None
    brought = Counter(g.action_to_string(g.string_to_action(f"{n}@1"))[:-2] for h in setup["hands"] for n in h)
    while state.current_player() != TERMINAL:
        check_invariants(state)
        view = state.view()
        assert len(view["rounds"]) == view["round"] - 1 <= 4
        if "trade" not in view:
            full = state.to_json()
            held = Counter(board_cards(state)) + Counter(n for hand in full["hands"] for n in hand)
            assert held == brought
        mover = state.current_player()
        before = dict(enumerate(cell["owner"] if cell else None for cell in view["board"]))
        state.apply_action(rng.choice(state.legal_actions()))
        after = state.view()
        if after["round"] == view["round"] and "trade" not in view:
            # A placement never turns a card of the mover's colour to the opponent.
            for k, owner in before.items():
                if owner == mover:
                    assert after["board"][k]["owner"] == mover
    check_invariants(state)
    outcome = state.outcome()
    assert sum(outcome.scores) == 10
    assert outcome.details["rounds"] == state.view()["round"]
    transfers = outcome.details["transfers"]
    if outcome.winners and options["trade"] in ("one", "all", "diff"):
        winner = outcome.winners[0]
        expected = {"one": 1, "all": 5, "diff": outcome.scores[winner] - 5}[options["trade"]]
        assert len(transfers) == expected
        assert all(t["from"] == 1 - winner and t["to"] == winner for t in transfers)
        taken = Counter(t["card"] for t in transfers)
        assert not taken - Counter(state.view()["brought"][1 - winner])
        assert state.view()["brought"][1 - winner] == state.view(winner)["brought"][1 - winner]
    elif options["trade"] != "direct":
        assert transfers == []


@given(options=option_sets(same=False, same_wall=False, plus=False), seed=st.integers(0, 2**32 - 1))
def test_combo_does_nothing_without_same_or_plus(options: dict[str, Any], seed: int) -> None:
    with_combo = game({**options, "combo": True}).new_state(seed=seed)
    without = game({**options, "combo": False}).new_state(seed=seed)
    rng = random.Random(seed)
    while with_combo.current_player() != TERMINAL:
        action = rng.choice(with_combo.legal_actions())
        with_combo.apply_action(action)
        without.apply_action(action)
        assert with_combo.view()["board"] == without.view()["board"]


def hidden_cards(state: TripleTriadState, seat: int) -> Counter[str]:
    """The cards ``seat`` brought that nobody has seen: never placed by it."""
    g = state.game
    placed = Counter(
        g.action_to_string(a).split("@")[0] for s, a in state.history if s == seat and "@" in g.action_to_string(a)
    )
    setup = state.initial_setup
    assert setup is not None
    return Counter(setup["hands"][seat]) - placed


@given(options=option_sets(open=False), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 30))
def test_closed_hands_do_not_leak(options: dict[str, Any], seed: int, plies: int) -> None:
    g = game(options)
    state = g.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.current_player() == TERMINAL or state.is_decided():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    if state.is_decided():
        return
    setup = state.initial_setup
    assert setup is not None
    pool = list(g._pool)
    for other in (0, 1):
        hidden = hidden_cards(state, other)
        if not hidden:
            continue
        # Replace the other seat's never-seen cards by random ones and replay the same actions.
        changed = json.loads(json.dumps(setup))
        hand = changed["hands"][other]
        left = hidden.copy()
        for i, name in enumerate(hand):
            if left[name] > 0:
                left[name] -= 1
                hand[i] = rng.choice(pool)
        twin = g.state_from_setup(changed)
        for seat, action in state.history:
            twin.apply_action(action, seat)
        for viewer in (1 - other, None):
            assert twin.view(viewer) == state.view(viewer)
            assert twin.render(viewer) == state.render(viewer)
        # A sample drawn from the view cannot tell the two apart either.
        viewer = 1 - other
        assert g.sample_state(state.view(viewer), random.Random(1)) == g.sample_state(
            twin.view(viewer), random.Random(1)
        )


@given(options=option_sets(), seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60))
def test_samples_agree_with_the_view(options: dict[str, Any], seed: int, plies: int) -> None:
    g = game(options)
    state = g.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.current_player() == TERMINAL:
            break
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in (0, 1, None):
        view = state.view(seat)
        sample = g.sample_state(view, rng)
        assert sample.view(seat) == view
        again = g.state_from_json(json.loads(json.dumps(sample.to_json())))
        assert again == sample
        if seat is not None:
            assert set(sample.legal_actions(seat)) == set(state.legal_actions(seat))
        # The sample plays on to the end like any state.
        while sample.current_player() != TERMINAL:
            sample.apply_action(rng.choice(sample.legal_actions()))
        assert sum(sample.outcome().scores) == 10
