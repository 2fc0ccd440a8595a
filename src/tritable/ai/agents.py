"""The agent interface, what an agent may observe, and the two baselines: random and greedy.

An agent is built with a seed and answers :meth:`Agent.choose` ``(state, seat) -> action``. It
never keeps a random generator across moves: each decision draws its randomness from
``random.Random`` seeded by the agent's seed and a digest of the seat's view, so the same seed,
position and budget always give the same move, whatever was asked before.

Hidden information is respected by construction: an agent first turns the referee's state into an
:class:`Observation`, which keeps the full state only for perfect-information games. For any other
game it holds the seat's view alone, and every state the agent looks at is drawn from that view by
``game.sample_state(view, rng)``.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from tritable.ai.evaluation import Evaluation, evaluation_for, preference_for
from tritable.engine.errors import GameOverError, OutOfTurnError, TritableError, shown
from tritable.engine.playout import random_step
from tritable.engine.protocol import (
    CHANCE,
    JSON,
    SEED_BOUND,
    SEED_DIGITS,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    State,
    check_seat,
)


class AgentSpecError(TritableError):
    """An agent spec or level is unknown, or one of its settings is invalid."""


LARGEST: dict[str, int] = {
    "iterations": 10**8,
    "seconds": 86_400,
    "samples": 10**6,
    "determinizations": 10**6,
    "rollout_depth": 10**6,
    "playouts": 10**6,
    "own_plies": 8,
}
"""The largest value of each setting: more would not end within a day or would not fit in memory
(``own_plies`` looks at every line of that many own actions), so a spec, say one read from a
saved game, cannot ask for it."""

_WHOLE = frozenset({"iterations", "samples", "determinizations", "rollout_depth", "playouts", "own_plies"})


def check_setting(kind: str, key: str, value: Any, where: str | None = None) -> Any:
    """``value``, checked as the setting ``key`` of an agent of ``kind``; :class:`AgentSpecError`
    naming ``where`` (the spec, else the kind) if it is not a number of the right kind and size.
    The agents' constructors and the spec parser check alike, so that an agent made either way
    takes the same values.

    >>> check_setting("mcts", "iterations", 500)
    500
    >>> check_setting("mcts", "iterations", "500")
    Traceback (most recent call last):
    ...
    tritable.ai.agents.AgentSpecError: mcts: iterations takes a whole number, not '500'
    """
    said = where or kind
    if key in _WHOLE:
        if type(value) is not int:
            raise AgentSpecError(f"{said}: {key} takes a whole number, not {value!r}"[:200])
    elif type(value) not in (int, float):
        raise AgentSpecError(f"{said}: {key} takes a number, not {value!r}"[:200])
    elif not math.isfinite(value):
        hint = " (none lifts the limit)" if key in ("iterations", "seconds") else ""
        raise AgentSpecError(f"{said}: {key} must be a finite number{hint}, not {value!r}")
    # 0 playout actions: the evaluation at the leaf; 0 samples: a fresh draw each iteration.
    if key == "rollout_depth" or (key == "samples" and kind == "ismcts"):
        if value < 0:
            raise AgentSpecError(f"{said}: {key} must be >= 0, not {value}")
    elif not value > 0:
        raise AgentSpecError(f"{said}: {key} must be > 0, not {value}")
    if key in LARGEST and value > LARGEST[key]:
        raise AgentSpecError(f"{said}: {key} must be at most {LARGEST[key]:,}, not {value:,}")
    return value


def check_evaluation(kind: str, evaluation: object) -> None:
    """Refuse (:class:`AgentSpecError`) an ``evaluation=`` that is neither ``None`` nor a function."""
    if evaluation is not None and not callable(evaluation):
        raise AgentSpecError(f"{kind}: an evaluation is a function (state, seat) -> float, not {evaluation!r}"[:200])


def evaluated(evaluate: Evaluation, state: State, seat: int) -> float:
    """``evaluate(state, seat)``, refused with :class:`AgentSpecError` unless it is a finite number:
    a NaN would compare false with every other value and leave a search with no action to pick
    (an infinity would swamp every mean it is added to), far from the evaluation that made it."""
    value = evaluate(state, seat)
    try:
        finite = math.isfinite(value)
    except TypeError:
        finite = False
    if not finite:
        name = getattr(evaluate, "__qualname__", None) or repr(evaluate)
        raise AgentSpecError(
            f"evaluation {name} gave {value!r} for seat {seat}: an evaluation returns a finite number in [-1, 1]"[:300]
        )
    return value


@dataclass(frozen=True, slots=True)
class ActionStat:
    """What an agent thinks of one action: ``value`` is the mean return in [-1, 1] for the seat
    (``win_rate`` the same on a 0..1 scale, draws counting half), ``visits`` the search visits
    (``None`` for agents that do not search), ``solved`` whether ``value`` is exact. An action
    with ``visits == 0`` was never tried: its ``value`` of 0.0 is no estimate (``null`` in a
    hint's JSON). A solver
    also says whether the action is ``optimal`` (reaches the position's exact value) and, where
    it knows it, the exact ``margin``: the seat's final score minus the other's under perfect play
    (``None`` when not known)."""

    action: Action
    value: float
    visits: int | None = None
    solved: bool = False
    optimal: bool | None = None
    margin: int | None = None

    @property
    def win_rate(self) -> float | None:
        """``value`` on a 0..1 scale, or ``None`` where it is no mean result: an action never
        tried (``visits == 0``), or an evaluation without visits or a solve (``greedy``'s)."""
        if self.visits == 0 or (self.visits is None and not self.solved):
            return None
        return (self.value + 1.0) / 2.0


def view_digest(view: JSON) -> str:
    """A stable digest of a view (the same in every process, unlike ``hash``). Views are plain
    JSON: anything else (a set, an object whose ``repr`` holds an address) would make the digest,
    and so the agents' seeds, differ between processes, and raises ``TypeError``. What the last
    action did (``last_action``, ``events``) is left out: it narrates how the position came, and
    the same position reached otherwise must give the same seed."""
    position = {k: v for k, v in view.items() if k not in ("last_action", "events")}
    text = json.dumps(position, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


SAMPLE_CANDIDATES = 4
"""How many states a weighted sample is chosen from."""

SampleWeight = Callable[["Observation", State], "float | None"]
"""A per-game sample weight: ``(observation, drawn state) -> weight >= 0``, or ``None`` when the
view shows nothing to weigh (the first draw is taken then); read from the view and the drawn state
alone (see :mod:`tritable.ai.policies`)."""

SAMPLE_WEIGHTS: dict[str, SampleWeight] = {}
"""game id -> sample weight."""


def check_agent_seed(seed: object, prefix: str = "") -> None:
    """Raise :class:`AgentSpecError` for a seed that is neither text nor a whole number of at most
    :data:`SEED_DIGITS` digits (``None`` would not mean fresh randomness: it too is a fixed seed)."""
    if type(seed) not in (int, str):
        raise AgentSpecError(f"{prefix}an agent's seed is a whole number or text, not {shown(seed)}")
    if type(seed) is int and not -SEED_BOUND < seed < SEED_BOUND:  # the seed of each decision's generator is text
        raise AgentSpecError(f"{prefix}an agent's seed has at most {SEED_DIGITS:,} digits, not {shown(seed)}")


class Observation:
    """What a seat may use to choose: its view, and the full state only when nothing is hidden.

    ``sample()`` gives a full state to search: a copy of the real one in a perfect-information
    game, else a state drawn from the view by ``game.sample_state``.
    """

    __slots__ = ("_actions", "_memo", "_seed", "_state", "game", "rng", "seat", "view")

    def __init__(self, state: State, seat: int, seed: int | str) -> None:
        if not isinstance(state, State):  # a view, say: the agent builds the seat's view itself
            raise TypeError(f"an agent chooses in a State (it builds the seat's view), not a {type(state).__name__}")
        if seat not in state.players_to_move():
            p = state.current_player()
            if p == TERMINAL:
                raise GameOverError("the game is over: there is nothing to choose")
            check_seat(seat, state.game.players)  # seat 99 is a mistake (StateError), not out of turn
            raise OutOfTurnError(f"seat {seat!r} has no choice to make now")
        self.game: Game = state.game
        self.seat = seat
        self.view: JSON = state.view(seat)
        self._seed = f"{seed}:{view_digest(self.view)}"
        self.rng = random.Random(self._seed)
        self._state: State | None = state.clone() if self.game.perfect_information else None
        self._actions: list[Action] | None = None
        self._memo: dict[str, Any] = {}

    @property
    def hidden(self) -> bool:
        return self._state is None

    def sample(self) -> State:
        """A full state consistent with the view (the real state when nothing is hidden)."""
        if self._state is not None:
            return self._state.clone()
        return self._draw()(self.rng)

    def _draw(self) -> Callable[[random.Random], State]:
        """The game's sampler for this view, made once (it may read the view once for all draws)."""
        draw: Callable[[random.Random], State] = self.memo("sampler", lambda: self.game.sampler(self.view))
        return draw

    def likely_sample(self) -> State:
        """A state as :meth:`sample` draws it, but where the game has a sample weight
        (:data:`SAMPLE_WEIGHTS`), chosen among ``SAMPLE_CANDIDATES`` draws in proportion to its
        weight: how likely the state makes the others' moves seen."""
        weigh = SAMPLE_WEIGHTS.get(self.game.id)
        if self._state is not None or weigh is None:
            return self.sample()
        draw = self._draw()
        first = draw(self.rng)
        weight = weigh(self, first)
        if weight is None:  # the play so far shows nothing to weigh
            return first
        drawn = [first] + [draw(self.rng) for _ in range(SAMPLE_CANDIDATES - 1)]
        weights = [weight] + [weigh(self, state) or 0.0 for state in drawn[1:]]
        if not sum(weights) > 0:
            return first
        return self.rng.choices(drawn, weights)[0]

    def memo(self, key: str, make: Callable[[], Any]) -> Any:
        """``make()``, computed once for this observation (for what every sample shares)."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def determinizations(self, k: int) -> list[tuple[State, int]]:
        """``k`` states drawn from the view, equal ones merged: ``(state, how many)``. With
        perfect information, the real state once. When the view hides nothing (Triple Triad with
        open hands, say) every draw is the same position and this is one state too."""
        if self._state is not None:
            return [(self._state.clone(), k)]
        groups: list[list[Any]] = []
        for _ in range(k):
            sample = self.sample()
            for group in groups:
                if group[0] == sample:
                    group[1] += 1
                    break
            else:
                groups.append([sample, 1])
        return [(g[0], g[1]) for g in groups]

    def known_state(self, probes: int = 6, confirm: int = 26) -> State | None:
        """The position itself when nothing in it is hidden from the seat (every one of
        ``probes`` draws from the view, and then ``confirm`` more, is the same position), else
        ``None``.

        Six equal draws alone would take a view with two ways left to fill it (the last two
        hidden tiles of two racks, say) for a known position once in 32; the 26 further draws
        make that about one in 10^9. They come from a generator of their own, so the search's
        random stream is the same whatever the answer."""
        if self._state is not None:
            return self._state.clone()
        groups = self.determinizations(probes)
        if len(groups) != 1:
            return None
        state = groups[0][0]
        rng = random.Random(f"{self._seed}:known")
        draw = self._draw()
        for _ in range(confirm):
            if draw(rng) != state:
                return None
        return state

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions (the same in every sample: the sampler guarantees it); a new
        list each call, so an agent may sort or shuffle it without changing what the next call,
        or the agent's ``choose``, sees."""
        if self._actions is None:
            state = self._state if self._state is not None else self.sample()
            self._actions = list(state.legal_actions(self.seat))
        return list(self._actions)


class Agent(ABC):
    """Chooses actions. Subclasses implement :meth:`analyse_observation` (every legal action with its
    estimated value, best first) or override :meth:`choose` directly."""

    kind: ClassVar[str] = "agent"

    def __init__(self, seed: int | str = 0) -> None:
        check_agent_seed(seed, f"{self.kind}: ")
        self.seed = seed

    repr_settings: ClassVar[tuple[str, ...]] = ()
    """The constructor's settings besides ``seed`` that ``repr`` shows, so that it rebuilds the agent
    (a custom ``evaluation`` function by its name)."""

    def __repr__(self) -> str:
        settings = "".join(f", {name}={getattr(self, name)!r}" for name in self.repr_settings)
        custom = getattr(self, "evaluation", None)
        if custom is not None:  # by its name: the repr rebuilds the agent where that name is in scope
            name = getattr(custom, "__qualname__", None)
            settings += f", evaluation={name if isinstance(name, str) else repr(custom)}"
        return f"{type(self).__name__}(seed={self.seed!r}{settings})"

    def observe(self, state: State, seat: int) -> Observation:
        return Observation(state, seat, self.seed)

    def choose(self, state: State, seat: int) -> Action:
        """The action ``seat`` plays in ``state`` (``seat`` must be one of the seats to move)."""
        obs = self.observe(state, seat)
        actions = obs.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.analyse_observation(obs)[0].action

    def analyse(self, state: State, seat: int) -> list[ActionStat]:
        """Every legal action of ``seat`` with its estimated value, best first."""
        return self.analyse_observation(self.observe(state, seat))

    @abstractmethod
    def analyse_observation(self, obs: Observation) -> list[ActionStat]:
        """Every legal action with its estimated value, best first, from ``obs`` alone."""


def prefer(obs: Observation, rows: list[ActionStat]) -> list[ActionStat]:
    """``rows`` (best first) with the actions whose value equals the best one's exactly put
    first, in the order of the game's preference (:data:`tritable.ai.evaluation.PREFERENCES`);
    unchanged when the game has none or it ranks them all alike."""
    like = preference_for(obs.game)
    if like is None or len(rows) < 2:
        return rows
    top = rows[0].value
    tied = [r for r in rows if r.value == top]
    liking = [like(obs.view, obs.seat, r.action) for r in tied]
    if len(tied) < 2 or min(liking) == max(liking):
        return rows
    order = sorted(range(len(tied)), key=lambda i: -liking[i])  # stable: the search's order among equals
    return [tied[i] for i in order] + [r for r in rows if r.value != top]


class RandomAgent(Agent):
    """Uniformly random legal actions."""

    kind = "random"

    def analyse_observation(self, obs: Observation) -> list[ActionStat]:
        actions = list(obs.legal_actions())
        obs.rng.shuffle(actions)
        return [ActionStat(a, 0.0, visits=0) for a in actions]  # nothing tried: no estimate


def settle(state: State, seat: int, rng: random.Random) -> None:
    """Let the other seats of a simultaneous turn choose at random, so that ``seat``'s choice is
    resolved; other turns are left alone."""
    while state.current_player() == SIMULTANEOUS and seat not in state.players_to_move():
        random_step(state, rng)


def playout_value(state: State, seat: int, rng: random.Random, playouts: int) -> float:
    """The mean return of ``seat`` over random playouts from ``state``."""
    total = 0.0
    for _ in range(playouts):
        s = state.clone()
        while s.current_player() != TERMINAL:
            random_step(s, rng)
        total += s.returns()[seat]
    return total / playouts


class GreedyAgent(Agent):
    """The best immediate gain: one ply, scored by the game's evaluation.

    The ply is the seat's whole turn: while the same seat stays to move (a removal choice after
    a move, say) it looks on, up to ``own_plies`` actions; a chance step after the action counts at
    its expectation; in a simultaneous turn the others' hidden choices are drawn at random. In a
    hidden-information game each action is scored over ``samples`` states drawn from the view.
    A game without an evaluation is scored by ``playouts`` random playouts.
    """

    kind = "greedy"

    repr_settings = ("samples", "own_plies", "playouts")

    def __init__(
        self,
        seed: int | str = 0,
        samples: int = 8,
        own_plies: int = 2,
        playouts: int = 4,
        evaluation: Evaluation | None = None,
    ) -> None:
        super().__init__(seed)
        for key, value in (("samples", samples), ("own_plies", own_plies), ("playouts", playouts)):
            check_setting("greedy", key, value)
        check_evaluation("greedy", evaluation)
        self.samples = samples
        self.own_plies = own_plies
        self.playouts = playouts
        self.evaluation = evaluation

    def _evaluation(self, game: Game) -> Evaluation | None:
        if self.evaluation is not None:
            return self.evaluation
        return evaluation_for(game)

    def analyse_observation(self, obs: Observation) -> list[ActionStat]:
        actions = list(obs.legal_actions())
        evaluate = self._evaluation(obs.game)
        totals = [0.0] * len(actions)
        exact = [0] * len(actions)
        n = 1 if not obs.hidden else self.samples
        for _ in range(n):
            root = obs.sample()
            for i, action in enumerate(actions):
                child = root.clone()
                child.apply_action(action, obs.seat)
                totals[i] += self._value(child, obs.seat, evaluate, obs.rng, self.own_plies - 1, 2)
                exact[i] += child.is_terminal()
        order = list(range(len(actions)))
        obs.rng.shuffle(order)  # ties go to a random one of the best, a sure result first
        order.sort(key=lambda i: (-totals[i], -exact[i]))
        return prefer(obs, [ActionStat(actions[i], totals[i] / n) for i in order])

    def _value(
        self, state: State, seat: int, evaluate: Evaluation | None, rng: random.Random, own: int, chance: int
    ) -> float:
        settle(state, seat, rng)
        p = state.current_player()
        if p == TERMINAL:
            return state.returns()[seat]
        if p == CHANCE and chance > 0:
            return sum(
                prob * self._value(state.child(outcome), seat, evaluate, rng, own, chance - 1)
                for outcome, prob in state.chance_outcomes()
            )
        if p == seat and own > 0:
            return max(
                self._value(state.child(a, seat), seat, evaluate, rng, own - 1, chance)
                for a in state.legal_actions(seat)
            )
        if evaluate is not None:
            return evaluated(evaluate, state, seat)
        return playout_value(state, seat, rng, self.playouts)
