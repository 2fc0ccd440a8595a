"""The `tritable` command: games, simulate, replay, bench, and their bad-input errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tritable.cli.main import app
from tritable.engine import Record, new_game

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


def test_games_of_one_game_says_what_each_option_does() -> None:
    result = runner.invoke(app, ["games", "Triominos"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "max_rounds" in result.output and "not in the rule text" in result.output
    assert "1-10000" in result.output  # the values target takes
    one = runner.invoke(app, ["games", "triad", "--json"])
    assert [row["id"] for row in json.loads(one.output)] == ["triad"]
    assert "has no options" in runner.invoke(app, ["games", "triatri"]).output
    unknown = runner.invoke(app, ["games", "nope"])
    assert unknown.exit_code == 2 and "no game 'nope'" in unknown.output


def test_games_on_a_narrow_screen_cuts_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from tritable.cli.common import console

    monkeypatch.setattr(console, "_width", 50)  # ids and options used to end in "…"
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, result.output
    ids = {line.split("│")[1].strip() for line in result.output.splitlines() if line.startswith("│")}
    assert {"triple-triad", "triominos", "triatri", "tri-t-area", "triad"} <= ids


def test_simulate_says_when_a_game_had_more_than_one_winner() -> None:
    """Tri*T*Area can end with two seats sharing first place: each counts a win, so the win %
    add up to more than 100, and the summary says why."""
    result = runner.invoke(app, ["simulate", "tri-t-area", "--games", "2", "--json"])
    summary = json.loads(result.output)
    assert summary["shared_wins"] == 1 and sum(summary["wins"].values()) == 3 and summary["draws"] == 0
    shown = runner.invoke(app, ["simulate", "tri-t-area", "--games", "2"], env={"COLUMNS": "200"})
    assert "1 game won by more than one seat (a win for each" in shown.output, shown.output
    alone = json.loads(runner.invoke(app, ["simulate", "triad", "--games", "3", "--json"]).output)
    assert alone["shared_wins"] == 0


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


def test_simulate_keeps_its_title_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from tritable.cli.common import console

    monkeypatch.setattr(console, "_width", 80)
    # The table's columns are narrower than its title, which used to wrap ("(2 / players, seed 1)").
    result = runner.invoke(app, ["simulate", "triple-triad", "--games", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "3 random games of triple-triad (2 players, seed 1)" in result.output.splitlines()[0]


def test_simulate_with_options_and_players() -> None:
    result = runner.invoke(
        app,
        ["simulate", "triatri", "--games", "2", "--players", "3", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["players"] == 3
    assert sum(data["end_reasons"].values()) == 2  # TriATri calls it "end", not "reason"
    result = runner.invoke(app, ["simulate", "triominos", "--games", "2", "-o", "target=50", "--json"])
    assert json.loads(result.output)["end_reasons"] == {"target": 2}
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
        (["play", "triad", "--ai", "2="], "which level? (levels: easy, normal, hard)\n"),  # Triad has no solver
        (["play", "triple-triad", "--ai", "2="], "(levels: easy, normal, hard, perfect)"),
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
    record = Record.from_state(state).to_json()
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
        app, ["bench", "--game", "Triad", "--seconds", "0.05", "--runs", "3", "--json", "--output", str(out)]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    (case,) = data["cases"]  # the id read in any case, as everywhere
    assert case["game"] == "triad" and len(case["runs_games_per_second"]) == 3
    assert case["plies_per_second"] > 0


def test_bench_without_openspiel_says_the_ratio_target_was_not_measured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tritable.cli import bench
    from tritable.cli.common import console

    monkeypatch.setattr(bench, "openspiel_loop", lambda seconds, seed: None)
    monkeypatch.setattr(console, "_width", 300)
    out = tmp_path / "bench.json"
    args = ["bench", "--game", "triple-triad", "--seconds", "0.01", "--runs", "1", "--output", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "not measured (no OpenSpiel)" in result.output
    every_rule = next(c for c in json.loads(out.read_text())["cases"] if "ratio_to_openspiel_ttt" in c["targets"])
    assert every_rule["targets"]["ratio_to_openspiel_ttt"] == {"minimum": 4.0, "met": None}
    assert every_rule["targets"]["games_per_second"]["met"] in (True, False)


def test_bench_table_on_a_narrow_screen_cuts_no_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    from tritable.cli.common import console

    monkeypatch.setattr(console, "_width", 50)  # "84,4…" plies/s and "trio…" used to be printed
    result = runner.invoke(app, ["bench", "--game", "triad", "--game", "triominos", "--seconds", "0.05", "--runs", "1"])
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, result.output


def test_unreadable_and_hostile_files_are_refused_in_one_line(tmp_path: Path) -> None:
    triad = Record.from_state(new_game("triad").new_state(seed=3)).to_json()
    supers = new_game("triatri", 2).new_state(seed=1)
    tt = Record.from_state(new_game("triple-triad").new_state(seed=1)).to_json()
    files = {
        "binary.json": (bytes(range(256)), "not UTF-8 text"),
        "latin1.json": ('{"game": "caf\u00e9"}'.encode("latin-1"), "not UTF-8 text"),
        "deep.json": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        "long.json": (
            json.dumps({**triad, "seed": 0}).replace('"seed": 0', '"seed": ' + "9" * 5000).encode(),
            "more than 4300 digits",
        ),
        "format.json": (json.dumps({**triad, "format": True}).encode(), "unsupported record format"),
        "names.json": (json.dumps({**triad, "names": ["\x1b]0;hi\x07", "b"]}).encode(), "control characters"),
        "seat.json": (
            json.dumps({**Record.from_state(supers).to_json(), "actions": ["\u00b2:B4"]}).encode(),
            "<seat>:",
        ),
        "tt_long.json": (
            json.dumps(tt).replace('"actions": []', '"actions": [' + "1" * 5000 + "]").encode(),
            "more than 4300 digits",
        ),
    }
    for name, (data, why) in files.items():
        path = tmp_path / name
        path.write_bytes(data)
        commands = ["replay", "hint", "solve"] if name.startswith("tt") else ["replay", "hint"]
        for command in commands:
            result = runner.invoke(app, [command, str(path)])
            assert result.exit_code == 2, (name, command, result.output)
            assert why in result.output and "Traceback" not in result.output, (name, command, result.output)
            assert "set_int_max_str_digits" not in result.output
    # A byte-order mark first (Notepad writes one) is no reason to refuse a record.
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + json.dumps(triad).encode())
    result = runner.invoke(app, ["replay", str(marked)])
    assert result.exit_code == 0 and "record valid" in result.output, result.output
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (16 * 2**20 + 1))
    result = runner.invoke(app, ["replay", str(big)])
    assert result.exit_code == 2 and "larger than 16 MB" in result.output


def test_solve_reads_the_game_of_a_setup_in_any_case_as_hint_does(tmp_path: Path) -> None:
    setup = tmp_path / "setup.json"
    setup.write_text(
        json.dumps({"game": "Triple-Triad", "setup": new_game("triple-triad").new_state(seed=1).initial_setup})
    )
    solved = runner.invoke(app, ["solve", str(setup), "--one", "--json"])
    assert solved.exit_code == 0 and json.loads(solved.output)["phase"] == "play", solved.output
    hinted = runner.invoke(app, ["hint", str(setup), "--level", "greedy", "--json"])
    assert hinted.exit_code == 0 and json.loads(hinted.output)["game"] == "triple-triad", hinted.output


def test_solve_refuses_a_setup_file_without_a_setup(tmp_path: Path) -> None:
    for data, why in [
        ({"game": "triple-triad", "setup": None}, "'setup' must be a JSON object"),
        ({"game": "triple-triad", "setup": {}, "options": []}, "'options' must be a JSON object"),
    ]:
        path = tmp_path / "setup.json"
        path.write_text(json.dumps(data))
        result = runner.invoke(app, ["solve", str(path)])
        assert result.exit_code == 2 and why in result.output, result.output


def test_runaway_sizes_and_numbers_are_refused(tmp_path: Path) -> None:
    cases = [
        (["simulate", "triad", "-n", "0"], "--games takes 1 to"),
        (["simulate", "triad", "-n", "99999999999999999999"], "--games takes 1 to"),
        (["simulate", "triad", "-n", "1", "--record", ""], "--record takes the name of a folder"),
        (["arena", "triad", "-a", "random,random", "-n", "99999999999999999999"], "--games takes 1 to"),
        (["arena", "triatri", "-a", "random,greedy,easy", "-n", "999999"], "1,000,002 games once rounded up"),
        (["arena", "triad", "-a", "random,random", "-n", "2", "-j", "100000"], "--jobs takes 1 to"),
        (["bench", "--seconds", "nan"], "--seconds takes"),
        (["bench", "--seconds", "inf"], "--seconds takes"),
        (["bench", "--seconds", "1e-300"], "--seconds takes"),
        (["bench", "--runs", "0"], "--runs takes"),
        (["bench", "--output", str(tmp_path)], "it is a folder"),
        (["bench", "--output", f"{tmp_path}/out/"], "it names a folder"),  # not written as "out"
        (["replay", ""], ". is a folder (an empty name is the current folder): give the name of a file"),
        (["solve", str(tmp_path)], f"{tmp_path} is a folder: give the name of a file"),
        (["play", "triad", "--load", ""], "an empty name is the current folder"),
        (["simulate", "triple-triad", "-o", "min_level=\u0663"], "whole number"),
        (["arena", "triad", "-a", "mcts:iterations=\u0663,random"], "takes a whole number"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
    assert not (tmp_path / "out").exists()


def test_simulate_stops_with_a_clear_error_when_a_record_cannot_be_written(tmp_path: Path) -> None:
    (tmp_path / "triad-0-00001.json").mkdir()  # the second record's name is taken by a folder
    result = runner.invoke(app, ["simulate", "triad", "-n", "3", "--record", str(tmp_path)])
    assert result.exit_code == 2
    assert "cannot write" in result.output and "1 records written before it" in result.output


def test_the_command_line_parser_says_error_in_one_line_too() -> None:
    import subprocess
    import sys

    for args, why in [
        (["simulate", "triad", "-n", "abc"], "Invalid value for '--games'"),
        (["simulate"], "Missing argument 'GAME'"),
        (["games", "--bogus"], "No such option: --bogus"),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "tritable.cli.main", *args], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 2, done
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and why in lines[0], done.stderr


def test_a_closed_standard_output_is_an_error_not_silence() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "tritable.cli.main", "games"],
        stdout=subprocess.DEVNULL,
        capture_output=False,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 1 and "standard output is closed" in done.stderr, done


def test_files_are_written_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails part way (a full disk) leaves neither a broken file nor a broken old one."""
    from tritable.cli import common as cli_common

    target = tmp_path / "results.json"
    target.write_text('{"old": true}')
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, fd: int, *args: Any, **kwargs: Any) -> None:
            self.f = real_fdopen(fd, *args, **kwargs)

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

        def write(self, text: str) -> int:
            self.f.write(text[: len(text) // 2])
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fdopen", Full)
    with pytest.raises(OSError, match="No space"):
        cli_common.write_text(target, '{"new": true, "padding": "' + "x" * 10_000 + '"}')
    assert target.read_text() == '{"old": true}'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]
    monkeypatch.undo()
    cli_common.write_text(target, "[1]")
    assert target.read_text() == "[1]" and sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]


