"""How fast a game draws determinizations from a seat's view: ``game.sample_state(view, rng)``,
which reads the view afresh for every draw, against ``game.sampler(view)``, which reads it once
and then draws, as the search does.

Positions come from random play (one random decision of each of the random games from seeds
0 .. POSITIONS-1, the view of the seat to move); at each, DRAWS states are drawn both ways. CPU time (``process_time``),
the median over the positions of the mean time a draw (the sampler's first draw, which reads the
view, included), for every game with hidden information unless ``--game`` names one.

Usage: ``.venv/bin/python bench/sampler_bench.py [--game ID] [--players P] [--positions N]
[--draws D] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from benchargs import known_game, positive_int, run

import tritable
from tritable.engine.playout import random_step
from tritable.engine.protocol import JSON


def views(game: tritable.Game, positions: int) -> list[JSON]:
    """One view a seed: of the seat to move at a random decision of a random game."""
    out = []
    for seed in range(positions):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        seen = []
        while not state.is_terminal():
            if state.current_player() >= 0:
                seen.append(state.view(state.current_player()))
            random_step(state, rng)
        out.append(rng.choice(seen))
    return out


CLOSED = {"triple-triad": {"open": False}}
"""Options under which a game hides something (Triple Triad's default hands are open)."""


def measure(game_id: str, players: int | None, positions: int, draws: int) -> dict[str, Any]:
    game = tritable.new_game(game_id, players, CLOSED.get(game_id))
    fresh: list[float] = []
    once: list[float] = []
    for i, view in enumerate(views(game, positions)):
        rng = random.Random(i)
        start = time.process_time()
        for _ in range(draws):
            game.sample_state(view, rng)
        fresh.append((time.process_time() - start) / draws)
        rng = random.Random(i)
        start = time.process_time()
        draw = game.sampler(view)
        for _ in range(draws):
            draw(rng)
        once.append((time.process_time() - start) / draws)
    a, b = statistics.median(fresh), statistics.median(once)
    return {
        "game": game_id,
        "players": game.players,
        "positions": len(fresh),
        "draws": draws,
        "sample_state_ms": round(a * 1000, 4),
        "sampler_ms": round(b * 1000, 4),
        "speedup": round(a / b, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", type=known_game)
    parser.add_argument("--players", type=positive_int, help="with --game: this many players (default: the fewest)")
    parser.add_argument("--positions", type=positive_int, default=30)
    parser.add_argument("--draws", type=positive_int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.players is not None and args.game is None:
        parser.error("--players needs --game (without it every game runs at every player count)")
    if args.game:
        cases = [(args.game, args.players)]
    else:
        games = [tritable.new_game(g) for g in tritable.game_ids()]
        cases = [(g.id, p) for g in games if not g.perfect_information for p in range(g.min_players, g.max_players + 1)]
    rows = [measure(g, p, args.positions, args.draws) for g, p in cases]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print("| game | players | a draw, sample_state | a draw, sampler | speed-up |")
    print("|---|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['game']} | {r['players']} | {r['sample_state_ms']:.3f} ms | {r['sampler_ms']:.3f} ms | "
            f"{r['speedup']:.1f}x |"
        )


if __name__ == "__main__":
    run(main)
