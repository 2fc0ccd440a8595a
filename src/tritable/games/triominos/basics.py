"""What the parts of the Triominos package share: the numbers of the rules, the actions and their
notation, the deals, which tile starts a round, and the readers of small JSON values."""

from __future__ import annotations

import functools
import random
import re

from tritable.engine.errors import NotationError, StateError, shown
from tritable.engine.protocol import (
    Action,
)
from tritable.games.triominos.tiles import (
    BIT,
    INDEX,
    LIMIT,
    NAMES,
    ROTATIONS,
    SUMS,
    TILES,
    TRIPLE_000,
    TRIPLE_MASK,
    TRIPLES_HIGH_FIRST,
    mask_tiles,
    start_rank,
    tri_id,
)

DRAW: tuple[int] = (-1,)
PASS: tuple[int] = (-2,)
ORIGIN = tri_id(0, 0)

START_BONUS = 10
TRIPLE_000_START = 40
OUT_BONUS = 25
DRAW_PENALTY = 5
MAX_DRAWS = 3
FAILED_DRAWS_PENALTY = 10
BRIDGE_BONUS = 40
SLOT_BONUS = 40
HEXAGON_BONUS = (0, 50, 60, 70)
"""Indexed by the number of hexagons one placement completes."""

OUT = "out"
BLOCKED = "blocked"

_PLACEMENT = re.compile(r"^([0-5])-([0-5])-([0-5])@(-?\d{1,4}),(-?\d{1,4})/r([0-2])$", re.ASCII)  # 0-9 only

EVERY_SEAT = -9
"""The viewer that sees every tile: state JSON (see ``events.event_json``)."""


def hand_size(players: int) -> int:
    return 9 if players == 2 else 7


def placement_text(tile: int, x: int, y: int, rot: int) -> str:
    return f"{NAMES[tile]}@{x},{y}/r{rot}"


def is_int(v: object) -> bool:
    return type(v) is int


@functools.lru_cache(maxsize=1 << 16)
def notation(action: Action) -> str:
    """The notation of an action, remembered: views list the whole history and the search asks for
    many views, and writing each action anew was most of their cost. Triominos notation does not
    depend on the options, so one cache serves every game."""
    if action == DRAW:
        return "draw"
    if action == PASS:
        return "pass"
    if isinstance(action, tuple) and len(action) == 4 and all(is_int(v) for v in action):
        tile, x, y, rot = action
        if 0 <= tile < len(TILES) and rot in ROTATIONS[tile] and abs(x) <= LIMIT and abs(y) <= LIMIT:
            return placement_text(tile, x, y, rot)
    raise NotationError(f"not a triominos action: {shown(action)}")


def parse_placement(s: str, text: str | None = None) -> tuple[int, int, int, int]:
    """``(tile, x, y, rotation)`` from ``1-2-5@3,-2/r1`` (lower case, no spaces); NotationError if bad."""
    m = _PLACEMENT.match(s)
    if not m:
        raise NotationError(
            f"cannot read {text or s!r}: write a placement as tile@x,y/rN (like 1-2-5@3,-2/r1), 'draw' or 'pass'"
        )
    a, b, c = int(m[1]), int(m[2]), int(m[3])
    name = f"{a}-{b}-{c}"
    if name not in INDEX:
        canonical = canonical_name(a, b, c)
        if canonical is None:
            raise NotationError(f"there is no tile {name}: its numbers do not ascend clockwise")
        raise NotationError(f"write the tile {name} clockwise from its lowest number: {canonical}")
    tile, rot = INDEX[name], int(m[6])
    if rot not in ROTATIONS[tile]:
        raise NotationError(f"{name} is a triple: it is written /r0 (it looks the same every way round)")
    x, y = int(m[4]), int(m[5])
    if abs(x) > LIMIT or abs(y) > LIMIT:
        # Refused here too, so that every action read can be written back.
        raise NotationError(f"cannot read {text or s!r}: x and y run from -{LIMIT} to {LIMIT}")
    return (tile, x, y, rot)


