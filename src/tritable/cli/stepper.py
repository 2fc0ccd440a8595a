"""``tritable replay FILE --step``: step forwards and back through a record, each position as a
spectator sees it (or, after ``v N``, as seat PN sees it: its hidden hand too), with the action
just played and what it did."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tritable.cli.boards import draw_state, round_over, seat_style
from tritable.cli.common import fail
from tritable.cli.outcome import outcome_table
from tritable.cli.tabletop import event_lines
from tritable.cli.terminal import LONGEST_INPUT, NoInput, interrupted, is_number, read_line
from tritable.engine import CHANCE, Record, TritableError

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
            console.print(draw_state(state, viewer, console.width, max(12, console.height - 4)))
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
                seen = state.view(viewer) if viewer is not None else after
                for text in event_lines(seen):  # what the action did, as the viewer may know it
                    line.append(f"\n  {text}")
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
                except NoInput:
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
                    if is_number(seat_text) and 1 <= int(seat_text) <= record.players:
                        viewer = int(seat_text) - 1
                        break
                    console.print(Text(f"view as which seat? v 1 to v {record.players}, or v alone", style="red"))
                    continue
                target = replay_target(command, i, len(history))
                if target == -1:
                    return
                if isinstance(target, str):
                    console.print(Text(target, style="red"))
                    continue
                i = target
                break
    except KeyboardInterrupt:
        interrupted(console, "")


def replay_target(command: str, i: int, last: int) -> int | str:
    """The position a replay command goes to, -1 to quit, or a message saying what is wrong.

    >>> replay_target("n", 0, 5), replay_target("g 4", 0, 5), replay_target("q", 2, 5)
    (1, 4, -1)
    """
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
        if not is_number(rest.strip()) or int(rest) > last:
            return f"go to which action? g N with N from 0 to {last}"
        return int(rest)
    if is_number(command):
        return int(command) if int(command) <= last else f"there are only {last} actions"
    return f"unknown command {command!r}: {REPLAY_HELP}"
