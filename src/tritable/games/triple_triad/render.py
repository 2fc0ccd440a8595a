"""Triple Triad's only text drawing, from a seat's view (so nothing hidden can leak): the 3x3 board
of cards with their four ratings around their owner (``P1`` is seat 0, ``P2`` seat 1), elements,
both hands (a card the viewer cannot see is a card back), the score, whose turn it is and the
trade. :func:`draw` gives a :class:`~tritable.engine.drawing.Drawing` whose tags the terminal
colours (``seat0``/``seat1`` a seat's badge, ``owner0``/``owner1`` a card of that seat's colour,
``element:<name>`` an element, ``element:<name> owner0`` one on a card of that colour,
``owner0 bold`` a card's name or owner, ``dim``, ``back`` a card back, ``note``, ``bold``);
``state.render(seat)`` is its plain text.

The full layout (about 36 lines, 80 columns) draws each card as in FF8, its name under its
ratings; where it does not fit the size given, a compact one (14 lines at 80 columns, more only
for the trade's lines) puts the board on the left, three lines a cell, and the hands beside it.

Card ratings and elements come from the view's ``cards`` (a setup's own table) or FF8's table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tritable.engine.drawing import Drawing, Span
from tritable.games.triple_triad.data import BY_NAME, CARD_ELEMENTS, ELEMENTS, RATINGS, rating_text

WIDTH = 14
"""The inside width of a card in the full layout."""
BACK = "[?]"
_RULES = (
    ("same", "Same"),
    ("same_wall", "Same Wall"),
    ("plus", "Plus"),
    ("combo", "Combo"),
    ("elemental", "Elemental"),
    ("open", "Open"),
    ("sudden_death", "Sudden Death"),
    ("random", "Random"),
)


def _seat(seat: int) -> str:
    return f"P{seat + 1}"


def badge(seat: int) -> Span:
    """A seat's name in its colour: `` P1 ``."""
    return (f" {_seat(seat)} ", f"seat{seat % 2}")


class Cards:
    """The printed ratings (top, right, bottom, left; A for 10) and element of the cards a view
    names: from its ``cards`` (a setup's own table) or FF8's."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        table = view.get("cards")
        self._own: dict[str, tuple[tuple[str, str, str, str], str | None]] | None = None
        if table is not None:
            self._own = {
                c["name"]: (
                    (rating_text(c["top"]), rating_text(c["right"]), rating_text(c["bottom"]), rating_text(c["left"])),
                    c["element"],
                )
                for c in table
            }

    def ratings(self, name: str) -> tuple[str, str, str, str]:
        if self._own is not None:
            return self._own[name][0]
        top, right, bottom, left = (rating_text(x) for x in RATINGS[BY_NAME[name]])
        return top, right, bottom, left

    def element(self, name: str) -> str | None:
        if self._own is not None:
            return self._own[name][1]
        index = CARD_ELEMENTS[BY_NAME[name]]
        return ELEMENTS[index] if index >= 0 else None

    def text(self, name: str) -> str:
        """``Geezard [1 4 1 5]``: the name and the printed ratings."""
        return f"{name} [{' '.join(self.ratings(name))}]"


def rules_text(options: Mapping[str, Any]) -> str:
    return ", ".join(label for key, label in _RULES if options.get(key)) or "Standard"


def _hand_names(view: Mapping[str, Any], seat: int) -> list[str | None]:
    """A seat's hand as the viewer sees it: names, None for a card back (the unknown ones first)."""
    shown = view["hands"][seat]
    if shown is not None:
        return list(shown)
    known = (view.get("known") or [None, None])[seat] or []
    return [None] * (view["hand_sizes"][seat] - len(known)) + list(known)


def _seats_top_bottom(view: Mapping[str, Any]) -> tuple[int, int]:
    seat = view.get("seat")
    return (1 - seat, seat) if seat is not None else (1, 0)


