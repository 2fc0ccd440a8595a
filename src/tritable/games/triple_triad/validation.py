"""Reading and checking Triple Triad's JSON: setups (the card table included), state JSON and
the positions it states (hands, rounds, the trade, what the last action captured).

The functions here take the game or the state (as ``self``, the object they read and check) and
are called from :mod:`.game`, which holds the rules alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tritable.engine.errors import SetupError, StateError, shown
from tritable.engine.protocol import TERMINAL, Action
from tritable.games.triple_triad.data import (
    BASE_BY_NAME,
    BUILTIN,
    BY_NAME,
    ELEMENT_INDEX,
    ELEMENTS,
    HAND_SIZE,
    LEVEL_BY_BASE,
    NAME_BY_BASE,
    NO_RATINGS,
    OCCUPIED,
    TABLES,
    TAKE,
    CardTable,
)
from tritable.games.triple_triad.views import _ended_drawn_round, _names, _narrate

if TYPE_CHECKING:
    from tritable.games.triple_triad.game import TripleTriad, TripleTriadState


_ELEMENT_CODES: dict[str | None, int] = {None: -1}
_ELEMENT_CODES.update(ELEMENT_INDEX)


_SETUP_KEYS = frozenset({"hands", "first", "elements", "collections", "cards"})


_SEATS = frozenset((0, 1))


_ELEMENT_OF = _ELEMENT_CODES.__getitem__


_BASE_OF = BASE_BY_NAME.__getitem__


def _card_id(name: Any, what: str, error: type[Exception] = SetupError, table: CardTable = BUILTIN) -> int:
    """The id of a card named ``name`` (exact, else case-insensitively, or a variant spelling) in
    ``table``; ``error`` names ``what``."""
    if table is BUILTIN and type(name) is str:
        cid = BY_NAME.get(name)
        if cid is not None:
            return cid
    return table.card(name, what, error) // 9


def _all_ints(values: list[Any]) -> bool:
    """True when every value is an int proper (JSON seats: not True/False, not 0.0)."""
    return type(values[0]) is int if len(values) == 1 else all(type(v) is int for v in values)


def _is_seat(value: Any) -> bool:
    return type(value) is int and 0 <= value <= 1


def _parse_setup(
    self: TripleTriad, setup: Mapping[str, Any]
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
        hands = _parse_hands_slowly(self, raw, table)
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
    elements = _parse_elements(self, setup.get("elements"), rounds)
    collections = setup.get("collections")
    if "collections" in setup:
        _check_collections(self, collections, raw, table)
    if self.options["random"]:
        _check_drawn_from_pool(self, hands, collections, table)
    return hands, firsts, elements, table


def _check_drawn_from_pool(self: TripleTriad, hands: list[list[int]], collections: Any, table: CardTable) -> None:
    """Under Random a hand without a collection is drawn from the level pool (``random_setup``):
    every card of it must be of those levels."""
    pool = self._pool_bases if table is BUILTIN else table.pool(self.options["min_level"], self.options["max_level"])
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


def _parse_hands_slowly(self: TripleTriad, raw: Any, table: CardTable) -> list[list[int]]:
    if not isinstance(raw, Sequence) or isinstance(raw, str) or len(raw) != 2:
        raise SetupError(f"the setup's 'hands' must list two hands (one per seat), not {raw!r}")
    hands: list[list[int]] = []
    for seat, hand in enumerate(raw):
        if not isinstance(hand, Sequence) or isinstance(hand, str):
            raise SetupError(f"seat {seat}'s hand must be a list of card names, not {hand!r}")
        hands.append([table.card(name, f"seat {seat}'s hand", SetupError) for name in hand])
    return hands


def _parse_elements(self: TripleTriad, raw: Any, rounds: int) -> tuple[tuple[int, ...], ...] | None:
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
    return _parse_elements_slowly(self, raw, rounds)


def _parse_elements_slowly(self: TripleTriad, raw: Any, rounds: int) -> tuple[tuple[int, ...], ...]:
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


def _check_collections(self: TripleTriad, raw: Any, hands: Any, table: CardTable) -> None:
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


def _check_trade(self: TripleTriadState) -> None:
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


def _left_to_take(self: TripleTriadState) -> list[int]:
    """The take actions of the loser's brought cards not taken yet (trade phase)."""
    winner = self.winner()
    if winner is None:
        raise StateError("a trade needs a winner")
    left = Counter(self._brought[1 - winner])
    left.subtract(self._taken)
    if any(v < 0 for v in left.values()):
        raise StateError("taken cards that the loser did not bring")
    return [TAKE + b // 9 for b in sorted(left.elements())]


def _load(self: TripleTriadState, data: Mapping[str, Any]) -> None:
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
    _set_board(self, cards, owner)
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
        self._pickable = _left_to_take(self)
    _check_trade(self)
    _check_phase(self)
    if self._taken and not picks:  # with picks due, _pickable checked them above
        _left_to_take(self)  # only cards the loser brought, each as often as it brought it
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
    _set_last(self, self.last_action(), captured)


def _set_last(self: TripleTriadState, last: tuple[int, Action] | None, captured: Sequence[int]) -> None:
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
    cards, owner = self._finals[-1] if _ended_drawn_round(self, last) else (self._cards, self._owner)
    if cards[k] != b or owner[k] != seat:
        # A position edited by hand, which its history no longer leads to: nothing to tell.
        if got:
            raise StateError(f"the last action, {self.game.action_to_string(action)}, is not on the board")
        return
    if got & ~sum(1 << n for n in range(9) if owner[n] == seat and n != k):
        raise StateError("the last action captured only cards now of its seat's colour")
    events = _narrate(self, last)[0]
    told = {c for e in events if e["type"] in ("capture", "combo") for c in e["cells"]}
    if told != set(captured):
        raise StateError(f"{self.game.action_to_string(action)} captures cells {sorted(told)}, not {sorted(captured)}")


def _check_phase(self: TripleTriadState) -> None:
    """Who moves agrees with the board: a seat while cells are empty; once it is full, the
    winner while picks are due, else the end (a drawn round with Sudden Death rounds left
    has already become the next round)."""
    p, trade = self._p, self.game._trade
    if self._mask and (p == TERMINAL or self._taken):
        raise StateError("the board has empty cells: a seat is to move and nothing is taken yet")
    _check_hands(self)
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


def _round_start(self: TripleTriadState) -> tuple[list[list[int]], list[list[int]]]:
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


def _known_now(self: TripleTriadState, seat: int, start: list[list[int]], known: list[list[int]]) -> Counter[int]:
    return Counter(known[seat]) - (Counter(start[seat]) - Counter(self._hands[seat]))


def _check_hands(self: TripleTriadState) -> None:
    """The hands (in the order play leaves them), who moves and the ``known`` cards are what
    the rounds so far leave (:meth:`_round_start`); this round's first seat has placed as
    many cards as the other or one more; captured cards lie beside a card (:meth:`_check_owners`)."""
    start, known = _round_start(self)
    first = self._firsts[self._round - 1]
    for seat in range(2):
        if Counter(self._hands[seat]) - Counter(start[seat]):
            what = "did not bring" if self._round == 1 else f"did not hold when round {self._round} began"
            raise StateError(f"seat {seat}'s hand holds cards it {what}")
        order = _left_in_order(start[seat], self._hands[seat])
        if self._hands[seat] != order:
            names = ", ".join(_names(order))
            raise StateError(f"seat {seat}'s hand must keep the order it began the round in: {names}")
    _check_owners(self, start)
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
            if Counter(self._known[seat]) != _known_now(self, seat, start, known):
                raise StateError(
                    f"seat {seat}'s known cards must be the ones seen on a final board that it still holds"
                )


def _check_owners(self: TripleTriadState, start: list[list[int]]) -> None:
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


def _set_board(self: TripleTriadState, cards: Sequence[int], owner: Sequence[int]) -> None:
    self._cards = list(cards)
    self._owner = list(owner)
    self._mask = sum(1 << k for k in range(9) if cards[k] < 0)
    self._eff = [NO_RATINGS if b < 0 else TABLES[self._elems[k]][b] for k, b in enumerate(cards)]


def read_state(game: TripleTriad, data: Mapping[str, Any]) -> TripleTriadState:
    """The state a state JSON describes, checked (:class:`StateError` if it is not one the rules
    reach)."""
    game._refuse_other_game(data)  # said as every game says it (a State or no JSON object too)
    if data.get("game") != game.id:
        raise StateError(f"not a {game.id} state: {data.get('game')!r}")
    setup = data.get("setup")
    if not isinstance(setup, Mapping):
        raise StateError("the state lacks its 'setup'")
    try:
        state = game.state_from_setup(setup)
    except SetupError as exc:
        raise StateError(f"bad setup in the state: {exc}") from None
    state._read_header(data)
    try:
        _load(state, data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        if isinstance(exc, StateError):
            raise
        raise StateError.malformed("Triple Triad state", exc) from None
    state._check_turn()
    state._refuse_unknown_fields(data)
    return state
