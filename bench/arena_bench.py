"""The arena tables of BENCHMARKS.md: the ``hard`` level against ``random`` and ``greedy`` in every
game and player count, seat-rotated, with 95% intervals and seconds per move.

Usage: ``.venv/bin/python bench/arena_bench.py [--games-scale X] [--only GAME] [--opponent NAME]
[--json FILE]`` (``--only`` and ``--opponent`` keep the rows of that game or that opponent).
A full run takes about an hour and a half on two cores (``hard`` thinks up to 0.8 s a move).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from benchargs import known_game, output_file, positive_float, positive_int, run, write_json

import tritable
from tritable.ai.arena import run_arena

# (game, agents by seat, games, options): ``hard`` against one or more seats of the same opponent.
MATCHES: list[tuple[str, list[str], int, dict[str, Any]]] = [
    ("triple-triad", ["hard", "random"], 60, {}),
    ("triple-triad", ["hard", "greedy"], 60, {}),
    ("triple-triad", ["hard", "random"], 60, {"open": False}),
    ("triple-triad", ["hard", "greedy"], 60, {"open": False}),
    ("triple-triad", ["hard", "greedy"], 60, {"same": True, "same_wall": True, "plus": True, "combo": True}),
    ("triad", ["hard", "random"], 20, {}),
    ("triad", ["hard", "greedy"], 20, {}),
    ("triominos", ["hard", "random"], 20, {}),
    ("triominos", ["hard", "greedy"], 20, {}),
    ("triominos", ["hard", "random", "random"], 15, {}),
    ("triominos", ["hard", "greedy", "greedy"], 15, {}),
    ("triominos", ["hard", "random", "random", "random"], 12, {}),
    ("triominos", ["hard", "greedy", "greedy", "greedy"], 12, {}),
    ("triatri", ["hard", "random"], 40, {}),
    ("triatri", ["hard", "greedy"], 40, {}),
    ("triatri", ["hard", "random", "random"], 30, {}),
    ("triatri", ["hard", "greedy", "greedy"], 30, {}),
    ("triatri", ["hard", "random", "random", "random"], 24, {}),
    ("triatri", ["hard", "greedy", "greedy", "greedy"], 24, {}),
    ("tri-t-area", ["hard", "random", "random", "random"], 12, {}),
    ("tri-t-area", ["hard", "greedy", "greedy", "greedy"], 12, {}),
]

TARGET = {"random": 0.95, "greedy": 0.75}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games-scale", type=positive_float, default=1.0, help="multiply every number of games")
    parser.add_argument("--only", type=known_game, action="append", default=[], help="just this game id (repeatable)")
    parser.add_argument("--opponent", choices=sorted(TARGET), help="just the rows against this opponent")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=positive_int, default=os.cpu_count() or 1)
    parser.add_argument("--json", metavar="FILE", type=output_file, help="write every report as JSON here")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    print(
        "| game | players | options | opponent | games | W-D-L | hard's score [95% CI] | target | s/move mean (max) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for game_id, agents, games, options in MATCHES:
        if (args.only and game_id not in args.only) or (args.opponent and agents[1] != args.opponent):
            continue
        game = tritable.new_game(game_id, len(agents), options=options)
        n = max(len(agents), round(games * args.games_scale))
        start = time.perf_counter()
        report = run_arena(game, agents, n, seed=args.seed, jobs=args.jobs).to_json()
        pair = report["pairs"][0]
        hard = next(a for a in report["agents"] if a["name"] == "hard")
        opponent = agents[1]
        met = "met" if pair["score"] >= TARGET[opponent] else "not met"
        shown = ", ".join(f"{k}={str(v).lower()}" for k, v in options.items()) or "default"
        print(
            f"| {game_id} | {len(agents)} | {shown} | {opponent} | {results(pair)} | "
            f">= {TARGET[opponent]}: {met} | {seconds(hard)} |",
            flush=True,
        )
        rows.append({"report": report, "wall_seconds": time.perf_counter() - start})
    write_reports(args.json, rows)


def results(pair: dict[str, Any]) -> str:
    """The cells games | W-D-L | score [95% CI] of a pair of the arena's report."""
    low, high = pair["score_ci95"]
    wdl = f"{pair['wins']}-{pair['draws']}-{pair['losses']}"
    return f"{pair['games']} | {wdl} | {pair['score']:.3f} [{low:.3f}, {high:.3f}]"


def seconds(agent: dict[str, Any]) -> str:
    """The cell s/move mean (max) of an agent of the arena's report."""
    return f"{agent['mean_seconds_per_move']:.2f} ({agent['max_seconds_per_move']:.2f})"


def write_reports(path: str | None, rows: list[dict[str, Any]]) -> None:
    """Every match's report, with the machine's Python and cores, to ``path`` (if given)."""
    if path:
        write_json(path, {"python": sys.version.split()[0], "cores": os.cpu_count(), "matches": rows})


if __name__ == "__main__":
    run(main)
