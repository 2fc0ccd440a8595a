"""Triple Triad in the terminal: the drawing of :mod:`tritable.games.triple_triad.render` in FF8's
colours (P1 blue, P2 red; each element its own colour), and the menu hooks.

The drawing is the game's (from the view alone); this module only says how each of its tags
looks (:data:`STYLES`), and how the play screen lists, numbers and narrates the actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from tritable.cli.boards import styled
from tritable.games.triple_triad import render
from tritable.games.triple_triad.data import BY_NAME, CARD_ELEMENTS, ELEMENTS, RATINGS, rating_text

SEAT_STYLES = ("bold bright_white on #1f4fa8", "bold bright_white on #a81f2a")
_OWNER_BG = ("on #1f3f88", "on #881f2a")
_ELEMENT = {
    "earth": "#b08040",
    "fire": "#ff5030",
    "holy": "#f0f0a0",
    "ice": "#80e0ff",
    "poison": "#b060e0",
    "thunder": "#ffe040",
    "water": "#4090ff",
    "wind": "#80ff90",
}
"""Each element's colour; elements are spelled out everywhere (the longest, ``thunder``, fits a
card's middle line), on cards as on empty cells."""

STYLES: dict[str, str] = {
    "seat0": SEAT_STYLES[0],
    "seat1": SEAT_STYLES[1],
    "owner0": _OWNER_BG[0],
    "owner1": _OWNER_BG[1],
    "owner0 bold": f"bold {_OWNER_BG[0]}",
    "owner1 bold": f"bold {_OWNER_BG[1]}",
    "dim": "dim",
    "back": "grey50",
    "note": "yellow",
    "bold": "bold",
}
"""The Rich style of each tag of the game's drawing."""
for _element, _colour in _ELEMENT.items():
    STYLES[f"element:{_element}"] = f"bold {_colour}"
    for _seat in (0, 1):
        STYLES[f"element:{_element} owner{_seat}"] = f"bold {_colour} {_OWNER_BG[_seat]}"

MENU_ROOM = 10
"""Lines of a screen left to the prompt and the menu under the board."""


def ratings(name: str) -> tuple[str, str, str, str]:
    """The printed (top, right, bottom, left) ratings of FF8 card ``name``, A for 10."""
    top, right, bottom, left = (rating_text(x) for x in RATINGS[BY_NAME[name]])
    return top, right, bottom, left


def element_of(name: str) -> str | None:
    index = CARD_ELEMENTS[BY_NAME[name]]
    return ELEMENTS[index] if index >= 0 else None


def draw(view: Mapping[str, Any], width: int = 80, height: int = 24) -> Text:
    """The board, hands, score and whose turn, in colour: the full layout where the screen of
    ``width`` x ``height`` leaves :data:`MENU_ROOM` lines under it, else the compact one."""
    return styled(render.draw(view, width, max(1, height - MENU_ROOM)), STYLES)


def hand(view: Mapping[str, Any], seat: int) -> Text:
    """A seat's hand as small cards (the full layout's); cards the viewer can't see are backs."""
    return styled(render._full_hand(view, seat, render.Cards(view)), STYLES)


def round_over(before: Mapping[str, Any], after: Mapping[str, Any]) -> RenderableType | None:
    """The final board of a round that Sudden Death replays (a draw): the next round is dealt
    within the last action, so the view shows that board apart, as ``drawn_round``."""
    drawn = after.get("drawn_round")
    if drawn is None:
        return None
    board = styled(render.draw_board(drawn, render.Cards(after)), STYLES)
    note = Text("a draw: Sudden Death deals each player the cards they own and plays again", style="yellow")
    return Panel(Group(board, note), title=f"round {drawn['round']} is over", expand=False)


def group(notation: str) -> tuple[str, str]:
    """List placements under their card with its ratings and its element, if it has one (the
    Elemental rule plays on it): ``SAM08G ↑5 →6 ↓2 ←4 fire`` then ``@2``.

    >>> group("Geezard@1")
    ('Geezard ↑1 →4 ↓1 ←5', '@1')
    >>> group("SAM08G@2")
    ('SAM08G ↑5 →6 ↓2 ←4 fire', '@2')
    >>> group("take Geezard")
    ('take', 'Geezard')
    """
    if notation.startswith("take "):
        return "take", notation[5:]
    name, _, cell = notation.rpartition("@")
    if name not in BY_NAME:
        return name, f"@{cell}"
    top, right, bottom, left = ratings(name)
    element = element_of(name)
    card = f"{name} ↑{top} →{right} ↓{bottom} ←{left}" + (f" {element}" if element is not None else "")
    return card, f"@{cell}"


NUMBERING = "a placement is numbered by its card's row, then the cell: 25 lays the second card on cell 5"


def menu_numbers(notations: list[str]) -> list[int] | None:
    """Placements numbered by the card's row in the list (1-5), then the cell (1-9), so that a
    number ends with the cell it plays: a cell typed alone is never taken for another placement.
    None for the trade's picks (numbered 1, 2, ... as in every game).

    >>> menu_numbers(["Geezard@1", "Geezard@5", "Funguar@5"])
    [11, 15, 25]
    >>> menu_numbers(["take Geezard"]) is None
    True
    """
    rows: dict[str, int] = {}
    numbers = []
    for notation in notations:
        name, at, cell = notation.rpartition("@")
        if not at or len(cell) != 1 or not "1" <= cell <= "9":
            return None
        row = rows.setdefault(name, len(rows) + 1)
        if row > 9:
            return None
        numbers.append(10 * row + int(cell))
    return numbers


SEAT_DETAILS: frozenset[str] = frozenset()


def detail(key: str, value: Any) -> str | None:
    """Outcome details: traded cards as ``Geezard P2→P1; Biggs, Wedge P1→P2`` (a semicolon
    between cards, since two names hold a comma), sudden-death rounds as ``5-5, 6-4``."""
    if value is None or value == []:
        return None
    if key == "transfers" and isinstance(value, list):
        return "; ".join(f"{t['card']} P{t['from'] + 1}→P{t['to'] + 1}" for t in value)
    if key == "round_scores" and isinstance(value, list):
        return ", ".join("-".join(str(x) for x in pair) for pair in value)
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)
