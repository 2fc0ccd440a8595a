"""Tri*T*Area: trick-taking that builds a city of four T-shaped areas (four seats).

The rules are the player aid (a one-page summary) and the Tri*T*Area section of ``docs/RULINGS.md``, a
reconstruction: the published board was not found. Every number of it lives in ``data.json``
beside this module (board, printed scores, majority values, hand sizes, blocks, 5-card values and
cost, tallest-building points, sale price, penalties), loaded at import, so it can be corrected
without touching the code.

The game
--------
Four suits are the four areas: **I**\\ ntelligent, **M**\\ odern, **E**\\ cology, **H**\\ appiness;
36 cards, ranks 1-9. The 4x4 board, columns ``a``-``d`` left to right, rows ``1``-``4`` top to
bottom::

        a b c d
     1  I I I M        each area is a T of four squares; its stem square (b2, c2, b3, c3,
     2  E I M M        the four centre squares) prints 2 immediate points.
     3  E E H M        area majority values 1st/2nd: I 8/4, M 6/3, E 6/3, H 4/2
     4  E H H H

Three rounds: hands 8/9/9, blocks 7/8/9 a seat, round 1 without the four 5s, 8 tricks a round.
Any card may be played. A 5 may be played as 5, or as 0 or 10 for 2 points (part of the play).
After four cards, the rightholders (RH1, RH2) come from the aid's table: all one suit, or one
suit with more cards than every other: lowest and highest of that suit; two suits with two cards
each: lowest and highest of the suit with the greater difference (tie: the suit led); four
suits: RH1 is the leader, no RH2. RH1 places one block, then RH2 one or two blocks on one square,
on the area of the suit of the card they played (stacking on anything), or defaults and loses the
card's rank. A block placed next to a building holding one of the placer's blocks earns an
optional extra block on a square next to the one just built on (any area). The first block on a
printed square scores it. RH1 leads the next trick. At round end: area majorities, the tallest
building, the Declarations of Intent; the highest score leads the next round. Round 2's
Declaration is the card left in hand; round 3 opens with a simultaneous reveal of one card as the
Declaration, then the Advance Block Sale (+3 a block). After round 3 each unplaced block costs 2.

Rules decisions (where the aid and docs/RULINGS.md are silent)
--------------------------------------------------------
- Seats are numbered clockwise; play passes clockwise (seat ``s + 1`` follows seat ``s``). The
  seat "to the right of" the lead is ``lead - 1``; the Advance Block Sale goes ``lead - 1``,
  ``lead - 2``, ``lead - 3``, then the lead.
- Rounds 2 and 3 are led by the highest total score; a tie goes to the lowest seat (the aid's own
  tie-break for buildings, "lowest player color wins").
- A 5 played as 0 or 10 counts as 0 or 10 for the trick, including the "difference in rank" of
  the two-two case (the aid says "rank" there too, but the value a 5 is played at decides which
  card is lowest and highest, and the spread is measured between those two cards; a change that
  could move the low and high card but not the spread would half-work); its 2 points are paid
  when it is played (scores may go below zero). The default penalty is the card's printed rank,
  so 5 for any 5: it is a cost of the card itself, not of the trick, and the aid says "value"
  only for the 0/10 change. A 5 that stays in hand as a Declaration is worth 5.
- Two cards of one suit never tie (each suit has one 5, and 0 and 10 lie outside 1-9). So that a
  corrected ``data.json`` cannot break the game, equal values are ordered by play order, the
  earlier card counting as the lower.
- When all four suits differ, RH1 is the leader, who places in the area of their own card and
  keeps the lead.
- A rightholder may always default. One with no block left can only default, and pays the
  penalty: the right was theirs and they placed nothing. RH2 with one block left places one.
- "Own block" for Additional Construction: a building holding any block of the placer, not only
  its top block. All of a seat's blocks on the board come from earlier tricks, since a seat acts
  once per trick. The extra block goes on any square orthogonally next to the square just built
  on, empty or built on (any area, stacking allowed: the aid's "on top of a square" is read as
  "on a square", as docs/RULINGS.md words it), may score a printed square, needs a block left, and never
  earns a further extra block. RH2's two blocks on one empty printed square score it once.
- Area majority: seats with at least one top block in the area are ranked by the number of top
  blocks, then by the total height of the buildings they top. Seats still tied share the sum of
  the place values of the places they cover, rounded up: two tied for 1st share 1st + 2nd, two
  tied for 2nd share 2nd + 3rd (3rd is worth 0). Tied seats all hold the best place they cover
  and the next seat the place after all of them (two tied for 1st, then 3rd; two tied for 2nd,
  then 4th). Seats with no top block are not ranked.
- A Declaration "has majority" when its seat is ranked 1st in the area (shared 1st included).
  The round-3 penalty hits a seat ranked 3rd or lower, or not ranked at all.
- Round 3: the revealed card stays face up in its owner's hand and cannot be played: it is "the
  card remaining in your hand" at round end, as round 2's leftover is.
- The Advance Block Sale has no limit: a seat may sell any number of its blocks, from none to all
  of them (the aid says only "sell blocks you think you will not use"). A seat that sold them all
  can then only default, and pays the penalty, on every right it wins.
- The end penalty counts the blocks of the final round left in front of a seat: blocks sold are
  gone, earlier rounds' blocks came back.
- Tallest building: the buildings of the greatest height (1 or more blocks) each go to the seat
  with most blocks in it (tie: lowest seat); one such building pays 10, two pay 6 each, three or
  more pay 4 each; one seat may collect several.
- The game's winner is the highest score; equal scores share the place.

Setup
-----
The round-1 lead seat and the deck order of each round (card names); round ``r`` deals seat
``s`` the cards ``deck[s * hand : (s + 1) * hand]`` and leaves the rest of the deck unused.
Round 1's deck holds the 32 cards without 5s, rounds 2 and 3 all 36::

    {"lead": 2,
     "decks": [["I1", "M7", ... 32 cards], ["H5", ... 36 cards], ["E9", ... 36 cards]]}

>>> import random
>>> game = TriTArea()
>>> setup = game.random_setup(random.Random(5))
>>> setup["lead"], [len(deck) for deck in setup["decks"]], setup["decks"][0][:8]
(2, [32, 36, 36], ['I6', 'H8', 'E2', 'E4', 'M7', 'M6', 'I3', 'H4'])
>>> state = game.new_state(setup=setup)
>>> state.current_player(), state.view(2)["hand"]
(2, ['I2', 'I4', 'I7', 'I9', 'M4', 'M8', 'M9', 'H6'])

Actions and notation
--------------------
Actions are ints (``card = suit * 9 + rank - 1`` with suits I, M, E, H = 0-3; ``square = row *
4 + column``, a1 = 0 to d4 = 15); the notation is context-free and round-trips exactly (parsing
ignores case and spaces, within a word too: ``M5 = 10``):

- play a card: ``card * 3``, ``I7``; a 5 played as 0 or as 10: ``card * 3 + 1`` or ``+ 2``,
  ``M5=0``, ``M5=10`` (``M5`` plays it as 5);
- place ``n`` blocks on a square: ``200 + 20 * (n - 1) + square``, ``b3``, ``b3x2`` (RH2 only);
  default: ``290``, ``default``;
- additional construction: ``300 + square``, ``+c2``; decline it: ``390``, ``no extra``;
- round-3 Declaration: ``400 + card``, ``declare H4``;
- Advance Block Sale: ``500 + blocks``, ``sell 2``.

>>> game.action_to_string(game.string_to_action("m5=10")), game.string_to_action("I7")
('M5=10', 18)
>>> [game.action_to_string(a) for a in (229, 290, 306, 390, 435, 502)]
['b3x2', 'default', '+c2', 'no extra', 'declare H9', 'sell 2']

Views
-----
A seat's view holds ``round`` (1-3), ``phase`` (``declare``, ``sell``, ``play``, ``place``,
``extra`` or ``over``), ``first_lead`` (the setup's lead), ``lead`` (this round's), ``leader``
(this trick's), ``trick_number`` (1-based; one past the last trick once the game is over), its own
``hand`` (``null`` for a spectator; everyone's as ``hand_sizes``), the ``board`` (per square, a1
to d4, its stack of seats, bottom first), ``scores``, ``blocks`` left, blocks ``sold`` this round,
the current ``trick`` and every card ``played`` in each round so far (``[seat, notation]`` pairs),
the ``rightholders`` (``[RH1, RH2]``, RH2 -1 when not awarded; ``null`` between placements),
``placing`` (0 while RH1 places, 1 while RH2 does, else ``null``), ``extra_from`` (the square an
additional construction must be next to, else ``null``), the round-3 Declarations ``declared``
(per seat a card or ``null``; a choice of another seat shows only as ``true`` until all four have
chosen), the round ``results`` and the public action ``history`` (``[seat, notation]`` pairs; the
same hidden choices left out; the round-3 Declarations, made together, in seat order rather than
the order they came in, so that positions differing only in that order show the same view).
``State.to_json`` holds these keys too (not ``hand``), every hand (``hands``), the setup and the
history as played.

A round result (and the outcome's ``details["rounds"]``, the three of them) holds ``round``,
``areas`` and ``places`` (per area letter, each seat's majority points and place: 1 first, 0 not
ranked), ``tallest``, ``declaration`` and ``end_penalty`` (points per seat), ``declared`` (per seat
the Declaration card, ``null`` in a round without one), ``sold`` (blocks sold), ``scores`` (the
totals after the round) and ``board`` (the city as it was scored).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from tritable.engine.errors import (
    IllegalActionError,
    NotationError,
    SetupError,
    StateError,
    TritableError,
    shown,
)
from tritable.engine.protocol import (
    JSON,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    Outcome,
    State,
    check_keys,
    check_seat,
    copy_json,
    same_json,
    viewed_draws,
)

# -- the data table ------------------------------------------------------------------------------

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "data.json").read_text(encoding="utf-8"))


class Round(NamedTuple):
    hand: int
    blocks: int
    tricks: int
    cards: tuple[int, ...]  # the cards of this round's deck
    declaration: str | None  # None, "leftover" (round 2) or "reveal" (round 3)
    penalty_from: int | None  # place from which a Declaration loses its value
    sale: bool


SEATS: int = DATA["players"]
SUIT_LETTERS = "".join(s["letter"] for s in DATA["suits"])
SUIT_NAMES = tuple(s["name"] for s in DATA["suits"])
PLACE_VALUES = tuple((s["first"], s["second"]) for s in DATA["suits"])
RANKS: tuple[int, ...] = tuple(DATA["ranks"])
NRANKS = len(RANKS)
NCARDS = len(SUIT_LETTERS) * NRANKS
CARD_SUIT = tuple(c // NRANKS for c in range(NCARDS))
CARD_RANK = tuple(RANKS[c % NRANKS] for c in range(NCARDS))
CARD_NAME = tuple(f"{SUIT_LETTERS[CARD_SUIT[c]]}{CARD_RANK[c]}" for c in range(NCARDS))
CARD_OF_NAME = {name: c for c, name in enumerate(CARD_NAME)}

FIVE: int = DATA["five"]["rank"]
FIVE_VALUES: tuple[int, ...] = tuple(DATA["five"]["values"])
FIVE_COST: int = DATA["five"]["cost"]
VARIANTS = 1 + len(FIVE_VALUES)

ROWS = len(DATA["board"])
COLS = len(DATA["board"][0])
NSQUARES = ROWS * COLS
AREA_OF = tuple(SUIT_LETTERS.index(ch) for row in DATA["board"] for ch in row)
AREA_SQUARES = tuple(tuple(sq for sq in range(NSQUARES) if AREA_OF[sq] == a) for a in range(len(SUIT_LETTERS)))
PRINTED: tuple[int, ...] = tuple(v for row in DATA["printed"] for v in row)
NEIGHBOURS = tuple(
    tuple(
        r * COLS + c
        for r, c in (
            (sq // COLS - 1, sq % COLS),
            (sq // COLS + 1, sq % COLS),
            (sq // COLS, sq % COLS - 1),
            (sq // COLS, sq % COLS + 1),
        )
        if 0 <= r < ROWS and 0 <= c < COLS
    )
    for sq in range(NSQUARES)
)
SQUARE_NAME = tuple(f"{'abcdefgh'[sq % COLS]}{sq // COLS + 1}" for sq in range(NSQUARES))
SQUARE_OF_NAME = {name: sq for sq, name in enumerate(SQUARE_NAME)}

RH2_MAX: int = DATA["rightholder2_max_blocks"]
TALLEST_POINTS: tuple[int, ...] = tuple(DATA["tallest_points"])
SALE_PRICE: int = DATA["sale_price"]
END_PENALTY: int = DATA["end_penalty_per_block"]
ROUNDS = tuple(
    Round(
        r["hand"],
        r["blocks"],
        r["tricks"],
        tuple(c for c in range(NCARDS) if CARD_RANK[c] not in r["without_ranks"]),
        r["declaration"],
        DATA["declaration_penalty_from_place"][r["declaration"]] if r["declaration"] else None,
        r["sale"],
    )
    for r in DATA["rounds"]
)


def _check_data() -> None:
    """The code relies on these shapes; a corrected table must keep them."""
    problems = []
    if SEATS != 4 or len(SUIT_LETTERS) != 4 or len(set(SUIT_LETTERS)) != 4:
        problems.append("four seats and four suits with distinct letters")
    if NSQUARES > 20 or any(len(row) != COLS for row in DATA["board"]) or len(PRINTED) != NSQUARES:
        problems.append("a rectangular board of at most 20 squares with a printed score per square")
    if NCARDS * VARIANTS > 200 or RH2_MAX > 4 or not TALLEST_POINTS:
        problems.append("at most 200 card plays, RH2 at most 4 blocks, tallest-building points")
    for r in ROUNDS:
        if SEATS * r.hand > len(r.cards) or r.tricks > r.hand:
            problems.append("each round deals at most its deck and plays at most a hand")
        if r.declaration not in (None, "leftover", "reveal") or (r.declaration and r.hand - r.tricks != 1):
            problems.append("a Declaration round leaves exactly one card in hand")
    if problems:
        raise ImportError("tri_t_area/data.json: " + "; ".join(problems))


_check_data()

# -- actions -------------------------------------------------------------------------------------

PLACE = 200  # + 20 * (blocks - 1) + square
DEFAULT = 290
EXTRA = 300  # + square
NO_EXTRA = 390
DECLARE = 400  # + card
SELL = 500  # + blocks
NPLAYS = NCARDS * VARIANTS

DECLARE_PHASE, SELL_PHASE, PLAY_PHASE, PLACE_PHASE, EXTRA_PHASE, OVER = range(6)
PHASE_NAMES = ("declare", "sell", "play", "place", "extra", "over")

# Numbers of at most 4 digits: Python will not read 4,300, and no value or count needs 3.
_CARD_RE = re.compile(rf"([{SUIT_LETTERS}])([0-9]+)(?:=([0-9]{{1,4}}))?")
_PLACE_RE = re.compile(r"([a-h][0-9]+)(?:x([0-9]{1,4}))?")


def _notation(action: int) -> str | None:
    """The canonical text of ``action``, None when it is no action."""
    if 0 <= action < NPLAYS:
        card, variant = divmod(action, VARIANTS)
        if variant == 0:
            return CARD_NAME[card]
        if CARD_RANK[card] == FIVE:
            return f"{CARD_NAME[card]}={FIVE_VALUES[variant - 1]}"
    elif PLACE <= action < PLACE + 20 * RH2_MAX and (action - PLACE) % 20 < NSQUARES:
        n, sq = divmod(action - PLACE, 20)
        return SQUARE_NAME[sq] + (f"x{n + 1}" if n else "")
    elif action == DEFAULT:
        return "default"
    elif EXTRA <= action < EXTRA + NSQUARES:
        return "+" + SQUARE_NAME[action - EXTRA]
    elif action == NO_EXTRA:
        return "no extra"
    elif DECLARE <= action < DECLARE + NCARDS:
        return "declare " + CARD_NAME[action - DECLARE]
    elif SELL <= action < SELL + 100:
        return f"sell {action - SELL}"
    return None


CANONICAL: dict[str, int] = {text: a for a in range(SELL + 100) if (text := _notation(a)) is not None}
NOTATION: dict[Action, str] = {a: text for text, a in CANONICAL.items()}


def cards_of(mask: int) -> list[int]:
    """The cards of a hand bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def rightholders(trick: Sequence[tuple[int, int, int]]) -> tuple[int, int]:
    """(RH1, RH2) of a full trick of ``(seat, card, value)`` in play order, led first; RH2 is -1
    when not awarded.

    >>> rightholders([(0, CARD_OF_NAME["I3"], 3), (1, CARD_OF_NAME["M7"], 7),
    ...               (2, CARD_OF_NAME["E1"], 1), (3, CARD_OF_NAME["H9"], 9)])
    (0, -1)
    """
    counts = [0] * len(SUIT_LETTERS)
    for _, card, _ in trick:
        counts[CARD_SUIT[card]] += 1
    most = max(counts)
    top = [s for s, n in enumerate(counts) if n == most]
    if len(top) == 1:
        suit = top[0]
    elif most == 1:
        return trick[0][0], -1
    else:
        spans = {}
        for s in top:
            values = [v for _, card, v in trick if CARD_SUIT[card] == s]
            spans[s] = max(values) - min(values)
        widest = max(spans.values())
        best = [s for s in top if spans[s] == widest]
        led = CARD_SUIT[trick[0][1]]
        suit = led if len(best) > 1 and led in best else best[0]
    ordered = sorted((v, i) for i, (_, card, v) in enumerate(trick) if CARD_SUIT[card] == suit)
    return trick[ordered[0][1]][0], trick[ordered[-1][1]][0]


