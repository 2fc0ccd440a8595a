"""A human's turn in ``tritable play``: the "pass to" screen where several humans share the
keyboard, the prompt, and its commands (``hint``, ``undo``, ``save FILE``, ``rules``, ``board``,
``help``, ``quit``); an action is typed as its number or its notation."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tritable.cli.common import as_players_say
from tritable.cli.hints import show_hint
from tritable.cli.menus import MenuItem
from tritable.cli.saving import Saves
from tritable.cli.tabletop import Tabletop
from tritable.cli.terminal import (
    LONGEST_INPUT,
    LONGEST_PATH,
    Quit,
    forget_typing,
    is_number,
    read_line,
    say_refused,
    show_value,
    wipe,
)
from tritable.cli.undo import undo_refusal
from tritable.engine import Action, Game, TritableError

_RULES = Path(__file__).parent / "rules"

HELP = """\
[bold]Your move[/]: type the [bold cyan]number[/] of an action, or the action's notation.
[bold]hint[/]        ask the AI for a suggestion
[bold]undo[/]        take back your last move (and the AI moves since)
[bold]save FILE[/]   save the game (a record: [italic]tritable play --load FILE[/] continues it)
[bold]rules[/]       the rules of this game, and the options in play
[bold]board[/]       show the position again (so does an empty line)
[bold]quit[/]        stop now (the game is not saved)
Ctrl-C also stops."""

_CARD_CELL = re.compile(r"^(.+?)\s+(\d+)$")


def parse_action(table: Tabletop, text: str) -> Action:
    """The action ``text`` writes in the game's notation (:func:`parse_notation`)."""
    return parse_notation(table.game, text)


def parse_notation(game: Game, text: str) -> Action:
    """The action ``text`` writes in the game's notation, or a card and a cell written apart
    (``behemoth 2`` for ``Behemoth@2``, as a player types it); :class:`TritableError` naming why
    it is neither."""
    try:
        return game.string_to_action(text)
    except TritableError as exc:
        error = exc
    match = _CARD_CELL.match(text.strip())
    if match is not None:
        try:
            return game.string_to_action(f"{match.group(1).strip()}@{match.group(2)}")
        except TritableError:
            pass
    # The game's message quotes the line already.
    raise TritableError(f"not an action number, a command or an action: {error}") from None


