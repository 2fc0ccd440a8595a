"""Monte Carlo tree search over the engine protocol: UCT and information-set MCTS.

One tree code serves both agents. Each iteration walks down from the root on one full state (a
copy of the real state, or a determinization drawn from the seat's view), expands one node,
plays on with random actions, or with the game's rollout policy if it registered one
(:mod:`tritable.ai.policies`), to the end of the game (or for ``rollout_depth`` actions, then asks
the game's evaluation), and backs the per-seat returns up the path: every edge keeps the return of the seat
that chose it, so any number of players works (``state.returns()``: the average over the other
seats of +1 ahead, 0 tied, -1 behind).

* A **player** turn is a node whose children are that seat's actions, chosen by UCB1.
* A **chance** turn samples an outcome by ``state.chance_outcomes()`` and follows (or makes) the
  child of that outcome.
* A **simultaneous** turn lets each pending seat choose in turn, each from its own statistics at
  that node (decoupled UCT): a seat's choice never depends on the hidden choices of the others.
  The node reached afterwards is keyed by the joint choice.

:class:`MCTSAgent` is plain UCT on the real state when the game has perfect information; on a
hidden-information game it runs one UCT tree on each of ``determinizations`` states drawn from the
view and adds up their root statistics (perfect-information Monte Carlo).
:class:`ISMCTSAgent` is single-observer information-set MCTS: one tree, a fresh determinization
each iteration, and UCB over the actions available in it (availability counts).
"""

from __future__ import annotations

import enum
import gc
import itertools
import math
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar, Final

from tritable.ai.agents import (
    ActionStat,
    Agent,
    AgentSpecError,
    Observation,
    check_evaluation,
    check_setting,
    evaluated,
    prefer,
)
from tritable.ai.evaluation import Evaluation
from tritable.ai.policies import policy_for
from tritable.engine.playout import random_step
from tritable.engine.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, State

_INF = float("inf")

DEFAULT_ITERATIONS = 1000
"""The budget of a search agent given neither ``iterations`` nor ``seconds``."""


class _Unset(enum.Enum):
    UNSET = "unset"


UNSET: Final = _Unset.UNSET
"""``iterations`` not given: :data:`DEFAULT_ITERATIONS`, or no limit beside a time budget (an
explicit ``None`` with no time budget is refused: the search would never end)."""


class Node:
    """A tree node, also the statistics of the edge that leads to it.

    ``mover`` is the seat whose choice leads here (its return is summed in ``total``), or CHANCE /
    SIMULTANEOUS for nodes reached by a chance outcome or a joint simultaneous choice. ``seats``
    holds, at a simultaneous node, each seat's own action statistics.
    """

    __slots__ = ("action", "avail", "children", "isq", "mean", "mover", "seats", "total", "untried", "visits")

    def __init__(self, mover: int, action: Action = None) -> None:
        self.mover = mover
        self.action = action
        self.visits = 0
        self.total = 0.0
        # mean = total / visits and isq = 1 / sqrt(visits), kept up to date by the backup so that
        # UCB over many children is a multiply and an add per child.
        self.mean = 0.0
        self.isq = 1.0
        self.avail = 1
        self.children: dict[Any, Node] = {}
        self.untried: list[Action] | None = None
        self.seats: dict[int, dict[Action, Node]] | None = None