def area_standing(board: Sequence[tuple[int, ...]], area: int) -> tuple[list[int], list[int]]:
    """(points, places) per seat in ``area``: place 1 is first, 0 is not ranked (no top block).

    >>> area_standing([()] * 16, 0)
    ([0, 0, 0, 0], [0, 0, 0, 0])
    """
    tops = [0] * SEATS
    height = [0] * SEATS
    for sq in AREA_SQUARES[area]:
        stack = board[sq]
        if stack:
            tops[stack[-1]] += 1
            height[stack[-1]] += len(stack)
    ranked = sorted((s for s in range(SEATS) if tops[s]), key=lambda s: (-tops[s], -height[s]))
    values = PLACE_VALUES[area]
    points = [0] * SEATS
    places = [0] * SEATS
    i = 0
    while i < len(ranked):
        j = i + 1
        mark = (tops[ranked[i]], height[ranked[i]])
        while j < len(ranked) and (tops[ranked[j]], height[ranked[j]]) == mark:
            j += 1
        share = -(-sum(values[i:j]) // (j - i))  # shared places, rounded up
        for s in ranked[i:j]:
            points[s] = share
            places[s] = i + 1
        i = j
    return points, places


def building_owner(stack: Sequence[int]) -> int:
    """The seat with most blocks in a building; a tie goes to the lowest seat."""
    counts = [0] * SEATS
    for s in stack:
        counts[s] += 1
    return counts.index(max(counts))


def tallest_points(board: Sequence[tuple[int, ...]]) -> list[int]:
    """Points per seat for the tallest building(s)."""
    points = [0] * SEATS
    height = max(len(stack) for stack in board)
    if height == 0:
        return points
    tallest = [stack for stack in board if len(stack) == height]
    each = TALLEST_POINTS[min(len(tallest), len(TALLEST_POINTS)) - 1]
    for stack in tallest:
        points[building_owner(stack)] += each
    return points


# -- the game ------------------------------------------------------------------------------------


class TriTArea(Game):
    """Tri*T*Area for four seats (no options)."""

    id = "tri-t-area"
    name = "Tri*T*Area"
    min_players = SEATS
    max_players = SEATS
    option_specs = ()
    perfect_information = False

    def random_setup(self, rng: random.Random) -> JSON:
        lead = rng.randrange(SEATS)
        decks = []
        for r in ROUNDS:
            deck = list(r.cards)
            rng.shuffle(deck)
            decks.append([CARD_NAME[c] for c in deck])
        return {"lead": lead, "decks": decks}

    def state_from_setup(self, setup: Mapping[str, Any]) -> TriTAreaState:
        check_keys(setup, ("lead", "decks"), "a Tri*T*Area setup")
        unknown = set(setup) - {"lead", "decks"}
        if unknown:
            raise SetupError(f"unknown Tri*T*Area setup keys: {', '.join(sorted(map(str, unknown)))}")
        lead = setup["lead"]
        if type(lead) is not int or not 0 <= lead < SEATS:
            raise SetupError(f"the setup's 'lead' must be a seat 0-{SEATS - 1}, not {lead!r}")
        decks = setup["decks"]
        if not isinstance(decks, list) or len(decks) != len(ROUNDS):
            raise SetupError(f"the setup's 'decks' must be a list of {len(ROUNDS)} decks, one a round")
        parsed = []
        for r, (deck, spec) in enumerate(zip(decks, ROUNDS, strict=True), 1):
            if not isinstance(deck, list):
                raise SetupError(f"round {r}'s deck must be a list of card names")
            cards = []
            for name in deck:
                card = CARD_OF_NAME.get(name.upper()) if isinstance(name, str) else None
                if card is None:
                    raise SetupError(f"round {r}'s deck holds {name!r}, which is not a card")
                cards.append(card)
            if len(set(cards)) != len(cards):
                raise SetupError(f"round {r}'s deck holds a card twice")
            if set(cards) != set(spec.cards):
                missing = sorted(set(spec.cards) - set(cards))
                extra = sorted(set(cards) - set(spec.cards))
                what = f"lacks {CARD_NAME[missing[0]]}" if missing else f"must not hold {CARD_NAME[extra[0]]}"
                raise SetupError(f"round {r}'s deck {what}")
            parsed.append(tuple(cards))
        return TriTAreaState(self, copy_json(setup), lead, tuple(parsed))

    def state_from_json(self, data: Mapping[str, Any]) -> TriTAreaState:
        self._refuse_other_game(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("setup"), Mapping):
            raise StateError("a Tri*T*Area state JSON object holds its 'setup'")
        history = data.get("history", [])
        if not isinstance(history, list):
            raise StateError("the state's 'history' must be a list")
        try:
            state = self.state_from_setup(data["setup"])
            for i, entry in enumerate(history):
                if not isinstance(entry, list) or len(entry) != 2:
                    raise StateError(f"history entry {i} is not a [seat, action] pair: {entry!r}")
                seat, text = entry
                state.apply_action(self.string_to_action(text), seat)
        except (TritableError, TypeError, ValueError) as exc:
            raise StateError(f"the state's setup and history do not replay: {exc}") from None
        try:
            given = json.loads(json.dumps(dict(data)))
        except (TypeError, ValueError) as exc:
            raise StateError(f"the state JSON is not plain JSON: {exc}") from None
        state._refuse_unknown_fields(given)  # named, rather than a mismatch
        if not same_json(given, state.to_json()):  # true is not 1 here
            raise StateError("the state JSON does not match what its setup and history give")
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> TriTAreaState:
        return self.sampler(view)(rng)  # a first draw: the view checked in its types too

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], TriTAreaState]:
        """Draws as :meth:`sample_state` does; the view's types are checked at the first draw
        only (every draw still shows the seat the view's values)."""
        return viewed_draws(view, lambda rng: self._sample(view, rng), "Tri*T*Area view")

    def _sample(self, view: Mapping[str, Any], rng: random.Random) -> TriTAreaState:
        if view["game"] != self.id:
            raise StateError(f"a view of {view['game']!r}, not of {self.id}")
        seat = view["seat"]
        if type(view["round"]) is not int or not 1 <= view["round"] <= len(ROUNDS):
            raise StateError(f"the view's round must be 1 to {len(ROUNDS)}, not {view['round']!r}")
        now = view["round"] - 1
        played: list[list[list[int]]] = [[[] for _ in range(SEATS)] for _ in range(now + 1)]
        for r, plays in enumerate(view["played"]):
            for s, text in plays:
                played[r][s].append(self._parse(text) // VARIANTS)
        decks: list[list[int]] = []
        for r, spec in enumerate(ROUNDS):
            if r > now:
                deck = list(spec.cards)
                rng.shuffle(deck)
                decks.append(deck)
                continue
            hands = [list(cards) for cards in played[r]]
            # A Declaration is a card its seat still held at the end (or holds now), face up.
            declared = view["results"][r]["declared"] if r < now else view["declared"]
            if r == now and seat is not None:
                hands[seat] += [CARD_OF_NAME[name] for name in view["hand"]]
            for s, name in enumerate(declared):
                if isinstance(name, str) and (r < now or s != seat):
                    hands[s].append(CARD_OF_NAME[name])
            known = {c for hand in hands for c in hand}
            pool = [c for c in spec.cards if c not in known]
            rng.shuffle(pool)
            for s in range(SEATS):
                need = spec.hand - len(hands[s])
                if need < 0:
                    raise StateError(f"the view gives seat {s} more than {spec.hand} cards in round {r + 1}")
                hands[s] += pool[:need]
                del pool[:need]
            decks.append([c for hand in hands for c in sorted(hand)] + pool)
        setup = {"lead": view["first_lead"], "decks": [[CARD_NAME[c] for c in deck] for deck in decks]}
        state = self.state_from_setup(setup)
        for s, text in view["history"]:
            state.apply_action(self.string_to_action(text), s)
        if state.phase == DECLARE_PHASE:
            for s, name in enumerate(view["declared"]):
                if name is True:
                    state.apply_action(rng.choice(state.legal_actions(s)), s)
        return state

    # -- notation --------------------------------------------------------------------------------

    def action_to_string(self, action: Action) -> str:
        text = NOTATION.get(action) if type(action) is int else None  # not True for 1
        if text is None:
            raise NotationError(f"{shown(action)} is not a Tri*T*Area action")
        return text

    def string_to_action(self, text: str) -> Action:
        return self._parse(text)

    def _parse(self, text: str) -> int:
        action = CANONICAL.get(text) if isinstance(text, str) else None
        if action is not None:
            return action
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not Tri*T*Area notation")
        t = " ".join(text.split())  # any whitespace, as the other games read it
        if not t.isascii():  # upper() and lower() fold other scripts' letters into ours ('ı7' would be I7)
            t = ""
        low = t.lower()
        word = low.replace(" ", "")  # a card, square or bonus reads spaces within it too: "M5 = 10"
        if low == "default":
            return DEFAULT
        if low == "no extra":
            return NO_EXTRA
        if low.startswith("sell "):
            count = low[5:]
            # The length first: Python will not read 4,300 digits, and no count has more than 2.
            if count.isascii() and count.isdigit() and len(count) <= 4 and int(count) < 100:
                return SELL + int(count)
        elif low.startswith("declare "):
            card = CARD_OF_NAME.get(t[8:].upper().replace(" ", ""))
            if card is not None:
                return DECLARE + card
        elif low.startswith("+"):
            sq = SQUARE_OF_NAME.get(word[1:])
            if sq is not None:
                return EXTRA + sq
        elif m := _CARD_RE.fullmatch(word.upper()):
            card = CARD_OF_NAME.get(m[1] + m[2])
            if card is not None:
                if m[3] is None:
                    return card * VARIANTS
                if CARD_RANK[card] == FIVE:
                    value = int(m[3])
                    if value == FIVE:
                        return card * VARIANTS
                    if value in FIVE_VALUES:
                        return card * VARIANTS + 1 + FIVE_VALUES.index(value)
        elif m := _PLACE_RE.fullmatch(word):
            sq = SQUARE_OF_NAME.get(m[1])
            n = int(m[2]) if m[2] else 1
            if sq is not None and 1 <= n <= RH2_MAX:
                return PLACE + 20 * (n - 1) + sq
        raise NotationError(
            f"cannot read {text!r} as Tri*T*Area notation (e.g. I7, M5=10, b3, b3x2, default, +c2, no extra, "
            "declare H4, sell 2)"
        )


# -- the state -----------------------------------------------------------------------------------


class TriTAreaState(State):
    """A Tri*T*Area position."""

    __slots__ = (
        "_hands",
        "_results",
        "_scores",
        "blocks",
        "board",
        "decks",
        "declared",
        "extra_from",
        "first_lead",
        "lead",
        "leader",
        "phase",
        "placer",
        "played",
        "rh",
        "rh_cards",
        "rnd",
        "sale_turn",
        "sold",
        "trick",
        "trick_no",
    )

    _HAS_VOCABULARY = True

    game: TriTArea
    decks: tuple[tuple[int, ...], ...]
    _hands: list[int]  # bitmasks of cards
    board: list[tuple[int, ...]]  # per square the seats of its blocks, bottom first
    trick: list[tuple[int, int, int]]  # (seat, card, value) in play order
    played: list[list[tuple[int, int]]]  # per round, (seat, play action) in play order
    _results: list[JSON]
    """The round results, each written once and never changed: clones share them (a copy per
    clone would cost the search more than the clone itself); :attr:`results` hands out copies."""

    def __init__(
        self,
        game: TriTArea,
        setup: Mapping[str, Any] | None,
        lead: int = 0,
        decks: tuple[tuple[int, ...], ...] = (),
        *,
        blank: bool = False,
    ) -> None:
        super().__init__(game, setup)
        if blank:
            return
        self.decks = decks
        self.first_lead = lead
        self._scores = [0] * SEATS
        self.played = []
        self._results = []
        self._start_round(0, lead)

    @property
    def results(self) -> list[JSON]:
        """Each finished round's result (areas, places, declarations, scores, board), as JSON: a
        copy, so that changing it changes neither this state nor its clones, which share them."""
        copied: list[JSON] = copy_json(self._results)
        return copied

    def _start_round(self, rnd: int, lead: int) -> None:
        spec = ROUNDS[rnd]
        deck = self.decks[rnd]
        h = spec.hand
        hands = []
        for s in range(SEATS):
            mask = 0
            for c in deck[s * h : (s + 1) * h]:
                mask |= 1 << c
            hands.append(mask)
        self.rnd = rnd
        self._hands = hands
        self.blocks = [spec.blocks] * SEATS
        self.board = [()] * NSQUARES
        self.lead = self.leader = lead
        self.trick_no = 0
        self.trick = []
        self.rh = (-1, -1)
        self.rh_cards = (-1, -1)
        self.placer = 0
        self.extra_from = -1
        self.declared = [-1] * SEATS
        self.sale_turn = 0
        self.sold = [0] * SEATS
        self.played.append([])
        self.phase = DECLARE_PHASE if spec.declaration == "reveal" else SELL_PHASE if spec.sale else PLAY_PHASE

    # -- turn ------------------------------------------------------------------------------------

    def current_player(self) -> int:
        ph = self.phase
        if ph == PLAY_PHASE:
            return (self.leader + len(self.trick)) % SEATS
        if ph in (PLACE_PHASE, EXTRA_PHASE):
            return self.rh[self.placer]
        if ph == SELL_PHASE:
            return (self.lead - 1 - self.sale_turn) % SEATS
        if ph == DECLARE_PHASE:
            return SIMULTANEOUS
        return TERMINAL

    def phase_name(self) -> str:
        """``declare``, ``sell``, ``play``, ``place``, ``extra`` or ``over``."""
        return PHASE_NAMES[self.phase]

    def players_to_move(self) -> tuple[int, ...]:
        if self.phase == DECLARE_PHASE:
            return tuple(s for s in range(SEATS) if self.declared[s] < 0)
        p = self.current_player()
        return (p,) if p >= 0 else ()

    # -- actions ---------------------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[Action]:
        ph = self.phase
        if ph == OVER:
            # Only State.legal_actions(TERMINAL) reaches here once over (it takes -4 == TERMINAL
            # for the seat to move): no seat, as view(-4) says.
            check_seat(seat, SEATS)
            return []
        if ph == DECLARE_PHASE:
            return [DECLARE + c for c in cards_of(self._hands[seat])]
        if ph == PLAY_PHASE:
            mask = self._hands[seat]
            if self.declared[seat] >= 0:
                mask &= ~(1 << self.declared[seat])
            out: list[Action] = []
            for c in cards_of(mask):
                out.append(c * VARIANTS)
                if CARD_RANK[c] == FIVE:
                    out.extend(range(c * VARIANTS + 1, c * VARIANTS + VARIANTS))
            return out
        if ph == PLACE_PHASE:
            left = self.blocks[seat]
            most = min(left, RH2_MAX if self.placer else 1)
            squares = AREA_SQUARES[CARD_SUIT[self.rh_cards[self.placer]]]
            out = [PLACE + 20 * n + sq for n in range(most) for sq in squares]
            out.append(DEFAULT)
            return out
        if ph == EXTRA_PHASE:
            out = [EXTRA + sq for sq in NEIGHBOURS[self.extra_from]]
            out.append(NO_EXTRA)
            return out
        return [SELL + n for n in range(self.blocks[seat] + 1)]

    def _name(self, action: Action) -> str:
        try:
            return repr(self.game.action_to_string(action))
        except NotationError:
            return shown(action)

    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is not int:
            raise IllegalActionError(f"{shown(action)} is not a Tri*T*Area action")
        ph = self.phase
        if ph == PLAY_PHASE:
            self._play(seat, action)
        elif ph == PLACE_PHASE:
            self._place(seat, action)
        elif ph == EXTRA_PHASE:
            self._extra(seat, action)
        elif ph == DECLARE_PHASE:
            self._declare(seat, action)
        else:
            self._sell(seat, action)

    def _play(self, seat: int, action: int) -> None:
        if not 0 <= action < NPLAYS:
            raise IllegalActionError(f"seat {seat} must play a card, not {self._name(action)}")
        card, variant = divmod(action, VARIANTS)
        if not self._hands[seat] >> card & 1:
            raise IllegalActionError(f"{CARD_NAME[card]} is not in seat {seat}'s hand")
        if card == self.declared[seat]:
            raise IllegalActionError(f"{CARD_NAME[card]} is seat {seat}'s Declaration of Intent: it stays in hand")
        if variant:
            if CARD_RANK[card] != FIVE:
                raise IllegalActionError(f"only a {FIVE} may change its value, not {CARD_NAME[card]}")
            self._scores[seat] -= FIVE_COST
            value = FIVE_VALUES[variant - 1]
        else:
            value = CARD_RANK[card]
        self._hands[seat] &= ~(1 << card)
        self.played[-1].append((seat, action))
        trick = self.trick
        trick.append((seat, card, value))
        if len(trick) == SEATS:
            rh1, rh2 = rightholders(trick)
            cards = {s: c for s, c, _ in trick}
            self.rh = (rh1, rh2)
            self.rh_cards = (cards[rh1], cards[rh2] if rh2 >= 0 else -1)
            self.placer = 0
            self.phase = PLACE_PHASE

    def _place(self, seat: int, action: int) -> None:
        card = self.rh_cards[self.placer]
        if action == DEFAULT:
            self._scores[seat] -= CARD_RANK[card]
            self._next_placer()
            return
        n, sq = divmod(action - PLACE, 20)
        n += 1
        if not (0 <= n - 1 < RH2_MAX and 0 <= sq < NSQUARES) or action < PLACE:
            raise IllegalActionError(f"seat {seat} must place blocks or default, not {self._name(action)}")
        if n > 1 and self.placer == 0:
            raise IllegalActionError("rightholder 1 places one block")
        if n > self.blocks[seat]:
            raise IllegalActionError(f"seat {seat} has {self.blocks[seat]} blocks left, not {n}")
        area = CARD_SUIT[card]
        if AREA_OF[sq] != area:
            raise IllegalActionError(f"{SQUARE_NAME[sq]} is not in the {SUIT_NAMES[area]} area of {CARD_NAME[card]}")
        self._build(seat, sq, n)
        if self.blocks[seat] and any(seat in self.board[nb] for nb in NEIGHBOURS[sq]):
            self.extra_from = sq
            self.phase = EXTRA_PHASE
        else:
            self._next_placer()

    def _extra(self, seat: int, action: int) -> None:
        if action != NO_EXTRA:
            sq = action - EXTRA
            if not 0 <= sq < NSQUARES:
                raise IllegalActionError(
                    f"seat {seat} may add a block or decline ('no extra'), not {self._name(action)}"
                )
            if sq not in NEIGHBOURS[self.extra_from]:
                raise IllegalActionError(
                    f"{SQUARE_NAME[sq]} is not next to {SQUARE_NAME[self.extra_from]}, the square built on"
                )
            self._build(seat, sq, 1)
        self.extra_from = -1
        self._next_placer()

    def _build(self, seat: int, sq: int, n: int) -> None:
        stack = self.board[sq]
        if not stack:
            self._scores[seat] += PRINTED[sq]
        self.board[sq] = stack + (seat,) * n
        self.blocks[seat] -= n

    def _next_placer(self) -> None:
        if self.placer == 0 and self.rh[1] >= 0:
            self.placer = 1
            self.phase = PLACE_PHASE
            return
        self.leader = self.rh[0]
        self.trick = []
        self.rh = (-1, -1)
        self.rh_cards = (-1, -1)
        self.placer = 0
        self.trick_no += 1
        if self.trick_no < ROUNDS[self.rnd].tricks:
            self.phase = PLAY_PHASE
        else:
            self._end_round()

    def _declare(self, seat: int, action: int) -> None:
        card = action - DECLARE
        if not 0 <= card < NCARDS:
            raise IllegalActionError(f"seat {seat} must declare a card, not {self._name(action)}")
        if not self._hands[seat] >> card & 1:
            raise IllegalActionError(f"{CARD_NAME[card]} is not in seat {seat}'s hand")
        self.declared[seat] = card
        if min(self.declared) >= 0:
            self.phase = SELL_PHASE if ROUNDS[self.rnd].sale else PLAY_PHASE

    def _sell(self, seat: int, action: int) -> None:
        n = action - SELL
        if not 0 <= n < 100:
            raise IllegalActionError(f"seat {seat} must say how many blocks to sell, not {self._name(action)}")
        if n > self.blocks[seat]:
            raise IllegalActionError(f"seat {seat} has {self.blocks[seat]} blocks, cannot sell {n}")
        self.blocks[seat] -= n
        self._scores[seat] += SALE_PRICE * n
        self.sold[seat] = n
        self.sale_turn += 1
        if self.sale_turn == SEATS:
            self.phase = PLAY_PHASE

    def _end_round(self) -> None:
        spec = ROUNDS[self.rnd]
        board = self.board
        scores = self._scores
        areas = []
        places = []
        for area in range(len(SUIT_LETTERS)):
            pts, pl = area_standing(board, area)
            areas.append(pts)
            places.append(pl)
        tallest = tallest_points(board)
        declared: list[str | None] = [None] * SEATS
        declaration = [0] * SEATS
        if spec.declaration is not None:
            for s in range(SEATS):
                card = self.declared[s] if spec.declaration == "reveal" else cards_of(self._hands[s])[0]
                declared[s] = CARD_NAME[card]
                place = places[CARD_SUIT[card]][s]
                if place == 1:
                    declaration[s] = CARD_RANK[card]
                elif spec.penalty_from is not None and (place == 0 or place >= spec.penalty_from):
                    declaration[s] = -CARD_RANK[card]
        last = self.rnd == len(ROUNDS) - 1
        end = [-END_PENALTY * self.blocks[s] if last else 0 for s in range(SEATS)]
        for s in range(SEATS):
            scores[s] += sum(a[s] for a in areas) + tallest[s] + declaration[s] + end[s]
        self._results.append(
            {
                "round": self.rnd + 1,
                "areas": {SUIT_LETTERS[a]: areas[a] for a in range(len(SUIT_LETTERS))},
                "places": {SUIT_LETTERS[a]: places[a] for a in range(len(SUIT_LETTERS))},
                "tallest": tallest,
                "declared": declared,
                "declaration": declaration,
                "sold": list(self.sold),
                "end_penalty": end,
                "scores": list(scores),
                "board": [list(stack) for stack in board],
            }
        )
        if last:
            self.phase = OVER
            return
        best = max(range(SEATS), key=lambda s: (scores[s], -s))
        self._start_round(self.rnd + 1, best)

    # -- results ---------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Every seat's money (points) now; at the end, the final scores."""
        return list(self._scores)

    def hand(self, seat: int) -> list[str]:
        """``seat``'s cards in notation, in card order (suits I, M, E, H, then rank)."""
        return [CARD_NAME[c] for c in cards_of(self._hands[seat])]

    def hand_sizes(self) -> list[int]:
        return [h.bit_count() for h in self._hands]

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise self._not_over()
        # A copy: an outcome, like a view, must not alias the state.
        return Outcome.from_scores(self._scores, {"rounds": json.loads(json.dumps(self._results))})

    # -- copies, identity, JSON ------------------------------------------------------------------

    def clone(self) -> TriTAreaState:
        new = TriTAreaState(self.game, self.initial_setup, blank=True)
        new.history = list(self.history)
        new.decks = self.decks
        new.first_lead = self.first_lead
        new.rnd = self.rnd
        new.phase = self.phase
        new._hands = list(self._hands)
        new._scores = list(self._scores)
        new.blocks = list(self.blocks)
        new.board = list(self.board)
        new.lead = self.lead
        new.leader = self.leader
        new.trick_no = self.trick_no
        new.trick = list(self.trick)
        new.rh = self.rh
        new.rh_cards = self.rh_cards
        new.placer = self.placer
        new.extra_from = self.extra_from
        new.declared = list(self.declared)
        new.sale_turn = self.sale_turn
        new.sold = list(self.sold)
        new.played = [list(p) for p in self.played]
        new._results = self._results[:]  # round results are never changed once written
        return new

    def key(self) -> Hashable:
        return (
            self.decks,
            self.first_lead,
            self.rnd,
            self.phase,
            tuple(self._hands),
            tuple(self._scores),
            tuple(self.blocks),
            tuple(self.board),
            self.lead,
            self.leader,
            self.trick_no,
            tuple(self.trick),
            self.rh,
            self.rh_cards,
            self.placer,
            self.extra_from,
            tuple(self.declared),
            self.sale_turn,
            tuple(self.sold),
            tuple(tuple(p) for p in self.played),
            json.dumps(self._results),
        )

    def _hidden_history(self, seat: int | None) -> set[int]:
        """Indices of history entries ``seat`` may not see: others' pending Declarations."""
        if self.phase != DECLARE_PHASE:
            return set()
        chosen = sum(1 for c in self.declared if c >= 0)
        n = len(self.history)
        return {i for i in range(n - chosen, n) if self.history[i][0] != seat}

    def _public(self, seat: int | None, everything: bool) -> JSON:
        name = NOTATION.__getitem__
        pending = self.phase == DECLARE_PHASE and not everything
        declared: list[Any] = []
        for s, c in enumerate(self.declared):
            if c < 0:
                declared.append(None)
            elif pending and s != seat:
                declared.append(True)
            else:
                declared.append(CARD_NAME[c])
        hidden = set() if everything else self._hidden_history(seat)
        rh1, rh2 = self.rh
        data: JSON = {
            "round": self.rnd + 1,
            "phase": PHASE_NAMES[self.phase],
            "first_lead": self.first_lead,
            "lead": self.lead,
            "leader": self.leader,
            "trick_number": self.trick_no + 1,
            "blocks": list(self.blocks),
            "sold": list(self.sold),
            "board": [list(stack) for stack in self.board],
            "trick": [[s, name(a)] for s, a in self.played[-1][len(self.played[-1]) - len(self.trick) :]],
            "rightholders": [rh1, rh2 if rh2 >= 0 else None] if rh1 >= 0 else None,
            "placing": self.placer if self.phase in (PLACE_PHASE, EXTRA_PHASE) else None,
            "extra_from": SQUARE_NAME[self.extra_from] if self.extra_from >= 0 else None,
            "declared": declared,
            "played": [[[s, name(a)] for s, a in plays] for plays in self.played],
            "results": self._results,
            "history": [[s, name(a)] for s, a in self._history_shown(hidden, everything)],
        }
        return data

    def _history_shown(self, hidden: set[int], everything: bool) -> list[tuple[int, Action]]:
        """The history as ``_public`` gives it. In a view, the Declarations made together are
        listed in seat order: they are simultaneous, so the order they came in is no part of the
        game, and two equal positions show the same view (agents seed from it)."""
        shown = [entry for i, entry in enumerate(self.history) if i not in hidden]
        if everything:
            return shown
        declared = [type(a) is int and DECLARE <= a < DECLARE + NCARDS for _, a in shown]
        i = 0
        while i < len(shown):
            j = i
            while j < len(shown) and declared[j]:
                j += 1
            shown[i:j] = sorted(shown[i:j], key=lambda entry: entry[0])
            i = j + 1
        return shown

    def to_json(self) -> JSON:
        data = self._json_header()
        data.update(self._public(None, True))
        data["scores"] = list(self._scores)
        data["hand_sizes"] = self.hand_sizes()
        data["hands"] = [[CARD_NAME[c] for c in cards_of(h)] for h in self._hands]
        return json.loads(json.dumps(data))

    def view(self, seat: int | None = None) -> JSON:
        data = self._view_header(seat)
        data.update(self._public(seat, False))
        data["results"] = json.loads(json.dumps(self._results))  # a copy: views must not alias the state
        return data

    # -- rendering -------------------------------------------------------------------------------

    def render(self, seat: int | None = None) -> str:
        v = self.view(seat)
        lines = [
            f"Tri*T*Area  round {v['round']}/{len(ROUNDS)}  trick {min(v['trick_number'], ROUNDS[self.rnd].tricks)}"
            f"/{ROUNDS[self.rnd].tricks}  lead P{v['lead'] + 1}  "
            + ("game over" if self.phase == OVER else f"phase: {v['phase']}")
        ]
        lines.append("     " + "".join(f"{'abcdefgh'[c]:<12}" for c in range(COLS)))
        for r in range(ROWS):
            cells = []
            for c in range(COLS):
                sq = r * COLS + c
                stack = self.board[sq]
                printed = f"({PRINTED[sq]})" if PRINTED[sq] else ""
                owner = f"{len(stack)}xP{stack[-1] + 1}" if stack else "."
                cells.append(f"{SUIT_LETTERS[AREA_OF[sq]]}{printed} {owner}".ljust(12))
            lines.append(f"  {r + 1}  " + "".join(cells).rstrip())
        lines.append(
            "areas: "
            + ", ".join(
                f"{SUIT_LETTERS[a]}={SUIT_NAMES[a]} {PLACE_VALUES[a][0]}/{PLACE_VALUES[a][1]}" for a in range(4)
            )
            + "   (n)=printed score, 3xP2 = 3 blocks high, top block P2's"
        )
        for s in range(SEATS):
            decl = v["declared"][s]
            extra = f"  sold {v['sold'][s]}" if v["sold"][s] else ""
            extra += f"  declared {'(hidden)' if decl is True else decl}" if decl is not None else ""
            you = "  <- you" if s == seat else ""
            lines.append(
                f"P{s + 1}: {v['scores'][s]:>4} points  {v['blocks'][s]} blocks left  "
                f"{v['hand_sizes'][s]} card{'' if v['hand_sizes'][s] == 1 else 's'}{extra}{you}"
            )
        if seat is not None:
            lines.append("your hand: " + (" ".join(v["hand"]) or "(empty)"))
        if v["trick"]:
            lines.append("trick: " + ", ".join(f"P{s + 1} {text}" for s, text in v["trick"]))
        if v["rightholders"] is not None:
            rh1, rh2 = v["rightholders"]
            lines.append(f"rightholders: RH1 P{rh1 + 1}" + (f", RH2 P{rh2 + 1}" if rh2 is not None else ", no RH2"))
        if self._results:
            last = self._results[-1]
            lines.append(
                f"round {last['round']} scored: " + ", ".join(f"P{s + 1} {last['scores'][s]}" for s in range(4))
            )
        p = self.current_player()
        if p >= 0:
            what = {
                PLAY_PHASE: "play a card",
                PLACE_PHASE: f"place as RH{self.placer + 1} (or default)",
                EXTRA_PHASE: f"additional construction next to {v['extra_from']} (or no extra)",
                SELL_PHASE: "sell blocks",
            }[self.phase]
            lines.append(f"to move: P{p + 1}, {what}")
        elif p == SIMULTANEOUS:
            lines.append("to move: " + ", ".join(f"P{s + 1}" for s in self.players_to_move()) + ", declare a card")
        else:
            lines.append("final scores: " + ", ".join(f"P{s + 1} {self._scores[s]}" for s in range(SEATS)))
        return "\n".join(lines)
