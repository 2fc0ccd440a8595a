"""TriATri rules: the worked examples of the rules text, start-player ties, the fake card, the
follow rule, gems, the end conditions and the scoring (see ``tritable.games.triatri``)."""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

import pytest

import tritable
from tritable.engine import (
    SIMULTANEOUS,
    GameNotOverError,
    GameOverError,
    IllegalActionError,
    NotationError,
    OutOfTurnError,
    Record,
    RecordError,
    SetupError,
    StateError,
)
from tritable.engine.playout import random_playout, random_step
from tritable.games.triatri import TriATri, TriATriState, score, start_player, winning_slot
from tritable.games.triatri.cards import CARD_TEXT, GEMS_PER_COLOUR, deck_for, parse_action, score_parts
from tritable.games.triatri.sampling import deal_constrained


def card(text: str) -> int:
    return parse_action(text)


def dealing(players: int, hands: list[list[str]] | None) -> list[str]:
    """A deck that deals ``hands`` (six cards a seat, the rest of the deck unused); the deck in
    its sorted order for ``None``."""
    full = Counter(CARD_TEXT[c] for c in deck_for(players))
    if hands is None:
        return sorted(full.elements())
    cards = [c for hand in hands for c in hand]
    assert all(len(hand) == 6 for hand in hands) and len(hands) == players
    rest = full.copy()
    rest.subtract(cards)
    assert min(rest.values()) >= 0, "a card dealt twice"
    return cards + sorted(rest.elements())


def new_state(players: int, hands: list[list[str]], later: list[list[str]] | None = None) -> TriATriState:
    """A game whose first round deals ``hands`` (six cards a seat, the rest of the deck unused).

    Rounds 2 and 3 deal ``later`` hands when given, else the deck in its sorted order.
    """
    setup = {"decks": [dealing(players, hands), dealing(players, later), dealing(players, None)]}
    state = TriATri(players).state_from_setup(setup)
    assert isinstance(state, TriATriState)
    return state


def reveal(state: TriATriState, *cards: str) -> None:
    """Everyone picks a start card (seat 0 first)."""
    for seat, text in enumerate(cards):
        state.apply_action(card(text), seat)


def play(state: TriATriState, *texts: str) -> None:
    for text in texts:
        state.apply_action(card(text))


def trick_of(state: TriATriState) -> list[list[Any]]:
    return list(state.view()["trick"]["cards"])


def last(state: TriATriState) -> dict[str, Any]:
    trick = state.view()["last_trick"]
    assert trick is not None
    return dict(trick)


# -- the worked examples (4 players) ----------------------------------------------------------------

EX1 = [
    ["R8", "R3", "R2", "R4", "G2", "F"],
    ["B6", "B2", "B3", "B4", "R5", "G3"],
    ["G6", "G4", "G5", "R6", "R7", "F"],
    ["B5", "B7", "B8", "G7", "G8", "F"],
]
EX2 = [
    ["R8", "R4", "R2", "R5", "G2", "G3"],
    ["B2", "B3", "B5", "G4", "G5", "F"],
    ["R3", "R6", "R7", "G6", "G7", "F"],
    ["B4", "B6", "B7", "B8", "G8", "F"],
]
EX3 = [
    ["R8", "R6", "R3", "R4", "G2", "F"],
    ["B2", "B3", "B4", "B5", "G3", "F"],
    ["G4", "G5", "G6", "G7", "B6", "F"],
    ["R2", "R5", "R7", "B7", "B8", "G8"],
]


def test_example_1_two_colours_tied_the_dominant_colour_wins() -> None:
    # Red 3, Blue 6 (12), Green 6 (12), Blue 5: Green beats Blue, so Green 6 wins.
    state = new_state(4, EX1)
    reveal(state, "R8", "G3", "R7", "F")
    assert state.current_player() == 0
    play(state, "gem B", "R3", "B6", "G6", "B5")
    trick = last(state)
    assert trick["cards"] == [["R3", 3], ["B6", 12], ["G6", 12], ["B5", 5]]
    assert trick["winner"] == 2
    assert state.view()["gems"][2] == [0, 1, 0] and state.view()["supply"] == [6, 5, 6]
    assert state.current_player() == 2  # the winner leads the next trick


def test_example_2_one_colour_tied_the_later_card_wins() -> None:
    # Red 4, Blue 2 (8), Red 3, Blue 4 (8): both Blue, the later Blue 4 wins.
    state = new_state(4, EX2)
    reveal(state, "R8", "G5", "G7", "F")
    play(state, "gem R", "R4", "B2", "R3", "B4")
    trick = last(state)
    assert trick["cards"] == [["R4", 4], ["B2", 8], ["R3", 3], ["B4", 8]]
    assert trick["winner"] == 3
    assert state.view()["gems"][3] == [1, 0, 0]


def test_example_3_three_colours_tied_the_later_card_wins() -> None:
    # Red 6, Blue 2 (8), Green 4 (8), Red 2 (8): three colours, the later Red 2 wins.
    state = new_state(4, EX3)
    reveal(state, "R8", "G3", "G7", "B7")
    play(state, "gem R", "R6", "B2", "G4", "R2")
    trick = last(state)
    assert trick["cards"] == [["R6", 6], ["B2", 8], ["G4", 8], ["R2", 8]]
    assert trick["winner"] == 3


def test_winning_slot_rules() -> None:
    c = card
    assert winning_slot([c("R3"), c("B6"), c("G6"), c("B5")], [3, 12, 12, 5]) == 2
    assert winning_slot([c("G6"), c("B6")], [12, 12]) == 0  # the dominant colour, even played first
    assert winning_slot([c("B6"), c("B3"), c("G6"), c("B4")], [12, 3, 12, 12]) == 2
    assert winning_slot([c("G6"), c("B2"), c("G3"), c("R4")], [6, 8, 6, 8]) == 1  # Water beats Fire
    assert winning_slot([c("F"), c("F")], [0, 0]) == 1  # colourless fakes: the later one


def test_two_colour_tie_picks_the_later_card_of_the_dominant_colour() -> None:
    c = card
    # Wood beats Water: of the two tied Wood cards the later one wins, not the later Water card.
    assert winning_slot([c("G4"), c("B4"), c("G2"), c("B8")], [8, 8, 8, 8]) == 2


# -- the start player -------------------------------------------------------------------------------

TWO = [["R6", "R2", "B3", "G4", "F", "R5"], ["B6", "G6", "R3", "B2", "F", "G2"]]


def test_highest_start_card_starts_and_leaves_the_hand() -> None:
    state = new_state(2, TWO)
    reveal(state, "R2", "G2")  # tied: Fire beats Wood
    assert state.view()["start_player"] == 0
    state = new_state(2, TWO)
    reveal(state, "F", "B2")
    assert state.view()["start_player"] == 1  # a fake counts 0
    assert state.view(1)["hand"] == ["F", "R3", "B6", "G2", "G6"]
    assert state.view()["start_cards"] == ["F", "B2"]
    assert state.view(0)["hand_sizes"] == [5, 5]


@pytest.mark.parametrize(
    ("first", "second", "starter"),
    [("R6", "B6", 1), ("R6", "G6", 0), ("B3", "R3", 0), ("R2", "B2", 1), ("B3", "G2", 0), ("R5", "G6", 1)],
)
def test_two_tied_start_cards_the_colour_wheel_decides(first: str, second: str, starter: int) -> None:
    hands = [["R6", "B3", "G4", "R5", "F", "R2"], ["B6", "G6", "R3", "G2", "F", "B2"]]
    state = new_state(2, hands)
    reveal(state, first, second)
    assert state.view()["start_player"] == starter
    assert state.current_player() == starter


def test_start_player_ties_directly() -> None:
    c = card
    assert start_player([c("R6"), c("B6")]) == 1  # Water beats Fire
    assert start_player([c("B6"), c("G6")]) == 1  # Wood beats Water
    assert start_player([c("G6"), c("R6")]) == 1  # Fire beats Wood
    assert start_player([c("R8"), c("B8"), c("G2"), c("G8")]) == 2  # three tied: the fourth
    assert start_player([c("F"), c("B8"), c("G8"), c("R8")]) == 0
    assert start_player([c("R7"), c("B7"), c("G7")]) is None  # 3 players, three tied: again
    assert start_player([c("F"), c("F")]) is None  # 2 players, both fake: again
    assert start_player([c("F"), c("R7"), c("G7")]) == 1  # two tied of three: the wheel
    assert start_player([c("F"), c("F"), c("F"), c("R2")]) == 3


def test_four_players_three_tied_the_fourth_starts() -> None:
    state = new_state(
        4,
        [
            ["R8", "R3", "R2", "R4", "G2", "F"],
            ["B6", "B2", "B3", "B4", "R5", "G3"],
            ["G8", "G4", "G5", "R6", "R7", "F"],
            ["B5", "B7", "B8", "G7", "G6", "F"],
        ],
    )
    reveal(state, "R8", "G3", "G8", "B8")
    assert state.view()["start_player"] == 1
    assert state.current_player() == 1