@contextmanager
def no_cyclic_gc() -> Iterator[None]:
    """The cyclic garbage collector off for a search. Trees and playouts make no reference
    cycles (refcounting frees them): the collector would only walk them over and over, slowing
    the search and making its pauses blow time budgets."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


class Search:
    """The tree search itself: :meth:`iterate` runs one iteration on a full state.

    ``fixed_actions`` (perfect information, one state) lets a node remember its legal actions;
    otherwise they are asked of every determinization and UCB uses availability counts.
    """

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        c: float,
        rollout_depth: int | None,
        evaluation: Evaluation | None,
        fixed_actions: bool,
    ) -> None:
        self.players = game.players
        self.rng = rng
        self.c = c
        self.evaluation = evaluation
        self.policy = policy_for(game)
        self.limit = rollout_depth if (rollout_depth is not None and evaluation is not None) else 1 << 30
        self.fixed_actions = fixed_actions

    def run(self, root: Node, make_state: Callable[[], State], iterations: int | None, deadline: float | None) -> int:
        """Iterate until ``iterations`` are done or ``deadline`` (perf_counter) passes."""
        done = 0
        limit = iterations if iterations is not None else 1 << 62
        with no_cyclic_gc():
            while done < limit:
                self.iterate(root, make_state())
                done += 1
                if deadline is not None and time.perf_counter() >= deadline:
                    break
        return done

    def iterate(self, root: Node, state: State) -> None:
        node = root
        path = [root]
        while True:
            p = state.current_player()
            if p >= 0:
                node, new = self._player(node, state, p)
                path.append(node)
                if new:
                    break
            elif p == TERMINAL:
                break
            elif p == CHANCE:
                outcomes = state.chance_outcomes()
                outcome = self.rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0]
                state.apply_action(outcome)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = Node(CHANCE)
                    path.append(child)
                    break
                node = child
                path.append(child)
            else:
                seats = node.seats
                if seats is None:
                    seats = node.seats = {}
                joint = []
                for seat in state.players_to_move():
                    stats = seats.get(seat)
                    if stats is None:
                        stats = seats[seat] = {}
                    action, stat = self._pick(stats, state.legal_actions(seat), seat)
                    state.apply_action(action, seat)
                    path.append(stat)
                    joint.append((seat, action))
                key = tuple(joint)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(SIMULTANEOUS)
                    path.append(child)
                    break
                node = child
                path.append(child)
        rewards = self.rollout(state)
        sqrt = math.sqrt
        for n in path:
            v = n.visits = n.visits + 1
            if n.mover >= 0:
                n.total += rewards[n.mover]
                n.mean = n.total / v
                n.isq = 1.0 / sqrt(v)

    def _player(self, node: Node, state: State, p: int) -> tuple[Node, bool]:
        """Expand or select the child of seat ``p``'s turn; apply its action to ``state``."""
        if not self.fixed_actions:
            action, child = self._pick(node.children, state.legal_actions(p), p)
            state.apply_action(action, p)
            return child, child.visits == 0
        untried = node.untried
        if untried is None:
            untried = node.untried = list(state.legal_actions(p))
            self.rng.shuffle(untried)
        if untried:
            action = untried.pop()
            state.apply_action(action, p)
            child = node.children[action] = Node(p, action)
            return child, True
        k = self.c * math.sqrt(math.log(node.visits))
        best_score = -_INF
        best = node
        for ch in node.children.values():
            score = ch.mean + k * ch.isq
            if score > best_score:
                best_score = score
                best = ch
        state.apply_action(best.action, p)
        return best, False

    def _pick(self, stats: dict[Action, Node], legal: list[Action], seat: int) -> tuple[Action, Node]:
        """UCB over the available actions with availability counts; an untried one first."""
        fresh = [a for a in legal if a not in stats]
        for a in legal:
            ch = stats.get(a)
            if ch is not None:
                ch.avail += 1
        if fresh:
            action = fresh[self.rng.randrange(len(fresh))]
            stat = stats[action] = Node(seat, action)
            return action, stat
        c = self.c
        log, sqrt = math.log, math.sqrt
        best_score = -_INF
        best_action: Action = None
        for a in legal:
            ch = stats[a]
            score = ch.mean + c * sqrt(log(ch.avail)) * ch.isq if ch.visits else _INF
            if score > best_score:
                best_score = score
                best_action = a
        return best_action, stats[best_action]

    def rollout(self, state: State) -> list[float]:
        """Random actions (or the game's rollout policy's, :mod:`tritable.ai.policies`) to the end
        or to the evaluation cutoff; per-seat returns."""
        rng = self.rng
        rnd = rng.random
        depth = 0
        limit = self.limit
        policy = self.policy
        while True:
            p = state.current_player()
            if p == TERMINAL:
                return state.returns()
            if depth >= limit:
                evaluate = self.evaluation
                assert evaluate is not None
                return [evaluated(evaluate, state, s) for s in range(self.players)]
            if p >= 0:
                actions = state.legal_actions()
                if policy is None or len(actions) == 1:
                    state.apply_action(actions[int(rnd() * len(actions))])
                else:
                    state.apply_action(policy(state, p, actions, rng))
            else:
                random_step(state, rng)
            depth += 1


