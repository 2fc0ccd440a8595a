"""The parts of ``tritable play`` that need no terminal: choosing a Triple Triad hand, a card and
its cell typed apart, what ``undo`` may take back against an AI, what each action did (the views'
events), the board's size, the pass screen's ``save``, hints on a forced move, ``--version`` and
the arena's plan."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import tritable
from tritable.cli import boards
from tritable.cli.ai_commands import plan_line
from tritable.cli.hands import read_hand, setup_with_hands, split_hand
from tritable.cli.main import app
from tritable.cli.prompt import parse_action
from tritable.cli.seats import Seat
from tritable.cli.tabletop import Entry, Tabletop, views_differ
from tritable.cli.undo import undo_refusal
from tritable.engine import Record, SetupError, TritableError

HAND = "Geezard,Funguar,Bite Bug,Red Bat,Blobra"


def quiet_table(game: tritable.Game, state: tritable.State | None = None) -> Tabletop:
    console = Console(record=True, width=100, file=open("/dev/null", "w"))  # noqa: SIM115
    start = state if state is not None else game.new_state(seed=2)
    return Tabletop(game, start, [Seat(s) for s in range(game.players)], console, 2)


# -- choosing a hand ---------------------------------------------------------------------------------


def test_a_hand_is_read_in_any_case_and_names_with_a_comma_stay_whole() -> None:
    assert read_hand("geezard, FUNGUAR,bite  bug,Red Bat,blobra") == HAND.split(",")
    assert split_hand("Biggs, Wedge,Geezard,Fujin, Raijin") == ["Biggs, Wedge", "Geezard", "Fujin, Raijin"]
    assert read_hand("Biggs, Wedge; Geezard; Geezard; Fujin, Raijin; Blobra")[0] == "Biggs, Wedge"
    assert read_hand("Geezard,Geezard,Geezard,Funguar,Funguar").count("Geezard") == 3  # a monster's card: many


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Geezard,Funguar,Bite Bug,Red Bat,Behemot", r"no card 'Behemot' \(did you mean Behemoth"),
        ("Geezard,Funguar,Bite Bug,Red Bat,Xyzzy", r"no card 'Xyzzy' \(cards are named as in FF8"),
        ("Geezard,Funguar,Bite Bug,Red Bat", "names 4 cards: a hand is 5 cards"),
        ("Geezard,Funguar,Bite Bug,Red Bat,Blobra,Gayla", "names 6 cards"),
        ("Geezard,,Bite Bug,Red Bat,Blobra", "an empty card name"),
        ("Angelo,Angelo,Geezard,Funguar,Blobra", "holds Angelo 2 times: there is one Angelo card"),
    ],
)
def test_a_bad_hand_is_refused_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        read_hand(text)


def test_a_chosen_hand_is_brought_and_the_other_hand_is_dealt() -> None:
    game = tritable.new_game("triple-triad")
    setup = setup_with_hands(game, 7, {0: read_hand(HAND)})
    assert setup["hands"][0] == HAND.split(",") and len(setup["hands"][1]) == 5
    assert setup_with_hands(game, 7, {0: read_hand(HAND)}) == setup  # the seed deals the rest alike
    with pytest.raises(SetupError, match="under the Random rule hands are drawn"):
        setup_with_hands(tritable.new_game("triple-triad", options={"random": True}), 7, {0: read_hand(HAND)})
    with pytest.raises(SetupError, match="triad deals its own"):
        setup_with_hands(tritable.new_game("triad"), 7, {0: read_hand(HAND)})


def refused(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), input="quit\n")
    assert result.exit_code == 2, (args, result.output)
    return result.stderr


def test_play_takes_a_chosen_hand_and_a_card_typed_apart_from_its_cell(tmp_path: Path) -> None:
    save = tmp_path / "hand.json"
    args = ["play", "triple-triad", "--seed", "3", "--ai", "2=random", "--hand", HAND.lower()]
    result = CliRunner().invoke(app, args, input=f"bite bug 5\nsave {save}\nquit\n", env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "P1 plays Bite Bug@5" in result.output
    record = Record.loads(save.read_text())
    assert record.setup is not None and record.setup["hands"][0] == HAND.split(",")
    assert "Behemot" in refused("play", "triple-triad", "--hand", "Behemot,Geezard,Funguar,Bite Bug,Red Bat")
    assert "chooses a Triple Triad hand" in refused("play", "triad", "--hand", HAND)
    assert "every seat is an AI" in refused("play", "triple-triad", "--ai", "all=easy", "--hand", HAND)
    assert "2 --hand given for 1 human seat" in refused("play", "triple-triad", "--hand", HAND, "--hand", HAND)
    assert "leave out" in refused("play", "--load", str(save), "--hand", HAND)


def test_a_card_and_its_cell_may_be_typed_apart() -> None:
    table = quiet_table(tritable.new_game("triple-triad"))
    game = table.game
    assert parse_action(table, "behemoth 2") == game.string_to_action("Behemoth@2")
    assert parse_action(table, "Biggs, Wedge 9") == game.string_to_action("Biggs, Wedge@9")
    with pytest.raises(TritableError, match="not an action number, a command or an action"):
        parse_action(table, "behemoth two")


# -- undo against an AI --------------------------------------------------------------------------------


def play_until(state: tritable.State, rng: random.Random, stop: Any) -> int:
    """Random actions until ``stop(state, seat, action)`` says the next one is wanted; its index."""
    while True:
        seat = state.current_player()
        action = rng.choice(state.legal_actions())
        if stop(state, seat, action):
            state.apply_action(action)
            return len(state.history) - 1
        state.apply_action(action)


def test_undo_may_not_take_back_a_draw_nor_a_card_from_a_hidden_hand() -> None:
    game = tritable.new_game("triominos")
    state = game.new_state(seed=1)
    i = play_until(state, random.Random(1), lambda s, seat, a: seat == 0 and game.action_to_string(a) == "draw")
    why = undo_refusal(game, state.initial_setup or {}, state.history, i, 0)
    assert why == f"your draw (action {i + 1}) showed you what you could not see before"
    # Its own lays show the seat nothing new: they may be taken back.
    state = game.new_state(seed=1)
    i = play_until(state, random.Random(2), lambda s, seat, a: seat == 0 and game.action_to_string(a) != "draw")
    assert undo_refusal(game, state.initial_setup or {}, state.history[: i + 1], i, 0) is None

    closed = tritable.new_game("triple-triad", options={"open": False})
    state = closed.new_state(seed=4)
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    mover = state.history[0][0]
    why = undo_refusal(closed, state.initial_setup or {}, state.history, 0, mover)
    assert why is not None and why.startswith(f"P{2 - mover}'s ") and "(action 2)" in why
    opened = tritable.new_game("triple-triad")  # the same moves with both hands in sight: nothing new
    state = opened.new_state(seed=4)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert undo_refusal(opened, state.initial_setup or {}, state.history, 0, state.history[0][0]) is None


def test_play_says_why_an_undo_is_refused(tmp_path: Path) -> None:
    args = ["play", "triple-triad", "--seed", "4", "-o", "open=false", "--ai", "2=random"]
    state = tritable.new_game("triple-triad", options={"open": False}).new_state(seed=4)
    lines = "\n".join(["11"] * (1 + (state.current_player() == 1)) + ["undo", "quit"]) + "\n"
    result = CliRunner().invoke(app, args, input=lines, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "undo cannot take back what you have seen: P2's " in result.output
    assert "undone" not in result.output


def test_open_hands_hide_nothing_from_a_spectator_but_closed_ones_do() -> None:
    for options, hidden in (({}, False), ({"open": False}, True)):
        state = tritable.new_game("triple-triad", options=options).new_state(seed=1)
        assert views_differ(state, [0, 1]) == hidden
    assert views_differ(tritable.new_game("triatri").new_state(seed=1), [0, 1])
    assert not views_differ(tritable.new_game("triad").new_state(seed=1), [0, 1])


# -- what each action did -------------------------------------------------------------------------------


def test_each_action_says_what_its_events_say_and_the_actor_its_own() -> None:
    table = quiet_table(tritable.new_game("triple-triad"))
    entry = Entry(0, "Elastoid@3")
    capture = {"type": "capture", "seat": 0, "text": "Elastoid@3 captures Geezard and Funguar (Plus)"}
    combo = {"type": "combo", "seat": 0, "text": "Combo takes Red Bat"}
    drawn = {"type": "draw", "seat": 0, "text": "draws a tile"}
    own_draw = {"type": "draw", "seat": 0, "text": "draws 1-2-5"}
    after = {"events": [capture, combo, drawn]}
    views = {0: {"events": [capture, combo, own_draw]}, None: after}
    table.state = SimpleNamespace(view=views.__getitem__)  # type: ignore[assignment]  # the views after it
    table.narrate(entry, after)
    assert entry.said == [capture["text"], combo["text"], "draws a tile"]
    assert entry.own == [capture["text"], combo["text"], "draws 1-2-5"]  # the actor's own view, whole
    others = table.action_line(entry, "P1").plain
    assert others == (
        "P1 plays Elastoid@3\n  Elastoid@3 captures Geezard and Funguar (Plus)\n  Combo takes Red Bat\n  draws a tile"
    )
    assert table.action_line(entry, own=True).plain.endswith("Combo takes Red Bat\n  draws 1-2-5")
    table.log.append(entry)
    said = [line.plain for line in table.said_since(1)]
    assert said[-1] == "  P1 draws a tile"  # not the tile
    assert [line.plain for line in table.said_since(0)][-1] == "  P1 draws 1-2-5"


def test_a_lay_says_its_points_and_bonus_from_the_game_s_events() -> None:
    game = tritable.new_game("triominos")
    table = quiet_table(game, game.new_state(seed=11))
    p = table.state.current_player()
    table.apply(p, table.state.legal_actions()[0])
    line = table.action_line(table.log[-1]).plain
    assert line.splitlines()[0] == "P1 plays 1-1-1@0,0/r0", line
    assert any("+10" in said for said in line.splitlines()[1:]), line  # the start bonus


# -- the board within the screen --------------------------------------------------------------------------


def test_the_board_is_drawn_within_the_size_given_or_at_its_one_size(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []

    def sized(view: Any, width: int = 80, height: int = 24) -> str:
        calls.append((width, height))
        return "sized"

    def plain(view: Any) -> str:
        calls.append(())
        return "plain"

    for draw, expected in ((sized, [(60, 20)]), (plain, [()])):
        calls.clear()
        monkeypatch.setattr(boards, "board_module", lambda gid, draw=draw: SimpleNamespace(draw=draw))
        boards.draw_view("triad", {}, 60, 20)
        assert calls == expected
    calls.clear()
    monkeypatch.setattr(boards, "board_module", lambda gid: SimpleNamespace(draw=sized))
    boards.draw_view("triad", {})  # no size given: the module's own defaults
    boards.draw_view("triad", {}, 60)  # a transcript: as tall as it needs
    assert calls == [(80, 24), (60, boards.UNLIMITED)]


# -- the pass screen, hint, version, arena -----------------------------------------------------------------


def test_the_pass_screen_takes_save_as_its_goodbye_advises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short name, which the console does not wrap
    save = Path("pass.json")
    lines = f"\n1\nsave {save}\nmove\nquit\n"
    result = CliRunner().invoke(app, ["play", "triatri", "--hotseat", "--seed", "4"], input=lines)
    assert result.exit_code == 0, result.output
    assert "Pass to P2" in result.output and f"saved to {save}" in result.output
    assert "only Enter goes on (or save FILE, or quit)" in result.output
    assert f"bye — the game is saved in {save}" in " ".join(result.output.split())
    assert len(Record.loads(save.read_text()).actions) == 1
    unsaved = CliRunner().invoke(app, ["play", "triatri", "--hotseat", "--seed", "4"], input="\n1\nquit\n")
    assert "the game was not saved (save FILE before quit keeps it)" in " ".join(unsaved.output.split())


def test_hint_answers_a_forced_move_at_once(tmp_path: Path) -> None:
    state = tritable.new_game("triominos").new_state(seed=5)
    assert len(state.legal_actions()) == 1
    (tmp_path / "r.json").write_text(Record.from_state(state).dumps())
    result = CliRunner().invoke(app, ["hint", str(tmp_path / "r.json"), "--json"])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)["hints"]
    assert row["forced"] is True and row["best"]["action"] == state.game.action_to_string(state.legal_actions()[0])
    text = CliRunner().invoke(app, ["hint", str(tmp_path / "r.json")], env={"COLUMNS": "200"})
    assert "the only legal action" in text.stdout and "visits" not in text.stdout


def test_version_is_the_installed_packages() -> None:
    from importlib.metadata import version

    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.strip() == f"tritable {version('tritable')}"


def test_the_arena_says_how_many_games_a_rotation_makes_and_how_long_they_may_take() -> None:
    area = tritable.new_game("tri-t-area", 4)
    line = plan_line(area, ["random", "greedy", "easy", "normal"], 1, 24, 2, 0)
    assert line.startswith("arena: 24 games: every deal under each of the 24 seatings (--games 1 rounded up)")
    assert "measured on the first games" in line  # the easy level has no time budget
    triad = tritable.new_game("triad")
    budget = plan_line(triad, ["hard", "random"], 10, 10, 1, 0)
    assert re.search(r"time: at most about \d+ (s|min)", budget), budget
    assert "a few seconds" in plan_line(triad, ["random", "greedy"], 2, 2, 1, 0)


def test_an_early_exact_hint_gives_the_solvers_first_best_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ranking all 45 first moves would take the solver minutes: early on it gives one best move."""
    from tritable.ai.solver import solve
    from tritable.cli import hints, prompt
    from tritable.cli.saving import Saves

    game = tritable.new_game("triple-triad")
    state = game.state_from_setup(
        {"hands": [HAND.split(","), ["SAM08G", "Gayla", "Gesper", "Grat", "Buel"]], "first": 0}
    )
    for text in ("Geezard@1", "SAM08G@5", "Funguar@3"):
        state.apply_action(game.string_to_action(text))
    table = quiet_table(game, state)
    monkeypatch.setattr(hints, "RANKED_MOST", 10)
    asker = prompt.Prompt(table, Saves(table))
    menu = table.menu(1)
    assert len(menu) > 10
    asker.hint(1, menu)
    said = " ".join(table.console.export_text().split())
    solution = solve(state)
    best = re.search(r"hint: \(exact: the solver\) (\d+) (\S+) \(a sure (\w+)", said)
    assert best is not None, said
    assert game.string_to_action(best[2]) in solution.best_moves
    assert best[3] == {1: "win", 0: "draw", -1: "loss"}[(solution.value > 0) - (solution.value < 0)]
    assert f"the other {len(menu) - 1} moves are not ranked" in said


def test_triple_triad_lists_45_placements_on_five_lines_at_80_columns() -> None:
    game = tritable.new_game("triple-triad")
    state = game.state_from_setup(
        {"hands": [HAND.split(","), ["SAM08G", "Gayla", "Gesper", "Grat", "Buel"]], "first": 0}
    )
    table = quiet_table(game, state)
    menu = table.menu(0)
    assert len(menu) == 45
    for width, lines in ((80, 6), (140, 6)):  # five cards and the line saying how numbers read
        table.console.width = width
        console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(table.menu_table(menu))
        text = console.export_text()
        assert len(text.splitlines()) == lines, text
        if width == 80:
            assert "1  Geezard ↑1 →4 ↓1 ←5   cells 1 2 3 4 5 6 7 8 9" in text, text
        else:
            assert "Geezard ↑1 →4 ↓1 ←5   11 @1  12 @2" in text, text