def test_three_players_three_tied_pick_again_from_the_same_hands() -> None:
    hands = [
        ["R7", "R2", "B3", "G4", "F", "R5"],
        ["B7", "G6", "R3", "B2", "G2", "R6"],
        ["G7", "B6", "G3", "B4", "G5", "R4"],
    ]
    state = new_state(3, hands)
    before = [state.view(s)["hand"] for s in range(3)]
    reveal(state, "R7", "B7", "G7")
    assert state.current_player() == SIMULTANEOUS and state.players_to_move() == (0, 1, 2)
    assert [state.view(s)["hand"] for s in range(3)] == before
    assert state.view(0)["repicks"] == [["R7", "B7", "G7"]]
    assert state.view()["start_player"] is None
    assert state.legal_actions(0) == [card(c) for c in before[0]]
    reveal(state, "R7", "B2", "G3")
    assert state.view()["start_player"] == 0
    assert state.view()["repicks"] == [["R7", "B7", "G7"]]


def test_two_players_both_fake_pick_again() -> None:
    state = new_state(2, TWO)
    reveal(state, "F", "F")
    assert state.current_player() == SIMULTANEOUS
    assert state.view()["repicks"] == [["F", "F"]]
    assert state.view(0)["hand_sizes"] == [6, 6]
    reveal(state, "F", "G2")
    assert state.view()["start_player"] == 1


def test_a_clone_s_tied_reveal_is_its_own() -> None:
    state = new_state(2, TWO)
    state.apply_action(card("F"), 0)
    copy = state.clone()
    copy.apply_action(card("F"), 1)  # two fakes: pick again
    assert copy.view()["repicks"] == [["F", "F"]]
    assert state.view()["repicks"] == [] and state.players_to_move() == (1,)
    reveal(copy, "F", "G2")
    state.apply_action(card("G2"), 1)
    assert state.view()["repicks"] == [] and state.view()["start_player"] == 1


def test_a_pending_start_card_is_hidden_from_the_other_seats() -> None:
    state = new_state(
        3,
        [
            ["R7", "R2", "B3", "G4", "F", "R5"],
            ["B7", "G6", "R3", "B2", "G2", "R6"],
            ["G7", "B6", "G3", "B4", "G5", "R4"],
        ],
    )
    state.apply_action(card("R7"), 0)
    other = state.clone()
    other._pending[0] = card("R2")
    other._last_action = (0, card("R2"))
    for seat in (None, 1, 2):
        assert state.view(seat) == other.view(seat)
        assert state.render(seat) == other.render(seat)
    assert state.view(0)["choice"] == "R7" and state.view(1)["chosen"] == [True, False, False]
    assert state.view(1)["choice"] is None
    assert state.legal_actions(0) == []
    with pytest.raises(OutOfTurnError):
        state.apply_action(card("R2"), 0)
    with pytest.raises(OutOfTurnError):
        state.legal_actions()


# -- the fake card ----------------------------------------------------------------------------------

FAKE_HANDS = [
    ["R8", "R5", "R2", "R3", "R4", "G2"],
    ["B5", "B2", "B3", "B4", "G4", "F"],
    ["F", "R6", "R7", "G5", "G6", "B6"],
    ["G3", "G7", "G8", "B7", "B8", "F"],
]


def test_a_later_fake_takes_the_winning_card_and_the_next_card_looks_at_it() -> None:
    state = new_state(4, FAKE_HANDS)
    reveal(state, "R8", "G4", "G6", "B7")
    play(state, "gem R", "R5", "B5")
    assert trick_of(state) == [["R5", 5], ["B5", 10]]
    play(state, "F")
    # Seat 2 holds Blue 5 with its value 10; seat 1's slot holds the fake at 0.
    assert trick_of(state) == [["R5", 5], ["F", 0], ["B5", 10]]
    assert state.view()["trick"]["played"] == ["R5", "B5", "F"]
    play(state, "G3")  # after Blue 5 (Water), Wood counts double
    trick = last(state)
    assert trick["cards"] == [["R5", 5], ["F", 0], ["B5", 10], ["G3", 6]]
    assert trick["winner"] == 2


THREE = [
    ["R7", "R2", "B3", "G4", "F", "R5"],
    ["B7", "G6", "R3", "B2", "G2", "R6"],
    ["G7", "B6", "G3", "B4", "G5", "R4"],
]
"""Three hands of round 1 with 3 players (each seat holds one 7)."""


def test_a_fake_lead_is_a_colourless_zero() -> None:
    state = new_state(3, THREE)
    reveal(state, "R7", "B2", "G3")
    play(state, "gem G", "F", "G6")
    assert trick_of(state) == [["F", 0], ["G6", 6]]  # nothing doubles after a fake
    play(state, "G5")
    assert last(state)["winner"] == 1


def test_a_fake_can_take_the_lead_card() -> None:
    hands = [
        ["R7", "R2", "B3", "G4", "R4", "R5"],
        ["B7", "G6", "R3", "B2", "G2", "F"],
        ["G7", "B6", "G3", "B4", "G5", "R6"],
    ]
    state = new_state(3, hands)
    reveal(state, "R2", "B2", "G7")  # seat 2 starts, then seat 0, then seat 1
    play(state, "gem B", "B6", "B3")
    assert trick_of(state) == [["B6", 6], ["B3", 3]]
    play(state, "F")  # seat 1's fake takes the lead's Blue 6 with its 6
    trick = last(state)
    assert trick["cards"] == [["F", 0], ["B3", 3], ["B6", 6]]
    assert trick["played"] == ["B6", "B3", "F"]
    assert trick["winner"] == 1
    assert "P2 F took B6=6; P2 won" in state.render()


def test_two_fakes_tie_at_zero_the_later_wins() -> None:
    state = new_state(2, TWO)
    reveal(state, "R6", "B2")
    assert state.current_player() == 0
    play(state, "gem R", "F", "F")
    trick = last(state)
    assert trick["cards"] == [["F", 0], ["F", 0]] and trick["winner"] == 1


def test_a_fake_takes_the_tie_winner_not_the_first_highest_card() -> None:
    # Example 1's table, then seat 3 plays its fake: Blue 6 and Green 6 are tied at 12 and Green
    # wins the tie, so the fake takes Green 6 (taking the earlier Blue 6 would hand the trick to
    # seat 2's Green 6 instead).
    state = new_state(4, EX1)
    reveal(state, "R8", "G3", "R7", "B5")
    play(state, "gem B", "R3", "B6", "G6", "F")
    trick = last(state)
    assert trick["cards"] == [["R3", 3], ["B6", 12], ["F", 0], ["G6", 12]]
    assert trick["winner"] == 3


# -- the follow rule and gems -----------------------------------------------------------------------


def test_must_follow_the_gem_colour_a_fake_is_always_allowed() -> None:
    state = new_state(4, FAKE_HANDS)
    reveal(state, "R8", "G4", "G6", "B7")
    play(state, "gem R", "R5", "B5")
    # Seat 2 holds R6 and R7: Green 5 is refused, a Red card or the fake is fine.
    assert sorted(cast(list[int], state.legal_actions())) == sorted(card(c) for c in ("F", "R6", "R7"))
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="must follow Fire"):
        state.apply_action(card("G5"))
    assert state.to_json() == before
    with pytest.raises(IllegalActionError, match="not in seat 2's hand"):
        state.apply_action(card("R2"))
    with pytest.raises(IllegalActionError):
        state.apply_action(card("gem R"))
    with pytest.raises(OutOfTurnError):
        state.apply_action(card("R6"), 3)
    assert state.to_json() == before
    play(state, "F")
    # Seat 3 holds no Red: anything goes.
    assert sorted(cast(list[int], state.legal_actions())) == sorted(card(c) for c in ("F", "G3", "G7", "G8", "B8"))


def test_the_leader_must_follow_too_and_void_players_play_anything() -> None:
    state = new_state(4, EX1)
    reveal(state, "R8", "G3", "R7", "F")
    state.apply_action(card("gem R"))
    assert sorted(cast(list[int], state.legal_actions())) == sorted(card(c) for c in ("F", "R2", "R3", "R4"))
    with pytest.raises(IllegalActionError):
        state.apply_action(card("G2"))


def test_gem_choices_supply_and_own() -> None:
    state = new_state(4, EX1)
    reveal(state, "R8", "G3", "R7", "F")
    assert state.legal_actions() == [card("gem R"), card("gem B"), card("gem G")]
    with pytest.raises(IllegalActionError, match="no Water gem"):
        state.apply_action(card("gem own B"))
    play(state, "gem B", "R3", "B6", "G6", "B5")
    # Seat 2 won a Blue gem and leads: it may now put it up.
    assert state.legal_actions() == [card("gem R"), card("gem B"), card("gem G"), card("gem own B")]


def test_an_own_gem_goes_to_the_winner_or_stays_with_the_leader() -> None:
    state = new_state(4, EX1)
    reveal(state, "R8", "G3", "R7", "F")
    play(state, "gem B", "R3", "B6", "G6", "B5")  # seat 2 wins a Blue gem
    # Seat 2 puts up its own Blue gem and wins it back: it keeps it.
    play(state, "gem own B", "G4", "B7", "R2", "B4")
    assert last(state)["cards"] == [["G4", 4], ["B7", 7], ["R2", 2], ["B4", 8]]
    assert last(state)["winner"] == 1
    # Seat 1 won seat 2's gem this time.
    assert state.view()["gems"] == [[0, 0, 0], [0, 1, 0], [0, 0, 0], [0, 0, 0]]
    assert state.view()["supply"] == [6, 5, 6]
    play(state, "gem own B", "B3", "G5", "B8", "R4")
    assert last(state)["cards"] == [["B3", 3], ["G5", 10], ["B8", 8], ["R4", 4]]
    assert last(state)["winner"] == 2
    assert state.view()["gems"] == [[0, 0, 0], [0, 0, 0], [0, 1, 0], [0, 0, 0]]
    assert state.view()["supply"] == [6, 5, 6]


