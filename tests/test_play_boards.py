"""The Rich drawings of the five games (``tritable.cli.boards``) and the pieces of ``tritable play``
that need no terminal: each drawing shows the key facts of a position, from the view alone."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

import tritable
from tritable.ai.arena import seat_names
from tritable.cli.boards import draw_state, draw_view, group_action, seat_style
from tritable.cli.boards import triominos as triominos_board
from tritable.cli.outcome import outcome_table
from tritable.cli.seats import Seat, parse_ai, seats_from_names
from tritable.cli.session import Session
from tritable.cli.stepper import replay_target
from tritable.engine import Record
from tritable.engine.playout import random_step
from tritable.games.triominos.game import TriominosState
from tritable.games.triominos.render import layout_drawing, neighbours, parse


def text_of(renderable: RenderableType, width: int = 120) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"), color_system=None)  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def random_states(gid: str, players: int, options: dict[str, Any] | None = None, seed: int = 0) -> list[tritable.State]:
    state = tritable.new_game(gid, players, options).new_state(seed=seed)
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal():
        random_step(state, rng)
        states.append(state.clone())
    return states


# -- Triple Triad ---------------------------------------------------------------------------------------

from tritable.cli.boards import triple_triad as tt_board  # noqa: E402

HANDS = [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"], ["SAM08G", "Gayla", "Gesper", "Grat", "Buel"]]


def test_triple_triad_shows_ratings_owners_and_hands() -> None:
    game = tritable.new_game("triple-triad")
    state = game.state_from_setup({"hands": HANDS, "first": 0})
    state.apply_action(game.string_to_action("Geezard@1"))
    state.apply_action(game.string_to_action("SAM08G@5"))
    text = text_of(tt_board.draw(state.view(0), 120, 60))  # a large screen: the full layout
    # Geezard (1, 4, 1, 5) on cell 1, P1's: left 5, right 4 around the owner; SAM08G (5, 6, 2, 4) P2's.
    assert re.search(r"5\s+P1\s+4", text)
    assert re.search(r"4\s+P2\s+6", text)
    assert "Geezard" in text and "SAM08G" in text and "fire" in text  # SAM08G is a Fire card
    for name in ("Funguar", "Bite Bug", "Gayla", "Grat"):  # open hands (the default)
        assert name in text
    assert "P1 to play" in text.replace("  ", " ") or re.search(r"P1\s+to play", text)
    # At 80x24 the compact layout leaves room for the prompt and the menu, hands in sight.
    small = text_of(draw_view("triple-triad", state.view(0)), width=80).rstrip("\n").splitlines()
    assert len(small) <= 14 and all(len(line) <= 80 for line in small)
    assert all(name in "\n".join(small) for name in ("Funguar", "Bite Bug", "Gayla", "Grat", "SAM08G"))


def test_triple_triad_closed_hands_are_card_backs() -> None:
    game = tritable.new_game("triple-triad", options={"open": False})
    state = game.state_from_setup({"hands": HANDS, "first": 0})
    text = text_of(draw_view("triple-triad", state.view(0)))
    assert "Geezard" in text and "Blobra" in text
    for name in HANDS[1]:
        assert name not in text
    assert "▒" in text
    spectator = text_of(draw_view("triple-triad", state.view(None)))
    assert not any(name in spectator for name in HANDS[0] + HANDS[1])


def test_triple_triad_actions_group_by_card_with_ratings() -> None:
    assert group_action("triple-triad", "Geezard@7") == ("Geezard ↑1 →4 ↓1 ←5", "@7")
    assert group_action("triple-triad", "SAM08G@2") == ("SAM08G ↑5 →6 ↓2 ←4 fire", "@2")


def test_triple_triad_shows_every_cards_element_spelled_out() -> None:
    """Under Elemental a card's element decides its +1/-1 on an elemental cell: every card shows
    it, in hand, in the actions and on the board, spelled out as the empty cells spell theirs."""
    from tritable.cli.boards.triple_triad import element_of, hand

    elements = [None, "ice", None, None, "fire", None, None, None, "thunder"]
    game = tritable.new_game("triple-triad", options={"elemental": True})
    state = game.state_from_setup({"hands": HANDS, "first": 0, "elements": [elements]})
    view = state.view(0)
    for seat in (0, 1):
        shown = text_of(hand(view, seat))
        held = [element for card in HANDS[seat] if (element := element_of(card)) is not None]
        assert held or seat == 0  # P1's cards have none; P2's SAM08G is fire, Gayla thunder
        for element in held:
            assert shown.count(element) == held.count(element), element
    for card in HANDS[0]:
        element = element_of(card)
        grouped = group_action("triple-triad", f"{card}@1")
        assert grouped is not None and grouped[0].endswith(f" {element}" if element else ratings_of(card))
    state.apply_action(game.string_to_action("Geezard@2"))  # no element, on ice
    state.apply_action(game.string_to_action("SAM08G@5"))  # fire on fire
    text = text_of(tt_board.draw(state.view(0), 120, 60))
    assert "on ice -1" in text and "on fire +1" in text
    assert "thunder" in text  # the empty cell 9
    assert not re.search(r"\b(Ea|Fi|Ho|Ic|Po|Th|Wa|Wi)\b", text)  # no abbreviations left


def ratings_of(card: str) -> str:
    """``←5``: the last rating of ``card`` as the action list shows it."""
    from tritable.cli.boards.triple_triad import ratings

    return f"←{ratings(card)[3]}"


def test_triple_triad_outcome_names_the_traded_cards() -> None:
    for state in random_states("triple-triad", 2, {"trade": "all"}, seed=3)[-1:]:
        outcome = state.outcome()
        text = text_of(outcome_table(state, ["P1", "P2"]))
        for move in outcome.details["transfers"]:
            assert move["card"] in text
        assert "winner" in text or "draw" in text


def test_triple_triad_trade_lists_the_cards_still_to_take() -> None:
    for seed in range(40):
        state = tritable.new_game("triple-triad", 2, {"trade": "diff"}).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            trade = state.view(None).get("trade")
            if trade and trade["taken"] and trade["picks_left"]:
                text = text_of(draw_view("triple-triad", state.view(None)))
                line = next(x for x in text.splitlines() if "brought:" in x)
                for card in trade["taken"]:
                    assert card not in line.split("brought:")[1]
                assert "P1 brought" in line or "P2 brought" in line
                return
            random_step(state, rng)
    pytest.fail("no trade of two cards or more in the sample games")


def test_triple_triad_trade_lists_the_cards_in_the_menus_order() -> None:
    """The cards left to take are listed in the order the menu numbers them."""
    game = tritable.new_game("triple-triad", 2, {"trade": "diff"})
    for seed in range(40):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.current_player()
            trade = state.view(None).get("trade")
            if trade and trade["picks_left"] and len(state.legal_actions(p)) >= 3:
                text = text_of(tt_board.draw(state.view(p), 400, 100), width=400)
                listed = next(x for x in text.splitlines() if "brought:" in x).split("brought: ")[1].strip()
                session = Session(game, state, [Seat(0), Seat(1)], {}, Console(file=open("/dev/null", "w")), 5)  # noqa: SIM115
                menu = [item.text.removeprefix("take ") for item in session.menu(p)]
                assert listed.split("; ") == menu
                return
            random_step(state, rng)
    pytest.fail("no trade of three cards or more in the sample games")


def test_triple_triad_shows_the_final_board_of_a_drawn_sudden_death_round() -> None:
    from tritable.cli.boards import round_over

    for seed in range(60):
        states = random_states("triple-triad", 2, {"sudden_death": True}, seed=seed)
        for before, after in itertools.pairwise(states):
            shown = round_over("triple-triad", before.view(None), after.view(None))
            replayed = len(after.view(None)["rounds"]) > len(before.view(None)["rounds"])
            assert (shown is not None) == replayed
            if replayed:
                assert shown is not None
                text = text_of(shown)
                assert "round 1 is over" in text and "Sudden Death" in text
                for cell in after.view(None)["rounds"][-1]["board"]:
                    assert cell["card"][:6] in text
                return
    pytest.fail("no drawn round in the sample games")


# -- Triad ------------------------------------------------------------------------------------------------

TRIAD = {"black": [1, 1, 2, 2, 3, 3], "orange": [1, 2, 2, 3, 3, 3], "first": 0}


def test_triad_shows_every_die_with_colour_and_value() -> None:
    state = tritable.new_game("triad").state_from_setup(TRIAD)
    text = text_of(draw_view("triad", state.view(None)))
    assert re.search(r"1\s+B1\s+B1\s+B2\s+B2\s+B3\s+B3\s+1", text)
    assert re.search(r"6\s+O3\s+O3\s+O3\s+O2\s+O2\s+O1\s+6", text)
    assert "removed" in text and "0/3" in text
    # Orange's own view is turned round: its home row at the bottom, read from its left.
    turned = text_of(draw_view("triad", state.view(1))).splitlines()
    rows = [line for line in turned if re.match(r"\s*[1-6]\s", line)]
    assert rows[0].strip().startswith("1") and rows[-1].strip().startswith("6")
    assert re.search(r"6\s+O1\s+O2\s+O2\s+O3\s+O3\s+O3\s+6", "\n".join(turned))


def test_triad_shows_a_pending_removal() -> None:
    for state in random_states("triad", 2, seed=1):
        view = state.view(None)
        if view["pending_removal"]:
            text = text_of(draw_view("triad", view))
            assert "formed a Triad" in text
            for square in view["pending_removal"]:
                assert square in text
            return
    pytest.fail("no Triad formed in the sample game")


def test_triad_fits_80x24_and_draws_compact_where_small() -> None:
    """The board leaves room for the prompt and the menu at 80x24 (10 lines of 56 columns), and
    a narrow or short terminal gets the compact layout, every die still shown."""
    from tritable.cli.boards import triad as board

    for state in random_states("triad", 2, seed=3):  # removals due and the end included
        for seat in (None, 1):
            view = state.view(seat)
            full = text_of(board.draw(view, 80, 24), width=80).rstrip("\n").splitlines()
            assert len(full) <= 14 and max(map(len, full)) <= 80
            for width, height in ((40, 24), (80, 18), (30, 12)):
                compact = text_of(board.draw(view, width, height), width=width).rstrip("\n").splitlines()
                assert len(compact) <= 9 and max(map(len, compact)) <= 30, compact
                assert sorted(re.findall(r"[BO][1-3]", " ".join(compact[:6]))) == sorted(view["dice"].values())


def test_triad_actions_group_by_die() -> None:
    assert group_action("triad", "c1=3>c4") == ("c1 →", "c4")
    assert group_action("triad", "xc4") == ("remove", "c4")


# -- Triominos --------------------------------------------------------------------------------------------


def test_triominos_shows_the_final_layout_of_a_round_that_ends() -> None:
    from tritable.cli.boards import round_over

    states = random_states("triominos", 2, seed=5)
    ends = 0
    for before, after in itertools.pairwise(states):
        assert isinstance(before, TriominosState) and isinstance(after, TriominosState)
        shown = round_over("triominos", before.view(None), after.view(None))
        ended = len(after.log) > len(before.log)
        assert (shown is not None) == ended
        if ended:
            assert shown is not None
            ends += 1
            entry = after.view(None)["last_round"]
            text = text_of(shown)
            assert f"round {entry['round'] + 1} is over" in text
            assert entry["layout"] and len(entry["layout"]) >= 2
    assert ends >= 2


def test_replay_step_shows_the_round_an_action_ended(tmp_path: Path) -> None:
    """``replay --step`` shows a round's final layout with the action that ended it (the board
    already shows the next round's table), and what each action scored, as ``play`` does."""
    from typer.testing import CliRunner

    from tritable.cli.main import app

    states = random_states("triominos", 2, seed=5)
    end = next(i for i, (b, a) in enumerate(itertools.pairwise(states), 1) if len(a.log) > len(b.log))  # type: ignore[attr-defined]
    record = tmp_path / "game.json"
    record.write_text(Record.from_state(states[-1]).dumps())
    lines = f"g {end - 1}\nn\nq\n"
    result = CliRunner().invoke(app, ["replay", "--step", str(record)], input=lines)
    assert result.exit_code == 0, result.output
    after_end = result.output.split(f"position {end}/")[1]
    assert "round 1 is over" in after_end
    assert "round 1 is over" not in result.output.split(f"position {end}/")[0]
    assert re.search(r"action \d+: \S+ \S+\n  \S+ lays \S+ on \S+: \+\d+", result.output)  # the points of a lay