def _hand_title(view: Mapping[str, Any], seat: int) -> list[Span]:
    size = view["hand_sizes"][seat]
    you = " you" if view.get("seat") == seat else ""
    return [badge(seat), (f"{you}  {size} card{'s' if size != 1 else ''}", "")]


def _score(view: Mapping[str, Any]) -> list[Span]:
    s0, s1 = view["scores"]
    return [("score ", ""), badge(0), (f" {s0} – {s1} ", ""), badge(1)]


def _turn(view: Mapping[str, Any]) -> list[Span]:
    players = view["turn"]["players"]
    if view.get("trade") is not None or not players:
        return []
    return [badge(players[0]), (" to play", ""), (f"   ({_seat(view['first'])} started)", "dim")]


def _trade(view: Mapping[str, Any], cards: Cards) -> list[list[Span]]:
    """The result and the trade: the cards still to take, in the order the menu lists them."""
    trade = view["trade"]
    winner = trade.get("winner")
    lines: list[list[Span]] = []
    if winner is None:
        lines.append([("a draw", "bold")])
    else:
        line: list[Span] = [badge(winner), (" wins", "bold")]
        if trade.get("picks_left"):
            loser = 1 - winner
            left = Counter(view["brought"][loser]) - Counter(trade.get("taken") or [])
            order = _card_order(view)
            names = sorted(left.elements(), key=order)
            line += [
                (f": take {trade['picks_left']} of the cards", ""),
                badge(loser),
                ("brought: " + "; ".join(names), ""),
            ]
        lines.append(line)
    moved = trade.get("transfers") or []
    if moved:
        lines.append(
            [("cards traded: " + "; ".join(f"{t['card']} P{t['from'] + 1}→P{t['to'] + 1}" for t in moved), "")]
        )
    return lines


def _card_order(view: Mapping[str, Any]) -> Any:
    """The order the game lists cards in (its take actions): the table's."""
    table = view.get("cards")
    if table is None:
        return BY_NAME.__getitem__
    order = {c["name"]: i for i, c in enumerate(table)}
    return order.__getitem__


def _header(view: Mapping[str, Any], width: int) -> list[list[Span]]:
    """``round 1 · rules: Same, Open · trade: one``, the rules on a line of their own where the
    whole does not fit ``width``."""
    options = view.get("options", {})
    rules = f"rules: {rules_text(options)}"
    trade = f"trade: {options.get('trade', '?')}"
    head = f"round {view['round']} · {rules} · {trade}"
    if len(head) <= width:
        return [[(head, "")]]
    return [[(f"round {view['round']} · {trade}", "")], [(rules, "")]]


# -- the full layout ------------------------------------------------------------------------------


def _centre(text: str, width: int) -> str:
    return f"{text[:width]:^{width}}"


def _full_cell(k: int, cell: Mapping[str, Any] | None, element: str | None, cards: Cards) -> list[list[Span]]:
    """Cell ``k`` (0-8): 5 lines of WIDTH + 2 characters."""
    pad = " "
    if cell is None:
        lines: list[list[Span]] = [[(f"{pad}{k + 1:<{WIDTH}}{pad}", "dim")], [(" " * (WIDTH + 2), "")]]
        lines.append([(pad, ""), (_centre(element or "", WIDTH), f"element:{element}" if element else ""), (pad, "")])
        lines += [[(" " * (WIDTH + 2), "")], [(" " * (WIDTH + 2), "")]]
        return lines
    name, owner = cell["card"], cell["owner"]
    tag = f"owner{owner % 2}"
    top, right, bottom, left = cards.ratings(name)
    own = cards.element(name)
    lines = [
        [(f"{pad}{k + 1!s:<3}{top:^{WIDTH - 6}}   {pad}", tag)],
        [(f"{pad}{left:<3}", tag), (_centre(_seat(owner), WIDTH - 6), f"{tag} bold"), (f"{right:>3}{pad}", tag)],
        [(f"{pad}{bottom:^{WIDTH}}{pad}", tag)],
        [(f"{pad}{_centre(name, WIDTH)}{pad}", tag)],
    ]
    last: list[Span]
    if element is not None:
        # The cell's element and what it does to this card's ratings.
        effect = f"on {element} {'+1' if own == element else '-1'}"
        width = len(effect)
        lead = (WIDTH - width) // 2
        last = [
            (pad + " " * lead + "on ", tag),
            (element, f"element:{element} {tag}"),
            (f" {'+1' if own == element else '-1'}", f"{tag} bold"),
            (" " * (WIDTH - width - lead) + pad, tag),
        ]
    elif own is not None:
        lead = (WIDTH - len(own)) // 2
        last = [(pad + " " * lead, tag), (own, f"element:{own} {tag}"), (" " * (WIDTH - len(own) - lead) + pad, tag)]
    else:
        last = [(" " * (WIDTH + 2), tag)]
    lines.append(last)
    return lines