def test_a_leader_who_wins_their_own_gem_back_keeps_it() -> None:
    hands = [["R2", "R6", "R5", "R4", "B3", "G4"], ["G2", "R3", "B2", "G3", "F", "B4"]]
    state = new_state(2, hands)
    reveal(state, "R2", "G2")
    play(state, "gem R", "R6", "R3")
    assert state.view()["gems"] == [[1, 0, 0], [0, 0, 0]] and state.view()["supply"] == [5, 6, 6]
    play(state, "gem own R", "R5", "G3")
    assert last(state)["winner"] == 0
    assert state.view()["gems"] == [[1, 0, 0], [0, 0, 0]] and state.view()["supply"] == [5, 6, 6]


def test_bad_reveals_are_refused_with_the_state_unchanged() -> None:
    state = new_state(
        3,
        [
            ["R7", "R2", "B3", "G4", "F", "R5"],
            ["B7", "G6", "R3", "B2", "G2", "R6"],
            ["G7", "B6", "G3", "B4", "G5", "R4"],
        ],
    )
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="B7 is not in seat 0's hand"):
        state.apply_action(card("B7"), 0)
    with pytest.raises(IllegalActionError, match="is not a card"):
        state.apply_action(card("gem R"), 0)
    with pytest.raises(OutOfTurnError, match="choose at once"):
        state.apply_action(card("R7"))  # several seats choose: the seat must be named
    assert state.to_json() == before
    state.apply_action(card("R7"), 0)
    chosen = state.to_json()
    # A second reveal by the same seat, even of another card, is out of turn.
    with pytest.raises(OutOfTurnError, match="seat 0 has no choice to make now"):
        state.apply_action(card("R2"), 0)
    assert state.to_json() == chosen and state.view(0)["choice"] == "R7"


def test_bad_gem_choices_are_refused_with_the_state_unchanged() -> None:
    state = new_state(4, EX1)
    reveal(state, "R8", "G3", "R7", "F")
    before = state.to_json()
    with pytest.raises(OutOfTurnError, match="seat 0's turn, not seat 1's"):
        state.apply_action(card("gem R"), 1)
    with pytest.raises(IllegalActionError, match="not a gem choice"):
        state.apply_action(card("R3"))
    with pytest.raises(IllegalActionError, match="seat 0 has no Fire gem"):
        state.apply_action(card("gem own R"))
    for bad in (-1, 36, "gem R", None, True):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
    assert state.to_json() == before
    assert state.legal_actions(1) == [] and state.legal_actions(0) == state.legal_actions()


def test_every_bad_input_error_is_a_value_error() -> None:
    for error in (IllegalActionError, OutOfTurnError, GameOverError, NotationError, SetupError, StateError):
        assert issubclass(error, ValueError)


def test_no_action_after_the_end() -> None:
    state = finished(2)
    before = state.to_json()
    for action in (state.game.deck[0], card("gem R")):
        with pytest.raises(GameOverError, match="over"):
            state.apply_action(action)
        with pytest.raises(GameOverError):
            state.apply_action(action, 0)
    assert state.to_json() == before and state.legal_actions() == [] and state.players_to_move() == ()


# -- the end of the game ----------------------------------------------------------------------------


def edited(state: TriATriState, **changes: Any) -> TriATriState:
    data = copy.deepcopy(state.to_json())
    data["state"].update(changes)
    del data["state"]["scores"]  # written for the reader: the gems and supply given decide them
    again = state.game.state_from_json(json.loads(json.dumps(data)))
    assert isinstance(again, TriATriState)
    return again


def before_last_card_of_example_1() -> TriATriState:
    state = new_state(4, EX1)
    reveal(state, "R8", "G3", "R7", "F")
    play(state, "gem B", "R3", "B6", "G6")
    return state


def round_3(players: int, hands: list[list[str]], gems: list[list[int]]) -> TriATriState:
    """Round 3 about to start, dealing ``hands``, with ``gems`` held and the rest in the supply.

    Rounds 1 and 2 are played at random; the gems are then set to ``gems``, which the rounds
    before could have left: the seat that won round 2's last trick must hold a gem of its colour
    (the state JSON shows that trick). Only round 1's tricks fix the gems held exactly.
    """
    game = TriATri(players)
    supply = [GEMS_PER_COLOUR - sum(seat[c] for seat in gems) for c in range(3)]
    for seed in range(100):
        rng = random.Random(seed)
        setup = game.random_setup(rng)
        setup["decks"][2] = dealing(players, hands)
        state = cast(TriATriState, game.new_state(setup=setup))
        while not state.is_terminal() and state.view()["round"] < 3:
            seat = state.players_to_move()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        won = state.view()["last_trick"]
        if not state.is_terminal() and gems[won["winner"]]["RBG".index(won["gem"][-1])]:
            return edited(state, gems=gems, supply=supply)
    raise AssertionError("no random game reached round 3 with that last trick")


def before_last_card_of_example_1_in_round_3(gems: list[list[int]]) -> TriATriState:
    """Example 1's first trick, one card to go, as round 3's first trick with ``gems`` held."""
    state = round_3(4, EX1, gems)
    reveal(state, "R8", "G3", "R7", "F")
    play(state, "gem B", "R3", "B6", "G6")
    return state


def test_two_gems_of_each_colour_win_at_once() -> None:
    state = before_last_card_of_example_1_in_round_3([[1, 0, 0], [0, 0, 0], [2, 1, 2], [0, 0, 1]])
    assert state.view()["supply"] == [3, 5, 3]
    with pytest.raises(GameNotOverError):
        state.outcome()
    play(state, "B5")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.details["end"] == "instant win" and outcome.details["instant_winner"] == 2
    assert outcome.winners == (2,)
    assert outcome.scores[2] == 100
    # The others rank by score: seat 0 (one Red, 3 in the supply: 3), seat 3 (one Green: 3), seat 1 (0).
    assert outcome.scores[0] == 3 and outcome.scores[3] == 3 and outcome.scores[1] == 0
    assert outcome.ranks == (2, 4, 1, 2)
    assert "instant win" in state.render()


def test_the_last_gem_of_a_colour_ends_the_game_after_the_trick() -> None:
    state = before_last_card_of_example_1_in_round_3([[0, 2, 0], [0, 3, 0], [0, 0, 0], [0, 0, 0]])
    assert state.view()["supply"] == [6, 1, 6]
    play(state, "B5")
    assert state.is_terminal() and state.legal_actions() == []
    outcome = state.outcome()
    assert outcome.details["end"] == "supply exhausted"
    assert outcome.details["supply"] == [6, 0, 6]
    # Blue gems score the Blue left in the supply: none.
    assert outcome.scores == (0.0, 0.0, 0.0, 0.0)
    # All tied on score: more gems first (seat 1 holds 3, seat 0 2, seat 2 1, seat 3 none).
    assert outcome.ranks == (2, 1, 3, 4)


def test_instant_win_beats_the_supply_running_out() -> None:
    # Seat 2 wins the last Blue gem of the supply and with it two gems of each colour.
    state = before_last_card_of_example_1_in_round_3([[0, 4, 0], [0, 0, 0], [2, 1, 2], [0, 0, 0]])
    assert state.view()["supply"] == [4, 1, 4]
    play(state, "B5")
    assert state.view()["supply"] == [4, 0, 4]
    assert state.outcome().details["end"] == "instant win"
    assert state.outcome().winners == (2,)


def test_three_rounds_end_the_game() -> None:
    game = TriATri(3)
    for seed in range(100):
        state = game.new_state(seed=seed)
        random_playout(state, random.Random(seed))
        if state.outcome().details["end"] == "three rounds":
            break
    else:
        pytest.fail("no random game lasted three rounds")
    view = state.view()
    assert view["round"] == 3 and view["tricks_done"] == 5 and view["phase"] == "over"
    gems = view["gems"]
    assert all(not all(g >= 2 for g in seat) for seat in gems)
    assert min(view["supply"]) > 0
    assert sum(1 for _, action in state.history if cast(int, action) >= 30) == 15  # fifteen gems chosen: fifteen tricks
    outcome = state.outcome()
    assert list(outcome.scores) == [score(g, view["supply"]) for g in gems]


# -- scoring ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gems", "supply", "points"),
    [
        ([1, 1, 1], [5, 5, 5], 1),
        ([2, 2, 1], [4, 4, 5], -1),  # a set, then a Fire-Water pair
        ([3, 1, 0], [2, 5, 6], -2 + 2 * 2),  # a pair, then two Fire at 2 each
        ([0, 0, 4], [6, 6, 1], 4),
        ([2, 2, 2], [4, 4, 4], 2),
        ([3, 2, 1], [3, 4, 5], 1 - 2 + 3),  # set; pair R-B; one R at 3
        ([0, 0, 0], [6, 6, 6], 0),
        ([1, 0, 5], [5, 6, 0], -2),  # the remaining Green score nothing: none left in the supply
    ],
)
def test_score_sets_then_pairs_then_remaining_gems(gems: list[int], supply: list[int], points: int) -> None:
    assert score(gems, supply) == points


def finished(players: int, seed: int = 4) -> TriATriState:
    game = TriATri(players)
    state = game.new_state(seed=seed)
    assert isinstance(state, TriATriState)
    random_playout(state, random.Random(seed))
    return state


