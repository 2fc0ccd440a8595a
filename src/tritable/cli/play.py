"""``tritable play``: play any game at the terminal, alone against AI seats or with friends at one
keyboard; and ``tritable replay FILE --step``: step through a record.

A clean prompt-based interface (Rich): each turn shows the position as the seat to act sees it,
the last actions in notation and the numbered legal actions; the player answers with a number or
with notation, or with a command (``help`` lists them: ``hint``, ``undo``, ``save FILE``,
``rules``, ``board``, ``quit``). Seats are shown as P1..Pn; ``--ai`` counts seats from 1 too.

Who plays: ``--ai 2=hard`` makes P2 an AI (repeat it, or ``--ai 2,3=easy``, ``--ai all=easy``
to watch, with ``--delay`` seconds after each move), every other seat is human. Without ``--ai``,
P1 is human and every other seat is a ``normal`` AI; ``--hotseat`` makes every seat human. When
several humans share the keyboard and their views differ (hidden hands), the screen is cleared and
a "pass to P2" screen waits before a seat's hand is shown.

Saves are game records (:class:`tritable.Record`, JSON) whose ``names`` say which seats were AI
(``"P2 (AI hard)"``), so ``--load FILE`` continues a saved game with the same seats and
``tritable replay`` reads saves.
"""

from __future__ import annotations

import contextlib
import random
import re
import shlex
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, NoReturn, TypeVar

import typer
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tritable.cli.boards import (
    board_module,
    draw_state,
    group_action,
    listed_last,
    menu_numbering,
    menu_numbers,
    move_points,
    own_note,
    round_over,
    seat_style,
)
from tritable.cli.command import Command
from tritable.cli.common import (
    STDIN,
    as_players_say,
    check_seed,
    fail,
    known_id,
    load_record,
    make_game,
    stop_interrupted,
    write_text,
)
from tritable.cli.flow import Flow
from tritable.engine import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, Record, State, TritableError

if TYPE_CHECKING:
    from tritable.ai import Agent

T = TypeVar("T")

LEVELS = ("easy", "normal", "hard", "perfect")
"""AI levels, weakest first."""
DEFAULT_LEVEL = "normal"
RECENT = 6
"""How many of the last actions each turn shows."""
LONGEST_INPUT = 80
"""Longer lines are refused without being echoed back (notation stays under 20 characters)."""
LONGEST_PATH = 1024
"""The longest ``save FILE`` line."""
MAX_DELAY = 60.0
"""The longest pause ``--delay`` takes, in seconds."""
WATCH_DELAY = 1.0
"""The pause after each AI move when only AIs play at a terminal."""

_AI_NAME = re.compile(r"^P\d+ \(AI(?: ([^()]*))?\)$")  # "(AI )" and "(AI)" too: an AI with no level


_ANSI = re.compile(r"(\x1b\[[0-9;]*m)")
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


def as_argument(path: Path) -> str:
    """``path`` as a command line needs it, so that a printed command can be pasted as it is:
    quoted for the shell (a space, say), and a name that starts with ``-`` as ``./-x.json``, which
    the command's parser cannot take for an option."""
    text = str(path)
    return shlex.quote(f"./{text}" if text.startswith("-") else text)


class _Quit(Exception):
    """The player asked to stop."""


class _NoInput(Exception):
    """Standard input ended."""


class MenuItem(NamedTuple):
    """A legal action as a menu lists it: the number to type, the notation and, where the game
    groups its actions, the short text shown within the group (else None)."""

    number: int
    action: Action
    text: str
    short: str | None


# -- seats -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """A seat: human, or AI of a level."""

    index: int
    level: str | None = None

    @property
    def is_ai(self) -> bool:
        return self.level is not None

    @property
    def label(self) -> str:
        return f"P{self.index + 1}"

    @property
    def name(self) -> str:
        """The name written into records (which says whether the seat is an AI)."""
        return self.label if self.level is None else f"{self.label} (AI {self.level})"


def parse_ai(specs: Sequence[str], players: int, names: Sequence[str] = LEVELS) -> dict[int, str]:
    """``--ai`` values (``2=hard``, ``2,3=easy``, ``all=normal``, ``2``) -> {0-based seat: level};
    ``names``: the game's levels, which a missing level's error lists.

    >>> parse_ai(["2=hard"], 2)
    {1: 'hard'}
    >>> parse_ai(["all=easy"], 3)
    {0: 'easy', 1: 'easy', 2: 'easy'}
    """
    levels: dict[int, str] = {}
    for spec in specs:
        head, sep, level = spec.partition("=")
        level = level.strip().lower() if sep else DEFAULT_LEVEL
        if not level:
            raise ValueError(f"--ai {spec}: which level? (levels: {', '.join(names)})")
        head = head.strip().lower()
        if head in ("all", "*"):
            seats = list(range(players))
        else:
            seats = []
            for part in head.split(","):
                part = part.strip()
                if not _is_number(part) or len(part) > 3 or not 1 <= int(part) <= players:
                    shown = part if len(part) <= 20 else part[:20] + "…"
                    raise ValueError(f"--ai: seats are numbered 1-{players} in a {players}-player game, not {shown!r}")
                seats.append(int(part) - 1)
        for seat in seats:
            if seat in levels:  # which one was meant? (all=easy with 2=hard, say)
                raise ValueError(f"--ai: P{seat + 1} is given a level twice")
            levels[seat] = level
    return levels


def seats_from_names(names: Sequence[str] | None, players: int) -> dict[int, str] | None:
    """The AI seats a record's names describe (``"P2 (AI hard)"``), or None if it says nothing."""
    if names is None or len(names) != players:
        return None
    levels: dict[int, str] = {}
    for seat, name in enumerate(names):
        match = _AI_NAME.match(name)
        if match:
            levels[seat] = match.group(1) or ""
    return levels


