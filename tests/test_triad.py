"""Triad: the rule text's figures and statements as explicit positions, notation, views, options.

Positions are drawn rank 6 first (Orange's home row at the top), files a-f left to right, and
always hold every die still in play (six per colour minus the ones removed).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import tritable
from tritable.engine import (
    TERMINAL,
    GameNotOverError,
    GameOverError,
    IllegalActionError,
    NotationError,
    OutOfTurnError,
    SetupError,
    StateError,
)
from tritable.games.triad import Triad, TriadState

GAME = Triad()


def play(state: TriadState, *moves: str) -> None:
    for text in moves:
        state.apply_action(state.game.string_to_action(text))


def legal(state: TriadState) -> set[str]:
    return {state.game.action_to_string(a) for a in state.legal_actions()}


def dice(state: TriadState) -> dict[str, str]:
    return dict(state.view()["dice"])


def refused(state: TriadState, text: str, match: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=match):
        state.apply_action(state.game.string_to_action(text))
    assert state.to_json() == before


# -- setup (Fig. 1) -----------------------------------------------------------------------------------


def test_setup_puts_each_row_in_ascending_order_from_its_owners_left() -> None:
    state = GAME.state_from_setup({"black": [1, 1, 2, 2, 3, 3], "orange": [1, 2, 2, 3, 3, 3], "first": 0})
    assert dice(state) == {
        "a1": "B1", "b1": "B1", "c1": "B2", "d1": "B2", "e1": "B3", "f1": "B3",
        # Orange faces Black: its left is Black's right, so its row ascends from f6 to a6.
        "f6": "O1", "e6": "O2", "d6": "O2", "c6": "O3", "b6": "O3", "a6": "O3",
    }  # fmt: skip
    assert state.current_player() == 0 and state.moves == 0 and state.removed == [0, 0]


def test_random_setups_are_rolled_and_sorted() -> None:
    seen = set()
    for seed in range(60):
        setup = GAME.random_setup(random.Random(seed))
        assert setup["first"] == 0
        for colour in ("black", "orange"):
            assert setup[colour] == sorted(setup[colour]) and set(setup[colour]) <= {1, 2, 3}
            seen.add(tuple(setup[colour]))
        state = GAME.state_from_setup(setup)
        black_row = [dice(state)[f + "1"] for f in "abcdef"]
        orange_row = [dice(state)[f + "6"] for f in "fedcba"]
        assert black_row == sorted(black_row) and orange_row == sorted(orange_row)
    assert len(seen) > 10


def test_random_setups_roll_fair_dice_for_each_colour() -> None:
    for colour in ("black", "orange"):
        rolled = Counter(v for seed in range(300) for v in GAME.random_setup(random.Random(seed))[colour])
        assert set(rolled) == {1, 2, 3}
        assert all(abs(n / 1800 - 1 / 3) < 0.05 for n in rolled.values()), rolled


@pytest.mark.parametrize(
    ("setup", "match"),
    [
        ({"black": [1, 1, 2, 2, 3, 3], "first": 0}, "orange"),
        ({"black": [2, 1, 2, 2, 3, 3], "orange": [1] * 6, "first": 0}, "ascending"),
        ({"black": [1, 1, 2, 2, 3, 4], "orange": [1] * 6, "first": 0}, "black"),
        ({"black": [1] * 5, "orange": [1] * 6, "first": 0}, "black"),
        ({"black": [1] * 6, "orange": [True] * 6, "first": 0}, "orange"),
        ({"black": [1] * 6, "orange": [1] * 6, "first": 2}, "first"),
        ({"black": [1] * 6, "orange": [1] * 6}, "first"),
        ({"black": [1] * 6, "orange": [1] * 6, "first": 1}, "first_player=black"),
        ({"black": [1] * 6, "orange": [1] * 6, "first": 0, "seed": 3}, "seed"),
    ],
)
def test_bad_setups_are_named(setup: dict[str, object], match: str) -> None:
    with pytest.raises(SetupError, match=match):
        GAME.state_from_setup(setup)


@pytest.mark.parametrize("first", [2, -1, None, True, "1"])
def test_a_drawn_first_player_is_still_seat_0_or_1(first: object) -> None:
    game = Triad(options={"first_player": "random"})
    with pytest.raises(SetupError, match=r"setup 'first' must be 0 \(the first seat\) or 1"):
        game.state_from_setup({"black": [1] * 6, "orange": [1] * 6, "first": first})


@pytest.mark.parametrize("setup", [None, 5, [1, 2, 3]])
def test_a_setup_that_is_no_json_object_is_named(setup: object) -> None:
    with pytest.raises(SetupError, match="a Triad setup is a JSON object"):
        GAME.state_from_setup(setup)  # type: ignore[arg-type]


def test_black_moves_first_unless_the_option_draws_the_first_player() -> None:
    game = Triad(options={"first_player": "random"})
    firsts = {game.random_setup(random.Random(seed))["first"] for seed in range(30)}
    assert firsts == {0, 1}
    state = game.state_from_setup({"black": [1] * 6, "orange": [2] * 6, "first": 1})
    assert state.current_player() == 1
    assert all(act.startswith(("a6", "b6", "c6", "d6", "e6", "f6")) for act in legal(state))
    with pytest.raises(OutOfTurnError):
        state.apply_action(state.legal_actions()[0], 0)


# -- moving (Fig. 2, Fig. 3) --------------------------------------------------------------------------

OPENING = GAME.state_from_setup({"black": [1, 1, 2, 2, 3, 3], "orange": [1, 2, 2, 3, 3, 3], "first": 0})


def test_a_move_turns_the_die_and_moves_it_that_many_squares() -> None:
    state = OPENING.clone()
    assert "a1=1>a2" not in legal(state)  # the die shows 1: it must turn to another value
    assert {"a1=2>a3", "a1=3>a4", "a1=2>c3", "a1=3>d4"} == {m for m in legal(state) if m.startswith("a1")}
    play(state, "a1=3>a4")
    assert dice(state)["a4"] == "B3" and "a1" not in dice(state)
    assert state.current_player() == 1 and state.moves == 1
    refused(state, "a4=1>a5", "no die of Orange's")


POSITION_FIG3 = """
    O3 O3 .  O2 O1 O1
    .  .  O2 .  .  .
    .  .  .  .  .  .
    .  .  B1 .  .  .
    .  B1 .  .  .  .
    B1 .  .  B2 B3 B3
