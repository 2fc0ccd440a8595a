"""Triominos rules: every worked example of the rule text, the bonuses on real layouts, drawing,
the start of a round, round and game ends (property tests: test_triominos_properties.py)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any, cast

import pytest

from tritable.engine import (
    TERMINAL,
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    OutOfTurnError,
    SetupError,
    StateError,
)
from tritable.engine.playout import random_step
from tritable.games.triominos import Triominos, TriominosState
from tritable.games.triominos.basics import DRAW, PASS
from tritable.games.triominos.sampling import round_bans
from tritable.games.triominos.tiles import INDEX, LIMIT, NAMES, SUMS, TILES

# -- helpers --------------------------------------------------------------------------------------


def deal(*racks: str, pool: str = "") -> str:
    """A deal text: the racks in seat order, each filled up to its size with the lightest unnamed
    tiles that are not triples, then ``pool`` first in the pool, then every other tile."""
    named = " ".join([*racks, pool]).split()
    assert len(set(named)) == len(named)
    size = 9 if len(racks) == 2 else 7
    filler = iter(t for t in sorted(NAMES, key=lambda t: SUMS[NAMES.index(t)]) if t not in named and len(set(t)) > 2)
    tiles = []
    for rack in racks:
        tiles += rack.split()
        tiles += [next(filler) for _ in range(size - len(rack.split()))]
    tiles += pool.split()
    return " ".join(tiles + [t for t in NAMES if t not in tiles])


def new(*racks: str, pool: str = "", rounds: int = 1, start: bool = True, **options: Any) -> TriominosState:
    """The round dealt, and (``start``) its start tile laid when the starter has no choice."""
    game = Triominos(len(racks), options)
    deals = [deal(*racks, pool=pool)] + [deal() for _ in range(rounds - 1)]
    state = game.state_from_setup({"deals": deals})
    if start and len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    return state


def position(
    layout: list[str],
    racks: list[list[str]],
    *,
    pool: list[str] | None = None,
    to_move: int = 0,
    scores: list[int] | None = None,
    draws: int = 0,
    future: tuple[str, ...] = (),
    revealed: list[list[str]] | None = None,
    **options: Any,
) -> TriominosState:
    """A mid-round position (through ``state_from_json``, which checks it is a legal layout; with
    no setup, it is a position of its own)."""
    n = len(racks)
    game = Triominos(n, options)
    placed = [t.split("@")[0] for t in layout]
    held = [t for r in racks for t in r]
    if pool is None:
        pool = [t for t in NAMES if t not in placed + held]
    data = game.new_state(seed=0).to_json()
    data.update(
        layout=layout,
        racks=racks,
        pool=pool,
        to_move=to_move,
        scores=scores or [0] * n,
        draws=draws,
        choice=False,
        revealed=revealed or [[] for _ in range(n)],
        last=None,
        start=None,
        log=[],
        history=[],
        future=list(future),
        setup=None,  # a position of its own: no setup and history for it to contradict
    )
    # Written for the reader, the new deal's would not agree; the target counts as reached when
    # a score given is at or over it.
    for derived in ("rounds", "hand_sizes", "target_reached"):
        del data[derived]
    return game.state_from_json(data)


def game_of(state: TriominosState) -> Triominos:
    """The state's game, typed as the Triominos game it is."""
    assert isinstance(state.game, Triominos)
    return state.game


def play(state: TriominosState, *moves: str) -> None:
    for text in moves:
        state.apply_action(state.game.string_to_action(text))


def gain(state: TriominosState, move: str) -> float:
    """What ``move`` scores for the seat to move (the round must go on after it)."""
    seat = state.current_player()
    before = state.scores()[seat]
    play(state, move)
    assert not state.log, "the round ended: the gain would include the round's points"
    return state.scores()[seat] - before


# The layouts below were built so that every tile in them fits its neighbours; the last entry is
# the tile under test.
HEXAGON = ["1-1-2@-1,-1/r1", "1-2-2@0,-1/r0", "1-2-4@1,-1/r2", "0-1-1@-1,0/r0", "0-1-4@1,0/r0"]
DOUBLE_HEXAGON = [
    "0-1-1@-1,-1/r2", "1-1-1@0,-1/r0", "1-1-3@1,-1/r2", "0-0-1@-1,0/r0", "1-3-5@1,0/r1",
    "3-4-5@2,0/r0", "0-5-5@0,1/r1", "5-5-5@1,1/r0", "4-5-5@2,1/r2",
]  # fmt: skip
TRIPLE_HEXAGON = [
    "0-0-5@-1,-1/r0", "0-0-0@0,-1/r0", "0-0-1@1,-1/r2", "0-4-5@-1,0/r2", "0-1-2@1,0/r1",
    "1-1-2@2,0/r0", "2-3-4@0,1/r2", "2-2-3@1,1/r0", "1-2-2@2,1/r2", "4-4-5@-2,0/r1",
    "3-4-4@-2,1/r0", "3-3-4@-1,1/r1",
]  # fmt: skip
BRIDGE = [
    "1-1-2@0,1/r2", "1-1-5@1,1/r2", "1-4-5@2,1/r1", "1-4-4@2,0/r2", "3-4-4@3,0/r2",
    "2-3-4@3,-1/r0", "2-4-4@2,-1/r2", "4-4-5@1,-1/r0",
]  # fmt: skip
SLOT = [
    "1-1-3@-1,0/r2", "1-2-3@-2,0/r1", "1-1-2@-2,1/r2", "1-1-1@-1,1/r0", "0-1-1@-1,2/r0",
    "0-0-1@0,2/r1", "0-1-5@1,2/r0", "1-5-5@1,1/r2", "3-5-5@2,1/r2", "3-3-5@2,0/r0", "1-3-5@1,0/r1",
]  # fmt: skip
CLOSED_SLOT = [  # 0,0 is closed in on three sides, and no hexagon closes round its corners
    "1-5-5@-1,0/r2", "4-5-5@-2,0/r2", "2-4-5@-2,1/r0", "2-3-4@-3,1/r1", "2-2-3@-3,2/r2",
    "0-2-2@-2,2/r1", "0-2-4@-1,2/r0", "0-0-4@0,2/r1", "0-4-4@1,2/r0", "4-4-4@1,1/r0",
    "4-4-5@0,1/r2", "1-1-4@1,0/r1", "1-1-1@1,-1/r0", "1-1-3@2,-1/r0", "1-2-3@2,-2/r2",
    "1-1-2@1,-2/r0", "0-1-1@0,-2/r2", "0-0-1@-1,-2/r0", "0-0-0@-2,-2/r0", "0-0-5@-2,-1/r1",
    "0-1-5@-1,-1/r0",
]  # fmt: skip


# -- tiles and notation ---------------------------------------------------------------------------


def test_the_56_tiles_ascend_clockwise() -> None:
    assert len(TILES) == len(set(TILES)) == 56
    assert all(0 <= a <= b <= c <= 5 for a, b, c in TILES)
    assert "0-1-2" in NAMES and "0-2-1" not in NAMES
    assert sum(1 for a, b, c in TILES if a == b == c) == 6


@pytest.mark.parametrize(("players", "size"), [(2, 9), (3, 7), (4, 7)])
def test_racks_of_9_with_two_players_7_with_three_or_four_the_rest_is_the_pool(players: int, size: int) -> None:
    # The text: "2 giocatori: 9 triominos - Da 3 a 4 giocatori: 7"; the unused tiles are the pool.
    order = [NAMES[i] for i in random.Random(players).sample(range(56), 56)]
    state = Triominos(players).state_from_setup({"deals": [" ".join(order)]})
    assert not state.layout  # the start tile is still to be laid: every rack is whole
    view = state.view()
    assert view["hand_sizes"] == [size] * players and view["pool"] == 56 - size * players
    for seat in range(players):
        assert sorted(state.view(seat)["hand"]) == sorted(order[seat * size : (seat + 1) * size])


def test_notation_round_trip_and_errors() -> None:
    game = Triominos(2)
    action = game.string_to_action("1-2-5@3,-2/r1")
    assert action == (NAMES.index("1-2-5"), 3, -2, 1)
    assert game.action_to_string(action) == "1-2-5@3,-2/r1"
    assert game.string_to_action(" 1-2-5 @ 3 , -2 / R1 ") == action
    assert game.string_to_action("DRAW") == DRAW and game.action_to_string(DRAW) == "draw"
    assert game.string_to_action("pass") == PASS and game.action_to_string(PASS) == "pass"
    with pytest.raises(NotationError, match="no tile 0-2-1: its numbers do not ascend clockwise"):
        game.string_to_action("0-2-1@0,0/r0")
    with pytest.raises(NotationError, match="1-2-5"):
        game.string_to_action("2-5-1@0,0/r0")  # the same tile written from another corner
    with pytest.raises(NotationError, match="triple"):
        game.string_to_action("3-3-3@1,0/r2")
    for bad in ("", "1-2-5@3/r1", "1-2-5@3,-2/r3", "1-2-6@0,0/r0", "draw please"):
        with pytest.raises(NotationError):
            game.string_to_action(bad)
    with pytest.raises(NotationError):
        game.action_to_string((55, 0, 0, 1))
    with pytest.raises(NotationError):  # no text for a triangle off the grid: it would not read back
        game.action_to_string((0, 10**30, 0, 0))
    with pytest.raises(NotationError, match="x and y run from -100 to 100"):  # nor is one read
        game.string_to_action("1-2-5@9999,0/r1")
    with pytest.raises(NotationError, match="write a placement"):  # digits of other scripts are not 0-9
        game.string_to_action("5-5-5@\u0660,\u0660/r0")


# -- start of a round -----------------------------------------------------------------------------


def test_highest_triple_starts_and_scores_25() -> None:
    state = new("0-1-2 3-3-3 1-1-4", "5-5-5 0-0-4 2-2-2", "1-2-5 1-1-1 3-4-5")
    assert state.layout and state.view()["layout"] == ["5-5-5@0,0/r0"]
    assert state.scores() == [0, 25, 0]  # 5+5+5+10
    assert state.start == (1, NAMES.index("5-5-5"), 25, -1)
    assert state.current_player() == 2  # clockwise from the starter
    assert state.racks[1].bit_count() == 6
    # The text's own case: "a triple 5 beats a triple 2", in the other seat's rack.
    state = new("2-2-2 0-1-2", "5-5-5 0-0-4")
    assert state.start == (1, NAMES.index("5-5-5"), 25, -1) and state.current_player() == 0


def test_triple_zero_alone_scores_40() -> None:
    state = new("0-1-2 1-2-3 1-1-4", "0-0-0 0-0-4 2-4-4")
    assert state.scores() == [0, 40]
    assert state.current_player() == 0


def test_no_triple_highest_tile_starts_with_its_sum_14() -> None:
    state = new("0-1-2 1-2-3 3-4-5", "4-5-5 0-0-4 2-4-4", "0-1-3 1-2-4 3-3-5")
    assert state.scores() == [0, 14, 0]  # 5+5+4, no bonus
    assert state.view()["layout"] == ["4-5-5@0,0/r0"]
    assert state.current_player() == 2


def test_equal_sums_without_triples_go_to_the_higher_largest_number() -> None:
    state = new("4-4-5 0-1-2", "0-1-4 3-5-5", "1-2-3 0-0-5")  # both sum 13
    assert state.scores() == [0, 13, 0]
    assert state.view()["layout"] == ["3-5-5@0,0/r0"]


