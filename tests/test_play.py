"""``tritable play`` and ``tritable replay --step`` driven through a pseudo-terminal (pexpect), as a
player would: complete games of all five games against AI seats, refused input, undo, save and
load, a corrupt save, Ctrl-C, the hotseat pass screen, and plain piped input."""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

import tritable
from tritable.cli.main import app
from tritable.engine import Record, game_class

PROMPT = r"P(\d)> "
PASS = r"Pass to P(\d)"
SAVE = r"file name \(Enter: no\) "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\[[0-9;?]*$|\x1b$|[\x01\x02\r]")


def plain(text: str) -> str:
    """``text`` without colour codes, cursor moves and carriage returns."""
    return ANSI.sub("", text)


class Term:
    """A program on a pseudo-terminal, read as plain text (colours and cursor moves left out)."""

    def __init__(self, *args: str, cwd: Path, timeout: float = 60, size: tuple[int, int] = (50, 140)) -> None:
        rows, columns = size
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(columns), LINES=str(rows))
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "tritable.cli.main", *args],
            cwd=str(cwd),
            env=env,
            encoding="utf-8",
            timeout=timeout,
            dimensions=size,
        )
        self.raw = ""
        self.seen = 0  # how much of plain(self.raw) the expectations have consumed
        self.before = ""  # the text between the last two matches
        self.timeout = timeout

    def expect(self, *patterns: str) -> tuple[int, re.Match[str]]:
        """Wait for the first of ``patterns`` (regexes on the plain text) after what was matched
        before; returns its index and match."""
        deadline = time.monotonic() + self.timeout
        while True:
            text = plain(self.raw)
            found: list[tuple[int, int, re.Match[str]]] = []
            for i, pattern in enumerate(patterns):
                m = re.compile(pattern).search(text, self.seen)
                if m:
                    found.append((m.start(), i, m))
            if found:
                _, i, m = min(found, key=lambda f: (f[0], f[1]))
                self.before = text[self.seen : m.start()]
                self.seen = m.end()
                return i, m
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {patterns} in the output; it ends with:\n{text[-3000:]}")
            try:
                self.raw += self.child.read_nonblocking(65536, timeout=min(left, 1.0))
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                raise AssertionError(f"the program ended without {patterns}; it ends with:\n{text[-3000:]}") from None

    def wait(self, pattern: str) -> re.Match[str]:
        return self.expect(pattern)[1]

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def first_listed(self) -> str:
        """The number of the first action in the menu shown before the last match: 1, or the
        first of Triple Triad's card-then-cell numbers (``11 @1``, or ``59 Geezard@9`` alone)."""
        m = re.search(r"(?<!\S)([1-9][1-9]) @[1-9]\b", self.before)
        m = m or re.search(r"(?<!\S)([1-9][1-9]) [^\n]*@[1-9] +\(Enter plays it\)", self.before)
        if m:
            return m.group(1)
        compact = re.search(r"(?m)^([1-9]) +\S[^\n]*?cells ([1-9])", self.before)  # a narrow screen's form
        return compact.group(1) + compact.group(2) if compact else "1"

    def end(self) -> int:
        """Wait for the program to exit; its exit status."""
        try:
            while True:
                self.raw += self.child.read_nonblocking(65536, timeout=self.timeout)
        except pexpect.EOF:
            pass
        self.child.close()
        status = self.child.exitstatus
        assert status is not None, "the program was killed by a signal"
        return int(status)

    @property
    def output(self) -> str:
        return plain(self.raw)


