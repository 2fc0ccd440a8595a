"""Tri*T*Area rules: rightholders, placing, scoring, Declarations, the sale, notation and setup."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

import pytest

from tritable.engine import (
    SIMULTANEOUS,
    GameNotOverError,
    GameOverError,
    IllegalActionError,
    NotationError,
    OutOfTurnError,
    Record,
    SetupError,
    StateError,
)
from tritable.engine.playout import random_step
from tritable.games.tri_t_area import TriTArea, TriTAreaState
from tritable.games.tri_t_area import tables as tri_t_area_tables
from tritable.games.tri_t_area.scoring import area_standing, rightholders, tallest_points
from tritable.games.tri_t_area.tables import (
    CARD_NAME,
    CARD_OF_NAME,
    CARD_RANK,
    CARD_SUIT,
    DATA,
    ROUNDS,
    SQUARE_OF_NAME,
    cards_of,
)

GAME = TriTArea()


def deal(r: int, hands: list[list[str]] | None) -> list[str]:
    """Round ``r``'s deck giving each seat the cards named (filled up from the rest)."""
    spec = ROUNDS[r]
    given = [list(h) for h in hands] if hands else [[] for _ in range(4)]
    used = {name for hand in given for name in hand}
    rest = [CARD_NAME[c] for c in spec.cards if CARD_NAME[c] not in used]
    deck: list[str] = []
    for hand in given:
        need = spec.hand - len(hand)
        deck += hand + rest[:need]
        del rest[:need]
    return deck + rest


def new(
    lead: int = 0,
    r1: list[list[str]] | None = None,
    r2: list[list[str]] | None = None,
    r3: list[list[str]] | None = None,
) -> TriTAreaState:
    return GAME.state_from_setup({"lead": lead, "decks": [deal(0, r1), deal(1, r2), deal(2, r3)]})


def do(state: TriTAreaState, *texts: str) -> None:
    for text in texts:
        state.apply_action(GAME.string_to_action(text))


def trick(state: TriTAreaState, plays: Mapping[int, str]) -> None:
    """Play one trick, each seat its card, in turn order from the leader."""
    for _ in range(4):
        do(state, plays[state.current_player()])


def to_round(state: TriTAreaState, rnd: int, seed: int = 0) -> None:
    """Random play until round ``rnd`` (0-based) starts."""
    rng = random.Random(seed)
    while state.rnd < rnd:
        random_step(state, rng)


def board(**stacks: tuple[int, ...]) -> list[tuple[int, ...]]:
    b: list[tuple[int, ...]] = [()] * 16
    for name, stack in stacks.items():
        b[SQUARE_OF_NAME[name]] = stack
    return b


def t(*names_and_values: tuple[int, str]) -> list[tuple[int, int, int]]:
    """A trick of (seat, card) in play order; ``M5=10`` gives a 5 another value."""
    out = []
    for seat, text in names_and_values:
        name, _, value = text.partition("=")
        card = CARD_OF_NAME[name]
        out.append((seat, card, int(value) if value else CARD_RANK[card]))
    return out


# -- the data table -----------------------------------------------------------------------------


