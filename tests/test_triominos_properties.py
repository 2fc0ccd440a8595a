"""Triominos property tests: random games for 2, 3 and 4 players keep the invariants."""

from __future__ import annotations

import json
import random
from typing import cast

from hypothesis import given, settings
from hypothesis import strategies as st

from tritable.engine import Record, StateError
from tritable.games.triominos import Triominos, TriominosState
from tritable.games.triominos.basics import DRAW, PASS
from tritable.games.triominos.tiles import BIT, NAMES, SUMS, TILES, TRIPLE_000, TRIPLES_HIGH_FIRST

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
    and shown tiles), the pool's order, the later rounds' deals. While the start tile is to be
    laid, what everyone sees is who lays it: deals that would give another seat the start are
    dealt again."""
    n = state.game.players
    for _ in range(1000):
        data = state.to_json()
        mixed = [s for s in range(n) if s != seat]
        free = [t for s in mixed for t in data["racks"][s] if t not in data["revealed"][s]] + data["pool"]
        rng.shuffle(free)
        for s in mixed:
            keep = list(data["revealed"][s])
            need = len(data["racks"][s]) - len(keep)
            data["racks"][s] = keep + free[:need]
            free = free[need:]
        data["pool"] = free
        data["future"] = [" ".join(rng.sample(NAMES, 56)) for _ in data["future"]]
        data["setup"] = None  # another deal: a position of its own, not the setup's
        try:
            again = state.game.state_from_json(data)
        except StateError:
            assert state.choice, "only the start can refuse a deal"
        else:
            assert isinstance(again, TriominosState)
            return again
    raise AssertionError("no other deal lets the same seat lay the start tile")


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
    assert isinstance(state, TriominosState)
    rng = random.Random(seed)
    plies = 0
    reached_in: int | None = None  # the first round in which a score reached the target
    while not state.is_terminal():
        assert plies < MAX_PLIES, "random play ends"
        check_conservation(state)
        seat = state.current_player()
        actions = cast(list[tuple[int, ...]], state.legal_actions())
        before = list(state.scores())
        rounds = len(state.log)
        choosing = state.choice
        action = actions[rng.randrange(len(actions))]
        state.apply_action(action)
        plies += 1
        if reached_in is None and max(state.scores()) >= target:
            reached_in = rounds
        if len(state.log) == rounds:  # the round goes on: only the mover's score moves
            assert all(state.scores()[s] == before[s] for s in range(players) if s != seat)
            delta = state.scores()[seat] - before[seat]
            if action == DRAW:
                assert delta == -5 and state.current_player() == seat
            elif action == PASS:
                assert delta in (0, -10) and state.current_player() == (seat + 1) % players
            elif choosing:  # the start: 0-0-0 40, another triple its sum + 10, any other tile its sum
                triple = len(set(TILES[action[0]])) == 1
                assert delta == (40 if action[0] == TRIPLE_000 else SUMS[action[0]] + 10 * triple)
            else:
                assert delta - SUMS[action[0]] in (0, 40, 50, 60, 70)  # the best bonus, or none
        if plies % every == 0:
            check_views_and_json(state, rng)
    check_conservation(state)
    check_views_and_json(state, rng)
    assert 1 <= len(state.log) <= 6
    # The game ends with the round in which a score reached the target (even if it fell below
    # again by drawing), else after the last round.
    assert len(state.log) == (6 if reached_in is None else reached_in + 1)
    assert state.outcome().details["end"] == ("max_rounds" if reached_in is None else "target")
    # Replay identity: the setup and the actions rebuild the same game, through records too.
    replay = game.state_from_setup(json.loads(json.dumps(state.initial_setup)))
    for seat, applied in state.history:
        replay.apply_action(applied, seat)
    assert replay == state and replay.to_json() == state.to_json()
    assert Record.loads(Record.from_state(state).dumps()).replay().to_json() == state.to_json()


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
        assert isinstance(sample, TriominosState)
        assert sample == game.sample_state(other.view(seat), random.Random(k))
        assert sample.view(seat) == view
        check_conservation(sample)
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        for s in range(game.players):
            if s != seat:
                assert sample.racks[s].bit_count() == state.racks[s].bit_count()
                assert sample.racks[s] & state.revealed[s] == state.revealed[s]
    spectator = state.view(None)
    assert spectator["hand"] is None
    assert hidden_shuffled(state, None, rng).view(None) == spectator


@settings(max_examples=20)
@given(st.integers(0, 2**32 - 1))
def test_start_samples_give_the_starter_the_start_tile_and_hide_its_choice(seed: int) -> None:
    # Seat 2 holds 3-3-3 and 0-0-0 and chooses; the others hold no triple.
    game = Triominos(3)
    racks = ["0-1-2 1-2-3 0-1-3 1-2-4 0-1-4 2-3-4 0-2-4", "1-1-2 0-0-1 0-1-1 0-0-2 0-2-2 0-1-5 1-1-3"]
    chooser = "3-3-3 0-0-0 1-3-5 2-4-5 3-4-5 0-3-5 1-4-5"
    named = " ".join([*racks, chooser]).split()
    deal = " ".join(named + [t for t in NAMES if t not in named])
    state = game.state_from_setup({"deals": [deal]})
    assert state.choice and state.current_player() == 2 and len(state.legal_actions()) == 2
    rng = random.Random(seed)
    for seat in (0, 1, None):
        view = state.view(seat)
        for _ in range(40):
            sample = game.sample_state(view, rng)
            assert sample.view(seat) == view
            check_conservation(sample)
            # The starter holds the best start tile of all racks ...
            triples = [t for t in TRIPLES_HIGH_FIRST if any(r & BIT[t] for r in sample.racks)]
            dealt = [t for r in sample.racks for t in range(56) if r & BIT[t]]
            best = triples[0] if triples else max(dealt, key=lambda t: (SUMS[t], max(TILES[t]), sorted(TILES[t])[1]))
            assert sample.racks[2] & BIT[best]
            start = sample.legal_actions()
            sample.apply_action(start[0])
            assert sample.layout and sample.current_player() == 0
    # ... but nothing says it holds 0-0-0 too (a fixed stream: the share is small but far from 0).
    fixed = random.Random(1)
    zero = sum(bool(game.sample_state(state.view(0), fixed).racks[2] & BIT[TRIPLE_000]) for _ in range(300))
    assert 0 < zero < 300, zero


# -- an independent oracle for laying tiles and their bonuses ------------------------------------
#
# Written from the package docstring's grid alone (corner points of each triangle, ``/rN`` puts
# the lowest number on corner N), not from the engine's neighbour tables, pattern tables or
# incremental frontier: two triangles share an edge when they share two corner points.

Point = tuple[int, int]


def oracle_corners(x: int, y: int) -> tuple[Point, Point, Point]:
    """Corners 0, 1, 2 (clockwise from the apex) of triangle ``x,y``, as the docstring draws them."""
    if (x + y) % 2 == 0:
        return (x + 1, y), (x + 2, y + 1), (x, y + 1)
    return (x + 1, y + 1), (x, y), (x + 2, y)


def oracle_table(state: TriominosState) -> tuple[dict[Point, int], dict[Point, int], set[Point]]:
    """From the view's layout notation: the number on each touched point, how many tiles touch
    each point, and the occupied triangles."""
    numbers: dict[Point, int] = {}
    touching: dict[Point, int] = {}
    occupied: set[Point] = set()
    for text in state.view()["layout"]:
        tile, at = text.split("@")
        xy, rot = at.split("/r")
        x, y = map(int, xy.split(","))
        occupied.add((x, y))
        abc = list(map(int, tile.split("-")))
        corners = oracle_corners(x, y)
        for i, v in enumerate(abc):
            p = corners[(int(rot) + i) % 3]
            assert numbers.setdefault(p, v) == v, "the layout itself matches"
            touching[p] = touching.get(p, 0) + 1
    return numbers, touching, occupied


def oracle_edges(x: int, y: int, occupied: set[Point]) -> list[Point]:
    """The occupied triangles sharing an edge (two corner points) with ``x,y``."""
    mine = set(oracle_corners(x, y))
    near = ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    return [u for u in near if u in occupied and len(mine & set(oracle_corners(*u))) == 2]


def oracle_moves(state: TriominosState, seat: int) -> list[tuple[int, int, int, int]]:
    """Every lay of a tile of ``seat``'s rack: at least one full edge against the layout, and every
    corner that touches a laid tile (along an edge or at a point) carries that tile's number."""
    numbers, _, occupied = oracle_table(state)
    rack = [t for t in range(56) if state.racks[seat] & BIT[t]]
    slots = {
        (x + dx, y + dy)
        for x, y in occupied
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (x + dx, y + dy) not in occupied and oracle_edges(x + dx, y + dy, occupied)
    }
    out = []
    for x, y in slots:
        corners = oracle_corners(x, y)
        for tile in rack:
            abc = TILES[tile]
            for rot in (0,) if abc[0] == abc[2] else (0, 1, 2):
                on = {corners[(rot + i) % 3]: v for i, v in enumerate(abc)}
                if all(numbers.get(p, v) == v for p, v in on.items()):
                    out.append((tile, x, y, rot))
    return sorted(out)


