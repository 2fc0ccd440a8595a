"""What an action did, as the ``events`` of a view: written from the raw events a state keeps, and
read back (state JSON, a view given to the sampler). The package docstring lists them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tritable.engine.errors import NotationError, StateError, shown
from tritable.engine.protocol import (
    JSON,
    Action,
    copy_json,
    same_json,
)
from tritable.games.triominos.basics import (
    BLOCKED,
    BRIDGE_BONUS,
    DRAW,
    DRAW_PENALTY,
    EVERY_SEAT,
    FAILED_DRAWS_PENALTY,
    HEXAGON_BONUS,
    MAX_DRAWS,
    OUT,
    OUT_BONUS,
    PASS,
    SLOT_BONUS,
    START_BONUS,
    TRIPLE_000_START,
    int_list,
    is_int,
    nonneg,
    notation,
    parse_placement,
    tile_of,
)
from tritable.games.triominos.tiles import (
    BIT,
    NAMES,
    SUMS,
    TRIPLE_000,
    TRIPLE_MASK,
)

BONUS_KINDS = {
    "start": "the start bonus",
    "bridge": "a bridge",
    "slot": "a filled slot",
    "hexagon": "a hexagon",
    "double_hexagon": "a double hexagon",
    "triple_hexagon": "a triple hexagon",
}
"""The kinds of a ``bonus`` event, and how its text names them."""


EVENT_TYPES = ("lay", "bonus", "reveal", "draw", "pass", "target", "round_end", "deal", "game_over")


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def event_json(raw: tuple[Any, ...], viewer: int | None) -> JSON:
    """One event of ``view(viewer)["events"]`` from the raw event the state keeps (``viewer``
    ``EVERY_SEAT``: state JSON, every drawn tile named). The package docstring lists them."""
    kind = raw[0]
    if kind == "lay":
        _, seat, (tile, x, y, rot), start = raw
        name, points = NAMES[tile], SUMS[tile]
        where = "the start tile" if start else f"{name} on {x},{y}"
        text = f"{_p(seat)} lays {where}{' ' + name if start else ''}: +{points}"
        return {"type": kind, "seat": seat, "text": text, "tile": name, "action": notation((tile, x, y, rot)),
                "x": x, "y": y, "points": points, "start": start}  # fmt: skip
    if kind == "bonus":
        _, seat, what, points = raw
        if what == "start":
            text = f"{_p(seat)} scores the start bonus{' of 0-0-0' if points == TRIPLE_000_START else ''}: +{points}"
        elif what == "bridge":
            text = f"{_p(seat)} builds a bridge: +{points}"
        elif what == "slot":
            text = f"{_p(seat)} fills a slot: +{points}"
        else:
            text = f"{_p(seat)} completes {BONUS_KINDS[what]}: +{points}"
        return {"type": kind, "seat": seat, "text": text, "kind": what, "points": points}
    if kind == "reveal":
        _, seat, tile = raw
        text = f"{_p(seat)} starts with 0-0-0 and shows {NAMES[tile]}"
        return {"type": kind, "seat": seat, "text": text, "tile": NAMES[tile]}
    if kind == "draw":
        _, seat, tile = raw
        seen = tile >= 0 and viewer in (seat, EVERY_SEAT)
        text = f"{_p(seat)} draws {NAMES[tile] if seen else 'a tile'}: -{DRAW_PENALTY}"
        return {"type": kind, "seat": seat, "text": text, "tile": NAMES[tile] if seen else None,
                "points": -DRAW_PENALTY}  # fmt: skip
    if kind == "pass":
        _, seat, penalty = raw
        why = f"after {MAX_DRAWS} draws: -{penalty}" if penalty else "(the pool is empty)"
        return {"type": kind, "seat": seat, "text": f"{_p(seat)} passes {why}", "points": -penalty}
    if kind == "target":
        _, seat, score = raw
        text = f"{_p(seat)} reaches {score} points, the target: the game ends with this round"
        return {"type": kind, "seat": seat, "text": text, "score": score}
    if kind == "round_end":
        _, rnd, end, winners, gains, sums = raw
        if end == OUT:
            (seat,) = winners
            others = sum(sums)
            text = (
                f"{_p(seat)} goes out and ends round {rnd + 1}: +{gains[seat]} "
                f"({OUT_BONUS} + {others} in the other racks)"
            )
        else:
            seat = winners[0] if len(winners) == 1 else None
            who = " and ".join(_p(w) for w in winners)
            won = ", ".join(f"{_p(w)} {gains[w]:+d}" for w in winners)
            text = f"Round {rnd + 1} is blocked: the lowest rack ({sums[winners[0]]}) wins, {who}: {won}"
        return {"type": kind, "seat": seat, "text": text, "round": rnd, "end": end, "winners": list(winners),
                "points": list(gains), "rack_sums": list(sums)}  # fmt: skip
    if kind == "deal":
        _, rnd, starter = raw
        text = f"Round {rnd + 1} is dealt: {_p(starter)} lays the start tile"
        return {"type": kind, "seat": starter, "text": text, "round": rnd}
    _, winners = raw
    if not winners:
        text = "Game over: a draw"
    elif len(winners) == 1:
        text = f"Game over: {_p(winners[0])} wins"
    else:
        text = f"Game over: {' and '.join(_p(w) for w in winners)} share the win"
    return {"type": kind, "seat": None, "text": text, "winners": list(winners)}


BONUS_POINTS = {
    "start": (START_BONUS, TRIPLE_000_START),
    "bridge": (BRIDGE_BONUS,),
    "slot": (SLOT_BONUS,),
    "hexagon": (HEXAGON_BONUS[1],),
    "double_hexagon": (HEXAGON_BONUS[2],),
    "triple_hexagon": (HEXAGON_BONUS[3],),
}


def read_event(data: object, n: int, viewer: int | None) -> tuple[Any, ...]:
    """The raw event of one entry of ``events`` (as ``viewer`` sees it), checked to be exactly
    what :func:`event_json` writes for it."""
    if not isinstance(data, Mapping) or data.get("type") not in EVENT_TYPES:
        raise StateError(f"an event is a JSON object whose 'type' is one of {', '.join(EVENT_TYPES)}")
    kind = data["type"]
    seat = data["seat"]
    if kind not in ("round_end", "game_over") and not (is_int(seat) and 0 <= seat < n):
        raise StateError(f"a {kind} event names a seat, not {seat!r}")
    raw: tuple[Any, ...]
    if kind == "lay":
        action = data["action"]
        if not isinstance(action, str):
            raise StateError("a lay event names its placement")
        try:
            raw = (kind, seat, parse_placement(action), data["start"])
        except NotationError as exc:
            raise StateError(f"bad lay event: {exc}") from None
    elif kind == "bonus":
        what, points = data["kind"], data["points"]
        if what not in BONUS_POINTS or not is_int(points) or points not in BONUS_POINTS[what]:
            raise StateError(f"no bonus {what!r} of {points!r} points")
        raw = (kind, seat, what, points)
    elif kind == "reveal":
        tile = tile_of(data["tile"])
        if tile == TRIPLE_000 or not BIT[tile] & TRIPLE_MASK:
            raise StateError(f"laying 0-0-0 shows a higher triple, not {NAMES[tile]}")
        raw = (kind, seat, tile)
    elif kind == "draw":
        tile = data["tile"]
        if tile is None and viewer == EVERY_SEAT:
            raise StateError("a state's draw event names the tile drawn")
        raw = (kind, seat, -1 if tile is None else tile_of(tile))
    elif kind == "pass":
        points = data["points"]
        if not is_int(points) or points not in (0, -FAILED_DRAWS_PENALTY):
            raise StateError(f"a pass costs 0 or {FAILED_DRAWS_PENALTY} points, not {points!r}")
        raw = (kind, seat, -points)
    elif kind == "target":
        raw = (kind, seat, data["score"])
        if not is_int(raw[2]):
            raise StateError("a target event gives the score reached")
    elif kind == "round_end":
        rnd, end, winners = nonneg(data["round"], "round"), data["end"], data["winners"]
        if end not in (OUT, BLOCKED):
            raise StateError(f"a round ends {OUT!r} or {BLOCKED!r}, not {end!r}")
        if not isinstance(winners, list) or not all(is_int(s) and 0 <= s < n for s in winners) or not winners:
            raise StateError("bad round winners")
        gains = tuple(int_list(data["points"], n, "points"))
        sums = tuple(int_list(data["rack_sums"], n, "rack_sums"))
        check_round_end(rnd, end, tuple(winners), gains, sums)
        raw = (kind, rnd, end, tuple(winners), gains, sums)
    elif kind == "deal":
        raw = (kind, nonneg(data["round"], "round"), seat)
    else:
        winners = data["winners"]
        if not isinstance(winners, list) or not all(is_int(s) and 0 <= s < n for s in winners):
            raise StateError("bad game winners")
        raw = (kind, tuple(winners))
    if not same_json(event_json(raw, viewer), copy_json(data)):
        raise StateError(f"a {kind} event is not what its fields say: {shown(data)}"[:200])
    return raw


def event_of(raw: tuple[Any, ...], seat: int, action: Action) -> bool:
    """Whether the event ``raw`` is the one the action ``action`` of ``seat`` begins with."""
    if raw[1] != seat:
        return False
    if action in (DRAW, PASS):
        return bool(raw[0] == ("draw" if action == DRAW else "pass"))
    return raw[0] == "lay" and raw[2] == action


def check_round_end(
    rnd: int, end: str, winners: tuple[int, ...], gains: tuple[int, ...], sums: tuple[int, ...]
) -> None:
    """A log entry's winners and points are what its end and rack sums give (the package docstring's
    end of a round)."""
    if min(sums) < 0:
        raise StateError(f"round {rnd + 1}'s rack sums cannot be below 0: {list(sums)}")
    total = sum(sums)
    if end == OUT:
        if len(winners) != 1 or sums[winners[0]]:
            raise StateError(f"round {rnd + 1} ended {OUT!r}: one winner, whose rack sum is 0")
        expected = tuple(OUT_BONUS + total if s == winners[0] else 0 for s in range(len(sums)))
    else:
        low = min(sums)
        if winners != tuple(s for s, v in enumerate(sums) if v == low):
            raise StateError(f"round {rnd + 1} was {BLOCKED}: its winners are the seats with the lowest rack sum")
        expected = tuple(total - 2 * v if v == low else 0 for v in sums)
    if gains != expected:
        raise StateError(
            f"round {rnd + 1}'s rack sums {list(sums)} give the points {list(expected)}, not {list(gains)}"
        )
