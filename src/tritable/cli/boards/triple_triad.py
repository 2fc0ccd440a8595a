"""Triple Triad: the 3x3 board of cards with their four ratings in their owner's colour (P1 blue,
P2 red, as in FF8), elements, both hands (a hidden card is a card back) and the score.

Drawn from a Triple Triad view: ``round``, ``first``, ``board`` (per cell ``null`` or
``{"card", "owner"}``), ``elements``, ``hands`` (``null`` when hidden), ``hand_sizes``,
``known``, ``brought``, ``scores``, ``rounds`` and, once decided, ``trade``. Card ratings and
elements come from the public card table (:mod:`tritable.games.triple_triad.data`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

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
WIDTH = 14


def _seat(seat: int) -> Text:
    return Text(f" P{seat + 1} ", style=SEAT_STYLES[seat % 2])


def ratings(name: str) -> tuple[str, str, str, str]:
    """The printed (top, right, bottom, left) ratings of card ``name``, A for 10."""
    top, right, bottom, left = (rating_text(x) for x in RATINGS[BY_NAME[name]])
    return top, right, bottom, left


def element_of(name: str) -> str | None:
    index = CARD_ELEMENTS[BY_NAME[name]]
    return ELEMENTS[index] if index >= 0 else None


def _element_tag(element: str) -> Text:
    return Text(element, style=f"bold {_ELEMENT.get(element, 'white')}")


def card_face(name: str, owner: int | None, cell_element: str | None = None, number: int | None = None) -> Text:
    """A card: its four ratings around the owner, its name, its element and, on an elemental cell,
    a line of its own with the cell's element and what it does to the ratings (``on ice -1``: the
    two element names do not fit on one line of the cell)."""
    top, right, bottom, left = ratings(name)
    corner = f"{number}" if number is not None else " "
    text = Text(f"{corner:<3}{top:^{WIDTH - 6}}   \n")
    text.append(f"{left:<3}")
    if owner is not None:
        text.append(f"P{owner + 1}".center(WIDTH - 6), style="bold")
    else:
        text.append(" " * (WIDTH - 6))
    text.append(f"{right:>3}\n")
    text.append(f"{bottom:^{WIDTH}}\n")
    text.append(f"{name[:WIDTH]:^{WIDTH}}\n")
    element = element_of(name)
    lines: list[Text] = []
    if element is not None:
        lines.append(_element_tag(element))
    if cell_element is not None:
        # The cell's element and what it does to this card's ratings.
        effect = Text.assemble(("on ", "dim"), _element_tag(cell_element))
        effect.append(" +1" if element == cell_element else " -1", style="bold")
        lines.append(effect)
    for i, line in enumerate(lines or [Text()]):
        line.align("center", WIDTH)
        text.append("\n" if i else "")
        text.append_text(line)
    return text


def _empty(number: int, element: str | None) -> Text:
    text = Text(f"{number:<{WIDTH}}\n", style="dim")
    text.append("\n")
    if element is not None:
        tag = Text(element, style=_ELEMENT.get(element, "white"))
        tag.align("center", WIDTH)
        text.append_text(tag)
    text.append("\n\n")
    return text


def board(view: Mapping[str, Any]) -> Table:
    elements: Sequence[str | None] = view.get("elements") or [None] * 9
    table = Table(box=box.HEAVY, show_header=False, show_lines=True, padding=0)
    for _ in range(3):
        table.add_column(width=WIDTH + 2)
    for row in range(3):
        cells: list[RenderableType] = []
        for k in range(3 * row, 3 * row + 3):
            cell = view["board"][k]
            if cell is None:
                cells.append(Padding(_empty(k + 1, elements[k]), (0, 1)))
            else:
                face = card_face(cell["card"], cell["owner"], elements[k], k + 1)
                cells.append(Padding(face, (0, 1), style=_OWNER_BG[cell["owner"] % 2]))
        table.add_row(*cells)
    return table


def hand(view: Mapping[str, Any], seat: int) -> RenderableType:
    """A seat's hand as small cards; cards the viewer can't see are card backs."""
    shown = view["hands"][seat]
    size = view["hand_sizes"][seat]
    if shown is not None:
        names: list[str | None] = list(shown)
    else:
        known = (view.get("known") or [None, None])[seat] or []
        names = [None] * (size - len(known)) + list(known)
    faces: list[RenderableType] = []
    for name in names:
        if name is None:
            back = "\n".join(["▒" * _MINI] * 4)
            faces.append(Panel(Text(back, style="grey50"), width=_MINI + 2, box=box.ROUNDED, padding=0))
        else:
            faces.append(Panel(_mini(name), width=_MINI + 2, box=box.ROUNDED, padding=0, style=_OWNER_BG[seat % 2]))
    title = Text.assemble(
        _seat(seat), " you" if view.get("seat") == seat else "", f"  {size} card{'s' if size != 1 else ''}"
    )
    if not faces:
        return Group(title, Text("  (empty)", style="dim"))
    return Group(title, Columns(faces, padding=(0, 0)))


_MINI = 14


def _mini(name: str) -> Text:
    """A card in hand: its ratings, its element between the left and right ratings (where the
    board's cards show the owner), and its name."""
    top, right, bottom, left = ratings(name)
    element = element_of(name)
    middle = _element_tag(element) if element is not None else Text()
    middle.align("center", _MINI - 4)
    text = Text(f"{top:^{_MINI}}\n {left}")
    text.append_text(middle)
    text.append(f"{right} \n{bottom:^{_MINI}}\n")
    text.append(f"{name[:_MINI]:^{_MINI}}", style="bold")
    return text


def draw(view: Mapping[str, Any]) -> RenderableType:
    options = view.get("options", {})
    rules = [
        label
        for key, label in (
            ("same", "Same"),
            ("same_wall", "Same Wall"),
            ("plus", "Plus"),
            ("combo", "Combo"),
            ("elemental", "Elemental"),
            ("open", "Open"),
            ("sudden_death", "Sudden Death"),
            ("random", "Random"),
        )
        if options.get(key)
    ]
    head = Text(f"round {view['round']} · rules: {', '.join(rules) or 'Standard'} · trade: {options.get('trade', '?')}")
    seat = view.get("seat")
    other = 1 if seat == 0 else 0
    top_seat, bottom_seat = (other, seat) if seat is not None else (1, 0)
    s0, s1 = view["scores"]
    score = Text.assemble("score ", _seat(0), f" {s0} – {s1} ", _seat(1))
    parts: list[RenderableType] = [head, hand(view, top_seat), board(view), hand(view, bottom_seat), score]
    if view.get("rounds"):
        parts.append(Text(f"sudden death: {len(view['rounds'])} drawn round(s) before this one", style="yellow"))
    trade = view.get("trade")
    if trade is not None:
        parts.append(_trade(trade, view))
    else:
        mover = view["turn"]["players"][0] if view["turn"]["players"] else None
        if mover is not None:
            parts.append(
                Text.assemble(_seat(mover), " to play", Text(f"   (P{view['first'] + 1} started)", style="dim"))
            )
    return Group(*parts)


def round_over(before: Mapping[str, Any], after: Mapping[str, Any]) -> RenderableType | None:
    """The final board of a round that Sudden Death replays (a draw): the next round is dealt
    within the last action, so its board is gone from the view."""
    finals = after.get("rounds") or []
    if len(finals) <= len(before.get("rounds") or []):
        return None
    note = Text("a draw: Sudden Death deals each player the cards they own and plays again", style="yellow")
    return Panel(Group(board(finals[-1]), note), title=f"round {len(finals)} is over", expand=False)


def _trade(trade: Mapping[str, Any], view: Mapping[str, Any]) -> Text:
    winner = trade.get("winner")
    if winner is None:
        text = Text("a draw", style="bold")
    else:
        text = Text.assemble(_seat(winner), (" wins", "bold"))
        if trade.get("picks_left"):
            loser = 1 - winner
            left = Counter(view["brought"][loser]) - Counter(trade.get("taken") or [])
            text.append(f": take {trade['picks_left']} of the cards")
            text.append_text(_seat(loser))
            # In card order, as the game lists the take actions (and the menu below numbers them).
            text.append("brought: " + "; ".join(sorted(left.elements(), key=BY_NAME.__getitem__)))
    moved = trade.get("transfers") or []
    if moved:
        text.append("\ncards traded: " + "; ".join(f"{t['card']} P{t['from'] + 1}→P{t['to'] + 1}" for t in moved))
    return text


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
