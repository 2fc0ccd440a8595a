"""Tri*T*Area's only text drawing, from a view (so it shows nothing the viewer may not see).

:func:`draw` gives a :class:`~tritable.engine.drawing.Drawing` whose spans are tagged with what
they are: ``seat0``..``seat3`` (a seat's colour), ``card_I``.. (a card, in its suit's colour),
``area_I``.. (a square of that area; ``seat1@I``, ``dim@I``, ``printed@I``: a block, a dot, a
printed score on it), ``dim``, ``bold``, ``rh`` (a rightholder), ``to_act`` and ``you``.
:meth:`TriTAreaState.render` is its plain text; the terminal colours the tags.

The full layout draws the city as a grid, every square's name, area, printed score and blocks
(owners bottom first: ``■2■3``, P3 built on P2), a key, the seats' table, the trick, the last
trick, the hand and each round's scoring. Where it does not fit ``width`` x ``height``, a compact
one fits 80 x 14: the city one line a row (``I*12``: an Intelligent square printing points, a P1
block under a P2 block) beside the seats, the last round's totals in one line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tritable.engine.drawing import Drawing, Span
from tritable.games.tri_t_area.tables import (
    AREA_OF,
    CARD_RANK,
    COLS,
    DATA,
    FIVE,
    FIVE_COST,
    FIVE_VALUES,
    PLACE_VALUES,
    PRINTED,
    ROUNDS,
    ROWS,
    SALE_PRICE,
    SQUARE_NAME,
    SUIT_LETTERS,
    SUIT_NAMES,
)

FILES = "abcdefgh"[:COLS]
FULL_COLUMN = 13
"""The width of a square in the full layout (wider where a building needs it)."""

PHASES = {
    "play": "play a card",
    "place": "rightholders place blocks",
    "extra": "additional construction",
    "declare": "Declaration of Intent: everyone reveals a card at once",
    "sell": f"Advance Block Sale (+{SALE_PRICE} a block)",
    "over": "game over",
}


def draw(view: Mapping[str, Any], width: int = 80, height: int | None = None) -> Drawing:
    """The position ``view`` shows: the full layout, or the compact one where the full one does
    not fit ``width`` columns and ``height`` lines (``None``: any height)."""
    full = full_layout(view, width)
    if full.width <= width and (height is None or full.height <= height):
        return full
    return compact_layout(view, width)


# -- pieces --------------------------------------------------------------------------------------


def seat(s: int) -> Span:
    return (f"P{s + 1}", f"seat{s}")


def card(name: str) -> Span:
    """A card in its suit's colour (``M5=10``: a 5 played as 10)."""
    return (name, f"card_{name[:1]}")


def _cards(spans: list[Span], plays: Sequence[Sequence[Any]]) -> None:
    for i, (s, name) in enumerate(plays):
        spans += [("  " if i else "", ""), seat(s), (" ", ""), card(name)]


def header(view: Mapping[str, Any]) -> list[Span]:
    phase = view["phase"]
    r = view["round"]
    tricks = ROUNDS[r - 1].tricks
    text = f"Tri*T*Area  round {r}/{len(ROUNDS)} · "
    if phase in ("play", "place", "extra"):
        text += f"trick {min(view['trick_number'], tricks)}/{tricks} · "
    return [(text + PHASES.get(phase, phase), "bold")]


def legend() -> list[Span]:
    spans: list[Span] = []
    for a, letter in enumerate(SUIT_LETTERS):
        first, second = PLACE_VALUES[a]
        spans += [
            ("  " if a else "", ""),
            (f" {letter} ", f"card_{letter}"),
            (f" {SUIT_NAMES[a]} {first}/{second}", ""),
        ]
    return spans


def key(view: Mapping[str, Any], compact: bool) -> list[Span]:
    """What the squares say; the 5s' notation only in a round they are dealt in."""
    first, second = PLACE_VALUES[0]
    printed = max(PRINTED)
    if compact:
        spans: list[Span] = [("key: ", "dim"), ("*", "bold"), (f" {printed} points to the 1st block · ", "dim")]
        spans += [("2", "seat1"), ("3", "seat2"), (" P3 on P2", "dim")]
    else:
        spans = [("key: ", "dim"), (f"({printed})", "bold"), (" points to the first block · ", "dim")]
        spans += [(f"{first}/{second}", ""), (" majority 1st/2nd · ", "dim"), ("■2", "seat1"), ("■3", "seat2")]
        spans += [(" P3 built on P2", "dim")]
    return spans


