"""The exact Triple Triad solver: equal to brute-force minimax over the engine's protocol, exactly the
optimal moves, same captures as the engine, agents, and ``tritable solve``."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any, cast

import pytest
from typer.testing import CliRunner

import tritable
from tritable.ai import make_agent
from tritable.ai.agents import RandomAgent
from tritable.ai.evaluation import evaluation_for
from tritable.ai.solver import (
    SampledSolverAgent,
    SolverAgent,
    SolverError,
    _parts_of_state,
    _Problem,
    card_strength,
    move_results,
    solve,
)
from tritable.ai.tt_solver_core import SYMMETRIES, Position, Search, place
from tritable.cli.main import app
from tritable.engine import GameOverError, Record, State
from tritable.games.triple_triad.data import COUNT, ELEMENTS, NAMES, NEIGHBOURS

# same, same_wall, plus, combo, elemental: every combination the engine allows.
RULES = [
    dict(zip(("same", "same_wall", "plus", "combo", "elemental"), bits, strict=True))
    for bits in itertools.product((False, True), repeat=5)
    if not (bits[1] and not bits[0])
]


def rules_id(rules: dict[str, bool]) -> str:
    return "+".join(k for k, v in rules.items() if v) or "standard"


def random_setup(rng: random.Random, elemental: bool) -> dict[str, Any]:
    """Hands of any level, and (Elemental) elements on about half the cells, so they matter."""
    ids = [rng.randrange(COUNT) for _ in range(10)]
    setup: dict[str, Any] = {
        "hands": [[NAMES[i] for i in ids[:5]], [NAMES[i] for i in ids[5:]]],
        "first": rng.randrange(2),
    }
    if elemental:
        setup["elements"] = [[rng.choice(ELEMENTS) if rng.random() < 0.5 else None for _ in range(9)]]
    return setup


def random_position(game: tritable.Game, rng: random.Random, empty: int) -> State:
    state = game.state_from_setup(random_setup(rng, game.options["elemental"]))
    for _ in range(9 - empty):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def empty_cells(state: State) -> int:
    return sum(cell is None for cell in state.view(None)["board"])


def minimax(state: State, memo: dict[Any, tuple[int, list[Any]]]) -> tuple[int, list[Any]]:
    """Plain minimax over the engine's protocol: (value for the mover, every optimal action)."""
    key = state.key()
    if key in memo:
        return memo[key]
    p = state.current_player()
    best = -99
    moves: list[Any] = []
    for action in state.legal_actions():
        child = state.child(action)
        if child.is_terminal():
            scores = child.outcome().scores
            v = int(scores[p] - scores[1 - p])
        else:
            v = -minimax(child, memo)[0]
        if v > best:
            best, moves = v, [action]
        elif v == best:
            moves.append(action)
    memo[key] = (best, moves)
    return best, moves


# -- the solver against brute force ----------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES, ids=rules_id)
def test_solver_equals_minimax(rules: dict[str, bool]) -> None:
    game = tritable.new_game("triple-triad", options={**rules, "trade": "none"})
    rng = random.Random(rules_id(rules))
    for empty in (1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5):
        state = random_position(game, rng, empty)
        value, moves = minimax(state, {})
        solution = solve(state)
        assert solution.value == value, state.to_json()
        assert set(solution.best_moves) == set(moves), state.to_json()
        assert solution.all_best and len(solution.best_moves) == len(moves)
        one = solve(state, all_best=False)
        assert one.value == value and len(one.best_moves) == 1 and one.best_moves[0] in moves


def test_duplicate_cards_in_and_across_hands() -> None:
    """Two copies of a card in a hand are one choice (one action); the same card in both hands
    stays two cards (which hand it left matters)."""
    game = tritable.new_game("triple-triad", options={"same": True, "plus": True, "combo": True, "trade": "none"})
    hands = [
        ["Geezard", "Geezard", "Funguar", "Bite Bug", "Red Bat"],
        ["Geezard", "Funguar", "Funguar", "Gayla", "Grat"],
    ]
    rng = random.Random(21)
    for _ in range(8):
        state = game.state_from_setup({"hands": hands, "first": rng.randrange(2)})
        for _ in range(4):
            state.apply_action(rng.choice(state.legal_actions()))
        value, moves = minimax(state, {})
        solution = solve(state)
        assert solution.value == value
        assert sorted(solution.best_moves) == sorted(moves)


