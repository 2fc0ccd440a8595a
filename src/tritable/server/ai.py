"""AI seats think in worker processes, so that a search never blocks the event loop."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import tritable


def choose(game_id: str, players: int, options: dict[str, Any], state: dict[str, Any], seat: int, level: str,
           seed: str) -> str:
    """The notation of the action the agent ``level`` plays for ``seat`` (in a worker process).

    >>> import tritable
    >>> s = tritable.new_game("triad").new_state(seed=1)
    >>> text = choose("triad", 2, {}, s.to_json(), s.current_player(), "random", "x")
    >>> s.is_legal(tritable.new_game("triad").string_to_action(text), s.current_player())
    True
    """
    from tritable.ai import make_agent

    game = tritable.new_game(game_id, players=players, options=options)
    position = game.state_from_json(state)
    try:
        action = make_agent(game, level, seed).choose(position, seat)
    except Exception:  # a failing agent is the AI's bug, not the table's: play on, as the terminal does
        action = random.Random(seed).choice(position.legal_actions(seat))
    return game.action_to_string(action)


def _watch_parent(parent: int) -> None:
    """A worker's initializer: leave when the server is gone. A server killed outright (SIGKILL,
    out of memory) cannot stop its workers, and a worker waiting for work never notices: without
    this each crash would leave its workers behind for good."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


PARENT_CHECK_SECONDS = 1.0


def _warm() -> bool:
    import tritable.ai  # noqa: F401  (what every think needs, imported before the first one)

    return True


class AIPool:
    """A pool of worker processes (``spawn``ed: the server's threads and sockets stay out of them)."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = max(1, workers)
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_watch_parent,
                initargs=(os.getpid(),),
            )
        return self._executor

    async def choose(self, game_id: str, players: int, options: dict[str, Any], state: dict[str, Any], seat: int,
                     level: str, seed: str) -> str:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), choose, game_id, players, options, state, seat, level, seed)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start a new pool, once
            self._executor = None
            return await loop.run_in_executor(self._pool(), choose, game_id, players, options, state, seat, level,
                                              seed)

    async def warm(self) -> None:
        """Start the workers and import the AI in each now, not at the first AI seat's move."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool(), _warm) for _ in range(self.workers)))

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