def oracle_bonus(state: TriominosState, x: int, y: int) -> int:
    """The bonus for laying on ``x,y`` (RULINGS: only the best one counts)."""
    numbers, touching, occupied = oracle_table(state)
    corners = oracle_corners(x, y)
    edges = oracle_edges(x, y, occupied)
    hexagons = sum(1 for p in corners if touching.get(p, 0) == 5)
    if hexagons:
        return {1: 50, 2: 60, 3: 70}[hexagons]
    if len(edges) >= 2:
        return 40  # a filled slot
    (edge,) = edges
    (far,) = set(corners) - set(oracle_corners(*edge))
    return 40 if far in numbers else 0  # a bridge: the far corner touches a tile at a point


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**32 - 1))
def test_lays_bonuses_and_blocking_match_an_independent_oracle(players: int, seed: int) -> None:
    game = Triominos(players, {"max_rounds": 2})
    state = game.new_state(seed=seed)
    assert isinstance(state, TriominosState)
    rng = random.Random(seed)
    seen_bonus: set[int] = set()
    while not state.is_terminal():
        seat = state.current_player()
        if state.choice:
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        expected = oracle_moves(state, seat)
        actions = cast(list[tuple[int, ...]], state.legal_actions())
        if expected:
            assert actions == expected, "the lays the rules allow, no more and no fewer"
        else:
            assert actions in ([DRAW], [PASS])
        pool_empty = state.view()["pool"] == 0
        if pool_empty and state.draws == 0:
            # A turn never begins on a blocked table: the round would have ended.
            assert any(oracle_moves(state, s) for s in range(players))
        action = actions[rng.randrange(len(actions))]
        before = state.scores()[seat]
        rounds = len(state.log)
        if action == PASS and pool_empty:
            blocked = not any(oracle_moves(state, s) for s in range(players) if s != seat)
            state.apply_action(action)
            assert (len(state.log) > rounds and state.log[rounds][2] == "blocked") == blocked
            continue
        bonus = oracle_bonus(state, action[1], action[2]) if len(action) == 4 else 0
        state.apply_action(action)
        if len(state.log) == rounds and len(action) == 4:
            assert state.scores()[seat] - before == SUMS[action[0]] + bonus
            seen_bonus.add(bonus)
    assert 0 in seen_bonus