def test_replay_step_tells_the_viewing_seat_the_tile_it_drew(tmp_path: Path) -> None:
    """Seen as the seat that drew (``v N``), ``replay --step`` names the tile drawn, as ``play``
    tells the drawer; seen as a spectator or as another seat, the draw stays hidden."""
    from typer.testing import CliRunner

    from tritable.cli.main import app

    states = random_states("triominos", 2, seed=5)
    game = states[0].game
    history = states[-1].history
    draw = next(i for i, (seat, a) in enumerate(history, 1) if seat == 0 and game.action_to_string(a) == "draw")
    drawn = states[draw].view(0)["hand"]
    record = tmp_path / "game.json"
    record.write_text(Record.from_state(states[-1]).dumps())

    def shown(viewer: str) -> str:
        result = CliRunner().invoke(app, ["replay", "--step", str(record)], input=f"{viewer}\ng {draw}\nq\n")
        assert result.exit_code == 0, result.output
        return result.output.split(f"position {draw}/")[-1]

    mine = shown("v 1")
    found = re.search(rf"action {draw}: P1 draw\n  P1 draws (\d-\d-\d)", mine)
    assert found is not None, mine
    assert found.group(1) in drawn
    for other in (shown("v 2"), shown("v")):
        assert re.search(rf"action {draw}: P1 draw\n  P1 draws a tile", other), other