def test_holder_of_the_highest_triple_and_triple_zero_chooses() -> None:
    racks = ("1-2-4 3-3-5 0-1-2", "4-4-4 0-0-0 1-2-5", "0-1-3 2-2-2 0-0-5")
    state = new(*racks)
    assert state.current_player() == 1 and not state.layout
    game = state.game
    assert [game.action_to_string(a) for a in state.legal_actions()] == ["4-4-4@0,0/r0", "0-0-0@0,0/r0"]
    for seat in (None, 0, 1, 2):  # the others see P2 lay the start tile, nothing of its rack
        assert state.view(seat)["choice"] and state.view(seat)["revealed"] == [[], [], []]
    assert "0-0-0" not in state.render(0) and "P2 lays the start tile" in state.render(0)
    with pytest.raises(IllegalActionError):
        play(state, "draw")
    with pytest.raises(IllegalActionError, match="starts the round"):
        play(state, "1-2-5@0,0/r0")
    zero = state.clone()
    play(zero, "0-0-0@0,0/r0")
    assert zero.scores() == [0, 40, 0] and zero.current_player() == 2
    for seat in (None, 0, 1, 2):  # the other triple is shown to everyone
        view = zero.view(seat)
        assert view["revealed"] == [[], ["4-4-4"], []]
        assert view["start"] == {"seat": 1, "tile": "0-0-0", "points": 40, "revealed": "4-4-4"}
        assert view["history"] == [[1, "0-0-0@0,0/r0"]]
    assert "P2 has shown: 4-4-4" in zero.render(0)
    play(state, "4-4-4@0,0/r0")  # choosing the higher triple shows nothing: 0-0-0 stays hidden
    assert state.scores() == [0, 22, 0] and state.view(0)["revealed"] == [[], [], []]
    assert "0-0-0" not in state.render(0)


def test_every_start_is_an_action_that_hides_the_choice() -> None:
    # The starter lays the start tile in every round: whether it has a choice does not show.
    other = "0-1-3 2-2-2 0-0-5 0-1-4 0-2-3 1-1-2 1-2-3 0-2-4 1-1-3"
    plain = new("4-4-4 1-2-5 0-1-2", other, start=False)
    choosing = new("4-4-4 0-0-0 1-2-5", other, start=False)
    for state in (plain, choosing):
        assert state.current_player() == 0 and not state.layout and state.start is None
        assert state.view(1) == plain.view(1)
    assert [plain.game.action_to_string(a) for a in plain.legal_actions()] == ["4-4-4@0,0/r0"]
    with pytest.raises(IllegalActionError, match=r"play 4-4-4@0,0/r0$"):
        play(plain, "0-1-2@0,0/r0")
    with pytest.raises(IllegalActionError, match="must first lay the start tile"):
        plain.apply_action(DRAW)
    assert plain.lay_points(plain.legal_actions()[0]) == 22
    play(plain, "4-4-4@0,0/r0")
    assert plain.history == [(0, plain.game.string_to_action("4-4-4@0,0/r0"))]
    assert plain.scores() == [22, 0] and plain.current_player() == 1


def test_a_shown_tile_is_hidden_again_once_laid() -> None:
    layout = ["0-0-0@0,0/r0", "0-0-4@1,0/r0", "0-4-4@2,0/r2"]
    state = position(layout, [["4-4-4", "0-1-2"], ["2-2-2"]], revealed=[["4-4-4"], []])
    assert state.view(1)["revealed"] == [["4-4-4"], []]
    play(state, "4-4-4@3,0/r0")
    assert state.view(1)["revealed"] == [[], []]


def test_a_clone_lays_its_shown_tile_on_its_own() -> None:
    layout = ["0-0-0@0,0/r0", "0-0-4@1,0/r0", "0-4-4@2,0/r2"]
    state = position(layout, [["4-4-4", "0-1-2"], ["2-2-2"]], revealed=[["4-4-4"], []])
    copy = state.clone()
    play(copy, "4-4-4@3,0/r0")
    assert copy.view(1)["revealed"] == [[], []]
    assert state.view(1)["revealed"] == [["4-4-4"], []]  # the original still shows it, unlaid
    assert state.tally(1).shown_tiles == (1, 0)


def test_no_choice_when_another_seat_holds_a_higher_triple() -> None:
    state = new("4-4-4 0-0-0 1-2-5", "5-5-5 0-1-2 1-2-3")
    assert state.scores() == [0, 25] and state.current_player() == 0 and not state.choice


def test_every_round_starts_by_the_rule() -> None:
    # Seat 0 goes out with its last tile; the next deal gives seat 1 the highest triple.
    nxt = deal("0-1-2 1-2-3 0-0-4 1-1-4 0-1-3 2-2-4 0-2-3 1-2-4 1-3-4", "3-3-3 0-1-4 0-1-5 1-1-5 0-2-4")
    state = position(["5-5-5@0,0/r0"], [["2-5-5"], ["0-0-1", "0-1-1"]], future=(nxt,))
    play(state, "2-5-5@1,0/r2")
    assert state.log[0][2] == "out" and state.round == 1
    assert state.current_player() == 1 and not state.layout  # seat 1 lays the start tile
    assert [state.game.action_to_string(a) for a in state.legal_actions()] == ["3-3-3@0,0/r0"]
    play(state, "3-3-3@0,0/r0")
    assert state.view()["layout"] == ["3-3-3@0,0/r0"]
    assert state.start == (1, NAMES.index("3-3-3"), 19, -1)
    assert state.scores() == [12 + 25 + 1 + 2, 19]
    assert state.current_player() == 0


# -- laying tiles and the bonuses -----------------------------------------------------------------


def test_ordinary_placement_scores_its_sum_12() -> None:
    state = new("5-5-5 0-1-2", "2-5-5 0-0-4")
    assert gain(state, "2-5-5@1,0/r2") == 12  # 5+5+2


def test_hexagon_scores_51() -> None:
    state = position(HEXAGON, [["0-0-1", "2-2-2"], ["3-3-3"]])
    assert gain(state, "0-0-1@0,0/r1") == 51  # 0+0+1+50


def test_double_and_triple_hexagon() -> None:
    state = position(DOUBLE_HEXAGON, [["0-1-5", "2-2-2"], ["3-3-3"]])
    assert gain(state, "0-1-5@0,0/r2") == 6 + 60
    state = position(TRIPLE_HEXAGON, [["0-2-4", "3-3-3"], ["5-5-5"]])
    assert gain(state, "0-2-4@0,0/r0") == 6 + 70


def test_bridge_scores_48() -> None:
    state = position(BRIDGE, [["1-2-5", "0-0-0"], ["3-3-3"]])
    assert gain(state, "1-2-5@0,0/r1") == 48  # 2+5+1+40


def test_filling_a_slot_scores_47() -> None:
    state = position(SLOT, [["1-1-5", "0-0-0"], ["3-3-3"]])
    assert gain(state, "1-1-5@0,0/r2") == 47  # 5+1+1+40
    # Laid on 0,1 instead, it closes the hexagon round point 1,2: the hexagon bonus, not the slot's.
    state = position(SLOT, [["1-1-5", "0-0-0"], ["3-3-3"]])
    assert gain(state, "1-1-5@0,1/r0") == 7 + 50


def test_a_slot_closed_on_three_sides_scores_the_slot_bonus() -> None:
    state = position(CLOSED_SLOT, [["1-4-5", "3-3-3"], ["5-5-5"]])
    assert gain(state, "1-4-5@0,0/r0") == 10 + 40


def test_only_the_best_bonus_counts() -> None:
    # Closing the hexagon also lays two edges: +50 only, not +50 +40.
    state = position(HEXAGON, [["0-0-1", "2-2-2"], ["3-3-3"]])
    assert gain(state, "0-0-1@0,0/r1") == 1 + 50
    # A double hexagon lays two edges too: +60 only.
    state = position(DOUBLE_HEXAGON, [["0-1-5", "2-2-2"], ["3-3-3"]])
    assert gain(state, "0-1-5@0,0/r2") == 6 + 60


def test_point_contact_corners_must_match() -> None:
    # In the bridge slot the base lies against 1-1-2, and the apex only touches 4-4-5 at a point.
    state = position(BRIDGE, [["1-2-5", "0-1-2", "1-2-3"], ["3-3-3"]])
    slot = [a for a in cast(list[tuple[int, ...]], state.legal_actions()) if a[1:3] == (0, 0)]
    assert [state.game.action_to_string(a) for a in slot] == ["1-2-5@0,0/r1"]
    # 0-1-2 fits the base edge (1 and 2) but brings a 0 to the apex, where 4-4-5 has a 5.
    with pytest.raises(IllegalActionError, match="0 meets a 5 at the corner point 1,0"):
        play(state, "0-1-2@0,0/r0")
    with pytest.raises(IllegalActionError, match="3 meets a 5"):
        play(state, "1-2-3@0,0/r1")
    assert state.to_json() == position(BRIDGE, [["1-2-5", "0-1-2", "1-2-3"], ["3-3-3"]]).to_json()


def test_placement_errors_name_the_problem() -> None:
    state = new("5-5-5 0-1-2", "2-5-5 0-0-4")
    before = state.to_json()
    for move, why in [
        ("0-0-4@1,0/r0", "corner|meets"),
        ("0-1-2@1,0/r0", "not in seat 1's rack"),
        ("2-5-5@0,0/r0", "already holds a tile"),
        ("2-5-5@5,5/r0", "shares no edge"),
    ]:
        with pytest.raises(IllegalActionError, match=why):
            play(state, move)
    with pytest.raises(IllegalActionError, match="not an open slot"):  # off the grid (no notation reads it)
        state.apply_action((NAMES.index("2-5-5"), 500, 0, 0))
    for junk in [(1, 2), (0, 0, 0, True), ("a", 1, 1, 1), (99, 1, 0, 0), (5, 1, 0, 7), None, "draw"]:
        with pytest.raises(IllegalActionError):
            state.apply_action(junk)
    assert state.to_json() == before


def test_bad_input_gets_a_typed_error_naming_why_and_the_state_is_unchanged() -> None:
    state = new("5-5-5 0-1-2", "2-5-5 0-0-4")  # seat 1 to move, and it can lay 2-5-5
    before, history = state.to_json(), list(state.history)
    lay = state.game.string_to_action("2-5-5@1,0/r2")
    for action, player, error, why in [
        (lay, 0, OutOfTurnError, "seat 1's turn, not seat 0's"),
        (DRAW, 0, OutOfTurnError, "seat 1's turn"),
        (state.game.string_to_action("0-1-2@1,0/r0"), None, IllegalActionError, "0-1-2 is not in seat 1's rack"),
        (state.game.string_to_action("0-0-4@1,0/r0"), 1, IllegalActionError, "meets a 5 at the corner point"),
        (DRAW, 1, IllegalActionError, "can place a tile, so must place one"),
        (PASS, None, IllegalActionError, "can place a tile, so must place one"),
    ]:
        with pytest.raises(error, match=why) as caught:
            state.apply_action(action, player)
        assert isinstance(caught.value, ValueError)
        assert state.to_json() == before and state.history == history
    state.apply_action(lay, 1)  # the right seat, the right tile: accepted
    done = position(["5-5-5@0,0/r0"], [["2-5-5"], ["0-0-1"]])
    play(done, "2-5-5@1,0/r2")
    assert done.is_terminal()
    with pytest.raises(GameOverError):
        play(done, "draw")


# -- drawing and passing --------------------------------------------------------------------------


def test_a_player_who_can_place_must_place() -> None:
    state = new("5-5-5 0-1-2", "2-5-5 0-0-4")
    assert DRAW not in state.legal_actions() and PASS not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="must place"):
        play(state, "draw")
    with pytest.raises(IllegalActionError, match="must place"):
        play(state, "pass")