def test_the_data_table_holds_the_reconstruction() -> None:
    assert DATA["board"] == ["IIIM", "EIMM", "EEHM", "EHHH"]
    assert [(s["letter"], s["first"], s["second"]) for s in DATA["suits"]] == [
        ("I", 8, 4),
        ("M", 6, 3),
        ("E", 6, 3),
        ("H", 4, 2),
    ]
    assert [(r.hand, r.blocks, r.tricks) for r in ROUNDS] == [(8, 7, 8), (9, 8, 8), (9, 9, 8)]
    assert len(ROUNDS[0].cards) == 32 and all(CARD_RANK[c] != 5 for c in ROUNDS[0].cards)
    assert len(ROUNDS[1].cards) == len(ROUNDS[2].cards) == 36
    printed = [name for name, sq in SQUARE_OF_NAME.items() if DATA["printed"][sq // 4][sq % 4]]
    assert sorted(printed) == ["b2", "b3", "c2", "c3"]


def test_a_data_table_the_code_cannot_use_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    tri_t_area_tables._check_data()  # the table as shipped
    monkeypatch.setattr(tri_t_area_tables, "RH2_MAX", 4)  # RH2's 4 blocks still end below "default"
    tri_t_area_tables._check_data()
    monkeypatch.setattr(tri_t_area_tables, "RH2_MAX", 5)
    with pytest.raises(ImportError, match="RH2 at most 4 blocks"):
        tri_t_area_tables._check_data()
    monkeypatch.setattr(tri_t_area_tables, "RH2_MAX", DATA["rightholder2_max_blocks"])
    nine = (ROUNDS[0]._replace(hand=9), *ROUNDS[1:])  # 4 x 9 cards from a 32-card deck
    monkeypatch.setattr(tri_t_area_tables, "ROUNDS", nine)
    with pytest.raises(ImportError, match="each round deals at most its deck"):
        tri_t_area_tables._check_data()


# -- rightholders -------------------------------------------------------------------------------


def test_all_one_suit_lowest_then_highest() -> None:
    assert rightholders(t((0, "I3"), (1, "I7"), (2, "I1"), (3, "I9"))) == (2, 3)


def test_one_dominant_suit() -> None:
    assert rightholders(t((0, "I3"), (1, "I7"), (2, "M1"), (3, "I9"))) == (0, 3)  # 3-1
    assert rightholders(t((0, "M4"), (1, "I2"), (2, "E9"), (3, "I8"))) == (1, 3)  # 2-1-1


def test_two_two_takes_the_suit_with_the_greatest_difference() -> None:
    # I spans 1, M spans 8: M wins although I was led.
    assert rightholders(t((0, "I2"), (1, "M1"), (2, "I3"), (3, "M9"))) == (1, 3)


def test_two_two_ties_are_broken_by_the_suit_led() -> None:
    assert rightholders(t((0, "I2"), (1, "M4"), (2, "I6"), (3, "M8"))) == (0, 2)
    assert rightholders(t((0, "M4"), (1, "I2"), (2, "M8"), (3, "I6"))) == (0, 2)
    assert rightholders(t((3, "M8"), (0, "I2"), (1, "M4"), (2, "I6"))) == (1, 3)


def test_all_different_suits_the_leader_is_rh1_and_no_rh2() -> None:
    assert rightholders(t((2, "H1"), (3, "I9"), (0, "M8"), (1, "E7"))) == (2, -1)


def test_fives_as_zero_or_ten_count_for_the_trick() -> None:
    assert rightholders(t((0, "M5=10"), (1, "M9"), (2, "M2"), (3, "I1"))) == (2, 0)
    assert rightholders(t((0, "M5=0"), (1, "M9"), (2, "M2"), (3, "I1"))) == (0, 1)
    # The difference of a two-two trick uses the played value: I spans 9 (1..10), M spans 8.
    assert rightholders(t((0, "M1"), (1, "I5=10"), (2, "M9"), (3, "I1"))) == (3, 1)


# -- a whole trick, placing, extra construction ------------------------------------------------

R1 = [
    ["I3", "E2", "M9", "H3", "I6"],
    ["M7", "I8", "H1", "E3", "M6"],
    ["E1", "I4", "M1", "H4", "E6"],
    ["H9", "H6", "M3", "I2", "I1"],
]


def test_all_different_the_leader_places_and_keeps_the_lead() -> None:
    state = new(lead=0, r1=R1)
    trick(state, {0: "I3", 1: "M7", 2: "E1", 3: "H9"})
    assert state.rh == (0, -1) and state.current_player() == 0
    # Only the squares of the Intelligent area (of I3), or default.
    assert sorted(GAME.action_to_string(a) for a in state.legal_actions()) == ["a1", "b1", "b2", "c1", "default"]
    with pytest.raises(IllegalActionError, match="not in the Intelligent area"):
        do(state, "c2")
    with pytest.raises(IllegalActionError, match="one block"):
        do(state, "b2x2")
    do(state, "b2")
    assert state.scores() == [2, 0, 0, 0]  # b2 prints 2
    assert state.phase_name() == "play" and state.leader == 0 and state.current_player() == 0


def test_immediate_scores_only_for_the_first_block_and_extra_construction() -> None:
    state = new(lead=0, r1=R1)
    trick(state, {0: "I3", 1: "M7", 2: "E1", 3: "H9"})
    do(state, "b2")
    # I dominant: RH1 seat 2 (I4) stacks on b2 (no points now), RH2 seat 1 (I8) builds a1.
    trick(state, {0: "E2", 1: "I8", 2: "I4", 3: "H6"})
    assert state.rh == (2, 1)
    do(state, "b2")
    assert state.scores() == [2, 0, 0, 0] and state.board[SQUARE_OF_NAME["b2"]] == (0, 2)
    assert state.current_player() == 1
    do(state, "a1")  # next to b1 and a2, no own block there: no extra construction
    assert state.phase_name() == "play" and state.leader == 2
    # M dominant: RH1 seat 2 (M1), RH2 seat 0 (M9).
    trick(state, {2: "M1", 3: "M3", 0: "M9", 1: "H1"})
    assert state.rh == (2, 0)
    do(state, "d1")  # d1's neighbours c1 and d2 are empty: no extra
    assert state.current_player() == 0 and state.phase_name() == "place"
    do(state, "c2x2")  # two blocks on an empty printed square score it once
    assert state.scores() == [4, 0, 0, 0] and state.blocks[0] == 7 - 3
    # c2 is next to b2, whose building holds a block of seat 0 (under seat 2's): extra construction.
    assert state.phase_name() == "extra"
    assert sorted(GAME.action_to_string(a) for a in state.legal_actions()) == ["+b2", "+c1", "+c3", "+d2", "no extra"]
    with pytest.raises(IllegalActionError, match="not next to c2"):
        do(state, "+a4")
    do(state, "+c3")  # any area; c3 (Happiness) prints 2
    assert state.scores() == [6, 0, 0, 0] and state.board[SQUARE_OF_NAME["c3"]] == (0,)
    assert state.phase_name() == "play" and state.leader == 2


def test_extra_construction_can_be_declined_and_needs_a_block_left() -> None:
    def two_tricks(first: str, blocks: int = 7) -> TriTAreaState:
        state = new(lead=0, r1=R1)
        trick(state, {0: "I3", 1: "M7", 2: "E1", 3: "H9"})
        do(state, first)
        state.blocks[0] = blocks
        trick(state, {0: "E2", 1: "M6", 2: "H4", 3: "I1"})  # all different: seat 0 again, Ecology
        return state

    state = two_tricks("b1")
    do(state, "b3")  # b3 is not next to b1
    assert state.phase_name() == "play"
    state = two_tricks("b2")
    do(state, "b3")  # next to b2: qualifies
    assert state.phase_name() == "extra" and state.current_player() == 0
    do(state, "no extra")
    assert state.phase_name() == "play" and state.blocks[0] == 6
    state = two_tricks("b2", blocks=1)
    do(state, "b3")  # qualifies, but that was the last block
    assert state.phase_name() == "play" and state.blocks[0] == 0


def test_default_loses_the_rank_and_no_blocks_means_default() -> None:
    state = new(lead=0, r1=R1)
    trick(state, {0: "I3", 1: "M7", 2: "E1", 3: "H9"})
    do(state, "default")
    assert state.scores() == [-3, 0, 0, 0] and state.blocks == [7, 7, 7, 7]
    state.blocks[0] = 0
    trick(state, {0: "H3", 1: "M6", 2: "E6", 3: "I1"})
    assert state.legal_actions() == [GAME.string_to_action("default")]
    with pytest.raises(IllegalActionError, match="0 blocks left"):
        do(state, "c3")
    do(state, "default")
    assert state.scores() == [-6, 0, 0, 0]


def test_rh2_with_one_block_places_one() -> None:
    state = new(lead=0, r1=R1)
    trick(state, {0: "I3", 1: "M7", 2: "E1", 3: "H9"})
    do(state, "b2")
    trick(state, {0: "E2", 1: "I8", 2: "I4", 3: "H6"})
    do(state, "b1")
    state.blocks[1] = 1
    assert "a1x2" not in [GAME.action_to_string(a) for a in state.legal_actions()]
    with pytest.raises(IllegalActionError, match="1 blocks left"):
        do(state, "a1x2")
    do(state, "a1")
    assert state.blocks[1] == 0


# -- 5s -----------------------------------------------------------------------------------------

R2 = [
    ["M5", "I9", "E5"],
    ["M9", "H5", "I8"],
    ["M2", "E1", "I7"],
    ["I1", "H2", "I6"],
]


def test_round_one_has_no_fives_and_a_five_may_be_played_as_zero_or_ten_for_two_points() -> None:
    state = new(lead=1, r2=R2)
    assert all(CARD_RANK[c] != 5 for h in state._hands for c in cards_of(h))
    to_round(state, 1)
    before = list(state.scores())
    trick(state, {0: "M5=10", 1: "M9", 2: "M2", 3: "I1"})
    assert state.scores()[0] == before[0] - 2 and state.scores()[1:] == before[1:]
    assert state.rh == (2, 0)  # M2 lowest, M5 as 10 highest
    do(state, "default")  # RH1 seat 2 loses 2
    do(state, "default")  # RH2 seat 0 loses the printed rank, 5
    assert state.scores()[0] == before[0] - 7 and state.scores()[2] == before[2] - 2


def test_a_five_played_as_zero_becomes_rh1() -> None:
    state = new(lead=1, r2=R2)
    to_round(state, 1)
    before = list(state.scores())
    trick(state, {0: "M5=0", 1: "M9", 2: "M2", 3: "I1"})
    assert state.rh == (0, 1) and state.scores()[0] == before[0] - 2
    do(state, "default", "default")
    do(state, "I9")
    with pytest.raises(IllegalActionError, match="only a 5"):
        state.apply_action(CARD_OF_NAME["I8"] * 3 + 2)  # I8 as 10


# -- scoring ------------------------------------------------------------------------------------


def test_area_majority_by_top_blocks_then_height() -> None:
    b = board(a1=(0,), b1=(2, 1), c1=(1,))  # seat 1 has two tops, seat 2 none
    assert area_standing(b, 0) == ([4, 8, 0, 0], [2, 1, 0, 0])
    b = board(a1=(0,), b1=(2, 1))  # one top each; seat 1's building is taller
    assert area_standing(b, 0) == ([4, 8, 0, 0], [2, 1, 0, 0])


def test_area_ties_are_shared_and_rounded_up() -> None:
    assert area_standing(board(a1=(0,), b1=(1,)), 0) == ([6, 6, 0, 0], [1, 1, 0, 0])  # (8 + 4) / 2
    assert area_standing(board(d1=(0,), c2=(1,)), 1) == ([5, 5, 0, 0], [1, 1, 0, 0])  # (6 + 3) / 2 = 4.5
    assert area_standing(board(d1=(0,), c2=(1,), d2=(2,)), 1) == ([3, 3, 3, 0], [1, 1, 1, 0])
    assert area_standing(board(a1=(0,), b1=(1,), c1=(2,), b2=(3,)), 0) == ([3, 3, 3, 3], [1, 1, 1, 1])
    # Ties for 2nd share 2nd + 3rd (worth 0), rounded up.
    assert area_standing(board(c3=(0,), b4=(0,), c4=(1,), d4=(2,)), 3) == ([4, 1, 1, 0], [1, 2, 2, 0])
    assert area_standing(board(a2=(0,), a3=(0,), a4=(1,), b3=(2,)), 2) == ([6, 2, 2, 0], [1, 2, 2, 0])


def test_tallest_building() -> None:
    assert tallest_points(board()) == [0, 0, 0, 0]
    assert tallest_points(board(b2=(0, 1, 0), c3=(3, 3))) == [10, 0, 0, 0]
    assert tallest_points(board(b2=(2, 1), a1=(3,))) == [0, 10, 0, 0]  # tie in a building: lowest seat
    assert tallest_points(board(b2=(0, 0), c3=(3, 3), a1=(1,))) == [6, 0, 0, 6]
    assert tallest_points(board(b2=(0, 0), c3=(1, 0))) == [12, 0, 0, 0]
    assert tallest_points(board(a1=(1,), b1=(2,), c1=(3,))) == [0, 4, 4, 4]
    assert tallest_points(board(a1=(1,), b1=(2,), c1=(3,), d4=(3,))) == [0, 4, 4, 8]


DECLARATION_BOARD = board(
    a1=(0,),  # I: seat 0 first
    d1=(2,),
    c2=(2,),
    d2=(1,),  # M: seat 2 first, seat 1 second
    a2=(3,),  # E: seat 3 alone
    c3=(0,),
    b4=(0,),
    c4=(1, 1),
    d4=(3,),  # H: seat 0 first, seat 1 second, seat 3 third
)


def test_round_two_declaration_is_the_card_left_in_hand() -> None:
    state = new(lead=0)
    to_round(state, 1)
    state._hands = [1 << CARD_OF_NAME[name] for name in ("I7", "M5", "E2", "H9")]
    state.board = list(DECLARATION_BOARD)
    before = list(state.scores())
    state._end_round()
    result = state.results[-1]
    assert result["round"] == 2 and result["declared"] == ["I7", "M5", "E2", "H9"]
    # Majority earns the value; no penalty in round 2 (seat 3 is 3rd in H).
    assert result["declaration"] == [7, 0, 0, 0]
    areas = [sum(result["areas"][a][s] for a in "IMEH") for s in range(4)]
    assert areas == [8 + 4, 3 + 2, 6, 6]
    assert result["tallest"] == [0, 10, 0, 0]
    assert state.scores() == [before[s] + areas[s] + result["tallest"][s] + result["declaration"][s] for s in range(4)]
    assert state.rnd == 2 and state.board == [()] * 16 and state.blocks == [9] * 4
    assert state.lead == max(range(4), key=lambda s: (state.scores()[s], -s))


def test_round_two_leftover_matches_the_unplayed_card() -> None:
    state = new(lead=3)
    to_round(state, 2, seed=4)
    dealt = [set(deal_cards) for deal_cards in _dealt(state, 1)]
    played = [{a // 3 for s2, a in state.played[1] if s2 == s} for s in range(4)]
    leftover = [CARD_NAME[(dealt[s] - played[s]).pop()] for s in range(4)]
    assert state.results[1]["declared"] == leftover


def _dealt(state: TriTAreaState, rnd: int) -> list[list[int]]:
    deck = state.decks[rnd]
    h = ROUNDS[rnd].hand
    return [list(deck[s * h : (s + 1) * h]) for s in range(4)]


def test_round_three_declaration_bonus_penalty_and_end_penalty() -> None:
    state = new(lead=0)
    to_round(state, 2)
    state.declared = [CARD_OF_NAME[name] for name in ("I7", "M5", "E2", "H9")]
    state._hands = [1 << c for c in state.declared]
    state.board = list(DECLARATION_BOARD)
    state.blocks = [0, 1, 2, 3]
    before = list(state.scores())
    state._end_round()
    result = state.results[-1]
    # I7: 1st, +7. M5: 2nd, nothing. E2: not ranked in E, -2. H9: 3rd in H, -9.
    assert result["declaration"] == [7, 0, -2, -9]
    assert result["end_penalty"] == [0, -2, -4, -6]
    assert state.is_terminal()
    outcome = state.outcome()
    assert list(outcome.scores) == state.scores() and outcome.details["rounds"][-1] == result
    gained = [state.scores()[s] - before[s] for s in range(4)]
    areas = [sum(result["areas"][a][s] for a in "IMEH") for s in range(4)]
    assert gained == [
        areas[s] + result["tallest"][s] + result["declaration"][s] + result["end_penalty"][s] for s in range(4)
    ]


def test_a_shared_first_place_has_the_majority() -> None:
    state = new(lead=0)
    to_round(state, 2)
    state.declared = [CARD_OF_NAME[name] for name in ("I7", "I3", "E2", "H9")]
    state._hands = [1 << c for c in state.declared]
    state.board = board(a1=(0,), b1=(1,), a2=(2,), b3=(3,))  # I: seats 0 and 1 tied 1st
    state._end_round()
    assert state.results[-1]["declaration"][:2] == [7, 3]


# -- round 3: simultaneous reveal, the Advance Block Sale ---------------------------------------

R3 = [
    ["I1", "I2", "I3"],
    ["M1", "M2", "M3"],
    ["E1", "E2", "E3"],
    ["H1", "H2", "H3"],
]


def round_three(seed: int = 0) -> TriTAreaState:
    state = new(lead=2, r3=R3)
    to_round(state, 2, seed)
    return state


def test_round_three_declaration_is_simultaneous_and_hidden_until_all_chose() -> None:
    state = round_three()
    assert state.current_player() == SIMULTANEOUS and state.players_to_move() == (0, 1, 2, 3)
    with pytest.raises(OutOfTurnError):
        do(state, "declare I1")  # which seat?
    with pytest.raises(IllegalActionError, match="not in seat 1's hand"):
        state.apply_action(GAME.string_to_action("declare I1"), 1)
    state.apply_action(GAME.string_to_action("declare M2"), 1)
    assert state.players_to_move() == (0, 2, 3)
    with pytest.raises(OutOfTurnError):
        state.apply_action(GAME.string_to_action("declare M3"), 1)
    assert state.legal_actions(1) == []
    other = round_three()
    other.apply_action(GAME.string_to_action("declare M3"), 1)
    for seat in (None, 0, 2, 3):
        assert state.view(seat) == other.view(seat)
        assert state.render(seat) == other.render(seat)
    assert state.view(1)["declared"] == [None, "M2", None, None]
    assert state.view(0)["declared"] == [None, True, None, None]
    assert state.view(1) != other.view(1)
    state.apply_action(GAME.string_to_action("declare I3"), 0)
    state.apply_action(GAME.string_to_action("declare H1"), 3)
    assert state.view(2)["declared"] == [True, True, None, True]
    assert state.view(0)["declared"] == ["I3", True, None, True]
    state.apply_action(GAME.string_to_action("declare E2"), 2)
    assert state.view(None)["declared"] == ["I3", "M2", "E2", "H1"]
    assert state.phase_name() == "sell"


def test_advance_block_sale_goes_counterclockwise_from_right_of_the_lead() -> None:
    state = round_three()
    for seat, card in enumerate(("I3", "M2", "E2", "H1")):
        state.apply_action(GAME.string_to_action(f"declare {card}"), seat)
    lead = state.lead
    before = list(state.scores())
    order = []
    for n in (0, 1, 2, 9):
        order.append(state.current_player())
        if n == 9:
            with pytest.raises(IllegalActionError, match="cannot sell 10"):
                do(state, "sell 10")
        do(state, f"sell {n}")
    assert order == [(lead - 1) % 4, (lead - 2) % 4, (lead - 3) % 4, lead]
    sold = dict(zip(order, (0, 1, 2, 9), strict=True))
    assert state.scores() == [before[s] + 3 * sold[s] for s in range(4)]
    assert state.blocks == [9 - sold[s] for s in range(4)]
    assert state.phase_name() == "play" and state.current_player() == lead
    # The declared card stays in hand and cannot be played.
    seat = state.current_player()
    declared = state.declared[seat]
    assert declared * 3 not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="Declaration of Intent"):
        state.apply_action(declared * 3)
    rng = random.Random(3)
    while not state.is_terminal():
        random_step(state, rng)
    result = state.results[-1]
    assert result["declared"] == ["I3", "M2", "E2", "H1"] and result["sold"] == [sold[s] for s in range(4)]
    assert all(CARD_NAME[cards_of(h)[0]] == result["declared"][s] for s, h in enumerate(state._hands))
    assert result["end_penalty"] == [-2 * state.blocks[s] for s in range(4)]
    for s in range(4):
        on_board = sum(stack.count(s) for stack in state.board)
        assert state.blocks[s] + on_board + sold[s] == 9
        kept = CARD_OF_NAME[result["declared"][s]]
        place = result["places"]["IMEH"[CARD_SUIT[kept]]][s]
        expected = CARD_RANK[kept] if place == 1 else -CARD_RANK[kept] if place in (0, 3, 4) else 0
        assert result["declaration"][s] == expected


def test_blocks_come_back_and_the_highest_score_leads_the_next_round() -> None:
    state = new(lead=1)
    to_round(state, 1, seed=9)
    assert state.board == [()] * 16 and state.blocks == [8] * 4
    assert state.lead == state.leader == max(range(4), key=lambda s: (state.scores()[s], -s))
    assert state.results[0]["scores"] == state.scores()


# -- notation, setup, rendering -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["I7", "M5", "M5=0", "M5=10", "b3", "b3x2", "a1", "d4", "default", "+c2", "no extra", "declare H4", "sell 2"],
)
def test_notation_round_trips(text: str) -> None:
    action = GAME.string_to_action(text)
    assert isinstance(action, int) and GAME.action_to_string(action) == text
    assert GAME.string_to_action(text.upper() if text[0] != "+" else text) == action


def test_notation_accepts_case_and_spacing_and_refuses_junk() -> None:
    assert GAME.string_to_action("  Declare   h4 ") == GAME.string_to_action("declare H4")
    assert GAME.string_to_action("m5=5") == GAME.string_to_action("M5")
    assert GAME.string_to_action("B3X2") == GAME.string_to_action("b3x2")
    assert GAME.string_to_action("I7\u00a0") == GAME.string_to_action("\u3000I7") == GAME.string_to_action("I7")
    # Spaces inside a word too, as the other games read them.
    assert GAME.string_to_action("M5 = 10") == GAME.string_to_action("M5=10")
    assert GAME.string_to_action("I 7") == GAME.string_to_action("I7")
    assert GAME.string_to_action("b3 x 2") == GAME.string_to_action("b 3x2") == GAME.string_to_action("b3x2")
    assert GAME.string_to_action("+ c 2") == GAME.string_to_action("+c2")
    assert GAME.string_to_action("declare H 4") == GAME.string_to_action("declare H4")
    # Numbers of up to four digits, leading zeros and all.
    assert GAME.string_to_action("sell 0012") == GAME.string_to_action("sell 12")
    assert GAME.string_to_action("M5=0010") == GAME.string_to_action("M5=10")
    for junk in [
        "I0",
        "I10",
        "I7=10",
        "M5=7",
        "b3x3",
        "+e9",
        "sell",
        "sell -1",
        "declare Z1",
        "",
        "x",
        "ı7",
        "declare hı",
        "I 7 7",
        "b3 x",
        "sell 2 2",
    ]:
        with pytest.raises(NotationError):
            GAME.string_to_action(junk)
    for junk_action in [-1, 108, 250, 316, 436, None, "I7", (1,)]:
        with pytest.raises(NotationError):
            GAME.action_to_string(junk_action)
    for not_text in [None, 7, ["I7"]]:
        with pytest.raises(NotationError, match="is not Tri\\*T\\*Area notation"):
            GAME.string_to_action(not_text)  # type: ignore[arg-type]


def test_setup_example_and_errors() -> None:
    state = new(lead=2, r1=R1)
    assert state.current_player() == 2 and state.rnd == 0
    assert set(R1[0]) <= {CARD_NAME[c] for c in cards_of(state._hands[0])}
    good: dict[str, Any] = {"lead": 2, "decks": [deal(0, None), deal(1, None), deal(2, None)]}
    assert GAME.state_from_setup(good) == GAME.state_from_setup(dict(good))
    bad_cases = [
        ({**good, "lead": 4}, "lead"),
        ({**good, "lead": True}, "lead"),
        ({**good, "decks": good["decks"][:2]}, "decks"),
        ({**good, "decks": [deal(1, None), *good["decks"][1:]]}, "must not hold"),
        ({**good, "decks": [good["decks"][0][:-1], *good["decks"][1:]]}, "lacks"),
        ({**good, "decks": [[*good["decks"][0][:-1], "I1"], *good["decks"][1:]]}, "twice"),
        ({**good, "decks": [[*good["decks"][0][:-1], "Q1"], *good["decks"][1:]]}, "not a card"),
        ({**good, "extra": 1}, "unknown"),
        ({"decks": good["decks"]}, "lead"),
    ]
    for setup, words in bad_cases:
        with pytest.raises(SetupError, match=words):
            GAME.state_from_setup(setup)


def test_random_setup_draws_every_deal_and_the_lead() -> None:
    setups = {repr(GAME.random_setup(random.Random(s))) for s in range(20)}
    assert len(setups) == 20
    leads = {GAME.random_setup(random.Random(s))["lead"] for s in range(40)}
    assert leads == {0, 1, 2, 3}


def test_states_that_differ_only_in_later_rounds_deals_differ() -> None:
    setup = GAME.random_setup(random.Random(1))
    assert setup["decks"][1] != setup["decks"][2]  # each round's deck is shuffled on its own
    decks = setup["decks"]
    other = {**setup, "decks": [decks[0], decks[1][::-1], decks[2]]}
    now, then = GAME.new_state(setup=setup), GAME.new_state(setup=other)
    assert all(now.view(seat) == then.view(seat) for seat in (None, 0, 1, 2, 3))  # round 2 is not dealt yet
    assert now != then and now.key() != then.key()


def test_samples_deal_the_rounds_to_come_at_random() -> None:
    view = GAME.new_state(seed=2).view(0)
    later = {repr(GAME.sample_state(view, random.Random(i)).to_json()["setup"]["decks"][1:]) for i in range(20)}
    assert len(later) == 20


def seat_line(text: str, seat: int) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"P{seat + 1} "))


