r"""The terminal's colours and menus of each game, one module a game.

A game draws its position once, from a seat's view, in ``tritable.games.<game>.render`` (a
:class:`~tritable.engine.drawing.Drawing` of tagged spans: never from the full state, so a drawing
can't leak what the seat may not see); what happened is told by the view's ``events``. A module
here exports:

* ``draw(view, width=80, height=24) -> RenderableType``: that drawing within ``width`` columns
  and ``height`` lines (the game picks a compact layout where the terminal is small), coloured by
  :func:`styled` with the module's table of tag -> Rich style;
* ``SEAT_STYLES``: the Rich style of each seat's colour (seat 0 first);
* optionally ``group(notation) -> (group, item)``: how to group the legal actions when listing
  them (Triple Triad groups by card, Triad by die), ``item`` being the short text shown in it;
* optionally ``round_over(before, after)``: the end of a round the last action
  brought, drawn as it finished (the next round may be dealt already);
* optionally ``menu_last(notation) -> bool``: actions to list after the others, so that the
  numbers players type read as they expect (Tri\*T\*Area lists ``sell 0`` last: ``2`` sells 2);
* optionally ``menu_numbers(notations) -> list[int] | None`` and ``NUMBERING``: numbers of the
  game's own for the actions listed, in their order, and a line saying how they read (Triple
  Triad numbers a placement card then cell, ``25``, so that no cell is typed as a list number;
  Tri\*T\*Area numbers its block sale by the blocks sold, ``0`` selling none);
* optionally ``detail(key, value) -> str | None`` and ``SEAT_DETAILS``: how the final outcome
  table writes one of the outcome's details (``None`` leaves it out), and which details that hold
  one value a seat are columns of the table (by default every such list is).

A game with no module here is drawn with its own ``state.render(seat)`` text.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from tritable.engine import State
from tritable.engine.drawing import Drawing

_MODULES = {
    "triple-triad": "triple_triad",
    "triad": "triad",
    "triominos": "triominos",
    "triatri": "triatri",
    "tri-t-area": "tri_t_area",
}

SEAT_STYLES = ("bold bright_blue", "bold bright_red", "bold green", "bold yellow")
"""Seat colours of a game without its own: P1 blue, P2 red (as in Triple Triad), P3 green, P4 yellow."""


def board_module(game_id: str) -> ModuleType | None:
    """The drawing module of ``game_id``, or None when the game has none."""
    name = _MODULES.get(game_id)
    if name is None:
        return None
    try:
        return importlib.import_module(f"tritable.cli.boards.{name}")
    except ImportError:
        return None


def styled(drawing: Drawing, styles: Mapping[str, str]) -> Text:
    """A game's :class:`~tritable.engine.drawing.Drawing` in colour: each span styled by its tag
    (``styles``: tag -> Rich style; a tag not in it, and ``""``, stay plain). The game says what
    each piece of text is; how it looks is the terminal's.

    >>> from tritable.engine.drawing import Drawing
    >>> d = Drawing()
    >>> d.add("P1 ", ("Geezard", "seat0"))
    >>> t = styled(d, {"seat0": "bold blue"})
    >>> t.plain, [(s.start, s.end, str(s.style)) for s in t.spans]
    ('P1 Geezard', [(3, 10, 'bold blue')])
    """
    text = Text()
    for i, line in enumerate(drawing.lines):
        if i:
            text.append("\n")
        for piece, tag in line:
            text.append(piece, style=styles.get(tag, "") if tag else "")
    text.rstrip()
    return text


def seat_style(game_id: str, seat: int) -> str:
    """The Rich style of ``seat``'s colour in ``game_id``."""
    module = board_module(game_id)
    styles: tuple[str, ...] = getattr(module, "SEAT_STYLES", SEAT_STYLES)
    return styles[seat % len(styles)]


def seat_text(game_id: str, seat: int, label: str | None = None) -> Text:
    """``P1``.. (or ``label``) in the seat's colour."""
    return Text(label or f"P{seat + 1}", style=seat_style(game_id, seat))


UNLIMITED = 1000
"""The width or height :func:`draw_view` gives a game's ``draw`` where none limits it."""


def draw_view(
    game_id: str, view: Mapping[str, Any], width: int | None = None, height: int | None = None
) -> RenderableType:
    """Draw ``view`` with the game's module, within ``width`` x ``height`` where given (the
    terminal's size, less what the rest of the screen takes; one of them left out is no limit);
    raises whatever the module raises. Neither given, the module draws at its own defaults; a
    module whose ``draw`` takes no size draws at its one size."""
    module = board_module(game_id)
    if module is None:
        raise LookupError(f"no board drawing for {game_id}")
    draw = module.draw
    if (width is not None or height is not None) and _takes_size(draw):
        # A size left out is no limit that way: a transcript (piped input) is as tall as it needs.
        sized: RenderableType = draw(view, width=width or UNLIMITED, height=height or UNLIMITED)
        return sized
    drawing: RenderableType = draw(view)
    return drawing


def _takes_size(draw: Any) -> bool:
    try:
        parameters = inspect.signature(draw).parameters
    except (TypeError, ValueError):
        return False
    return "width" in parameters and "height" in parameters


def draw_state(state: State, seat: int | None, width: int | None = None, height: int | None = None) -> RenderableType:
    """What ``seat`` (None: a spectator) sees of ``state``, within ``width`` x ``height`` where
    given: the game's drawing of its view, or the game's own text when it has no drawing (or the
    drawing cannot read this view)."""
    view = state.view(seat)
    if board_module(state.game.id) is not None:
        try:
            return draw_view(state.game.id, view, width, height)
        except (LookupError, TypeError, ValueError, AttributeError) as exc:
            fallback = Text(state.render(seat))
            fallback.append(f"\n(plain drawing: the board drawing failed: {exc!r})", style="dim")
            return fallback
    return Text(state.render(seat))


def round_over(game_id: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> RenderableType | None:
    """What to show when the action between the spectator views ``before`` and ``after`` ended a
    round (its final position: the game may already have dealt the next one), or None."""
    hook = getattr(board_module(game_id), "round_over", None)
    if hook is None:
        return None
    shown: RenderableType | None = hook(before, after)
    return shown


def listed_last(game_id: str, notation: str) -> bool:
    """Whether the game lists the action ``notation`` after the others in a menu."""
    hook = getattr(board_module(game_id), "menu_last", None)
    return bool(hook(notation)) if hook is not None else False


def menu_numbers(game_id: str, notations: list[str]) -> list[int]:
    """The numbers to list the actions ``notations`` under, in their order: the game's own where
    it numbers this list, else 1, 2, ..."""
    hook = getattr(board_module(game_id), "menu_numbers", None)
    numbers: list[int] | None = hook(notations) if hook is not None else None
    if numbers is None:
        return list(range(1, len(notations) + 1))
    if len(numbers) != len(notations) or len(set(numbers)) != len(numbers) or min(numbers, default=0) < 0:
        raise ValueError(f"{game_id}: menu_numbers gave {numbers} for {len(notations)} actions")
    return numbers


def menu_numbering(game_id: str) -> str | None:
    """How the game's own menu numbers read (``NUMBERING``), or None."""
    said: str | None = getattr(board_module(game_id), "NUMBERING", None)
    return said


def group_action(game_id: str, notation: str) -> tuple[str, str] | None:
    """``(group, item)`` to list ``notation`` under, or None when the game does not group."""
    module = board_module(game_id)
    group = getattr(module, "group", None)
    if group is None:
        return None
    result: tuple[str, str] | None = group(notation)
    return result
