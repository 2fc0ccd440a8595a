"""The arena: seat rotation, pairwise counting, confidence intervals and Elo on known counts."""

from __future__ import annotations

import importlib
import math
import multiprocessing
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tritable
from tritable.ai.agents import ActionStat, Agent, AgentSpecError, Observation
from tritable.ai.arena import (
    ArenaError,
    ArenaReport,
    GameResult,
    PairResult,
    Task,
    assignments,
    check_specs,
    elo,
    make_tasks,
    play,
    run_arena,
    wilson,
)
from tritable.ai.levels import level_spec, make_agent, parse_spec, register_agent, resolve
from tritable.ai.mcts import MCTSAgent
from tritable.engine import Record, UnknownGameError

sys.path.insert(0, str(Path(__file__).parent))
from ai_toy_games import ToyGoofspiel, ToyNim, ToyPig


def test_wilson_interval_on_known_counts() -> None:
    lo, hi = wilson(70, 100)
    assert lo == pytest.approx(0.6041515, abs=1e-6)
    assert hi == pytest.approx(0.7810511, abs=1e-6)
    lo0, hi0 = wilson(0, 10)
    assert lo0 == 0.0 and hi0 == pytest.approx(0.2775328, abs=1e-6)
    lo10, hi10 = wilson(10, 10)
    assert lo10 == pytest.approx(0.7224672, abs=1e-6) and hi10 == 1.0
    assert wilson(5, 0) == (0.0, 1.0)
    # Symmetric: the interval of the failures mirrors the interval of the successes.
    a, b = wilson(30, 100)
    assert a == pytest.approx(1 - hi) and b == pytest.approx(1 - lo)


def test_elo_on_known_scores() -> None:
    assert elo(0.5) == 0
    assert elo(0.75) == pytest.approx(400 * math.log10(3))
    assert elo(0.25) == pytest.approx(-400 * math.log10(3))
    assert elo(1.0) is None and elo(0.0) is None


def test_pair_result_json() -> None:
    pair = PairResult("hard", "greedy", wins=60, draws=20, losses=20, games=100)
    data = pair.to_json()
    assert data["n"] == 100 and data["score"] == pytest.approx(0.7)
    assert data["score_ci95"] == [pytest.approx(x) for x in wilson(70, 100)]
    assert data["elo"] == pytest.approx(147.19, abs=0.01)
    lo, hi = data["elo_ci95"]
    assert lo == pytest.approx(elo(wilson(70, 100)[0]))
    assert hi == pytest.approx(elo(wilson(70, 100)[1]))
    sweep = PairResult("a", "b", wins=10, games=10).to_json()
    assert sweep["elo"] is None and sweep["elo_ci95"][1] is None and sweep["elo_ci95"][0] > 0


def test_every_seat_assignment_is_played_equally_often_on_the_same_deals() -> None:
    assert assignments(["a", "b"]) == [("a", "b"), ("b", "a")]
    assert len(assignments(["a", "b", "c", "d"])) == 24
    assert len(assignments(["hard", "greedy", "greedy", "greedy"])) == 4
    tasks = make_tasks(ToyNim(players=3), ["x", "y", "y"], games=7, seed=1)
    assert len(tasks) == 9  # rounded up to a multiple of the 3 assignments
    for deal in range(3):
        group = tasks[3 * deal : 3 * deal + 3]
        assert {t.setup_seed for t in group} == {group[0].setup_seed}
        assert sorted(t.specs for t in group) == assignments(["x", "y", "y"])
    assert len({t.setup_seed for t in tasks}) == 3


def hard_against_two_greedy() -> ArenaReport:
    """An empty report of 3-player games: ``hard`` in one seat, ``greedy`` in two."""
    from tritable.ai.arena import AgentResult

    report = ArenaReport(ToyNim(players=3), ["hard", "greedy", "greedy"], seed=0)
    report.agents = {n: AgentResult(n) for n in ("hard", "greedy")}
    report.pairs = [PairResult("hard", "greedy")]
    return report