def test_render_shows_the_board_and_only_the_own_hand() -> None:
    state = new(lead=0, r1=R1)
    trick(state, {0: "I3", 1: "M7", 2: "E1", 3: "H9"})
    do(state, "b2")
    text = state.render(1)
    assert "b2 I (2)" in text and "c3 H (2)" in text
    assert re.search(r"b2 I \(2\) .*\n.*│ ■1 ", text)  # P1's block on b2, under its name
    assert "your hand: I8" in text
    assert re.fullmatch(r"P1 +2 +6 +7 +\(leader\) ◀ to act", seat_line(text, 0).rstrip())
    assert seat_line(text, 1).rstrip().endswith("you")
    assert "I6" not in text  # seat 0's card
    assert "last trick: P1 I3  P2 M7  P3 E1  P4 H9 · RH1 P1 b2" in text
    assert "your hand" not in state.render()


def test_render_names_the_rightholders_seat_0_included() -> None:
    state = new(lead=0, r1=[["I9"], ["I1"], ["M2"], ["H3"]])
    trick(state, {0: "I9", 1: "I1", 2: "M2", 3: "H3"})  # I dominant: lowest I1 RH1, highest I9 RH2
    assert state.rh == (1, 0)
    text = state.render()
    assert "trick: P1 I9  P2 I1  P3 M2  P4 H3  ·  RH1 P2, RH2 P1" in text
    assert "RH1 P2 places one block, or defaults" in text
    assert seat_line(text, 1).rstrip().endswith("RH1 ◀ to act") and seat_line(text, 0).rstrip().endswith("RH2")


