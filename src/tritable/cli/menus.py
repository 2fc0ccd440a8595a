"""The numbered list of a seat's legal actions, as ``tritable play`` shows it: grouped and
numbered as the game's drawing module says, fitted to the terminal. Local play lists a state's
legal actions, online play the notation the server sends: both the same way."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from tritable.cli.boards import group_action, listed_last, menu_numbering, menu_numbers
from tritable.cli.flow import Flow
from tritable.engine import Action, Game


class MenuItem(NamedTuple):
    """A legal action as a menu lists it: the number to type, the notation and, where the game
    groups its actions, the short text shown within the group (else None)."""

    number: int
    action: Action
    text: str
    short: str | None


COMPACT_NUMBERING = "type a row, then a cell: 25 lays row 2 on cell 5"
"""How the compact menu's numbers read (a row written once, its cells after it)."""


def menu_of(game: Game, actions: Iterable[Action]) -> list[MenuItem]:
    """``actions`` in the order they are listed, grouped as the game's drawing module says, with
    the numbers to type (1, 2, ... unless the game numbers them).

    >>> import tritable
    >>> game = tritable.new_game("triad")
    >>> [item.number for item in menu_of(game, game.new_state(seed=1).legal_actions(0))][:3]
    [1, 2, 3]
    """
    groups: dict[str | None, list[tuple[Action, str, str | None]]] = {}
    for action in sorted(actions, key=lambda a: listed_last(game.id, game.action_to_string(a))):  # stable
        text = game.action_to_string(action)
        grouped = group_action(game.id, text)
        key = grouped[0] if grouped else None
        groups.setdefault(key, []).append((action, text, grouped[1] if grouped else None))
    listed = [member for members in groups.values() for member in members]
    numbers = menu_numbers(game.id, [text for _, text, _ in listed])
    return [MenuItem(n, *member) for n, member in zip(numbers, listed, strict=True)]


def numbering(game_id: str, menu: list[MenuItem]) -> str | None:
    """How the menu's numbers read, where they are the game's own rather than 1, 2, ..."""
    if [item.number for item in menu] == list(range(1, len(menu) + 1)):
        return None
    return menu_numbering(game_id)


def menu_table(console: Console, game_id: str, menu: list[MenuItem]) -> RenderableType:
    """The menu as the screen lists it, within ``console``'s width."""

    def item(n: int, text: str) -> Text:
        shown = Text.assemble((f"{n}", "bold cyan"), " ", text)
        shown.no_wrap = True  # a number and its action stay on one line
        return shown

    if len(menu) == 1:
        return Flow([item(menu[0].number, menu[0].text), Text("(Enter plays it)", style="dim")], gap=3)
    compact = False
    listed: RenderableType
    if all(entry.short is None for entry in menu):
        listed = Columns([item(e.number, e.text) for e in menu], padding=(0, 2))
    else:
        rows: dict[str, list[MenuItem]] = {}
        for entry in menu:
            grouped = group_action(game_id, entry.text)
            rows.setdefault(grouped[0] if grouped else "", []).append(entry)
        listed, compact = grouped_menu(console.width, rows, item)
    how = numbering(game_id, menu)
    if compact:
        how = COMPACT_NUMBERING  # the compact form says its own way: rows, then cells
    return listed if how is None else Group(listed, Text(how, style="dim"))


def grouped_menu(width: int, rows: dict[str, list[MenuItem]], item: Any) -> tuple[RenderableType, bool]:
    """A group a line: its name, then its actions (``11 @1  12 @2``). Where that would wrap
    and the game numbers a group's actions by its row then the last digit (Triple Triad: the
    card's row, then the cell), the row is written once and each action by its last digit
    (``1 Geezard ↑1 →4 ↓1 ←5  cells 1 2 3``), which keeps 45 placements on 5 lines. Returns
    the list and whether it is that compact form."""
    label = max(len(key) for key in rows)
    # A row holds at most nine actions numbered by one last digit: the form is chosen for the
    # widest row there can be, so that it stays the same from turn to turn.
    entry = max(len(f"{e.number} {e.short or e.text}") + 2 for row in rows.values() for e in row)
    tens = all(
        e.number >= 10
        and e.number // 10 == row[0].number // 10
        and e.short is not None
        and e.short.endswith(str(e.number % 10))
        for row in rows.values()
        for e in row
    ) and len({row[0].number // 10 for row in rows.values()}) == len(rows)
    table = Table.grid(padding=(0, 2))
    if tens and label + 2 + 9 * entry > width:
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for key, row in rows.items():
            cells = Text("cells ", style="dim")
            for i, e in enumerate(row):
                cells.append((" " if i else "") + str(e.number % 10), style="bold cyan")
            table.add_row(str(row[0].number // 10), key, cells)
        return table, True
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, row in rows.items():
        table.add_row(key, Flow([item(e.number, e.short if e.short is not None else e.text) for e in row]))
    return table, False