def reference(pos: Position, board: tuple[int, ...], owner: tuple[int, ...], hands: Any, p: int, memo: dict) -> int:
    """Memoised minimax on the solver's own terms with the plain placement (checked against the
    engine in test_captures_match_engine): deep enough for the table, cutoffs and ordering."""
    key = (board, owner, hands, p)
    if key in memo:
        return memo[key]
    if all(b >= 0 for b in board):
        mine = owner.count(p) + len(hands[p])
        return mine - (10 - mine)
    best = -99
    for c in set(hands[p]):
        rest = list(hands[p])
        rest.remove(c)
        new_hands = (tuple(rest), hands[1]) if p == 0 else (hands[0], tuple(rest))
        for x in range(9):
            if board[x] < 0:
                b, o = list(board), list(owner)
                place(pos, b, o, c, x, p)
                best = max(best, -reference(pos, tuple(b), tuple(o), new_hands, 1 - p, memo))
    memo[key] = best
    return best


@pytest.mark.parametrize("rules", RULES[::3], ids=rules_id)
def test_solver_equals_reference_deeper(rules: dict[str, bool]) -> None:
    game = tritable.new_game("triple-triad", options={**rules, "trade": "none"})
    rng = random.Random("deeper" + rules_id(rules))
    state = random_position(game, rng, 6)
    problem = _Problem(game, _parts_of_state(state))
    pos = problem.position
    search = Search(pos)
    value = search.value()
    memo: dict[Any, int] = {}
    assert value == reference(pos, pos.board, pos.owner, pos.hands, pos.player, memo)
    for c, x in search.root_moves():
        b, o = list(pos.board), list(pos.owner)
        place(pos, b, o, c, x, pos.player)
        rest = list(pos.hands[pos.player])
        rest.remove(c)
        hands = (tuple(rest), pos.hands[1]) if pos.player == 0 else (pos.hands[0], tuple(rest))
        v = -reference(pos, tuple(b), tuple(o), hands, 1 - pos.player, memo)
        assert search.move_at_least(c, x, value) == (v >= value)
        assert search.move_value(c, x) == v


@pytest.mark.parametrize("rules", RULES[::4], ids=rules_id)
def test_values_agree_between_searches(rules: dict[str, bool]) -> None:
    """Deeper than brute force: every root move's value from one search (shared table, null
    windows from the root) equals the value of the child solved by a fresh search."""
    game = tritable.new_game("triple-triad", options={**rules, "trade": "none"})
    state = random_position(game, random.Random("agree" + rules_id(rules)), 7)
    solution = solve(state)
    values = {a: -solve(state.child(a), all_best=False).value for a in state.legal_actions()}
    assert solution.value == max(values.values())
    assert set(solution.best_moves) == {a for a, v in values.items() if v == solution.value}


@pytest.mark.parametrize("rules", RULES, ids=rules_id)
def test_move_results_are_exact(rules: dict[str, bool]) -> None:
    game = tritable.new_game("triple-triad", options={**rules, "trade": "none"})
    rng = random.Random("results" + rules_id(rules))
    state = random_position(game, rng, 4)
    _, moves = minimax(state, {})
    rows = move_results(game, state.view(state.current_player()), state.legal_actions())
    assert {a for a, _, optimal, _ in rows if optimal} == set(moves)
    value = minimax(state, {})[0]
    for action, result, optimal, margin in rows:
        child = state.child(action)
        if child.is_terminal():
            scores = child.outcome().scores
            v = scores[state.current_player()] - scores[1 - state.current_player()]
        else:
            v = -minimax(child, {})[0]
        assert result == (v > 0) - (v < 0)
        assert margin == v and (v == value) == optimal


# -- captures: the solver's placement is the engine's ------------------------------------------------