def won_by_seat_0(
    index: int,
    specs: tuple[str, ...],
    moves: tuple[int, ...] = (3, 3, 3),
    seconds: tuple[float, ...] = (0.0, 0.0, 0.0),
    longest: tuple[float, ...] = (0.0, 0.0, 0.0),
) -> GameResult:
    """A 3-player game's result: seat 0 first (9 points), the other two tied second (5 each)."""
    return GameResult(
        index, specs, 7, (1, 2, 3), [9, 5, 5], [1, 2, 2], [0.0] * 3, 10, list(moves), list(seconds), list(longest)
    )


def test_pairwise_counting_in_a_multiplayer_game() -> None:
    report = hard_against_two_greedy()
    report.add(won_by_seat_0(0, ("hard", "greedy", "greedy")))
    report.add(won_by_seat_0(1, ("greedy", "hard", "greedy")))
    pair = report.pairs[0]
    assert (pair.wins, pair.draws, pair.losses) == (2, 1, 1)
    # Two games, not four independent results: the interval counts the games.
    data = pair.to_json()
    assert data["n"] == 4 and data["games"] == 2
    assert data["score_ci95"] == [pytest.approx(x) for x in wilson(0.625 * 2, 2)]
    lo4, hi4 = wilson(2.5, 4)
    assert data["score_ci95"][1] - data["score_ci95"][0] > hi4 - lo4
    assert report.agents["hard"].firsts == 1 and report.agents["greedy"].firsts == 1
    assert report.agents["greedy"].seats == 4


def test_each_agent_s_time_is_summed_and_its_longest_move_kept_over_its_seats() -> None:
    report = hard_against_two_greedy()
    # moves, seconds and longest move per seat; "hard" sits in seat 0, then in seat 1
    report.add(won_by_seat_0(0, ("hard", "greedy", "greedy"), (2, 4, 3), (0.6, 0.4, 0.9), (0.4, 0.2, 0.5)))
    report.add(won_by_seat_0(1, ("greedy", "hard", "greedy"), (3, 2, 1), (0.3, 1.0, 0.2), (0.1, 0.7, 0.2)))
    agents = {a["name"]: a for a in report.to_json()["agents"]}
    assert agents["hard"]["max_seconds_per_move"] == 0.7
    assert agents["greedy"]["max_seconds_per_move"] == 0.5
    assert agents["hard"]["mean_seconds_per_move"] == pytest.approx(1.6 / 4)
    assert agents["greedy"]["mean_seconds_per_move"] == pytest.approx(1.8 / 11)


def test_the_arena_rolls_the_dice_by_their_weights() -> None:
    """Chance turns are drawn by their weights, not uniformly: a die loaded to roll 6 half the time."""
    counts = {}
    for loaded in (True, False):
        game = ToyPig(options={"loaded": loaded, "target": 40})
        report = run_arena(game, ["random", "random"], games=40, seed=0, jobs=1, records=True)
        rolls = [a for r in report.results for a in Record.loads(r.record or "").actions if a.startswith("d")]
        assert len(rolls) > 300
        counts[loaded] = rolls.count("d6") / len(rolls)
    assert 0.42 < counts[True] < 0.58
    assert 0.11 < counts[False] < 0.23


def test_arena_plays_and_reports() -> None:
    game = ToyNim(options={"heap": 9})
    report = run_arena(game, ["mcts:iterations=300", "random"], games=10, seed=3, jobs=1)
    data = report.to_json()
    assert data["games"] == 10 and data["assignments"] == 2
    (pair,) = data["pairs"]
    assert pair["a"] == "mcts:iterations=300" and pair["wins"] + pair["draws"] + pair["losses"] == 10
    assert pair["score"] >= 0.8  # nim is a forced win for whoever sees it
    agents = {a["name"]: a for a in data["agents"]}
    assert agents["random"]["moves"] > 0
    assert (
        0
        <= agents["mcts:iterations=300"]["mean_seconds_per_move"]
        <= agents["mcts:iterations=300"]["max_seconds_per_move"]
    )
    again = run_arena(game, ["mcts:iterations=300", "random"], games=10, seed=3, jobs=1).to_json()
    assert again["pairs"] == data["pairs"]


