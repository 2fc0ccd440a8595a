"""Paired games: one agent spec against ``random`` (or another spec) in every other seat, on a
fixed list of games, so that two versions of an agent can be compared game by game.

Game ``i`` is set up from seed ``7000 + i``; the agent under test sits in seat ``i % players``;
the other seats' agents are seeded from ``i`` too. Variants for experiments:

* ``--no-policy``: the game's rollout policy removed (uniformly random playouts);
* ``--full-information``: the agent searches the real state (every hand, every future deal),
  a cheat that gives a ceiling, not a level;
* ``--known-racks`` (Triominos): the agent's samples hold the real racks, but the pool's order
  and the later rounds' deals are drawn afresh: a cheat that knows the other racks and not the
  luck to come, the ceiling of a perfect inference of the racks;
* ``--random-model``: the agent's search knows the other seats play at random: in its tree they
  choose uniformly instead of by UCB and its playouts play them at random (its own seat keeps the
  rollout policy). Against ``random`` that is the best-response search, another ceiling.
* ``--crn flat|halving``: the ``ismcts`` agent under test replaced by flat Monte Carlo with
  common random numbers: every legal action is played out (the search's playout, to its
  ``rollout_depth``) on the same determinizations with the same playout seed, ``iterations``
  playouts in all; ``halving`` spreads them over ``ceil(log2(actions))`` rounds and keeps the
  better half of the actions after each (sequential halving).

Usage: ``.venv/bin/python bench/paired_games.py GAME PLAYERS GAMES SPEC [--opponent SPEC]
[--no-policy] [--full-information] [--known-racks] [--random-model] [--crn flat|halving] [--first I] [--stream K]
[--jobs J] [--out FILE]`` (``--first I``: games I .. I+GAMES-1, to add games to an earlier run;
``--stream K``: the agent under test gets other seeds, so the same search plays the same deals
with another random stream: how far two runs of one search differ is the noise a paired
difference must beat).
Prints the agent's score (a win 1, a draw 1/2 against each other seat) and, with ``--out``, one
JSON line a game (its return).
``--compare A B`` reads two such files and prints the paired difference with a 95% interval;
``A`` and ``B`` may each be several files joined by commas (runs of one search), whose mean per
game is compared.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
from multiprocessing import Pool
from typing import Any

from benchargs import fail, known_game, natural_int, output_file, positive_int, run

import tritable
from tritable.ai import agents as agents_module
from tritable.ai import mcts, policies
from tritable.ai.levels import make_agent
from tritable.engine.protocol import SIMULTANEOUS, TERMINAL

ARGS: Any = None
ME = -1
REAL: Any = None
"""The position the agent under test is choosing in (for ``--known-racks``)."""


def _full_information() -> None:
    original = agents_module.Observation.__init__

    def init(self: Any, state: Any, seat: int, seed: int | str) -> None:
        original(self, state, seat, seed)
        self._state = state.clone()

    agents_module.Observation.__init__ = init  # type: ignore[method-assign]


def _known_racks() -> None:
    from tritable.games.triominos import game as triominos

    original = triominos.Triominos.sampler

    # Agents draw through ``sampler`` (``sample_state`` calls it too), so the cheat goes there.
    def sampler(self: Any, view: Any) -> Any:
        draw = original(self, view)
        if REAL is None or view.get("seat") != ME:
            return draw
        real = REAL

        def known(rng: Any) -> Any:
            fresh = draw(rng)  # the pool's order and later deals, drawn from the view
            state = real.clone()
            rest = list(state.pool[state.drawn :])
            rng.shuffle(rest)
            state.pool = state.pool[: state.drawn] + tuple(rest)
            state.future = fresh.future
            return state

        return known

    triominos.Triominos.sampler = sampler  # type: ignore[method-assign]


def _random_model() -> None:
    search = mcts.Search
    player, pick, init = search._player, search._pick, search.__init__

    def new_init(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        own = self.policy

        def policy(state: Any, seat: int, actions: list[Any], rng: Any) -> Any:
            if seat == ME and own is not None:
                return own(state, seat, actions, rng)
            return actions[rng.randrange(len(actions))]

        self.policy = policy

    def new_pick(self: Any, stats: Any, legal: list[Any], seat: int) -> tuple[Any, Any]:
        if seat == ME:
            return pick(self, stats, legal, seat)
        action = legal[self.rng.randrange(len(legal))]
        stat = stats.get(action)
        if stat is None:
            stat = stats[action] = mcts.Node(seat, action)
        return action, stat

    def new_player(self: Any, node: Any, state: Any, p: int) -> tuple[Any, bool]:
        if p == ME:
            return player(self, node, state, p)
        action, child = new_pick(self, node.children, state.legal_actions(p), p)
        state.apply_action(action, p)
        return child, child.visits == 0

    search.__init__ = new_init  # type: ignore[method-assign]
    search._player = new_player  # type: ignore[method-assign]
    search._pick = new_pick  # type: ignore[method-assign]


def _crn(halving: bool) -> None:
    def analyse(self: Any, obs: Any) -> list[Any]:
        actions = list(obs.legal_actions())
        if len(actions) == 1:
            return [agents_module.ActionStat(actions[0], 0.0, 1)]
        search = mcts.Search(obs.game, obs.rng, self.c, self.rollout_depth, self._evaluation(obs.game), False)
        totals = dict.fromkeys(actions, 0.0)
        counts = dict.fromkeys(actions, 0)
        alive = list(actions)
        rounds = max(1, math.ceil(math.log2(len(actions)))) if halving else 1
        spent = 0
        for r in range(rounds):
            for _ in range(max(1, self.iterations // rounds // len(alive))):
                base = obs.likely_sample()
                seed = obs.rng.getrandbits(64)
                for a in alive:
                    state = base.clone()
                    state.apply_action(a, obs.seat)
                    search.rng = random.Random(seed)  # the same luck for every action
                    totals[a] += search.rollout(state)[obs.seat]
                    counts[a] += 1
                    spent += 1
            if r < rounds - 1:
                alive.sort(key=lambda a: -totals[a] / counts[a])
                alive = alive[: (len(alive) + 1) // 2]
        self.last_iterations = spent
        order = sorted(actions, key=lambda a: (a not in alive, -totals[a] / counts[a]))
        return agents_module.prefer(obs, [agents_module.ActionStat(a, totals[a] / counts[a], counts[a]) for a in order])

    mcts.ISMCTSAgent.analyse_observation = analyse  # type: ignore[method-assign]


def one(i: int) -> dict[str, Any]:
    global ME, REAL
    game = tritable.new_game(ARGS.game, ARGS.players)
    seat = ME = i % ARGS.players
    agents = [
        make_agent(game, ARGS.spec, 1000 * i + s + 100_000 * ARGS.stream)
        if s == seat
        else make_agent(game, ARGS.opponent, 1000 * i + s)
        for s in range(ARGS.players)
    ]
    state = game.new_state(seed=7000 + i)
    while (p := state.current_player()) != TERMINAL:
        mover = p if p >= 0 else state.players_to_move()[0]
        REAL = state if mover == seat else None
        action = agents[mover].choose(state, mover)
        state.apply_action(action, mover if p == SIMULTANEOUS else None)
    outcome = state.outcome()
    return {"game": i, "seat": seat, "return": outcome.returns()[seat], "scores": list(outcome.scores)}


def compare(a: str, b: str) -> None:
    def load(path: str) -> dict[int, float]:
        try:
            with open(path, encoding="utf-8") as f:
                return {r["game"]: r["return"] for r in map(json.loads, f)}
        except (ValueError, KeyError, TypeError) as exc:
            fail(f"{path} is not a file of paired games (one JSON line a game): {exc!r}")

    def mean_of(paths: str) -> dict[int, float]:
        runs = [load(path) for path in paths.split(",")]
        return {i: statistics.mean(run[i] for run in runs) for i in runs[0] if all(i in run for run in runs)}

    first, second = mean_of(a), mean_of(b)
    diffs = [(second[i] - first[i]) / 2 for i in first if i in second]
    if len(diffs) < 2:
        fail(f"{a} and {b} share {len(diffs)} game(s): a comparison needs at least 2")
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(f"{b} - {a}: {mean:+.3f} +- {half:.3f} (95%) over {len(diffs)} games")


def main() -> None:
    global ARGS
    if len(sys.argv) > 1 and sys.argv[1] == "--compare":
        if len(sys.argv) != 4:
            fail("--compare takes two arguments: A B (each a file, or several runs joined by commas)")
        compare(sys.argv[2], sys.argv[3])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", type=known_game)
    parser.add_argument("players", type=int)
    parser.add_argument("games", type=positive_int)
    parser.add_argument("spec")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--no-policy", action="store_true")
    parser.add_argument("--full-information", action="store_true")
    parser.add_argument("--known-racks", action="store_true")
    parser.add_argument("--random-model", action="store_true")
    parser.add_argument("--crn", choices=["flat", "halving"])
    parser.add_argument(
        "--first", type=natural_int, default=0, help="the first game's number (games first .. first+GAMES-1)"
    )
    parser.add_argument("--stream", type=natural_int, default=0, help="another random stream for the agent under test")
    parser.add_argument("--jobs", type=positive_int, default=2)
    parser.add_argument("--out", type=output_file)
    ARGS = parser.parse_args()
    # Refused here, not in a worker process after the pool has started.
    game = tritable.new_game(ARGS.game, ARGS.players)
    make_agent(game, ARGS.spec, 0)
    make_agent(game, ARGS.opponent, 0)
    if ARGS.no_policy:
        policies.POLICIES.pop(ARGS.game, None)
    if ARGS.full_information:
        _full_information()
    if ARGS.known_racks:
        if ARGS.game != "triominos":
            parser.error("--known-racks is for triominos")
        _known_racks()
    if ARGS.random_model:
        _random_model()
    if ARGS.crn:
        _crn(ARGS.crn == "halving")
    rows: list[dict[str, Any]] = []
    # Each game's line is written as it ends, so a long run that is stopped keeps what it played.
    with open(ARGS.out or os.devnull, "w", encoding="utf-8") as out, Pool(ARGS.jobs) as pool:
        for row in pool.imap(one, range(ARGS.first, ARGS.first + ARGS.games)):  # forked workers inherit the variant
            rows.append(row)
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"game {len(rows)}/{ARGS.games}: {row['return']:+.3f}", file=sys.stderr, flush=True)
    score = (statistics.mean(r["return"] for r in rows) + 1) / 2
    print(f"{ARGS.spec} against {ARGS.opponent}: {score:.3f} over {len(rows)} games")


if __name__ == "__main__":
    run(main)