def test_three_failed_draws_cost_5_each_and_10_more() -> None:
    state = position(["5-5-5@0,0/r0"], [["0-1-2"], ["0-0-4"]], pool=None)
    pool = state.view()["pool"]
    assert state.legal_actions() == [DRAW]
    with pytest.raises(IllegalActionError, match="must draw"):
        play(state, "pass")
    for n in (1, 2, 3):
        play(state, "draw")
        assert state.scores()[0] == -5 * n and state.current_player() == 0
    assert state.legal_actions() == [PASS]  # the pool's first tiles 0-0-0, 0-0-1, 0-0-2 do not fit
    with pytest.raises(IllegalActionError, match="drawn 3"):
        play(state, "draw")
    play(state, "pass")
    assert state.scores() == [-25, 0] and state.current_player() == 1
    assert state.view()["pool"] == pool - 3 and state.racks[0].bit_count() == 4


def test_a_drawn_tile_that_fits_must_be_laid_at_once() -> None:
    pool = ["0-0-1", "1-5-5", "0-0-2"]
    rest = [t for t in NAMES if t not in {"5-5-5", "0-1-2", "0-0-4", *pool}]
    state = position(["5-5-5@0,0/r0"], [["0-1-2"], ["0-0-4"]], pool=pool + rest)
    play(state, "draw", "draw")
    assert state.scores()[0] == -10
    actions = cast(list[tuple[int, ...]], state.legal_actions())
    assert actions and all(a[0] == NAMES.index("1-5-5") for a in actions)
    with pytest.raises(IllegalActionError, match="must place"):
        play(state, "draw")
    play(state, state.game.action_to_string(actions[0]))
    assert state.scores()[0] == -10 + 11 and state.current_player() == 1


def test_a_fitting_third_draw_is_laid_without_the_10() -> None:
    pool = ["0-0-1", "0-0-2", "3-5-5"]
    rest = [t for t in NAMES if t not in {"5-5-5", "0-1-2", "0-0-4", *pool}]
    state = position(["5-5-5@0,0/r0"], [["0-1-2"], ["0-0-4"]], pool=pool + rest)
    play(state, "draw", "draw", "draw")
    assert state.scores()[0] == -15 and PASS not in state.legal_actions()
    play(state, "3-5-5@1,0/r2")
    assert state.scores()[0] == -15 + 13 and state.current_player() == 1


def test_empty_pool_pass_costs_nothing() -> None:
    # Every tile is in a rack; seat 0 has nothing with two 5s, seat 1 has them all.
    fives = [f"{v}-5-5" for v in range(5)]
    others = [t for t in NAMES if t != "5-5-5" and t not in fives]
    state = position(["5-5-5@0,0/r0"], [others, fives], pool=[])
    assert state.legal_actions() == [PASS]
    play(state, "pass")
    assert state.scores() == [0, 0] and state.current_player() == 1 and not state.log


def test_pool_running_out_mid_turn_passes_without_the_10() -> None:
    fives = [f"{v}-5-5" for v in range(5)]
    others = [t for t in NAMES if t not in {"5-5-5", "0-1-2", *fives}]
    state = position(["5-5-5@0,0/r0"], [others, fives], pool=["0-1-2"])
    play(state, "draw")
    assert state.legal_actions() == [PASS]
    play(state, "pass")
    assert state.scores() == [-5, 0]


# -- end of a round -------------------------------------------------------------------------------


def test_going_out_scores_25_plus_the_other_racks() -> None:
    state = position(["5-5-5@0,0/r0"], [["0-0-4", "1-1-4"], ["2-5-5"], ["0-1-2", "3-4-5"]], to_move=1)
    play(state, "2-5-5@1,0/r2")
    assert state.scores() == [0, 12 + 25 + (4 + 6) + (3 + 12), 0]
    assert state.log[-1][2:6] == ("out", (1,), (0, 25 + 10 + 15, 0), (10, 0, 15))
    # The finished round is shown after the action that ended it: its layout, scoring and racks left.
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert view["last_round"] == {
            **view["log"][-1],
            "racks": [["0-0-4", "1-1-4"], [], ["0-1-2", "3-4-5"]],
            "layout": ["5-5-5@0,0/r0", "2-5-5@1,0/r2"],
            "last": [1, 0],
        }
        assert [e["type"] for e in view["events"]] == ["lay", "round_end", "game_over"]
        assert view["events"][1]["text"] == "P2 goes out and ends round 1: +50 (25 + 25 in the other racks)"
    assert "layout" not in state.outcome().details["rounds"][-1]  # as records of earlier versions hold it
    assert state.is_terminal()  # the only deal was played (round cap)
    assert state.outcome().details["end"] == "max_rounds"


def test_every_seat_level_after_the_last_round_is_a_draw() -> None:
    # The last round dealt ends with every score equal and none at the target: nobody wins.
    racks = [["0-0-4", "1-1-4"], ["2-5-5"], ["0-1-2", "3-4-5"]]
    state = position(["5-5-5@0,0/r0"], racks, to_move=1, scores=[62, 0, 62])
    play(state, "2-5-5@1,0/r2")  # 62 points: out
    assert state.is_terminal() and state.scores() == [62, 62, 62]
    outcome = state.outcome()
    assert outcome.winners == () and outcome.ranks == (1, 1, 1) and state.returns() == [0.0, 0.0, 0.0]
    assert "Game over: a draw" in state.render()


def _blocked_round(enough: Callable[[list[str]], bool] = lambda stuck: True) -> TriominosState:
    """A finished round that ended blocked, from seeded random play, with ``enough`` stuck tiles."""
    game = Triominos(2, {"max_rounds": 1})
    for seed in range(500):
        state = game.new_state(seed=seed)
        assert isinstance(state, TriominosState)
        rng = random.Random(seed)
        while not state.is_terminal():
            random_step(state, rng)
        if state.log[-1][2] == "blocked" and enough([t for r in state.racks for t in _names(r)]):
            return state
    raise AssertionError("no such blocked round in 500 games")


def _rebuilt(done: TriominosState, racks: list[list[str]], to_move: int = 0) -> TriominosState:
    # The seat to move drew the pool's last tile, which did not fit (a turn that began on the empty
    # pool would have ended the round already).
    return position(done.view()["layout"], racks, pool=[], to_move=to_move, draws=1)


def _names(mask: int) -> list[str]:
    return [NAMES[i] for i in range(56) if mask >> i & 1]


def _sum(tiles: list[str]) -> int:
    return sum(SUMS[NAMES.index(t)] for t in tiles)


def test_blocked_round_lowest_rack_scores_the_others_minus_its_own() -> None:
    done = _blocked_round(lambda stuck: len(stuck) >= 3)
    stuck = sorted((t for r in done.racks for t in _names(r)), key=lambda t: SUMS[NAMES.index(t)])
    assert len(stuck) >= 3
    # Deal the stuck tiles again: seat 1 the lightest, seat 0 all the others.
    racks = [stuck[1:], stuck[:1]]
    state = position(done.view()["layout"], racks, pool=[], to_move=0, draws=1)
    assert state.legal_actions() == [PASS]
    play(state, "pass")  # now no one can lay and the pool is empty: blocked
    assert state.log[-1][2] == "blocked" and state.log[-1][3] == (1,)
    assert state.scores() == [0, _sum(stuck[1:]) - _sum(stuck[:1])]  # others' sums minus its own, no 25


def _tie_pair(stuck: list[str]) -> list[str] | None:
    """Two tiles of equal sum whose sum is below the rest's, if there are such."""
    for i, t in enumerate(stuck):
        for u in stuck[i + 1 :]:
            rest = [v for v in stuck if v not in (t, u)]
            if _sum([t]) == _sum([u]) < _sum(rest):
                return [t, u]
    return None


def test_blocked_round_tie_every_lowest_rack_wins() -> None:
    done = _blocked_round(lambda stuck: _tie_pair(stuck) is not None)
    stuck = [t for r in done.racks for t in _names(r)]
    pair = _tie_pair(stuck)
    assert pair is not None
    rest = [t for t in stuck if t not in pair]
    low = _sum(pair[:1])
    # Seats 0 and 1 tie for the lowest rack; seat 2 holds the rest.
    state = position(done.view()["layout"], [pair[:1], pair[1:], rest], pool=[], to_move=2, draws=1)
    play(state, "pass")
    assert state.log[-1][2] == "blocked" and state.log[-1][3] == (0, 1)
    # Each tied seat scores the others' sums (the other tied seat's included) minus its own.
    each = _sum(rest) + low - low
    assert state.scores() == [each, each, 0]
    assert state.outcome().winners == (0, 1)


def test_blocked_round_found_in_play_scores_by_the_rule() -> None:
    done = _blocked_round()
    entry = done.log[-1]
    sums = entry[5]
    low = min(sums)
    assert entry[3] == tuple(s for s, v in enumerate(sums) if v == low)
    assert entry[4] == tuple(sum(sums) - 2 * v if v == low else 0 for v in sums)
    assert list(sums) == [sum(SUMS[NAMES.index(t)] for t in _names(r)) for r in done.racks]
    # Really blocked: the pool is empty and no rack tile fits anywhere, so no turn can begin there.
    for seat in range(2):
        with pytest.raises(StateError, match="the round is blocked"):
            position(done.view()["layout"], [_names(r) for r in done.racks], pool=[], to_move=seat)
        probe = position(done.view()["layout"], [_names(r) for r in done.racks], pool=[], to_move=seat, draws=1)
        assert probe.legal_actions() == [PASS]


# -- end of the game ------------------------------------------------------------------------------


def test_several_over_the_target_the_round_winner_wins() -> None:
    # Seat 0 goes out and reaches 110; seats 1 and 2 were already higher, yet seat 0 wins.
    state = position(
        ["5-5-5@0,0/r0"],
        [["2-5-5"], ["0-0-1"], ["0-0-2"]],
        scores=[70, 150, 130],
        target=100,
        future=(deal(),),
    )
    play(state, "2-5-5@1,0/r2")
    assert state.is_terminal()
    assert state.scores() == [70 + 12 + 25 + 1 + 2, 150, 130]
    out = state.outcome()
    assert out.winners == (0,) and out.ranks == (1, 2, 3)
    assert out.details["end"] == "target" and out.details["rounds_played"] == 1


def test_round_winner_below_the_target_the_highest_score_wins() -> None:
    state = position(
        ["5-5-5@0,0/r0"],
        [["2-5-5"], ["0-0-1"], ["0-0-2"]],
        scores=[0, 120, 130],
        target=100,
        future=(deal(),),
    )
    play(state, "2-5-5@1,0/r2")
    out = state.outcome()
    assert out.winners == (2,) and out.ranks == (3, 2, 1)


def test_the_round_is_always_finished_and_the_game_goes_on_below_the_target() -> None:
    state = position(
        ["5-5-5@0,0/r0"], [["2-5-5", "0-0-0"], ["0-0-1", "1-1-1"]], scores=[95, 0], target=100, future=(deal(),)
    )
    play(state, "2-5-5@1,0/r2")  # seat 0 reaches the target, but the round goes on
    assert state.scores()[0] == 107 and state.current_player() == 1 and not state.log
    state2 = position(["5-5-5@0,0/r0"], [["2-5-5"], ["0-0-1", "1-1-1"]], scores=[0, 0], target=1000, future=(deal(),))
    play(state2, "2-5-5@1,0/r2")
    assert state2.round == 1 and not state2.is_terminal() and state2.current_player() >= 0


