"""An independent referee for Triple Triad, for the differential test ``test_triple_triad_referee.py``.

What it is: a second implementation of the Triple Triad rules, written from the rule text
(``001_7d17c72d17bb0d9e.txt``, Final Kingdom MUSH), ``docs/RULINGS.md`` and the decisions written in
the module docstring of ``tritable.games.triple_triad.game`` -- *not* from the engine's code, which
it never imports or reads. It is deliberately simple and slow: names instead of ids, a board of
``(card, owner)`` pairs, every rating looked up afresh, every rule a separate loop. The engine is
optimized for speed (ints, bit sets, precomputed tables) and will be again; a rules regression in
one of those rewrites shows up here as a disagreement, even where the engine's own tests (written
beside the engine, from the same understanding) would share the mistake.

It works on plain data: the card table (the list of dicts of ``cards.json``, passed in), the game
options (the engine's option names) and a setup (the engine's JSON setup format). It speaks the
engine's documented action encoding (placing card ``id`` on cell ``c`` in 1..9 is ``id * 9 + c - 1``;
a trade pick is ``TAKE + id``) so that both can be driven by the same actions.

What it covers: legal actions (placements, and the winner's trade picks), whose turn it is, the
board's cards and owners, the hands, the scores, the Standard, Same, Same Wall, Plus and Combo rules,
Elemental ratings, Sudden Death rounds (their hands, first player and elements), the end of the
match, its result (winner, reason, every round's scores) and the cards each trade rule moves
(None, One, Diff, All, Direct), and which hands each seat may see (Open).

What it does NOT cover: the card table itself (it is data shared with the engine: a wrong rating
would agree in both; ``test_triple_triad_cards.py`` checks the table), drawing setups (who starts, where
elements fall and their odds, the level pool, drawing a hand from a collection under Random: the
referee takes the setup the engine drew), setup validation and error cases (illegal actions,
malformed setups, refused options), notation, rendering, JSON round trips, the finer parts of
views (``known``, ``brought``, earlier rounds) and sampling hidden states.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

TAKE = 1000  # a trade pick of card ``id`` is the action TAKE + id (the module docstring's encoding)
A = 10  # the rating "A" (rule text: "A = 10 for the purpose of certain rules calculations")
MAX_ROUNDS = 5  # RULINGS, Sudden Death: "at most 5 rounds, then the match is a draw"
TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3  # a card's ratings are (top, right, bottom, left)


@dataclass(frozen=True)
class Card:
    """One card of the table: its id (FF8 number - 1), name, printed ratings and element."""

    id: int
    name: str
    level: int
    ratings: tuple[int, int, int, int]  # top, right, bottom, left
    element: str | None


class CardTable:
    """The cards by id and by name (names are matched case-insensitively, as in setups)."""

    def __init__(self, rows: Sequence[Mapping[str, Any]]) -> None:
        self.cards = [
            Card(r["id"], r["name"], r["level"], (r["top"], r["right"], r["bottom"], r["left"]), r["element"])
            for r in rows
        ]
        self.by_id = {c.id: c for c in self.cards}
        self.by_name = {c.name.lower(): c for c in self.cards}

    def named(self, name: str) -> Card:
        return self.by_name[name.lower()]


@dataclass(frozen=True)
class Rules:
    """The options in play. Defaults are RULINGS': every rule off but Open, trade One."""

    same: bool = False
    same_wall: bool = False
    plus: bool = False
    combo: bool = False
    elemental: bool = False
    open: bool = True
    sudden_death: bool = False
    random: bool = False  # only changes how hands are drawn, which the referee does not do
    trade: str = "one"

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Rules:
        names = ("same", "same_wall", "plus", "combo", "elemental", "open", "sudden_death", "random", "trade")
        return cls(**{k: options[k] for k in names if k in options})


