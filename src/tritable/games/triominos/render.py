"""The one text drawing of a Triominos position, from a seat's view (so it shows nothing hidden).

:func:`draw` gives a :class:`~tritable.engine.drawing.Drawing`: ``State.render`` is its plain
text, and the terminal colours it by its tags (``tritable.cli.boards.triominos``):

* ``n0`` .. ``n5``: a number on the layout or in a tile (each number its own colour);
* ``edge``: a laid tile's edges; ``last``: the edges and ``*`` of the tile laid last;
  ``slot``: ``·`` in an open slot; ``label``: the x and y labels;
* ``seat0`` .. ``seat3``: a seat's name; ``turn``: the seat to move; ``you``: the viewer;
* ``head``, ``reached``, ``draws``, ``bold``, ``dim``: the header, the target reached, draws this
  turn, emphasis and notes.

The layout is drawn on its triangular grid, two lines and four columns a triangle: numbers on
the lattice points, ``/ \\ ─`` on the laid tiles' edges, ``*`` in the tile laid last, ``·`` in
each open slot, every x labelled above the middle of its triangles and y on the left. Where the
whole layout does not fit ``width`` x ``height``, a window of it around the tile laid last is
drawn, and a line says which part.

>>> import tritable
>>> state = tritable.new_game("triominos", 2).new_state(seed=7)
>>> state.apply_action(state.legal_actions()[0])
>>> print(draw(state.view(0)).text())
round 1 of at most 20 · to 400 points · pool 38 tiles
start: P1 laid 1-1-1 for 13
       0
     -1  1
       1
 0   ·/*\\·
     1───1
 1     ·
   score tiles
P1    13     8  you
P2     0     9  ◀ to move
your rack: 0-0-3  0-1-1  0-1-3  0-1-5  0-2-2  1-1-5  1-4-4  1-4-5
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tritable.engine.drawing import Drawing, Span

_PLACEMENT = re.compile(r"^(\d)-(\d)-(\d)@(-?\d+),(-?\d+)/r([012])$")

Cell = tuple[int, int]


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


def neighbours(x: int, y: int) -> tuple[Cell, Cell, Cell]:
    return ((x - 1, y), (x + 1, y), (x, y + 1) if is_up(x, y) else (x, y - 1))


def tile_spans(name: str) -> list[Span]:
    """``1-2-5`` with each number tagged ``n1``, ``n2``, ``n5``."""
    spans: list[Span] = []
    for i, part in enumerate(name.split("-")):
        if i:
            spans.append(("-", "dim"))
        spans.append((part, f"n{part}" if part.isdigit() else ""))
    return spans


def _tiles(names: Sequence[str]) -> list[Span]:
    spans: list[Span] = []
    for i, name in enumerate(names):
        if i:
            spans.append(("  ", ""))
        spans.extend(tile_spans(name))
    return spans


def _wrapped(first: list[Span], items: list[list[Span]], width: int, sep: str = "  ") -> Drawing:
    """``first`` then the ``items`` separated by ``sep``, on as many lines as ``width`` needs
    (the later lines indented as far as ``first``)."""
    indent = sum(len(text) for text, _ in first)
    out = Drawing()
    line, used = list(first), indent
    for i, item in enumerate(items):
        size = sum(len(text) for text, _ in item)
        if i and used + len(sep) + size > width:
            out.lines.append(line)
            line, used = [(" " * indent, "")], indent
        elif i:
            line.append((sep, ""))
            used += len(sep)
        line.extend(item)
        used += size
    out.lines.append(line)
    return out


def _seat(seat: int) -> Span:
    return (f"P{seat + 1}", f"seat{seat}")


def layout_drawing(
    layout: Sequence[str], last: Sequence[int] | None, width: int | None = None, height: int | None = None
) -> Drawing:
    """The layout on its grid (see the module docstring), in at most ``width`` x ``height``
    characters where given: a window around the tile laid last when the whole does not fit."""
    out = Drawing()
    if not layout:
        out.add(("(no tile on the table yet)", "dim"))
        return out
    cells: dict[Cell, Span] = {}
    laid: set[Cell] = set()
    last_xy = tuple(last) if last else None
    for placement in layout:
        tile, x, y, r = parse(placement)
        laid.add((x, y))
        edge = "last" if (x, y) == last_xy else "edge"
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
            cells[(sr, sc)] = (str(v), f"n{v % 6}")
        cells[(row + 1, c + 2)] = ("*", "last") if (x, y) == last_xy else (" ", "")
    slots = {n for t in laid for n in neighbours(*t)} - laid
    for x, y in slots:
        cells.setdefault((2 * y + 1, 2 * x + 2), ("·", "slot"))
    xs = [x for x, _ in laid | slots]
    ys = [y for _, y in laid | slots]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    left = len(str(-max(abs(y) for y in ys))) + 1  # room for the widest y label, sign included
    # Every column labelled when one row holds the labels (0..9), else the even ones above the odd.
    two_rulers = any(len(str(x)) > 1 for x in range(x0, x1 + 1))
    full_w, full_h = left + 2 * (x1 - x0) + 5, 2 * (y1 - y0) + 3 + 1 + two_rulers
    window = (width is not None and full_w > width) or (height is not None and full_h > height)
    if window:
        two_rulers = False  # the even columns only: a window is drawn where room is short
        fx, fy = last_xy if last_xy else ((x0 + x1) // 2, (y0 + y1) // 2)
        span_x = max(0, ((width or full_w) - left - 5) // 2)
        span_y = max(0, ((height or full_h) - 5) // 2)  # a ruler and a line naming the window
        wx0 = min(max(x0, fx - span_x // 2), max(x0, x1 - span_x))
        wy0 = min(max(y0, fy - span_y // 2), max(y0, y1 - span_y))
        wx1, wy1 = min(x1, wx0 + span_x), min(y1, wy0 + span_y)
    else:
        wx0, wx1, wy0, wy1 = x0, x1, y0, y1
    c0, c1 = 2 * wx0, 2 * wx1 + 4
    columns = range(wx0, wx1 + 1)
    if window or two_rulers:
        rulers = [[x for x in columns if x % 2 == 0]] + ([[x for x in columns if x % 2]] if two_rulers else [])
    else:
        rulers = [list(columns)]
    for labelled in rulers:
        ruler = [" "] * (c1 - c0 + 6)
        for x in labelled:
            label = str(x)
            at = 2 * x + 2 - c0
            ruler[at : at + len(label)] = label
        out.add((" " * left + "".join(ruler).rstrip(), "label"))
    rows: list[list[Span]] = []
    for row in range(2 * wy0, 2 * wy1 + 3):
        label = str((row - 1) // 2) if row % 2 else ""
        line: list[Span] = [(label.rjust(left - 1) + " ", "label")]
        for c in range(c0, c1 + 1):
            char, tag = cells.get((row, c), (" ", ""))
            if line[-1][1] == tag:
                line[-1] = (line[-1][0] + char, tag)
            else:
                line.append((char, tag))
        while line and not line[-1][0].strip():
            line.pop()
        rows.append(line)
    # The points rows beyond a top or bottom row of open slots hold nothing.
    while rows and not rows[-1]:
        rows.pop()
    while rows and not rows[0]:
        rows.pop(0)
    out.lines.extend(rows)
    if window:
        out.add((f"(x {wx0}..{wx1} y {wy0}..{wy1} of x {x0}..{x1} y {y0}..{y1})", "dim"))
    return out


def _head(view: Mapping[str, Any], compact: bool, width: int) -> Drawing:
    """The round, the target, the pool; the target reached and the draws this turn (on a line of
    their own where one line is too narrow)."""
    if compact:
        head: list[Span] = [(f"round {view['round'] + 1} · to {view['target']} · pool {view['pool']}", "head")]
    else:
        rounds = f"round {view['round'] + 1} of at most {view['rounds']}"
        head = [(f"{rounds} · to {view['target']} points · pool {view['pool']} tiles", "head")]
    extra: list[Span] = []
    if view.get("target_reached") and view["turn"]["kind"] != "terminal":
        extra.append((f" · {view['target']} reached: last round", "reached"))
    if view.get("draws"):
        extra.append((f" · drawn {view['draws']}" + ("" if compact else " this turn"), "draws"))
    out = Drawing()
    if sum(len(text) for text, _ in head + extra) <= width:
        out.add(*head, *extra)
    else:
        out.add(*head)
        out.add(*[(text.removeprefix(" · ") if i == 0 else text, tag) for i, (text, tag) in enumerate(extra)])
    return out


def _start(view: Mapping[str, Any]) -> list[Span] | None:
    start = view.get("start")
    if not start:
        return None
    line: list[Span] = [("start: ", "dim"), _seat(start["seat"]), (" laid ", ""), *tile_spans(start["tile"])]
    line.append((f" for {start['points']}", ""))
    if start.get("revealed"):
        line.extend([(", showing ", ""), *tile_spans(start["revealed"])])
    return line


def _seats(view: Mapping[str, Any], compact: bool, width: int) -> Drawing:
    """A table of scores and rack sizes (one line in all, compact), with the seat to move, the
    viewer and the tiles a seat has shown."""
    seat = view.get("seat")
    players: int = view["players"]
    to_move = view["turn"]["players"]
    revealed = view.get("revealed") or [[] for _ in range(players)]
    out = Drawing()
    if compact:
        items: list[list[Span]] = []
        for s in range(players):
            item = [_seat(s), (f" {view['scores'][s]} ({view['hand_sizes'][s]})", "")]
            if s in to_move:
                item.append((" ◀", "turn"))
            if s == seat:
                item.append((" you", "you"))
            items.append(item)
        out.extend(_wrapped([], items, width))
        for s in range(players):
            if revealed[s] and s != seat:
                out.extend(_wrapped([_seat(s), (" has shown: ", "dim")], [tile_spans(t) for t in revealed[s]], width))
        return out
    wide = max(5, *(len(str(v)) for v in view["scores"]))
    out.add(("  " + "score".rjust(wide + 1) + " tiles", "dim"))
    for s in range(players):
        row: list[Span] = [_seat(s), (f" {view['scores'][s]:>{wide}} {view['hand_sizes'][s]:>5}  ", "")]
        if s == seat:
            row.append(("you ", "you"))
        if s in to_move:
            row.append(("◀ to move ", "turn"))
        if revealed[s] and s != seat:
            row.extend([(f"P{s + 1} has shown: ", "dim"), *_tiles(revealed[s])])
        out.lines.append(row)
    return out


def _start_choice(starter: int, seat: int | None, hand: Sequence[str]) -> list[Span]:
    """Who lays the start tile; to the starter holding 0-0-0 and a higher triple, its choice."""
    line: list[Span] = [_seat(starter), (" lays the start tile", "")]
    triples = sorted((t for t in hand if len(set(t.split("-"))) == 1 and t != "0-0-0"), reverse=True)
    if seat == starter and triples and "0-0-0" in hand:
        line.append((f": {triples[0]}, or 0-0-0 (which shows {triples[0]} to everyone)", ""))
    return line


def round_line(entry: Mapping[str, Any]) -> list[Span]:
    """One line for a finished round (an entry of the view's ``log``, or its ``last_round``)."""
    line: list[Span] = [(f"round {entry['round'] + 1}: ", "dim")]
    for i, w in enumerate(entry.get("winners") or []):
        if i:
            line.append((", ", ""))
        line.append(_seat(w))
    how = "went out" if entry.get("end") == "out" else "won the blocked round"
    line.append((f" {how}; ", ""))
    points = entry.get("points") or []
    line.append((" ".join(f"P{s + 1} {p:+d}" for s, p in enumerate(points) if p), "dim"))
    return line


def _game_over(view: Mapping[str, Any]) -> list[Span]:
    winners = view["outcome"]["winners"]
    if not winners:
        return [("Game over: a draw", "head")]
    line: list[Span] = [("Game over: ", "head")]
    for i, w in enumerate(winners):
        if i:
            line.append((" and ", ""))
        line.append(_seat(w))
    line.append((" won", "head"))
    return line


def draw(view: Mapping[str, Any], width: int = 80, height: int | None = None) -> Drawing:
    """The position ``view`` shows, in at most ``width`` columns and ``height`` lines where given
    (when the full drawing is taller, the scores take one line, the log its last round, and the
    layout the lines left)."""
    drawing = _draw(view, width, None, compact=False)
    if height is not None and drawing.height > height:
        drawing = _draw(view, width, height, compact=True)
    for line in drawing.lines:  # no trailing spaces: the terminal's copy reads as the text does
        while line and not line[-1][0].rstrip():
            line.pop()
        if line:
            line[-1] = (line[-1][0].rstrip(), line[-1][1])
    return drawing


def _draw(view: Mapping[str, Any], width: int, height: int | None, *, compact: bool) -> Drawing:
    seat = view.get("seat")
    hand = view.get("hand")
    to_move = view["turn"]["players"]
    log = view.get("log") or []
    tail = Drawing()  # what follows the layout
    if hand is not None:
        tail.extend(_wrapped([("your rack: ", "bold")], [tile_spans(t) for t in hand] or [[("(empty)", "dim")]], width))
    if view.get("choice") and to_move:
        tail.add(*_start_choice(to_move[0], seat, hand or []))
    for entry in log[-1:] if compact else log:
        tail.add(*round_line(entry))
    if view["turn"]["kind"] == "terminal" and view.get("outcome"):
        tail.add(*_game_over(view))
    seats = _seats(view, compact, width)
    out = _head(view, compact, width)
    start = _start(view)
    if start and not compact:
        out.add(*start)
    room = None if height is None else max(4, height - out.height - seats.height - tail.height)
    out.extend(layout_drawing(view["layout"], view.get("last"), width, room))
    out.extend(seats)
    out.extend(tail)
    return out
