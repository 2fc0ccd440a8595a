"""The rules of Triple Triad: the game and its states (the rules docstring is the package's,
:mod:`tritable.games.triple_triad`). Setups and state JSON are read and checked in
:mod:`.validation`, views sampled in :mod:`.sampling`, text drawn in :mod:`.render`."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache
from math import comb
from typing import Any

from tritable.engine.errors import IllegalActionError, NotationError, OptionError, SetupError, StateError, shown
from tritable.engine.protocol import (
    JSON,
    TERMINAL,
    Action,
    Game,
    Option,
    Outcome,
    State,
    check_seat,
    copy_json,
    viewed_draws,
)
from tritable.games.triple_triad import sampling, validation
from tritable.games.triple_triad.data import (
    ACTION_ROWS,
    BUILTIN,
    BY_FOLDED,
    BY_NAME,
    COUNT,
    CUSTOM,
    ELEMENT_INDEX,
    ELEMENTS,
    HAND_SIZE,
    LEVELS,
    MAX_ROUNDS,
    NAME_BY_BASE,
    NAMES,
    NEIGHBOURS,
    NO_RATINGS,
    OCCUPIED,
    RATINGS_BY_BASE,
    TAKE,
    WALL_MATCHES,
    CardTable,
    Ratings,
    action_rows,
    code_of_name,
    custom_spelling,
    fold,
    name_of_code,
)
from tritable.games.triple_triad.data import (
    NO_ELEMENTS as _NO_ELEMENTS,
)
from tritable.games.triple_triad.data import (
    PLACEMENTS as _PLACEMENTS,
)
from tritable.games.triple_triad.data import (
    TABLES as _TABLES,
)
from tritable.games.triple_triad.events import (
    COMBO,
    PLUS,
    SAME,
    WALL,
    placement_events,
    round_end_event,
    seat_name,
    trade_event,
)
from tritable.games.triple_triad.render import draw
from tritable.games.triple_triad.validation import (
    _names,
    trade_picks,
)

ELEMENT_CHANCE = 1 / 8
"""The chance that a cell gets an element (Elemental rule)."""
TRADES = ("none", "one", "all", "diff", "direct")


_NOTHING: list[int] = []  # shared, never changed: the trade phase puts a new list in its place
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


def _take_code(code: int) -> int:
    """The trade pick of the card of ``code``."""
    return TAKE + code // 9 if code < CUSTOM else code + 9


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


class TripleTriad(Game):
    """Triple Triad for two players; see the module docstring for the rules and formats."""

    id = "triple-triad"
    name = "Triple Triad"
    min_players = 2
    max_players = 2
    perfect_information = False
    option_specs = (
        Option("same", bool, False, "Same: two or more equal facing ratings flip the matched opponent cards"),
        Option("same_wall", bool, False, "Same Wall: the board's edge counts as A for Same (needs same)"),
        Option("plus", bool, False, "Plus: two or more equal sums of facing ratings flip those opponent cards"),
        Option("combo", bool, False, "Combo: cards flipped by Same/Same Wall/Plus capture on by Standard"),
        Option("elemental", bool, False, "Elemental: elements on cells give +1/-1 to the cards placed there"),
        Option("open", bool, True, "Open: both hands are visible"),
        Option("sudden_death", bool, False, "Sudden Death: a draw replays with the cards owned, up to 5 rounds"),
        Option(
            "random", bool, False, "Random: hands are drawn from the players' collections (none given: drawn anyway)"
        ),
        Option("trade", str, "one", "Trade rule: what the winner takes", choices=TRADES),
        Option("min_level", int, 1, "Lowest card level of hands drawn without a collection", min=1, max=10),
        Option("max_level", int, 5, "Highest card level of hands drawn without a collection", min=1, max=10),
    )

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        o = self.options
        mode = (SAME if o["same"] else 0) | (WALL if o["same_wall"] else 0) | (PLUS if o["plus"] else 0)
        if mode and o["combo"]:
            mode |= COMBO
        self._mode = mode
        self._elemental: bool = o["elemental"]
        self._open: bool = o["open"]
        self._rounds = MAX_ROUNDS if o["sudden_death"] else 1
        self._trade: str = o["trade"]
        self._levels: tuple[int, int] = (o["min_level"], o["max_level"])
        (self._pool_ids, self._pool, self._pairs, self._pair_bases, self._pool_bases, self._pool_powers) = _pool_tables(
            o["min_level"], o["max_level"]
        )

    def check_options(self) -> None:
        o = self.options
        if o["same_wall"] and not o["same"]:
            raise OptionError("same_wall needs same: Same Wall extends the Same rule (turn same on)", "same_wall")
        if o["min_level"] > o["max_level"]:
            raise OptionError(f"min_level ({o['min_level']}) must not exceed max_level ({o['max_level']})", "min_level")

    def rules_text(self) -> str:
        """The rules in play, e.g. ``"Same, Plus, Combo, Open"``."""
        o = self.options
        names = [
            ("same", "Same"),
            ("same_wall", "Same Wall"),
            ("plus", "Plus"),
            ("combo", "Combo"),
            ("elemental", "Elemental"),
            ("open", "Open"),
            ("sudden_death", "Sudden Death"),
            ("random", "Random"),
        ]
        return ", ".join(label for key, label in names if o[key]) or "Standard"

    # -- setups -----------------------------------------------------------------------------------

    def new_state(self, seed: int | str | None = None, setup: Mapping[str, Any] | None = None) -> TripleTriadState:
        """As :meth:`Game.new_state`. A setup drawn here is built straight from the values drawn
        (``random_setup`` makes the same draw), so it is not parsed back from its names."""
        if setup is not None:
            state = super().new_state(seed, setup)
            assert isinstance(state, TripleTriadState)
            return state
        drawn, hands, firsts, elements = self._draw(self.setup_rng(seed))
        return self._build(drawn, hands, firsts, elements)

    def random_setup(
        self,
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
            return self._draw(rng)[0]
        table = BUILTIN if cards is None else CardTable.from_json(list(cards), SetupError)
        setup: JSON = {"hands": self._draw_hands(rng, collections, hands, table)}
        if table.json is not None:
            setup["cards"] = copy_json(table.json)
        if collections is not None:
            setup["collections"] = [None if c is None else list(c) for c in collections]
        firsts, elements = self._draw_rounds(rng)
        setup["first"] = firsts
        if elements is not None:
            setup["elements"] = elements
        self._parse_setup(setup)  # hands and collections given are checked here, not when played
        return setup

    def _draw(
        self, rng: random.Random
    ) -> tuple[JSON, list[list[int]], tuple[int, ...], tuple[tuple[int, ...], ...] | None]:
        """A setup with hands from the level pool, and its values (as ``_parse_setup`` gives them)."""
        # Five cards at once: a uniform number below n**5 (redrawn when above, so exactly uniform)
        # read as two pairs of the pool and one card: five independent uniform cards.
        bits = rng.getrandbits
        n, n3, n5, width = self._pool_powers
        pairs = self._pairs
        bases = self._pair_bases
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
        pool = self._pool
        a, b, c, d = pairs[i], pairs[j], pairs[k], pairs[m]
        setup: JSON = {"hands": [[*a, *b, pool[x]], [*c, *d, pool[y]]]}
        ids = self._pool_bases
        ba, bb, bc, bd = bases[i], bases[j], bases[k], bases[m]
        hands = [[*ba, *bb, ids[x]], [*bc, *bd, ids[y]]]
        if self._rounds == 1:
            first = bits(1)
            setup["first"] = [first]
            if not self._elemental:
                return setup, hands, (first,), None
            names, codes = _draw_elements(rng.random)
            setup["elements"] = [names]
            return setup, hands, (first,), (codes,)
        firsts, elements = self._draw_rounds(rng)
        setup["first"] = firsts
        if elements is None:
            return setup, hands, tuple(firsts), None
        setup["elements"] = elements
        return setup, hands, tuple(firsts), tuple(tuple(_ELEMENT_CODES[e] for e in row) for row in elements)

    def _draw_rounds(self, rng: random.Random) -> tuple[list[int], list[list[str | None]] | None]:
        """The first player and (with Elemental) the elements of every round the match may have."""
        firsts = [rng.getrandbits(1) for _ in range(self._rounds)]
        if not self._elemental:
            return firsts, None
        return firsts, [_draw_elements(rng.random)[0] for _ in range(self._rounds)]

    def _draw_hands(
        self,
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
                if self.options["random"]:
                    raise SetupError(f"seat {seat} chose a hand, but under the Random rule hands are drawn")
                out.append(list(chosen))
            elif owned is not None:
                if isinstance(owned, str) or len(owned) < HAND_SIZE:
                    raise SetupError(f"seat {seat}'s collection must list at least {HAND_SIZE} cards")
                out.append(rng.sample(list(owned), HAND_SIZE))
            elif table is BUILTIN:
                out.append(rng.choices(self._pool, k=HAND_SIZE))
            else:
                o = self.options
                pool = [NAME_BY_BASE[b] for b in table.pool(o["min_level"], o["max_level"])]
                if not pool:
                    raise SetupError(f"the setup's table has no card of levels {o['min_level']}-{o['max_level']}")
                out.append(rng.choices(pool, k=HAND_SIZE))
        return out

    def state_from_setup(self, setup: Mapping[str, Any]) -> TripleTriadState:
        parsed = self._parse_setup(setup)
        return self._build(copy_json(setup), *parsed)

    def _build(
        self,
        setup: Mapping[str, Any],
        hands: list[list[int]],
        firsts: tuple[int, ...],
        elements: tuple[tuple[int, ...], ...] | None,
        table: CardTable = BUILTIN,
    ) -> TripleTriadState:
        state = TripleTriadState.__new__(TripleTriadState if table is BUILTIN else _OwnTableState)
        state._table = table
        state.game = self
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
        state._mode = self._mode
        state._known = None if self._open else [[], []]
        h0, h1 = hands
        state._dup = len(set(h0)) < HAND_SIZE or len(set(h1)) < HAND_SIZE
        state._got = 0
        state._last = None
        return state

    # Reading and checking setups (validation.py), drawing states from views (sampling.py).
    _parse_setup = validation._parse_setup
    _check_drawn_from_pool = validation._check_drawn_from_pool
    _parse_hands_slowly = validation._parse_hands_slowly
    _parse_elements = validation._parse_elements
    _parse_elements_slowly = validation._parse_elements_slowly
    _check_collections = validation._check_collections
    _sample = sampling._sample

    # -- notation ---------------------------------------------------------------------------------

    def action_to_string(self, action: Action) -> str:
        if type(action) is int:
            if 0 <= action < _PLACEMENTS:
                return f"{NAMES[action // 9]}@{action % 9 + 1}"
            if TAKE <= action < TAKE + COUNT:
                return f"take {NAMES[action - TAKE]}"
            if action >= CUSTOM:
                slot = (action - CUSTOM) % 10
                name = name_of_code(action - slot)
                if name is not None and fold(name) not in BY_FOLDED:
                    return f"take {name}" if slot == 9 else f"{name}@{slot + 1}"
        raise NotationError(f"{shown(action)} is not a Triple Triad action")

    def _code(self, name: str, text: str) -> int:
        """The code of the card ``name`` names in notation ``text``: a built-in card's, or one of a
        setup's own table met so far."""
        cid = BY_NAME.get(name)
        if cid is None:
            cid = BY_FOLDED.get(fold(name))
        if cid is not None:
            return 9 * cid
        spelt = custom_spelling(name)
        if spelt is None:
            raise NotationError(f"{text!r}: no card named {name!r}")
        return code_of_name(spelt)

    def string_to_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"a Triple Triad action is text, not {text!r}")
        body = text.strip()
        name, at, cell = body.rpartition("@")
        if at:
            cell = cell.strip()
            if len(cell) != 1 or not "1" <= cell <= "9":
                raise NotationError(f"{text!r}: the cell after '@' must be 1-9")
            return self._code(name.strip(), text) + int(cell) - 1
        head, _, rest = body.partition(" ")
        if head.lower() == "take" and rest.strip():
            return _take_code(self._code(rest.strip(), text))
        raise NotationError(f"{text!r} is not a Triple Triad action: write '<card>@<cell 1-9>' or 'take <card>'")

    # -- JSON and sampling --------------------------------------------------------------------------

    def state_from_json(self, data: Mapping[str, Any]) -> TripleTriadState:
        self._refuse_other_game(data)  # said as every game says it (a State or no JSON object too)
        if data.get("game") != self.id:
            raise StateError(f"not a {self.id} state: {data.get('game')!r}")
        setup = data.get("setup")
        if not isinstance(setup, Mapping):
            raise StateError("the state lacks its 'setup'")
        try:
            state = self.state_from_setup(setup)
        except SetupError as exc:
            raise StateError(f"bad setup in the state: {exc}") from None
        state._read_header(data)
        try:
            state._load(data)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            if isinstance(exc, StateError):
                raise
            raise StateError.malformed("Triple Triad state", exc) from None
        state._check_turn()
        state._refuse_unknown_fields(data)
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> TripleTriadState:
        """A state that agrees with ``view``; each card the view does not name is drawn uniformly from
        the level pool, and the later rounds' first players and elements are drawn afresh."""
        return self.sampler(view)(rng)  # a first draw: the view checked in its types too

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], TripleTriadState]:
        """Draws as :meth:`sample_state` does; the view's types are checked at the first draw
        only (every draw still shows the seat the view's values)."""
        return viewed_draws(view, lambda rng: self._sample(view, rng), "Triple Triad view")


