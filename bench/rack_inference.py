"""How well a Triominos sampler guesses the other racks: the share of another seat's real rack
that a sampled rack holds, averaged over samples, seats and positions.

Positions come from games played by ``--opponent`` in every seat (the first round of games from
seeds 0 .. GAMES-1, every third decision with a choice); at each, 20 states are drawn for the seat
to move, once from the view alone (``Observation.sample``) and once with the search's belief about
the others' lays (``Observation.likely_sample``, weighted by
:func:`tritable.ai.policies.triominos_sample_weight`). A uniform guess holds about rack size /
unseen tiles of a rack; knowing the racks would give 1. The time a sample is the mean over the
20 draws of a position (the first reads the view for all).

Usage: ``.venv/bin/python bench/rack_inference.py [--players P] [--games N] [--opponent SPEC]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchargs import positive_int, run

import tritable
from tritable.ai import agents, make_agent
from tritable.engine.protocol import State
from tritable.games.triominos import TriominosState

SAMPLES = 20


def overlap(sample: State, truth: list[list[str]], seat: int) -> list[float]:
    racks = sample.to_json()["racks"]
    return [len(set(racks[o]) & set(truth[o])) / len(truth[o]) for o in range(len(truth)) if o != seat and truth[o]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=positive_int, default=12)
    parser.add_argument("--opponent", default="greedy")
    args = parser.parse_args()
    game = tritable.new_game("triominos", args.players)
    player = make_agent(game, args.opponent, 1)
    found: dict[str, list[float]] = {"view alone": [], "with the belief": []}
    seconds = dict.fromkeys(found, 0.0)
    positions = 0
    for seed in range(args.games):
        state = game.new_state(seed=seed)
        assert isinstance(state, TriominosState)
        step = 0
        while not state.is_terminal() and state.round == 0:
            seat = state.current_player()
            if len(state.legal_actions(seat)) > 1 and step % 3 == 0:
                truth = state.to_json()["racks"]
                for name in found:
                    obs = agents.Observation(state, seat, step)
                    draw = obs.sample if name == "view alone" else obs.likely_sample
                    start = time.perf_counter()
                    samples = [draw() for _ in range(SAMPLES)]
                    seconds[name] += time.perf_counter() - start
                    found[name].append(statistics.mean(x for s in samples for x in overlap(s, truth, seat)))
                positions += 1
            state.apply_action(player.choose(state, seat))
            step += 1
    print(f"triominos, {args.players} players, {args.opponent} in every seat, {positions} positions:")
    for name, values in found.items():
        ms = 1000 * seconds[name] / (positions * SAMPLES)
        print(f"  {name}: {statistics.mean(values):.3f} of a rack found, {ms:.2f} ms a sample")


if __name__ == "__main__":
    run(main)