def test_ties_more_gems_first_then_shared() -> None:
    # Round 3: seat 0 starts and wins each of its five tricks for its own Red gem back, so the
    # gems held when round 3 starts are the gems at the end.
    three = [
        ["B7", "R3", "R4", "R5", "R6", "R7"],
        ["R2", "G2", "G3", "G4", "G5", "G6"],
        ["B6", "B2", "B3", "B4", "B5", "G7"],
    ]
    state = round_3(3, three, [[1, 0, 0], [0, 2, 0], [1, 2, 0]])
    reveal(state, "B7", "R2", "B6")
    for lead, second, third in [("R3", "G2", "B2"), ("R4", "G3", "B3"), ("R5", "G4", "B4"), ("R6", "G5", "B5")]:
        play(state, "gem own R", lead, second, third)
    play(state, "gem own R", "R7", "G6", "G7")  # R7 and G7 tie: Fire beats Wood
    assert state.view()["gems"] == [[1, 0, 0], [0, 2, 0], [1, 2, 0]] and state.view()["supply"] == [4, 2, 6]
    outcome = state.outcome()
    assert outcome.details["end"] == "three rounds"
    assert outcome.scores == (4.0, 4.0, 0.0)
    assert outcome.ranks == (2, 1, 3) and outcome.winners == (1,)
    two = [["B6", "R2", "R3", "R4", "R5", "R6"], ["B2", "G2", "G3", "G4", "G5", "G6"]]
    state = round_3(2, two, [[1, 0, 0], [0, 1, 0]])
    reveal(state, "B6", "B2")
    for number in "65432":  # each a Fire-Wood tie: Fire beats Wood
        play(state, "gem own R", f"R{number}", f"G{number}")
    assert state.view()["gems"] == [[1, 0, 0], [0, 1, 0]] and state.view()["supply"] == [5, 5, 6]
    outcome = state.outcome()
    assert outcome.details["end"] == "three rounds"
    assert outcome.scores == (5.0, 5.0) and outcome.ranks == (1, 1) and outcome.winners == ()


# -- setup, notation, JSON ---------------------------------------------------------------------------


def test_every_action_has_notation() -> None:
    game = TriATri(4)
    texts = [CARD_TEXT[c] for c in sorted(set(deck_for(4)))] + [
        "gem R",
        "gem B",
        "gem G",
        "gem own R",
        "gem own B",
        "gem own G",
    ]
    for text in texts:
        action = game.string_to_action(text)
        assert isinstance(action, int)
        assert game.action_to_string(action) == text
    assert game.string_to_action("r5") == 5 and game.string_to_action(" GEM   own g ") == 35
    assert game.string_to_action("R 5") == game.string_to_action("r\t5 ") == 5  # spaces anywhere, as elsewhere
    for bad in ["R9", "R1", "X5", "gem", "gem own", "gem Y", "gem own RB", "F F", "R 5 5", "", "gem R own"]:
        with pytest.raises(NotationError):
            game.string_to_action(bad)
    for bad_action in [1, 9, 29, 36, -1, "R5", None, (5,)]:
        with pytest.raises(NotationError):
            game.action_to_string(bad_action)


def test_random_setups_shuffle_every_round_s_deck_afresh() -> None:
    for players in (2, 3, 4):
        decks = TriATri(players).random_setup(random.Random(players))["decks"]
        assert len(decks) == 3 and len({tuple(deck) for deck in decks}) == 3
        assert all(Counter(deck) == Counter(CARD_TEXT[c] for c in deck_for(players)) for deck in decks)


def test_setup_is_validated() -> None:
    game = TriATri(2)
    good = game.random_setup(random.Random(1))
    assert game.state_from_setup(good) == game.new_state(seed=1)
    assert len(good["decks"]) == 3 and all(len(d) == 17 for d in good["decks"])
    bad: list[Any] = [
        {},
        {"decks": good["decks"][:2]},
        {"decks": [good["decks"][0][:-1], *good["decks"][1:]]},
        {"decks": [["R8", *good["decks"][0][1:]], *good["decks"][1:]]},
        {"decks": [["Q5", *good["decks"][0][1:]], *good["decks"][1:]]},
        {"decks": [[5, *good["decks"][0][1:]], *good["decks"][1:]]},
        {"decks": good["decks"], "seed": 3},
        {"decks": "R5"},
    ]
    for setup in bad:
        with pytest.raises(SetupError):
            game.state_from_setup(setup)


def test_deck_sizes() -> None:
    for players, cards, fakes in [(2, 15, 2), (3, 18, 1), (4, 21, 3)]:
        deck = Counter(deck_for(players))
        assert deck[0] == fakes and sum(deck.values()) - fakes == cards
        assert (
            len(TriATri(players).new_state(seed=0).to_json()["state"]["decks"][0]) - 6 * players
            == {2: 5, 3: 1, 4: 0}[players]
        )


def test_malformed_state_json_is_refused() -> None:
    state = before_last_card_of_example_1()
    good = state.to_json()
    assert state.game.state_from_json(good) == state
    for key, value in [
        ("phase", "dancing"),
        ("hands", [["R5"]] * 4),
        ("gems", [[9, 0, 0]] * 4),
        ("supply", [5, 6, 6]),
        ("tricks_done", 3),
        ("gem", "gem Q"),
        ("round", 0),
        ("hands", [""] * 4),
        ("hands", [{}] * 4),
    ]:
        with pytest.raises(StateError):
            edited(state, **{key: value})
    with pytest.raises(StateError):
        state.game.state_from_json({**good, "state": None})
    with pytest.raises(StateError):
        state.game.state_from_json({**good, "players": 3})


def test_state_json_that_contradicts_the_cards_played_is_refused() -> None:
    """A position whose values, start player, leaders, trick winners or end are not what its
    cards make them would play on to wrong winners: refused, with what is wrong."""
    game = TriATri(2)
    deck = ["R5", "G2", "F", "B6", "R2", "G6", "B3", "R4", "G5", "B2", "F", "R6", "G3", "B4", "R3", "G4", "B5"]
    state = cast(TriATriState, game.new_state(setup={"decks": [deck] * 3}))
    state.apply_action(game.string_to_action("R5"), 0)
    state.apply_action(game.string_to_action("R6"), 1)
    state.apply_action(game.string_to_action("gem B"))
    state.apply_action(game.string_to_action("B3"))
    assert edited(state) == state
    data = state.to_json()["state"]
    trick = data["trick"]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"trick": {**trick, "cards": [["B3", 16]]}}, "not worth what"),
        ({"start_player": 0, "leader": 0}, "start player"),
        ({"leader": 0}, "leads this trick"),
        ({"repicks": [["R5", "R6"]]}, "not tied"),
    ]
    for changes, why in cases:
        with pytest.raises(StateError, match=why):
            edited(state, **changes)
    state.apply_action(game.string_to_action("B6"))  # B6 on a lead B3 wins
    finished = state.to_json()["state"]
    assert finished["last_trick"]["winner"] == 0
    won_by_1 = {**finished["last_trick"], "winner": 1}
    led_by_0 = {**finished["last_trick"], "leader": 0}
    cases = [
        ({"tricks": [won_by_1], "last_trick": won_by_1, "leader": 1}, "won by seat 0"),
        ({"last_trick": won_by_1}, "last trick"),
        ({"tricks": [led_by_0], "last_trick": led_by_0}, "leads trick 1"),
        ({"phase": "over", "leader": None, "end": "instant win", "instant_winner": 0}, "two gems of each colour"),
        ({"phase": "over", "leader": None, "end": "supply exhausted"}, "no colour has run out"),
    ]
    for changes, why in cases:
        with pytest.raises(StateError, match=why):
            edited(state, **changes)


def test_render_shows_hand_trick_values_gems_and_scores() -> None:
    state = before_last_card_of_example_1()
    text = state.render(3)
    assert "round 1/3, trick 1/5" in text
    assert "P1 R3=3  P2 B6=12  P3 G6=12" in text
    assert "Your hand: F B5 B7 B8 G7 G8" not in text  # the start card (F) is out of the hand
    assert "Your hand: B5 B7 B8 G7 G8" in text
    assert "Supply: R 6  B 6  G 6" in text
    assert "P4 (you): gems R0 B0 G0" in text
    assert "score" in text and "Gem at stake: Water (B) from the supply" in text
    assert "Your hand" not in state.render()
    with pytest.raises(StateError):
        state.render(7)


def test_new_rounds_deal_the_next_deck() -> None:
    later = [
        ["R2", "R3", "R4", "R5", "R6", "R7"],
        ["B2", "B3", "B4", "B5", "B6", "B7"],
        ["G2", "G3", "G4", "G5", "G6", "G7"],
        ["R8", "B8", "G8", "F", "F", "F"],
    ]
    state = new_state(4, EX1, later)
    rng = random.Random(3)
    while state.view()["round"] == 1 and not state.is_terminal():
        p = state.current_player()
        seat = state.players_to_move()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat if p == SIMULTANEOUS else None)
    assert state.view()["round"] == 2 and state.view()["phase"] == "reveal"
    assert [state.view(s)["hand"] for s in range(4)] == [sorted(h, key=card) for h in later]
    assert state.view()["tricks"] == [] and state.view()["last_trick"] is not None