def draw_board(view: Mapping[str, Any], cards: Cards | None = None) -> Drawing:
    """The 3x3 board of ``view`` (or of anything with its ``board`` and ``elements``, a drawn
    round's say) in the full layout: 19 lines, 52 columns."""
    cards = cards or Cards(view)
    elements: Sequence[str | None] = view.get("elements") or [None] * 9
    bar = "━" * (WIDTH + 2)
    out = Drawing()
    out.add(("┏" + "┳".join([bar] * 3) + "┓", ""))
    for row in range(3):
        cells = [_full_cell(k, view["board"][k], elements[k], cards) for k in range(3 * row, 3 * row + 3)]
        for parts in zip(*cells, strict=True):
            line: list[Span] = [("┃", "")]
            for i, part in enumerate(parts):
                line += part
                line.append(("┃", ""))
                del i
            out.lines.append(line)
        out.add(("┣" + "╋".join([bar] * 3) + "┫" if row < 2 else "┗" + "┻".join([bar] * 3) + "┛", ""))
    return out


_MINI = 14


def _mini(name: str | None, seat: int, cards: Cards) -> list[list[Span]]:
    """A card in hand (6 lines of 16): its ratings, its element between the left and right ratings,
    its name; a card back for a card the viewer cannot see."""
    if name is None:
        body = [[("│", "back"), ("▒" * _MINI, "back"), ("│", "back")] for _ in range(4)]
        return [[("╭" + "─" * _MINI + "╮", "back")], *body, [("╰" + "─" * _MINI + "╯", "back")]]
    tag = f"owner{seat % 2}"
    top, right, bottom, left = cards.ratings(name)
    element = cards.element(name)
    middle: list[Span] = [(f" {left}", tag)]
    if element is not None:
        lead = (_MINI - 4 - len(element)) // 2
        middle += [
            (" " * lead, tag),
            (element, f"element:{element} {tag}"),
            (" " * (_MINI - 4 - len(element) - lead), tag),
        ]
    else:
        middle.append((" " * (_MINI - 4), tag))
    middle.append((f"{right} ", tag))
    rows: list[list[Span]] = [
        [(f"{top:^{_MINI}}", tag)],
        middle,
        [(f"{bottom:^{_MINI}}", tag)],
        [(_centre(name, _MINI), f"{tag} bold")],
    ]
    return [
        [("╭" + "─" * _MINI + "╮", tag)],
        *[[("│", tag), *row, ("│", tag)] for row in rows],
        [("╰" + "─" * _MINI + "╯", tag)],
    ]


def _full_hand(view: Mapping[str, Any], seat: int, cards: Cards) -> Drawing:
    out = Drawing()
    out.lines.append(_hand_title(view, seat))
    names = _hand_names(view, seat)
    if not names:
        out.add(("  (empty)", "dim"))
        return out
    faces = [_mini(name, seat, cards) for name in names]
    for parts in zip(*faces, strict=True):
        out.lines.append([span for part in parts for span in part])
    return out


