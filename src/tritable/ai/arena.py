"""The arena: agents play each other on every seat assignment, on all cores, with honest statistics.

Every distinct assignment of the agent specs to the seats is played equally often, each on the
same deals: game ``i`` uses assignment ``i % A`` and deal ``i // A`` (``A`` assignments), so a deal
is played once under every assignment. The number of games is rounded up to a multiple of ``A``.
Games run in worker processes (``jobs``); a worker rebuilds its agents from their specs and seeds.

Results per pair of agents ``A`` vs ``B``: over every game and every pair of seats (one of ``A``,
one of ``B``), a win when ``A`` finishes ahead (better rank), a draw when level, else a loss. The
score is ``(wins + draws / 2) / n`` with a 95 % Wilson interval, and the Elo difference
``400 log10(score / (1 - score))`` with the interval of the score mapped the same way (``None``
where it is infinite). Per agent: first places (a shared first place counts for each seat that
shares it), mean score and return, and seconds per move (mean and max). Per game: the seating, the
seeds of the deal and of the agents, and the result; with ``records=True`` the game's record too.

>>> round(elo(0.75), 1)
190.8
>>> [round(x, 3) for x in wilson(70, 100)]
[0.604, 0.781]
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import random
import signal
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from tritable.ai.agents import AgentSpecError
from tritable.ai.levels import make_agent, resolve
from tritable.engine.errors import TritableError
from tritable.engine.protocol import CHANCE, JSON, SIMULTANEOUS, TERMINAL, Game
from tritable.engine.record import Record
from tritable.engine.registry import new_game


class ArenaError(TritableError):
    """The arena's number of games, seed or worker count is not one it can play."""


Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may count draws as halves)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0)) / (1 + z2 / n)
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def elo(score: float) -> float | None:
    """The Elo difference that predicts ``score`` (``None`` at 0 or 1: infinite)."""
    if score <= 0.0 or score >= 1.0:
        return None
    return 400.0 * math.log10(score / (1.0 - score))


@dataclass(frozen=True)
class Task:
    """One game to play: picklable, so that a worker can rebuild everything from it."""

    index: int
    game: Game
    specs: tuple[str, ...]
    setup_seed: int
    agent_seeds: tuple[int, ...]
    record: bool = False
    """Whether the result carries the game's record."""


@dataclass
class GameResult:
    """One game's result: its seating (``specs``, seat 0 first), the seeds that rebuild it, the
    outcome and the time each seat took; ``record`` the game's record (JSON text) when asked."""

    index: int
    specs: tuple[str, ...]
    setup_seed: int
    agent_seeds: tuple[int, ...]
    scores: list[float]
    ranks: list[int]
    returns: list[float]
    plies: int
    moves: list[int]
    seconds: list[float]
    max_seconds: list[float]
    record: str | None = None

    def to_json(self) -> JSON:
        return {
            "index": self.index,
            "agents_by_seat": list(self.specs),
            "setup_seed": self.setup_seed,
            "agent_seeds": list(self.agent_seeds),
            "scores": self.scores,
            "ranks": self.ranks,
            "returns": self.returns,
            "plies": self.plies,
        }


def seat_names(specs: Sequence[str]) -> list[str]:
    """A record's names for seats played by ``specs``: the seat and its agent (``"P2 (AI greedy)"``,
    as `tritable play` saves an AI seat), so that two seats of one agent stay apart in a replay and
    ``play --load`` brings the same agents back."""
    return [f"P{seat + 1} (AI {spec})" for seat, spec in enumerate(specs)]


def play(task: Task) -> GameResult:
    """Play one game of the arena."""
    game = task.game
    players = game.players
    agents = [make_agent(game, spec, seed) for spec, seed in zip(task.specs, task.agent_seeds, strict=True)]
    chance_rng = random.Random(task.setup_seed ^ 0x5EED)
    state = game.new_state(seed=task.setup_seed)
    moves = [0] * players
    seconds = [0.0] * players
    longest = [0.0] * players
    plies = 0
    while True:
        p = state.current_player()
        if p == TERMINAL:
            break
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(chance_rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0])
        else:
            seat = p if p >= 0 else state.players_to_move()[0]
            start = time.perf_counter()
            action = agents[seat].choose(state, seat)
            spent = time.perf_counter() - start
            state.apply_action(action, seat if p == SIMULTANEOUS else None)
            moves[seat] += 1
            seconds[seat] += spent
            longest[seat] = max(longest[seat], spent)
        plies += 1
    outcome = state.outcome()
    record = None
    if task.record:
        record = Record.from_state(state, names=seat_names(task.specs), seed=task.setup_seed).dumps()
    return GameResult(
        task.index,
        task.specs,
        task.setup_seed,
        task.agent_seeds,
        list(outcome.scores),
        list(outcome.ranks),
        outcome.returns(),
        plies,
        moves,
        seconds,
        longest,
        record,
    )


