"""Rollout policies (``tritable.ai.policies``) and the Triominos evaluation: legal, reproducible,
reading only what the seat sees, and preferring what they should."""

from __future__ import annotations

import random
import sys
from collections.abc import Hashable
from pathlib import Path
from typing import Any, cast

import pytest

import tritable
from tritable.ai import ISMCTSAgent, MCTSAgent
from tritable.ai.evaluation import triominos as triominos_evaluation
from tritable.ai.policies import POLICIES, policy_for, register_policy
from tritable.ai.policies import triominos as triominos_policy
from tritable.engine import Game, State
from tritable.engine.playout import random_step
from tritable.games.triatri import TriATri, TriATriState
from tritable.games.triatri import score as gems_worth
from tritable.games.triominos import TriominosState
from tritable.games.triominos.tiles import INDEX, SUMS

sys.path.insert(0, str(Path(__file__).parent))
from ai_toy_games import ToyNim


def positions(game: Game, seeds: range, steps: int) -> list[State]:
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            random_step(state, rng)
        if not state.is_terminal():
            out.append(state)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_triominos_policy_plays_legal_actions_reproducibly(players: int) -> None:
    game = tritable.new_game("triominos", players)
    for state in positions(game, range(6), 7):
        seat = state.current_player()
        actions = state.legal_actions()
        for seed in range(5):
            action = triominos_policy(state, seat, actions, random.Random(seed))
            assert action in actions
            assert action == triominos_policy(state, seat, list(actions), random.Random(seed))


def test_the_triominos_policy_lays_a_best_scoring_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    import tritable.ai.policies as policies

    monkeypatch.setattr(policies, "TRIOMINOS_EPSILON", 0.0)
    game = tritable.new_game("triominos", 2)
    checked = bonus = 0
    for state in [s for k in range(5, 60, 3) for s in positions(game, range(30), k)]:
        assert isinstance(state, TriominosState)
        actions = state.legal_actions()
        lays = [a for a in cast(list[tuple[int, ...]], actions) if len(a) == 4]
        points: dict[tuple[int, ...], int] = {a: state.lay_points(a) for a in lays}
        if len(set(points.values())) < 2:
            continue
        action = cast(tuple[int, ...], triominos_policy(state, state.current_player(), actions, random.Random(1)))
        best = max(points.values())
        assert points[action] == best
        assert SUMS[action[0]] == max(SUMS[a[0]] for a in lays if points[a] == best)
        checked += 1
        bonus += best >= 40 and any(SUMS[a[0]] > SUMS[action[0]] for a in lays)
    assert checked and bonus  # some positions prefer a bonus to a heavier tile


def test_the_triominos_policy_reads_only_the_view_and_actions() -> None:
    """Two states a seat cannot tell apart get the same answer from the same generator."""
    game = tritable.new_game("triominos", 3)
    state = positions(game, range(1), 9)[0]
    seat = state.current_player()
    view = state.view(seat)
    first = game.sample_state(view, random.Random(1))
    second = game.sample_state(view, random.Random(2))
    assert first.to_json() != second.to_json() and first.view(seat) == second.view(seat)
    for seed in range(8):
        a = triominos_policy(first, seat, first.legal_actions(), random.Random(seed))
        b = triominos_policy(second, seat, second.legal_actions(), random.Random(seed))
        assert a == b


def test_the_search_plays_out_with_a_registered_policy() -> None:
    calls: list[Any] = []

    @register_policy("toy-nim")
    def take_one(state: State, seat: int, actions: list[Any], rng: random.Random) -> Any:
        calls.append((seat, tuple(actions)))
        return min(actions)

    try:
        assert policy_for("toy-nim") is take_one and policy_for(ToyNim()) is take_one
        state = ToyNim(options={"heap": 12}).new_state(seed=0)
        agent = MCTSAgent(3, iterations=30)
        assert agent.choose(state, 0) in state.legal_actions()
        assert calls and all(len(actions) > 1 for _, actions in calls)
        assert agent.choose(state, 0) == MCTSAgent(3, iterations=30).choose(state, 0)
    finally:
        del POLICIES["toy-nim"]
    assert policy_for("toy-nim") is None


def test_a_triominos_search_with_playouts_is_deterministic() -> None:
    game = tritable.new_game("triominos", 2)
    state = positions(game, range(3, 4), 6)[0]
    seat = state.current_player()

    def make() -> ISMCTSAgent:
        return ISMCTSAgent(5, iterations=60, rollout_depth=3, samples=4)

    assert make().analyse(state, seat) == make().analyse(state, seat)


