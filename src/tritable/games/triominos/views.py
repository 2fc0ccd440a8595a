"""Triominos' state JSON and views: what a state writes, what each seat and a spectator see of
it, and :class:`Tally`, the counts of a view without its text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tritable.engine.protocol import JSON
from tritable.games.triominos.basics import EVERY_SEAT, notation
from tritable.games.triominos.events import event_json
from tritable.games.triominos.tiles import NAMES, mask_tiles, tri_xy

if TYPE_CHECKING:
    from tritable.games.triominos.game import TriominosState


def layout_json(layout: dict[int, int]) -> list[str]:
    """The layout as its lays' notation, row by row."""
    placed = []
    for t, code in layout.items():
        x, y = tri_xy(t)
        placed.append((y, x, code))
    placed.sort()
    # Each placement written as its lay action's notation.
    return [notation((code // 3, x, y, code % 3)) for y, x, code in placed]


def _last_json(state: TriominosState) -> list[int] | None:
    return list(tri_xy(state.last)) if state.last >= 0 else None


def start_json(start: tuple[int, int, int, int] | None) -> JSON | None:
    if start is None:
        return None
    seat, tile, points, revealed = start
    return {
        "seat": seat,
        "tile": NAMES[tile],
        "points": points,
        "revealed": NAMES[revealed] if revealed >= 0 else None,
    }


def log_json(entry: tuple[Any, ...]) -> JSON:
    rnd, start, end, winners, gains, sums = entry
    return {
        "round": rnd,
        "start": start_json(start),
        "end": end,
        "winners": list(winners),
        "points": list(gains),
        "rack_sums": list(sums),
    }


def last_round_json(state: TriominosState) -> JSON | None:
    if state._last_round is None:
        return None
    racks, final, last = state._last_round
    data = log_json(state.log[-1])
    data["racks"] = [[NAMES[t] for t in mask_tiles(r)] for r in racks]
    data["layout"] = layout_json(final)
    data["last"] = list(tri_xy(last)) if last >= 0 else None
    return data


def _public(state: TriominosState) -> JSON:
    return {
        "target": state.game.options["target"],
        "round": state.round,
        "round_start": state.round_start,
        "rounds": state.round + 1 + len(state.future),
        "target_reached": state.reached,
        "layout": layout_json(state.layout),
        "last": _last_json(state),
        "revealed": [[NAMES[t] for t in mask_tiles(m)] for m in state.revealed],
        "pool": len(state.pool) - state.drawn,
        "draws": state.draws,
        "choice": state.choice,
        "start": start_json(state.start),
        "log": [log_json(e) for e in state.log],
        "last_round": last_round_json(state),
    }


def state_json(state: TriominosState) -> JSON:
    """The state JSON of ``state``: everything, the racks and the pool included."""
    data = state._json_header()
    data.update(_public(state))
    data.update(
        {
            "scores": list(state._scores),
            "hand_sizes": state.hand_sizes(),
            "events": [event_json(e, EVERY_SEAT) for e in state._events],
            "to_move": state.to_move,
            "future": list(state.future),
            "racks": [[NAMES[t] for t in mask_tiles(r)] for r in state.racks],
            "pool": [NAMES[t] for t in state.pool[state.drawn :]],
        }
    )
    return data


def seat_view(state: TriominosState, seat: int | None) -> JSON:
    """What ``seat`` (``None``: a spectator) sees of ``state``."""
    data = state._view_header(seat)
    data.update(_public(state))
    history = state.history
    data["last_action"] = {"seat": history[-1][0], "action": notation(history[-1][1])} if history else None
    data["events"] = [event_json(e, seat) for e in state._events]
    data["history"] = [[s, notation(a)] for s, a in history]
    return data
