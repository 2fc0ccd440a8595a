"""Agent specs, levels and their per-game budgets, the ``perfect`` seam, and hints.

An agent spec is text: a kind (``random``, ``greedy``, ``mcts``, ``ismcts``, ``halving``) or a level (``easy``,
``normal``, ``hard``, ``perfect``), then optional ``:key=value`` settings, e.g. ``mcts`` or
``mcts:iterations=500:seconds=0.5`` or ``hard:iterations=200``. A level is the spec of
:data:`LEVELS` for the game (a kind with its budget); settings given after it override the budget.
A budget set to ``none`` is no limit: ``hard:seconds=none`` plays the level's iterations whatever
the time, so that a run is reproducible move for move on any machine (one budget must remain).

The ``perfect`` level plays exactly where a solver exists. A solver module registers a factory
with :func:`register_perfect` when it is imported; :func:`make_agent` imports
``tritable.ai.solver`` the first time the ``perfect`` level is asked for. The factory's agent
should return ``ActionStat(..., solved=True)`` from ``analyse`` so that hints show solved values,
with ``optimal`` and the exact ``margin`` where it knows them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tritable.ai.agents import LARGEST as LARGEST  # re-exported: the limits of every setting
from tritable.ai.agents import (
    ActionStat,
    Agent,
    AgentSpecError,
    GreedyAgent,
    RandomAgent,
    check_agent_seed,
    check_setting,
)
from tritable.ai.halving import HalvingAgent
from tritable.ai.mcts import ISMCTSAgent, MCTSAgent
from tritable.engine.errors import GameOverError, OutOfTurnError, UnknownGameError
from tritable.engine.protocol import JSON, Action, Game, State
from tritable.engine.registry import game_class

KINDS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
    "halving": HalvingAgent,
}
SETTINGS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {"samples": int, "own_plies": int, "playouts": int},
    "mcts": {"iterations": int, "seconds": float, "c": float, "rollout_depth": int, "determinizations": int},
    "ismcts": {"iterations": int, "seconds": float, "c": float, "rollout_depth": int, "samples": int},
    "halving": {"iterations": int, "seconds": float, "rollout_depth": int},
}
LEVEL_NAMES = ("easy", "normal", "hard", "perfect")


def register_agent(kind: str, cls: type[Agent], settings: Mapping[str, type] | None = None) -> type[Agent]:
    """Make ``cls`` an agent that specs name (``"kind"``, ``"kind:key=value"``), so that
    :func:`make_agent`, :func:`hint` and the arena build it as they build the built-in ones.

    ``cls(seed, **settings)`` builds it; ``settings`` maps each keyword a spec may give to its type,
    ``int`` or ``float`` (each a number > 0; a setting named as a built-in one, such as
    ``iterations`` or ``seconds``, keeps that one's type, limits and ``none``). In the arena's
    worker processes the registration must have run too: register at the top of an imported
    module, not inside ``if __name__ == "__main__"``. The class names its settings in
    ``repr_settings`` (and keeps each as an attribute of that name) for its ``repr`` to show and
    rebuild them. Returns ``cls``.

    >>> from tritable.ai import RandomAgent
    >>> class Contrary(RandomAgent):
    ...     kind = "contrary"
    >>> _ = register_agent("contrary", Contrary)
    >>> make_agent("triad", "contrary", seed=3)
    Contrary(seed=3)
    >>> del KINDS["contrary"], SETTINGS["contrary"]
    """
    if not isinstance(kind, str) or not kind.isascii() or not kind.isidentifier() or kind != kind.lower():
        raise AgentSpecError(f"an agent kind is a lowercase name such as 'mine', not {kind!r}"[:200])
    if kind in KINDS or kind in LEVEL_NAMES:
        raise AgentSpecError(f"{kind!r} names an agent or a level already")
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise AgentSpecError(f"{kind}: an agent is a subclass of tritable.ai.Agent, not {cls!r}"[:200])
    typed = dict(settings or {})
    for key, typ in typed.items():
        if not isinstance(key, str) or not key.isidentifier() or key != key.lower() or key == "seed":
            raise AgentSpecError(f"{kind}: a setting is a lowercase name other than seed, not {key!r}"[:200])
        if typ not in (int, float):
            raise AgentSpecError(f"{kind}: setting {key!r} is an int or a float, not {typ!r}"[:200])
        # A setting named as a built-in one is read and checked as that one is (its limits, and
        # "none" for a budget), so it must have that one's type too.
        builtin = {t for table in SETTINGS.values() for k, t in table.items() if k == key}
        if builtin and typ not in builtin:
            raise AgentSpecError(f"{kind}: setting {key!r} has the type {builtin.pop().__name__}, as for every agent")
    KINDS[kind] = cls
    SETTINGS[kind] = typed
    return cls


# The budgets. "*" applies to every game without its own line; "*hidden" to every game with
# hidden information without its own line; "game/P" overrides the game's line for P players (a
# game given only by its id is played by the game's line). Keep docs/ai.md and the tritable.ai
# docstring in step.
# Each level is to score >= 0.60 against the one below in every player count (issue #43; the
# ladder, bench/ladder_bench.py): where the deal and the draws decide much (Triominos, TriATri,
# Tri*T*Area) the low levels are a one-turn look (greedy) or a search of a few dozen iterations,
# since a few hundred iterations already play close to hard there.
LEVELS: dict[str, dict[str, str]] = {
    "*": {
        "easy": "mcts:iterations=40",
        "normal": "mcts:iterations=400",
        "hard": "mcts:iterations=4000:seconds=0.8",
    },
    "*hidden": {
        "easy": "ismcts:iterations=40:samples=16",
        "normal": "ismcts:iterations=400:samples=32",
        "hard": "ismcts:iterations=3000:samples=64:seconds=0.8",
    },
    "triple-triad": {
        "easy": "ismcts:iterations=40:c=0.5:samples=16",
        "normal": "ismcts:iterations=600:c=0.5:samples=32",
        "hard": "ismcts:iterations=12000:c=0.5:samples=64:seconds=0.8",
    },
    "triad": {
        "easy": "mcts:iterations=40:rollout_depth=6",
        "normal": "mcts:iterations=400:rollout_depth=6",
        "hard": "mcts:iterations=4000:rollout_depth=6:seconds=0.8",
    },
    "triominos": {
        "easy": "greedy",
        "normal": "ismcts:iterations=40:rollout_depth=0:samples=16",
        "hard": "halving:iterations=3000:rollout_depth=30:seconds=0.8",
    },
    # With four players one look ahead (greedy) hardly beats random play, and a few hundred
    # playouts already come close to hard: the levels are sequential halving at three budgets.
    "triominos/4": {
        "easy": "halving:iterations=10:rollout_depth=30",
        "normal": "halving:iterations=300:rollout_depth=30",
    },
    "triatri": {
        "easy": "ismcts:iterations=10:samples=8",
        "normal": "ismcts:iterations=120:samples=32",
        "hard": "ismcts:iterations=20000:samples=512:seconds=0.8",
    },
    "tri-t-area": {
        "easy": "greedy",
        "normal": "mcts:iterations=40:determinizations=4",
        "hard": "mcts:iterations=1000:seconds=0.8",
    },
}


def level_spec(game: Game | str, level: str) -> str:
    """The agent spec of ``level`` for ``game`` (a game or a game id: then for the game's line, not
    a player count's).

    >>> level_spec("triominos", "easy")
    'greedy'
    >>> import tritable
    >>> level_spec(tritable.new_game("triominos", 4), "easy")
    'halving:iterations=10:rollout_depth=30'
    """
    gid = game if isinstance(game, str) else game.id
    if not isinstance(game, str):
        for_players = LEVELS.get(f"{gid}/{game.players}", {})
        if level in for_players:
            return for_players[level]
    if gid in LEVELS and level in LEVELS[gid]:
        return LEVELS[gid][level]
    hidden = not (game_class(gid).perfect_information if isinstance(game, str) else game.perfect_information)
    table = LEVELS["*hidden"] if hidden else LEVELS["*"]
    if level not in table:
        raise AgentSpecError(f"no level {level!r} (levels: {', '.join(LEVEL_NAMES)})")
    return table[level]


# -- the perfect level -------------------------------------------------------------------------

PerfectFactory = Callable[[Game | None, int | str], Agent]
PERFECT: dict[str, PerfectFactory] = {}
"""game id -> factory ``(game, seed) -> Agent`` of exact play (filled by solver modules); ``game``
is ``None`` when only the game's id is known, and the agent must then play every option set."""
_SOLVER_MODULES = ("tritable.ai.solver",)
_solvers_loaded = False


def register_perfect(game_id: str, factory: PerfectFactory) -> None:
    """Make ``factory(game, seed)`` the ``perfect`` level of ``game_id``. It may raise
    :class:`ValueError` for option sets it cannot solve; ``game`` is ``None`` when
    :func:`make_agent` was given only the game's id (the agent then meets any options)."""
    PERFECT[game_id] = factory


def _load_solvers() -> None:
    global _solvers_loaded
    if _solvers_loaded:
        return
    _solvers_loaded = True
    for name in _SOLVER_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise


def levels(game: Game | str) -> list[str]:
    """The levels available for ``game``: easy, normal, hard, and perfect where a solver is."""
    _load_solvers()
    if not isinstance(game, str | Game):
        raise UnknownGameError(f"a game is a Game or a game id, not {type(game).__name__}")
    gid = game_class(game).id if isinstance(game, str) else game.id  # an unknown id is refused
    return ["easy", "normal", "hard"] + (["perfect"] if gid in PERFECT else [])


# -- specs -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AgentSpec:
    """A parsed agent spec: ``name`` (a kind or a level) and its settings."""

    name: str
    settings: dict[str, Any] = field(default_factory=dict, hash=False)  # hashed by the rest
    text: str = ""

    def __str__(self) -> str:
        return self.text or self.name


def parse_spec(text: str) -> AgentSpec:
    """Parse ``kind[:key=value...]``; :class:`AgentSpecError` names what is wrong.

    >>> parse_spec("mcts:iterations=500").settings
    {'iterations': 500}
    >>> parse_spec("hard").name
    'hard'
    """
    if not isinstance(text, str) or not text.strip():
        raise AgentSpecError("an agent spec is a name such as random, greedy, mcts, ismcts, halving or a level")
    name, *parts = [p.strip() for p in text.strip().split(":")]
    name = name.lower()
    if name not in KINDS and name not in LEVEL_NAMES:
        raise AgentSpecError(f"unknown agent {name!r} (agents: {', '.join(KINDS)}; levels: {', '.join(LEVEL_NAMES)})")
    raw: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise AgentSpecError(f"agent {text!r}: setting {part!r} is not of the form key=value")
        key = key.strip().lower()
        if key in raw:
            raise AgentSpecError(f"agent {text!r}: setting {key!r} is given twice")
        raw[key] = value.strip()
    settings = _typed(text, name, raw) if name in KINDS else raw
    return AgentSpec(name, settings, text.strip())


_BUDGETS = ("iterations", "seconds")
"""The settings that may be ``none``: no such limit (a level's budget then keeps the other)."""


def _typed(text: str, kind: str, raw: dict[str, Any]) -> dict[str, Any]:
    allowed = SETTINGS[kind]
    out: dict[str, Any] = {}
    for key, value in raw.items():
        typ = allowed.get(key)
        if typ is None:
            known = ", ".join(allowed) or "none"
            raise AgentSpecError(f"agent {text!r}: {kind} has no setting {key!r} (settings: {known})")
        if key in _BUDGETS and isinstance(value, str) and value.lower() == "none":
            out[key] = None
            continue
        if isinstance(value, str):
            try:
                if not value.isascii():  # int() and float() read other scripts' digits too
                    raise ValueError(value)
                value = typ(value)
            except ValueError:
                what = "a whole number" if typ is int else "a number"
                raise AgentSpecError(f"agent {text!r}: {key} takes {what}, not {value!r}") from None
        out[key] = check_setting(kind, key, value, f"agent {text!r}")
    return out


def resolve(spec: AgentSpec | str, game: Game | str) -> tuple[str, dict[str, Any]]:
    """The agent kind and settings a spec stands for in ``game`` (levels looked up; ``perfect``
    stays ``perfect``)."""
    if not isinstance(game, str | Game):
        raise UnknownGameError(f"a game is a Game or a game id, not {type(game).__name__}")
    if isinstance(game, str):
        game_class(game)  # an unknown id is refused whatever the spec, not only where a level is looked up
    if isinstance(spec, str):
        spec = parse_spec(spec)
    if not isinstance(spec, AgentSpec):
        raise AgentSpecError(f"an agent spec is text such as 'hard' or 'mcts:iterations=500', not {spec!r}"[:200])
    if spec.name in KINDS:
        return spec.name, dict(spec.settings)
    if spec.name == "perfect":
        _load_solvers()
        gid = game if isinstance(game, str) else game.id
        if gid not in PERFECT:
            raise AgentSpecError(f"{gid} has no perfect level (levels: {', '.join(levels(game))})")
        if spec.settings:
            raise AgentSpecError(f"agent {str(spec)!r}: the perfect level takes no settings")
        return "perfect", {}
    base = parse_spec(level_spec(game, spec.name))
    settings = dict(base.settings)
    settings.update(_typed(str(spec), base.name, spec.settings))
    return base.name, settings


def make_agent(game: Game | str, level: str = "hard", seed: int | str = 0) -> Agent:
    """An agent for ``game`` (a game or a game id) at ``level`` — or any agent spec, e.g.
    ``"mcts:iterations=200"`` — seeded with ``seed``.

    >>> make_agent("triad", "random", seed=1)
    RandomAgent(seed=1)
    """
    kind, settings = resolve(level, game)  # perfect: only for a game that has a solver
    check_agent_seed(seed)  # the seed's fault, not the spec's
    if kind == "perfect":
        factory = PERFECT[game if isinstance(game, str) else game.id]
        try:  # an id says nothing of the options: the agent must play them all
            return factory(None if isinstance(game, str) else game, seed)
        except ValueError as exc:
            raise AgentSpecError(f"no perfect level here: {exc}") from None
    try:
        return KINDS[kind](seed, **settings)
    except ValueError as exc:  # e.g. no budget left: iterations=none without seconds
        raise AgentSpecError(f"agent {str(level)!r}: {exc}") from None
    except TypeError as exc:  # a registered agent whose class takes not every setting it declared
        raise AgentSpecError(
            f"agent {str(level)!r}: {kind} was registered with settings it does not take ({exc})"
        ) from None


# -- hints -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """The best action for ``seat`` with its evaluation, and the runner-up actions.

    ``value`` is the mean return in [-1, 1] (exact when ``solved``), ``win_rate`` the same on a
    0..1 scale (draws half), ``visits`` the search visits of the action (``None`` without search).
    An alternative with 0 visits was never tried: its ``win_rate`` is ``None`` and its JSON
    ``value`` and ``win_rate`` are null. Without visits and unsolved (``greedy``) the value is an
    evaluation, not a mean result: its ``win_rate`` is ``None`` (null in JSON).
    A solver also says which actions are ``optimal`` and their exact ``margin`` (final score
    difference) where it knows it; other agents leave both ``None``.
    """

    seat: int
    level: str
    action: Action
    notation: str
    value: float
    visits: int | None
    solved: bool
    alternatives: list[ActionStat] = field(hash=False)  # hashed by the rest
    notations: list[str] = field(hash=False)
    optimal: bool | None = None
    """A solver's answer: whether the action reaches the position's exact value."""
    margin: int | None = None
    """A solver's exact final score difference for the seat after the action (where known)."""

    @property
    def win_rate(self) -> float | None:
        """``value`` on a 0..1 scale; ``None`` where it is no mean result (as in the JSON)."""
        return ActionStat(self.action, self.value, self.visits, self.solved).win_rate

    def to_json(self) -> JSON:
        def row(stat: ActionStat, text: str) -> JSON:
            known = stat.visits != 0  # an action the search never tried has no estimate
            rate = stat.win_rate
            return {
                "action": text,
                "value": round(stat.value, 4) if known else None,
                "win_rate": round(rate, 4) if rate is not None else None,
                "visits": stat.visits,
                "solved": stat.solved,
                "optimal": stat.optimal,
                "margin": stat.margin,
            }

        best = ActionStat(self.action, self.value, self.visits, self.solved, self.optimal, self.margin)
        return {
            "seat": self.seat,
            "level": self.level,
            "best": row(best, self.notation),
            "alternatives": [row(s, t) for s, t in zip(self.alternatives, self.notations, strict=True)],
        }


def hint(state: State, seat: int | None = None, level: str = "hard", seed: int | str = 0, runners_up: int = 3) -> Hint:
    """The best action for ``seat`` (default: the one seat to move) by the agent of ``level``.

    Uses only what ``seat`` may see (the agents enforce it).
    """
    if not isinstance(state, State):
        raise TypeError(f"a hint is for a State (it builds the seat's view), not a {type(state).__name__}")
    if isinstance(runners_up, bool) or not isinstance(runners_up, int) or runners_up < 0:
        raise AgentSpecError(f"hint: runners_up is a whole number >= 0, not {runners_up!r}"[:200])
    if state.is_terminal():
        raise GameOverError("the game is over: there is no move to hint")
    if seat is None:
        pending = state.players_to_move()
        if len(pending) != 1:
            raise OutOfTurnError(
                "nobody is to move" if not pending else f"seats {list(pending)} choose at once: say which seat"
            )
        seat = pending[0]
    agent = make_agent(state.game, level, seed)
    stats = agent.analyse(state, seat)
    best, rest = stats[0], stats[1 : 1 + runners_up]
    g = state.game
    return Hint(
        seat=seat,
        level=level,
        action=best.action,
        notation=g.action_to_string(best.action),
        value=best.value,
        visits=best.visits,
        solved=best.solved,
        alternatives=rest,
        notations=[g.action_to_string(s.action) for s in rest],
        optimal=best.optimal,
        margin=best.margin,
    )
