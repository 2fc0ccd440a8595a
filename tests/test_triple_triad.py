"""Triple Triad: the worked examples of the rule text (001), RULINGS.md and the rule interactions.

Seat 0 is the text's Blue ("P1"), seat 1 its Red ("P2"). Cells are 1-9, row-major from the top left.
Positions are built from explicit setups and played with the game's own notation.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, cast

import pytest

import tritable
from tritable.engine import (
    TERMINAL,
    GameNotOverError,
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    OutOfTurnError,
    Record,
    SetupError,
    StateError,
)
from tritable.games.triple_triad import TAKE, TripleTriad, TripleTriadState
from tritable.games.triple_triad.data import BY_NAME, ELEMENT_INDEX, NEIGHBOURS, RATINGS, RATINGS_ON, WALLS, _clamp
from tritable.games.triple_triad.render import _hand, draw

FILLER = ["Iron Giant"] * 5  # 6 5 6 5: two Iron Giants always tie, so they never capture each other


def game(**options: Any) -> TripleTriad:
    g = tritable.new_game("triple-triad", options=options)
    assert isinstance(g, TripleTriad)
    return g


def play(
    g: TripleTriad, hands: list[list[str]], moves: list[str], first: int | list[int] = 0, **setup: Any
) -> TripleTriadState:
    """A state after ``moves`` (notation), from a setup with the given hands and first player."""
    rounds = 5 if g.options["sudden_death"] else 1
    data: dict[str, Any] = {"hands": hands, "first": first if isinstance(first, list) else [first] * rounds}
    if g.options["elemental"] and "elements" not in setup:
        data["elements"] = [[None] * 9 for _ in range(rounds)]
    data.update(setup)
    state = g.state_from_setup(data)
    for text in moves:
        state.apply_action(g.string_to_action(text))
    return state


def owners(state: TripleTriadState) -> dict[int, int]:
    """Cell (1-9) -> owner seat, for the occupied cells."""
    board = state.view()["board"]
    return {k + 1: cell["owner"] for k, cell in enumerate(board) if cell is not None}


# -- the rule text's worked examples ------------------------------------------------------------------


def test_the_four_cards_of_the_text() -> None:
    assert RATINGS[BY_NAME["Geezard"]] == (1, 4, 1, 5)
    assert RATINGS[BY_NAME["Funguar"]] == (5, 1, 1, 3)
    assert RATINGS[BY_NAME["Bite Bug"]] == (1, 3, 3, 5)
    assert RATINGS[BY_NAME["SAM08G"]] == (5, 6, 2, 4)


def test_geezard_on_cell_1_attacks_cell_4_down_and_cell_2_right() -> None:
    # Cell 1 (index 0): its bottom side (2) faces cell 4's top (0), its right (1) faces cell 2's left (3).
    assert sorted(NEIGHBOURS[0]) == [(1, 1, 3), (3, 2, 0)]
    assert set(WALLS[0]) == {0, 3}
    g = game()
    # Red's Funguar (left 3) on 2 and Blobra (top 2) on 4; Blue's Geezard on 1: Right 4 beats Funguar's
    # Left 3, Down 1 does not beat Blobra's Up 2.
    s = play(
        g,
        [["Geezard", *FILLER[:4]], ["Funguar", "Blobra", *FILLER[:3]]],
        ["Funguar@2", "Iron Giant@9", "Blobra@4", "Geezard@1"],
        first=1,
    )
    assert owners(s) == {1: 0, 2: 0, 4: 1, 9: 0}


def test_geezard_right_4_beats_funguar_left_3_but_not_the_other_way() -> None:
    g = game()
    s = play(g, [["Geezard", *FILLER[:4]], ["Funguar", *FILLER[:4]]], ["Geezard@1", "Funguar@2"])
    assert owners(s) == {1: 0, 2: 1}  # Funguar's Left 3 vs Geezard's Right 4: nothing
    s = play(g, [["Geezard", *FILLER[:4]], ["Funguar", *FILLER[:4]]], ["Funguar@2", "Geezard@1"], first=1)
    assert owners(s) == {1: 0, 2: 0}
    assert s.scores() == [6, 4]


SAME_HANDS = [["Geezard", "Funguar", *FILLER[:3]], ["SAM08G", "Bite Bug", *FILLER[:3]]]


def test_same_flips_both_sam08g_and_bite_bug() -> None:
    # Geezard's Right 4 = SAM08G's Left 4 and Down 1 = Bite Bug's Up 1: both flip to Blue.
    moves = ["SAM08G@2", "Iron Giant@9", "Bite Bug@4", "Geezard@1"]
    s = play(game(same=True), SAME_HANDS, moves, first=1)
    assert owners(s) == {1: 0, 2: 0, 4: 0, 9: 0}
    # Without Same, both are ties: nothing happens.
    s = play(game(), SAME_HANDS, moves, first=1)
    assert owners(s) == {1: 0, 2: 1, 4: 1, 9: 0}


def test_same_with_only_one_red_card_still_triggers() -> None:
    # Bite Bug is Blue's own card: the Same still counts it and flips the one Red card, SAM08G.
    hands = [["Bite Bug", "Geezard", *FILLER[:3]], ["SAM08G", *FILLER[:4]]]
    s = play(game(same=True), hands, ["Bite Bug@4", "SAM08G@2", "Geezard@1"])
    assert owners(s) == {1: 0, 2: 0, 4: 0}


def test_same_needs_an_opponent_card() -> None:
    # Both matched cards are Blue's own: no Same, so no combo either (Bite Bug's Right 3 would
    # capture Red's Red Bat, Left 2, on 5).
    hands = [["Bite Bug", "SAM08G", "Geezard", *FILLER[:2]], ["Red Bat", *FILLER[:4]]]
    moves = ["Bite Bug@4", "Red Bat@5", "SAM08G@2", "Iron Giant@9", "Geezard@1"]
    s = play(game(same=True, combo=True), hands, moves)
    assert owners(s) == {1: 0, 2: 0, 4: 0, 5: 1, 9: 1}


def test_same_wall_example() -> None:
    # Blue's Geezard on 1; Red plays Selphie (A 8 6 4) on 2: Left 4 = Geezard's Right 4, and Selphie's
    # Up A faces the wall (an invisible card of A's): a Same with one opponent card.
    hands = [["Geezard", *FILLER[:4]], ["Selphie", *FILLER[:4]]]
    s = play(game(same=True, same_wall=True), hands, ["Geezard@1", "Selphie@2"])
    assert owners(s) == {1: 1, 2: 1}
    # Only Same: one match is not enough, and 4 vs 4 is a tie.
    s = play(game(same=True), hands, ["Geezard@1", "Selphie@2"])
    assert owners(s) == {1: 0, 2: 1}
    # Position 3 works the same (Geezard on 2): Selphie's Up A faces the top wall.
    s = play(game(same=True, same_wall=True), hands, ["Geezard@2", "Selphie@3"])
    assert owners(s) == {2: 1, 3: 1}
    # Only the board's edge is a wall: Selphie on 5 (Up A facing the empty cell 2) beside Geezard on
    # 4 has one match.
    s = play(game(same=True, same_wall=True), hands, ["Geezard@4", "Selphie@5"])
    assert owners(s) == {4: 0, 5: 1}


PLUS_HANDS = [["Geezard", "Gesper", "Blobra", "Funguar", "Gayla"], ["SAM08G", "Grat", "Bite Bug", "Red Bat", "Buel"]]
PLUS_MOVES = ["SAM08G@2", "Gesper@9", "Grat@4", "Blobra@7", "Bite Bug@5", "Geezard@1"]


def test_plus_example_with_equal_sums_of_8() -> None:
    # Geezard on 1: Right 4 + SAM08G's Left 4 = 8 and Down 1 + Grat's Up 7 = 8. Plus flips both,
    # though Geezard's ratings are not higher (4 = 4, 1 < 7).
    s = play(game(plus=True), PLUS_HANDS, PLUS_MOVES, first=1)
    assert owners(s) == {1: 0, 2: 0, 4: 0, 5: 1, 7: 0, 9: 0}
    s = play(game(), PLUS_HANDS, PLUS_MOVES, first=1)
    assert owners(s) == {1: 0, 2: 1, 4: 1, 5: 1, 7: 0, 9: 0}


def test_combo_example_bite_bug_flipped_by_sam08g_down_2() -> None:
    # After the Plus, SAM08G (now Blue) captures Bite Bug below it by Standard: Down 2 > Up 1.
    s = play(game(plus=True, combo=True), PLUS_HANDS, PLUS_MOVES, first=1)
    assert owners(s) == {1: 0, 2: 0, 4: 0, 5: 0, 7: 0, 9: 0}
    assert s.scores() == [8, 2]


def test_combo_cascades_breadth_first_through_cards_it_captures() -> None:
    # As above, with Red's Red Bat (left 2) on 6: Bite Bug, captured by the combo, captures Red Bat
    # (Right 3 > Left 2) in turn.
    moves = ["SAM08G@2", "Gesper@9", "Grat@4", "Blobra@7", "Red Bat@6", "Funguar@3", "Bite Bug@5", "Geezard@1"]
    s = play(game(plus=True, combo=True), PLUS_HANDS, moves, first=1)
    assert owners(s)[6] == 0 and owners(s)[5] == 0
    s = play(game(plus=True), PLUS_HANDS, moves, first=1)
    assert owners(s)[6] == 1 and owners(s)[5] == 1


def test_a_card_already_blue_does_not_propagate_combo() -> None:
    # The Plus example with Grat Blue's own: only SAM08G flips. Grat, already Blue, does not
    # propagate, so Red's Geezard under it (Up 1) stays Red although Grat's Down 3 would beat it.
    hands = [["Geezard", "Grat", *FILLER[:3]], ["SAM08G", "Bite Bug", "Geezard", *FILLER[:2]]]
    moves = ["Grat@4", "SAM08G@2", "Iron Giant@9", "Geezard@7", "Geezard@1"]
    s = play(game(plus=True, combo=True), hands, moves)
    assert owners(s) == {1: 0, 2: 0, 4: 0, 7: 1, 9: 0}


def test_combo_does_not_trigger_on_standard_captures() -> None:
    # Blue's Funguar on 5 captures Red's Geezard on 2 by Standard (Up 5 > Down 1). Geezard does not
    # cascade onto Red's Blobra on 1, though its Left 5 beats Blobra's Right 3.
    hands = [["Funguar", *FILLER[:4]], ["Geezard", "Blobra", *FILLER[:3]]]
    moves = ["Geezard@2", "Iron Giant@9", "Blobra@1", "Funguar@5"]
    s = play(game(same=True, plus=True, combo=True), hands, moves, first=1)
    assert owners(s) == {1: 1, 2: 0, 5: 0, 9: 0}


def test_elemental_ratings_and_the_texts_order() -> None:
    # The text lists ratings as Up, Left, Right, Down: Geezard (1 4 1 5 as top right bottom left)
    # "+1 would become 2 6 5 2", "-1 becomes 1 4 3 1" (clamped at 1). Checked on the engine's own
    # modifier (Geezard has no element, so the +1 case can only be asked of the modifier itself).
    plus = _clamp(RATINGS[BY_NAME["Geezard"]], 1)
    minus = _clamp(RATINGS[BY_NAME["Geezard"]], -1)
    assert (plus[0], plus[3], plus[1], plus[2]) == (2, 6, 5, 2)
    assert (minus[0], minus[3], minus[1], minus[2]) == (1, 4, 3, 1)
    geezard = 9 * BY_NAME["Geezard"]
    # Geezard has no element: -1 on any elemental cell.
    for element in range(8):
        assert RATINGS_ON[element][geezard] == (1, 3, 1, 4)
    sam = 9 * BY_NAME["SAM08G"]
    assert RATINGS_ON[ELEMENT_INDEX["fire"]][sam] == (6, 7, 3, 5)
    assert RATINGS_ON[ELEMENT_INDEX["ice"]][sam] == (4, 5, 1, 3)
    squall = 9 * BY_NAME["Squall"]  # A 4 6 9, no element: an A can only lose a point
    assert RATINGS_ON[ELEMENT_INDEX["holy"]][squall] == (9, 3, 5, 8)
    assert max(max(r) for table in RATINGS_ON for r in table) == 10


def elements(**cells: str) -> list[list[str | None]]:
    row: list[str | None] = [None] * 9
    for key, value in cells.items():
        row[int(key[1:]) - 1] = value
    return [row]


def test_elemental_standard_uses_modified_ratings_and_ties_do_nothing() -> None:
    g = game(elemental=True)
    hands = [["Geezard", *FILLER[:4]], ["Funguar", *FILLER[:4]]]
    # Geezard on a fire cell: Right 4 -> 3, which only ties Funguar's Left 3: nothing happens.
    s = play(g, hands, ["Funguar@2", "Geezard@1"], first=1, elements=elements(c1="fire"))
    assert owners(s) == {1: 0, 2: 1}
    # Funguar on a water cell instead: Left 3 -> 2 < 4: captured.
    s = play(g, hands, ["Funguar@2", "Geezard@1"], first=1, elements=elements(c2="water"))
    assert owners(s) == {1: 0, 2: 0}
    # SAM08G (fire) on a fire cell: Left 4 -> 5 beats Geezard's Right 4.
    hands = [["Geezard", *FILLER[:4]], ["SAM08G", *FILLER[:4]]]
    s = play(g, hands, ["Geezard@1", "SAM08G@2"], elements=elements(c2="fire"))
    assert owners(s) == {1: 1, 2: 1}
    s = play(g, hands, ["Geezard@1", "SAM08G@2"])
    assert owners(s) == {1: 0, 2: 1}


def test_elemental_leaves_same_and_plus_on_printed_ratings() -> None:
    # The Same example on elemental cells: every modified rating changes, the printed ones match.
    g = game(same=True, elemental=True)
    moves = ["SAM08G@2", "Iron Giant@9", "Bite Bug@4", "Geezard@1"]
    s = play(g, SAME_HANDS, moves, first=1, elements=elements(c1="fire", c2="fire", c4="ice"))
    assert owners(s) == {1: 0, 2: 0, 4: 0, 9: 0}
    # (Modified: Geezard's Right 3 vs SAM08G's Left 5, Down 1 vs Bite Bug's Up 1: a single match.)
    # The Plus example with Grat on a -1 cell: printed sums 8 and 8 (modified ones would be 8 and 7).
    g = game(plus=True, elemental=True)
    s = play(g, PLUS_HANDS, PLUS_MOVES, first=1, elements=elements(c4="wind"))
    assert owners(s)[2] == 0 and owners(s)[4] == 0


def test_elemental_combo_uses_modified_ratings() -> None:
    # The combo example with Bite Bug on a fire cell: its Up 1 stays 1 (clamped), SAM08G's Down 2
    # still wins. With SAM08G on an ice cell, its Down 2 -> 1 only ties: no combo capture.
    g = game(plus=True, combo=True, elemental=True)
    s = play(g, PLUS_HANDS, PLUS_MOVES, first=1, elements=elements(c5="fire"))
    assert owners(s)[5] == 0
    s = play(g, PLUS_HANDS, PLUS_MOVES, first=1, elements=elements(c2="ice"))
    assert owners(s)[2] == 0 and owners(s)[5] == 1


# -- rule interactions ------------------------------------------------------------------------------


def test_combo_after_same_wall() -> None:
    # Red's Selphie (A 8 6 4) on 2: her Up A meets the wall and her Left 4 Blue Grendel's Right 4, so
    # Same Wall flips Grendel (4 4 5 2) on 1; as a combo card Grendel's Down 5 then captures Blue's
    # Geezard (Up 1) on 4.
    hands = [["Grendel", "Geezard", *FILLER[:3]], ["Selphie", *FILLER[:4]]]
    moves = ["Geezard@4", "Iron Giant@9", "Grendel@1", "Selphie@2"]
    s = play(game(same=True, same_wall=True, combo=True), hands, moves)
    assert owners(s) == {1: 1, 2: 1, 4: 1, 9: 1}
    s = play(game(same=True, same_wall=True), hands, moves)
    assert owners(s) == {1: 1, 2: 1, 4: 0, 9: 1}


def position(
    g: TripleTriad, board: dict[int, tuple[str, int]], hands: list[list[str]], to_move: int
) -> TripleTriadState:
    """A round-1 state with the given board (cell 1-9 -> (card, owner)) and hands.

    Each seat brought the board cards it placed, then its hand. It placed, as far as five cards
    go, the board cards it owns now: first those with no card beside them (nothing could have
    captured them), then the others in the order given (the cards it placed beyond those were
    captured from it, by a card beside them)."""
    placed_by: list[list[str]] = [[], []]
    alone = {k for k in board if not any(n + 1 in board for n, _, _ in NEIGHBOURS[k - 1])}
    for k in sorted(board, key=lambda k: k not in alone):
        name, seat = board[k]
        if len(placed_by[seat]) + len(hands[seat]) == 5:
            assert k not in alone, f"cell {k}: a card alone on the board is owned by the seat that placed it"
            seat = 1 - seat
        placed_by[seat].append(name)
    brought = [placed_by[0] + hands[0], placed_by[1] + hands[1]]
    assert [len(b) for b in brought] == [5, 5], "every seat brings five cards"
    # The seat that moved first has placed as many cards as the other (and moves now) or one more.
    placed = [5 - len(hands[0]), 5 - len(hands[1])]
    first = to_move if placed[0] == placed[1] else 1 - to_move
    assert placed[first] - placed[1 - first] in (0, 1), "the seats take turns"
    setup: dict[str, Any] = {"hands": brought, "first": [first] * (5 if g.options["sudden_death"] else 1)}
    if g.options["elemental"]:
        setup["elements"] = [[None] * 9] * len(setup["first"])
    data = {
        "game": g.id,
        "players": 2,
        "options": g.options,
        "setup": setup,
        "history": [],
        "round": 1,
        "player": to_move,
        "board": [list(board[k]) if k in board else None for k in range(1, 10)],
        "hands": hands,
        "known": None if g.options["open"] else [[], []],
        "rounds": [],
        "picks": 0,
        "taken": [],
    }
    return g.state_from_json(data)


def test_standard_captures_of_the_placed_card_do_not_cascade() -> None:
    # Blue: Funguar on 2, Gesper on 3, Blobra on 4, Geezard on 8, Blood Soul on 9; Red: Bite Bug on 7.
    board = {
        2: ("Funguar", 0),
        3: ("Gesper", 0),
        4: ("Blobra", 0),
        8: ("Geezard", 0),
        9: ("Blood Soul", 0),
        7: ("Bite Bug", 1),
    }
    g = game(plus=True, combo=True)
    # Red's Grendel (4 4 5 2) on 5. Plus: Up 4 + Funguar's Down 1 = 5 = Left 2 + Blobra's Right 3.
    # Standard: Down 5 > Geezard's Up 1. Geezard, captured by Standard, does not cascade: its Right 4
    # would beat Blood Soul's Left 1.
    s = position(g, board, [FILLER[:2], ["Grendel", FILLER[0]]], to_move=1)
    s.apply_action(g.string_to_action("Grendel@5"))
    assert owners(s) == {2: 1, 3: 0, 4: 1, 5: 1, 7: 1, 8: 1, 9: 0}
    # Red's Creeps (5 2 5 2) on 5 instead: Up 5 + 1 = 6 = Down 5 + Geezard's Up 1, so Geezard is
    # flipped by Plus this time, and cascades onto Blood Soul.
    s = position(g, board, [FILLER[:2], ["Creeps", FILLER[0]]], to_move=1)
    s.apply_action(g.string_to_action("Creeps@5"))
    assert owners(s) == {2: 1, 3: 0, 4: 0, 5: 1, 7: 1, 8: 1, 9: 1}


def test_walls_never_count_for_plus() -> None:
    # Blue's Geezard (1 4 1 5) on 2 beside Red's SAM08G (5 6 2 4) on 1: Left 5 + Right 6 = 11, and
    # Up 1 + a wall of A would be 11 too. Walls never count for Plus: nothing flips (5 < 6 either).
    hands = [["Geezard", *FILLER[:4]], ["SAM08G", *FILLER[:4]]]
    for options in ({"plus": True}, {"plus": True, "same": True, "same_wall": True, "combo": True}):
        s = play(game(**options), hands, ["SAM08G@1", "Geezard@2"], first=1)
        assert owners(s) == {1: 1, 2: 0}


def test_same_counts_own_cards_among_three() -> None:
    g = game(same=True)
    # Blue's Grendel (4 4 5 2) on 5: Up 4 = own Gesper's Down 4, Right 4 = Red Gayla's Left 4,
    # Down 5 = Red Grand Mantis's Up 5. Three matches: the two Red cards flip, Gesper stays Blue.
    board = {2: ("Gesper", 0), 6: ("Gayla", 1), 8: ("Grand Mantis", 1)}
    s = position(g, board, [["Grendel", *FILLER[:3]], FILLER[:3]], to_move=0)
    s.apply_action(g.string_to_action("Grendel@5"))
    assert owners(s) == {2: 0, 5: 0, 6: 0, 8: 0}
    # Both matches on Blue's own cards: no Same. Red's Red Bat below (Up 6) neither matches nor loses.
    # (Blue Gesper@2, Red Gayla@6, Blue Iron Giant@9 captures Gayla (Up 6 > Down 4), Red Red Bat@8.)
    board = {2: ("Gesper", 0), 8: ("Red Bat", 1), 9: ("Iron Giant", 0), 6: ("Gayla", 0)}
    s = position(g, board, [["Grendel", *FILLER[:2]], FILLER[:3]], to_move=0)
    s.apply_action(g.string_to_action("Grendel@5"))
    assert owners(s) == {2: 0, 5: 0, 6: 0, 8: 1, 9: 0}


def test_plus_flips_only_the_cards_with_equal_sums() -> None:
    g = game(plus=True)
    # Blue's Grendel (4 4 5 2) on 5: Up 4 + Funguar's Down 1 = 5, Left 2 + Blobra's Right 3 = 5,
    # Right 4 + Geezard's Left 5 = 9: Funguar and Blobra flip, Geezard stays Red. (Blue Funguar@2,
    # Red Blobra@4, Blue Geezard@6, Red Iron Giant@3 captures both: Left 5 > 1, Down 6 > 1.)
    board = {4: ("Blobra", 1), 3: ("Iron Giant", 1), 2: ("Funguar", 1), 6: ("Geezard", 1)}
    s = position(g, board, [["Grendel", *FILLER[:2]], FILLER[:3]], to_move=0)
    s.apply_action(g.string_to_action("Grendel@5"))
    assert owners(s) == {2: 0, 3: 1, 4: 0, 5: 0, 6: 1}
    # One card of the pair is Blue's own: the Red one still flips.
    board = {2: ("Funguar", 0), 4: ("Blobra", 1), 6: ("Geezard", 1)}
    s = position(g, board, [["Grendel", *FILLER[:3]], FILLER[:3]], to_move=0)
    s.apply_action(g.string_to_action("Grendel@5"))
    assert owners(s) == {2: 0, 4: 0, 5: 0, 6: 1}
    # Without the pair (Funguar gone) nothing flips: Blobra's sum 5 is alone. (Red Blobra@4, Blue
    # Geezard@6, Red Iron Giant@3 captures Geezard.)
    board = {4: ("Blobra", 1), 3: ("Iron Giant", 1), 6: ("Geezard", 1)}
    s = position(g, board, [["Grendel", *FILLER[:3]], FILLER[:3]], to_move=0)
    s.apply_action(g.string_to_action("Grendel@5"))
    assert owners(s) == {3: 1, 4: 1, 5: 0, 6: 1}


def test_plus_needs_an_opponent_card() -> None:
    # RULINGS: Plus needs "at least one an opponent card". Blue's Grendel (4 4 5 2) on 5: Up 4 +
    # Funguar's Down 1 = 5 = Left 2 + Blobra's Right 3, but both are Blue's own: no Plus, so no
    # combo either (Funguar's Left 3 would capture Red's Red Bat, Right 1, on 1).
    g = game(plus=True, combo=True)
    board = {1: ("Red Bat", 1), 2: ("Funguar", 0), 4: ("Blobra", 0), 9: ("Iron Giant", 1)}
    s = position(g, board, [["Grendel", *FILLER[:2]], FILLER[:3]], to_move=0)
    s.apply_action(g.string_to_action("Grendel@5"))
    assert owners(s) == {1: 1, 2: 0, 4: 0, 5: 0, 9: 1}
    # With Funguar Red, the same equal sums flip it by Plus, and it captures Red Bat by Combo.
    board = {1: ("Red Bat", 1), 2: ("Funguar", 1), 4: ("Blobra", 0)}
    s = position(g, board, [["Grendel", *FILLER[:3]], FILLER[:3]], to_move=0)
    s.apply_action(g.string_to_action("Grendel@5"))
    assert owners(s) == {1: 0, 2: 0, 4: 0, 5: 0}


def test_same_on_four_cards_and_with_three_own_ones() -> None:
    # The text: Same "can be triggered on 3 or 4 cards as well". Blue's Iron Giant (6 5 6 5) on 5
    # meets Red's Blood Soul (Down 6) on 2, Gesper (Right 5) on 4, Geezard (Left 5) on 6 and Red Bat
    # (Up 6) on 8: four matches, every one a tie by Standard. Same flips all four. (Red Gesper@4,
    # Blue Blood Soul@2, Red Red Bat@8, Blue Geezard@6, Red Iron Giant@3 captures 2 and 6.)
    board = {4: ("Gesper", 1), 8: ("Red Bat", 1), 3: ("Iron Giant", 1), 2: ("Blood Soul", 1), 6: ("Geezard", 1)}
    hands = [["Iron Giant", *FILLER[:2]], FILLER[:2]]
    s = position(game(same=True), board, hands, to_move=0)
    s.apply_action(s.game.string_to_action("Iron Giant@5"))
    assert owners(s) == {**dict.fromkeys((2, 4, 5, 6, 8), 0), 3: 1}
    s = position(game(), board, hands, to_move=0)
    s.apply_action(s.game.string_to_action("Iron Giant@5"))
    assert owners(s) == {2: 1, 3: 1, 4: 1, 5: 0, 6: 1, 8: 1}
    # Three of the four matched cards are Blue's own: the one Red card among them is enough. (Red
    # Blood Soul@2, Blue Gesper@4, Red Geezard@6, Blue Iron Giant@3 captures 2 and 6, Red Red Bat@8.)
    board = {4: ("Gesper", 0), 8: ("Red Bat", 1), 3: ("Iron Giant", 0), 2: ("Blood Soul", 0), 6: ("Geezard", 0)}
    s = position(game(same=True), board, [["Iron Giant", *FILLER[:2]], FILLER[:2]], to_move=0)
    s.apply_action(s.game.string_to_action("Iron Giant@5"))
    assert owners(s) == dict.fromkeys((2, 3, 4, 5, 6, 8), 0)


def test_plus_on_three_cards() -> None:
    # The text: Plus can trigger "on several cards". Blue's Grendel (4 4 5 2) on 5: Up 4 + Blood
    # Soul's Down 6, Right 4 + Cockatrice's Left 6 and Down 5 + Funguar's Up 5 all make 10; Left 2 +
    # Geezard's Right 4 = 6 is alone. Grendel beats none of them by Standard. (Red Geezard@4, Blue
    # Blood Soul@2, Red Funguar@8, Blue Cockatrice@6, Red Iron Giant@3 captures 2 and 6.)
    board = {4: ("Geezard", 1), 8: ("Funguar", 1), 3: ("Iron Giant", 1), 2: ("Blood Soul", 1), 6: ("Cockatrice", 1)}
    hands = [["Grendel", *FILLER[:2]], FILLER[:2]]
    s = position(game(plus=True), board, hands, to_move=0)
    s.apply_action(s.game.string_to_action("Grendel@5"))
    assert owners(s) == {2: 0, 3: 1, 4: 1, 5: 0, 6: 0, 8: 0}
    s = position(game(), board, hands, to_move=0)
    s.apply_action(s.game.string_to_action("Grendel@5"))
    assert owners(s) == {2: 1, 3: 1, 4: 1, 5: 0, 6: 1, 8: 1}


def test_combo_after_same_uses_standard_only_and_never_same_again() -> None:
    # The Same example (Geezard on 1 flips SAM08G on 2 and Bite Bug on 4), with more Red cards:
    # Cockatrice (Left 6) on 3, Blobra (Up 2) on 5 and Geezard (Up 1) on 7. As combo cards, SAM08G
    # ties Cockatrice (6 = 6) and Blobra (2 = 2): two equal ratings, which would be a Same, but
    # "Combo only works on the standard rule": both stay Red. Bite Bug's Down 3 beats the Geezard on
    # 7 by Standard, so the combo itself does happen.
    board = {2: ("SAM08G", 1), 3: ("Cockatrice", 1), 4: ("Bite Bug", 1), 5: ("Blobra", 1), 7: ("Geezard", 1)}
    hands: list[list[str]] = [["Geezard", *FILLER[:2]], FILLER[:2]]
    for options in ({"same": True, "combo": True}, {"same": True, "plus": True, "combo": True}):
        s = position(game(**options), board, hands, to_move=0)
        s.apply_action(s.game.string_to_action("Geezard@1"))
        assert owners(s) == {1: 0, 2: 0, 3: 1, 4: 0, 5: 1, 7: 0}
    s = position(game(same=True), board, hands, to_move=0)
    s.apply_action(s.game.string_to_action("Geezard@1"))
    assert owners(s) == {1: 0, 2: 0, 3: 1, 4: 0, 5: 1, 7: 1}


def test_same_wall_uses_printed_ratings_under_elemental() -> None:
    g = game(same=True, same_wall=True, elemental=True)
    # Selphie (A 8 6 4, no element) on a fire cell is 9 7 5 3, yet her printed Up A still meets the
    # wall and her printed Left 4 still matches Geezard's Right 4: Same Wall flips Geezard.
    hands = [["Geezard", *FILLER[:4]], ["Selphie", *FILLER[:4]]]
    s = play(g, hands, ["Geezard@1", "Selphie@2"], elements=elements(c2="fire"))
    assert owners(s) == {1: 1, 2: 1}
    # Conversely a printed 9 raised to A by its element is no wall match: Ifrit (9 6 2 8, fire) on a
    # fire cell is A 7 3 9; its Down 2 matches Bomb's (fire, on fire: 3 8 7 4) printed Up 2, one
    # match only, and 3 vs 3 ties by Standard: nothing flips.
    hands = [["Ifrit", *FILLER[:4]], ["Bomb", *FILLER[:4]]]
    s = play(g, hands, ["Bomb@5", "Ifrit@2"], first=1, elements=elements(c2="fire", c5="fire"))
    assert owners(s) == {2: 0, 5: 1}


def test_elemental_bonus_is_clamped_at_a_in_play() -> None:
    g = game(elemental=True)
    # Leviathan (7 A 1 7, water) on a water cell keeps its Right A (not 11): it ties Phoenix's Left
    # A. With Phoenix on an ice cell (Left A -> 9), Leviathan captures it.
    hands = [["Leviathan", *FILLER[:4]], ["Phoenix", *FILLER[:4]]]
    s = play(g, hands, ["Phoenix@2", "Leviathan@1"], first=1, elements=elements(c1="water"))
    assert owners(s) == {1: 0, 2: 1}
    s = play(g, hands, ["Phoenix@2", "Leviathan@1"], first=1, elements=elements(c1="water", c2="ice"))
    assert owners(s) == {1: 0, 2: 0}


# -- sudden death and trades ------------------------------------------------------------------------

DRAW_HANDS = [["Iron Giant"] * 4 + ["Squall"], ["Iron Giant"] * 5]
# Round 1 (Red first): Iron Giants only, every comparison a tie; Blue keeps Squall in hand: 5-5.
ROUND_1 = ["Iron Giant@1", "Iron Giant@2", "Iron Giant@3", "Iron Giant@4", "Iron Giant@5",
           "Iron Giant@6", "Iron Giant@7", "Iron Giant@8", "Iron Giant@9"]  # fmt: skip
# Round 2 (Red first again): Squall on 5 captures Red's Iron Giant on 4 (Left 9 > Right 5).
ROUND_2 = ["Iron Giant@4", "Squall@5", "Iron Giant@9", "Iron Giant@6", "Iron Giant@3",
           "Iron Giant@1", "Iron Giant@7", "Iron Giant@2", "Iron Giant@8"]  # fmt: skip


def test_a_draw_without_sudden_death_ends_the_game() -> None:
    g = game()
    s = play(g, DRAW_HANDS, ROUND_1, first=1)
    assert s.current_player() == TERMINAL
    outcome = s.outcome()
    assert list(outcome.scores) == [5, 5]
    assert outcome.winners == ()
    assert outcome.details["transfers"] == [] and outcome.details["reason"] == "draw"


def test_sudden_death_replays_with_the_cards_owned() -> None:
    g = game(sudden_death=True)
    s = play(g, DRAW_HANDS, ROUND_1, first=1)
    # Round 2: each hand is what its player owned: Blue's leftover Squall and its 4 board cards.
    assert s.view()["round"] == 2 and s.current_player() == 1
    assert s.view()["board"] == [None] * 9
    assert sorted(s.view(0)["hands"][0]) == sorted(["Squall"] + ["Iron Giant"] * 4)
    assert s.view(1)["hands"][1] == ["Iron Giant"] * 5
    assert s.view()["rounds"][0]["board"][0] == {"card": "Iron Giant", "owner": 1}
    for text in ROUND_2:
        s.apply_action(g.string_to_action(text))
    assert s.scores() == [6, 4]
    s.apply_action(g.string_to_action("take Iron Giant"))
    outcome = s.outcome()
    assert outcome.winners == (0,) and outcome.details["rounds"] == 2
    assert outcome.details["round_scores"] == [[5, 5], [6, 4]]
    assert outcome.details["transfers"] == [{"card": "Iron Giant", "from": 1, "to": 0}]


def test_sudden_death_starting_player_comes_from_the_setup() -> None:
    g = game(sudden_death=True)
    s = play(g, DRAW_HANDS, ROUND_1, first=[1, 0, 1, 1, 1])
    assert s.current_player() == 0 and s.view()["first"] == 0


def test_sudden_death_stops_after_five_rounds() -> None:
    g = game(sudden_death=True)
    hands = [["Iron Giant"] * 5, ["Iron Giant"] * 5]
    s = play(g, hands, [])
    rng = random.Random(3)
    rounds_seen = set()
    while s.current_player() != TERMINAL:
        rounds_seen.add(s.view()["round"])
        actions = s.legal_actions()
        assert len(actions) == len(set(actions))  # five Iron Giants: one card, one action a cell
        assert len(actions) == bin(s._mask).count("1")
        s.apply_action(rng.choice(actions))
    assert rounds_seen == {1, 2, 3, 4, 5}
    outcome = s.outcome()
    assert outcome.winners == () and outcome.details["rounds"] == 5
    assert outcome.details["round_scores"] == [[5, 5]] * 5


DECISIVE = ROUND_2  # Red first; Blue wins 6-4
TRADE_HANDS = [["Squall", "Iron Giant", "Iron Giant", "Iron Giant", "Iron Giant"],
               ["Iron Giant", "Geezard", "Funguar", "Iron Giant", "Iron Giant"]]  # fmt: skip


def decisive(trade: str) -> TripleTriadState:
    g = game(trade=trade)
    hands = [list(TRADE_HANDS[0]), ["Iron Giant"] * 5]
    return play(g, hands, DECISIVE, first=1)


def test_trade_none_and_all() -> None:
    s = decisive("none")
    assert s.current_player() == TERMINAL
    assert s.outcome().details["transfers"] == []
    s = decisive("all")
    assert s.current_player() == TERMINAL
    assert s.outcome().details["transfers"] == [{"card": "Iron Giant", "from": 1, "to": 0}] * 5


def test_trade_one_is_a_decision_of_the_winner() -> None:
    g = game(trade="one")
    moves = ["Iron Giant@4", "Squall@5", "Iron Giant@9", "Iron Giant@6", "Geezard@3",
             "Iron Giant@1", "Funguar@7", "Iron Giant@2", "Iron Giant@8"]  # fmt: skip
    s = play(g, [list(TRADE_HANDS[0]), list(TRADE_HANDS[1])], moves, first=1)
    assert s.scores()[0] > 5
    assert s.current_player() == 0 and not s.is_terminal()
    with pytest.raises(GameNotOverError):
        s.outcome()
    picks = sorted(g.action_to_string(a) for a in s.legal_actions())
    assert picks == ["take Funguar", "take Geezard", "take Iron Giant"]
    assert s.legal_actions(1) == []
    with pytest.raises(OutOfTurnError):
        s.apply_action(g.string_to_action("take Geezard"), 1)
    with pytest.raises(IllegalActionError, match="Squall"):
        s.apply_action(g.string_to_action("take Squall"))  # Blue's own card
    with pytest.raises(IllegalActionError):
        s.apply_action(g.string_to_action("Iron Giant@5"))
    # The view reveals the loser's cards during the pick.
    assert s.view(0)["brought"][1] == TRADE_HANDS[1]
    s.apply_action(g.string_to_action("take Geezard"))
    assert s.is_terminal()
    assert s.outcome().details["transfers"] == [{"card": "Geezard", "from": 1, "to": 0}]
    assert s.outcome().details["trade"] == "one"
    with pytest.raises(GameOverError):
        s.apply_action(g.string_to_action("take Funguar"))


def test_trade_diff_takes_winner_score_minus_five() -> None:
    g = game(trade="diff")
    # Blue's Squall (A 4 6 9) on 5 captures Red's Iron Giants on 4 (Left 9 > Right 5) and on 2
    # (Up A > Down 6): 7-3, so Blue picks two of Red's cards.
    moves = ["Iron Giant@4", "Iron Giant@9", "Iron Giant@2", "Squall@5", "Iron Giant@3",
             "Iron Giant@1", "Iron Giant@7", "Iron Giant@6", "Iron Giant@8"]  # fmt: skip
    s = play(g, [list(TRADE_HANDS[0]), ["Iron Giant"] * 5], moves, first=1)
    assert s.scores() == [7, 3]
    assert s.current_player() == 0
    s.apply_action(g.string_to_action("take Iron Giant"))
    assert s.current_player() == 0  # two picks
    s.apply_action(g.string_to_action("take iron giant"))
    assert s.is_terminal()
    assert len(s.outcome().details["transfers"]) == 2


def test_a_clone_in_the_trade_phase_picks_on_its_own() -> None:
    g = game(trade="one")
    moves = ["Iron Giant@4", "Squall@5", "Iron Giant@9", "Iron Giant@6", "Geezard@3",
             "Iron Giant@1", "Funguar@7", "Iron Giant@2", "Iron Giant@8"]  # fmt: skip
    s = play(g, [list(TRADE_HANDS[0]), list(TRADE_HANDS[1])], moves, first=1)
    picks = s.legal_actions()
    copy = s.clone()
    copy.apply_action(g.string_to_action("take Geezard"))
    assert copy.is_terminal()
    assert s.legal_actions() == picks and s.current_player() == 0  # the original's picks are all left
    s.apply_action(g.string_to_action("take Geezard"))
    assert s.outcome() == copy.outcome()


def test_trade_direct_keeps_what_each_owns() -> None:
    s = decisive("direct")
    assert s.is_terminal()
    # Blue owns Squall and five Iron Giants (one captured), and brought Squall and four.
    assert s.outcome().details["transfers"] == [{"card": "Iron Giant", "from": 1, "to": 0}]
    # A draw without captures: nothing moves.
    s = play(game(trade="direct"), DRAW_HANDS, ROUND_1, first=1)
    assert s.outcome().winners == () and s.outcome().details["transfers"] == []


def test_trade_direct_in_a_draw_with_captures() -> None:
    g = game(trade="direct")
    # Blue's Geezard on 1 captures Red's Funguar on 2 (Right 4 > Left 3); Red's Blobra on 4 then
    # captures Geezard (Up 2 > Down 1). 5-5, and each keeps the card it captured.
    hands = [["Geezard", "Iron Giant", "Iron Giant", "Iron Giant", "Iron Giant"],
             ["Funguar", "Blobra", "Iron Giant", "Iron Giant", "Iron Giant"]]  # fmt: skip
    moves = ["Funguar@2", "Geezard@1", "Iron Giant@9", "Iron Giant@5", "Blobra@4",
             "Iron Giant@3", "Iron Giant@7", "Iron Giant@6", "Iron Giant@8"]  # fmt: skip
    s = play(g, hands, moves, first=1)
    assert owners(s) == {1: 1, 2: 0, 3: 0, 4: 1, 5: 0, 6: 0, 7: 1, 8: 1, 9: 1}
    assert s.outcome().winners == ()
    assert s.outcome().details["transfers"] == [
        {"card": "Funguar", "from": 1, "to": 0},
        {"card": "Geezard", "from": 0, "to": 1},
    ]


# -- hidden hands -----------------------------------------------------------------------------------


def test_closed_hands_views() -> None:
    g = game(open=False)
    hands = [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"], ["Gayla", "Gesper", "Grat", "Buel", "Squall"]]
    s = play(g, hands, ["Geezard@1", "Squall@9"])
    v0, v1, spectator = s.view(0), s.view(1), s.view()
    assert v0["hands"] == [hands[0][1:], None] and v0["hand_sizes"] == [4, 4]
    assert v1["hands"] == [None, hands[1][:4]]
    assert spectator["hands"] == [None, None]
    assert v0["brought"][1] == ["Squall"]  # what seat 0 has seen of seat 1's cards
    assert v0["known"] == [[], []]
    text = s.render(0)
    assert text.count("│▒▒▒▒▒▒▒▒▒▒▒▒▒▒│") == 4 * 4 and "Gayla" not in text and "Funguar" in text
    assert "Geezard" in s.render(1) and "Funguar" not in s.render(1)  # on the board / card backs
    assert _hand(s.view(1), 0) == "P1 hand (4): [?]; [?]; [?]; [?]"  # seat 1 sees seat 0's hand as card backs
    # Open: everything is visible to everyone.
    s = play(game(), hands, ["Geezard@1", "Squall@9"])
    assert s.view()["hands"] == [hands[0][1:], hands[1][:4]]


def test_closed_hands_sudden_death_known_cards() -> None:
    g = game(open=False, sudden_death=True)
    s = play(g, DRAW_HANDS, ROUND_1, first=1)
    v1 = s.view(1)
    # Seat 1 saw Blue's four Iron Giants at the end of round 1: they are public; Squall is not.
    assert v1["hands"][0] is None and v1["hand_sizes"][0] == 5
    assert v1["known"][0] == ["Iron Giant"] * 4
    assert v1["brought"][0] == ["Iron Giant"] * 4
    sample = g.sample_state(v1, random.Random(1))
    assert sample.view(1) == v1
    s.apply_action(g.string_to_action("Iron Giant@4"))
    s.apply_action(g.string_to_action("Iron Giant@5"))  # a known card: Squall stays hidden
    assert s.view(1)["known"][0] == ["Iron Giant"] * 3
    s.apply_action(g.string_to_action("Iron Giant@9"))
    s.apply_action(g.string_to_action("Squall@1"))
    v1 = s.view(1)
    assert v1["known"][0] == ["Iron Giant"] * 3 and v1["hand_sizes"][0] == 3
    assert sorted(v1["brought"][0]) == ["Iron Giant"] * 4 + ["Squall"]


def test_a_clone_plays_its_known_cards_on_its_own() -> None:
    g = game(open=False, sudden_death=True)
    s = play(g, DRAW_HANDS, ROUND_1, first=1)
    s.apply_action(g.string_to_action("Iron Giant@4"))
    copy = s.clone()
    copy.apply_action(g.string_to_action("Iron Giant@5"))  # one of Blue's known cards
    assert copy.view(1)["known"][0] == ["Iron Giant"] * 3
    assert s.view(1)["known"][0] == ["Iron Giant"] * 4  # the original has not played it
    assert g.state_from_json(s.to_json()) == s


def test_sample_state_reads_only_the_view() -> None:
    g = game(open=False, same=True, plus=True, combo=True)
    hands_a = [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"], ["Gayla", "Gesper", "Grat", "Buel", "Squall"]]
    hands_b = [hands_a[0], ["Gayla", "Ward", "Eden", "Odin", "Seifer"]]  # same first card, other hidden ones
    a = play(g, hands_a, ["Geezard@1", "Gayla@5"])
    b = play(g, hands_b, ["Geezard@1", "Gayla@5"])
    assert a.view(0) == b.view(0) and a != b
    sa = g.sample_state(a.view(0), random.Random(9))
    sb = g.sample_state(b.view(0), random.Random(9))
    assert sa == sb and sa.view(0) == a.view(0)
    assert set(sa.legal_actions(0)) == set(a.legal_actions(0))
    with pytest.raises(StateError):
        g.sample_state({"game": "triple-triad", "round": 1}, random.Random(1))


def test_sampled_hidden_cards_come_from_the_level_pool() -> None:
    from tritable.games.triple_triad.data import LEVELS

    g = game(open=False, min_level=9, max_level=10)
    view = g.new_state(seed=5).view(0)
    drawn = Counter(name for i in range(100) for name in g.sample_state(view, random.Random(i)).view(1)["hands"][1])
    assert {LEVELS[BY_NAME[name]] for name in drawn} == {9, 10}


def test_views_of_hands_drawn_from_collections_are_sampled() -> None:
    # Under Random a hand drawn from a collection may hold any level; the view shows no collection,
    # so a sample takes the cards each seat brought as its collection (not the level pool, 1-5).
    g = game(open=False, random=True)
    collection = ["Squall", "Rinoa", "Zell", "Irvine", "Quistis", "Selphie"]
    s = g.state_from_setup(g.random_setup(random.Random(1), collections=[collection, None]))
    for _ in range(3):
        for seat in (0, 1, None):
            view = s.view(seat)
            assert g.sample_state(view, random.Random(2)).view(seat) == view
        s.apply_action(s.legal_actions()[0])


# -- options, setups, notation -----------------------------------------------------------------------


def test_options() -> None:
    names = [spec.name for spec in TripleTriad.option_specs]
    assert names[:9] == ["same", "same_wall", "plus", "combo", "elemental", "open", "sudden_death", "random", "trade"]
    defaults = game().options
    assert defaults["open"] is True and defaults["trade"] == "one" and defaults["same"] is False
    with pytest.raises(OptionError, match="same_wall") as info:
        game(same_wall=True)
    assert "same" in str(info.value).replace("same_wall", "")
    assert game(same="true", same_wall="TRUE").options["same_wall"] is True
    assert game(open="false").options["open"] is False
    assert game(trade="Diff").options["trade"] == "diff"
    with pytest.raises(OptionError, match="trade"):
        game(trade="some")
    with pytest.raises(OptionError, match="min_level"):
        game(min_level=6, max_level=5)


def test_setup_errors_name_the_problem() -> None:
    g = game()
    good: dict[str, Any] = {"hands": [["Geezard"] * 5, ["Funguar"] * 5], "first": [0]}
    assert g.state_from_setup(good).current_player() == 0
    assert g.state_from_setup({**good, "first": 1}).current_player() == 1
    cases: list[tuple[dict[str, Any], str]] = [
        ({**good, "hands": [["Geezard"] * 5, ["Funguar"] * 4 + ["Moomba"]]}, "Moomba"),
        ({**good, "hands": [["Geezard"] * 4, ["Funguar"] * 5]}, "4 cards"),
        ({**good, "hands": [["Geezard"] * 5]}, "two hands"),
        ({**good, "hands": "Geezard"}, "hands"),
        (
            {
                **good,
                "hands": [dict.fromkeys(["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"]), good["hands"][1]],
            },
            "list",
        ),
        ({**good, "first": 2}, "first"),
        ({**good, "first": [True]}, "first"),
        ({"hands": good["hands"]}, "first"),
        ({"first": [0]}, "hands"),
        ({**good, "board": []}, "board"),
        ({**good, "elements": [[None] * 9]}, "elemental"),
        ({**good, "collections": [["Geezard"] * 5, ["Geezard"] * 5]}, "Funguar"),
    ]
    for setup, message in cases:
        with pytest.raises(SetupError, match=message):
            g.state_from_setup(setup)
    ge = game(elemental=True)
    with pytest.raises(SetupError, match="elements"):
        ge.state_from_setup(good)
    with pytest.raises(SetupError, match="cell 3: no element 'lava'"):
        ge.state_from_setup({**good, "elements": [[None, None, "lava"] + [None] * 6]})
    with pytest.raises(SetupError, match="cells 1-9"):
        ge.state_from_setup({**good, "elements": [[None] * 8]})
    with pytest.raises(SetupError, match=r"must give the elements of 1 round\(s\), not 2"):
        ge.state_from_setup({**good, "elements": [[None] * 9, [None] * 9]})
    with pytest.raises(SetupError, match="'elements' must be a list, not 'fire'"):
        ge.state_from_setup({**good, "elements": "fire"})
    assert ge.state_from_setup({**good, "elements": [None, "FIRE"] + [None] * 7}).view()["elements"][1] == "fire"
    gs = game(sudden_death=True)
    with pytest.raises(SetupError, match="5 seats"):
        gs.state_from_setup(good)
    assert (
        g.state_from_setup({**good, "hands": [["geezard"] * 5, ["FUNGUAR"] * 5]}).view()["hands"][0] == ["Geezard"] * 5
    )


def test_random_setup_draws_levels_and_collections() -> None:
    g = game(min_level=3, max_level=3, elemental=True, sudden_death=True)
    setup = g.random_setup(random.Random(4))
    assert all(g_ in (0, 1) for g_ in setup["first"]) and len(setup["first"]) == 5
    assert len(setup["elements"]) == 5 and all(len(row) == 9 for row in setup["elements"])
    for hand in setup["hands"]:
        assert len(hand) == 5
        assert all(22 <= BY_NAME[name] < 33 for name in hand)  # level 3 is cards 23-33
    collection = ["Squall", "Rinoa", "Zell", "Irvine", "Quistis", "Selphie"]
    gr = game(random=True)
    setup = gr.random_setup(random.Random(1), collections=[collection, None])
    assert set(setup["hands"][0]) <= set(collection) and len(set(setup["hands"][0])) == 5
    assert gr.state_from_setup(json.loads(json.dumps(setup))).view()["hands"][0] == setup["hands"][0]
    with pytest.raises(SetupError, match="Random"):
        gr.random_setup(random.Random(1), hands=[["Geezard"] * 5, None])
    chosen = game().random_setup(random.Random(1), hands=[["Geezard"] * 5, None])
    assert chosen["hands"][0] == ["Geezard"] * 5
    with pytest.raises(SetupError, match="at least 5"):
        gr.random_setup(random.Random(1), collections=[["Squall"], None])
    # Malformed hands and collections are refused here, with the reason, not when played.
    cases: list[tuple[dict[str, Any], str]] = [
        ({"collections": [5, None]}, "lists card names"),
        ({"collections": 5}, "one entry per seat"),
        ({"hands": [5, None]}, "lists card names"),
        ({"hands": [["nope"] * 5, None]}, "no card named 'nope'"),
        ({"hands": [["Geezard"] * 3, None]}, "3 cards"),
    ]
    for bad, why in cases:
        with pytest.raises(SetupError, match=why):
            game().random_setup(random.Random(1), **bad)


def test_who_moves_first_is_drawn_by_chance() -> None:
    # RULINGS: "Who moves first: chance (seeded)": both seats start some games, and a seed decides.
    g = game(sudden_death=True)
    firsts = [g.random_setup(random.Random(seed))["first"] for seed in range(40)]
    assert {first[0] for first in firsts} == {0, 1}
    assert {first[k] for first in firsts for k in range(1, 5)} == {0, 1}  # each sudden-death round too
    for seed in (1, 2, 3):
        state = game().new_state(seed=seed)
        assert state.current_player() == game().random_setup(random.Random(seed))["first"][0]


def test_elements_are_drawn_per_cell_with_the_documented_chance() -> None:
    from tritable.games.triple_triad.game import ELEMENT_CHANCE

    g = game(elemental=True)
    rng = random.Random(12)
    count = 0
    n = 4000
    for _ in range(n):
        count += sum(e is not None for e in g.random_setup(rng)["elements"][0])
    assert abs(count / (9 * n) - ELEMENT_CHANCE) < 0.01
    assert "elements" not in game().random_setup(rng)


def test_a_single_round_s_first_player_is_drawn_by_chance_too() -> None:
    # Without Sudden Death the setup draws the one round's first player (another code path).
    for g in (game(), game(elemental=True)):
        assert {g.random_setup(random.Random(seed))["first"][0] for seed in range(40)} == {0, 1}
        assert {g.new_state(seed=seed).current_player() for seed in range(40)} == {0, 1}


def test_states_that_differ_only_in_later_rounds_first_players_or_elements_differ() -> None:
    # No seat sees them before their round, but they are part of the position (and of its JSON).
    g = game(sudden_death=True, elemental=True)
    hands = [["Geezard"] * 5, ["Funguar"] * 5]
    plain = [[None] * 9] * 5
    base = g.state_from_setup({"hands": hands, "first": [0] * 5, "elements": plain})
    others = [
        g.state_from_setup({"hands": hands, "first": [0, 1, 1, 1, 1], "elements": plain}),
        g.state_from_setup({"hands": hands, "first": [0] * 5, "elements": [[None] * 9] + [["fire"] * 9] * 4}),
    ]
    assert base == g.state_from_setup({"hands": hands, "first": [0] * 5, "elements": plain})
    for other in others:
        assert all(other.view(seat) == base.view(seat) for seat in (None, 0, 1))
        assert other != base and other.key() != base.key()


def test_every_element_is_drawn_about_equally_often() -> None:
    from tritable.games.triple_triad.data import ELEMENTS

    rng = random.Random(3)
    for g in (game(elemental=True), game(elemental=True, sudden_death=True)):
        drawn = Counter(e for _ in range(1500) for row in g.random_setup(rng)["elements"] for e in row if e is not None)
        assert set(drawn) == set(ELEMENTS)
        total = sum(drawn.values())
        assert all(abs(n / total - 1 / len(ELEMENTS)) < 0.04 for n in drawn.values()), drawn


def test_hands_are_drawn_from_every_card_of_the_levels_and_no_other() -> None:
    from tritable.games.triple_triad.data import LEVELS

    ranges: list[tuple[dict[str, Any], set[int]]] = [
        ({}, {1, 2, 3, 4, 5}),  # the default pool
        ({"min_level": 2, "max_level": 4}, {2, 3, 4}),
        ({"min_level": 10, "max_level": 10}, {10}),
    ]
    for options, levels in ranges:
        g = game(**options)
        rng = random.Random(7)
        drawn = Counter(BY_NAME[name] for _ in range(300) for hand in g.random_setup(rng)["hands"] for name in hand)
        assert {LEVELS[card] for card in drawn} == levels
        assert len(drawn) == sum(1 for level in LEVELS if level in levels)  # every card of the pool
        dealt = [hand for s in range(20) for hand in g.new_state(seed=s).view()["hands"]]
        assert {LEVELS[BY_NAME[name]] for hand in dealt for name in hand} <= levels


def test_notation_round_trip() -> None:
    g = game()
    for action in [*range(990), *range(TAKE, TAKE + 110)]:
        text = g.action_to_string(action)
        assert g.string_to_action(text) == action
        assert g.string_to_action(text.upper()) == action
    assert g.string_to_action("Geezard@1") == 0
    assert g.string_to_action("  bite   bug @ 5 ") == 9 * BY_NAME["Bite Bug"] + 4
    assert g.action_to_string(g.string_to_action("biggs, wedge@9")) == "Biggs, Wedge@9"
    assert g.string_to_action("take SAM08G") == TAKE + BY_NAME["SAM08G"]
    for bad in ["Geezard@0", "Geezard@10", "Moomba@1", "Geezard", "take", "take Moomba", "@3", ""]:
        with pytest.raises(NotationError):
            g.string_to_action(bad)
    for bad_action in [-1, 990, 999, TAKE + 110, "Geezard@1", None, True, (0, 1)]:
        with pytest.raises(NotationError):
            g.action_to_string(bad_action)


def test_illegal_actions_are_refused_with_the_reason() -> None:
    g = game()
    s = play(g, [["Geezard", *FILLER[:4]], ["Funguar", *FILLER[:4]]], ["Geezard@1"])
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="Geezard is not in seat 1's hand"):
        s.apply_action(g.string_to_action("Geezard@5"))
    with pytest.raises(IllegalActionError, match="cell 1 is taken"):
        s.apply_action(g.string_to_action("Funguar@1"))
    with pytest.raises(OutOfTurnError):
        s.apply_action(g.string_to_action("Iron Giant@5"), 0)
    for junk in [None, "Funguar@2", 2.0, True, (1,), -9, 10**9, TAKE]:
        with pytest.raises(IllegalActionError):
            s.apply_action(junk)
    assert s.to_json() == before


def test_duplicate_cards_are_one_action() -> None:
    g = game()
    s = play(g, [["Geezard"] * 3 + ["Funguar"] * 2, FILLER], [])
    actions = s.legal_actions()
    assert len(actions) == 2 * 9 == len(set(actions))
    s.apply_action(g.string_to_action("Geezard@1"))
    assert s.view()["hands"][0] == ["Geezard", "Geezard", "Funguar", "Funguar"]


def test_json_round_trip_and_render() -> None:
    g = game(same=True, plus=True, elemental=True, sudden_death=True, open=False)
    s = g.new_state(seed=5)
    rng = random.Random(5)
    while not s.is_terminal():
        again = g.state_from_json(json.loads(json.dumps(s.to_json())))
        assert again == s and again.view(0) == s.view(0)
        s.apply_action(rng.choice(s.legal_actions()))
    assert g.state_from_json(s.to_json()) == s
    text = s.render()
    assert text.startswith("round ") and (" wins" in text or "a draw" in text)
    bad = s.to_json()
    bad["hands"] = [["Geezard"] * 3, []]
    with pytest.raises(StateError):
        g.state_from_json(bad)
    # A card nobody brought to the match cannot be on the board.
    early = g.new_state(seed=5)
    early.apply_action(early.legal_actions()[0])
    swapped = early.to_json()
    cell = next(i for i, c in enumerate(swapped["board"]) if c is not None)
    swapped["board"][cell][0] = next(n for n in ("Squall", "Seifer", "Edea") if n not in json.dumps(swapped["setup"]))
    with pytest.raises(StateError, match="ten cards brought to the match"):
        g.state_from_json(swapped)
    # A finished game cannot be handed to a seat that has nothing left to play.
    stuck = s.to_json()
    stuck["player"] = 0
    with pytest.raises(StateError, match="the game is over"):
        g.state_from_json(stuck)


def test_who_moves_in_state_json_agrees_with_the_board() -> None:
    """No game over mid-round, no loser picking, no trade skipped or left half done, no drawn
    round that Sudden Death would replay (each of them used to load, and then failed in play)."""
    g = game()
    s = play(g, [["Geezard"] * 5, ["Funguar"] * 5], ["Geezard@1"], first=0)
    over = s.to_json()
    over["player"] = TERMINAL
    with pytest.raises(StateError, match="empty cells"):
        g.state_from_json(over)
    g = game(trade="one")
    hands = [["Squall"] + ["Iron Giant"] * 4, ["Iron Giant"] * 5]
    moves = ["Iron Giant@4", "Squall@5", *(f"Iron Giant@{c}" for c in (9, 6, 3, 1, 7, 2, 8))]
    s = play(g, hands, moves, first=1)
    assert s.current_player() == s.winner() == 0 and s.legal_actions()
    for player, picks, why in [(1, 1, "seat 0 won"), (TERMINAL, 1, "seat 0 won"), (TERMINAL, 0, "takes 1 cards")]:
        bad = s.to_json()
        bad.update(player=player, picks=picks)
        with pytest.raises(StateError, match=why):
            g.state_from_json(bad)
    g = game(sudden_death=True)
    drawn = play(g, [["Geezard"] * 5, ["Geezard"] * 5], [f"Geezard@{c}" for c in range(1, 10)])
    data = drawn.to_json()
    assert data["round"] == 2
    board = [[cell["card"], cell["owner"]] for cell in data["rounds"][0]]
    for player in (TERMINAL, 0):
        data.update(round=1, rounds=[], board=board, hands=[[], ["Geezard"]], player=player)
        with pytest.raises(StateError, match="Sudden Death plays the next round"):
            g.state_from_json(data)


def test_render_shows_ratings_owner_elements_and_scores() -> None:
    g = game(same=True, elemental=True)
    s = play(g, SAME_HANDS, ["SAM08G@2", "Iron Giant@9", "Bite Bug@4"], first=1, elements=elements(c2="fire", c5="ice"))
    text = s.render(0)
    lines = text.splitlines()
    assert lines[0] == "round 1 · rules: Same, Elemental, Open · trade: one"
    assert "SAM08G" in text and "on fire +1" in text and "ice" in text
    assert "┃ 2     5        ┃" in text  # cell 2: SAM08G's Up 5
    assert "┃ 4     P2     6 ┃" in text  # Left 4, owner P2, Right 6
    assert "score  P1  5 – 5  P2" in text
    assert " P1  to play   (P2 started)" in text
    ward = play(game(), [["Ward", *FILLER[:4]], FILLER], ["Ward@5"])
    assert "┃ 5     A        ┃" in ward.render().splitlines()[15]  # Ward's Up A, on cell 5's first line
    # Where the screen is small, the compact layout: 14 lines of 80 columns, the hands beside.
    compact = draw(s.view(0), 80, 14)
    assert compact.height == 14 and compact.width <= 80
    assert "│2      5        │" in compact.text() and "│4 Iron Giant  5│" not in compact.text()
    assert "│4    SAM08G    6│" in compact.text() and "│P2     2      +1│" in compact.text()
    assert "Geezard 1 4 1 5" in compact.text() and "score  P1  5 – 5  P2" in compact.text()


def test_the_trade_offers_the_same_picks_in_the_same_order_after_a_load() -> None:
    """The cards to take are listed in card order, as a state read from JSON lists them: else a
    seeded agent picking by position would play another game after a save and a load."""
    game = tritable.new_game("triple-triad")
    state = game.new_state(
        setup={
            "hands": [
                ["Blobra", "Red Bat", "Geezard", "Bite Bug", "Funguar"],
                ["Gayla", "Gesper", "Fastitocalon-F", "Blood Soul", "Caterchipillar"],
            ],
            "first": 0,
        }
    )
    played = "Geezard@7, Blood Soul@3, Blobra@2, Gesper@5, Bite Bug@8, Fastitocalon-F@9"
    for text in (played + ", Funguar@1, Caterchipillar@4, Red Bat@6").split(", "):
        state.apply_action(game.string_to_action(text))
    live = [game.action_to_string(a) for a in state.legal_actions()]
    assert live and all(text.startswith("take ") for text in live)
    loaded = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert [game.action_to_string(a) for a in loaded.legal_actions()] == live
    assert live == [game.action_to_string(a) for a in sorted(cast(list[int], state.legal_actions()))]


def test_state_json_takes_only_cards_the_loser_brought_and_hands_from_what_each_brought() -> None:
    from tritable.engine.playout import random_playout

    g = tritable.new_game("triple-triad")  # trade one
    for seed in range(20):
        s = g.new_state(seed=seed)
        random_playout(s, random.Random(seed))
        data = s.to_json()
        if data["taken"]:
            break
    else:
        raise AssertionError("no decided game among 20")
    assert g.state_from_json(data) == s
    winner = s.outcome().winners[0]
    foreign = next(n for n in BY_NAME if n not in data["setup"]["hands"][1 - winner])
    with pytest.raises(StateError, match="did not bring"):
        g.state_from_json({**data, "taken": [foreign]})  # its card would change collections
    start = g.new_state(seed=1).to_json()
    hands = [list(start["hands"][0]), list(start["hands"][1])]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # the ten cards, each in the other's hand
    with pytest.raises(StateError, match="seat 0's hand holds cards it did not bring"):
        g.state_from_json({**start, "hands": hands})


def test_a_view_with_a_trade_its_rule_never_makes_is_refused() -> None:
    import copy

    from tritable.engine.playout import random_playout

    g = tritable.new_game("triple-triad", options={"open": False, "trade": "none"})
    state = g.new_state(seed=0)
    random_playout(state, random.Random(0))
    view = copy.deepcopy(state.view(0))
    assert view["trade"]["rule"] == "none"
    view["trade"]["taken"] = [view["brought"][1][0]]
    with pytest.raises(StateError, match="the trade \\(none\\) takes 0 cards"):
        g.sample_state(view, random.Random(1))


def test_random_hands_without_a_collection_are_of_the_pool_s_levels() -> None:
    """Under Random a hand with no collection is drawn from the level pool (``random_setup``), so
    a setup (or a record's) with a card of another level is no setup the rule deals."""
    g = game(random=True)  # levels 1-5
    setup = g.random_setup(random.Random(3))
    squalls = {**setup, "hands": [["Squall"] * 5, setup["hands"][1]]}
    with pytest.raises(SetupError, match=r"seat 0's hand holds Squall \(level 10\).* levels 1-5"):
        g.state_from_setup(squalls)
    record = Record.from_state(g.new_state(seed=3)).to_json()
    record["setup"]["hands"][1][2] = "Ifrit"
    with pytest.raises(tritable.RecordError, match=r"seat 1's hand holds Ifrit \(level 8\)"):
        tritable.Record.from_json(record).replay()
    with pytest.raises(SetupError, match=r"Geezard \(level 1\).* levels 2-3"):
        game(random=True, min_level=2, max_level=3).state_from_setup(
            {**setup, "hands": [["Geezard"] + ["Grendel"] * 4, ["Grendel"] * 5]}
        )
    # A hand drawn from its collection may hold any level; one without is still checked.
    collections = [["Squall"] * 5, None]
    assert g.state_from_setup({**squalls, "collections": collections}).brought()[0][0] == 9 * BY_NAME["Squall"]
    with pytest.raises(SetupError, match="seat 1's hand holds Squall"):
        g.state_from_setup({**setup, "hands": [["Squall"] * 5] * 2, "collections": collections})
    assert game().state_from_setup(squalls).current_player() in (0, 1)  # chosen hands, without Random


def test_sudden_death_follows_only_full_drawn_boards() -> None:
    g = game(sudden_death=True)
    s = play(g, DRAW_HANDS, ROUND_1, first=1)  # Red moved first: Blue keeps Squall; round 2
    assert g.state_from_json(s.to_json()) == s
    # Blue's Iron Giant on 2 made Red's: round 1 would have ended 4-6, so no round 2 (the card
    # moved to Red's hand, as the round would have dealt it).
    lost = s.to_json()
    assert lost["rounds"][0][1] == {"card": "Iron Giant", "owner": 0}
    lost["rounds"][0][1]["owner"] = 1
    lost["hands"][0].remove("Iron Giant")
    lost["hands"][1].append("Iron Giant")
    with pytest.raises(StateError, match="round 1 ended 4-6, not drawn"):
        g.state_from_json(lost)
    # Blue's Iron Giant on 2 never placed, left in Blue's hand with Squall: no final board.
    unplaced = s.to_json()
    unplaced["rounds"][0][1] = None
    with pytest.raises(StateError, match=r"round 1's final board has an empty cell \(cell 2\)"):
        g.state_from_json(unplaced)


def test_a_card_alone_on_the_board_is_owned_by_the_seat_that_placed_it() -> None:
    """Captures (Combo's included) are made by a card beside the captured one."""
    g = game(open=False)
    hands = [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"], ["Gayla", "Gesper", "Grat", "Buel", "Squall"]]
    s = play(g, hands, ["Geezard@1", "Squall@9", "Funguar@2"])
    data = s.to_json()
    data["board"][8][1] = 0  # Red's Squall, alone on 9, made Blue's
    with pytest.raises(StateError, match="seat 0 owns Squall on cell 9, which it did not place"):
        g.state_from_json(data)
    view = s.view(1)
    view["board"][8]["owner"] = 0
    view["scores"] = [6, 4]
    with pytest.raises(StateError, match="seat 0 owns Squall on cell 9"):
        g.sample_state(view, random.Random(1))
    # A card beside another may have been captured; identical cards are interchangeable.
    data = s.to_json()
    data["board"][0][1] = 1
    assert g.state_from_json(data).scores() == [4, 6]
    twins = play(g, [["Geezard"] * 5, ["Geezard"] * 5], ["Geezard@1", "Geezard@9"])
    data = twins.to_json()
    data["board"][0][1], data["board"][8][1] = 1, 0  # Red's Geezard on 1, Blue's on 9: as possible
    assert g.state_from_json(data).view()["board"][0] == {"card": "Geezard", "owner": 1}


def test_a_hand_keeps_the_order_it_was_dealt_in() -> None:
    """The hand's order is the order of its legal actions: play removes cards, never reorders."""
    g = game(open=False)
    hands = [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"], ["Gayla", "Gesper", "Grat", "Buel", "Squall"]]
    s = play(g, hands, ["Funguar@1", "Squall@9"])
    data = s.to_json()
    assert data["hands"][0] == ["Geezard", "Bite Bug", "Red Bat", "Blobra"]
    data["hands"][0].reverse()
    with pytest.raises(StateError, match="seat 0's hand must keep the order it began the round in: Geezard, Bite"):
        g.state_from_json(data)
    view = s.view(0)
    view["hands"][0].reverse()
    with pytest.raises(StateError, match="seat 0's hand must keep the order"):
        g.sample_state(view, random.Random(1))
    # Sudden Death deals the card left in hand first, then the cards owned in cell order.
    sd = game(sudden_death=True)
    s = play(sd, DRAW_HANDS, ROUND_1, first=1)
    data = s.to_json()
    assert data["hands"][0] == ["Squall"] + ["Iron Giant"] * 4
    data["hands"][0] = [*data["hands"][0][1:], "Squall"]
    with pytest.raises(StateError, match="must keep the order it began the round in: Squall, Iron Giant"):
        sd.state_from_json(data)


# -- what the last action did: last_action, events, drawn_round ---------------------------------------


def test_events_say_which_rule_captured_each_card() -> None:
    moves = ["SAM08G@2", "Gesper@9", "Grat@4", "Blobra@7", "Red Bat@6", "Funguar@3", "Bite Bug@5", "Geezard@1"]
    s = play(game(plus=True, combo=True), PLUS_HANDS, moves, first=1)
    for seat in (0, 1, None):
        v = s.view(seat)
        assert v["last_action"] == {"seat": 0, "action": "Geezard@1"}
        assert v["events"] == [
            {
                "type": "capture",
                "rule": "plus",
                "seat": 0,
                "cells": [2, 4],
                "cards": ["SAM08G", "Grat"],
                "text": "Geezard captures SAM08G and Grat (Plus)",
            },
            {
                "type": "combo",
                "rule": "combo",
                "seat": 0,
                "cell": 2,
                "card": "SAM08G",
                "cells": [5],
                "cards": ["Bite Bug"],
                "text": "Combo: SAM08G takes Bite Bug",
            },
            {
                "type": "combo",
                "rule": "combo",
                "seat": 0,
                "cell": 5,
                "card": "Bite Bug",
                "cells": [6],
                "cards": ["Red Bat"],
                "text": "Combo: Bite Bug takes Red Bat",
            },
        ]
    fresh = game().new_state(seed=1)
    assert fresh.view(0)["last_action"] is None and fresh.view(0)["events"] == []


def test_events_of_same_wall_and_a_basic_capture() -> None:
    hands = [["Geezard", *FILLER[:4]], ["Selphie", *FILLER[:4]]]
    s = play(game(same=True, same_wall=True), hands, ["Geezard@1", "Selphie@2"])
    assert [(e["rule"], e["text"]) for e in s.view()["events"]] == [
        ("same_wall", "Selphie captures Geezard (Same Wall)")
    ]
    s = play(game(), [["Funguar", *FILLER[:4]], ["Geezard", *FILLER[:4]]], ["Geezard@2", "Funguar@5"], first=1)
    assert [(e["rule"], e["cells"], e["text"]) for e in s.view()["events"]] == [
        ("basic", [2], "Funguar captures Geezard")
    ]


def test_an_elemental_cell_is_told() -> None:
    g = game(elemental=True)
    s = play(g, [["Gayla", *FILLER[:4]], FILLER], ["Gayla@1"], elements=[["thunder", *[None] * 8]])
    assert s.view()["events"] == [
        {
            "type": "element",
            "seat": 0,
            "cell": 1,
            "card": "Gayla",
            "element": "thunder",
            "change": 1,
            "text": "Gayla on a thunder cell: +1 to its ratings",
        }
    ]


def test_the_drawn_board_stays_in_the_view_after_the_action_that_ended_it() -> None:
    g = game(sudden_death=True)
    s = play(g, DRAW_HANDS, ROUND_1[:-1], first=1)
    board = s.clone()
    board.apply_action(g.string_to_action(ROUND_1[-1]))
    assert s.view()["drawn_round"] is None
    v = board.view(0)
    assert v["round"] == 2 and v["board"] == [None] * 9
    drawn = v["drawn_round"]
    assert drawn["round"] == 1 and drawn["scores"] == [5, 5] and drawn["board"] == v["rounds"][0]["board"]
    assert None not in drawn["board"]
    assert v["events"][-1]["type"] == "round_end" and v["events"][-1]["text"].startswith("Round 1 is drawn 5-5")
    after = board.clone()
    after.apply_action(after.legal_actions()[0])
    assert after.view()["drawn_round"] is None


def test_a_trade_pick_and_the_end_of_a_round_are_told() -> None:
    g = game(sudden_death=True)
    s = play(g, DRAW_HANDS, ROUND_1 + ROUND_2, first=1)
    assert s.view()["events"][-1] == {
        "type": "round_end",
        "seat": 0,
        "round": 2,
        "scores": [6, 4],
        "text": "P1 wins round 2 6-4 and picks 1 of P2's cards",
    }
    s.apply_action(g.string_to_action("take Iron Giant"))
    assert s.view(1)["events"] == [
        {"type": "take", "seat": 0, "card": "Iron Giant", "text": "P1 takes Iron Giant from P2"}
    ]


@pytest.mark.parametrize("seed", range(40))
def test_events_tell_exactly_the_cards_turned(seed: int) -> None:
    """The events, told by following the rules again, name the cells the fast path turned; a
    state read back from its JSON and one drawn from the view tell the same."""
    rng = random.Random(seed)
    options = {k: rng.random() < 0.6 for k in ("same", "plus", "combo", "elemental", "sudden_death")}
    options["same_wall"] = options["same"] and rng.random() < 0.5
    g = game(**options, open=rng.random() < 0.5)
    s = g.new_state(seed=seed)
    while not s.is_terminal():
        before = s.view()
        s.apply_action(rng.choice(s.legal_actions()))
        v = s.view()
        told = [c for e in v["events"] if e["type"] in ("capture", "combo") for c in e["cells"]]
        assert len(told) == len(set(told))
        board = v["drawn_round"]["board"] if v["drawn_round"] else v["board"]
        turned = [
            k + 1
            for k in range(9)
            if before["board"][k] is not None and before["board"][k]["owner"] != board[k]["owner"]
        ]
        assert sorted(told) == turned
        assert g.state_from_json(s.to_json()).view(1) == s.view(1)
        if not s.is_terminal():
            assert g.sample_state(s.view(0), random.Random(seed)).view(0) == s.view(0)


def test_captures_that_the_last_action_did_not_make_are_refused() -> None:
    g = game(plus=True, combo=True)
    s = play(g, PLUS_HANDS, PLUS_MOVES, first=1)
    data = s.to_json()
    assert data["captured"] == [2, 4, 5] and data["last"] is None
    data["captured"] = [2, 4, 5, 9]  # Gesper on 9 is beside no card turned
    with pytest.raises(StateError, match=r"Geezard@1 captures cells \[2, 4, 5\], not \[2, 4, 5, 9\]"):
        g.state_from_json(data)
    view = s.view(0)
    view["events"][0]["rule"] = "same"
    with pytest.raises(StateError, match="contradicts itself in events"):
        g.sample_state(view, random.Random(0))
    sample = g.sample_state(s.view(0), random.Random(0))
    assert sample.history == [] and g.state_from_json(sample.to_json()).view(0) == s.view(0)