def _full(view: Mapping[str, Any], cards: Cards, width: int) -> Drawing:
    top, bottom = _seats_top_bottom(view)
    out = Drawing()
    out.lines += _header(view, width)
    out.extend(_full_hand(view, top, cards))
    out.extend(draw_board(view, cards))
    out.extend(_full_hand(view, bottom, cards))
    out.lines.append(_score(view))
    if view.get("rounds"):
        out.add((f"sudden death: {len(view['rounds'])} drawn round(s) before this one", "note"))
    if view.get("trade") is not None:
        out.lines += _trade(view, cards)
    elif _turn(view):
        out.lines.append(_turn(view))
    return out


# -- the compact layout ---------------------------------------------------------------------------

_CELL = 16
_NAME = 12


def _compact_cell(k: int, cell: Mapping[str, Any] | None, element: str | None, cards: Cards) -> list[list[Span]]:
    """Cell ``k`` in 3 lines of 16: number and top; left, name, right; owner, bottom and the
    elemental change (an empty cell shows its element)."""
    if cell is None:
        mark: list[Span] = [(" " * _CELL, "")]
        if element is not None:
            mark = [(_centre(element, _CELL), f"element:{element}")]
        return [[(f"{k + 1:<{_CELL}}", "dim")], mark, [(" " * _CELL, "")]]
    name, owner = cell["card"], cell["owner"]
    tag = f"owner{owner % 2}"
    top, right, bottom, left = cards.ratings(name)
    change = ""
    if element is not None:
        change = "+1" if cards.element(name) == element else "-1"
    return [
        [(f"{k + 1:<2}{top:^{_CELL - 4}}  ", tag)],
        [(f"{left:<2}", tag), (_centre(name, _NAME), f"{tag} bold"), (f"{right:>2}", tag)],
        [(f"{_seat(owner):<4}", f"{tag} bold"), (f"{bottom:^{_CELL - 8}}", tag), (f"{change:>4}", tag)],
    ]


def _compact_board(view: Mapping[str, Any], cards: Cards) -> list[list[Span]]:
    elements: Sequence[str | None] = view.get("elements") or [None] * 9
    bar = "─" * _CELL
    lines: list[list[Span]] = [[("┌" + "┬".join([bar] * 3) + "┐", "")]]
    for row in range(3):
        cells = [_compact_cell(k, view["board"][k], elements[k], cards) for k in range(3 * row, 3 * row + 3)]
        for parts in zip(*cells, strict=True):
            line: list[Span] = [("│", "")]
            for part in parts:
                line += [*part, ("│", "")]
            lines.append(line)
        lines.append([("├" + "┼".join([bar] * 3) + "┤" if row < 2 else "└" + "┴".join([bar] * 3) + "┘", "")])
    return lines


def _compact_card(name: str | None, seat: int, cards: Cards, width: int) -> list[Span]:
    if name is None:
        return [("  ", ""), ("▒▒▒▒", "back"), (" (hidden)", "dim")]
    text = f"{name[:_NAME]} {' '.join(cards.ratings(name))}"
    element = cards.element(name)
    spans: list[Span] = [("  ", ""), (text, f"owner{seat % 2}")]
    if element is not None and len(text) + len(element) + 3 <= width:
        spans += [(" ", ""), (element, f"element:{element}")]
    return spans