def test_arena_in_worker_processes_gives_the_same_results() -> None:
    game = ToyGoofspiel(options={"cards": 3})
    specs = ["ismcts:iterations=30", "greedy"]
    one = run_arena(game, specs, games=4, seed=5, jobs=1).to_json()
    two = run_arena(game, specs, games=4, seed=5, jobs=2).to_json()
    assert one["pairs"] == two["pairs"]
    assert [a["mean_score"] for a in one["agents"]] == [a["mean_score"] for a in two["agents"]]


def test_each_game_is_reported_and_its_record_replays() -> None:
    game = tritable.new_game("triad")
    report = run_arena(game, ["greedy", "random"], games=3, seed=2, jobs=1, records=True)
    data = report.to_json()
    assert (data["games"], data["games_asked"], data["games_planned"], data["interrupted"]) == (4, 3, 4, False)
    assert [r["index"] for r in data["results"]] == [0, 1, 2, 3]
    for row, result in zip(data["results"], report.results, strict=True):
        record = Record.loads(result.record or "")
        assert record.names == [f"P{s + 1} (AI {spec})" for s, spec in enumerate(row["agents_by_seat"])]
        assert record.seed == row["setup_seed"]
        state = record.replay()
        assert state.is_terminal() and state.outcome().returns() == row["returns"]
        assert list(state.outcome().scores) == row["scores"] and len(record.actions) == row["plies"]
        # The seeds rebuild the game: the same deal, the same agents, the same play.
        again = play(Task(0, game, tuple(row["agents_by_seat"]), row["setup_seed"], tuple(row["agent_seeds"])))
        assert again.scores == row["scores"] and again.plies == row["plies"]
    assert run_arena(game, ["greedy", "random"], games=3, seed=2, jobs=1).results[0].record is None
    # By seat: every game counted once for each seat's agent, and the means agree with the results.
    by_seat = {(row["agent"], row["seat"]): row for row in data["by_seat"]}
    assert sorted(by_seat) == [("greedy", 0), ("greedy", 1), ("random", 0), ("random", 1)]
    assert sum(row["games"] for row in by_seat.values()) == 2 * data["games"]
    for (agent, seat), row in by_seat.items():
        returns = [r["returns"][seat] for r in data["results"] if r["agents_by_seat"][seat] == agent]
        assert row["games"] == len(returns) and row["mean_return"] == pytest.approx(sum(returns) / len(returns))


def test_an_interrupted_arena_keeps_the_games_played(monkeypatch: pytest.MonkeyPatch) -> None:
    import tritable.ai.arena as arena_module

    played: list[int] = []
    real = arena_module.play

    def stop_at_the_third(task: Task) -> GameResult:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(task.index)
        return real(task)

    monkeypatch.setattr(arena_module, "play", stop_at_the_third)
    report = run_arena(ToyNim(), ["greedy", "random"], games=6, seed=1, jobs=1, keep_partial=True)
    assert report.interrupted and report.games == 2 and report.planned == 6
    assert report.to_json()["interrupted"] is True and len(report.to_json()["results"]) == 2
    played.clear()
    with pytest.raises(KeyboardInterrupt):
        run_arena(ToyNim(), ["greedy", "random"], games=6, seed=1, jobs=1)


def test_an_arena_interrupted_before_its_first_game_ended_gives_no_score(monkeypatch: pytest.MonkeyPatch) -> None:
    import tritable.ai.arena as arena_module

    def interrupt(task: Task) -> GameResult:
        raise KeyboardInterrupt

    monkeypatch.setattr(arena_module, "play", interrupt)
    data = run_arena(ToyNim(), ["greedy", "random"], games=4, seed=1, jobs=1, keep_partial=True).to_json()
    assert data["games"] == 0 and data["interrupted"] is True
    (pair,) = data["pairs"]
    assert (pair["n"], pair["score"], pair["elo"]) == (0, None, None)
    assert pair["score_ci95"] == [0.0, 1.0] and pair["elo_ci95"] == [None, None]
    for agent in data["agents"]:
        assert agent["moves"] == 0 and agent["mean_seconds_per_move"] is None and agent["max_seconds_per_move"] is None