def test_400_several_players_over_400_the_one_who_went_out_wins() -> None:
    # Default target 400: seats 1 and 2 passed 400 earlier in the round, seat 0 goes out and passes
    # it too; the round's winner wins although its score is the lowest of the three.
    state = position(["5-5-5@0,0/r0"], [["2-5-5"], ["0-0-1"], ["0-0-2"]], scores=[370, 455, 430], future=(deal(),))
    assert state.game.options["target"] == 400
    play(state, "2-5-5@1,0/r2")
    assert state.is_terminal() and state.scores() == [370 + 12 + 25 + 1 + 2, 455, 430]
    out = state.outcome()
    assert out.winners == (0,) and out.ranks == (1, 2, 3) and out.details["end"] == "target"


def test_400_the_round_winner_not_over_400_the_highest_score_wins() -> None:
    state = position(["5-5-5@0,0/r0"], [["2-5-5"], ["0-0-1"], ["0-0-2"]], scores=[100, 410, 420], future=(deal(),))
    play(state, "2-5-5@1,0/r2")
    assert state.is_terminal() and state.outcome().winners == (2,)


def test_400_blocked_round_winner_over_400_wins() -> None:
    done = _blocked_round(lambda stuck: len(stuck) >= 3)
    stuck = sorted((t for r in done.racks for t in _names(r)), key=lambda t: SUMS[NAMES.index(t)])
    gained = _sum(stuck[1:]) - _sum(stuck[:1])
    state = position(
        done.view()["layout"],
        [stuck[1:], stuck[:1]],
        pool=[],
        draws=1,
        scores=[480, 400 - gained],
        future=(deal(),),
    )
    play(state, "pass")
    assert state.log[-1][2] == "blocked" and state.scores() == [480, 400]
    assert state.is_terminal() and state.outcome().winners == (1,)


def test_400_reached_during_a_round_ends_the_game_with_it() -> None:
    # The text: "Se un giocatore raggiunge 400 punti durante un round, continua a giocare fino alla
    # fine del round". Seat 0, over 400, draws three times and passes (-25), falling to 377; seat 1
    # then goes out. No one is at 400 when the round ends, but it was reached: the game is over,
    # and with no one at the target the highest score wins.
    state = position(["5-5-5@0,0/r0"], [["0-1-2"], ["2-5-5"]], scores=[402, 0], future=(deal(),))
    play(state, "draw", "draw", "draw", "pass")
    assert state.scores()[0] == 377 and state.view()["target_reached"]
    again = state.game.state_from_json(state.to_json())  # the JSON keeps that it was reached
    assert again == state and again.view()["target_reached"]
    play(state, "2-5-5@1,0/r2")
    assert state.log[-1][2] == "out" and state.is_terminal()
    assert state.outcome().winners == (0,) and state.outcome().details["end"] == "target"
    # A score at the target is a target reached; and a round that starts after it was reached
    # would have been played after the game's end.
    data = position(["5-5-5@0,0/r0"], [["0-1-2"], ["2-5-5"]], scores=[402, 0]).to_json()
    data["target_reached"] = False
    with pytest.raises(StateError, match="a score is at or over the target"):
        state.game.state_from_json(data)
    fresh = Triominos(2).new_state(seed=1).to_json()
    fresh["target_reached"] = True
    with pytest.raises(StateError, match="reached in an earlier round"):
        Triominos(2).state_from_json(fresh)


def test_target_option_and_round_cap() -> None:
    with pytest.raises(OptionError):
        Triominos(2, {"target": 0})
    with pytest.raises(OptionError):
        Triominos(2, {"max_rounds": 0})
    game = Triominos(3, {"max_rounds": 2, "target": 10_000})
    state = game.new_state(seed=3)
    assert isinstance(state, TriominosState)
    rng = random.Random(3)
    while not state.is_terminal():
        random_step(state, rng)
    assert len(state.log) == 2 and state.outcome().details["end"] == "max_rounds"
    best = max(state.scores())
    assert state.outcome().winners == tuple(s for s, v in enumerate(state.scores()) if v == best)


# -- setup, JSON, views, rendering ----------------------------------------------------------------


def test_random_setups_deal_every_round_afresh() -> None:
    for players, rounds in ((2, 20), (3, 5), (4, 1)):
        game = Triominos(players) if rounds == 20 else Triominos(players, {"max_rounds": rounds})
        deals = game.random_setup(random.Random(players))["deals"]
        assert len(deals) == rounds and len(set(deals)) == rounds  # one shuffle a round, each its own


def test_states_that_differ_only_in_the_deals_to_come_differ() -> None:
    game = Triominos(2, {"max_rounds": 2})
    first = deal("4-4-4 1-2-5", "5-5-5 0-1-2")
    now, other = (game.state_from_setup({"deals": [first, later]}) for later in (deal(), deal("5-5-5", "4-4-4")))
    assert all(now.view(seat) == other.view(seat) for seat in (None, 0, 1))  # no seat sees the next deal
    assert now != other and now.key() != other.key()


def test_setup_is_checked() -> None:
    game = Triominos(2, {"max_rounds": 2})
    good = deal()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"deals": []}, "non-empty"),
        ({"deals": [good, good, good]}, "max_rounds"),
        ({"deals": [good.replace("0-1-2", "0-2-1")]}, "0-2-1"),
        ({"deals": [good.replace("0-1-2", "0-0-0")]}, "lacks the tile 0-1-2"),
        ({"deals": [good + " 0-0-0"]}, "56 tiles"),
        ({"deals": [5]}, "text"),
        ({"deals": [good], "first": 1}, "unknown"),
    ]
    for bad, why in cases:
        with pytest.raises(SetupError, match=why):
            game.state_from_setup(bad)


def test_state_json_is_checked() -> None:
    state = new("5-5-5 0-1-2", "2-5-5 0-0-4")
    data = state.to_json()
    assert state.game.state_from_json(data) == state
    for key, value, why in [
        ("layout", ["5-5-5@0,0/r0", "0-0-4@1,0/r0"], "match"),
        ("layout", ["5-5-5@0,0/r0", "2-5-5@5,0/r0"], "connected"),
        ("racks", [["0-1-2"], ["2-5-5"]], "56 tiles"),
        ("to_move", 7, "to_move"),
        ("scores", [1], "scores"),
        # JSON's own types, not whatever Python would turn into one.
        ("choice", [], "choice"),
        ("choice", "false", "choice"),
        ("last", ["0", "0"], "last"),
        ("last", [0.5, 0], "last"),
        ("log", "", "log"),
        ("log", {}, "log"),
    ]:
        bad = dict(data)
        bad[key] = value
        with pytest.raises(StateError, match=why):
            state.game.state_from_json(bad)


def test_state_json_of_a_start_still_to_be_laid_is_checked() -> None:
    state = Triominos().new_state(3)
    data = state.to_json()
    assert data["choice"] and state.game.state_from_json(data) == state
    laid = state.child(state.legal_actions()[0]).to_json()
    for key, value in [("draws", 1), ("start", laid["start"]), ("last", [0, 0])]:
        bad = dict(data)
        bad[key] = value
        with pytest.raises(StateError, match=r"still to be laid|empty triangle"):
            state.game.state_from_json(bad)


def test_views_hide_other_racks_and_the_pool() -> None:
    state = position(["5-5-5@0,0/r0"], [["0-1-2", "1-1-4"], ["2-5-5", "0-0-4", "3-3-4"]], to_move=1)
    v1 = state.view(1)
    assert v1["hand"] == ["0-0-4", "2-5-5", "3-3-4"] and v1["hand_sizes"] == [2, 3]
    assert v1["pool"] == 56 - 6 and "racks" not in v1 and "future" not in v1
    assert state.view(None)["hand"] is None
    text = str(v1)
    assert "0-1-2" not in text and "1-1-4" not in text
    assert "0-1-2" not in state.render(1) and "0-1-2" in state.render(0)
    assert "your rack" not in state.render()


def test_render_shows_the_numbers_on_the_grid() -> None:
    state = position(BRIDGE, [["1-2-5", "0-0-0"], ["3-3-3"]])
    play(state, "1-2-5@0,0/r1")
    lines = TriominosState.render(state, 1).splitlines()
    board = "\n".join(lines)
    assert "*" in board and "pool " in board and "P1 " in board
    # The laid tile: apex 5 on point 1,0, then 1 and 2 on the points below it.
    row_of_y0 = next(i for i, line in enumerate(lines) if line.startswith(" 0 "))
    above, middle, below = lines[row_of_y0 - 1], lines[row_of_y0], lines[row_of_y0 + 1]
    star = middle.index("*")
    assert middle[star - 1] == "/" and middle[star + 1] == "\\"
    assert above[star] == "5" and below[star - 2] == "2" and below[star + 2] == "1"


def test_render_terminal_and_choice() -> None:
    state = new("1-2-4 3-3-5 0-1-2", "4-4-4 0-0-0 1-2-5", "0-1-3 2-2-2 0-0-5")
    assert "P2 lays the start tile: 4-4-4, or 0-0-0 (which shows 4-4-4 to everyone)" in state.render(1)
    for seat in (None, 0, 2):
        assert "P2 lays the start tile" in state.render(seat) and "0-0-0" not in state.render(seat)
    assert "no tile on the table" in state.render(1)
    game = Triominos(2, {"target": 1})
    end = game.new_state(seed=1)
    rng = random.Random(1)
    while end.current_player() != TERMINAL:
        random_step(end, rng)
    assert "Game over" in end.render(0)


# -- lay_points and what the sampler reads from the round's play ----------------------------------


def test_lay_points_is_what_the_lay_scores() -> None:
    rng = random.Random(5)
    checked = 0
    for players in (2, 3, 4):
        game = Triominos(players, {"target": 150})
        for seed in range(6):
            state = game.new_state(seed=seed)
            assert isinstance(state, TriominosState)
            while state.current_player() != TERMINAL:
                seat = state.current_player()
                for action in cast(list[tuple[int, ...]], state.legal_actions()):
                    child = state.clone()
                    before = child.scores()[seat]
                    child.apply_action(action)
                    if child.round == state.round and child.current_player() != TERMINAL and len(action) == 4:
                        assert child.scores()[seat] - before == state.lay_points(action)
                        checked += 1
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 1000


def test_lay_points_of_bonuses_and_bad_lays() -> None:
    state = position(BRIDGE, [["1-2-5", "0-0-0"], ["3-3-3"]])
    assert state.lay_points(state.game.string_to_action("1-2-5@0,0/r1")) == 8 + 40
    before = state.to_json()
    for bad in ["0-0-0@0,0/r0", "3-3-3@0,0/r0", "1-2-5@0,0/r0", "1-2-5@40,40/r1"]:
        with pytest.raises(IllegalActionError):
            state.lay_points(state.game.string_to_action(bad))
    with pytest.raises(IllegalActionError):
        state.lay_points(DRAW)  # seat 0 can lay, so drawing is not legal
    with pytest.raises(IllegalActionError):
        state.lay_points(("x",))
    with pytest.raises(IllegalActionError, match="no tile number 56"):
        state.lay_points((56, 0, 0, 1))
    assert state.to_json() == before


def test_draw_and_pass_are_whole_numbers_too() -> None:
    """``(-1.0,)`` equals DRAW but is none: taken, it would stay in the history and the state's
    JSON would no longer be written."""
    state = new("5-5-5 0-1-2", "2-5-5 0-0-4", pool="3-3-4 1-1-1")
    state.apply_action(state.game.string_to_action("2-5-5@1,0/r2"))
    assert state.legal_actions() == [DRAW]
    before = state.to_json()
    for twin in [(-1.0,), (complex(-1),), (-2.0,)]:
        assert not state.is_legal(twin)
        with pytest.raises(IllegalActionError):
            state.apply_action(twin)
        with pytest.raises(IllegalActionError):
            state.lay_points(twin)
    assert state.to_json() == before
    state.apply_action(DRAW)
    assert state.game.state_from_json(state.to_json()) == state