def test_render_of_the_reveal_hides_the_others_declarations_until_all_chose() -> None:
    state = round_three()
    state.apply_action(GAME.string_to_action("declare M2"), 1)
    own, other = state.render(1), state.render(0)
    assert "Declaration of Intent: everyone reveals a card at once" in own
    assert re.search(r" M2 +you$", seat_line(own, 1).rstrip())
    assert re.search(r" chosen *$", seat_line(other, 1))
    assert "M2" not in seat_line(other, 1)
    assert all(seat_line(own, s).rstrip().endswith("◀ to act") for s in (0, 2, 3))


def test_render_at_the_end_gives_the_final_scores() -> None:
    state = new(lead=0)
    rng = random.Random(2)
    while not state.is_terminal():
        random_step(state, rng)
    text = state.render()
    lines = text.splitlines()
    assert "game over" in lines[0]
    assert lines[-1].split() == ["total", "after", "round", "3", *map(str, state.scores())]
    assert all(re.fullmatch(r"P\d +-?\d+ +\d+ +\d* +1 +[IMEH]\d *", seat_line(text, s)) for s in range(4))


def test_a_small_screen_gets_the_compact_drawing() -> None:
    from tritable.games.tri_t_area.render import draw

    state = new(lead=0)
    rng = random.Random(4)
    while not state.is_terminal():
        random_step(state, rng)
        for seat in (None, 0):
            view = state.view(seat)
            small = draw(view, 80, 14)
            assert small.width <= 80 and small.height <= 14, small.text()
            assert draw(view, 120) == draw(view, 120, None) and draw(view, 120).height > 14  # the full one
            for line, stack in zip(small.lines[2:6], (view["board"][r * 4 : r * 4 + 4] for r in range(4)), strict=True):
                owners = "".join(text for text, tag in line if tag.startswith("seat") and "@" in tag)
                every = "".join(str(s + 1) for stack_ in stack for s in stack_)
                heights = "".join(text for text, tag in line if tag.startswith("dim@") and ":" in text)
                assert owners == every or (heights and len(owners) < len(every))