def test_arena_with_chance_turns() -> None:
    report = run_arena(ToyPig(), ["greedy:playouts=1", "random"], games=2, seed=0, jobs=1)
    assert report.games == 2


def test_play_one_task() -> None:
    (task,) = make_tasks(ToyNim(), ["random", "random"], games=1, seed=0)[:1]
    result = play(task)
    assert sorted(result.ranks) == [1, 2] and sum(result.moves) == result.plies


def test_bad_specs() -> None:
    game = ToyNim()
    with pytest.raises(AgentSpecError, match="2 agents"):
        check_specs(ToyNim(players=3), ["random", "random"])
    for spec, match in [
        ("nonsense", "unknown agent"),
        ("mcts:iterations=0", "must be > 0"),
        ("mcts:seconds=-1", "must be > 0"),
        ("mcts:iterations=ten", "takes a whole number"),
        ("mcts:depth=3", "no setting 'depth'"),
        ("mcts:iterations", "key=value"),
        ("hard:iterations=0", "must be > 0"),
        ("perfect:iterations=3", "toy-nim has no perfect level"),
        ("mcts:iterations=5:iterations=6", "'iterations' is given twice"),
        ("mcts:c=inf", "c must be a finite number, not inf"),
        ("hard:seconds=inf", r"seconds must be a finite number \(none lifts the limit\)"),
        ("mcts:c=nan", "c must be a finite number"),
        ("mcts:iterations=none:seconds=none", "give an iteration budget, a time budget or both"),
        ("hard:seconds=none:iterations=none", "give an iteration budget, a time budget or both"),
        ("mcts:c=none", "c takes a number"),
        ("halving:c=1", "halving has no setting 'c'"),
        ("halving:iterations=0", "must be > 0"),
        ("halving:iterations=none:seconds=none", "give an iteration budget, a time budget or both"),
        ("", "agent spec"),
    ]:
        with pytest.raises(AgentSpecError, match=match):
            check_specs(game, [spec, "random"])
    with pytest.raises(AgentSpecError, match="no perfect level"):
        make_agent(game, "perfect", 0)
    junk: list[Any] = [None, 5, ["mcts"]]
    for thing in junk:  # not text: a typed error all the same
        with pytest.raises(AgentSpecError, match="an agent spec is text"):
            make_agent(game, thing, 0)
    with pytest.raises(UnknownGameError, match="a game is a Game or a game id"):
        make_agent(None, "easy", 0)  # type: ignore[arg-type]
    with pytest.raises(AgentSpecError, match=r"^agent 'perfect:seconds=1': the perfect level takes no settings"):
        make_agent("triple-triad", "perfect:seconds=1", 0)
    with pytest.raises(AgentSpecError, match="c must be a finite number"):
        MCTSAgent(c=math.inf)
    with pytest.raises(ArenaError, match="at least one"):
        run_arena(game, ["random", "random"], games=0)
    bad_runs: list[tuple[dict[str, Any], str]] = [
        ({"games": 2.5}, "whole number of games"),
        ({"games": 2, "seed": "x"}, "seed is a whole number"),
        ({"games": 2, "seed": -5}, "seed is a whole number >= 0"),
        ({"games": 2, "jobs": 0}, "jobs"),
    ]
    for settings, match in bad_runs:
        with pytest.raises(ArenaError, match=match):
            run_arena(game, ["random", "random"], **settings)
    with pytest.raises(AgentSpecError, match="a list of agent specs"):
        run_arena(game, "random,random", games=2)


def test_agents_made_directly_check_their_settings_as_specs_do() -> None:
    """The constructors take what a spec takes, and refuse the rest with the same typed error."""
    from tritable.ai import LARGEST, GreedyAgent, HalvingAgent, ISMCTSAgent

    made: list[Callable[[], object]] = [
        lambda: MCTSAgent(iterations="5"),  # type: ignore[arg-type]
        lambda: MCTSAgent(iterations=1.5),  # type: ignore[arg-type]
        lambda: MCTSAgent(seconds="1"),  # type: ignore[arg-type]
        lambda: MCTSAgent(determinizations=1.5),  # type: ignore[arg-type]
        lambda: MCTSAgent(iterations=LARGEST["iterations"] + 1),
        lambda: ISMCTSAgent(samples=-1),
        lambda: HalvingAgent(rollout_depth=-1),
        lambda: GreedyAgent(samples=None),  # type: ignore[arg-type]
        lambda: GreedyAgent(own_plies=LARGEST["own_plies"] + 1),
        lambda: GreedyAgent(playouts=0),
    ]
    for make in made:
        with pytest.raises(AgentSpecError):
            make()
    assert repr(MCTSAgent(seed="abc", iterations=5)).startswith("MCTSAgent(seed='abc', iterations=5")