def fives(view: Mapping[str, Any], compact: bool) -> list[Span]:
    """The 5s' notation, in a round they are dealt in (else nothing)."""
    r = view["round"] - 1
    if not (0 <= r < len(ROUNDS) and any(CARD_RANK[c] == FIVE for c in ROUNDS[r].cards)):
        return []
    low, high = FIVE_VALUES
    costs = f"-{FIVE_COST}" if compact else f"costs {FIVE_COST}"
    return [
        (" · " if compact else "     ", "dim"),
        (f"M{FIVE}={high}", ""),
        (f" a {FIVE} as {high} (or {low}), {costs}", "dim"),
    ]


def _notes(view: Mapping[str, Any], s: int, compact: bool = False) -> list[Span]:
    spans: list[Span] = []
    if s == view["seat"]:
        spans.append(("you ", "you"))
    if s == view["leader"] and view["phase"] == "play":
        spans.append(("lead " if compact else "(leader) ", "leader"))
    for i, rh in enumerate(view["rightholders"] or []):
        if rh == s:
            spans.append((f"RH{i + 1} ", "rh"))
    if s in view["turn"]["players"]:
        spans.append(("◀" if compact else "◀ to act", "to_act"))
    return spans


def _declared(view: Mapping[str, Any], s: int) -> Span:
    shown = view["declared"][s]
    return card(shown) if isinstance(shown, str) else ("chosen" if shown else "", "dim")


def seats_table(view: Mapping[str, Any]) -> Drawing:
    """Per seat: score, blocks left, blocks sold, cards in hand, Declaration, notes."""
    d = Drawing()
    d.add(("      score  blocks  sold  cards  declared", "dim"))
    for s in range(view["players"]):
        sold = view["sold"][s]
        decl = _declared(view, s)
        d.add(
            seat(s),
            f"  {view['scores'][s]:>5}  {view['blocks'][s]:>6}  {sold or '':>4}  {view['hand_sizes'][s]:>5}  ",
            decl,
            " " * (10 - len(decl[0])),
            *_notes(view, s),
        )
    return d


def last_trick(view: Mapping[str, Any]) -> list[Span] | None:
    """The last finished trick while the next is under way: who played what, then what each
    rightholder did (``RH1 P2 d3 +c2 · RH2 P4 d3x2``)."""
    done = view["last_trick"]
    if done is None or view["phase"] in ("place", "extra"):
        return None
    spans: list[Span] = [("last trick: ", "dim")]
    _cards(spans, done["cards"])
    for i, rh in enumerate(done["rightholders"]):
        if rh is None:
            continue
        spans += [(f" · RH{i + 1} ", "dim"), seat(rh), (" " + " ".join(a for s, a in done["built"] if s == rh), "")]
    return spans


def _trick(view: Mapping[str, Any]) -> list[Span] | None:
    if not view["trick"]:
        return None
    spans: list[Span] = [("trick: ", "")]
    _cards(spans, view["trick"])
    if view["rightholders"] is not None:
        rh1, rh2 = view["rightholders"]
        spans += [("  ·  RH1 ", "dim"), seat(rh1)]
        spans += [(", RH2 ", "dim"), seat(rh2)] if rh2 is not None else [(", no RH2", "dim")]
    return spans


def _hand(view: Mapping[str, Any]) -> list[Span] | None:
    hand = view["hand"]
    if hand is None:
        return None
    spans: list[Span] = [("your hand: ", "bold")]
    for i, name in enumerate(hand):
        spans += [(" " if i else "", ""), card(name)]
    if not hand:
        spans.append(("(empty)", "dim"))
    return spans


def _doing(view: Mapping[str, Any]) -> list[Span] | None:
    """What the seat to act is to do, where the phase alone does not say it."""
    if view["phase"] == "extra" and view["extra_from"]:
        return [(f"additional construction: one more block next to {view['extra_from']}, or no extra", "")]
    if view["phase"] == "place" and view["placing"] is not None:
        rh = view["rightholders"][view["placing"]]
        most = min(view["blocks"][rh], 1 if view["placing"] == 0 else DATA["rightholder2_max_blocks"])
        does = {0: " has no block left: defaults", 1: " places one block, or defaults"}.get(
            most, f" places up to {most} blocks on one square, or defaults"
        )
        return [("RH" + str(view["placing"] + 1) + " ", "rh"), seat(rh), (does, "")]
    return None


# -- the city ------------------------------------------------------------------------------------