def _with_rack(state: State, seat: int, old: str, new: str) -> State:
    """``state`` with ``old`` of the seat's rack swapped for ``new`` from the pool."""
    data = state.to_json()
    rack, pool = data["racks"][seat], data["pool"]
    assert old in rack and new in pool
    rack[rack.index(old)] = new
    pool[pool.index(new)] = old
    data["setup"] = None  # no longer the position its setup and history lead to
    return state.game.state_from_json(data)


def test_the_triominos_evaluation_prefers_fewer_rack_pips() -> None:
    game = tritable.new_game("triominos", 2)
    state = positions(game, range(2, 3), 4)[0]
    seat = 1 - state.current_player()
    rack = state.to_json()["racks"][seat]
    pool = state.to_json()["pool"]
    low = min(pool, key=lambda t: SUMS[INDEX[t]])
    high = max(pool, key=lambda t: SUMS[INDEX[t]])
    tile = rack[0]
    assert SUMS[INDEX[low]] < SUMS[INDEX[high]]
    light, heavy = _with_rack(state, seat, tile, low), _with_rack(state, seat, tile, high)
    assert light.view(seat)["scores"] == heavy.view(seat)["scores"]
    assert triominos_evaluation(light, seat) > triominos_evaluation(heavy, seat)
    # The other seat cannot see the swap: its evaluation does not change.
    assert triominos_evaluation(light, 1 - seat) == triominos_evaluation(heavy, 1 - seat)
    for s in (light, heavy):
        for k in range(2):
            assert -1.0 <= triominos_evaluation(s, k) <= 1.0


def _triominos_evaluation_from_the_view(state: State, seat: int) -> float:
    """The Triominos evaluation worked out from ``state.view(seat)`` itself."""
    from tritable.ai.evaluation import TRIOMINOS_PIP_WEIGHT, TRIOMINOS_TILE_WEIGHT, relative

    view = state.view(seat)
    rack = view["hand"]
    others_shown = [t for s, tiles in enumerate(view["revealed"]) if s != seat for t in tiles]
    seen = [p[:5] for p in view["layout"]] + rack + others_shown
    unseen_tiles = 56 - len(seen)
    mean = (420 - sum(SUMS[INDEX[t]] for t in seen)) / unseen_tiles if unseen_tiles else 7.5
    scores = []
    for s, (score, n) in enumerate(zip(view["scores"], view["hand_sizes"], strict=True)):
        shown = view["revealed"][s]
        pips = sum(SUMS[INDEX[t]] for t in (rack if s == seat else shown))
        if s != seat:
            pips += (n - len(shown)) * mean
        scores.append(score - TRIOMINOS_PIP_WEIGHT * pips - TRIOMINOS_TILE_WEIGHT * n)
    return relative(scores, seat, max(40.0, view["target"] / 4))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_triominos_evaluation_reads_what_the_view_shows(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for seed in range(3):
        state = tritable.new_game("triominos", players).new_state(seed=seed)
        while not state.is_terminal() and checked < 150 * (seed + 1):
            for seat in range(players):
                expected = _triominos_evaluation_from_the_view(state, seat)
                assert triominos_evaluation(state, seat) == pytest.approx(expected, abs=1e-12)
            checked += 1
            random_step(state, rng)
    assert checked >= 300


def test_the_triominos_evaluation_counts_scores_and_rack_sizes() -> None:
    game = tritable.new_game("triominos", 3)
    checked = 0
    for state in positions(game, range(24), 12) + positions(game, range(24), 40):
        seat = state.current_player()
        view = state.view(seat)
        value = triominos_evaluation(state, seat)
        assert -1.0 <= value <= 1.0
        best = max(range(3), key=lambda s: view["scores"][s] - 10 * view["hand_sizes"][s])
        worst = min(range(3), key=lambda s: view["scores"][s] - 10 * view["hand_sizes"][s])
        if best != worst and view["scores"][best] - view["scores"][worst] > 60:
            assert triominos_evaluation(state, best) > triominos_evaluation(state, worst)
            checked += 1
    assert checked >= 5, checked  # a clear lead was met often enough to matter


# -- TriATri -------------------------------------------------------------------------------------


def _trick_starts(players: int, seeds: range) -> list[TriATriState]:
    """Positions where a gem is at stake and no card of the trick is played yet."""
    game = tritable.new_game("triatri", players)
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        assert isinstance(state, TriATriState)
        while not state.is_terminal():
            view = state.view(None)
            if view["phase"] == "play" and not view["trick"]["played"] and rng.random() < 0.4:
                out.append(state.clone())
            random_step(state, rng)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_triatri_stake_value_is_what_winning_the_trick_changes(players: int) -> None:
    checked = 0
    for state in _trick_starts(players, range(8)):
        stakes = [state.stake_value(s) for s in range(players)]
        won: dict[int, set[int]] = {s: set() for s in range(players)}
        lost: dict[int, set[int]] = {s: set() for s in range(players)}
        for seed in range(12):
            rng = random.Random(seed)
            trial = state.clone()
            for _ in range(players):
                random_step(trial, rng)
            winner = trial.view(None)["last_trick"]["winner"]
            after = [gems_worth(g, trial.supply) for g in trial.view(None)["gems"]]
            for s in range(players):
                (won if s == winner else lost)[s].add(after[s])
        for s in range(players):
            assert len(won[s]) <= 1 and len(lost[s]) <= 1
            if won[s] and lost[s]:
                assert stakes[s] == won[s].pop() - lost[s].pop()
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [2, 4])
def test_triatri_winner_after_names_the_seat_winning_the_trick(players: int) -> None:
    for state in _trick_starts(players, range(6)):
        assert state.winner_after() is None
        rng = random.Random(0)
        while state.view(None)["phase"] == "play":
            for card in state.legal_actions():
                trial = state.clone()
                expected = state.winner_after(card)
                trial.apply_action(card)
                view = trial.view(None)
                if view["phase"] == "play" and view["trick"]["played"]:
                    assert trial.winner_after() == expected
                else:
                    assert view["last_trick"]["winner"] == expected
            random_step(state, rng)


