"""Every tritable game as a PettingZoo environment (extra ``pettingzoo``).

``env(game_id, players=None, render_mode=None, **options)`` returns an AEC environment for any
game; ``parallel_env(...)`` a parallel one for the games with simultaneous choices (TriATri,
Tri*T*Area). Options are the game's (``env("triominos", players=3, target=100)``); an unknown
option or a bad value raises the game's ``OptionError`` at once.

>>> from tritable.interop.pettingzoo import env
>>> e = env("triad")
>>> e.reset(seed=1)
>>> e.agents, e.agent_selection
(['player_0', 'player_1'], 'player_0')
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), int(obs["action_mask"].sum()) == len(info["legal_actions"])
(['action_mask', 'observation'], True)
>>> e.step(int(obs["action_mask"].argmax()))
>>> e.agent_selection
'player_1'

* **Agents** are ``player_0 .. player_<n-1>``, the game's seats.
* **Actions** are ids from the game's fixed action table (:mod:`tritable.interop.tables`, the same
  ids as OpenSpiel's); the ``action_mask`` (int8, 1 for legal) is in the observation dict, and
  ``info["legal_actions"]`` lists the legal ids. An illegal action raises the library's
  ``tritable.IllegalActionError`` with its message and changes nothing.
* **Observations** are a dict: ``observation``, a fixed-size float32 encoding of the seat's view
  (:mod:`tritable.interop.encoding`; nothing the seat may not see), and ``action_mask``.
  ``info["view"]`` holds the view itself (JSON-like), for agents that read it whole.
* **Seeding**: ``reset(seed=S)`` deals from ``S`` (the same seed, the same deal and the same game for
  the same actions); ``reset()`` without a seed deals on from the generator the last seed started.
  ``reset(options={"setup": {...}})`` starts from a setup of your own (the game's setup JSON).
* **Turns**: the AEC environment selects the seat to move; at a simultaneous choice it selects each
  pending seat in turn, and no observation shows a seat another's choice before all have chosen.
  The parallel environment steps a whole turn at once: every seat to move gives an action (at a
  simultaneous choice, all of them); a seat not to move has an all-zero mask and whatever it
  gives is ignored.
* **Rewards** come at the end: each seat's tritable return in ``[-1, 1]`` (the mean over the others
  of +1 ahead, 0 tied, -1 behind); every agent is then terminated.
* ``render()`` with ``render_mode="ansi"`` returns the spectator's picture of the position as text.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

import tritable
from tritable.engine.errors import IllegalActionError, StateError
from tritable.engine.protocol import SIMULTANEOUS, TERMINAL, Game, State
from tritable.interop.encoding import encoder
from tritable.interop.tables import action_table

__all__ = ["TritableAECEnv", "TritableParallelEnv", "env", "parallel_env"]

_SIMULTANEOUS_GAMES = ("triatri", "tri-t-area")


class _Table:
    """What an environment keeps of its game: the game, action table, encoder and spaces."""

    def __init__(self, game_id: str, players: int | None, options: Mapping[str, Any]) -> None:
        self.game: Game = tritable.new_game(game_id, players, options)
        self.table = action_table(self.game)
        self.encoder = encoder(self.game)
        self.agents = [f"player_{s}" for s in range(self.game.players)]
        self.seat = {a: s for s, a in enumerate(self.agents)}
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.table.size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.table.size)

    def observe(self, view: Mapping[str, Any], legal: list[int]) -> dict[str, np.ndarray]:
        """The observation of ``view`` for a seat whose legal action ids are ``legal``."""
        tensor = self.encoder.tensor(view)
        mask = np.zeros(self.table.size, np.int8)
        mask[legal] = 1
        return {"observation": tensor, "action_mask": mask}

    def legal_ids(self, state: State, seat: int) -> list[int]:
        if state.current_player() == TERMINAL or seat not in state.players_to_move():
            return []
        return self.table.ids(state.legal_actions(seat))

    def action(self, action: Any) -> Any:
        if type(action) is int:  # the common case, checked by from_id
            return self.table.from_id(action)
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(f"an action is an id, a whole number 0 to {self.table.size - 1}, not {action!r}")
        return self.table.from_id(int(action))


class _Dealing:
    """Seeding shared by both environments."""

    _table: _Table
    _rng: random.Random | None = None

    def _deal(self, seed: int | None, options: Mapping[str, Any] | None) -> State:
        setup = (options or {}).get("setup")
        if setup is not None:
            return self._table.game.new_state(setup=setup)
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random()
        return self._table.game.new_state(seed=self._rng.getrandbits(64))


class TritableAECEnv(_Dealing, AECEnv):  # type: ignore[misc]
    """A tritable game as a PettingZoo AEC environment (make it with :func:`env`)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "tritable_v0", "is_parallelizable": False}  # noqa: RUF012 - PettingZoo reads it here; each env sets its own name

    def __init__(
        self, game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self._table = _Table(game_id, players, options)
        self.metadata = {**self.metadata, "name": f"tritable_{game_id.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self._table.agents)
        self.state: State | None = None

    @functools.cache  # noqa: B019 - one space object an agent, as PettingZoo asks
    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        return self._table.observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        return spaces.Discrete(self._table.table.size)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.state = self._deal(seed, options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        state = self._live()
        if state.is_terminal():
            return
        seat = state.players_to_move()[0]
        self.agent_selection = self.possible_agents[seat]
        # seat is to move: legal_ids' checks would only repeat that
        self.infos[self.agent_selection] = {"legal_actions": self._table.table.ids(state.legal_actions(seat))}

    def _live(self) -> State:
        if self.state is None:
            raise StateError("the environment has no game yet: call reset() first")
        return self.state

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(agent, self._live().view(self._table.seat[agent]))

    def _observe(self, agent: str, view: Mapping[str, Any]) -> dict[str, np.ndarray]:
        legal = self.infos[agent].get("legal_actions", []) if agent == self.agent_selection else []
        return self._table.observe(view, legal)

    def step(self, action: Any) -> None:
        state = self._live()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._table.seat[agent]
        move = self._table.action(action)
        state.apply_action(move, seat if state.current_player() == SIMULTANEOUS else None)
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            returns = state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._table.seat[a]])
                self.terminations[a] = True
                self.infos[a] = {"legal_actions": []}
            self._accumulate_rewards()
        else:
            self.infos[agent] = {"legal_actions": []}
            self._select()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        info = self.infos[agent]
        observation = None
        if observe:  # the view goes with the observation that encodes it
            view = self._live().view(self._table.seat[agent])
            info["view"] = view
            observation = self._observe(agent, view)
        return observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], info

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the environment with render_mode='ansi'")
            return None
        return self._live().render(None)

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return self.metadata["name"]