def city(board: Sequence[Sequence[int]], width: int | None = None) -> Drawing:
    """The city as a grid: every square's name, area, printed score and blocks, bottom first."""
    tallest = max((len(stack) for stack in board), default=0)
    column = max(FULL_COLUMN, 2 * tallest + 2)
    if width is not None:  # as narrow as the cells where the screen is narrow
        column = max(min(column, (width - 5) // COLS - 1), 2 * tallest + 2, 9)
    rule = "─" * column
    d = Drawing()
    d.add(("┌───┬" + "┬".join([rule] * COLS) + "┐", "dim"))
    d.add(("│   │", "dim"), *[span for f in FILES for span in ((f" {f}".ljust(column), "dim"), ("│", "dim"))])
    for r in range(ROWS):
        d.add(("├───┼" + "┼".join([rule] * COLS) + "┤", "dim"))
        top: list[Span] = [("│", "dim"), (f" {r + 1} ", "dim"), ("│", "dim")]
        bottom: list[Span] = [("│   │", "dim")]
        for c in range(COLS):
            sq = r * COLS + c
            area = SUIT_LETTERS[AREA_OF[sq]]
            name = f" {SQUARE_NAME[sq]} {area}"
            top.append((name, f"dim@{area}"))
            used = len(name)
            if PRINTED[sq]:
                top.append((f" ({PRINTED[sq]})", f"printed@{area}"))
                used += len(f" ({PRINTED[sq]})")
            top += [(" " * (column - used), f"area_{area}"), ("│", "dim")]
            stack = board[sq]
            bottom.append((" ", f"area_{area}"))
            if stack:
                bottom += [(f"■{owner + 1}", f"seat{owner}@{area}") for owner in stack]
            else:
                bottom.append(("·", f"dim@{area}"))
            bottom += [(" " * (column - 1 - max(1, 2 * len(stack))), f"area_{area}"), ("│", "dim")]
        d.lines += [top, bottom]
    d.add(("└───┴" + "┴".join([rule] * COLS) + "┘", "dim"))
    return d


def small_city(board: Sequence[Sequence[int]], most: int | None = None) -> Drawing:
    """The city one line a row: area letter, ``*`` on a printed square, the owners bottom first
    (``122``); a building too tall for ``most`` columns a square shows its height and its top
    owners (``7:344``: 7 high, the top three blocks P3's, P4's, P4's)."""
    tallest = max((len(stack) for stack in board), default=0)
    column = max(6, tallest + 3)
    if most is not None:
        column = max(6, min(column, most))
    room = column - 3
    d = Drawing()
    d.add(("   " + "".join(f" {f}".ljust(column) for f in FILES), "dim"))
    for r in range(ROWS):
        line: list[Span] = [(f" {r + 1} ", "dim")]
        for c in range(COLS):
            sq = r * COLS + c
            area = SUIT_LETTERS[AREA_OF[sq]]
            line += [(" " + area, f"dim@{area}"), ("*" if PRINTED[sq] else " ", f"printed@{area}")]
            stack = board[sq]
            used = max(1, len(stack))
            if len(stack) > room:
                height = f"{len(stack)}:"
                line.append((height, f"dim@{area}"))
                stack = stack[len(stack) - (room - len(height)) :]
                used = room
            if stack:
                line += [(str(owner + 1), f"seat{owner}@{area}") for owner in stack]
            else:
                line.append(("·", f"dim@{area}"))
            line.append((" " * (column - 3 - used), f"area_{area}"))
        d.lines.append(line)
    return d


# -- round scoring -------------------------------------------------------------------------------


def round_rows(results: Sequence[Mapping[str, Any]], players: int) -> list[tuple[int, list[tuple[str, list[int]]]]]:
    """Per finished round, its scoring rows (what play scored, areas, tallest building,
    Declaration, block sale, end penalty) and the totals after it, rows of zeros left out."""
    out = []
    before = [0] * players
    for result in results:
        rows = [
            ("areas", [sum(points[s] for points in result["areas"].values()) for s in range(players)]),
            ("tallest", list(result["tallest"])),
            ("declaration", list(result["declaration"])),
            ("block sale", [SALE_PRICE * n for n in result["sold"]]),
            ("end penalty", list(result["end_penalty"])),
        ]
        # What the round's play scored (printed squares, defaults, 5s played as 0 or 10), so that
        # the rows add up to the total.
        scored = [sum(values[s] for _, values in rows) for s in range(players)]
        during = [result["scores"][s] - before[s] - scored[s] for s in range(players)]
        rows.insert(0, ("during play", during))
        before = list(result["scores"])
        out.append((result["round"], [(label, values) for label, values in rows if any(values)]))
    return out


LABEL = 20
"""The width of the round scoring's labels."""


def scoring(results: Sequence[Mapping[str, Any]], players: int, last_only: bool = False, title: bool = True) -> Drawing:
    """Each finished round's scoring per seat (``last_only``: the last round's), under a title."""
    d = Drawing()
    if title:
        d.add(("round scoring", "bold"))
    d.add(("round".ljust(LABEL), "dim"), *[span for s in range(players) for span in (("   ", ""), seat(s))])
    rounds = round_rows(results, players)
    for (r, rows), result in zip(rounds, results, strict=True):
        if last_only and result is not results[-1]:
            continue
        for label, values in rows:
            d.add(f"{r}: {label}".ljust(LABEL), *[(f"{v if v else '':>5}", "") for v in values])
        d.add((f"total after round {r}".ljust(LABEL), "bold"), *[(f"{v:>5}", "bold") for v in result["scores"]])
    return d


# -- layouts -------------------------------------------------------------------------------------


def full_layout(view: Mapping[str, Any], width: int | None = None) -> Drawing:
    d = Drawing()
    d.add(*header(view))
    d.extend(city(view["board"], width))
    d.add(*legend())
    d.add(*key(view, compact=False))
    if five := fives(view, compact=False):
        d.add(*five)
    d.extend(seats_table(view))
    for extra in (_trick(view), last_trick(view), _doing(view), _hand(view)):
        if extra is not None:
            d.add(*extra)
    if view["results"]:
        d.extend(scoring(view["results"], view["players"]))
    return d


def compact_layout(view: Mapping[str, Any], width: int = 80) -> Drawing:
    d = Drawing()
    d.add(*header(view))
    seats = Drawing()
    seats.add(("    score blk sold hand decl", "dim"))
    for s in range(view["players"]):
        sold = view["sold"][s]
        decl = _declared(view, s)
        notes = _notes(view, s, compact=True)
        seats.add(
            seat(s),
            f"  {view['scores'][s]:>4} {view['blocks'][s]:>3} {sold or '':>4} {view['hand_sizes'][s]:>4} ",
            decl,
            " " * (7 - len(decl[0])),
            *notes,
        )
    board = small_city(view["board"], (width - 2 - seats.width - 3) // COLS)
    if board.width + 2 + seats.width <= width:  # the seats beside the city
        d.extend(beside(board, seats))
    else:
        d.extend(board)
        d.extend(seats)
    d.add(*legend())
    d.add(*key(view, compact=True), *fives(view, compact=True))
    for extra in (_trick(view), last_trick(view), _doing(view), _hand(view)):
        if extra is not None:
            d.add(*extra)
    if view["results"]:
        result = view["results"][-1]
        spans: list[Span] = [(f"after round {result['round']}: ", "dim")]
        for s in range(view["players"]):
            spans += [("  " if s else "", ""), seat(s), (f" {result['scores'][s]}", "")]
        d.add(*spans)
    return wrapped(d, width)


def beside(left: Drawing, right: Drawing, gap: int = 2) -> Drawing:
    """``right`` to the right of ``left``, ``gap`` columns apart, tops aligned."""
    out = Drawing()
    column = left.width + gap
    for i in range(max(left.height, right.height)):
        line = list(left.lines[i]) if i < left.height else []
        line.append((" " * (column - sum(len(text) for text, _ in line)), ""))
        if i < right.height:
            line += right.lines[i]
        out.lines.append(line)
    return out


def wrapped(d: Drawing, width: int) -> Drawing:
    """``d`` with every line longer than ``width`` broken at spaces (or anywhere, for a word
    longer than a line), the rest indented by two."""
    out = Drawing()
    for line in d.lines:
        if sum(len(text) for text, _ in line) <= width:
            out.lines.append(line)
            continue
        current: list[Span] = []
        used = 0
        for text, tag in line:
            while used + len(text) > width:
                room = width - used
                cut = text.rfind(" ", 0, room + 1)
                if cut <= 0 and used > 2:  # start the piece on the next line
                    cut = 0
                elif cut <= 0:
                    cut = room
                if cut:
                    current.append((text[:cut], tag))
                out.lines.append(current)
                current, used = [("  ", "")], 2
                text = text[cut:].lstrip(" ")
            if text:
                current.append((text, tag))
                used += len(text)
        out.lines.append(current)
    return out
