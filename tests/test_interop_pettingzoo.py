"""The PettingZoo interface (tritable.interop.pettingzoo): PettingZoo's own tests and ours."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo", reason="the PettingZoo interface needs the pettingzoo extra")
np = pytest.importorskip("numpy", reason="the PettingZoo interface needs numpy")

from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

import tritable  # noqa: E402
from tritable.engine.errors import IllegalActionError, OptionError, StateError  # noqa: E402
from tritable.engine.protocol import SIMULTANEOUS  # noqa: E402
from tritable.interop.pettingzoo import env, parallel_env  # noqa: E402
from tritable.interop.tables import action_table  # noqa: E402

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("triple-triad", {}),
    ("triple-triad", {"open": False, "trade": "diff"}),
    ("triad", {}),
    ("triatri", {"players": 2}),
    ("triatri", {"players": 4}),
    ("tri-t-area", {}),
    ("triominos", {"players": 2, "target": 1}),
    ("triominos", {"players": 4, "target": 1}),
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o in CONFIGS]


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        # api_test suggests Box observations; ours is a dict with the action mask, as in PettingZoo's classic games
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
def test_api_test(game_id: str, options: dict[str, Any]) -> None:
    api_test(env(game_id, **options), num_cycles=60)


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
def test_seed_test(game_id: str, options: dict[str, Any]) -> None:
    seed_test(lambda: env(game_id, **options), num_cycles=20)


@pytest.mark.parametrize(("game_id", "options"), [("triatri", {"players": 3}), ("tri-t-area", {})])
def test_parallel_api_test(game_id: str, options: dict[str, Any]) -> None:
    parallel_api_test(parallel_env(game_id, **options), num_cycles=400)


def test_parallel_games_are_deterministic_by_seed() -> None:
    # PettingZoo's parallel_seed_test samples actions without their masks, which no game with
    # illegal actions passes; the same check with the masks:
    runs = []
    for _ in range(2):
        e = parallel_env("triatri", players=3)
        obs, _ = e.reset(seed=5)
        rng = np.random.default_rng(0)
        trace = []
        while e.agents:
            actions = {
                a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items() if o["action_mask"].any()
            }
            obs, rewards, *_ = e.step(actions)
            trace.append((sorted(actions.items()), sorted(rewards.items())))
        runs.append(trace)
    assert runs[0] == runs[1]


def native_of(e: Any) -> tritable.State:
    state = e.state
    assert state is not None
    return state


@settings(max_examples=15)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32))
def test_legal_actions_and_returns_equal_the_native_engines(config: tuple[str, dict[str, Any]], seed: int) -> None:
    game_id, options = config
    e = env(game_id, **options)
    e.reset(seed=seed)
    start = native_of(e)
    native = start.game.new_state(setup=start.initial_setup)
    table = action_table(native.game)
    rng = random.Random(seed)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        seat = int(agent.split("_")[1])
        if terminated or truncated:
            assert reward == native.returns()[seat]
            e.step(None)
            continue
        assert seat == native.players_to_move()[0]
        legal = sorted(table.to_id(a) for a in native.legal_actions(seat))
        assert list(np.flatnonzero(obs["action_mask"])) == legal == info["legal_actions"]
        assert info["view"] == native.view(seat)
        action = rng.choice(legal)
        e.step(action)
        native.apply_action(table.from_id(action), seat if native.current_player() == SIMULTANEOUS else None)
    assert native.is_terminal() and native_of(e) == native


@pytest.mark.parametrize("game_id", ["triatri", "tri-t-area"])
def test_parallel_env_steps_whole_turns_like_the_engine(game_id: str) -> None:
    e = parallel_env(game_id)
    obs, infos = e.reset(seed=3)
    native = native_of(e).game.new_state(setup=native_of(e).initial_setup)
    table = action_table(native.game)
    rng = random.Random(3)
    while e.agents:
        pending = native.players_to_move()
        for agent, o in obs.items():
            seat = int(agent.split("_")[1])
            expected = sorted(table.to_id(a) for a in native.legal_actions(seat)) if seat in pending else []
            assert list(np.flatnonzero(o["action_mask"])) == expected == infos[agent]["legal_actions"]
        actions = {f"player_{s}": rng.choice(infos[f"player_{s}"]["legal_actions"]) for s in pending}
        obs, rewards, terminations, _truncations, infos = e.step(actions)
        simultaneous = native.current_player() == SIMULTANEOUS
        for s in pending:
            native.apply_action(table.from_id(actions[f"player_{s}"]), s if simultaneous else None)
        assert all(terminations.values()) == native.is_terminal()
    assert rewards == {f"player_{s}": r for s, r in enumerate(native.returns())}


def test_an_illegal_action_raises_the_librarys_error_and_changes_nothing() -> None:
    e = env("triple-triad")
    e.reset(seed=1)
    obs, *_ = e.last()
    before = native_of(e).to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    with pytest.raises(IllegalActionError, match="no action"):
        e.step(10**6)
    with pytest.raises(IllegalActionError, match="whole number"):
        e.step("Geezard@1")
    assert native_of(e).to_json() == before
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))  # and it plays on


def test_an_illegal_parallel_step_applies_no_ones_choice() -> None:
    e = parallel_env("triatri", players=3)
    _obs, infos = e.reset(seed=2)
    before = native_of(e).to_json()
    actions = {a: infos[a]["legal_actions"][0] for a in e.agents}
    wrong = next(i for i in range(40) if i not in infos["player_2"]["legal_actions"])
    with pytest.raises(IllegalActionError):
        e.step({**actions, "player_2": wrong})
    with pytest.raises(IllegalActionError, match="player_1"):
        e.step({"player_0": actions["player_0"]})
    assert native_of(e).to_json() == before
    e.step(actions)


def test_bad_options_and_games_are_refused() -> None:
    with pytest.raises(OptionError, match="bogus"):
        env("triad", bogus=1)
    with pytest.raises(OptionError):
        env("triominos", target=-5)
    with pytest.raises(tritable.UnknownGameError):
        env("chess")
    with pytest.raises(ValueError, match="no simultaneous choices"):
        parallel_env("triad")
    with pytest.raises(ValueError, match="render_mode"):
        env("triad", render_mode="human")
    with pytest.raises(StateError, match="reset"):
        env("triad").observe("player_0")


def test_render_ansi_shows_the_spectators_picture() -> None:
    e = env("triatri", players=3, render_mode="ansi")
    e.reset(seed=4)
    assert e.render() == native_of(e).render(None)
    p = parallel_env("tri-t-area", render_mode="ansi")
    p.reset(seed=4)
    assert p.render() == native_of(p).render(None)


def test_reset_with_a_setup_and_reseeding() -> None:
    e = env("triad")
    e.reset(seed=9)
    first = native_of(e).initial_setup
    e.reset(seed=9)
    assert native_of(e).initial_setup == first
    e.reset()  # deals on from the stream the seed started: another deal, the same for the same seed
    second = native_of(e).initial_setup
    assert second != first
    twin = env("triad")
    twin.reset(seed=9)
    twin.reset()
    assert native_of(twin).initial_setup == second
    setup = {"black": [1, 1, 2, 2, 3, 3], "orange": [1, 2, 2, 3, 3, 3], "first": 0}
    e.reset(options={"setup": setup})
    assert native_of(e).initial_setup == setup


def test_no_observation_shows_another_seats_hidden_choice() -> None:
    e = env("triatri", players=3)
    e.reset(seed=6)
    assert e.agent_selection == "player_0"
    obs_before = e.observe("player_1")["observation"].copy()
    e.step(int(np.flatnonzero(e.observe("player_0")["action_mask"])[0]))
    after = e.observe("player_1")["observation"]
    view = native_of(e).view(1)
    assert view["chosen"][0] is True and view["choice"] is None
    # only the "has chosen" flag and whose turn it is changed for seat 1
    assert (obs_before != after).sum() <= 4