# -- last_action, events, last_trick --------------------------------------------------------------


def kinds(state: TriTAreaState, seat: int | None = None) -> list[str]:
    return [e["type"] for e in state.view(seat)["events"]]


def test_a_trick_s_events_say_what_each_action_did() -> None:
    state = new(lead=0, r1=R1)
    view = state.view(None)
    assert view["last_action"] is None and view["events"] == [] and view["last_trick"] is None
    do(state, "I3")
    assert state.view(2)["last_action"] == {"seat": 0, "action": "I3"}
    assert state.view(2)["events"] == [{"type": "play", "seat": 0, "card": "I3", "value": 3, "text": "P1 plays I3"}]
    do(state, "M7", "E1", "H9")
    events = state.view(None)["events"]
    assert [e["type"] for e in events] == ["play", "rightholders"]
    assert events[1]["rightholders"] == [0, None] and events[1]["reason"] == "four suits"
    assert events[1]["text"] == "four suits: P1 leads and is RH1 with I3; no RH2"
    do(state, "b2")
    view = state.view(None)
    built = ["P1 builds a block on b2 (Intelligent, 1 high): +2", "P1 leads trick 2"]
    assert [e["text"] for e in view["events"]] == built
    assert view["trick"] == [] and view["last_trick"] == {
        "round": 1,
        "trick": 1,
        "cards": [[0, "I3"], [1, "M7"], [2, "E1"], [3, "H9"]],
        "rightholders": [0, None],
        "built": [[0, "b2"]],
    }
    # The next trick: I dominant, I4 lowest (P3, RH1), I8 highest (P2, RH2).
    do(state, "I6", "I8", "I4", "H6")
    events = state.view(None)["events"]
    assert events[-1]["text"] == "RH1 P3 (I4, lowest Intelligent), RH2 P2 (I8, highest Intelligent)"
    assert events[-1]["reason"] == "most cards"
    assert state.view(None)["last_trick"]["trick"] == 1  # still the first: the second is not done
    do(state, "default")
    assert state.view(0)["events"] == [
        {"type": "default", "seat": 2, "card": "I4", "points": -4, "text": "P3 defaults: -4 (I4)"}
    ]
    do(state, "b2x2")  # on P1's block: no extra (it holds none of P2's)
    assert [e["text"] for e in state.view(0)["events"]] == [
        "P2 builds 2 blocks on b2 (Intelligent, 3 high)",
        "P3 leads trick 3",
    ]
    assert state.view(0)["last_trick"]["built"] == [[2, "default"], [1, "b2x2"]]
    assert state.view(0)["last_trick"]["rightholders"] == [2, 1]


