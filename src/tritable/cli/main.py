"""The ``tritable`` command: list games, simulate, replay records, benchmark.

Every bad input (unknown game, bad option, malformed record, ...) prints ``error: <why>`` on
standard error and exits with status 2, before anything is written. Files are written whole or not
at all (:func:`write_text`): a folder that stops taking ``simulate --record`` files part way
through stops the run there, with the files written so far and no broken one.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from tritable.cli.command import Command, Group
from tritable.cli.common import (
    INTERRUPTED,
    STDIN,
    check_seed,
    console,
    err_console,
    fail,
    interruption,
    known_id,
    load_record,
    make_game,
    record_folder,
    record_refused,
    titled_table,
    write_record,
    write_text,
)
from tritable.engine import Record, TritableError, game_class, game_ids
from tritable.engine.playout import random_playout

app = typer.Typer(
    cls=Group,
    help="tritable: Triple Triad, Triominos, TriATri, Tri*T*Area and Triad, exactly by the rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def version() -> str:
    """The installed version of tritable (``pyproject.toml``'s, through the package's metadata)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("tritable")
    except PackageNotFoundError:  # run from the sources without installing them
        return "unknown (not installed)"


def _show_version(value: bool) -> None:
    if value:
        print(f"tritable {version()}")
        raise typer.Exit()


