"""Tri*T*Area properties over random games: termination, conservation, replay, hidden information."""

from __future__ import annotations

import json
import random

from hypothesis import assume, given
from hypothesis import strategies as st

from tritable.engine import SIMULTANEOUS, Record
from tritable.engine.playout import random_step
from tritable.games.tri_t_area import TriTArea, TriTAreaState
from tritable.games.tri_t_area.tables import CARD_NAME, CARD_OF_NAME, NCARDS, ROUNDS, cards_of

GAME = TriTArea()
MOST_PLIES = len(ROUNDS) * 8 * (4 + 4) + 2 * 4  # plays, two placements and two extras a trick; reveal; sale

seeds = st.integers(0, 2**32 - 1)


def check_conservation(state: TriTAreaState) -> None:
    spec = ROUNDS[state.rnd]
    deck = state.decks[state.rnd]
    dealt = set(deck[: 4 * spec.hand])
    unused = set(range(NCARDS)) - dealt  # round 1's four 5s
    held = [c for h in state._hands for c in cards_of(h)]
    played = [a // 3 for _, a in state.played[state.rnd]]
    assert len(held) + len(played) + len(unused) == NCARDS
    assert set(held) | set(played) | unused == set(range(NCARDS))
    assert len(played) == 4 * state.trick_no + len(state.trick)
    for s in range(4):
        on_board = sum(stack.count(s) for stack in state.board)
        assert state.blocks[s] >= 0
        assert state.blocks[s] + on_board + state.sold[s] == spec.blocks


def new_state(seed: int) -> TriTAreaState:
    state = GAME.new_state(seed=seed)
    assert isinstance(state, TriTAreaState)
    return state


def play(seed: int, plies: int | None = None) -> TriTAreaState:
    state = new_state(seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal() and (plies is None or n < plies):
        random_step(state, rng)
        n += 1
    return state


@given(seed=seeds)
def test_random_games_end_and_conserve_cards_and_blocks(seed: int) -> None:
    state = new_state(seed)
    rng = random.Random(seed)
    plies = 0
    while not state.is_terminal():
        check_conservation(state)
        random_step(state, rng)
        plies += 1
        assert plies <= MOST_PLIES
    check_conservation(state)
    assert len(state.results) == len(ROUNDS)
    assert list(state.outcome().scores) == state.results[-1]["scores"] == state.scores()
    assert all(len(cards_of(h)) == 1 for h in state._hands)  # the round-3 Declarations


@given(seed=seeds, cut=st.integers(0, MOST_PLIES))
def test_replay_and_json_give_the_same_state(seed: int, cut: int) -> None:
    state = play(seed, cut)
    assert Record.loads(Record.from_state(state).dumps()).replay() == state
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.history == state.history and again.view(0) == state.view(0)
    replayed = GAME.state_from_setup(state.initial_setup or {})
    for seat, action in state.history:
        replayed.apply_action(action, seat)
    assert replayed == state


def swapped(state: TriTAreaState, a: int, b: int, rng: random.Random) -> TriTAreaState | None:
    """The same history from a deal where seats ``a`` and ``b`` swapped a card they still hold
    (not a Declaration) and future rounds were reshuffled; None when there is no such card."""
    keep = set(state.declared)
    xa = [c for c in cards_of(state._hands[a]) if c not in keep]
    xb = [c for c in cards_of(state._hands[b]) if c not in keep]
    if not xa or not xb:
        return None
    x, y = CARD_NAME[rng.choice(xa)], CARD_NAME[rng.choice(xb)]
    setup = json.loads(json.dumps(state.initial_setup))
    deck = setup["decks"][state.rnd]
    i, j = deck.index(x), deck.index(y)
    deck[i], deck[j] = y, x
    for future in setup["decks"][state.rnd + 1 :]:
        rng.shuffle(future)
    other = GAME.state_from_setup(setup)
    for seat, action in state.history:
        other.apply_action(action, seat)
    return other


@given(seed=seeds, cut=st.integers(0, MOST_PLIES), viewer=st.integers(0, 3))
def test_views_do_not_show_other_hands_or_future_deals(seed: int, cut: int, viewer: int) -> None:
    state = play(seed, cut)
    rng = random.Random(seed)
    a, b = rng.sample([s for s in range(4) if s != viewer], 2)
    other = swapped(state, a, b, rng)
    assume(other is not None)
    assert other is not None
    assert other.view(viewer) == state.view(viewer) and other.view(None) == state.view(None)
    assert other.render(viewer) == state.render(viewer)
    assert other.view(a) != state.view(a)  # the test can see a difference where there is one


@given(seed=seeds, choices=st.lists(st.integers(0, 8), min_size=8, max_size=8), viewer=st.integers(0, 3))
def test_pending_declarations_do_not_leak(seed: int, choices: list[int], viewer: int) -> None:
    state = new_state(seed)
    rng = random.Random(seed)
    while state.rnd < 2:
        random_step(state, rng)
    assert state.current_player() == SIMULTANEOUS
    twin = state.clone()
    for seat in (0, 1, 2, 3):
        if seat == viewer:
            continue
        mine, theirs = state.legal_actions(seat), twin.legal_actions(seat)
        state.apply_action(mine[choices[seat] % len(mine)], seat)
        twin.apply_action(theirs[choices[4 + seat] % len(theirs)], seat)
        assert state.view(viewer) == twin.view(viewer) and state.render(viewer) == twin.render(viewer)
        assert state.view(None) == twin.view(None)
        sample = GAME.sample_state(state.view(viewer), random.Random(seat))
        assert sample.view(viewer) == state.view(viewer)
        assert sample.legal_actions(viewer) == state.legal_actions(viewer)
    # The last choice reveals them all.
    action = state.legal_actions(viewer)[0]
    state.apply_action(action, viewer)
    assert state.view(viewer)["declared"] == [CARD_NAME[c] for c in state.declared]


@given(seed=seeds, cut=st.integers(0, MOST_PLIES))
def test_sample_state_fills_only_the_unseen(seed: int, cut: int) -> None:
    state = play(seed, cut)
    assume(not state.is_terminal())
    seat = state.players_to_move()[0]
    view = state.view(seat)
    frozen = json.dumps(view)
    samples = [GAME.sample_state(json.loads(frozen), random.Random(k)) for k in range(4)]
    seen = set(cards_of(state._hands[seat])) | {a // 3 for _, a in state.played[state.rnd]}
    for sample in samples:
        assert sample.view(seat) == view
        assert sorted(map(repr, sample.legal_actions(seat))) == sorted(map(repr, state.legal_actions(seat)))
        for other in range(4):
            if other != seat:
                assert not set(cards_of(sample._hands[other])) & seen
        public = [name for name in view["declared"] if isinstance(name, str)]
        for other, name in enumerate(view["declared"]):
            if isinstance(name, str):
                assert sample._hands[other] >> CARD_OF_NAME[name] & 1
        assert len(public) in (0, 4) or state.phase_name() == "declare"
    assert json.dumps(view) == frozen  # the view is only read
    # Hidden parts are drawn: future deals differ between samples (and from the real one).
    if state.rnd < len(ROUNDS) - 1:
        assert len({s.decks[-1] for s in samples} | {state.decks[-1]}) > 1


@given(seed=seeds, cut=st.integers(1, MOST_PLIES))
def test_every_view_narrates_the_last_action_as_far_as_its_seat_may_see(seed: int, cut: int) -> None:
    state = play(seed, cut)
    before = play(seed, len(state.history) - 1)
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    who, action = state.history[-1]
    text = GAME.action_to_string(action)
    ended = len(state.results) > len(before.results)
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        sealed = state.phase_name() == "declare" and who != seat and text.startswith("declare")
        assert view["last_action"] == {"seat": who, "action": None if sealed else text}
        events = view["events"]
        assert events and events[0]["seat"] == who
        assert all({"type", "seat", "text"} <= set(e) and isinstance(e["text"], str) and e["text"] for e in events)
        if sealed:
            assert [e["card"] for e in events] == [None]
        assert ("round_end" in [e["type"] for e in events]) == ended
        no_trick_done = state.rnd == 0 and len(state.played[0]) - len(state.trick) < 4
        assert (view["last_trick"] is None) == no_trick_done
        assert again.view(seat) == view  # derived from the history the JSON holds
    assert again.key() == state.key()
