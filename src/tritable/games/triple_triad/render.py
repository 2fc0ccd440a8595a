"""Plain-text pictures of Triple Triad, drawn from a seat's view (so nothing hidden can leak).

Each cell shows its number (1-9, top left), the card's printed ratings around its owner (``P1``
is seat 0, ``P2`` seat 1), the card's name and, under the Elemental rule, the cell's element with
the card's modifier. Hands list each card with its ratings as ``[top right bottom left]``; a card
the viewer cannot see is a card back, ``[?]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tritable.engine.protocol import Game
from tritable.games.triple_triad.data import BY_NAME, CARD_ELEMENTS, ELEMENT_INDEX, RATINGS, rating_text

WIDTH = 15
BACK = "[?]"


def _seat(seat: int) -> str:
    return f"P{seat + 1}"


def card_text(name: str) -> str:
    """``Geezard [1 4 1 5]``: the name and the printed ratings (top, right, bottom, left)."""
    ratings = " ".join(rating_text(x) for x in RATINGS[BY_NAME[name]])
    return f"{name} [{ratings}]"


def _cell(index: int, cell: Mapping[str, Any] | None, element: str | None, elemental: bool) -> list[str]:
    number = str(index + 1)
    if cell is None:
        lines = [f"{number:<{WIDTH}}", "", "", ""]
        mark = element or ""
    else:
        top, right, bottom, left = (rating_text(x) for x in RATINGS[BY_NAME[cell["card"]]])
        lines = [
            f"{number}{top:^{WIDTH - 2}} ",
            f"{left:>4}{_seat(cell['owner']):^7}{right:<4}",
            bottom,
            cell["card"][:WIDTH],
        ]
        mark = ""
        if element is not None:
            match = CARD_ELEMENTS[BY_NAME[cell["card"]]] == ELEMENT_INDEX[element]
            mark = f"{element} {'+1' if match else '-1'}"
    if elemental:
        lines.append(mark)
    return [f"{line:^{WIDTH}}" for line in lines]


def render_board(view: Mapping[str, Any], elemental: bool) -> list[str]:
    rule = "+" + "+".join(["-" * WIDTH] * 3) + "+"
    elements = view.get("elements") or [None] * 9
    out = [rule]
    for row in range(3):
        cells = [_cell(k, view["board"][k], elements[k], elemental) for k in range(3 * row, 3 * row + 3)]
        for parts in zip(*cells, strict=True):
            out.append("|" + "|".join(parts) + "|")
        out.append(rule)
    return out


def _hand(view: Mapping[str, Any], seat: int) -> str:
    shown = view["hands"][seat]
    size = view["hand_sizes"][seat]
    if shown is not None:
        cards = [card_text(name) for name in shown]
    else:
        known = view["known"][seat] or []
        cards = [BACK] * (size - len(known)) + [card_text(name) for name in known]
    you = " (you)" if view["seat"] == seat else ""
    return f"{_seat(seat)}{you} hand ({size}): " + ("; ".join(cards) if cards else "empty")


def render_view(view: Mapping[str, Any], game: Game) -> str:
    """The picture of ``view`` (from :meth:`TripleTriadState.view`) of a game of ``game``."""
    options = game.options
    rules = getattr(game, "rules_text", lambda: "")()
    head = f"Triple Triad  round {view['round']}  rules: {rules}  trade: {str(options['trade']).capitalize()}"
    lines = [head, *render_board(view, bool(options["elemental"]))]
    lines += [_hand(view, seat) for seat in range(2)]
    s0, s1 = view["scores"]
    lines.append(f"Score: P1 {s0} - P2 {s1}")
    if view["rounds"]:
        lines.append(f"Sudden death: {len(view['rounds'])} drawn round(s) before this one")
    turn = view["turn"]
    trade = view.get("trade")
    if trade is None:
        lines.append(f"{_seat(turn['players'][0])} to move (first this round: {_seat(view['first'])})")
        return "\n".join(lines)
    winner = trade["winner"]
    result = "Draw" if winner is None else f"{_seat(winner)} wins {max(s0, s1)}-{min(s0, s1)}"
    moved = "; ".join(f"{t['card']} {_seat(t['from'])}->{_seat(t['to'])}" for t in trade["transfers"])
    if trade["picks_left"]:
        lines.append(f"{result}: {_seat(winner)} takes {trade['picks_left']} more card(s) of {_seat(1 - winner)}")
    else:
        lines.append(f"Game over. {result}.")
    if moved:
        lines.append(f"Cards traded ({trade['rule']}): {moved}")
    return "\n".join(lines)
