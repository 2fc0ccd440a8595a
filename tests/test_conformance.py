"""Every game honours the protocol: property tests over seeds, player counts and option sets.

Game-specific rules live in each game's own test module; this one checks the contract that the
AI, the records, the command line and the server rely on.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import tritable
from tritable.engine import (
    SIMULTANEOUS,
    TERMINAL,
    GameNotOverError,
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    OutOfTurnError,
    PlayerCountError,
    Record,
    RecordError,
    SetupError,
    State,
    StateError,
    UnknownGameError,
    game_class,
    game_ids,
)
from tritable.engine.playout import random_step

# Every game the registry knows: the built-in ones, and any registered with @register by a
# module imported before collection (tests/conftest.py, say). A built-in game whose module is
# missing fails here, as it should.
GAMES = game_ids()
MAX_PLIES = 20_000


def option_strategy(gid: str) -> st.SearchStrategy[dict[str, Any]]:
    cls = game_class(gid)
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for spec in cls.option_specs:
        if spec.type is bool:
            fields[spec.name] = st.booleans()
        elif spec.choices is not None:
            fields[spec.name] = st.sampled_from(spec.choices)
        elif spec.type is int:
            values = [spec.default] + ([spec.min] if spec.min is not None else [])
            fields[spec.name] = st.sampled_from(values)
    return st.fixed_dictionaries(fields)


def make_game(gid: str, players: int, options: dict[str, Any]) -> tritable.Game:
    try:
        return tritable.new_game(gid, players, options)
    except OptionError:
        assume(False)
        raise


def players_strategy(gid: str) -> st.SearchStrategy[int]:
    cls = game_class(gid)
    return st.integers(cls.min_players, cls.max_players)


def step(state: State, rng: random.Random) -> None:
    random_step(state, rng)


def check_state(state: State) -> None:
    """Everything that must hold in any position."""
    game = state.game
    data = state.to_json()
    text = json.dumps(data)
    again = game.state_from_json(json.loads(text))
    assert again == state
    assert hash(again) == hash(state)
    assert again.current_player() == state.current_player()
    copy = state.clone()
    assert copy == state and hash(copy) == hash(state)
    # The same choices in the same order: seeded play must go on alike after a save and a load.
    p = state.current_player()
    seats = state.players_to_move() if p == SIMULTANEOUS else ([p] if p >= 0 else [])
    for seat in seats:
        assert again.legal_actions(seat) == state.legal_actions(seat) == copy.legal_actions(seat)
    for seat in [None, *range(game.players)]:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert view["seat"] == seat and view["game"] == game.id
        # Every view tells the end and the result alike, whatever the game.
        assert view["outcome"] == (state.outcome().to_json() if state.is_terminal() else None)
        check_common_view(state, seat, view)
    check_vocabulary(state)
    if not state.is_terminal():
        with pytest.raises(GameNotOverError, match=f"the {game.id} game is not over"):
            state.outcome()
        assert state.returns() == [0.0] * game.players
    p = state.current_player()
    seats = state.players_to_move() if p == SIMULTANEOUS else ([p] if p >= 0 else [])
    for seat in seats:
        actions = state.legal_actions(seat)
        assert actions, "a seat to move has legal actions"
        assert len(set(actions)) == len(actions), "legal actions are distinct"
        for action in actions:
            text = game.action_to_string(action)
            assert isinstance(text, str) and text
            assert game.string_to_action(text) == action
        # A sampled state agrees with everything the seat sees, and offers it the same choices.
        rng = random.Random(len(state.history))
        sample = game.sample_state(state.view(seat), rng)
        assert sample.view(seat) == state.view(seat)
        assert sorted(map(repr, sample.legal_actions(seat))) == sorted(map(repr, actions))


def check_vocabulary(state: State) -> None:
    """The common vocabulary of docs/protocol.md: scores, hands in notation, hand sizes."""
    game = state.game
    scores = state.scores()
    assert isinstance(scores, list) and len(scores) == game.players
    assert all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores)
    if state.is_terminal():
        assert scores == list(state.outcome().scores)
    sizes = state.hand_sizes()
    assert sizes == [len(state.hand(s)) for s in range(game.players)]
    for s in range(game.players):
        hand = state.hand(s)
        assert isinstance(hand, list) and all(isinstance(x, str) and x for x in hand)
    # The base class owns the public entry points and their checks; a game fills in the hooks.
    assert type(state).apply_action is State.apply_action
    assert type(state).legal_actions is State.legal_actions


def check_common_view(state: State, seat: int | None, view: dict[str, Any]) -> None:
    """What a front end draws of any game without knowing it."""
    assert view["scores"] == state.scores()
    assert view["hand"] == (None if seat is None else state.hand(seat))
    assert view["hand_sizes"] == state.hand_sizes()
    last = view["last_action"]
    if not state.history:
        assert last is None
        assert view["events"] == []
    else:
        actor, action = state.history[-1]
        assert isinstance(last, dict) and last["seat"] == actor
        # the action as notation, or None where this viewer may not see it (a sealed choice)
        assert last["action"] in (None, game_notation(state, action))
        if seat == actor:
            assert last["action"] == game_notation(state, action), "a seat sees its own action"
    assert isinstance(view["events"], list)
    for event in view["events"]:
        assert isinstance(event, dict)
        assert isinstance(event["type"], str) and event["type"]
        assert event["seat"] is None or (type(event["seat"]) is int and 0 <= event["seat"] < state.game.players)
        assert isinstance(event["text"], str) and event["text"]


def game_notation(state: State, action: object) -> str:
    return state.game.action_to_string(action)


def type_twins(action: object) -> list[object]:
    """Values equal to ``action`` under ``==`` but of other types."""
    if type(action) is int:
        twins: list[object] = [float(action), complex(action)]
        return twins + ([bool(action)] if action in (0, 1) else [])
    if type(action) is tuple:
        return [(*action[:i], twin, *action[i + 1 :]) for i, v in enumerate(action) for twin in type_twins(v)]
    return []


def refuses_garbage(state: State) -> None:
    before = state.to_json()
    p = state.current_player()
    seat = state.players_to_move()[0] if p == SIMULTANEOUS else None
    for junk in [("no such action",), -12345, "zz", None]:
        with pytest.raises(IllegalActionError):
            state.apply_action(junk, seat)
        assert state.to_json() == before
    # An action of other types that Python finds equal (1.0 or True for 1) is none: it would
    # not survive JSON alike, nor write the same notation.
    legal = state.legal_actions(seat)
    for action in legal:
        for twin in type_twins(action):
            assert not state.is_legal(twin, seat), twin
            with pytest.raises(IllegalActionError):
                state.apply_action(twin, seat)
        assert state.is_legal(action, seat)
    assert state.to_json() == before
    if p >= 0 and state.game.players > 1:
        other = (p + 1) % state.game.players
        with pytest.raises(OutOfTurnError):
            state.apply_action(state.legal_actions()[0], other)
        assert state.to_json() == before
    if p >= 0:
        # The same on an ordinary turn, where games answer without ``_acting_seat``; asking for
        # the legal actions of no seat is refused too, not answered for the seat to move.
        # A seat of another type is no seat at all (StateError, as view says it), not a seat out
        # of turn: a seat that came as JSON text ("0") is a malformed request, not "wait".
        legal = state.legal_actions()
        for not_a_seat in (bool(p), float(p), str(p)):
            with pytest.raises(StateError, match="whole number"):
                state.apply_action(legal[0], not_a_seat)  # type: ignore[arg-type]
            with pytest.raises(StateError, match="whole number"):
                state.legal_actions(not_a_seat)  # type: ignore[arg-type]
            with pytest.raises(StateError, match="whole number"):
                state.is_legal(legal[0], not_a_seat)  # type: ignore[arg-type]
        assert state.to_json() == before
    pending = state.players_to_move()
    if p == SIMULTANEOUS:
        # A seat is a whole number: True or 1.0 is no seat, even where it equals one (the
        # history of a simultaneous turn keeps the seat as given).
        legal = state.legal_actions(pending[0])
        for fake in (bool(pending[0]), float(pending[0]), str(pending[0])):
            with pytest.raises(StateError, match="whole number"):
                state.apply_action(legal[0], fake)  # type: ignore[arg-type]
            with pytest.raises(StateError, match="whole number"):
                state.legal_actions(fake)  # type: ignore[arg-type]
            with pytest.raises(StateError, match="whole number"):
                state.is_legal(legal[0], fake)  # type: ignore[arg-type]
        if len(pending) > 1:
            # "Is it legal?" names no seat where several choose: no answer, as for legal_actions.
            with pytest.raises(OutOfTurnError, match="say which seat"):
                state.is_legal(legal[0])
            with pytest.raises(OutOfTurnError, match="say which seat"):
                state.legal_actions()
        assert state.to_json() == before
    if pending:
        # A seat the game does not have is a mistake, not a seat out of turn: apply_action says
        # it as legal_actions and view do (a server answers "no such seat", not "wait").
        legal = state.legal_actions(pending[0])
        for no_seat in (state.game.players, 99, TERMINAL):
            with pytest.raises(StateError, match=f"no seat {no_seat} in a {state.game.players}-player game"):
                state.apply_action(legal[0], no_seat)
            with pytest.raises(StateError, match="no seat"):
                state.legal_actions(no_seat)
            with pytest.raises(StateError, match="no seat"):
                state.is_legal(legal[0], no_seat)
        assert state.to_json() == before
    for bad_seat in (-1, state.game.players, True, 1.0):
        with pytest.raises(StateError, match="no seat"):
            state.render(bad_seat)  # type: ignore[arg-type]
        with pytest.raises(StateError, match="no seat"):
            state.view(bad_seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("gid", GAMES)
@given(data=st.data())
def test_random_games_follow_the_protocol(gid: str, data: st.DataObject) -> None:
    play_and_check(gid, data)


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
@settings(max_examples=1500, deadline=None)
@given(data=st.data())
def test_soak_random_games_follow_the_protocol(gid: str, data: st.DataObject) -> None:
    """The same checks over many more games (``pytest -m slow``, run by ``bench/run``)."""
    play_and_check(gid, data)


def play_and_check(gid: str, data: st.DataObject) -> None:
    """A random game of ``gid`` with drawn players, options and seed, checked all along."""
    players = data.draw(players_strategy(gid), label="players")
    options = data.draw(option_strategy(gid), label="options")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    game = make_game(gid, players, options)
    state = game.new_state(seed=seed)
    assert state.initial_setup is not None
    # The setup alone rebuilds the start; the same seed draws the same setup.
    assert game.state_from_setup(json.loads(json.dumps(state.initial_setup))) == state
    assert game.new_state(seed=seed) == state
    rng = random.Random(seed)
    check_every = data.draw(st.integers(1, 7), label="check_every")
    plies = 0
    while not state.is_terminal():
        assert plies < MAX_PLIES, "random play ends"
        if plies % check_every == 0:
            check_state(state)
            refuses_garbage(state)
        before = state.clone()
        step(state, rng)
        assert before != state or before.history != state.history
        plies += 1
    check_state(state)
    outcome = state.outcome()
    assert len(outcome.scores) == len(outcome.ranks) == players
    returns = state.returns()
    assert len(returns) == players and all(-1 <= r <= 1 for r in returns)
    # An outcome is the caller's to change: it aliases neither the state nor a clone of it.
    final = state.to_json()
    spoiled = state.clone().outcome()
    for value in spoiled.details.values():
        if isinstance(value, list):
            value.append("spoiled")
            for item in value:
                if isinstance(item, dict):
                    item["spoiled"] = True
                elif isinstance(item, list):
                    item.append("spoiled")
    assert state.to_json() == final and state.outcome() == outcome
    assert state.legal_actions() == []
    with pytest.raises(GameOverError):
        state.apply_action(("anything",))
    record = Record.loads(Record.from_state(state).dumps())
    replayed = record.replay()
    assert replayed == state and replayed.outcome() == outcome
    assert [game.action_to_string(a) for _, a in replayed.history] == [
        game.action_to_string(a) for _, a in state.history
    ]
    middle = len(record.actions) // 2
    assert record.replay(middle) == record.states()[middle]


@pytest.mark.parametrize("gid", GAMES)
def test_tampered_records_are_refused(gid: str) -> None:
    game = tritable.new_game(gid, game_class(gid).max_players)
    state = game.new_state(seed=11)
    rng = random.Random(5)
    while not state.is_terminal():
        step(state, rng)
    good = Record.from_state(state).to_json()
    assert Record.from_json(good).replay() == state
    bad = json.loads(json.dumps(good))
    bad["actions"] = bad["actions"][:-1]
    with pytest.raises(RecordError):
        Record.from_json(bad).replay()  # the outcome no longer matches
    bad = json.loads(json.dumps(good))
    index = len(bad["actions"]) // 2
    bad["actions"][index] = "%%garbage%%"
    with pytest.raises(RecordError) as info:
        Record.from_json(bad).replay()
    assert info.value.index == index
    bad = json.loads(json.dumps(good))
    bad["actions"].insert(1, bad["actions"][0])
    with pytest.raises(RecordError) as info:
        Record.from_json(bad).replay()
    assert info.value.index is not None and info.value.index <= len(good["actions"])
    for key in ("game", "setup", "actions"):
        bad = json.loads(json.dumps(good))
        del bad[key]
        with pytest.raises(RecordError, match=key):
            Record.from_json(bad)
    with pytest.raises(RecordError):
        Record.loads(json.dumps(good)[:-20])


RULED_PLAYERS = {"triatri": (2, 4), "triple-triad": (2, 2), "triominos": (2, 4), "tri-t-area": (4, 4), "triad": (2, 2)}


@pytest.mark.parametrize("gid", GAMES)
def test_player_counts_are_the_rulings_table(gid: str) -> None:
    # RULINGS.md's table: TriATri 2-4, Triple Triad 2, Triominos 2-4, Tri*T*Area 4 seats, Triad 2.
    low, high = RULED_PLAYERS[gid]
    cls = game_class(gid)
    assert (cls.min_players, cls.max_players) == (low, high)
    for players in range(low, high + 1):
        assert tritable.new_game(gid, players).players == players
    for players in (low - 1, high + 1):
        with pytest.raises(PlayerCountError):
            tritable.new_game(gid, players)


@pytest.mark.parametrize("gid", GAMES)
def test_bad_settings_are_typed_errors(gid: str) -> None:
    cls = game_class(gid)
    with pytest.raises(OptionError, match="no_such_option"):
        tritable.new_game(gid, options={"no_such_option": True})
    with pytest.raises(PlayerCountError):
        tritable.new_game(gid, cls.max_players + 1)
    for spec in cls.option_specs:
        with pytest.raises(OptionError, match=spec.name):
            tritable.new_game(gid, options={spec.name: "not-a-valid-value"})
    game = tritable.new_game(gid)
    with pytest.raises(SetupError):
        game.new_state(setup={"nonsense": 1})
    with pytest.raises(SetupError):
        game.new_state(setup=[1, 2])  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        game.string_to_action("%%garbage%%")
    with pytest.raises(OptionError, match="mapping"):
        tritable.new_game(gid, options="same=true")  # type: ignore[arg-type]
    with pytest.raises(UnknownGameError):
        tritable.new_game(["x"])  # type: ignore[arg-type]


@pytest.mark.parametrize("gid", GAMES)
def test_state_json_of_another_game_or_other_options_is_refused(gid: str) -> None:
    cls = game_class(gid)
    state = tritable.new_game(gid, cls.max_players).new_state(seed=2)
    rng = random.Random(2)
    for _ in range(6):
        if not state.is_terminal():
            step(state, rng)
    data = state.to_json()
    game = state.game
    assert game.state_from_json(data).to_json() == data
    other_players = cls.min_players if cls.min_players != cls.max_players else None
    if other_players is not None:
        with pytest.raises(StateError, match="players"):
            tritable.new_game(gid, other_players).state_from_json(data)
    for spec in cls.option_specs:
        now = game.options[spec.name]
        if spec.type is bool:
            changed: Any = not now
        elif spec.choices is not None:
            changed = next(c for c in spec.choices if c != now)
        elif spec.type is int:
            changed = now + 1 if spec.max is None or now < spec.max else now - 1
        else:
            continue
        try:
            other = tritable.new_game(gid, cls.max_players, {spec.name: changed})
        except OptionError:
            continue  # not valid alone (an option that needs another)
        with pytest.raises(StateError):
            other.state_from_json(data)
    # Where a game checks it, the position must be the one the setup and history lead to:
    # another position of the same deal under this history is refused. (Triple Triad and TriATri
    # check their positions field by field: cards and gems conserved.)
    other_state = game.new_state(setup=state.initial_setup)
    for _ in range(3):
        if not other_state.is_terminal():
            step(other_state, rng)
    mixed = {**other_state.to_json(), "history": data["history"]}
    if gid in ("triominos", "triad", "tri-t-area") and mixed != data:
        with pytest.raises(StateError):
            game.state_from_json(mixed)
    for bad in ([["x", "y"]], [[0]], [[1.5, "x"]], [[99, "x"]], [[float("inf"), "x"]], "history"):
        with pytest.raises(StateError, match="history"):
            game.state_from_json({**data, "history": bad})


@pytest.mark.parametrize("gid", GAMES)
def test_a_tampered_view_gives_no_sample(gid: str) -> None:
    """``sample_state`` draws only states that show the seat exactly the view: a view no state
    shows (a seat to move that does not exist, a key missing, a turn that is not this one) is
    refused with a StateError, never a state that cannot be played."""
    cls = game_class(gid)
    game = tritable.new_game(gid, cls.max_players)
    state = game.new_state(seed=4)
    rng = random.Random(4)
    for _ in range(5):
        if not state.is_terminal():
            step(state, rng)
    for seat in (0, None):
        view = state.view(seat)
        turn = view["turn"]
        bad_views = [
            {**view, "turn": {**turn, "players": [99]}},
            {**view, "turn": {**turn, "players": ["x"]}},
            {**view, "turn": {**turn, "kind": "over", "players": []}},
            {k: v for k, v in view.items() if k != "turn"},
            {**view, "players": cls.max_players + 1},
            {**view, "game": "chess"},
            {**view, "outcome": {"scores": [1] * cls.max_players, "ranks": [1] * cls.max_players, "winners": []}},
            {k: v for k, v in view.items() if k != "outcome"},
        ]
        for bad in bad_views:
            with pytest.raises(StateError):
                game.sample_state(bad, random.Random(0))
            with pytest.raises(StateError):
                game.sampler(bad)(random.Random(0))
        assert game.sample_state(view, random.Random(0)).view(seat) == view


@pytest.mark.parametrize("gid", GAMES)
def test_game_repr_rebuilds_the_game(gid: str) -> None:
    game = tritable.new_game(gid, game_class(gid).max_players)
    assert eval(repr(game), {"tritable": tritable}) == game


def spoil_every_leaf(value: Any) -> None:
    """Change every string and number inside ``value`` in place."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in list(items):
        if isinstance(item, dict | list):
            spoil_every_leaf(item)
        else:
            value[key] = "spoilt"


