"""``tritable arena`` and ``tritable hint``: measure agents against each other, ask for advice.

The lead's ``tritable.cli.main`` calls :func:`register` to add both commands. Bad input (an unknown
agent or level, a budget <= 0, a wrong number of agents, a finished game) prints ``error: <why>``
and exits with status 2.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from tritable.cli.command import Command
from tritable.cli.common import (
    check_seed,
    console,
    fail,
    known_id,
    make_game,
    named,
    position_of,
    read_position,
    record_folder,
    stop_interrupted,
    thinking,
    titled_table,
    write_record,
)
from tritable.engine import Game, State, TritableError, game_class
from tritable.engine.playout import random_playout
from tritable.engine.protocol import CHANCE, TERMINAL

if TYPE_CHECKING:
    from tritable.ai.arena import ArenaReport

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
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `tritable games`).")],
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            metavar="SPEC,SPEC[,...]",
            help="One agent spec per seat, comma-separated: random, greedy, mcts, ismcts, halving, a level "
            "(easy, normal, hard, perfect), with optional settings, e.g. hard,mcts:iterations=500.",
        ),
    ],
    n_games: Annotated[
        int, typer.Option("--games", "-n", metavar="N", help="Number of games (rounded up to rotate seats).")
    ] = 100,
    seed: Annotated[int, typer.Option(metavar="S", help="Seed of the whole run (deals and agents).")] = 0,
    players: Annotated[
        int | None, typer.Option(metavar="N", help="Number of players (default: one per agent).")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="K=V", help="A game option K=V (repeatable), e.g. --option same=true."),
    ] = None,
    jobs: Annotated[
        int | None, typer.Option("--jobs", "-j", metavar="J", help="Worker processes (default: all cores).")
    ] = None,
    record_to: Annotated[
        str | None, typer.Option("--record", metavar="FOLDER", help="Write each game's record (JSON) into this folder.")
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", metavar="", help="Print the results as JSON, each game's too (progress on stderr)."),
    ] = False,
) -> None:
    """Play agents against each other on every seat assignment; wins, draws, losses, Elo.

    Ctrl-C stops the run and reports the games finished so far (exit status 130)."""
    from tritable.ai.arena import check_specs, planned_games, run_arena, spec_args

    if not 1 <= n_games <= MOST_GAMES:
        fail(f"--games takes 1 to {MOST_GAMES:,}, not {n_games}")
    if jobs is not None and not 1 <= jobs <= MOST_JOBS:
        fail(f"--jobs takes 1 to {MOST_JOBS} worker processes, not {jobs}")
    check_seed(seed)
    try:
        specs = spec_args(agents)
        game = known_id(game)
        cls = game_class(game)
    except TritableError as exc:
        fail(str(exc))
    count = players if players is not None else len(specs)
    # The game's own range first: asking for one agent more where the game takes no more seats
    # would only lead to this error on the next run.
    if not cls.min_players <= count <= cls.max_players:
        span = f"{cls.min_players}" if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"
        fail(f"{game} is for {span} players, not {count} (one agent per seat)")
    if len(specs) != count:
        fail(f"{len(specs)} agents given for {count} players: give one agent per seat")
    g = make_game(game, count, option)
    try:
        check_specs(g, specs)
    except (TritableError, ValueError) as exc:
        fail(str(exc))
    planned = planned_games(specs, n_games)
    if planned > MOST_GAMES:  # rounded up to every seating, 999,999 games would be 1,000,002
        fail(f"--games {n_games:,} makes {planned:,} games once rounded up to every seating: at most {MOST_GAMES:,}")
    folder = record_folder(record_to, g.id, seed) if record_to is not None else None
    # With --json the tables are not printed, but a terminal still shows the progress (on stderr).
    shown = Console(stderr=True) if as_json else console
    if not as_json or shown.is_terminal:
        workers = min(jobs if jobs is not None else (os.cpu_count() or 1), planned)
        shown.print(plan_line(g, specs, n_games, planned, workers, seed), highlight=False, markup=False)
    with Progress(
        TextColumn("[bold]arena[/] {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=shown,
        transient=True,
        disable=as_json and not shown.is_terminal,
    ) as progress:
        bar = progress.add_task(f"{g.id}: {', '.join(specs)}", total=planned)

        def tick(done: int, total: int) -> None:
            progress.update(bar, completed=done, total=total)

        report = run_arena(g, specs, n_games, seed, jobs, progress=tick, records=folder is not None, keep_partial=True)
    # The results first: a record that cannot be written (a full disk) must not lose them.
    if as_json:
        print(json.dumps(report.to_json(), indent=1), flush=True)
    else:
        _print_report(report)
    if folder is not None:
        written = _write_records(report, folder)
        if not as_json and written:
            console.print(f"{written} records written to {folder}", highlight=False, markup=False)
    if report.interrupted:
        stop_interrupted()


FAST_KINDS = frozenset({"random", "greedy"})
"""Agents that answer at once: no budget to wait for."""
SAMPLE_GAMES = 3
"""Random games played to learn how many moves a game takes, for the arena's time estimate."""


