"""The game on the table in ``tritable play``: the state, who sits where, the log of actions and
what each did, and the screen a seat sees at its turn (composed to fit the terminal).

The other parts of a session work on a :class:`Tabletop`: the prompt (:mod:`tritable.cli.prompt`)
asks a human for an action, the AI thread (:mod:`tritable.cli.ai_thread`) asks an agent, saving
(:mod:`tritable.cli.saving`) writes its record, and the loop (:mod:`tritable.cli.session`) takes
turns until the end.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from tritable.cli.boards import draw_state, round_over, seat_style
from tritable.cli.flow import Flow
from tritable.cli.menus import MenuItem, menu_of, menu_table, numbering
from tritable.cli.seats import Seat
from tritable.cli.terminal import show_value
from tritable.engine import CHANCE, SIMULTANEOUS, Action, Game, State, TritableError

RECENT = 6
"""How many of the last actions each turn shows."""
SAID = 4
"""How many lines of what the last actions did each turn shows (the rest scrolled by as they
were played)."""


@dataclass
class Entry:
    """One action of the game as the log shows it; ``hidden`` while it is a simultaneous choice
    the others have not seen yet. ``said``: what it did, in lines anyone may read; ``own``: what
    it told the acting seat alone (the tile it drew)."""

    seat: int
    text: str
    hidden: bool = False
    simultaneous: bool = False
    """Chosen at a simultaneous turn (revealed once ``hidden`` is False)."""
    said: list[str] = field(default_factory=list)
    own: list[str] = field(default_factory=list)


def event_lines(view: Mapping[str, Any]) -> list[str]:
    """The ``text`` of each of the view's ``events``: what the last action did, as the viewer may
    know it (docs/protocol.md)."""
    return [str(e["text"]) for e in view.get("events") or [] if isinstance(e, Mapping) and e.get("text")]


def views_differ(state: State, seats: Sequence[int]) -> bool:
    """Whether any of ``seats`` sees something a spectator does not (a hidden hand, say): states
    drawn from the spectator's view (``game.sampler``) show one of them another view than the
    real one. Open Triple Triad hands, which the spectator sees too, hide nothing; a seat's own
    ``hand`` alone is no secret where the spectator's view shows it elsewhere."""
    if state.game.perfect_information:
        return False
    rng = random.Random(0)
    try:
        draw = state.game.sampler(state.view(None))
        samples = [draw(rng) for _ in range(DRAWS)]
    except TritableError:  # a game that cannot draw from a spectator's view: compare the views

        def public(view: Mapping[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in view.items() if k not in ("seat", "events")}

        spectator = public(state.view(None))
        return any(public(state.view(s)) != spectator for s in seats)
    return any(sample.view(s) != state.view(s) for s in seats for sample in samples)


DRAWS = 4
"""How many states :func:`views_differ` draws from the spectator's view."""


class Tabletop:
    """One game at the terminal: the state, who sits where, the log of actions, the screen."""

    def __init__(self, game: Game, state: State, seats: list[Seat], console: Console, seed: int | str) -> None:
        self.game = game
        self.seats = seats
        self.console = console
        self.seed = seed
        self.rng = random.Random(seed)
        self.state = game.state_from_setup(self._setup(state))
        self.log: list[Entry] = []
        self._batch: list[int] = []
        self.round_end: RenderableType | None = None
        """What the last action's end of a round shows, until it is shown."""
        self.round_end_shown: RenderableType | None = None
        """The end of a round last shown, until a human has seen it: a pass screen, which wipes
        the screen, shows it again (it is public) rather than wipe it unseen."""
        for seat, action in state.history:
            self.apply(seat, action)
        self.round_end = None  # the rounds a loaded game ended before are not news
        humans = [s.index for s in seats if not s.is_ai]
        self.humans = humans
        # Several humans at one keyboard: when their views differ (hidden hands), a pass screen
        # hides one human's view from the next; when they don't, everyone sees the spectator view.
        self.private = len(humans) > 1 and views_differ(self.state, humans)
        self.shared = len(humans) > 1 and not self.private
        self.shown_to: int | None = None
        self.interactive = sys.stdin.isatty()
        self.screens = interactive_screen(console) and self.interactive
        """Whether each human turn is a screen of its own (cleared, the header on top): at a
        terminal; piped input reads as a transcript instead."""
        self.header_lines: list[RenderableType] = []

    @staticmethod
    def _setup(state: State) -> Mapping[str, Any]:
        if state.initial_setup is None:
            raise TritableError("this state does not know the setup it started from")
        return state.initial_setup

    # -- applying actions ------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Entry]:
        """Apply ``action`` for ``seat`` and log it with what it did; raises (state unchanged) if
        illegal.

        Returns the simultaneous choices this action revealed (all of them, once the last seat
        has chosen), else nothing."""
        simultaneous = self.state.current_player() == SIMULTANEOUS
        before = set(self.state.players_to_move())
        seen = self.state.view(None)
        self.state.apply_action(action, seat)
        notation = self.game.action_to_string(action)
        entry = Entry(seat, notation, simultaneous, simultaneous)
        self.log.append(entry)
        after = self.state.view(None)
        self.round_end = round_over(self.game.id, seen, after)
        self.narrate(entry, after)
        if not simultaneous:
            return []
        self._batch.append(len(self.log) - 1)
        if self.state.current_player() == SIMULTANEOUS and set(self.state.players_to_move()) <= before - {seat}:
            return []
        # Everyone has chosen: the choices are revealed (and resolved) together.
        revealed = [self.log[i] for i in self._batch]
        for revealed_entry in revealed:
            revealed_entry.hidden = False
        self._batch = []
        return revealed

    def narrate(self, entry: Entry, after: Mapping[str, Any]) -> None:
        """What the action did, from the events of the views after it: the spectator's for
        everyone, and the acting seat's own where they tell it more (the tile it drew)."""
        entry.said = event_lines(after)
        if entry.seat >= 0:
            own = event_lines(self.state.view(entry.seat))
            entry.own = own if own != entry.said else []

    def rewind(self, upto: int) -> None:
        """Go back to the position after the first ``upto`` actions."""
        history = self.state.history[:upto]
        self.state = self.game.state_from_setup(self._setup(self.state))
        self.log = []
        self._batch = []
        for seat, action in history:
            self.apply(seat, action)
        self.round_end = self.round_end_shown = None  # rounds ended on the way back are not news

    # -- saying what happened --------------------------------------------------------------------

    def action_line(self, entry: Entry, label: str | None = None, verb: str = "plays", own: bool = False) -> Text:
        """``P2 (AI hard) plays Elastoid@3`` and what it did, one event a line (with ``own``, what
        the acting seat alone was told too)."""
        line = Text.assemble(self.seat_text(entry.seat, label), f" {verb} ")
        line.append(entry.text, style="bold")
        for said in entry.own if own and entry.own else entry.said:
            line.append(f"\n  {said}")
        return line

    def announce(self, seat: int, entry: Entry, secret: bool, own: bool = False) -> None:
        """Say what ``seat`` did; a simultaneous choice stays secret until everyone has chosen."""
        if secret:
            self.console.print(Text.assemble(self.seat_text(seat, self.seats[seat].name), " has chosen"))
            return
        self.console.print(self.action_line(entry, self.seats[seat].name, own=own))

    def announce_reveal(self, revealed: list[Entry]) -> None:
        if not revealed:
            return
        line = Text("everyone has chosen: ", style="bold")
        for i, entry in enumerate(revealed):
            if i:
                line.append(" · ")
            line.append_text(self.seat_text(entry.seat))
            line.append(f" {entry.text}", style="bold")
        said = [s for entry in revealed for s in entry.said]
        for s in dict.fromkeys(said):  # each event once: the last choice's view says them all
            line.append(f"\n  {s}")
        self.console.print(line)

    def announce_round_end(self) -> None:
        """Show how the round the last action ended finished, before the next round's table."""
        if self.round_end is not None:
            self.console.print(self.round_end)
            self.round_end_shown = self.round_end
            self.round_end = None

    # -- the screen ------------------------------------------------------------------------------

    def header(self, note: str | None = None) -> None:
        """Who plays, the options and the seed: printed once at the start (and, at a terminal, on
        top of every turn's screen, where a compact form of it stays in sight)."""
        who = ", ".join(f"{s.label} {'(AI ' + s.level + ')' if s.level else 'human'}" for s in self.seats)
        changed = self.game.changed_options()
        opts = ", ".join(f"{k}={show_value(v)}" for k, v in changed.items()) if changed else "default rules"
        self.console.print(Rule(Text(f"{self.game.name} · {self.game.players} players", style="bold")))
        # The options and the seed on a line of their own, which wraps: a rule would cut them.
        self.console.print(Text(f"{opts} · seed {self.seed}", style="bold"))
        if note is not None:
            self.console.print(Text(note))
        self.console.print(Text.assemble(who, (" · type help for the commands", "dim")))

    def top_line(self) -> Text:
        """The header in one line, on top of each turn's screen: the game, who plays, the options."""
        changed = self.game.changed_options()
        opts = ", ".join(f"{k}={show_value(v)}" for k, v in changed.items()) if changed else "default rules"
        who = " ".join(f"{s.label}{'·AI ' + s.level if s.level else ''}" for s in self.seats)
        text = Text(f"{self.game.name} · {who} · {opts} · seed {self.seed} · help: ?", style="dim")
        text.truncate(self.console.width, overflow="ellipsis")
        return text

    def show(self, seat: int | None, menu: list[MenuItem] | None) -> None:
        """The position as ``seat`` sees it, the recent actions and (for a human) the actions.

        Humans sharing the screen in a game that hides nothing from them all see the spectator
        view (so that, say, Triad's board does not turn round at every move). At a terminal a
        human's turn is a screen of its own, fitted to the terminal: the header on top, the
        board as tall as the rest leaves room for."""
        viewer = None if self.shared else seat
        turn = self.turn_text()
        # A rule cuts a title too wide for it ("still to choose: P1, P2, …"): a line wraps instead.
        turn_line: RenderableType = turn if turn.cell_len + 4 > self.console.width else Rule(turn, align="left")
        below: list[RenderableType] = []
        recent = self.recent(seat)
        if recent is not None:
            below.append(recent)
        if menu is not None:
            below.append(self.menu_table(menu))
        screen = self.screens and menu is not None
        width = self.console.width
        height = self.console.height
        if screen:
            self.console.clear()
            self.console.print(self.top_line())
            used = 1 + self.lines(turn_line) + sum(self.lines(part) for part in below) + 1  # + the prompt
            height = max(6, height - used)
        self.console.print(turn_line)
        self.console.print(draw_state(self.state, viewer, width, height if screen else None))
        for part in below:
            self.console.print(part)

    def lines(self, renderable: RenderableType) -> int:
        """How many lines ``renderable`` takes on this console."""
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def turn_text(self) -> Text:
        p = self.state.current_player()
        text = Text(f"{self.game.name} · action {len(self.state.history) + 1} · ", style="bold")
        if p >= 0:
            text.append_text(self.seat_text(p))
            text.append(" to move")
        elif p == SIMULTANEOUS:
            text.append("everyone chooses at once; still to choose: ")
            for i, s in enumerate(self.state.players_to_move()):
                if i:
                    text.append(", ")
                text.append_text(self.seat_text(s))
        return text

    def recent(self, viewer: int | None = None) -> RenderableType | None:
        """The last few actions, ``last: … P1 c1=3>c4 · P2 f6=2>f4``, and what the last of them
        did (their events, the viewer's own too); a narrow screen wraps the line between actions,
        never inside one (``P1 Blue Dragon@9`` stays whole)."""
        if not self.log:
            return None
        pieces: list[Text] = []
        start = max(0, len(self.log) - RECENT)
        for i, entry in enumerate(self.log[start:]):
            line = Text("· " if i else "last: … " if start else "last: ", style="dim")
            pieces.append(line)
            if entry.seat == CHANCE:
                line.append("chance ", style="magenta")
            else:
                line.append_text(self.seat_text(entry.seat))
                line.append(" ")
            if entry.hidden:
                line.append("(chosen)", style="dim italic")
            else:
                line.append(entry.text)
        flow = Flow(pieces, gap=1)
        said = self.said_since(viewer)
        if not said:
            return flow
        return Group(flow, *said)

    def said_since(self, viewer: int | None) -> list[Text]:
        """What the actions since ``viewer`` last acted did (the last :data:`SAID` lines)."""
        lines: list[Text] = []
        for entry in reversed(self.log):
            if not entry.hidden:
                own = entry.own if viewer is not None and entry.seat == viewer else []
                texts = own or entry.said
                block = []
                for t in texts:
                    line = Text("  ")
                    who = self.seat_text(entry.seat) if entry.seat >= 0 else Text("chance", style="magenta")
                    line.append_text(who)
                    line.append(f" {t}", style="italic" if t in own else "")
                    block.append(line)
                lines[:0] = block
            if viewer is None or entry.seat == viewer or len(lines) >= SAID:
                break
        return lines[-SAID:]

    def menu(self, seat: int) -> list[MenuItem]:
        """The legal actions of ``seat`` in the order they are listed, grouped as the game's
        drawing module says, with the numbers to type (1, 2, ... unless the game numbers them)."""
        return menu_of(self.game, self.state.legal_actions(seat))

    def menu_table(self, menu: list[MenuItem]) -> RenderableType:
        return menu_table(self.console, self.game.id, menu)

    def numbering(self, menu: list[MenuItem]) -> str | None:
        """How the menu's numbers read, where they are the game's own rather than 1, 2, ..."""
        return numbering(self.game.id, menu)

    # -- helpers ---------------------------------------------------------------------------------

    def text(self, action: Action) -> str:
        return self.game.action_to_string(action)

    def seat_text(self, seat: int, label: str | None = None) -> Text:
        return Text(label or f"P{seat + 1}", style=seat_style(self.game.id, seat))


def interactive_screen(console: Console) -> bool:
    """Whether the console is a terminal a screen can be cleared on."""
    return console.is_terminal and not console.is_dumb_terminal