def test_gems_carry_over_and_each_round_starts_with_a_new_reveal() -> None:
    later = [
        ["R2", "R3", "R4", "R5", "R6", "R7"],
        ["B2", "B3", "B4", "B5", "B6", "B7"],
        ["G2", "G3", "G4", "G5", "G6", "G7"],
        ["R8", "B8", "G8", "F", "F", "F"],
    ]
    state = new_state(4, EX1, later)
    rng = random.Random(5)
    reveal(state, "R8", "G3", "R7", "F")
    # Five tricks can neither empty a supply colour nor give anyone six gems: round 1 always ends.
    while state.view()["round"] == 1:
        state.apply_action(rng.choice(state.legal_actions()))
    view = state.view()
    assert view["round"] == 2 and view["phase"] == "reveal" and view["tricks_done"] == 0
    assert view["leader"] is None and view["start_player"] is None and view["start_cards"] == [None] * 4
    gems, supply = view["gems"], view["supply"]
    assert sum(map(sum, gems)) >= 1 and sum(supply) == 18 - sum(map(sum, gems))
    winner = view["last_trick"]["winner"]
    # Let a seat other than the last trick's winner show the highest start card.
    starter = (winner + 1) % 4
    picks = [("R7", "B7", "G7", "R8")[s] if s == starter else ("R2", "B2", "G2", "F")[s] for s in range(4)]
    reveal(state, *picks)
    view = state.view()
    assert view["start_player"] == starter and state.current_player() == starter
    assert view["gems"] == gems and view["supply"] == supply  # the gems held are untouched


def test_replaying_the_record_rebuilds_the_game() -> None:
    state = finished(4)
    record = tritable.Record.loads(Record.from_state(state).dumps())
    assert record.replay() == state
    assert any(text.startswith("0:") for text in record.actions)  # simultaneous picks name their seat


def test_sampled_hands_respect_what_the_seat_knows() -> None:
    # Seat 1 and seat 3 did not follow Blue... build: example 1, seat 0 led Red 3 to a Blue gem.
    state = new_state(4, EX1)
    reveal(state, "R8", "G3", "R7", "F")
    play(state, "gem B", "R3", "B6", "G6", "B5")
    view = state.view(1)
    for seed in range(30):
        sample = state.game.sample_state(view, random.Random(seed))
        assert sample.view(1) == view
        # Seats 0 and 2 did not follow Blue: they hold no Blue card.
        for seat in (0, 2):
            assert not any(c.startswith("B") for c in sample.to_json()["state"]["hands"][seat])


def test_a_hidden_start_card_is_sampled_from_the_whole_hand() -> None:
    state = new_state(2, TWO)
    state.apply_action(card("R6"), 0)  # seat 1 sees that seat 0 chose, not what
    unseen = Counter(CARD_TEXT[c] for c in deck_for(2)) - Counter(TWO[1])
    draw = TriATri(2).sampler(state.view(1))
    chosen: Counter[str] = Counter()
    for i in range(300):
        body = draw(random.Random(i)).to_json()["state"]
        assert body["pending"][0] in body["hands"][0] and body["pending"][1] is None
        chosen[body["pending"][0]] += 1
    assert set(chosen) == set(unseen)  # any card seat 0 may hold, not always its lowest


def test_sampled_hands_keep_cards_shown_in_a_tied_reveal() -> None:
    hands = [
        ["R7", "R2", "B3", "G4", "F", "R5"],
        ["B7", "G6", "R3", "B2", "G2", "R6"],
        ["G7", "B6", "G3", "B4", "G5", "R4"],
    ]
    state = new_state(3, hands)
    reveal(state, "R7", "B7", "G7")
    state.apply_action(card("R2"), 0)
    view = state.view(0)
    for seed in range(20):
        sample = state.game.sample_state(view, random.Random(seed))
        hidden = sample.to_json()["state"]
        assert "B7" in hidden["hands"][1] and "G7" in hidden["hands"][2]
        assert hidden["pending"][0] == "R2" and hidden["pending"][1] is None
        assert sample.view(0) == view


def test_sample_state_refuses_foreign_views() -> None:
    state = before_last_card_of_example_1()
    with pytest.raises(StateError):
        TriATri(3).sample_state(state.view(0), random.Random(1))
    broken = dict(state.view(0))
    broken["hand_sizes"] = [9, 9, 9, 9]
    with pytest.raises(StateError):
        state.game.sample_state(broken, random.Random(1))


def test_constrained_deal_moves_cards_aside_when_a_seat_is_full() -> None:
    # Seat A lacks Water and takes one card; seat B takes two; the two Water cards must go to B,
    # so whenever the Red card lands on B first it has to be moved to A.
    pool = [card("B7"), card("B8"), card("R2")]
    for seed in range(40):
        a, b, unused = deal_constrained(pool[:], [1, 2, 0], [1 << 1, 0, 0], random.Random(seed))
        assert a == [card("R2")] and sorted(b) == [card("B7"), card("B8")] and unused == []
    with pytest.raises(StateError):
        deal_constrained([card("B7"), card("B8")], [1, 1], [1 << 1, 1 << 1], random.Random(0))
    # Fakes go anywhere.
    a, b = deal_constrained([card("F"), card("F")], [1, 1], [7, 7], random.Random(0))
    assert a == b == [card("F")]


def test_constrained_deal_without_voids_is_a_uniform_cut() -> None:
    # Nothing known about any bin: a random partition of the pool by the sizes, reproducible.
    pool = [card(t) for t in ("R2", "R3", "B4", "B5", "G6", "G7", "F")]
    first: Counter[int] = Counter()
    for seed in range(700):
        bins = deal_constrained(pool[:], [2, 3, 2], [0, 0, 0], random.Random(seed))
        assert [len(b) for b in bins] == [2, 3, 2]
        assert sorted(c for b in bins for c in b) == sorted(pool)
        assert bins == deal_constrained(pool[:], [2, 3, 2], [0, 0, 0], random.Random(seed))
        first.update(bins[0])
    # Each card lands in the first bin 2/7 of the time (200 of 700).
    assert all(140 < first[c] < 260 for c in pool)
    # More room than cards: the general path, which leaves the surplus empty.
    a, b = deal_constrained([card("R2"), card("R3")], [2, 2], [0, 0], random.Random(3))
    assert sorted(a + b) == [card("R2"), card("R3")]


def test_score_counts_what_score_parts_reports_for_every_holding() -> None:
    for gems in itertools.product(range(GEMS_PER_COLOUR + 1), repeat=3):
        for supply in itertools.product(range(GEMS_PER_COLOUR + 1), repeat=3):
            sets, pairs, rest = score_parts(gems, supply)
            assert score(gems, supply) == sets - 2 * pairs + rest


def test_state_json_ends_as_the_rules_end_a_game() -> None:
    three_rounds = finished(2, seed=5)
    assert three_rounds.to_json()["state"]["end"] == "three rounds"
    exhausted = finished(2, seed=7)  # ended before its three rounds were played
    assert exhausted.to_json()["state"]["end"] == "supply exhausted"
    with pytest.raises(StateError, match="only with round 3's last trick played"):
        edited(exhausted, end="three rounds")
    last = three_rounds.to_json()["state"]["last_trick"]["winner"]
    with pytest.raises(StateError, match="the round's 5 tricks are played: no trick is next"):
        edited(three_rounds, phase="gem", end=None, leader=last)  # a sixth trick would find no cards


def test_state_json_checks_its_setup() -> None:
    data = TriATri(2).new_state(seed=1).to_json()
    setups: list[dict[str, Any]] = [{"whatever": float("nan")}, {"decks": []}, {"decks": [["R2"]] * 3}]
    for setup in setups:
        with pytest.raises(StateError, match="bad setup in state JSON"):
            TriATri(2).state_from_json({**data, "setup": setup})
    assert TriATri(2).state_from_json({**data, "setup": None}).initial_setup is None


def test_state_json_refuses_what_no_play_could_have_shown() -> None:
    game = TriATri(2)
    deck = ["R5", "G2", "F", "B6", "R2", "G6", "B3", "R4", "G5", "B2", "F", "R6", "G3", "B4", "R3", "G4", "B5"]
    state = game.new_state(setup={"decks": [deck] * 3})
    assert isinstance(state, TriATriState)
    reveal(state, "R5", "R6")
    play(state, "gem B", "B3", "B6")  # seat 1 leads B3 to the Blue gem, seat 0 follows
    data = json.loads(json.dumps(state.to_json()))
    data.update(setup=None, history=[])  # a position of its own
    assert isinstance(game.state_from_json(data), TriATriState)

    # Seat 1 led R4 instead, though it held B3: it had to follow Blue.
    bad = copy.deepcopy(data)
    trick = bad["state"]["tricks"][0]
    trick.update(played=["R4", "B6"], cards=[["R4", 4], ["B6", 12]], winner=0)
    bad["state"].update(last_trick=trick, leader=0)
    bad["state"]["hands"][1] = sorted([*bad["state"]["hands"][1], "B3"])
    bad["state"]["hands"][1].remove("R4")
    with pytest.raises(StateError, match="seat 1 played R4 in trick 1 while holding a Water card"):
        game.state_from_json(bad)

    # A tie of start cards the seats were never dealt: three fakes, with one in the 3-player deck.
    three = json.loads(json.dumps(TriATri(3).new_state(seed=3).to_json()))
    three["state"]["repicks"] = [["F", "F", "F"]]
    with pytest.raises(StateError, match="showed F in a tie, a card not dealt to it"):
        TriATri(3).state_from_json(three)

    # A last trick before the first trick of the game, and one the rules would not decide so.
    start = json.loads(json.dumps(game.new_state(setup={"decks": [deck] * 3}).to_json()))
    made_up = {"leader": 0, "gem": "gem R", "played": ["R2", "G6"], "cards": [["R2", 16], ["G6", 0]], "winner": 1}
    start["state"]["last_trick"] = made_up
    with pytest.raises(StateError, match="no trick has been played"):
        game.state_from_json(start)
    later = finished_round_state(game, deck)
    again = json.loads(json.dumps(later.to_json()))
    assert isinstance(game.state_from_json(again), TriATriState)
    again["state"]["last_trick"] = made_up
    with pytest.raises(StateError, match="the last trick's cards are not where"):
        game.state_from_json(again)