def _board_to_json(cards: Sequence[int], owner: Sequence[int]) -> list[Any]:
    return [None if b < 0 else {"card": NAME_BY_BASE[b], "owner": o} for b, o in zip(cards, owner, strict=True)]


def _sorted_names(bases: Sequence[int] | Counter[int]) -> list[str]:
    items = sorted(bases.elements()) if isinstance(bases, Counter) else sorted(bases)
    return [NAME_BY_BASE[b] for b in items]


class TripleTriadState(State):
    """A position of Triple Triad. Cards in hands and on the board are stored as ``id * 9``."""

    __slots__ = (
        "_brought",
        "_cards",
        "_dup",
        "_eff",
        "_elements",
        "_elems",
        "_finals",
        "_firsts",
        "_got",
        "_hands",
        "_known",
        "_last",
        "_mask",
        "_mode",
        "_owner",
        "_p",
        "_pickable",
        "_picks",
        "_round",
        "_table",
        "_taken",
    )

    _HAS_VOCABULARY = True

    game: TripleTriad
    _brought: tuple[tuple[int, ...], tuple[int, ...]]
    """The five cards each seat brought to the match (its setup hand): what trades pick from."""
    _cards: list[int]
    _dup: bool
    """Whether a hand may hold two copies of a card (then legal actions are deduplicated)."""
    _eff: list[Ratings]
    """Per cell, the ratings Standard and Combo use (Elemental-modified)."""
    _elems: tuple[int, ...]
    """This round's element per cell (-1: none), an index of _TABLES."""
    _elements: tuple[tuple[int, ...], ...] | None
    _mask: int
    """The empty cells, as a bit set (bit k = cell k + 1)."""
    _finals: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    """The final boards (cards, owners) of the earlier, drawn rounds."""
    _firsts: tuple[int, ...]
    _got: int
    """The cells the last action captured (a bit set; 0 after a pick): what its events tell."""
    _hands: list[list[int]]
    _known: list[list[int]] | None
    _last: tuple[int, Action] | None
    """The last action as ``(seat, action)`` for a state whose history does not hold it (one drawn
    from a view: its view shows the last action); None otherwise."""
    """With hidden hands: per seat the cards of its hand that are public (None when open)."""
    _mode: int
    _owner: list[int]
    _p: int
    _pickable: list[int]
    """Trade phase: the loser's brought cards not taken yet, as take actions."""
    _picks: int
    """Trade phase: picks the winner still makes (0 otherwise)."""
    _round: int
    _table: CardTable
    """The cards the game is played with: the built-in table, or the setup's own."""
    _taken: tuple[int, ...]

    def __init__(self, game: TripleTriad, setup: Mapping[str, Any]) -> None:
        fresh = game.state_from_setup(setup)
        super().__init__(game, setup)
        for slot in TripleTriadState.__slots__:
            setattr(self, slot, getattr(fresh, slot))
        self.__class__ = type(fresh)  # a setup's own card table plays as _OwnTableState

    # -- turn and actions --------------------------------------------------------------------------

    def current_player(self) -> int:
        return self._p

    def _legal_actions(self, seat: int) -> list[Action]:
        mask = self._mask
        if mask:
            out: list[Action] = []
            hand = self._hands[seat]
            for b in dict.fromkeys(hand) if self._dup else hand:
                out += (ACTION_ROWS[b] or action_rows(b))[mask]
            return out
        if self._p == TERMINAL:
            # State.legal_actions passes seat -4 at the end (it equals TERMINAL): no seat at all.
            check_seat(seat, 2)
            return []
        return list(dict.fromkeys(self._pickable))  # the trade phase

    def _apply(self, seat: int, action: Action) -> None:
        # The fast path: a legal placement. In the trade phase the board is full, so no placement
        # passes ``cards[k] < 0``; everything else goes to _apply_other.
        if type(action) is int:
            k = action % 9
            b = action - k
            cards = self._cards
            hand = self._hands[seat]
            if cards[k] < 0 and b in hand:
                p = seat
                hand.remove(b)
                cards[k] = b
                owner = self._owner
                owner[k] = p
                if self._known is not None and b in self._known[p]:
                    self._known[p].remove(b)
                eff = self._eff
                r = eff[k] = _TABLES[self._elems[k]][b]
                q = 1 - p
                mask = self._mask
                mode = self._mode
                nbs = OCCUPIED[k][mask]  # the neighbours holding a card
                if mode and nbs and (len(nbs) > 1 or (mode & WALL and WALL_MATCHES[action])):
                    # Same / Same Wall / Plus on printed ratings, judged before any flip.
                    printed = RATINGS_BY_BASE[b]
                    matches = WALL_MATCHES[action] if mode & WALL else 0
                    flips: list[int] = []
                    sums: list[int] = []
                    for n, s, t in nbs:
                        mine = printed[s]
                        theirs = RATINGS_BY_BASE[cards[n]][t]
                        if mine == theirs:
                            matches += 1
                            if owner[n] == q:
                                flips.append(n)
                        sums.append(mine + theirs)
                    if matches < 2 or not mode & SAME:
                        flips = []
                    if mode & PLUS and len(set(sums)) < len(sums):
                        for (n, _s, _t), v in zip(nbs, sums, strict=True):
                            if owner[n] == q and sums.count(v) > 1 and n not in flips:
                                flips.append(n)
                    got = 0
                    for n in flips:
                        owner[n] = p
                        got |= 1 << n
                    for n, s, t in nbs:
                        if owner[n] == q and r[s] > eff[n][t]:
                            owner[n] = p
                            got |= 1 << n
                    if flips and mode & COMBO:
                        # Only the Same/Wall/Plus flips cascade (the Standard captures above are
                        # already turned); the list grows while we walk it: breadth-first.
                        for x in flips:
                            ex = eff[x]
                            for n, s, t in NEIGHBOURS[x]:
                                if owner[n] == q and ex[s] > eff[n][t]:
                                    owner[n] = p
                                    got |= 1 << n
                                    flips.append(n)
                else:
                    got = 0
                    for n, s, t in nbs:
                        if owner[n] == q and r[s] > eff[n][t]:
                            owner[n] = p
                            got |= 1 << n
                self._got = got
                mask ^= 1 << k
                self._mask = mask
                if mask:
                    self._p = q
                else:
                    self._end_round()
                return
        self._apply_other(seat, action)

    def _end_round(self) -> None:
        owner = self._owner
        hands = self._hands
        s0 = owner.count(0) + len(hands[0])
        if s0 == 5:
            if self._round < len(self._firsts):
                self._next_round()
            else:
                self._p = TERMINAL
            return
        winner = 0 if s0 > 5 else 1
        trade = self.game._trade
        picks = trade_picks(trade, s0)
        if picks:
            self._p = winner
            self._picks = picks
            # In card order, as a state read from JSON lists them (``_left_to_take``).
            self._pickable = [TAKE + b // 9 for b in sorted(self._brought[1 - winner])]
        else:
            self._p = TERMINAL

    def _next_round(self) -> None:
        """Sudden death: each player's new hand is what they own (the card left in hand first)."""
        cards = self._cards
        owner = self._owner
        self._finals = (*self._finals, (tuple(cards), tuple(owner)))
        won = [[b for b, o in zip(cards, owner, strict=True) if o == s] for s in range(2)]
        self._hands = [self._hands[0] + won[0], self._hands[1] + won[1]]
        if self._known is not None:
            self._known = [self._known[0] + won[0], self._known[1] + won[1]]
        self._cards = [-1] * 9
        self._owner = [-1] * 9
        self._eff = [NO_RATINGS] * 9
        self._mask = 511
        self._round += 1
        self._p = self._firsts[self._round - 1]
        if self._elements is not None:
            self._elems = self._elements[self._round - 1]
        self._dup = True

    def _apply_other(self, seat: int, action: Action) -> None:
        """Trade picks; every illegal action ends here and is refused with the reason."""
        if self._picks and type(action) is int and action in self._pickable:
            self._pickable.remove(action)
            self._taken = (*self._taken, 9 * (action - TAKE))
            self._got = 0
            self._picks -= 1
            if not self._picks:
                self._p = TERMINAL
            return
        g = self.game
        if type(action) is not int:
            raise IllegalActionError(
                f"{shown(action)} is not a Triple Triad action (an int: card id * 9 + cell - 1, or {TAKE} + card id)"
            )
        if self._picks:
            loser = 1 - seat
            if not TAKE <= action < TAKE + len(NAME_BY_BASE) // 9:
                raise IllegalActionError(f"seat {seat} won: it now picks a card of seat {loser} ('take <card>')")
            raise IllegalActionError(
                f"{NAME_BY_BASE[9 * (action - TAKE)]} is not among seat {loser}'s cards left to take"
            )
        if not 0 <= action < (_PLACEMENTS if self._table is BUILTIN else len(NAME_BY_BASE)):
            raise IllegalActionError(
                f"{shown(action)} is not a card placement ({g.id} actions are card id * 9 + cell - 1)"
            )
        k = action % 9
        name = NAME_BY_BASE[action - k]
        if action - k not in self._hands[seat]:
            raise IllegalActionError(f"{name} is not in seat {seat}'s hand")
        if self._cards[k] >= 0:
            raise IllegalActionError(f"cell {k + 1} is taken (by {NAME_BY_BASE[self._cards[k]]})")
        raise IllegalActionError(f"{name}@{k + 1} cannot be played now")  # every legal case took the fast path

    def brought(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The five cards (bases) each seat brought to the match, its setup hand: what trades pick
        from."""
        return self._brought

    # -- results ------------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Per seat: cards of its colour on the board plus cards left in its hand."""
        owner = self._owner
        return [owner.count(0) + len(self._hands[0]), owner.count(1) + len(self._hands[1])]

    def hand(self, seat: int) -> list[str]:
        """The cards in ``seat``'s hand, in the order play leaves them."""
        if type(seat) is not int or not 0 <= seat < 2:
            raise StateError(f"no seat {shown(seat)} in a 2-player game")
        return _names(self._hands[seat])

    def hand_sizes(self) -> list[int]:
        return [len(self._hands[0]), len(self._hands[1])]

    def winner(self) -> int | None:
        """The seat that won the last round (None while it is being played or when drawn)."""
        if self._mask:
            return None
        s0, s1 = self.scores()
        return None if s0 == s1 else (0 if s0 > s1 else 1)

    def is_decided(self) -> bool:
        """True in the trade phase and at the end: the match result no longer changes."""
        return self._p == TERMINAL or self._picks > 0

    def outcome(self) -> Outcome:
        if self._p != TERMINAL:
            raise self._not_over()
        scores = self.scores()
        winner = self.winner()
        details: JSON = {
            "reason": "draw" if winner is None else "won",
            "rounds": self._round,
            "round_scores": [[5, 5] for _ in self._finals] + [scores],
            "trade": self.game._trade,
            "transfers": self.transfers(),
        }
        return Outcome.from_scores(scores, details)

    def transfers(self) -> list[JSON]:
        """The cards that change hands under the trade rule (so far, during the trade phase)."""
        trade = self.game._trade
        winner = self.winner()
        moves: list[tuple[int, int, int]] = []  # (base, from, to)
        if trade == "direct" and self.is_decided():
            for seat in range(2):
                owns = Counter(b for b, o in zip(self._cards, self._owner, strict=True) if o == seat)
                owns.update(self._hands[seat])
                gained = owns - Counter(self.brought()[seat])
                moves += [(b, 1 - seat, seat) for b in sorted(gained.elements())]
        elif winner is not None and self.is_decided():
            loser = 1 - winner
            cards = self.brought()[loser] if trade == "all" else self._taken if trade in ("one", "diff") else ()
            moves = [(b, loser, winner) for b in cards]
        return [{"card": NAME_BY_BASE[b], "from": f, "to": t} for b, f, t in moves]

    # Reading and checking state JSON and the positions it states (validation.py).
    _check_trade = validation._check_trade
    _left_to_take = validation._left_to_take
    _load = validation._load
    _set_last = validation._set_last
    _check_phase = validation._check_phase
    _round_start = validation._round_start
    _known_now = validation._known_now
    _check_hands = validation._check_hands
    _check_owners = validation._check_owners
    _set_board = validation._set_board

    # -- copies, identity --------------------------------------------------------------------------

    def clone(self) -> TripleTriadState:
        new = TripleTriadState.__new__(type(self))
        new._table = self._table
        new.game = self.game
        new.history = self.history.copy()
        new.initial_setup = self.initial_setup
        new._brought = self._brought
        new._cards = self._cards.copy()
        new._dup = self._dup
        new._eff = self._eff.copy()
        new._elems = self._elems
        new._elements = self._elements
        new._mask = self._mask
        new._finals = self._finals
        new._firsts = self._firsts
        new._got = self._got
        new._last = self._last
        new._hands = [self._hands[0].copy(), self._hands[1].copy()]
        new._known = None if self._known is None else [self._known[0].copy(), self._known[1].copy()]
        new._mode = self._mode
        new._owner = self._owner.copy()
        new._p = self._p
        new._pickable = self._pickable.copy()
        new._picks = self._picks
        new._round = self._round
        new._taken = self._taken
        return new

    def key(self) -> Hashable:
        known = None if self._known is None else (tuple(sorted(self._known[0])), tuple(sorted(self._known[1])))
        return (
            self._p,
            self._round,
            tuple(self._cards),
            tuple(self._owner),
            tuple(self._hands[0]),
            tuple(self._hands[1]),
            known,
            self._picks,
            self._taken,
            self.brought(),
            self._finals,
            self._firsts,
            self._elements,
        )

    # -- JSON, views, text --------------------------------------------------------------------------

    def to_json(self) -> JSON:
        data = self._json_header()
        data["round"] = self._round
        data["player"] = self._p
        data["board"] = [None if b < 0 else [NAME_BY_BASE[b], o] for b, o in zip(self._cards, self._owner, strict=True)]
        data["hands"] = [_names(h) for h in self._hands]
        data["known"] = None if self._known is None else [_names(k) for k in self._known]
        data["rounds"] = [_board_to_json(c, o) for c, o in self._finals]
        data["picks"] = self._picks
        data["taken"] = _names(self._taken)
        # What the last action did is told from it and the cells it captured (not part of the
        # position: key() leaves them out); "last" only where the history does not hold it.
        data["captured"] = [n + 1 for n in range(9) if self._got >> n & 1]
        last = None if self.history else self._last
        data["last"] = None if last is None else [last[0], self.game.action_to_string(last[1])]
        return data

    def _elements_json(self, elems: tuple[int, ...] | None) -> list[str | None] | None:
        return None if elems is None else [None if e < 0 else ELEMENTS[e] for e in elems]

    def view(self, seat: int | None = None) -> JSON:
        v = self._view_header(seat)
        decided = self.is_decided()
        g = self.game
        v["cards"] = copy_json(self._table.json)  # a setup's own table: what a client draws the cards from
        v["round"] = self._round
        v["first"] = self._firsts[self._round - 1]
        v["board"] = _board_to_json(self._cards, self._owner)
        if g._elemental:
            v["elements"] = self._elements_json(self._elems)
        hands: list[list[str] | None] = []
        known: list[list[str] | None] = []
        brought: list[list[str]] = []
        hidden = not (g._open or decided) and self._known is not None
        for s in range(2):
            public = self._known[s] if hidden and self._known is not None else None
            known.append(None if public is None else _sorted_names(public))
            if public is None or seat == s:
                hands.append(_names(self._hands[s]))
                brought.append(_names(self.brought()[s]))
            else:
                hands.append(None)
                # What was never on the board is the hand's non-public part; the rest has been seen.
                unseen = Counter(self._hands[s]) - Counter(public)
                brought.append(_sorted_names(Counter(self.brought()[s]) - unseen))
        v["hands"] = hands
        v["known"] = known
        v["brought"] = brought
        v["rounds"] = [
            {
                "first": self._firsts[i],
                "board": _board_to_json(c, o),
                "elements": self._elements_json(None if self._elements is None else self._elements[i]),
            }
            for i, (c, o) in enumerate(self._finals)
        ]
        last = self.last_action()
        v["last_action"] = None if last is None else {"seat": last[0], "action": g.action_to_string(last[1])}
        v["events"], v["drawn_round"] = self._narrate(last)
        if decided:
            v["trade"] = {
                "rule": g._trade,
                "winner": self.winner(),
                "picks_left": self._picks,
                "taken": _names(self._taken),
                "transfers": self.transfers(),
            }
        return v

    def _decode(self, action: int) -> tuple[bool, int, int]:
        """An action applied as (a trade pick?, the card's base, the cell 0-8)."""
        if action >= TAKE:
            return True, 9 * (action - TAKE), 0
        return False, action - action % 9, action % 9

    def last_action(self) -> tuple[int, Action] | None:
        """The last action applied, as ``(seat, action)``, or None before the first."""
        return self.history[-1] if self.history else self._last

    def _ended_drawn_round(self, last: tuple[int, Action] | None) -> bool:
        """Whether ``last`` was the placement that drew the round before this one (Sudden Death
        dealt the next round within it): a placement leaves a card on the board otherwise."""
        return last is not None and self._mask == 511 and bool(self._finals) and self._round > 1

    def _narrate(self, last: tuple[int, Action] | None) -> tuple[list[JSON], JSON | None]:
        """The events of the last action, and the round it drew (for ``drawn_round``)."""
        if last is None:
            return [], None
        seat, action = last
        assert type(action) is int
        g = self.game
        take, b, k = self._decode(action)
        if take:
            name = NAME_BY_BASE[b]
            text = f"{seat_name(seat)} takes {name} from {seat_name(1 - seat)}"
            return [{"type": "take", "seat": seat, "card": name, "text": text}], None
        drawn = None
        if self._ended_drawn_round(last):
            rnd = self._round - 1
            cards, owner = self._finals[-1]
            elems = _NO_ELEMENTS if self._elements is None else self._elements[rnd - 1]
            drawn = {
                "round": rnd,
                "first": self._firsts[rnd - 1],
                "board": _board_to_json(cards, owner),
                "elements": self._elements_json(None if self._elements is None else elems),
                "scores": [5, 5],
            }
        else:
            rnd = self._round
            cards, owner = tuple(self._cards), tuple(self._owner)
            elems = self._elems
        if cards[k] != b or owner[k] != seat:
            return [], drawn  # a position edited by hand, which its history no longer leads to
        q = 1 - seat
        got = self._got
        before_cards = list(cards)
        before_cards[k] = -1
        before_owner = [q if got >> n & 1 else o for n, o in enumerate(owner)]
        before_owner[k] = -1
        events, _ = placement_events(before_cards, before_owner, elems, k, b, seat, self._mode)
        if drawn is not None:
            events.append(round_end_event(rnd, [5, 5], self._firsts[rnd], 0, False))
        elif not self._mask:
            scores = self.scores()
            final = self._round == len(self._firsts)
            events.append(round_end_event(rnd, scores, None, self._picks, final))
            if self._p == TERMINAL:
                traded = trade_event(g._trade, self.transfers())
                if traded is not None:
                    events.append(traded)
        return events, drawn

    def render(self, seat: int | None = None) -> str:
        return draw(self.view(seat)).text()


class _OwnTableState(TripleTriadState):
    """A position of a game played with its setup's own card table. Its actions name cards by
    their codes (:func:`~tritable.games.triple_triad.data.code_of_name`), which it turns into its
    cards' bases and back around the rules."""

    __slots__ = ()

    def _legal_actions(self, seat: int) -> list[Action]:
        inner = TripleTriadState._legal_actions(self, seat)
        codes = self._table.code_of_base
        if self._mask:
            return [codes[a - a % 9] + a % 9 for a in inner]  # type: ignore[operator]
        return [_take_code(codes[9 * (a - TAKE)]) for a in inner]  # type: ignore[operator]

    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is not int:
            TripleTriadState._apply(self, seat, action)  # refused there, with the reason
            return
        take, code, cell = _read_code(action)
        b = self._table.base_of_code.get(code, -1) if code >= 0 else -1
        if b < 0:
            raise IllegalActionError(f"{shown(action)} names no card of this game's table")
        if take != (not self._mask):
            if take:
                raise IllegalActionError(f"take {NAME_BY_BASE[b]}: cards are taken once a round is won")
            raise IllegalActionError(f"seat {seat} won: it now picks a card of seat {1 - seat} ('take <card>')")
        TripleTriadState._apply(self, seat, TAKE + b // 9 if take else b + cell)

    def _decode(self, action: int) -> tuple[bool, int, int]:
        take, code, cell = _read_code(action)
        return take, self._table.base_of_code[code], cell


def _read_code(action: int) -> tuple[bool, int, int]:
    """A game-level action as (a trade pick?, its card's code, the cell 0-8); code -1: none."""
    if 0 <= action < _PLACEMENTS:
        return False, action - action % 9, action % 9
    if TAKE <= action < TAKE + COUNT:
        return True, 9 * (action - TAKE), 0
    if action >= CUSTOM:
        slot = (action - CUSTOM) % 10
        return slot == 9, action - slot, 0 if slot == 9 else slot
    return False, -1, 0


__all__ = ["TAKE", "TripleTriad", "TripleTriadState"]
