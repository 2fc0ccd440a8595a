"""Every game against its recorded truth (``tests/golden/<game>.json``, see ``tests/golden.py``):
perft counts from fixed setups and one playthrough with every view and legal action."""

from __future__ import annotations

import pytest

import golden
import tritable

GAMES = [g for g in tritable.game_ids() if golden.path(g).exists()]


def test_every_game_has_golden_data() -> None:
    assert tritable.game_ids() == GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_perft_counts(game_id: str) -> None:
    data = golden.load(game_id)
    assert data["perft"], "no perft cases"
    for case in data["perft"]:
        game = tritable.new_game(game_id, players=case["players"], options=case["options"])
        state = game.new_state(seed=case["seed"])
        for depth, count in enumerate(case["counts"], start=1):
            assert golden.perft(state, depth) == count, f"seed {case['seed']} depth {depth}"


@pytest.mark.parametrize("game_id", GAMES)
def test_playthrough(game_id: str) -> None:
    recorded = golden.load(game_id)["playthrough"]
    played = golden.playthrough(
        game_id,
        recorded["players"],
        recorded["options"],
        recorded["seed"],
        recorded["moves_seed"],
        recorded.get("max_steps"),
    )
    assert len(played["steps"]) == len(recorded["steps"])
    for i, (got, want) in enumerate(zip(played["steps"], recorded["steps"], strict=True)):
        assert got == want, f"step {i} differs from the recording"
