"""Flat Monte Carlo with sequential halving and common random numbers.

No tree: every playout starts with one of the seat's actions and then plays on as the tree
search's rollouts do (random actions or the game's rollout policy, to the end or to the evaluation
cutoff). The budget is spread over ``ceil(log2(actions))`` rounds; each round gives every action
still in the running the same number of playouts, then drops the worse half. The last survivor is
the choice.

The playouts of one batch share everything but the action: one determinization drawn from the
view and one seed for the rollout's randomness. Two actions are then compared on the same hidden
cards, the same draws and the same replies as far as the replies allow (common random numbers),
which takes most of the luck out of the comparison. In Triominos, a game of luck and many small
choices, this finds the better lay where the tree search's noise hides it (docs/experiments.md).

>>> import tritable
>>> state = tritable.new_game("triad").new_state(seed=1)
>>> agent = HalvingAgent(seed=7, iterations=60, rollout_depth=6)
>>> agent.choose(state, state.current_player()) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from tritable.ai.agents import ActionStat, Observation, prefer
from tritable.ai.evaluation import Evaluation
from tritable.ai.mcts import UNSET, Search, _SearchAgent, _Unset, no_cyclic_gc, ranked
from tritable.engine.protocol import Action, State


class HalvingAgent(_SearchAgent):
    """Sequential halving over the seat's actions with common random numbers.

    ``iterations`` is the number of playouts, shared out evenly over the rounds; every action gets
    at least one playout in the first round, so a budget below the number of actions is exceeded.
    ``seconds`` gives each round an equal share of the time left. ``analyse`` ranks the actions by
    the rounds they survived (their playouts), then by their mean return.
    """

    kind = "halving"
    repr_settings = ("iterations", "seconds", "rollout_depth")

    def __init__(
        self,
        seed: int | str = 0,
        iterations: int | _Unset | None = UNSET,
        seconds: float | None = None,
        rollout_depth: int | None = None,
        evaluation: Evaluation | None = None,
    ) -> None:
        super().__init__(seed, iterations, seconds, 1.0, rollout_depth, evaluation)

    def analyse_observation(self, obs: Observation) -> list[ActionStat]:
        deadline = self._deadline()
        actions = obs.legal_actions()
        known = obs.known_state() if obs.hidden else None
        draw: Callable[[], State] = known.clone if known is not None else obs.likely_sample
        search = Search(obs.game, obs.rng, self.c, self.rollout_depth, self._evaluation(obs.game), True)
        totals = dict.fromkeys(actions, 0.0)
        counts = dict.fromkeys(actions, 0)
        alive = list(actions)
        rounds = max(1, math.ceil(math.log2(len(actions))))
        spent = 0
        with no_cyclic_gc():
            for r in range(rounds):
                left = rounds - r
                batches = None
                if self.iterations is not None:
                    batches = max(1, (self.iterations - spent) // left // len(alive))
                round_ends = None
                if deadline is not None:
                    now = time.perf_counter()
                    round_ends = now + (deadline - now) / left
                done = 0
                while True:
                    spent += self._batch(obs, draw(), alive, search, totals, counts)
                    done += 1
                    if batches is not None and done >= batches:
                        break
                    if round_ends is not None and time.perf_counter() >= round_ends:
                        break
                if r < rounds - 1:
                    # A stable sort: equal means keep the order of the legal actions.
                    alive.sort(key=lambda a: -totals[a] / counts[a])
                    alive = alive[: (len(alive) + 1) // 2]
        self.last_iterations = spent
        stats = {a: (counts[a], totals[a]) for a in actions}
        return prefer(obs, ranked(stats, actions))

    @staticmethod
    def _batch(
        obs: Observation,
        base: State,
        alive: list[Action],
        search: Search,
        totals: dict[Action, float],
        counts: dict[Action, int],
    ) -> int:
        """One playout of every action in ``alive`` from ``base`` with the same rollout seed."""
        seed = obs.rng.getrandbits(64)
        for action in alive:
            state = base.clone()
            state.apply_action(action, obs.seat)
            search.rng = random.Random(seed)
            totals[action] += search.rollout(state)[obs.seat]
            counts[action] += 1
        return len(alive)
