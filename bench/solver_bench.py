"""Benchmark of the exact Triple Triad solver: solves from the empty board.

20 fixed hand pairs (seeds 0..19): each seed draws 10 distinct FF8 cards of any level
(``random.Random(seed).sample`` over the 110 cards), the first five for seat 0, who moves first.
Rules: Open, Same, Same Wall, Plus, Combo. For each pair it prints the value, the optimal moves
found, the nodes searched, and the CPU and wall seconds; then the medians and the process's
maximum resident memory.

    .venv/bin/python bench/solver_bench.py            # value + one optimal move (the headline)
    .venv/bin/python bench/solver_bench.py --all-best # value + every optimal move
    .venv/bin/python bench/solver_bench.py --json

Pure Python: nothing compiled of ours. Timings are per process CPU time (``time.process_time``),
which a busy machine disturbs less than wall time; both are printed.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import time
from typing import Any

from benchargs import natural_int, positive_int, run

import tritable
from tritable.ai.solver import solve
from tritable.games.triple_triad.data import COUNT, NAMES

OPTIONS = {"same": True, "same_wall": True, "plus": True, "combo": True, "open": True}


def hand_pair(seed: int) -> list[list[str]]:
    ids = random.Random(seed).sample(range(COUNT), 10)
    return [[NAMES[i] for i in ids[:5]], [NAMES[i] for i in ids[5:]]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=positive_int, default=20, help="number of hand pairs (seeds 0..N-1)")
    parser.add_argument("--first-seed", type=natural_int, default=0)
    parser.add_argument("--all-best", action="store_true", help="find every optimal move, not one")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    game = tritable.new_game("triple-triad", options=OPTIONS)
    rows: list[dict[str, Any]] = []
    for seed in range(args.first_seed, args.first_seed + args.pairs):
        hands = hand_pair(seed)
        state = game.state_from_setup({"hands": hands, "first": 0})
        wall = time.perf_counter()
        cpu = time.process_time()
        solution = solve(state, all_best=args.all_best)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        row = {
            "seed": seed,
            "hands": hands,
            "value": solution.value,
            "result": solution.result,
            "best_moves": [game.action_to_string(a) for a in solution.best_moves],
            "nodes": solution.nodes,
            "cpu_seconds": round(cpu, 3),
            "wall_seconds": round(wall, 3),
        }
        rows.append(row)
        if not args.json:
            print(
                f"pair {seed:2d}: value {solution.value:+d} ({solution.result}), "
                f"{len(solution.best_moves):2d} optimal move(s) found, {solution.nodes:8d} nodes, "
                f"{cpu:6.2f} s CPU, {wall:6.2f} s wall, {solution.nodes / max(cpu, 1e-9):8.0f} nodes/s",
                flush=True,
            )
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    summary = {
        "python": sys.version.split()[0],
        "options": OPTIONS,
        "all_best": args.all_best,
        "pairs": len(rows),
        "median_cpu_seconds": round(statistics.median(r["cpu_seconds"] for r in rows), 3),
        "max_cpu_seconds": max(r["cpu_seconds"] for r in rows),
        "median_wall_seconds": round(statistics.median(r["wall_seconds"] for r in rows), 3),
        "median_nodes": statistics.median(r["nodes"] for r in rows),
        "max_rss_mb": round(rss_mb, 1),
    }
    if args.json:
        print(json.dumps({"summary": summary, "pairs": rows}, indent=1))
        return
    print(
        f"median {summary['median_cpu_seconds']} s CPU ({summary['median_wall_seconds']} s wall), "
        f"max {summary['max_cpu_seconds']} s CPU, median {summary['median_nodes']:.0f} nodes, "
        f"max RSS {summary['max_rss_mb']} MB"
    )


if __name__ == "__main__":
    run(main)
