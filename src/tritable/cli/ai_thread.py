"""AI seats in ``tritable play``: the agent thinks in a worker thread while a spinner turns, so
that Ctrl-C still answers at once; it sees only its seat's view."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from rich.console import Console, RenderableType
from rich.text import Text

from tritable.cli.tabletop import Tabletop
from tritable.engine import Action, State

if TYPE_CHECKING:
    from tritable.ai import Agent

T = TypeVar("T")


def think(console: Console, message: RenderableType, work: Callable[[], T]) -> T:
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
    with console.status(message, spinner="dots"):
        while not done.wait(0.05):
            pass
    if "error" in box:
        raise box["error"]
    value: T = box["value"]
    return value


class AiSeats:
    """The AI seats of a table and their agents."""

    def __init__(self, table: Tabletop, agents: Mapping[int, Agent]) -> None:
        self.table = table
        self.agents = dict(agents)

    def turn(self, seat: int) -> None:
        """Let the AI in ``seat`` act, and say what it did (a simultaneous choice stays secret)."""
        table = self.table
        name = table.seats[seat].name
        agent = self.agents[seat]
        snapshot = table.state.clone()
        thinking = Text.assemble(table.seat_text(seat, name), " is thinking…")
        try:
            action = think(table.console, thinking, lambda: self.decide(agent, snapshot, seat))
            revealed = table.apply(seat, action)
        except Exception as exc:
            # A failing AI is a bug in the AI, not the players' problem: say so and play on.
            action = table.rng.choice(table.state.legal_actions(seat))
            table.console.print(
                Text(f"{name} failed ({type(exc).__name__}: {exc}); it plays a random move", style="red")
            )
            revealed = table.apply(seat, action)
        table.announce(seat, table.log[-1], secret=bool(revealed) or table.log[-1].hidden)
        table.announce_reveal(revealed)
        table.announce_round_end()

    def decide(self, agent: Agent, state: State, seat: int) -> Action:
        """The AI's action. Facing humans it thinks through a forced move too: an answer at once
        would tell them it had no choice, which can be hidden (a Triominos starter holding 0-0-0
        as well chooses its start tile; an AI with one choice lays the only one at once)."""
        if self.table.humans and len(state.legal_actions(seat)) == 1:
            return agent.analyse(state, seat)[0].action
        return agent.choose(state, seat)