def test_the_arena_and_levels_take_a_game_id() -> None:
    from tritable.ai import levels

    report = run_arena("triad", ["random", "greedy"], games=2, seed=1, jobs=1)
    assert report.game == tritable.new_game("triad", 2) and report.games == 2
    again = run_arena("triad", (spec for spec in ["random", "greedy"]), games=2, seed=1, jobs=1)  # an iterator
    assert again.to_json()["results"] == report.to_json()["results"]
    with pytest.raises(UnknownGameError):
        levels("nope")
    assert levels("triple-triad")[-1] == "perfect" and "perfect" not in levels("triad")


def test_levels_resolve_to_budgets() -> None:
    assert parse_spec("MCTS:Iterations=5").settings == {"iterations": 5}
    kind, settings = resolve("hard", ToyNim())
    assert kind == "mcts" and settings["iterations"] > 0
    kind, settings = resolve("easy", ToyGoofspiel())
    assert kind in ("ismcts", "mcts")
    kind, settings = resolve("hard:iterations=7", ToyNim())
    assert settings["iterations"] == 7 and kind == parse_spec(level_spec(ToyNim(), "hard")).name
    for level in ("easy", "normal", "hard"):
        agent = make_agent(ToyNim(), level, 1)
        state = ToyNim().new_state(seed=0)
        assert agent.choose(state, 0) in state.legal_actions()


def test_a_budget_of_none_lifts_that_limit() -> None:
    kind, settings = resolve("hard:seconds=none", ToyNim())
    assert kind == parse_spec(level_spec(ToyNim(), "hard")).name
    hard = parse_spec(level_spec(ToyNim(), "hard")).settings
    assert settings["seconds"] is None and settings["iterations"] == hard["iterations"]
    assert resolve("mcts:iterations=NONE:seconds=0.5", ToyNim())[1] == {"iterations": None, "seconds": 0.5}
    # Iterations alone: the same seed plays the same move after the same number of iterations.
    moves = []
    for _ in range(2):
        agent = make_agent(ToyNim(), "hard:seconds=none:iterations=60", 3)
        state = ToyNim().new_state(seed=0)
        moves.append(agent.choose(state, 0))
        assert isinstance(agent, MCTSAgent)
        assert agent.last_iterations == 60
    assert moves[0] == moves[1]


def test_the_level_table_is_documented() -> None:
    import tritable.ai
    from tritable.ai.levels import LEVELS

    docs = (Path(__file__).parent.parent / "docs" / "ai.md").read_text(encoding="utf-8")
    docstring = " ".join((tritable.ai.__doc__ or "").split())
    for gid, table in LEVELS.items():
        for level, spec in table.items():
            assert f"`{spec}`" in docs, (gid, level, spec)
            assert spec in docstring, (gid, level, spec)
            parse_spec(spec)


class FirstAgent(Agent):
    """Plays the ``skip``-th legal action (wrapping round): a researcher's own agent."""

    kind = "first"

    def __init__(self, seed: int = 0, skip: int = 1) -> None:
        super().__init__(seed)
        self.skip = skip

    def analyse_observation(self, obs: Observation) -> list[ActionStat]:
        actions = obs.legal_actions()
        best = actions[(self.skip - 1) % len(actions)]
        return [ActionStat(best, 0.0, visits=0)] + [ActionStat(a, 0.0, visits=0) for a in actions if a != best]


