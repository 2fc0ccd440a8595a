"""Per-game rollout policies: how the tree search plays out a position past its tree.

Without a policy, a playout picks uniformly random legal actions. A game may register a cheap
heuristic instead: ``policy(state, seat, actions, rng) -> action``, where ``actions`` is
``state.legal_actions(seat)`` (two or more of them) and the result must be one of them. Like an
evaluation it reads public protocol data only (the actions, ``state.view(seat)``), never a
state's internals, and it draws its randomness from ``rng`` alone (the search's generator), so a
search stays reproducible. It should be fast: it runs at every step of every playout.

Add one for a game with the decorator::

    @register_policy("my-game")
    def my_game(state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
        ...

>>> sorted(POLICIES)
['triominos']
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tritable.engine.protocol import Action, Game, State

Policy = Callable[[State, int, list[Action], random.Random], Action]
"""A per-game rollout policy: ``(state, seat, legal actions, rng) -> one of the actions``."""

POLICIES: dict[str, Policy] = {}
"""game id -> rollout policy."""


def register_policy(game_id: str) -> Callable[[Policy], Policy]:
    """Register ``function`` as the rollout policy of ``game_id`` (replacing any earlier one)."""

    def decorator(function: Policy) -> Policy:
        POLICIES[game_id] = function
        return function

    return decorator


def policy_for(game: Game | str) -> Policy | None:
    """The rollout policy registered for a game (or game id), ``None`` if it has none."""
    return POLICIES.get(game if isinstance(game, str) else game.id)


TRIOMINOS_EPSILON = 0.25
"""Triominos: how often the policy lays a random tile instead of one of the best scoring."""


@register_policy("triominos")
def triominos(state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """Lay one of the tiles that score most now (``state.lay_points``: the tile's sum and its
    bridge, slot or hexagon bonus), the higher tile first among equals (a tile left in the rack
    costs its sum); a random legal action with probability ``TRIOMINOS_EPSILON``. Drawing and
    passing come one at a time, never beside a lay, so they never reach the choice.

    Bonuses are 40-70 points against a tile's 0-15, so a playout in which nobody takes them
    misjudges every open slot: leaving one to the next seat costs about a bonus."""
    if rng.random() < TRIOMINOS_EPSILON:
        return actions[rng.randrange(len(actions))]
    points = state.lay_points  # type: ignore[attr-defined]
    best = -1
    top: list[Action] = []
    for a in actions:
        if type(a) is not tuple or len(a) != 4:
            continue
        v = points(a) * 64 + a[0]  # tile index a[0] orders equal points by sum, roughly
        if v > best:
            best = v
            top = [a]
        elif v == best:
            top.append(a)
    if not top:
        return actions[rng.randrange(len(actions))]
    return top[rng.randrange(len(top))]
