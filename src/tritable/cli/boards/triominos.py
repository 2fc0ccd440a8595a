"""Triominos in the terminal: the game's own drawing (``tritable.games.triominos.render``, from a
seat's view) in colour, each number its own colour and the tile laid last in bold yellow, and the
menu's hooks: the round a lay ended, what each action scored and the tile a seat drew, all read
from the view's ``events`` and ``last_round``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from tritable.cli.boards import SEAT_STYLES, styled
from tritable.engine.drawing import Drawing
from tritable.games.triominos import render

_NUMBER = (
    "bold bright_white",
    "bold bright_red",
    "bold bright_yellow",
    "bold bright_green",
    "bold bright_cyan",
    "bold bright_magenta",
)

STYLES: dict[str, str] = {
    **{f"n{v}": style for v, style in enumerate(_NUMBER)},
    **{f"seat{s}": style for s, style in enumerate(SEAT_STYLES)},
    "edge": "grey58",
    "last": "bold yellow",
    "slot": "dim",
    "label": "dim",
    "dim": "dim",
    "head": "bold",
    "reached": "bold magenta",
    "draws": "yellow",
    "turn": "bold yellow",
    "you": "bold",
    "bold": "bold",
}
"""The Rich style of each tag of the game's drawing."""

MENU_LINES = 10
"""Lines of the screen left to the prompt, the menu and what the last actions did."""


def draw(view: Mapping[str, Any], width: int = 80, height: int | None = 24) -> Text:
    """The board in ``width`` columns, leaving ``MENU_LINES`` of a ``height``-line screen (no
    limit: ``None``) to the menu."""
    room = None if height is None else max(8, height - MENU_LINES)
    return styled(render.draw(view, width, room), STYLES)


def round_over(
    before: Mapping[str, Any], after: Mapping[str, Any], width: int = 80, height: int | None = 24
) -> RenderableType | None:
    """The final layout of the round the last action ended (the view's ``last_round``), with
    its result, in a panel that leaves ``MENU_LINES`` of the screen free (a window of the layout
    round its last tile where the whole does not fit); None after any other action."""
    entry = after.get("last_round")
    if not entry:
        return None
    line = Drawing()
    line.add(*render.round_line(entry))
    body: RenderableType = styled(line, STYLES)
    if entry.get("layout"):
        room = None if height is None else max(6, height - MENU_LINES - 3)  # the panel's border and result
        layout = render.layout_drawing(entry["layout"], entry.get("last"), width - 4, room)
        body = Group(styled(layout, STYLES), body)
    return Panel(body, title=f"round {entry['round'] + 1} is over", expand=False)


_BONUS = {
    "start": "start",
    "bridge": "bridge",
    "slot": "filled slot",
    "hexagon": "hexagon",
    "double_hexagon": "double hexagon",
    "triple_hexagon": "triple hexagon",
}


def move_points(seat: int, notation: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> str | None:
    """The points of a lay (its tile's sum and any bonus) or the penalty of a draw or pass, from
    the ``events`` of the view after it; for the lay that ends a round, without the round's points
    (its panel says those).

    >>> lay = {"type": "lay", "seat": 0, "points": 8}
    >>> bridge = {"type": "bonus", "seat": 0, "kind": "bridge", "points": 40}
    >>> move_points(0, "1-2-5@0,0/r1", {}, {"events": [lay, bridge]})
    '+48: 8 + 40 bridge'
    >>> move_points(1, "draw", {}, {"events": [{"type": "draw", "seat": 1, "points": -5}]})
    '-5'
    """
    events = [e for e in after.get("events") or [] if e.get("seat") == seat]
    laid = next((e["points"] for e in events if e["type"] == "lay"), None)
    if laid is None:
        lost = sum(e["points"] for e in events if e["type"] in ("draw", "pass"))
        return f"{lost:+d}" if lost else None
    bonus = next((e for e in events if e["type"] == "bonus"), None)
    if bonus is None:
        return f"{laid:+d}"
    return f"{laid + bonus['points']:+d}: {laid} + {bonus['points']} {_BONUS.get(bonus['kind'], 'bonus')}"


def own_note(seat: int, notation: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> str | None:
    """What a draw brought into the drawer's rack, from the events of its own view after the
    draw: said on its own screen only (another seat's view does not name the tile).

    >>> own_note(0, "draw", {}, {"events": [{"type": "draw", "seat": 0, "tile": "1-2-5"}]})
    'drew 1-2-5'
    >>> own_note(0, "draw", {}, {"events": [{"type": "draw", "seat": 0, "tile": None}]}) is None
    True
    """
    for event in after.get("events") or []:
        if event.get("type") == "draw" and event.get("seat") == seat and event.get("tile"):
            return f"drew {event['tile']}"
    return None


def group(notation: str) -> tuple[str, str]:
    """List placements under their tile: ``1-2-5`` then ``@3,-2/r1``; draw and pass alone.

    >>> group("1-2-5@3,-2/r1"), group("draw")
    (('1-2-5', '@3,-2/r1'), ('', 'draw'))
    """
    tile, at, where = notation.partition("@")
    if not at:
        return "", notation
    return tile, f"@{where}"


SEAT_DETAILS: frozenset[str] = frozenset()


def detail(key: str, value: Any) -> str | None:
    """Outcome details: the round log is shown with the board; the rest as is."""
    if key == "rounds" or value is None:
        return None
    return str(value)