def canonical_name(a: int, b: int, c: int) -> str | None:
    for rot in ((a, b, c), (b, c, a), (c, a, b)):
        name = "-".join(map(str, rot))
        if name in INDEX:
            return name
    return None


def shuffled_deal(rng: random.Random) -> str:
    # Sorting by independent uniform keys is a uniform shuffle, and twice as fast as rng.shuffle here.
    key = rng.random
    return " ".join(sorted(NAMES, key=lambda _: key()))


def check_deal(deal: object, what: str, error: type[Exception]) -> None:
    if not isinstance(deal, str):
        raise error(f"{what} must be text: the 56 tiles separated by spaces, like '5-5-5 0-1-2 ...'")
    tokens = deal.split()
    if len(tokens) != len(NAMES) or set(tokens) != NAME_SET:
        bad = sorted(set(tokens) - NAME_SET)
        if bad:
            raise error(f"{what} has {bad[0]!r}, which is not a tile (tiles read clockwise from the lowest: 0-1-2)")
        missing = sorted(NAME_SET - set(tokens))
        if missing:
            raise error(f"{what} lacks the tile {missing[0]}")
        raise error(f"{what} must hold each of the 56 tiles once, not {len(tokens)} tiles")


NAME_SET = frozenset(NAMES)


def parse_deal(deal: str) -> tuple[int, ...]:
    return tuple(INDEX[name] for name in deal.split())


def tile_of(name: object) -> int:
    if not isinstance(name, str) or name not in INDEX:
        raise StateError(f"{name!r} is not a tile")
    return INDEX[name]


def tiles_mask(names: object, what: str) -> int:
    if not isinstance(names, list):
        raise StateError(f"{what} must be a list of tiles")
    mask = 0
    for name in names:
        t = tile_of(name)
        if mask & BIT[t]:
            raise StateError(f"{what} holds {name} twice")
        mask |= BIT[t]
    return mask


def nonneg(v: object, what: str) -> int:
    if not is_int(v) or v < 0:  # type: ignore[operator]
        raise StateError(f"{what!r} must be a whole number >= 0, not {v!r}")
    return v  # type: ignore[return-value]


def int_list(v: object, n: int, what: str) -> list[int]:
    if not isinstance(v, list) or len(v) != n or not all(is_int(x) for x in v):
        raise StateError(f"{what!r} must list {n} whole numbers")
    return list(v)


def start_order(tile: int) -> tuple[int, int, int, int]:
    """Which tile starts a round: the highest triple (0-0-0 the lowest), else the highest tile."""
    triple = bool(BIT[tile] & TRIPLE_MASK)
    return (1, -TRIPLES_HIGH_FIRST.index(tile), 0, 0) if triple else (0, *start_rank(tile))


START_ORDER: tuple[int, ...] = tuple(sorted(range(len(TILES)), key=start_order).index(t) for t in range(len(TILES)))
"""Per tile, its place in the order in which tiles start a round (higher starts)."""


def best_start(rack: int) -> int:
    """The tile of ``rack`` that would start a round (-1 for an empty rack)."""
    return max(mask_tiles(rack), key=START_ORDER.__getitem__, default=-1)


def round_starter(racks: list[int]) -> int:
    """The seat holding the round's start tile."""
    best = [START_ORDER[t] if (t := best_start(rack)) >= 0 else -1 for rack in racks]
    return best.index(max(best))


def start_points(tile: int) -> int:
    """What laying ``tile`` as the start scores: 0-0-0 40, another triple its sum + 10, else its sum."""
    if tile == TRIPLE_000:
        return TRIPLE_000_START
    return SUMS[tile] + START_BONUS if BIT[tile] & TRIPLE_MASK else SUMS[tile]


@functools.lru_cache(maxsize=64)
def ranked_above(tile: int) -> int:
    """The tiles that would start a round before ``tile``: the higher triples (every triple if
    ``tile`` is not one), and for a tile that is no triple the tiles ranking above it."""
    return sum(BIT[t] for t in range(len(TILES)) if START_ORDER[t] > START_ORDER[tile])
