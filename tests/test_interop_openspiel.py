"""The OpenSpiel interface (tritable.interop.openspiel): OpenSpiel's own checks and ours."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel interface needs the open-spiel extra")
np = pytest.importorskip("numpy", reason="the OpenSpiel interface needs numpy")

import tritable  # noqa: E402
import tritable.interop.openspiel as tos  # noqa: E402
from tritable.engine.errors import IllegalActionError, OptionError, PlayerCountError  # noqa: E402
from tritable.engine.protocol import SIMULTANEOUS  # noqa: E402
from tritable.interop.encoding import encoder  # noqa: E402
from tritable.interop.tables import action_table, dealer  # noqa: E402

# Every game and player count, with options that keep a game short where the defaults make it long.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("tritable_triple_triad", {}),
    ("tritable_triple_triad", {"open": False, "same": True, "plus": True, "combo": True, "trade": "diff"}),
    ("tritable_triple_triad", {"open": False, "sudden_death": True, "elemental": True}),
    ("tritable_triad", {}),
    ("tritable_triad", {"first_player": "random", "move_cap": 40}),
    ("tritable_triatri", {"players": 2}),
    ("tritable_triatri", {"players": 3}),
    ("tritable_triatri", {"players": 4}),
    ("tritable_triatri", {"players": 3, "turn_based": True}),
    ("tritable_tri_t_area", {"players": 4}),
    ("tritable_triominos", {"players": 2, "target": 1}),
    ("tritable_triominos", {"players": 3, "target": 1}),
    ("tritable_triominos", {"players": 4, "target": 1}),
    ("tritable_triominos", {"players": 2, "target": 100, "max_rounds": 3}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in params.items())}" for name, params in CONFIGS]


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for game_id in tritable.game_ids():
        assert tos.short_name(game_id) in names
    assert tos.short_name("tri-t-area") == "tritable_tri_t_area"


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=IDS)
def test_random_sim_test_with_serialization(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), [("tritable_triatri", {"players": 2}), ("tritable_tri_t_area", {})])
def test_load_game_as_turn_based(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game_as_turn_based(name, params)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_game_types_and_infos_are_honest() -> None:
    tt = pyspiel.load_game("tritable_triple_triad")
    t = tt.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION  # open hands, one round
    assert (t.min_num_players, t.max_num_players) == (2, 2)
    assert t.provides_information_state_string and not t.provides_information_state_tensor
    assert t.provides_observation_string and t.provides_observation_tensor
    closed = pyspiel.load_game("tritable_triple_triad", {"open": False}).get_type()
    assert closed.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert tt.num_distinct_actions() == action_table(tritable.new_game("triple-triad")).size
    assert (tt.min_utility(), tt.max_utility(), tt.utility_sum()) == (-1.0, 1.0, 0.0)
    tri = pyspiel.load_game("tritable_triominos", {"players": 3})
    assert (tri.get_type().min_num_players, tri.get_type().max_num_players, tri.num_players()) == (2, 4, 3)
    assert tri.max_chance_outcomes() == 256
    assert tri.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    sim = pyspiel.load_game("tritable_triatri", {"players": 4})
    assert sim.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    turns = pyspiel.load_game("tritable_triatri", {"players": 4, "turn_based": True})
    assert turns.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert (
        pyspiel.load_game("tritable_triad").get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    assert pyspiel.load_game("tritable_tri_t_area").num_players() == 4


def test_game_parameters_are_the_options() -> None:
    game = pyspiel.load_game("tritable_triominos", {"players": 3, "target": 50})
    params = game.get_parameters()
    assert params["players"] == 3 and params["target"] == 50 and params["max_rounds"] == 20
    assert pyspiel.load_game("tritable_triominos(players=3,target=50)").get_parameters() == params
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'bogus'"):
        pyspiel.load_game("tritable_triad", {"bogus": 1})
    with pytest.raises(pyspiel.SpielError, match="turn_based"):
        pyspiel.load_game("tritable_triad", {"turn_based": True})  # no simultaneous choices to take in turn
    with pytest.raises(OptionError, match="move_cap"):
        pyspiel.load_game("tritable_triad", {"move_cap": 0})
    with pytest.raises(OptionError, match="trade"):
        pyspiel.load_game("tritable_triple_triad", {"trade": "everything"})
    with pytest.raises(PlayerCountError):
        pyspiel.load_game("tritable_triad", {"players": 3})


def dealt(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    return state


def random_action(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    elif state.is_simultaneous_node():
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(state.num_players())])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "params"), CONFIGS[:11], ids=IDS[:11])
def test_games_sim_test_checks(name: str, params: dict[str, object]) -> None:
    """OpenSpiel's games_sim_test pattern: clone, pickle and serialization round trips, chance odds,
    legal actions, returns within the utility bounds, the length within max_game_length."""
    game = pyspiel.load_game(name, params)
    rng = random.Random(7)
    for _ in range(2):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
                assert all(0 <= o < game.max_chance_outcomes() for o, _ in state.chance_outcomes())
            else:
                players = range(game.num_players()) if state.is_simultaneous_node() else [state.current_player()]
                for p in players:
                    legal = state.legal_actions(p)
                    assert legal and legal == sorted(legal)
                    assert legal[0] >= 0 and legal[-1] < game.num_distinct_actions()
            if moves % 5 == 0:
                copy = state.clone()
                assert str(copy) == str(state) and copy.history() == state.history()
                again = pickle.loads(pickle.dumps(state))
                assert str(again) == str(state) and again.history() == state.history()
                text = pyspiel.serialize_game_and_state(game, state)
                game2, state2 = pyspiel.deserialize_game_and_state(text)
                assert str(game2) == str(game)
                assert str(state2) == str(state) and state2.history() == state.history()
                if not state.is_chance_node():
                    for p in range(game.num_players()):
                        assert state2.information_state_string(p) == state.information_state_string(p)
                        assert state2.observation_tensor(p) == state.observation_tensor(p)
                # a clone plays on alone
                if not state.is_chance_node() and not state.is_simultaneous_node():
                    copy.apply_action(copy.legal_actions()[0])
                    assert str(state) == str(state2)
            random_action(state, rng)
            moves += 1
        assert moves <= game.max_game_length()
        returns = state.returns()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        assert sum(returns) == pytest.approx(game.utility_sum())


def native_twin(state: Any) -> tritable.State:
    """The same position played natively: the interop's deal, then the same actions."""
    spec = state.get_game().spec
    drawn = [a for a in state.history()[: spec.dealer.steps]]
    native = spec.game.new_state(setup=dealer(spec.game).setup(drawn))
    return native


