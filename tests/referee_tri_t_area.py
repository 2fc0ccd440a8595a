"""An independent referee for Tri*T*Area, to test the engine against (``test_tri_t_area_referee.py``).

What it is
----------
A second implementation of the rules, written from the rule text (the one-page player aid the
game module's docstring calls "the rules"; quotes from it below are marked "the aid"), the
Tri*T*Area section of ``docs/RULINGS.md`` (a reconstruction: the published board was not found)
and the "Rules decisions" of the game module's docstring, *not* from the engine's code. It is
deliberately simple and slow: plain lists and sets, every rule spelled out once, nothing cached,
nothing packed into bits. When an optimization of the engine changes what the game does, the
engine and this referee disagree, and the differential test names the game, the step and the
difference.

It does not import ``tritable``: it works on plain data, the setup JSON (``{"lead": seat,
"decks": [[card names] per round]}``) and the action ints of the game's documented notation. The
numbers of the reconstruction come in a :class:`Table`: :data:`RULINGS` is transcribed from
``docs/RULINGS.md`` by hand, and :meth:`Table.from_json` reads the game's ``data.json`` (the test
checks that the two agree, then plays with the file's numbers: a deliberate correction of a number
in ``data.json`` and ``RULINGS.md`` needs only :data:`RULINGS` updated here).

What it covers
--------------
Dealing (it checks a setup's decks: round 1 without the 5s), whose turn it is (round 3's
simultaneous Declaration included), the exact legal actions of every seat in every phase, the
5s played as 0 or 10, the rightholders of every trick shape, placing, defaulting, Additional
Construction, immediate scores, the Advance Block Sale, the round scoring (area majorities with
their ties, the tallest buildings, both Declarations of Intent), the end penalty, the next round's
lead, and the final scores, ranks and winners. It also counts, in :attr:`Referee.notes`, the rare
branches of the rules it went through, so a test can check that its games still reach them.

What it does not cover
----------------------
Anything outside the rules: notation parsing and printing (beyond the names of cards and squares
that the views show), views and hidden information, JSON round trips, records and replays, errors'
wording, clones, AI. It assumes the table's shape (four seats, four areas, the action layout of the
docstring); a ``data.json`` of another shape would need the referee to change too. And where the
rule text and the reconstruction were ambiguous it follows the same docstring decisions as the
engine, so it cannot tell whether those decisions are the right reading of the rules, only that
the engine implements them.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

SEATS = 4

# The actions, as the game module's docstring ("Actions and notation") lays them out.
PLAY = 0  # card * 3 (+1: a 5 played as its low value, +2: as its high value)
PLACE = 200  # + 20 * (blocks - 1) + square
DEFAULT = 290
EXTRA = 300  # + square
NO_EXTRA = 390
DECLARE = 400  # + card
SELL = 500  # + blocks sold


@dataclass(frozen=True)
class RoundRules:
    """One row of the aid's "Round Preparations" table."""

    hand: int
    blocks: int
    tricks: int
    without_ranks: tuple[int, ...]  # ranks taken out of the deck (round 1: the 5s)
    declaration: str | None  # None, "leftover" (round 2: the card left in hand), "reveal" (round 3)
    sale: bool  # the Advance Block Sale before play (round 3)
    declaration_penalty_from: int | None  # a Declaration ranked this place or lower costs its rank