"""


def test_a_die_that_cannot_complete_its_movement_cannot_move_that_way() -> None:
    state = GAME.position(POSITION_FIG3)
    from_c3 = {m for m in legal(state) if m.startswith("c3")}
    # Upwards: c4 would need the shown value 1, c5 is taken, c6 lies beyond it.
    assert not any(m.endswith((">c4", ">c5", ">c6")) for m in from_c3)
    refused(state, "c3=3>c6", "blocked by the die on c5")
    refused(state, "c3=2>c5", "blocked by the die on c5")
    refused(state, "c3=1>c4", "shows 1")
    # The die on b2 cannot go left: one square would keep its value, two leave the board.
    from_b2 = {m for m in legal(state) if m.startswith("b2")}
    assert from_b2 and not any(m.endswith((">a2", ">a1", ">a3")) for m in from_b2)
    # The die on a1: up 2 or 3, right 2 (c1); right 3 would end on d1, the diagonal starts on b2.
    assert {m for m in legal(state) if m.startswith("a1")} == {"a1=2>a3", "a1=3>a4", "a1=2>c1"}


def test_a_die_may_not_move_through_or_onto_a_die() -> None:
    state = OPENING.clone()
    refused(state, "b1=2>d1", "blocked by the die on c1")
    refused(state, "b1=1>c1", "shows 1")
    refused(state, "c1=1>d1", "blocked by the die on d1")
    refused(state, "xa1", "may not remove")
    refused(state, "a1=2", "only allowed when no die can")
    refused(state, "a1>a2", "only allowed when no die can")


BOXED = """
    O3 O3 O2 O2 .  .
    .  .  .  .  .  .
    .  .  .  .  .  .
    .  .  B1 .  .  .
    O1 O2 .  .  .  .
    B1 B2 .  B3 B3 B3
"""


def test_a_die_with_no_value_that_lets_it_move_cannot_be_chosen() -> None:
    state = GAME.position(BOXED)
    # a2, b1 and b2 are taken: a1 cannot go up, right or diagonally, whatever value it turns to.
    assert legal(state) and not any(m.startswith("a1") for m in legal(state))
    refused(state, "a1=2>a3", "blocked by the die on a2")
    refused(state, "a1=3>d4", "blocked by the die on b2")
    # Other dice can move, so Note 2 does not apply: a1 may not be turned in place either.
    refused(state, "a1=3", "only allowed when no die can")


# -- stalemate (the rule's Note 2) ------------------------------------------------------------------

STALEMATE = """
    .  .  .  .  .  O1
    .  .  .  .  .  .
    .  .  .  O2 .  .
    O3 O3 .  .  .  .
    B2 B1 O2 .  .  .
    B3 B2 O1 .  .  .
