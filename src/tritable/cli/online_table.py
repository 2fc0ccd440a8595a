"""A table of the game server at the terminal (``tritable play --server``): the views the server
sends, drawn by the same board code as local play; its events told as local play tells them; the
seat's turns read at the same prompt (numbers, notation, ``hint``, ``rules``, ``board``...).

The server is the authority: the client holds no state, only the last view, the seat's legal
actions (their notation) and the table's ``seq``. An action is sent with the ``seq`` it was chosen
at and a move id of its own; a ``stale`` refusal brings the current view, which is drawn again.
The WebSocket is read in a thread (:mod:`tritable.cli.table_socket`); everything on the screen
happens here, in the prompt's flow.
"""

from __future__ import annotations

import queue
import secrets
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from tritable.cli.common import as_players_say
from tritable.cli.hints import show_hint, state_from_view
from tritable.cli.menus import MenuItem, menu_of, numbering
from tritable.cli.online_view import TableView
from tritable.cli.prompt import parse_notation, rules_panel
from tritable.cli.table_socket import SocketDown, TableSocket
from tritable.cli.tabletop import SAID, event_lines
from tritable.cli.terminal import LONGEST_INPUT, Quit, is_number, read_line, say_refused
from tritable.engine import Game, TritableError

HELP = """\
[bold]Your move[/]: type the [bold cyan]number[/] of an action, or the action's notation.
[bold]hint[/]        ask the AI (on this computer) for a suggestion, from what your seat sees
[bold]rules[/]       the rules of this game, and the options in play
[bold]board[/]       show the position again (so does an empty line)
[bold]quit[/]        leave the table (the game goes on at the server; your clock runs)
Online there is no [bold]undo[/] (the server's table is the game) and no [bold]save[/] (the server keeps
the record). Ctrl-C also leaves."""

WAIT_TICK = 0.2
"""Seconds between looks at Ctrl-C while waiting for the server."""