def test_triatri_stake_and_winner_refuse_bad_input() -> None:
    from tritable.engine.errors import IllegalActionError, StateError

    game = tritable.new_game("triatri", 3)
    assert isinstance(game, TriATri)
    state = _trick_starts(3, range(1))[0]
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="gem R is not a gem choice"):
        state.stake_value(0, 30)
    with pytest.raises(StateError, match="no seat"):
        state.stake_value(3)
    with pytest.raises(StateError, match="no seat"):
        state.hand(-1)
    held = [c for c in game.deck if c not in state.legal_actions()]
    with pytest.raises(IllegalActionError, match=r"is not a card seat \d can play now"):
        state.winner_after(held[0])
    fresh = game.new_state(seed=2)
    assert isinstance(fresh, TriATriState)
    with pytest.raises(IllegalActionError, match="no gem is at stake"):
        fresh.stake_value(0)
    with pytest.raises(IllegalActionError, match="no trick"):
        fresh.winner_after()
    assert state.to_json() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_triatri_policy_plays_legal_actions_reproducibly(players: int) -> None:
    from tritable.ai.policies import triatri as triatri_policy

    game = tritable.new_game("triatri", players)
    for state in positions(game, range(8), 4 + 3 * players):
        seat = state.current_player()
        if seat < 0:
            continue
        actions = state.legal_actions()
        for seed in range(5):
            action = triatri_policy(state, seat, actions, random.Random(seed))
            assert action in actions
            assert action == triatri_policy(state, seat, list(actions), random.Random(seed))


def test_the_triatri_policy_fights_for_a_wanted_gem_and_ducks_an_unwanted_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tritable.ai.policies as policies

    monkeypatch.setattr(policies, "TRIATRI_EPSILON", 0.0)
    wanted = ducked = 0
    for state in _trick_starts(3, range(40)):
        rng = random.Random(3)
        random_step(state, rng)  # the lead
        seat = state.current_player()
        actions = state.legal_actions()
        if seat < 0 or len(actions) < 2:
            continue
        winning = [a for a in actions if state.winner_after(a) == seat]
        losing = [a for a in actions if a not in winning]
        action = policies.triatri(state, seat, actions, random.Random(1))
        if state.stake_value(seat) > 0 and winning:
            assert action in winning
            wanted += 1
        elif state.stake_value(seat) <= 0 and losing:
            assert action in losing
            ducked += 1
    assert wanted and ducked


