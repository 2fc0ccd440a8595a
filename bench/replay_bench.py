"""What a stateless server pays a request: reading a game's record (JSON text) and replaying it
to the current position (``Record.loads(text).replay()``), and, after a move, making the new
record (``Record.from_state(state)``, which replays the game once more to check it) and writing it.

Records come from random games (seeds 0 .. GAMES-1) cut at their start, middle and end. CPU time
(``process_time``): for each record the best of REPEAT runs of LOOPS, then the median over the
records, for every game and player count unless ``--game`` names one.

Usage: ``.venv/bin/python bench/replay_bench.py [--game ID] [--games N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from benchargs import known_game, positive_int, run

import tritable
from tritable.engine import Record, State, game_class, game_ids
from tritable.engine.playout import random_step

LOOPS = 20
REPEAT = 5
CUTS = ("start", "middle", "end")


def cost(work: Callable[[], object]) -> float:
    """The CPU time of one call, in ms: the best of REPEAT runs of LOOPS calls."""
    best = float("inf")
    for _ in range(REPEAT):
        start = time.process_time()
        for _ in range(LOOPS):
            work()
        best = min(best, (time.process_time() - start) / LOOPS)
    return best * 1000


def replay(text: str) -> State:
    """A request: the stored record read and replayed to the current position."""
    return Record.loads(text).replay()


def rewrite(state: State) -> str:
    """After a move: the new record (checked by one more replay) as the text to store."""
    return Record.from_state(state).dumps()


def records(gid: str, players: int, games: int) -> dict[str, list[str]]:
    """The records of ``games`` random games, cut at their start, middle and end."""
    out: dict[str, list[str]] = {cut: [] for cut in CUTS}
    game = tritable.new_game(gid, players)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        history = []
        while not state.is_terminal():
            random_step(state, rng)
            history.append(state.clone())
        for cut, at in zip(CUTS, (0, len(history) // 2, len(history) - 1), strict=True):
            out[cut].append(Record.from_state(history[at]).dumps())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", type=known_game)
    parser.add_argument("--games", type=positive_int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for gid in [args.game] if args.game else game_ids():
        cls = game_class(gid)
        for players in range(cls.min_players, cls.max_players + 1):
            by_cut = records(gid, players, args.games)
            for cut in CUTS:
                texts = by_cut[cut]
                states = [Record.loads(text).replay() for text in texts]
                row = {
                    "game": gid,
                    "players": players,
                    "at": cut,
                    "actions": statistics.median(len(s.history) for s in states),
                    "replay_ms": statistics.median(cost(partial(replay, t)) for t in texts),
                    "record_ms": statistics.median(cost(partial(rewrite, s)) for s in states),
                }
                rows.append(row)
                if not args.json:
                    print(
                        f"{gid:13} {players}p {cut:6} {row['actions']:6.0f} actions: replay {row['replay_ms']:.3f} ms,"
                        f" new record {row['record_ms']:.3f} ms"
                    )
    if args.json:
        print(json.dumps({"loops": LOOPS, "repeat": REPEAT, "games": args.games, "rows": rows}, indent=1))


if __name__ == "__main__":
    run(main)