def run(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="140")
    return subprocess.run(
        [sys.executable, "-m", "tritable.cli.main", *args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def finish(term: Term, answer: str | None = None, decline: str = "") -> int:
    """Answer every prompt with ``answer`` (by default the first action listed) and Enter at pass
    screens to the end of the game, decline to save (answering ``decline``) and wait for the exit;
    returns the number of human decisions."""
    decisions = 0
    while True:
        i, _ = term.expect(PROMPT, PASS, SAVE)
        if i == 0:
            term.send(term.first_listed() if answer is None else answer)
            decisions += 1
        elif i == 1:
            term.send("")
        else:
            term.send(decline)
            assert term.end() == 0
            return decisions


# -- a complete game of each game against AI seats -------------------------------------------------

GAMES = [
    ("triple-triad", ["--ai", "2=easy"]),
    ("triad", ["--ai", "2=easy"]),
    ("triominos", ["--ai", "2=easy", "-o", "target=100"]),
    ("triatri", ["--players", "3", "--ai", "2,3=easy"]),
    ("tri-t-area", ["--ai", "2,3,4=easy"]),  # the easy level: greedy, quick
]


@pytest.mark.parametrize(("game", "args"), GAMES, ids=[g for g, _ in GAMES])
def test_a_complete_game_against_ai_seats(game: str, args: list[str], tmp_path: Path) -> None:
    term = Term("play", game, "--seed", "5", *args, cwd=tmp_path, timeout=90)
    assert term.wait(PROMPT).group(1) == "1"
    term.send("board")  # shows the position again, then asks again
    assert finish(term) >= 1
    out = term.output
    assert game_class(game).name in out
    assert "AI easy" in out and "is thinking" not in out.split("game over")[-1]
    assert "game over" in out and "result" in out
    assert "Traceback" not in out


def test_notation_is_accepted_and_echoed(tmp_path: Path) -> None:
    game = tritable.new_game("triad")
    last = game.action_to_string(game.new_state(seed=5).legal_actions()[-1])
    term = Term("play", "triad", "--seed", "5", "--ai", "2=easy", cwd=tmp_path)
    term.wait(PROMPT)
    term.send(last.upper())
    assert term.wait(r"P1 plays (\S+)").group(1) == last
    term.wait(r"P2 \(AI easy\) plays")
    term.wait(PROMPT)
    term.send("quit")
    assert term.end() == 0


def test_illegal_input_is_refused_with_the_reason_and_play_goes_on(tmp_path: Path) -> None:
    game = tritable.new_game("triad")
    state = game.new_state(seed=5)
    legal = {game.action_to_string(a) for a in state.legal_actions()}
    illegal = next(f"{f}3=1>{f}4" for f in "abcdef" if f"{f}3=1>{f}4" not in legal)  # from an empty square
    with pytest.raises(ValueError) as why:
        state.clone().apply_action(game.string_to_action(illegal))
    term = Term("play", "triad", "--seed", "5", "--ai", "2=easy", cwd=tmp_path)
    term.wait(PROMPT)
    term.send("999")
    term.wait(r"there is no action 999: choose 1-\d+")
    term.wait(PROMPT)
    term.send("nonsense")
    term.wait("not an action number, a command or an action: 'nonsense' is not Triad notation")
    term.wait(PROMPT)
    term.send("\u00b2")  # a superscript two: a digit to str.isdigit, not to int
    term.wait("not an action number, a command or an action")
    term.wait(PROMPT)
    term.send(illegal)
    reason = re.sub(r"\bseat (\d+)\b", lambda m: f"P{int(m.group(1)) + 1}", str(why.value))
    term.wait(re.escape(reason))  # the engine's reason (seats named as the players know them)
    assert term.wait(PROMPT).group(1) == "1"  # still P1's turn: nothing was played
    term.send("1")
    term.wait("P1 plays")
    term.wait(r"P2 \(AI easy\) plays")
    term.wait(PROMPT)
    term.send("quit")
    assert term.end() == 0


def test_help_rules_hint_and_undo(tmp_path: Path) -> None:
    term = Term("play", "triad", "--seed", "5", "--ai", "2=easy", cwd=tmp_path)
    term.wait(PROMPT)
    term.send("undo")
    term.wait("nothing to undo")
    term.send("help")
    term.wait("save FILE")
    term.send("rules")
    term.wait("Triad")
    term.wait("move_cap")
    term.send("hint")
    number = int(term.wait(r"hint: (\d+) \S+ \(").group(1))
    term.wait(PROMPT)
    term.send(str(number))
    term.wait("P1 plays")
    term.wait(r"P2 \(AI easy\) plays")
    term.wait(PROMPT)
    term.send("undo")
    assert int(term.wait(r"undone: (\d+) actions taken back").group(1)) >= 2
    term.wait(r"action 1 ·")  # back at the start
    term.wait(PROMPT)
    term.send("quit")
    assert term.end() == 0


def test_a_save_undone_is_not_called_the_game_as_it_stands(tmp_path: Path) -> None:
    term = Term("play", "triad", "--seed", "8", "--ai", "2=easy", cwd=tmp_path)
    term.wait(PROMPT)
    term.send("1")
    term.wait(PROMPT)
    term.send("save a.json")
    term.wait("saved to a.json")
    term.send("undo")
    term.wait("undone")
    term.wait(PROMPT)
    term.send("2")  # another first move: as many actions as the save holds, but another game
    term.wait(r"P2 \(AI easy\) plays")
    term.wait(PROMPT)
    term.send("quit")
    term.wait("a.json holds the game before an undo")
    assert term.end() == 0


def test_undo_cannot_take_back_a_revealed_simultaneous_choice(tmp_path: Path) -> None:
    term = Term("play", "triatri", "--players", "2", "--ai", "2=easy", "--seed", "3", cwd=tmp_path)
    term.wait(PROMPT)
    term.send("1")
    term.wait("everyone has chosen")
    term.wait(PROMPT)
    term.send("undo")  # the AI's start card is known now: choosing again would be cheating
    term.wait("undo cannot take back a choice once everyone's choices are revealed")
    term.send("quit")
    assert term.end() == 0


def test_yes_at_the_last_save_prompt_asks_for_a_name(tmp_path: Path) -> None:
    term = Term("play", "triad", "--seed", "3", "--ai", "2=random", cwd=tmp_path)
    while term.expect(PROMPT, SAVE)[0] == 0:
        term.send("1")
    term.send("y")
    term.wait("which file name")
    term.send("")
    assert term.end() == 0
    assert not (tmp_path / "y").exists()


def test_the_next_player_cannot_recall_the_last_players_typing(tmp_path: Path) -> None:
    """At a shared keyboard the line history is cleared at each pass screen: the up arrow must
    not bring back another player's secret choice."""
    term = Term("play", "triatri", "--hotseat", "--seed", "4", cwd=tmp_path)
    term.wait(PASS)
    term.send("")
    term.wait(r"P1> ")
    term.send("zz-secret")  # typed, refused, and in the line history
    term.wait("not an action number")
    term.wait(r"P1> ")
    term.send("1")
    term.wait(r"Pass to P2")
    term.send("2")  # P1 typing on: refused, the pass screen stays
    term.wait("only Enter goes on")
    term.send("")
    term.wait(r"P2> ")
    term.child.send("\x1b[A\x1b[A")  # the up arrow twice, then Enter
    term.send("")
    term.wait(r"P2> ")
    term.send("quit")
    assert term.end() == 0
    after_pass = plain(term.raw).split("Pass to P2")[-1]
    assert "zz-secret" not in after_pass


def test_save_load_and_step_through_the_save(tmp_path: Path) -> None:
    term = Term("play", "triad", "--seed", "8", "--ai", "2=easy", cwd=tmp_path)
    for _ in range(2):
        term.wait(PROMPT)
        term.send("1")
    term.wait(PROMPT)
    term.send("save game.json")
    term.wait("saved to game.json")
    term.send("save game.json")  # its own save may be written again
    term.wait("saved to game.json")
    (tmp_path / "precious.txt").write_text("keep me", encoding="utf-8")
    term.send("save precious.txt")  # another file is never written over
    term.wait("precious.txt exists already")
    term.send("save /no/such/folder/x.json")
    term.wait("cannot write")
    term.send("save sub/")  # a folder, though none exists yet: no file "sub"
    term.wait("sub/ names a folder")
    term.send("save .")
    term.wait(r"\. names a folder")
    term.send("quit")
    assert term.end() == 0
    assert (tmp_path / "precious.txt").read_text(encoding="utf-8") == "keep me"
    assert not (tmp_path / "sub").exists()

    record = Record.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert record.game == "triad" and record.seed == 8
    assert record.names == ["P1", "P2 (AI easy)"]
    saved = len(record.actions)
    assert saved >= 4

    # --load continues the game with the same seats (P2 is still the easy AI) to its end.
    term = Term("play", "--load", "game.json", cwd=tmp_path)
    term.wait(rf"continued from game.json \({saved} actions played\)")
    term.wait(r"P2 \(AI easy\)")
    term.wait(rf"action {saved + 1} ·")
    assert finish(term, decline="n") >= 1
    assert not (tmp_path / "n").exists()  # "n" at the save prompt is a no, not a file name

    term = Term("replay", "game.json", "--step", cwd=tmp_path)
    term.wait(rf"position 0/{saved}")
    term.wait("replay> ")
    term.send("n")
    term.wait(rf"position 1/{saved}")
    assert term.wait(r"action 1: P1 (\S+)").group(1) == record.actions[0]
    term.wait("replay> ")
    term.send("")
    term.wait(rf"position 2/{saved}")
    term.wait("replay> ")
    term.send("p")
    term.wait(rf"position 1/{saved}")
    term.wait("replay> ")
    term.send("v 2")
    term.wait(rf"position 1/{saved} · as P2 sees it")
    term.wait("replay> ")
    term.send("v 7")
    term.wait("view as which seat")
    term.send("v")
    term.wait(rf"position 1/{saved}\s")
    term.wait("replay> ")
    term.send(f"g {saved}")
    term.wait(rf"position {saved}/{saved}")
    term.wait("replay> ")
    term.send("g 9999")
    term.wait(r"g N with N from 0 to")
    term.send("q")
    assert term.end() == 0


def refused(*args: str) -> str:
    """Run a command line in-process (no terminal needed); it must fail with status 2: its message."""
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 2, (args, result.stdout, result.stderr)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.stderr


def test_load_refuses_a_save_of_another_game(tmp_path: Path) -> None:
    save = tmp_path / "triad.json"
    save.write_text(Record.from_state(tritable.new_game("triad").new_state(seed=1)).dumps(), encoding="utf-8")
    assert "is a triad game, not triple-triad" in refused("play", "triple-triad", "--load", str(save))


def test_a_corrupt_save_is_refused_naming_the_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    message = refused("play", "--load", "broken.json")
    assert "broken.json" in message and "not valid JSON" in message

    record = Record.from_state(tritable.new_game("triad").new_state(seed=1)).to_json()
    record["actions"] = ["a1=3>a4", "xz9"]
    (tmp_path / "illegal.json").write_text(json.dumps(record), encoding="utf-8")
    message = refused("play", "--load", "illegal.json")
    assert "illegal.json" in message and "action 2 ('xz9')" in message

    # Seats are named as the players know them (P1, P2), not as the engine counts them.
    state = tritable.new_game("triple-triad").new_state(seed=1)
    other = state.view(None)["hands"][1 - state.current_player()][0]
    tt = Record.from_state(state).to_json()
    tt["actions"] = [f"{other}@5"]
    (tmp_path / "other.json").write_text(json.dumps(tt), encoding="utf-8")
    message = refused("play", "--load", "other.json")
    assert f"is not in P{state.current_player() + 1}'s hand" in message, message

    record["actions"] = []
    record["game"] = "chess"
    (tmp_path / "chess.json").write_text(json.dumps(record), encoding="utf-8")
    assert "no game 'chess'" in refused("play", "--load", "chess.json")
    assert "cannot read missing.json" in refused("play", "--load", "missing.json")


def test_bad_command_lines_are_refused() -> None:
    cases = [
        (["play", "chess"], "no game 'chess'"),
        (["play", "triad", "--ai", "3=easy"], "seats are numbered 1-2"),
        (["play", "triad", "--ai", "2=genius"], "genius"),
        (["play", "triad", "-o", "move_cap=0"], "move_cap"),
        (["play", "triad", "--players", "3"], "triad is for 2 players"),
        (["play"], "which game?"),
        (["play", "triad", "--hotseat", "--ai", "2=easy"], "--hotseat"),
        (["play", "--load", "x.json", "--seed", "3"], "leave out"),
        (["play", "triad", "--ai", "all=easy", "--delay", "-1"], "--delay takes seconds from 0 to 60"),
        (["play", "triad", "--ai", "all=easy", "--delay", "nan"], "--delay"),
    ]
    for args, message in cases:
        assert message in refused(*args), args


def test_watching_ais_pauses_after_each_move_as_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[float] = []
    monkeypatch.setattr("tritable.cli.session.time.sleep", pauses.append)
    result = CliRunner().invoke(app, ["play", "triad", "--seed", "3", "--ai", "all=easy", "--delay", "0.25"])
    assert result.exit_code == 0, result.stdout
    assert pauses and set(pauses) == {0.25}
    assert len(pauses) == result.stdout.count(" plays ") + result.stdout.count(" has chosen")

    # Not at a terminal (a pipe, a log), nobody watches: no pause unless asked for.
    pauses.clear()
    result = CliRunner().invoke(app, ["play", "triad", "--seed", "3", "--ai", "all=easy"])
    assert result.exit_code == 0, result.stdout
    assert pauses == []


def _cursor_restored(raw: str) -> bool:
    hidden = raw.rfind("\x1b[?25l")
    return hidden == -1 or raw.rfind("\x1b[?25h") > hidden


def press_until(term: Term, press: Callable[[], object], answer: str) -> None:
    """Press a control key until the program shows ``answer``: on a loaded machine the first
    key can reach the terminal before the program has set it up to read, and be lost."""
    timeout = term.timeout
    try:
        # Each press waits twice as long as the one before (3 s to 48 s): a press that was not lost
        # but answered late must not be followed by another, which would land in the shutdown.
        for attempt in range(5):
            term.timeout = 3 * 2**attempt
            time.sleep(0.2)
            press()
            try:
                term.wait(answer)
                return
            except AssertionError:
                continue
        raise AssertionError(f"the key was never acknowledged with {answer!r}")
    finally:
        term.timeout = timeout


def interrupt(term: Term) -> None:
    """Press Ctrl-C until the program says it was interrupted."""
    press_until(term, term.child.sendintr, "interrupted")


def test_ctrl_c_at_the_prompt_leaves_cleanly(tmp_path: Path) -> None:
    term = Term("play", "triad", "--seed", "5", "--ai", "2=easy", cwd=tmp_path)
    term.wait(PROMPT)
    interrupt(term)
    assert term.end() == 130
    assert "Traceback" not in term.output


def test_ctrl_c_while_the_ai_thinks_leaves_cleanly(tmp_path: Path) -> None:
    term = Term("play", "triad", "--seed", "5", "--ai", "2=hard", cwd=tmp_path)
    term.wait(PROMPT)
    term.send("1")
    term.wait("is thinking")
    interrupt(term)
    assert term.end() == 130
    assert "Traceback" not in term.output
    assert _cursor_restored(term.raw)


def test_hotseat_hides_each_hand_behind_a_pass_screen(tmp_path: Path) -> None:
    term = Term("play", "triple-triad", "--hotseat", "--seed", "2", "-o", "open=false", cwd=tmp_path)
    passes = 0
    seats: list[str] = []
    while True:
        i, m = term.expect(PROMPT, PASS, SAVE)
        if i == 0:
            seats.append(m.group(1))
            term.send(term.first_listed())
        elif i == 1:
            passes += 1
            term.send("")
        else:
            term.send("")
            break
    assert term.end() == 0
    # Every change of the human at the keyboard came with a pass screen.
    changes = 1 + sum(1 for a, b in itertools.pairwise(seats) if a != b)
    assert passes == changes >= 9


def test_the_pass_screen_wipes_the_scrollback_and_quit_ends_the_game(tmp_path: Path) -> None:
    term = Term("play", "triple-triad", "--hotseat", "--seed", "2", "-o", "open=false", cwd=tmp_path)
    term.wait(PASS)
    term.send("")
    term.wait(PROMPT)
    term.send(term.first_listed())
    term.wait(PASS)
    assert "\x1b[3J" in term.raw  # the last hand is not one scroll away
    term.send("quit")
    assert term.end() == 0
    assert "P2> " not in term.output[term.output.rindex("Pass to") :]


def test_the_pass_screen_shows_the_round_just_ended(tmp_path: Path) -> None:
    """A round's end panel (public: the final layout and the result) is not wiped unseen by the
    pass screen that follows it: the pass screen shows it until Enter."""
    import random

    game = tritable.new_game("triominos")
    for seed in itertools.count():
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while True:
            ender = state.current_player()
            last = rng.choice(state.legal_actions())
            before = state.clone()
            state.apply_action(last)
            if state.view(None)["round"] != before.view(None)["round"]:
                break
        if state.current_player() != ender:  # the keyboard passes: a pass screen follows
            break
    saved = tmp_path / "round.json"
    saved.write_text(Record.from_state(before, names=["P1", "P2"], seed=seed).dumps())
    term = Term("play", "--load", str(saved), cwd=tmp_path)
    term.wait(PASS)
    term.send("")
    term.wait(PROMPT)
    term.send(game.action_to_string(last))
    term.wait(rf"Pass to P{state.current_player() + 1}")
    screen = term.raw[term.raw.rindex("\x1b[3J") :]  # what the pass screen shows, from its wipe
    assert "round 1 is over" in plain(screen)
    term.send("quit")
    assert term.end() == 0


def test_hotseat_with_nothing_hidden_needs_no_pass_screen(tmp_path: Path) -> None:
    term = Term("play", "triple-triad", "--hotseat", "--seed", "2", cwd=tmp_path)  # open hands
    assert finish(term) >= 9
    assert "Pass to" not in term.output


def test_simultaneous_start_cards_at_a_shared_keyboard(tmp_path: Path) -> None:
    term = Term("play", "triatri", "--hotseat", "--seed", "4", cwd=tmp_path)
    term.wait(r"Pass to P1")
    term.send("")
    term.wait(r"P1> ")
    term.send("1")
    term.wait(r"P1 chooses \S+")
    term.wait(r"Pass to P2")
    term.send("")
    term.wait(r"P2> ")
    term.send("1")
    term.wait(r"everyone has chosen: P1 \S+ · P2 \S+")
    term.expect(PASS, PROMPT)
    press_until(term, term.child.sendeof, "end of input")  # the end of input stops the game
    assert term.end() == 1


def test_triominos_says_what_a_lay_scored(tmp_path: Path) -> None:
    result = run("play", "triominos", "--seed", "11", "--ai", "2=easy", cwd=tmp_path, stdin="1\n1\nquit\n")
    start = "P1 plays 1-1-1@0,0/r0\n  P1 lays the start tile 1-1-1: +3\n  P1 scores the start bonus: +10"
    assert start in result.stdout
    assert re.search(r"P2 \(AI easy\) plays \S+\n  P2 lays \S+ on \S+: \+\d+", result.stdout)


def test_piped_input_plays_a_whole_game(tmp_path: Path) -> None:
    result = run("play", "triad", "--seed", "3", "--ai", "2=easy", cwd=tmp_path, stdin="1\n" * 300)
    assert result.returncode == 0, result.stderr
    assert "game over" in result.stdout
    assert "Traceback" not in result.stderr
    assert "\x1b[" not in result.stdout  # no colour codes into a pipe


def test_a_very_long_line_is_refused_without_echoing_it(tmp_path: Path) -> None:
    long_line = "x" * 3000
    result = run("play", "triad", "--seed", "3", "--ai", "2=easy", cwd=tmp_path, stdin=f"{long_line}\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "that line is 3000 characters long: no action or command is longer than 80" in result.stdout
    assert result.stdout.count("x") < 2 * 3000  # the transcript of piped input shows the line once
    digits = run("play", "triad", "--seed", "3", "--ai", "2=easy", cwd=tmp_path, stdin="1" * 5000 + "\nquit\n")
    assert digits.returncode == 0 and "Traceback" not in digits.stderr, digits.stderr
    assert "that line is 5000 characters long" in digits.stdout


def test_piped_input_that_ends_early_stops_the_game(tmp_path: Path) -> None:
    result = run("play", "triad", "--seed", "3", "--ai", "2=easy", cwd=tmp_path, stdin="1\n")
    assert result.returncode == 1
    assert "end of input" in result.stdout


def test_facing_a_human_an_ai_thinks_through_a_forced_move() -> None:
    """How long an AI takes must not tell a human that it had no choice: at a Triominos start the
    starter chooses only when it holds 0-0-0 as well."""
    from io import StringIO

    from rich.console import Console

    from tritable.ai import Agent, make_agent
    from tritable.ai.agents import ActionStat, Observation
    from tritable.cli.seats import Seat
    from tritable.cli.session import Session

    game = game_class("triominos")(players=2)
    state = game.new_state(1)
    starter = state.current_player()
    assert len(state.legal_actions(starter)) == 1, "this deal's start tile must be forced"
    searched: list[int] = []

    class Watched(Agent):
        def __init__(self, inner: Agent) -> None:
            super().__init__(inner.seed)
            self.inner = inner

        def analyse_observation(self, obs: Observation) -> list[ActionStat]:
            searched.append(len(obs.legal_actions()))
            return self.inner.analyse_observation(obs)

    agent = Watched(make_agent("triominos", "easy", seed=1))
    human = 1 - starter
    seats = [Seat(i, None if i == human else "easy") for i in range(2)]
    console = Console(file=StringIO())
    facing = Session(game, state, seats, {starter: agent}, console, 1)
    assert facing.decide(agent, state, starter) == state.legal_actions(starter)[0]
    assert searched == [1]
    # Among AIs alone nobody learns anything from the time: the forced move is played at once.
    alone = Session(game, state, [Seat(i, "easy") for i in range(2)], {0: agent, 1: agent}, console, 1)
    assert alone.decide(agent, state, starter) == state.legal_actions(starter)[0]
    assert searched == [1]


def test_load_refuses_a_finished_game_and_names_the_file_for_a_bad_saved_level(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = tritable.new_game("triad").new_state(seed=3)
    rng = __import__("random").Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    done = tmp_path / "done.json"
    done.write_text(Record.from_state(state).dumps())
    result = CliRunner().invoke(app, ["play", "--load", str(done)])
    assert result.exit_code == 2 and "the game is over: nothing to play" in result.output, result.output
    # The game named beside --load is read in any case, as everywhere else.
    result = CliRunner().invoke(app, ["play", "TRIAD", "--load", str(done)])
    assert result.exit_code == 2 and "the game is over: nothing to play" in result.output, result.output
    # A name that starts with "-" is given as ./-done.json, which no parser takes for an option.
    (tmp_path / "-done.json").write_text(Record.from_state(state).dumps())
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["play", "--load", "./-done.json"], env={"COLUMNS": "300"})
    assert "`tritable replay --step ./-done.json`" in result.output, result.output
    spaced = tmp_path / "the end.json"  # the command it suggests can be pasted as it is
    spaced.write_text(Record.from_state(state).dumps())
    result = CliRunner().invoke(app, ["play", "--load", str(spaced)], env={"COLUMNS": "300"})
    assert result.exit_code == 2 and f"`tritable replay --step '{spaced}'`" in result.output, result.output
    fresh = tritable.new_game("triad").new_state(seed=3)
    odd = tmp_path / "odd.json"
    odd.write_text(Record.from_state(fresh, names=["P1", "P2 (AI nosuchlevel)"]).dumps())
    result = CliRunner().invoke(app, ["play", "--load", str(odd)], input="quit\n")
    assert result.exit_code == 2, result.output
    assert f"{odd}: the names say P2 is an AI 'nosuchlevel'" in result.output and "--ai" not in result.output
    odd.write_text(Record.from_state(fresh, names=["P1", "P2 (AI )"]).dumps())  # an AI all the same, not a human
    result = CliRunner().invoke(app, ["play", "--load", str(odd)], input="quit\n")
    assert result.exit_code == 2 and f"{odd}: the names say P2 is an AI ''" in result.output, result.output


def test_load_plays_on_a_game_whose_record_has_a_text_seed(tmp_path: Path) -> None:
    # A record may keep a text seed (new_state and the agents take one): the AI seat of a saved
    # game comes back seeded from it, and a save keeps it.
    state = tritable.new_game("triad").new_state(seed="table 7")
    saved = tmp_path / "text-seed.json"
    saved.write_text(Record.from_state(state, names=["P1", "P2 (AI easy)"], seed="table 7").dumps())
    result = CliRunner().invoke(
        app, ["play", "--load", str(saved)], input=f"1\nsave {tmp_path / 'again.json'}\nquit\n", env={"COLUMNS": "120"}
    )
    assert result.exit_code == 0, result.output
    assert "seed table 7" in result.output and "P2 (AI easy) plays" in result.output
    assert Record.loads((tmp_path / "again.json").read_text()).seed == "table 7"


def test_save_and_replay_refuse_hostile_lines(tmp_path: Path) -> None:
    lines = "save a\x00b\nsave ~nosuchuser_tritable/x\nsave " + "d/" * 60 + "x.json\nquit\n"
    result = CliRunner().invoke(app, ["play", "triad", "--seed", "1", "--ai", "2=random"], input=lines)
    assert result.exit_code == 0, result.output
    assert "control characters" in result.output and "cannot save to ~nosuchuser_tritable/x" in result.output
    assert "no such file or directory" in result.output.lower()  # the long path is tried, not refused as long
    record = tmp_path / "r.json"
    record.write_text(Record.from_state(tritable.new_game("triad").new_state(seed=1)).dumps())
    step = CliRunner().invoke(app, ["replay", "--step", str(record)], input="9" * 5000 + "\nv " + "1" * 5000 + "\nq\n")
    assert step.exit_code == 0, step.output
    assert "5000 characters long" in step.output and "5002 characters long" in step.output
    assert "9" * 100 not in step.output


def test_triple_triad_numbers_a_placement_card_then_cell(tmp_path: Path) -> None:
    """A cell typed alone is never taken for a list number: ``25`` lays the second card on cell 5,
    ``5`` is refused with the reason."""
    hand = tritable.new_game("triple-triad").new_state(seed=3).view(0)["hands"][0]  # P2 starts
    result = run("play", "triple-triad", "--seed", "3", "--ai", "2=easy", cwd=tmp_path, stdin="5\n25\nquit\n")
    assert "there is no action 5: a placement is numbered by its card's row, then the cell" in result.stdout
    assert f"P1 plays {hand[1]}@5" in result.stdout
    # the first card's row: 1 then the cell, whichever cells the AI left free
    assert re.search(rf"{hand[0]} ↑\d →\d ↓\d ←\d +1(\d) @\1 +1(\d) @\2", result.stdout), result.stdout


def test_declining_to_save_a_finished_loaded_game_says_the_file_holds_it_unfinished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short path, which the console does not wrap
    game = tritable.new_game("triad")
    state = game.new_state(seed=3)
    rng = __import__("random").Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    _, last = state.history[-1]
    before = Record.from_state(state).replay(upto=len(state.history) - 1)
    saved = Path("saved.json")
    saved.write_text(Record.from_state(before, names=["P1", "P2"]).dumps())
    lines = f"{game.action_to_string(last)}\n\n"
    result = CliRunner().invoke(app, ["play", "--load", str(saved)], input=lines)
    assert result.exit_code == 0, result.output
    assert "game over" in result.output
    said = " ".join(result.output.split())
    assert f"{saved} still holds this game without its last action: the finished game was not saved" in said
    assert Record.loads(saved.read_text()).actions == Record.from_state(before).actions  # untouched


def test_long_solves_and_hints_spin_on_a_terminal_only(tmp_path: Path) -> None:
    game = tritable.new_game("triple-triad")
    setup = {"game": game.id, "options": {}, "setup": game.new_state(seed=3).initial_setup}
    (tmp_path / "s.json").write_text(json.dumps(setup), encoding="utf-8")
    term = Term("solve", "s.json", "--one", cwd=tmp_path, timeout=120)
    term.wait("solving…")  # the empty board takes a second or more: the spinner shows meanwhile
    term.wait("optimal move: ")
    assert term.end() == 0
    term = Term("hint", "s.json", "--level", "mcts:iterations=400", cwd=tmp_path, timeout=120)
    term.wait("thinking…")
    term.wait("best: ")
    assert term.end() == 0
    piped = subprocess.run(
        [sys.executable, "-m", "tritable.cli.main", "solve", "s.json", "--one"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert piped.returncode == 0 and "optimal move: " in piped.stdout
    assert "solving" not in piped.stderr + piped.stdout  # no spinner for a file or a pipe


def test_a_narrow_screen_wraps_the_last_actions_between_actions(tmp_path: Path) -> None:
    """``last: P1 Blue Dragon@9 · ...`` wraps between actions, never between a seat and its action
    nor inside a card's name."""
    args = ["play", "triple-triad", "--seed", "4", "--ai", "2=random"]
    result = CliRunner().invoke(app, args, input="11\n22\n33\nquit\n", env={"COLUMNS": "44"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    recent = [i for i, line in enumerate(lines) if line.startswith("last: ")]
    wrapped = 0
    for i in recent:
        block = [lines[i]]
        while "↑" not in lines[i + len(block)] and not lines[i + len(block)].startswith("  "):
            block.append(lines[i + len(block)])  # up to what the actions did, or the menu's first card
        wrapped += len(block) > 1
        for line in block:
            # Each line starts with a seat and its action, and ends with a whole action.
            assert re.match(r"(last: (… )?|· )P\d \S", line), block
            assert not re.search(r"\bP\d$", line.rstrip()), block
    assert wrapped


def test_a_narrow_screen_wraps_the_turn_line_instead_of_cutting_it() -> None:
    """A turn line wider than the screen (four seats still to choose) wraps: a rule would cut it."""
    args = ["play", "triatri", "--players", "4", "--seed", "1", "--ai", "2,3,4=easy"]
    result = CliRunner().invoke(app, args, input="quit\n", env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    assert "still to choose: P1, P2, P3, P4" in " ".join(line.strip() for line in result.output.splitlines())
    assert "…" not in result.output


def test_delay_pauses_after_each_ai_move_against_a_human_too(monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[float] = []
    monkeypatch.setattr("tritable.cli.session.time.sleep", pauses.append)
    args = ["play", "triad", "--seed", "3", "--ai", "2=easy", "--delay", "0.25"]
    result = CliRunner().invoke(app, args, input="1\n1\nquit\n")
    assert result.exit_code == 0, result.stdout
    assert pauses and pauses == [0.25] * result.stdout.count("(AI easy) plays")


# -- a new user's 80x24 terminal ---------------------------------------------------------------

SMALL = [  # the game, its seats, how many of P1's turns to look at (each game's lasts longer)
    pytest.param("triple-triad", ["--ai", "2=easy"], 3, id="triple-triad"),
    pytest.param("triad", ["--ai", "2=easy"], 4, id="triad"),
    pytest.param("triominos", ["--ai", "2=easy"], 14, id="triominos"),
    pytest.param("triatri", ["--ai", "2=easy"], 6, id="triatri"),
    pytest.param("tri-t-area", ["--ai", "2,3,4=easy"], 6, id="tri-t-area"),
]


@pytest.mark.parametrize(("game", "args", "turns"), SMALL)
def test_each_turn_s_whole_screen_fits_80x24(game: str, args: list[str], turns: int, tmp_path: Path) -> None:
    """At 80x24 each turn is one screen: the header on top, the turn line, the board, the last
    actions, the menu and the prompt, nothing scrolled away (a terminal emulator, pyte, reads the
    screen as the player sees it)."""
    import pyte

    term = Term("play", game, "--seed", "5", *args, cwd=tmp_path, size=(24, 80))
    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)
    fed = 0
    for _ in range(turns):
        term.wait(PROMPT)
        stream.feed(term.raw[fed:])
        fed = len(term.raw)
        rows = [row.rstrip() for row in screen.display]
        shown = "\n".join(rows)
        assert rows[0].startswith(tritable.new_game(game).name), shown  # the header, not scrolled away
        assert re.match(r"\S.* · action \d+ · ", rows[1]), shown  # the turn line under it
        assert rows[screen.cursor.y] == "P1>", shown  # the prompt, on the same screen
        assert any(re.search(r"(?<!\S)\d+ \S", row) for row in rows[2 : screen.cursor.y]), shown  # the menu
        if "P1 plays" in term.output:  # a turn after one's own: the last actions are on screen too
            assert any(row.startswith("last: ") for row in rows), shown
        term.send(term.first_listed())
    term.wait(PROMPT)
    term.send("quit")
    term.wait("bye")
    assert term.end() == 0