def finished_round_state(game: TriATri, deck: list[str]) -> TriATriState:
    """The second round's start, the first round's last trick shown, by random play."""
    rng = random.Random(1)
    for _ in range(100):
        state = game.new_state(setup={"decks": [deck] * 3})
        while not state.is_terminal() and state.view()["round"] == 1:
            seat = rng.choice(state.players_to_move())
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        if not state.is_terminal():
            assert state.view()["last_trick"] is not None and not state.view()["tricks"]
            assert isinstance(state, TriATriState)
            return state
    raise AssertionError("no game reached round 2")


def reached(players: int, found: Callable[[TriATriState], bool]) -> TriATriState:
    """The first position of random play (seeds 0, 1, ...) where ``found`` holds."""
    game = TriATri(players)
    for seed in range(300):
        state = cast(TriATriState, game.new_state(seed=seed))
        rng = random.Random(seed)
        while not found(state):
            if state.is_terminal():
                break
            seat = state.players_to_move()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        else:
            return state
    raise AssertionError("no random game reached that position")


def colour_of(trick: dict[str, Any]) -> int:
    return "RBG".index(trick["gem"][-1])


NAMES = ("Fire", "Water", "Wood")


def refused(state: TriATriState, why: str, **changes: Any) -> None:
    """``state`` with ``changes`` is refused, the message saying ``why`` (plain text)."""
    with pytest.raises(StateError, match=re.escape(why)):
        edited(state, **changes)


def test_state_json_gems_are_what_round_1_s_tricks_moved() -> None:
    # Round 1's tricks are the whole game so far: the gems held are exactly what they moved.
    game = TriATri(2)
    deck = ["R5", "G2", "F", "B6", "R2", "G6", "B3", "R4", "G5", "B2", "F", "R6", "G3", "B4", "R3", "G4", "B5"]
    state = cast(TriATriState, game.new_state(setup={"decks": [deck] * 3}))
    reveal(state, "R5", "R6")
    play(state, "gem B", "B3", "B6")  # seat 0 wins the supply's Water gem
    play(state, "gem own B", "R2", "B2")  # seat 1 wins it from seat 0 (B2 after R2 counts 8)
    assert state.view()["gems"] == [[0, 0, 0], [0, 1, 0]] and edited(state) == state
    refused(state, "seat 0 holds gems [0, 1, 0], but round 1's tricks give it [0, 0, 0]", gems=[[0, 1, 0], [0, 0, 0]])
    first, second = state.view()["tricks"]
    own = {**first, "gem": "gem own B"}  # nobody holds a gem before the game's first trick
    refused(state, "seat 1 puts up its own Water gem in trick 1 without holding one", tricks=[own, second])


def test_state_json_gems_agree_with_a_later_round_s_tricks() -> None:
    # A later round's tricks, taken back from the gems held, must leave gems a game could hold.
    state = reached(2, lambda s: s.view()["round"] == 2 and s.view()["phase"] == "gem" and s.view()["tricks_done"] > 0)
    won = state.view()["last_trick"]
    seat, colour, trick = won["winner"], colour_of(won), state.view()["tricks_done"]
    gems = copy.deepcopy(state.view()["gems"])
    supply = list(state.view()["supply"])
    supply[colour] += gems[seat][colour]
    gems[seat][colour] = 0  # the gem it has just won is gone, and not to another seat
    why = f"seat {seat} holds too few {NAMES[colour]} gems for the {NAMES[colour]} gem it won in trick {trick}"
    refused(state, why, gems=gems, supply=supply)
    # A seat that put up its own gem and lost it held two of each colour before: the game was over.
    state = reached(
        2,
        lambda s: (
            s.view()["round"] >= 2
            and s.view()["phase"] == "gem"
            and s.view()["last_trick"]["gem"].startswith("gem own")
            and s.view()["last_trick"]["leader"] != s.view()["last_trick"]["winner"]
        ),
    )
    won = state.view()["last_trick"]
    colour, leader = colour_of(won), won["leader"]
    gems = [[0, 0, 0], [0, 0, 0]]
    gems[won["winner"]][colour] = 1
    gems[leader] = [2 - (c == colour) for c in range(3)]
    why = f"seat {leader} held two gems of each colour before trick {state.view()['tricks_done']}: the game was over"
    refused(state, why, gems=gems, supply=[4, 4, 4])
    # The last trick emptied one colour of the supply; another one ran out before it.
    state = finished(2, seed=7)
    won = state.view()["last_trick"]
    colour, other = colour_of(won), (colour_of(won) + 1) % 3
    gems = [[0, 0, 0], [0, 0, 0]]
    gems[won["winner"]][colour] = 6
    gems[1 - won["winner"]][other] = 6
    supply = [6 if c not in (colour, other) else 0 for c in range(3)]
    why = f"the supply had run out of {NAMES[other]} before trick {state.view()['tricks_done']}: the game was over"
    refused(state, why, gems=gems, supply=supply)


def test_state_json_supply_fits_the_tricks_played() -> None:
    # The game's first trick takes a supply gem (nobody holds one), no trick takes more than one,
    # and none goes back: round 2 starts with 1 to 5 gems out of the supply.
    state = reached(
        2,
        lambda s: (
            s.view()["round"] == 2
            and s.view()["phase"] == "reveal"
            and not s.view()["last_trick"]["gem"].startswith("gem own")
        ),
    )
    assert edited(state) == state
    won = state.view()["last_trick"]
    seat, colour = won["winner"], colour_of(won)
    refused(state, f"seat {seat} holds too few", gems=[[0, 0, 0], [0, 0, 0]], supply=[6, 6, 6])  # the audit's case
    gems = [[0, 0, 0], [0, 0, 0]]
    gems[seat][colour] = 1  # only the gem of round 1's last trick left the supply
    supply = [6 - (c == colour) for c in range(3)]
    why = "no gem had left the supply before round 1's last trick, but the game's first trick takes one"
    refused(state, why, gems=gems, supply=supply)
    refused(
        state,
        "5 gems had left the supply before round 1's last trick, but only 4 tricks were played",
        gems=[[1, 1, 1], [1, 1, 1]],
        supply=[4, 4, 4],
    )


def test_state_json_end_agrees_with_the_last_trick() -> None:
    # The supply running out ends the game before the end of round 3 can.
    state = reached(
        2,
        lambda s: (
            s.is_terminal()
            and s.view()["end"] == "supply exhausted"
            and (s.view()["round"], s.view()["tricks_done"]) == (3, 5)
        ),
    )
    empty = NAMES[state.view()["supply"].index(0)]
    refused(
        state, f"the supply has run out of {empty}: the game ended for that, not after three rounds", end="three rounds"
    )
    # Only a trick that takes the last supply gem of a colour exhausts the supply.
    state = finished(2, seed=7)
    tricks = state.view()["tricks"]
    won = tricks[-1]
    own = {**won, "gem": "gem own " + won["gem"][-1]}
    why = "the game ended for an exhausted supply, but its last trick took no supply gem"
    refused(state, why, tricks=[*tricks[:-1], own], last_trick=own)
    colour, other = colour_of(won), (colour_of(won) + 1) % 3
    gems = [[0, 0, 0], [0, 0, 0]]
    gems[won["winner"]][colour] = 5  # one left in the supply
    gems[1 - won["winner"]][other] = 6  # another colour ran out
    supply = [6, 6, 6]
    supply[colour], supply[other] = 1, 0
    why = f"its last trick took a {NAMES[colour]} gem and {NAMES[colour]} is left"
    refused(state, why, gems=gems, supply=supply)
    # Only the trick's winner can newly hold two gems of each colour.
    state = reached(2, lambda s: s.is_terminal() and s.view()["end"] == "instant win")
    winner = state.view()["instant_winner"]
    gems = state.view()["gems"][::-1]
    refused(
        state,
        f"seat {1 - winner} cannot win at once: seat {winner} won the last trick",
        gems=gems,
        instant_winner=1 - winner,
    )


def test_state_json_of_a_later_round_shows_the_round_before_s_last_trick() -> None:
    game = TriATri(2)
    deck = ["R5", "G2", "F", "B6", "R2", "G6", "B3", "R4", "G5", "B2", "F", "R6", "G3", "B4", "R3", "G4", "B5"]
    state = finished_round_state(game, deck)
    refused(state, "round 2 needs round 1's last trick as 'last_trick'", last_trick=None)