def bans_of(state: TriominosState, viewer: int | None) -> list[int]:
    view = state.view(viewer)
    return round_bans(game_of(state).sample_state(view, random.Random(0)), view, viewer)


def test_a_seat_that_drew_holds_nothing_that_fitted_then() -> None:
    # Seat 0 draws three tiles that do not fit the 5-5-5 and passes: seat 1 then knows that no
    # tile of seat 0's rack has two 5s, and every sample agrees.
    state = position(["5-5-5@0,0/r0"], [["0-1-2"], ["0-0-4"]], pool=None)
    data = state.to_json()
    data.update(start={"seat": 1, "tile": "5-5-5", "points": 25, "revealed": None})
    state = game_of(state).state_from_json(data)
    play(state, "draw", "draw", "draw", "pass")
    view = state.view(1)
    assert view["round_start"] == 0
    rng = random.Random(3)
    fives = {i for i, t in enumerate(TILES) if list(t).count(5) >= 2}
    for _ in range(200):
        sample = game_of(state).sample_state(view, rng)
        assert not any(sample.racks[0] >> t & 1 for t in fives)
        assert sample.view(1) == view
    # A spectator knows it too, and the real rack agrees.
    assert bans_of(state, None)[0] & state.racks[0] == 0 and bans_of(state, None)[0]


def test_the_last_tile_drawn_by_the_mover_may_fit() -> None:
    pool = ["0-0-1", "1-5-5", "0-0-2"]
    rest = [t for t in NAMES if t not in {"5-5-5", "0-1-2", "0-0-4", *pool}]
    state = position(["5-5-5@0,0/r0"], [["0-1-2"], ["0-0-4"]], pool=pool + rest)
    data = state.to_json()
    data.update(start={"seat": 1, "tile": "5-5-5", "points": 25, "revealed": None})
    state = game_of(state).state_from_json(data)
    play(state, "draw", "draw")  # 1-5-5 fits: seat 0 must lay it now
    view = state.view(1)
    rng = random.Random(4)
    fitting = 0
    for _ in range(300):
        sample = game_of(state).sample_state(view, rng)
        laid = [a for a in cast(list[tuple[int, ...]], sample.legal_actions()) if len(a) == 4]
        fitting += bool(laid)
        assert len({a[0] for a in laid}) <= 1  # at most the one tile drawn last fits
    assert 0 < fitting < 300


def test_a_seat_that_has_not_drawn_holds_no_tile_above_the_start() -> None:
    # 3 players: seat 0 starts with 3-3-3, so at the deal no rack held 4-4-4 or 5-5-5.
    state = new("3-3-3 0-1-2", "2-3-4 1-2-3", "0-2-4 1-1-2", pool="4-4-4 5-5-5")
    assert state.start is not None and state.start[0] == 0
    high = {NAMES.index("4-4-4"), NAMES.index("5-5-5")}
    view = state.view(1)
    rng = random.Random(6)
    for _ in range(200):
        sample = game_of(state).sample_state(view, rng)
        assert not any(sample.racks[s] >> t & 1 for s in (0, 2) for t in high)
    # Seat 1 cannot lay on the 3-3-3 and draws 4-4-4 and 5-5-5: its rack may now hold high triples.
    assert state.current_player() == 1 and state.legal_actions() == [DRAW]
    play(state, "draw", "draw")
    assert state.racks[1] >> NAMES.index("4-4-4") & 1
    assert bans_of(state, 2)[1] & sum(1 << t for t in high) == 0
    assert bans_of(state, 2)[0] & sum(1 << t for t in high) == sum(1 << t for t in high)


def test_samples_never_contradict_the_round_so_far() -> None:
    rng = random.Random(8)
    for players in (2, 3, 4):
        game = Triominos(players, {"target": 150})
        for seed in range(8):
            state = game.new_state(seed=seed)
            assert isinstance(state, TriominosState)
            while state.current_player() != TERMINAL:
                if rng.random() < 0.25:
                    mover = state.current_player()
                    for viewer in [None, *range(players)]:
                        view = state.view(viewer)
                        sample = game.sample_state(view, rng)
                        assert sample.view(viewer) == view
                        bans = round_bans(sample, view, viewer)
                        for s in range(players):
                            if s == viewer:
                                continue
                            slack = 1 if s == mover and state.draws else 0  # the tile drawn last
                            assert (state.racks[s] & bans[s]).bit_count() <= slack  # sound: the truth obeys
                            assert (sample.racks[s] & bans[s]).bit_count() <= slack
                state.apply_action(rng.choice(state.legal_actions()))


def test_round_start_is_kept_and_checked() -> None:
    game = Triominos(2, {"target": 150})
    state = game.new_state(seed=2)
    assert isinstance(state, TriominosState)
    rng = random.Random(2)
    while not state.log:
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.round_start == len(state.history) > 0
    assert game.state_from_json(state.to_json()).view(0) == state.view(0)
    data = state.to_json()
    data["round_start"] = len(state.history) + 1
    with pytest.raises(StateError, match="round_start"):
        game.state_from_json(data)


def test_lays_seen_agree_with_the_points_scored_and_the_tiles_that_fitted() -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(12):
        game = Triominos(rng.choice([2, 3, 4]))
        state = game.new_state(seed)
        assert isinstance(state, TriominosState)
        expected: list[tuple[int, str, int, dict[str, int]]] = []
        first_round = state.round
        while not state.is_terminal() and state.round == first_round:
            seat = state.current_player()
            actions = state.legal_actions()
            lays = [a for a in actions if a not in (DRAW, PASS)]
            if not lays:
                expected = [e for e in expected if e[0] != seat]  # a seat that draws shows its rack no more
            action = rng.choice(actions)
            if action not in (DRAW, PASS) and not state.view(seat)["choice"]:
                best: dict[str, int] = {}
                for lay in lays:
                    name = NAMES[cast(tuple[int, ...], lay)[0]]
                    best[name] = max(best.get(name, -1), state.lay_points(lay))
                expected.append((seat, NAMES[cast(tuple[int, ...], action)[0]], state.lay_points(action), best))
            state.apply_action(action)
            if state.round == first_round:
                seen = game.lays_seen(state.view(0))
                assert [(s, t, p) for s, t, p, _ in seen] == [(s, t, p) for s, t, p, _ in expected]
                for (_, _, _, best_seen), (_, _, _, best_rack) in zip(seen, expected, strict=True):
                    # The seat's own tiles score what lay_points says; other tiles may fit too.
                    assert all(best_seen[name] == points for name, points in best_rack.items())
                checked += 1
    assert checked > 100


def test_lays_seen_of_a_malformed_view_is_a_state_error() -> None:
    game = Triominos(2)
    view = game.new_state(3).view(0)
    for bad in [
        1,
        {"history": 1, "start": {"tile": "5-5-5"}, "round_start": 0},
        {**view, "history": ["x"], "start": {"tile": "5-5-5"}, "round_start": 0},
    ]:
        with pytest.raises(StateError):
            game.lays_seen(bad)  # type: ignore[arg-type]


def test_a_tally_counts_what_the_view_shows() -> None:
    state = Triominos(3).new_state(5)
    rng = random.Random(5)
    for _ in range(40):
        random_step(state, rng)
    assert isinstance(state, TriominosState)
    layout = len(state.view(None)["layout"])
    spectator = state.tally(None)
    assert spectator.rack_pips == 0 and spectator.unseen_tiles == 56 - layout
    for seat in range(3):
        view, tally = state.view(seat), state.tally(seat)
        assert list(tally.scores) == view["scores"] and list(tally.hand_sizes) == view["hand_sizes"]
        assert tally.rack_pips == sum(SUMS[INDEX[t]] for t in view["hand"])
        assert tally.unseen_tiles == 56 - layout - len(view["hand"]) - sum(
            len(shown) for s, shown in enumerate(view["revealed"]) if s != seat
        )
    for bad in (3, -1, "0", True):
        with pytest.raises(StateError):
            state.tally(bad)  # type: ignore[arg-type]


def test_a_sampler_reads_the_view_once_and_deals_the_rounds_to_come_when_reached() -> None:
    game = Triominos(3, {"target": 250})
    rng = random.Random(6)
    state = game.new_state(seed=6)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    view = state.view(seat)
    draw = game.sampler(view)
    samples = [draw(random.Random(i)) for i in range(40)]
    assert all(sample.view(seat) == view for sample in samples)
    assert len({tuple(sample.racks) for sample in samples}) > 30
    sample = samples[0]
    assert isinstance(sample, TriominosState)
    # The deals of the rounds to come read as the tuple of texts they stand for, in JSON too, and
    # a sample read back from its JSON is the same position (equal, with the same hash).
    future = tuple(sample.future)
    assert len(future) == view["rounds"] - view["round"] - 1 and sample.future == future
    assert all(sorted(deal.split()) == sorted(NAMES) for deal in future)
    assert len(set(future)) == len(future)
    copy = game.state_from_json(sample.to_json())
    assert copy == sample and hash(copy) == hash(sample) and copy.to_json() == sample.to_json()
    # Played on into the next rounds, the sample deals them as its JSON said.
    played, replayed = sample.clone(), copy.clone()
    while not played.is_terminal() and played.round < view["round"] + 2:
        action = rng.choice(played.legal_actions())
        played.apply_action(action)
        replayed.apply_action(action)
        assert played == replayed
    assert played.round > view["round"]
    assert played.to_json() == replayed.to_json()


def test_notation_refuses_look_alike_junk_whatever_was_written_before() -> None:
    """``(True, 0, 0, 0)`` equals the action ``(1, 0, 0, 0)`` (and hashes alike), but is none."""
    game = Triominos(2)
    assert game.action_to_string((1, 0, 0, 0)) == "0-0-1@0,0/r0"
    assert game.action_to_string(DRAW) == "draw"
    for junk in [(True, 0, 0, 0), (1.0, 0, 0, 0), (-1.0,), (-2.0,), [1, 0, 0, 0], (1, 0, 0, False)]:
        with pytest.raises(NotationError):
            game.action_to_string(junk)


def test_state_json_agrees_on_which_rounds_are_over() -> None:
    import random as random_module

    from tritable.engine.playout import random_playout

    game = Triominos(2, {"target": 50})
    state = game.new_state(seed=0)
    random_playout(state, random_module.Random(0))
    data = state.to_json()
    assert game.state_from_json(data) == state
    winner = data["log"][-1]["winners"][0]
    with pytest.raises(StateError, match="is over exactly when the game is"):
        game.state_from_json({**data, "setup": None, "to_move": winner})  # it would score the round again
    with pytest.raises(StateError, match="past max_rounds"):
        game.state_from_json({**data, "setup": None, "round": 100})
    with pytest.raises(StateError, match="the log must list the rounds"):
        game.state_from_json({**data, "setup": None, "log": data["log"][1:] or [{**data["log"][0], "round": 5}]})
    for winners in ([2], [-1], [0, "1"]):  # a 2-player game's seats are 0 and 1
        log = [{**data["log"][0], "winners": winners}, *data["log"][1:]]
        with pytest.raises(StateError, match="bad round winners"):
            game.state_from_json({**data, "setup": None, "log": log})


def test_a_position_after_the_round_ended_is_refused() -> None:
    # A seat with no tiles left went out, which ended the round: no turn follows.
    with pytest.raises(StateError, match="seat 1's rack is empty: it went out"):
        position(["5-5-5@0,0/r0"], [["0-1-2", "2-5-5"], []])