def test_tri_t_area_shows_the_city_as_scored_when_a_round_ends() -> None:
    from tritable.cli.boards import round_over

    states = random_states("tri-t-area", 4, seed=5)
    ends = 0
    for before, after in itertools.pairwise(states):
        shown = round_over("tri-t-area", before.view(None), after.view(None))
        results = after.view(None)["results"]
        if len(results) == len(before.view(None)["results"]):
            assert shown is None
            continue
        ends += 1
        assert shown is not None
        text = text_of(shown)
        result = results[-1]
        assert f"round {result['round']} is over" in text
        assert len(text.splitlines()) <= 14  # at 80 x 24, the city one line a row
        # The city drawn is the one scored (the next round's city is empty again).
        assert sum(len(stack) for stack in result["board"]) > 0
        from tritable.cli.boards.tri_t_area import round_over as full_round_over

        drawn = full_round_over(before.view(None), after.view(None), 100, 60)
        assert drawn is not None
        large = text_of(drawn, width=100)
        assert large.count("■") == sum(len(stack) for stack in result["board"])
        # Only this round's rows, with what play scored during the round so that they add up.
        r = result["round"]
        assert f"{r}: during play" in text and f"total after round {r}" in text
        assert f"total after round {r - 1}" not in text
    assert ends == 3


def test_typing_ahead_is_dropped_and_the_history_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import termios
    import types

    from tritable.cli.terminal import forget_typing

    calls: list[str] = []
    monkeypatch.setattr(termios, "tcflush", lambda fd, queue: calls.append(f"flush {queue == termios.TCIFLUSH}"))
    monkeypatch.setattr(sys.stdin, "fileno", lambda: 0, raising=False)
    fake = types.SimpleNamespace(clear_history=lambda: calls.append("history"))
    monkeypatch.setitem(sys.modules, "readline", fake)
    forget_typing(False)
    assert calls == []  # piped input is the players' script: nothing is dropped
    forget_typing(True, history=False)
    assert calls == ["flush True"]
    forget_typing(True)
    assert calls == ["flush True", "flush True", "history"]


def test_tri_t_area_sale_menu_numbers_are_the_blocks_sold() -> None:
    game = tritable.new_game("tri-t-area", 4)
    for state in random_states("tri-t-area", 4, seed=5):
        p = state.current_player()
        if p >= 0 and any(game.action_to_string(a).startswith("sell") for a in state.legal_actions()):
            break
    else:
        raise AssertionError("no Advance Block Sale in the game")
    session = Session(game, state, [Seat(i) for i in range(4)], {}, Console(file=open("/dev/null", "w")), 5)  # noqa: SIM115
    items = session.menu(p)
    menu = [item.text for item in items]
    assert menu[-1] == "sell 0"
    assert all(text == f"sell {n}" for n, text in enumerate(menu[:-1], 1))
    assert sorted(menu) == sorted(game.action_to_string(a) for a in state.legal_actions())
    # The number typed is the blocks sold, 0 included: "0" sells none.
    assert [item.number for item in items] == [*range(1, len(items)), 0]
    assert session.command(p, "0", items)
    sold = session.state.view(None)
    assert sold["blocks"] == state.view(None)["blocks"] and sold["sold"][p] == 0


def test_triple_triad_menu_numbers_end_with_the_cell() -> None:
    """Every placement's number is its card's row, then its cell; the trade's picks are 1, 2, ..."""
    game = tritable.new_game("triple-triad", options={"trade": "one"})
    checked = picks = 0
    for state in random_states("triple-triad", 2, {"trade": "one"}, seed=4):
        p = state.current_player()
        if p < 0:
            continue
        session = Session(game, state, [Seat(0), Seat(1)], {}, Console(file=open("/dev/null", "w")), 5)  # noqa: SIM115
        menu = session.menu(p)
        rows = list(dict.fromkeys(item.text.rpartition("@")[0] for item in menu))
        for item in menu:
            name, at, cell = item.text.rpartition("@")
            if at:
                assert item.number == 10 * (rows.index(name) + 1) + int(cell)
                checked += 1
            else:
                assert [i.number for i in menu] == list(range(1, len(menu) + 1))
                picks += 1
        assert sorted(i.text for i in menu) == sorted(game.action_to_string(a) for a in state.legal_actions(p))
    assert checked > 0 and picks > 0