@app.callback()
def _options(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", metavar="", is_eager=True, callback=_show_version, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """tritable: Triple Triad, Triominos, TriATri, Tri*T*Area and Triad, exactly by the rules."""


MIN_BENCH_SECONDS = 0.01
MAX_BENCH_SECONDS = 3600.0
MOST_GAMES = 10_000_000
"""The most games ``simulate`` plays in one run."""

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="K=V", help="A game option K=V (repeatable), e.g. --option same=true."),
]


@app.command(cls=Command)
def games(
    game: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="One game: its options and what each does.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print JSON.")] = False,
) -> None:
    """List the games: ids, player counts and options (with GAME, what each option does)."""
    rows: list[dict[str, Any]] = []
    if game is not None:
        try:
            game_class(known_id(game))
        except TritableError as exc:
            fail(str(exc))
    for gid in [known_id(game)] if game is not None else game_ids():
        cls = game_class(gid)
        rows.append(
            {
                "id": gid,
                "name": cls.name,
                "players": [cls.min_players, cls.max_players],
                "perfect_information": cls.perfect_information,
                "options": [spec.to_json() for spec in cls.option_specs],
            }
        )
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    if game is not None:
        _print_options(rows[0])
        return
    table = Table(title="tritable games", caption="tritable games GAME: what each option does")
    # On a narrow screen nothing is cut: the id (what is typed) stays whole, the rest wraps or folds.
    table.add_column("id", style="bold cyan", no_wrap=True)
    table.add_column("name", overflow="fold")
    table.add_column("players", justify="center", overflow="fold")
    table.add_column("options (default)", overflow="fold")
    for row in rows:
        lo, hi = row["players"]
        opts = []
        for spec in row["options"]:
            default = spec["default"]
            shown = str(default).lower() if isinstance(default, bool) else str(default)
            extra = f" [{'/'.join(str(c) for c in spec['choices'])}]" if spec["choices"] else ""
            opts.append(f"{spec['name']}={shown}{extra}")
        # Option choices are written [a/b/c]: text, not Rich markup.
        table.add_row(row["id"], row["name"], str(lo) if lo == hi else f"{lo}-{hi}", escape("\n".join(opts) or "-"))
    console.print(table)


def _print_options(row: dict[str, Any]) -> None:
    """One game's options: name, default, the values it takes and what it does."""
    lo, hi = row["players"]
    players = str(lo) if lo == hi else f"{lo}-{hi}"
    table = Table(title=f"{row['name']} ({row['id']}, {players} players): options")
    table.add_column("option", style="bold cyan", no_wrap=True)
    table.add_column("default", overflow="fold")
    table.add_column("values", overflow="fold")
    table.add_column("what it does", overflow="fold")
    for spec in row["options"]:
        default = spec["default"]
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        if spec["choices"]:
            values = "/".join(str(c) for c in spec["choices"])
        elif spec["type"] == "bool":
            values = "true/false"
        else:
            low = "" if spec["min"] is None else str(spec["min"])
            high = "" if spec["max"] is None else str(spec["max"])
            values = f"{low}-{high}" if low or high else spec["type"]
        table.add_row(spec["name"], shown, values, escape(spec["doc"]))
    if not row["options"]:
        console.print(f"{row['name']} has no options.")
        return
    console.print(table)


@app.command(cls=Command)
def simulate(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `tritable games`).")],
    n_games: Annotated[
        int, typer.Option("--games", "-n", metavar="N", help=f"Number of games (1 to {MOST_GAMES:,}).")
    ] = 100,
    seed: Annotated[int, typer.Option(metavar="S", help="Seed of the whole run.")] = 0,
    players: Annotated[int | None, typer.Option(metavar="N", help="Number of players.")] = None,
    option: OptionList = None,
    record_to: Annotated[
        str | None, typer.Option("--record", metavar="FOLDER", help="Write each game's record (JSON) into this folder.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print the summary as JSON.")] = False,
) -> None:
    """Play random games to the end and summarise them."""
    if not 1 <= n_games <= MOST_GAMES:
        fail(f"--games takes 1 to {MOST_GAMES:,}, not {n_games}")
    check_seed(seed)
    g = make_game(game, players, option)
    record = record_folder(record_to, g.id, seed) if record_to is not None else None
    rng = random.Random(seed)
    wins: Counter[int] = Counter()
    draws = 0
    shared = 0
    total_plies = 0
    reasons: Counter[str] = Counter()
    score_sums = [0.0] * g.players
    elapsed = 0.0
    for i in range(n_games):
        game_seed = rng.getrandbits(32)
        play_rng = random.Random(rng.getrandbits(32))
        start = time.perf_counter()
        state = g.new_state(seed=game_seed)
        total_plies += random_playout(state, play_rng)
        elapsed += time.perf_counter() - start
        outcome = state.outcome()
        if outcome.winners:
            for w in outcome.winners:
                wins[w] += 1
            shared += len(outcome.winners) > 1
        else:
            draws += 1
        # Triple Triad and Triad name it "reason", Triominos and TriATri "end" (their saved
        # records hold the outcome, so the key stays); Tri*T*Area always plays its three rounds.
        reason = outcome.details.get("reason", outcome.details.get("end"))
        if isinstance(reason, str):
            reasons[reason] += 1
        for s, score in enumerate(outcome.scores):
            score_sums[s] += score
        if record is not None:
            write_record(record, g.id, seed, i, Record.from_state(state, seed=game_seed).dumps(), i)
    summary: dict[str, Any] = {
        "game": g.id,
        "players": g.players,
        "options": g.options,
        "seed": seed,
        "games": n_games,
        "plies": total_plies,
        "plies_per_game": total_plies / n_games,
        "wins": {str(s): wins[s] for s in range(g.players)},
        "draws": draws,
        "shared_wins": shared,
        "mean_scores": [s / n_games for s in score_sums],
        "end_reasons": dict(reasons),
        "seconds": elapsed,
        "games_per_second": n_games / elapsed if elapsed > 0 else None,
        "plies_per_second": total_plies / elapsed if elapsed > 0 else None,
    }
    if as_json:
        print(json.dumps(summary, indent=1))
        return
    table = titled_table(f"{n_games} random games of {g.id} ({g.players} players, seed {seed})")
    table.add_column("seat")
    table.add_column("wins", justify="right")
    table.add_column("win %", justify="right")
    table.add_column("mean score", justify="right")
    for s in range(g.players):
        table.add_row(f"P{s + 1}", str(wins[s]), f"{100 * wins[s] / n_games:.1f}", f"{summary['mean_scores'][s]:.2f}")
    table.add_row("draws", str(draws), f"{100 * draws / n_games:.1f}", "")
    console.print(table)
    console.print(
        f"plies: {total_plies} ({summary['plies_per_game']:.1f} a game)   "
        f"speed: {summary['games_per_second']:.0f} games/s, {summary['plies_per_second']:.0f} plies/s"
    )
    if shared:
        console.print(
            f"{shared} game{'s' if shared != 1 else ''} won by more than one seat "
            "(a win for each: the win % add up to more than 100)"
        )
    if reasons:
        console.print("end reasons: " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    if record is not None:
        console.print(f"records written to {escape(str(record))}/")


@app.command(cls=Command)
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A game record (JSON); - reads standard input.")],
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="Print the final state and outcome as JSON.")
    ] = False,
    step: Annotated[bool, typer.Option("--step", metavar="", help="Step forwards and back through the game.")] = False,
) -> None:
    """Validate a record, then print its final position and outcome (or step through it)."""
    if step and as_json:
        fail("--step and --json do not go together: stepping is for the terminal")
    if step and file == STDIN:
        fail("--step reads its commands from standard input: give the record as a file")
    rec = load_record(file)
    try:
        state = rec.replay()
    except TritableError as exc:
        record_refused(file, exc)
    if step:
        from tritable.cli.stepper import step_replay

        step_replay(rec, console)
        return
    if as_json:
        out: dict[str, Any] = {"state": state.to_json(), "terminal": state.is_terminal()}
        if state.is_terminal():
            out["outcome"] = state.outcome().to_json()
        print(json.dumps(out, indent=1))
        return
    console.print(f"[bold]{escape(rec.game)}[/] — {len(rec.actions)} actions, record valid")
    console.print(state.render(), highlight=False, markup=False)
    if state.is_terminal():
        outcome = state.outcome()
        names = rec.names or [f"P{s + 1}" for s in range(rec.players)]
        scores = ", ".join(f"{names[s]} {_number(outcome.scores[s])}" for s in range(rec.players))
        winners = ", ".join(names[w] for w in outcome.winners) or "nobody (draw)"
        console.print(f"final: {scores}; winner: {winners}", highlight=False, markup=False)
    else:
        console.print("the game is not over", highlight=False)