def test_state_json_has_no_leader_in_the_reveal_phase_or_at_the_end() -> None:
    game = TriATri(2)
    deck = ["R5", "G2", "F", "B6", "R2", "G6", "B3", "R4", "G5", "B2", "F", "R6", "G3", "B4", "R3", "G4", "B5"]
    state = finished_round_state(game, deck)
    refused(state, "no seat leads a trick in the reveal phase", leader=state.view()["last_trick"]["winner"])
    state = finished(2)
    refused(state, "no seat leads a trick once the game is over", leader=state.view()["last_trick"]["winner"])


def test_an_instant_winner_scores_100_in_views_as_in_the_outcome() -> None:
    game = TriATri(2)
    for seed in range(300):
        state = game.new_state(seed=seed)
        random_playout(state, random.Random(seed))
        if state.outcome().details["instant_winner"] is not None:
            break
    else:
        raise AssertionError("no instant win in 300 random games")
    winner = state.outcome().details["instant_winner"]
    assert state.view(0)["scores"][winner] == 100
    assert list(state.outcome().scores) == state.view(None)["scores"]
    assert "score 100" in state.render(winner)


# -- what the checks above leave out ----------------------------------------------------------------

DECK_2P = ["R5", "G2", "F", "B6", "R2", "G6", "B3", "R4", "G5", "B2", "F", "R6", "G3", "B4", "R3", "G4", "B5"]
"""Deals seat 0 R5 G2 F B6 R2 G6 and seat 1 B3 R4 G5 B2 F R6."""


def deck_2p_after(*texts: str) -> TriATriState:
    """A 2-player game dealing :data:`DECK_2P` every round, after the start cards R5 and R6 (seat
    1 starts) and ``texts``."""
    state = cast(TriATriState, TriATri(2).new_state(setup={"decks": [DECK_2P] * 3}))
    reveal(state, "R5", "R6")
    play(state, *texts)
    return state


def test_only_text_is_read_as_an_action() -> None:
    game = TriATri(2)
    for bad in [5, None, b"R5", ["R5"]]:
        with pytest.raises(NotationError, match="is text"):
            game.string_to_action(bad)  # type: ignore[arg-type]


def test_state_json_must_name_its_game_and_players() -> None:
    data = deck_2p_after("gem B").to_json()
    for key in ("game", "players"):
        with pytest.raises(StateError, match="not a 2-player triatri state"):
            TriATri(2).state_from_json({k: v for k, v in data.items() if k != key})


def test_constrained_deal_refuses_more_cards_than_room() -> None:
    # No voids, but three cards for two places: no deal exists (the uniform cut would drop one).
    with pytest.raises(StateError):
        deal_constrained([card("R2"), card("R3"), card("R4")], [1, 1], [0, 0], random.Random(0))


def test_state_json_hands_and_decks_are_lists_of_whole_decks() -> None:
    state = deck_2p_after("gem B")
    hands = state.to_json()["state"]["hands"]
    refused(state, "each hand is a list of cards", hands=[dict.fromkeys(hands[0], 0), hands[1]])
    decks = state.to_json()["state"]["decks"]
    refused(state, "'decks' must hold 3 decks", decks=decks[:2])
    later = [decks[2][1], *decks[2][1:]]  # round 3 deals its second card twice, its first never
    refused(state, "each deck must hold the whole deck once", decks=[*decks[:2], later])


def test_state_json_tied_reveals_are_ties_of_one_card_a_seat() -> None:
    state = new_state(2, TWO)
    refused(state, "each tied reveal shows one card per seat", repicks=[["F", "F", "F"]])
    refused(state, "the reveal B3 B6 is not tied", repicks=[["B3", "B6"]])  # the higher card: seat 1 starts
    refused(state, "the reveal R6 R3 is not tied", repicks=[["R6", "R3"]])  # seat 0 starts


def test_state_json_start_cards_are_revealed_only_once_everyone_chose() -> None:
    state = new_state(2, TWO)  # both seats hold a fake
    hands = state.to_json()["state"]["hands"]
    without_fake = [c for c in hands[0] if c != "F"]
    why = "no start card is revealed before everyone has chosen"
    refused(state, why, start_cards=["F", None], hands=[without_fake, hands[1]])
    refused(state, why, start_player=0)
    # A chosen start card is one the seat holds: seat 1 holds no fake here.
    state = new_state(2, [TWO[0], ["B6", "G6", "R3", "B2", "G5", "G2"]])
    refused(state, "seat 1's chosen start card is not in its hand", pending=[None, "F"])


def test_state_json_gem_is_at_stake_only_in_the_play_phase() -> None:
    state = deck_2p_after()  # seat 1 chooses the gem
    refused(state, "a gem is at stake exactly while a trick is played", gem="gem R")


def test_state_json_leader_holds_the_own_gem_put_up() -> None:
    state = deck_2p_after("gem R", "R4")  # seat 1 leads R4 for the supply's Fire gem
    assert edited(state) == state
    refused(state, "the leader puts up a gem they do not hold", gem="gem own R")


def test_state_json_trick_in_progress_follows_the_gem_colour() -> None:
    state = deck_2p_after("gem B", "B3")  # seat 1 leads B3, as it must: it holds Water
    assert edited(state) == state
    hands = state.to_json()["state"]["hands"]
    held = sorted([*hands[1], "B3"], key=card)
    held.remove("R4")
    why = "seat 1 played R4 in trick 1 while holding a Water card: it must follow the gem's colour"
    refused(state, why, trick={"played": ["R4"], "cards": [["R4", 4]]}, hands=[hands[0], held])


def test_state_json_finished_tricks_hold_one_card_a_seat_with_their_values() -> None:
    state = deck_2p_after("gem B", "B3", "B6")  # B6 beats B3: seat 0 wins
    body = state.to_json()["state"]
    assert body["tricks"][0]["cards"] == [["B3", 3], ["B6", 6]] and edited(state) == state
    # Seat 1 alone played to the trick and won it, seat 0 keeping B6.
    alone = {"leader": 1, "gem": "gem B", "played": ["B3"], "cards": [["B3", 3]], "winner": 1}
    hands = [sorted([*body["hands"][0], "B6"], key=card), body["hands"][1]]
    gems = [[0, 0, 0], [0, 1, 0]]
    why = "a finished trick holds one card per seat"
    refused(state, why, tricks=[alone], last_trick=alone, hands=hands, gems=gems, leader=1)
    doubled = {**body["tricks"][0], "cards": [["B3", 3], ["B6", 12]]}  # Water doubles after Fire only
    refused(state, "trick 1's cards are not where, or not worth what", tricks=[doubled], last_trick=doubled)


def test_state_json_end_needs_a_trick_and_a_game_over() -> None:
    state = deck_2p_after()  # round 1, no trick played
    why = "the game ends only when a trick is won"
    gems = [[2, 2, 2], [0, 0, 0]]
    refused(state, why, phase="over", leader=None, end="instant win", instant_winner=0, gems=gems, supply=[4, 4, 4])
    three_rounds = finished(2, seed=5)
    assert three_rounds.view()["end"] == "three rounds"
    refused(three_rounds, "the end reason does not match the phase", end=None)


def test_state_json_instant_winner_seat_0_must_have_won_the_last_trick() -> None:
    state = reached(2, lambda s: s.is_terminal() and s.view()["instant_winner"] == 1)
    refused(
        state,
        "seat 0 cannot win at once: seat 1 won the last trick",
        gems=state.view()["gems"][::-1],
        instant_winner=0,
    )


def test_state_json_names_the_round_the_supply_does_not_fit() -> None:
    state = reached(
        2,
        lambda s: (
            s.view()["round"] == 2
            and s.view()["phase"] == "gem"
            and s.view()["tricks_done"] == 1
            and not s.view()["last_trick"]["gem"].startswith("gem own")
        ),
    )
    won = state.view()["last_trick"]
    gems = [[1, 1, 1], [1, 1, 1]]  # six gems out before round 2, which only five tricks take
    gems[won["winner"]][colour_of(won)] += 1
    supply = [6 - gems[0][c] - gems[1][c] for c in range(3)]
    why = "6 gems had left the supply before round 2, but only 5 tricks were played"
    refused(state, why, gems=gems, supply=supply)


def test_setup_error_names_the_deck() -> None:
    with pytest.raises(SetupError, match=re.escape("(17 cards: each colour 2..6, 2 fakes)")):
        TriATri(2).state_from_setup({"decks": [DECK_2P[:-1], DECK_2P, DECK_2P]})


def test_hand_refuses_a_seat_the_game_does_not_have() -> None:
    state = deck_2p_after()
    for seat in (2, -1, None):
        with pytest.raises(StateError, match="no seat"):
            state.hand(seat)  # type: ignore[arg-type]


def test_positions_differ_in_the_decks_still_to_deal() -> None:
    later = [["R2", "R3", "R4", "R5", "R6", "G2"], ["B2", "B3", "B4", "B5", "B6", "G3"]]
    assert new_state(2, TWO) == new_state(2, TWO)
    assert new_state(2, TWO) != new_state(2, TWO, later)


def test_sampled_hands_keep_a_tied_card_after_the_seat_used_its_fake() -> None:
    state = new_state(3, THREE)
    reveal(state, "R7", "B7", "G7")
    reveal(state, "F", "B2", "G3")  # seat 0 reveals its fake: R7, shown in the tie, is still in its hand
    view = state.view(1)
    for seed in range(20):
        sample = state.game.sample_state(view, random.Random(seed))
        hidden = sample.to_json()["state"]["hands"]
        assert "R7" in hidden[0] and "G7" in hidden[2]