"""


def test_a_player_with_no_movable_die_turns_one_in_place_or_moves_one_unturned() -> None:
    state = GAME.position(STALEMATE, removed=(2, 0))
    # b2 shows 1: c3 is free but d4 is taken, so it can neither go 2 nor 3 squares anywhere.
    assert legal(state) == {
        "a1=1", "a1=2", "b1=1", "b1=3", "a2=1", "a2=3", "b2=2", "b2=3",  # turn in place
        "b2>c3",  # move its shown value, unturned
    }  # fmt: skip
    refused(state, "b2=2>d4", "blocked by the die on d4")
    refused(state, "a2>a3", "shows 2")
    refused(state, "b2=1", "already shows 1")
    play(state, "b2>c3")
    assert dice(state)["c3"] == "B1" and state.current_player() == 1 and not state.pending


def test_turning_in_place_can_form_triads() -> None:
    state = GAME.position(STALEMATE, removed=(2, 0))
    play(state, "b2=2")
    # a2-b2-c2 reads 2-2-2, a3-b2-c1 reads 3-2-1; a1-b1-c1 (3-2-1) stood before and does not count.
    assert legal(state) == {"xa2", "xb2"}
    play(state, "xa2")
    assert state.removed == [3, 0] and state.is_terminal()


def test_moving_unturned_can_form_triads() -> None:
    state = GAME.position(STALEMATE.replace("B3 B2 O1", "B3 B2 O3"), removed=(2, 0))
    assert "b2>c3" in legal(state)
    play(state, "b2>c3")  # c1-c2-c3 reads 3-2-1
    assert legal(state) == {"xc3"}


# -- Triads (Fig. 4, Fig. 5, Fig. 6) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("b3", "c3", "move", "triad"),
    [
        ("O2", "B2", "d1=2>d3", True),  # 2-2-2
        ("O3", "B2", "d1=2>d3", False),  # 3-2-2
        ("O1", "B3", "d1=2>d3", True),  # 1-3-2
        ("O2", "B2", "d1=1>d2", False),  # not in line with them
    ],
)
def test_three_dice_in_a_line_of_both_colours_all_same_or_all_different(
    b3: str, c3: str, move: str, triad: bool
) -> None:
    state = GAME.position(f"""
        O3 O3 O2 O2 O1 .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  {b3} {c3} .  .  .
        .  .  .  .  .  .
        B1 B1 .  B3 B3 B3
    """)
    play(state, move)
    if triad:
        assert legal(state) == {"xc3", "xd3"}  # own dice of the Triad; the mover chooses
        assert state.current_player() == 0 and state.moves == 1
        play(state, "xd3")
        assert state.removed == [1, 0] and "d3" not in dice(state) and state.current_player() == 1
    else:
        assert state.current_player() == 1 and not state.pending


def test_all_different_after_a_one_square_move() -> None:
    state = GAME.position("""
        O3 O3 O2 O2 O1 .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  O3 B2 .  .  .
        .  .  .  B3 .  .
        B1 B1 .  .  B3 B3
    """)
    play(state, "d2=1>d3")  # 3-2-1
    assert legal(state) == {"xc3", "xd3"}


@pytest.mark.parametrize(
    ("diagram", "move", "removable"),
    [
        (
            """
            O3 O3 O2 O2 O1 .
            .  .  .  .  .  .
            .  .  .  .  .  .
            .  .  O1 B2 .  .
            .  B1 .  .  .  .
            B1 .  .  B3 B3 B3
            """,
            "d3=1>d4",  # b2-c3-d4 reads 1-1-1
            {"xb2", "xd4"},
        ),
        (
            """
            O3 O3 O2 O2 O1 .
            .  .  .  .  .  .
            .  B1 .  .  .  .
            .  .  O1 B2 .  .
            .  .  .  .  .  .
            B1 .  .  B3 B3 B3
            """,
            "d1=1>d2",  # b4-c3-d2 reads 1-1-1; c3-d2-e1 reads 1-1-3
            {"xb4", "xd2"},
        ),
    ],
)
def test_diagonal_triads_count(diagram: str, move: str, removable: set[str]) -> None:
    state = GAME.position(diagram)
    play(state, move)
    assert legal(state) == removable


def test_a_triad_needs_both_colours() -> None:
    state = GAME.position("""
        O3 O3 O2 O2 O1 O1
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  B2 B2 .  .  .
        .  .  .  .  .  .
        .  B1 .  B3 B3 B3
    """)
    play(state, "d1=2>d3")  # 2-2-2, all Black
    assert not state.pending and state.current_player() == 1


def test_a_triad_inside_a_line_of_four_counts() -> None:
    state = GAME.position("""
        O3 O3 O2 O2 .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        O1 O2 B2 .  .  .
        .  .  .  .  .  .
        B1 B1 .  B3 B3 B3
    """)
    play(state, "d1=2>d3")  # a3-b3-c3-d3 reads 1-2-2-2: only b3-c3-d3 is a Triad
    assert legal(state) == {"xc3", "xd3"}


TWO_TRIADS = """
    O3 O3 O2 O1 .  .
    .  .  .  B2 .  .
    .  .  .  O2 .  .
    .  O2 B2 .  .  .
    .  .  .  .  .  .
    B1 B1 .  B3 B3 .
"""
"""Black's d1=2>d3 makes two Triads at once (b3-c3-d3 and d3-d4-d5)."""


def test_two_triads_at_once_give_one_removal_from_either() -> None:
    state = GAME.position(TWO_TRIADS)
    play(state, "d1=2>d3")  # b3-c3-d3 and d3-d4-d5 both read 2-2-2
    assert legal(state) == {"xc3", "xd3", "xd5"}
    refused(state, "xb3", "must remove a die first")
    refused(state, "a1=2>a3", "must remove a die first")
    refused(state, "b1=1", "must remove a die first")
    play(state, "xd5")
    assert state.removed == [1, 0] and state.current_player() == 1
    assert dice(state)["c3"] == "B2" and dice(state)["d3"] == "B2" and "d5" not in dice(state)


def test_a_triad_standing_at_the_start_of_a_turn_does_not_count() -> None:
    state = GAME.position("""
        O3 O3 O2 O1 .  .
        .  .  .  B2 .  .
        .  .  .  O2 .  .
        .  O2 B2 .  .  .
        .  .  .  .  .  .
        B1 B1 .  B3 B3 .
    """)
    play(state, "d1=2>d3", "xd5")  # b3-c3-d3 (O2 B2 B2) still stands
    play(state, "a6=1>a5")  # Orange gets nothing for it
    assert not state.pending and state.current_player() == 0
    play(state, "e1=1>e2")  # nor does Black
    assert not state.pending and state.current_player() == 1
    assert dice(state)["b3"] == "O2" and dice(state)["c3"] == "B2" and dice(state)["d3"] == "B2"


def test_a_die_leaving_a_triad_for_a_new_one_removes_only_from_the_new_one() -> None:
    state = GAME.position("""
        O3 O3 O2 .  .  .
        .  .  .  .  .  .
        .  O1 .  O1 .  .
        .  O2 B2 B2 .  .
        .  .  .  .  .  .
        B1 B1 .  .  B3 B3
    """)
    play(state, "c3=1>c4")  # leaves b3-c3-d3 (2-2-2), forms b4-c4-d4 (1-1-1)
    assert legal(state) == {"xc4"}  # a single choice is still an explicit action
    assert state.current_player() == 0


