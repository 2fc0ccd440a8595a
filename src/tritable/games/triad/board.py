"""Triad's board and notation: square names, the lines a die moves along and the windows of three
a Triad lies in, as tables built once, and actions to text and back (see the package docstring)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tritable.engine.errors import NotationError, shown
from tritable.engine.protocol import Action

# -- the board ------------------------------------------------------------------------------------

SIZE = 6
SQUARES = SIZE * SIZE
FILES = "abcdef"
COLOURS = ("Black", "Orange")
LETTERS = ("B", "O")
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))  # the four orientations of a Triad

MOVE_BASE = 0  # from * 36 + to
TURN_BASE = 1296  # + from * 3 + value - 1
SLIDE_BASE = 1404  # + from * 36 + to
REMOVE_BASE = 2700  # + square
ACTIONS = 2736

WIN_REMOVALS = 3

# A board cell: 0 empty, else seat * 3 + value (Black 1-3, Orange 4-6).
OWNER = (-1, 0, 0, 0, 1, 1, 1)
VALUE = (0, 1, 2, 3, 1, 2, 3)


def square_name(sq: int) -> str:
    return FILES[sq % SIZE] + str(sq // SIZE + 1)


NAMES = tuple(square_name(sq) for sq in range(SQUARES))
SQUARE_OF = {name: sq for sq, name in enumerate(NAMES)}


def _inside(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


def _rays(sq: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per direction, the (square, move action) pairs 1, 2, 3 squares away (as far as the board goes)."""
    f0, r0 = sq % SIZE, sq // SIZE
    rays = []
    for df, dr in DIRECTIONS:
        squares = [(r0 + dr * d) * SIZE + f0 + df * d for d in range(1, 4) if _inside(f0 + df * d, r0 + dr * d)]
        if squares:
            rays.append(tuple((q, sq * SQUARES + q) for q in squares))
    return tuple(rays)


RAYS = tuple(_rays(sq) for sq in range(SQUARES))


