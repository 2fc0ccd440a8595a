"""Triad's only text drawing: the board, each seat's removals and whose move it is, from a view.

Tags: ``die0``/``die1`` a die of Black/Orange, ``pending0``/``pending1`` one the mover may remove,
``square0``/``square1`` the two shades of empty squares, ``seat0``/``seat1`` a seat's name,
``removed`` a die removed, ``left`` one still to remove, ``strong`` the squares to remove from,
``dim`` the board's edge.

>>> import tritable
>>> setup = {"black": [1, 1, 2, 2, 3, 3], "orange": [1, 2, 2, 3, 3, 3], "first": 0}
>>> state = tritable.new_game("triad").state_from_setup(setup)
>>> print(draw(state.view(None)).text())
    a   b   c   d   e   f
6   O3  O3  O3  O2  O2  O1   6
5   ·   ·   ·   ·   ·   ·    5
4   ·   ·   ·   ·   ·   ·    4
3   ·   ·   ·   ·   ·   ·    3
2   ·   ·   ·   ·   ·   ·    2
1   B1  B1  B2  B2  B3  B3   1
    a   b   c   d   e   f
 P1 Black  removed ○○○ 0/3    P2 Orange  removed ○○○ 0/3
move 1 of 200:  P1 Black  to move
>>> print(draw(state.view(None), width=30, height=8).text())
6 O3 O3 O3 O2 O2 O1
5 ·  ·  ·  ·  ·  ·
4 ·  ·  ·  ·  ·  ·
3 ·  ·  ·  ·  ·  ·
2 ·  ·  ·  ·  ·  ·
1 B1 B1 B2 B2 B3 B3
P1 B 0/3  P2 O 0/3
move 1/200: P1 Black
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tritable.engine.drawing import Drawing, Span

COLOURS = ("Black", "Orange")
FILES = "abcdef"
WIN = 3

FULL_WIDTH = 56
"""The full layout's width: its score line."""
FULL_HEIGHT = 10


def draw(view: Mapping[str, Any], width: int = 80, height: int | None = None) -> Drawing:
    """The position ``view`` shows: seat 1's own view turned round (Orange's home row at the
    bottom, read from Orange's left). The full layout is 56 columns by 10 lines; where that does
    not fit ``width`` x ``height``, a compact one of 8 or 9 lines, some 30 columns wide."""
    compact = width < FULL_WIDTH or (height is not None and height < FULL_HEIGHT)
    drawing = Drawing()
    turned = view.get("seat") == 1
    ranks = range(1, 7) if turned else range(6, 0, -1)
    files = FILES[::-1] if turned else FILES
    dice: Mapping[str, str] = view["dice"]
    pending = set(view.get("pending_removal") or [])
    cell = 3 if compact else 4
    edge = ("  " + "".join(f"{f:<{cell}}" for f in files), "dim") if compact else ("    " + "   ".join(files), "dim")
    if not compact:
        drawing.add(edge)
    for r in ranks:
        line: list[Span] = [(f"{r} " if compact else f"{r}  ", "dim")]
        for i, f in enumerate(files):
            square = f"{f}{r}"
            die = dice.get(square)
            if die is None:
                line.append(("·  " if compact else " ·  ", f"square{(i + r) % 2}"))
                continue
            seat = "BO".index(die[0])
            tag = f"{'pending' if square in pending else 'die'}{seat}"
            if compact:
                line += [(die, tag), (" ", "")]
            else:
                line += [(f" {die} ", tag)]
        if not compact:
            line.append((f"  {r}", "dim"))
        drawing.add(*line)
    if not compact or height is None or height >= FULL_HEIGHT - 1:
        drawing.add(edge)
    removed = view["scores"]
    if compact:
        drawing.add(("P1 B", "seat0"), f" {removed[0]}/{WIN}  ", ("P2 O", "seat1"), f" {removed[1]}/{WIN}")
    else:
        score: list[Span] = []
        for s in (0, 1):
            if s:
                score.append(("   ", ""))
            score += [
                (f" P{s + 1} {COLOURS[s]} ", f"seat{s}"),
                (" removed ", ""),
                ("●" * removed[s], "removed"),
                ("○" * max(0, WIN - removed[s]), "left"),
                (f" {removed[s]}/{WIN}", ""),
            ]
        drawing.add(*score)
    drawing.add(*_status(view, compact))
    return drawing


def _seat(seat: int, compact: bool) -> Span:
    return (f"P{seat + 1} {COLOURS[seat]}" if compact else f" P{seat + 1} {COLOURS[seat]} ", f"seat{seat}")


def _status(view: Mapping[str, Any], compact: bool) -> list[Span]:
    cap = view["options"]["move_cap"]
    moves = view["moves"]
    outcome = view.get("outcome")
    if outcome is not None:
        winners = outcome["winners"]
        if winners:
            made = f"{moves} move{'' if moves == 1 else 's'}"
            said = f" wins ({made})" if compact else f" wins with three Triads after {made}"
            return [_seat(winners[0], compact), (said, "")]
        return [
            (f"a draw at the move cap ({cap})" if compact else f"a draw: the move cap ({cap} moves) is reached", "")
        ]
    who = _seat(view["to_move"], compact)
    pending = view.get("pending_removal") or []
    if pending:
        which = " remove " if len(pending) == 1 else " remove one of "
        if compact:
            return [who, (": remove ", ""), ("/".join(pending), "strong")]
        return [
            who,
            (" formed a Triad:" + which, ""),
            (", ".join(pending), "strong"),
            (f"   (move {moves} of {cap})", ""),
        ]
    if compact:
        return [(f"move {moves + 1}/{cap}: ", ""), who]
    return [(f"move {moves + 1} of {cap}: ", ""), who, (" to move", "")]
