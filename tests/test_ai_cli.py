"""``tritable arena`` and ``tritable hint`` through typer's CliRunner, bad input included."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import tritable
from tritable.ai.arena import seat_names
from tritable.cli.ai_commands import register
from tritable.engine import Record, registry
from tritable.engine.playout import random_step

sys.path.insert(0, str(Path(__file__).parent))
from ai_toy_games import ToyGoofspiel, ToyNim

runner = CliRunner()


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    monkeypatch.setitem(registry._LOADED, ToyNim.id, ToyNim)
    monkeypatch.setitem(registry._LOADED, ToyGoofspiel.id, ToyGoofspiel)
    app = typer.Typer(pretty_exceptions_enable=False)
    register(app)
    return app


def bad(app: typer.Typer, args: list[str], why: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "error:" in result.stderr and why in result.stderr, result.stderr


def test_arena_json(app: typer.Typer) -> None:
    args = ["arena", "toy-nim", "--agents", "mcts:iterations=200,random", "--games", "4", "--seed", "2"]
    result = runner.invoke(app, [*args, "--jobs", "1", "--json", "--option", "heap=9"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4 and data["options"] == {"heap": 9}
    (pair,) = data["pairs"]
    assert pair["wins"] + pair["draws"] + pair["losses"] == 4
    assert set(pair) >= {"score", "score_ci95", "elo", "elo_ci95"}
    assert all(a["max_seconds_per_move"] >= 0 for a in data["agents"])


def test_arena_table_and_players(app: typer.Typer) -> None:
    result = runner.invoke(
        app, ["arena", "toy-nim", "--agents", "greedy,random,random", "--players", "3", "-n", "3", "-j", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "head to head" in result.stdout and "W-D-L" in result.stdout
    assert "by seat: first places / games (mean return)" in result.stdout
    assert "greedy vs random" in result.stdout.replace("\n", " ") or "greedy vs" in result.stdout


def test_arena_tables_keep_their_titles_and_figures_whole(app: typer.Typer, monkeypatch: pytest.MonkeyPatch) -> None:
    from tritable.cli.common import console

    args = ["arena", "triad", "--agents", "random,greedy", "-n", "2", "-j", "1"]
    monkeypatch.setattr(console, "_width", 80)
    result = runner.invoke(app, args)  # every title on one line
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.stdout.splitlines()]
    for title in (
        "2 games of triad (2 players, seed 0, 2 seatings)",
        "by seat: first places / games (mean return)",
        "head to head: A's wins-draws-losses (draws count half, 95% intervals)",
    ):
        assert title in lines, result.stdout
    # Narrow screens: the tables used to cut names and digits short ("0.0…"), or drop the names.
    for width in (40, 50):
        monkeypatch.setattr(console, "_width", width)
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert all(len(line) <= width for line in result.stdout.splitlines()), result.stdout
        assert "…" not in result.stdout, result.stdout
    pairs = result.stdout.split("head to head")[1]
    assert "random" in pairs and "0-0-2" in pairs, pairs
    assert "0.000" in pairs and "[0.000," in pairs and "0.658]" in pairs, pairs


def test_arena_table_signs_an_infinite_elo_difference(app: typer.Typer) -> None:
    # random never beats greedy at Triad: A's score is 0, so Elo(A) - Elo(B) is minus infinity.
    result = runner.invoke(app, ["arena", "triad", "--agents", "random,greedy", "-n", "2", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "0-0-2" in result.stdout
    assert "-inf [-inf," in result.stdout and "+inf" not in result.stdout.split("0-0-2")[1].split("\n")[0]


def test_arena_on_a_real_game(app: typer.Typer) -> None:
    result = runner.invoke(app, ["arena", "triad", "--agents", "greedy,random", "-n", "2", "-j", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 2


def test_arena_records_every_game_and_says_when_it_rounds_up(app: typer.Typer, tmp_path: Path) -> None:
    folder = tmp_path / "records"
    args = ["arena", "triad", "--agents", "greedy,random", "-n", "3", "-j", "1", "--seed", "4"]
    result = runner.invoke(app, [*args, "--record", str(folder)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "4 games, not 3: rounded up so that each of the 2 seatings plays every deal" in said
    assert f"4 records written to {folder}" in said
    paths = sorted(folder.glob("triad-4-*.json"))
    assert [p.name for p in paths] == [f"triad-4-{i:05d}.json" for i in range(4)]
    records = [tritable.Record.loads(p.read_text()) for p in paths]
    assert all(r.replay().is_terminal() for r in records)
    ordered = [("P1 (AI greedy)", "P2 (AI random)"), ("P1 (AI random)", "P2 (AI greedy)")]
    assert sorted(tuple(r.names or ()) for r in records) == sorted(ordered * 2)
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert [seat_names(r["agents_by_seat"]) for r in data["results"]] == [list(r.names or ()) for r in records]
    bad(app, [*args, "--record", str(folder)], "holds records of seed 4 already")
    bad(app, [*args, "--record", str(paths[0])], "--record takes the name of a folder")
    # A record that cannot be written fails the run, after its results are out.
    blocked = tmp_path / "blocked"
    (blocked / "triad-4-00002.json").mkdir(parents=True)
    result = runner.invoke(app, [*args, "--record", str(blocked)])
    assert result.exit_code == 2 and "W-D-L" in result.stdout, result.output
    assert "cannot write" in result.stderr and "(2 records written before it)" in " ".join(result.stderr.split())


def test_ctrl_c_in_the_arena_reports_the_games_played(app: typer.Typer, monkeypatch: pytest.MonkeyPatch) -> None:
    import tritable.ai.arena as arena_module

    real = arena_module.play
    played: list[int] = []

    def interrupted(task: arena_module.Task) -> arena_module.GameResult:
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(task.index)
        return real(task)

    monkeypatch.setattr(arena_module, "play", interrupted)
    result = runner.invoke(app, ["arena", "triad", "--agents", "greedy,random", "-n", "10", "-j", "1"])
    assert result.exit_code == 130
    assert "interrupted: 3 of 10 games played" in " ".join(result.stdout.split())
    assert "3 games of triad" in result.stdout


def test_arena_bad_input(app: typer.Typer) -> None:
    bad(app, ["arena", "triad", "--agents", "random,random,random"], "triad is for 2 players, not 3")
    bad(app, ["arena", "toy-nim", "--agents", "random,random", "--players", "3"], "2 agents given for 3 players")
    # A count the game does not take is named with the game's range, whatever the agents.
    bad(app, ["arena", "triad", "--agents", "random,greedy", "--players", "3"], "triad is for 2 players, not 3")
    bad(
        app,
        ["arena", "triominos", "--agents", "random,greedy", "--players", "0"],
        "triominos is for 2-4 players, not 0",
    )
    bad(app, ["arena", "toy-nim", "--agents", "random,random,random,random"], "one agent per seat")
    bad(app, ["arena", "toy-nim", "--agents", "random,wizard"], "unknown agent 'wizard'")
    bad(app, ["arena", "toy-nim", "--agents", "random,mcts:iterations=0"], "iterations must be > 0")
    bad(app, ["arena", "toy-nim", "--agents", "random,hard:seconds=0"], "seconds must be > 0")
    # Budgets that would not end within a day, or not fit in memory, are refused too.
    bad(app, ["arena", "toy-nim", "--agents", "random,mcts:iterations=1000000000"], "at most 100,000,000")
    bad(app, ["arena", "toy-nim", "--agents", "random,hard:seconds=1e9"], "seconds must be at most 86,400")
    bad(app, ["arena", "toy-nim", "--agents", "random,ismcts:samples=1e7"], "samples takes a whole number")
    bad(app, ["arena", "toy-nim", "--agents", "random,ismcts:samples=10000000"], "samples must be at most")
    bad(app, ["arena", "toy-nim", "--agents", "random,greedy:own_plies=40"], "own_plies must be at most 8")
    bad(app, ["arena", "toy-nim", "--agents", "random,nightmare"], "unknown agent")
    bad(app, ["arena", "toy-nim", "--agents", "random,perfect"], "no perfect level")
    bad(app, ["arena", "toy-nim", "--agents", "random,"], "--agents")
    bad(app, ["arena", "toy-nim", "--agents", "random,random", "--games", "0"], "--games")
    bad(app, ["arena", "toy-nim", "--agents", "random,random", "--jobs", "0"], "--jobs")
    bad(app, ["arena", "no-such-game", "--agents", "random,random"], "no game")
    bad(app, ["arena", "toy-nim", "--agents", "random,random", "--option", "heap=0"], "heap")


def write_record(tmp_path: Path, game: tritable.Game, seed: int, steps: int | None) -> Path:
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal() and (steps is None or len(state.history) < steps):
        random_step(state, rng)
    path = tmp_path / f"{game.id}-{seed}-{steps}.json"
    path.write_text(Record.from_state(state).dumps(), encoding="utf-8")
    return path


def test_hint_on_a_record(app: typer.Typer, tmp_path: Path) -> None:
    game = tritable.new_game("triad")
    path = write_record(tmp_path, game, 4, 6)
    result = runner.invoke(app, ["hint", str(path), "--level", "mcts:iterations=60:rollout_depth=4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (h,) = data["hints"]
    state = tritable.Record.loads(path.read_text()).replay()
    assert h["seat"] == state.current_player()
    legal = {game.action_to_string(a) for a in state.legal_actions()}
    assert h["best"]["action"] in legal
    assert all(alt["action"] in legal for alt in h["alternatives"]) and len(h["alternatives"]) == 3
    assert 0 <= h["best"]["win_rate"] <= 1 and h["best"]["visits"] > 0
    text = runner.invoke(app, ["hint", str(path), "--level", "greedy"])
    assert text.exit_code == 0 and "best:" in text.stdout
    # Each agent's estimate in its own terms: greedy evaluates, random knows nothing.
    assert "(in -1..1, not a win rate)" in text.stdout and "win rate 5" not in text.stdout
    (h,) = json.loads(runner.invoke(app, ["hint", str(path), "--level", "greedy", "--json"]).stdout)["hints"]
    for row in (h["best"], *h["alternatives"]):  # an evaluation in JSON too, no win rate
        assert isinstance(row["value"], float) and (row["win_rate"], row["visits"]) == (None, None)
    text = runner.invoke(app, ["hint", str(path), "--level", "random"])
    assert "random play: no estimate" in text.stdout and "win rate" not in text.stdout
    (h,) = json.loads(runner.invoke(app, ["hint", str(path), "--level", "random", "--json"]).stdout)["hints"]
    for row in (h["best"], *h["alternatives"]):  # no estimate in JSON either
        assert (row["value"], row["win_rate"], row["visits"]) == (None, None, 0)
    text = runner.invoke(app, ["hint", str(path), "--level", "mcts:iterations=60:rollout_depth=4"])
    assert re.search(r"best: \S+ \(\d+ visits, win rate \d+\.\d%\)", text.stdout), text.stdout


def test_a_perfect_hint_tells_the_best_moves_from_the_other_wins(app: typer.Typer, tmp_path: Path) -> None:
    from tritable.ai.solver import solve

    # A position won by 4 in which other moves win too, by less: only the best say so.
    game = tritable.new_game("triple-triad")
    path = write_record(tmp_path, game, 26, 5)
    state = tritable.Record.loads(path.read_text(encoding="utf-8")).replay()
    solution = solve(state)
    assert solution.value == 4
    result = runner.invoke(app, ["hint", str(path), "--level", "perfect", "--json"])
    assert result.exit_code == 0, result.output
    hint = json.loads(result.stdout)["hints"][0]
    rows = [hint["best"], *hint["alternatives"]]
    assert hint["best"]["optimal"] is True and hint["best"]["margin"] == 4
    assert hint["best"]["action"] in {game.action_to_string(a) for a in solution.best_moves}
    worse = [row for row in rows if row["optimal"] is False]
    assert worse and all(row["solved"] and row["margin"] < 4 for row in worse)
    assert any(row["value"] == 1 and row["margin"] == 2 for row in worse)  # a win still, by 2
    for row in rows:
        is_best = row["action"] in {game.action_to_string(a) for a in solution.best_moves}
        assert row["optimal"] is is_best
        action = game.string_to_action(row["action"])
        assert row["margin"] == -solve(state.child(action)).value  # exact, not a bound
    text = runner.invoke(app, ["hint", str(path), "--level", "perfect"])
    said = " ".join(text.stdout.split())
    assert "(solved: a win by 4 with perfect play (best))" in said, said
    assert "(solved: a win by 2 with perfect play)" in said, said


def test_perfect_hints_say_solved_outcomes_and_sampled_hands(app: typer.Typer, tmp_path: Path) -> None:
    open_path = write_record(tmp_path, tritable.new_game("triple-triad"), 3, 5)
    text = runner.invoke(app, ["hint", str(open_path), "--level", "perfect"])
    assert text.exit_code == 0, text.output
    said = " ".join(text.stdout.split())  # the lines may wrap
    assert re.search(r"best: \S.*\(solved: a (win by \d+|draw|loss by \d+) with perfect play \(best\)\)", said), said
    closed = tritable.new_game("triple-triad", options={"open": False, "trade": "none"})
    closed_path = write_record(tmp_path, closed, 5, 3)
    text = runner.invoke(app, ["hint", str(closed_path), "--level", "perfect"])
    assert text.exit_code == 0, text.output
    said = " ".join(text.stdout.split())  # the lines may wrap
    assert re.search(r"best: \S.*\(optimal in [\d.]+ of the hands drawn, mean result [+-]\d\.\d\d there\)", said), said
    assert "win rate" not in text.stdout and "not searched" not in text.stdout


def test_hint_reads_a_state_as_well_as_a_record(app: typer.Typer, tmp_path: Path) -> None:
    path = write_record(tmp_path, tritable.new_game("triad"), 4, 6)
    state = tritable.Record.loads(path.read_text()).replay()
    level = ["--level", "mcts:iterations=60:rollout_depth=4", "--json"]
    expected = json.loads(runner.invoke(app, ["hint", str(path), *level]).stdout)
    as_state = tmp_path / "state.json"
    as_state.write_text(json.dumps(state.to_json()), encoding="utf-8")
    replayed = tmp_path / "replayed.json"
    replayed.write_text(json.dumps({"state": state.to_json(), "terminal": False}), encoding="utf-8")
    for other in (as_state, replayed):
        result = runner.invoke(app, ["hint", str(other), *level])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout) == expected


def test_hint_at_a_simultaneous_turn_hints_every_pending_seat(app: typer.Typer, tmp_path: Path) -> None:
    path = write_record(tmp_path, ToyGoofspiel(), 1, 2)
    result = runner.invoke(app, ["hint", str(path), "--level", "ismcts:iterations=40", "--json"])
    assert result.exit_code == 0, result.output
    assert [h["seat"] for h in json.loads(result.stdout)["hints"]] == [0, 1]


def test_hint_bad_input(app: typer.Typer, tmp_path: Path) -> None:
    game = tritable.new_game("triad")
    over = write_record(tmp_path, game, 2, None)
    bad(app, ["hint", str(over)], "the game is over")
    running = write_record(tmp_path, game, 2, 3)
    bad(app, ["hint", str(running), "--level", "expert"], "unknown agent 'expert'")
    bad(app, ["hint", str(running), "--level", "mcts:iterations=0"], "must be > 0")
    bad(app, ["hint", str(running), "--level", "mcts:seconds=-2"], "must be > 0")
    bad(app, ["hint", str(running), "--seed", "-1"], "--seed takes a whole number >= 0, not -1")
    bad(app, ["hint", str(tmp_path / "missing.json")], "cannot read")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    bad(app, ["hint", str(broken)], "not valid JSON")
    short = json.loads(running.read_text())
    short["names"] = ["Alice"]
    running.write_text(json.dumps(short), encoding="utf-8")
    bad(app, ["hint", str(running)], "'names' must name each of its 2 seats, not 1")
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"game": "triad", "setup": {}}), encoding="utf-8")
    bad(app, ["hint", str(setup)], "the setup lacks 'black'")
    setup.write_text(json.dumps({"setup": {}}), encoding="utf-8")
    bad(app, ["hint", str(setup)], "a setup file names its 'game'")
    setup.write_text(json.dumps({"game": "triad"}), encoding="utf-8")
    bad(app, ["hint", str(setup)], "neither a record (no 'actions'), a state (no 'history') nor a setup")


def test_a_multiplayer_hint_says_how_many_seats_it_expects_to_beat(app: typer.Typer, tmp_path: Path) -> None:
    """With 3-4 players a search's value is the mean over the other seats, as `play`'s hint says."""
    game = tritable.new_game("tri-t-area")
    path = write_record(tmp_path, game, 3, 4)
    text = runner.invoke(app, ["hint", str(path), "--level", "mcts:iterations=1:rollout_depth=2"]).stdout
    assert re.search(r"best: \S+ \(1 visit, ahead of \d+\.\d% of the others\)", text), text
    assert "win rate" not in text


def test_hint_reads_a_setup_file_as_solve_does(app: typer.Typer, tmp_path: Path) -> None:
    """A setup file gives the position before the first move, for any game."""
    game = tritable.new_game("triad", options={"first_player": "random"})
    state = game.new_state(seed=3)
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"game": "Triad", "options": {"first_player": "random"}, "setup": state.initial_setup}))
    result = runner.invoke(app, ["hint", str(setup), "--level", "greedy", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (given,) = data["hints"]
    assert data["actions"] == 0 and given["seat"] == state.current_player()
    assert game.string_to_action(given["best"]["action"]) in state.legal_actions()


def test_hint_prints_player_names_as_written(app: typer.Typer, tmp_path: Path) -> None:
    path = write_record(tmp_path, tritable.new_game("triad"), 4, 6)
    data = json.loads(path.read_text())
    data["names"] = ["[bold]Ann", "Bob [/x]"]
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["hint", str(path), "--level", "greedy"])
    assert result.exit_code == 0, result.output
    seat = tritable.Record.loads(path.read_text()).replay().current_player()
    assert result.stdout.startswith(f"{data['names'][seat]} to move")


def test_ctrl_c_stops_an_arena_in_worker_processes_at_once() -> None:
    """The queued games are dropped and the workers end: exit 130 long before the games could
    have been played (about 10 s for these on 2 cores), no worker left behind."""
    import os
    import signal
    import subprocess
    import time

    args = ["arena", "triad", "--agents", "mcts:iterations=300,random", "--games", "400", "--jobs", "2"]
    child = subprocess.Popen(
        [sys.executable, "-m", "tritable.cli.main", *args],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )

    def group() -> list[int]:
        """The processes of the arena's group: itself and its workers."""
        pids = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    if os.getpgid(int(entry)) == child.pid:
                        pids.append(int(entry))
                except ProcessLookupError:
                    pass
        return pids

    # Ctrl-C once both workers play (on a loaded machine starting them may take a while).
    deadline = time.monotonic() + 60
    while len(group()) < 3 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert child.poll() is None and len(group()) >= 3, "the arena never started its two workers"
    time.sleep(1)  # the workers are playing by now
    os.killpg(child.pid, signal.SIGINT)
    try:
        _, err = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        raise AssertionError("the arena went on after Ctrl-C") from None
    assert child.returncode == 130, err
    assert "Traceback" not in err
    deadline = time.monotonic() + 10  # the workers are terminated as the arena leaves
    while group() and time.monotonic() < deadline:
        time.sleep(0.1)
    if group():
        os.killpg(child.pid, signal.SIGKILL)
        raise AssertionError("a worker process outlived the interrupted arena")