def assignments(specs: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct assignment of ``specs`` to the seats, in a fixed order.

    >>> assignments(["hard", "greedy", "greedy"])
    [('greedy', 'greedy', 'hard'), ('greedy', 'hard', 'greedy'), ('hard', 'greedy', 'greedy')]
    """
    return sorted(set(itertools.permutations(specs)))


def planned_games(specs: Sequence[str], games: int) -> int:
    """How many games the arena plays for ``games`` asked: rounded up to a multiple of the number
    of assignments, so that every deal is played under each.

    >>> planned_games(["hard", "greedy", "greedy"], 10)
    12
    """
    seats = len(assignments(specs))
    return -(-games // seats) * seats


def make_tasks(game: Game, specs: Sequence[str], games: int, seed: int, records: bool = False) -> list[Task]:
    """The arena's games: ``games`` rounded up to a multiple of the number of assignments."""
    seats = assignments(specs)
    deals = -(-games // len(seats))
    rng = random.Random(seed)
    tasks: list[Task] = []
    for _ in range(deals):
        setup_seed = rng.getrandbits(32)
        for assignment in seats:
            agent_seeds = tuple(rng.getrandbits(32) for _ in assignment)
            tasks.append(Task(len(tasks), game, assignment, setup_seed, agent_seeds, records))
    return tasks


@dataclass
class PairResult:
    a: str
    b: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    games: int = 0
    """Games in which A and B met (with several seats of one agent a game holds several pairs)."""

    @property
    def n(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.n if self.n else 0.5

    def to_json(self) -> JSON:
        # The pairs of one game share its deal and its play, so the game is the independent
        # unit: the interval counts games, each scoring its pairs' mean. A mean of results in
        # [0, 1] varies no more than a single result with the same mean, so Wilson's interval on
        # the games is a safe (wider) one.
        lo, hi = wilson(self.score * self.games, self.games)
        met = self.n > 0  # an interrupted run may end before A and B met: no score to give
        return {
            "a": self.a,
            "b": self.b,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "n": self.n,
            "games": self.games,
            "score": self.score if met else None,
            "score_ci95": [lo, hi],
            "elo": elo(self.score) if met else None,
            "elo_ci95": [elo(lo) if lo > 0 else None, elo(hi) if hi < 1 else None],
        }


@dataclass
class AgentResult:
    name: str
    seats: int = 0
    firsts: int = 0
    score_sum: float = 0.0
    return_sum: float = 0.0
    moves: int = 0
    seconds: float = 0.0
    max_seconds: float = 0.0

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "seats_played": self.seats,
            "first_places": self.firsts,
            "mean_score": self.score_sum / self.seats if self.seats else None,
            "mean_return": self.return_sum / self.seats if self.seats else None,
            "moves": self.moves,
            "mean_seconds_per_move": self.seconds / self.moves if self.moves else None,
            "max_seconds_per_move": self.max_seconds if self.moves else None,
        }


@dataclass
class ArenaReport:
    game: Game
    specs: list[str]
    seed: int
    games: int = 0
    assignments: int = 0
    plies: int = 0
    seconds: float = 0.0
    agents: dict[str, AgentResult] = field(default_factory=dict)
    pairs: list[PairResult] = field(default_factory=list)
    planned: int = 0
    """The games the run was to play (``games`` rounded up to every seating)."""
    asked: int = 0
    """The games asked for."""
    interrupted: bool = False
    """Whether the run was stopped (Ctrl-C) before it played every planned game."""
    results: list[GameResult] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        self.results.append(result)
        self.games += 1
        self.plies += result.plies
        for seat, name in enumerate(result.specs):
            agent = self.agents[name]
            agent.seats += 1
            agent.firsts += result.ranks[seat] == 1
            agent.score_sum += result.scores[seat]
            agent.return_sum += result.returns[seat]
            agent.moves += result.moves[seat]
            agent.seconds += result.seconds[seat]
            agent.max_seconds = max(agent.max_seconds, result.max_seconds[seat])
        for pair in self.pairs:
            if pair.a in result.specs and pair.b in result.specs:
                pair.games += 1
            for sa, na in enumerate(result.specs):
                if na != pair.a:
                    continue
                for sb, nb in enumerate(result.specs):
                    if nb != pair.b:
                        continue
                    ra, rb = result.ranks[sa], result.ranks[sb]
                    if ra < rb:
                        pair.wins += 1
                    elif ra > rb:
                        pair.losses += 1
                    else:
                        pair.draws += 1

    def to_json(self) -> JSON:
        return {
            "game": self.game.id,
            "players": self.game.players,
            "options": dict(self.game.options),
            "agents_by_seat": list(self.specs),
            "seed": self.seed,
            "games": self.games,
            "games_asked": self.asked,
            "games_planned": self.planned,
            "interrupted": self.interrupted,
            "assignments": self.assignments,
            "plies": self.plies,
            "seconds": self.seconds,
            "agents": [a.to_json() for a in self.agents.values()],
            "pairs": [p.to_json() for p in self.pairs],
            "by_seat": self.by_seat(),
            "results": [r.to_json() for r in self.results],
        }

    def by_seat(self) -> list[JSON]:
        """Each agent's results in each seat (seat 0 moves first where the game has a fixed
        order): games, first places and mean return, to see what a seat is worth."""
        rows: list[JSON] = []
        for name in self.agents:
            for seat in range(self.game.players):
                played = [r for r in self.results if r.specs[seat] == name]
                if not played:
                    continue
                rows.append(
                    {
                        "agent": name,
                        "seat": seat,
                        "games": len(played),
                        "first_places": sum(r.ranks[seat] == 1 for r in played),
                        "mean_return": sum(r.returns[seat] for r in played) / len(played),
                    }
                )
        return rows


def check_specs(game: Game, specs: Sequence[str]) -> None:
    """Raise :class:`AgentSpecError` for an unknown agent or a bad setting, and a
    :class:`ValueError` for a number of agents that is not the game's number of players."""
    if len(specs) != game.players:
        raise AgentSpecError(
            f"{len(specs)} agents for a {game.players}-player game of {game.id}: give one agent per seat"
        )
    for spec in specs:
        resolve(spec, game)
    for spec in set(specs):
        make_agent(game, spec, 0)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_arena(
    game: Game | str,
    specs: Iterable[str],
    games: int,
    seed: int = 0,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    records: bool = False,
    keep_partial: bool = False,
) -> ArenaReport:
    """Play the arena and gather the statistics; ``progress(done, total)`` after each game.

    ``records``: every game's result carries its record (JSON text). ``keep_partial``: a Ctrl-C
    (:class:`KeyboardInterrupt`) returns the report of the games finished so far, marked
    ``interrupted``, instead of raising."""
    given = [specs] if isinstance(specs, str) else list(specs)  # an iterator is read once
    if isinstance(specs, str) or not all(isinstance(s, str) for s in given):
        raise AgentSpecError("the arena takes a list of agent specs, one a seat, such as ['hard', 'greedy']")
    specs = [s.strip() for s in given]
    if isinstance(game, str):  # a game id: one seat an agent
        game = new_game(game, len(specs))
    check_specs(game, specs)
    if type(games) is not int or games < 1:
        raise ArenaError(f"the arena needs a whole number of games, at least one, not {games!r}")
    if type(seed) is not int or seed < 0:  # random.Random takes -n as n: the run would repeat another
        raise ArenaError(f"the arena's seed is a whole number >= 0, not {seed!r}")
    jobs = (os.cpu_count() or 1) if jobs is None else jobs
    if type(jobs) is not int or jobs < 1:
        raise ArenaError(f"the arena's jobs (worker processes) must be a whole number >= 1, not {jobs!r}")
    tasks = make_tasks(game, specs, games, seed, records)
    names = list(dict.fromkeys(specs))
    report = ArenaReport(game, list(specs), seed, assignments=len(assignments(specs)), planned=len(tasks), asked=games)
    report.agents = {n: AgentResult(n) for n in names}
    report.pairs = [PairResult(a, b) for a, b in itertools.combinations(names, 2)]
    start = time.perf_counter()
    results: list[GameResult] = []
    try:
        if jobs == 1 or len(tasks) == 1:
            for task in tasks:
                results.append(play(task))
                if progress is not None:
                    progress(len(results), len(tasks))
        else:
            # The workers ignore Ctrl-C and leaving the block terminates them: an interrupted arena
            # stops at once instead of playing out the games already queued.
            with multiprocessing.Pool(min(jobs, len(tasks)), initializer=_ignore_interrupts) as pool:
                for result in pool.imap_unordered(play, tasks):
                    results.append(result)
                    if progress is not None:
                        progress(len(results), len(tasks))
    except KeyboardInterrupt:
        if not keep_partial:
            raise
        report.interrupted = True
    report.seconds = time.perf_counter() - start
    for result in sorted(results, key=lambda r: r.index):
        report.add(result)
    return report


def summary_lines(report: ArenaReport) -> list[str]:
    """Plain-text lines of the pair results (the command prints a table)."""
    lines = []
    for pair in report.pairs:
        data = pair.to_json()
        lo, hi = data["score_ci95"]
        lines.append(
            f"{pair.a} vs {pair.b}: +{pair.wins} ={pair.draws} -{pair.losses} "
            f"score {pair.score:.3f} [{lo:.3f}, {hi:.3f}]"
        )
    return lines


def spec_args(specs: str) -> list[str]:
    """Split the command line's ``A,B[,C,D]``."""
    out = [s.strip() for s in specs.split(",")]
    if not out or any(not s for s in out):
        raise AgentSpecError(f"--agents {specs!r}: give agent specs separated by commas, e.g. hard,greedy")
    return out
