"""``hint`` at the prompt of ``tritable play``: the AI's suggestions for a seat, from what that
seat may see. Local play asks on the table's state (the agents read the seat's view of it);
online play has the seat's view alone and asks on a state drawn from it
(:func:`state_from_view`), which the agents read back to that same view."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from tritable.cli.ai_thread import think
from tritable.cli.menus import MenuItem
from tritable.cli.tabletop import views_differ
from tritable.engine import Game, State, TritableError

RANKED_MOST = 40
"""The most actions an exact hint ranks one by one (Triple Triad's second move: 40 placements);
more (the first move, 45) and it gives the solver's first best move alone."""


def hint_level(state: State, seat: int) -> str:
    """The level a hint asks: the exact solver where the game has one and the seat sees the whole
    position (Triple Triad with open hands), else ``hard``."""
    from tritable.ai.levels import levels

    if "perfect" in levels(state.game) and not views_differ(state, [seat]):
        return "perfect"
    return "hard"


def state_from_view(game: Game, view: Mapping[str, Any], seed: int | str) -> State:
    """A state that shows its seat exactly ``view`` (the hidden parts drawn at random): what a
    hint searches from when only the view is known. Every game can draw one (``sample_state``);
    the agents then read the seat's view of it, the same view, so the hint depends on nothing
    else. A view no state shows raises :class:`TritableError`.

    >>> import tritable
    >>> game = tritable.new_game("triple-triad", options={"open": False})
    >>> state = game.new_state(seed=3)
    >>> state_from_view(game, state.view(0), 0).view(0) == state.view(0)
    True
    """
    return game.sample_state(view, random.Random(str(seed)))


def show_hint(console: Console, state: State, seat: int, menu: list[MenuItem], seed: int | str) -> None:
    """The AI's suggestions for ``seat`` in ``state``, best first, each with the figure that ranks
    it (a solved margin, or the search's visits); at once, with no search, when only one action is
    legal. ``state`` is the hint's own (a clone): the search runs in a worker thread."""
    numbers = {item.action: item.number for item in menu}
    line = Text("hint: ", style="bold magenta")
    if len(menu) == 1:
        line.append(f"{menu[0].number} ", style="bold cyan")
        line.append(menu[0].text, style="bold")
        line.append(" — the only legal action (forced: nothing to weigh)")
        console.print(line)
        return
    from tritable.ai import hint

    level = hint_level(state, seat)
    if level == "perfect" and len(menu) > RANKED_MOST:
        one_best(console, seat, menu, state)
        return
    try:
        suggestion = think(
            console,
            "looking for a good move…",
            lambda: hint(state, seat, level=level, seed=seed),
        )
    except Exception as exc:
        raise TritableError(f"no hint: the AI failed ({type(exc).__name__}: {exc})") from None
    players = state.game.players

    def said(value: float, solved: bool, visits: int | None, margin: int | None) -> str:
        if solved:
            outcome = "a sure win" if value > 0 else "a sure loss" if value < 0 else "a sure draw"
            return f"{outcome} by {abs(margin)}" if margin else outcome
        if visits == 0:
            return "not searched"
        # The search ranks by visits (the most searched move is the surest): they come first,
        # so that the figures read in the order of the list; the rate follows.
        rate = f"ahead of {50 * (value + 1):.0f}% of the others" if players > 2 else f"wins {50 * (value + 1):.0f}%"
        if visits is None:
            return f"evaluation {value:+.2f}"
        return f"{visits} visit{'s' if visits != 1 else ''}, {rate}"

    rows = [
        (
            suggestion.action,
            suggestion.notation,
            said(suggestion.value, suggestion.solved, suggestion.visits, suggestion.margin),
        )
    ]
    for stat, text in zip(suggestion.alternatives, suggestion.notations, strict=False):
        rows.append((stat.action, text, said(stat.value, stat.solved, stat.visits, stat.margin)))
    if suggestion.solved:
        line.append("(exact: the solver) ", style="dim")
    for i, (action, text, figure) in enumerate(rows):
        if i:
            line.append("; then " if i == 1 else ", ", style="dim")
        n = numbers.get(action)
        line.append(f"{n} " if n is not None else "", style="bold cyan" if not i else "cyan")
        line.append(f"{text} ({figure})", style="bold" if not i else "dim")
    console.print(line)


def one_best(console: Console, seat: int, menu: list[MenuItem], state: State) -> None:
    """The solver's first best move and its exact outcome, where ranking every move would take
    it minutes (the first move of Triple Triad: 45 placements on an empty board)."""
    from tritable.ai.solver import solve_view

    try:
        solution = think(
            console,
            "solving…",
            lambda: solve_view(state.game, state.view(seat), state.legal_actions(seat), all_best=False),
        )
    except Exception as exc:
        raise TritableError(f"no hint: the solver failed ({type(exc).__name__}: {exc})") from None
    best = solution.best_moves[0]
    number = {item.action: item.number for item in menu}.get(best)
    outcome = "a sure win" if solution.value > 0 else "a sure loss" if solution.value < 0 else "a sure draw"
    if solution.value:
        outcome += f" by {abs(solution.value)}"
    line = Text("hint: ", style="bold magenta")
    line.append("(exact: the solver) ", style="dim")
    line.append(f"{number} " if number is not None else "", style="bold cyan")
    line.append(f"{state.game.action_to_string(best)} ({outcome})", style="bold")
    line.append(f"; the other {len(menu) - 1} moves are not ranked this early (it would take minutes)", style="dim")
    console.print(line)
