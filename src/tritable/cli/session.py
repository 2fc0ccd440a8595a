"""The session loop of ``tritable play``: turn after turn until the game ends (then the result
and the offer to save) or a player quits.

A :class:`Session` composes the parts: the :class:`~tritable.cli.tabletop.Tabletop` (the game,
the seats, the log, the screen), the :class:`~tritable.cli.prompt.Prompt` (human turns), the
:class:`~tritable.cli.ai_thread.AiSeats` (AI turns) and the :class:`~tritable.cli.saving.Saves`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from tritable.cli.ai_thread import AiSeats
from tritable.cli.boards import draw_state
from tritable.cli.menus import MenuItem
from tritable.cli.outcome import outcome_table
from tritable.cli.prompt import Prompt
from tritable.cli.saving import Saves
from tritable.cli.seats import Seat
from tritable.cli.tabletop import Tabletop
from tritable.cli.terminal import plural
from tritable.engine import CHANCE, TERMINAL, Action, Game, State

if TYPE_CHECKING:
    from tritable.ai import Agent

WATCH_DELAY = 1.0
"""The pause after each AI move when only AIs play at a terminal."""


class Session:
    """One game at the terminal, from its first turn to its end."""

    def __init__(
        self,
        game: Game,
        state: State,
        seats: list[Seat],
        agents: Mapping[int, Agent],
        console: Console,
        seed: int | str,
    ) -> None:
        self.table = Tabletop(game, state, seats, console, seed)
        self.saves = Saves(self.table)
        self.prompt = Prompt(self.table, self.saves)
        self.ai = AiSeats(self.table, agents)
        self.delay = WATCH_DELAY if not self.table.humans and console.is_terminal else 0.0
        """Seconds to pause after each AI move, so that the players can follow."""

    @property
    def console(self) -> Console:
        return self.table.console

    @property
    def state(self) -> State:
        return self.table.state

    def run(self) -> None:
        """Play until the game ends (then show the result and offer to save) or a player quits."""
        table = self.table
        self.header()
        watching = not table.humans
        while True:
            p = table.state.current_player()
            if p == TERMINAL:
                self.finish()
                return
            if p == CHANCE:
                self.chance_turn()
                continue
            seat = p if p >= 0 else table.state.players_to_move()[0]
            if table.seats[seat].is_ai:
                if watching:
                    table.show(None, None)
                self.ai.turn(seat)
                if self.delay:
                    time.sleep(self.delay)
            else:
                self.prompt.turn(seat)

    def header(self) -> None:
        saved = self.saves.saved
        note = None
        if saved is not None:
            note = f"continued from {saved[0]} ({plural(len(saved[1]), 'action')} played)"
        self.table.header(note)

    def chance_turn(self) -> None:
        table = self.table
        outcomes = table.state.chance_outcomes()
        action = table.rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0]
        table.apply(CHANCE, action)
        table.console.print(Text(f"chance: {table.text(action)}", style="magenta"))

    def finish(self) -> None:
        table = self.table
        table.console.print(Rule(Text("game over", style="bold")))
        table.console.print(draw_state(table.state, None, table.console.width, table.console.height))
        recent = table.recent()
        if recent is not None:
            table.console.print(recent)
        table.console.print(outcome_table(table.state, [s.name for s in table.seats]))
        if self.saves.is_saved():
            assert self.saves.saved is not None
            table.console.print(Text(f"the record of this game is in {self.saves.saved[0]}", style="green"))
            return
        if not self.saves.offer():
            self.saves.say_unsaved()

    # -- the parts' entry points, as one object (the tests drive a session through them) ----------

    def menu(self, seat: int) -> list[MenuItem]:
        return self.table.menu(seat)

    def menu_table(self, menu: list[MenuItem]) -> RenderableType:
        return self.table.menu_table(menu)

    def show(self, seat: int | None, menu: list[MenuItem] | None) -> None:
        self.table.show(seat, menu)

    def recent(self) -> RenderableType | None:
        return self.table.recent()

    def command(self, seat: int, text: str, menu: list[MenuItem]) -> bool:
        return self.prompt.command(seat, text, menu)

    def refuse(self, why: str) -> None:
        self.prompt.refuse(why)

    def hint(self, seat: int, menu: list[MenuItem]) -> None:
        self.prompt.hint(seat, menu)

    def rules(self) -> RenderableType:
        return self.prompt.rules()

    def save(self, name: str) -> None:
        self.saves.save(name)

    def save_note(self) -> str:
        return self.saves.note()

    def ai_turn(self, seat: int) -> None:
        self.ai.turn(seat)

    def decide(self, agent: Agent, state: State, seat: int) -> Action:
        return self.ai.decide(agent, state, seat)
