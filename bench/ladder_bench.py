"""The ladder of BENCHMARKS.md: each AI level against the one below it (``easy`` against
``random``, ``normal`` against ``easy``, ``hard`` against ``normal``) in every game, seat-rotated,
in every player count, with 95% intervals and seconds per move. Issue #43 sets the figure: each
row >= 0.60 over at least 100 games, so that a player who beats one level meets a clearly
stronger one at the next.

Usage: ``.venv/bin/python bench/ladder_bench.py [--games N | --games-scale X] [--only GAME]
[--players P] [--level LEVEL] [--seed S] [--jobs J] [--json FILE]``. ``--level hard`` runs only
the rows of ``hard`` against ``normal``. The default games (a quick look) take about an hour on
two cores; 100 games a row take several hours (see BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from arena_bench import results, seconds, write_reports
from benchargs import known_game, output_file, positive_float, positive_int, run

import tritable
from tritable.ai.arena import run_arena

STEPS = [("easy", "random"), ("normal", "easy"), ("hard", "normal")]
"""(the level, the one below it)."""

GAMES: list[tuple[str, int, int]] = [
    ("triple-triad", 2, 20),
    ("triad", 2, 20),
    ("triominos", 2, 20),
    ("triominos", 3, 18),
    ("triominos", 4, 12),
    ("triatri", 2, 20),
    ("triatri", 3, 18),
    ("triatri", 4, 12),
    ("tri-t-area", 4, 8),
]
"""(game, players, games a row): the higher level in one seat, the lower in every other."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games-scale", type=positive_float, default=1.0, help="multiply every number of games")
    parser.add_argument("--games", type=positive_int, help="this many games a row (instead of the defaults)")
    parser.add_argument("--players", type=positive_int, action="append", default=[], help="just this player count")
    parser.add_argument(
        "--level", choices=[level for level, _ in STEPS], action="append", default=[], help="just this level's rows"
    )
    parser.add_argument("--only", type=known_game, action="append", default=[], help="just this game id (repeatable)")
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--jobs", type=positive_int, default=os.cpu_count() or 1)
    parser.add_argument("--json", metavar="FILE", type=output_file, help="write every report as JSON here")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    print("| game | players | level | against | games | W-D-L | level's score [95% CI] | s/move mean (max) |")
    print("|---|---|---|---|---|---|---|---|")
    for game_id, players, games in GAMES:
        if (args.only and game_id not in args.only) or (args.players and players not in args.players):
            continue
        for level, below in STEPS:
            if args.level and level not in args.level:
                continue
            agents = [level] + [below] * (players - 1)
            n = max(players, args.games or round(games * args.games_scale))
            start = time.perf_counter()
            game = tritable.new_game(game_id, players)
            report = run_arena(game, agents, n, seed=args.seed, jobs=args.jobs).to_json()
            pair = report["pairs"][0]
            upper = next(a for a in report["agents"] if a["name"] == level)
            print(f"| {game_id} | {players} | {level} | {below} | {results(pair)} | {seconds(upper)} |", flush=True)
            rows.append({"report": report, "wall_seconds": time.perf_counter() - start})
    write_reports(args.json, rows)


if __name__ == "__main__":
    run(main)
