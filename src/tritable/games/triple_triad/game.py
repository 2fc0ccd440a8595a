"""Triple Triad, the card game of Final Fantasy VIII: two players, five cards each, a 3x3 board.

Each card has four ratings, one a side (1..9, A = 10). The players take turns placing a card from
their hand on an empty cell; a placed card captures an adjacent opponent card whose facing rating
is lower than its own. When the board is full, the score of a player is the cards of their colour
on the board plus the card left in their hand (so the two scores always sum to 10): the higher
score wins. Optional rules (Same, Same Wall, Plus, Combo, Elemental, Open, Sudden Death, Random)
and the trade rule (what the winner takes) are game options.

>>> import tritable
>>> game = tritable.new_game("triple-triad", options={"same": True})
>>> state = game.state_from_setup({
...     "hands": [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"],
...               ["SAM08G", "Bite Bug", "Gayla", "Gesper", "Grat"]],
...     "first": 1})
>>> for text in ["SAM08G@2", "Funguar@9", "Bite Bug@4", "Geezard@1"]:
...     state.apply_action(game.string_to_action(text))
>>> [game.action_to_string(a) for a in state.legal_actions()][:3]
['Gayla@3', 'Gayla@5', 'Gayla@6']
>>> state.scores()  # Geezard's Right 4 = SAM08G's Left 4 and Down 1 = Bite Bug's Up 1: Same
[7, 3]
>>> print(state.render(0).splitlines()[0])
Triple Triad  round 1  rules: Same, Open  trade: One

Rules decisions
---------------
The rule text (Final Kingdom MUSH) and ``docs/RULINGS.md`` decide; where both are silent we follow Final
Fantasy VIII (FF8), the original game, and say so here.

* **Board.** Cells 1-9, row-major from the top left (cell 1 is the top-left corner). A card's
  ratings are (top, right, bottom, left); a card on cell 1 attacks cell 2 with its right rating
  and cell 4 with its bottom rating. Seat 0 is the text's Blue, seat 1 its Red; who plays first
  in each round is chance, drawn in the setup.
* **Standard** (always): a placed card captures each adjacent *opponent* card whose facing rating
  is strictly lower than its own facing rating. Ties do nothing; own cards never change colour.
* **Same** (``same``): count the sides where the placed card's printed rating equals the adjacent
  card's opposing printed rating; cards of both colours count. Two or more matches flip every
  matched opponent card (so at least one opponent card must be among them for anything to happen).
* **Same Wall** (``same_wall``, needs ``same``): each side of the placed card that faces the board's
  edge with a printed A counts as one more Same match (the edge is a wall of A's). A wall is never
  an opponent card, so Same Wall needs one matched opponent card and one wall at least.
* **Plus** (``plus``): for each adjacent card, sum the placed card's printed rating and the
  adjacent card's opposing printed rating. Two or more adjacent cards with the same sum flip every
  opponent card among them. Walls never count for Plus.
* **Order within a placement.** Same, Same Wall and Plus are judged together on the board as it
  was before the placement, and their flips are made; then the placed card's Standard comparison
  (against the cards still of the opponent's colour); then Combo.
* **Combo** (``combo``; acts only with Same, Same Wall or Plus): each card flipped by Same, Same
  Wall or Plus captures its adjacent opponent cards by the Standard rule only (modified ratings
  under Elemental), breadth-first; every card so captured does the same in turn. Cards captured by
  the placed card's own Standard comparison do not cascade (they are captured before the cascade
  starts, so the cascade finds them already turned).
* **Elemental** (``elemental``): when the rule is on, the setup places elements by chance: each
  of the nine cells independently gets an element with probability ``ELEMENT_CHANCE`` = 1/8,
  the element uniform among the eight. (FF8 scatters about one element a board; its exact odds
  are not published.) A card on an elemental cell gets +1 on all four sides if its element matches,
  -1 otherwise (also a card without an element), clamped to 1..A. The modified ratings count for
  Standard and Combo; Same, Same Wall and Plus use the printed ratings. A new sudden-death round
  sets the board up afresh, elements included (drawn in the setup for every possible round).
* **Open** (``open``, default on): both hands are visible. Off: a seat sees its own hand; of the
  other hand it sees the size, and by name only the cards it has seen on the board at the end of
  an earlier sudden-death round (see Views). Once the match is decided every hand is shown (FF8
  shows the loser's cards on the trade screen).
* **Sudden Death** (``sudden_death``): a drawn round (5-5) starts a new round in which each hand is
  the cards that player owned at the end (the card left in hand first, then their cards on the
  board in cell order); at most 5 rounds, then the match is a draw. The text replays every tie
  ("the cards are returned to the hands and a new round starts"); ``docs/RULINGS.md`` makes that replay
  this option, so with it off (the default, as in FF8) a drawn round ends the match as a draw and
  nothing is traded except under Direct. **Who starts a new round**: chance, as in FF8, where
  every game, a sudden-death replay included, opens with the turn-order roulette; the setup draws
  the first player of each of the five possible rounds in advance.
* **Random** (``random``): hands are drawn at random from each player's collection. Collections
  live on the platform: pass them to :meth:`TripleTriad.random_setup` (``collections=``), which then
  draws each hand from its player's collection and records the collections in the setup
  (``state_from_setup`` checks each hand is taken from its collection). Without collections (the
  engine on its own, ``new_state(seed=...)``), every hand is drawn from the level pool whatever the
  rule says (``state_from_setup`` checks that, under Random, a hand without a collection holds only
  cards of the pool's levels). With ``random`` off, players may choose their hands
  (``random_setup(hands=...)`` or an explicit setup); with ``random`` on, ``random_setup`` refuses
  chosen hands.
* **Level pool** (options ``min_level``/``max_level``, default 1..5): hands not given are drawn
  card by card, uniformly and independently, from the cards of those levels (so a hand may hold
  two copies of a card, as FF8 hands may; the engine does not enforce FF8's one-copy rule of
  levels 8-10, which belongs to collections).
* **Trade** (``trade``, default One) happens only when a player wins; the cards traded are
  recorded in the outcome's ``details["transfers"]`` (``{"card", "from", "to"}``; the platform
  moves them between collections). "The loser's cards" are the five cards the loser **brought to
  the match** (its setup hand), whoever owns them at the end, as in FF8, where you always pick from
  the opponent's own deck.

  - ``none``: nothing changes hands.
  - ``one``: the winner picks one of the loser's five cards: a last action of the winner,
    ``take <card>``, before the game is terminal.
  - ``diff``: the winner picks ``winner_score - 5`` of the loser's cards (the text's
    "(Win - Loser) / 2"), one ``take`` action each.
  - ``all``: the winner takes all five of the loser's cards (no decision, no action).
  - ``direct``: each player keeps the cards they own at the end (board colour + hand), in a won
    match *and in a drawn one* (FF8's Direct has no winner's choice). Identical cards are
    interchangeable, so the transfers are the difference between the cards each player owns at the
    end and the cards they brought, counted by name.
  While the winner picks, the finished board stays as it is and ``current_player()`` is the
  winner; the game is terminal after the last pick.
* **Outcome**: the scores are the last round's; ``details`` holds ``reason`` (``"won"`` or
  ``"draw"``), ``rounds``, ``round_scores`` (every round, the drawn ones included), ``trade`` and
  ``transfers``.

Setup
-----
A JSON object. ``hands``: for each seat the five card names it brings (case-insensitive).
``first``: the seat that starts each possible round, a list (1 entry, or 5 with ``sudden_death``;
a bare seat number is accepted for a single round). ``elements`` (only with ``elemental``, then
required): for each possible round the element of cells 1-9 (``null`` for none), or a single list
of 9 for a single round. ``collections`` (optional): per seat the card names that player owns
(or ``null``); each hand must be taken from it. Anything else is a ``SetupError`` naming it::

    {"hands": [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"],
               ["Gayla", "Gesper", "Fastitocalon-F", "Blood Soul", "Caterchipillar"]],
     "first": [1],
     "elements": [[null, null, "fire", null, null, null, null, null, null]]}

Actions and notation
--------------------
Actions are ints. Placing card ``id`` (0..109, its FF8 number minus one) on cell ``c`` (1..9) is
``id * 9 + (c - 1)``, written ``<name>@<cell>``: ``Geezard@1`` is 0, ``Bite Bug@5`` is 22. Two
identical cards in a hand are the same action. A trade pick of card ``id`` is ``TAKE + id``
(``TAKE`` = 1000), written ``take <name>``: ``take Geezard`` is 1000. Parsing ignores case and
extra spaces; formatting is canonical.

>>> game.string_to_action("bite bug @ 5"), game.action_to_string(22), game.action_to_string(1000)
(22, 'Bite Bug@5', 'take Geezard')

Views
-----
A view holds ``round`` (1-based), ``first`` (who started this round), ``board`` (per cell ``null``
or ``{"card", "owner"}``), ``elements`` (with ``elemental``: this round's, per cell), ``hands`` (per
seat the card names, or ``null`` when hidden from the viewer), ``hand_sizes``, ``known`` (per
seat: with hidden hands, the cards of its hand that are public because they were on the board
when an earlier drawn round ended; each entry ``null`` when hands are open or the match is
decided), ``brought`` (per seat the cards it brought to the match, as far as the viewer knows
them: of a hidden hand, the ones seen so far, sorted), ``scores``, ``rounds`` (the earlier, drawn
rounds: ``first``, ``board``, ``elements``, ``null`` without ``elemental``) and, once the match is
decided, ``trade`` (``rule``; ``winner``, ``null`` for a draw; ``picks_left``, ``taken``,
``transfers``). Spectators (seat ``None``) see no hand unless ``open``. Later rounds' first
players and elements are never shown.

:meth:`TripleTriad.sample_state` fills a hidden hand with the public cards and, for the others,
cards drawn uniformly and independently from the level pool (the setup's own draw), never
reading the real hand (under Random, each seat's collection in the sample's setup is the cards it
brought: the view shows no collection); the later rounds' first players and elements are drawn
afresh.
``to_json`` holds, besides the setup and history, ``round``, ``player`` (the seat to move, the
winner while it picks; -4 at the end), ``board`` (per cell ``null`` or ``[card, owner]``), the full
``hands``, ``known`` (per seat a list with hidden hands, decided or not; ``null`` when hands are
open), ``rounds`` (the final board of each earlier round, cells as in views), ``picks`` (the trade
picks left) and ``taken``.

Speed
-----
Random playouts are the benchmark, so the hot path is plain ints and lists: a card in a hand or on
the board is stored as ``id * 9``; legal actions are concatenated from per-card tuples indexed by
the bit set of empty cells; the placement is validated with two membership tests and applied in
place; ``new_state(seed)`` builds the state straight from the values it draws (the same draw as
``random_setup``), and ``state_from_setup`` validates every setup it is given.
"""

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
from tritable.games.triple_triad.data import (
    ACTION_ROWS,
    BASE_BY_NAME,
    BUILTIN,
    BY_FOLDED,
    BY_NAME,
    COUNT,
    CUSTOM,
    ELEMENT_INDEX,
    ELEMENTS,
    LEVEL_BY_BASE,
    LEVELS,
    NAME_BY_BASE,
    NAMES,
    NEIGHBOURS,
    NO_RATINGS,
    OCCUPIED,
    RATINGS_BY_BASE,
    RATINGS_ON,
    WALL_MATCHES,
    CardTable,
    Ratings,
    action_rows,
    code_of_name,
    custom_spelling,
    fold,
    name_of_code,
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

TAKE = 1000
"""Trade picks are ``TAKE + card id``."""
ELEMENT_CHANCE = 1 / 8
"""The chance that a cell gets an element (Elemental rule)."""
HAND_SIZE = 5
MAX_ROUNDS = 5
TRADES = ("none", "one", "all", "diff", "direct")


_PLACEMENTS = 9 * COUNT
_SETUP_KEYS = frozenset({"hands", "first", "elements", "collections", "cards"})


_TABLES: tuple[list[Ratings], ...] = (*RATINGS_ON, RATINGS_BY_BASE)  # index -1: no element
_NO_ELEMENTS: tuple[int, ...] = (-1,) * 9
_SEATS = frozenset((0, 1))
_NOTHING: list[int] = []  # shared, never changed: the trade phase puts a new list in its place
_ELEMENT_CODES: dict[str | None, int] = {None: -1}
_ELEMENT_CODES.update(ELEMENT_INDEX)
_ELEMENT_OF = _ELEMENT_CODES.__getitem__
_BASE_OF = BASE_BY_NAME.__getitem__
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


def _card_id(name: Any, what: str, error: type[Exception] = SetupError, table: CardTable = BUILTIN) -> int:
    """The id of a card named ``name`` (exact, else case-insensitively, or a variant spelling) in
    ``table``; ``error`` names ``what``."""
    if table is BUILTIN and type(name) is str:
        cid = BY_NAME.get(name)
        if cid is not None:
            return cid
    return table.card(name, what, error) // 9


def _take_code(code: int) -> int:
    """The trade pick of the card of ``code``."""
    return TAKE + code // 9 if code < CUSTOM else code + 9


def _all_ints(values: list[Any]) -> bool:
    """True when every value is an int proper (JSON seats: not True/False, not 0.0)."""
    return type(values[0]) is int if len(values) == 1 else all(type(v) is int for v in values)


def _is_seat(value: Any) -> bool:
    return type(value) is int and 0 <= value <= 1


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

    def _parse_setup(
        self, setup: Mapping[str, Any]
    ) -> tuple[list[list[int]], tuple[int, ...], tuple[tuple[int, ...], ...] | None, CardTable]:
        """Validate a setup: (hands as card bases, first seat per round, elements per round, the
        card table)."""
        if type(setup) is not dict and not isinstance(setup, Mapping):
            raise SetupError(f"a Triple Triad setup is a JSON object, not {type(setup).__name__}")
        if not _SETUP_KEYS.issuperset(setup):
            unknown = sorted(map(str, set(setup) - _SETUP_KEYS))
            raise SetupError(
                f"unknown setup key(s) {', '.join(unknown)} (keys: hands, first, elements, collections, cards)"
            )
        raw = setup.get("hands")
        if raw is None:
            raise SetupError("the setup lacks 'hands' (five card names per seat)")
        table = BUILTIN if setup.get("cards") is None else CardTable.from_json(setup["cards"], SetupError)
        try:
            if table is not BUILTIN:
                raise TypeError
            if type(raw) is not list or len(raw) != 2 or type(raw[0]) is not list or type(raw[1]) is not list:
                raise TypeError
            hands = [list(map(_BASE_OF, raw[0])), list(map(_BASE_OF, raw[1]))]
        except (KeyError, TypeError):
            hands = self._parse_hands_slowly(raw, table)
        if len(hands[0]) != HAND_SIZE or len(hands[1]) != HAND_SIZE:
            seat = 0 if len(hands[0]) != HAND_SIZE else 1
            raise SetupError(f"seat {seat}'s hand has {len(hands[seat])} cards, not {HAND_SIZE}")
        rounds = self._rounds
        first = setup.get("first")
        if type(first) is list and len(first) == rounds and _all_ints(first) and _SEATS.issuperset(first):
            firsts = tuple(first)
        elif rounds == 1 and _is_seat(first):
            firsts = (first,)
        elif first is None:
            raise SetupError("the setup lacks 'first' (the seat that starts each round)")
        else:
            need = "a list of 5 seats (one per possible round)" if rounds > 1 else "a seat, 0 or 1"
            raise SetupError(f"the setup's 'first' must be {need}, not {first!r}")
        elements = self._parse_elements(setup.get("elements"), rounds)
        collections = setup.get("collections")
        if "collections" in setup:
            self._check_collections(collections, raw, table)
        if self.options["random"]:
            self._check_drawn_from_pool(hands, collections, table)
        return hands, firsts, elements, table

    def _check_drawn_from_pool(self, hands: list[list[int]], collections: Any, table: CardTable) -> None:
        """Under Random a hand without a collection is drawn from the level pool (``random_setup``):
        every card of it must be of those levels."""
        pool = (
            self._pool_bases if table is BUILTIN else table.pool(self.options["min_level"], self.options["max_level"])
        )
        for seat in range(2):
            if collections is not None and collections[seat] is not None:
                continue  # drawn from the collection: _check_collections checked it
            for b in hands[seat]:
                if b not in pool:
                    o = self.options
                    raise SetupError(
                        f"seat {seat}'s hand holds {NAME_BY_BASE[b]} (level {LEVEL_BY_BASE[b]}): Random draws a hand "
                        f"without a collection from levels {o['min_level']}-{o['max_level']}"
                    )

    def _parse_hands_slowly(self, raw: Any, table: CardTable) -> list[list[int]]:
        if not isinstance(raw, Sequence) or isinstance(raw, str) or len(raw) != 2:
            raise SetupError(f"the setup's 'hands' must list two hands (one per seat), not {raw!r}")
        hands: list[list[int]] = []
        for seat, hand in enumerate(raw):
            if not isinstance(hand, Sequence) or isinstance(hand, str):
                raise SetupError(f"seat {seat}'s hand must be a list of card names, not {hand!r}")
            hands.append([table.card(name, f"seat {seat}'s hand", SetupError) for name in hand])
        return hands

    def _parse_elements(self, raw: Any, rounds: int) -> tuple[tuple[int, ...], ...] | None:
        if not self._elemental:
            if raw is not None:
                raise SetupError("the setup places 'elements' but the elemental rule is off")
            return None
        try:
            if type(raw) is list and len(raw) == rounds:
                if rounds == 1:
                    row = tuple(map(_ELEMENT_OF, raw[0]))
                    if len(row) == 9:
                        return (row,)
                else:
                    rows = tuple([tuple(map(_ELEMENT_OF, cells)) for cells in raw])
                    if all(len(row) == 9 for row in rows):
                        return rows
        except (KeyError, TypeError):
            pass
        return self._parse_elements_slowly(raw, rounds)

    def _parse_elements_slowly(self, raw: Any, rounds: int) -> tuple[tuple[int, ...], ...]:
        if raw is None:
            raise SetupError("the setup lacks 'elements' (the elemental rule is on)")
        if not isinstance(raw, list):
            raise SetupError(f"the setup's 'elements' must be a list, not {raw!r}")
        if rounds == 1 and len(raw) == 9 and not any(isinstance(x, list) for x in raw):
            raw = [raw]
        if rounds == 1 and not any(isinstance(x, list) for x in raw):
            # one round's cells, not a list of rounds: the count of cells is what is wrong
            raise SetupError(f"the setup's 'elements' must list cells 1-9 (an element or null each), not {len(raw)}")
        if len(raw) != rounds:
            raise SetupError(f"the setup's 'elements' must give the elements of {rounds} round(s), not {len(raw)}")
        out: list[tuple[int, ...]] = []
        for r, cells in enumerate(raw):
            if not isinstance(cells, list) or len(cells) != 9:
                raise SetupError(f"round {r + 1}'s elements must list cells 1-9, not {cells!r}")
            row: list[int] = []
            for cell, e in enumerate(cells):
                if e is None:
                    row.append(-1)
                elif isinstance(e, str) and e.lower() in ELEMENT_INDEX:
                    row.append(ELEMENT_INDEX[e.lower()])
                else:
                    raise SetupError(
                        f"cell {cell + 1}: no element {e!r} in round {r + 1} (elements: {', '.join(ELEMENTS)})"
                    )
            out.append(tuple(row))
        return tuple(out)

    def _check_collections(self, raw: Any, hands: Any, table: CardTable) -> None:
        if not isinstance(raw, list) or len(raw) != 2:
            raise SetupError(f"the setup's 'collections' must list one collection per seat, not {raw!r}")
        for seat, owned in enumerate(raw):
            if owned is None:
                continue
            if not isinstance(owned, list):
                raise SetupError(f"seat {seat}'s collection must be a list of card names, not {owned!r}")
            have = Counter(table.card(n, f"seat {seat}'s collection", SetupError) for n in owned)
            need = Counter(table.card(n, f"seat {seat}'s hand", SetupError) for n in hands[seat])
            missing = need - have
            if missing:
                names = "; ".join(NAME_BY_BASE[c] for c in sorted(missing))
                raise SetupError(f"seat {seat}'s hand holds {names}, not in its collection")

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

    def _sample(self, view: Mapping[str, Any], rng: random.Random) -> TripleTriadState:
        if view.get("game") != self.id:
            raise StateError(f"not a {self.id} view: {view.get('game')!r}")
        rnd = _whole(view["round"], "round")
        finals = view["rounds"]
        if len(finals) != rnd - 1 or not 1 <= rnd <= self._rounds:
            raise StateError(f"the view's round {rnd} does not match its {len(finals)} earlier rounds")
        cards_json = view["cards"]
        table = BUILTIN if cards_json is None else CardTable.from_json(cards_json, StateError)
        pool = (
            self._pool_bases if table is BUILTIN else table.pool(self.options["min_level"], self.options["max_level"])
        )
        if not pool:
            pool = table.bases  # a table without a card of the pool's levels: drawn from it all
        hands: list[list[int]] = []
        brought: list[list[int]] = []
        known: list[list[int]] = [[], []]
        for seat in range(2):
            shown = view["hands"][seat]
            if shown is not None:
                hands.append([9 * _card_id(n, "view", StateError, table) for n in shown])
                brought.append([9 * _card_id(n, "view", StateError, table) for n in view["brought"][seat]])
                continue
            known[seat] = [9 * _card_id(n, "view", StateError, table) for n in view["known"][seat]]
            unseen = _whole(view["hand_sizes"][seat], "hand size") - len(known[seat])
            if not 0 <= unseen <= HAND_SIZE:
                raise StateError(f"seat {seat}'s hidden hand cannot hold {unseen} unknown cards")
            drawn = [rng.choice(pool) for _ in range(unseen)]
            hands.append(known[seat] + drawn)
            brought.append([9 * _card_id(n, "view", StateError, table) for n in view["brought"][seat]] + drawn)
        if any(len(b) != HAND_SIZE for b in brought):
            raise StateError("the view's 'brought' cards and hidden hand sizes do not add up to five a seat")

        firsts = [_whole(f["first"], "first") for f in finals] + [_whole(view["first"], "first")]
        firsts += [rng.getrandbits(1) for _ in range(self._rounds - rnd)]
        setup: JSON = {"hands": [[NAME_BY_BASE[b] for b in h] for h in brought], "first": firsts}
        if table is not BUILTIN:
            setup["cards"] = copy_json(cards_json)
        if self.options["random"]:
            # The view does not show the collections: the cards each seat brought make one.
            setup["collections"] = copy_json(setup["hands"])
        if self._elemental:
            seen = copy_json([f["elements"] for f in finals] + [view["elements"]])  # not the view's own lists
            fresh = (self._draw_rounds(rng)[1] or [])[: self._rounds - rnd]
            setup["elements"] = seen + fresh
        state = self._build(setup, *self._parse_setup(setup))  # a setup of its own: no copy needed
        state._round = rnd
        state._finals = tuple(_board_from_json(f["board"], table) for f in finals)
        if state._elements is not None:
            state._elems = state._elements[rnd - 1]
        state._hands = hands
        if state._known is not None:
            # A hand the view shows has its known cards worked out; a hidden one, as the view says.
            start, seen = state._round_start()
            for s in range(2):
                if view["hands"][s] is None and not Counter(hands[s]) - Counter(start[s]):
                    hands[s] = _left_in_order(start[s], hands[s])  # the order play leaves, as _check_hands wants
            state._known = [
                list(state._known_now(s, start, seen).elements())
                if view["hands"][s] is not None
                else [9 * _card_id(n, "view", StateError, table) for n in view["known"][s]]
                for s in range(2)
            ]
        state._dup = True
        cards, owner = _board_from_json(view["board"], table)
        _check_cards_in_play(cards, hands, brought)
        state._set_board(cards, owner)
        turn = view["turn"]
        state._p = turn["players"][0] if turn["players"] else TERMINAL
        trade = view.get("trade")
        if trade is not None:
            state._taken = tuple(9 * _card_id(n, "view", StateError, table) for n in trade["taken"])
            state._picks = _whole(trade["picks_left"], "picks_left")
            if state._picks:
                state._pickable = state._left_to_take()
            state._check_trade()
        state._check_phase()  # the checks a state read from JSON gets
        if state._taken and not state._picks:  # with picks due, _pickable checked them above
            state._left_to_take()
        told = view["last_action"]
        if told is not None:
            state._last = (_whole(told["seat"], "last action's seat"), self.string_to_action(told["action"]))
        captured = [c for e in view["events"] if e["type"] in ("capture", "combo") for c in e["cells"]]
        state._set_last(state._last, captured)
        return state


def trade_picks(trade: str, s0: int) -> int:
    """How many cards the winner picks under ``trade`` when seat 0 ends a won round on ``s0``:
    one (One), the difference over 5 (Diff), none (None, Direct, All: no choice to make)."""
    return 1 if trade == "one" else (max(s0, 10 - s0) - 5 if trade == "diff" else 0)


def _check_cards_in_play(
    cards: Sequence[int], hands: Sequence[Sequence[int]], brought: Sequence[Sequence[int]]
) -> None:
    # Every round is played with the ten cards brought to the match (Sudden Death deals them out
    # again by owner), so no other card can be on the board or in a hand.
    in_play = Counter([c for c in cards if c >= 0] + [*hands[0], *hands[1]])
    if in_play != Counter([*brought[0], *brought[1]]):
        raise StateError("the board and the hands must hold the ten cards brought to the match")


def _left_in_order(start: Sequence[int], hand: Sequence[int]) -> list[int]:
    """The cards of ``hand`` (taken from ``start``) in the order play leaves them: placing a card
    removes its first copy from the hand."""
    drop = Counter(start)
    drop.subtract(hand)
    out: list[int] = []
    for b in start:
        if drop[b] > 0:
            drop[b] -= 1
        else:
            out.append(b)
    return out


def _whole(value: Any, what: str) -> int:
    if type(value) is not int:
        raise StateError(f"the view's {what} must be a whole number, not {value!r}")
    return value


def _board_from_json(board: Any, table: CardTable) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Cells written as ``null`` or ``{"card", "owner"}`` (views) or ``[card, owner]`` (states)."""
    if not isinstance(board, list) or len(board) != 9:
        raise StateError(f"a board lists 9 cells, not {board!r}")
    cards: list[int] = []
    owner: list[int] = []
    for cell in board:
        if cell is None:
            cards.append(-1)
            owner.append(-1)
            continue
        name, seat = (cell["card"], cell["owner"]) if isinstance(cell, Mapping) else cell
        if not _is_seat(seat):
            raise StateError(f"a card's owner is a seat (0 or 1), not {seat!r}")
        cards.append(9 * _card_id(name, "board", StateError, table))
        owner.append(seat)
    return tuple(cards), tuple(owner)


def _board_to_json(cards: Sequence[int], owner: Sequence[int]) -> list[Any]:
    return [None if b < 0 else {"card": NAME_BY_BASE[b], "owner": o} for b, o in zip(cards, owner, strict=True)]


def _names(bases: Sequence[int]) -> list[str]:
    return [NAME_BY_BASE[b] for b in bases]


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

    def scores(self) -> list[int]:  # type: ignore[override]  # cards are counted whole
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

    def _check_trade(self) -> None:
        """Picks left only in a decided round's trade, as many as the trade rule gives less those
        taken (more would leave the winner to move with nothing to take)."""
        if not self._picks:
            return
        s0 = self.scores()[0]
        trade = self.game._trade
        total = trade_picks(trade, s0)
        if self._mask or s0 == 5 or self._picks + len(self._taken) != total:
            raise StateError(
                f"{self._picks} picks left after {len(self._taken)} taken, where the trade ({trade}) gives {total}"
            )

    def _left_to_take(self) -> list[int]:
        """The take actions of the loser's brought cards not taken yet (trade phase)."""
        winner = self.winner()
        if winner is None:
            raise StateError("a trade needs a winner")
        left = Counter(self._brought[1 - winner])
        left.subtract(self._taken)
        if any(v < 0 for v in left.values()):
            raise StateError("taken cards that the loser did not bring")
        return [TAKE + b // 9 for b in sorted(left.elements())]

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

    def _load(self, data: Mapping[str, Any]) -> None:
        """Read the dynamic part of :meth:`to_json` (the setup part is already read)."""
        rnd = data["round"]
        if type(rnd) is not int or not 1 <= rnd <= len(self._firsts):
            raise StateError(f"bad round {rnd!r}")
        self._round = rnd
        if self._elements is not None:
            self._elems = self._elements[rnd - 1]
        if not isinstance(data["rounds"], list):
            raise StateError(f"a state's 'rounds' lists the boards of the earlier rounds, not {shown(data['rounds'])}")
        self._finals = tuple(_board_from_json(b, self._table) for b in data["rounds"])
        if len(self._finals) != rnd - 1:
            raise StateError("a state of round n lists the boards of the n - 1 earlier rounds")
        cards, owner = _board_from_json(data["board"], self._table)
        hands = data["hands"]
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise StateError(f"a state's 'hands' lists two hands of card names, not {shown(hands)}")
        self._hands = [[9 * _card_id(n, "hand", StateError, self._table) for n in h] for h in hands]
        if len(self._hands) != 2:
            raise StateError("a state lists two hands")
        if sum(c >= 0 for c in cards) + len(self._hands[0]) + len(self._hands[1]) != 10:
            raise StateError("the board and the hands must hold ten cards")
        _check_cards_in_play(cards, self._hands, self._brought)
        self._set_board(cards, owner)
        known = data.get("known")
        if (known is None) != (self._known is None):
            raise StateError("'known' is kept exactly when hands are hidden")
        if known is not None:
            self._known = [
                [9 * _card_id(n, "known", StateError, self._table) for n in k] for k in known
            ]  # checked with the hands
        self._dup = True
        player = data["player"]
        if not (_is_seat(player) or (type(player) is int and player == TERMINAL)):  # not -4.0
            raise StateError(f"bad player {player!r}")
        self._p = player
        self._taken = tuple(9 * _card_id(n, "taken", StateError, self._table) for n in data["taken"])
        picks = data["picks"]
        if type(picks) is not int or picks < 0:
            raise StateError(f"bad picks {picks!r}")
        self._picks = picks
        if picks:
            self._pickable = self._left_to_take()
        self._check_trade()
        self._check_phase()
        if self._taken and not picks:  # with picks due, _pickable checked them above
            self._left_to_take()  # only cards the loser brought, each as often as it brought it
        last = data.get("last")
        if last is not None:
            if self.history:
                raise StateError("a state's 'last' is kept only when its history does not hold the last action")
            if not isinstance(last, list) or len(last) != 2 or not _is_seat(last[0]):
                raise StateError(f"a state's 'last' is [seat, action], not {shown(last)}")
            self._last = (last[0], self.game.string_to_action(last[1]))
        captured = data.get("captured", [])
        if not isinstance(captured, list) or not all(type(c) is int and 1 <= c <= 9 for c in captured):
            raise StateError(f"a state's 'captured' lists cells 1-9, not {shown(captured)}")
        self._set_last(self.last_action(), captured)

    def _set_last(self, last: tuple[int, Action] | None, captured: Sequence[int]) -> None:
        """Take ``captured`` (cells 1-9) as the cells ``last`` captured, after checking that
        playing it on the board before it does capture them."""
        got = sum(1 << (c - 1) for c in set(captured))
        self._got = got
        if last is None:
            if got:
                raise StateError("no action has been played: nothing is captured")
            return
        seat, action = last
        if type(action) is not int or self._decode(action)[0]:
            if got:
                raise StateError("a trade pick captures nothing")
            return
        _, b, k = self._decode(action)
        cards, owner = self._finals[-1] if self._ended_drawn_round(last) else (self._cards, self._owner)
        if cards[k] != b or owner[k] != seat:
            # A position edited by hand, which its history no longer leads to: nothing to tell.
            if got:
                raise StateError(f"the last action, {self.game.action_to_string(action)}, is not on the board")
            return
        if got & ~sum(1 << n for n in range(9) if owner[n] == seat and n != k):
            raise StateError("the last action captured only cards now of its seat's colour")
        events = self._narrate(last)[0]
        told = {c for e in events if e["type"] in ("capture", "combo") for c in e["cells"]}
        if told != set(captured):
            raise StateError(
                f"{self.game.action_to_string(action)} captures cells {sorted(told)}, not {sorted(captured)}"
            )

    def _check_phase(self) -> None:
        """Who moves agrees with the board: a seat while cells are empty; once it is full, the
        winner while picks are due, else the end (a drawn round with Sudden Death rounds left
        has already become the next round)."""
        p, trade = self._p, self.game._trade
        if self._mask and (p == TERMINAL or self._taken):
            raise StateError("the board has empty cells: a seat is to move and nothing is taken yet")
        self._check_hands()
        if self._mask:
            return
        s0 = self.scores()[0]
        if s0 == 5:
            if self._round < len(self._firsts):
                raise StateError(f"round {self._round} is drawn: Sudden Death plays the next round")
            if p != TERMINAL:
                raise StateError("the board is full and the match drawn: the game is over")
            return
        winner = 0 if s0 > 5 else 1
        total = trade_picks(trade, s0)
        if self._picks and p != winner:
            raise StateError(f"seat {winner} won: it picks, not {p}")
        if not self._picks and (p != TERMINAL or len(self._taken) != total):
            raise StateError(f"the board is full: the trade ({trade}) takes {total} cards, then the game is over")

    def _round_start(self) -> tuple[list[list[int]], list[list[int]]]:
        """The hands this round began with and the cards of them known to both seats, from the
        cards brought and the earlier rounds' final boards. Sudden Death deals each seat the
        cards it owns on the board and the card left in hand, which the seat that moved second
        keeps; a card seen on a final board stays known until played. Each earlier round's final
        board must be full and drawn (else no round followed it)."""
        start = [list(self._brought[0]), list(self._brought[1])]
        known: list[list[int]] = [[], []]
        for k, (cards, owner) in enumerate(self._finals):
            if -1 in cards:
                raise StateError(f"round {k + 1}'s final board has an empty cell (cell {cards.index(-1) + 1})")
            board = Counter(cards)
            left = Counter(start[0] + start[1]) - board
            holder = 1 - self._firsts[k]
            if board - Counter(start[0] + start[1]) or left - Counter(start[holder]):
                raise StateError(f"round {k + 1}'s final board is not what its hands could have placed")
            kept = [list(left.elements()) if s == holder else [] for s in range(2)]
            s0 = owner.count(0) + len(kept[0])
            if s0 != 5:
                raise StateError(f"round {k + 1} ended {s0}-{10 - s0}, not drawn: no Sudden Death round follows it")
            won = [[b for b, o in zip(cards, owner, strict=True) if o == s] for s in range(2)]
            played = [Counter(start[s]) - Counter(kept[s]) for s in range(2)]
            known = [list((Counter(known[s]) - played[s]).elements()) + won[s] for s in range(2)]
            start = [kept[s] + won[s] for s in range(2)]
        return start, known

    def _known_now(self, seat: int, start: list[list[int]], known: list[list[int]]) -> Counter[int]:
        return Counter(known[seat]) - (Counter(start[seat]) - Counter(self._hands[seat]))

    def _check_hands(self) -> None:
        """The hands (in the order play leaves them), who moves and the ``known`` cards are what
        the rounds so far leave (:meth:`_round_start`); this round's first seat has placed as
        many cards as the other or one more; captured cards lie beside a card (:meth:`_check_owners`)."""
        start, known = self._round_start()
        first = self._firsts[self._round - 1]
        for seat in range(2):
            if Counter(self._hands[seat]) - Counter(start[seat]):
                what = "did not bring" if self._round == 1 else f"did not hold when round {self._round} began"
                raise StateError(f"seat {seat}'s hand holds cards it {what}")
            order = _left_in_order(start[seat], self._hands[seat])
            if self._hands[seat] != order:
                names = ", ".join(_names(order))
                raise StateError(f"seat {seat}'s hand must keep the order it began the round in: {names}")
        self._check_owners(start)
        placed = [len(start[s]) - len(self._hands[s]) for s in range(2)]
        if placed[first] - placed[1 - first] not in (0, 1):
            raise StateError(
                f"seat {first} moves first this round: it has placed {placed[first]} cards to the other "
                f"seat's {placed[1 - first]}, not as many or one more"
            )
        mover = first if placed[first] == placed[1 - first] else 1 - first
        if self._mask and self._p != mover:
            raise StateError(f"seat {first} moved first and {sum(placed)} cards are down: seat {mover} is to move")
        if self._known is not None:
            for seat in range(2):
                if Counter(self._known[seat]) != self._known_now(seat, start, known):
                    raise StateError(
                        f"seat {seat}'s known cards must be the ones seen on a final board that it still holds"
                    )

    def _check_owners(self, start: list[list[int]]) -> None:
        """A card owned by a seat that did not place it was captured, so a card lies beside it
        (captures, Combo's included, are made by a neighbour). Each seat placed its start hand
        less its hand; of identical cards, those alone on the board must be owned by placers."""
        mask = self._mask
        if not mask:
            return  # a full board: every card has a neighbour
        cards, owner = self._cards, self._owner
        alone: list[Counter[int]] = [Counter(), Counter()]
        for k in range(9):
            if cards[k] >= 0 and not OCCUPIED[k][mask]:
                alone[owner[k]][cards[k]] += 1
        for seat in range(2):
            if alone[seat]:
                foreign = alone[seat] - (Counter(start[seat]) - Counter(self._hands[seat]))
                if foreign:
                    b = min(foreign)
                    cell = next(k for k in range(9) if cards[k] == b and owner[k] == seat and not OCCUPIED[k][mask])
                    raise StateError(
                        f"seat {seat} owns {NAME_BY_BASE[b]} on cell {cell + 1}, which it did not place "
                        "and no card beside could have captured"
                    )

    def _set_board(self, cards: Sequence[int], owner: Sequence[int]) -> None:
        self._cards = list(cards)
        self._owner = list(owner)
        self._mask = sum(1 << k for k in range(9) if cards[k] < 0)
        self._eff = [NO_RATINGS if b < 0 else _TABLES[self._elems[k]][b] for k, b in enumerate(cards)]

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
        from tritable.games.triple_triad.render import render_view

        return render_view(self.view(seat), self.game)


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