def test_the_rightholders_event_says_which_rule_gave_the_rights() -> None:
    state = new(lead=0, r1=[["I2"], ["M1"], ["I3"], ["M9"]])
    trick(state, {0: "I2", 1: "M1", 2: "I3", 3: "M9"})  # I spans 1, M spans 8
    told = state.view(None)["events"][-1]
    assert (told["reason"], told["suit"], told["rightholders"]) == ("wider spread", "M", [1, 3])
    assert told["text"].endswith("; Modern spreads wider")
    state = new(lead=0, r1=[["I2"], ["I7"], ["I3"], ["I9"]])
    trick(state, {0: "I2", 1: "I7", 2: "I3", 3: "I9"})
    told = state.view(None)["events"][-1]
    assert (told["reason"], told["rightholders"]) == ("one suit", [0, 3])


def test_a_build_next_to_the_own_building_says_so_and_the_extra_is_told() -> None:
    state = new(lead=0, r1=R1)
    trick(state, {0: "I3", 1: "M7", 2: "E1", 3: "H9"})
    do(state, "b2")
    trick(state, {0: "I6", 1: "M6", 2: "E6", 3: "H6"})  # four suits again: P1 builds
    do(state, "b1")
    assert kinds(state) == ["build", "extra_right"]
    assert state.view(None)["events"][1]["square"] == "b1"
    do(state, "+c1")
    assert [e["text"] for e in state.view(None)["events"]] == [
        "P1 adds a block on c1 (Intelligent, 1 high)",
        "P1 leads trick 3",
    ]
    assert state.view(None)["last_trick"]["built"] == [[0, "b1"], [0, "+c1"]]


def test_the_sealed_declaration_is_shown_only_to_its_seat_until_the_reveal() -> None:
    state = round_three()
    state.apply_action(GAME.string_to_action("declare M2"), 1)
    assert state.view(1)["last_action"] == {"seat": 1, "action": "declare M2"}
    for seat in (None, 0, 2, 3):
        view = state.view(seat)
        assert view["last_action"] == {"seat": 1, "action": None}
        assert view["events"] == [{"type": "declare", "seat": 1, "card": None, "text": "P2 has chosen a Declaration"}]
        assert "M2" not in repr(view["events"])
    for s in (3, 0, 2):
        state.apply_action(state.legal_actions(s)[0], s)
    declared = state.view(None)["declared"]
    events = state.view(None)["events"]
    assert state.view(None)["last_action"]["action"] == f"declare {declared[2]}"
    assert events[-1] == {
        "type": "reveal",
        "seat": None,
        "declared": declared,
        "text": "Declarations revealed: " + ", ".join(f"P{s + 1} {declared[s]}" for s in range(4)),
    }


def test_a_round_s_end_is_told_and_its_last_trick_and_city_stay_in_view() -> None:
    state = new(lead=0)
    rng = random.Random(7)
    while state.rnd == 0:
        random_step(state, rng)
    view = state.view(3)
    types = [e["type"] for e in view["events"]]
    assert types[-2:] == ["round_end", "lead"] and "area" in types
    assert view["events"][-1]["text"] == f"P{state.lead + 1} leads round 2 (highest score)"
    assert view["last_trick"]["round"] == 1 and view["last_trick"]["trick"] == 8
    assert view["last_trick"]["cards"] == [[s, GAME.action_to_string(a)] for s, a in state.played[0][-4:]]
    assert view["results"][0]["board"] != view["board"]  # the city as scored, beside the new round's
    result = view["results"][0]
    areas = {e["area"]: e for e in view["events"] if e["type"] == "area"}
    for letter, points in result["areas"].items():
        assert (letter in areas) == any(result["places"][letter])
        if letter in areas:
            assert areas[letter]["points"] == points
    # Through the next trick the last trick stays; the one after replaces it.
    while len(state.played[1]) < 4 or state.phase_name() != "play":
        random_step(state, rng)
        if state.rnd == 1 and state.phase_name() != "play":
            assert state.view(None)["last_trick"]["round"] == 1
    assert state.view(None)["last_trick"]["round"] == 2


