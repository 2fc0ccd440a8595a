"""Golden data: recorded truth that a rules regression shows against, as python-chess keeps perft
counts and OpenSpiel keeps playthroughs.

For each game, ``tests/golden/<game_id>.json`` holds

* ``perft``: from fixed setups, the number of legal action sequences to each depth (every seat's
  choice at a simultaneous turn counts as one step of its own, pending seats in order);
* ``playthrough``: one fixed game, with every position's legal actions in notation and the view
  of every seat and of a spectator.

``tests/test_golden.py`` checks every game's file against the engine. After a deliberate change of
rules or views, write the file again and read its diff before committing it::

    PYTHONPATH=src python tests/golden.py GAME_ID [GAME_ID ...]

The cases (setups, depths, the game played) are kept in the file itself, so writing it again
replays the same ones; a game without a file gets the default cases of :func:`default_cases`.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import tritable
from tritable.engine.protocol import CHANCE, SIMULTANEOUS, TERMINAL, State

GOLDEN = Path(__file__).parent / "golden"


def _pending_seat(state: State) -> int | None:
    p = state.current_player()
    if p >= 0:
        return p
    if p == SIMULTANEOUS:
        return state.players_to_move()[0]
    if p == CHANCE:
        return CHANCE
    return None


def perft(state: State, depth: int) -> int:
    """The number of legal action sequences of ``depth`` steps from ``state`` (sequences that end
    the game sooner count once)."""
    if depth == 0:
        return 1
    seat = _pending_seat(state)
    if seat is None:
        return 1
    actions = [a for a, _ in state.chance_outcomes()] if seat == CHANCE else state.legal_actions(seat)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_action(action, None if seat == CHANCE else seat)
        total += perft(child, depth - 1)
    return total


def _views(state: State) -> dict[str, Any]:
    views = {str(s): state.view(s) for s in range(state.game.players)}
    views["spectator"] = state.view(None)
    return views


def playthrough(
    game_id: str, players: int, options: dict[str, Any], seed: int, moves_seed: int, max_steps: int | None = None
) -> dict[str, Any]:
    """One game from ``seed`` played by random legal actions from ``random.Random(moves_seed)``:
    every position's seat to act, its legal actions and every view; only its first ``max_steps``
    actions where a whole game would make the file too large (a game with no option to shorten it)."""
    game = tritable.new_game(game_id, players=players, options=options)
    state = game.new_state(seed=seed)
    rng = random.Random(moves_seed)
    steps: list[dict[str, Any]] = []
    while True:
        seat = _pending_seat(state)
        step: dict[str, Any] = {"views": _views(state)}
        if seat is None or len(steps) == max_steps:
            steps.append(step)
            break
        actions = [a for a, _ in state.chance_outcomes()] if seat == CHANCE else state.legal_actions(seat)
        step["seat"] = seat
        step["legal"] = [game.action_to_string(a) for a in actions]
        action = actions[rng.randrange(len(actions))]
        step["action"] = game.action_to_string(action)
        steps.append(step)
        state.apply_action(action, None if seat == CHANCE else seat)
    assert max_steps is not None or state.current_player() == TERMINAL
    played = {"players": players, "options": options, "seed": seed, "moves_seed": moves_seed}
    return played | ({} if max_steps is None else {"max_steps": max_steps}) | {"steps": steps}


def default_cases(game_id: str) -> dict[str, Any]:
    """The cases of a game that has no golden file yet: its smallest player count, default options."""
    game = tritable.new_game(game_id)
    return {
        "perft": [{"players": game.players, "options": {}, "seed": s, "depth": 3, "counts": []} for s in (1, 2)],
        "playthrough": {"players": game.players, "options": {}, "seed": 1, "moves_seed": 1},
    }


def compute(game_id: str, cases: dict[str, Any]) -> dict[str, Any]:
    """The golden data of ``game_id`` for ``cases`` (perft counts at depths 1..depth, and the playthrough)."""
    perfts = []
    for case in cases["perft"]:
        game = tritable.new_game(game_id, players=case["players"], options=case["options"])
        state = game.new_state(seed=case["seed"])
        counts = [perft(state, d) for d in range(1, case["depth"] + 1)]
        perfts.append({**case, "counts": counts})
    p = cases["playthrough"]
    return {
        "game": game_id,
        "perft": perfts,
        "playthrough": playthrough(
            game_id, p["players"], p["options"], p["seed"], p["moves_seed"], p.get("max_steps")
        ),
    }


def path(game_id: str) -> Path:
    return GOLDEN / f"{game_id}.json"


def load(game_id: str) -> dict[str, Any]:
    with path(game_id).open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def write(game_id: str) -> None:
    cases = load(game_id) if path(game_id).exists() else default_cases(game_id)
    data = compute(game_id, cases)
    GOLDEN.mkdir(exist_ok=True)
    text = json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    path(game_id).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    for gid in sys.argv[1:] or tritable.game_ids():
        write(gid)
        print(f"wrote {path(gid)}")
