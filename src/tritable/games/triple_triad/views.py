"""Triple Triad's state JSON and views: what a state writes, what each seat and a spectator see
of it (hidden hands stay hidden without the Open rule), and what the last action did."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tritable.engine.protocol import JSON, TERMINAL, Action, copy_json
from tritable.games.triple_triad.data import ELEMENTS, NAME_BY_BASE
from tritable.games.triple_triad.data import NO_ELEMENTS as _NO_ELEMENTS
from tritable.games.triple_triad.events import placement_events, round_end_event, seat_name, trade_event

if TYPE_CHECKING:
    from tritable.games.triple_triad.game import TripleTriadState


def _names(bases: Sequence[int]) -> list[str]:
    return [NAME_BY_BASE[b] for b in bases]


def _board_to_json(cards: Sequence[int], owner: Sequence[int]) -> list[Any]:
    return [None if b < 0 else {"card": NAME_BY_BASE[b], "owner": o} for b, o in zip(cards, owner, strict=True)]


def _sorted_names(bases: Sequence[int] | Counter[int]) -> list[str]:
    items = sorted(bases.elements()) if isinstance(bases, Counter) else sorted(bases)
    return [NAME_BY_BASE[b] for b in items]


def state_json(state: TripleTriadState) -> JSON:
    """The state JSON of ``state``: everything, hidden hands included."""
    data = state._json_header()
    data["round"] = state._round
    data["player"] = state._p
    data["board"] = [None if b < 0 else [NAME_BY_BASE[b], o] for b, o in zip(state._cards, state._owner, strict=True)]
    data["hands"] = [_names(h) for h in state._hands]
    data["known"] = None if state._known is None else [_names(k) for k in state._known]
    data["rounds"] = [_board_to_json(c, o) for c, o in state._finals]
    data["picks"] = state._picks
    data["taken"] = _names(state._taken)
    # What the last action did is told from it and the cells it captured (not part of the
    # position: key() leaves them out); "last" only where the history does not hold it.
    data["captured"] = [n + 1 for n in range(9) if state._got >> n & 1]
    last = None if state.history else state._last
    data["last"] = None if last is None else [last[0], state.game.action_to_string(last[1])]
    return data


def _elements_json(elems: tuple[int, ...] | None) -> list[str | None] | None:
    return None if elems is None else [None if e < 0 else ELEMENTS[e] for e in elems]


def seat_view(state: TripleTriadState, seat: int | None) -> JSON:
    """What ``seat`` (``None``: a spectator) sees of ``state``."""
    v = state._view_header(seat)
    decided = state.is_decided()
    g = state.game
    v["cards"] = copy_json(state._table.json)  # a setup's own table: what a client draws the cards from
    v["round"] = state._round
    v["first"] = state._firsts[state._round - 1]
    v["board"] = _board_to_json(state._cards, state._owner)
    if g._elemental:
        v["elements"] = _elements_json(state._elems)
    hands: list[list[str] | None] = []
    known: list[list[str] | None] = []
    brought: list[list[str]] = []
    hidden = not (g._open or decided) and state._known is not None
    for s in range(2):
        public = state._known[s] if hidden and state._known is not None else None
        known.append(None if public is None else _sorted_names(public))
        if public is None or seat == s:
            hands.append(_names(state._hands[s]))
            brought.append(_names(state.brought()[s]))
        else:
            hands.append(None)
            # What was never on the board is the hand's non-public part; the rest has been seen.
            unseen = Counter(state._hands[s]) - Counter(public)
            brought.append(_sorted_names(Counter(state.brought()[s]) - unseen))
    v["hands"] = hands
    v["known"] = known
    v["brought"] = brought
    v["rounds"] = [
        {
            "first": state._firsts[i],
            "board": _board_to_json(c, o),
            "elements": _elements_json(None if state._elements is None else state._elements[i]),
        }
        for i, (c, o) in enumerate(state._finals)
    ]
    last = state.last_action()
    v["last_action"] = None if last is None else {"seat": last[0], "action": g.action_to_string(last[1])}
    v["events"], v["drawn_round"] = _narrate(state, last)
    if decided:
        v["trade"] = {
            "rule": g._trade,
            "winner": state.winner(),
            "picks_left": state._picks,
            "taken": _names(state._taken),
            "transfers": state.transfers(),
        }
    return v


def _ended_drawn_round(state: TripleTriadState, last: tuple[int, Action] | None) -> bool:
    """Whether ``last`` was the placement that drew the round before this one (Sudden Death
    dealt the next round within it): a placement leaves a card on the board otherwise."""
    return last is not None and state._mask == 511 and bool(state._finals) and state._round > 1


def _narrate(state: TripleTriadState, last: tuple[int, Action] | None) -> tuple[list[JSON], JSON | None]:
    """The events of the last action, and the round it drew (for ``drawn_round``)."""
    if last is None:
        return [], None
    seat, action = last
    assert type(action) is int
    g = state.game
    take, b, k = state._decode(action)
    if take:
        name = NAME_BY_BASE[b]
        text = f"{seat_name(seat)} takes {name} from {seat_name(1 - seat)}"
        return [{"type": "take", "seat": seat, "card": name, "text": text}], None
    drawn = None
    if _ended_drawn_round(state, last):
        rnd = state._round - 1
        cards, owner = state._finals[-1]
        elems = _NO_ELEMENTS if state._elements is None else state._elements[rnd - 1]
        drawn = {
            "round": rnd,
            "first": state._firsts[rnd - 1],
            "board": _board_to_json(cards, owner),
            "elements": _elements_json(None if state._elements is None else elems),
            "scores": [5, 5],
        }
    else:
        rnd = state._round
        cards, owner = tuple(state._cards), tuple(state._owner)
        elems = state._elems
    if cards[k] != b or owner[k] != seat:
        return [], drawn  # a position edited by hand, which its history no longer leads to
    q = 1 - seat
    got = state._got
    before_cards = list(cards)
    before_cards[k] = -1
    before_owner = [q if got >> n & 1 else o for n, o in enumerate(owner)]
    before_owner[k] = -1
    events, _ = placement_events(before_cards, before_owner, elems, k, b, seat, state._mode)
    if drawn is not None:
        events.append(round_end_event(rnd, [5, 5], state._firsts[rnd], 0, False))
    elif not state._mask:
        scores = state.scores()
        final = state._round == len(state._firsts)
        events.append(round_end_event(rnd, scores, None, state._picks, final))
        if state._p == TERMINAL:
            traded = trade_event(g._trade, state.transfers())
            if traded is not None:
                events.append(traded)
    return events, drawn