def test_triominos_layout_matches_the_engine_geometry() -> None:
    """The drawing puts every laid tile's numbers on the lattice points where the engine's
    geometry has them (a point ``px,py`` is drawn at column ``2 * px``, line ``2 * py``), its
    ``*`` in the tile laid last and a ``·`` in every open slot."""
    from tritable.games.triominos.tiles import corner_numbers, geometry, tri_xy

    for state in random_states("triominos", 2, {"target": 100}, seed=2)[::5]:
        assert isinstance(state, TriominosState)
        view = state.view(None)
        if not view["layout"]:
            continue
        lines = layout_drawing(view["layout"], view["last"]).text().splitlines()
        cells = [tri_xy(t) for t in (*state.layout, *state.slots)]
        left = len(str(-max(abs(y) for _, y in cells))) + 1
        x0 = min(x for x, _ in cells)
        ly = tri_xy(next(iter(state.layout)))[1]  # a laid row: its line carries the label y
        labelled = next(i for i, line in enumerate(lines) if line[: left - 1].strip() == str(ly))

        top, margin = labelled - (2 * ly + 1), left - 2 * x0  # line and column of point row 0, column 0

        def at(col: int, row: int, lines: list[str] = lines, top: int = top, margin: int = margin) -> str:
            line = lines[top + row]
            return line[margin + col] if margin + col < len(line) else " "

        for t, code in state.layout.items():
            tile, rot = divmod(code, 3)
            for p, number in zip(geometry(t)[0], corner_numbers(tile, rot), strict=True):
                px, py = tri_xy(p)
                assert at(2 * px, 2 * py) == str(number), (view["layout"], p)
            x, y = tri_xy(t)
            assert at(2 * x + 2, 2 * y + 1) == ("*" if t == state.last else " ")
        for t in state.slots:
            x, y = tri_xy(t)
            assert at(2 * x + 2, 2 * y + 1) == "·"


def test_triominos_board_fits_80x24_and_is_whole_on_a_larger_screen() -> None:
    """At 80x24 the board takes at most 14 lines of 80 columns (a window of the layout where it
    is larger, the scores on one line); on a screen that holds it, the full drawing."""
    from tritable.games.triominos import render

    windows = 0
    for players in (2, 3, 4):
        for state in random_states("triominos", players, {"target": 150}, seed=players)[::4]:
            for seat in (None, 0):
                view = state.view(seat)
                text = text_of(triominos_board.draw(view, 80, 24), width=80).rstrip("\n").splitlines()
                assert len(text) <= 14 and max(len(line.rstrip()) for line in text) <= 80, "\n".join(text)
                full = render.draw(view, 200, None)
                assert triominos_board.draw(view, 200, 200).plain == full.text()
                windows += any(line.startswith("(x ") for line in text)
                if view["hand"]:
                    assert any(line.startswith("your rack: ") for line in text)
    assert windows > 5


def test_triominos_labels_every_column() -> None:
    """Every x from the leftmost to the rightmost triangle is labelled above its triangles' middle,
    so that a placement's x is read, not counted."""
    checked = 0
    for state in random_states("triominos", 2, {"target": 100}, seed=2)[::3]:
        view = state.view(None)
        if not view["layout"]:
            continue
        lines = layout_drawing(view["layout"], view["last"]).text().splitlines()
        laid = {parse(p)[1:3] for p in view["layout"]}
        cells = laid | {n for xy in laid for n in neighbours(*xy)}
        columns = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
        rulers = 1 if all(len(str(x)) == 1 for x in columns) else 2
        found = {int(m.group()) for line in lines[:rulers] for m in re.finditer(r"-?\d+", line)}
        assert found == set(columns), (found, columns)
        # Each label starts above the middle of its column's triangles (after the y labels).
        left = len(str(-max(abs(y) for _, y in cells))) + 1
        for x in columns:
            at = left + 2 * (x - columns[0]) + 2
            assert any(line[at:].startswith(str(x)) for line in lines[:rulers]), x
        checked += 1
    assert checked > 5


def test_triominos_shows_scores_rack_and_start() -> None:
    from tritable.games.triominos.tiles import NAMES

    seat0 = ["5-5-5", "0-1-2", "1-1-4", "0-3-4", "2-2-3", "1-3-5", "0-0-4", "2-4-4", "3-3-5"]
    seat1 = ["2-5-5", "0-0-0", "1-2-5", "1-1-1", "0-2-2", "3-4-4", "0-1-5", "2-3-3", "1-4-5"]
    racks = seat0 + seat1
    deal = " ".join(racks + [t for t in NAMES if t not in racks])
    state = tritable.new_game("triominos", 2).new_state(setup={"deals": [deal]})
    assert "P1 lays the start tile" in text_of(draw_view("triominos", state.view(1)))
    state.apply_action(state.legal_actions()[0])
    text = text_of(draw_view("triominos", state.view(1)))
    assert "start: P1 laid 5-5-5 for 25" in text
    assert re.search(r"P1\s+25\s+8", text)  # P1: 25 points, 8 tiles left
    assert "your rack: 0-0-0  0-1-5  0-2-2  1-1-1  1-2-5  1-4-5  2-3-3  2-5-5  3-4-4" in text
    assert "0-1-2" not in text  # P1's rack is not P2's to see
    assert group_action("triominos", "1-2-5@3,-2/r1") == ("1-2-5", "@3,-2/r1")


def test_triominos_tells_the_drawer_alone_which_tile_it_drew() -> None:
    """``P1 plays draw (-5) — you drew 1-2-5`` on the drawer's own screen; another seat's draw
    (an AI's, said on a human's screen) names no tile."""
    game = tritable.new_game("triominos", 2)
    for state in random_states("triominos", 2, seed=1):
        p = state.current_player()
        if p >= 0 and game.string_to_action("draw") in state.legal_actions(p):
            break
    else:
        pytest.fail("no draw in the sample game")
    draw = game.string_to_action("draw")

    class Drawer:
        def choose(self, state: tritable.State, seat: int) -> Any:
            return draw

        def analyse(self, state: tritable.State, seat: int) -> Any:
            raise AssertionError("a draw is never the only action here")

    for ai in (False, True):
        console = Console(record=True, width=120, file=open("/dev/null", "w"))  # noqa: SIM115
        seats = [Seat(s, "stub" if ai and s == p else None) for s in range(2)]
        agents: dict[int, Any] = {p: Drawer()} if ai else {}
        session = Session(game, state.clone(), seats, agents, console, 1)
        rack = state.view(p)["hand"]
        if ai:
            session.ai_turn(p)
        else:
            assert session.command(p, "draw", session.menu(p))
        drawn = [t for t in session.state.view(p)["hand"] if t not in rack]
        said = console.export_text()
        assert len(drawn) == 1 and "plays draw" in said
        if ai:
            assert drawn[0] not in said and "draws a tile" in said
        else:
            assert f"draws {drawn[0]}" in said and "draws a tile" not in said