def _number(value: float) -> str:
    """A score as players write it: 112, not 112.0."""
    return str(int(value)) if float(value).is_integer() else str(value)


@app.command(cls=Command)
def bench(
    seconds: Annotated[
        float, typer.Option(metavar="SECONDS", help="Length of one timed run, 0.01 to 3600 seconds.")
    ] = 2.0,
    runs: Annotated[
        int, typer.Option(metavar="N", help="Timed runs per case, 1 to 1000 (the median is reported).")
    ] = 5,
    only: Annotated[
        list[str] | None, typer.Option("--game", metavar="GAME", help="Only these game ids (repeatable).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print JSON.")] = False,
    output: Annotated[
        str | None, typer.Option(metavar="FILE", help="Also write the results as JSON to this file.")
    ] = None,
) -> None:
    """Benchmark random playouts through the public protocol, one core (see BENCHMARKS.md)."""
    from tritable.cli.bench import run_benchmarks

    if not MIN_BENCH_SECONDS <= seconds <= MAX_BENCH_SECONDS:  # NaN fails too
        fail(f"--seconds takes {MIN_BENCH_SECONDS:g} to {MAX_BENCH_SECONDS:g}, not {seconds:g}")
    if not 1 <= runs <= 1000:
        fail(f"--runs takes 1 to 1000, not {runs}")
    if output is not None:
        if output.endswith("/"):  # a folder, there or not: a Path would drop the slash and write "out"
            fail(f"cannot write {output}: it names a folder")
        _check_writable(Path(output))
    only = [known_id(gid) for gid in only] if only else None  # ids in any case, as everywhere
    for gid in only or []:
        if gid not in game_ids():
            fail(f"no game {gid!r} (games: {', '.join(game_ids())})")
    results = run_benchmarks(seconds=seconds, runs=runs, only=only, progress=None if as_json else console)
    if output is not None:
        try:
            write_text(Path(output), json.dumps(results, indent=1))
        except OSError as exc:
            fail(f"cannot write {output}: {exc.strerror or exc}")
    if as_json:
        print(json.dumps(results, indent=1))


def _check_writable(output: Path) -> None:
    """Fail before a long run whose results could not be written to ``output`` at its end."""
    try:
        if output.is_dir():
            fail(f"cannot write {output}: it is a folder")
        if output.exists() and not output.is_file():  # a device or a pipe, written in place
            if not os.access(output, os.W_OK):
                fail(f"cannot write {output}: permission denied")
            return
        target = Path(os.path.realpath(output))  # what write_text writes: a link's target
        if not target.parent.is_dir():
            fail(f"cannot write {output}: no such folder")
        existed = target.exists()
        with target.open("a", encoding="utf-8"):  # the name, the folder's and the file's permissions
            pass
        if not existed:
            target.unlink()
    except OSError as exc:
        fail(f"cannot write {output}: {exc.strerror or exc}")


def _register_commands() -> None:
    """Add the commands that live in their own modules (AI, solver, terminal play)."""
    import importlib

    for name in ("ai_commands", "solve_command", "play", "serve_command"):
        try:
            module = importlib.import_module(f"tritable.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"tritable.cli.{name}":
                raise
            continue
        module.register(app)


_register_commands()


def main() -> None:
    interruption.said = False  # said by this command, not by one run before it in this process
    if sys.stdout is None:  # started with standard output closed: Python would drop every line
        err_console.print("[bold red]error:[/] standard output is closed: nowhere to write", highlight=False)
        sys.exit(1)
    try:
        code = app(standalone_mode=False)
    except KeyboardInterrupt:
        err_console.print("interrupted", style="yellow")
        sys.exit(INTERRUPTED)
    except OSError as exc:
        # Output that cannot be written (a full disk, a pipe closed early): say so in one line.
        # Standard output goes to /dev/null first, so that its flush at exit fails no more.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        with contextlib.suppress(OSError):
            err_console.print(f"[bold red]error:[/] {escape(exc.strerror or str(exc))}", highlight=False)
        sys.exit(1)
    except Exception as exc:
        # The command line's own errors (a missing argument, a number that is not one) say
        # ``error: <why>`` on one line too, as the commands' errors do, not in a usage box.
        exit_code = getattr(exc, "exit_code", None)
        if not (hasattr(exc, "format_message") and isinstance(exit_code, int)):
            raise
        if type(exc).__name__ != "NoArgsIsHelpError":  # the help is shown already
            ctx = getattr(exc, "ctx", None)
            see = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
            err_console.print(
                f"[bold red]error:[/] {escape(exc.format_message())}{escape(see)}", highlight=False, soft_wrap=True
            )
        sys.exit(exit_code)
    if code == INTERRUPTED and not interruption.said:  # typer's answer to Ctrl-C in a command
        with contextlib.suppress(OSError):
            err_console.print("interrupted", style="yellow")
    if type(code) is int:
        sys.exit(code)


if __name__ == "__main__":
    main()
