"""Tri*T*Area's state JSON and views: what a state writes, and what each seat and a spectator
see of it (a pending Declaration stays hidden until all four have chosen)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tritable.engine.protocol import JSON, Action
from tritable.games.tri_t_area.events import events, last_action, last_trick
from tritable.games.tri_t_area.tables import (
    CARD_NAME,
    DECLARE,
    DECLARE_END,
    DECLARE_PHASE,
    EXTRA_PHASE,
    NOTATION,
    PHASE_NAMES,
    PLACE_PHASE,
    SQUARE_NAME,
    cards_of,
)

if TYPE_CHECKING:
    from tritable.games.tri_t_area.game import TriTAreaState


def _hidden_history(state: TriTAreaState, seat: int | None) -> set[int]:
    """Indices of history entries ``seat`` may not see: others' pending Declarations."""
    if state.phase != DECLARE_PHASE:
        return set()
    chosen = sum(1 for c in state.declared if c >= 0)
    n = len(state.history)
    return {i for i in range(n - chosen, n) if state.history[i][0] != seat}


def _public(state: TriTAreaState, seat: int | None, everything: bool) -> JSON:
    name = NOTATION.__getitem__
    pending = state.phase == DECLARE_PHASE and not everything
    declared: list[Any] = []
    for s, c in enumerate(state.declared):
        if c < 0:
            declared.append(None)
        elif pending and s != seat:
            declared.append(True)
        else:
            declared.append(CARD_NAME[c])
    hidden = set() if everything else _hidden_history(state, seat)
    rh1, rh2 = state.rh
    data: JSON = {
        "round": state.rnd + 1,
        "phase": PHASE_NAMES[state.phase],
        "first_lead": state.first_lead,
        "lead": state.lead,
        "leader": state.leader,
        "trick_number": state.trick_no + 1,
        "blocks": list(state.blocks),
        "sold": list(state.sold),
        "board": [list(stack) for stack in state.board],
        "trick": [[s, name(a)] for s, a in state.played[-1][len(state.played[-1]) - len(state.trick) :]],
        "rightholders": [rh1, rh2 if rh2 >= 0 else None] if rh1 >= 0 else None,
        "placing": state.placer if state.phase in (PLACE_PHASE, EXTRA_PHASE) else None,
        "extra_from": SQUARE_NAME[state.extra_from] if state.extra_from >= 0 else None,
        "declared": declared,
        "played": [[[s, name(a)] for s, a in plays] for plays in state.played],
        "results": state._results,
        "last_trick": last_trick(state),
        "history": [[s, name(a)] for s, a in _history_shown(state, hidden, everything)],
    }
    return data


def _history_shown(state: TriTAreaState, hidden: set[int], everything: bool) -> list[tuple[int, Action]]:
    """The history as ``_public`` gives it. In a view, the Declarations made together are
    listed in seat order: they are simultaneous, so the order they came in is no part of the
    game, and two equal positions show the same history (only ``last_action`` and ``events``
    tell who chose last; agents seed from the rest)."""
    history = state.history
    shown = [entry for i, entry in enumerate(history) if i not in hidden] if hidden else history[:]
    if everything:
        return shown
    # A view is built for every seat after every move, so this walks the history once, in a
    # comprehension, and sorts only the runs of Declarations (one run a round).
    at = [i for i, (_, a) in enumerate(shown) if type(a) is int and DECLARE <= a < DECLARE_END]
    k = 0
    while k < len(at):
        start = end = at[k]
        while k + 1 < len(at) and at[k + 1] == end + 1:
            k += 1
            end += 1
        if end > start:
            shown[start : end + 1] = sorted(shown[start : end + 1], key=_seat_of)
        k += 1
    return shown


def _seat_of(entry: tuple[int, Action]) -> int:
    return entry[0]


def copy_results(results: list[JSON]) -> list[JSON]:
    """A copy of the rounds' results sharing nothing mutable with them. They hold numbers, lists
    of numbers, a board (lists of lists) and mappings of suits to lists: a copy made for that
    shape is four times quicker than a JSON round trip, and every view makes one."""
    copied: list[JSON] = []
    for result in results:
        row: JSON = {}
        for key, value in result.items():
            kind = type(value)
            if kind is list:
                row[key] = [item[:] for item in value] if value and type(value[0]) is list else value[:]
            elif kind is dict:
                row[key] = {k: v[:] if type(v) is list else v for k, v in value.items()}
            else:
                row[key] = value
        copied.append(row)
    return copied


def state_json(state: TriTAreaState) -> JSON:
    """The state JSON of ``state``: everything, hidden cards included."""
    data = state._json_header()
    data.update(_public(state, None, True))
    data["scores"] = list(state._scores)
    data["hand_sizes"] = state.hand_sizes()
    data["hands"] = [[CARD_NAME[c] for c in cards_of(h)] for h in state._hands]
    return json.loads(json.dumps(data))


def seat_view(state: TriTAreaState, seat: int | None) -> JSON:
    """What ``seat`` (``None``: a spectator) sees of ``state``."""
    data = state._view_header(seat)
    data["last_action"] = last_action(state, seat)
    public = _public(state, seat, False)
    data["events"] = events(state, seat, public["last_trick"])
    data.update(public)
    data["results"] = copy_results(state._results)  # a copy: views must not alias the state
    return data
