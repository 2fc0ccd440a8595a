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