def test_an_agent_of_ones_own_plays_in_the_arena_once_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    levels_module = importlib.import_module("tritable.ai.levels")  # tritable.ai.levels is also a function
    monkeypatch.setattr(levels_module, "KINDS", dict(levels_module.KINDS))
    monkeypatch.setattr(levels_module, "SETTINGS", dict(levels_module.SETTINGS))
    with pytest.raises(AgentSpecError, match="unknown agent 'first'"):
        make_agent("triad", "first:skip=2")
    assert register_agent("first", FirstAgent, {"skip": int}) is FirstAgent
    agent = make_agent("triad", "first:skip=2", seed=5)
    assert isinstance(agent, FirstAgent) and (agent.seed, agent.skip) == (5, 2)
    with pytest.raises(AgentSpecError, match="skip takes a whole number"):
        make_agent("triad", "first:skip=x")
    with pytest.raises(AgentSpecError, match="first has no setting 'jump'"):
        make_agent("triad", "first:jump=1")
    # Forked worker processes know the agent too; spawned ones would import it afresh, and this
    # test registers it in the test alone.
    for jobs in (1, 2) if multiprocessing.get_start_method() == "fork" else (1,):
        report = run_arena("triad", ["first:skip=3", "random"], games=2, seed=1, jobs=jobs)
        assert report.to_json()["games"] == 2
    for kind, cls, settings, why in (
        ("first", FirstAgent, None, "names an agent or a level already"),
        ("hard", FirstAgent, None, "names an agent or a level already"),
        ("My Agent", FirstAgent, None, "a lowercase name"),
        ("mine", object, None, "a subclass of tritable.ai.Agent"),
        ("mine", FirstAgent, {"seed": int}, "other than seed"),
        ("mine", FirstAgent, {"skip": str}, "an int or a float"),
        ("mine", FirstAgent, {"iterations": float}, "'iterations' has the type int, as for every agent"),
    ):
        with pytest.raises(AgentSpecError, match=why):
            register_agent(kind, cls, settings)  # type: ignore[arg-type]


def test_a_registered_agent_that_takes_not_its_settings_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    levels_module = importlib.import_module("tritable.ai.levels")
    monkeypatch.setattr(levels_module, "KINDS", dict(levels_module.KINDS))
    monkeypatch.setattr(levels_module, "SETTINGS", dict(levels_module.SETTINGS))
    register_agent("first", FirstAgent, {"depth": int})  # FirstAgent takes skip, not depth
    with pytest.raises(AgentSpecError, match="first was registered with settings it does not take"):
        make_agent("triad", "first:depth=2")
    with pytest.raises(AgentSpecError, match=r"^an agent's seed is a whole number or text, not 3\.0$"):
        make_agent("triad", "random", seed=3.0)  # type: ignore[arg-type]


def test_each_game_s_levels_grow_in_iterations() -> None:
    for gid in tritable.game_ids():
        specs = [parse_spec(level_spec(gid, level)) for level in ("easy", "normal", "hard")]
        # a one-turn look (greedy, no search) is below any search
        budgets = [0 if spec.name == "greedy" else spec.settings["iterations"] for spec in specs]
        assert budgets == sorted(set(budgets)), (gid, budgets)  # strictly more at each level
        assert all(spec.name != "greedy" for spec in specs[1:]), gid


def test_every_setting_takes_its_largest_value_and_no_more() -> None:
    from tritable.ai import LARGEST

    kinds = {"own_plies": "greedy", "playouts": "greedy", "determinizations": "mcts", "samples": "ismcts"}
    for name, largest in LARGEST.items():
        kind = kinds.get(name, "mcts")
        make_agent("triad", f"{kind}:{name}={largest}", 0)  # the largest itself is taken
        with pytest.raises(AgentSpecError, match=f"{name} must be at most {largest:,}, not {largest + 1:,}"):
            make_agent("triad", f"{kind}:{name}={largest + 1}", 0)


def test_a_whole_number_setting_is_written_as_one() -> None:
    for text in ("1e3", "1000.0", "0x10", "\u0663"):  # "٣": a digit in another script
        with pytest.raises(AgentSpecError, match=f"iterations takes a whole number, not '{text}'"):
            make_agent("triad", f"mcts:iterations={text}", 0)
    assert make_agent("triad", "mcts:iterations=1000", 0).iterations == 1000  # type: ignore[attr-defined]