def test_the_rounds_history_must_lay_the_tiles_on_the_table() -> None:
    # A position of its own keeps its history for the sampler, which reads the round from it: a
    # lay rewritten as a draw leaves a tile on the table that no action laid.
    game = Triominos(2)
    state = game.new_state(seed=0)
    assert isinstance(state, TriominosState)
    rng = random.Random(0)
    while sum(len(cast(tuple[int, ...], a)) == 4 for _, a in state.history[state.round_start :]) < 6:
        random_step(state, rng)
    data = state.to_json()
    data["setup"] = None
    assert game.state_from_json(data) == state
    index = max(i for i, (_, text) in enumerate(data["history"]) if "@" in text)
    data["history"][index][1] = "draw"
    with pytest.raises(StateError, match="the table holds tiles that this round's history does not lay"):
        game.state_from_json(data)
    view = state.view(0)
    view["history"][index][1] = "pass"
    with pytest.raises(StateError, match="this round's history"):
        game.sample_state(view, random.Random(0))


def test_notation_reads_exactly_the_grid() -> None:
    game = Triominos()
    assert game.string_to_action("1-2-5@100,-100/r1") == (INDEX["1-2-5"], 100, -100, 1)
    for bad in ("1-2-5@101,0/r1", "1-2-5@0,-101/r1"):
        with pytest.raises(NotationError, match="x and y run from -100 to 100"):
            game.string_to_action(bad)


# -- positions of their own (setup null) that the rules make impossible -----------------------------


def played(game: Triominos, seed: int, until: Callable[[TriominosState], bool]) -> dict[str, Any]:
    """The JSON, without its setup (a position of its own), of the first state of a random game
    from ``seed`` for which ``until`` holds; it loads as that state."""
    state = game.new_state(seed=seed)
    assert isinstance(state, TriominosState)
    rng = random.Random(seed)
    while not until(state):
        random_step(state, rng)
    data = {**state.to_json(), "setup": None}
    assert game.state_from_json(data) == state
    return data


def test_a_game_over_below_the_target_has_no_rounds_left_to_deal() -> None:
    # The game ends after the round in which the target was reached, or after the last deal's.
    game = Triominos(2, {"max_rounds": 2, "target": 10_000})
    data = played(game, 0, lambda s: s.is_terminal())
    assert not data["target_reached"] and data["future"] == [] and data["round"] == 1
    more = {**data, "future": [deal()], "rounds": 3, "options": {"max_rounds": 3, "target": 10_000}}
    with pytest.raises(StateError, match="the game is over, but the target was not reached and later rounds are dealt"):
        Triominos(2, {"max_rounds": 3, "target": 10_000}).state_from_json(more)
    reached = {**more, "target_reached": True}  # the target reached, then lost by drawing: the game is over
    assert Triominos(2, {"max_rounds": 3, "target": 10_000}).state_from_json(reached).is_terminal()
    # The same end in a view: a seat's view says how many rounds the game may last.
    view = {**game.state_from_json(data).view(0), "options": {"max_rounds": 3, "target": 10_000}, "rounds": 3}
    with pytest.raises(StateError, match="the target was not reached and later rounds are dealt"):
        Triominos(2, {"max_rounds": 3, "target": 10_000}).sample_state(view, random.Random(0))


def test_a_round_log_has_the_winners_and_points_its_rack_sums_give() -> None:
    game = Triominos(2, {"target": 100})
    data = played(game, 15, lambda s: s.is_terminal())
    out, blocked = data["log"]
    assert out["end"] == "out" and blocked["end"] == "blocked"
    cases: list[tuple[int, dict[str, Any], str]] = [
        (0, {"points": [p + 7 for p in out["points"]]}, r"round 1's rack sums \[.*\] give the points"),
        (0, {"winners": [1 - out["winners"][0]]}, "round 1 ended 'out': one winner, whose rack sum is 0"),
        (0, {"winners": [0, 1]}, "round 1 ended 'out': one winner"),
        (1, {"points": blocked["points"][::-1]}, r"round 2's rack sums \[.*\] give the points"),
        (1, {"winners": [1 - blocked["winners"][0]]}, "round 2 was blocked: its winners are the seats with the lowest"),
        (1, {"rack_sums": [-1, 0]}, "round 2's rack sums cannot be below 0"),
    ]
    for index, change, why in cases:
        log = [dict(entry) for entry in data["log"]]
        log[index].update(change)
        with pytest.raises(StateError, match=why):
            game.state_from_json({**data, "log": log})


def test_a_start_scores_what_its_tile_scores() -> None:
    game = Triominos(3)
    data = played(game, 2, lambda s: len(s.layout) >= 3)
    start = data["start"]
    with pytest.raises(StateError, match=f"the start tile {start['tile']} scores {start['points']}, not"):
        game.state_from_json({**data, "start": {**start, "points": start["points"] + 1}})
    over = played(Triominos(2, {"target": 100}), 15, lambda s: s.is_terminal())
    log = [dict(entry) for entry in over["log"]]
    log[0]["start"] = {**log[0]["start"], "points": 0}
    with pytest.raises(StateError, match=f"the start tile {log[0]['start']['tile']} scores"):
        Triominos(2, {"target": 100}).state_from_json({**over, "log": log})


def test_the_start_tile_lies_on_the_origin() -> None:
    game = Triominos(3)
    data = played(game, 2, lambda s: len(s.layout) >= 3)
    other = next(t for t in data["racks"][0] if len(set(t.split("-"))) > 1)  # no triple: it scores its sum
    start = {**data["start"], "tile": other, "points": SUMS[INDEX[other]]}
    with pytest.raises(StateError, match=f"the start tile {other} lies on 0,0/r0, but the layout has"):
        game.state_from_json({**data, "start": start})


def test_only_a_start_with_triple_zero_shows_a_tile_and_only_that_one() -> None:
    game = Triominos(3)
    data = played(game, 2, lambda s: len(s.layout) >= 3)
    assert data["start"]["tile"] != "0-0-0" and data["start"]["revealed"] is None
    with pytest.raises(StateError, match="a start shows a tile only when 0-0-0 is laid"):
        game.state_from_json({**data, "start": {**data["start"], "revealed": "5-5-5"}})
    seat = data["to_move"]
    revealed: list[list[str]] = [[], [], []]
    revealed[seat] = [data["racks"][seat][0]]
    with pytest.raises(StateError, match=f"seat {seat} shows .*, which the round's start does not show"):
        game.state_from_json({**data, "revealed": revealed})
    # A start with 0-0-0 shows the higher triple it was chosen over, and nothing else.
    zero = new("1-2-4 3-3-5 0-1-2", "4-4-4 0-0-0 1-2-5", "0-1-3 2-2-2 0-0-5")
    play(zero, "0-0-0@0,0/r0")
    shown = {**zero.to_json(), "setup": None}
    assert zero.game.state_from_json(shown) == zero and shown["revealed"] == [[], ["4-4-4"], []]
    with pytest.raises(StateError, match="seat 2 shows 0-0-5, which the round's start does not show"):
        zero.game.state_from_json({**shown, "revealed": [[], ["4-4-4"], ["0-0-5"]]})
    with pytest.raises(StateError, match="0-0-0 laid as the start shows the higher triple held, not 1-2-5"):
        zero.game.state_from_json({**shown, "start": {**shown["start"], "revealed": "1-2-5"}})
    # Before the start tile is laid, nothing is shown.
    choosing = {**Triominos(3).new_state(seed=2).to_json(), "setup": None}
    starter = choosing["to_move"]
    revealed = [[], [], []]
    revealed[starter] = [choosing["racks"][starter][0]]
    with pytest.raises(StateError, match="no tile is shown before the round's start tile is laid"):
        Triominos(3).state_from_json({**choosing, "revealed": revealed})


def test_no_one_has_scored_before_the_first_start_tile_is_laid() -> None:
    game = Triominos(3)
    data = {**game.new_state(seed=5).to_json(), "setup": None}
    assert data["choice"] and data["round"] == 0 and game.state_from_json(data) == game.new_state(seed=5)
    with pytest.raises(StateError, match="no one has scored before the first round's start tile is laid"):
        game.state_from_json({**data, "scores": [50, 0, 0]})
    # A later round's start is to be laid after scores were made.
    later = played(Triominos(2, {"target": 100}), 15, lambda s: s.round == 1)
    assert later["choice"] and any(later["scores"])


def test_a_finished_game_has_no_start_tile_to_lay() -> None:
    game = Triominos(2, {"target": 100})
    data = played(game, 15, lambda s: s.is_terminal())
    with pytest.raises(StateError, match="the game is over: no start tile is to be laid"):
        game.state_from_json({**data, "choice": True})


def test_a_tuple_action_sent_as_a_json_list_is_refused_with_the_reason() -> None:
    state = Triominos(2).new_state(seed=1)
    before = state.to_json()
    action = cast(tuple[int, ...], state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match=r"actions are tuples \(JSON turns them into lists"):
        state.apply_action(list(action))  # type: ignore[arg-type]
    assert state.to_json() == before
    state.apply_action(tuple(list(action)))


# -- checks found by mutation testing ---------------------------------------------------------------


def test_scored_lays_is_empty_once_the_game_is_over() -> None:
    for players in (2, 3):
        state = cast(TriominosState, Triominos(players, {"target": 1}).new_state(seed=1))
        rng = random.Random(1)
        while not state.is_terminal():
            random_step(state, rng)
        assert state.layout and state.scored_lays() == [] and state.legal_actions() == []


def test_a_rotation_past_r2_is_refused_even_where_it_names_a_fitting_tile() -> None:
    state = new("5-5-5 0-1-2", "2-5-5 0-0-4")  # seat 1 to move: 2-5-5@1,0/r2 fits
    before = state.to_json()
    fits, held = INDEX["2-5-5"], INDEX["0-0-4"]
    # tile * 3 + rotation of 0-0-4 turned so would be the code of 2-5-5 /r2.
    alias = (held, 1, 0, 3 * (fits - held) + 2)
    with pytest.raises(IllegalActionError, match="cannot be turned"):
        state.lay_points(alias)
    with pytest.raises(IllegalActionError, match="cannot be turned"):
        state.apply_action(alias)
    assert state.to_json() == before


def test_drawing_from_an_empty_pool_is_refused() -> None:
    fives = [f"{v}-5-5" for v in range(5)]
    others = [t for t in NAMES if t != "5-5-5" and t not in fives]
    empty = position(["5-5-5@0,0/r0"], [others, fives], pool=[])
    before = empty.to_json()
    with pytest.raises(IllegalActionError, match="the pool is empty: pass"):
        play(empty, "draw")
    assert empty.to_json() == before
    # The pool running out within the turn.
    others = [t for t in NAMES if t not in {"5-5-5", "0-1-2", *fives}]
    state = position(["5-5-5@0,0/r0"], [others, fives], pool=["0-1-2"])
    play(state, "draw")
    with pytest.raises(IllegalActionError, match="the pool is empty: pass"):
        play(state, "draw")
    assert state.scores() == [-5, 0] and state.view()["pool"] == 0


def test_notation_writes_back_every_placement_it_reads() -> None:
    game = Triominos()
    for text in ("1-2-5@100,-100/r1", "0-0-0@-100,100/r0", "3-4-5@-100,-99/r2"):
        assert game.action_to_string(game.string_to_action(text)) == text


def test_rack_of_no_seat_is_refused() -> None:
    state = cast(TriominosState, Triominos(2).new_state(seed=3))
    for seat in (-1, 2, True):
        with pytest.raises(StateError, match="no seat"):
            state.hand(seat)