@settings(max_examples=15)
@given(
    config=st.sampled_from([c for c in CONFIGS if not c[1].get("turn_based")]),
    seed=st.integers(0, 2**32),
)
def test_legal_actions_and_returns_equal_the_native_engines(config: tuple[str, dict[str, object]], seed: int) -> None:
    name, params = config
    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    state = dealt(game, rng)
    native = native_twin(state)
    table = action_table(native.game)
    while not state.is_terminal():
        assert state.current_player() == native.current_player()
        pending = native.players_to_move()
        for p in range(game.num_players()):
            expected = sorted(table.to_id(a) for a in native.legal_actions(p)) if p in pending else []
            assert state.legal_actions(p) == expected
        if state.is_simultaneous_node():
            joint = [rng.choice(state.legal_actions(p)) for p in range(game.num_players())]
            state.apply_actions(joint)
            for p in pending:
                native.apply_action(table.from_id(joint[p]), p)
        else:
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            native.apply_action(table.from_id(action))
        assert state.returns() == native.returns()
    assert native.is_terminal() and state.returns() == native.returns()
    assert tos.native_state(state) == native


def test_an_illegal_action_raises_the_librarys_error_and_changes_nothing() -> None:
    game = pyspiel.load_game("tritable_triad")
    state = dealt(game, random.Random(1))
    before = (str(state), state.history(), state.legal_actions())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    with pytest.raises(IllegalActionError, match="no action"):
        state.apply_action(game.num_distinct_actions())
    assert (str(state), state.history(), state.legal_actions()) == before
    state.apply_action(state.legal_actions()[0])  # and it plays on


