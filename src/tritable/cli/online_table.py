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
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from tritable.cli.boards import draw_view, round_over, seat_style
from tritable.cli.common import as_players_say
from tritable.cli.flow import Flow
from tritable.cli.hints import show_hint, state_from_view
from tritable.cli.menus import MenuItem, menu_of, menu_table, numbering
from tritable.cli.outcome import outcome_panel
from tritable.cli.prompt import parse_notation, rules_panel
from tritable.cli.table_socket import SocketDown, TableSocket
from tritable.cli.tabletop import RECENT, SAID, event_lines, interactive_screen
from tritable.cli.terminal import LONGEST_INPUT, Quit, is_number, read_line, say_refused
from tritable.engine import Game, Outcome, TritableError

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


@dataclass
class Said:
    """An action of the log, as the "last:" line shows it (``None``: a sealed choice)."""

    seat: int
    text: str | None


class OnlineTable:
    """One table of the server, seen from ``seat`` (None: a spectator)."""

    def __init__(
        self, game: Game, table: Mapping[str, Any], seat: int | None, socket: TableSocket, console: Console, base: str
    ) -> None:
        self.game = game
        self.table: Mapping[str, Any] = table
        self.seat = seat
        self.socket = socket
        self.console = console
        self.base = base
        self.view: Mapping[str, Any] | None = None
        self.legal: list[str] = []
        self.seq = 0
        self.log: list[Said] = []
        self.moves = 0
        self.waiting_said: tuple[int, str] | None = None
        self.interactive = sys.stdin.isatty()
        self.screens = interactive_screen(console) and self.interactive
        self.welcomed = False

    # -- who is who -------------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """Each seat as the screen names it: ``P1 Ann``, ``P2 AI (hard)``, ``P3 (open)``."""
        out = []
        for seat in self.table.get("seats") or []:
            name = seat.get("name") or "(open)"
            you = " (you)" if seat.get("seat") == self.seat else ""
            out.append(f"P{seat['seat'] + 1} {name}{you}")
        return out

    def seat_text(self, seat: int) -> Text:
        names = self.names
        label = names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"
        return Text(label, style=seat_style(self.game.id, seat))

    @property
    def status(self) -> str:
        return str(self.table.get("status"))

    def my_turn(self) -> bool:
        return self.seat is not None and bool(self.legal) and self.status == "playing"

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

    # -- saying what happened ---------------------------------------------------------------------

    def event(self, event: Mapping[str, Any], before: Mapping[str, Any] | None, quiet: bool = False) -> None:
        """Log ``event`` and (unless ``quiet``) say it; ``before``: the view before it, where the
        end of a round is drawn from (None: events caught up, whose views are gone)."""
        kind = event.get("kind")
        seat = event.get("seat")
        if kind == "move" and isinstance(seat, int):
            self.moves += 1
            sealed = bool(event.get("sealed"))
            self.log.append(Said(seat, None if sealed else str(event.get("action"))))
            if quiet:
                return
            line = Text.assemble(self.seat_text(seat))
            if sealed:
                line.append(" has chosen")
            else:
                simultaneous = ((before or {}).get("turn") or {}).get("kind") == "simultaneous"
                line.append(" chooses " if simultaneous else " plays ")
                line.append(str(event.get("action")), style="bold")
                if before is not None:
                    for said in event_lines(self.view or {}):
                        line.append(f"\n  {said}")
            self.console.print(line)
            if before is not None and self.view is not None:
                try:
                    ended = round_over(self.game.id, before, self.view)
                except (LookupError, TypeError, ValueError, AttributeError):
                    ended = None
                if ended is not None:
                    self.console.print(ended)
            return
        if quiet:
            return
        who = self.seat_text(seat) if isinstance(seat, int) else Text("")
        if kind == "join":
            self.console.print(Text.assemble(f"{event.get('name')} sits down as ", who))
        elif kind == "leave":
            self.console.print(Text.assemble(f"{event.get('name')} leaves ", who))
        elif kind == "start":
            self.console.print(Text("the game starts", style="bold"))
        elif kind == "timeout":
            then = event.get("then")
            tail = f": an AI ({event.get('level')}) plays for them" if then == "ai" else ": they forfeit"
            self.console.print(Text.assemble(who, Text(f"'s time ran out{tail}", style="yellow")))

    def header(self) -> None:
        self.console.print(Rule(Text(f"{self.game.name} · {self.game.players} players · online", style="bold")))
        where = f"table {self.table.get('id')} at {self.base}"
        self.console.print(Text(f"{where} · {self.options_text()} · {self.clock_text()}"))
        who = ", ".join(self.names)
        role = "you watch" if self.seat is None else f"you are P{self.seat + 1}"
        self.console.print(Text.assemble(who, f" · {role}", (" · type help for the commands", "dim")))

    def options_text(self) -> str:
        changed = self.game.changed_options()
        shown = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in changed.items()]
        return ", ".join(shown) or "default rules"

    def clock_text(self) -> str:
        """The table's clock: ``10:00 + 5 s a move`` or ``24 h a move``."""
        clock = self.table.get("clock") or {}
        if self.table.get("mode") == "turn":
            return f"{clock.get('hours_per_move', 24):g} h a move"
        initial, increment = float(clock.get("initial_seconds", 600)), float(clock.get("increment_seconds", 5))
        return f"{minutes(initial)} each + {increment:g} s a move"

    def clocks(self) -> Text | None:
        """Each person's time left now (a running clock counted down to now), or the deadline of a
        turn-based table; None when no clock runs."""
        clocks = self.table.get("clocks") or {}
        remaining = clocks.get("remaining") or []
        running = clocks.get("running") or []
        now = time.time()
        if self.table.get("mode") == "turn":
            deadline = self.table.get("deadline")
            if deadline is None:
                return None
            return Text(f"to move by {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(float(deadline)))}", style="dim")
        parts = Text("time left: ", style="dim")
        shown = False
        for seat, left in enumerate(remaining):
            if left is None:
                continue
            started = running[seat] if seat < len(running) else None
            if started is not None:
                left = max(0.0, float(left) - (now - float(started)))
            if shown:
                parts.append(" · ", style="dim")
            parts.append(f"P{seat + 1} ", style=seat_style(self.game.id, seat))
            parts.append(minutes(float(left)), style="bold" if started is not None else "")
            shown = True
        return parts if shown else None

    def turn_text(self) -> Text:
        text = Text(f"{self.game.name} · action {self.moves + 1} · ", style="bold")
        turn = (self.view or {}).get("turn") or {}
        players = [p for p in turn.get("players") or [] if isinstance(p, int)]
        if turn.get("kind") == "simultaneous":
            text.append("everyone chooses at once; still to choose: ")
            for i, p in enumerate(players):
                if i:
                    text.append(", ")
                text.append_text(self.seat_text(p))
        elif players:
            text.append_text(self.seat_text(players[0]))
            text.append(" to move")
        return text

    def recent(self) -> RenderableType | None:
        """The last actions, ``last: P1 c1=3>c4 · P2 f6=2>f4``, and what the last one did as this
        seat may know it (the view's events)."""
        if not self.log:
            return None
        pieces: list[Text] = []
        start = max(0, len(self.log) - RECENT)
        for i, said in enumerate(self.log[start:]):
            line = Text("· " if i else "last: … " if start else "last: ", style="dim")
            line.append(f"P{said.seat + 1}", style=seat_style(self.game.id, said.seat))
            line.append(" ")
            if said.text is None:
                line.append("(chosen)", style="dim italic")
            else:
                line.append(said.text)
            pieces.append(line)
        lines = [Text(f"  {said}", style="italic") for said in event_lines(self.view or {})[-SAID:]]
        if not lines:
            return Flow(pieces, gap=1)
        from rich.console import Group

        return Group(Flow(pieces, gap=1), *lines)

    def show(self, menu: list[MenuItem] | None) -> None:
        """The position as the seat sees it (a spectator: as anyone does), the clocks, the last
        actions and the menu; at a terminal, a screen of its own fitted to it."""
        turn = self.turn_text()
        turn_line: RenderableType = turn if turn.cell_len + 4 > self.console.width else Rule(turn, align="left")
        below: list[RenderableType] = []
        clocks = self.clocks()
        if clocks is not None:
            below.append(clocks)
        recent = self.recent()
        if recent is not None:
            below.append(recent)
        if menu is not None:
            below.append(menu_table(self.console, self.game.id, menu))
        width, height = self.console.width, self.console.height
        screen = self.screens
        if screen:
            self.console.clear()
            top = Text(
                f"{self.game.name} · table {self.table.get('id')} · {' '.join(self.names)} · help: ?", style="dim"
            )
            top.truncate(width, overflow="ellipsis")
            self.console.print(top)
            used = 1 + self.lines(turn_line) + sum(self.lines(part) for part in below) + 1
            height = max(6, height - used)
        self.console.print(turn_line)
        if self.view is not None:
            self.console.print(self.board(width, height if screen else None))
        for part in below:
            self.console.print(part)

    def board(self, width: int, height: int | None) -> RenderableType:
        assert self.view is not None
        try:
            return draw_view(self.game.id, self.view, width, height)
        except (LookupError, TypeError, ValueError, AttributeError) as exc:
            return Text(f"(the board cannot be drawn: {exc!r})", style="dim")

    def lines(self, renderable: RenderableType) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def waiting(self) -> None:
        """Say once per position who the table waits for (a spectator sees each position)."""
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
        if self.seat is None:
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

    # -- the end ----------------------------------------------------------------------------------

    def finish(self) -> None:
        self.console.print(Rule(Text("game over", style="bold")))
        if self.view is not None:
            self.console.print(self.board(self.console.width, None))
        recent = self.recent()
        if recent is not None:
            self.console.print(recent)
        result = self.table.get("result") or {}
        names = [name.removesuffix(" (you)") for name in self.names]
        if result.get("reason") == "end":
            try:
                outcome = Outcome.from_json(result["outcome"])
            except (TritableError, KeyError) as exc:
                self.console.print(Text(f"the server's result cannot be read: {exc}", style="red"))
            else:
                self.console.print(outcome_panel(self.game.id, outcome, names))
        elif result.get("reason") == "forfeit":
            self.console.print(forfeit_text(result, names))
        self.console.print(
            Text(
                f"the server keeps the record: {self.base}/api/tables/{self.table.get('id')}/record "
                "(saved to a file, tritable replay reads it)",
                style="green",
            )
        )


class ServerGone(ConnectionError):
    """The table's connection is gone for good (refused, or the server did not come back)."""


def minutes(seconds: float) -> str:
    """``9:05`` (``1:02:03`` from an hour).

    >>> minutes(545.2), minutes(3723)
    ('9:05', '1:02:03')
    """
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def forfeit_text(result: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat = result.get("seat")
    line = Text("result: ", style="bold")
    if isinstance(seat, int) and 0 <= seat < len(names):
        line.append(f"{names[seat]} ran out of time and forfeits")
    winners = [names[w] for w in result.get("winners") or [] if isinstance(w, int) and 0 <= w < len(names)]
    if winners:
        line.append(f" · {'winner' if len(winners) == 1 else 'winners'}: {', '.join(winners)}")
    return line
