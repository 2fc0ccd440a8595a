"""The `tritable` command: games, simulate, replay, bench, and their bad-input errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tritable.cli.main import app
from tritable.engine import new_game

runner = CliRunner()


def test_games_lists_ids_players_and_options() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["id"]: row for row in json.loads(result.output)}
    assert set(rows) == {"triple-triad", "triominos", "triatri", "tri-t-area", "triad"}
    assert rows["triatri"]["players"] == [2, 4]
    assert "same" in {o["name"] for o in rows["triple-triad"]["options"]}
    table = runner.invoke(app, ["games"], env={"COLUMNS": "160"})
    assert table.exit_code == 0 and "tri-t-area" in table.output
    assert "trade=one [none/one/all/diff/direct]" in table.output  # the choices, not read as markup


def test_simulate_records_then_replay(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["simulate", "triad", "--games", "3", "--seed", "4", "--record", str(tmp_path), "--json"],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 3 and summary["plies"] > 0 and summary["games_per_second"] > 0
    assert sum(summary["wins"].values()) + summary["draws"] >= 3
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    again = runner.invoke(app, ["simulate", "triad", "--games", "3", "--seed", "4", "--json"])
    assert json.loads(again.output)["plies"] == summary["plies"]  # seeded: the same games
    shown = runner.invoke(app, ["replay", str(files[0])])
    assert shown.exit_code == 0, shown.output
    assert "record valid" in shown.output
    as_json = runner.invoke(app, ["replay", str(files[0]), "--json"])
    assert json.loads(as_json.output)["terminal"] is True


def test_simulate_with_options_and_players() -> None:
    result = runner.invoke(
        app,
        ["simulate", "triatri", "--games", "2", "--players", "3", "--json"],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["players"] == 3
    result = runner.invoke(
        app, ["simulate", "triple-triad", "--games", "5", "-o", "same=true", "-o", "plus=TRUE", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["options"]["plus"] is True


def test_bad_input_exits_2_naming_the_problem(tmp_path: Path) -> None:
    cases = [
        (["simulate", "chess"], "no game 'chess'"),
        (["simulate", "triple-triad", "--option", "sane=true"], "sane"),
        (["simulate", "triple-triad", "--option", "same=maybe"], "same"),
        (["simulate", "triple-triad", "--option", "same"], "K=V"),
        (["simulate", "triatri", "--players", "7"], "2-4 players"),
        (["replay", str(tmp_path / "missing.json")], "cannot read"),
        (["bench", "--game", "chess"], "no game 'chess'"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)


def test_replay_refuses_a_tampered_record(tmp_path: Path) -> None:
    runner.invoke(app, ["simulate", "triad", "--games", "1", "--record", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    data = json.loads(path.read_text())
    data["actions"][3] = "a1=9>a9"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "action 4" in result.output  # actions[3]: the 4th, as the replay stepper counts
    data["actions"][3] = "[/x]"  # quoted in the error as it was typed, never read as markup
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "'[/x]'" in result.output, result.output
    path.write_text("{not json")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "not valid JSON" in result.output


def test_record_errors_name_seats_as_the_commands_do(tmp_path: Path) -> None:
    # The commands show seats as P1, P2 (the engine counts them from 0).
    state = new_game("triple-triad").new_state(seed=1)
    mover = state.current_player()
    other = state.view(None)["hands"][1 - mover][0]
    record = state.record().to_json()
    record["actions"] = [f"{other}@5"]
    path = tmp_path / "other.json"
    path.write_text(json.dumps(record))
    for command in ("replay", "hint", "solve"):
        result = runner.invoke(app, [command, str(path)])
        assert result.exit_code == 2, (command, result.output)
        assert f"{other} is not in P{mover + 1}'s hand" in result.output, (command, result.output)
        assert "seat 1" not in result.output


def test_bench_reports_medians(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = runner.invoke(
        app, ["bench", "--game", "triad", "--seconds", "0.05", "--runs", "3", "--json", "--output", str(out)]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    (case,) = data["cases"]
    assert case["game"] == "triad" and len(case["runs_games_per_second"]) == 3
    assert case["plies_per_second"] > 0
