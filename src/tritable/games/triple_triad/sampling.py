"""Drawing a Triple Triad state from a seat's view: the hidden cards from the level pool, the
later rounds' first players and elements afresh (see the package docstring, Views)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tritable.engine.errors import StateError
from tritable.engine.protocol import JSON, TERMINAL, copy_json
from tritable.games.triple_triad.data import BUILTIN, HAND_SIZE, NAME_BY_BASE, CardTable
from tritable.games.triple_triad.deal import draw_rounds
from tritable.games.triple_triad.validation import (
    _board_from_json,
    _card_id,
    _check_cards_in_play,
    _check_phase,
    _check_trade,
    _known_now,
    _left_in_order,
    _left_to_take,
    _parse_setup,
    _round_start,
    _set_board,
    _set_last,
    _whole,
)

if TYPE_CHECKING:
    from tritable.games.triple_triad.game import TripleTriad, TripleTriadState


def _sample(self: TripleTriad, view: Mapping[str, Any], rng: random.Random) -> TripleTriadState:
    if view.get("game") != self.id:
        raise StateError(f"not a {self.id} view: {view.get('game')!r}")
    rnd = _whole(view["round"], "round")
    finals = view["rounds"]
    if len(finals) != rnd - 1 or not 1 <= rnd <= self._rounds:
        raise StateError(f"the view's round {rnd} does not match its {len(finals)} earlier rounds")
    cards_json = view["cards"]
    table = BUILTIN if cards_json is None else CardTable.from_json(cards_json, StateError)
    pool = self._pool_bases if table is BUILTIN else table.pool(self.options["min_level"], self.options["max_level"])
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
        fresh = (draw_rounds(self, rng)[1] or [])[: self._rounds - rnd]
        setup["elements"] = seen + fresh
    state = self._build(setup, *_parse_setup(self, setup))  # a setup of its own: no copy needed
    state._round = rnd
    state._finals = tuple(_board_from_json(f["board"], table) for f in finals)
    if state._elements is not None:
        state._elems = state._elements[rnd - 1]
    state._hands = hands
    if state._known is not None:
        # A hand the view shows has its known cards worked out; a hidden one, as the view says.
        start, seen = _round_start(state)
        for s in range(2):
            if view["hands"][s] is None and not Counter(hands[s]) - Counter(start[s]):
                hands[s] = _left_in_order(start[s], hands[s])  # the order play leaves, as _check_hands wants
        state._known = [
            list(_known_now(state, s, start, seen).elements())
            if view["hands"][s] is not None
            else [9 * _card_id(n, "view", StateError, table) for n in view["known"][s]]
            for s in range(2)
        ]
    state._dup = True
    cards, owner = _board_from_json(view["board"], table)
    _check_cards_in_play(cards, hands, brought)
    _set_board(state, cards, owner)
    turn = view["turn"]
    state._p = turn["players"][0] if turn["players"] else TERMINAL
    trade = view.get("trade")
    if trade is not None:
        state._taken = tuple(9 * _card_id(n, "view", StateError, table) for n in trade["taken"])
        state._picks = _whole(trade["picks_left"], "picks_left")
        if state._picks:
            state._pickable = _left_to_take(state)
        _check_trade(state)
    _check_phase(state)  # the checks a state read from JSON gets
    if state._taken and not state._picks:  # with picks due, _pickable checked them above
        _left_to_take(state)
    told = view["last_action"]
    if told is not None:
        state._last = (_whole(told["seat"], "last action's seat"), self.string_to_action(told["action"]))
    captured = [c for e in view["events"] if e["type"] in ("capture", "combo") for c in e["cells"]]
    _set_last(state, state._last, captured)
    return state
