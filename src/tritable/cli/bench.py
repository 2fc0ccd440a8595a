"""``tritable bench``: random playouts through the public protocol, one core, median of runs.

Each case plays whole random games in a loop for ``seconds``, ``runs`` times, and reports the
median games/s and plies/s by the wall clock (a ply is one ``legal_actions`` + ``apply_action``)
and games per CPU second of the process (steadier on a shared machine). Where OpenSpiel is
installed (``pip install 'tritable[open-spiel]'``), the same loop on OpenSpiel's
``python_tic_tac_toe`` runs in the same process as a reference.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from tritable.engine import TERMINAL, Game, game_ids, new_game
from tritable.engine.playout import random_step

ALL_TT_RULES = {"same": True, "same_wall": True, "plus": True, "combo": True, "elemental": True}

# (label, game id, players, options, targets: metric -> minimum)
CASES: list[tuple[str, str, int | None, dict[str, Any], dict[str, float]]] = [
    ("triple-triad default", "triple-triad", 2, {}, {}),
    (
        "triple-triad same+wall+plus+combo+elemental",
        "triple-triad",
        2,
        ALL_TT_RULES,
        {"games_per_second": 15_000, "ratio_to_openspiel_ttt": 4.0},
    ),
    ("triad", "triad", 2, {}, {"plies_per_second": 20_000}),
    ("triominos 2p, one round (target=1)", "triominos", 2, {"target": 1}, {"games_per_second": 500}),
    ("triominos 4p, to 400", "triominos", 4, {}, {}),
    ("triatri 2p", "triatri", 2, {}, {}),
    ("triatri 4p", "triatri", 4, {}, {"games_per_second": 400}),
    ("tri-t-area", "tri-t-area", 4, {}, {"games_per_second": 100}),
]
TARGET_NAMES = {"games_per_second": "games/s", "plies_per_second": "plies/s", "ratio_to_openspiel_ttt": "x ttt"}


def random_game(game: Game, rng: random.Random) -> int:
    """One game from a deal drawn with ``rng``, played to the end with random legal actions (chance
    steps by their odds); returns its plies. The loop every playout benchmark times."""
    state = game.new_state(seed=rng.getrandbits(32))
    plies = 0
    p = state.current_player()
    while p != TERMINAL:
        if p >= 0:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        else:
            random_step(state, rng)
        plies += 1
        p = state.current_player()
    return plies


def playout_loop(game: Game, seconds: float, seed: int) -> tuple[float, float, float]:
    """Random games for ``seconds``: (games/s, plies/s, games per CPU second)."""
    rng = random.Random(seed)
    games = plies = 0
    cpu_start = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        plies += random_game(game, rng)
        games += 1
        now = time.perf_counter()
    elapsed = now - start
    return games / elapsed, plies / elapsed, games / max(time.process_time() - cpu_start, 1e-9)


def openspiel_loop(seconds: float, seed: int) -> tuple[float, float, float] | None:
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(seed)
    games = plies = 0
    cpu_start = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            plies += 1
        games += 1
        now = time.perf_counter()
    elapsed = now - start
    return games / elapsed, plies / elapsed, games / max(time.process_time() - cpu_start, 1e-9)


def _median_runs(loop: Callable[[int], tuple[float, float, float] | None], runs: int) -> dict[str, Any] | None:
    samples = []
    for r in range(runs):
        result = loop(r)
        if result is None:
            return None
        samples.append(result)
    return {
        "games_per_second": statistics.median(s[0] for s in samples),
        "plies_per_second": statistics.median(s[1] for s in samples),
        "cpu_games_per_second": statistics.median(s[2] for s in samples),
        "runs_games_per_second": [round(s[0], 1) for s in samples],
    }


def run_benchmarks(
    seconds: float = 2.0, runs: int = 5, only: list[str] | None = None, progress: Console | None = None
) -> dict[str, Any]:
    """Run every case (or those of the games in ``only``); returns JSON and prints a table."""
    available = set(game_ids())
    results: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "processor": platform.processor() or platform.machine(),
            "system": platform.platform(),
        },
        "seconds_per_run": seconds,
        "runs": runs,
        "cases": [],
    }
    reference = _median_runs(lambda r: openspiel_loop(seconds, r), runs)
    results["openspiel_python_tic_tac_toe"] = reference
    for label, gid, players, options, targets in CASES:
        if gid not in available or (only and gid not in only):
            continue
        try:
            game = new_game(gid, players, options)
        except (ImportError, ValueError) as exc:
            results["cases"].append({"case": label, "error": str(exc)})
            continue
        if progress is not None:
            progress.print(f"benchmarking {label} ...", highlight=False)
        stats = _median_runs(lambda r, g=game: playout_loop(g, seconds, 1000 + r), runs)  # type: ignore[misc]
        assert stats is not None
        case: dict[str, Any] = {"case": label, "game": gid, "players": game.players, "options": options, **stats}
        if reference is not None:
            case["ratio_to_openspiel_ttt"] = stats["games_per_second"] / reference["games_per_second"]
        # A ratio to OpenSpiel needs OpenSpiel: without it the target is listed as not measured
        # (``met`` null), not dropped, so that a run without it does not look like a clean pass.
        case["targets"] = {
            k: {"minimum": v, "met": case[k] >= v} if k in case else {"minimum": v, "met": None}
            for k, v in targets.items()
        }
        results["cases"].append(case)
    if progress is not None:
        table = Table(title=f"random playouts, one core, median of {runs} runs of {seconds:g} s")
        # On a narrow screen the cells wrap or fold: a figure is never cut short with "…".
        table.add_column("case", overflow="fold")
        for col in ("games/s", "plies/s", "games/CPU s", "x OpenSpiel ttt"):
            table.add_column(col, justify="right", overflow="fold")
        table.add_column("target", overflow="fold")
        if reference is not None:
            table.add_row(
                "OpenSpiel python_tic_tac_toe",
                f"{reference['games_per_second']:,.0f}",
                f"{reference['plies_per_second']:,.0f}",
                f"{reference['cpu_games_per_second']:,.0f}",
                "1.00",
                "",
            )
        for case in results["cases"]:
            if "error" in case:
                table.add_row(case["case"], "error", case["error"], "", "", "")
                continue
            target = ", ".join(
                f"{TARGET_NAMES[k]} >= {t['minimum']:,.0f}: "
                + ("not measured (no OpenSpiel)" if t["met"] is None else "met" if t["met"] else "MISSED")
                for k, t in case["targets"].items()
            )
            ratio = case.get("ratio_to_openspiel_ttt")
            table.add_row(
                case["case"],
                f"{case['games_per_second']:,.0f}",
                f"{case['plies_per_second']:,.0f}",
                f"{case['cpu_games_per_second']:,.0f}",
                f"{ratio:.2f}" if ratio is not None else "n/a",
                target,
            )
        progress.print(table)
    return results