@pytest.mark.parametrize("x", [1, 2, 3])
@pytest.mark.parametrize("y", [1, 2, 3])
@pytest.mark.parametrize("z", [1, 2, 3])
def test_every_value_pattern_of_a_line(x: int, y: int, z: int) -> None:
    """The text's I-I-I, II-II-II, III-III-III, 1-II-III and III-1-II, and every other order of the
    three values ("the order is not important"); all other patterns are no Triad."""
    mover = {1: "d3", 2: "d2", 3: "d1"}[z]  # z squares below d4
    cells = {"b4": f"O{x}", "c4": f"B{y}", mover: f"B{z % 3 + 1}"}  # the mover shows another value
    cells |= {sq: "B1" for sq in ("a1", "b1", "e1", "f1")}
    cells |= {sq: "O3" for sq in ("a6", "b6", "c6", "d6", "e6")}
    rows = [" ".join(cells.get(f + str(r), ".") for f in "abcdef") for r in range(6, 0, -1)]
    state = GAME.position("\n".join(rows))
    play(state, f"{mover}={z}>d4")  # b4-c4-d4 reads x-y-z
    if len({x, y, z}) in (1, 3):
        assert legal(state) == {"xc4", "xd4"} and state.current_player() == 0
    else:
        assert not state.pending and state.current_player() == 1


LENGTHEN = """
    O3 O3 O2 O2 .  O1
    .  .  .  .  .  .
    .  .  .  .  .  .
    .  O2 B2 B2 .  .
    .  .  .  .  .  .
    B1 B3 .  .  B1 B3
"""


def test_lengthening_a_standing_triad_counts_only_the_new_window() -> None:
    state = GAME.position(LENGTHEN)  # b3-c3-d3 (O2 B2 B2) stands at the start of the turn
    play(state, "e1=2>e3")  # c3-d3-e3 reads 2-2-2 but is all Black
    assert not state.pending and state.current_player() == 1
    state = GAME.position(LENGTHEN)
    play(state, "a1=2>a3")  # a3-b3-c3 (B2 O2 B2) is new: a line of four, 2-2-2-2
    # d3 is only in the standing Triad b3-c3-d3, so it is not the mover's to remove.
    assert legal(state) == {"xa3", "xc3"}
    refused(state, "xd3", "must remove a die first")


def test_a_move_into_a_line_of_four_forming_two_windows_removes_one_die() -> None:
    state = GAME.position("""
        O3 O3 O2 O1 .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        O2 B2 .  O2 .  .
        .  .  .  .  .  .
        B1 .  B1 B3 B3 B3
    """)
    play(state, "c1=2>c3")  # a3-b3-c3 (O2 B2 B2) and b3-c3-d3 (B2 B2 O2) are both new
    assert legal(state) == {"xb3", "xc3"}
    play(state, "xb3")
    assert state.removed == [1, 0] and state.current_player() == 1 and not state.pending
    assert dice(state)["c3"] == "B2" and "b3" not in dice(state)


# -- the end --------------------------------------------------------------------------------------


def test_the_third_removal_wins() -> None:
    state = GAME.position(
        """
        O3 O3 O2 O2 .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  O2 B2 .  .  .
        .  .  .  .  .  .
        B1 .  .  B3 .  B3
        """,
        removed=(2, 1),
    )
    play(state, "d1=2>d3", "xc3")
    assert state.is_terminal() and state.current_player() == TERMINAL
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.scores == (3.0, 1.0) and outcome.ranks == (1, 2)
    assert outcome.details == {"reason": "three triads", "moves": 1}
    assert state.legal_actions() == []
    with pytest.raises(GameOverError):
        state.apply_action(0)
    assert "P1 Black  wins" in state.render()


def test_the_move_cap_is_a_draw() -> None:
    game = Triad(options={"move_cap": 2})
    state = game.state_from_setup({"black": [1, 1, 2, 2, 3, 3], "orange": [1, 2, 2, 3, 3, 3], "first": 0})
    play(state, "a1=2>a3")
    assert not state.is_terminal()
    with pytest.raises(GameNotOverError):
        state.outcome()
    play(state, "f6=2>f4")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.winners == () and outcome.ranks == (1, 1) and outcome.scores == (0.0, 0.0)
    assert outcome.details == {"reason": "move cap", "moves": 2}
    assert state.winner is None  # documented: no winner (a draw)
    assert "a draw: the move cap (2 moves) is reached" in state.render()


@pytest.mark.parametrize(
    ("diagram", "removed", "winner"),
    [
        (
            """
            O3 O3 O2 O2 O1 .
            .  .  .  .  .  .
            .  .  .  .  .  .
            .  O2 B2 .  .  .
            .  .  .  .  .  .
            B1 .  .  B3 B3 .
            """,
            (2, 0),
            (0,),
        ),
        (
            """
            O3 O3 O2 .  .  .
            .  .  .  .  .  .
            .  .  .  .  .  .
            .  O2 B2 .  .  .
            .  .  .  .  .  .
            B1 B1 .  B3 B3 B3
            """,
            (0, 2),
            (),
        ),
    ],
)
def test_the_removal_of_the_last_move_before_the_cap_still_happens(
    diagram: str, removed: tuple[int, int], winner: tuple[int, ...]
) -> None:
    state = Triad(options={"move_cap": 5}).position(diagram, removed=removed, moves=4)
    play(state, "d1=2>d3")
    assert not state.is_terminal() and legal(state) == {"xc3", "xd3"}
    play(state, "xd3")
    assert state.is_terminal() and state.moves == 5
    outcome = state.outcome()
    assert outcome.winners == winner
    assert outcome.details["reason"] == ("three triads" if winner else "move cap")