@pytest.mark.parametrize("rules", RULES, ids=rules_id)
def test_captures_match_engine(rules: dict[str, bool]) -> None:
    game = tritable.new_game("triple-triad", options={**rules, "trade": "none"})
    rng = random.Random("captures" + rules_id(rules))
    for _ in range(60):
        state = random_position(game, rng, rng.randint(1, 8))
        problem = _Problem(game, _parts_of_state(state))
        pos = problem.position
        search = Search(pos)
        mm, occ, _, _, pk = search.root
        p = state.current_player()
        action = cast(int, rng.choice(state.legal_actions()))
        child = state.child(action)
        want = [None if c is None else c[1] for c in _parts_of_state(child)["board"]]
        # the fast path
        card = next(c for c, ids in problem.actions_of.items() if action - action % 9 in ids)  # codes: id * 9
        cell = action % 9
        mine = search._after(card, cell, mm, occ, pk)
        got = [None if not (occ | 1 << cell) >> x & 1 else (p if mine >> x & 1 else 1 - p) for x in range(9)]
        assert got == want, (state.to_json(), game.action_to_string(action))
        # the plain reference
        board, owner = list(pos.board), list(pos.owner)
        place(pos, board, owner, card, cell, p)
        assert [None if b < 0 else o for b, o in zip(board, owner, strict=True)] == want


def test_elemental_ratings() -> None:
    """+1 on a cell of the card's element, -1 on any other elemental cell, clamped to 1..10."""
    pos = Position(
        ratings=((1, 4, 1, 5), (10, 1, 10, 1)),
        elements=(-1, 1),
        board=(-1,) * 9,
        owner=(-1,) * 9,
        hands=((0,), (1,)),
        player=0,
        cell_elements=(1, 2, -1, -1, -1, -1, -1, -1, -1),
    )
    assert pos.modified(0, 0) == (1, 3, 1, 4)  # Geezard loses 1, clamped at 1
    assert pos.modified(1, 0) == (10, 2, 10, 2)  # matching element: +1, clamped at 10
    assert pos.modified(1, 1) == (9, 1, 9, 1)
    assert pos.modified(0, 2) == (1, 4, 1, 5)


# -- symmetry ---------------------------------------------------------------------------------------


def test_symmetric_positions_solve_like_asymmetric() -> None:
    """Cards whose ratings map onto themselves make the board's symmetries usable; the classes of
    root moves they give must agree with testing each move on its own."""
    ratings = ((5, 5, 5, 5), (3, 7, 3, 7), (7, 3, 7, 3), (4, 4, 4, 4), (6, 2, 6, 2), (2, 6, 2, 6))
    pos = Position(
        ratings=ratings,
        elements=(-1,) * 6,
        board=(0, -1, -1, -1, 3, -1, -1, -1, 3),
        owner=(0, -1, -1, -1, 1, -1, -1, -1, 1),
        hands=((1, 2, 0), (4, 5)),
        player=0,
        same=True,
        same_wall=True,
        plus=True,
        combo=True,
    )
    search = Search(pos)
    classes = search.symmetric_classes()
    assert any(len(cls) > 1 for cls in classes)  # the diagonal mirror maps the position onto itself
    value = search.value()
    plain = Search(pos)
    assert plain.value() == value
    for cls in classes:
        results = {plain.move_at_least(c, x, value) for c, x in cls}
        assert len(results) == 1


def test_symmetries_map_neighbours_onto_neighbours() -> None:
    assert len(set(SYMMETRIES)) == 8
    for cells, sides in SYMMETRIES:
        for x in range(9):
            for y, s, _ in NEIGHBOURS[x]:
                assert (cells[y], sides[s]) in {(n, t) for n, t, _ in NEIGHBOURS[cells[x]]}


def test_symmetric_classes_against_reference() -> None:
    """Four corners and the centre filled with symmetric cards; the hands hold cards whose
    ratings turn into each other: the diagonal mirrors and the half turn map the position onto
    itself. Every class of root moves must share one value, the plain minimax's."""
    ratings = ((4, 4, 4, 4), (6, 6, 6, 6), (3, 7, 3, 7), (7, 3, 7, 3), (6, 6, 6, 6), (2, 8, 2, 8), (8, 2, 8, 2))
    pos = Position(
        ratings=ratings,
        elements=(-1,) * 7,
        board=(0, -1, 0, -1, 1, -1, 0, -1, 0),
        owner=(0, -1, 1, -1, 1, -1, 1, -1, 0),
        hands=((2, 3, 4), (5, 6)),
        player=0,
        same=True,
        same_wall=True,
        plus=True,
        combo=True,
    )
    search = Search(pos)
    classes = search.symmetric_classes()
    assert max(len(cls) for cls in classes) == 4
    memo: dict[Any, int] = {}
    values = {}
    for c, x in search.root_moves():
        b, o = list(pos.board), list(pos.owner)
        place(pos, b, o, c, x, 0)
        rest = list(pos.hands[0])
        rest.remove(c)
        values[c, x] = -reference(pos, tuple(b), tuple(o), (tuple(rest), pos.hands[1]), 1, memo)
    for cls in classes:
        assert len({values[m] for m in cls}) == 1
    assert search.value() == max(values.values())
    value = search.value()
    plain = Search(pos)
    assert plain.value() == value
    for cls in classes:
        results = {plain.move_at_least(c, x, value) for c, x in cls}
        assert len(results) == 1


