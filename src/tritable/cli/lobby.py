"""The server's tables as ``tritable play --server URL`` lists them, and what a player makes of
them: join one, watch one, or open a new one (``new GAME --ai 2=hard -o open=true --clock 5+3``)."""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, Group
from rich.text import Text

from tritable.cli.seats import parse_ai
from tritable.cli.terminal import is_number, read_line, say_refused
from tritable.engine import TritableError, game_ids, new_game

CLOCK_HELP = "--clock MIN+SEC (real time: 10+5 is 10 minutes each plus 5 s a move) or --clock Nh (N hours a move)"


class LobbyError(ValueError):
    """A table that cannot be asked for as written."""


@dataclass
class NewTable:
    """A table to open: the body of ``POST /api/tables`` less the creator's name."""

    game: str
    players: int | None = None
    options: dict[str, str] = field(default_factory=dict)
    ai: dict[int, str] = field(default_factory=dict)
    clock: dict[str, Any] | None = None
    seat: int | None = None
    """The creator's seat (0-based); None: the first open one."""

    def body(self, name: str | None) -> dict[str, Any]:
        """The request; checked here first against the game (its options, players, AI levels),
        so that a mistake is named as the command line wrote it."""
        try:
            game = new_game(self.game, self.players, dict(self.options))
        except TritableError as exc:
            raise LobbyError(str(exc)) from None
        if self.seat is not None and not 0 <= self.seat < game.players:
            raise LobbyError(f"--seat: seats are numbered 1-{game.players} in a {game.players}-player game")
        if self.seat is not None and self.seat in self.ai:
            raise LobbyError(f"--seat {self.seat + 1} is an AI seat (--ai): take another")
        seats = [{"kind": "ai", "level": self.ai[s]} if s in self.ai else {"kind": "open"} for s in range(game.players)]
        body: dict[str, Any] = {"game": game.id, "players": game.players, "options": self.options, "seats": seats}
        if self.clock is not None:
            body["clock"] = self.clock
        if name is not None and len(self.ai) < game.players:
            body["name"] = name
            if self.seat is not None:
                body["seat"] = self.seat
        return body


def parse_clock(text: str) -> dict[str, Any]:
    """``10+5`` (real time: minutes each, seconds added a move), ``10`` (+5 s), ``24h`` (turn-based).

    >>> parse_clock("5+3")
    {'mode': 'realtime', 'initial_seconds': 300.0, 'increment_seconds': 3.0}
    >>> parse_clock("48h")
    {'mode': 'turn', 'hours_per_move': 48.0}
    """
    spec = text.strip().lower()
    try:
        if spec.endswith("h"):
            hours = float(spec[:-1])
            if not 0 < hours <= 720:
                raise ValueError
            return {"mode": "turn", "hours_per_move": hours}
        head, _, tail = spec.partition("+")
        minutes = float(head)
        increment = float(tail) if tail else 5.0
        if not 0 < minutes <= 7 * 24 * 60 or not 0 <= increment <= 3600:
            raise ValueError
    except ValueError:
        raise LobbyError(f"--clock {text!r}: {CLOCK_HELP}"[:300]) from None
    return {"mode": "realtime", "initial_seconds": minutes * 60, "increment_seconds": increment}


def new_table(
    game: str, players: int | None, options: Sequence[str], ai: Sequence[str], clock: str | None, seat: int | None
) -> NewTable:
    """A :class:`NewTable` from the command line's words (``seat`` counted from 1)."""
    if game not in game_ids():
        raise LobbyError(f"unknown game {game!r} (games: {', '.join(game_ids())})"[:300])
    parsed: dict[str, str] = {}
    for pair in options:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise LobbyError(f"option {pair!r} is not of the form K=V")
        if key.strip() in parsed:
            raise LobbyError(f"option {key.strip()!r} is given twice")
        parsed[key.strip()] = value.strip()
    try:
        count = new_game(game, players, parsed).players
    except TritableError as exc:
        raise LobbyError(str(exc)) from None
    levels = {}
    if ai:
        from tritable.ai.levels import levels as game_levels

        try:
            levels = parse_ai(ai, count, game_levels(new_game(game, players, parsed)))
        except ValueError as exc:
            raise LobbyError(str(exc)) from None
    if seat is not None and not 1 <= seat <= count:
        raise LobbyError(f"--seat: seats are numbered 1-{count} in a {count}-player game, not {seat}")
    chosen = None if seat is None else seat - 1
    return NewTable(game, players, parsed, levels, parse_clock(clock) if clock else None, chosen)


def parse_new(line: str) -> NewTable:
    """The lobby's ``new GAME [--players N] [-o K=V]... [--ai S=L]... [--clock SPEC] [--seat N]``.

    >>> new = parse_new("new triatri --players 3 --ai 3=easy -o x=1 --clock 24h")
    Traceback (most recent call last):
    ...
    tritable.cli.lobby.LobbyError: triatri has no option 'x' (options: none)
    >>> new = parse_new("new triatri --players 3 --ai 3=easy --clock 24h --seat 2")
    >>> new.body("Ann")["seats"], new.body("Ann")["seat"], new.clock
    ([{'kind': 'open'}, {'kind': 'open'}, {'kind': 'ai', 'level': 'easy'}], 1, {'mode': 'turn', 'hours_per_move': 24.0})
    """
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise LobbyError(f"cannot read that line: {exc}") from None
    if len(words) < 2:
        raise LobbyError("new GAME: which game? (" + ", ".join(game_ids()) + ")")
    game, rest = words[1], words[2:]
    players: int | None = None
    seat: int | None = None
    options: list[str] = []
    ai: list[str] = []
    clock: str | None = None
    i = 0
    while i < len(rest):
        flag = rest[i]
        if i + 1 >= len(rest):
            raise LobbyError(f"{flag}: a value is missing" if flag.startswith("-") else f"unexpected {flag!r}")
        value = rest[i + 1]
        if flag in ("--players", "--seat"):
            if not is_number(value) or len(value) > 2:
                raise LobbyError(f"{flag} takes a number, not {value!r}")
            if flag == "--players":
                players = int(value)
            else:
                seat = int(value)
        elif flag in ("-o", "--option"):
            options.append(value)
        elif flag == "--ai":
            ai.append(value)
        elif flag == "--clock":
            clock = value
        else:
            raise LobbyError(f"unknown {flag!r}: new GAME takes --players, -o K=V, --ai S=L, --clock, --seat")
        i += 2
    return new_table(game, players, options, ai, clock, seat)


