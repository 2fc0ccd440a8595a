"""State JSON and views that were tampered with: refused with a StateError or RecordError, never
accepted into a state that gets stuck, crashes later or records another game."""

from __future__ import annotations

import copy
import json
import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from tritable import new_game
from tritable.engine import Game, Record, RecordError, SetupError, State, StateError
from tritable.engine.playout import random_step
from tritable.engine.record import apply_notation


def play(game: Game, seed: int, plies: int) -> State:
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


def trade_position() -> State:
    game = new_game("triple-triad")
    for seed in range(200):
        state = play(game, seed, 9)
        trade = state.view(0).get("trade")
        if trade and trade["winner"] is not None and trade["picks_left"] > 0:
            return state
    raise AssertionError("no won round with a trade in 200 games")


def test_triple_triad_view_with_too_many_picks_left_is_refused() -> None:
    state = trade_position()
    for picks in (2, 5, 10**6):
        view = plain(state.view(0))
        view["trade"]["picks_left"] = picks
        with pytest.raises(StateError, match="picks left"):
            state.game.sample_state(view, random.Random(0))
    data = plain(state.to_json())
    data["picks"] = 4
    with pytest.raises(StateError, match="picks left"):
        state.game.state_from_json(data)


def test_triple_triad_state_and_setup_fields_of_the_wrong_shape_are_named() -> None:
    game = new_game("triple-triad")
    state = play(game, 1, 3)
    for key, value, message in (
        ("rounds", "x", "'rounds' lists the boards of the earlier rounds, not 'x'"),
        ("hands", "abc", "'hands' lists two hands of card names, not 'abc'"),
        ("hands", ["Geezard", ["Funguar"]], "'hands' lists two hands of card names"),
    ):
        data = plain(state.to_json())
        data[key] = value
        with pytest.raises(StateError, match=re.escape(message)):
            game.state_from_json(data)
    elemental = new_game("triple-triad", None, {"elemental": True})
    setup = plain(elemental.new_state(seed=1).initial_setup)
    for elements in ([None, None], [None] * 10):
        with pytest.raises(SetupError, match=f"must list cells 1-9 .*, not {len(elements)}"):
            elemental.state_from_setup({**setup, "elements": elements})


def test_triple_triad_view_with_a_card_nobody_brought_is_refused() -> None:
    game = new_game("triple-triad")
    view = plain(play(game, 1, 3).view(0))
    view["hands"][0][0] = "Bomb" if view["hands"][0][0] != "Bomb" else "Geezard"
    with pytest.raises(StateError, match="cards brought to the match"):
        game.sample_state(view, random.Random(0))
    closed = new_game("triple-triad", None, {"open": False})
    view = plain(play(closed, 1, 3).view(0))
    view["hand_sizes"][1] = float(view["hand_sizes"][1])
    with pytest.raises(StateError, match="whole number"):
        closed.sample_state(view, random.Random(0))


def test_triple_triad_hands_and_turns_follow_from_the_rounds_played() -> None:
    game = new_game("triple-triad")
    state = play(game, 3, 6)  # three cards each, the first seat to move again
    first = state.to_json()["setup"]["first"][0]
    assert state.current_player() == first
    # The other seat to move: it would place a fourth card before the first seat's fourth.
    data = plain(state.to_json())
    data["player"] = 1 - first
    with pytest.raises(StateError, match=f"seat {first} moved first and 6 cards are down: seat {first} is to move"):
        game.state_from_json(data)
    # A card moved from one hand to the other: a card the seat never held, and a 3-1 split.
    data = plain(state.to_json())
    data["hands"][1 - first].append(data["hands"][first].pop())
    with pytest.raises(StateError, match="holds cards it did not bring"):
        game.state_from_json(data)
    # The same in a view: a sampled state would stall with a cell empty and no card to play.
    view = plain(state.view(first))
    view["hands"][1 - first].append(view["hands"][first].pop())
    view["hand_sizes"] = [len(hand) for hand in view["hands"]]
    with pytest.raises(StateError):
        game.sample_state(view, random.Random(1))


