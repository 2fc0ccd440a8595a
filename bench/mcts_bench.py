"""MCTS simulations per second (BENCHMARKS.md): one search from the opening position, median of
several runs, one core, CPU time.

Cases: Triad with full random playouts and with the ``hard`` level's cut at 6 plies; Triple Triad
with open hands (default rules and Same+Same Wall+Plus+Combo) and with closed hands (IS-MCTS);
TriATri with 3 and 4 players as the ``hard`` level searches it (IS-MCTS, 512 determinizations, the
game's rollout policy), from the first trick of the opening round.
Where the ``open-spiel`` extra is installed, OpenSpiel's Python ``MCTSBot`` (one random rollout per
leaf) on ``python_tic_tac_toe`` runs in the same process as a reference.

Usage: ``.venv/bin/python bench/mcts_bench.py [--iterations N] [--runs R] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from benchargs import positive_int, run

import tritable
from tritable.ai import ISMCTSAgent, MCTSAgent
from tritable.ai.agents import Agent
from tritable.engine.protocol import SIMULTANEOUS, State

ALL_RULES = {"same": True, "same_wall": True, "plus": True, "combo": True}


Case = tuple[str, str, int | None, dict[str, Any], Callable[[], Agent]]


def cases(iterations: int) -> list[Case]:
    """(name, game id, players or None for the game's default, options, agent factory)."""
    return [
        ("triad, full playouts", "triad", None, {}, lambda: MCTSAgent(seed=1, iterations=iterations)),
        (
            "triad, playouts cut at 6 + evaluation",
            "triad",
            None,
            {},
            lambda: MCTSAgent(seed=1, iterations=iterations, rollout_depth=6),
        ),
        (
            "triple-triad open, default rules",
            "triple-triad",
            None,
            {},
            lambda: MCTSAgent(seed=1, iterations=iterations),
        ),
        (
            "triple-triad open, same+wall+plus+combo",
            "triple-triad",
            None,
            ALL_RULES,
            lambda: MCTSAgent(seed=1, iterations=iterations),
        ),
        (
            "triple-triad closed, IS-MCTS",
            "triple-triad",
            None,
            {"open": False},
            lambda: ISMCTSAgent(seed=1, iterations=iterations, samples=64),
        ),
        (
            "triatri 3 players, IS-MCTS + policy (hard)",
            "triatri",
            3,
            {},
            lambda: ISMCTSAgent(seed=1, iterations=iterations, samples=512),
        ),
        (
            "triatri 4 players, IS-MCTS + policy (hard)",
            "triatri",
            4,
            {},
            lambda: ISMCTSAgent(seed=1, iterations=iterations, samples=512),
        ),
    ]


def first_decision(state: State) -> tuple[State, int]:
    """The position and seat searched: the opening position, or for a game that opens with
    simultaneous picks (TriATri's start cards), the first decision after them, reached by each
    seat playing its first legal action (a fixed, seeded-free walk)."""
    while state.current_player() == SIMULTANEOUS:
        for seat in state.players_to_move():
            state.apply_action(state.legal_actions(seat)[0], seat)
    return state, state.current_player()


def measure(run: Callable[[], object], runs: int) -> list[float]:
    seconds = []
    for _ in range(runs):
        start = time.process_time()
        run()
        seconds.append(time.process_time() - start)
    return seconds


def openspiel_reference(iterations: int, runs: int) -> dict[str, Any] | None:
    try:
        import numpy as np  # type: ignore[import-not-found,unused-ignore]
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from open_spiel.python.games import tic_tac_toe  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(
        game, uct_c=1.4, max_simulations=iterations, evaluator=evaluator, random_state=np.random.RandomState(1)
    )
    state = game.new_initial_state()
    seconds = measure(lambda: bot.mcts_search(state), runs)
    median = statistics.median(seconds)
    return {
        "case": "OpenSpiel MCTSBot, python_tic_tac_toe",
        "iterations": iterations,
        "median_cpu_seconds": median,
        "simulations_per_second": iterations / median,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=positive_int, default=5000)
    parser.add_argument("--runs", type=positive_int, default=5)
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    reference = openspiel_reference(args.iterations, args.runs)
    if reference is not None:
        rows.append(reference)
    for name, game_id, players, options, make in cases(args.iterations):
        game = tritable.new_game(game_id, players, options)
        state, seat = first_decision(game.new_state(seed=3))
        seconds = measure(lambda: make().choose(state, seat), args.runs)  # noqa: B023
        median = statistics.median(seconds)
        rows.append(
            {
                "case": name,
                "iterations": args.iterations,
                "median_cpu_seconds": median,
                "simulations_per_second": args.iterations / median,
            }
        )
    if reference is not None:
        for row in rows[1:]:
            row["ratio_to_openspiel"] = row["simulations_per_second"] / reference["simulations_per_second"]
    if args.json:
        json.dump({"python": sys.version.split()[0], "runs": args.runs, "cases": rows}, sys.stdout, indent=1)
        print()
        return
    for row in rows:
        ratio = f"  x{row['ratio_to_openspiel']:.2f} OpenSpiel" if "ratio_to_openspiel" in row else ""
        print(f"{row['case']:<45} {row['simulations_per_second']:>10,.0f} simulations/s{ratio}")


if __name__ == "__main__":
    run(main)
