"""The ``tritable`` command: list games, simulate, replay records, benchmark.

Every bad input (unknown game, bad option, malformed record, ...) prints ``error: <why>`` on
standard error and exits with status 2, before anything is written. Files are written whole or not
at all (:func:`write_text`): a folder that stops taking ``simulate --record`` files part way
through stops the run there, with the files written so far and no broken one.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import tritable
from tritable.cli.command import Command, Group
from tritable.engine import Record, State, TritableError, game_class, game_ids, new_game, state_from_json
from tritable.engine.playout import random_playout
from tritable.engine.protocol import json_type
from tritable.engine.record import json_problem

app = typer.Typer(
    cls=Group,
    help="tritable: Triple Triad, Triominos, TriATri, Tri*T*Area and Triad, exactly by the rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err_console = Console(stderr=True)


def titled_table(title: str) -> Table:
    """A table whose title stays on one line where its columns are narrower than the title."""
    return Table(title=title, min_width=min(len(title), console.width))


MIN_BENCH_SECONDS = 0.01
MAX_BENCH_SECONDS = 3600.0
MOST_GAMES = 10_000_000
"""The most games ``simulate`` plays in one run."""

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="K=V", help="A game option K=V (repeatable), e.g. --option same=true."),
]


def thinking(message: str) -> contextlib.AbstractContextManager[object]:
    """A spinner on standard error while a long computation runs, when a person is watching (a
    terminal); nothing when the output goes to a file or a pipe."""
    if err_console.is_terminal:
        return err_console.status(message, spinner="dots")
    return contextlib.nullcontext()


def fail(message: str, code: int = 2) -> NoReturn:
    # The message may quote the user's input (an action, a file name): never read it as markup.
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, markup=True, soft_wrap=True)
    raise typer.Exit(code)


_SEAT_WORD = re.compile(r"\bseat (\d+)\b")


def as_players_say(message: str) -> str:
    """An engine message with its seats named as the players know them: engine messages count
    seats from 0 ("seat 0"), the commands from 1 ("P1").

    >>> as_players_say("Fastitocalon-F is not in seat 1's hand")
    "Fastitocalon-F is not in P2's hand"
    """
    return _SEAT_WORD.sub(lambda m: f"P{int(m.group(1)) + 1}", message)


def record_refused(path: Path, exc: TritableError) -> NoReturn:
    """Fail on a record that does not replay, naming the file and the seats as players do."""
    fail(f"{named(path)}: {as_players_say(str(exc))}")


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(f"option {pair!r} is not of the form K=V")
        if key.strip() in options:  # which value was meant?
            fail(f"option {key.strip()!r} is given twice")
        options[key.strip()] = value.strip()
    return options


INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""
_interruption_said = False


def stop_interrupted() -> NoReturn:
    """Exit with :data:`INTERRUPTED` after a command has said itself what Ctrl-C stopped."""
    global _interruption_said
    _interruption_said = True
    raise typer.Exit(INTERRUPTED)


def read_position(path: Path) -> Any:
    """The JSON of a record, setup or state file, as ``solve`` and ``hint`` read it: the output of
    ``tritable replay --json`` stands for the state it holds; ``error: <why>`` for text that is not
    JSON and for a seat's view (``state.view(seat)``), which leaves out what the seat may not see,
    so that no position can be rebuilt from it."""
    try:
        data: Any = json.loads(read_text(path))
    except (RecursionError, ValueError) as exc:  # bad JSON, too deep, or an integer too long to read
        fail(f"{named(path)}: not valid JSON: {json_problem(exc)}")
    if isinstance(data, dict) and "game" not in data and isinstance(data.get("state"), dict):
        data = data["state"]
    if isinstance(data, dict) and "seat" in data and "setup" not in data and "format" not in data:
        fail(
            f"{named(path)}: a seat's view (it has 'seat' and no 'setup'), not a state or a record: "
            "a view leaves out what the seat may not see"
        )
    return data


def position_of(path: Path, data: Any) -> tuple[State, list[str] | None]:
    """The position the JSON ``data`` read from ``path`` (:func:`read_position`) holds, and the
    seats' names where a record gives them: a record's after its actions, a state (``history``,
    ``board``), or a setup file, ``{"game": ..., "players": ..., "options": {...}, "setup":
    {...}}`` (``players`` and ``options`` may be left out), before the first move."""
    if not isinstance(data, dict):
        fail(f"{named(path)}: expected a JSON object (a record, a setup or a state), not {json_type(data)}")
    try:
        if "actions" in data or "format" in data:
            record = Record.from_json(data)
            return record.replay(), record.names
        if "history" in data or "board" in data:
            return state_from_json(data), None
        if "setup" not in data:
            fail(f"{named(path)}: neither a record (no 'actions'), a state (no 'history') nor a setup (no 'setup')")
        if not isinstance(data.get("game"), str):
            fail(f"{named(path)}: a setup file names its 'game'")
        unknown = set(data) - {"game", "players", "options", "setup"}
        if unknown:
            fail(f"{named(path)}: unknown setup file field(s): {', '.join(sorted(unknown))}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            fail(f"{named(path)}: 'options' must be a JSON object")
        if not isinstance(data["setup"], dict):
            fail(f"{named(path)}: 'setup' must be a JSON object (every chance outcome of the game: the deal)")
        players = data.get("players")
        if players is not None and type(players) is not int:
            fail(f"{named(path)}: 'players' must be a whole number")
        return new_game(known_id(data["game"]), players, options).new_state(setup=data["setup"]), None
    except TritableError as exc:
        record_refused(path, exc)


def known_id(game: str) -> str:
    """The game id ``game`` names, read in any case as option names are (``Triad`` is ``triad``);
    unknown names are left as they are, for the registry to refuse."""
    lowered = game.strip().lower()
    return lowered if lowered in game_ids() else game


def make_game(game: str, players: int | None, option: list[str] | None) -> tritable.Game:
    try:
        return new_game(known_id(game), players, parse_options(option))
    except TritableError as exc:
        fail(str(exc))


LARGEST_FILE = 16 * 2**20
"""The most bytes a record, setup or state file may hold (the longest games' records hold some
100 kB): more is refused before it is parsed, and a device such as /dev/zero is not read to its end."""


STDIN = Path("-")
"""The file name that stands for standard input (``tritable replay - < game.json``)."""


def named(path: Path | str) -> str:
    """``path`` as messages name it: ``-`` is "standard input", and a name too long to read in
    one line keeps its two ends.

    >>> named(Path("x" * 300))
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx (300 characters)'
    """
    if path == STDIN:
        return "standard input"
    text = str(path)
    return text if len(text) <= 200 else f"{text[:40]}…{text[-40:]} ({len(text)} characters)"


def read_text(path: Path) -> str:
    """The UTF-8 text of ``path`` (``-``: standard input), or ``error: <why>`` if it cannot be
    read, is too large or is not UTF-8 text. A byte-order mark that some editors write first
    (Windows' Notepad) is dropped: JSON does not allow one, but the file is the user's own."""
    data = _read_stdin() if path == STDIN else _read_file(path)
    if len(data) > LARGEST_FILE:
        fail(f"{named(path)}: larger than {LARGEST_FILE // 2**20} MB: not a record, setup or state")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        fail(f"{named(path)}: not UTF-8 text (byte {exc.start + 1} is {data[exc.start]:#04x})")


def _read_stdin() -> bytes:
    if sys.stdin is None:  # started with standard input closed
        fail("standard input is closed: give the name of a file, or pipe one in")
    try:
        return sys.stdin.buffer.read(LARGEST_FILE + 1)
    except OSError as exc:
        fail(f"cannot read standard input: {exc.strerror or exc}")


def _read_file(path: Path) -> bytes:
    try:
        folder = path.is_dir()
    except OSError as exc:  # a name too long, a folder on the way that may not be looked into
        fail(f"cannot read {named(path)}: {exc.strerror or exc}")
    if folder:
        # The command line reads an empty name as the current folder.
        empty = " (an empty name is the current folder)" if path == Path(".") else ""
        fail(f"{path} is a folder{empty}: give the name of a file")
    try:
        with path.open("rb") as f:
            return f.read(LARGEST_FILE + 1)
    except OSError as exc:
        fail(f"cannot read {named(path)}: {exc.strerror or exc}")


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: into a new file beside it, then renamed over
    it, so that a full disk or a refusal part way leaves neither a broken file nor a broken old
    one (the new file is removed). A symbolic link is followed (its target is written, the link
    stays); what is not a regular file (``/dev/null``, ``/dev/stdout``, a named pipe) is written
    to in place, never replaced. Raises :class:`OSError`."""
    if path.exists() and not path.is_file() and not path.is_dir():
        # Before resolving the name: /dev/stdout on a pipe resolves to a name that is no file.
        with path.open("w", encoding="utf-8") as f:
            f.write(text)
        return
    path = Path(os.path.realpath(path))
    if path.exists() and not os.access(path, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    # The mode a file written in place would have (the old file's, else the umask's), not mkstemp's 0o600.
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_UMASK
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:100]}.", suffix=".part")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _umask()