def neighbours(cell: int) -> list[tuple[int, int | None]]:
    """For a cell 0..8 (row-major from the top left), each side and the cell it faces, or None for
    the board's edge. Rule text: a card in position 1 attacks position 2 with its Right rating and
    position 4 with its Down rating."""
    row, col = divmod(cell, 3)
    return [
        (TOP, cell - 3 if row > 0 else None),
        (RIGHT, cell + 1 if col < 2 else None),
        (BOTTOM, cell + 3 if row < 2 else None),
        (LEFT, cell - 1 if col > 0 else None),
    ]


def opposite(side: int) -> int:
    """The side facing ``side``: Down defends against Up, Left against Right (rule text)."""
    return (side + 2) % 4


# A cell of the board: the card and its owner's seat (0 is the text's Blue, 1 its Red).
Placed = tuple[Card, int]


class Referee:
    """One match of Triple Triad, played by actions (see the module docstring)."""

    def __init__(self, table: CardTable, options: Mapping[str, Any], setup: Mapping[str, Any]) -> None:
        self.table = table
        self.rules = Rules.from_options(options)
        self.brought = [[table.named(n) for n in hand] for hand in setup["hands"]]
        first = setup["first"]
        self.firsts: list[int] = [first] if isinstance(first, int) else list(first)
        self.elements_by_round: list[list[str | None]] = []
        if self.rules.elemental:
            elements = setup["elements"]
            # The setup may give a single round's nine cells instead of a list of rounds.
            if len(elements) == 9 and not any(isinstance(e, list) for e in elements):
                elements = [elements]
            self.elements_by_round = [list(e) for e in elements]
        # Counts of the rare cases met (for the test to check they are reached).
        self.events: Counter[str] = Counter()
        self.round_scores: list[list[int]] = []
        self.round = 0  # 0-based here; the engine's views count from 1
        self.winner: int | None = None
        self.reason: str | None = None
        self.picks_left = 0
        self.taken: list[Card] = []
        self.over = False
        self._start_round([list(h) for h in self.brought])

    # -- state ------------------------------------------------------------------------------------

    def _start_round(self, hands: list[list[Card]]) -> None:
        self.hands = hands
        self.board: list[Placed | None] = [None] * 9
        # Elemental: each round has its own elements (docstring: a new sudden-death round sets the
        # board up afresh, elements included); without the rule no cell has one.
        self.elements = self.elements_by_round[self.round] if self.rules.elemental else [None] * 9
        self.player = self.firsts[self.round]  # who starts each round: drawn in the setup

    def scores(self) -> list[int]:
        """Cards of one's colour on the board plus cards left in one's hand (rule text: "including
        cards left unplayed")."""
        result = [len(self.hands[0]), len(self.hands[1])]
        for placed in self.board:
            if placed is not None:
                result[placed[1]] += 1
        return result

    def current_player(self) -> int | None:
        if self.over:
            return None
        return self.winner if self.picks_left else self.player

    def is_decided(self) -> bool:
        """True in the trade phase and at the end: the result no longer changes."""
        return self.over or self.picks_left > 0

    def board_names(self) -> list[tuple[str, int] | None]:
        return [None if p is None else (p[0].name, p[1]) for p in self.board]

    def hand_names(self) -> list[list[str]]:
        return [[c.name for c in hand] for hand in self.hands]

    def visible_hands(self, seat: int) -> list[list[str] | None]:
        """The hands ``seat`` may see. Open: both. Otherwise only its own (rule text, Open: "it lets
        you see what hand your opponent have"), until the match is decided, when every hand is shown
        (docstring, Open)."""
        names = self.hand_names()
        if self.rules.open or self.is_decided():
            return list(names)
        return [names[p] if p == seat else None for p in range(2)]

    def copy(self) -> Referee:
        """An independent copy (its rare-case counts start afresh), for a policy's look-ahead."""
        twin = Referee.__new__(Referee)
        twin.__dict__.update(self.__dict__)
        twin.board = list(self.board)
        twin.hands = [list(h) for h in self.hands]
        twin.taken = list(self.taken)
        twin.round_scores = [list(s) for s in self.round_scores]
        twin.events = Counter()
        return twin

    # -- actions ----------------------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """Sorted. Identical cards in a hand are one action (docstring, Actions)."""
        if self.over:
            return []
        if self.picks_left:
            # Docstring, Trade: the winner picks among the five cards the loser *brought*, whoever
            # owns them at the end; each copy can be taken once.
            left = Counter(c.id for c in self.brought[1 - self.winner_seat()]) - Counter(c.id for c in self.taken)
            return sorted(TAKE + i for i in left)
        empty = [cell for cell in range(9) if self.board[cell] is None]
        ids = {c.id for c in self.hands[self.player]}
        return sorted(i * 9 + cell for i in ids for cell in empty)

    def winner_seat(self) -> int:
        assert self.winner is not None
        return self.winner

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}")
        if self.picks_left:
            self.taken.append(self.table.by_id[action - TAKE])
            self.picks_left -= 1
            self.over = self.picks_left == 0  # docstring: terminal after the last pick
            return
        card_id, cell = divmod(action, 9)
        me = self.player
        hand = self.hands[me]
        card = next(c for c in hand if c.id == card_id)
        hand.remove(card)
        self.place(card, cell, me)
        self.player = 1 - me
        if all(p is not None for p in self.board):
            self._end_round()

    # -- rules of a placement ---------------------------------------------------------------------

    def rating(self, cell: int, side: int) -> int:
        """The rating used by Standard and Combo: printed, modified by the cell's element (Elemental:
        +1 if the card's element matches, else -1, also for a card with no element; clamped 1..A)."""
        placed = self.board[cell]
        assert placed is not None
        printed = placed[0].ratings[side]
        element = self.elements[cell]
        if element is None:
            return printed
        delta = 1 if placed[0].element == element else -1
        return min(A, max(1, printed + delta))

    def printed(self, cell: int, side: int) -> int:
        """The printed rating: Same, Same Wall and Plus use it, never the elemental one."""
        placed = self.board[cell]
        assert placed is not None
        return placed[0].ratings[side]

    def place(self, card: Card, cell: int, me: int) -> None:
        """Put ``card`` of seat ``me`` on the empty ``cell`` and make its captures (only: the card
        is not taken from a hand, the turn does not pass, the round does not end)."""
        board = self.board
        # Docstring, Order within a placement: Same, Same Wall and Plus are judged on the board as
        # it was before the placement, and their flips made; then the placed card's Standard
        # comparison; then Combo.
        neighbours_here = [(side, n) for side, n in neighbours(cell) if n is None or board[n] is not None]
        special: set[int] = set()  # cells flipped by Same, Same Wall or Plus

        if self.rules.same:
            matches: list[int] = []
            walls = 0
            for side, n in neighbours_here:
                if n is None:
                    # Same Wall: the edge is a wall of A's, for Same only (RULINGS).
                    if self.rules.same_wall and card.ratings[side] == A:
                        walls += 1
                elif card.ratings[side] == self.printed(n, opposite(side)):
                    matches.append(n)
            # RULINGS, Same: two or more matches, cards of both owners count, at least one an
            # opponent card; every matched opponent card flips. A wall is never an opponent card.
            theirs = [n for n in matches if self._owner(n) != me]
            if len(matches) + walls >= 2 and theirs:
                special.update(theirs)
                if len(matches) < 2:
                    self.events["same_wall"] += 1  # the wall made the Same
                else:
                    self.events["same"] += 1
                if len(theirs) < len(matches):
                    self.events["same_with_own_card"] += 1  # the rule text's "only one Red card"

        if self.rules.plus:
            by_sum: dict[int, list[int]] = {}
            for side, n in neighbours_here:
                if n is not None:  # walls never count for Plus (rule text, RULINGS)
                    by_sum.setdefault(card.ratings[side] + self.printed(n, opposite(side)), []).append(n)
            for group in by_sum.values():
                theirs = [n for n in group if self._owner(n) != me]
                if len(group) >= 2 and theirs:
                    special.update(theirs)
                    self.events["plus"] += 1

        board[cell] = (card, me)
        for n in special:
            board[n] = (self._card(n), me)

        # Standard: capture an adjacent opponent card whose facing rating is strictly lower.
        for side, n in neighbours(cell):
            if n is not None and board[n] is not None and self._owner(n) != me and self._beats(cell, n, side):
                board[n] = (self._card(n), me)

        # Combo (RULINGS): each card flipped by Same/Wall/Plus captures by Standard only, and each card
        # so captured does the same in turn. The cards the placed card captured by Standard do not
        # cascade. The final colours do not depend on the order: a captured card stays captured.
        if self.rules.combo:
            queue = sorted(special)
            depth = dict.fromkeys(queue, 0)
            while queue:
                source = queue.pop(0)
                for side, n in neighbours(source):
                    if n is None or board[n] is None or self._owner(n) == me:
                        continue
                    if self._beats(source, n, side):
                        board[n] = (self._card(n), me)
                        queue.append(n)
                        depth[n] = depth[source] + 1
                        self.events["combo"] += 1
                        if depth[n] >= 2:
                            self.events["combo_chain"] += 1  # captured by a Combo capture

    def _beats(self, attacker: int, defender: int, side: int) -> bool:
        """Standard: the attacker's facing rating strictly greater than the defender's opposing one."""
        wins = self.rating(attacker, side) > self.rating(defender, opposite(side))
        if wins != (self.printed(attacker, side) > self.printed(defender, opposite(side))):
            self.events["elemental_decides"] += 1  # the elements changed this comparison's result
        return wins

    def _owner(self, cell: int) -> int:
        placed = self.board[cell]
        assert placed is not None
        return placed[1]

    def _card(self, cell: int) -> Card:
        placed = self.board[cell]
        assert placed is not None
        return placed[0]

    # -- the end ----------------------------------------------------------------------------------

    def _end_round(self) -> None:
        score = self.scores()
        self.round_scores.append(score)
        if score[0] != score[1]:
            self.winner = 0 if score[0] > score[1] else 1
            self.reason = "won"
            # RULINGS, Trade: One is one pick; Diff is winner_score - 5 picks (the text's
            # "(Win - Loser) / 2", as the scores sum to 10); All, None and Direct have no choice.
            if self.rules.trade == "one":
                self.picks_left = 1
            elif self.rules.trade == "diff":
                self.picks_left = max(score) - 5
            self.over = self.picks_left == 0
            if self.picks_left:
                self.events["trade_picks"] += 1
            return
        self.events["drawn_round"] += 1
        if self.rules.sudden_death and self.round + 1 < MAX_ROUNDS:
            # Sudden Death: each hand is the cards that player owned at the end, the card left in
            # hand first, then their cards on the board in cell order (docstring).
            hands = [self.hands[p] + [pl[0] for pl in self.board if pl is not None and pl[1] == p] for p in (0, 1)]
            self.round += 1
            self.events["sudden_death_replay"] += 1
            self._start_round(hands)
            return
        # Without Sudden Death a drawn round ends the match as a draw (RULINGS / docstring); with
        # it, so does the fifth drawn round.
        self.reason = "draw"
        self.over = True
        self.events["drawn_match"] += 1
        if self.rules.sudden_death:
            self.events["sudden_death_exhausted"] += 1

    def transfers(self) -> Counter[tuple[str, int, int]]:
        """The cards that change hands at the end, as (card, from seat, to seat), counted."""
        trade = self.rules.trade
        moved: Counter[tuple[str, int, int]] = Counter()
        if trade == "direct":
            # Each keeps the cards they own at the end (hand + board colour), won or drawn;
            # identical cards are interchangeable, so count by name what each gained.
            for p in (0, 1):
                owns = Counter(c.name for c in self.hands[p])
                owns.update(pl[0].name for pl in self.board if pl is not None and pl[1] == p)
                for name, k in (owns - Counter(c.name for c in self.brought[p])).items():
                    moved[(name, 1 - p, p)] += k
            return moved
        if trade == "none" or self.winner is None:
            return moved  # a drawn match trades nothing except under Direct
        loser = 1 - self.winner
        # All: the five cards the loser brought; One and Diff: the winner's picks.
        cards = self.brought[loser] if trade == "all" else self.taken
        moved.update((c.name, loser, self.winner) for c in cards)
        return moved