def test_simulate_keeps_the_records_of_an_earlier_run(tmp_path: Path) -> None:
    first = runner.invoke(app, ["simulate", "triad", "-n", "2", "--seed", "5", "--record", str(tmp_path)])
    assert first.exit_code == 0, first.output
    before = {p.name: p.read_text() for p in tmp_path.iterdir()}
    again = runner.invoke(app, ["simulate", "triad", "-n", "2", "--seed", "5", "--record", str(tmp_path)])
    assert again.exit_code == 2 and "holds records of seed 5 already" in again.output, again.output
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == before
    other = runner.invoke(app, ["simulate", "triad", "-n", "1", "--seed", "6", "--record", str(tmp_path)])
    assert other.exit_code == 0 and len(list(tmp_path.iterdir())) == 3


def test_bench_checks_its_output_file_before_it_runs(tmp_path: Path) -> None:
    cases = [
        (tmp_path / ("a" * 300 + ".json"), "cannot write"),
        (tmp_path / "no" / "x.json", "no such folder"),
    ]
    for output, message in cases:
        result = runner.invoke(
            app, ["bench", "--game", "triad", "--seconds", "0.01", "--runs", "1", "--output", str(output)]
        )
        assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output, result.output
    assert list(tmp_path.iterdir()) == []


