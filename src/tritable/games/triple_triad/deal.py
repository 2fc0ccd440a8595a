"""Dealing Triple Triad: drawing random setups (hands from the level pool or the players'
collections, first players, elements) and building the state a setup starts."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Any, TypeVar

from tritable.engine.errors import SetupError
from tritable.engine.protocol import JSON, copy_json
from tritable.games.triple_triad.data import (
    BUILTIN,
    COUNT,
    ELEMENT_INDEX,
    ELEMENTS,
    HAND_SIZE,
    LEVELS,
    NAME_BY_BASE,
    NAMES,
    NO_RATINGS,
    CardTable,
)
from tritable.games.triple_triad.data import NO_ELEMENTS as _NO_ELEMENTS
from tritable.games.triple_triad.validation import _parse_setup

if TYPE_CHECKING:
    from tritable.games.triple_triad.game import TripleTriad, TripleTriadState

S = TypeVar("S", bound="TripleTriadState")

_NOTHING: list[int] = []  # shared, never changed: the trade phase puts a new list in its place

ELEMENT_CHANCE = 1 / 8
"""The chance that a cell gets an element (Elemental rule)."""


_ELEMENT_CODES: dict[str | None, int] = {None: -1}
_ELEMENT_CODES.update(ELEMENT_INDEX)
_ELEMENT_COUNT_ODDS: list[float] = []
"""Cumulative odds of 0, 1, ... 9 elemental cells (each cell independently ELEMENT_CHANCE)."""
for _k in range(10):
    _ELEMENT_COUNT_ODDS.append(
        (_ELEMENT_COUNT_ODDS[-1] if _k else 0.0) + comb(9, _k) * ELEMENT_CHANCE**_k * (1 - ELEMENT_CHANCE) ** (9 - _k)
    )
_ELEMENT_COUNT_ODDS[-1] = 2.0  # no rounding gap at the top


def _draw_elements(random_: Callable[[], float]) -> tuple[list[str | None], tuple[int, ...]]:
    """The elements of cells 1-9 (names, and codes for _TABLES): each cell has one with probability
    ELEMENT_CHANCE, uniform among the eight. Drawn as how many cells (binomial), then which cells
    and elements: the same distribution, with a few random numbers instead of one or two a cell."""
    u = random_()
    if u < _ELEMENT_COUNT_ODDS[0]:
        return [None] * 9, _NO_ELEMENTS
    count = 1
    while u >= _ELEMENT_COUNT_ODDS[count]:
        count += 1
    cells: list[str | None] = [None] * 9
    codes = [-1] * 9
    while count:
        cell = int(random_() * 9)
        if codes[cell] < 0:
            e = int(random_() * 8)
            cells[cell] = ELEMENTS[e]
            codes[cell] = e
            count -= 1
    return cells, tuple(codes)


@cache
def _pool_tables(
    min_level: int, max_level: int
) -> tuple[
    tuple[int, ...],
    tuple[str, ...],
    tuple[tuple[str, str], ...],
    tuple[tuple[int, int], ...],
    tuple[int, ...],
    tuple[int, int, int, int],
]:
    """The level pool's card ids and names, and the tables hands are drawn with: built once a
    pool (a 5-level pool has 3,025 pairs), since a server rebuilds a game at every request."""
    ids = tuple(i for i in range(COUNT) if min_level <= LEVELS[i] <= max_level)
    names = tuple(NAMES[i] for i in ids)
    # Hands are drawn five cards at a time as two pairs and a card of the pool (see _draw).
    pairs = tuple((a, b) for a in names for b in names)
    pair_bases = tuple((9 * a, 9 * b) for a in ids for b in ids)
    n = len(ids)
    return ids, names, pairs, pair_bases, tuple(9 * a for a in ids), (n, n**3, n**5, (n**5 - 1).bit_length())


def random_setup(
    game: TripleTriad,
    rng: random.Random,
    collections: Sequence[Sequence[str] | None] | None = None,
    hands: Sequence[Sequence[str] | None] | None = None,
    cards: Sequence[Mapping[str, Any]] | None = None,
) -> JSON:
    """Draw a setup: the hands not given, the first player and the elements of every round.

    ``collections`` (per seat a list of card names, or ``None``): a hand not given is drawn
    from its player's collection (five distinct copies of it), else from the level pool.
    ``hands`` (per seat five card names, or ``None``): hands the players chose; refused under
    the Random rule. ``cards``: a card table of the setup's own (see Setup), which hands are
    drawn from (its cards of the level pool's levels).
    """
    if collections is None and hands is None and cards is None:
        return draw(game, rng)[0]
    table = BUILTIN if cards is None else CardTable.from_json(list(cards), SetupError)
    setup: JSON = {"hands": draw_hands(game, rng, collections, hands, table)}
    if table.json is not None:
        setup["cards"] = copy_json(table.json)
    if collections is not None:
        setup["collections"] = [None if c is None else list(c) for c in collections]
    firsts, elements = draw_rounds(game, rng)
    setup["first"] = firsts
    if elements is not None:
        setup["elements"] = elements
    _parse_setup(game, setup)  # hands and collections given are checked here, not when played
    return setup


def draw(
    game: TripleTriad, rng: random.Random
) -> tuple[JSON, list[list[int]], tuple[int, ...], tuple[tuple[int, ...], ...] | None]:
    """A setup with hands from the level pool, and its values (as ``_parse_setup`` gives them)."""
    # Five cards at once: a uniform number below n**5 (redrawn when above, so exactly uniform)
    # read as two pairs of the pool and one card: five independent uniform cards.
    bits = rng.getrandbits
    n, n3, n5, width = game._pool_powers
    pairs = game._pairs
    bases = game._pair_bases
    x = bits(width)
    while x >= n5:
        x = bits(width)
    y = bits(width)
    while y >= n5:
        y = bits(width)
    i = x // n3
    x -= i * n3
    j = x // n
    x -= j * n
    k = y // n3
    y -= k * n3
    m = y // n
    y -= m * n
    pool = game._pool
    a, b, c, d = pairs[i], pairs[j], pairs[k], pairs[m]
    setup: JSON = {"hands": [[*a, *b, pool[x]], [*c, *d, pool[y]]]}
    ids = game._pool_bases
    ba, bb, bc, bd = bases[i], bases[j], bases[k], bases[m]
    hands = [[*ba, *bb, ids[x]], [*bc, *bd, ids[y]]]
    if game._rounds == 1:
        first = bits(1)
        setup["first"] = [first]
        if not game._elemental:
            return setup, hands, (first,), None
        names, codes = _draw_elements(rng.random)
        setup["elements"] = [names]
        return setup, hands, (first,), (codes,)
    firsts, elements = draw_rounds(game, rng)
    setup["first"] = firsts
    if elements is None:
        return setup, hands, tuple(firsts), None
    setup["elements"] = elements
    return setup, hands, tuple(firsts), tuple(tuple(_ELEMENT_CODES[e] for e in row) for row in elements)


def draw_rounds(game: TripleTriad, rng: random.Random) -> tuple[list[int], list[list[str | None]] | None]:
    """The first player and (with Elemental) the elements of every round the match may have."""
    firsts = [rng.getrandbits(1) for _ in range(game._rounds)]
    if not game._elemental:
        return firsts, None
    return firsts, [_draw_elements(rng.random)[0] for _ in range(game._rounds)]


def draw_hands(
    game: TripleTriad,
    rng: random.Random,
    collections: Sequence[Sequence[str] | None] | None,
    hands: Sequence[Sequence[str] | None] | None,
    table: CardTable,
) -> list[list[str]]:
    for what, value in (("collections", collections), ("hands", hands)):
        if value is None:
            continue
        if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
            raise SetupError(f"{what} must list one entry per seat (2), not {value!r}")
        for seat, entry in enumerate(value):
            if entry is not None and (isinstance(entry, str) or not isinstance(entry, Sequence)):
                raise SetupError(f"seat {seat}'s entry in {what} lists card names (or is None), not {entry!r}")
    out: list[list[str]] = []
    for seat in range(2):
        chosen = hands[seat] if hands is not None else None
        owned = collections[seat] if collections is not None else None
        if chosen is not None:
            if game.options["random"]:
                raise SetupError(f"seat {seat} chose a hand, but under the Random rule hands are drawn")
            out.append(list(chosen))
        elif owned is not None:
            if isinstance(owned, str) or len(owned) < HAND_SIZE:
                raise SetupError(f"seat {seat}'s collection must list at least {HAND_SIZE} cards")
            out.append(rng.sample(list(owned), HAND_SIZE))
        elif table is BUILTIN:
            out.append(rng.choices(game._pool, k=HAND_SIZE))
        else:
            o = game.options
            pool = [NAME_BY_BASE[b] for b in table.pool(o["min_level"], o["max_level"])]
            if not pool:
                raise SetupError(f"the setup's table has no card of levels {o['min_level']}-{o['max_level']}")
            out.append(rng.choices(pool, k=HAND_SIZE))
    return out


def build(
    game: TripleTriad,
    cls: type[S],
    setup: Mapping[str, Any],
    hands: list[list[int]],
    firsts: tuple[int, ...],
    elements: tuple[tuple[int, ...], ...] | None,
    table: CardTable,
) -> S:
    """A state of class ``cls`` at the start of a match of ``setup`` (already read: its hands as
    card bases, its first seats and elements)."""
    state = cls.__new__(cls)
    state._table = table
    state.game = game
    state.history = []
    state.initial_setup = setup
    state._brought = (tuple(hands[0]), tuple(hands[1]))
    state._hands = hands
    state._cards = [-1] * 9
    state._owner = [-1] * 9
    state._eff = [NO_RATINGS] * 9
    state._mask = 511
    state._p = firsts[0]
    state._round = 1
    state._picks = 0
    state._pickable = _NOTHING
    state._taken = ()
    state._finals = ()
    state._firsts = firsts
    state._elements = elements
    state._elems = _NO_ELEMENTS if elements is None else elements[0]
    state._mode = game._mode
    state._known = None if game._open else [[], []]
    h0, h1 = hands
    state._dup = len(set(h0)) < HAND_SIZE or len(set(h1)) < HAND_SIZE
    state._got = 0
    state._last = None
    return state