def test_a_removal_due_at_the_move_cap_is_kept_by_json_samples_and_clones() -> None:
    game = Triad(options={"move_cap": 5})
    diagram = """
        O3 O3 O2 O2 O1 .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  O2 B2 .  .  .
        .  .  .  .  .  .
        B1 .  .  B3 B3 .
        """
    state = game.position(diagram, removed=(2, 0), moves=4)
    play(state, "d1=2>d3")
    assert state.moves == 5 and not state.is_terminal()
    for again in (game.state_from_json(state.to_json()), game.sample_state(state.view(1), random.Random(0))):
        assert again == state and not again.is_terminal() and legal(again) == {"xc3", "xd3"}
    copy = state.clone()
    play(copy, "xd3")
    assert copy.outcome().winners == (0,)
    assert state.view()["scores"] == [2, 0] and not state.is_terminal() and legal(state) == {"xc3", "xd3"}


def test_positions_that_differ_only_in_the_moves_made_differ() -> None:
    # The move count is part of the position: the cap comes sooner after more moves.
    diagram = """
        O3 O3 O2 O2 O1 O1
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        .  .  .  .  .  .
        B1 B1 B2 B2 B3 B3
        """
    # Orange to move in both: after an odd count of moves, since Black moves first.
    fresh, late = (GAME.position(diagram, to_move=1, moves=moves) for moves in (1, GAME.move_cap - 1))
    assert fresh != late and fresh.key() != late.key()
    for state in (fresh, late):
        play(state, "f6=2>f4")
    assert not fresh.is_terminal() and late.is_terminal()


# -- notation, junk, views, JSON --------------------------------------------------------------------


def test_notation_round_trips_for_every_action() -> None:
    count = 0
    for action in range(3000):
        try:
            text = GAME.action_to_string(action)
        except NotationError:
            continue
        count += 1
        assert GAME.string_to_action(text) == action
        assert GAME.string_to_action(text.upper()) == action
    # moves and unturned moves: every (from, to) 1-3 squares apart on a line; turns; removals
    pairs = sum(
        1
        for a in range(36)
        for b in range(36)
        if a != b
        and (dx := abs(a % 6 - b % 6)) <= 3
        and (dy := abs(a // 6 - b // 6)) <= 3
        and (dx == 0 or dy == 0 or dx == dy)
    )
    assert count == 2 * pairs + 36 * 3 + 36


@pytest.mark.parametrize(
    ("text", "action"),
    [("b1=3>b4", 1 * 36 + 19), ("b1=2", 1296 + 3 + 1), ("b1>b3", 1404 + 36 + 13), ("xc4", 2700 + 20)],
)
def test_notation_examples(text: str, action: int) -> None:
    assert GAME.string_to_action(text) == action
    assert GAME.action_to_string(action) == text


def test_notation_is_read_leniently_and_written_canonically() -> None:
    assert GAME.action_to_string(GAME.string_to_action(" B1 = 3 > B4 ")) == "b1=3>b4"
    assert GAME.action_to_string(GAME.string_to_action("x c4")) == "xc4"
    assert GAME.action_to_string(GAME.string_to_action("F6>D4")) == "f6>d4"


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("b1=2>b4", "a die turned to 2 moves 2 squares, not 3"),
        ("a1=2>b3", "a1 to b3 is not a straight line"),
        ("a1>a5", "a1 to a5 is not a straight line"),
        ("a1=1>a1", "not a straight line"),
        ("g1=1", "not Triad notation"),
        ("b1=4", "not Triad notation"),
        ("", "not Triad notation"),
        ("x", "not Triad notation"),
    ],
)
def test_bad_notation_is_named(text: str, match: str) -> None:
    with pytest.raises(NotationError, match=match):
        GAME.string_to_action(text)


@pytest.mark.parametrize("action", [-1, 0, 2736, True, "a1=2>a3", None, (1, 2), 1.0])
def test_what_is_not_an_action_has_no_notation(action: object) -> None:
    with pytest.raises(NotationError):
        GAME.action_to_string(action)


@pytest.mark.parametrize("junk", [True, 1.0, None, "a1=2>a3", (0, 12), -5, 2736, 10**9, 0, 13])
def test_junk_actions_are_illegal_and_change_nothing(junk: object) -> None:
    state = OPENING.clone()
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply_action(junk)
    assert state.to_json() == before and state.history == []


def test_an_action_number_past_the_last_is_named_no_action() -> None:
    state = OPENING.clone()
    with pytest.raises(IllegalActionError, match="2736 is not a Triad action"):
        state.apply_action(2736)


def test_views_show_everything_to_everyone_and_rebuild_the_state() -> None:
    state = GAME.position("""
        O3 O3 O2 O1 .  .
        .  .  .  B2 .  .
        .  .  .  O2 .  .
        .  O2 B2 .  .  .
        .  .  .  .  .  .
        B1 B1 .  B3 B3 .
    """)
    play(state, "d1=2>d3")
    views = [state.view(seat) for seat in (None, 0, 1)]
    for view in views:
        assert view["pending_removal"] == ["c3", "d3", "d5"] and view["moves"] == 1
        assert view["to_move"] == 0 and view["scores"] == [0, 0] and len(view["dice"]) == 12
        mine = {"seat", "hand"}  # a spectator has no hand; a seat's is empty
        assert {k: v for k, v in view.items() if k not in mine} == {k: v for k, v in views[0].items() if k not in mine}
        sample = GAME.sample_state(json.loads(json.dumps(view)), random.Random(0))
        assert sample == state and sample.view(view["seat"]) == view
        assert sample.legal_actions() == state.legal_actions()
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.history == state.history


