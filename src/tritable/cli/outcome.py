"""The result of a finished game as the terminal shows it: scores, ranks, the winners and the
game's details (``play`` at the end, ``replay --step`` at the last position)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tritable.cli.boards import board_module, seat_style
from tritable.cli.terminal import show_value
from tritable.engine import Outcome, State


def outcome_table(state: State, names: Sequence[str]) -> RenderableType:
    """Scores, ranks, winners and the game's details of a finished game."""
    return outcome_panel(state.game.id, state.outcome(), names)


def outcome_panel(game_id: str, outcome: Outcome, names: Sequence[str]) -> RenderableType:
    """Scores, ranks, winners and the game's details of ``outcome`` (online play has the outcome
    the server sends, not a state).

    Details with one value per seat become columns of the table; the game's board module may
    format or leave out a detail with ``detail(key, value) -> str | None``."""
    players = len(names)
    module = board_module(game_id)
    formatter = getattr(module, "detail", None)

    seat_keys: frozenset[str] | None = getattr(module, "SEAT_DETAILS", None)

    def shown(key: str, value: Any) -> str | None:
        if formatter is not None:
            text: str | None = formatter(key, value)
            return text
        return None if value is None else _detail(value)

    per_seat: dict[str, list[str]] = {}
    lines: list[tuple[str, str]] = []
    for key, value in outcome.details.items():
        listed = isinstance(value, list) and len(value) == players > 1
        if listed and (seat_keys is None or key in seat_keys):
            cells = [shown(key, v) for v in value]
            if any(c is not None for c in cells):
                per_seat[key] = [c or "" for c in cells]
        else:
            text = shown(key, value)
            if text is not None:
                lines.append((key, text))
    table = Table(show_edge=False)
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("rank", justify="right")
    for key in per_seat:
        table.add_column(key.replace("_", " "))
    for seat, name in enumerate(names):
        crown = " ★" if seat in outcome.winners else ""
        table.add_row(
            Text(name + crown, style=seat_style(game_id, seat)),
            number(outcome.scores[seat]),
            str(outcome.ranks[seat]),
            *[cells[seat] for cells in per_seat.values()],
        )
    if outcome.winners:
        verdict = Text("winner: " if len(outcome.winners) == 1 else "winners: ", style="bold")
        for i, w in enumerate(outcome.winners):
            if i:
                verdict.append(", ")
            verdict.append(names[w], style=seat_style(game_id, w))
    else:
        verdict = Text("a draw", style="bold")
    parts: list[RenderableType] = [table, verdict]
    for key, text in lines:
        parts.append(Text.assemble((f"{key.replace('_', ' ')}: ", "dim"), text))
    return Panel(Group(*parts), title="result", expand=False)


def number(x: float) -> str:
    """A score as players write it: 112, not 112.0."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _detail(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_detail(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_detail(v)}" for k, v in value.items()) or "none"
    return show_value(value)