# -- playing solved positions out --------------------------------------------------------------------


def won_positions(count: int, empty: int) -> list[State]:
    game = tritable.new_game("triple-triad", options={"same": True, "plus": True, "combo": True, "trade": "none"})
    rng = random.Random(5)
    found: list[State] = []
    while len(found) < count:
        state = random_position(game, rng, empty)
        if solve(state, all_best=False).value > 0:
            found.append(state)
    return found


@pytest.mark.parametrize("opponent", ["random", "solver"])
def test_solver_never_throws_a_win_away(opponent: str) -> None:
    for i, start in enumerate(won_positions(3, 6)):
        value = solve(start, all_best=False).value
        winner = start.current_player()
        state = start.clone()
        agents = {winner: SolverAgent(i), 1 - winner: SolverAgent(i) if opponent == "solver" else RandomAgent(i)}
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(agents[p].choose(state, p))
        scores = state.outcome().scores
        margin = scores[winner] - scores[1 - winner]
        assert margin >= value
        if opponent == "solver":
            assert margin == value


def test_solution_fields_and_errors() -> None:
    game = tritable.new_game("triple-triad", options={"same": True})
    state = random_position(game, random.Random(2), 3)
    solution = solve(state)
    assert solution.player == state.current_player()
    assert solution.score == (10 + solution.value) // 2
    assert solution.result in ("win", "draw", "loss")
    assert solution.nodes > 0 and solution.seconds >= 0
    data = solution.to_json(game)
    assert data["best_moves_notation"] == [game.action_to_string(a) for a in solution.best_moves]
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(GameOverError):
        solve(state)
    with pytest.raises(SolverError):
        solve(tritable.new_game("triad").new_state(seed=1))
    for wrong in (state.view(0), state.to_json(), None):  # a State only, as agents and hint take
        with pytest.raises(TypeError, match=r"^solve takes a State"):
            solve(wrong)  # type: ignore[arg-type]


def trade_phase(game: tritable.Game, rng: random.Random, picks: int) -> State:
    """The first random game that reaches the trade phase with at least ``picks`` picks to make."""
    while True:
        state = game.new_state(seed=rng.getrandbits(32))
        while empty_cells(state):
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal() and state.to_json()["picks"] >= picks:
            return state


def test_trade_phase_every_pick_is_best_and_agent_takes_the_strongest() -> None:
    game = tritable.new_game("triple-triad", options={"trade": "one"})
    state = trade_phase(game, random.Random(11), 1)
    solution = solve(state)
    assert solution.phase == "trade" and solution.value > 0
    assert set(solution.best_moves) == set(state.legal_actions()) and solution.all_best
    seat = state.current_player()
    pick = SolverAgent(0).choose(state, seat)
    assert card_strength(pick) == max(card_strength(a) for a in state.legal_actions())
    # Asked for one optimal move, the solver gives one pick: the one the perfect level takes.
    one = solve(state, all_best=False)
    assert (one.best_moves, one.value, one.all_best) == ((pick,), solution.value, False)
    # The analysis gives every pick the round's result and margin: the winner's lead in cards.
    rows = move_results(game, state.view(seat), state.legal_actions())
    assert {(r, optimal, margin) for _, r, optimal, margin in rows} == {(1, True, solution.value)}
    stats = SolverAgent(0).analyse(state, seat)
    assert {(s.value, s.visits, s.solved, s.optimal, s.margin) for s in stats} == {
        (1.0, None, True, True, solution.value)
    }
    # The searching levels value every pick alike (the round is decided) and take the strongest
    # card too, by the game's preference; random stays random.
    for spec in ("greedy", "easy", "normal", "mcts:iterations=50", "ismcts:iterations=50"):
        agent = make_agent(game, spec, 3)
        assert card_strength(agent.choose(state, seat)) == card_strength(pick), spec
        assert agent.analyse(state, seat)[0].action == agent.choose(state, seat)
    picks = {make_agent(game, "random", s).choose(state, seat) for s in range(30)}
    assert len(picks) > 1