@pytest.mark.parametrize("gid", GAMES)
def test_a_state_keeps_its_own_copy_of_the_setup(gid: str) -> None:
    """The caller may go on changing the setup it gave: the state, its JSON and its record do
    not change with it."""
    game = tritable.new_game(gid, game_class(gid).max_players)
    for make in (game.state_from_setup, lambda setup: game.new_state(setup=setup)):
        setup = game.random_setup(random.Random(8))
        state = make(setup)
        step(state, random.Random(8))
        before = json.dumps(state.to_json(), sort_keys=True)
        spoil_every_leaf(setup)
        assert json.dumps(state.to_json(), sort_keys=True) == before
        assert game.state_from_json(json.loads(before)) == state
        assert Record.from_state(state).replay() == state


@pytest.mark.parametrize("gid", GAMES)
def test_copies_are_independent(gid: str) -> None:
    """``copy.copy`` and ``copy.deepcopy`` give states of their own, as ``clone`` does: playing on
    a copy leaves the original as it was."""
    import copy

    state = tritable.new_game(gid, game_class(gid).max_players).new_state(seed=4)
    rng = random.Random(4)
    for _ in range(6):
        random_step(state, rng)
    before = state.to_json()
    for copied in (copy.copy(state), copy.deepcopy(state), state.clone()):
        assert copied == state and type(copied) is type(state)
        while not copied.is_terminal():
            random_step(copied, rng)
        assert state.to_json() == before