@dataclass(frozen=True)
class Table:
    """Every number of the reconstruction, in the shape of the game's ``data.json``."""

    suits: str  # suit letters; suit i is area i
    majority: tuple[tuple[int, int], ...]  # per area: points for 1st and 2nd
    ranks: tuple[int, ...]
    board: tuple[str, ...]  # rows top to bottom, one area letter per square
    printed: tuple[tuple[int, ...], ...]  # immediate points printed on each square
    rounds: tuple[RoundRules, ...]
    five_rank: int
    five_values: tuple[int, int]  # the values a 5 may be changed to (action +1, +2)
    five_cost: int
    rightholder2_max_blocks: int
    tallest_points: tuple[int, ...]  # one tallest building, two, three or more
    sale_price: int
    end_penalty_per_block: int

    # Cards are ``suit * len(ranks) + rank index`` (the docstring: ``card = suit * 9 + rank - 1``).
    def cards(self) -> range:
        return range(len(self.suits) * len(self.ranks))

    def suit(self, card: int) -> int:
        return card // len(self.ranks)

    def rank(self, card: int) -> int:
        return self.ranks[card % len(self.ranks)]

    def card_name(self, card: int) -> str:
        return f"{self.suits[self.suit(card)]}{self.rank(card)}"

    def card_of_name(self, name: str) -> int:
        return self.suits.index(name[0]) * len(self.ranks) + self.ranks.index(int(name[1:]))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        """Read the game's ``data.json`` (its keys, not its code)."""
        penalty = data["declaration_penalty_from_place"]
        return cls(
            suits="".join(s["letter"] for s in data["suits"]),
            majority=tuple((s["first"], s["second"]) for s in data["suits"]),
            ranks=tuple(data["ranks"]),
            board=tuple(data["board"]),
            printed=tuple(tuple(row) for row in data["printed"]),
            rounds=tuple(
                RoundRules(
                    hand=r["hand"],
                    blocks=r["blocks"],
                    tricks=r["tricks"],
                    without_ranks=tuple(r["without_ranks"]),
                    declaration=r["declaration"],
                    sale=r["sale"],
                    declaration_penalty_from=None if r["declaration"] is None else penalty[r["declaration"]],
                )
                for r in data["rounds"]
            ),
            five_rank=data["five"]["rank"],
            five_values=(data["five"]["values"][0], data["five"]["values"][1]),
            five_cost=data["five"]["cost"],
            rightholder2_max_blocks=data["rightholder2_max_blocks"],
            tallest_points=tuple(data["tallest_points"]),
            sale_price=data["sale_price"],
            end_penalty_per_block=data["end_penalty_per_block"],
        )


# Transcribed by hand from docs/RULINGS.md ("Tri*T*Area") and the aid.
RULINGS = Table(
    suits="IMEH",  # Intelligent, Modern, Ecology, Happiness
    majority=((8, 4), (6, 3), (6, 3), (4, 2)),  # "area majority values 1st/2nd: I 8/4, M 6/3, E 6/3, H 4/2"
    ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9),
    board=("IIIM", "EIMM", "EEHM", "EHHH"),
    printed=((0, 0, 0, 0), (0, 2, 2, 0), (0, 2, 2, 0), (0, 0, 0, 0)),  # "the four centre squares, prints 2"
    rounds=(
        RoundRules(8, 7, 8, (5,), None, False, None),  # "round 1 without the four 5s"
        RoundRules(9, 8, 8, (), "leftover", False, None),  # the aid: round 2 earns, never loses
        RoundRules(9, 9, 8, (), "reveal", True, 3),  # the aid: "lose ... if ranked 3rd or lower"
    ),
    five_rank=5,
    five_values=(0, 10),
    five_cost=2,  # "A 5 may be played as 5, or as 0 or 10 by paying 2 points"
    rightholder2_max_blocks=2,  # "RH2 may put one or two blocks on the same square"
    tallest_points=(10, 6, 4),  # the aid: 10; two tied: 6 each; three or more: 4 per building
    sale_price=3,
    end_penalty_per_block=2,
)


@dataclass(frozen=True)
class Play:
    """A card played to a trick: ``value`` is what it counts as (a 5 may count as 0 or 10)."""

    seat: int
    card: int
    value: int
    changed: bool  # a 5 played as one of its other values (it cost points)


@dataclass
class RoundResult:
    """What the round's end scored (the engine reports the same as ``view()["results"]``)."""

    round: int  # 1-based
    areas: dict[str, list[int]]  # per area letter, points per seat
    places: dict[str, list[int]]  # per area letter, place per seat (0: not ranked)
    tallest: list[int]
    declared: list[str | None]
    declaration: list[int]
    sold: list[int]
    end_penalty: list[int]
    scores: list[int]  # the totals after this round
    board: list[list[int]]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "areas": self.areas,
            "places": self.places,
            "tallest": self.tallest,
            "declared": self.declared,
            "declaration": self.declaration,
            "sold": self.sold,
            "end_penalty": self.end_penalty,
            "scores": self.scores,
            "board": self.board,
        }