def test_views_hold_the_outcome_at_the_end() -> None:
    state = Triad(options={"move_cap": 1}).state_from_setup(
        {"black": [1, 1, 2, 2, 3, 3], "orange": [1, 2, 2, 3, 3, 3], "first": 0}
    )
    assert state.view(0)["outcome"] is None
    play(state, "a1=2>a3")
    assert state.view(1)["outcome"] == state.outcome().to_json()


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.update(to_move=2), "to_move"),
        (lambda d: d.update(removed=[0, 4]), "removed"),
        (lambda d: d.update(moves=-1), "moves"),
        (lambda d: d["dice"].pop("a1"), "Black has 5 dice"),
        (lambda d: d["dice"].update(g7="B1"), "not a square"),
        (lambda d: d["dice"].update(a1="B4"), "not a die"),
        (lambda d: d.update(pending_removal=["a6"]), "no die of Black's"),
        (lambda d: d.update(pending_removal="a1"), "pending_removal"),
        (lambda d: d.pop("dice"), "lacks 'dice'"),
    ],
)
def test_malformed_state_json_is_refused(change: Callable[[dict[str, Any]], object], match: str) -> None:
    data = json.loads(json.dumps(OPENING.to_json()))
    change(data)
    with pytest.raises(StateError, match=match):
        GAME.state_from_json(data)


def test_both_players_cannot_have_won() -> None:
    diagram = """
        .  .  .  O2 .  .
        .  O1 .  .  .  .
        .  .  .  .  O3 .
        .  .  B2 .  .  .
        B1 .  .  .  .  .
        .  .  .  .  B3 .
    """
    with pytest.raises(StateError, match="both players cannot have removed three dice"):
        GAME.position(diagram, removed=(3, 3))


@pytest.mark.parametrize(
    ("moves", "pending", "match"),
    [
        (1, ["c3"], "not the own dice of Triads"),  # d3 and d5 may be removed too
        (1, ["c3", "d3", "d5", "a1"], "not the own dice of Triads"),  # a1 is in no Triad
        (1, ["a1"], "not the own dice of Triads"),
        (0, ["c3", "d3", "d5"], "only after a move"),
    ],
)
def test_a_pending_removal_must_be_what_a_move_could_have_left(moves: int, pending: list[str], match: str) -> None:
    diagram = """
        O3 O3 O2 O1 .  .
        .  .  .  B2 .  .
        .  .  .  O2 .  .
        .  O2 B2 B2 .  .
        .  .  .  .  .  .
        B1 B1 .  .  B3 .
    """
    state = GAME.position(diagram, moves=1, pending=["d5", "c3", "d3"])  # after d1=2>d3
    assert legal(state) == {"xc3", "xd3", "xd5"}
    with pytest.raises(StateError, match=match):
        GAME.position(diagram, moves=moves, pending=pending)


def played(game: Triad, seed: int, until: Callable[[TriadState], bool]) -> dict[str, Any]:
    """The JSON, without setup or history (a position of its own), of the first state of a random
    game from ``seed`` for which ``until`` holds."""
    state = game.new_state(seed=seed)
    assert isinstance(state, TriadState)
    rng = random.Random(seed)
    while not until(state):
        state.apply_action(rng.choice(state.legal_actions()))
    data = json.loads(json.dumps(state.to_json()))
    assert game.state_from_json({**data, "setup": None, "history": []}) == state
    return {**data, "setup": None, "history": []}


def test_state_json_without_setup_has_the_seat_to_move_its_moves_give() -> None:
    # Black moves first and every move passes the turn: Orange moves after an odd count, except
    # that a removal due, a win or the cap keep the turn with the seat that moved last.
    data = played(GAME, 0, lambda s: s.moves == 5 and not s.pending)
    assert data["to_move"] == 1
    with pytest.raises(StateError, match="after 5 moves it is Orange's turn, not Black's"):
        GAME.state_from_json({**data, "to_move": 0})
    due = played(GAME, 0, lambda s: bool(s.pending) and s.to_move == 1)
    with pytest.raises(StateError, match=f"move {due['moves'] + 1} was Black's and its removal is due"):
        GAME.state_from_json({**due, "moves": due["moves"] + 1})
    capped = Triad(options={"move_cap": 4})
    over = played(capped, 0, lambda s: s.is_terminal())
    assert over["moves"] == 4 and over["to_move"] == 1
    with pytest.raises(StateError, match="move 4 was Orange's and the move cap ended the game"):
        capped.state_from_json({**over, "to_move": 0})
    # With a random first player the state does not say who began; a puzzle's 0 moves say nothing.
    anyone = Triad(options={"first_player": "random"})
    # (nor does it here, with no last action to show whose move it was)
    puzzle = {**data, "options": {"first_player": "random"}, "to_move": 0, "last_action": None, "events": []}
    assert anyone.state_from_json(puzzle).to_move == 0
    assert GAME.position(POSITION_FIG3, to_move=1).current_player() == 1


def test_state_json_without_setup_has_no_moves_past_the_cap() -> None:
    data = played(GAME, 0, lambda s: s.moves == 5 and not s.pending)
    with pytest.raises(StateError, match="'moves' is 201, past the move cap"):
        GAME.state_from_json({**data, "moves": 201})