def test_triple_triad_known_cards_are_the_ones_seen_on_a_final_board() -> None:
    # Closed hands, Sudden Death: from round 2 on, each seat knows the cards the other won on the
    # board (and still holds); the one card never shown stays unknown.
    game = new_game("triple-triad", None, {"open": False, "sudden_death": True})
    for seed in range(300):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and state.to_json()["round"] < 2:
            random_step(state, rng)
        if not state.is_terminal():
            break
    else:
        raise AssertionError("no Sudden Death round in 300 games")
    data = plain(state.to_json())
    seat = max((0, 1), key=lambda s: len(data["known"][s]))
    data["known"][seat].pop()
    with pytest.raises(StateError, match=f"seat {seat}'s known cards must be the ones seen on a final board"):
        game.state_from_json(data)
    view = plain(state.view(1 - seat))
    view["known"][seat] = view["known"][seat][:-1]
    with pytest.raises(StateError):
        game.sample_state(view, random.Random(1))
    for viewer in (0, 1, None):  # the real views are still drawn from
        game.sample_state(state.view(viewer), random.Random(1))


def test_tri_t_area_view_of_an_impossible_round_is_refused_at_once() -> None:
    game = new_game("tri-t-area", 4)
    view = plain(play(game, 1, 40).view(0))
    view["round"] = 10**9
    started = time.monotonic()
    with pytest.raises(StateError, match="round must be 1 to 3"):
        game.sample_state(view, random.Random(0))
    assert time.monotonic() - started < 60  # it used to build lists for a billion rounds


def test_tri_t_area_history_entries_are_pairs() -> None:
    game = new_game("tri-t-area", 4)
    data = plain(play(game, 1, 10).to_json())
    data["history"] = [None]
    with pytest.raises(StateError, match=r"history entry 0 is not a \[seat, action\] pair"):
        game.state_from_json(data)


def test_tri_t_area_json_must_match_its_replay_in_types_too() -> None:
    """``true`` equals 1 in Python, not in JSON: a state JSON saying ``true`` where its replay
    says 1 is not the state it claims to be."""
    game = new_game("tri-t-area", 4)
    data = plain(play(game, 1, 40).to_json())
    assert game.state_from_json(data).to_json() == data
    seat, count = next((s, n) for s, n in enumerate(data["blocks"]) if n in (0, 1))
    data["blocks"][seat] = bool(count)
    with pytest.raises(StateError, match="does not match"):
        game.state_from_json(data)


@pytest.mark.parametrize("game_id", ["triple-triad", "triatri", "triominos", "triad", "tri-t-area"])
def test_changing_a_states_json_does_not_change_the_state(game_id: str) -> None:
    state = play(new_game(game_id), 2, 6)
    before = state.clone()
    data = state.to_json()
    record = Record.from_state(state).to_json()
    for setup in (data["setup"], record["setup"]):
        if isinstance(setup, dict):
            for value in setup.values():
                if isinstance(value, list):
                    value.clear()
    assert state == before and Record.from_state(state).replay() == state


@pytest.mark.parametrize("game_id", ["triple-triad", "triatri", "triominos", "triad", "tri-t-area"])
def test_a_state_or_no_json_object_given_for_state_json_is_named(game_id: str) -> None:
    import tritable

    game = new_game(game_id)
    state = game.new_state(seed=1)
    for read in (game.state_from_json, tritable.state_from_json):
        with pytest.raises(StateError, match=r"read from its JSON \(state.to_json\(\)\), not from a \w+State"):
            read(state)  # type: ignore[arg-type]
        for junk, kind in ((None, "null"), ("{}", "text"), ([], "an array")):
            with pytest.raises(StateError, match=f"is a JSON object, not {kind}"):
                read(junk)  # type: ignore[arg-type]


def test_a_position_built_by_hand_has_no_record() -> None:
    tt = new_game("triple-triad")
    state = play(tt, 2, 6)
    data = plain(state.to_json())
    cell = next(i for i, c in enumerate(data["board"]) if c)
    data["board"][cell][1] ^= 1  # a card changes hands without a move that took it
    edited = tt.state_from_json(data)  # a position of its own, e.g. for a puzzle
    with pytest.raises(RecordError, match="not the one its setup and history lead to"):
        Record.from_state(edited)
    swapped = plain(state.to_json())
    swapped["history"][0][0] ^= 1
    with pytest.raises(RecordError, match="do not replay"):
        Record.from_state(tt.state_from_json(swapped))
    sample = tt.sample_state(play(tt, 1, 4).view(0), random.Random(0))
    with pytest.raises(RecordError):
        Record.from_state(sample)
    triatri = new_game("triatri", 3)
    state = play(triatri, 3, 12)
    short = copy.deepcopy(plain(state.to_json()))
    short["history"] = short["history"][:2]
    with pytest.raises(RecordError):
        Record.from_state(triatri.state_from_json(short))