def _compact(view: Mapping[str, Any], cards: Cards, width: int, height: int | None = None) -> Drawing:
    top, bottom = _seats_top_bottom(view)
    side_width = max(0, width - (3 * _CELL + 4) - 1)
    side: list[list[Span]] = []
    trade = view.get("trade")
    for seat in (top, bottom):
        side.append(_hand_title(view, seat))
        names = _hand_names(view, seat)
        side += [_compact_card(name, seat, cards, side_width) for name in names]
        if trade is None:
            side += [[]] * (5 - len(names))
    if trade is not None:  # the hands are all but empty by now: the trade goes beside the board
        for line in _trade(view, cards):
            side += _wrap_words(line, side_width)
    board = _compact_board(view, cards)
    side += [[]] * (len(board) - 1 - len(side))
    side.append(_score(view))
    out = Drawing()
    # One line: whose turn, the round, the trade and, where they fit, the rules.
    players = view["turn"]["players"]
    head: list[Span] = [badge(players[0]), (" to play · ", "")] if players and trade is None else []
    options = view.get("options", {})
    head.append((f"round {view['round']}", ""))
    if view.get("rounds"):
        head.append((f" (sudden death: {len(view['rounds'])} drawn before)", "note"))
    head.append((f" · trade: {options.get('trade', '?')}", ""))
    rules = f" · {rules_text(options)}"
    if sum(len(t) for t, _ in head) + len(rules) <= width:
        head.append((rules, ""))
    if height is None or len(board) + 1 <= height:  # else the screen's own turn line says it
        out.lines.append(head)
    for i, extra in enumerate(side):
        line = board[i] if i < len(board) else [(" " * (3 * _CELL + 4), "")]
        out.lines.append([*line, (" ", ""), *extra] if extra else line)
    return out


def _wrap_words(line: list[Span], width: int) -> list[list[Span]]:
    """``line`` broken between words into lines of ``width`` at most (a word longer than that
    is cut)."""
    words: list[Span] = []
    for text, tag in line:
        for i, word in enumerate(text.split(" ")):
            if i:
                words.append((" ", ""))
            if word:
                words.append((word, tag))
    out: list[list[Span]] = [[]]
    used = 0
    for word, tag in words:
        if word == " ":
            if used and used < width:
                out[-1].append((" ", ""))
                used += 1
            continue
        if used + len(word) > width and used:
            while out[-1] and out[-1][-1] == (" ", ""):
                out[-1].pop()
            out.append([])
            used = 0
        out[-1].append((word[:width], tag))
        used += len(word[:width])
    return out


def _wrapped(line: list[Span], width: int) -> list[list[Span]]:
    """``line`` in lines of ``width`` at most, its last span (a list of cards) broken after its
    semicolons; the lines it goes on to are indented."""
    if sum(len(t) for t, _ in line) <= width or not line:
        return [line]
    *head, (text, tag) = line
    out: list[list[Span]] = []
    room = width - sum(len(t) for t, _ in head)
    current = ""
    for part in text.split("; "):
        piece = part if not current else f"{current}; {part}"
        if len(piece) < room or not current:  # room for the semicolon after it
            current = piece
            continue
        out.append([*head, (current + ";", tag)])
        head, room, current = [("  ", "")], width - 2, part
    out.append([*head, (current, tag)])
    return out


def draw(view: Mapping[str, Any], width: int = 80, height: int | None = None) -> Drawing:
    """The drawing of ``view`` (from :meth:`TripleTriadState.view`): the full layout where it fits
    ``width`` x ``height`` (``None``: any height), else the compact one."""
    cards = Cards(view)
    full = _full(view, cards, width)
    if full.width <= width and (height is None or full.height <= height):
        return full
    return _compact(view, cards, width, height)


def _hand(view: Mapping[str, Any], seat: int) -> str:
    """One line of a hand: ``P1 (you) hand (5): Geezard [1 4 1 5]; ...``, card backs ``[?]``."""
    cards = Cards(view)
    size = view["hand_sizes"][seat]
    shown = [BACK if name is None else cards.text(name) for name in _hand_names(view, seat)]
    you = " (you)" if view["seat"] == seat else ""
    return f"{_seat(seat)}{you} hand ({size}): " + ("; ".join(shown) if shown else "empty")


def render_view(view: Mapping[str, Any], game: object = None) -> str:
    """The plain text of ``view``: the full layout (``game`` is not needed: the view names its
    options)."""
    return draw(view, width=10**6).text()
