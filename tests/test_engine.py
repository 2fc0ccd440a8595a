"""The engine's own pieces: options, outcomes, records, registry, errors."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import tritable
from tritable.engine import (
    CHANCE,
    SIMULTANEOUS,
    Option,
    OptionError,
    Outcome,
    OutOfTurnError,
    Record,
    RecordError,
    SetupError,
    State,
    StateError,
    TritableError,
    UnknownGameError,
    game_class,
    game_ids,
    new_game,
)
from tritable.engine.playout import random_playout, random_step
from tritable.engine.record import apply_notation

sys.path.insert(0, str(Path(__file__).parent))
from ai_toy_games import ToyPig


def test_every_error_is_a_value_error() -> None:
    assert issubclass(TritableError, ValueError)
    with pytest.raises(ValueError, match="no game 'chess'"):
        new_game("chess")
    with pytest.raises(UnknownGameError):
        new_game("chess")


def test_registry_lists_the_five_games() -> None:
    assert game_ids() == ["triple-triad", "triominos", "triatri", "tri-t-area", "triad"]


def test_a_registered_game_is_listed_once_after_the_built_in_ones() -> None:
    from tritable.engine import register, registry

    five = ["triple-triad", "triominos", "triatri", "tri-t-area", "triad"]
    for gid in five:  # loaded now, and still listed once
        game_class(gid)
    assert game_ids() == five
    try:
        assert register(ToyPig) is ToyPig  # usable as a decorator
        assert game_ids() == [*five, "toy-pig"]
        assert game_class("toy-pig") is ToyPig
        assert isinstance(tritable.state_from_json(ToyPig().new_state(seed=1).to_json()), State)
    finally:
        registry._LOADED.pop("toy-pig", None)
    assert game_ids() == five


@pytest.mark.parametrize(("text", "value"), [("true", True), ("False", False), ("1", True), ("off", False)])
def test_bool_options_accept_command_line_text(text: str, value: bool) -> None:
    assert Option("same", bool, False, "Same rule").parse(text) is value


def test_option_validation_names_the_option() -> None:
    cap = Option("move_cap", int, 200, "plies", min=1)
    assert cap.parse("50") == 50
    for bad in ("0", "x", True, 1.5):
        with pytest.raises(OptionError, match="move_cap") as info:
            cap.parse(bad)
        assert info.value.option == "move_cap"
    trade = Option("trade", str, "one", "trade rule", choices=("none", "one", "all"))
    assert trade.parse("ONE") == "one"
    with pytest.raises(OptionError, match=r"trade.*none, one, all"):
        trade.parse("some")
    same = Option("same", bool, False, "Same rule")
    for junk in ("maybe", 2, -1, 1.0, None):
        with pytest.raises(OptionError, match="same"):
            same.parse(junk)
    # A switch reads the same as a number or as text: 1 and "1", 0 and "0".
    assert [same.parse(v) for v in (1, "1", "yes", True, 0, "0", "no", False)] == [True] * 4 + [False] * 4


def test_option_errors_quote_values_as_they_were_written() -> None:
    """Options come from JSON setups as often as from the command line: null, not None."""
    same = Option("same", bool, False, "Same rule")
    for value, shown in ((None, "null"), ([1], "[1]"), ({"a": 1}, '{"a": 1}'), ("maybe", "'maybe'")):
        with pytest.raises(OptionError, match=re.escape(f"takes true or false, not {shown}")):
            same.parse(value)
    with pytest.raises(OptionError, match="takes a whole number, not true"):
        Option("move_cap", int, 200, "plies").parse(True)
    # A number too long for Python to print is still named, not a ValueError about printing.
    with pytest.raises(OptionError, match=r"must be <= 1000, not a number of about 5,001 digits"):
        Option("max_rounds", int, 10, "rounds", min=1, max=1000).parse(10**5000)


@pytest.mark.parametrize(("game_id", "option"), [("triominos", "target"), ("triad", "move_cap")])
def test_a_score_or_move_limit_has_a_ceiling(game_id: str, option: str) -> None:
    """An unbounded limit would be accepted here and fail later, printing the game or its JSON."""
    assert new_game(game_id, options={option: 10_000}).options[option] == 10_000
    with pytest.raises(OptionError, match=f"{option}' must be <= 10000"):
        new_game(game_id, options={option: 10**5000})


def test_option_names_are_read_as_people_write_them() -> None:
    import tritable

    game = tritable.new_game("triple-triad", options={"SAME": True, "Same-Wall": "yes"})
    assert game.options["same"] is True and game.options["same_wall"] is True
    assert game == tritable.new_game("triple-triad", options={"same": True, "same_wall": True})
    for twice in ({"same": True, "SAME": False}, {"same_wall": True, "same-wall": True}):
        with pytest.raises(OptionError, match="given twice") as caught:
            tritable.new_game("triple-triad", options=twice)
        assert caught.value.option in ("same", "same_wall")  # the option's own name, not a spelling of it
    with pytest.raises(OptionError, match="no option 'Sam'"):
        tritable.new_game("triple-triad", options={"Sam": True})


def test_outcome_ranks_ties_and_returns() -> None:
    o = Outcome.from_scores([3, 7, 7, 1])
    assert o.ranks == (3, 1, 1, 4)
    assert o.winners == (1, 2)
    assert o.returns() == [pytest.approx(-1 / 3), pytest.approx(2 / 3), pytest.approx(2 / 3), -1.0]
    draw = Outcome.from_scores([5, 5])
    assert draw.winners == () and draw.returns() == [0.0, 0.0]
    split = Outcome.from_scores([5, 5], tiebreak=[2, 3])
    assert split.winners == (1,)
    assert Outcome.from_json(o.to_json()) == o


def test_a_tiebreak_splits_ties_and_nothing_else() -> None:
    ahead = Outcome.from_scores([6, 4, 5], tiebreak=[0, 9, 9])
    assert ahead.ranks == (1, 3, 2) and ahead.winners == (0,)  # the score first, however the tiebreak goes
    level = Outcome.from_scores([5, 5, 1], tiebreak=[3, 3, 9])
    assert level.ranks == (1, 1, 3) and level.winners == (0, 1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_seat_tied_is_a_draw_whatever_the_number_of_seats(seats: int) -> None:
    for outcome in (Outcome.from_scores([7] * seats), Outcome.from_scores([7] * seats, tiebreak=[2] * seats)):
        assert outcome.winners == () and outcome.ranks == (1,) * seats and outcome.returns() == [0.0] * seats
    shared = Outcome.from_scores([7] * (seats - 1) + [1])
    assert shared.winners == tuple(range(seats - 1)) and shared.returns()[-1] == -1.0


def test_games_of_other_player_counts_differ() -> None:
    for game_id in game_ids():
        cls = game_class(game_id)
        games = [new_game(game_id, n) for n in range(cls.min_players, cls.max_players + 1)]
        for a in games:
            for b in games:
                assert (a == b) == (a.players == b.players)


@pytest.mark.parametrize("game_id", game_ids())
def test_returns_are_zeros_until_the_end(game_id: str) -> None:
    for actions in (0, 5, 10_000):
        state = _played(game_id, actions)
        returns = state.returns()
        if state.is_terminal():
            assert returns == state.outcome().returns()
        else:
            assert returns == [0.0] * state.game.players


def test_malformed_records_are_refused_by_name() -> None:
    good = {"format": 1, "game": "triad", "players": 2, "options": {}, "setup": {}, "actions": []}
    with pytest.raises(RecordError, match="format"):
        Record.from_json({**good, "format": 99})
    with pytest.raises(RecordError, match="'players' must be a whole number, not text"):
        Record.from_json({**good, "players": "two"})
    with pytest.raises(RecordError, match=r"'players' must be a whole number, not 2\.0"):
        Record.from_json({**good, "players": 2.0})
    with pytest.raises(RecordError, match="action 2 must be text"):
        Record.from_json({**good, "actions": ["a", 5]})
    with pytest.raises(RecordError, match="unknown record fields: extra"):
        Record.from_json({**good, "extra": 1})
    with pytest.raises(RecordError, match="'names' must be a list of text"):
        Record.from_json({**good, "names": ["Ann", 2]})
    with pytest.raises(RecordError, match="'names' must name each of its 2 seats, not 3"):
        Record.from_json({**good, "names": ["Ann", "Bob", "Cy"]})
    # A count the game does not take is the mistake, whatever the names say.
    with pytest.raises(RecordError, match="'players': triad is for 2 players, not 3"):
        Record.from_json({**good, "players": 3, "names": ["Ann", "Bob"]})
    with pytest.raises(RecordError, match="'names' must name each of its 3 seats, not 2"):
        Record.from_json({**good, "game": "chess", "players": 3, "names": ["Ann", "Bob"]})
    with pytest.raises(RecordError, match="2 names, not 1"):
        Record.from_state(new_game("triad").new_state(seed=1), names=["Ann"])
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads("{")
    with pytest.raises(RecordError, match="bad game settings"):
        Record.from_json({**good, "game": "chess"}).replay()
    with pytest.raises(RecordError, match="bad setup"):
        Record.from_json({**good, "setup": {"nonsense": True}}).replay()


def test_public_api() -> None:
    assert tritable.new_game is new_game
    assert tritable.Record is Record
    # The errors too, as python-chess exports its own: `except tritable.IllegalActionError`.
    from tritable import engine

    errors = [name for name in engine.__all__ if name.endswith("Error")]
    assert len(errors) == 12
    for name in errors:
        assert getattr(tritable, name) is getattr(engine, name) and name in tritable.__all__


SEATS = {"triple-triad": 2, "triominos": 3, "triatri": 3, "tri-t-area": 4, "triad": 2}


def _played(game_id: str, actions: int = 5) -> tritable.State:
    import random

    from tritable.engine.playout import random_step

    state = new_game(game_id, SEATS[game_id]).new_state(seed=3)
    rng = random.Random(3)
    for _ in range(actions):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_another_game_s_state_is_called_that(game_id: str) -> None:
    """Not "a triominos state lacks 'round'": the game field is read first, in every game."""
    from tritable.engine import StateError

    game = new_game(game_id, SEATS[game_id])
    for other in game_ids():
        if other != game_id:
            with pytest.raises(StateError, match=f"^not a {game_id} state: '{other}'$"):
                game.state_from_json(_played(other).to_json())


@pytest.mark.parametrize("game_id", game_ids())
def test_a_seat_the_game_does_not_have_is_an_error(game_id: str) -> None:
    """legal_actions(99) is no empty list of moves: it raises as view(99) does, in every phase."""
    from tritable.engine import StateError

    for state in (_played(game_id, 0), _played(game_id), _played(game_id, 10_000)):
        n = state.game.players
        for seat in (n, 99, -1, -4):
            with pytest.raises(StateError, match=f"^no seat {seat} in a {n}-player game$"):
                state.legal_actions(seat)
            with pytest.raises(StateError, match=f"^no seat {seat} in a {n}-player game$"):
                state.is_legal(0, seat)
        for seat in range(n):  # the seats it has still answer, moving or not
            assert isinstance(state.legal_actions(seat), list)
            state.is_legal(0, seat)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_game_refuses_every_attribute_once_made(game_id: str) -> None:
    import copy
    import pickle

    game = new_game(game_id, SEATS[game_id])
    for made in (game, copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        for name, value in (("id", "triad"), ("perfect_information", True), ("name", "x"), ("cache", {})):
            with pytest.raises(AttributeError, match="a game cannot be changed"):
                setattr(made, name, value)
        with pytest.raises(AttributeError, match="a game cannot be changed"):
            del made.id
        assert made == game and made.id == game_id
    assert made.new_state(seed=1) == game.new_state(seed=1)  # what __init__ keeps still works


@pytest.mark.parametrize("game_id", game_ids())
def test_a_state_s_repr_says_whose_turn_it_is(game_id: str) -> None:
    state = _played(game_id)
    seats = state.players_to_move()
    turn = f"seat {seats[0]} to move" if state.current_player() >= 0 else f"seats {', '.join(map(str, seats))}"
    assert repr(state).startswith(f"<{type(state).__name__} {state.game!r} after 5 actions, {turn}")
    assert repr(_played(game_id, 10_000)).endswith(" actions, over>")


@pytest.mark.parametrize("game_id", game_ids())
def test_a_sampler_refuses_an_rng_that_is_not_one(game_id: str) -> None:
    """A seed given for rng is the caller's mistake, said as such: not the view's fault, and not
    quietly ignored."""
    import random

    state = _played(game_id)
    game = state.game
    view = state.view(state.players_to_move()[0])
    for rng in (3, None, "x"):
        with pytest.raises(TypeError, match=r"^rng must be a random\.Random, not"):
            game.sample_state(view, rng)  # type: ignore[arg-type]
        draw = game.sampler(view)
        with pytest.raises(TypeError, match=r"^rng must be a random\.Random, not"):
            draw(rng)  # type: ignore[arg-type]
        assert draw(random.Random(1)).view(view["seat"]) == view  # a good rng after a bad one


def test_a_record_shares_nothing_with_its_json() -> None:
    rec = Record.from_state(tritable.new_game("triad").new_state(seed=1))
    rec.to_json()["setup"]["black"].reverse()  # the JSON is a copy
    assert rec.replay() == tritable.new_game("triad").new_state(seed=1)
    data = rec.to_json()
    read = Record.from_json(data)
    data["setup"]["black"].reverse()  # so is what a record was read from
    data["options"]["move_cap"] = 3
    assert read.replay() == tritable.new_game("triad").new_state(seed=1) and read.options == {}


def test_names_are_checked_when_a_record_is_made_as_when_it_is_read() -> None:
    state = tritable.new_game("triad").new_state(seed=1)
    for names, why in (([1, 2], "list of text"), (["a\x1b[2J", "b"], "control characters")):
        with pytest.raises(RecordError, match=why):
            Record.from_state(state, names=names)  # type: ignore[arg-type]
    assert Record.from_state(state, names=["Ann", "Bob"]).names == ["Ann", "Bob"]


def test_wrong_types_get_typed_errors() -> None:
    from tritable.engine import Outcome, SetupError, StateError

    game = tritable.new_game("triad")
    with pytest.raises(SetupError, match="a seed is a whole number or text"):
        game.new_state(seed=[1])  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="read from JSON text"):
        Record.loads(None)  # type: ignore[arg-type]
    record = Record.from_state(game.new_state(seed=1))
    for upto in ("1", -1, True, 1):
        with pytest.raises(RecordError, match="replay up to 0-0 actions"):
            record.replay(upto)  # type: ignore[arg-type]
    with pytest.raises(StateError, match="an outcome's 'scores' must be a list"):
        Outcome.from_json({})
    setup = Record.from_state(tritable.new_game("triatri", 2).new_state(seed=1)).setup
    with pytest.raises(RecordError, match="an action is written as text, not int"):
        Record("triatri", 2, {}, setup, [1]).replay()  # type: ignore[list-item]


def test_a_game_s_options_cannot_be_changed() -> None:
    import copy
    import json
    import pickle

    game = tritable.new_game("triple-triad")
    before = (repr(game), hash(game), game.changed_options())
    changes: list[Any] = [
        lambda o: o.__setitem__("same", True),
        lambda o: o.update(same=True),
        lambda o: o.pop("same"),
        lambda o: o.clear(),
        lambda o: o.setdefault("x", 1),
        lambda o: o.__delitem__("same"),
    ]
    for change in changes:
        with pytest.raises(OptionError, match="a game's options cannot be changed"):
            change(game.options)
    assert (repr(game), hash(game), game.changed_options()) == before
    assert json.loads(json.dumps(game.options)) == dict(game.options)
    assert pickle.loads(pickle.dumps(game)) == game
    copied = copy.deepcopy(game.options)
    copied["same"] = True  # a copy is the caller's own
    assert game.options["same"] is False


def test_a_game_cannot_be_changed_once_made() -> None:
    """States, records and dict keys hold a game: its seats and options stay as made, through
    copies and pickles too."""
    import copy
    import pickle

    import tritable
    from tritable.engine import PlayerCountError

    game = tritable.new_game("triple-triad", options={"same": True})
    state = game.new_state(seed=1)
    keyed = {game: 1}
    for made in (game, copy.deepcopy(state).game, copy.copy(game), pickle.loads(pickle.dumps(game))):
        with pytest.raises(PlayerCountError, match="cannot be changed"):
            made.players = 3
        with pytest.raises(OptionError, match="cannot be changed"):
            made.options = {"same": False}
        with pytest.raises(OptionError, match="cannot be changed"):
            made.options["plus"] = True
        with pytest.raises(OptionError, match="cannot be removed"):
            del made.options
        with pytest.raises(PlayerCountError, match="cannot be removed"):
            del made.players
        assert made == game and keyed[made] == 1
    assert state.game.players == 2 and state.game.options["same"] is True


def test_api_edges_raise_the_documented_errors() -> None:
    import random

    import tritable
    from tritable.engine import SetupError, StateError
    from tritable.engine.playout import random_step

    game = tritable.new_game("triominos", 2)
    state = game.new_state(seed=2)
    data = state.to_json()
    for wrong in ({"game": "nope"}, {"players": "2"}, {"options": "x"}, {"options": {"nope": 1}}):
        with pytest.raises(StateError, match="bad game settings"):
            tritable.state_from_json({**data, **wrong})
    for no_game in ({}, {"game": None}, {"game": 7}):
        with pytest.raises(StateError, match="a state JSON object names its 'game'"):
            tritable.state_from_json({**data, **no_game} if no_game else {k: v for k, v in data.items() if k != "game"})
    for seed in (True, 1.5, b"7", [7]):
        with pytest.raises(RecordError, match="seed is a whole number or text"):
            Record.from_state(state, seed=seed)  # type: ignore[arg-type]
    assert Record.loads(Record.from_state(state, seed=7).dumps()).seed == 7
    # A text seed, which new_state and the agents take, is kept too, and read back as text.
    assert Record.loads(Record.from_state(state, seed="game-42").dumps()).seed == "game-42"
    for bad in ("1.5", "true", "[7]", '{"a": 1}'):
        text = Record.from_state(state).dumps().replace('"format"', f'"seed": {bad}, "format"', 1)
        with pytest.raises(RecordError, match="'seed' must be a whole number or text"):
            Record.loads(text)
    # No setup was drawn from a negative seed (new_state refuses it): no record names one.
    with pytest.raises(RecordError, match="seed is >= 0, not -3"):
        Record.from_state(state, seed=-3)
    assert Record.loads(Record.from_state(state, seed=0).dumps()).seed == 0
    # A position of its own (no setup) has no record to write.
    with pytest.raises(RecordError, match="this state does not know the setup it started from"):
        Record.from_state(game.state_from_json({**data, "setup": None, "history": []}))
    text = Record.from_state(state).dumps().replace('"format"', '"seed": -3, "format"', 1)
    with pytest.raises(RecordError, match="'seed' is a whole number >= 0, not -3"):
        Record.loads(text)
    for gid in game_ids():  # random.Random(-5) is random.Random(5)
        with pytest.raises(SetupError, match="it would deal as 5"):
            tritable.new_game(gid).new_state(seed=-5)
        for seed, kind in (([1], "list"), (True, "bool"), (1.5, "float"), (b"7", "bytes")):
            # True would deal as 1; a float or bytes random.Random takes, but no record keeps
            with pytest.raises(SetupError, match=f"a seed is a whole number or text, not {kind}"):
                tritable.new_game(gid).new_state(seed=seed)  # type: ignore[arg-type]
        text_seeded = tritable.new_game(gid).new_state(seed="table 7")
        assert text_seeded == tritable.new_game(gid).new_state(seed="table 7")
        assert Record.from_state(text_seeded, seed="table 7").replay() == text_seeded
    rng = random.Random(2)
    while not state.is_terminal():
        random_step(state, rng)
    outcome = state.outcome()
    assert hash(outcome) == hash(state.clone().outcome()) and outcome in {outcome}
    assert all(type(v) is int for v in outcome.scores)  # points, as the views give them
    assert Record.from_state(state).outcome == outcome.to_json()


@pytest.mark.parametrize("game_id", game_ids())
def test_a_seed_beside_a_setup_is_refused_not_ignored(game_id: str) -> None:
    """new_state(seed=S, setup=X) used to play X and drop S without a word (even a seed that
    new_state(seed=S) refuses): a script that thinks it varies the seed would replay one deal."""
    from tritable.engine import SetupError

    game = new_game(game_id, SEATS[game_id])
    setup = game.new_state(seed=1).initial_setup
    assert setup is not None
    for seed in (2, "text", -5):
        with pytest.raises(SetupError, match="a seed or a setup, not both"):
            game.new_state(seed=seed, setup=setup)
    assert game.new_state(setup=setup) == game.new_state(seed=1)


# -- edges an audit by mutation found untested ------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["tri-t-area", "triatri"])
def test_a_simultaneous_entry_names_its_seat_in_ascii_digits(game_id: str) -> None:
    state, rng = new_game(game_id).new_state(seed=0), random.Random(0)
    while state.current_player() != SIMULTANEOUS:
        random_step(state, rng)
    text = state.game.action_to_string(state.legal_actions(state.players_to_move()[0])[0])
    before = state.to_json()
    for head in ("x", "\u0661", "-1"):  # "١" is a digit to str.isdigit, not a seat
        with pytest.raises(RecordError, match="'<seat>:<action>'"):
            apply_notation(state, f"{head}:{text}", index=3)
    assert state.to_json() == before


def test_a_record_with_a_negative_seed_is_refused() -> None:
    data = Record.from_state(new_game("triad").new_state(seed=1), seed=1).to_json()
    data["seed"] = -1
    with pytest.raises(RecordError, match="'seed' is a whole number >= 0"):
        Record.from_json(data)


def test_a_chance_turn_is_chance_s_not_a_seat_s() -> None:
    state = ToyPig().state_from_setup({"scores": [0, 0]})
    state.apply_action("roll")
    for seat in (0, 1):
        with pytest.raises(OutOfTurnError, match="chance turn"):
            state.apply_action(2, seat)
    assert state.history == [(0, "roll")]


def test_a_random_playout_stops_exactly_at_max_plies() -> None:
    game = new_game("triad")
    state = game.new_state(seed=4)
    n = random_playout(state, random.Random(4))
    assert n == len(state.history) and state.is_terminal()
    with pytest.raises(TritableError, match="the game is over"):
        random_step(state, random.Random(4))
    assert len(state.history) == n
    assert random_playout(game.new_state(seed=4), random.Random(4), max_plies=n) == n
    with pytest.raises(TritableError, match=f"no end after {n - 1} actions"):
        random_playout(game.new_state(seed=4), random.Random(4), max_plies=n - 1)


def test_reprs_of_turns_and_options_rebuild_them() -> None:
    from tritable.engine.protocol import Option, Turn, TurnKind

    turn = tritable.new_game("triad").new_state(seed=1).turn()
    assert repr(turn) == "Turn(kind=TurnKind.PLAYER, players=(0,))"
    assert eval(repr(turn), {"Turn": Turn, "TurnKind": TurnKind}) == turn
    for gid in tritable.game_ids():
        for option in tritable.new_game(gid).option_specs:
            assert "<class" not in repr(option)
            assert eval(repr(option), {"Option": Option}) == option


def test_an_outcome_read_from_json_must_be_a_ranking() -> None:
    good = Outcome.from_scores([3, 7, 7, 1]).to_json()
    assert Outcome.from_json(good) == Outcome.from_scores([3, 7, 7, 1])
    assert Outcome.from_json(Outcome.from_scores([5, 5]).to_json()).winners == ()
    bad: list[tuple[dict[str, object], str]] = [
        ({"ranks": [3, 1, 1]}, "give each of its 4 seats a rank"),
        ({"ranks": [3, 1, 1, 5]}, "a rank from 1 to 4"),
        ({"ranks": [3, 1, 1, 4.0]}, "a rank from 1 to 4"),
        ({"ranks": [2, 1, 1, 4]}, "no ranking"),
        ({"ranks": [4, 1, 1, 4]}, "no ranking"),  # tied for third, not fourth
        ({"winners": [1]}, "the seats ranked first"),
        ({"winners": [1, 2, 5]}, "the seats ranked first"),
        ({"scores": [3, 7, "7", 1]}, "must be numbers"),
        ({"scores": [3, 7, True, 1]}, "must be numbers"),
    ]
    for change, message in bad:
        with pytest.raises(StateError, match=message):
            Outcome.from_json({**good, **change})
    tied = Outcome.from_scores([5, 5]).to_json()
    with pytest.raises(StateError, match="none when every seat ties"):
        Outcome.from_json({**tied, "winners": [0, 1]})


def test_a_seed_too_long_to_write_is_refused_where_it_is_given() -> None:
    game = tritable.new_game("triad")
    with pytest.raises(SetupError, match="at most 1,000 digits"):
        game.new_state(seed=10**1000)
    game.new_state(seed=10**1000 - 1)  # the longest seed a record can hold
    state = game.new_state(seed=1)
    with pytest.raises(RecordError, match="at most 1,000 digits"):
        Record.from_state(state, seed=10**1000)
    data = Record.from_state(state).to_json()
    with pytest.raises(RecordError, match="at most 1,000 digits"):
        Record.from_json({**data, "seed": 10**1000})
    assert Record.from_state(state, names=("Ann", "Bob")).names == ["Ann", "Bob"]  # a tuple of names is a list of them


def test_a_turn_the_game_cannot_be_in_is_named() -> None:
    from ai_toy_games import NimState, ToyNim

    class Stuck(NimState):
        __slots__ = ()

        def legal_actions(self, player: int | None = None) -> list[Any]:
            return []

    game = ToyNim()
    NimState(game, None, 3, 1)._check_turn()  # a turn it can be in
    broken: list[tuple[NimState, str]] = [
        (NimState(game, None, 3, 5), r"no seats \[5\] to move"),
        (NimState(game, None, 3, -3), "nobody is to move and the game is not over"),
        (NimState(game, None, 3, "1"), r"the turn is broken \("),  # type: ignore[arg-type]
        (Stuck(game, None, 3, 0), "a seat to move has no choice"),
    ]
    for state, message in broken:
        with pytest.raises(StateError, match=f"^a state read from JSON: {message}"):
            state._check_turn()


def test_same_json_tells_types_lengths_and_values_apart() -> None:
    from tritable.engine.protocol import same_json

    assert same_json((1, [2, {"a": None}]), (1, [2, {"a": None}]))
    for a, b in [
        ((1, 2), (1, 3)),
        ((1, 2), (1.0, 2)),
        ((1, 2), (True, 2)),
        ([1, 2], (1, 2)),
        ([1], [1, 1]),
        ([[1, 2]], [[1, 3]]),
        ({"a": 1}, {"a": 2}),
        ({"a": 1}, {"b": 1}),
        ({"a": [1]}, {"a": [1.0]}),
    ]:
        assert not same_json(a, b) and not same_json(b, a), (a, b)


def test_state_json_options_are_read_as_the_games_own() -> None:
    game = new_game("triad")
    data = game.new_state(seed=1).to_json()
    refused: list[tuple[Any, str]] = [
        (["move_cap", 50], "the state's options must be a JSON object"),
        ({"nope": 1}, "bad options in state JSON: triad has no option 'nope'"),
        ({"move_cap": 50}, "the state was made with other options"),
    ]
    for options, message in refused:
        with pytest.raises(StateError, match=re.escape(message)):
            game.state_from_json({**data, "options": options})
    assert game.state_from_json({**data, "options": {"move_cap": 200}}) == game.state_from_json(data)


def test_a_records_states_are_its_replays_step_by_step() -> None:
    state = new_game("triatri", 3).new_state(seed=5)
    random_playout(state, random.Random(5))
    record = Record.from_state(state)
    states = record.states()
    assert len(states) == len(record.actions) + 1 > 10
    assert all(states[i] == record.replay(upto=i) for i in range(0, len(states), 7))
    assert states[0] == state.game.state_from_setup(record.setup) and states[-1] == state
    broken = Record.from_json({**record.to_json(), "setup": {"hands": "no"}})
    for read in (broken.replay, broken.states):
        with pytest.raises(RecordError, match="bad setup in the record"):
            read()
    illegal = Record.from_json({**record.to_json(), "actions": [*record.actions[:3], "0:nonsense"], "outcome": None})
    with pytest.raises(RecordError, match=r"action 4 \('0:nonsense'\)"):
        illegal.states()


def test_a_random_step_at_a_chance_turn_draws_by_the_odds() -> None:
    # None of the five games has a chance turn (their chance is in the setup), so a toy one does.
    loaded = ToyPig(options={"loaded": True})
    rolls: list[Any] = []
    for seed in range(400):
        state = loaded.new_state(seed=seed)
        state.apply_action("roll")
        random_step(state, random.Random(seed))
        assert state.history[-1][0] == CHANCE
        rolls.append(state.history[-1][1])
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert 160 <= rolls.count(6) <= 240  # half the time, not a sixth (about 67)
    state = loaded.new_state(seed=1)
    assert random_playout(state, random.Random(1)) == len(state.history) and state.is_terminal()


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31 - 1, 2**32, 2**70 + 3, 10**300, "0", "tritable", ""])
def test_setup_rng_draws_as_random_random(seed: int | str) -> None:
    # setup_rng seeds a whole number once, by hand: the numbers must be those of random.Random(seed).
    rng = new_game("triad").setup_rng(seed)
    reference = random.Random(seed)
    assert type(rng) is random.Random
    assert rng.getstate() == reference.getstate()
    assert [rng.random(), rng.getrandbits(77), rng.gauss(0, 1)] == [
        reference.random(),
        reference.getrandbits(77),
        reference.gauss(0, 1),
    ]
