"""TriATri at the terminal: the colours of the game's drawing (``tritable.games.triatri.render``:
gems, the trick with each card's counted value, the last trick, the start cards and your hand) and
how the outcome's details read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType

from tritable.cli.boards import styled
from tritable.games.triatri import render

SEAT_STYLES = ("bold bright_white", "bold bright_magenta", "bold bright_yellow", "bold bright_cyan")
COLOURS = "RBG"
_GEM = {"R": "bold bright_red", "B": "bold bright_blue", "G": "bold bright_green"}
_CARD = {
    "R": "bold white on red3",
    "B": "bold white on blue3",
    "G": "bold white on green4",
    "F": "bold black on grey70",
}


STYLES = {
    **{f"seat{s}": style for s, style in enumerate(SEAT_STYLES)},
    **_CARD,
    **{f"gem{c}": style for c, style in _GEM.items()},
    "head": "bold",
    "turn": "bold yellow",
    "dim": "dim",
    "event": "italic",
}
"""How the terminal colours each tag of TriATri's drawing (``tritable.games.triatri.render``)."""


def draw(view: Mapping[str, Any], width: int = 80, height: int | None = 24) -> RenderableType:
    """The game's drawing of ``view`` within ``width`` x ``height``, in colour."""
    return styled(render.draw(view, width, height), STYLES)


SEAT_DETAILS = frozenset({"gems", "points"})
"""The outcome details that hold one value per seat."""


def detail(key: str, value: Any) -> str | None:
    """Outcome details: gems as ``R1 B5 G0``, points as sets/pairs/rest; nothing for None."""
    if value is None:
        return None
    if key in ("gems", "supply") and isinstance(value, list):
        return " ".join(f"{c}{n}" for c, n in zip(COLOURS, value, strict=False))
    if key == "points" and isinstance(value, dict):
        return f"sets {value.get('sets', 0)}, pairs {value.get('pairs', 0)}, rest {value.get('rest', 0)}"
    if key == "instant_winner" and isinstance(value, int):
        return f"P{value + 1}"
    return str(value)