# -- the session -------------------------------------------------------------------------------


@dataclass
class Entry:
    """One action of the game as the log shows it; ``hidden`` while it is a simultaneous choice
    the others have not seen yet."""

    seat: int
    text: str
    hidden: bool = False
    simultaneous: bool = False
    """Chosen at a simultaneous turn (revealed once ``hidden`` is False)."""


class Session:
    """One game at the terminal: the state, who sits where, the log of actions, the screen."""

    def __init__(
        self,
        game: Game,
        state: State,
        seats: list[Seat],
        agents: Mapping[int, Agent],
        console: Console,
        seed: int | str,
    ) -> None:
        self.game = game
        self.seats = seats
        self.console = console
        self.seed = seed
        self.rng = random.Random(seed)
        self.state = game.state_from_setup(self._setup(state))
        self.log: list[Entry] = []
        self._batch: list[int] = []
        for seat, action in state.history:
            self.apply(seat, action)
        self.agents = dict(agents)
        humans = [s.index for s in seats if not s.is_ai]
        self.humans = humans
        # Several humans at one keyboard: when their views differ (hidden hands), a pass screen
        # hides one human's view from the next; when they don't, everyone sees the spectator view.
        self.private = len(humans) > 1 and _views_differ(self.state, humans)
        self.shared = len(humans) > 1 and not self.private
        self.shown_to: int | None = None
        self.interactive = sys.stdin.isatty()
        self.round_end: RenderableType | None = None
        """What the last action's end of a round shows, until it is shown."""
        self.round_end_shown: RenderableType | None = None
        """The end of a round last shown, until a human has seen it: a pass screen, which wipes
        the screen, shows it again (it is public) rather than wipe it unseen."""
        self.points: str | None = None
        """What the last action scored, where the game says (Triominos: ``+48: 8 + 40 bonus``)."""
        self.saved: tuple[Path, list[tuple[int, Action]]] | None = None
        """Where the game was last saved, and the actions it holds (an undo may have changed them)."""
        self.delay = WATCH_DELAY if not humans and console.is_terminal else 0.0
        """Seconds to pause after each AI move, so that the players can follow."""

    @staticmethod
    def _setup(state: State) -> Mapping[str, Any]:
        if state.initial_setup is None:
            raise TritableError("this state does not know the setup it started from")
        return state.initial_setup

    # -- applying actions ------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Entry]:
        """Apply ``action`` for ``seat`` and log it; raises (state unchanged) if illegal.

        Returns the simultaneous choices this action revealed (all of them, once the last seat
        has chosen), else nothing."""
        simultaneous = self.state.current_player() == SIMULTANEOUS
        before = set(self.state.players_to_move())
        seen = self.state.view(None)
        self.state.apply_action(action, seat)
        notation = self.game.action_to_string(action)
        self.log.append(Entry(seat, notation, simultaneous, simultaneous))
        after = self.state.view(None)
        self.round_end = round_over(self.game.id, seen, after)
        self.points = None if simultaneous else move_points(self.game.id, seat, notation, seen, after)
        if not simultaneous:
            return []
        self._batch.append(len(self.log) - 1)
        if self.state.current_player() == SIMULTANEOUS and set(self.state.players_to_move()) <= before - {seat}:
            return []
        # Everyone has chosen: the choices are revealed (and resolved) together.
        revealed = [self.log[i] for i in self._batch]
        for entry in revealed:
            entry.hidden = False
        self._batch = []
        return revealed

    def rewind(self, upto: int) -> None:
        """Go back to the position after the first ``upto`` actions."""
        history = self.state.history[:upto]
        self.state = self.game.state_from_setup(self._setup(self.state))
        self.log = []
        self._batch = []
        for seat, action in history:
            self.apply(seat, action)
        self.round_end = self.round_end_shown = None  # rounds ended on the way back are not news

    # -- the loop --------------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the game ends (then show the result and offer to save) or a player quits."""
        self.header()
        watching = not self.humans
        while True:
            p = self.state.current_player()
            if p == TERMINAL:
                self.finish()
                return
            if p == CHANCE:
                self.chance_turn()
                continue
            seat = p if p >= 0 else self.state.players_to_move()[0]
            if self.seats[seat].is_ai:
                if watching:
                    self.show(None, None)
                self.ai_turn(seat)
                if self.delay:
                    time.sleep(self.delay)
            else:
                self.human_turn(seat)

    def header(self) -> None:
        who = ", ".join(f"{s.label} {'(AI ' + s.level + ')' if s.level else 'human'}" for s in self.seats)
        changed = self.game.changed_options()
        opts = ", ".join(f"{k}={_show_value(v)}" for k, v in changed.items()) if changed else "default rules"
        self.console.print(Rule(Text(f"{self.game.name} · {self.game.players} players", style="bold")))
        # The options and the seed on a line of their own, which wraps: a rule would cut them.
        self.console.print(Text(f"{opts} · seed {self.seed}", style="bold"))
        if self.saved is not None:
            moves = len(self.saved[1])
            self.console.print(
                Text(f"continued from {self.saved[0]} ({moves} action{'s' if moves != 1 else ''} played)")
            )
        self.console.print(Text.assemble(who, (" · type help for the commands", "dim")))

    def chance_turn(self) -> None:
        outcomes = self.state.chance_outcomes()
        action = self.rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0]
        self.apply(CHANCE, action)
        self.console.print(Text(f"chance: {self.game.action_to_string(action)}", style="magenta"))

    # -- AI seats --------------------------------------------------------------------------------

    def ai_turn(self, seat: int) -> None:
        s = self.seats[seat]
        agent = self.agents[seat]
        snapshot = self.state.clone()
        thinking = Text.assemble(self.seat_text(seat, s.name), " is thinking…")
        try:
            action = self.think(thinking, lambda: self.decide(agent, snapshot, seat))
            revealed = self.apply(seat, action)
        except Exception as exc:
            # A failing AI is a bug in the AI, not the players' problem: say so and play on.
            action = self.rng.choice(self.state.legal_actions(seat))
            self.console.print(
                Text(f"{s.name} failed ({type(exc).__name__}: {exc}); it plays a random move", style="red")
            )
            revealed = self.apply(seat, action)
        self.announce(seat, self.text(action), secret=bool(revealed) or self.log[-1].hidden)
        self.announce_reveal(revealed)
        self.announce_round_end()

    def decide(self, agent: Agent, state: State, seat: int) -> Action:
        """The AI's action. Facing humans it thinks through a forced move too: an answer at once
        would tell them it had no choice, which can be hidden (a Triominos starter holding 0-0-0
        as well chooses its start tile; an AI with one choice lays the only one at once)."""
        if self.humans and len(state.legal_actions(seat)) == 1:
            return agent.analyse(state, seat)[0].action
        return agent.choose(state, seat)

    def announce(self, seat: int, text: str, secret: bool) -> None:
        """Say what ``seat`` did; a simultaneous choice stays secret until everyone has chosen."""
        line = Text.assemble(self.seat_text(seat, self.seats[seat].name), " ")
        if secret:
            line.append("has chosen")
        else:
            line.append("plays ")
            line.append(text, style="bold")
            if self.points:
                line.append(f" ({self.points})")
        self.console.print(line)

    def announce_round_end(self) -> None:
        """Show how the round the last action ended finished, before the next round's table."""
        if self.round_end is not None:
            self.console.print(self.round_end)
            self.round_end_shown = self.round_end
            self.round_end = None

    def announce_reveal(self, revealed: list[Entry]) -> None:
        if not revealed:
            return
        line = Text("everyone has chosen: ", style="bold")
        for i, entry in enumerate(revealed):
            if i:
                line.append(" · ")
            line.append_text(self.seat_text(entry.seat))
            line.append(f" {entry.text}", style="bold")
        self.console.print(line)

    def think(self, message: RenderableType, work: Callable[[], T]) -> T:
        """Run ``work`` in a worker thread while a spinner shows ``message``; Ctrl-C still works."""
        box: dict[str, Any] = {}
        done = threading.Event()

        def target() -> None:
            try:
                box["value"] = work()
            except BaseException as exc:  # handed back to the main thread below
                box["error"] = exc
            finally:
                done.set()

        threading.Thread(target=target, name="tritable-ai", daemon=True).start()
        with self.console.status(message, spinner="dots"):
            while not done.wait(0.05):
                pass
        if "error" in box:
            raise box["error"]
        value: T = box["value"]
        return value

    # -- human seats -----------------------------------------------------------------------------

    def human_turn(self, seat: int) -> None:
        if self.log and self.log[-1].seat >= 0 and self.seats[self.log[-1].seat].is_ai:
            forget_typing(self.interactive, history=False)
        self.pass_to(seat)
        menu = self.menu(seat)
        if not menu:
            raise TritableError(f"{self.game.id}: P{seat + 1} is to move but has no legal action")
        self.show(seat, menu)
        while True:
            text = self.read(f"P{seat + 1}> ").strip()
            try:
                if self.command(seat, text, menu):
                    return
            except TritableError as exc:
                self.refuse(str(exc))

    def menu(self, seat: int) -> list[MenuItem]:
        """The legal actions of ``seat`` in the order they are listed, grouped as the game's
        drawing module says, with the numbers to type (1, 2, ... unless the game numbers them)."""
        groups: dict[str | None, list[tuple[Action, str, str | None]]] = {}
        actions = self.state.legal_actions(seat)
        for action in sorted(actions, key=lambda a: listed_last(self.game.id, self.text(a))):  # stable
            text = self.text(action)
            grouped = group_action(self.game.id, text)
            key = grouped[0] if grouped else None
            groups.setdefault(key, []).append((action, text, grouped[1] if grouped else None))
        listed = [member for members in groups.values() for member in members]
        numbers = menu_numbers(self.game.id, [text for _, text, _ in listed])
        return [MenuItem(n, *member) for n, member in zip(numbers, listed, strict=True)]

    def command(self, seat: int, text: str, menu: list[MenuItem]) -> bool:
        """Handle one line of input; True when the turn is over (an action was played, or undone)."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if not text:
            if len(menu) == 1:
                return self.play(seat, menu[0].action)
            self.show(seat, menu)
            return False
        longest = LONGEST_PATH if word == "save" else LONGEST_INPUT
        if len(text) > longest:
            raise TritableError(
                f"that line is {len(text)} characters long: no action or command is longer than {longest}"
            )
        if _is_number(text):
            n = int(text)
            chosen = [item.action for item in menu if item.number == n]
            if not chosen:
                # No "or type help" here: every refusal ends with "try again (help: ?)".
                if (how := self.numbering(menu)) is not None:
                    raise TritableError(f"there is no action {n}: {how}")
                raise TritableError(f"there is no action {n}: choose 1-{len(menu)}")
            return self.play(seat, chosen[0])
        if text.lower() in ("help", "?"):
            self.console.print(Panel(HELP, title="commands", expand=False))
            return False
        if text.lower() in ("quit", "exit"):
            raise _Quit
        if text.lower() in ("board", "show"):
            self.show(seat, menu)
            return False
        if text.lower() == "rules":
            self.console.print(self.rules())
            return False
        if text.lower() == "hint":
            self.hint(seat, menu)
            return False
        if text.lower() == "undo":
            return self.undo(seat)
        if word == "save":
            self.save(rest.strip())
            return False
        try:
            action = self.game.string_to_action(text)
        except TritableError as exc:
            # The game's message quotes the line already.
            raise TritableError(f"not an action number, a command or an action: {exc}") from None
        return self.play(seat, action)

    def play(self, seat: int, action: Action) -> bool:
        mine = self.state.view(seat)
        revealed = self.apply(seat, action)
        simultaneous = bool(revealed) or self.log[-1].hidden
        line = Text.assemble(self.seat_text(seat), " ")
        line.append("chooses " if simultaneous else "plays ")
        line.append(self.text(action), style="bold")
        if self.points:
            line.append(f" ({self.points})")
        # What only this seat may know of its action (the tile it drew): the screen is its own
        # here, a human's turn behind its pass screen (an AI's actions are said to the others).
        if (note := own_note(self.game.id, seat, self.text(action), mine, self.state.view(seat))) is not None:
            line.append(f" — you {note}", style="italic")
        self.console.print(line)
        self.announce_reveal(revealed)
        self.announce_round_end()
        return True

    def refuse(self, why: str, again: str = "try again (help: ?)") -> None:

        why = as_players_say(why)
        self.console.print(Text.assemble(("✗ ", "bold red"), (why, "red"), (f" — {again}", "dim")))

    def hint(self, seat: int, menu: list[MenuItem]) -> None:
        from tritable.ai import hint

        snapshot = self.state.clone()
        try:
            suggestion = self.think("looking for a good move…", lambda: hint(snapshot, seat, seed=self.seed))
        except Exception as exc:
            raise TritableError(f"no hint: the AI failed ({type(exc).__name__}: {exc})") from None
        numbers = {item.action: item.number for item in menu}

        def chance(value: float, solved: bool, visits: int | None) -> str:
            if solved:
                return "a sure win" if value > 0 else "a sure loss" if value < 0 else "a sure draw"
            if visits == 0:
                return "not searched"
            # The search ranks by visits (the most searched move is the surest), not by the rate.
            tried = "" if visits is None else f", {visits} visit" if visits == 1 else f", {visits} visits"
            if self.game.players > 2:  # the mean over the other seats: how many of them it beats
                return f"ahead of {50 * (value + 1):.0f}% of the others{tried}"
            return f"wins {50 * (value + 1):.0f}%{tried}"

        line = Text("hint: ", style="bold magenta")
        number = numbers.get(suggestion.action)
        line.append(f"{number} " if number is not None else "", style="bold cyan")
        line.append(suggestion.notation, style="bold")
        line.append(f" ({chance(suggestion.value, suggestion.solved, suggestion.visits)})")
        if suggestion.alternatives:
            line.append("; then ", style="dim")
            for i, (stat, text) in enumerate(zip(suggestion.alternatives, suggestion.notations, strict=False)):
                if i:
                    line.append(", ", style="dim")
                n = numbers.get(stat.action)
                line.append(f"{n} " if n is not None else "", style="cyan")
                line.append(f"{text} ({chance(stat.value, stat.solved, stat.visits)})", style="dim")
        self.console.print(line)

    def undo(self, seat: int) -> bool:
        history = self.state.history
        humans = [i for i, (s, _) in enumerate(history) if 0 <= s < len(self.seats) and not self.seats[s].is_ai]
        if not humans:
            raise TritableError("nothing to undo")
        last = humans[-1]
        if history[last][0] != seat:
            other = history[last][0] + 1
            raise TritableError(f"undo would take back P{other}'s move: undo is for games against the AI")
        if any(entry.simultaneous and not entry.hidden for entry in self.log[last:]):
            raise TritableError("undo cannot take back a choice once everyone's choices are revealed")
        taken = len(history) - last
        self.rewind(last)
        self.console.print(Text(f"undone: {taken} action{'s' if taken != 1 else ''} taken back", style="yellow"))
        return True

    def save(self, name: str) -> None:
        if not name:
            raise TritableError("save needs a file name: save FILE")
        if not name.isprintable():
            raise TritableError("a file name cannot hold control characters")

        try:
            path = Path(name).expanduser()
            # Only this game's own save may be written over: another file would be lost.
            own = self.saved is not None and path.resolve() == self.saved[0].resolve()
            exists = path.exists()
            # "sub/" names a folder even where there is none yet (Path drops the slash).
            folder = path.is_dir() or name.endswith("/")
        except (RuntimeError, OSError) as exc:  # ~nosuchuser, a loop of links, a name too long
            raise TritableError(f"cannot save to {name}: {getattr(exc, 'strerror', None) or exc}") from None
        if folder:
            raise TritableError(f"{name} names a folder: save needs a file name (save {path / 'game.json'}, say)")
        if path == Path("-"):  # "./-" too: the commands read that name as standard input
            raise TritableError("a save named - could not be loaded (- means standard input): choose another name")
        if exists and not own:
            raise TritableError(f"{path} exists already: choose another name (or remove it first)")
        record = Record.from_state(self.state, names=[s.name for s in self.seats], seed=self.seed)
        try:
            write_text(path, record.dumps() + "\n")
        except OSError as exc:
            raise TritableError(f"cannot write {path}: {exc.strerror or exc}") from None
        self.saved = (path, list(self.state.history))
        if self.state.is_terminal():
            then = f"replay it with: tritable replay {as_argument(path)}"
        else:
            then = f"continue it with: tritable play --load {as_argument(path)}"
        self.console.print(Text(f"saved to {path} — {then}", style="green"))

    def rules(self) -> RenderableType:
        path = _RULES / f"{self.game.id}.md"
        try:
            body: RenderableType = Markdown(path.read_text(encoding="utf-8"))
        except OSError:
            doc = (sys.modules[type(self.game).__module__].__doc__ or "").strip()
            body = Text(doc.split("\n\n")[0] if doc else f"no rules summary for {self.game.id}")
        table = Table(title="options in play", show_edge=False, title_justify="left")
        table.add_column("option", style="bold")
        table.add_column("value")
        table.add_column("what it does")
        for spec in self.game.option_specs:
            table.add_row(spec.name, _show_value(self.game.options[spec.name]), Text(spec.doc, style="dim"))
        parts: list[RenderableType] = [body]
        if self.game.option_specs:
            parts.append(table)
        return Panel(Group(*parts), title=f"{self.game.name}: rules", expand=False)

    # -- screens ---------------------------------------------------------------------------------

    def pass_to(self, seat: int) -> None:
        """Hide the last player's view behind a "pass to" screen when several humans share it."""
        ended, self.round_end_shown = self.round_end_shown, None
        if not self.private or self.shown_to == seat:
            return
        self.wipe()
        forget_typing(self.interactive)
        if ended is not None:  # the round just ended, which the wipe would hide unseen
            self.console.print(ended)
        self.console.print(
            Panel(
                Text.assemble(
                    "Pass to ",
                    self.seat_text(seat),
                    " — press Enter when only they can see the screen (quit: end the game)",
                ),
                expand=False,
            )
        )
        while answer := self.read("").strip().lower():
            if answer in ("quit", "exit"):
                raise _Quit
            # A move typed by the player who just played must not open the next player's hand.
            self.console.print(Text("only Enter goes on (or quit)", style="yellow"))
        forget_typing(self.interactive)  # what was refused here is no line for the arrow keys
        self.wipe()
        self.shown_to = seat

    def wipe(self) -> None:
        """Clear the screen and the terminal's scrollback: the last player's hand must not be
        one scroll away from the next player."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def show(self, seat: int | None, menu: list[MenuItem] | None) -> None:
        """The position as ``seat`` sees it, the recent actions and (for a human) the actions.

        Humans sharing the screen in a game that hides nothing from them all see the spectator
        view (so that, say, Triad's board does not turn round at every move)."""
        turn = self.turn_text()
        # A rule cuts a title too wide for it ("still to choose: P1, P2, …"): a line wraps instead.
        self.console.print(turn if turn.cell_len + 4 > self.console.width else Rule(turn, align="left"))
        self.console.print(draw_state(self.state, None if self.shared else seat))
        recent = self.recent()
        if recent is not None:
            self.console.print(recent)
        if menu is not None:
            self.console.print(self.menu_table(menu))

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

    def recent(self) -> Flow | None:
        """The last few actions, ``last: … P1 c1=3>c4 · P2 f6=2>f4``; a narrow screen wraps the
        line between actions, never inside one (``P1 Blue Dragon@9`` stays whole)."""
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
        return Flow(pieces, gap=1)

    def menu_table(self, menu: list[MenuItem]) -> RenderableType:
        def item(n: int, text: str) -> Text:
            shown = Text.assemble((f"{n}", "bold cyan"), " ", text)
            shown.no_wrap = True  # a number and its action stay on one line
            return shown

        if len(menu) == 1:
            return Flow([item(menu[0].number, menu[0].text), Text("(Enter plays it)", style="dim")], gap=3)
        if all(entry.short is None for entry in menu):
            listed: RenderableType = Columns([item(e.number, e.text) for e in menu], padding=(0, 2))
        else:
            table = Table.grid(padding=(0, 2))
            table.add_column(style="bold", no_wrap=True)
            table.add_column()
            rows: dict[str, list[Text]] = {}
            for entry in menu:
                grouped = group_action(self.game.id, entry.text)
                key = grouped[0] if grouped else ""
                rows.setdefault(key, []).append(
                    item(entry.number, entry.short if entry.short is not None else entry.text)
                )
            for key, row in rows.items():
                table.add_row(key, Flow(row))
            listed = table
        how = self.numbering(menu)
        return listed if how is None else Group(listed, Text(how, style="dim"))

    def numbering(self, menu: list[MenuItem]) -> str | None:
        """How the menu's numbers read, where they are the game's own rather than 1, 2, ..."""
        if [item.number for item in menu] == list(range(1, len(menu) + 1)):
            return None
        return menu_numbering(self.game.id)

    def finish(self) -> None:
        self.console.print(Rule(Text("game over", style="bold")))
        self.console.print(draw_state(self.state, None))
        recent = self.recent()
        if recent is not None:
            self.console.print(recent)
        self.console.print(outcome_table(self.state, [s.name for s in self.seats]))
        if self.is_saved():
            assert self.saved is not None
            self.console.print(Text(f"the record of this game is in {self.saved[0]}", style="green"))
            return
        if not self.offer_save():
            self.say_unsaved()

    def offer_save(self) -> bool:
        """Ask for a file to save the finished game in; True once it is saved."""
        try:
            name = self.read("save the record of this game? file name (Enter: no) ").strip()
        except _NoInput:
            return False
        while name and name.lower() not in ("n", "no", "q", "quit", "exit"):
            if name.lower().startswith("save "):
                name = name[5:].strip()
            if name.lower() in ("y", "yes", "save"):
                try:
                    name = self.read("which file name? (Enter: no) ").strip()
                except _NoInput:
                    return False
                continue
            try:
                self.save(name)
                return True
            except TritableError as exc:
                self.refuse(str(exc), again="another name, or Enter: no")
            try:
                name = self.read("file name (Enter: no) ").strip()
            except _NoInput:
                return False
        return False

    def say_unsaved(self) -> None:
        """After the save was declined: a file the game was loaded from or saved in still holds it
        as it was then, unfinished or before an undo; say so, lest it be taken for the record."""
        if self.saved is None:
            return
        path, kept = self.saved
        history = self.state.history
        if kept == history[: len(kept)]:
            then = f"without its last {_actions(len(history) - len(kept))}"
        else:
            then = "as it was before an undo"
        self.console.print(
            Text(f"{path} still holds this game {then}: the finished game was not saved", style="yellow")
        )

    # -- helpers ---------------------------------------------------------------------------------

    def text(self, action: Action) -> str:
        return self.game.action_to_string(action)

    def is_saved(self) -> bool:
        """Whether the last save holds the game exactly as it stands."""
        return self.saved is not None and self.saved[1] == self.state.history

    def save_note(self) -> str:
        """Whether the game as it stands is saved, for the goodbye."""
        history = self.state.history
        if self.saved is not None:
            path, kept = self.saved
            if kept == history:
                return f"the game is saved in {path}"
            if kept == history[: len(kept)]:
                missing = len(history) - len(kept)
                if missing == 1:
                    return "the last action is not saved (save FILE keeps it)"
                return f"the last {missing} actions are not saved (save FILE keeps them)"
            return f"{path} holds the game before an undo, not as it stands (save FILE keeps it)"
        if self.state.is_terminal():
            return "the record of the game was not saved"
        return "the game was not saved (save FILE keeps it)"

    def seat_text(self, seat: int, label: str | None = None) -> Text:
        return Text(label or f"P{seat + 1}", style=seat_style(self.game.id, seat))

    def read(self, prompt: str) -> str:
        return read_line(self.console, prompt, self.interactive)


def forget_typing(interactive: bool, history: bool = True) -> None:
    """Drop what was typed ahead: before the keyboard passes to another player (an Enter pressed
    while an AI thought must not skip the pass screen), and before a player's prompt after an AI
    moved (that Enter must not play a forced move unseen). With ``history``, the line history
    goes too (the arrow keys must not bring back the last player's secret choice)."""
    if not interactive:
        return
    try:
        import termios
    except ImportError:  # not a POSIX terminal: nothing typed ahead can be dropped
        pass
    else:
        with contextlib.suppress(termios.error, OSError, ValueError):
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    readline = sys.modules.get("readline")
    if history and readline is not None:
        readline.clear_history()


def read_line(console: Console, prompt: str, interactive: bool) -> str:
    """One line of input after ``prompt`` (bold); :class:`_NoInput` at the end of input."""
    if interactive and console.is_terminal:
        with console.capture() as capture:
            console.print(Text(prompt, style="bold"), end="")
        shown = capture.get()
        if "readline" in sys.modules:
            # readline must know which prompt bytes take no room on the screen.
            shown = _ANSI.sub("\x01\\1\x02", shown)
    else:
        shown = prompt
    try:
        line = input(shown)
    except EOFError:
        console.print()
        raise _NoInput from None
    except OSError as exc:  # standard input open for writing only, say
        console.print()
        fail(f"cannot read standard input: {exc.strerror or exc}")
    if not interactive:
        # Show what was read from a pipe, so the transcript reads like a session.
        console.print(Text(line, style="dim"))
    return line


def _views_differ(state: State, seats: Sequence[int]) -> bool:
    """Whether any of ``seats`` sees something a spectator does not (a hidden hand, say)."""
    if state.game.perfect_information:
        return False

    def public(view: Mapping[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in view.items() if k != "seat"}

    spectator = public(state.view(None))
    return any(public(state.view(s)) != spectator for s in seats)


def _show_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def outcome_table(state: State, names: Sequence[str]) -> RenderableType:
    """Scores, ranks, winners and the game's details of a finished game.

    Details with one value per seat become columns of the table; the game's board module may
    format or leave out a detail with ``detail(key, value) -> str | None``."""
    outcome = state.outcome()
    game_id = state.game.id
    players = len(names)
    module = board_module(game_id)
    formatter = getattr(module, "detail", None)

    seat_keys: frozenset[str] | None = getattr(module, "SEAT_DETAILS", None)

    def shown(key: str, value: Any) -> str | None:
        if formatter is not None:
            text: str | None = formatter(key, value)
            return text
        return None if value is None else _detail(value)

    per_seat: dict[str, list[str]] = {}
    lines: list[tuple[str, str]] = []
    for key, value in outcome.details.items():
        listed = isinstance(value, list) and len(value) == players > 1
        if listed and (seat_keys is None or key in seat_keys):
            cells = [shown(key, v) for v in value]
            if any(c is not None for c in cells):
                per_seat[key] = [c or "" for c in cells]
        else:
            text = shown(key, value)
            if text is not None:
                lines.append((key, text))
    table = Table(show_edge=False)
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("rank", justify="right")
    for key in per_seat:
        table.add_column(key.replace("_", " "))
    for seat, name in enumerate(names):
        crown = " ★" if seat in outcome.winners else ""
        table.add_row(
            Text(name + crown, style=seat_style(game_id, seat)),
            _number(outcome.scores[seat]),
            str(outcome.ranks[seat]),
            *[cells[seat] for cells in per_seat.values()],
        )
    if outcome.winners:
        verdict = Text("winner: " if len(outcome.winners) == 1 else "winners: ", style="bold")
        for i, w in enumerate(outcome.winners):
            if i:
                verdict.append(", ")
            verdict.append(names[w], style=seat_style(game_id, w))
    else:
        verdict = Text("a draw", style="bold")
    parts: list[RenderableType] = [table, verdict]
    for key, text in lines:
        parts.append(Text.assemble((f"{key.replace('_', ' ')}: ", "dim"), text))
    return Panel(Group(*parts), title="result", expand=False)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _detail(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_detail(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_detail(v)}" for k, v in value.items()) or "none"
    return _show_value(value)


# -- replay --step -----------------------------------------------------------------------------

REPLAY_HELP = "Enter/n next · p previous · g N go to action N · s start · e end · v N as PN sees it · q quit · ? help"
REPLAY_COMMANDS = (
    ("Enter or n", "the next action"),
    ("p", "the previous action"),
    ("g N or N", "the position after action N (g 0: the start)"),
    ("s, e", "the start, the end"),
    ("v N", "the positions as PN sees them (its hidden hand too); v alone: as a spectator"),
    ("help or ?", "these commands"),
    ("q", "quit"),
)
"""What ``help`` answers at the ``replay>`` prompt, as ``play``'s prompt answers it."""


def step_replay(record: Record, console: Console) -> None:
    """Step forwards and back through ``record``, showing each position as a spectator sees it
    (or, after ``v N``, as seat PN sees it: its hidden hand included)."""

    try:
        states = record.states()
    except TritableError as exc:
        fail(str(exc))
    names = record.names if record.names and len(record.names) == record.players else None
    labels = names or [f"P{s + 1}" for s in range(record.players)]
    history = states[-1].history
    interactive = sys.stdin.isatty()
    i = 0
    viewer: int | None = None
    try:
        while True:
            state = states[i]
            title = Text(f"{state.game.name} · position {i}/{len(history)}", style="bold")
            title.append(f" · as P{viewer + 1} sees it" if viewer is not None else "", style="italic")
            console.print(Rule(title, align="left"))
            console.print(draw_state(state, viewer))
            if i:
                seat, action = history[i - 1]
                line = Text(f"action {i}: ", style="dim")
                if seat == CHANCE:
                    line.append("chance ", style="magenta")
                else:
                    line.append(labels[seat], style=seat_style(state.game.id, seat))
                    line.append(" ")
                notation = state.game.action_to_string(action)
                line.append(notation, style="bold")
                before, after = states[i - 1].view(None), state.view(None)
                if seat != CHANCE and (points := move_points(state.game.id, seat, notation, before, after)):
                    line.append(f" ({points})")
                if viewer == seat:  # a seat number, never the spectator's None
                    # Seen as the acting seat, what only it knew of its action (the tile it drew).
                    mine, now = states[i - 1].view(seat), state.view(seat)
                    if (note := own_note(state.game.id, seat, notation, mine, now)) is not None:
                        line.append(f" — {note}", style="cyan")
                console.print(line)
                # The board above shows the next round's table already: the round this action
                # ended is shown as it finished, as in play.
                if (ended := round_over(state.game.id, before, after)) is not None:
                    console.print(ended)
            else:
                console.print(Text("the start of the game", style="dim"))
            if state.is_terminal():
                console.print(outcome_table(state, labels))
            console.print(Text(REPLAY_HELP, style="dim"))
            while True:
                try:
                    command = read_line(console, "replay> ", interactive).strip().lower()
                except _NoInput:
                    return
                if command in ("help", "?", "h"):
                    commands = Table.grid(padding=(0, 2))
                    commands.add_column(style="bold", no_wrap=True)
                    commands.add_column()
                    for keys, what in REPLAY_COMMANDS:
                        commands.add_row(keys, what)
                    console.print(Panel(commands, title="replay commands", expand=False))
                    continue
                if (command == "v" or command.startswith("v ")) and len(command) <= LONGEST_INPUT:
                    seat_text = command[1:].strip().lstrip("p")
                    if not seat_text:
                        viewer = None
                        break
                    if _is_number(seat_text) and 1 <= int(seat_text) <= record.players:
                        viewer = int(seat_text) - 1
                        break
                    console.print(Text(f"view as which seat? v 1 to v {record.players}, or v alone", style="red"))
                    continue
                target = _replay_target(command, i, len(history))
                if target == -1:
                    return
                if isinstance(target, str):
                    console.print(Text(target, style="red"))
                    continue
                i = target
                break
    except KeyboardInterrupt:
        _interrupted(console, "")


def _actions(n: int) -> str:
    """``action`` or ``N actions``: ``the last action``, ``the last 3 actions``."""
    return "action" if n == 1 else f"{n} actions"


def _is_number(text: str) -> bool:
    """Plain digits 0-9 only: ``str.isdigit`` also accepts superscripts and other scripts' digits,
    which ``int`` then refuses or reads unexpectedly."""
    return text.isascii() and text.isdigit()


def _replay_target(command: str, i: int, last: int) -> int | str:
    """The position a replay command goes to, -1 to quit, or a message saying what is wrong."""
    if len(command) > LONGEST_INPUT:
        return f"that line is {len(command)} characters long: no replay command is longer than {LONGEST_INPUT}"
    if command in ("q", "quit", "exit"):
        return -1
    if command in ("", "n", "next"):
        return min(i + 1, last) if i < last else "that was the last action (p: back, q: quit)"
    if command in ("p", "prev", "previous", "b", "back"):
        return i - 1 if i > 0 else "this is the start (n: next, q: quit)"
    if command in ("s", "start"):
        return 0
    if command in ("e", "end"):
        return last
    word, _, rest = command.partition(" ")
    if word in ("g", "go", "goto"):
        if not _is_number(rest.strip()) or int(rest) > last:
            return f"go to which action? g N with N from 0 to {last}"
        return int(rest)
    if _is_number(command):
        return int(command) if int(command) <= last else f"there are only {last} actions"
    return f"unknown command {command!r}: {REPLAY_HELP}"


def _interrupted(console: Console, note: str) -> NoReturn:
    console.show_cursor(True)

    console.print(Text(f"\ninterrupted{note}", style="yellow"))
    stop_interrupted()


# -- the command -------------------------------------------------------------------------------


def _seat_seed(base_seed: int | str, index: int) -> int | str:
    """The seed of the AI in seat ``index``: a saved game's seed may be text (a record keeps the
    text seeds new_state takes), which agents take too."""
    if isinstance(base_seed, int):
        return base_seed + 1000 * (index + 1)
    return f"{base_seed}/seat {index + 1}"


def play(
    game: Annotated[
        str | None, typer.Argument(metavar="GAME", help="Game id (see `tritable games`); may be left out with --load.")
    ] = None,
    players: Annotated[int | None, typer.Option(metavar="N", help="Number of players.")] = None,
    ai: Annotated[
        list[str] | None,
        typer.Option(
            "--ai",
            metavar="SEAT=LEVEL",
            help="An AI seat, SEAT=LEVEL (repeatable). Seats count from 1: --ai 2=hard; also 2,3=easy or "
            "all=easy. Levels: easy, normal, hard, perfect, or any agent spec (2=greedy, 2=easy:iterations=10). "
            "Without --ai, P1 is human and the others are normal AIs.",
        ),
    ] = None,
    hotseat: Annotated[
        bool, typer.Option("--hotseat", metavar="", help="Every seat human: friends at one keyboard.")
    ] = False,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="K=V", help="A game option K=V (repeatable), e.g. --option same=true."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(metavar="S", help="Seed of the deal (and of the AIs); random if left out.")
    ] = None,
    load: Annotated[
        Path | None, typer.Option("--load", metavar="FILE", help="Continue a saved game (a record file).")
    ] = None,
    delay: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS",
            help="Pause after each AI move, 0 to 60 seconds, to follow the play. Default: 1 when only AIs "
            "play (--ai all=...) and the screen is a terminal, else 0.",
        ),
    ] = None,
) -> None:
    """Play a game at the terminal: against AI seats, or with friends at one keyboard."""

    console = Console(highlight=False)
    if sys.stdin is None:  # started with standard input closed
        fail("standard input is closed: play reads the moves from it")
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for the prompts)
    if load is not None:
        if players is not None or option or seed is not None:
            fail("--load takes the players, options and seed from the save: leave out --players, --option and --seed")
        if load == STDIN:
            fail("--load - would read the save from the input the game is played with: give a file")
        record = load_record(load)
        if game is not None and known_id(game) != record.game:
            fail(f"{load} is a {record.game} game, not {game}")
        try:
            state = record.replay()
        except TritableError as exc:
            fail(f"{load}: {as_players_say(str(exc))}")
        if state.is_terminal():
            # Quoted as a shell needs it, as save quotes the name in the command it prints.
            fail(
                f"{load}: the game is over: nothing to play "
                f"(`tritable replay --step {as_argument(load)}` steps through it)"
            )
        g = state.game
        base_seed = record.seed if record.seed is not None else random.randrange(2**31)
        saved_seats = seats_from_names(record.names, g.players)
    else:
        if game is None:
            fail("which game? tritable play GAME (see `tritable games`), or --load FILE")
        check_seed(seed)
        g = make_game(game, players, option)
        base_seed = seed if seed is not None else random.randrange(2**31)
        try:
            state = g.new_state(seed=base_seed)
        except TritableError as exc:
            fail(str(exc))
        saved_seats = None
    if hotseat and ai:
        fail("--hotseat makes every seat human: leave out --ai")
    if delay is not None and not 0 <= delay <= MAX_DELAY:
        fail(f"--delay takes seconds from 0 to {MAX_DELAY:g}, not {delay:g}")
    if hotseat:
        levels: dict[int, str] = {}
    elif ai:
        try:  # the AI loads only when a seat is one
            from tritable.ai.levels import levels as game_levels
        except ImportError as exc:
            fail(f"the AI is not available ({exc}); play with --hotseat")
        try:
            levels = parse_ai(ai, g.players, game_levels(g))
        except ValueError as exc:
            fail(str(exc))
    elif saved_seats is not None:
        levels = saved_seats
    else:
        levels = {s: DEFAULT_LEVEL for s in range(1, g.players)}
    seats = [Seat(s, levels.get(s)) for s in range(g.players)]
    agents: dict[int, Agent] = {}
    if levels:
        try:
            from tritable.ai import make_agent
        except ImportError as exc:
            fail(f"the AI is not available ({exc}); play with --hotseat")
        for s in seats:
            if s.level is not None:
                try:
                    agents[s.index] = make_agent(g, s.level, _seat_seed(base_seed, s.index))
                except TritableError as exc:
                    if ai or saved_seats is None:
                        fail(f"--ai {s.index + 1}={s.level}: {exc}")
                    fail(f"{load}: the names say {s.label} is an AI {s.level!r}: {exc}")
    try:
        session = Session(g, state, seats, agents, console, base_seed)
    except KeyboardInterrupt:
        _interrupted(console, "")
    if delay is not None:
        session.delay = delay
    if load is not None:
        session.saved = (Path(load).expanduser(), list(state.history))  # that file holds the game so far
    try:
        session.run()
    except KeyboardInterrupt:
        _interrupted(console, f": {session.save_note()}")
    except _Quit:
        console.print(Text(f"bye — {session.save_note()}", style="yellow"))
    except _NoInput:
        console.print(Text(f"end of input: the game stops here; {session.save_note()}", style="yellow"))
        raise typer.Exit(1) from None
    except TritableError as exc:
        # Only a bug in a game gets here (say, a seat to move with no legal action).
        fail(f"the game cannot go on: {exc}")


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to the ``tritable`` app."""
    app.command("play", cls=Command)(play)
