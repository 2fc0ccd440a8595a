"""``bench/openspiel_arena.py``: its refusals and a tiny run of each of its modes. How strong our
side plays is the benchmark's business; these check that the script runs and reports honestly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the OpenSpiel arena needs the open-spiel extra")

BENCH = Path(__file__).resolve().parent.parent / "bench"


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "openspiel_arena.py", *args], cwd=BENCH, capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--ours", "greedy"], "'greedy' cannot play on a time budget"),
        (["--ours", "halving:iterations=10"], "setting 'iterations' is given twice"),
        (["--ours", "halving:depth=3"], "halving has no setting 'depth'"),
        (["--game", "triad", "--omniscient", "racks"], "--omniscient racks is for Triominos"),
        (["--omniscient", "everything"], "invalid choice: 'everything'"),
        (["--players", "4"], "--players needs --game"),
        (["--game", "triad", "--players", "3"], "error:"),
    ],
)
def test_a_bad_argument_is_refused_before_anything_runs(args: list[str], why: str) -> None:
    done = arena(*args, "--games", "1")
    assert done.returncode == 2
    assert why in done.stderr
    assert "game 1/1" not in done.stdout


@pytest.mark.parametrize(
    ("args", "ours", "omniscient"),
    [
        (["--game", "triad"], None, None),
        (["--game", "triominos", "--omniscient", "full"], None, "full"),
        (["--game", "triominos", "--omniscient", "racks"], None, "racks"),
        (["--game", "triominos", "--ours", "halving:rollout_depth=4"], "halving:rollout_depth=4", None),
    ],
)
def test_a_row_plays_and_reports_its_games(
    tmp_path: Path, args: list[str], ours: str | None, omniscient: str | None
) -> None:
    out = tmp_path / "row.json"
    # three games: a cheat's real state must not outlive its game (the third crashed on it once)
    done = arena(*args, "--games", "3", "--seconds", "0.01", "--json", str(out))
    assert done.returncode == 0, done.stderr
    (row,) = json.loads(out.read_text())
    assert row["games"] == len(row["results"]) == 3
    assert [r["hard_seat"] for r in row["results"]] == [0, 1, 0]  # seats rotate
    assert all(r["score"] in (0.0, 0.5, 1.0) for r in row["results"])
    assert row["score"] == round(sum(r["score"] for r in row["results"]) / 3, 4)
    assert row["ci95"][0] <= row["score"] <= row["ci95"][1]
    assert row.get("ours") == ours
    assert row.get("omniscient") == omniscient
    assert row["opponent"] == ("MCTSBot" if "triad" in args else "ISMCTSBot")
