"""What a ``tritable play --server`` client knows of a server's table, and how it shows it: the
last view the server sent the seat, its legal actions (their notation), the table's summary and
``seq``, the log of the actions told so far; the screen drawn from them with local play's boards
and menus, the clocks, and what each event did. The flow that takes the server's messages and
reads the seat's turns is :class:`tritable.cli.online_table.OnlineTable`."""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from tritable.cli.boards import draw_view, round_over, seat_style
from tritable.cli.flow import Flow
from tritable.cli.menus import MenuItem, menu_table
from tritable.cli.outcome import outcome_panel
from tritable.cli.tabletop import RECENT, SAID, event_lines, interactive_screen
from tritable.engine import Game, Outcome, TritableError


@dataclass
class Said:
    """An action of the log, as the "last:" line shows it (``None``: a sealed choice)."""

    seat: int
    text: str | None


class TableView:
    """One table of the server as seen from ``seat`` (None: a spectator), and its screen."""

    def __init__(self, game: Game, table: Mapping[str, Any], seat: int | None, console: Console, base: str) -> None:
        self.game = game
        self.table: Mapping[str, Any] = table
        self.seat = seat
        self.console = console
        self.base = base
        self.view: Mapping[str, Any] | None = None
        self.legal: list[str] = []
        self.seq = 0
        self.log: list[Said] = []
        self.moves = 0
        self.replaced = False
        """Whether the seat's time ran out and an AI plays it for the rest of the game."""
        self.interactive = sys.stdin.isatty()
        self.screens = interactive_screen(console) and self.interactive

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
        """Whether the seat is to act (the server lists its legal actions), and is still its own:
        once its time ran out and an AI took it over, the person watches."""
        return self.seat is not None and bool(self.legal) and self.status == "playing" and not self.replaced

    # -- saying what happened ---------------------------------------------------------------------

    def event(self, event: Mapping[str, Any], before: Mapping[str, Any] | None, quiet: bool = False) -> None:
        """Log ``event`` and (unless ``quiet``) say it; ``before``: the view before it, where the
        end of a round is drawn from (None: events caught up, whose views are gone)."""
        kind = event.get("kind")
        seat = event.get("seat")
        if kind == "timeout" and seat == self.seat and self.seat is not None and event.get("then") == "ai":
            self.replaced = True
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
            if seat == self.seat and then == "ai":
                self.console.print(Text("your seat is the AI's now: you watch the rest of the game", style="yellow"))

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