def test_state_json_without_setup_has_the_winner_to_move() -> None:
    # The third removal ends the game within the winner's turn: the turn never passes on.
    won = played(GAME, 0, lambda s: s.is_terminal())
    assert won["removed"] == [3, 1] and won["to_move"] == 0
    with pytest.raises(StateError, match="Black has won, so is the seat to move"):
        GAME.state_from_json({**won, "to_move": 1})


def test_every_error_is_a_value_error() -> None:
    for error in (SetupError, NotationError, IllegalActionError, OutOfTurnError, GameOverError, StateError):
        assert issubclass(error, ValueError)


def test_render_shows_coordinates_dice_removals_and_the_turn() -> None:
    state = GAME.position("""
        O3 O3 O2 O1 .  .
        .  .  .  B2 .  .
        .  .  .  O2 .  .
        .  O2 B2 .  .  .
        .  .  .  .  .  .
        B1 B1 .  B3 B3 .
    """)
    text = state.render()
    lines = text.splitlines()
    assert lines[0].split() == list("abcdef") and lines[-3].split() == list("abcdef")
    assert lines[1].split() == ["6", "O3", "O3", "O2", "O1", "·", "·", "6"]
    assert lines[6].split() == ["1", "B1", "B1", "·", "B3", "B3", "·", "1"]
    assert "removed ○○○ 0/3" in text and "P1 Black  to move" in text
    play(state, "d1=2>d3")
    assert "P1 Black  formed a Triad: remove one of c3, d3, d5" in state.render()
    flipped = state.render(1).splitlines()
    assert flipped[0].split() == list("fedcba") and flipped[1].split()[0] == "1"


def test_render_counts_each_colour_s_removals_and_numbers_the_move_to_come() -> None:
    state = GAME.position(TWO_TRIADS)
    assert state.render().splitlines()[-1] == "move 1 of 200:  P1 Black  to move"
    play(state, "d1=2>d3", "xc3")
    lines = state.render().splitlines()
    assert lines[-2] == " P1 Black  removed ●○○ 1/3    P2 Orange  removed ○○○ 0/3"
    assert lines[-1] == "move 2 of 200:  P2 Orange  to move"


def test_the_other_seat_has_no_actions_and_may_not_act() -> None:
    state = OPENING.clone()
    assert state.legal_actions(1) == [] and state.legal_actions(0) == state.legal_actions()
    with pytest.raises(OutOfTurnError):
        state.apply_action(state.legal_actions()[0], 1)


def test_positions_account_for_every_die() -> None:
    with pytest.raises(StateError, match="Orange has 5 dice"):
        GAME.position(POSITION_FIG3.replace("O3 O3", ".  O3"))
    with pytest.raises(StateError, match="six lines"):
        GAME.position("B1 O1")


def test_the_registry_makes_triad_with_its_options() -> None:
    game = tritable.new_game("triad", options={"move_cap": "50", "first_player": "RANDOM"})
    assert isinstance(game, Triad) and game.move_cap == 50 and game.options["first_player"] == "random"
    assert tritable.new_game("triad") == GAME and GAME.options == {"first_player": "black", "move_cap": 200}


def test_a_diagram_is_text() -> None:
    with pytest.raises(StateError, match="a Triad diagram is text"):
        GAME.position(None)  # type: ignore[arg-type]


# -- what a view says happened (last_action, events) and the common vocabulary ----------------------


def test_before_any_action_a_view_names_no_last_action() -> None:
    view = OPENING.view(0)
    assert view["last_action"] is None and view["events"] == []
    assert view["scores"] == [0, 0] and view["hand"] == [] and view["hand_sizes"] == [0, 0]
    assert OPENING.view(None)["hand"] is None


def test_a_move_says_which_die_turned_and_where_it_went() -> None:
    state = OPENING.clone()
    play(state, "a1=2>a3")
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["last_action"] == {"seat": 0, "action": "a1=2>a3"}
        assert view["events"] == [
            {
                "type": "move",
                "seat": 0,
                "text": "Black turns a1 from 1 to 2 and moves it to a3",
                "from": "a1",
                "to": "a3",
                "die": "B2",
                "was": "B1",
            }
        ]


def test_two_triads_are_told_one_by_one_then_the_removal_due_and_the_removal() -> None:
    state = GAME.position(TWO_TRIADS)
    play(state, "d1=2>d3")
    events = state.view()["events"]
    assert [e["type"] for e in events] == ["move", "triad", "triad", "removal_due"]
    assert {tuple(e["squares"]) for e in events[1:3]} == {("b3", "c3", "d3"), ("d3", "d4", "d5")}
    assert all(e["dice"] == ["O2", "B2", "B2"] or e["dice"] == ["B2", "O2", "B2"] for e in events[1:3])
    assert events[1]["text"].startswith("Black forms a Triad on ")
    assert events[3] == {
        "type": "removal_due",
        "seat": 0,
        "text": "Black must remove one of its dice on c3, d3 or d5",
        "squares": ["c3", "d3", "d5"],
    }
    play(state, "xd5")
    assert state.view(1)["last_action"] == {"seat": 0, "action": "xd5"}
    assert state.view(1)["events"] == [
        {
            "type": "removal",
            "seat": 0,
            "text": "Black removes its die on d5 (2): 1 of 3 removed",
            "square": "d5",
            "die": "B2",
            "removed": 1,
        }
    ]