def test_several_picks_are_valued_alike_by_a_search_that_cuts_its_playouts() -> None:
    """With ``trade=diff`` a winner may pick several cards: a playout cut before the last pick is
    scored by the evaluation, which in the trade phase gives the decided result, as the end does."""
    game = tritable.new_game("triple-triad", options={"trade": "diff"})
    state = trade_phase(game, random.Random(5), 3)
    seat = state.current_player()
    evaluate = evaluation_for(game)
    assert evaluate is not None and evaluate(state, seat) == 1.0 and evaluate(state, 1 - seat) == -1.0
    strongest = max(card_strength(a) for a in state.legal_actions())
    for spec in ("mcts:iterations=50:rollout_depth=0", "ismcts:iterations=50:rollout_depth=1", "greedy"):
        for seed in range(3):
            assert card_strength(make_agent(game, spec, seed).choose(state, seat)) == strongest, spec


# -- agents and the perfect level ---------------------------------------------------------------------


def test_perfect_level() -> None:
    open_agent = make_agent(tritable.new_game("triple-triad"), "perfect", 1)
    closed_agent = make_agent(tritable.new_game("triple-triad", options={"open": False}), "perfect", 1)
    assert isinstance(open_agent, SolverAgent)
    assert isinstance(closed_agent, SampledSolverAgent)
    # Known by its id alone, the game may have either: the level plays closed hands too, and
    # open hands exactly as the solver does.
    by_id = make_agent("triple-triad", "perfect", 1)
    for options, plies in (({"open": False}, 5), ({}, 4)):
        state = tritable.new_game("triple-triad", options=options).new_state(seed=1)
        for _ in range(plies):
            state.apply_action(state.legal_actions()[0])
        seat = state.current_player()
        assert by_id.choose(state, seat) in state.legal_actions(seat)
        if not options:
            assert by_id.analyse(state, seat) == open_agent.analyse(state, seat)
            assert by_id.choose(state, seat) == open_agent.choose(state, seat)


def test_the_perfect_level_by_id_proves_one_move_with_open_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Choosing needs one optimal move, not every move's margin (several times the work)."""
    import tritable.ai.solver as solver_module

    def every_margin(*args: object) -> None:
        raise AssertionError("choose worked out every move's margin")

    monkeypatch.setattr(solver_module, "move_results", every_margin)
    state = tritable.new_game("triple-triad").new_state(seed=2)
    state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    assert make_agent("triple-triad", "perfect", 1).choose(state, seat) == SolverAgent(1).choose(state, seat)


def test_the_perfect_hint_shows_the_move_the_perfect_level_plays() -> None:
    """Several moves may be optimal: the hint's first is the one ``choose`` plays."""
    game = tritable.new_game("triple-triad", options={"same": True, "plus": True, "trade": "none"})
    rng = random.Random("hint")
    agent = SolverAgent(1)
    for empty in (3, 4, 5, 5, 6, 6):
        state = random_position(game, rng, empty)
        seat = state.current_player()
        rows = agent.analyse(state, seat)
        assert rows[0].action == agent.choose(state, seat), state.to_json()
        assert rows[0].value == max(row.value for row in rows)


def test_solver_agent_refuses_hidden_hands() -> None:
    game = tritable.new_game("triple-triad", options={"open": False})
    state = random_position(game, random.Random(4), 4)
    with pytest.raises(SolverError):
        SolverAgent(0).choose(state, state.current_player())


def test_solver_agents_refuse_another_game() -> None:
    triad = tritable.new_game("triad").new_state(seed=1)
    for agent in (SolverAgent(0), SampledSolverAgent(0)):
        with pytest.raises(SolverError, match="plays Triple Triad, not triad"):
            agent.choose(triad, triad.current_player())