def root_stats(root: Node, seat: int, actions: list[Action]) -> dict[Action, tuple[int, float]]:
    """The seat's (visits, total return) per legal action at the root."""
    if root.seats is not None:
        table: dict[Action, Node] = root.seats.get(seat, {})
    else:
        table = root.children
    out: dict[Action, tuple[int, float]] = {}
    for a in actions:
        n = table.get(a)
        out[a] = (n.visits, n.total) if n is not None else (0, 0.0)
    return out


def ranked(stats: dict[Action, tuple[int, float]], order: list[Action]) -> list[ActionStat]:
    """Most visited first (ties: higher mean, then ``order``)."""
    rows = [ActionStat(a, stats[a][1] / stats[a][0] if stats[a][0] else 0.0, stats[a][0]) for a in order if a in stats]
    rows.sort(key=lambda r: (-(r.visits or 0), -r.value))
    return rows


class _SearchAgent(Agent):
    """Budget and settings shared by the search agents: ``iterations``, ``seconds`` or both (the
    first reached stops); given neither, :data:`DEFAULT_ITERATIONS`. ``seconds`` alone is a time
    budget; both ``None`` is refused (:class:`AgentSpecError`)."""

    repr_settings: ClassVar[tuple[str, ...]] = ("iterations", "seconds", "c", "rollout_depth")

    def __init__(
        self,
        seed: int | str = 0,
        iterations: int | _Unset | None = UNSET,
        seconds: float | None = None,
        c: float = 1.0,
        rollout_depth: int | None = None,
        evaluation: Evaluation | None = None,
    ) -> None:
        super().__init__(seed)
        if iterations is UNSET:
            iterations = DEFAULT_ITERATIONS if seconds is None else None
        if iterations is None and seconds is None:
            raise AgentSpecError(f"{self.kind}: give an iteration budget, a time budget or both")
        settings = {"iterations": iterations, "seconds": seconds, "c": c, "rollout_depth": rollout_depth}
        for key, value in settings.items():
            if value is not None or key == "c":
                check_setting(self.kind, key, value)
        check_evaluation(self.kind, evaluation)
        if evaluation is not None and rollout_depth is None:
            # Playouts to the end never ask it: a value function given here would go unused, unseen.
            raise AgentSpecError(
                f"{self.kind}: an evaluation scores playouts cut at rollout_depth: give rollout_depth too"
                " (0: it scores each new node), or leave the evaluation out to play to the end"
            )
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout_depth = rollout_depth
        self.evaluation = evaluation
        self.last_iterations = 0
        """Iterations the last decision ran (for speed reports)."""

    def _evaluation(self, game: Game) -> Evaluation | None:
        if self.evaluation is not None:
            return self.evaluation
        from tritable.ai.evaluation import evaluation_for

        return evaluation_for(game)

    def _deadline(self) -> float | None:
        return time.perf_counter() + self.seconds if self.seconds is not None else None