def check_seed(seed: int | None) -> None:
    """``error:`` for a negative ``--seed``: Python's random numbers take ``-n`` as ``n``, so it
    would play the same games as its positive twin while the output names another seed."""
    if seed is not None and seed < 0:
        fail(f"--seed takes a whole number >= 0, not {seed} (a seed and its negative give the same games)")


def load_record(path: Path) -> Record:
    text = read_text(path)
    try:
        return Record.loads(text)
    except TritableError as exc:
        fail(f"{named(path)}: {exc}")


@app.command(cls=Command)
def games(as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print JSON.")] = False) -> None:
    """List the games: ids, player counts and options."""
    rows: list[dict[str, Any]] = []
    for gid in game_ids():
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
    table = Table(title="tritable games")
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


def record_folder(record_to: str, game_id: str, seed: int) -> Path:
    """The folder ``--record`` names, made if need be; ``error: <why>`` if it cannot be, or if it
    holds records of the same game and seed already (their names would be taken)."""
    if not record_to or not record_to.strip() or not record_to.isprintable():
        fail("--record takes the name of a folder")
    try:
        record = Path(record_to).expanduser()
    except RuntimeError as exc:  # ~nosuchuser
        fail(f"cannot create {record_to}: {exc}")
    try:
        if record.exists() and not record.is_dir():
            fail(f"--record takes the name of a folder: {record_to} is a file")
        record.mkdir(parents=True, exist_ok=True)
        # The names say game, seed and number only: another run's records would be lost.
        earlier = next((p for p in record.glob(f"{glob.escape(game_id)}-{seed}-*.json") if p.is_file()), None)
    except OSError as exc:
        fail(f"cannot create {named(record_to)}: {exc.strerror or exc}")
    if earlier is not None:
        fail(f"{record} holds records of seed {seed} already ({earlier.name}): choose another folder")
    return record


def write_record(folder: Path, game_id: str, seed: int, index: int, text: str, written: int) -> None:
    """Write game ``index`` of a ``--record`` run into ``folder``; ``error: <why>`` (saying how
    many records were ``written`` before it) when it cannot be written."""
    path = folder / f"{game_id}-{seed}-{index:05d}.json"
    try:
        write_text(path, text)
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc} ({written} records written before it)")


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
        from tritable.cli.play import step_replay

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
    global _interruption_said
    _interruption_said = False  # said by this command, not by one run before it in this process
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
    if code == INTERRUPTED and not _interruption_said:  # typer's answer to Ctrl-C in a command
        with contextlib.suppress(OSError):
            err_console.print("interrupted", style="yellow")
    if type(code) is int:
        sys.exit(code)


if __name__ == "__main__":
    main()
