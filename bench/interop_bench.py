"""What the OpenSpiel and PettingZoo interfaces cost: random playouts per second of each game
through the native protocol, through OpenSpiel (``tritable.interop.openspiel``) and through
PettingZoo (``tritable.interop.pettingzoo``), and each interface's cost as a multiple of the native.

A playout is a whole game from its deal, with uniformly random legal actions:

* native: ``game.new_state(seed=i)`` (the deal) and ``random_playout`` (``legal_actions`` and
  ``apply_action``);
* OpenSpiel: ``new_initial_state()``, the deal's chance steps drawn by their probabilities, then
  ``legal_actions()`` and ``apply_action`` (``apply_actions`` at a simultaneous node);
* PettingZoo: ``reset(seed=i)`` and the AEC loop as a learner runs it: ``last()`` (the seat's
  observation: its view, encoded, and the action mask) and ``step`` with a random legal action
  (drawn from ``info["legal_actions"]``, the ids the mask marks: drawing from a mask of 776,330
  Triominos actions would cost more than the step);
* PettingZoo without observations ("blind"): the same loop with ``last(observe=False)``, what the
  environment costs apart from building observations.

Each measure plays for ``--seconds`` of CPU time (``process_time``); the figure is the median over
``--runs`` such measures. Every game at every player count, default options, unless ``--game``.

Usage: ``.venv/bin/python bench/interop_bench.py [--game ID] [--players P] [--seconds T] [--runs R]
[--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchargs import fail, known_game, positive_float, positive_int, run

import tritable
from tritable.engine.playout import random_playout


def native_playout(game: tritable.Game) -> Callable[[int], None]:
    def play(i: int) -> None:
        random_playout(game.new_state(seed=i), random.Random(i))

    return play


def openspiel_playout(game: tritable.Game) -> Callable[[int], None]:
    import pyspiel

    import tritable.interop.openspiel as tos

    os_game = pyspiel.load_game(tos.short_name(game.id), {"players": game.players})
    players = range(game.players)

    def play(i: int) -> None:
        rng = random.Random(i)
        state = os_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in players])
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    return play


def pettingzoo_playout(game: tritable.Game, observe: bool = True) -> Callable[[int], None]:
    from tritable.interop.pettingzoo import env

    e = env(game.id, players=game.players)

    def play(i: int) -> None:
        rng = random.Random(i)
        e.reset(seed=i)
        for _ in e.agent_iter():
            _, _, terminated, truncated, info = e.last(observe)
            if terminated or truncated:
                e.step(None)
            else:
                e.step(rng.choice(info["legal_actions"]))

    return play


def pettingzoo_blind_playout(game: tritable.Game) -> Callable[[int], None]:
    return pettingzoo_playout(game, observe=False)


INTERFACES: dict[str, Callable[[tritable.Game], Callable[[int], None]]] = {
    "native": native_playout,
    "openspiel": openspiel_playout,
    "pettingzoo": pettingzoo_playout,
    "pettingzoo_blind": pettingzoo_blind_playout,
}


def rate(play: Callable[[int], None], seconds: float, first: int) -> float:
    """Playouts per CPU second over at least ``seconds``."""
    n = 0
    start = time.process_time()
    while True:
        play(first + n)
        n += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return n / spent


def measure(game_id: str, players: int, seconds: float, runs: int) -> dict[str, Any]:
    game = tritable.new_game(game_id, players)
    plays = {name: make(game) for name, make in INTERFACES.items()}
    rates: dict[str, list[float]] = {name: [] for name in plays}
    for r in range(runs):  # the interfaces take turns, so a busy spell of the machine hits them alike
        for name, play in plays.items():
            rates[name].append(rate(play, seconds, 10_000 * r))
    row: dict[str, Any] = {"game": game_id, "players": players, "seconds": seconds, "runs": runs}
    native = statistics.median(rates["native"])
    for name, values in rates.items():
        row[f"{name}_per_s"] = round(statistics.median(values), 1)
        if name != "native":
            row[f"{name}_cost"] = round(native / statistics.median(values), 2)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", type=known_game)
    parser.add_argument("--players", type=positive_int, help="with --game: this many players (default: every count)")
    parser.add_argument("--seconds", type=positive_float, default=2.0, help="CPU seconds a measure (default 2)")
    parser.add_argument("--runs", type=positive_int, default=5, help="measures a figure is the median of (default 5)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.players is not None and args.game is None:
        parser.error("--players needs --game (without it every game runs at every player count)")
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError as exc:
        fail(f"this benchmark needs the open-spiel and pettingzoo extras ({exc})")
    games = [args.game] if args.game else tritable.game_ids()
    cases = []
    for g in games:
        cls = tritable.new_game(g)
        counts = [args.players] if args.players else range(cls.min_players, cls.max_players + 1)
        for p in counts:
            tritable.new_game(g, p)  # a PlayerCountError now, not after the other games
            cases.append((g, p))
    rows = [measure(g, p, args.seconds, args.runs) for g, p in cases]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(
        "| game | players | native playouts/s | OpenSpiel playouts/s | cost | PettingZoo playouts/s | cost "
        "| PettingZoo blind | cost |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['game']} | {r['players']} | {r['native_per_s']:,.0f} | {r['openspiel_per_s']:,.0f} | "
            f"{r['openspiel_cost']:.2f}x | {r['pettingzoo_per_s']:,.0f} | {r['pettingzoo_cost']:.2f}x | "
            f"{r['pettingzoo_blind_per_s']:,.0f} | {r['pettingzoo_blind_cost']:.2f}x |"
        )


if __name__ == "__main__":
    run(main)