class OnlineTable(TableView):
    """One table of the server, played (or watched) at the terminal through its WebSocket."""

    def __init__(
        self, game: Game, table: Mapping[str, Any], seat: int | None, socket: TableSocket, console: Console, base: str
    ) -> None:
        super().__init__(game, table, seat, console, base)
        self.socket = socket
        self.waiting_said: tuple[int, str] | None = None
        self.welcomed = False

    # -- the flow ---------------------------------------------------------------------------------

    def run(self) -> None:
        """Follow the table to its end, playing the seat's turns; :class:`Quit` when the player leaves."""
        while not self.welcomed:
            self.handle(self.next_message())
        self.header()
        while self.status != "finished":
            if self.my_turn():
                self.turn()
            else:
                self.waiting()
                self.handle(self.next_message())
        self.finish()

    def next_message(self) -> dict[str, Any]:
        while True:
            try:
                return self.socket.messages.get(timeout=WAIT_TICK)
            except queue.Empty:
                continue

    def handle(self, message: Mapping[str, Any], pending: str | None = None) -> str | None:
        """Take in one message from the server: narrate it, keep its view. Returns what became of
        the action ``pending`` (its move id) where this message says: ``"done"`` (played, or
        overtaken: the screen is to be drawn again), ``"refused"``; else None."""
        kind = message.get("type")
        if kind in ("welcome", "sync"):
            first = not self.welcomed
            self.welcomed = True
            events = message.get("events")
            if events is None and not first:
                self.console.print(Text("(caught up with the table: the log since you left is not shown)", style="dim"))
            for event in events or []:
                self.event(event, None, quiet=first)
            self.take(message)
            if not first:
                said = event_lines(self.view or {})
                for line in said[-SAID:]:
                    self.console.print(Text(f"  {line}"))
            if kind == "welcome" and not first:
                self.console.print(Text("connected again", style="green"))
            if pending is not None and any(e.get("move_id") == pending for e in events or []):
                return "done"
            return "done" if pending is not None and kind == "welcome" else None
        if kind == "update":
            before = self.view
            self.take(message)
            event = message.get("event") or {}
            self.event(event, before)
            return "done" if pending is not None and event.get("move_id") == pending else None
        if kind == "accepted":
            return "done" if message.get("move_id") == pending else None
        if kind == "error":
            return self.error(message, pending)
        if kind == "lost":
            self.console.print(Text("the connection to the server dropped: connecting again…", style="yellow"))
            return None
        if kind == "gone":
            raise ServerGone(str(message.get("message")))
        return None  # pong, or a type a newer server sends

    def take(self, message: Mapping[str, Any]) -> None:
        self.seq = int(message.get("seq") or 0)
        self.view = message.get("view")
        self.legal = list(message.get("legal") or [])
        if isinstance(message.get("table"), Mapping):
            self.table = message["table"]

    def error(self, message: Mapping[str, Any], pending: str | None) -> str | None:
        code = message.get("code")
        text = as_players_say(str(message.get("message", "")))
        if not self.welcomed:  # refused at hello: nothing to follow
            raise ServerGone(f"{text} ({code})")
        if code == "stale":
            self.seq = int(message.get("seq") or self.seq)
            if message.get("view") is not None:
                self.view = message["view"]
            self.legal = list(message.get("legal") or [])
            if pending is not None and message.get("move_id") == pending:
                return "stale"
            return None
        if pending is not None and message.get("move_id") not in (None, pending):
            return None
        say_refused(self.console, f"the server refused it: {text}")
        return "refused" if pending is not None else None

    def waiting(self) -> None:
        """Say once per position who the table waits for (a spectator, and a seat an AI took over,
        sees each position)."""
        key = (self.seq, self.status)
        if self.waiting_said == key:
            return
        self.waiting_said = key
        if self.status == "open":
            seats = self.table.get("seats") or []
            free = [f"P{s['seat'] + 1}" for s in seats if s.get("kind") == "open" and not s.get("name")]
            if not free:
                self.console.print(Text("waiting for a seated player to start the table", style="yellow"))
                return
            command = f"  tritable play --server {self.base} --table {self.table.get('id')}"
            self.console.print(Text(f"waiting for players at {', '.join(free)}; they join with:", style="yellow"))
            self.console.print(Text(command, style="bold"))
            return
        if self.seat is None or self.replaced:
            if self.view is not None:
                self.show(None)
            return
        turn = (self.view or {}).get("turn") or {}
        players = [p for p in turn.get("players") or [] if isinstance(p, int)]
        if players:
            line = Text("waiting for ", style="dim")
            for i, p in enumerate(players):
                if i:
                    line.append(", ")
                line.append_text(self.seat_text(p))
            line.append("…")
            self.console.print(line)

    # -- the seat's turn --------------------------------------------------------------------------

    def turn(self) -> None:
        """Show the screen and read lines until an action is sent and the server has answered it,
        or the table moved on (the screen is then drawn again)."""
        actions = []
        for text in self.legal:
            try:
                actions.append(self.game.string_to_action(text))
            except TritableError:
                continue  # notation this client's version does not read: the rest still play
        menu = menu_of(self.game, actions)
        self.show(menu)
        seq = self.seq
        while True:
            if self.caught_up(seq):
                return  # the table moved on while the player typed (a timeout, say): draw it again
            line = read_line(self.console, f"P{(self.seat or 0) + 1}> ", self.interactive).strip()
            try:
                notation = self.command(line, menu)
            except TritableError as exc:
                say_refused(self.console, as_players_say(str(exc)))
                continue
            if notation is None:
                continue
            if self.send(notation, seq) != "refused":
                return
            if self.seq != seq:
                return  # the table moved on while the refusal came: draw it again

    def caught_up(self, seq: int) -> bool:
        """Take in what the server sent while the prompt waited; True if the table moved on from
        ``seq``, so the line typed no longer answers the screen shown."""
        while True:
            try:
                message = self.socket.messages.get_nowait()
            except queue.Empty:
                return self.seq != seq or self.status == "finished"
            self.handle(message)

    def command(self, text: str, menu: list[MenuItem]) -> str | None:
        """One line at the prompt: the notation of the action it plays, or None (a command done)."""
        if not text:
            if len(menu) == 1:
                return menu[0].text
            self.show(menu)
            return None
        if len(text) > LONGEST_INPUT:
            raise TritableError(
                f"that line is {len(text)} characters long: no action or command is longer than {LONGEST_INPUT}"
            )
        if is_number(text):
            chosen = [item.text for item in menu if item.number == int(text)]
            if not chosen:
                if (how := numbering(self.game.id, menu)) is not None:
                    raise TritableError(f"there is no action {int(text)}: {how}")
                raise TritableError(f"there is no action {int(text)}: choose 1-{len(menu)}")
            return chosen[0]
        word = text.lower().partition(" ")[0]
        lowered = text.lower()
        if lowered in ("help", "?"):
            self.console.print(Panel(HELP, title="commands", expand=False))
            return None
        if lowered in ("quit", "exit"):
            raise Quit
        if lowered in ("board", "show"):
            self.show(menu)
            return None
        if lowered == "rules":
            self.console.print(rules_panel(self.game))
            return None
        if lowered == "hint":
            self.hint(menu)
            return None
        if lowered == "undo":
            raise TritableError("no undo online: the server's table is the game, and a move sent is played")
        if word == "save":
            raise TritableError(
                f"no save online: the server keeps the record (once the game is over: "
                f"{self.base}/api/tables/{self.table.get('id')}/record, which tritable replay reads)"
            )
        action = parse_notation(self.game, text)
        return self.game.action_to_string(action)

    def hint(self, menu: list[MenuItem]) -> None:
        """The local AI's suggestion, on a state drawn from the seat's view (all the seat knows)."""
        assert self.seat is not None and self.view is not None
        try:
            state = state_from_view(self.game, self.view, f"{self.table.get('id')}/{self.seq}")
        except TritableError as exc:
            raise TritableError(f"no hint: this view cannot be read back into a position ({exc})") from None
        show_hint(self.console, state, self.seat, menu, f"{self.table.get('id')}/{self.seq}")

    def send(self, notation: str, seq: int) -> str:
        """Send the action, then take in what the server says until it answers it: ``"done"``
        (played, or the table moved on) or ``"refused"`` (said why).

        A choice at a simultaneous turn that crossed another seat's (which moved ``seq`` on) is
        sent again with the new ``seq`` while it is still legal, as the API asks: the other
        choice changed nothing this seat may see. Any other move overtaken is chosen again."""
        while True:
            move_id = f"{self.seat}-{secrets.token_hex(6)}"
            try:
                self.socket.send({"type": "action", "seq": seq, "move_id": move_id, "action": notation})
            except SocketDown as exc:
                say_refused(self.console, f"{exc}: your action was not sent", "the table comes back with its position")
                return "done"
            outcome = None
            while outcome is None:
                outcome = self.handle(self.next_message(), pending=move_id)
            if outcome != "stale":
                return outcome
            turn = (self.view or {}).get("turn") or {}
            if turn.get("kind") == "simultaneous" and notation in self.legal:
                seq = self.seq
                continue
            say_refused(self.console, "the table moved on before your action arrived", "here it is now")
            return "done"


class ServerGone(ConnectionError):
    """The table's connection is gone for good (refused, or the server did not come back)."""