def test_a_sample_shows_who_chose_last_in_the_reveal() -> None:
    state = round_three()
    for s in (0, 3, 1):  # seat 1 last, its choice hidden from seat 0
        state.apply_action(state.legal_actions(s)[-1], s)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        for i in range(3):
            assert GAME.sample_state(view, random.Random(i)).view(seat) == view
    state.apply_action(state.legal_actions(2)[0], 2)
    state.apply_action(state.legal_actions()[0])  # the first sale
    for done in (state.clone(),):
        view = done.view(0)
        assert GAME.sample_state(view, random.Random(0)).view(0) == view


def test_the_game_has_hidden_information() -> None:
    """Hands are hidden, so the game must not claim perfect information (searches would read
    the others' hands instead of sampling them)."""
    assert TriTArea.perfect_information is False and GAME.perfect_information is False
    view = new(lead=0, r1=R1).view(1)
    assert "hands" not in view and set(R1[1]) <= set(view["hand"]) and view["hand_sizes"] == [8] * 4


# -- the aid's rows checked in play --------------------------------------------------------------


def test_each_round_deals_its_hand_and_blocks_and_takes_the_blocks_back() -> None:
    """Round preparations: 8 cards and 7 blocks (no 5s), then 9/8 and 9/9 with the 5s back."""
    state = new(lead=1)
    for rnd, (hand, blocks) in enumerate([(8, 7), (9, 8), (9, 9)]):
        to_round(state, rnd, seed=rnd)
        assert [h.bit_count() for h in state._hands] == [hand] * 4
        assert state.blocks == [blocks] * 4 and state.board == [()] * 16 and state.sold == [0] * 4
        fives = sum(CARD_RANK[c] == 5 for h in state._hands for c in cards_of(h))
        assert fives == (0 if rnd == 0 else 4)
    assert state.phase_name() == "declare"  # round 3 opens with the reveal


def test_any_card_may_be_played_at_any_time() -> None:
    """No suit to follow: after an Intelligent lead every card of the hand stays playable."""
    state = new(lead=0, r1=R1)
    do(state, "I3")
    hand = cards_of(state._hands[1])
    assert state.legal_actions() == [c * 3 for c in hand]
    assert {CARD_SUIT[c] for c in hand} > {0}
    do(state, "H1")
    assert state.trick[-1][:2] == (1, CARD_OF_NAME["H1"])


def test_a_two_two_tie_in_play_goes_to_the_suit_led() -> None:
    """I and M both span 4: the led I decides; its lowest (RH1) and highest (RH2) place in I."""
    state = new(lead=0, r1=[["I2"], ["M4"], ["I6"], ["M8"]])
    trick(state, {0: "I2", 1: "M4", 2: "I6", 3: "M8"})
    assert state.rh == (0, 2) and state.current_player() == 0
    told = state.view(None)["events"][-1]
    assert told["reason"] == "suit led" and told["suit"] == "I"
    assert told["text"] == (
        "RH1 P1 (I2, lowest Intelligent), RH2 P3 (I6, highest Intelligent); equal spreads, Intelligent was led"
    )
    with pytest.raises(IllegalActionError, match="not in the Intelligent area"):
        do(state, "d1")  # Modern, the other suit of the trick
    do(state, "c1")
    assert state.current_player() == 2 and state.phase_name() == "place"
    assert sorted(GAME.action_to_string(a) for a in state.legal_actions()) == [
        "a1",
        "a1x2",
        "b1",
        "b1x2",
        "b2",
        "b2x2",
        "c1",
        "c1x2",
        "default",
    ]
    do(state, "b2x2")
    assert state.board[SQUARE_OF_NAME["b2"]] == (2, 2) and state.scores() == [0, 0, 2, 0]
    assert state.phase_name() == "play" and state.leader == 0  # RH1 leads the next trick


def test_the_end_penalty_waits_for_the_last_round() -> None:
    """Blocks left after rounds 1 and 2 cost nothing: they come back for the next round."""
    state = new(lead=0)
    to_round(state, 2, seed=1)
    assert all(result["end_penalty"] == [0, 0, 0, 0] for result in state.results)


def test_round_three_places_with_shared_ties() -> None:
    """Two tied for 2nd are both 2nd (no penalty); the seat after two tied for 1st is 3rd."""
    state = new(lead=0)
    to_round(state, 2)
    state.declared = [CARD_OF_NAME[name] for name in ("I7", "M5", "I4", "E9")]
    state._hands = [1 << c for c in state.declared]
    state.board = board(
        a1=(0,),
        b1=(0,),  # I: seat 0 first with two tops,
        c1=(1,),
        b2=(2,),  # seats 1 and 2 tied 2nd
        d1=(3, 3),
        d2=(2, 2),  # M: seats 3 and 2 tied 1st (one top, height 2),
        c2=(1,),  # seat 1 3rd
    )
    state.blocks = [0, 0, 0, 0]
    state._end_round()
    result = state.results[-1]
    assert result["places"]["I"] == [1, 2, 2, 0] and result["places"]["M"] == [0, 3, 1, 1]
    # I7 1st: +7. M5 3rd: -5 (a 5 in hand is worth 5). I4 shared 2nd: 0. E9 unranked: -9.
    assert result["declaration"] == [7, -5, 0, -9]
    assert result["areas"]["I"] == [8, 2, 2, 0] and result["areas"]["M"] == [0, 0, 5, 5]


# -- bad input: a typed error naming why, the state unchanged ------------------------------------


def refused(state: TriTAreaState, error: type[Exception], words: str, text: str, seat: int | None = None) -> None:
    """``text`` (by ``seat``) raises ``error`` whose message holds ``words``; nothing changes."""
    assert issubclass(error, ValueError)
    before, record, history = state.clone(), state.to_json(), list(state.history)
    views = [state.view(s) for s in (None, 0, 1, 2, 3)]
    with pytest.raises(error, match=words):
        state.apply_action(GAME.string_to_action(text), seat)
    assert state == before and state.to_json() == record and state.history == history
    assert [state.view(s) for s in (None, 0, 1, 2, 3)] == views