def plan_line(game: Game, specs: list[str], asked: int, planned: int, workers: int, seed: int) -> str:
    """What an arena run will play and how long it may take, said before the first game: the
    games a seat rotation makes (``--games 1`` of Tri*T*Area with four agents plays 24), and the
    time the agents' budgets allow (a game's moves counted on a few random games); where an agent
    has no time budget, the time is measured on the games as they finish (the progress bar)."""
    from tritable.ai.arena import assignments
    from tritable.ai.levels import resolve

    seatings = len(assignments(specs))
    games = f"{planned:,} game{'s' if planned != 1 else ''}"
    if seatings > 1:
        games += f": every deal under each of the {seatings} seatings"
        if planned != asked:
            games += f" (--games {asked:,} rounded up)"
    budgets: list[float] = []
    for spec in specs:
        kind, settings = resolve(spec, game)
        seconds = settings.get("seconds")
        if kind in FAST_KINDS:
            budgets.append(0.0)
        elif isinstance(seconds, int | float) and seconds > 0:
            budgets.append(float(seconds))
        else:
            return f"arena: {games}; time: measured on the first games (the bar shows the time left)"
    rng = random.Random(seed)
    moves = 0
    for _ in range(SAMPLE_GAMES):
        moves += random_playout(game.new_state(seed=rng.getrandbits(32)), rng)
    per_seat = moves / SAMPLE_GAMES / game.players  # each seat's share of a game's moves
    seconds = per_seat * sum(budgets) * planned / max(1, workers)
    if seconds < 1:
        return f"arena: {games}; time: a few seconds"
    return (
        f"arena: {games}; time: at most about {_duration(seconds)} ({workers} worker{'s' if workers != 1 else ''}, "
        f"each agent's time budget a move, ~{per_seat:.0f} moves a seat a game)"
    )


def _duration(seconds: float) -> str:
    """``40 s``, ``12 min``, ``3.5 h``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _write_records(report: ArenaReport, folder: Path) -> int:
    """Write the records of the games played; how many were written."""

    for written, result in enumerate(report.results):
        write_record(folder, report.game.id, report.seed, result.index, result.record or "", written)
    return len(report.results)


def _print_report(report: ArenaReport) -> None:

    g = report.game
    if report.interrupted and not report.games:
        console.print(f"interrupted before any of the {report.planned} games ended", style="bold yellow")
        return
    if report.interrupted:
        console.print(
            f"interrupted: {report.games} of {report.planned} games played; the results below are "
            "theirs (a seating may lack some of its deals)",
            style="bold yellow",
            highlight=False,
        )
    elif report.planned != report.asked:
        console.print(
            f"{report.planned} games, not {report.asked}: rounded up so that each of the "
            f"{report.assignments} seatings plays every deal",
            highlight=False,
        )
    data = report.to_json()
    seatings = data["assignments"]
    title = (
        f"{data['games']} game{'s' * (data['games'] != 1)} of {g.id} ({g.players} players, seed {report.seed}, "
        f"{seatings} seating{'s' * (seatings != 1)})"
    )
    table = titled_table(title)
    # A spec is not broken inside a setting (mcts:iterations=5|0 would read as 5) while the
    # figures keep room: the headers wrap instead. On a screen too narrow for both, specs fold.
    longest = max(len(a["name"]) for a in data["agents"])
    table.add_column("agent", overflow="fold", no_wrap=console.width - longest >= 40)
    for col in ("first places (shared too)", "mean score", "s/move (mean)", "s/move (max)"):
        # the numbers are short: only the headers wrap, or on a very narrow screen the numbers fold
        table.add_column(col, justify="right", overflow="fold")
    for a in data["agents"]:
        table.add_row(
            a["name"],
            str(a["first_places"]),
            f"{a['mean_score']:.2f}",
            f"{a['mean_seconds_per_move'] or 0:.4f}",
            f"{a['max_seconds_per_move']:.4f}",
        )
    console.print(table)
    seats = titled_table("by seat: first places / games (mean return)")
    cells: dict[str, list[str]] = {a["name"]: ["-"] * g.players for a in data["agents"]}
    for row in data["by_seat"]:
        cells[row["agent"]][row["seat"]] = f"{row['first_places']}/{row['games']} ({row['mean_return']:+.2f})"
    seats.add_column("agent", overflow="fold", min_width=6)
    for seat in range(g.players):
        # wraps at its space ("0/1" / "(-1.00)") only where the screen is narrower than the figure
        seats.add_column(f"P{seat + 1}", justify="right", overflow="fold")
    for name, row in cells.items():
        seats.add_row(name, *row)
    console.print(seats)
    if data["pairs"]:
        pairs = titled_table("head to head: A's wins-draws-losses (draws count half, 95% intervals)")
        # On a narrow screen the figures wrap at their spaces ("0.750" / "[0.531, 0.888]") rather
        # than lose digits, and the names fold.
        pairs.add_column("A vs B", overflow="fold", min_width=6)  # wraps at " vs " first
        for col in ("W-D-L", "A's score", "Elo(A) - Elo(B)"):
            pairs.add_column(col, justify="right", overflow="fold")
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
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A game record, a state (State.to_json(), `tritable replay --json`) or a setup file "
            '({"game": ..., "setup": {...}}), as JSON; - reads standard input.',
        ),
    ],
    level: Annotated[
        str, typer.Option(metavar="LEVEL", help="easy, normal, hard, perfect, or any agent spec.")
    ] = "hard",
    seed: Annotated[int, typer.Option(metavar="S", help="Seed of the agent.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print JSON.")] = False,
) -> None:
    """The best action for the side to move, with its evaluation and the runner-up actions."""
    from tritable.ai.levels import hint, resolve

    check_seed(seed)
    state, names = _load_position(file)
    p = state.current_player()
    if p == TERMINAL:
        fail(f"{named(file)}: the game is over: there is no move to hint")
    if p == CHANCE:
        fail(f"{named(file)}: a chance step is next: nobody chooses")
    g = state.game
    # A seat with one legal action is answered at once: there is nothing to weigh.
    forced = {seat: acts[0] for seat in state.players_to_move() if len(acts := state.legal_actions(seat)) == 1}
    try:
        kind, _ = resolve(level, g)
        searched = [seat for seat in state.players_to_move() if seat not in forced]
        with thinking("thinking…") if searched else contextlib.nullcontext():
            hints = {seat: hint(state, seat, level, seed).to_json() for seat in searched}
    except TritableError as exc:
        fail(str(exc))
    rows: list[dict[str, Any]] = []
    for seat in state.players_to_move():
        if seat in forced:
            only: dict[str, Any] = {"action": g.action_to_string(forced[seat]), "value": None, "win_rate": None}
            only["visits"] = None
            only |= {"solved": False, "optimal": True, "margin": None}
            rows.append({"seat": seat, "level": level, "best": only, "alternatives": [], "forced": True})
        else:
            rows.append(hints[seat] | {"forced": False})
    if as_json:
        out: dict[str, Any] = {"game": g.id, "actions": len(state.history), "agent": kind, "hints": rows}
        print(json.dumps(out, indent=1))
        return
    names = names or [f"P{s + 1}" for s in range(g.players)]
    for data in rows:
        best = data["best"]
        if data["forced"]:
            console.print(
                f"{escape(names[data['seat']])} to move — the only legal action: [bold]{escape(best['action'])}[/] "
                "(forced: nothing to weigh)",
                highlight=False,
            )
            continue
        console.print(
            f"{escape(names[data['seat']])} to move — best: [bold]{escape(best['action'])}[/] "
            f"({_describe(best, kind, state.game.players)})",
            highlight=False,
        )
        for alt in data["alternatives"]:
            console.print(
                f"  then: {alt['action']} ({_describe(alt, kind, state.game.players)})", highlight=False, markup=False
            )


def _load_position(path: Path) -> tuple[State, list[str] | None]:
    """The position of the record, state or setup in ``path``, and the record's names."""

    return position_of(path, read_position(path))