def test_sampled_agent_never_reads_the_hidden_hand() -> None:
    game = tritable.new_game("triple-triad", options={"open": False, "same": True, "plus": True})
    rng = random.Random(8)
    for _ in range(3):
        state = random_position(game, rng, 4)
        seat = state.current_player()
        view = state.view(seat)
        other = game.sample_state(view, random.Random(99))  # same view, another hidden hand
        assert other.view(seat) == view
        agent = SampledSolverAgent(seed=3, samples=3)
        action = agent.choose(state, seat)
        assert action in state.legal_actions()
        assert SampledSolverAgent(seed=3, samples=3).choose(other, seat) == action


def test_the_closed_hands_analysis_counts_where_each_move_is_optimal(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a hand hidden, ``perfect`` solves every drawn hand: a move's visits are the draws in
    which it is optimal (by their weight) and its value its mean result there (+1 a win, -1 a
    loss); the move optimal most often comes first."""
    from tritable.ai.agents import Observation

    game = tritable.new_game("triple-triad", options={"open": False, "same": True, "plus": True})
    state = random_position(game, random.Random("closed analysis"), 5)
    seat = state.current_player()
    view = state.view(seat)
    draws = [(game.sample_state(view, random.Random(i)), 1 + i % 2) for i in range(6)]
    monkeypatch.setattr(Observation, "determinizations", lambda self, k: [(d.clone(), n) for d, n in draws])
    visits = dict.fromkeys(state.legal_actions(), 0)
    results = dict.fromkeys(state.legal_actions(), 0)
    for draw, weight in draws:
        solution = solve(draw)
        for action in solution.best_moves:
            visits[action] += weight
            results[action] += weight * ((solution.value > 0) - (solution.value < 0))
    assert any(results.values()), "the draws should not all be drawn: a sign would go unchecked"
    stats = SampledSolverAgent(seed=0, samples=6).analyse(state, seat)
    assert {s.action for s in stats} == set(visits) and len(stats) == len(visits)
    for stat in stats:
        assert stat.visits == visits[stat.action]
        assert stat.value == (results[stat.action] / visits[stat.action] if visits[stat.action] else 0.0)
    assert [(s.visits, s.value) for s in stats] == sorted(((s.visits, s.value) for s in stats), reverse=True)


def test_the_analysis_ranks_every_move_by_its_exact_margin() -> None:
    game = tritable.new_game("triple-triad", options={"same": True, "trade": "none"})
    rng = random.Random("ranks")
    for _ in range(12):
        state = random_position(game, rng, 6)
        seat = state.current_player()
        stats = SolverAgent().analyse(state, seat)
        margins = [s.margin for s in stats]
        assert margins == sorted(margins, reverse=True)  # type: ignore[type-var]
        value = solve(state).value
        assert [s.optimal for s in stats] == [m == value for m in margins]
        assert stats[0].action == SolverAgent().choose(state, seat)  # the hint shows the move played


def test_sampled_agent_with_open_hands_plays_optimally() -> None:
    game = tritable.new_game("triple-triad", options={"plus": True, "trade": "none"})
    state = random_position(game, random.Random(6), 4)
    seat = state.current_player()
    stats = SampledSolverAgent(seed=1).analyse(state, seat)
    assert stats[0].action in solve(state).best_moves
    assert stats[0].solved


# -- the command line ----------------------------------------------------------------------------------

runner = CliRunner()


def write(tmp_path: Path, name: str, data: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def test_cli_solve_record_and_setup(tmp_path: Path) -> None:
    game = tritable.new_game("triple-triad", options={"same": True, "plus": True})
    state = random_position(game, random.Random(12), 4)
    record = write(tmp_path, "record.json", Record.from_state(state).to_json())
    result = runner.invoke(app, ["solve", str(record), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    expected = solve(state)
    assert out["value"] == expected.value
    assert out["best_moves_notation"] == [game.action_to_string(a) for a in expected.best_moves]
    assert out["closed_hands_used"] is False

    text = runner.invoke(app, ["solve", str(record)])
    assert text.exit_code == 0 and "optimal moves" in text.output

    setup = {"game": "triple-triad", "options": {"open": False}, "setup": state.initial_setup}
    closed = runner.invoke(app, ["solve", str(write(tmp_path, "setup.json", setup)), "--one"])
    assert closed.exit_code == 0, closed.output
    assert "closed hands" in closed.output and "optimal move:" in closed.output
    # The hands the solve reads are on the board it prints, not hidden as "[?]".
    shown = " ".join(closed.output.split())
    assert "[?]" not in closed.output
    assert state.initial_setup is not None
    for hand in state.initial_setup["hands"]:
        assert all(name in shown for name in hand), shown

    as_state = runner.invoke(app, ["solve", str(write(tmp_path, "state.json", state.to_json())), "--json"])
    assert as_state.exit_code == 0 and json.loads(as_state.output)["value"] == expected.value
    replayed = runner.invoke(app, ["replay", str(record), "--json"])
    from_replay = runner.invoke(app, ["solve", str(write(tmp_path, "replayed.json", replayed.output)), "--json"])
    assert from_replay.exit_code == 0 and json.loads(from_replay.output)["value"] == expected.value


def test_cli_solve_one_names_one_pick_in_the_trade_phase(tmp_path: Path) -> None:
    game = tritable.new_game("triple-triad", options={"trade": "one"})
    state = trade_phase(game, random.Random(11), 1)
    record = write(tmp_path, "trade.json", Record.from_state(state).to_json())
    strongest = game.action_to_string(SolverAgent(0).choose(state, state.current_player()))
    every = json.loads(runner.invoke(app, ["solve", str(record), "--json"]).output)
    one = json.loads(runner.invoke(app, ["solve", str(record), "--one", "--json"]).output)
    assert len(every["best_moves_notation"]) == len(state.legal_actions()) > 1 and every["all_best"] is True
    assert (one["best_moves_notation"], one["all_best"]) == ([strongest], False)
    text = " ".join(runner.invoke(app, ["solve", str(record), "--one"]).output.split())
    assert f"every pick is as good, the strongest: {strongest}" in text


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ([1, 2], "expected a JSON object (a record, a setup or a state), not an array"),
        ({"game": "triad", "setup": {}}, "plays Triple Triad"),
        ({"game": "triple-triad"}, "neither a record"),
        ({"game": "triple-triad", "setup": {"hands": [["Nobody"] * 5, ["Geezard"] * 5], "first": 0}}, "Nobody"),
        ({"game": "triple-triad", "options": {"same_wall": True}, "setup": {}}, "same_wall"),
        ({"game": "triple-triad", "setup": {}, "extra": 1}, "unknown setup file field"),
        ({}, "no 'game' field"),
        ({"state": {"board": []}, "terminal": False}, "no 'game' field"),
    ],
)
def test_cli_solve_bad_input(tmp_path: Path, content: Any, message: str) -> None:
    result = runner.invoke(app, ["solve", str(write(tmp_path, "bad.json", content))])
    assert result.exit_code == 2
    assert "error" in result.output and message in result.output


def test_cli_solve_finished_game_and_missing_file(tmp_path: Path) -> None:
    game = tritable.new_game("triple-triad", options={"trade": "none"})
    state = game.new_state(seed=3)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    result = runner.invoke(app, ["solve", str(write(tmp_path, "done.json", Record.from_state(state).to_json()))])
    assert result.exit_code == 2 and "over" in result.output
    missing = runner.invoke(app, ["solve", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_sampled_agent_settings_take_every_count_of_empty_cells() -> None:
    from tritable.ai import AgentSpecError

    for cells in (0, 9):
        assert SampledSolverAgent(all_best_from=cells).all_best_from == cells
    for bad in (-1, 10, 1.5, True):
        with pytest.raises(AgentSpecError, match="all_best_from counts empty cells, 0 to 9"):
            SampledSolverAgent(all_best_from=bad)  # type: ignore[arg-type]


def test_solver_agents_think_when_two_moves_are_left() -> None:
    # Two empty cells, one card: the mover's two moves, where the first listed loses what the
    # other keeps (a shortcut for "one move only" must not take two for one).
    game = tritable.new_game("triple-triad", options={"same": True, "plus": True, "trade": "none"})
    rng = random.Random("two left")
    found = 0
    while found < 3:
        state = random_position(game, rng, 2)
        actions = state.legal_actions()
        best = solve(state).best_moves
        if len(actions) != 2 or actions[0] in best:
            continue
        found += 1
        seat = state.current_player()
        for agent in (SolverAgent(), SampledSolverAgent(seed=1)):
            assert agent.choose(state, seat) == best[0]
            assert agent.analyse(state, seat)[0].action == best[0]
