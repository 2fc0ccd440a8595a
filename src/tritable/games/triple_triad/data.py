"""The card table of Triple Triad (``cards.json``) as fast lookup tables, and the board geometry.

Cards are known by their id (0..109, the FF8 card number minus one). Inside the engine a card in a
hand or on the board is stored as ``id * 9`` (its *base*), so that an action ``base + cell`` needs
no multiplication; every table below named ``*_BY_BASE`` is indexed by that base.

A setup may bring a card table of its own (:class:`CardTable`): its cards get ids from 110 on,
one per distinct card (name, ratings, element, level) of the tables alive in the process
(:func:`intern`), in the same ``*_BY_BASE`` tables, so that the engine's fast path plays them as it
plays the built-in ones. An id no live table holds any more is given to the next new card, so a
long-running server that reads many tables keeps as many ids as the tables it still holds need.
Actions name cards by their *code* (:func:`code_of_name`): ``id * 9`` for a card of the built-in
table's names (and their variants), else a number of its own that holds the name.

Sides are numbered 0 top, 1 right, 2 bottom, 3 left, the order of the ratings in the table.
"""

from __future__ import annotations

import heapq
import json
import threading
import weakref
from collections.abc import Mapping, Sequence
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
VARIANTS: dict[str, tuple[str, ...]] = {c["name"]: tuple(c.get("variants", ())) for c in _CARDS if c.get("variants")}
"""Other spellings of a card's name seen in the card tables (``CARDS.md``), accepted as the card."""
BY_FOLDED: dict[str, int] = {fold(name): i for i, name in enumerate(NAMES)}
for _name, _others in VARIANTS.items():
    for _other in _others:
        BY_FOLDED.setdefault(fold(_other), BY_NAME[_name])
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
LEVEL_BY_BASE: list[int] = _by_base(list(LEVELS), 0)

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

# -- actions ---------------------------------------------------------------------------------------

TAKE = 1000
"""Trade picks of built-in cards are ``TAKE + card id``."""
HAND_SIZE = 5
MAX_ROUNDS = 5
PLACEMENTS = 9 * COUNT
"""The placements of built-in cards are the actions below this."""
TABLES: tuple[list[Ratings], ...] = (*RATINGS_ON, RATINGS_BY_BASE)
"""Per element index (-1: none, the last) the ratings by base of a card on such a cell."""
NO_ELEMENTS: tuple[int, ...] = (-1,) * 9

# -- cards of a setup's own table ------------------------------------------------------------------

CUSTOM = 2000
"""Codes of cards whose names are not the built-in table's start here: ``CUSTOM + 10 * n`` with
``n`` the name's UTF-8 bytes read as a number (so the code holds the name: no process keeps a
list of them). A placement is ``code + cell - 1``, a trade pick ``code + 9``."""
LONGEST_NAME = 40
_interned: dict[tuple[str, Ratings, int, int], int] = {}
"""The custom cards of the live tables by content, so that tables sharing a card share its id."""
_users: dict[int, int] = {}
"""Per custom card id: how many live tables hold it (an id leaves at 0, see :func:`_release`)."""
_free: list[int] = []
"""Ids no live table holds, as a heap: a new card takes the lowest, so the tables stay as long
as the most cards alive at once need (they never shrink; a freed id only keeps its slots)."""
_released: list[tuple[tuple[int, ...], tuple[str, ...]]] = []
"""The ids and spellings of tables that were collected, given back at the next table read.

The finalizer only appends here: it runs wherever the garbage collector does, maybe in a thread
holding ``_lock`` (a table being read allocates), so it must take no lock."""
_lock = threading.Lock()
_SPELLINGS: dict[str, dict[str, int]] = {}
"""Folded name -> the spellings of the custom cards of that name in the live tables, each with how
many tables name it: what notation accepts for a card that is not the built-in table's."""