class Referee:
    """One game of Tri*T*Area, from a setup. Seats 0-3 sit clockwise and play passes clockwise.

    ``apply(seat, action)`` moves it on (``ValueError`` for an action ``legal`` does not hold);
    everything else is read from its attributes and methods.
    """

    def __init__(self, setup: Mapping[str, Any], table: Table = RULINGS) -> None:
        self.setup = setup
        self.table = table
        self.notes: Counter[str] = Counter()  # the rare rule branches gone through, for coverage
        self.rows, self.cols = len(table.board), len(table.board[0])
        self.area_squares = [
            [sq for sq in range(self.rows * self.cols) if self.area_of(sq) == a] for a in range(len(table.suits))
        ]
        self.check_setup()
        self.scores = [0] * SEATS
        self.results: list[RoundResult] = []
        self.first_lead: int = setup["lead"]
        self.start_round(0, self.first_lead)

    # -- squares -------------------------------------------------------------------------------

    def area_of(self, square: int) -> int:
        return self.table.suits.index(self.table.board[square // self.cols][square % self.cols])

    def square_name(self, square: int) -> str:
        # Columns a, b, ... left to right, rows 1, 2, ... top to bottom (the docstring's diagram).
        return f"{'abcdefgh'[square % self.cols]}{square // self.cols + 1}"

    def printed(self, square: int) -> int:
        return self.table.printed[square // self.cols][square % self.cols]

    def neighbours(self, square: int) -> list[int]:
        """The squares orthogonally next to ``square`` (the aid: "orthogonally adjacent")."""
        r, c = divmod(square, self.cols)
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols:
                out.append((r + dr) * self.cols + c + dc)
        return out

    def play_name(self, play: Play) -> str:
        """A played card as the trick in the view shows it: ``H5=10`` for a 5 played as 10."""
        return self.table.card_name(play.card) + (f"={play.value}" if play.changed else "")

    # -- setup and rounds ----------------------------------------------------------------------

    def check_setup(self) -> None:
        """Each round's deck holds every card once, less the ranks that round leaves out."""
        if self.setup["lead"] not in range(SEATS):
            raise ValueError(f"lead seat {self.setup['lead']!r}")
        decks = self.setup["decks"]
        if len(decks) != len(self.table.rounds):
            raise ValueError(f"{len(decks)} decks for {len(self.table.rounds)} rounds")
        for r, (deck, spec) in enumerate(zip(decks, self.table.rounds, strict=True)):
            expected = sorted(c for c in self.table.cards() if self.table.rank(c) not in spec.without_ranks)
            if sorted(self.table.card_of_name(name) for name in deck) != expected:
                raise ValueError(f"round {r + 1}'s deck is not the cards without ranks {spec.without_ranks}")

    def start_round(self, rnd: int, lead: int) -> None:
        spec = self.table.rounds[rnd]
        self.rnd = rnd  # 0-based
        self.spec = spec
        self.lead = lead  # the round's lead seat
        self.leader = lead  # the current trick's leader
        deck = [self.table.card_of_name(name) for name in self.setup["decks"][rnd]]
        # The docstring's Setup: seat s gets deck[s * hand : (s + 1) * hand]; the rest stays unused.
        self.hands = [set(deck[s * spec.hand : (s + 1) * spec.hand]) for s in range(SEATS)]
        # RULINGS: "Between rounds every block comes back"; a new round's blocks replace the old.
        self.blocks = [spec.blocks] * SEATS
        self.sold = [0] * SEATS
        self.board: list[list[int]] = [[] for _ in range(self.rows * self.cols)]
        self.declared: list[int | None] = [None] * SEATS
        self.pending: dict[int, int] = {}  # round-3 Declarations chosen so far, hidden until all chose
        self.trick: list[Play] = []
        self.tricks_done = 0
        self.rightholders: tuple[int, int | None] | None = None
        self.placer_index = 0  # 0: RH1 places, 1: RH2
        self.built: int | None = None  # the square built on, while Additional Construction is open
        if spec.declaration == "reveal":
            self.phase = "declare"
        elif spec.sale:
            self.start_sale()
        else:
            self.phase = "play"

    def start_sale(self) -> None:
        # The aid: "Beginning to right of Lead Player and proceeding counterclockwise"; seats sit
        # clockwise, so the seat to the lead's right is lead - 1 (docstring decision).
        self.phase = "sell"
        self.sale_order = [(self.lead - k) % SEATS for k in range(1, SEATS + 1)]
        self.sale_index = 0

    # -- turn and legal actions ----------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        """The seats that must still choose: one seat, the pending seats of the Declaration, or none."""
        if self.phase == "over":
            return ()
        if self.phase == "declare":
            return tuple(s for s in range(SEATS) if s not in self.pending)
        if self.phase == "sell":
            return (self.sale_order[self.sale_index],)
        if self.phase == "play":
            return ((self.leader + len(self.trick)) % SEATS,)
        return (self.placer(),)  # place, extra

    def placer(self) -> int:
        assert self.rightholders is not None
        seat = self.rightholders[self.placer_index]
        assert seat is not None
        return seat

    def played_by(self, seat: int) -> Play:
        return next(p for p in self.trick if p.seat == seat)

    def legal(self, seat: int) -> frozenset[int]:
        if seat not in self.to_move():
            return frozenset()
        t = self.table
        out: set[int] = set()
        if self.phase == "declare":
            # RULINGS: "everyone reveals one hand card at once as the Declaration".
            out = {DECLARE + c for c in self.hands[seat]}
        elif self.phase == "sell":
            out = {SELL + k for k in range(self.blocks[seat] + 1)}
        elif self.phase == "play":
            for c in self.hands[seat]:
                if c == self.declared[seat]:
                    continue  # docstring: the revealed card stays in hand and cannot be played
                out.add(PLAY + 3 * c)  # the aid: "You can always play any card at any time."
                if t.rank(c) == t.five_rank:
                    out |= {PLAY + 3 * c + 1, PLAY + 3 * c + 2}
        elif self.phase == "place":
            out = {DEFAULT}  # docstring: a rightholder may always default
            area = t.suit(self.played_by(seat).card)
            max_blocks = t.rightholder2_max_blocks if self.placer_index == 1 else 1
            for n in range(1, max_blocks + 1):
                if self.blocks[seat] >= n:  # docstring: "RH2 with one block left places one"
                    out |= {PLACE + 20 * (n - 1) + sq for sq in self.area_squares[area]}
        elif self.phase == "extra":
            assert self.built is not None
            # Any square next to the one just built on, any area, stacking allowed (docstring).
            out = {NO_EXTRA} | {EXTRA + sq for sq in self.neighbours(self.built)}
        return frozenset(out)

    # -- moves ---------------------------------------------------------------------------------

    def apply(self, seat: int, action: int) -> None:
        if action not in self.legal(seat):
            raise ValueError(f"seat {seat} may not play {action} in phase {self.phase}")
        if self.phase == "declare":
            self.pending[seat] = action - DECLARE
            if len(self.pending) == SEATS:  # a simultaneous reveal: all four show at once
                for s, card in self.pending.items():
                    self.declared[s] = card
                if self.spec.sale:
                    self.start_sale()
                else:
                    self.phase = "play"
        elif self.phase == "sell":
            k = action - SELL
            self.blocks[seat] -= k
            self.sold[seat] += k
            self.scores[seat] += self.table.sale_price * k
            if k == 0:
                self.notes["sale: sold none"] += 1
            elif self.blocks[seat] == 0:
                self.notes["sale: sold every block"] += 1
            self.sale_index += 1
            if self.sale_index == SEATS:
                self.phase = "play"
        elif self.phase == "play":
            self.play_card(seat, action)
        elif self.phase == "place":
            self.place(seat, action)
        elif self.phase == "extra":
            if action == NO_EXTRA:
                self.notes["extra: declined"] += 1
            else:
                self.notes["extra: built"] += 1
                # One block, which "never earns a further extra block" (docstring).
                self.build(seat, action - EXTRA, 1)
            self.next_placer()

    def play_card(self, seat: int, action: int) -> None:
        card, mode = divmod(action - PLAY, 3)
        value = self.table.rank(card) if mode == 0 else self.table.five_values[mode - 1]
        if mode:
            # Docstring: the 2 points are paid when the 5 is played; scores may go below zero.
            self.scores[seat] -= self.table.five_cost
            self.notes["play: a 5 changed"] += 1
        self.hands[seat].remove(card)
        self.trick.append(Play(seat, card, value, mode != 0))
        if len(self.trick) == SEATS:
            self.rightholders = self.find_rightholders()
            self.placer_index = 0
            self.phase = "place"

    def find_rightholders(self) -> tuple[int, int | None]:
        """The aid's "Determining the Trick Winners" table: (RH1, RH2 or None)."""
        by_suit: dict[int, list[tuple[int, int, int]]] = {}
        for order, p in enumerate(self.trick):
            # Docstring: the value played decides lowest and highest; equal values (impossible with
            # the printed deck) rank by play order, the earlier card lower.
            by_suit.setdefault(self.table.suit(p.card), []).append((p.value, order, p.seat))
        if any(p.changed for p in self.trick):
            self.notes["trick: with a 5 changed"] += 1
        if len(by_suit) == SEATS:
            # "All cards different suit: Player who led the trick / Not awarded"; the leader then
            # keeps the lead (RULINGS) since RH1 leads the next trick.
            self.notes["trick: four suits"] += 1
            return self.trick[0].seat, None
        most = max(len(cards) for cards in by_suit.values())
        top = [s for s, cards in by_suit.items() if len(cards) == most]
        if len(top) == 1:
            # All one suit, or one suit with more cards than every other (RULINGS: "dominant").
            chosen = top[0]
            self.notes["trick: one suit" if len(by_suit) == 1 else "trick: a dominant suit"] += 1
        else:
            # Two suits with two cards each: the greater difference (between the values played,
            # docstring), ties broken by the suit led.
            def spread(s: int) -> int:
                values = [v for v, _, _ in by_suit[s]]
                return max(values) - min(values)

            a, b = top
            if spread(a) != spread(b):
                chosen = a if spread(a) > spread(b) else b
                self.notes["trick: two-two, spreads differ"] += 1
            else:
                chosen = self.table.suit(self.trick[0].card)
                self.notes["trick: two-two, equal spreads, suit led"] += 1
                if any(p.changed for p in self.trick):
                    self.notes["trick: two-two, equal spreads, with a 5 changed"] += 1
        cards = sorted(by_suit[chosen])
        return cards[0][2], cards[-1][2]

    def place(self, seat: int, action: int) -> None:
        if action == DEFAULT:
            # The aid: "lose points equal to the rank of the card played" (the printed rank, docstring).
            self.scores[seat] -= self.table.rank(self.played_by(seat).card)
            self.notes["place: default"] += 1
            if self.blocks[seat] == 0:
                self.notes["place: a rightholder with no block defaults"] += 1
            self.next_placer()
            return
        n, square = divmod(action - PLACE, 20)
        n += 1
        if self.placer_index == 1 and self.blocks[seat] == 1:
            self.notes["place: RH2 with one block left"] += 1
        if n == 2:
            self.notes["place: RH2 places two"] += 1
        # Additional Construction: placed orthogonally next to a building holding one of the
        # placer's blocks (any block of it, not only the top: docstring) placed on an earlier turn.
        # All of a seat's blocks on the board are from earlier tricks, so look before building.
        qualified = any(seat in self.board[nb] for nb in self.neighbours(square))
        self.build(seat, square, n)
        if qualified and self.blocks[seat] >= 1:
            self.built = square
            self.phase = "extra"
            return
        if qualified:
            self.notes["extra: qualified without a block left"] += 1
        self.next_placer()

    def build(self, seat: int, square: int, n: int) -> None:
        if not self.board[square] and self.printed(square):
            # "When a block is placed on an empty square whose space is printed with a score":
            # once, even for RH2's two blocks (docstring).
            self.scores[seat] += self.printed(square)
            self.notes["place: printed square scored"] += 1
        self.board[square].extend([seat] * n)
        self.blocks[seat] -= n

    def next_placer(self) -> None:
        """RH1 places, then RH2; then RH1 leads the next trick."""
        assert self.rightholders is not None
        self.built = None
        if self.placer_index == 0 and self.rightholders[1] is not None:
            self.placer_index = 1
            self.phase = "place"
            return
        self.leader = self.rightholders[0]
        self.rightholders = None
        self.placer_index = 0
        self.trick = []
        self.tricks_done += 1
        if self.tricks_done == self.spec.tricks:
            self.end_round()
        else:
            self.phase = "play"

    # -- round scoring -------------------------------------------------------------------------

    def area_standing(self, area: int) -> tuple[list[int], list[int]]:
        """Points and places (0: not ranked) of the seats in one area.

        The aid: "Majority of blocks visible from above. If tied check building height"; RULINGS
        reads the height as the total height of the buildings a seat tops. Seats still tied share
        the places they cover: "add 1st and 2nd together and divide equally rounding up".
        """
        key: dict[int, tuple[int, int]] = {}  # seat: (top blocks, total height)
        for sq in self.area_squares[area]:
            stack = self.board[sq]
            if stack:
                tops, height = key.get(stack[-1], (0, 0))
                key[stack[-1]] = (tops + 1, height + len(stack))
        order = sorted(key, key=lambda s: key[s], reverse=True)
        values = list(self.table.majority[area]) + [0] * SEATS  # 3rd and lower are worth 0
        points, places = [0] * SEATS, [0] * SEATS
        i = 0
        while i < len(order):
            group = [s for s in order if key[s] == key[order[i]]]
            share = math.ceil(sum(values[i : i + len(group)]) / len(group))
            if len(group) > 1:
                self.notes[f"area: {len(group)} seats share place {i + 1}"] += 1
            for s in group:
                points[s] = share
                # Docstring: tied seats all hold the best place they cover, the next one the place
                # after all of them.
                places[s] = i + 1
            i += len(group)
        return points, places

    def tallest(self) -> list[int]:
        """The aid's Tallest Building: majority owner (tie: lowest seat) of each tallest building."""
        out = [0] * SEATS
        height = max(len(stack) for stack in self.board)
        if height == 0:
            return out
        tallest = [stack for stack in self.board if len(stack) == height]
        pts = self.table.tallest_points
        value = pts[min(len(tallest), len(pts)) - 1]
        self.notes[
            ["tallest: one building", "tallest: two buildings", "tallest: three or more"][min(len(tallest), 3) - 1]
        ] += 1
        for stack in tallest:
            counts = [stack.count(s) for s in range(SEATS)]
            owner = counts.index(max(counts))  # index() finds the lowest seat of a tie
            if counts.count(max(counts)) > 1:
                self.notes["tallest: tie inside a building, lowest seat"] += 1
            out[owner] += value
        if sum(1 for x in out if x) < len(tallest):
            self.notes["tallest: one seat collects several"] += 1
        return out

    def end_round(self) -> None:
        spec = self.spec
        letters = self.table.suits
        areas: dict[str, list[int]] = {}
        places: dict[str, list[int]] = {}
        for a, letter in enumerate(letters):
            areas[letter], places[letter] = self.area_standing(a)
        tallest = self.tallest()
        declaration = [0] * SEATS
        if spec.declaration is not None:
            for s in range(SEATS):
                if spec.declaration == "leftover":
                    # Round 2: "Remaining card at round end is 'Declaration of Intent'".
                    (self.declared[s],) = self.hands[s]
                card = self.declared[s]
                # Round 3's revealed card could not be played, so it is the one left in hand too.
                assert card is not None and self.hands[s] == {card}, "the Declaration is the card left in hand"
                place = places[letters[self.table.suit(card)]][s]
                value = self.table.rank(card)  # docstring: a 5 left in hand is worth 5
                if place == 1:  # "have majority": ranked 1st, shared 1st included (docstring)
                    declaration[s] = value
                elif spec.declaration_penalty_from is not None and (
                    place == 0 or place >= spec.declaration_penalty_from
                ):
                    declaration[s] = -value  # "ranked 3rd or lower", or not ranked at all (docstring)
                if spec.declaration == "reveal":
                    outcome = "unranked" if place == 0 else "3rd or lower" if place >= 3 else f"place {place}"
                    self.notes[f"round 3 Declaration: {outcome}"] += 1
        last = self.rnd == len(self.table.rounds) - 1
        # "Each player loses 2 points for each block they have left in front of them" (end game only).
        end_penalty = [-self.table.end_penalty_per_block * b if last else 0 for b in self.blocks]
        for s in range(SEATS):
            self.scores[s] += sum(areas[x][s] for x in letters) + tallest[s] + declaration[s] + end_penalty[s]
        self.results.append(
            RoundResult(
                round=self.rnd + 1,
                areas=areas,
                places=places,
                tallest=tallest,
                declared=[None if c is None else self.table.card_name(c) for c in self.declared],
                declaration=declaration,
                sold=list(self.sold),
                end_penalty=end_penalty,
                scores=list(self.scores),
                board=[list(stack) for stack in self.board],
            )
        )
        if last:
            self.phase = "over"
            return
        # "Highest Score becomes Lead next round"; a tie goes to the lowest seat (docstring).
        best = max(self.scores)
        if self.scores.count(best) > 1:
            self.notes["next lead: tie, lowest seat"] += 1
        self.start_round(self.rnd + 1, self.scores.index(best))

    # -- the end -------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == "over"

    def ranks(self) -> list[int]:
        """1 is first; equal scores share the place (docstring)."""
        return [1 + sum(1 for other in self.scores if other > mine) for mine in self.scores]

    def winners(self) -> list[int]:
        return [s for s in range(SEATS) if self.scores[s] == max(self.scores)]


def deal(table: Table, rng: random.Random) -> dict[str, Any]:
    """A random setup in the game's setup format: the round-1 lead and each round's shuffled deck."""
    decks: list[list[str]] = []
    for spec in table.rounds:
        deck = [table.card_name(c) for c in table.cards() if table.rank(c) not in spec.without_ranks]
        rng.shuffle(deck)
        decks.append(deck)
    return {"lead": rng.randrange(SEATS), "decks": decks}
