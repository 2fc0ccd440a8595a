"""Triominos: the layout on its triangular grid (each corner's number in its own colour, the tile
laid last in bold yellow, ``·`` in every open slot), scores, racks and the round log.

Drawn from a Triominos view: ``target``, ``target_reached``, ``round``, ``rounds``, ``scores``, ``layout``
(placements in notation, ``a-b-c@x,y/rN``), ``last``, ``rack_sizes``, ``revealed``, ``pool``,
``draws``, ``choice``, ``start``, ``log`` and ``rack``. The geometry is the game's: triangle
``x,y`` is an up triangle when ``x + y`` is even; its corners, clockwise from the apex, are the
lattice points ``x+1,y``, ``x+2,y+1``, ``x,y+1`` (up) or ``x+1,y+1``, ``x,y``, ``x+2,y`` (down);
``/rN`` puts the tile's lowest number on corner ``N`` and the others clockwise after it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tritable.cli.boards import SEAT_STYLES

_NUMBER = (
    "bold bright_white",
    "bold bright_red",
    "bold bright_yellow",
    "bold bright_green",
    "bold bright_cyan",
    "bold bright_magenta",
)
_EDGE = "grey58"
_LAST = "bold yellow"
_PLACEMENT = re.compile(r"^(\d)-(\d)-(\d)@(-?\d+),(-?\d+)/r([012])$")


def parse(placement: str) -> tuple[tuple[int, int, int], int, int, int]:
    """``"1-2-5@3,-2/r1"`` -> ((1, 2, 5), 3, -2, 1)."""
    match = _PLACEMENT.match(placement.replace(" ", ""))
    if match is None:
        raise ValueError(f"not a placement: {placement!r}")
    a, b, c, x, y, r = (int(v) for v in match.groups())
    return (a, b, c), x, y, r


def corners(tile: tuple[int, int, int], r: int) -> tuple[int, int, int]:
    """The numbers on corners 0, 1, 2 (clockwise from the apex) of a tile laid ``/rN``."""
    return tile[-r % 3], tile[(1 - r) % 3], tile[(2 - r) % 3]


def is_up(x: int, y: int) -> bool:
    return (x + y) % 2 == 0


def neighbours(x: int, y: int) -> tuple[tuple[int, int], ...]:
    return ((x - 1, y), (x + 1, y), (x, y + 1) if is_up(x, y) else (x, y - 1))


def layout_picture(layout: Sequence[str], last: Sequence[int] | None) -> Text:
    """The layout as coloured text: two rows and four columns a triangle, as ``render`` draws it."""
    if not layout:
        return Text("(no tile on the table yet)", style="dim")
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    laid: set[tuple[int, int]] = set()
    last_xy = tuple(last) if last else None
    for placement in layout:
        tile, x, y, r = parse(placement)
        laid.add((x, y))
        edge = _LAST if (x, y) == last_xy else _EDGE
        c, row = 2 * x, 2 * y
        if is_up(x, y):
            spots = ((c + 2, row), (c + 4, row + 2), (c, row + 2))
            cells[(row + 1, c + 1)] = ("/", edge)
            cells[(row + 1, c + 3)] = ("\\", edge)
            for dc in (1, 2, 3):
                cells[(row + 2, c + dc)] = ("─", edge)
        else:
            spots = ((c + 2, row + 2), (c, row), (c + 4, row))
            cells[(row + 1, c + 1)] = ("\\", edge)
            cells[(row + 1, c + 3)] = ("/", edge)
            for dc in (1, 2, 3):
                cells[(row, c + dc)] = ("─", edge)
        for (sc, sr), v in zip(spots, corners(tile, r), strict=True):
            cells[(sr, sc)] = (str(v), _NUMBER[v % 6])
        cells[(row + 1, c + 2)] = ("*", _LAST) if (x, y) == last_xy else (" ", "")
    slots = {n for t in laid for n in neighbours(*t)} - laid
    for x, y in slots:
        cells.setdefault((2 * y + 1, 2 * x + 2), ("·", "dim"))
    xs = [x for x, _ in laid | slots]
    ys = [y for _, y in laid | slots]
    c0, c1 = 2 * min(xs), 2 * max(xs) + 4
    r0, r1 = 2 * min(ys), 2 * max(ys) + 2
    width = len(str(-max(abs(y) for y in ys))) + 1  # room for the widest label, sign included
    # Every column labelled, so that no x is counted out: columns lie two characters apart, so
    # one row holds them all only when every label is one character (0..9); else the even
    # columns take one row and the odd ones the next.
    columns = range(min(xs), max(xs) + 1)
    if all(len(str(x)) == 1 for x in columns):
        rulers = [list(columns)]
    else:
        rulers = [[x for x in columns if x % 2 == 0], [x for x in columns if x % 2]]
    text = Text(style="dim")
    for labelled in rulers:
        ruler = [" "] * (c1 - c0 + 6)
        for x in labelled:
            label = str(x)
            at = 2 * x + 2 - c0
            ruler[at : at + len(label)] = label
        text.append(" " * width + "".join(ruler).rstrip() + "\n")
    for row in range(r0, r1 + 1):
        label = str((row - 1) // 2) if row % 2 else ""
        text.append(label.rjust(width - 1) + " ", style="dim")
        line = Text()
        for c in range(c0, c1 + 1):
            char, style = cells.get((row, c), (" ", ""))
            line.append(char, style=style)
        line.rstrip()
        text.append_text(line)
        if row < r1:
            text.append("\n")
    return text


def tile_chip(name: str) -> Text:
    """``1-2-5`` with each number in its colour."""
    chip = Text()
    for i, part in enumerate(name.split("-")):
        if i:
            chip.append("-", style="dim")
        chip.append(part, style=_NUMBER[int(part) % 6] if part.isdigit() else "")
    return chip


def _tiles(names: Sequence[str]) -> Text:
    text = Text()
    for i, name in enumerate(names):
        if i:
            text.append("  ")
        text.append_text(tile_chip(name))
    return text


def _seat(seat: int) -> Text:
    return Text(f"P{seat + 1}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def draw(view: Mapping[str, Any]) -> RenderableType:
    seat = view.get("seat")
    players: int = view["players"]
    parts: list[RenderableType] = []
    head = Text(f"round {view['round'] + 1} · to {view['target']} points · pool {view['pool']} tiles", style="bold")
    if view.get("target_reached") and view["turn"]["kind"] != "terminal":
        head.append(f" · {view['target']} reached: last round", style="bold magenta")
    if view.get("draws"):
        head.append(f" · drawn {view['draws']} this turn", style="yellow")
    parts.append(head)
    start = view.get("start")
    if start:
        line = Text("start: ", style="dim")
        line.append_text(_seat(start["seat"]))
        line.append(" laid ")
        line.append_text(tile_chip(start["tile"]))
        line.append(f" for {start['points']}")
        if start.get("revealed"):
            line.append(", showing ")
            line.append_text(tile_chip(start["revealed"]))
        parts.append(line)
    parts.append(layout_picture(view["layout"], view.get("last")))

    table = Table(show_edge=False, box=None, padding=(0, 1), header_style="dim")
    for name in ("", "score", "tiles", ""):
        table.add_column(name, justify="right" if name in ("score", "tiles") else "left")
    to_move = view["turn"]["players"]
    revealed = view.get("revealed") or [[] for _ in range(players)]
    for s in range(players):
        notes = Text()
        if s == seat:
            notes.append("you ", style="bold")
        if s in to_move:
            notes.append("◀ to move ", style="bold yellow")
        if revealed[s] and s != seat:
            notes.append("shown: ", style="dim")
            notes.append_text(_tiles(revealed[s]))
        table.add_row(_seat(s), str(view["scores"][s]), str(view["hand_sizes"][s]), notes)
    parts.append(table)
    rack = view.get("hand")
    if rack is not None:
        parts.append(Text.assemble(("your rack: ", "bold"), _tiles(rack) if rack else Text("(empty)", style="dim")))
    if view.get("choice") and to_move:
        parts.append(_start_line(to_move[0], view.get("seat"), rack or []))
    for entry in view.get("log") or []:
        parts.append(_log_line(entry))
    return Group(*parts)


def _start_line(starter: int, seat: int | None, rack: Sequence[str]) -> Text:
    """Who lays the start tile; to the starter holding 0-0-0 and a higher triple, its choice."""
    line = Text.assemble(_seat(starter), " lays the start tile")
    triples = sorted((t for t in rack if len(set(t.split("-"))) == 1 and t != "0-0-0"), reverse=True)
    if seat == starter and triples and "0-0-0" in rack:
        line.append(f": {triples[0]}, or 0-0-0 (which shows {triples[0]} to everyone)")
    return line


def round_over(before: Mapping[str, Any], after: Mapping[str, Any]) -> RenderableType | None:
    """The final layout of the round the last action ended, with its result."""
    entry = after.get("last_round")
    if not entry:
        return None
    final = entry.get("layout") or []
    body = Group(layout_picture(final, entry.get("last")), _log_line(entry)) if final else _log_line(entry)
    return Panel(body, title=f"round {entry['round'] + 1} is over", expand=False)


_BONUS = {40: "bonus", 50: "hexagon", 60: "double hexagon", 70: "triple hexagon"}


def move_points(seat: int, notation: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> str | None:
    """The points of a lay (its tile's sum and any bonus) or the penalty of a draw or pass; for
    the action that ends a round, without the round's points (its panel says those).

    >>> move_points(0, "1-2-5@0,0/r1", {"scores": [7, 0], "log": [], "layout": ["5-5-5@1,0/r0"]},
    ...             {"scores": [55, 0], "log": []})
    '+48: 8 + 40 bonus'
    >>> move_points(1, "0-0-2@1,0/r0", {"scores": [0, 40], "log": [], "layout": ["0-0-0@0,0/r0"]},
    ...             {"scores": [0, 83], "log": [{"points": [0, 41]}]})
    '+2'
    """
    gained = after["scores"][seat] - before["scores"][seat]
    logged = after.get("log") or []
    if len(logged) != len(before.get("log") or []):
        gained -= logged[-1]["points"][seat]
        if "@" not in notation and not gained:
            return None
    if "@" not in notation:
        return f"{gained:+d}" if gained else None
    tile = sum(int(n) for n in notation.split("@")[0].split("-"))
    extra = gained - tile
    if not extra:
        return f"{gained:+d}"
    what = "start" if not before.get("layout") else _BONUS.get(extra, "bonus")
    return f"{gained:+d}: {tile} + {extra} {what}"


def own_note(seat: int, notation: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> str | None:
    """What a draw brought into the drawer's rack, from its own views around the draw: said on
    its own screen only (another seat's draw stays hidden).

    >>> own_note(0, "draw", {"round": 0, "hand": ["0-1-2"]}, {"round": 0, "hand": ["0-1-2", "1-2-5"]})
    'drew 1-2-5'
    >>> own_note(0, "draw", {"round": 0, "hand": None}, {"round": 0, "hand": None}) is None
    True
    """
    if notation != "draw" or before.get("round") != after.get("round"):
        return None
    if before.get("hand") is None or after.get("hand") is None:
        return None
    new = list((Counter(after["hand"]) - Counter(before["hand"])).elements())
    return f"drew {', '.join(new)}" if new else None


def _log_line(entry: Mapping[str, Any]) -> Text:
    line = Text(f"round {entry['round'] + 1}: ", style="dim")
    winners = entry.get("winners") or []
    how = "went out" if entry.get("end") == "out" else "won the blocked round"
    for i, w in enumerate(winners):
        if i:
            line.append(", ")
        line.append_text(_seat(w))
    line.append(f" {how}; ")
    points = entry.get("points") or []
    line.append(" ".join(f"P{s + 1} {p:+d}" for s, p in enumerate(points) if p), style="dim")
    return line


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