def intern(name: str, ratings: Ratings, element: int, level: int) -> int:
    """The id of the card (``name``, ``ratings``, ``element``, ``level``): the built-in card's if it
    is one, else an id of its own from 110 on, the same for the same card while a table holds it.

    The caller holds a custom id until it gives it back with :func:`_release` (a
    :class:`CardTable` does when it is collected): the slots of the tables ``*_BY_BASE`` then go
    to the next new card.

    >>> intern("Geezard", (1, 4, 1, 5), -1, 1)
    0
    >>> i = intern("Moogle", (5, 5, 5, 5), -1, 1)
    >>> i >= COUNT and NAME_BY_BASE[9 * i] == "Moogle" and RATINGS_BY_BASE[9 * i] == (5, 5, 5, 5)
    True
    >>> intern("Moogle", (5, 5, 5, 5), -1, 1) == i
    True
    >>> _release((i, i), ())
    """
    i = BY_NAME.get(name)
    if i is not None and RATINGS[i] == ratings and CARD_ELEMENTS[i] == element and LEVELS[i] == level:
        return i
    key = (name, ratings, element, level)
    with _lock:
        _drain()
        i = _interned.get(key)
        if i is not None:
            _users[i] += 1
            return i
        b = len(NAME_BY_BASE)
        if _free:
            i = heapq.heappop(_free)
            b = 9 * i
            RATINGS_BY_BASE[b] = ratings
            NAME_BY_BASE[b] = name
            ELEMENT_BY_BASE[b] = element
            LEVEL_BY_BASE[b] = level
            for e, on in enumerate(RATINGS_ON):
                on[b] = _clamp(ratings, 1 if e == element else -1)
            WALL_MATCHES[b : b + 9] = [sum(1 for s in WALLS[cell] if ratings[s] == 10) for cell in range(9)]
            # Its action rows were dropped on release: they are built again on first use.
        else:
            i = b // 9
            RATINGS_BY_BASE.extend([ratings] + [NO_RATINGS] * 8)  # fillers between bases, as _by_base
            NAME_BY_BASE.extend([name] + [""] * 8)
            ELEMENT_BY_BASE.extend([element] + [-1] * 8)
            LEVEL_BY_BASE.extend([level] + [0] * 8)
            for e, on in enumerate(RATINGS_ON):
                on.extend([_clamp(ratings, 1 if e == element else -1)] + [NO_RATINGS] * 8)
            WALL_MATCHES.extend(sum(1 for s in WALLS[cell] if ratings[s] == 10) for cell in range(9))
            _ACTION_ROWS.extend([None] * 9)
            _INTS.extend(range(b, b + 9))
        _interned[key] = i
        _users[i] = 1
        return i


def _release(ids: Sequence[int], spellings: Sequence[str]) -> None:
    """Give back what a table held: its ``ids`` from :func:`intern` (built-in ones are ignored)
    and its ``spellings`` of custom names (see :func:`_spell`)."""
    with _lock:
        _give_back(ids, spellings)


def _give_back(ids: Sequence[int], spellings: Sequence[str]) -> None:
    for i in ids:
        if i < COUNT:
            continue
        left = _users[i] - 1
        if left:
            _users[i] = left
            continue
        del _users[i]
        b = 9 * i
        del _interned[(NAME_BY_BASE[b], RATINGS_BY_BASE[b], ELEMENT_BY_BASE[b], LEVEL_BY_BASE[b])]
        _ACTION_ROWS[b] = None  # 512 tuples a card: not kept for a card no one plays
        heapq.heappush(_free, i)
    for spelling in spellings:
        folded = fold(spelling)
        spelt = _SPELLINGS[folded]
        left = spelt[spelling] - 1
        if left:
            spelt[spelling] = left
        else:
            del spelt[spelling]
            if not spelt:
                del _SPELLINGS[folded]


def _drain() -> None:
    """Give back what the collected tables held (with ``_lock`` held)."""
    while _released:
        _give_back(*_released.pop())


def _spell(spellings: Sequence[str]) -> None:
    """Count one more live table naming each of ``spellings`` (with ``_lock`` held)."""
    for spelling in spellings:
        spelt = _SPELLINGS.setdefault(fold(spelling), {})
        spelt[spelling] = spelt.get(spelling, 0) + 1


def custom_cards() -> int:
    """How many custom card ids live tables hold: what the process keeps for setups' tables.

    >>> before = custom_cards()
    >>> table = CardTable.from_json([{"name": "Moogle", "top": 5, "right": 5, "bottom": 5, "left": 5,
    ...                               "element": None, "level": 1}], ValueError)
    >>> custom_cards() - before
    1
    >>> del table
    >>> import gc; _ = gc.collect()
    >>> custom_cards() - before
    0
    """
    with _lock:
        _drain()
        return len(_users)


