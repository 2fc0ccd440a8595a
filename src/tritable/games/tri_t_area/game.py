"""Tri*T*Area's rules: the game, its positions and what each action does (the rules followed and
the decisions taken are in the package's docstring, :mod:`tritable.games.tri_t_area`)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from tritable.engine.errors import IllegalActionError, shown
from tritable.engine.protocol import (
    JSON,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    Outcome,
    State,
    check_seat,
    copy_json,
    viewed_draws,
)
from tritable.games.tri_t_area.events import events, last_action, last_trick
from tritable.games.tri_t_area.render import draw
from tritable.games.tri_t_area.sampling import sample
from tritable.games.tri_t_area.tables import (
    AREA_OF,
    AREA_SQUARES,
    CARD_NAME,
    CARD_RANK,
    CARD_SUIT,
    DECLARE,
    DECLARE_PHASE,
    DEFAULT,
    END_PENALTY,
    EXTRA,
    EXTRA_PHASE,
    FIVE,
    FIVE_COST,
    FIVE_VALUES,
    NCARDS,
    NEIGHBOURS,
    NO_EXTRA,
    NOTATION,
    NPLAYS,
    NSQUARES,
    OVER,
    PHASE_NAMES,
    PLACE,
    PLACE_PHASE,
    PLACE_VALUES,
    PLAY_PHASE,
    PRINTED,
    RH2_MAX,
    ROUNDS,
    SALE_PRICE,
    SEATS,
    SELL,
    SELL_PHASE,
    SQUARE_NAME,
    SUIT_LETTERS,
    SUIT_NAMES,
    TALLEST_POINTS,
    VARIANTS,
    action_text,
    cards_of,
    parse_action,
)
from tritable.games.tri_t_area.validation import read_setup, read_state

# -- the rules of a trick and of a round's scoring -----------------------------------------------


def rightholders(trick: Sequence[tuple[int, int, int]]) -> tuple[int, int]:
    """(RH1, RH2) of a full trick of ``(seat, card, value)`` in play order, led first; RH2 is -1
    when not awarded.

    >>> from tritable.games.tri_t_area.tables import CARD_OF_NAME
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
        lead, decks = read_setup(setup)
        return TriTAreaState(self, copy_json(setup), lead, decks)

    def state_from_json(self, data: Mapping[str, Any]) -> TriTAreaState:
        return read_state(self, data)

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> TriTAreaState:
        return self.sampler(view)(rng)  # a first draw: the view checked in its types too

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], TriTAreaState]:
        """Draws as :meth:`sample_state` does; the view's types are checked at the first draw
        only (every draw still shows the seat the view's values)."""
        return viewed_draws(view, lambda rng: sample(self, view, rng), "Tri*T*Area view")

    def action_to_string(self, action: Action) -> str:
        return action_text(action)

    def string_to_action(self, text: str) -> Action:
        return parse_action(text)


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
        text = NOTATION.get(action) if type(action) is int else None
        return shown(action) if text is None else repr(text)

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
            "last_trick": last_trick(self),
            "history": [[s, name(a)] for s, a in self._history_shown(hidden, everything)],
        }
        return data

    def _history_shown(self, hidden: set[int], everything: bool) -> list[tuple[int, Action]]:
        """The history as ``_public`` gives it. In a view, the Declarations made together are
        listed in seat order: they are simultaneous, so the order they came in is no part of the
        game, and two equal positions show the same history (only ``last_action`` and ``events``
        tell who chose last; agents seed from the rest)."""
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
        data["last_action"] = last_action(self, seat)
        public = self._public(seat, False)
        data["events"] = events(self, seat, public["last_trick"])
        data.update(public)
        data["results"] = json.loads(json.dumps(self._results))  # a copy: views must not alias the state
        return data

    # -- drawing ---------------------------------------------------------------------------------

    def render(self, seat: int | None = None) -> str:
        return draw(self.view(seat)).text()
