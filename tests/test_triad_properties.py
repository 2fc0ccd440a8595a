"""Triad property tests: random legal games checked ply by ply against a brute-force reading of the rules.

The reference below works from the views alone (squares and dice as text), scans the whole board, and
reads "a Triad formed by the move" literally: a Triad standing after the move that did not stand before.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import tritable
from tritable.games.triad import Triad, TriadState

FILES = "abcdef"
DIRECTIONS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]


def name(f: int, r: int) -> str:
    return f"{FILES[f]}{r + 1}"


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 6 and 0 <= r < 6


def reference_actions(view: dict[str, Any]) -> set[str]:
    dice: dict[str, str] = view["dice"]
    if view["pending_removal"]:
        return {"x" + sq for sq in view["pending_removal"]}
    mine = "BO"[view["to_move"]]
    ordinary, turns, slides = set(), set(), set()
    for sq, die in dice.items():
        if die[0] != mine:
            continue
        f, r, value = FILES.index(sq[0]), int(sq[1]) - 1, int(die[1])
        for w in (1, 2, 3):
            if w != value:
                turns.add(f"{sq}={w}")
            for df, dr in DIRECTIONS:
                path = [(f + df * k, r + dr * k) for k in range(1, w + 1)]
                if all(on_board(*p) and name(*p) not in dice for p in path):
                    if w != value:
                        ordinary.add(f"{sq}={w}>{name(*path[-1])}")
                    else:
                        slides.add(f"{sq}>{name(*path[-1])}")
    return ordinary or (turns | slides)


def triads(dice: dict[str, str]) -> set[tuple[tuple[str, str], ...]]:
    """Every Triad standing: three dice side by side in a line, both colours, values all same or all different."""
    found = set()
    for f in range(6):
        for r in range(6):
            for df, dr in [(1, 0), (0, 1), (1, 1), (1, -1)]:
                squares = [(f + df * k, r + dr * k) for k in range(3)]
                if not all(on_board(*p) for p in squares):
                    continue
                names = [name(*p) for p in squares]
                if not all(n in dice for n in names):
                    continue
                cells = [dice[n] for n in names]
                colours = {c[0] for c in cells}
                values = {c[1] for c in cells}
                if len(colours) == 2 and len(values) in (1, 3):
                    found.add(tuple(zip(names, cells, strict=True)))
    return found


def check_invariants(state: TriadState) -> None:
    view = state.view()
    dice = view["dice"]
    for seat, letter in enumerate("BO"):
        assert sum(1 for d in dice.values() if d[0] == letter) + view["scores"][seat] == 6
    assert all(d[0] in "BO" and d[1] in "123" for d in dice.values())
    assert min(view["scores"]) >= 0 and max(view["scores"]) <= 3
    # The internal board and per-seat square lists agree: one die a square.
    occupied = [sq for sq, c in enumerate(state.board) if c]
    assert sorted(state.dice[0] + state.dice[1]) == occupied
    assert all(1 <= c <= 3 for c in (state.board[sq] for sq in state.dice[0]))
    assert all(4 <= c <= 6 for c in (state.board[sq] for sq in state.dice[1]))
    assert view["moves"] <= state.game.move_cap


def check_events(view: dict[str, Any], mover: int, text: str) -> None:
    """The view after ``mover`` played ``text`` names it and says what it did: one event for the
    action (its kind by its notation), then Triads and the removal due after a move that forms
    any, and the end last where the game ended."""
    assert view["last_action"] == {"seat": mover, "action": text}
    events = view["events"]
    assert all(isinstance(e["text"], str) and e["text"] and e["seat"] in (0, 1, None) for e in events)
    kinds = {(True, True): "move", (True, False): "turn", (False, True): "slide"}
    kind = "removal" if text.startswith("x") else kinds["=" in text, ">" in text]
    assert events[0]["type"] == kind and events[0]["seat"] == mover
    types = [e["type"] for e in events[1:]]
    ended = view["outcome"] is not None
    assert ("end" in types) == ended and (not ended or types[-1] == "end")
    if view["pending_removal"]:
        assert types[-1] == "removal_due" and set(types[:-1]) == {"triad"}
        assert events[-1]["squares"] == view["pending_removal"]
    else:
        assert types in ([], ["end"])


@given(
    seed=st.integers(0, 2**32 - 1),
    cap=st.sampled_from([1, 4, 30, 200]),
    first=st.sampled_from(["black", "random"]),
)
def test_random_games_match_the_reference_and_keep_the_dice(seed: int, cap: int, first: str) -> None:
    game = tritable.new_game("triad", options={"move_cap": cap, "first_player": first})
    state = game.new_state(seed=seed)
    assert isinstance(state, TriadState)
    rng = random.Random(seed)
    plies = 0
    while not state.is_terminal():
        # Every move is at most one turn, every removal follows a move; the game ends by the cap.
        assert plies <= cap + 5
        check_invariants(state)
        view = state.view()
        legal = [game.action_to_string(a) for a in state.legal_actions()]
        assert legal and set(legal) == reference_actions(view)
        before = triads(view["dice"])
        mover = state.current_player()
        text = rng.choice(legal)
        state.apply_action(game.string_to_action(text))
        plies += 1
        after_view = state.view()
        check_events(after_view, mover, text)
        if text.startswith("x"):
            assert after_view["scores"][mover] == view["scores"][mover] + 1
            continue
        formed = triads(after_view["dice"]) - before
        letter = "BO"[mover]
        removable = {sq for triad in formed for sq, die in triad if die[0] == letter}
        assert set(after_view["pending_removal"]) == removable
        # The formed Triads are exactly those through the die that moved or turned.
        target = text.split(">")[-1] if ">" in text else text.split("=")[0]
        assert all(target in {sq for sq, _ in triad} for triad in formed)
        if removable:
            assert state.current_player() == mover
        elif not state.is_terminal():
            assert state.current_player() == 1 - mover
    check_invariants(state)
    outcome = state.outcome()
    assert list(outcome.scores) == state.removed == state.scores() == state.view()["scores"]
    if 3 in state.removed:
        assert outcome.winners == (state.removed.index(3),)
        assert outcome.details["reason"] == "three triads"
    else:
        assert state.moves == cap and outcome.winners == ()
        assert outcome.details["reason"] == "move cap"


@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60))
def test_every_seat_sees_everything_and_a_sample_is_the_state(seed: int, plies: int) -> None:
    game = tritable.new_game("triad", options={"first_player": "random"})
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    mine = {"seat", "hand"}  # a spectator has no hand; a seat's is empty
    spectator = {k: v for k, v in state.view(None).items() if k not in mine}
    for seat in (0, 1):
        view = state.view(seat)
        assert {k: v for k, v in view.items() if k not in mine} == spectator and view["hand"] == []
        sample = game.sample_state(view, rng)
        assert sample == state and sample.view(seat) == view
        assert sample.legal_actions(seat) == state.legal_actions(seat)


def neighbours(sq: int) -> set[int]:
    f, r = sq % 6, sq // 6
    return {(r + dr) * 6 + f + df for df, dr in DIRECTIONS if on_board(f + df, r + dr)}


@st.composite
def crowded_positions(draw: st.DrawFn) -> TriadState:
    """The mover's dice packed along the a1 edge or corner, the opponent's dice around them first,
    so that the mover is often boxed in (the stalemate rule); some gaps vary the picture."""
    to_move = draw(st.integers(0, 1))
    removed = [draw(st.integers(0, 2)), draw(st.integers(0, 2))]
    mine, theirs = 6 - removed[to_move], 6 - removed[1 - to_move]
    shape = draw(st.sampled_from(["edge", "corner"]))
    start = [0, 1, 2, 3, 4, 5] if shape == "edge" else [0, 1, 6, 7, 2, 12, 8, 13, 14]
    mover = start[:mine]
    around = sorted(set().union(*(neighbours(sq) for sq in mover)) - set(mover))
    around = draw(st.permutations(around))
    rest = [sq for sq in range(35, -1, -1) if sq not in mover and sq not in around]
    gaps = draw(st.integers(0, 2))
    opponent = (around[: theirs - gaps] + rest)[:theirs]
    # Ones make moving unturned (one square) possible where turning to 2 or 3 cannot get out.
    ones = draw(st.booleans())
    dice = {name(sq % 6, sq // 6): "BO"[to_move] + str(1 if ones else draw(st.integers(1, 3))) for sq in mover}
    dice |= {name(sq % 6, sq // 6): "BO"[1 - to_move] + str(draw(st.integers(1, 3))) for sq in opponent}
    rows = [" ".join(dice.get(name(f, r), ".") for f in range(6)) for r in range(5, -1, -1)]
    return Triad().position("\n".join(rows), to_move=to_move, removed=removed)


@given(state=crowded_positions())
def test_crowded_positions_match_the_reference(state: TriadState) -> None:
    game = state.game
    view = state.view()
    legal = {game.action_to_string(a) for a in state.legal_actions()}
    assert legal == reference_actions(view)
    before = triads(view["dice"])
    mover = state.current_player()
    for text in sorted(legal):
        child = state.child(game.string_to_action(text))
        formed = triads(child.view()["dice"]) - before
        removable = {sq for triad in formed for sq, die in triad if die[0] == "BO"[mover]}
        assert set(child.view()["pending_removal"]) == removable