def _outcome(value: float) -> str:
    return "a win" if value > 0 else "a loss" if value < 0 else "a draw"


def _solved(row: dict[str, Any]) -> str:
    """A solved action: its outcome, by how much where known, and whether it is a best one."""
    outcome = _outcome(row["value"])
    margin = row.get("margin")
    if margin:  # a draw has no margin to tell
        outcome += f" by {abs(margin)}"
    return f"solved: {outcome} with perfect play{' (best)' if row.get('optimal') else ''}"


def _visits(n: int) -> str:
    return f"{n} visit" if n == 1 else f"{n} visits"


def _describe(row: dict[str, Any], kind: str, players: int = 2) -> str:
    """What the agent of ``kind`` knows of an action, in its own terms: a solved outcome, the draws
    a move is optimal in, a search's win rate (with 3-4 players, the share of the other seats it
    expects to finish ahead of, as the hint in ``play`` says) and visits, or an evaluation."""
    if row["solved"]:
        return _solved(row)
    if kind == "random":
        return "random play: no estimate"
    if kind == "perfect":  # closed hands: the hidden hand drawn, each draw solved
        if not row["visits"]:
            return "optimal in none of the hands drawn"
        return f"optimal in {row['visits']:g} of the hands drawn, mean result {row['value']:+.2f} there"
    if row["visits"] == 0:
        return "not searched: no estimate"
    if row["visits"] is None:
        return f"evaluation {row['value']:+.3f} (in -1..1, not a win rate)"
    # The search ranks its actions by visits (the most searched is the surest): they come first,
    # so that the figures read in the order of the list, the rate after them.
    if players > 2:  # the mean over the other seats: how many of them it finishes ahead of
        return f"{_visits(row['visits'])}, ahead of {100 * row['win_rate']:.1f}% of the others"
    return f"{_visits(row['visits'])}, win rate {100 * row['win_rate']:.1f}%"


def register(app: typer.Typer) -> None:
    """Add ``arena`` and ``hint`` to the ``tritable`` app."""
    app.command("arena", cls=Command)(arena)
    app.command("hint", cls=Command)(hint_command)