def test_render_shows_who_chose_starts_leads_and_plays() -> None:
    state = new_state(2, TWO)
    assert "chosen so far: nobody" in state.render()
    state.apply_action(card("F"), 0)
    assert "chosen so far: P1" in state.render(1)
    assert "Your start card: F" in state.render(0) and "Your start card" not in state.render(1)
    state.apply_action(card("B2"), 1)  # the fake counts 0: seat 1 starts
    lines = state.render().splitlines()
    assert "start card F" in lines[2] and "<- leader" not in lines[2]
    assert "start card B2" in lines[3] and lines[3].endswith("<- leader")
    play(state, "gem B", "B6")
    assert "P1 to play" in state.render()


def test_a_view_showing_a_played_card_in_the_hand_is_refused() -> None:
    view = copy.deepcopy(deck_2p_after("gem B", "B3", "B6").view(0))
    view["hand"] = ["F", "B3", "R2", "G6"]  # seat 1 played B3; seat 0 holds G2
    with pytest.raises(StateError, match="the view shows more cards than the deck holds"):
        TriATri(2).sample_state(view, random.Random(1))


# -- what a view says the last action did ------------------------------------------------------------


def texts(state: TriATriState, seat: int | None = None) -> list[str]:
    return [event["text"] for event in state.view(seat)["events"]]


def test_a_sealed_start_card_is_the_last_action_only_for_its_seat() -> None:
    state = new_state(3, THREE)
    assert state.view(None)["last_action"] is None and state.view(0)["events"] == []
    state.apply_action(card("B7"), 1)
    assert state.view(1)["last_action"] == {"seat": 1, "action": "B7"}
    assert state.view(1)["events"] == [
        {"type": "choose", "seat": 1, "card": "B7", "text": "P2 chooses B7 as start card"}
    ]
    for seat in (None, 0, 2):
        assert state.view(seat)["last_action"] == {"seat": 1, "action": None}
        assert state.view(seat)["events"] == [{"type": "choose", "seat": 1, "text": "P2 has chosen a start card"}]
    # The last choice reveals them all: every seat sees every card and who starts, and why.
    state.apply_action(card("R7"), 0)
    state.apply_action(card("G5"), 2)
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["last_action"] == {"seat": 2, "action": "G5"}
        assert texts(state, seat) == [
            "Start cards: P1 R7, P2 B7, P3 G5",
            "P2 starts round 1: B7 beats R7 (Water beats Fire)",
        ]


def test_a_tied_reveal_is_an_event() -> None:
    state = new_state(3, THREE)
    reveal(state, "R7", "B7", "G7")
    assert state.view(None)["events"] == [
        {
            "type": "repick",
            "seat": None,
            "cards": ["R7", "B7", "G7"],
            "text": "Start cards tied (P1 R7, P2 B7, P3 G7): the cards go back and everyone picks again",
        }
    ]


def test_trick_events_name_the_cards_the_winner_and_the_gem_moved() -> None:
    state = deck_2p_after("gem B")
    assert state.view(0)["events"] == [
        {"type": "gem", "seat": 1, "gem": "B", "from": None, "text": "P2 puts up a blue gem from the supply"}
    ]
    play(state, "B3")
    assert texts(state) == ["P2 leads B3"]
    play(state, "B6")
    assert texts(state) == ["P1 plays B6", "P1 wins the trick and takes a blue gem from the supply"]
    trick = state.view(None)["events"][1]
    assert trick == trick | {"type": "trick", "seat": 0, "trick": 1, "gem": "B", "from": None}
    play(state, "gem own B", "R2")
    assert texts(state) == ["P1 leads R2"]
    play(state, "F")  # seat 1 holds no Water: it plays its fake and takes R2
    assert state.view(None)["events"] == [
        {"type": "fake", "seat": 1, "card": "F", "took": "R2", "value": 2, "from": 0,
         "text": "P2 plays the fake and takes R2 (2) from P1"},
        {"type": "trick", "seat": 1, "trick": 2, "gem": "B", "from": 0,
         "text": "P2 wins the trick and takes a blue gem from P1"},
    ]  # fmt: skip


def test_a_doubled_card_and_a_kept_own_gem_are_said() -> None:
    state = deck_2p_after("gem B", "B3", "B6", "gem own B", "R2", "B2")  # Water after Fire: a 2 counts four times
    assert texts(state) == ["P2 plays B2: 8 (four times after R2)", "P2 wins the trick and takes a blue gem from P1"]
    state = deck_2p_after("gem B", "B3", "B6", "gem own B", "G6", "B2")
    assert texts(state) == ["P2 plays B2", "P1 wins the trick and keeps its own blue gem"]


def test_the_round_s_last_trick_stays_in_the_view_after_the_round_ends() -> None:
    state = new_state(2, TWO)
    rng = random.Random(1)
    while state.view(None)["round"] == 1:
        random_step(state, rng)
    view = state.view(None)
    said = [event["type"] for event in view["events"]]
    assert said == ["play", "trick", "round_end", "round_start"]
    assert view["events"][2]["text"] == "Round 1 is over" and view["tricks"] == []
    last_trick = view["last_trick"]
    assert view["events"][1]["seat"] == last_trick["winner"] and len(last_trick["played"]) == 2
    assert view["last_action"] == {"seat": (last_trick["leader"] + 1) % 2, "action": last_trick["played"][-1]}


def test_the_end_of_the_game_is_said() -> None:
    state = before_last_card_of_example_1_in_round_3([[1, 0, 0], [0, 0, 0], [2, 1, 2], [0, 0, 1]])
    play(state, "B5")
    assert texts(state)[-3:] == [
        "P3 wins the trick and takes a blue gem from the supply",
        "P3 holds two gems of each colour and wins at once (100 points)",
        "Game over (instant win): P3 wins with 100",
    ]
    state = before_last_card_of_example_1_in_round_3([[0, 2, 0], [0, 3, 0], [0, 0, 0], [0, 0, 0]])
    play(state, "B5")
    assert [e["type"] for e in state.view(None)["events"]] == ["play", "trick", "supply_exhausted", "game_end"]
    assert texts(state)[2] == "The supply has no blue gem left: the game ends"


def test_the_last_action_is_no_part_of_the_position() -> None:
    a, b = new_state(3, THREE), new_state(3, THREE)
    a.apply_action(card("R7"), 0)
    a.apply_action(card("B7"), 1)
    b.apply_action(card("B7"), 1)
    b.apply_action(card("R7"), 0)
    assert a == b and a.key() == b.key() and hash(a) == hash(b)
    assert a.view(2)["last_action"] != b.view(2)["last_action"]
    for state in (a, b):  # the JSON keeps it: read back, the views are the same
        again = state.game.state_from_json(state.to_json())
        assert all(again.view(s) == state.view(s) for s in (None, 0, 1, 2))


def test_state_json_s_last_action_must_lead_to_the_position() -> None:
    state = deck_2p_after("gem B", "B3")
    data = json.loads(json.dumps(state.to_json()))
    assert data["state"]["last_action"] == {"seat": 1, "action": "B3"}
    for bad, why in [
        ({"seat": 0, "action": "B3"}, "did not lead to this position"),
        ({"seat": 1, "action": "B2"}, "did not lead to this position"),
        ({"seat": 1, "action": "gem B"}, "is not the gem at stake"),
        (None, "null only before the first action"),
        ({"seat": 1}, "an object with 'seat' and 'action'"),
        ({"seat": 1, "action": "X9"}, "bad 'last_action'"),
    ]:
        broken = copy.deepcopy(data)
        broken["state"]["last_action"] = bad
        broken["history"] = []
        with pytest.raises(StateError, match=re.escape(why)):
            state.game.state_from_json(broken)
    # A position need not be where its history leads (then it has no record), but its own last
    # action is what views tell: it must lead to the position.
    broken = copy.deepcopy(data)
    broken["history"] = broken["history"][:-1]
    again = state.game.state_from_json(broken)
    assert again.view(0)["events"] == state.view(0)["events"]
    with pytest.raises(RecordError):
        Record.from_state(again)


def test_a_view_s_last_action_is_sampled_as_it_was_hidden() -> None:
    state = new_state(3, THREE)
    state.apply_action(card("R7"), 0)
    view = state.view(1)
    rng = random.Random(3)
    for _ in range(10):
        sample = state.game.sample_state(view, rng)
        assert sample.view(1) == view  # the hidden start card of seat 0 is its drawn one
    own = state.view(0)
    own["last_action"] = {"seat": 0, "action": None}
    with pytest.raises(StateError, match="hides no action from its own seat"):
        state.game.sample_state(own, rng)


def test_the_drawing_is_the_view_s_and_fits_the_screen() -> None:
    from tritable.games.triatri.render import draw

    for players in (2, 3, 4):
        state = TriATri(players).new_state(seed=players)
        rng = random.Random(players)
        while not state.is_terminal():
            for seat in (None, *range(players)):
                view = state.view(seat)
                assert draw(view).text() == state.render(seat)
                drawing = draw(view, 80, 24)
                assert drawing.width <= 80 and drawing.height <= 14
                assert all(line.rstrip() for line in drawing.text().splitlines())
                narrow = draw(view, 40).text().splitlines()  # tricks wrap between plays
                assert all(len(line) <= 40 for line in narrow if line.startswith(("Trick", "Last trick", "    ")))
            random_step(state, rng)
    said = draw(deck_2p_after("gem B", "B3").view(0), 80, 24).text()
    assert said.endswith("P2 leads B3")
