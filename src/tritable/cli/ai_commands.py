"""``tritable arena`` and ``tritable hint``: measure agents against each other, ask for advice.

The lead's ``tritable.cli.main`` calls :func:`register` to add both commands. Bad input (an unknown
agent or level, a budget <= 0, a wrong number of agents, a finished game) prints ``error: <why>``
and exits with status 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from tritable.engine import TritableError, game_class
from tritable.engine.protocol import CHANCE, TERMINAL

MOST_GAMES = 1_000_000
"""The most games one arena run plays (its tasks are listed before the first game)."""
MOST_JOBS = 256
"""The most worker processes (more than the cores only adds overhead)."""


def _fmt(x: float | None, score: float, digits: int = 0) -> str:
    """An Elo difference; ``None`` stands for an infinite one, whose sign the score it maps tells."""
    if x is None:
        return "-inf" if score <= 0.5 else "+inf"
    return f"{x:+.{digits}f}"


def arena(
    game: Annotated[str, typer.Argument(help="Game id (see `tritable games`).")],
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="One agent spec per seat, comma-separated: random, greedy, mcts, ismcts, halving, a level "
            "(easy, normal, hard, perfect), with optional settings, e.g. hard,mcts:iterations=500.",
        ),
    ],
    n_games: Annotated[int, typer.Option("--games", "-n", help="Number of games (rounded up to rotate seats).")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the whole run (deals and agents).")] = 0,
    players: Annotated[int | None, typer.Option(help="Number of players (default: one per agent).")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option K=V (repeatable), e.g. --option same=true."),
    ] = None,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", help="Worker processes (default: all cores).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Play agents against each other on every seat assignment; wins, draws, losses, Elo."""
    from tritable.ai.arena import check_specs, run_arena, spec_args
    from tritable.cli.main import console, fail, make_game

    if not 1 <= n_games <= MOST_GAMES:
        fail(f"--games takes 1 to {MOST_GAMES:,}, not {n_games}")
    if jobs is not None and not 1 <= jobs <= MOST_JOBS:
        fail(f"--jobs takes 1 to {MOST_JOBS} worker processes, not {jobs}")
    try:
        specs = spec_args(agents)
        cls = game_class(game)
    except TritableError as exc:
        fail(str(exc))
    count = players if players is not None else len(specs)
    if len(specs) != count:
        fail(f"{len(specs)} agents given for {count} players: give one agent per seat")
    if not cls.min_players <= count <= cls.max_players:
        span = f"{cls.min_players}" if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"
        fail(f"{game} is for {span} players, not {count} (one agent per seat)")
    g = make_game(game, count, option)
    try:
        check_specs(g, specs)
    except (TritableError, ValueError) as exc:
        fail(str(exc))
    if as_json:
        report = run_arena(g, specs, n_games, seed, jobs)
        print(json.dumps(report.to_json(), indent=1))
        return
    with Progress(
        TextColumn("[bold]arena[/] {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        bar = progress.add_task(f"{g.id}: {', '.join(specs)}", total=None)

        def tick(done: int, total: int) -> None:
            progress.update(bar, completed=done, total=total)

        report = run_arena(g, specs, n_games, seed, jobs, progress=tick)
    data = report.to_json()
    seatings = data["assignments"]
    title = (
        f"{data['games']} game{'s' * (data['games'] != 1)} of {g.id} ({g.players} players, seed {seed}, "
        f"{seatings} seating{'s' * (seatings != 1)})"
    )
    table = Table(title=title)
    for col in ("agent", "first places", "mean score", "s/move (mean)", "s/move (max)"):
        # Long specs wrap rather than lose their settings: two agents may differ only there.
        table.add_column(col, justify="left" if col == "agent" else "right", overflow="fold")
    for a in data["agents"]:
        table.add_row(
            a["name"],
            str(a["first_places"]),
            f"{a['mean_score']:.2f}",
            f"{a['mean_seconds_per_move'] or 0:.4f}",
            f"{a['max_seconds_per_move']:.4f}",
        )
    console.print(table)
    if data["pairs"]:
        pairs = Table(title="head to head: A's wins-draws-losses (draws count half, 95% intervals)")
        for col in ("A vs B", "W-D-L", "A's score", "Elo(A) - Elo(B)"):
            pairs.add_column(col, justify="left" if col == "A vs B" else "right", overflow="fold")
        for p in data["pairs"]:
            lo, hi = p["score_ci95"]
            elo_lo, elo_hi = p["elo_ci95"]
            pairs.add_row(
                f"{p['a']} vs {p['b']}",
                f"{p['wins']}-{p['draws']}-{p['losses']}",
                f"{p['score']:.3f} [{lo:.3f}, {hi:.3f}]",
                f"{_fmt(p['elo'], p['score'])} [{_fmt(elo_lo, lo)}, {_fmt(elo_hi, hi)}]",
            )
        console.print(pairs)
    else:
        console.print("one agent in every seat: no head-to-head results", highlight=False)
    console.print(f"{data['plies']} actions in {data['seconds']:.1f} s", highlight=False)


def hint_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON); the hint is for its last position.")],
    level: Annotated[str, typer.Option(help="easy, normal, hard, perfect, or any agent spec.")] = "hard",
    seed: Annotated[int, typer.Option(help="Seed of the agent.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The best action for the side to move, with its evaluation and the runner-up actions."""
    from tritable.ai.levels import hint, resolve
    from tritable.cli.main import console, fail, load_record, record_refused

    rec = load_record(file)
    try:
        state = rec.replay()
    except TritableError as exc:
        record_refused(file, exc)
    p = state.current_player()
    if p == TERMINAL:
        fail(f"{file}: the game is over: there is no move to hint")
    if p == CHANCE:
        fail(f"{file}: a chance step is next: nobody chooses")
    try:
        resolve(level, state.game)
        hints = [hint(state, seat, level, seed) for seat in state.players_to_move()]
    except TritableError as exc:
        fail(str(exc))
    if as_json:
        out: dict[str, Any] = {"game": rec.game, "actions": len(rec.actions), "hints": [h.to_json() for h in hints]}
        print(json.dumps(out, indent=1))
        return
    names = rec.names or [f"P{s + 1}" for s in range(rec.players)]
    for h in hints:
        data = h.to_json()
        best = data["best"]
        console.print(
            f"{escape(names[h.seat])} to move — best: [bold]{escape(best['action'])}[/] ({_describe(best)})",
            highlight=False,
        )
        for alt in data["alternatives"]:
            console.print(f"  then: {alt['action']} ({_describe(alt)})", highlight=False, markup=False)


def _describe(row: dict[str, Any]) -> str:
    if row["solved"]:
        return f"solved value {row['value']:+.3f}"
    if row["visits"] == 0:
        return "not searched: no estimate"
    text = f"win rate {100 * row['win_rate']:.1f}%"
    if row["visits"] is not None:
        text += f", {row['visits']} visits"
    else:
        text += f", value {row['value']:+.3f}"
    return text


def register(app: typer.Typer) -> None:
    """Add ``arena`` and ``hint`` to the ``tritable`` app."""
    app.command("arena")(arena)
    app.command("hint")(hint_command)