def test_bad_plays_and_placements_are_refused_and_change_nothing() -> None:
    state = new(lead=0, r1=R1)
    refused(state, IllegalActionError, "I8 is not in seat 0's hand", "I8")
    refused(state, OutOfTurnError, "seat 0's turn, not seat 1's", "M7", seat=1)
    refused(state, IllegalActionError, "must play a card", "b2")
    do(state, "I3")
    refused(state, IllegalActionError, "I3 is not in seat 1's hand", "I3")
    do(state, "I8", "I4", "H6")  # I dominant: RH1 seat 0 (I3), RH2 seat 1 (I8)
    assert state.rh == (0, 1)
    refused(state, OutOfTurnError, "seat 0's turn, not seat 1's", "a1", seat=1)
    refused(state, IllegalActionError, "c2 is not in the Intelligent area", "c2")
    refused(state, IllegalActionError, "rightholder 1 places one block", "b2x2")
    refused(state, IllegalActionError, "must place blocks or default", "I6")
    do(state, "b2")
    refused(state, IllegalActionError, "d4 is not in the Intelligent area", "d4x2")
    do(state, "a1")
    trick(state, {0: "E2", 1: "M6", 2: "H4", 3: "I1"})  # all different: seat 0 builds in Ecology
    do(state, "a3")  # no block of seat 0 next to a3: no additional construction
    assert state.phase_name() == "play"
    trick(state, {0: "I6", 1: "E3", 2: "E1", 3: "I2"})  # two-two: I spans 4, E 2: RH1 seat 3, RH2 seat 0
    do(state, "default")
    do(state, "b1")  # next to b2 (seat 0's): additional construction
    assert state.phase_name() == "extra"
    refused(state, IllegalActionError, "a4 is not next to b1", "+a4")
    refused(state, IllegalActionError, "may add a block or decline", "d1")


def test_bad_reveals_and_sales_are_refused_and_change_nothing() -> None:
    state = round_three()
    refused(state, OutOfTurnError, "choose at once", "declare I1")
    refused(state, IllegalActionError, "M1 is not in seat 0's hand", "declare M1", seat=0)
    refused(state, IllegalActionError, "must declare a card", "I1", seat=0)
    state.apply_action(GAME.string_to_action("declare I2"), 0)
    refused(state, OutOfTurnError, "seat 0 has no choice to make now", "declare I3", seat=0)  # a second reveal
    for seat, card in ((1, "M1"), (2, "E3"), (3, "H2")):
        state.apply_action(GAME.string_to_action(f"declare {card}"), seat)
    seller = state.current_player()
    refused(state, OutOfTurnError, f"seat {seller}'s turn", "sell 1", seat=(seller + 1) % 4)
    refused(state, IllegalActionError, "cannot sell 10", "sell 10")
    refused(state, IllegalActionError, "how many blocks to sell", "I1")
    for _ in range(4):
        do(state, "sell 0")
    seat = state.current_player()
    declared = CARD_NAME[state.declared[seat]]
    refused(state, IllegalActionError, f"{declared} is seat {seat}'s Declaration of Intent", declared)


def test_action_numbers_past_the_cards_and_counts_are_refused() -> None:
    state = round_three()
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="seat 0 must declare a card"):
        state.apply_action(400 + 36, 0)  # one past "declare H9"
    assert state.to_json() == before
    for seat, card in enumerate(("I1", "M1", "E1", "H1")):
        state.apply_action(GAME.string_to_action(f"declare {card}"), seat)
    with pytest.raises(IllegalActionError, match="must say how many blocks to sell"):
        state.apply_action(500 + 100)  # one past "sell 99"


def test_state_json_without_its_setup_is_refused() -> None:
    data = new(lead=0, r1=R1).to_json()
    data.pop("setup")
    with pytest.raises(StateError, match="holds its 'setup'"):
        GAME.state_from_json(data)


def test_a_view_with_too_many_cards_in_hand_is_named() -> None:
    view = new(lead=0, r1=R1).view(0)
    view["hand"] = [*view["hand"], "M7"]  # seat 1's
    with pytest.raises(StateError, match="the view gives seat 0 more than 8 cards in round 1"):
        GAME.sample_state(view, random.Random(0))


def test_no_outcome_before_the_end() -> None:
    state = new(lead=0)
    rng = random.Random(2)
    while state.rnd < 2:
        random_step(state, rng)
    with pytest.raises(GameNotOverError):
        state.outcome()


def test_no_action_after_the_game() -> None:
    state = new(lead=0)
    rng = random.Random(2)
    while not state.is_terminal():
        random_step(state, rng)
    assert state.legal_actions() == [] and state.legal_actions(0) == []
    refused(state, GameOverError, "over", "I1")


def test_an_outcome_does_not_alias_the_state_or_its_clones() -> None:
    game = TriTArea()
    state = game.new_state(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        random_step(state, rng)
    before = state.to_json()
    copy = state.clone()
    copy.outcome().details["rounds"][0]["scores"][0] = 999
    state.outcome().details["rounds"].clear()
    assert state.to_json() == before and copy.to_json() == before
    assert Record.from_state(state).replay() == state


def test_a_clone_s_results_are_its_own() -> None:
    """``results`` is public (and to_json writes it): changing a clone's leaves the original be,
    though the clone shares the round results (copying them per clone would slow the search)."""
    state = TriTArea().new_state(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        random_step(state, rng)
    before = state.to_json()
    copy = state.clone()
    assert isinstance(copy, TriTAreaState)
    copy.results[0]["scores"][0] = 999
    copy.results[1]["areas"].clear()
    assert state.to_json() == before and state.clone() == state


def test_declarations_made_in_another_order_show_the_same_views() -> None:
    """The round-3 Declarations are simultaneous: the order they come in is no part of the game,
    so two positions that differ only in it are equal and every seat's view of them is the same
    (agents seed from the view: same position, same seed, same move)."""
    from tritable.ai import make_agent

    game = TriTArea(4)
    rng = random.Random(3)
    state = game.new_state(seed=3)
    while not (state.current_player() == SIMULTANEOUS and state.view(None)["phase"] == "declare"):
        random_step(state, rng)
    seats = state.players_to_move()
    choice = {s: state.legal_actions(s)[s % len(state.legal_actions(s))] for s in seats}
    forwards, backwards = state.clone(), state.clone()
    for s in seats:
        forwards.apply_action(choice[s], s)
    for s in reversed(seats):
        backwards.apply_action(choice[s], s)
    assert forwards.history != backwards.history
    assert forwards == backwards and hash(forwards) == hash(backwards)
    for seat in [None, *range(4)]:
        # The same position, come by different last actions: only the narration differs.
        ahead, behind = forwards.view(seat), backwards.view(seat)
        assert ahead["last_action"]["seat"] == seats[-1] and behind["last_action"]["seat"] == seats[0]
        for view in (ahead, behind):
            del view["last_action"], view["events"]
        assert ahead == behind
    seat = forwards.current_player()
    seat = seat if seat >= 0 else forwards.players_to_move()[0]
    agent = "mcts:iterations=30:determinizations=2"
    assert make_agent(game, agent, seed=5).choose(forwards, seat) == make_agent(game, agent, seed=5).choose(
        backwards, seat
    )
    # Part-way through, each seat sees its own Declaration and that the others have chosen.
    half = state.clone()
    half.apply_action(choice[seats[-1]], seats[-1])
    assert [s for s, _ in half.view(seats[-1])["history"][-1:]] == [seats[-1]]
    assert half.view(seats[0])["history"] == state.view(seats[0])["history"]
