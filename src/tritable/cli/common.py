"""What the ``tritable`` commands share: the consoles, ``error: <why>`` and its exit status,
reading records and positions from files (or standard input), and writing files whole."""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import tritable
from tritable.engine import Record, State, TritableError, game_ids, new_game, state_from_json
from tritable.engine.protocol import json_type
from tritable.engine.record import json_problem

console = Console()
err_console = Console(stderr=True)


def titled_table(title: str) -> Table:
    """A table whose title stays on one line where its columns are narrower than the title."""
    return Table(title=title, min_width=min(len(title), console.width))


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


class _Interruption:
    """Whether the command running has said itself what Ctrl-C stopped (``main`` says it else)."""

    said = False


interruption = _Interruption()


def stop_interrupted() -> NoReturn:
    """Exit with :data:`INTERRUPTED` after a command has said itself what Ctrl-C stopped."""
    interruption.said = True
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