class MCTSAgent(_SearchAgent):
    """UCT. Perfect information: one tree on the real state. Hidden information: one tree on
    each of ``determinizations`` states drawn from the seat's view (fewer if the iteration budget
    is smaller: a tree needs an iteration), root statistics summed."""

    repr_settings = (*_SearchAgent.repr_settings, "determinizations")
    kind = "mcts"

    def __init__(
        self,
        seed: int | str = 0,
        iterations: int | _Unset | None = UNSET,
        seconds: float | None = None,
        c: float = 1.0,
        rollout_depth: int | None = None,
        evaluation: Evaluation | None = None,
        determinizations: int = 8,
    ) -> None:
        super().__init__(seed, iterations, seconds, c, rollout_depth, evaluation)
        check_setting(self.kind, "determinizations", determinizations)
        self.determinizations = determinizations

    def analyse_observation(self, obs: Observation) -> list[ActionStat]:
        deadline = self._deadline()
        actions = obs.legal_actions()
        search = Search(obs.game, obs.rng, self.c, self.rollout_depth, self._evaluation(obs.game), True)
        # No more trees than iterations: each tree gets at least one, and a budget of 5 must
        # not run 8.
        k = self.determinizations if self.iterations is None else min(self.determinizations, self.iterations)
        groups = obs.determinizations(k)
        totals: dict[Action, tuple[int, float]] = {a: (0, 0.0) for a in actions}
        self.last_iterations = 0
        weight_left = sum(n for _, n in groups)
        weight_done = 0
        for root_state, n in groups:
            # Each tree gets its determinization's share of the iterations (the shares add up to
            # the budget exactly) and of the time left.
            budget = None
            if self.iterations is not None:
                budget = self.iterations * (weight_done + n) // k - self.iterations * weight_done // k
            weight_done += n
            share = None
            if deadline is not None:
                now = time.perf_counter()
                share = now + (deadline - now) * n / weight_left
            weight_left -= n
            root = Node(-1)
            self.last_iterations += search.run(root, root_state.clone, budget, share)
            for a, (v, t) in root_stats(root, obs.seat, actions).items():
                v0, t0 = totals[a]
                totals[a] = (v0 + v, t0 + t)
        return prefer(obs, ranked(totals, actions))


class ISMCTSAgent(_SearchAgent):
    """Single-observer information-set MCTS: one tree over the seat's information, a
    determinization from ``game.sample_state(view, rng)`` for every iteration. With ``samples``
    > 0, that many determinizations (no more than ``iterations``) are drawn once and the
    iterations go round them (copies are much cheaper than draws in games whose sampler is slow).
    When the view hides nothing (every draw is the same position) it is plain UCT on that
    position."""

    repr_settings = (*_SearchAgent.repr_settings, "samples")
    kind = "ismcts"

    def __init__(
        self,
        seed: int | str = 0,
        iterations: int | _Unset | None = UNSET,
        seconds: float | None = None,
        c: float = 1.0,
        rollout_depth: int | None = None,
        evaluation: Evaluation | None = None,
        samples: int = 0,
    ) -> None:
        super().__init__(seed, iterations, seconds, c, rollout_depth, evaluation)
        check_setting(self.kind, "samples", samples)
        self.samples = samples

    def analyse_observation(self, obs: Observation) -> list[ActionStat]:
        deadline = self._deadline()  # drawing determinizations counts against the time too
        actions = obs.legal_actions()
        known = obs.known_state() if obs.hidden else None
        # Nothing hidden after all (Triple Triad with open hands): plain UCT on that position.
        search = Search(
            obs.game,
            obs.rng,
            self.c,
            self.rollout_depth,
            self._evaluation(obs.game),
            not obs.hidden or known is not None,
        )
        make_state: Callable[[], State] = known.clone if known is not None else obs.likely_sample
        if known is None and obs.hidden and self.samples:
            # Drawing the determinizations may take at most half the time (a weighted sampler late
            # in a long game could otherwise spend all of it); the search cycles over those drawn.
            drawn_by = None if deadline is None or self.seconds is None else deadline - self.seconds / 2
            # No more of them than iterations to use them: a tiny budget beside a huge ``samples``
            # must not draw (and hold) states for ever, as ``determinizations`` is capped in MCTS.
            wanted = self.samples if self.iterations is None else min(self.samples, self.iterations)
            pool = [obs.likely_sample()]
            while len(pool) < wanted and (drawn_by is None or time.perf_counter() < drawn_by):
                pool.append(obs.likely_sample())
            turn = itertools.count()
            n = len(pool)

            def make_state() -> State:
                return pool[next(turn) % n].clone()

        root = Node(-1)
        self.last_iterations = search.run(root, make_state, self.iterations, deadline)
        return prefer(obs, ranked(root_stats(root, obs.seat, actions), actions))