def code_of_name(name: str) -> int:
    """The code actions name a card by: ``id * 9`` for a name of the built-in table (a variant
    spelling included), else ``CUSTOM + 10 * n`` (see :data:`CUSTOM`)."""
    i = BY_FOLDED.get(fold(name))
    if i is not None:
        return 9 * i
    return CUSTOM + 10 * int.from_bytes(" ".join(name.split()).encode("utf-8"), "big")


def name_of_code(code: int) -> str | None:
    """The card name a code of :data:`CUSTOM` or more holds (None if it holds none)."""
    n = (code - CUSTOM) // 10
    if n <= 0 or n.bit_length() > 8 * 4 * LONGEST_NAME:
        return None
    try:
        name = n.to_bytes((n.bit_length() + 7) // 8, "big").decode("utf-8")
    except UnicodeDecodeError:
        return None
    return name if name_problem(name) is None and name == " ".join(name.split()) else None


def custom_spelling(text: str) -> str | None:
    """The name of a custom card of a live table that ``text`` spells (exactly, else the one
    spelling of its folded form), or None."""
    name = " ".join(text.split())
    with _lock:  # a table collected in another thread may take a spelling out meanwhile
        spelt = _SPELLINGS.get(fold(text))
        if not spelt:
            return None
        if name in spelt:
            return name
        return next(iter(spelt)) if len(spelt) == 1 else None


def name_problem(name: object) -> str | None:
    """What is wrong with ``name`` as a card's name, or None."""
    if not isinstance(name, str) or not name.strip():
        return "a card's name is non-empty text"
    if len(name) > LONGEST_NAME:
        return f"a card's name has at most {LONGEST_NAME} characters"
    if "@" in name or any(not ch.isprintable() for ch in name):
        return "a card's name holds no '@' and no control characters"
    return None


_SIDES = ("top", "right", "bottom", "left")
_FIELDS = frozenset({"name", *_SIDES, "element", "level", "variants"})
MOST_CARDS = 1000


class CardTable:
    """The cards a game is played with: the built-in table (:data:`BUILTIN`) or a setup's own,
    read by :meth:`from_json` (``[{"name", "top", "right", "bottom", "left", "element", "level"}]``,
    optionally ``"variants"``: other spellings of the name)."""

    __slots__ = ("__weakref__", "_by_folded", "base_of_code", "bases", "code_of_base", "json")

    def __init__(
        self, ids: Sequence[int], table_json: list[dict[str, Any]] | None, variants: Mapping[str, int]
    ) -> None:
        self.bases: tuple[int, ...] = tuple(9 * i for i in ids)
        self.json = table_json
        """The table as a setup and a view write it (None: the built-in one)."""
        self._by_folded: dict[str, int] = {fold(NAME_BY_BASE[b]): b for b in self.bases}
        for spelling, b in variants.items():
            self._by_folded.setdefault(fold(spelling), b)
        self.code_of_base: dict[int, int] = {b: code_of_name(NAME_BY_BASE[b]) for b in self.bases}
        self.base_of_code: dict[int, int] = {c: b for b, c in self.code_of_base.items()}

    def card(self, name: object, what: str, error: type[Exception]) -> int:
        """The base of the card named ``name`` (case and spaces aside; a variant spelling too)."""
        if not isinstance(name, str):
            raise error(f"{what}: a card is named by text, not {name!r}")
        b = self._by_folded.get(fold(name))
        if b is None:
            raise error(f"{what}: no card named {name!r}" + ("" if self.json is None else " in the setup's table"))
        return b

    def pool(self, min_level: int, max_level: int) -> tuple[int, ...]:
        """The bases of the cards of levels ``min_level``..``max_level``."""
        return tuple(b for b in self.bases if min_level <= LEVEL_BY_BASE[b] <= max_level)

    @classmethod
    def from_json(cls, raw: object, error: type[Exception]) -> CardTable:
        """A setup's table; ``error`` names the card at fault: ratings outside 1..A, a name twice,
        an unknown element or level."""
        if not isinstance(raw, list) or not raw:
            raise error(f"the setup's 'cards' lists the cards of its table (a non-empty list), not {_shown(raw)}")
        if len(raw) > MOST_CARDS:
            raise error(f"the setup's card table holds at most {MOST_CARDS} cards, not {len(raw)}")
        cards: list[tuple[str, Ratings, int, int, list[str]]] = []
        out: list[dict[str, Any]] = []
        codes: dict[int, str] = {}
        spellings: dict[str, str] = {}
        for k, card in enumerate(raw):
            where = f"card {k + 1} of the setup's table"
            if not isinstance(card, Mapping):
                raise error(f"{where} is an object with name, top, right, bottom, left, element, level")
            name = card.get("name")
            problem = name_problem(name)
            if problem is not None:
                raise error(f"{where}: {problem}, not {_shown(name)}")
            assert isinstance(name, str)
            name = " ".join(name.split())
            where = f"card {name!r} of the setup's table"
            unknown = sorted(map(str, set(card) - _FIELDS))
            if unknown:
                raise error(f"{where}: unknown field(s) {', '.join(unknown)} (fields: {', '.join(sorted(_FIELDS))})")
            ratings: list[int] = []
            for side in _SIDES:
                value = card.get(side)
                if value == "A" or value == "a":
                    value = 10
                if type(value) is not int or not 1 <= value <= 10:
                    raise error(f"{where}: its {side} rating must be 1..10 (A), not {_shown(value)}")
                ratings.append(value)
            element = card.get("element")
            if element is not None and (not isinstance(element, str) or element.lower() not in ELEMENT_INDEX):
                raise error(f"{where}: no element {_shown(element)} (elements: {', '.join(ELEMENTS)}, or null)")
            level = card.get("level")
            if type(level) is not int or not 1 <= level <= 10:
                raise error(f"{where}: its level must be 1..10, not {_shown(level)}")
            others = card.get("variants", [])
            if not isinstance(others, list) or any(name_problem(v) is not None for v in others):
                raise error(f"{where}: 'variants' lists other spellings of its name")
            code = code_of_name(name)
            for spelling in (name, *others):
                seen = spellings.get(fold(spelling))
                if seen is not None:
                    raise error(f"{where}: the table names {seen!r} twice (as {spelling!r})")
                spellings[fold(spelling)] = name
            if code in codes:
                # Two spellings of one built-in card: notation would name both the same way.
                raise error(f"{where}: the table names {codes[code]!r} twice (as {name!r}, its other spelling)")
            codes[code] = name
            e = -1 if element is None else ELEMENT_INDEX[element.lower()]
            others = [" ".join(v.split()) for v in others]
            cards.append((name, (ratings[0], ratings[1], ratings[2], ratings[3]), e, level, others))
            entry: dict[str, Any] = {"name": name, **dict(zip(_SIDES, ratings, strict=True))}
            entry["element"] = None if element is None else element.lower()
            entry["level"] = level
            if others:
                entry["variants"] = others
            out.append(entry)
        # Read in full before any id is taken: a table refused takes none.
        ids: list[int] = []
        variants: dict[str, int] = {}
        spelt: list[str] = []
        for name, ratings4, e, level, others in cards:
            i = intern(name, ratings4, e, level)
            ids.append(i)
            if i >= COUNT and name not in BY_NAME and fold(name) not in BY_FOLDED:
                spelt.append(name)
            for v in others:
                variants[v] = 9 * i
        spelt += [v for v in variants if fold(v) not in BY_FOLDED]
        table = cls(ids, out, variants)
        with _lock:
            _spell(spelt)
        # What the table holds goes back once it is collected, i.e. once no state plays with it.
        weakref.finalize(table, _released.append, (tuple(ids), tuple(spelt))).atexit = False
        return table

    def __copy__(self) -> CardTable:
        return self  # never changed once read: a copy of a state shares it, as a clone does

    def __deepcopy__(self, memo: dict[int, Any]) -> CardTable:
        return self

    def __reduce__(self) -> str | tuple[Any, ...]:
        # Its ids are this process's and held for it alone: unpickled, the table is read again,
        # which takes ids (and their release) as any table read does.
        return "BUILTIN" if self.json is None else (_read_again, (self.json,))

    def __repr__(self) -> str:
        return "CardTable(BUILTIN)" if self.json is None else f"CardTable({len(self.bases)} cards)"


def _read_again(table_json: list[dict[str, Any]]) -> CardTable:
    """A pickled table, read again (see :meth:`CardTable.__reduce__`)."""
    return CardTable.from_json(table_json, ValueError)


def _shown(value: object) -> str:
    text = json.dumps(value) if isinstance(value, (str, int, float, list, dict, type(None))) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


BUILTIN = CardTable(range(COUNT), None, {})
BUILTIN._by_folded = {fold(k): 9 * i for k, i in BY_FOLDED.items()}