JUNK: list[Any] = [None, True, -1, 0, 10**9, 1.5, "x", "", [], [None], {}, {"x": 1}]

HIDDEN = [("triple-triad", 2, {"open": False}), ("triominos", 2, {}), ("triominos", 4, {}), ("triatri", 2, {})]
HIDDEN += [("triatri", 3, {}), ("triatri", 4, {}), ("tri-t-area", 4, {})]


def _spoiled(view: dict[str, Any]) -> list[dict[str, Any]]:
    """``view`` with one field, or the first entry of a list field, replaced by junk."""
    out = []
    for key, value in view.items():
        for junk in JUNK:
            out.append({**view, key: junk})
            if isinstance(value, list) and value:
                out.append({**view, key: [junk, *copy.deepcopy(value[1:])]})
    return out


@pytest.mark.parametrize(("game_id", "players", "options"), HIDDEN)
def test_a_view_with_a_junk_field_gives_a_state_error_or_a_state_that_shows_it(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = new_game(game_id, players, options)
    for seed, plies in ((1, 3), (2, 11), (3, 25)):
        state = play(game, seed, plies)
        if state.is_terminal():
            continue
        seat = state.current_player() if state.current_player() >= 0 else 0
        for bad in _spoiled(plain(state.view(seat))):
            for draws in (game.sampler, lambda v: lambda rng: game.sample_state(v, rng)):
                try:
                    draw = draws(bad)
                    samples = [draw(random.Random(i)) for i in range(3)]
                except StateError as exc:
                    assert not PYTHON_SPEAK.search(str(exc)), exc
                    continue
                for sample in samples:
                    assert sample.view(bad["seat"]) == bad  # whatever seat the view names


# What Python says of a value of the wrong type: a message about JSON says it in JSON's terms.
PYTHON_SPEAK = re.compile(
    r"NoneType|object is not|non-iterable|indices must|argument must|unhashable|operand|instances of|has no len"
    r"|attribute|\bdict\b|\bstr\b|'int'|'float'|'bool'|sequence"
)


@pytest.mark.parametrize(("game_id", "players", "options"), [*HIDDEN, ("triad", 2, {})])
def test_a_state_with_a_junk_field_is_refused_in_the_terms_of_json(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = new_game(game_id, players, options)
    refused = 0
    for seed, plies in ((1, 3), (2, 11), (3, 25)):
        state = play(game, seed, plies)
        for bad in _spoiled(plain(state.to_json())):
            try:
                game.state_from_json(bad)
            except StateError as exc:
                assert not PYTHON_SPEAK.search(str(exc)), exc
                refused += 1
    assert refused > 20


def test_a_triatri_view_choosing_from_an_empty_hand_is_refused() -> None:
    game = new_game("triatri", 3)
    view = plain(game.new_state(seed=4).view(0))
    sizes = view["hand_sizes"]
    view["chosen"] = [False, True, False]
    view["hand_sizes"] = [sizes[0], 0, sizes[1] + sizes[2]]
    with pytest.raises(StateError, match="malformed TriATri view"):
        game.sample_state(view, random.Random(0))
    with pytest.raises(StateError, match="malformed TriATri view"):
        game.sampler(view)(random.Random(0))


@pytest.mark.parametrize(
    ("game_id", "players", "where", "key", "value"),
    [
        ("triominos", 3, None, "target", 300),
        ("triominos", 3, None, "rounds", 19),
        ("triominos", 3, None, "hand_sizes", [1, 2, 3]),
        ("triatri", 3, "state", "scores", [9, 0, 0]),
    ],
)
def test_fields_written_for_the_reader_must_agree_with_the_state(
    game_id: str, players: int, where: str | None, key: str, value: Any
) -> None:
    game = new_game(game_id, players)
    data = plain(play(game, 5, 12).to_json())
    body = data if where is None else data[where]
    assert body[key] != value
    body[key] = value
    with pytest.raises(StateError, match=f"'{key}' is"):
        game.state_from_json(data)


@pytest.mark.parametrize(("game_id", "players", "options"), [*HIDDEN, ("triad", 2, {})])
def test_a_view_with_a_number_of_another_type_gives_no_sample(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    # 2.0 and true equal 2 and 1 in Python, but no state shows them: the view was tampered with.
    game = new_game(game_id, players, options)
    state = play(game, 2, 5)
    view = plain(state.view(0))
    view["players"] = float(players)
    for draws in (game.sampler, lambda v: lambda rng: game.sample_state(v, rng)):
        with pytest.raises(StateError, match="contradicts itself in players"):
            draws(view)(random.Random(0))
    view = plain(state.view(0))
    view[1] = "x"  # a key that is not text, in a view built in Python
    with pytest.raises(StateError, match="contradicts itself in 1"):
        game.sample_state(view, random.Random(0))


@pytest.mark.parametrize("game_id", ["triple-triad", "tri-t-area"])
def test_a_sampler_checks_the_views_types_once_and_its_values_at_every_draw(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The type check reads the whole view twice over; a view does not change while its sampler is
    in use, so only the first draw pays for it."""
    game = new_game(game_id, options={"open": False} if game_id == "triple-triad" else {})
    view = plain(play(game, 3, 6).view(0))
    seen: list[bool] = []
    agreeing = State._agreeing_with

    def spy(self: State, view: Any, exact: bool = True) -> State:
        seen.append(exact)
        return agreeing(self, view, exact)

    monkeypatch.setattr(State, "_agreeing_with", spy)
    draw = game.sampler(view)
    samples = [draw(random.Random(i)) for i in range(4)]
    assert seen == [True, False, False, False]
    assert all(s.view(0) == view for s in samples)
    assert samples == [game.sample_state(view, random.Random(i)) for i in range(4)]  # the same draws
    assert seen[4:] == [True] * 4  # sample_state checks every time: it is a first draw


def test_fields_written_for_the_reader_agree_in_types_too() -> None:
    triominos = new_game("triominos", 3)
    data = plain(play(triominos, 5, 12).to_json())
    data["target"] = float(data["target"])
    with pytest.raises(StateError, match=r"'target' is 400\.0"):
        triominos.state_from_json(data)
    triatri = new_game("triatri", 3)
    data = plain(play(triatri, 5, 12).to_json())
    data["state"]["scores"] = [float(s) for s in data["state"]["scores"]]
    with pytest.raises(StateError, match="'scores' is"):
        triatri.state_from_json(data)
    tt = new_game("triple-triad")
    state = play(tt, 1, 30)
    assert state.is_terminal()
    data = plain(state.to_json())
    data["player"] = -4.0
    with pytest.raises(StateError, match="bad player"):
        tt.state_from_json(data)


@pytest.mark.parametrize("game_id", ["triple-triad", "triad"])
def test_a_records_outcome_matches_in_types_too(game_id: str) -> None:
    state = play(new_game(game_id), 1, 500)
    assert state.is_terminal()
    data = Record.from_state(state).to_json()
    assert Record.from_json(data).replay() == state
    data["outcome"]["ranks"] = [float(r) for r in data["outcome"]["ranks"]]
    with pytest.raises(RecordError, match="outcome does not match"):
        Record.from_json(data).replay()
    with pytest.raises(RecordError, match="unknown record fields: 1"):
        # a key that is not text, in a record built in Python
        Record.from_json({**Record.from_state(state).to_json(), 1: 2})


def test_an_overlong_action_is_refused_unread() -> None:
    state = new_game("triatri", 3).new_state(seed=4)  # the start cards: '<seat>:<card>'
    before = state.to_json()
    for text in ("9" * 5000 + ":R2", "R2" * 1000):
        with pytest.raises(RecordError, match="characters long"):
            apply_notation(state, text)
    assert state.to_json() == before


@pytest.mark.parametrize(("game_id", "players", "options"), [*HIDDEN, ("triad", 2, {})])
def test_a_state_with_an_unknown_field_is_refused(game_id: str, players: int, options: dict[str, Any]) -> None:
    """A typo in a hand-edited state must not be read as a state that ignores the field."""
    game = new_game(game_id, players, options)
    for seed, plies in ((1, 0), (2, 11), (3, 10**4)):
        data = plain(play(game, seed, plies).to_json())
        game.state_from_json(data)
        with pytest.raises(StateError, match="unknown state fields: scroes"):
            game.state_from_json({**data, "scroes": [1, 2]})
        if game_id == "triatri":
            with pytest.raises(StateError, match="unknown fields in 'state': hans"):
                game.state_from_json({**data, "state": {**data["state"], "hans": []}})


GAMES = [("triad", 2), ("triominos", 3), ("triple-triad", 2), ("triatri", 3), ("tri-t-area", 4)]


@pytest.mark.parametrize(("game_id", "players"), GAMES)
@pytest.mark.parametrize("depth", [600, 985])
def test_json_nested_too_deeply_is_a_state_error(game_id: str, players: int, depth: int) -> None:
    """``json.loads`` reads some 990 levels, but copying or comparing 500 of them used to run out
    of stack: a RecursionError, not the StateError that a tampered view or state gets."""
    deep: list[Any] = []
    for _ in range(depth):  # not json.loads: under pytest's frames it would run out of stack first
        deep = [deep]
    game = new_game(game_id, players)
    state = play(game, 1, 5)
    for seat in (0, None):
        view = plain(state.view(seat))
        for key in view:
            tampered = {**view, key: deep}
            with pytest.raises(StateError):
                game.sampler(tampered)(random.Random(1))
    data = plain(state.to_json())
    for key in [*data, *data.get("state", {})]:
        tampered = copy.deepcopy(data)
        (tampered if key in tampered else tampered["state"])[key] = deep
        with pytest.raises(StateError):
            game.state_from_json(tampered)
    # The guard keeps the readers' signatures: keywords pass through.
    assert game.state_from_json(data=data) == state
    assert game.sample_state(view=state.view(0), rng=random.Random(1)).view(0) == state.view(0)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_numbers_too_long_to_print_are_refused_with_a_typed_error(game_id: str, players: int) -> None:
    """Python will not turn an int of 4,300 digits into text, so a message that quoted one raised
    a plain ValueError; JSON cannot hold one, but a Python caller can pass it."""
    from tritable.engine import TritableError

    huge = 10**5000
    game = new_game(game_id, players)
    state = game.new_state(seed=1)
    before = state.to_json()
    seat = state.players_to_move()[0]
    calls: list[Callable[[], object]] = [
        lambda: state.apply_action(huge, seat),
        lambda: state.apply_action((huge,), seat),
        lambda: state.apply_action(state.legal_actions(seat)[0], huge),
        lambda: game.action_to_string(huge),
        lambda: state.view(huge),
        lambda: state.legal_actions(huge),
        lambda: state.legal_actions((huge,)),  # type: ignore[arg-type]
        lambda: game.string_to_action("9" * 5000),
        lambda: game.string_to_action("x" * 100_000),
    ]
    for call in calls:
        with pytest.raises(TritableError) as refused:
            call()
        assert len(str(refused.value)) <= 1000
    assert state.to_json() == before


def test_tri_t_area_notation_with_thousands_of_digits_is_a_notation_error() -> None:
    from tritable.engine import NotationError

    game = new_game("tri-t-area", 4)
    for text in ("sell " + "9" * 4301, "b3x" + "9" * 4301, "M5=" + "9" * 4301):
        with pytest.raises(NotationError, match="cannot read"):
            game.string_to_action(text)
    assert game.string_to_action("sell 02") == game.string_to_action("sell 2")


def test_a_triple_triad_sample_keeps_its_own_elements() -> None:
    """Its setup held the view's own lists of elements, so changing the view changed the sample."""
    game = new_game("triple-triad", options={"elemental": True})
    view = game.new_state(seed=0).view(0)
    sample = game.sample_state(view, random.Random(1))
    before = sample.to_json()
    view["elements"][0] = "ZZ"
    assert sample.to_json() == before


def test_an_option_number_is_written_as_json_writes_it() -> None:
    from tritable.engine import OptionError

    with pytest.raises(OptionError, match="takes a whole number, not '4_00'"):
        new_game("triominos", options={"target": "4_00"})
    assert new_game("triominos", options={"target": " 300 "}).options["target"] == 300


@pytest.mark.parametrize("game_id", ["triple-triad", "triominos", "triatri", "triad", "tri-t-area"])
def test_a_player_count_of_another_type_is_refused(game_id: str) -> None:
    game = new_game(game_id)
    data = plain(game.new_state(seed=1).to_json())
    data["players"] = float(game.players)
    with pytest.raises(StateError):
        game.state_from_json(data)


def test_triple_triad_picks_true_is_no_number() -> None:
    game = new_game("triple-triad")
    state = next(s for s in (play(game, seed, 9) for seed in range(200)) if s.to_json()["picks"] == 1)
    data = plain(state.to_json())
    data["picks"] = True
    with pytest.raises(StateError, match="bad picks"):
        game.state_from_json(data)


def test_triominos_choice_is_true_or_false_not_a_number() -> None:
    game = new_game("triominos")
    data = plain(game.new_state(seed=2).to_json())
    data["choice"] = int(data["choice"])
    with pytest.raises(StateError, match="'choice' is true or false"):
        game.state_from_json(data)
