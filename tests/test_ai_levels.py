"""The levels of every game and player count: each spec parses and plays legal moves, the same
for the same seed. Strength is the ladder's business (bench/ladder_bench.py), not a test's."""

from __future__ import annotations

import random

import pytest

import tritable
from tritable.ai import AgentSpecError, make_agent
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
    game = tritable.new_game(game_id, players)
    kind, _ = resolve(level, game)  # the player count's own line, where it has one
    parse_spec(level_spec(game, level))
    # hard's own budget is its 0.8 s a move: a few iterations show the same spec plays.
    spec = f"{level}:iterations=30:seconds=none" if kind in ("mcts", "ismcts", "halving") else level
    agent = make_agent(game, spec, seed=5)
    for state in positions(game_id, players, seed=3, plies=12)[::4]:
        seat = state.players_to_move()[0]
        action = agent.choose(state, seat)
        assert action in state.legal_actions(seat)
        assert action == make_agent(game, spec, seed=5).choose(state.clone(), seat)  # deterministic


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_levels_of_each_game_and_player_count_differ(game_id: str, players: int) -> None:
    game = tritable.new_game(game_id, players)
    assert len({level_spec(game, level) for level in ("easy", "normal", "hard")}) == 3


def test_a_player_count_s_line_overrides_the_game_s_and_only_for_that_count() -> None:
    assert set(LEVELS["triominos/4"]) == {"easy", "normal"}  # hard is the game's
    for players in (2, 3, 4):
        game = tritable.new_game("triominos", players)
        for level in ("easy", "normal", "hard"):
            own = LEVELS.get(f"triominos/{players}", {}).get(level)
            assert level_spec(game, level) == (own or LEVELS["triominos"][level])
            assert resolve(level, game)[0] == parse_spec(level_spec(game, level)).name
    # a game id alone has no player count: the game's line
    assert level_spec("triominos", "easy") == LEVELS["triominos"]["easy"]
    four = tritable.new_game("triominos", 4)
    assert repr(make_agent(four, "easy", seed=1)) == repr(make_agent(four, LEVELS["triominos/4"]["easy"], seed=1))
    with pytest.raises(AgentSpecError, match="no level 'expert'"):
        level_spec(four, "expert")


def test_every_line_of_the_table_names_a_game_and_a_player_count_it_has() -> None:
    for key in LEVELS:
        if key in ("*", "*hidden"):
            continue
        gid, _, players = key.partition("/")
        game = tritable.new_game(gid, int(players)) if players else tritable.new_game(gid)
        assert game.id == gid