def test_lays_seen_passes_on_the_state_error_of_a_bad_start_tile() -> None:
    game = Triominos(2)
    view = game.new_state(3).view(0)
    with pytest.raises(StateError, match="'9-9-9' is not a tile"):
        game.lays_seen({**view, "history": [], "round_start": 0, "start": {"tile": "9-9-9"}})


def test_render_puts_each_x_label_above_its_column() -> None:
    right_edges = set()  # the last column's x, mod 4: a label may sit over it, or just before it
    for seed in range(40):
        state = Triominos(2).new_state(seed)
        assert isinstance(state, TriominosState)
        rng = random.Random(seed)
        for _ in range(10 + seed % 20):
            random_step(state, rng)
        if state.is_terminal() or state.last < 0:
            continue
        lines = state.render(0).splitlines()
        first = 2 if state.view()["start"] else 1  # below the header and the start
        board = lines[first : next(i for i, line in enumerate(lines) if line.strip() == "score tiles")]
        if board[-1].startswith("(x "):
            continue  # a window of a layout wider than 80 columns
        star = next(line.index("*") for line in board if "*" in line)
        lx = state.view()["last"][0]
        xs = [int(text.split("@")[1].split(",")[0]) for text in state.view()["layout"]]
        # The open slots reach one column past the laid tiles on each side; every x is labelled,
        # on one ruler while the labels are one character, else the even ones above the odd.
        expected = {x: star + 2 * (x - lx) for x in range(min(xs) - 1, max(xs) + 2)}
        rulers = 1 if all(len(str(x)) == 1 for x in expected) else 2
        labels = {int(m[0]): m.start() for line in board[:rulers] for m in re.finditer(r"-?\d+", line)}
        assert labels == expected, "\n".join(board)
        right_edges.add((max(xs) + 1) % 4)
    assert right_edges == {0, 1, 2, 3}


def test_state_json_of_a_round_in_play_is_checked_field_by_field() -> None:
    game = Triominos(3)
    data = played(game, 2, lambda s: len(s.layout) >= 3)
    lx, ly = data["last"]
    taken = data["pool"][0]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"draws": 4}, "at most 3 draws a turn"),
        ({"start": {**data["start"], "seat": 3}}, "bad start seat"),
        ({"start": {**data["start"], "seat": -1}}, "bad start seat"),
        # The same triangle's id, written off the grid.
        ({"last": [lx - 256, ly + 1]}, "'last' names an empty triangle"),
        ({"racks": [*data["racks"], [taken]], "pool": data["pool"][1:]}, "'racks' lists the rack of each seat"),
        ({"layout": 5}, "malformed Triominos state"),
        ({"start": []}, "'start' must be a JSON object or null"),
        ({"log": [[]]}, "a log entry must be a JSON object"),
        ({"to_move": 3}, "bad 'to_move': 3"),
    ]
    for change, why in cases:
        with pytest.raises(StateError, match=why):
            game.state_from_json({**data, **change})


def test_state_json_with_a_tile_laid_twice_is_refused() -> None:
    with pytest.raises(StateError, match="the layout holds a tile twice"):
        position(["5-5-5@0,0/r0", "5-5-5@1,0/r0"], [["0-1-2"], ["0-0-4"]])
    with pytest.raises(StateError, match="the layout holds a tile twice"):  # turned another way
        position(["0-0-1@0,0/r0", "0-0-1@-1,0/r1"], [["0-1-2"], ["0-0-4"]])


def test_state_json_of_a_start_to_be_laid_has_an_empty_layout() -> None:
    game = Triominos(3)
    data = {**game.new_state(seed=2).to_json(), "setup": None}
    assert data["choice"] and not data["layout"]
    tile = data["pool"][0]
    with pytest.raises(StateError, match="on an empty layout"):
        game.state_from_json({**data, "layout": [f"{tile}@0,0/r0"], "pool": data["pool"][1:]})


def test_a_round_log_entry_is_checked() -> None:
    game = Triominos(2, {"target": 100})
    data = played(game, 15, lambda s: s.is_terminal())
    out = data["log"][0]
    assert out["end"] == "out" and out["winners"][0] in (0, 1)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"winners": [out["winners"][0] == 1]}, "bad round winners"),  # true for 1, false for 0: no seats
        ({"layout": []}, "a log entry has the keys"),  # the final layout is last_round's, not the log's
    ]
    for change, why in cases:
        log = [dict(entry) for entry in data["log"]]
        log[0].update(change)
        with pytest.raises(StateError, match=why):
            game.state_from_json({**data, "log": log})


def test_triple_zero_laid_as_the_start_cannot_show_itself() -> None:
    zero = new("1-2-4 3-3-5 0-1-2", "4-4-4 0-0-0 1-2-5", "0-1-3 2-2-2 0-0-5")
    play(zero, "0-0-0@0,0/r0")
    shown = {**zero.to_json(), "setup": None}
    with pytest.raises(StateError, match="0-0-0 laid as the start shows the higher triple held, not 0-0-0"):
        zero.game.state_from_json({**shown, "revealed": [[], [], []], "start": {**shown["start"], "revealed": "0-0-0"}})


def test_a_lay_of_the_rounds_history_must_be_on_the_table() -> None:
    # The history read from round_start on (here after the start tile) lays a tile elsewhere.
    game = Triominos(3)
    data = played(game, 2, lambda s: len(s.layout) >= 4)
    first = data["round_start"]
    assert data["history"][first][1].endswith("@0,0/r0")
    history = [list(entry) for entry in data["history"]]
    index = max(i for i, (_, text) in enumerate(history) if "@" in text)
    tile, where = history[index][1].split("@")
    history[index][1] = f"{tile}@50,50/{where.split('/')[1]}"
    with pytest.raises(StateError, match=r"this round's history lays .*, which is not on the table"):
        game.state_from_json({**data, "history": history, "round_start": first + 1})


def test_a_views_rack_must_have_its_size() -> None:
    game = Triominos(3)
    view = game.state_from_json(played(game, 2, lambda s: len(s.layout) >= 3)).view(1)
    sizes = list(view["hand_sizes"])
    sizes[1] += 1
    with pytest.raises(StateError, match="the rack does not match its size"):
        game.sample_state({**view, "hand_sizes": sizes, "pool": view["pool"] - 1}, random.Random(0))


def test_a_view_cannot_show_more_tiles_than_a_rack_holds() -> None:
    zero = new("1-2-4 3-3-5 0-1-2", "4-4-4 0-0-0 1-2-5", "0-1-3 2-2-2 0-0-5")
    play(zero, "0-0-0@0,0/r0")  # seat 1 shows 4-4-4
    view = zero.view(0)
    sizes = list(view["hand_sizes"])
    pool = view["pool"] + sizes[1]
    sizes[1] = 0
    with pytest.raises(StateError, match="seat 1's rack size does not match what it shows"):
        zero.game.sample_state({**view, "hand_sizes": sizes, "pool": pool}, random.Random(0))


def test_render_lists_only_the_tiles_a_seat_has_shown() -> None:
    zero = new("1-2-4 3-3-5 0-1-2", "4-4-4 0-0-0 1-2-5", "0-1-3 2-2-2 0-0-5")
    play(zero, "0-0-0@0,0/r0")  # seat 1 shows 4-4-4
    text = zero.render(0)
    assert "start: P2 laid 0-0-0 for 40, showing 4-4-4" in text
    assert "P2 has shown: 4-4-4" in text and "P1 has shown" not in text and "P3 has shown" not in text
    assert "has shown" not in zero.render(1) and "has shown" not in new("5-5-5 0-1-2", "2-5-5 0-0-4").render(0)


def test_the_tile_a_seat_just_drew_may_fit_even_when_it_shows_the_rest_of_its_rack() -> None:
    # Seat 1 chose 0-0-0 (showing 4-4-4), holds only 4-4-4 and the tile it has just drawn: that
    # tile may fit (it must then be laid), unlike the tiles the seat held when it drew.
    state = position(
        ["0-0-0@0,0/r0", "0-0-1@1,0/r0"], [["1-2-3", "2-3-4"], ["4-4-4", "0-0-2"]], to_move=1, draws=1,
        revealed=[[], ["4-4-4"]],
    )  # fmt: skip
    data = state.to_json()
    data.update(
        start={"seat": 1, "tile": "0-0-0", "points": 40, "revealed": "4-4-4"},
        history=[[1, "0-0-0@0,0/r0"], [0, "0-0-1@1,0/r0"], [1, "draw"]],
        round_start=0,
    )
    game = game_of(state)
    view = game.state_from_json(data).view(0)
    draw = game.sampler(view)
    samples = [draw(random.Random(i)) for i in range(60)]
    assert all(s.view(0) == view and "4-4-4" in s.hand(1) for s in samples)
    assert any(s.legal_actions() != [DRAW] for s in samples)


def test_samples_that_differ_only_in_the_deals_to_come_differ() -> None:
    game = Triominos(3, {"target": 250})
    state = game.new_state(seed=6)
    rng = random.Random(6)
    for _ in range(25):
        random_step(state, rng)
    draw = game.sampler(state.view(state.current_player()))
    one, two = draw(random.Random(1)), draw(random.Random(2))
    assert isinstance(one, TriominosState) and isinstance(two, TriominosState)
    assert one.future == one.clone().future and one.future != two.future
    same_but_later = one.clone()
    same_but_later.future = two.future
    assert same_but_later != one and same_but_later.key() != one.key()


def test_the_tile_laid_last_may_lie_on_the_grids_edge() -> None:
    for x, y in ((0, -100), (100, 0), (-100, 100)):
        tile = "5-5-5" if (x + y) % 2 == 0 else "0-0-0"  # a triple: /r0 on up and down triangles alike
        state = position([f"{tile}@{x},{y}/r0"], [["0-1-2"], ["0-0-4"]])
        data = {**state.to_json(), "last": [x, y]}
        assert state.game.state_from_json(data).view()["last"] == [x, y]


def test_a_start_off_the_origin_names_the_tile_there() -> None:
    game = Triominos(3)
    data = played(game, 2, lambda s: len(s.layout) >= 3)
    there = next(text for text in data["layout"] if text.endswith("@0,0/r0"))
    other = next(t for t in data["racks"][0] if len(set(t.split("-"))) > 1)
    start = {**data["start"], "tile": other, "points": SUMS[INDEX[other]]}
    with pytest.raises(StateError, match=f"but the layout has {there} there"):
        game.state_from_json({**data, "start": start})


def test_a_tile_may_be_laid_on_the_grids_edge() -> None:
    state = position(["0-0-0@-99,0/r0"], [["0-0-1", "1-1-1"], ["0-0-4"]])
    edge = [a for a in state.legal_actions() if cast(tuple[int, ...], a)[1] == -100]
    assert edge
    play(state, state.game.action_to_string(edge[0]))
    assert state.view()["last"] == [-100, 0] and state.current_player() == 1


def test_a_log_missing_a_round_names_the_round() -> None:
    game = Triominos(2, {"target": 100})
    later = played(game, 15, lambda s: s.round == 1)
    with pytest.raises(StateError, match=r"the log must list the rounds before round 2 \(and it, once over\)"):
        game.state_from_json({**later, "log": []})


def test_unreadable_notation_is_quoted_as_written() -> None:
    with pytest.raises(NotationError, match="cannot read 'Lay 1-2-5'"):
        Triominos().string_to_action("Lay 1-2-5")


