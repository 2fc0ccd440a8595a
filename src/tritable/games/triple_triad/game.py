"""The rules of Triple Triad: the game and its states (the rules docstring is the package's,
:mod:`tritable.games.triple_triad`, which lists the modules the rules lean on)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from tritable.engine.errors import IllegalActionError, OptionError, StateError, shown
from tritable.engine.protocol import (
    JSON,
    TERMINAL,
    Action,
    Game,
    Option,
    Outcome,
    State,
    copy_json,
    viewed_draws,
)
from tritable.games.triple_triad import deal, sampling, validation
from tritable.games.triple_triad.data import (
    ACTION_ROWS,
    BUILTIN,
    MAX_ROUNDS,
    NAME_BY_BASE,
    NEIGHBOURS,
    NO_RATINGS,
    OCCUPIED,
    RATINGS_BY_BASE,
    TAKE,
    WALL_MATCHES,
    CardTable,
    Ratings,
    action_rows,
)
from tritable.games.triple_triad.data import (
    PLACEMENTS as _PLACEMENTS,
)
from tritable.games.triple_triad.data import (
    TABLES as _TABLES,
)
from tritable.games.triple_triad.deal import ELEMENT_CHANCE, _pool_tables
from tritable.games.triple_triad.events import (
    COMBO,
    PLUS,
    SAME,
    WALL,
)
from tritable.games.triple_triad.notation import action_text, parse_action, read_code, take_code
from tritable.games.triple_triad.render import draw, rules_text
from tritable.games.triple_triad.validation import trade_picks
from tritable.games.triple_triad.views import _names, seat_view, state_json

TRADES = ("none", "one", "all", "diff", "direct")


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
        return rules_text(self.options)

    # -- setups -----------------------------------------------------------------------------------

    def new_state(self, seed: int | str | None = None, setup: Mapping[str, Any] | None = None) -> TripleTriadState:
        """As :meth:`Game.new_state`. A setup drawn here is built straight from the values drawn
        (``random_setup`` makes the same draw), so it is not parsed back from its names."""
        if setup is not None:
            state = super().new_state(seed, setup)
            assert isinstance(state, TripleTriadState)
            return state
        drawn, hands, firsts, elements = deal.draw(self, self.setup_rng(seed))
        return self._build(drawn, hands, firsts, elements)

    def random_setup(
        self,
        rng: random.Random,
        collections: Sequence[Sequence[str] | None] | None = None,
        hands: Sequence[Sequence[str] | None] | None = None,
        cards: Sequence[Mapping[str, Any]] | None = None,
    ) -> JSON:
        """Draw a setup: the hands not given, the first player and the elements of every round
        (:func:`~tritable.games.triple_triad.deal.random_setup` says how)."""
        return deal.random_setup(self, rng, collections, hands, cards)

    def state_from_setup(self, setup: Mapping[str, Any]) -> TripleTriadState:
        parsed = validation._parse_setup(self, setup)
        return self._build(copy_json(setup), *parsed)

    def _build(
        self,
        setup: Mapping[str, Any],
        hands: list[list[int]],
        firsts: tuple[int, ...],
        elements: tuple[tuple[int, ...], ...] | None,
        table: CardTable = BUILTIN,
    ) -> TripleTriadState:
        return deal.build(
            self, TripleTriadState if table is BUILTIN else _OwnTableState, setup, hands, firsts, elements, table
        )

    # -- notation ---------------------------------------------------------------------------------

    def action_to_string(self, action: Action) -> str:
        return action_text(action)

    def string_to_action(self, text: str) -> Action:
        return parse_action(text)

    # -- JSON and sampling --------------------------------------------------------------------------

    def state_from_json(self, data: Mapping[str, Any]) -> TripleTriadState:
        state: TripleTriadState = validation.read_state(self, data)
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> TripleTriadState:
        """A state that agrees with ``view``; each card the view does not name is drawn uniformly from
        the level pool, and the later rounds' first players and elements are drawn afresh."""
        return self.sampler(view)(rng)  # a first draw: the view checked in its types too

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], TripleTriadState]:
        """Draws as :meth:`sample_state` does; the view's types are checked at the first draw
        only (every draw still shows the seat the view's values)."""
        return viewed_draws(view, lambda rng: sampling._sample(self, view, rng), "Triple Triad view")


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
    """With hidden hands: per seat the cards of its hand that are public (None when open)."""
    _last: tuple[int, Action] | None
    """The last action as ``(seat, action)`` for a state whose history does not hold it (one drawn
    from a view: its view shows the last action); None otherwise."""
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
        return state_json(self)

    def view(self, seat: int | None = None) -> JSON:
        return seat_view(self, seat)

    def _decode(self, action: int) -> tuple[bool, int, int]:
        """An action applied as (a trade pick?, the card's base, the cell 0-8)."""
        if action >= TAKE:
            return True, 9 * (action - TAKE), 0
        return False, action - action % 9, action % 9

    def last_action(self) -> tuple[int, Action] | None:
        """The last action applied, as ``(seat, action)``, or None before the first."""
        return self.history[-1] if self.history else self._last

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
        return [take_code(codes[9 * (a - TAKE)]) for a in inner]  # type: ignore[operator]

    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is not int:
            TripleTriadState._apply(self, seat, action)  # refused there, with the reason
            return
        take, code, cell = read_code(action)
        b = self._table.base_of_code.get(code, -1) if code >= 0 else -1
        if b < 0:
            raise IllegalActionError(f"{shown(action)} names no card of this game's table")
        if take != (not self._mask):
            if take:
                raise IllegalActionError(f"take {NAME_BY_BASE[b]}: cards are taken once a round is won")
            raise IllegalActionError(f"seat {seat} won: it now picks a card of seat {1 - seat} ('take <card>')")
        TripleTriadState._apply(self, seat, TAKE + b // 9 if take else b + cell)

    def _decode(self, action: int) -> tuple[bool, int, int]:
        take, code, cell = read_code(action)
        return take, self._table.base_of_code[code], cell


__all__ = ["ELEMENT_CHANCE", "TAKE", "TripleTriad", "TripleTriadState"]