def test_an_illegal_chance_outcome_is_refused() -> None:
    game = pyspiel.load_game("tritable_triad")
    state = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="no chance outcome"):
        state.apply_action(5)
    assert state.history() == [] and state.is_chance_node()


def test_an_illegal_joint_action_applies_no_seats_choice() -> None:
    game = pyspiel.load_game("tritable_triatri", {"players": 3})
    state = dealt(game, random.Random(2))
    assert state.is_simultaneous_node()
    legal = [state.legal_actions(p) for p in range(3)]
    wrong = next(a for a in range(game.num_distinct_actions()) if a not in legal[2])
    with pytest.raises(IllegalActionError):
        state.apply_actions([legal[0][0], legal[1][0], wrong])
    native = tos.native_state(state)
    assert native is not None and native.players_to_move() == (0, 1, 2)
    assert [state.legal_actions(p) for p in range(3)] == legal
    state.apply_actions([legal[0][0], legal[1][0], legal[2][0]])
    assert not state.is_simultaneous_node()


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("tritable_triple_triad", {"open": False}),
        ("tritable_triominos", {"players": 3}),
        ("tritable_triatri", {"players": 4, "turn_based": True}),
        ("tritable_tri_t_area", {"turn_based": True}),
    ],
)
def test_resample_from_infostate_keeps_the_players_information(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    rng = random.Random(3)
    state = dealt(game, rng)
    for _ in range(12):
        if state.is_terminal():
            break
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        for _ in range(3):
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.observation_string(player) == state.observation_string(player)
            assert sample.legal_actions() == state.legal_actions()
            sample.apply_action(sample.legal_actions()[0])  # a sample plays on
            copy = pickle.loads(pickle.dumps(sample))
            assert str(copy) == str(sample)
        random_action(state, rng)


def test_information_state_is_perfect_recall_of_the_views() -> None:
    game = pyspiel.load_game("tritable_triple_triad", {"open": False})
    state = dealt(game, random.Random(4))
    first = state.current_player()
    view0 = state.observation_string(first)
    action = state.legal_actions()[0]
    state.apply_action(action)
    lines = state.information_state_string(first).split("\n")
    assert lines[0] == view0 + " -> " + state.action_to_string(first, action)
    assert lines[-1] == state.observation_string(first)
    other = 1 - first
    assert state.information_state_string(other) == state.observation_string(other)  # it has not moved yet


def test_observations_are_the_views() -> None:
    game = pyspiel.load_game("tritable_triatri", {"players": 3})
    state = dealt(game, random.Random(5))
    native = tos.native_state(state)
    assert native is not None
    import json

    for p in range(3):
        assert json.loads(state.observation_string(p)) == native.view(p)
        enc = encoder(native.game)
        tensor = np.zeros(enc.size, np.float32)
        enc.encode(native.view(p), enc.split(tensor))
        assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), tensor)
    from open_spiel.python.observation import make_observation

    kind = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    public = make_observation(game, kind)
    public.set_from(state, 0)
    assert json.loads(public.string_from(state, 0)) == native.view(None)
    spectator = np.zeros_like(public.tensor)
    encoder(native.game).encode(native.view(None), encoder(native.game).split(spectator))
    assert np.array_equal(public.tensor, spectator)
    everything = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    )
    assert json.loads(everything.string_from(state, 0)) == json.loads(json.dumps(native.to_json()))
    # before the deal is complete nobody has seen anything
    fresh = game.new_initial_state()
    fresh.apply_action(fresh.chance_outcomes()[0][0])
    assert "chance steps" in fresh.observation_string(0)
    assert not any(fresh.observation_tensor(0))
    # but a perfect-information deal is public as it happens
    triad = pyspiel.load_game("tritable_triad").new_initial_state()
    triad.apply_action(2)
    triad.apply_action(0)
    assert json.loads(triad.observation_string(1)) == {"deal": ["black die 1: 3", "black die 2: 1"]}


