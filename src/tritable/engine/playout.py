"""Random playouts through the public protocol (used by ``tritable simulate``, tests and benchmarks)."""

from __future__ import annotations

import random

from tritable.engine.errors import TritableError
from tritable.engine.protocol import CHANCE, SIMULTANEOUS, TERMINAL, State


def random_step(state: State, rng: random.Random) -> None:
    """Apply one uniformly random legal action (each pending seat in turn at a simultaneous step,
    a chance outcome by its probability at a chance step)."""
    p = state.current_player()
    if p >= 0:
        state.apply_action(rng.choice(state.legal_actions()))
    elif p == SIMULTANEOUS:
        seat = state.players_to_move()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    elif p == CHANCE:
        outcomes = state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        weights = [w for _, w in outcomes]
        state.apply_action(rng.choices(actions, weights)[0])
    else:
        raise TritableError("the game is over")


def random_playout(state: State, rng: random.Random, max_plies: int = 100_000) -> int:
    """Play ``state`` to the end with random legal actions; returns the number of actions applied.

    Raises :class:`TritableError` if the game has not ended after ``max_plies`` actions (a game
    that never ends is a bug) or a seat to move has no legal action.
    """
    plies = 0
    while state.current_player() != TERMINAL:
        if plies >= max_plies:
            raise TritableError(f"{state.game.id}: no end after {max_plies} actions")
        p = state.current_player()
        if p >= 0:
            actions = state.legal_actions()
            if not actions:
                raise TritableError(f"{state.game.id}: seat {p} is to move but has no legal action")
            state.apply_action(actions[rng.randrange(len(actions))])
        else:
            random_step(state, rng)
        plies += 1
    return plies
