"""The levels of every game and player count: each spec parses and plays legal moves, the same
for the same seed. Strength is the ladder's business (bench/ladder_bench.py), not a test's."""

from __future__ import annotations

import random

import pytest

import tritable
from tritable.ai import make_agent
from tritable.ai.levels import LEVELS, level_spec, parse_spec, resolve
from tritable.engine.playout import random_step
from tritable.engine.protocol import CHANCE, SIMULTANEOUS, TERMINAL, State

GAMES = [
    (gid, players)
    for gid in ("triple-triad", "triad", "triominos", "triatri", "tri-t-area")
    for players in range(tritable.new_game(gid).min_players, tritable.new_game(gid).max_players + 1)
]


def positions(game_id: str, players: int, seed: int, plies: int) -> list[State]:
    """The first position of a game and the ones after ``plies`` random steps (each a seat to move)."""
    state = tritable.new_game(game_id, players).new_state(seed=seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(plies):
        if state.current_player() == TERMINAL:
            break
        if state.current_player() not in (CHANCE, SIMULTANEOUS):
            seen.append(state.clone())
        random_step(state, rng)
    return seen


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_every_level_plays_legal_moves(game_id: str, players: int, level: str) -> None:
    kind, _ = resolve(level, game_id)
    parse_spec(level_spec(game_id, level))
    # hard's own budget is its 0.8 s a move: a few iterations show the same spec plays.
    spec = f"{level}:iterations=30:seconds=none" if kind in ("mcts", "ismcts", "halving") else level
    game = tritable.new_game(game_id, players)
    agent = make_agent(game, spec, seed=5)
    for state in positions(game_id, players, seed=3, plies=12)[::4]:
        seat = state.players_to_move()[0]
        action = agent.choose(state, seat)
        assert action in state.legal_actions(seat)
        assert action == make_agent(game, spec, seed=5).choose(state.clone(), seat)  # deterministic


def test_the_levels_of_each_game_differ() -> None:
    for gid, table in LEVELS.items():
        assert len({table["easy"], table["normal"], table["hard"]}) == 3, gid