def test_a_setting_given_twice_is_refused() -> None:
    result = runner.invoke(app, ["simulate", "triple-triad", "-n", "1", "-o", "same=true", "-o", "same=false"])
    assert result.exit_code == 2 and "option 'same' is given twice" in result.output, result.output


def test_replay_refuses_step_with_json(tmp_path: Path) -> None:
    runner.invoke(app, ["simulate", "triad", "--games", "1", "--record", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    result = runner.invoke(app, ["replay", str(path), "--step", "--json"])
    assert result.exit_code == 2 and "--step and --json do not go together" in result.output, result.output


def test_a_file_written_over_keeps_its_mode(tmp_path: Path) -> None:
    from tritable.cli.common import _UMASK, write_text

    target = tmp_path / "save.json"
    write_text(target, "[1]")
    assert target.stat().st_mode & 0o777 == 0o666 & ~_UMASK
    target.chmod(0o600)
    write_text(target, "[2]")
    assert target.read_text() == "[2]" and target.stat().st_mode & 0o777 == 0o600


def test_a_link_or_a_device_is_written_through_not_replaced(tmp_path: Path) -> None:
    import stat

    from tritable.cli.common import write_text

    target = tmp_path / "target.json"
    target.write_text("[0]")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_text(link, "[1]")
    assert link.is_symlink() and target.read_text() == "[1]"
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "new.json")
    write_text(dangling, "[2]")
    assert dangling.is_symlink() and (tmp_path / "new.json").read_text() == "[2]"
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a /dev/null of our own
    except PermissionError:
        pytest.skip("making a device file needs root")
    args = ["bench", "--game", "triad", "--seconds", "0.01", "--runs", "1", "--output", str(device)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(device.stat().st_mode)  # still the device, not a JSON file


def test_a_pipe_and_a_dangling_link_are_written_through(tmp_path: Path) -> None:
    from tritable.cli.common import write_text

    # /dev/stdout on a pipe is /proc/self/fd/1, which resolves to "pipe:[N]", no file at all.
    read_end, write_end = os.pipe()
    write_text(Path(f"/proc/self/fd/{write_end}"), "[1]")
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        assert pipe.read() == "[1]"
    # bench checks it can write its output before it runs: through a link to a file to come, the
    # check's trial file is the target's, and the link stays a link.
    dangling = tmp_path / "results.json"
    dangling.symlink_to(tmp_path / "target.json")
    args = ["bench", "--game", "triad", "--seconds", "0.01", "--runs", "1", "--output", str(dangling)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert dangling.is_symlink() and json.loads((tmp_path / "target.json").read_text())


def test_record_naming_a_file_says_so_once(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("hi")
    result = runner.invoke(app, ["simulate", "triad", "--games", "1", "--record", str(afile)])
    assert result.exit_code == 2
    assert result.output.strip() == f"error: --record takes the name of a folder: {afile} is a file"


def test_game_ids_are_read_in_any_case_on_the_command_line() -> None:
    result = runner.invoke(app, ["simulate", " Triad", "-n", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["game"] == "triad"
    result = runner.invoke(app, ["simulate", "Triads", "-n", "1"])
    assert result.exit_code == 2 and "no game 'Triads'" in result.output


def test_a_seat_s_view_is_named_as_such(tmp_path: Path) -> None:
    view = tmp_path / "view.json"
    view.write_text(json.dumps(new_game("triple-triad").new_state(seed=1).view(0)), encoding="utf-8")
    for command in ("solve", "hint"):
        result = runner.invoke(app, [command, str(view)])
        assert result.exit_code == 2 and "a seat's view (it has 'seat' and no 'setup')" in result.output


def test_ctrl_c_in_any_command_says_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    import tritable.ai.solver
    from tritable.cli import main as cli_main

    def pressed(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    record = tmp_path / "tt.json"
    record.write_text(Record.from_state(new_game("triple-triad").new_state(seed=1)).dumps(), encoding="utf-8")
    monkeypatch.setattr(tritable.ai.solver, "solve", pressed)
    monkeypatch.setattr(sys, "argv", ["tritable", "solve", str(record)])
    with pytest.raises(SystemExit) as stopped:
        cli_main.main()
    assert stopped.value.code == 130
    assert capsys.readouterr().err.strip() == "interrupted"


def test_a_dash_reads_the_record_from_standard_input(tmp_path: Path) -> None:
    state = new_game("triple-triad").new_state(seed=1)
    text = Record.from_state(state).dumps()
    result = runner.invoke(app, ["replay", "-", "--json"], input=text)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["state"] == state.to_json()
    result = runner.invoke(app, ["solve", "-", "--one", "--json"], input=text)
    assert result.exit_code == 0 and json.loads(result.stdout)["best_moves"], result.output
    result = runner.invoke(app, ["replay", "-"], input=b"\xff")
    assert result.exit_code == 2 and "standard input: not UTF-8 text" in result.output
    # Every message about the input names it as the input, not as a file called "-".
    for args, data, why in (
        (["replay", "-"], "{", "error: standard input: the record is not valid JSON"),
        (["solve", "-"], '{"game": "triad"}', "error: standard input: the solver plays Triple Triad"),
        (["hint", "-"], "[1]", "error: standard input: "),
    ):
        result = runner.invoke(app, args, input=data)
        assert result.exit_code == 2 and result.output.startswith(why), result.output
    # Where the standard input is the player's, a dash is refused.
    for args, why in (
        (["replay", "--step", "-"], "--step reads its commands from standard input"),
        (["play", "--load", "-"], "--load - would read the save from the input"),
    ):
        result = runner.invoke(app, args, input=text)
        assert result.exit_code == 2 and why in result.output, result.output


def test_a_closed_or_unreadable_standard_input_is_an_error_naming_it(tmp_path: Path) -> None:
    import subprocess
    import sys

    written = tmp_path / "in"
    closing = (
        (lambda: os.close(0), "error: standard input is closed"),
        (lambda: os.dup2(os.open(written, os.O_WRONLY | os.O_CREAT), 0), "error: cannot read standard input"),
    )
    for args in (["play", "triad", "--seed", "1"], ["hint", "-"], ["replay", "-"], ["solve", "-"]):
        for close, why in closing:
            done = subprocess.run(
                [sys.executable, "-m", "tritable.cli.main", *args],
                capture_output=True,
                stdin=subprocess.DEVNULL,
                text=True,
                timeout=120,
                close_fds=True,
                preexec_fn=close,
            )
            assert done.returncode == 2 and why in done.stderr and "Traceback" not in done.stderr, (args, done)


def test_a_name_too_long_is_an_error_naming_it_briefly(tmp_path: Path) -> None:
    long = "a" * 5000
    for args in (["replay", long], ["hint", long], ["solve", long], ["simulate", "triad", "--record", f"{long}/x"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        said = " ".join(result.output.split())
        assert "too long" in said and ("(5000 characters)" in said or "(5002 characters)" in said), said
        assert long not in said


def test_a_negative_seed_is_refused_as_it_would_repeat_its_positive_twin() -> None:
    for args in (["simulate", "triad", "-n", "1"], ["arena", "triad", "--agents", "random,random", "-n", "2"]):
        result = runner.invoke(app, [*args, "--seed", "-5"])
        assert result.exit_code == 2 and "--seed takes a whole number >= 0, not -5" in result.output, result.output
        assert runner.invoke(app, [*args, "--seed", "0", "--json"]).exit_code == 0


@pytest.mark.parametrize(
    "command", [[], ["games"], ["simulate"], ["replay"], ["bench"], ["arena"], ["hint"], ["solve"], ["play"]]
)
def test_help_shows_flags_as_flags(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "--help" in result.output and "Show this message and exit." in result.output
    assert "<bool>" not in result.output  # Typer 0.29 shows one beside --help unless told


def test_python_dash_m_tritable_runs_the_command() -> None:
    src = str(Path(__file__).resolve().parent.parent / "src")
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    run = [sys.executable, "-m", "tritable"]
    done = subprocess.run([*run, "games", "--json"], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert "triple-triad" in done.stdout
    bad = subprocess.run(
        [*run, "arena", "nogame", "--agents", "random,random"], capture_output=True, text=True, env=env, check=False
    )
    assert bad.returncode == 2 and "no game 'nogame'" in bad.stderr
    # Usage and error lines name the command as it was run.
    helped = subprocess.run([*run, "hint", "--help"], capture_output=True, text=True, env=env, check=False)
    assert "Usage: python -m tritable hint " in helped.stdout
    missing = subprocess.run([*run, "arena"], capture_output=True, text=True, env=env, check=False)
    assert missing.returncode == 2 and "(see `python -m tritable arena --help`)" in missing.stderr


def test_hotseat_play_needs_no_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI is imported only when a seat is an AI: without it, friends still play."""
    for name in ("tritable.ai", "tritable.ai.levels"):
        monkeypatch.setitem(sys.modules, name, None)  # import fails, as where the AI is missing
    result = runner.invoke(app, ["play", "triad", "--hotseat"], input="quit\n")
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["play", "triad", "--ai", "2=easy"], input="quit\n")
    assert result.exit_code == 2 and "the AI is not available" in result.output, result.output


def test_bench_reports_the_median_run_and_checks_targets_against_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from tritable.cli import bench

    def case_of(runs: list[tuple[float, float, float]]) -> dict[str, Any]:
        loops = iter(runs)
        monkeypatch.setattr(bench, "playout_loop", lambda game, seconds, seed: next(loops))
        (case,) = bench.run_benchmarks(seconds=0.01, runs=3, only=["triad"])["cases"]
        assert (case["games_per_second"], case["plies_per_second"], case["cpu_games_per_second"]) == runs[2]
        return case

    monkeypatch.setattr(bench, "openspiel_loop", lambda seconds, seed: None)
    fast = case_of([(3.0, 30_000.0, 3.0), (1.0, 10_000.0, 1.0), (2.0, 25_000.0, 2.0)])
    slow = case_of([(3.0, 300.0, 3.0), (1.0, 100.0, 1.0), (2.0, 200.0, 2.0)])
    assert fast["targets"]["plies_per_second"] == {"minimum": 20_000, "met": True}  # triad's target: 20,000
    assert slow["targets"]["plies_per_second"] == {"minimum": 20_000, "met": False}


def test_games_table_gives_each_game_its_player_counts() -> None:
    table = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    rows = [line.split("│") for line in table.output.splitlines()]
    players = {row[1].strip(): row[3].strip() for row in rows if len(row) > 4 and row[1].strip()}
    assert players["triatri"] == "2-4" and players["triad"] == "2" and players["tri-t-area"] == "4", players