def test_render_names_the_winners_of_a_finished_game() -> None:
    state = Triominos(2, {"target": 1}).new_state(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        random_step(state, rng)
    won = ", ".join(f"P{s + 1}" for s in state.outcome().winners)
    assert won and f"Game over: {won} won" in state.render(0)


def test_only_the_start_with_triple_zero_shows_even_triple_zero() -> None:
    game = Triominos(3)

    def held_but_not_laid(data: dict[str, Any]) -> bool:  # 0-0-0 in a rack, another start tile laid
        return any("0-0-0" in rack for rack in data["racks"])

    data = next(d for seed in range(50) if held_but_not_laid(d := played(game, seed, lambda s: not s.choice)))
    holder = next(s for s, rack in enumerate(data["racks"]) if "0-0-0" in rack)
    revealed: list[list[str]] = [[], [], []]
    revealed[holder] = ["0-0-0"]
    with pytest.raises(StateError, match=f"seat {holder} shows 0-0-0, which the round's start does not show"):
        game.state_from_json({**data, "revealed": revealed})


def test_only_a_history_from_the_start_lay_tells_that_a_seat_has_not_drawn() -> None:
    """A seat that has not drawn holds only dealt tiles, none above the start tile; a view whose
    history does not hold the round (older JSON without ``round_start``) cannot tell who drew."""
    from tritable.games.triominos.basics import ranked_above

    game = Triominos(3)
    state = cast(TriominosState, game.new_state(seed=1))
    rng = random.Random(1)
    while state.start is None or len(state.history) - state.round_start < 2:
        random_step(state, rng)
    seat = next(s for s in range(3) if s not in (0, state.current_player()))
    assert all(a != DRAW for s, a in state.history[state.round_start :] if s == seat)
    above = ranked_above(state.start[1])

    def holding_above(view: dict[str, Any]) -> int:
        return sum(bool(game.sample_state(view, random.Random(i)).racks[seat] & above) for i in range(60))

    assert holding_above(state.view(0)) == 0
    older = {**state.to_json(), "setup": None}
    del older["round_start"]
    assert holding_above(game.state_from_json(older).view(0)) > 0


@pytest.mark.parametrize("start", ["0-0-0@-100,0/r0", "0-0-0@100,100/r0", "0-0-0@-99,-100/r0", "0-0-0@99,0/r0"])
def test_the_frontier_stays_inside_the_grid(start: str) -> None:
    # A position set up by hand may sit at the grid's edge: no lay is listed that the move would
    # refuse, whether the frontier was rebuilt from the layout or grown by a lay.
    state = position([start], [["0-0-1", "1-1-1", "0-0-2", "0-1-1"], ["0-0-4"]])
    stack = [state]
    seen = 0
    while stack:
        here = stack.pop()
        lays = [cast(tuple[int, int, int, int], a) for a in here.legal_actions() if a not in (DRAW, PASS)]
        assert all(-LIMIT <= a[1] <= LIMIT and -LIMIT <= a[2] <= LIMIT for a in lays)
        assert {a for a, _ in here.scored_lays()} == set(lays)
        for action in lays[:3] if here.to_move == 0 else []:
            child = here.clone()
            child.apply_action(action)
            seen += 1
            while child.to_move == 1:
                child.apply_action(child.legal_actions()[0])
            stack.append(child)
    assert seen >= 3


# -- events and the finished round ----------------------------------------------------------------


def _said(state: TriominosState, seat: int | None = None) -> list[tuple[str, int | None, str]]:
    return [(e["type"], e["seat"], e["text"]) for e in state.view(seat)["events"]]


def test_every_lay_says_its_points_and_its_bonus() -> None:
    cases = [
        (HEXAGON, [["0-0-1", "2-2-2"], ["3-3-3"]], "0-0-1@0,0/r1", "hexagon", 50, "P1 completes a hexagon: +50"),
        (DOUBLE_HEXAGON, [["0-1-5", "2-2-2"], ["3-3-3"]], "0-1-5@0,0/r2", "double_hexagon", 60,
         "P1 completes a double hexagon: +60"),
        (TRIPLE_HEXAGON, [["0-2-4", "3-3-3"], ["5-5-5"]], "0-2-4@0,0/r0", "triple_hexagon", 70,
         "P1 completes a triple hexagon: +70"),
        (BRIDGE, [["1-2-5", "0-0-0"], ["3-3-3"]], "1-2-5@0,0/r1", "bridge", 40, "P1 builds a bridge: +40"),
        (SLOT, [["1-1-5", "0-0-0"], ["3-3-3"]], "1-1-5@0,0/r2", "slot", 40, "P1 fills a slot: +40"),
    ]  # fmt: skip
    for layout, racks, lay, kind, bonus, text in cases:
        tile = lay.split("@")[0]
        state = position(layout, racks)
        play(state, lay)
        x, y = (int(v) for v in lay.split("@")[1].split("/")[0].split(","))
        points = sum(int(v) for v in tile.split("-"))
        for seat in (0, 1, None):
            events = state.view(seat)["events"]
            assert events[0] == {
                "type": "lay", "seat": 0, "text": f"P1 lays {tile} on {x},{y}: +{points}", "tile": tile,
                "action": lay, "x": x, "y": y, "points": points, "start": False,
            }  # fmt: skip
            assert events[1:] == [{"type": "bonus", "seat": 0, "text": text, "kind": kind, "points": bonus}]
        assert state.view()["last_action"] == {"seat": 0, "action": lay}


def test_the_start_says_its_bonus_and_the_triple_that_0_0_0_shows() -> None:
    state = new("1-2-4 3-3-5 0-1-2", "4-4-4 0-0-0 1-2-5", "0-1-3 2-2-2 0-0-5")
    assert state.view()["events"] == [] and state.view()["last_action"] is None
    play(state, "0-0-0@0,0/r0")
    assert _said(state) == [
        ("lay", 1, "P2 lays the start tile 0-0-0: +0"),
        ("bonus", 1, "P2 scores the start bonus of 0-0-0: +40"),
        ("reveal", 1, "P2 starts with 0-0-0 and shows 4-4-4"),
    ]
    triple = new("1-2-4 3-3-5 0-1-2", "4-4-4 0-1-1 1-2-5", "0-1-3 2-2-2 0-0-5", start=False)
    play(triple, "4-4-4@0,0/r0")
    assert _said(triple)[1] == ("bonus", 1, "P2 scores the start bonus: +10")


def test_a_draw_names_the_tile_to_the_drawer_alone() -> None:
    state = new("5-5-5 0-0-1", "2-5-5 1-1-1", pool="3-4-4 0-2-3")
    play(state, "2-5-5@1,0/r2", "draw")
    drawer = state.view(0)["events"]
    assert drawer == [{"type": "draw", "seat": 0, "text": "P1 draws 3-4-4: -5", "tile": "3-4-4", "points": -5}]
    for seat in (1, None):
        assert state.view(seat)["events"] == [
            {"type": "draw", "seat": 0, "text": "P1 draws a tile: -5", "tile": None, "points": -5}
        ]
    assert state.to_json()["events"] == drawer  # state JSON names every tile
    # A sample drawn from another seat's view names a tile the sample dealt as drawn.
    sample = game_of(state).sample_state(state.view(1), random.Random(0))
    drawn = sample.to_json()["events"][0]["tile"]
    assert drawn in sample.hand(0) and sample.view(1) == state.view(1)


def test_passes_say_their_penalty() -> None:
    state = new("5-5-5 0-0-1", "2-5-5 1-1-1", pool="3-4-4 0-2-3 1-1-3")
    play(state, "2-5-5@1,0/r2", "draw", "draw", "draw", "pass")
    assert _said(state) == [("pass", 0, "P1 passes after 3 draws: -10")]
    assert state.view()["events"][0]["points"] == -10


def test_a_round_end_is_shown_until_the_next_action() -> None:
    racks = [["0-0-4", "1-1-4"], ["2-5-5"], ["0-1-2", "3-4-5"]]
    state = position(["5-5-5@0,0/r0"], racks, to_move=1, future=(" ".join(NAMES),))
    play(state, "2-5-5@1,0/r2")
    view = state.view(None)
    assert [e["type"] for e in view["events"]] == ["lay", "round_end", "deal"]
    end, dealt = view["events"][1:]
    assert end["text"] == "P2 goes out and ends round 1: +50 (25 + 25 in the other racks)"
    assert (end["seat"], end["end"], end["winners"], end["points"]) == (1, "out", [1], [0, 50, 0])
    assert dealt["round"] == 1 and dealt["seat"] == state.current_player()
    assert dealt["text"] == f"Round 2 is dealt: P{state.current_player() + 1} lays the start tile"
    assert view["layout"] == [] and view["round"] == 1  # the next round's table
    shown = view["last_round"]
    assert shown["layout"] == ["5-5-5@0,0/r0", "2-5-5@1,0/r2"] and shown["last"] == [1, 0]
    assert shown["racks"] == [["0-0-4", "1-1-4"], [], ["0-1-2", "3-4-5"]] and shown["rack_sums"] == [10, 0, 15]
    again = game_of(state).state_from_json(state.to_json())
    assert all(again.view(s) == state.view(s) for s in (0, 1, 2, None)) and again == state
    play(state, state.game.action_to_string(state.legal_actions()[0]))
    assert state.view()["last_round"] is None and state.view()["log"][0]["round"] == 0


def test_a_blocked_round_is_said() -> None:
    for players in (2, 3):
        game = Triominos(players, {"target": 60})
        for seed in range(200):
            state = game.new_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                random_step(state, rng)
                end = next((e for e in state.view()["events"] if e["type"] == "round_end"), None)
                if end is not None and end["end"] == "blocked":
                    assert end["text"].startswith(f"Round {end['round'] + 1} is blocked: the lowest rack")
                    break
            else:
                continue
            break
        else:
            pytest.fail("no blocked round")


def test_tampered_events_are_refused() -> None:
    state = new("5-5-5 0-0-1", "2-5-5 1-1-1", pool="3-4-4 0-2-3")
    play(state, "2-5-5@1,0/r2", "draw")
    game = game_of(state)
    data = state.to_json()
    for events, why in [
        ([{**data["events"][0], "tile": None}], "names the tile drawn"),
        ([{**data["events"][0], "text": "P1 draws 5-5-5: -5"}], "is not what its fields say"),
        (
            [{**data["events"][0], "seat": 1, "text": "P2 draws 3-4-4: -5"}],
            "do not begin with the history's last action",
        ),
        ([{"type": "bonus", "seat": 0, "kind": "bridge", "points": 45}], "no bonus 'bridge' of 45 points"),
        ([{"type": "shuffle", "seat": 0}], "'type' is one of"),
    ]:
        with pytest.raises(StateError, match=why):
            game.state_from_json({**data, "events": events, "setup": None})
    view = state.view(1)
    with pytest.raises(StateError):
        game.sample_state({**view, "events": [{**view["events"][0], "tile": "3-4-4"}]}, random.Random(0))


def test_the_common_vocabulary() -> None:
    game = Triominos(3, {"target": 80})
    state = game.new_state(seed=9)
    rng = random.Random(9)
    while True:
        for seat in (0, 1, 2, None):
            view = state.view(seat)
            assert view["scores"] == state.scores() and view["hand_sizes"] == state.hand_sizes()
            assert view["hand"] == (None if seat is None else state.hand(seat))
            assert "rack" not in view and "rack_sizes" not in view
            last = state.history[-1] if state.history else None
            assert view["last_action"] == (last and {"seat": last[0], "action": game.action_to_string(last[1])})
        assert state.hand_sizes() == [len(state.hand(s)) for s in range(3)]
        if state.is_terminal():
            break
        random_step(state, rng)
    assert state.scores() == list(state.outcome().scores)
    assert state.view()["events"][-1]["type"] == "game_over"
    with pytest.raises(StateError, match="no seat 3"):
        state.hand(3)