def test_triominos_the_start_choice_shows_only_to_the_starter() -> None:
    from tritable.games.triominos.tiles import NAMES

    seat0 = ["4-4-4", "0-0-0", "1-1-4", "0-3-4", "2-2-3", "1-3-5", "0-0-4", "2-4-4", "3-3-5"]
    seat1 = ["2-5-5", "0-1-2", "1-2-5", "1-1-1", "0-2-2", "3-4-4", "0-1-5", "2-3-3", "1-4-5"]
    racks = seat0 + seat1
    state = tritable.new_game("triominos", 2).new_state(
        setup={"deals": [" ".join(racks + [t for t in NAMES if t not in racks])]}
    )
    mine = text_of(draw_view("triominos", state.view(0)))
    assert "P1 lays the start tile: 4-4-4, or 0-0-0 (which shows 4-4-4 to everyone)" in mine
    for seat in (1, None):
        text = text_of(draw_view("triominos", state.view(seat)))
        assert "P1 lays the start tile" in text and "0-0-0" not in text and "4-4-4" not in text


# -- TriATri --------------------------------------------------------------------------------------------------


def test_triatri_shows_gems_the_trick_with_values_and_the_hand() -> None:
    doubled = False
    for state in random_states("triatri", 3, seed=5):
        p = state.current_player()
        seat = p if p >= 0 else state.players_to_move()[0] if state.players_to_move() else None
        view = state.view(seat)
        text = text_of(draw_view("triatri", view))
        assert f"Supply: R {view['supply'][0]}" in text
        if view["hand"]:
            assert "Your hand: " + " ".join(view["hand"]) in re.sub(r" +", " ", text)
        for name, value in (view["trick"] or {}).get("cards", []):
            assert name in text
            if name != "F" and value != int(name[1:]):
                assert f"={value}" in text
                doubled = True
    assert doubled, "no doubled card in the sample game"


def test_triatri_wraps_a_trick_between_plays_on_a_narrow_screen() -> None:
    """The last trick's line wraps between plays, never between a seat and its card."""
    wrapped = 0
    for state in random_states("triatri", 4, seed=3):
        view = state.view(None)
        if not view.get("last_trick"):
            continue
        lines = text_of(draw_view("triatri", view, 40, None), width=40).splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("Last trick: "))
        block = [lines[start]]
        while start + len(block) < len(lines) and lines[start + len(block)].startswith("    "):
            block.append(lines[start + len(block)])
        wrapped += len(block) > 1
        for line in block:
            assert len(line) <= 40 and not re.search(r"\bP\d\s*$", line), block  # a seat at a line's end
        assert block[-1].rstrip().endswith(f"P{view['last_trick']['winner'] + 1} won"), block
    assert wrapped, "no trick wrapped at 40 columns"


def test_triatri_keeps_a_pending_start_card_secret() -> None:
    game = tritable.new_game("triatri", 2)
    state = game.new_state(seed=4)
    state.apply_action(state.legal_actions(0)[0], 0)
    mine = text_of(draw_view("triatri", state.view(0)))
    chosen = game.action_to_string(state.legal_actions(0)[0] if state.legal_actions(0) else state.history[0][1])
    assert f"Your start card: {chosen}" in mine
    other = text_of(draw_view("triatri", state.view(1)))
    assert "chosen so far: P1" in other and "Your start card" not in other


# -- Tri*T*Area -----------------------------------------------------------------------------------------------


