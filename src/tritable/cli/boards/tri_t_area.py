"""Tri*T*Area in colour: the game's own drawing (``tritable.games.tri_t_area.render``) with each
tag styled (seats, suits, the four areas' squares), and the menu's hooks.

The drawing is the game's: the city (areas, printed scores, every building's blocks bottom first,
each with its owner's number in its colour), a key, the seats' scores and blocks, the trick, the
rightholders, the last trick with what its rightholders did, and your hand; a compact layout
where the screen is small.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.text import Text

from tritable.cli.boards import styled
from tritable.engine.drawing import Drawing
from tritable.games.tri_t_area import render

SEAT_STYLES = ("bold bright_cyan", "bold bright_red", "bold bright_yellow", "bold bright_white")
_AREA = {"I": "on #1d3557", "M": "on #5a3a1a", "E": "on #1f4d2b", "H": "on #5c1f4a"}
_SUIT = {
    "I": "bold white on #2f5d8a",
    "M": "bold white on #8a5a2a",
    "E": "bold white on #2f7a45",
    "H": "bold white on #8a2f6f",
}

STYLES: dict[str, str] = {
    "dim": "dim",
    "bold": "bold",
    "you": "bold",
    "leader": "italic",
    "rh": "bold magenta",
    "to_act": "bold yellow",
}
"""The game's tags (see :mod:`tritable.games.tri_t_area.render`) -> Rich styles."""
for _s, _style in enumerate(SEAT_STYLES):
    STYLES[f"seat{_s}"] = _style
for _letter, _background in _AREA.items():
    STYLES[f"card_{_letter}"] = _SUIT[_letter]
    STYLES[f"area_{_letter}"] = _background
    STYLES[f"dim@{_letter}"] = f"dim {_background}"
    STYLES[f"printed@{_letter}"] = f"bold {_background}"
    for _s, _style in enumerate(SEAT_STYLES):
        STYLES[f"seat{_s}@{_letter}"] = f"{_style} {_background}"

MENU_LINES = 10
"""The lines a screen keeps below the board for the prompt, the menu and what was said."""


def draw(view: Mapping[str, Any], width: int = 80, height: int | None = 24) -> Text:
    """The position in colour, fitting ``width`` columns and leaving :data:`MENU_LINES` of a
    ``height``-line screen (``None``: any height) to the prompt and menu."""
    room = None if height is None else max(1, height - MENU_LINES)
    return styled(render.draw(view, width, room), STYLES)


def round_over(
    before: Mapping[str, Any], after: Mapping[str, Any], width: int = 80, height: int | None = 24
) -> RenderableType | None:
    """The city of the round the last action ended, as it was scored, with the round's scoring
    (the action's ``round_end`` event says a round ended); the city one line a row where the
    full one would not leave :data:`MENU_LINES` of a ``height``-line screen."""
    if not any(event["type"] == "round_end" for event in after.get("events") or []):
        return None
    result = after["results"][-1]
    scoring = render.scoring(after["results"], after["players"], last_only=True, title=False)
    drawing = Drawing()
    drawing.extend(render.city(result["board"]))
    drawing.extend(scoring)
    if drawing.width + 4 > width or (height is not None and drawing.height + 2 > height - MENU_LINES):
        # The city one line a row, the scoring beside it (or below, on a narrow screen).
        small = render.small_city(result["board"])
        drawing = render.beside(small, scoring, 3)
        if drawing.width + 4 > width:
            drawing = Drawing()
            drawing.extend(small)
            drawing.extend(scoring)
    return Panel(styled(drawing, STYLES), title=f"round {result['round']} is over", expand=False)


def menu_last(notation: str) -> bool:
    """``sell 0`` comes after ``sell 1``.. ``sell n``, so that the number typed is the blocks sold.

    >>> menu_last("sell 0"), menu_last("sell 2")
    (True, False)
    """
    return notation == "sell 0"


NUMBERING = "the sale is numbered by the blocks sold: 0 sells none"


def menu_numbers(notations: list[str]) -> list[int] | None:
    """The Advance Block Sale numbered by the blocks sold, ``0`` selling none; None for every
    other choice (numbered 1, 2, ... as in every game).

    >>> menu_numbers(["sell 1", "sell 2", "sell 0"])
    [1, 2, 0]
    >>> menu_numbers(["b3", "c2"]) is None
    True
    """
    sold = [notation.removeprefix("sell ") for notation in notations]
    if not all(notation.startswith("sell ") and n.isdigit() for notation, n in zip(notations, sold, strict=True)):
        return None
    return [int(n) for n in sold]


SEAT_DETAILS: frozenset[str] = frozenset()
"""No outcome detail is per seat (the round scoring is drawn with the board)."""


def detail(key: str, value: Any) -> str | None:
    """The outcome's ``rounds`` are drawn with the board (round scoring): leave them out."""
    if key == "rounds" or value is None:
        return None
    return str(value)
