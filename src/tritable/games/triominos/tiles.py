"""The 56 Triominos tiles, the triangular grid, and the corner-pattern tables (see the package docstring).

Triangles and lattice points are packed into ints (``(y + OFFSET) * WIDTH + x + OFFSET``) so the
layout, the point numbers and the frontier are small-int dicts; :func:`tri_xy` unpacks them.
"""

from __future__ import annotations

TILES: tuple[tuple[int, int, int], ...] = tuple((a, b, c) for a in range(6) for b in range(a, 6) for c in range(b, 6))
"""Every tile as its numbers clockwise from the lowest, ascending: 0-0-0 (index 0) .. 5-5-5 (55)."""

NAMES: tuple[str, ...] = tuple(f"{a}-{b}-{c}" for a, b, c in TILES)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
SUMS: tuple[int, ...] = tuple(sum(t) for t in TILES)
BIT: tuple[int, ...] = tuple(1 << i for i in range(len(TILES)))
ALL_TILES = (1 << len(TILES)) - 1

TRIPLE_000 = INDEX["0-0-0"]
TRIPLES_HIGH_FIRST: tuple[int, ...] = tuple(INDEX[f"{v}-{v}-{v}"] for v in range(5, -1, -1))
"""Triples from 5-5-5 down to 0-0-0: the order that decides who starts."""
TRIPLE_MASK = sum(BIT[t] for t in TRIPLES_HIGH_FIRST)

ROTATIONS: tuple[tuple[int, ...], ...] = tuple((0,) if a == b == c else (0, 1, 2) for a, b, c in TILES)
"""The distinct orientations of each tile (a triple looks the same every way round: only r0)."""


def start_rank(tile: int) -> tuple[int, int, int]:
    """Order of tiles when no one holds a triple: higher sum first, then higher largest, then middle
    number (a total order: two tiles equal on all three are the same tile)."""
    a, b, c = TILES[tile]
    return (a + b + c, c, b)


def corner_numbers(tile: int, rot: int) -> tuple[int, int, int]:
    """The numbers at corners 0, 1, 2 (clockwise from the apex) of ``tile`` turned ``rot`` steps:
    the tile's lowest number sits at corner ``rot``."""
    t = TILES[tile]
    return (t[-rot % 3], t[(1 - rot) % 3], t[(2 - rot) % 3])


CORNER_NUMBERS: tuple[tuple[int, int, int], ...] = tuple(
    corner_numbers(code // 3, code % 3) for code in range(3 * len(TILES))
)
"""``corner_numbers`` by ``tile * 3 + rot``."""


def mask_tiles(mask: int) -> list[int]:
    """The tiles of a bit mask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_sum(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += SUMS[low.bit_length() - 1]
        mask ^= low
    return total


# -- the grid -----------------------------------------------------------------------------------

OFFSET = 128
WIDTH = 256
LIMIT = 100
"""Coordinates a triangle may have: |x|, |y| <= LIMIT (a layout of 56 tiles spans far less)."""


def tri_id(x: int, y: int) -> int:
    return (y + OFFSET) * WIDTH + x + OFFSET


def tri_xy(t: int) -> tuple[int, int]:
    return t % WIDTH - OFFSET, t // WIDTH - OFFSET


point_id = tri_id
point_xy = tri_xy


def is_up(x: int, y: int) -> bool:
    return (x + y) % 2 == 0


def _corners_and_neighbours(x: int, y: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Corners clockwise from the apex, and the edge neighbour opposite each corner."""
    if (x + y) % 2 == 0:  # up: apex on top
        corners = (point_id(x + 1, y), point_id(x + 2, y + 1), point_id(x, y + 1))
        neighbours = (tri_id(x, y + 1), tri_id(x - 1, y), tri_id(x + 1, y))
    else:  # down: apex at the bottom
        corners = (point_id(x + 1, y + 1), point_id(x, y), point_id(x + 2, y))
        neighbours = (tri_id(x, y - 1), tri_id(x + 1, y), tri_id(x - 1, y))
    return corners, neighbours


CORNERS: dict[int, tuple[int, int, int]] = {}
NEIGHBOURS: dict[int, tuple[int, int, int]] = {}
AROUND: dict[int, tuple[int, ...]] = {}
"""Filled on first use: triangle -> its corners / its neighbours; point -> the six triangles round it."""
XY: dict[int, tuple[int, int]] = {}
INSIDE: dict[int, tuple[int, ...]] = {}
"""Filled with ``CORNERS``: triangle -> its edge neighbours inside the grid, the only triangles
a lay beside it can open (so the frontier never lists a slot no tile may take)."""


def in_grid(x: int, y: int) -> bool:
    return -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT


def geometry(t: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Corners and edge neighbours of triangle ``t`` (cached)."""
    corners = CORNERS.get(t)
    if corners is None:
        x, y = tri_xy(t)
        corners, neighbours = _corners_and_neighbours(x, y)
        CORNERS[t] = corners
        NEIGHBOURS[t] = neighbours
        XY[t] = (x, y)
        INSIDE[t] = tuple(u for u in neighbours if in_grid(*tri_xy(u)))
        return corners, neighbours
    return corners, NEIGHBOURS[t]


def around(p: int) -> tuple[int, ...]:
    """The six triangles that have point ``p`` as a corner (the hexagon round ``p``)."""
    tris = AROUND.get(p)
    if tris is None:
        px, py = point_xy(p)
        tris = tuple(tri_id(px + dx, py + dy) for dy in (-1, 0) for dx in (-2, -1, 0))
        AROUND[p] = tris
    return tris


# -- corner patterns ----------------------------------------------------------------------------

FREE = 6
"""A corner that touches no tile: any number fits there."""
PATTERNS = 7 * 7 * 7


def pattern_code(v0: int, v1: int, v2: int) -> int:
    return v0 * 49 + v1 * 7 + v2


def _tables() -> tuple[list[tuple[tuple[int, int], ...]], list[int], list[frozenset[int]]]:
    cands: list[list[tuple[int, int]]] = [[] for _ in range(PATTERNS)]
    for tile in range(len(TILES)):
        for rot in ROTATIONS[tile]:
            nums = corner_numbers(tile, rot)
            # Every pattern this placement satisfies: each corner either free or equal.
            for v0 in (nums[0], FREE):
                for v1 in (nums[1], FREE):
                    for v2 in (nums[2], FREE):
                        cands[pattern_code(v0, v1, v2)].append((tile, rot))
    masks = [sum({BIT[t] for t, _ in c}) for c in cands]
    fits = [frozenset(t * 3 + r for t, r in c) for c in cands]
    return [tuple(c) for c in cands], masks, fits


CANDIDATES, PATTERN_MASK, FITS = _tables()
"""Per corner pattern: the (tile, rotation) placements that fit it, their tiles as a bit mask, and
the placements as ``tile * 3 + rotation`` (for checking one)."""