class Prompt:
    """Asks the humans of a table for their actions."""

    def __init__(self, table: Tabletop, saves: Saves) -> None:
        self.table = table
        self.saves = saves

    @property
    def console(self) -> Console:
        return self.table.console

    def read(self, prompt: str) -> str:
        return read_line(self.table.console, prompt, self.table.interactive)

    def turn(self, seat: int) -> None:
        """``seat``'s turn: behind its pass screen where one is needed, the screen, the prompt
        until an action is played (or undone)."""
        table = self.table
        if table.log and table.log[-1].seat >= 0 and table.seats[table.log[-1].seat].is_ai:
            forget_typing(table.interactive, history=False)
        self.pass_to(seat)
        menu = table.menu(seat)
        if not menu:
            raise TritableError(f"{table.game.id}: P{seat + 1} is to move but has no legal action")
        table.show(seat, menu)
        while True:
            text = self.read(f"P{seat + 1}> ").strip()
            try:
                if self.command(seat, text, menu):
                    return
            except TritableError as exc:
                self.refuse(str(exc))

    def command(self, seat: int, text: str, menu: list[MenuItem]) -> bool:
        """Handle one line of input; True when the turn is over (an action was played, or undone)."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if not text:
            if len(menu) == 1:
                return self.play(seat, menu[0].action)
            self.table.show(seat, menu)
            return False
        longest = LONGEST_PATH if word == "save" else LONGEST_INPUT
        if len(text) > longest:
            raise TritableError(
                f"that line is {len(text)} characters long: no action or command is longer than {longest}"
            )
        if is_number(text):
            n = int(text)
            chosen = [item.action for item in menu if item.number == n]
            if not chosen:
                # No "or type help" here: every refusal ends with "try again (help: ?)".
                if (how := self.table.numbering(menu)) is not None:
                    raise TritableError(f"there is no action {n}: {how}")
                raise TritableError(f"there is no action {n}: choose 1-{len(menu)}")
            return self.play(seat, chosen[0])
        lowered = text.lower()
        if lowered in ("help", "?"):
            self.console.print(Panel(HELP, title="commands", expand=False))
            return False
        if lowered in ("quit", "exit"):
            raise Quit
        if lowered in ("board", "show"):
            self.table.show(seat, menu)
            return False
        if lowered == "rules":
            self.console.print(self.rules())
            return False
        if lowered == "hint":
            self.hint(seat, menu)
            return False
        if lowered == "undo":
            return self.undo(seat)
        if word == "save":
            self.saves.save(rest.strip())
            return False
        return self.play(seat, parse_action(self.table, text))

    def play(self, seat: int, action: Action) -> bool:
        table = self.table
        revealed = table.apply(seat, action)
        simultaneous = bool(revealed) or table.log[-1].hidden
        # What only this seat may know of its action (the tile it drew) is said: the screen is
        # its own here, a human's turn behind its pass screen (an AI's actions are said to all).
        self.console.print(table.action_line(table.log[-1], verb="chooses" if simultaneous else "plays", own=True))
        table.announce_reveal(revealed)
        table.announce_round_end()
        return True

    def refuse(self, why: str, again: str = "try again (help: ?)") -> None:
        say_refused(self.console, as_players_say(why), again)

    def hint(self, seat: int, menu: list[MenuItem]) -> None:
        """The AI's suggestions for ``seat`` (:func:`show_hint`)."""
        show_hint(self.console, self.table.state.clone(), seat, menu, self.table.seed)

    def undo(self, seat: int) -> bool:
        table = self.table
        history = table.state.history
        humans = [i for i, (s, _) in enumerate(history) if 0 <= s < len(table.seats) and not table.seats[s].is_ai]
        if not humans:
            raise TritableError("nothing to undo")
        last = humans[-1]
        if history[last][0] != seat:
            other = history[last][0] + 1
            raise TritableError(f"undo would take back P{other}'s move: undo is for games against the AI")
        if any(entry.simultaneous and not entry.hidden for entry in table.log[last:]):
            raise TritableError("undo cannot take back a choice once everyone's choices are revealed")
        setup = table.state.initial_setup
        assert setup is not None  # a table's state is always built from its setup
        why = undo_refusal(table.game, setup, history, last, seat)
        if why is not None:
            raise TritableError(f"undo cannot take back what you have seen: {why}")
        taken = len(history) - last
        table.rewind(last)
        self.console.print(Text(f"undone: {taken} action{'s' if taken != 1 else ''} taken back", style="yellow"))
        return True

    def rules(self) -> RenderableType:
        return rules_panel(self.table.game)

    # -- the pass screen -------------------------------------------------------------------------

    def pass_to(self, seat: int) -> None:
        """Hide the last player's view behind a "pass to" screen when several humans share it.
        The screen takes Enter (go on), ``save FILE`` and ``quit``, and nothing else: a move the
        last player typed on must not open the next player's hand."""
        table = self.table
        ended, table.round_end_shown = table.round_end_shown, None
        if not table.private or table.shown_to == seat:
            return
        wipe(self.console, scrollback=True)
        forget_typing(table.interactive)
        if ended is not None:  # the round just ended, which the wipe would hide unseen
            self.console.print(ended)
        self.console.print(
            Panel(
                Text.assemble(
                    "Pass to ",
                    table.seat_text(seat),
                    " — press Enter when only they can see the screen (save FILE: save the game; quit: end it)",
                ),
                expand=False,
            )
        )
        while answer := self.read("").strip():
            word, _, rest = answer.partition(" ")
            if answer.lower() in ("quit", "exit"):
                raise Quit
            if word.lower() == "save":
                try:
                    self.saves.save(rest.strip())
                except TritableError as exc:
                    self.refuse(str(exc), again="another name, Enter or quit")
                continue
            self.console.print(Text("only Enter goes on (or save FILE, or quit)", style="yellow"))
        forget_typing(table.interactive)  # what was refused here is no line for the arrow keys
        wipe(self.console, scrollback=True)
        table.shown_to = seat


def rules_panel(game: Game) -> RenderableType:
    """The rules of ``game`` and the options in play, as ``rules`` shows them."""
    path = _RULES / f"{game.id}.md"
    try:
        body: RenderableType = Markdown(path.read_text(encoding="utf-8"))
    except OSError:
        doc = (sys.modules[type(game).__module__].__doc__ or "").strip()
        body = Text(doc.split("\n\n")[0] if doc else f"no rules summary for {game.id}")
    table = Table(title="options in play", show_edge=False, title_justify="left")
    table.add_column("option", style="bold")
    table.add_column("value")
    table.add_column("what it does")
    for spec in game.option_specs:
        table.add_row(spec.name, show_value(game.options[spec.name]), Text(spec.doc, style="dim"))
    parts: list[RenderableType] = [body]
    if game.option_specs:
        parts.append(table)
    return Panel(Group(*parts), title=f"{game.name}: rules", expand=False)
