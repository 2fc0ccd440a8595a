"""Triad: the 6x6 board with each die's colour and value, removals, and whose move it is.

Drawn from a Triad view (``dice``: square -> ``"B2"``/``"O3"``, ``to_move``, ``removed``,
``moves``, ``pending_removal``, ``outcome``). Seat 0 plays Black (rank 1 at the bottom), seat 1
Orange; seat 1's own view is turned round so that Orange's home row is at the bottom, as
``render(1)`` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

SEAT_STYLES = ("bold bright_white on grey23", "bold black on dark_orange")
COLOURS = ("Black", "Orange")
FILES = "abcdef"
WIN = 3
_DIE = {"B": "bold bright_white on grey23", "O": "bold black on dark_orange"}
_SQUARE = ("on grey7", "on grey11")


def draw(view: Mapping[str, Any]) -> RenderableType:
    seat = view.get("seat")
    turned = seat == 1
    ranks = range(1, 7) if turned else range(6, 0, -1)
    files = FILES[::-1] if turned else FILES
    dice: Mapping[str, str] = view["dice"]
    pending = set(view.get("pending_removal") or [])
    edge = Text("   " + "".join(f" {f}  " for f in files))
    lines = [edge]
    for r in ranks:
        line = Text(f"{r}  ")
        for i, f in enumerate(files):
            square = f"{f}{r}"
            die = dice.get(square)
            if die is None:
                line.append(" ·  ", style=f"dim {_SQUARE[(i + r) % 2]}")
            else:
                style = _DIE.get(die[0], "bold")
                if square in pending:
                    style += " underline reverse"
                line.append(f" {die} ", style=style)
        line.append(f"  {r}")
        lines.append(line)
    lines.append(edge)
    removed = view["removed"]
    score = Text()
    for s in (0, 1):
        if s:
            score.append("   ")
        score.append(f" P{s + 1} {COLOURS[s]} ", style=SEAT_STYLES[s])
        score.append(" removed ")
        score.append("●" * removed[s], style="bold green")
        score.append("○" * max(0, WIN - removed[s]), style="dim")
        score.append(f" {removed[s]}/{WIN}")
    lines.append(score)
    lines.append(_status(view))
    return Group(*lines)


def _status(view: Mapping[str, Any]) -> Text:
    cap = view.get("options", {}).get("move_cap")
    moves = view["moves"]
    mover = view["to_move"]
    who = Text(f" P{mover + 1} {COLOURS[mover]} ", style=SEAT_STYLES[mover])
    outcome = view.get("outcome")
    if outcome is not None:
        winners = outcome.get("winners") or []
        if winners:
            w = winners[0]
            return Text.assemble(
                (f" P{w + 1} {COLOURS[w]} ", SEAT_STYLES[w]), f" wins with three Triads after {moves} moves"
            )
        return Text(f"a draw: the move cap ({cap} moves) is reached")
    pending = view.get("pending_removal") or []
    if pending:
        which = " formed a Triad: remove " if len(pending) == 1 else " formed a Triad: remove one of "
        return Text.assemble(who, which, (", ".join(pending), "bold"), f"   (move {moves} of {cap})")
    return Text.assemble(f"move {moves + 1} of {cap}: ", who, " to move")


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
