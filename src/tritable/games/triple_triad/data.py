"""The card table of Triple Triad (``cards.json``) as fast lookup tables, and the board geometry.

Cards are known by their id (0..109, the FF8 card number minus one). Inside the engine a card in a
hand or on the board is stored as ``id * 9`` (its *base*), so that an action ``base + cell`` needs
no multiplication; every table below named ``*_BY_BASE`` is indexed by that base.

Sides are numbered 0 top, 1 right, 2 bottom, 3 left, the order of the ratings in the table.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

Ratings = tuple[int, int, int, int]

ELEMENTS: tuple[str, ...] = ("earth", "fire", "holy", "ice", "poison", "thunder", "water", "wind")
"""The eight FF8 elements, lower-case as in ``cards.json``; an element is stored as its index here."""
ELEMENT_INDEX: dict[str, int] = {e: i for i, e in enumerate(ELEMENTS)}


def _load() -> list[dict[str, Any]]:
    text = resources.files("tritable.games.triple_triad").joinpath("cards.json").read_text(encoding="utf-8")
    cards: list[dict[str, Any]] = json.loads(text)
    for i, card in enumerate(cards):
        if card["id"] != i:
            raise ValueError(f"cards.json: entry {i} has id {card['id']}")
    return cards


_CARDS = _load()
COUNT = len(_CARDS)
NAMES: tuple[str, ...] = tuple(c["name"] for c in _CARDS)
LEVELS: tuple[int, ...] = tuple(int(c["level"]) for c in _CARDS)
RATINGS: tuple[Ratings, ...] = tuple((c["top"], c["right"], c["bottom"], c["left"]) for c in _CARDS)
CARD_ELEMENTS: tuple[int, ...] = tuple(-1 if c["element"] is None else ELEMENT_INDEX[c["element"]] for c in _CARDS)


def fold(name: str) -> str:
    """The key names are compared by: case and runs of spaces do not matter."""
    return " ".join(name.split()).casefold()


BY_NAME: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
BY_FOLDED: dict[str, int] = {fold(name): i for i, name in enumerate(NAMES)}
BASE_BY_NAME: dict[str, int] = {name: 9 * i for i, name in enumerate(NAMES)}

NO_RATINGS: Ratings = (0, 0, 0, 0)


def _clamp(r: Ratings, delta: int) -> Ratings:
    a, b, c, d = (min(10, max(1, x + delta)) for x in r)
    return (a, b, c, d)


def _by_base(values: list[Any], filler: Any) -> list[Any]:
    table = [filler] * (9 * COUNT)
    for i, v in enumerate(values):
        table[9 * i] = v
    return table


RATINGS_BY_BASE: list[Ratings] = _by_base(list(RATINGS), NO_RATINGS)
RATINGS_ON: tuple[list[Ratings], ...] = tuple(
    _by_base([_clamp(r, 1 if e == element else -1) for r, e in zip(RATINGS, CARD_ELEMENTS, strict=True)], NO_RATINGS)
    for element in range(len(ELEMENTS))
)
"""Per element: the ratings of every card (by base) on a cell of that element (Elemental rule):
+1 on all sides for a card of that element (at most A), else -1 (at least 1)."""
NAME_BY_BASE: list[str] = _by_base(list(NAMES), "")
ELEMENT_BY_BASE: list[int] = _by_base(list(CARD_ELEMENTS), -1)
"""Per card base: the card's element index (-1: none)."""

# -- the board: cells 0..8 (shown 1..9), row-major from the top left ------------------------------

NEIGHBOURS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(
        (n, side, (side + 2) % 4)
        for side, n, ok in (
            (0, cell - 3, cell >= 3),
            (1, cell + 1, cell % 3 < 2),
            (2, cell + 3, cell < 6),
            (3, cell - 1, cell % 3 > 0),
        )
        if ok
    )
    for cell in range(9)
)
"""Per cell: (neighbour cell, the side of this cell facing it, the neighbour's side facing back)."""

WALLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(side for side in range(4) if side not in {s for _, s, _ in NEIGHBOURS[cell]}) for cell in range(9)
)
"""Per cell: the sides that face the board's edge."""

OCCUPIED: tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...] = tuple(
    tuple(tuple(nb for nb in NEIGHBOURS[cell] if not empty >> nb[0] & 1) for empty in range(512)) for cell in range(9)
)
"""Per cell and bit set of empty cells: the NEIGHBOURS entries of the neighbours that hold a card."""

WALL_MATCHES: list[int] = [0] * (9 * COUNT)
"""Per action (base + cell): how many of the card's printed A ratings face a wall there (Same Wall)."""
for _i, _r in enumerate(RATINGS):
    for _cell in range(9):
        WALL_MATCHES[9 * _i + _cell] = sum(1 for _s in WALLS[_cell] if _r[_s] == 10)


def rating_text(value: int) -> str:
    """A rating as printed on the card: 1..9, A for 10."""
    return "A" if value == 10 else str(value)


_ACTION_ROWS: list[list[tuple[int, ...]] | None] = [None] * (9 * COUNT)
_INTS = list(range(9 * COUNT))  # shared int objects, so the rows cost no memory per action


def action_rows(base: int) -> list[tuple[int, ...]]:
    """For a card base: per bit set of empty cells (0..511), the placements of the card there.

    Built on first use of a card (512 small tuples), so that listing the legal actions of a hand
    is a few list extensions instead of one addition per action.
    """
    rows = _ACTION_ROWS[base]
    if rows is None:
        cells = [[k for k in range(9) if mask >> k & 1] for mask in range(512)]
        rows = [tuple(_INTS[base + k] for k in ks) for ks in cells]
        _ACTION_ROWS[base] = rows
    return rows


ACTION_ROWS = _ACTION_ROWS