def test_the_triatri_policy_never_takes_a_colour_s_last_gem_while_it_has_another_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Taking the last gem of a colour ends the game: the policy leaves it while any other choice
    is open (another colour or an own gem)."""
    import tritable.ai.policies as policies

    monkeypatch.setattr(policies, "TRIATRI_EPSILON", 0.0)
    checked = 0
    for players in (2, 3, 4):
        game = tritable.new_game("triatri", players)
        for seed in range(20):
            state = game.new_state(seed=seed)
            assert isinstance(state, TriATriState)
            rng = random.Random(seed)
            while not state.is_terminal():
                seat = state.current_player()
                actions = cast(list[int], state.legal_actions() if seat >= 0 else [])
                if actions and actions[0] >= 30:  # the trick's gem is chosen
                    last = [a for a in actions if a < 33 and state.supply[a - 30] <= 1]
                    if last and len(last) < len(actions):
                        assert policies.triatri(state, seat, list(actions), random.Random(seed)) not in last
                        checked += 1
                random_step(state, rng)
    assert checked >= 30


def test_the_triatri_policy_reads_only_the_view_and_actions() -> None:
    from tritable.ai.policies import triatri as triatri_policy

    game = tritable.new_game("triatri", 4)
    checked = 0
    for state in positions(game, range(6), 9):
        seat = state.current_player()
        if seat < 0:
            continue
        view = state.view(seat)
        first = game.sample_state(view, random.Random(1))
        second = game.sample_state(view, random.Random(2))
        assert first.view(seat) == second.view(seat)
        checked += first.to_json() != second.to_json()
        for seed in range(8):
            a = triatri_policy(first, seat, first.legal_actions(), random.Random(seed))
            b = triatri_policy(second, seat, second.legal_actions(), random.Random(seed))
            assert a == b
    assert checked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_triatri_queries_accept_exactly_the_legal_actions(players: int) -> None:
    """``winner_after`` and ``stake_value`` check their argument without building the legal
    actions: they must refuse exactly what ``legal_actions`` leaves out, and a gem choice must be
    worth what the trick it starts is worth."""
    from tritable.engine.errors import IllegalActionError

    probes: list[Hashable] = [*range(-2, 40), True, 5.0, "R5", (5,)]
    seen = {"gem": 0, "play": 0}
    for seed in range(6):
        state = tritable.new_game("triatri", players).new_state(seed=seed)
        assert isinstance(state, TriATriState)
        rng = random.Random(seed)
        while not state.is_terminal():
            phase = state.view(None)["phase"]
            if phase in seen:
                legal = state.legal_actions()
                seen[phase] += 1
                for probe in probes:
                    if probe in legal and type(probe) is int:
                        if phase == "gem":
                            for seat in range(players):
                                value = state.stake_value(seat, probe)
                                trial = state.clone()
                                trial.apply_action(probe)
                                assert trial.stake_value(seat) == value
                        else:
                            state.winner_after(probe)
                    else:
                        with pytest.raises(IllegalActionError):
                            if phase == "gem":
                                state.stake_value(0, probe)
                            else:
                                state.winner_after(probe)
            random_step(state, rng)
    assert seen["gem"] > 20 and seen["play"] > 60


def _after_greedy_lays(plies: int = 14) -> State:
    from tritable.ai import make_agent

    game = tritable.new_game("triominos", 3)
    state = game.new_state(seed=7003)
    agents = [make_agent(game, "greedy", seat) for seat in range(3)]
    for _ in range(plies):
        seat = state.current_player()
        state.apply_action(agents[seat].choose(state, seat))
    return state


def test_triominos_samples_are_weighted_by_the_lays_seen() -> None:
    from tritable.ai.agents import Observation
    from tritable.ai.policies import triominos_sample_weight

    state = _after_greedy_lays()
    seat = state.current_player()
    plain = Observation(state, seat, 1)
    likely = Observation(state, seat, 1)
    # 200 draws each way: over 30 random streams the ratio below was 1.78-3.31 (median 2.35);
    # with 60 draws one stream in thirty came near the bound (1.60), and another fell under it.
    plain_weights = [triominos_sample_weight(plain, plain.sample()) or 0.0 for _ in range(200)]
    drawn = [likely.likely_sample() for _ in range(200)]
    assert all(s.view(seat) == state.view(seat) for s in drawn)  # still consistent with the view
    likely_weights = [triominos_sample_weight(likely, s) or 0.0 for s in drawn]
    # Greedy seats lay their best tile: racks that would have scored more are drawn less often.
    assert sum(likely_weights) > 1.5 * sum(plain_weights)
    again = Observation(state, seat, 1)
    assert [again.likely_sample() for _ in range(200)] == drawn  # seeded


def test_a_seat_weighs_only_the_others_lays() -> None:
    from tritable.ai.agents import Observation
    from tritable.ai.policies import triominos_sample_weight

    state = _after_greedy_lays()
    seat = state.current_player()
    lays = state.game.lays_seen(state.view(seat))  # type: ignore[attr-defined]
    assert {s for s, _, _, _ in lays} - {seat}, "the position must show others' lays"
    obs = Observation(state, seat, 3)
    # The real state is consistent with greedy play: no lay gave points away.
    assert triominos_sample_weight(obs, state) == 1.0
