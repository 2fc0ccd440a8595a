"""Tri*T*Area: the 4x4 city (areas, printed scores, every building's blocks bottom first, each
with its owner's number in its colour) and a key to it, the seats' scores and blocks, the trick, the
rightholders, the last trick with what its rightholders did, and your hand.

Drawn from a Tri*T*Area view: ``round``, ``phase`` (``play``, ``place``, ``extra``, ``declare``,
``sell``, ``over``), ``lead``, ``leader``, ``trick_number``, ``scores``, ``blocks``, ``sold``,
``board`` (16 stacks of seats, bottom first, a1..d4 row by row), ``hand_sizes``, ``trick``
(``[seat, card]``), ``rightholders``, ``placing``, ``extra_from``, ``declared``, ``results``,
``hand``, ``played`` (each round's cards in play order) and ``history``. The board layout and
printed scores are the game's ``data.json``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SEAT_STYLES = ("bold bright_cyan", "bold bright_red", "bold bright_yellow", "bold bright_white")
_AREA = {"I": "on #1d3557", "M": "on #5a3a1a", "E": "on #1f4d2b", "H": "on #5c1f4a"}
_SUIT = {
    "I": "bold white on #2f5d8a",
    "M": "bold white on #8a5a2a",
    "E": "bold white on #2f7a45",
    "H": "bold white on #8a2f6f",
}
FILES = "abcd"


@cache
def data() -> Mapping[str, Any]:
    """The game's table of numbers (board, printed scores, area values)."""
    import tritable.games.tri_t_area as pkg

    path = Path(pkg.__file__).parent / "data.json"
    loaded: Mapping[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def _seat(seat: int) -> Text:
    return Text(f"P{seat + 1}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def card(name: str) -> Text:
    """A card in its suit's colour (``M5=10``: a 5 played as 10)."""
    return Text(f" {name} ", style=_SUIT.get(name[:1], "bold"))


def _square(area: str, printed: int, stack: Sequence[int], name: str) -> Text:
    cell = Text(f"{name} {area}", style="dim")
    if printed:
        cell.append(f" ({printed})", style="bold")
    cell.append("\n")
    if stack:
        # Every block with its owner's number, bottom first: readable without colour too.
        for owner in stack:
            cell.append(f"■{owner + 1}", style=SEAT_STYLES[owner % len(SEAT_STYLES)])
    else:
        cell.append("·", style="dim")
    return cell


class _Board:
    """The city at full width (every column as wide, so the board does not shift as buildings
    grow), or as narrow as its cells on a narrow screen."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield board(self.view, column_width=FULL_COLUMN if options.max_width >= FULL_WIDTH else None)


FULL_COLUMN = 13
FULL_WIDTH = 4 * FULL_COLUMN + 10
"""The screen width the board needs at full width: four squares, the rank column and the lines."""


def board(view: Mapping[str, Any], column_width: int | None = FULL_COLUMN) -> Table:
    d = data()
    layout: Sequence[str] = d["board"]
    printed: Sequence[Sequence[int]] = d["printed"]
    stacks: Sequence[Sequence[int]] = view["board"]
    table = Table(box=box.SQUARE, show_header=True, show_lines=True, padding=0, header_style="dim")
    table.add_column("")
    for f in FILES:
        table.add_column(f" {f}", min_width=column_width)
    for r, row in enumerate(layout):
        cells: list[RenderableType] = [Text(f" {r + 1} ", style="dim")]
        for c, area in enumerate(row):
            cell = _square(area, printed[r][c], stacks[r * 4 + c], f"{FILES[c]}{r + 1}")
            cells.append(Padding(cell, (0, 1), style=_AREA.get(area, ""), expand=True))
        table.add_row(*cells, style=None)
    return table


def legend() -> Text:
    text = Text()
    for i, suit in enumerate(data()["suits"]):
        if i:
            text.append("  ")
        text.append(f" {suit['letter']} ", style=_SUIT.get(suit["letter"], ""))
        text.append(f" {suit['name']} {suit['first']}/{suit['second']}")
    return text


def key(view: Mapping[str, Any]) -> Text:
    """One line saying what the legend, the squares and the 5s' notation mean (``replay`` without
    ``--step`` says it in the game's own text); the 5s only in a round they are dealt in."""
    d = data()
    first = d["suits"][0]
    text = Text("key: ", style="dim")
    text.append("(2)", style="bold")
    text.append(" points to the first block · ", style="dim")
    text.append(f"{first['first']}/{first['second']}")
    text.append(" majority 1st/2nd · ", style="dim")
    text.append("■2", style=SEAT_STYLES[1])
    text.append("■3", style=SEAT_STYLES[2])
    text.append(" P3 built on P2", style="dim")
    rounds: Sequence[Mapping[str, Any]] = d["rounds"]
    five = d["five"]
    r = view["round"] - 1
    if 0 <= r < len(rounds) and five["rank"] not in rounds[r].get("without_ranks", []):
        low, high = five["values"]
        text.append(" · ", style="dim")
        text.append(f"M{five['rank']}={high}")
        text.append(f" a {five['rank']} as {high} (or {low}), costs {five['cost']}", style="dim")
    return text


def last_trick(view: Mapping[str, Any]) -> Text | None:
    """The round's last finished trick while the next one is played: who played what, then what
    each rightholder did (``RH1 P2 d3 +c2 · RH2 P4 d3x2``), read from the view's plays and history
    (the trick itself is gone from the view once its blocks are placed)."""
    if view["phase"] != "play":
        return None
    n: int = view["players"]
    played: Sequence[Sequence[Any]] = (view.get("played") or [[]])[-1]
    current = len(view.get("trick") or [])
    done = len(played) - current
    if done < n:
        return None
    line = Text("last trick: ", style="dim")
    for i, (s, name) in enumerate(played[done - n : done]):
        if i:
            line.append("  ")
        line.append_text(_seat(s))
        line.append(" ")
        line.append_text(card(name))
    # The rightholders' actions: those after the trick's last card and before this trick's first.
    history: Sequence[Sequence[Any]] = view.get("history") or []
    end = len(history) - current
    start = end
    while start > 0 and not _CARD_PLAY.match(str(history[start - 1][1])):
        start -= 1
    holders: list[tuple[int, list[str]]] = []
    for s, text in history[start:end]:
        if holders and holders[-1][0] == s:
            holders[-1][1].append(text)
        else:
            holders.append((s, [text]))
    for i, (s, done_by) in enumerate(holders):
        line.append(f" · RH{i + 1} ", style="dim")
        line.append_text(_seat(s))
        line.append(" " + " ".join(done_by))
    return line


_CARD_PLAY = re.compile(r"^[A-Z]\d(=\d+)?$")
"""A card played (``I7``, ``M5=10``): every other action of a trick is a rightholder's."""


def draw(view: Mapping[str, Any]) -> RenderableType:
    seat = view.get("seat")
    phase = view["phase"]
    parts: list[RenderableType] = []
    head = Text(f"round {view['round']}/3 · ", style="bold")
    head.append(f"trick {min(view['trick_number'], 8)}/8 · " if phase in ("play", "place", "extra") else "")
    head.append(_PHASES.get(phase, phase))
    parts.append(head)
    parts.append(_Board(view))
    parts.append(legend())
    parts.append(key(view))

    table = Table(show_edge=False, box=None, padding=(0, 1), header_style="dim")
    for name in ("", "score", "blocks", "sold", "cards", "declared", ""):
        table.add_column(name, justify="right" if name in ("score", "blocks", "sold", "cards") else "left")
    rightholders = view.get("rightholders") or []
    to_act = view["turn"]["players"]
    declared = view.get("declared") or [None] * 4
    for s in range(view["players"]):
        notes = Text()
        if s == seat:
            notes.append("you ", style="bold")
        if s == view.get("leader") and phase == "play":
            notes.append("(leader) ", style="italic")
        for i, rh in enumerate(rightholders):
            if rh == s:
                notes.append(f"RH{i + 1} ", style="bold magenta")
        if s in to_act:
            notes.append("◀ to act", style="bold yellow")
        shown = declared[s]
        decl: Text | str = card(shown) if isinstance(shown, str) else ("chosen" if shown else "")
        table.add_row(
            _seat(s),
            str(view["scores"][s]),
            str(view["blocks"][s]),
            str(view["sold"][s]) if view["sold"][s] else "",
            str(view["hand_sizes"][s]),
            decl,
            notes,
        )
    parts.append(table)
    trick = view.get("trick") or []
    if trick:
        line = Text("trick: ")
        for i, (s, name) in enumerate(trick):
            if i:
                line.append("  ")
            line.append_text(_seat(s))
            line.append(" ")
            line.append_text(card(name))
        parts.append(line)
    if (finished := last_trick(view)) is not None:
        parts.append(finished)
    if phase == "extra" and view.get("extra_from"):
        parts.append(Text(f"additional construction: one more block next to {view['extra_from']}, or no extra"))
    hand = view.get("hand")
    if hand is not None:
        mine = Text("your hand: ", style="bold")
        for i, name in enumerate(hand):
            if i:
                mine.append(" ")
            mine.append_text(card(name))
        parts.append(mine)
    results = view.get("results") or []
    if results:
        parts.append(results_table(results, view["players"]))
    return Group(*parts)


_PHASES = {
    "play": "play a card",
    "place": "rightholders place blocks",
    "extra": "additional construction",
    "declare": "Declaration of Intent: everyone reveals a card at once",
    "sell": "Advance Block Sale (+3 a block)",
    "over": "game over",
}


def results_table(results: Sequence[Mapping[str, Any]], players: int, last_only: bool = False) -> Table:
    """Each finished round's scoring per seat (``last_only``: the last round's): what its play
    scored, areas, tallest building, declaration, sale, end penalty and the total after it."""
    table = Table(title="round scoring", show_edge=False, box=box.SIMPLE_HEAD, padding=(0, 1), title_justify="left")
    table.add_column("round")
    for s in range(players):
        table.add_column(_seat(s), justify="right")
    before: Sequence[int] = [0] * players
    for result in results:
        r = result["round"]
        areas = result.get("areas") or {}
        rows: list[tuple[str, Sequence[Any]]] = [
            (f"{r}: areas", [sum(values[s] for values in areas.values()) for s in range(players)]),
            (f"{r}: tallest", result.get("tallest") or []),
            (f"{r}: declaration", result.get("declaration") or []),
            (f"{r}: block sale", [3 * n for n in result.get("sold") or []]),
            (f"{r}: end penalty", result.get("end_penalty") or []),
        ]
        # What the round's play scored (printed squares, defaults, 5s played as 0 or 10), so
        # that the rows add up to the total.
        scored = [sum(values[s] for _, values in rows if values) for s in range(players)]
        during = [result["scores"][s] - before[s] - scored[s] for s in range(players)]
        rows.insert(0, (f"{r}: during play", during))
        before = result["scores"]
        if last_only and result is not results[-1]:
            continue
        for label, values in rows:
            if any(values):
                table.add_row(label, *[str(v) if v else "" for v in values])
        table.add_row(
            Text(f"total after round {r}", style="bold"), *[Text(str(v), style="bold") for v in result["scores"]]
        )
    return table


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


def round_over(before: Mapping[str, Any], after: Mapping[str, Any]) -> RenderableType | None:
    """The city of the round the last action ended, as it was scored, with the round's scoring."""
    results = after.get("results") or []
    if len(results) <= len(before.get("results") or []):
        return None
    result = results[-1]
    parts: list[RenderableType] = []
    if "board" in result:
        parts.append(_Board({**after, "board": result["board"]}))
    parts.append(results_table(results, after["players"], last_only=True))
    return Panel(Group(*parts), title=f"round {result['round']} is over", expand=False)


SEAT_DETAILS: frozenset[str] = frozenset()
"""No outcome detail is per seat (the round scoring is drawn with the board)."""


def detail(key: str, value: Any) -> str | None:
    """The outcome's ``rounds`` are drawn with the board (round scoring): leave them out."""
    if key == "rounds" or value is None:
        return None
    return str(value)