def test_actions_read_as_the_games_notation() -> None:
    game = pyspiel.load_game("tritable_triple_triad")
    state = dealt(game, random.Random(6))
    native = tos.native_state(state)
    assert native is not None
    for a in state.legal_actions():
        text = state.action_to_string(state.current_player(), a)
        assert text == native.game.action_to_string(tos.to_native_action(state, a))
        assert state.string_to_action(text) == a
        assert tos.from_native_action(state, native.game.string_to_action(text)) == a
    assert state.history_str()  # the chance steps read too
    assert game.new_initial_state().action_to_string(-1, 0).startswith("deal ")


@pytest.mark.parametrize(
    ("name", "params", "bot"),
    [
        ("tritable_triad", {}, "mcts"),
        ("tritable_triple_triad", {}, "mcts"),
        ("tritable_triple_triad", {"open": False}, "ismcts"),
        ("tritable_triominos", {"target": 1}, "ismcts"),
        ("tritable_triatri", {"players": 2, "turn_based": True}, "ismcts"),
    ],
)
def test_openspiels_bots_play_through_the_interface(name: str, params: dict[str, object], bot: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name, params)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    if bot == "mcts":
        player = mcts.MCTSBot(game, 2.0, 20, evaluator, random_state=np.random.RandomState(1))
    else:
        player = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(1))
    state = dealt(game, random.Random(8))
    for _ in range(3):
        if state.is_terminal():
            break
        action = player.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        while not state.is_terminal() and state.is_chance_node():
            random_action(state, random.Random(0))


def test_native_state_wants_a_tritable_state() -> None:
    with pytest.raises(TypeError):
        tos.native_state(pyspiel.load_game("tic_tac_toe").new_initial_state())
    state = pyspiel.load_game("tritable_triad").new_initial_state()
    assert tos.native_state(state) is None  # the deal is under way
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert int(pyspiel.PlayerId.SIMULTANEOUS) == SIMULTANEOUS


def _answer(ask: Any, *args: Any) -> Any:
    """What ``ask(*args)`` returns, or the type and text of what it raises."""
    try:
        return ask(*args)
    except Exception as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=IDS)
def test_python_answers_equal_pyspiels_own(name: str, params: dict[str, Any]) -> None:
    """The state answers ``legal_actions``, ``is_chance_node``, ``is_simultaneous_node`` and
    ``is_player_node`` from Python; pyspiel's own path (C++, what C++ algorithms call) gives the
    same answers, for every player, at every step of random playouts. The deck dealers' outcomes
    kept from step to step equal the dealer's own, in clones too."""
    game = pyspiel.load_game(name, params)
    players = range(game.num_players())
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while True:
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.is_simultaneous_node() == pyspiel.State.is_simultaneous_node(state)
            assert state.is_player_node() == pyspiel.State.is_player_node(state)
            assert _answer(state.legal_actions) == _answer(pyspiel.State.legal_actions, state)
            for p in players:
                assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert outcomes == game.spec.dealer.outcomes(state._drawn)
                assert state.clone().chance_outcomes() == outcomes
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in players])
            else:
                with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                    state.legal_actions(-3)  # pyspiel's error, from either path
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.legal_actions(-3) == pyspiel.State.legal_actions(state, -3) == []  # over: none for anyone


def test_a_deck_outcome_drawn_out_is_refused_and_changes_nothing() -> None:
    state = pyspiel.load_game("tritable_triatri", {"players": 2}).new_initial_state()
    deck = state._spec.dealer
    kind = 0
    for _ in range(deck.decks[0][deck.kinds[kind]]):  # every card of the first kind
        state.apply_action(kind)
    before = (list(state._drawn), state.chance_outcomes())
    with pytest.raises(IllegalActionError, match="no chance outcome"):
        state.apply_action(kind)
    assert (state._drawn, state.chance_outcomes()) == before