@dataclass
class Choice:
    """What the player chose in the lobby: a table to join (or watch), or a new table."""

    table: Mapping[str, Any] | None = None
    watch: bool = False
    new: NewTable | None = None


def seats_text(table: Mapping[str, Any]) -> str:
    """``P1 Ann · P2 AI hard · P3 free``."""
    out = []
    for seat in table.get("seats") or []:
        label = f"P{seat['seat'] + 1}"
        if seat.get("kind") == "ai":
            out.append(f"{label} AI {seat.get('level') or ''}".rstrip())
        elif seat.get("name"):
            out.append(f"{label} {seat['name']}")
        else:
            out.append(f"{label} free")
    return " · ".join(out)


def free_seats(table: Mapping[str, Any]) -> list[int]:
    return [s["seat"] for s in table.get("seats") or [] if s.get("kind") == "open" and not s.get("name")]


def clock_of(table: Mapping[str, Any]) -> str:
    clock = table.get("clock") or {}
    if table.get("mode") == "turn":
        return f"{clock.get('hours_per_move', 24):g} h/move"
    initial = float(clock.get("initial_seconds", 600))
    return f"{initial / 60:g} min +{float(clock.get('increment_seconds', 5)):g}s"


def options_of(table: Mapping[str, Any]) -> str:
    options = table.get("options") or {}
    return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()) or "default"


def tables_list(tables: Sequence[Mapping[str, Any]]) -> Group:
    """Each table in two lines (80 columns hold them): its number, game, seats, clock and status;
    then its id (what ``--table`` takes) and options.

    >>> from rich.console import Console
    >>> console = Console(width=80)
    >>> with console.capture() as shown:
    ...     console.print(tables_list([{"id": "9f2c51d0a4be7e13", "game": "triad", "status": "open",
    ...         "options": {}, "mode": "realtime", "clock": {"initial_seconds": 300, "increment_seconds": 3},
    ...         "seats": [{"seat": 0, "kind": "open", "name": None}, {"seat": 1, "kind": "ai", "level": "easy"}]}]))
    >>> print(shown.get().rstrip())
     1  triad  P1 free · P2 AI easy  ·  5 min +3s  ·  open: 1 free
        table 9f2c51d0a4be7e13 · options: default
    """
    lines: list[Text] = []
    for n, table in enumerate(tables, 1):
        free = len(free_seats(table))
        status = f"open: {free} free" if table.get("status") == "open" else str(table.get("status"))
        line = Text.assemble((f"{n:2d}", "bold cyan"), "  ", (str(table.get("game")), "bold"), "  ")
        line.append(f"{seats_text(table)}  ·  {clock_of(table)}  ·  ")
        line.append(status, style="green" if free else "dim")
        lines.append(line)
        lines.append(Text(f"    table {table.get('id')} · options: {options_of(table)}", style="dim"))
    return Group(*lines)


LOBBY_HELP = (
    "N: join table N · watch N: watch it · new GAME [--players N] [-o K=V] [--ai S=LEVEL] [--clock 10+5|24h] "
    "[--seat N]: open a table · Enter: list again · quit"
)


def lobby(console: Console, tables_of: Any, interactive: bool) -> Choice:
    """List the tables (``tables_of()``) and read what the player does, until a choice is made.
    :class:`~tritable.cli.terminal.Quit` at ``quit``."""
    from tritable.cli.terminal import Quit

    while True:
        tables: list[Mapping[str, Any]] = tables_of()
        if tables:
            console.print(Text("tables", style="bold"))
            console.print(tables_list(tables))
        else:
            console.print(Text("no open or playing tables: open one with new GAME", style="yellow"))
        console.print(Text(LOBBY_HELP, style="dim"))
        while True:
            line = read_line(console, "table> ", interactive).strip()
            if not line:
                break  # list again
            word, _, rest = line.partition(" ")
            word = word.lower()
            try:
                if word in ("quit", "exit"):
                    raise Quit
                if word == "new":
                    return Choice(new=parse_new(line))
                watch = word == "watch"
                number = rest.strip() if watch else line
                if not is_number(number) or not 1 <= int(number) <= len(tables):
                    if not tables:
                        raise LobbyError("there is no table to choose: open one with new GAME")
                    raise LobbyError(f"choose a table 1-{len(tables)}, watch N, new GAME, or quit")
                chosen = tables[int(number) - 1]
                if not watch and not free_seats(chosen):
                    raise LobbyError(f"table {number} has no free seat: watch {number} watches it")
                return Choice(table=chosen, watch=watch)
            except LobbyError as exc:
                say_refused(console, str(exc), "try again")
