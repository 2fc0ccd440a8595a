"""The registry of games: ids, classes, and making a game from an id, players and options."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from tritable.engine.errors import StateError, TritableError, UnknownGameError
from tritable.engine.protocol import Game, State, json_type

# Game modules are imported on first use so that ``import tritable`` stays cheap.
_BUILTIN: dict[str, str] = {
    "triple-triad": "tritable.games.triple_triad:TripleTriad",
    "triominos": "tritable.games.triominos:Triominos",
    "triatri": "tritable.games.triatri:TriATri",
    "tri-t-area": "tritable.games.tri_t_area:TriTArea",
    "triad": "tritable.games.triad:Triad",
}
_LOADED: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Register a game class under ``cls.id`` (usable as a decorator)."""
    _LOADED[cls.id] = cls
    return cls


def game_ids() -> list[str]:
    """Every registered game id, built-in ones first."""
    return list(_BUILTIN) + [gid for gid in _LOADED if gid not in _BUILTIN]


def game_class(game_id: str) -> type[Game]:
    """The class of game ``game_id``; :class:`UnknownGameError` if there is none."""
    if not isinstance(game_id, str):
        raise UnknownGameError(f"a game is named by its id (text), not {game_id!r} (games: {', '.join(game_ids())})")
    if game_id in _LOADED:
        return _LOADED[game_id]
    target = _BUILTIN.get(game_id)
    if target is None:
        raise UnknownGameError(f"no game {game_id!r} (games: {', '.join(game_ids())})")
    module_name, _, attr = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), attr)
    _LOADED[game_id] = cls
    return cls


def new_game(game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None) -> Game:
    """Make a game by id.

    >>> new_game("triad")
    tritable.new_game('triad', players=2, options={})
    """
    return game_class(game_id)(players=players, options=options)


def state_from_json(data: Mapping[str, Any]) -> State:
    """Rebuild any game's state from :meth:`State.to_json`."""
    if isinstance(data, State):
        raise StateError(f"a state is read from its JSON (state.to_json()), not from a {type(data).__name__}")
    if not isinstance(data, Mapping):
        raise StateError(f"a state is a JSON object, not {json_type(data)}")
    if not isinstance(data.get("game"), str):
        raise StateError("a state JSON object names its 'game'")
    try:
        game = new_game(data["game"], data.get("players"), data.get("options"))
    except TritableError as exc:  # an unknown game, a bad player count or option: the JSON is bad
        raise StateError(f"bad game settings in the state JSON: {exc}") from None
    return game.state_from_json(data)