class TritableParallelEnv(_Dealing, ParallelEnv):  # type: ignore[misc]
    """A tritable game with simultaneous choices as a PettingZoo parallel environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "tritable_v0"}  # noqa: RUF012 - PettingZoo reads it here; each env sets its own name

    def __init__(
        self, game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any
    ) -> None:
        if game_id not in _SIMULTANEOUS_GAMES:
            raise ValueError(
                f"{game_id} has no simultaneous choices: use env({game_id!r}) "
                f"(parallel environments: {', '.join(_SIMULTANEOUS_GAMES)})"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self._table = _Table(game_id, players, options)
        self.metadata = {**self.metadata, "name": f"tritable_{game_id.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self._table.agents)
        self.agents: list[str] = []
        self.state: State | None = None

    @functools.cache  # noqa: B019
    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        return self._table.observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        return spaces.Discrete(self._table.table.size)

    def _live(self) -> State:
        if self.state is None:
            raise StateError("the environment has no game yet: call reset() first")
        return self.state

    def _observations(self) -> tuple[dict[str, Any], dict[str, Any]]:
        state = self._live()
        acting = set(state.players_to_move())
        obs = {}
        infos = {}
        for agent in self.agents:
            seat = self._table.seat[agent]
            legal = self._table.legal_ids(state, seat) if seat in acting else []
            obs[agent] = self._table.observe(state.view(seat), legal)
            infos[agent] = {"legal_actions": legal}
        return obs, infos

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.state = self._deal(seed, options)
        self.agents = list(self.possible_agents)
        return self._observations()

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        state = self._live()
        if state.is_terminal():
            raise IllegalActionError("the game is over: call reset() for a new one")
        pending = state.players_to_move()
        missing = [self.possible_agents[s] for s in pending if self.possible_agents[s] not in actions]
        if missing:
            raise IllegalActionError(f"{', '.join(missing)} must act this turn (no action given)")
        moves = [(seat, self._table.action(actions[self.possible_agents[seat]])) for seat in pending]
        trial = state.clone()  # all or nothing: one seat's illegal choice leaves the others' unmade
        simultaneous = trial.current_player() == SIMULTANEOUS
        for seat, move in moves:
            trial.apply_action(move, seat if simultaneous else None)
        self.state = trial
        done = trial.is_terminal()
        returns = trial.returns()
        rewards = {a: float(returns[self._table.seat[a]]) if done else 0.0 for a in self.agents}
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, False)
        obs, infos = self._observations()
        if done:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the environment with render_mode='ansi'")
            return None
        return self._live().render(None)

    def close(self) -> None:
        pass


def env(game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> TritableAECEnv:
    """An AEC environment of ``game_id`` (any tritable game) with the given options."""
    return TritableAECEnv(game_id, players=players, render_mode=render_mode, **options)


def parallel_env(
    game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> TritableParallelEnv:
    """A parallel environment of ``game_id`` (a game with simultaneous choices)."""
    return TritableParallelEnv(game_id, players=players, render_mode=render_mode, **options)