def test_the_stalemate_rule_s_moves_are_told_as_such_and_the_win_ends_the_events() -> None:
    state = GAME.position(STALEMATE, removed=(2, 0))
    play(state, "b2=2")
    events = state.view()["events"]
    assert events[0] == {
        "type": "turn",
        "seat": 0,
        "text": "Black has no move: turns b2 from 1 to 2 in place",
        "from": "b2",
        "to": "b2",
        "die": "B2",
        "was": "B1",
    }
    assert [e["type"] for e in events] == ["turn", "triad", "triad", "removal_due"]
    assert events[-1]["text"] == "Black must remove one of its dice on a2 or b2"
    play(state, "xa2")
    assert [e["type"] for e in state.view()["events"]] == ["removal", "end"]
    assert state.view()["events"][-1] == {
        "type": "end",
        "seat": 0,
        "text": "Black wins: three dice removed in 1 move",
        "reason": "three triads",
    }
    slid = GAME.position(STALEMATE, removed=(2, 0))
    play(slid, "b2>c3")
    (event,) = slid.view()["events"]
    assert event["type"] == "slide" and event["text"] == "Black has no move: moves b2 (1) unturned to c3"
    assert (event["from"], event["to"], event["die"], event["was"]) == ("b2", "c3", "B1", "B1")


def test_the_move_cap_ends_the_events_with_a_draw() -> None:
    state = Triad(options={"move_cap": 2}).state_from_setup(OPENING.initial_setup or {})
    play(state, "a1=2>a3", "f6=2>f4")
    assert state.view()["events"][-1] == {
        "type": "end",
        "seat": None,
        "text": "Draw: the move cap of 2 moves is reached",
        "reason": "move cap",
    }
    assert state.scores() == list(state.outcome().scores) == [0, 0]


def test_scores_are_the_dice_removed_and_nothing_is_in_hand() -> None:
    state = GAME.position(TWO_TRIADS, removed=(0, 0))
    play(state, "d1=2>d3", "xc3")
    assert state.scores() == [1, 0] and state.view(None)["scores"] == [1, 0]
    assert state.hand(0) == state.hand(1) == [] and state.hand_sizes() == [0, 0]
    with pytest.raises(StateError, match="no seat 2"):
        state.hand(2)


def test_the_last_action_is_no_part_of_the_position_but_json_keeps_it() -> None:
    state = GAME.position(TWO_TRIADS)
    play(state, "d1=2>d3")
    data = json.loads(json.dumps(state.to_json()))
    assert data["last_action"] == {"seat": 0, "action": "d1=2>d3"} and data["events"] == state.view()["events"]
    again = GAME.state_from_json(data)
    assert again == state and all(again.view(s) == state.view(s) for s in (None, 0, 1))
    # The same position without its last action is the same position.
    assert GAME.state_from_json({**data, "last_action": None, "events": []}) == state


def test_state_json_written_without_the_last_action_takes_it_from_its_history() -> None:
    state = OPENING.clone()
    play(state, "a1=2>a3", "f6=2>f4")
    data = json.loads(json.dumps(state.to_json()))
    del data["last_action"], data["events"]
    again = GAME.state_from_json(data)
    assert again.view(0) == state.view(0) and again.view(0)["last_action"] == {"seat": 1, "action": "f6=2>f4"}
    with pytest.raises(StateError, match="'last_action' and 'events' go together"):
        GAME.state_from_json({**data, "events": []})  # one without the other


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.update(last_action={"seat": 0, "action": "b1=2>b3"}), "does not lead to this position"),
        (
            lambda d: d.update(last_action={"seat": 1, "action": "d1=2>d3"}),
            "was Orange's, but the die it moved \\(B3\\) is Black's",
        ),
        (lambda d: d.update(last_action={"seat": 2, "action": "d1=2>d3"}), "names no seat"),
        (lambda d: d.update(last_action={"seat": 0, "action": "d1=9"}), "last_action"),
        (lambda d: d.update(last_action="d1=2>d3"), "'last_action' is null or an object"),
        (lambda d: d.update(last_action=None), "there is none"),
        (lambda d: d.update(events=[]), "the first of 'events' must give the die"),
        (lambda d: d.update(events={}), "'events' must be a list"),
        (lambda d: d["events"][0].update(was="B2"), "was not legal in the position it leaves: the die on d1 shows 2"),
        (lambda d: d["events"][0].update(was="B1"), "'events' are not what"),  # legal, but not what they say
        (lambda d: d["events"][1].update(text="Black forms a Triad"), "'events' are not what"),
        (lambda d: d["events"].pop(), "'events' are not what"),
    ],
)
def test_a_last_action_or_events_that_contradict_the_position_are_refused(
    change: Callable[[dict[str, Any]], object], match: str
) -> None:
    state = GAME.position(TWO_TRIADS)
    play(state, "d1=2>d3")
    for data in (json.loads(json.dumps(state.to_json())), json.loads(json.dumps(state.view(0)))):
        change(data)
        with pytest.raises(StateError, match=match):
            if "seat" in data:
                GAME.sample_state(data, random.Random(0))
            else:
                GAME.state_from_json(data)


def test_a_removal_must_have_come_from_a_triad() -> None:
    state = GAME.position(TWO_TRIADS)
    play(state, "d1=2>d3", "xd5")
    data = json.loads(json.dumps(state.to_json()))
    assert GAME.state_from_json(data) == state
    # The same count of dice, but b1 was in no Triad for Black to remove it from.
    data["dice"]["d5"] = data["dice"].pop("b1")
    data["last_action"] = {"seat": 0, "action": "xb1"}
    data["events"][0]["square"] = "b1"
    with pytest.raises(StateError, match="in no Triad"):
        GAME.state_from_json(data)
    data["dice"].pop("d5")
    data["dice"]["b1"] = "B1"
    with pytest.raises(StateError, match="still on the board"):
        GAME.state_from_json(data)