MoveRay = tuple[int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _move_rays(sq: int, cell: int) -> tuple[MoveRay, ...]:
    """Per ray of ``sq``, for a die there showing ``cell``'s value: the ray's three squares (a
    shorter ray padded with ``sq``, which the die occupies, so it reads as blocked) and the moves
    along it when one, two or all three squares are free (the die must turn: no move of its value)."""
    v = VALUE[cell]
    out = []
    for ray in RAYS[sq]:
        q1, q2, q3 = [q for q, _ in ray] + [sq] * (3 - len(ray))
        free = [tuple(code for d, (_, code) in enumerate(ray[:k], 1) if d != v) for k in (1, 2, 3)]
        out.append((q1, q2, q3, free[0], free[1], free[2]))
    return tuple(out)


MOVE_RAYS = tuple(tuple(_move_rays(sq, cell) for cell in range(7)) for sq in range(SQUARES))
"""``MOVE_RAYS[square][cell]``: what :meth:`TriadState._moves` walks, a few tests a ray."""


def _paths() -> tuple[tuple[int, ...] | None, ...]:
    """Per ``from * 36 + to``: the squares a die crosses and reaches (``to`` last), or None when
    ``to`` is not 1-3 squares away on a line."""
    paths: list[tuple[int, ...] | None] = [None] * (SQUARES * SQUARES)
    for rays in RAYS:
        for ray in rays:
            for i, (_, code) in enumerate(ray):
                paths[code] = tuple(q for q, _ in ray[: i + 1])
    return tuple(paths)


PATH = _paths()


def _windows(sq: int) -> tuple[tuple[int, int], ...]:
    """The other two squares of every window of three in a line through ``sq``."""
    f0, r0 = sq % SIZE, sq // SIZE
    out = []
    for df, dr in LINES:
        for start in (-2, -1, 0):
            cells = [(f0 + df * (start + k), r0 + dr * (start + k)) for k in range(3)]
            if all(_inside(f, r) for f, r in cells):
                others = [r * SIZE + f for f, r in cells if (f, r) != (f0, r0)]
                out.append((others[0], others[1]))
    return tuple(out)


WINDOWS = tuple(_windows(sq) for sq in range(SQUARES))

# NEED[a][b]: the value a third die needs to make a Triad with cells a and b (0: none can).
NEED = tuple(
    tuple(0 if not a or not b else (VALUE[a] if VALUE[a] == VALUE[b] else 6 - VALUE[a] - VALUE[b]) for b in range(7))
    for a in range(7)
)


def removable_after(board: Sequence[int], seat: int, t: int) -> set[int]:
    """The dice ``seat`` may remove after its die reached (or turned on) ``t``: every own die of every
    Triad through ``t`` (empty when none). Those are exactly the Triads the move formed (see the
    package docstring), so the moved die is in the set whenever it is not empty."""
    value = VALUE[board[t]]
    removable: set[int] = set()
    for a, b in WINDOWS[t]:
        ca = board[a]
        cb = board[b]
        # The moved die is the mover's: the Triad has both colours when either other die is not.
        if NEED[ca][cb] == value and (OWNER[ca] != seat or OWNER[cb] != seat):
            removable.add(t)
            if OWNER[ca] == seat:
                removable.add(a)
            if OWNER[cb] == seat:
                removable.add(b)
    return removable


# -- notation -------------------------------------------------------------------------------------


def action_text(action: Action) -> str:
    if type(action) is not int or not 0 <= action < ACTIONS:
        raise NotationError(f"{shown(action)} is not a Triad action")
    if action < TURN_BASE:
        path = PATH[action]
        if path is None:
            raise NotationError(f"{shown(action)} is not a Triad action")
        return f"{NAMES[action // SQUARES]}={len(path)}>{NAMES[action % SQUARES]}"
    if action < SLIDE_BASE:
        sq, v = divmod(action - TURN_BASE, 3)
        return f"{NAMES[sq]}={v + 1}"
    if action < REMOVE_BASE:
        code = action - SLIDE_BASE
        if PATH[code] is None:
            raise NotationError(f"{shown(action)} is not a Triad action")
        return f"{NAMES[code // SQUARES]}>{NAMES[code % SQUARES]}"
    return "x" + NAMES[action - REMOVE_BASE]


_SQ = "([a-f][1-6])"
_MOVE = re.compile(f"{_SQ}=([1-3])>{_SQ}")
_TURN = re.compile(f"{_SQ}=([1-3])")
_SLIDE = re.compile(f"{_SQ}>{_SQ}")
_REMOVE = re.compile(f"x{_SQ}")


def parse_action(text: str) -> int:
    if not isinstance(text, str):
        raise NotationError(f"Triad notation is text, not {text!r}")
    t = "".join(text.split()).lower()
    if m := _MOVE.fullmatch(t):
        code = SQUARE_OF[m[1]] * SQUARES + SQUARE_OF[m[3]]
        path = PATH[code]
        if path is None:
            raise NotationError(f"{text!r}: {m[1]} to {m[3]} is not a straight line of 1-3 squares")
        if len(path) != int(m[2]):
            raise NotationError(f"{text!r}: a die turned to {m[2]} moves {m[2]} squares, not {len(path)}")
        return MOVE_BASE + code
    if m := _TURN.fullmatch(t):
        return TURN_BASE + SQUARE_OF[m[1]] * 3 + int(m[2]) - 1
    if m := _SLIDE.fullmatch(t):
        code = SQUARE_OF[m[1]] * SQUARES + SQUARE_OF[m[2]]
        if PATH[code] is None:
            raise NotationError(f"{text!r}: {m[1]} to {m[2]} is not a straight line of 1-3 squares")
        return SLIDE_BASE + code
    if m := _REMOVE.fullmatch(t):
        return REMOVE_BASE + SQUARE_OF[m[1]]
    raise NotationError(f"{text!r} is not Triad notation (moves look like b1=3>b4, b1=2, b1>b3, xc4)")


def triads_through(board: Sequence[int], t: int) -> list[tuple[int, int, int]]:
    """Every Triad with a die on ``t``, each as its three squares in line order (ascending numbers
    run along every line)."""
    cell = board[t]
    value, owner = VALUE[cell], OWNER[cell]
    found: list[tuple[int, int, int]] = []
    for a, b in WINDOWS[t]:
        ca, cb = board[a], board[b]
        if NEED[ca][cb] == value and (OWNER[ca] != owner or OWNER[cb] != owner):
            x, y, z = sorted((a, b, t))
            found.append((x, y, z))
    return found


def die_name(cell: int) -> str:
    """A board cell's die as the views write it: colour letter and value (``"B2"``, ``"O3"``)."""
    return LETTERS[OWNER[cell]] + str(VALUE[cell])


def die_cell(text: object) -> int | None:
    """The board cell of a die written ``"B2"``/``"O3"``, or None when ``text`` is no die."""
    if not isinstance(text, str) or len(text) != 2 or text[0] not in LETTERS or text[1] not in "123":
        return None
    return LETTERS.index(text[0]) * 3 + int(text[1])
