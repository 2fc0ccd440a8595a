"""``tritable play --server URL``: the terminal as a client of the game server (docs/api.md).

Without ``--table`` the server's open and playing tables are listed, to join, to watch, or to
open a new one (``tritable play GAME --server URL ...`` opens one at once: ``--ai`` seats, ``-o``
options, ``--clock``; the seats not given to an AI are open for people). Then the table is played
as local play plays (:mod:`tritable.cli.online_table`).
"""

from __future__ import annotations

import getpass
from collections.abc import Mapping, Sequence
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from tritable.cli.common import as_players_say, fail
from tritable.cli.lobby import Choice, LobbyError, free_seats, lobby, new_table
from tritable.cli.online_table import OnlineTable, ServerGone
from tritable.cli.server_client import Server, ServerError
from tritable.cli.table_socket import TableSocket
from tritable.cli.terminal import NoInput, Quit, interrupted, say_refused
from tritable.engine import TritableError, new_game

LONGEST_NAME = 40
"""The longest player name the server takes."""


def player_name(name: str | None) -> str:
    """``--name``, else the login name, else ``player``; ``error:`` for a name the server refuses."""
    if name is None:
        try:
            name = getpass.getuser()
        except (OSError, KeyError):
            name = "player"
    name = name.strip()
    if not name or len(name) > LONGEST_NAME or not name.isprintable():
        fail(f"--name: a name is 1-{LONGEST_NAME} printable characters, not {name[:60]!r}")
    return name


def play_online(
    console: Console,
    url: str,
    *,
    game: str | None,
    players: int | None,
    options: Sequence[str],
    ai: Sequence[str],
    clock: str | None,
    name: str | None,
    table_id: str | None,
    seat: int | None,
    token: str | None,
    watch: bool,
) -> None:
    """Find or open the table, take the seat, and play it to its end (or until the player leaves)."""
    try:
        server = Server(url)
        server.check()
    except ServerError as exc:
        fail(as_players_say(exc.message))
    who = player_name(name)
    if seat is not None and watch:
        fail("--watch watches as a spectator: leave out --seat")
    if token is not None and (table_id is None or seat is None):
        fail("--token takes back a seat you hold: give --table ID and --seat N with it")
    if table_id is not None:
        if game is not None or ai or options or clock is not None or players is not None:
            fail("--table joins a table as it is: leave out GAME, --players, --ai, --option and --clock")
        try:
            choice = Choice(table=server.table(table_id), watch=watch)
        except ServerError as exc:
            fail(as_players_say(exc.message))
    elif game is not None:
        if watch:
            fail("--watch watches a table: give --table ID (or leave out GAME to list the tables)")
        try:
            choice = Choice(new=new_table(game, players, options, ai, clock, seat))
        except LobbyError as exc:
            fail(str(exc))
    else:
        if watch or seat is not None:
            fail("--watch and --seat choose at a table: give --table ID (or choose in the list)")
        if ai or options or clock is not None or players is not None:
            fail("--ai, --option, --clock and --players open a new table: give its GAME")
        choice = None
    interactive = _interactive()
    while True:
        try:
            if choice is None:
                choice = lobby(console, lambda: _listed(server), interactive)
                seat = None
            table, taken, secret = _sit(server, choice, who, seat, token)
            break
        except (ServerError, LobbyError) as exc:
            why = as_players_say(exc.message if isinstance(exc, ServerError) else str(exc))
            if table_id is not None or game is not None:
                fail(why)
            say_refused(console, why, "choose again")
            choice = None
        except Quit:
            console.print(Text("bye", style="yellow"))
            return
        except NoInput:
            console.print(Text("end of input", style="yellow"))
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            interrupted(console, "")
    _play(console, server, table, taken, secret)


def _interactive() -> bool:
    import sys

    return sys.stdin.isatty()


def _listed(server: Server) -> list[dict[str, Any]]:
    return server.tables("open") + server.tables("playing")


def _sit(
    server: Server, choice: Choice, name: str, seat: int | None, token: str | None
) -> tuple[Mapping[str, Any], int | None, str | None]:
    """The table chosen and the seat taken at it, with its token (None, None: watching)."""
    if choice.new is not None:
        created = server.create(choice.new.body(name))
        return created["table"], created.get("seat"), created.get("token")
    table = choice.table
    assert table is not None
    table_id = str(table["id"])
    if choice.watch:
        return table, None, None
    if token is not None:
        assert seat is not None
        return table, seat - 1, token
    if table.get("status") == "finished":
        raise ServerError(
            "finished", f"table {table_id} is over: its record is at {server.base}/api/tables/{table_id}/record"
        )
    if not free_seats(table):
        raise ServerError("table_full", f"table {table_id} has no free seat: --watch watches it")
    if seat is not None and not 1 <= seat <= len(table.get("seats") or []):
        count = len(table.get("seats") or [])
        raise ServerError("bad_seat", f"--seat: table {table_id} has seats 1-{count}, not {seat}")
    joined = server.join(table_id, name, None if seat is None else seat - 1)
    taken, secret, table = int(joined["seat"]), str(joined["token"]), joined["table"]
    if table.get("status") == "open" and not free_seats(table) and not table.get("auto_start", True):
        table = server.start(table_id, taken, secret)["table"]  # the last seat taken starts it
    return table, taken, secret


def _play(console: Console, server: Server, table: Mapping[str, Any], seat: int | None, token: str | None) -> None:
    table_id = str(table["id"])
    try:
        game = new_game(str(table["game"]), int(table["players"]), dict(table.get("options") or {}))
    except (TritableError, KeyError, TypeError, ValueError) as exc:
        fail(f"table {table_id}: this client cannot set up its game ({exc})")
    socket = TableSocket(f"{server.ws_base}/ws/tables/{table_id}", seat, token)
    try:
        socket.open()
    except Exception as exc:  # websockets raises its own errors and OSError's: none is the player's fault
        fail(f"cannot connect to table {table_id} at {server.ws_base}: {exc}")
    online = OnlineTable(game, table, seat, socket, console, server.base)
    note = _come_back(server.base, table_id, seat, token)
    try:
        online.run()
    except KeyboardInterrupt:
        socket.close()
        interrupted(console, note)
    except Quit:
        console.print(Text(f"bye{note}", style="yellow"))
    except NoInput:
        console.print(Text(f"end of input{note}", style="yellow"))
        raise typer.Exit(1) from None
    except ServerGone as exc:
        socket.close()
        fail(f"table {table_id}: {exc}")
    finally:
        socket.close()
        server.close()


def _come_back(base: str, table_id: str, seat: int | None, token: str | None) -> str:
    """What to type to take the seat back (the token is shown only here: the server keeps a hash)."""
    if seat is None or token is None:
        return ""
    return (
        f" — the game goes on at the server; to take your seat back: tritable play --server {base} "
        f"--table {table_id} --seat {seat + 1} --token {token}"
    )
