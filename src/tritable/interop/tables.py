"""Integer action ids and the deal as a sequence of chance outcomes, per game and options.

OpenSpiel and PettingZoo speak integer actions in ``[0, num_actions)`` and explicit chance
outcomes; tritable's games speak hashable actions (ints, text-free tuples) and fix all their chance
in one setup drawn at the start. This module bridges the two for every built-in game, through the
public protocol only (notation, ``random_setup``, ``new_state(setup=...)``):

* :class:`ActionTable`: a fixed, complete enumeration of every action a game can ever take. For
  the int-action games the id is the action itself: every int below the game's documented bound
  (the ints there that are no action are ids that are never legal). For Triominos (tuple actions
  ``(tile, x, y, r)``) it is arithmetic over every triangle the layout can reach (a tile is laid
  next to the layout, so the ``k``-th tile lies at most ``k`` edges from the start triangle: at
  most 55 edges), every tile and every turn, after ``draw`` and ``pass``.

* :class:`Dealer`: the setup as a fixed-length sequence of chance outcomes with their exact
  probabilities, ending in the setup JSON the game is started from:

  - Triple Triad: the ten cards of the hands, one by one, each uniform over the level pool (as the
    game draws them: independently, so a hand may repeat a card); then who starts each possible
    round (1 or, with Sudden Death, 5), 1/2 each; then with Elemental each cell of each possible
    round: no element 7/8, each of the eight elements 1/64.
  - Triad: the twelve dice, one by one, 1/3 each (Black's six, then Orange's; each colour's stand
    in ascending order, as the rules set them up); with ``first_player=random`` who starts, 1/2.
  - TriATri and Tri*T*Area: each round's deck shuffled card by card (the next card uniform over
    the cards left, as many outcomes as kinds left, weighted by their count: TriATri's fakes are
    three alike); the last card of a deck is forced and not a chance step. Tri*T*Area first
    draws the round-1 lead seat, 1/4 each.
  - Triominos: a setup fixes the order of all 56 tiles for each of up to ``max_rounds`` (20)
    rounds, some 1,100 steps in the game's own terms, which would make every game begin with more
    chance steps than moves. It is instead one *seed*, drawn as eight chance steps of 256 equally
    likely bytes (a 64-bit number), from which the game deals exactly as
    ``new_state(seed=...)`` does (``random_setup``: each round's 56 tiles uniformly shuffled).
    The deal is then uniform over what a 64-bit seed of Python's ``random`` reaches, not over
    every order of the tiles; that is the library's own deal, and no player learns anything
    from the seed steps (everything dealt shows only through the views that follow).

Nobody observes the chance steps as they happen: the hands are dealt face down and picked up
when the deal is complete, so every view starts after the deal (see ``tritable.interop.openspiel``).
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from tritable.engine.errors import IllegalActionError
from tritable.engine.protocol import JSON, Action, Game

# The documented bound of each int-action game's actions (its module docstring's "Actions and
# notation"): every action is a whole number below it.
_INT_ACTION_BOUND: dict[str, int] = {
    "triple-triad": 1110,  # placements card * 9 + cell - 1 (< 990), trade picks 1000 + card
    "triad": 2736,  # moves, stalemate turns and moves, removals 2700 + square
    "triatri": 36,  # cards (< 30), gem choices 30..35
    "tri-t-area": 600,  # plays, blocks, extras, declarations 400 + card, sales 500 + blocks
}

TRIOMINOS_TILES = 56
TRIOMINOS_REACH = TRIOMINOS_TILES - 1
"""How many edges from the start triangle a tile can lie: each lay touches the layout."""
_TRIOMINOS_SPECIAL: tuple[tuple[int], ...] = ((-1,), (-2,))  # draw, pass


class ActionTable:
    """A game's actions numbered ``0 .. size - 1``, the same for every position.

    >>> import tritable
    >>> table = action_table(tritable.new_game("triad"))
    >>> table.size, table.from_id(40), action_table(tritable.new_game("triominos")).from_id(40)
    (2736, 40, (12, 0, 0, 2))
    """

    def __init__(
        self,
        size: int,
        to_id: Callable[[Action], int],
        from_id: Callable[[int], Action],
        identity: bool = False,
    ) -> None:
        self.size = size
        self._to_id = to_id
        self._from_id = from_id
        self.identity = identity
        """True when every id is the action itself (the int-action games)."""

    def ids(self, actions: list[Action]) -> list[int]:
        """The ids of legal ``actions``, ascending (OpenSpiel's order of legal actions)."""
        if self.identity:
            return sorted(actions)  # type: ignore[arg-type]
        return sorted(map(self._to_id, actions))

    def to_id(self, action: Action) -> int:
        """The id of ``action``; :class:`IllegalActionError` for a value that is no action."""
        try:
            return self._to_id(action)
        except (KeyError, TypeError, ValueError, IndexError):
            raise IllegalActionError(f"{action!r} is no action of this game") from None

    def from_id(self, action_id: int) -> Action:
        """The action numbered ``action_id``; :class:`IllegalActionError` outside ``0 .. size - 1``."""
        if type(action_id) is not int:
            try:
                if isinstance(action_id, bool):
                    raise TypeError(action_id)
                action_id = operator.index(action_id)  # numpy integers
            except TypeError:
                raise IllegalActionError(f"an action id is a whole number, not {action_id!r}") from None
        if not 0 <= action_id < self.size:
            raise IllegalActionError(f"no action {action_id}: ids are 0 to {self.size - 1}")
        return self._from_id(action_id)


@cache
def _int_table(game_id: str) -> ActionTable:
    return ActionTable(_INT_ACTION_BOUND[game_id], _same_int, _same_int, identity=True)


def _same_int(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(value)
    return value


@cache
def triominos_cells() -> tuple[tuple[int, int], ...]:
    """Every triangle within :data:`TRIOMINOS_REACH` edges of the start triangle ``0,0``, nearest
    first (the grid of the Triominos docstring: up ``x,y`` (``x + y`` even) borders ``x-1,y``,
    ``x+1,y``, ``x,y+1``; down borders ``x-1,y``, ``x+1,y``, ``x,y-1``)."""
    cells = [(0, 0)]
    seen = {(0, 0)}
    frontier = [(0, 0)]
    for _ in range(TRIOMINOS_REACH):
        nxt = []
        for x, y in frontier:
            for cell in ((x - 1, y), (x + 1, y), (x, y + 1) if (x + y) % 2 == 0 else (x, y - 1)):
                if cell not in seen:
                    seen.add(cell)
                    nxt.append(cell)
        nxt.sort()
        cells.extend(nxt)
        frontier = nxt
    return tuple(cells)


@cache
def _triominos_table() -> ActionTable:
    cells = triominos_cells()
    index = {c: i for i, c in enumerate(cells)}
    per_cell = TRIOMINOS_TILES * 3
    special = len(_TRIOMINOS_SPECIAL)

    def to_id(action: Action) -> int:
        if not isinstance(action, tuple):
            raise TypeError(action)
        if len(action) == 1:
            return _TRIOMINOS_SPECIAL.index(action)
        tile, x, y, r = action
        if not (0 <= tile < TRIOMINOS_TILES and 0 <= r < 3):
            raise ValueError(action)
        return special + index[(x, y)] * per_cell + tile * 3 + r

    def from_id(action_id: int) -> Action:
        if action_id < special:
            return _TRIOMINOS_SPECIAL[action_id]
        cell, rest = divmod(action_id - special, per_cell)
        x, y = cells[cell]
        return (rest // 3, x, y, rest % 3)

    return ActionTable(special + len(cells) * per_cell, to_id, from_id)


def action_table(game: Game) -> ActionTable:
    """The :class:`ActionTable` of ``game`` (the same for every option set of a game)."""
    if game.id == "triominos":
        return _triominos_table()
    if game.id not in _INT_ACTION_BOUND:
        raise ValueError(f"no action table for {game.id!r}: the interfaces know the five built-in games")
    return _int_table(game.id)


# -- the deal ------------------------------------------------------------------------------------


class Dealer(ABC):
    """A game's setup as ``steps`` chance outcomes; see the module docstring for each game."""

    steps: int
    max_outcomes: int

    @abstractmethod
    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        """The next step's outcomes with their probabilities, after the outcomes ``drawn``."""

    @abstractmethod
    def setup(self, drawn: Sequence[int]) -> JSON:
        """The setup JSON the ``steps`` outcomes ``drawn`` deal."""

    def possible(self, drawn: Sequence[int], outcome: int) -> bool:
        """Whether ``outcome`` is one of the next step's outcomes."""
        return any(o == outcome for o, _ in self.outcomes(drawn))

    @abstractmethod
    def describe(self, step: int, outcome: int) -> str:
        """Text for ``outcome`` at chance step ``step``."""


TT_ELEMENTS = ("earth", "fire", "holy", "ice", "poison", "thunder", "water", "wind")
"""Triple Triad's eight elements as its setups name them."""
TT_CARDS_PER_LEVEL = 11  # FF8's 110 cards are numbered level by level, eleven a level


class TripleTriadDealer(Dealer):
    def __init__(self, game: Game) -> None:
        o = game.options
        self.names = tuple(game.action_to_string(9 * c).partition("@")[0] for c in range(110))
        lo, hi = o["min_level"], o["max_level"]
        self.pool = [c for c in range(110) if lo <= c // TT_CARDS_PER_LEVEL + 1 <= hi]
        self.rounds = 5 if o["sudden_death"] else 1
        self.elemental = bool(o["elemental"])
        self.steps = 10 + self.rounds + (9 * self.rounds if self.elemental else 0)
        self.max_outcomes = 110
        p = 1.0 / len(self.pool)
        self._cards = [(c, p) for c in self.pool]
        self._in_pool = frozenset(self.pool)

    def possible(self, drawn: Sequence[int], outcome: int) -> bool:
        k = len(drawn)
        if k < 10:
            return outcome in self._in_pool
        return 0 <= outcome < (2 if k < 10 + self.rounds else 9)

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        k = len(drawn)
        if k < 10:
            return self._cards
        if k < 10 + self.rounds:
            return [(0, 0.5), (1, 0.5)]
        return [(0, 7 / 8)] + [(e, 1 / 64) for e in range(1, 9)]

    def setup(self, drawn: Sequence[int]) -> JSON:
        names = [self.names[c] for c in drawn[:10]]
        setup: JSON = {"hands": [names[:5], names[5:]], "first": list(drawn[10 : 10 + self.rounds])}
        if self.elemental:
            cells = [None if e == 0 else TT_ELEMENTS[e - 1] for e in drawn[10 + self.rounds :]]
            setup["elements"] = [cells[9 * r : 9 * r + 9] for r in range(self.rounds)]
        return setup

    def describe(self, step: int, outcome: int) -> str:
        if step < 10:
            return f"deal {self.names[outcome]} to P{step // 5 + 1}"
        if step < 10 + self.rounds:
            return f"round {step - 9}: P{outcome + 1} starts"
        cell = step - 10 - self.rounds
        element = "no element" if outcome == 0 else TT_ELEMENTS[outcome - 1]
        return f"round {cell // 9 + 1} cell {cell % 9 + 1}: {element}"


class TriadDealer(Dealer):
    def __init__(self, game: Game) -> None:
        self.random_first = game.options["first_player"] == "random"
        self.steps = 12 + self.random_first
        self.max_outcomes = 3

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        if len(drawn) < 12:
            return [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
        return [(0, 0.5), (1, 0.5)]

    def possible(self, drawn: Sequence[int], outcome: int) -> bool:
        return 0 <= outcome < (3 if len(drawn) < 12 else 2)

    def setup(self, drawn: Sequence[int]) -> JSON:
        return {
            "black": sorted(d + 1 for d in drawn[:6]),
            "orange": sorted(d + 1 for d in drawn[6:12]),
            "first": drawn[12] if self.random_first else 0,
        }

    def describe(self, step: int, outcome: int) -> str:
        if step < 12:
            return f"{'black' if step < 6 else 'orange'} die {step % 6 + 1}: {outcome + 1}"
        return f"{'black' if outcome == 0 else 'orange'} moves first"


class DeckDealer(Dealer):
    """Decks shuffled card by card (TriATri, Tri*T*Area), after ``lead_seats`` outcomes for a
    first seat if the game draws one. Outcome ids are card kinds, numbered by ``kinds``."""

    def __init__(self, game: Game, setup: JSON, lead_seats: int) -> None:
        self.decks: list[Counter[str]] = [Counter(deck) for deck in setup["decks"]]
        self.kinds = sorted({card for deck in self.decks for card in deck})
        self.lead_seats = lead_seats
        self.sizes = [sum(d.values()) for d in self.decks]
        self.steps = (1 if lead_seats else 0) + sum(n - 1 for n in self.sizes)
        self.max_outcomes = max(len(self.kinds), lead_seats)
        self._counts = [[deck[kind] for kind in self.kinds] for deck in self.decks]
        # (deck, its first step) of every step, the lead's step excepted
        self._step_deck: list[tuple[int, int]] = []
        start = 1 if lead_seats else 0
        for d, n in enumerate(self.sizes):
            self._step_deck.extend([(d, start)] * (n - 1))
            start += n - 1

    def _where(self, k: int) -> tuple[int, int]:
        """(deck, first step of that deck) for chance step ``k`` (after the lead)."""
        k -= 1 if self.lead_seats else 0
        start = 0
        for d, n in enumerate(self.sizes):
            if k < start + n - 1:
                return d, start
            start += n - 1
        raise IndexError(k)

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        k = len(drawn)
        if self.lead_seats and k == 0:
            return [(s, 1 / self.lead_seats) for s in range(self.lead_seats)]
        d, start = self._step_deck[k - (1 if self.lead_seats else 0)]
        left = self._counts[d].copy()
        for i in drawn[start:k]:
            left[i] -= 1
        total = self.sizes[d] - (k - start)
        return [(i, c / total) for i, c in enumerate(left) if c]

    # A dealing state keeps the counts left in the deck being dealt (``left``, ``after``): with
    # them a step costs the same at the deck's end as at its start, instead of recounting the
    # cards drawn so far (up to 23 of them) for its outcomes and again for the outcome drawn.

    def left(self, drawn: Sequence[int]) -> list[int] | None:
        """How many cards of each kind are left in the deck the next step deals from (``None``
        at the lead's step)."""
        k = len(drawn)
        if self.lead_seats and k == 0:
            return None
        d, start = self._step_deck[k - (1 if self.lead_seats else 0)]
        left = self._counts[d].copy()
        for i in drawn[start:k]:
            left[i] -= 1
        return left

    def outcomes_left(self, left: list[int]) -> list[tuple[int, float]]:
        """:meth:`outcomes` from the counts :meth:`left` gives."""
        total = sum(left)
        return [(i, c / total) for i, c in enumerate(left) if c]

    def after(self, left: list[int], step: int, outcome: int) -> list[int] | None:
        """``left`` (changed in place) once chance step ``step`` has dealt ``outcome``, if the next
        step deals from the same deck; else ``None``."""
        k = step - (1 if self.lead_seats else 0)
        if k < 0 or k + 1 >= len(self._step_deck) or self._step_deck[k + 1][0] != self._step_deck[k][0]:
            return None
        left[outcome] -= 1
        return left

    def possible(self, drawn: Sequence[int], outcome: int) -> bool:
        k = len(drawn)
        if self.lead_seats and k == 0:
            return 0 <= outcome < self.lead_seats
        if not 0 <= outcome < len(self.kinds):
            return False
        d, start = self._step_deck[k - (1 if self.lead_seats else 0)]
        return self._counts[d][outcome] > drawn[start:k].count(outcome)

    def setup(self, drawn: Sequence[int]) -> JSON:
        offset = 1 if self.lead_seats else 0
        decks = []
        start = offset
        for deck, n in zip(self.decks, self.sizes, strict=True):
            cards = [self.kinds[i] for i in drawn[start : start + n - 1]]
            left = deck.copy()
            left.subtract(cards)
            cards.extend(left.elements())  # the one card left: forced
            decks.append(cards)
            start += n - 1
        setup: JSON = {"decks": decks}
        if self.lead_seats:
            setup["lead"] = drawn[0]
        return setup

    def describe(self, step: int, outcome: int) -> str:
        if self.lead_seats and step == 0:
            return f"P{outcome + 1} leads round 1"
        d, start = self._where(step)
        return f"round {d + 1} deck card {step - start - (1 if self.lead_seats else 0) + 1}: {self.kinds[outcome]}"


class SeedDealer(Dealer):
    """Eight bytes of a 64-bit seed; the game deals from it as ``new_state(seed=...)`` does."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.steps = 8
        self.max_outcomes = 256
        self._bytes = [(b, 1 / 256) for b in range(256)]

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        return self._bytes

    def possible(self, drawn: Sequence[int], outcome: int) -> bool:
        return 0 <= outcome < 256

    def seed(self, drawn: Sequence[int]) -> int:
        return sum(b << (8 * i) for i, b in enumerate(drawn))

    def setup(self, drawn: Sequence[int]) -> JSON:
        return self.game.random_setup(self.game.setup_rng(self.seed(drawn)))

    def describe(self, step: int, outcome: int) -> str:
        return f"seed byte {step + 1}: {outcome}"


def dealer(game: Game) -> Dealer:
    """The :class:`Dealer` of ``game``."""
    import random

    if game.id == "triple-triad":
        return TripleTriadDealer(game)
    if game.id == "triad":
        return TriadDealer(game)
    if game.id == "triatri":
        return DeckDealer(game, game.random_setup(random.Random(0)), 0)
    if game.id == "tri-t-area":
        return DeckDealer(game, game.random_setup(random.Random(0)), game.players)
    if game.id == "triominos":
        return SeedDealer(game)
    raise ValueError(f"no deal for {game.id!r}: the interfaces know the five built-in games")