def test_tri_t_area_shows_areas_buildings_and_the_hand() -> None:
    from tritable.cli.boards.tri_t_area import draw

    built = False
    for state in random_states("tri-t-area", 4, seed=3)[::7]:
        p = state.current_player()
        seat = p if p >= 0 else state.players_to_move()[0] if state.players_to_move() else None
        view = state.view(seat)
        text = text_of(draw(view, 140, None), width=140)
        assert "Intelligent 8/4" in text and "b2 I (2)" in text
        for square, stack in enumerate(view["board"]):
            if stack:
                name = "abcd"[square % 4] + str(square // 4 + 1)
                blocks = "".join(f"■{owner + 1}" for owner in stack)  # bottom first, by owner
                assert re.search(rf"{name} .*\n.*{blocks}", text), (name, stack)
                built = True
        if view["hand"]:
            assert "your hand: " + " ".join(view["hand"]) in re.sub(r" +", " ", text)
    assert built


def test_tri_t_area_shows_the_last_trick_its_rightholders_and_a_key() -> None:
    """Once a trick's blocks are placed the trick is gone from the table: the board shows it as the
    last trick (the view's ``last_trick``), with the rightholders and what they did; and a key says
    what (2), 8/4 and ■2 mean."""
    from tritable.cli.boards.tri_t_area import draw

    shown = 0
    for state in random_states("tri-t-area", 4, seed=3):
        view = state.view(0)
        text = re.sub(r" +", " ", text_of(draw(view, 200, None), width=200))
        assert "key: (2) points to the first block · 8/4 majority 1st/2nd" in text
        assert ("M5=10 a 5 as 10 (or 0)" in text) == (view["round"] > 1)  # round 1 deals no 5
        done = view["last_trick"]
        if done is None or view["phase"] in ("place", "extra"):
            assert "last trick" not in text
            continue
        line = next(x for x in text.splitlines() if x.startswith("last trick: "))
        cards = " ".join(f"P{s + 1} {name}" for s, name in done["cards"])
        rh1, rh2 = done["rightholders"]
        first = " ".join(a for s, a in done["built"] if s == rh1)
        assert line.startswith(f"last trick: {cards} · RH1 P{rh1 + 1} {first}")
        assert (f"· RH2 P{rh2 + 1} " in line) if rh2 is not None else ("RH2" not in line)
        shown += 1
    assert shown > 10


def test_tri_t_area_styles_every_tag_its_drawing_uses() -> None:
    from tritable.cli.boards.tri_t_area import STYLES
    from tritable.games.tri_t_area import render

    tags: set[str] = set()
    for state in random_states("tri-t-area", 4, seed=9):
        for seat in (None, 0):
            view = state.view(seat)
            for drawing in (render.draw(view, 80, 14), render.draw(view, 200), render.city(view["board"])):
                tags |= {tag for line in drawing.lines for _, tag in line}
    assert tags - {""} <= set(STYLES) and {"seat3@H", "card_E", "rh", "to_act"} <= tags


def test_tri_t_area_board_fits_the_screen() -> None:
    """At 80 x 24 (and narrower) the board leaves 10 lines to the prompt and menu; on a larger
    screen the full city is drawn, every square named."""
    from tritable.cli.boards.tri_t_area import draw

    for state in random_states("tri-t-area", 4, seed=3)[::5]:
        for seat in (None, 0):
            view = state.view(seat)
            lines = text_of(draw(view, 80, 24), width=80).splitlines()
            assert len(lines) <= 14 and all(len(line) <= 80 for line in lines), "\n".join(lines)
            for width in (40, 60):  # narrower: every line still fits, the seats below the city
                lines = text_of(draw(view, width, 24), width=width).splitlines()
                assert all(len(line) <= width for line in lines), "\n".join(lines)
            big = text_of(draw(view, 100, 60), width=100)
            assert big.splitlines()[1].startswith("┌") and big.splitlines()[1].endswith("┐")
            assert all(f"{f}{r} " in big for f in "abcd" for r in range(1, 5))


# -- the play loop's own pieces ---------------------------------------------------------------------------------


def test_every_game_draws_every_position_of_a_game_for_every_seat() -> None:
    cases: list[tuple[str, int, dict[str, Any]]] = [
        ("triple-triad", 2, {"open": False, "elemental": True, "same": True, "plus": True, "combo": True}),
        ("triad", 2, {}),
        ("triominos", 3, {"target": 60}),
        ("triatri", 4, {}),
        ("tri-t-area", 4, {}),
    ]
    for gid, players, options in cases:
        states = random_states(gid, players, options, seed=11)
        for state in states[:: max(1, len(states) // 25)] + states[-1:]:
            for seat in [None, *range(players)]:
                assert text_of(draw_state(state, seat)).strip()
        assert text_of(outcome_table(states[-1], [f"P{s + 1}" for s in range(players)])).strip()


def test_no_action_list_splits_an_entry_at_80_columns() -> None:
    """Each entry of an action list (``18 @8``, ``3 c1=3>c4``) stays on one line however narrow
    the screen: a number is never cut from what it plays."""
    cases: list[tuple[str, int, dict[str, Any]]] = [
        ("triple-triad", 2, {"open": False, "elemental": True}),
        ("triad", 2, {}),
        ("triominos", 2, {}),
        ("triatri", 3, {}),
        ("tri-t-area", 4, {}),
    ]
    for gid, players, options in cases:
        game = tritable.new_game(gid, players, options)
        for state in random_states(gid, players, options, seed=2)[:40:3]:
            p = state.current_player()
            if p < 0:
                continue
            quiet = Console(file=open("/dev/null", "w"))  # noqa: SIM115
            session = Session(game, state, [Seat(s) for s in range(players)], {}, quiet, 2)
            menu = session.menu(p)
            for width in (50, 80):
                text = text_of(session.menu_table(menu), width=width)
                if "cells " in text:  # Triple Triad's compact form: a card's row once, then its cells
                    rows: dict[int, list[str]] = {}
                    for item in menu:
                        rows.setdefault(item.number // 10, []).append(str(item.number % 10))
                    flat = " ".join(text.split())
                    for row, cells in rows.items():
                        assert re.search(rf"(?<!\S){row} [^\d].*?cells {' '.join(cells)}(?!\S)", flat), (row, text)
                    continue
                for item in menu:
                    shown = item.short if item.short is not None and len(menu) > 1 else item.text
                    assert re.search(rf"(?<!\S){item.number} {re.escape(shown)}(?!\S)", text), (gid, width, shown, text)


def recording_session(gid: str, players: int, state: tritable.State | None = None) -> Session:
    """A session of human seats whose console records what it prints (``export_text``)."""
    game = tritable.new_game(gid, players)
    console = Console(record=True, width=120, file=open("/dev/null", "w"))  # noqa: SIM115
    start = state if state is not None else game.new_state(seed=2)
    return Session(start.game, start, [Seat(s) for s in range(players)], {}, console, 2)


def test_the_header_the_save_line_and_a_wrong_number_read_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = recording_session("triple-triad", 2)
    session.header()
    assert "P1 human, P2 human · type help for the commands" in session.console.export_text()
    # A wrong number says help once: every refusal ends with "try again (help: ?)".
    p = session.state.current_player()
    with pytest.raises(tritable.TritableError) as refused:
        session.command(p, "5", session.menu(p))
    session.refuse(str(refused.value))
    said = session.console.export_text()
    assert "there is no action 5" in said and said.count("help") == 1, said
    # A file name with a space is quoted in the command to paste.
    monkeypatch.chdir(tmp_path)
    session.save("a b.json")
    assert "tritable play --load 'a b.json'" in session.console.export_text()
    # A name that starts with "-" is pasted as ./-x.json, which no parser takes for an option;
    # "-" itself (or "./-") would be read as standard input, so no save takes it.
    session.save("-x.json")
    assert "tritable play --load ./-x.json" in session.console.export_text()
    assert (tmp_path / "-x.json").is_file()
    for name in ("-", "./-"):
        with pytest.raises(tritable.TritableError, match="- means standard input"):
            session.save(name)
    assert not (tmp_path / "-").exists()


def test_triatri_mentions_the_fake_only_to_a_player_who_holds_one() -> None:
    """Refused for not following, a player is told to play the fake only if it holds one."""
    told = {True: 0, False: 0}
    for seed in range(30):
        for state in random_states("triatri", 3, seed=seed):
            p = state.current_player()
            view = state.view(p) if p >= 0 else None
            if view is None or view["phase"] != "play" or not view["gem"]:
                continue
            colour = view["gem"][-1]
            hand: list[str] = view["hand"]
            wrong = [c for c in hand if c != "F" and c[0] != colour]
            if not wrong or not any(c[0] == colour for c in hand):
                continue
            with pytest.raises(tritable.TritableError, match="must follow") as refused:
                state.clone().apply_action(state.game.string_to_action(wrong[0]), p)
            holds = "F" in hand
            assert ("fake" in str(refused.value)) == holds, (hand, str(refused.value))
            told[holds] += 1
        if all(told.values()):
            return
    pytest.fail(f"not both cases in the sample games: {told}")


def test_seat_styles_differ() -> None:
    for gid in tritable.game_ids():
        players = tritable.engine.game_class(gid).max_players
        styles = [seat_style(gid, s) for s in range(players)]
        assert len(set(styles)) == players, gid


def test_ai_seats_are_parsed_and_read_back_from_names() -> None:
    assert parse_ai(["2=hard", "3"], 4) == {1: "hard", 2: "normal"}
    assert parse_ai(["2,4=easy:iterations=10"], 4) == {1: "easy:iterations=10", 3: "easy:iterations=10"}
    for bad, message in (("0=easy", "1-2"), ("3=easy", "1-2"), ("x=easy", "1-2"), ("2=", "which level")):
        with pytest.raises(ValueError, match=message):
            parse_ai([bad], 2)
    for twice in (["2=easy", "2=hard"], ["1,1=easy"], ["all=easy", "2=hard"]):
        with pytest.raises(ValueError, match=r"P[12] is given a level twice"):
            parse_ai(twice, 2)
    # An arena's records name their seats the same way, so `play --load` brings the agents back.
    assert seats_from_names(seat_names(["greedy", "random", "mcts:iterations=50"]), 3) == {
        0: "greedy",
        1: "random",
        2: "mcts:iterations=50",
    }
    assert seats_from_names(["P1", "P2 (AI hard)", "P3 (AI easy:iterations=10)"], 3) == {
        1: "hard",
        2: "easy:iterations=10",
    }
    assert seats_from_names(["Ann", "Bob"], 2) == {}
    assert seats_from_names(None, 2) is None
    assert seats_from_names(["P1"], 2) is None


def test_replay_commands() -> None:
    assert replay_target("", 0, 5) == 1
    assert replay_target("n", 4, 5) == 5
    assert isinstance(replay_target("n", 5, 5), str)
    assert replay_target("p", 3, 5) == 2
    assert isinstance(replay_target("p", 0, 5), str)
    assert replay_target("g 4", 0, 5) == 4
    assert isinstance(replay_target("g 6", 0, 5), str)
    assert isinstance(replay_target("g", 0, 5), str)
    assert replay_target("e", 0, 5) == 5 and replay_target("s", 4, 5) == 0
    assert replay_target("q", 2, 5) == -1
    assert isinstance(replay_target("dance", 2, 5), str)


def test_replay_step_answers_help(tmp_path: Path) -> None:
    """``help`` and ``?`` at the ``replay>`` prompt list its commands, as at play's prompt."""
    from typer.testing import CliRunner

    from tritable.cli.main import app

    record = tmp_path / "game.json"
    record.write_text(Record.from_state(random_states("triad", 2, seed=1)[-1]).dumps())
    result = CliRunner().invoke(app, ["replay", "--step", str(record)], input="help\n?\nq\n")
    assert result.exit_code == 0, result.output
    assert "unknown command" not in result.output
    assert result.output.count("replay commands") == 2
    assert "the position after action N" in result.output


def test_triple_triad_lists_cards_apart_although_two_names_hold_a_comma() -> None:
    """ "Biggs, Wedge" and "Fujin, Raijin" are one card each: lists of cards are split by semicolons."""
    from tritable.cli.boards import triple_triad as board
    from tritable.games.triple_triad.render import _hand

    moved = [{"card": "Biggs, Wedge", "from": 1, "to": 0}, {"card": "Geezard", "from": 0, "to": 1}]
    assert board.detail("transfers", moved) == "Biggs, Wedge P2→P1; Geezard P1→P2"
    view = {"hands": [["Fujin, Raijin", "Geezard"], None], "hand_sizes": [2, 1], "known": [[], []], "seat": 0}
    assert _hand(view, 0).endswith("Fujin, Raijin [2 8 8 4]; Geezard [1 4 1 5]")


# -- proposed by the third mutation audit ---------------------------------------------------------


@pytest.mark.parametrize(("gid", "players", "said"), [("triad", 2, "wins "), ("triominos", 3, "ahead of ")])
def test_a_hint_in_play_numbers_its_moves_as_the_menu_does(gid: str, players: int, said: str) -> None:
    state = tritable.new_game(gid, players).new_state(seed=2)
    while len(state.legal_actions()) == 1:  # a forced start: the hint says so at once (below)
        state.apply_action(state.legal_actions()[0])
    session = recording_session(gid, players, state)
    p = session.state.current_player()
    menu = session.menu(p)
    session.hint(p, menu)
    text = " ".join(session.console.export_text().split())
    hinted = re.findall(r"(\d+) (\S+) \((\d+) visits?", text.split("hint: ", 1)[1])
    listed = {item.number: item.text for item in menu}
    assert hinted and all(listed.get(int(n)) == notation for n, notation, _ in hinted), (hinted, listed)
    visits = [int(v) for _, _, v in hinted]
    assert visits == sorted(visits, reverse=True), text  # the figure that ranks them reads in their order
    assert said in text and ("ahead of" in text) == (players > 2), text  # 3+ seats: the mean over the others


def test_a_hint_on_a_forced_move_answers_at_once() -> None:
    state = tritable.new_game("triominos", 2).new_state(seed=2)
    assert len(state.legal_actions()) == 1  # the starter lays its start tile
    session = recording_session("triominos", 2, state)
    p = session.state.current_player()
    menu = session.menu(p)
    session.hint(p, menu)
    text = " ".join(session.console.export_text().split())
    assert f"hint: 1 {menu[0].text} — the only legal action (forced: nothing to weigh)" in text, text
    assert "visits" not in text


def test_a_hint_with_open_hands_is_the_solvers_best_first() -> None:
    """With both Triple Triad hands in sight the hint is exact: the solver's moves, the best margin
    first, never a losing move where the position is a draw or a win."""
    from tritable.ai.solver import move_results

    game = tritable.new_game("triple-triad", 2, {"same": True, "plus": True})
    state = game.state_from_setup({"hands": HANDS, "first": 0})
    for text in ("Geezard@1", "SAM08G@5", "Funguar@3", "Gayla@9"):
        state.apply_action(game.string_to_action(text))
    session = recording_session("triple-triad", 2, state)
    p = session.state.current_player()
    menu = session.menu(p)
    session.hint(p, menu)
    text = " ".join(session.console.export_text().split())
    assert "(exact: the solver)" in text, text
    best = max(margin for _, _, _, margin in move_results(game, state.view(p), state.legal_actions()))
    first = re.search(r"hint: \(exact: the solver\) (\d+) (\S+) \(a sure (win|draw|loss)(?: by (\d+))?\)", text)
    assert first is not None, text
    margin = {"win": 1, "draw": 0, "loss": -1}[first[3]] * int(first[4] or 0)
    assert margin == best, (margin, best, text)
    margins = [
        {"win": 1, "draw": 0, "loss": -1}[kind] * int(by or 0)
        for kind, by in re.findall(r"a sure (win|draw|loss)(?: by (\d+))?", text)
    ]
    assert margins == sorted(margins, reverse=True), text


def test_a_human_sees_its_own_hidden_rack_at_its_turn() -> None:
    game = tritable.new_game("triominos", 2)
    state = game.new_state(seed=2)
    p = state.current_player()
    console = Console(record=True, width=120, file=open("/dev/null", "w"))  # noqa: SIM115
    session = Session(game, state, [Seat(s, None if s == p else "easy") for s in range(2)], {}, console, 2)
    session.show(p, session.menu(p))
    assert "your rack: " + "  ".join(state.view(p)["hand"]) in console.export_text()


def test_an_ai_s_simultaneous_choice_stays_secret_until_everyone_has_chosen() -> None:
    game = tritable.new_game("triatri", 2)
    state = game.new_state(seed=3)
    choice = state.legal_actions(0)[0]
    card = game.action_to_string(choice)

    class Stub:
        def choose(self, state: tritable.State, seat: int) -> Any:
            return choice

    console = Console(record=True, width=120, file=open("/dev/null", "w"))  # noqa: SIM115
    agents: dict[int, Any] = {0: Stub()}
    session = Session(game, state, [Seat(0, "stub"), Seat(1)], agents, console, 3)
    session.ai_turn(0)  # P1, an AI, chooses first; P2 (human) has not chosen yet
    shown = session.recent()
    assert shown is not None
    said, recent = console.export_text(), text_of(shown)
    assert "P1 (AI stub) has chosen" in said and f"plays {card}" not in said
    assert "P1 (chosen)" in recent and f"P1 {card}" not in recent


def test_the_result_names_the_winner_and_crowns_only_the_winner() -> None:
    for seed in range(20):
        state = random_states("triple-triad", 2, seed=seed)[-1]
        if len(state.outcome().winners) == 1:
            break
    (w,) = state.outcome().winners
    names = ["Ann", "Bob"]
    text = text_of(outcome_table(state, names))
    assert f"winner: {names[w]}" in text and f"{names[w]} ★" in text and f"{names[1 - w]} ★" not in text


def test_rules_list_the_options_in_play_not_the_defaults() -> None:
    game = tritable.new_game("triad", 2, {"move_cap": 77})
    session = Session(game, game.new_state(seed=1), [Seat(0), Seat(1)], {}, Console(file=open("/dev/null", "w")), 1)  # noqa: SIM115
    lines = text_of(session.rules(), width=200).splitlines()
    assert any(re.search(r"move_cap\W+77\b", line) for line in lines), lines


def test_replay_step_seen_as_a_seat_shows_its_hidden_rack(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tritable.cli.main import app

    states = random_states("triominos", 2, seed=5)
    record = tmp_path / "game.json"
    record.write_text(Record.from_state(states[-1]).dumps())
    result = CliRunner().invoke(app, ["replay", "--step", str(record)], input="v 1\nq\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    spectator, as_p1 = result.output.split("as P1 sees it", 1)
    assert "your rack" not in spectator
    assert "your rack: " + "  ".join(states[0].view(0)["hand"]) in as_p1


def test_triple_triad_score_line_gives_each_seat_its_own_count() -> None:
    for state in (s for seed in range(10) for s in random_states("triple-triad", 2, seed=seed)):
        s0, s1 = state.view(None)["scores"]
        if s0 != s1:
            text = " ".join(text_of(draw_view("triple-triad", state.view(0))).split())
            assert f"score P1 {s0} – {s1} P2" in text, text
            return
    pytest.fail("no capture in the sample games")


def test_triad_counts_each_seat_s_removals_on_its_own_line() -> None:
    for seed in range(20):
        for state in random_states("triad", 2, seed=seed):
            removed = state.view(None)["scores"]
            if removed[0] != removed[1]:
                text = " ".join(text_of(draw_view("triad", state.view(None))).split())
                for s, colour in enumerate(("Black", "Orange")):
                    assert re.search(rf"P{s + 1} {colour} removed ●*○* {removed[s]}/3", text), text
                return
    pytest.fail("no removal in the sample games")


def test_triatri_names_the_seat_of_each_card_in_the_trick() -> None:
    checked = 0
    for state in random_states("triatri", 4, seed=3):
        view = state.view(None)
        cards = (view["trick"] or {}).get("cards") or []
        if len(cards) < 2:
            continue
        text = text_of(draw_view("triatri", view), width=300)
        line = next(x for x in text.splitlines() if x.startswith("Trick: "))
        expected = [(str((view["leader"] + i) % 4 + 1), name) for i, (name, _) in enumerate(cards)]
        assert re.findall(r"P(\d) +(?:F took )?([^=\s]+)", line) == expected, line
        checked += 1
    assert checked


def test_triominos_marks_the_seat_to_move_not_the_viewer() -> None:
    for state in random_states("triominos", 3, seed=2)[5:]:
        mover = state.current_player()
        if mover < 0:
            continue
        viewer = (mover + 1) % 3
        text = text_of(triominos_board.draw(state.view(viewer), height=None))
        rows = {m[1]: m[0] for m in re.finditer(r"(?m)^\s*P(\d) +\d+ +\d+.*$", text)}
        assert "◀ to move" in rows[str(mover + 1)] and "◀ to move" not in rows[str(viewer + 1)], text
        return
    pytest.fail("nobody to move in the sample game")


def test_tri_t_area_lists_each_seat_s_score_and_blocks_in_their_columns() -> None:
    from tritable.cli.boards.tri_t_area import draw as tri_t_area_draw

    for state in random_states("tri-t-area", 4, seed=3)[60:]:
        view = state.view(None)
        if not any(view["scores"]):
            continue
        text = text_of(tri_t_area_draw(view, 200, None), width=200)
        for s in range(4):
            row = re.search(rf"(?m)^\s*P{s + 1} +(-?\d+) +(\d+)", text)
            assert row and (int(row[1]), int(row[2])) == (view["scores"][s], view["blocks"][s]), text
        return
    pytest.fail("nobody scored in the sample game")


def test_triatri_styles_every_tag_of_its_drawing() -> None:
    from tritable.cli.boards.triatri import STYLES
    from tritable.games.triatri.render import draw

    tags: set[str] = set()
    for players in (2, 3, 4):
        for state in random_states("triatri", players, seed=players)[::5]:
            for seat in (None, *range(players)):
                drawing = draw(state.view(seat), 80, 24)
                assert drawing.height <= 14 and drawing.width <= 80
                tags |= {tag for line in drawing.lines for _, tag in line if tag}
    assert tags and tags <= set(STYLES), tags - set(STYLES)
