"""Triad in colour: the game's own drawing (``tritable.games.triad.render``), each tag styled.

Seat 0 plays Black (rank 1 at the bottom), seat 1 Orange; seat 1's own view is turned round so
that Orange's home row is at the bottom, as ``render(1)`` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from tritable.cli.boards import styled
from tritable.games.triad import render

SEAT_STYLES = ("bold bright_white on grey23", "bold black on dark_orange")
STYLES = {
    "seat0": SEAT_STYLES[0],
    "seat1": SEAT_STYLES[1],
    "die0": SEAT_STYLES[0],
    "die1": SEAT_STYLES[1],
    "pending0": SEAT_STYLES[0] + " underline reverse",
    "pending1": SEAT_STYLES[1] + " underline reverse",
    "square0": "dim on grey7",
    "square1": "dim on grey11",
    "removed": "bold green",
    "left": "dim",
    "strong": "bold",
}
"""The Rich style of each tag of the drawing."""


def draw(view: Mapping[str, Any], width: int = 80, height: int = 24) -> Text:
    """The board for a ``width`` x ``height`` terminal, leaving 10 lines for the prompt and the
    menu: the full layout (56 x 10) where it fits, else the compact one (at most 9 lines)."""
    return styled(render.draw(view, width, max(0, height - 10)), STYLES)


def group(notation: str) -> tuple[str, str]:
    """List moves under the die that moves: ``c4 →`` then ``e4``; removals under ``remove``.

    >>> group("c4=2>e4"), group("xc4"), group("b1=2"), group("b1>b3")
    (('c4 →', 'e4'), ('remove', 'c4'), ('b1 turn to', '2'), ('b1 slide to', 'b3'))
    """
    if notation.startswith("x"):
        return "remove", notation[1:]
    if "=" in notation and ">" in notation:
        origin, _, rest = notation.partition("=")
        return f"{origin} →", rest.partition(">")[2]
    if "=" in notation:
        origin, _, value = notation.partition("=")
        return f"{origin} turn to", value
    origin, _, target = notation.partition(">")
    return f"{origin} slide to", target
