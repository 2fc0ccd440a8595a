"""Tri*T*Area's rules: the game, its positions and what each action does (the rules followed and
the decisions taken are in the package's docstring, :mod:`tritable.games.tri_t_area`)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable, Mapping
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
    copy_json,
    viewed_draws,
)
from tritable.games.tri_t_area.render import draw
from tritable.games.tri_t_area.sampling import sample
from tritable.games.tri_t_area.scoring import area_standing, rightholders, tallest_points
from tritable.games.tri_t_area.tables import (
    AREA_OF,
    AREA_SQUARES,
    CARD_NAME,
    CARD_PLAYS,
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
    VARIANTS,
    action_text,
    cards_of,
    parse_action,
)
from tritable.games.tri_t_area.validation import read_setup, read_state
from tritable.games.tri_t_area.views import copy_results, seat_view, state_json

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
        return copy_results(self._results)

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
        if ph == DECLARE_PHASE:
            return [DECLARE + c for c in cards_of(self._hands[seat])]
        if ph == PLAY_PHASE:
            mask = self._hands[seat]
            if self.declared[seat] >= 0:
                mask &= ~(1 << self.declared[seat])
            out: list[Action] = []
            extend = out.extend
            while mask:  # cards_of(mask), inline: this runs at every play
                low = mask & -mask
                extend(CARD_PLAYS[low.bit_length() - 1])
                mask ^= low
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
        return Outcome.from_scores(self._scores, {"rounds": copy_results(self._results)})

    # -- copies, identity, JSON, views ---------------------------------------------------------

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

    def to_json(self) -> JSON:
        return state_json(self)

    def view(self, seat: int | None = None) -> JSON:
        return seat_view(self, seat)

    # -- drawing ---------------------------------------------------------------------------------

    def render(self, seat: int | None = None) -> str:
        return draw(self.view(seat)).text()
