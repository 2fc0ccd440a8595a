"""Our ``hard`` level against OpenSpiel's own search bots, through the OpenSpiel interface.

The game runs as an OpenSpiel game (``tritable.interop.openspiel``): the deal is its chance steps,
every move is an action id applied to the OpenSpiel state. One seat is tritable's ``hard`` level
(its own search, given the tritable state inside, ``native_state``, as a server would give it),
the others OpenSpiel's Python bots:

* ``MCTSBot`` (UCT, ``uct_c`` 2, one random rollout an evaluation: OpenSpiel's defaults) in the
  perfect-information games: Triad, Triple Triad with open hands;
* ``ISMCTSBot`` (information-set MCTS on the information-state strings, the game's own sampler
  through ``resample_from_infostate``, ``uct_c`` 2, random rollouts) in the others: Triple Triad
  with closed hands (``--closed``), Triominos, TriATri, Tri*T*Area. It searches sequential games
  only, so TriATri and Tri*T*Area are loaded with ``turn_based=True`` (the simultaneous choices
  taken in seat order, each hidden until all have chosen), for both sides.

**Equal time.** Both sides get the same wall time a move (``--seconds``, 0.25 by default). Ours
is ``hard`` with its iteration budget lifted and its time set to that (``hard:iterations=none:
seconds=T``). OpenSpiel's bots take a number of simulations, not a time: each move gets the
time times the bot's simulations a second over its last 30 searches in the row (see
``TimedBot``), so its moves take the time on average; the table shows both sides' mean time a
move (moves with one legal action, which neither side thinks about, left out). ``MCTSBot`` stops
early where it has proven a position's value (its solver, on by default), so its mean can be
lower in short games: Triple Triad's last moves are solved at once.

**Seats** rotate: game ``i`` puts ``hard`` in seat ``i mod players``, the bots in the others.
**Score**: per game ``(return + 1) / 2`` of ``hard`` (1 a win, 0.5 a draw, 0 a loss with two
players; with more, the share of the other seats it finished ahead of, ties half), its mean over
the games with a 95% Wilson interval. Triominos is played as single rounds (``target=1``), so a
game fits a benchmark run.

**Omniscient** (``--omniscient full|racks``, a cheat for a ceiling, not a level): our side's search
is given more than its seat sees, by the mechanisms of ``bench/paired_games.py``, the bots unchanged.
``full`` (its ``--full-information``): ``hard`` searches the real state itself, no determinization:
every rack or hand and everything chance has already fixed in it (Triominos' pool in the order it
will be drawn; TriATri's and Tri*T*Area's cards). ``racks`` (its ``--known-racks``, Triominos only):
its samples hold the real racks, the pool's order drawn afresh, the cheat behind docs/ai.md's
0.900/0.900/0.847 against ``random``. Either bounds what any player seeing only its seat can score
against the bots: if the cheat is near a target, no honest search reaches it.

**Our side** (``--ours SPEC``, ``hard`` by default): another level or search in its place, for
experiments; its iteration budget is lifted and its time set to ``--seconds`` like ``hard``'s, so a
spec that takes no time budget (``random``, ``greedy``) or names ``iterations`` or ``seconds`` is
refused. The rows of BENCHMARKS.md are ``hard``'s.

Usage: ``.venv/bin/python bench/openspiel_arena.py [--game ID] [--players P] [--closed]
[--games N] [--seconds T] [--seed S] [--omniscient full|racks] [--ours SPEC] [--json FILE]``.
Without ``--game``: the rows of issue #43 (every game with 2 players, TriATri and Triominos also
with 4).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np
from benchargs import fail, known_game, natural_int, output_file, positive_float, positive_int, run, write_json

import tritable
from tritable.ai import make_agent
from tritable.ai.arena import wilson

ROWS: list[tuple[str, int]] = [
    ("triple-triad", 2),
    ("triad", 2),
    ("triominos", 2),
    ("triominos", 4),
    ("triatri", 2),
    ("triatri", 4),
    ("tri-t-area", 4),
]
PERFECT_INFORMATION = ("triad", "triple-triad")  # Triple Triad with its default open hands
UCT_C = 2.0
FIRST_SIMULATIONS = 16  # the search that measures a bot's speed before any other
RECENT = 30  # searches a bot's speed is measured over


class Speed:
    """A bot's simulations a second, from its recent searches: shared by the bots of a row (the
    same game, the same kind of bot), so each game starts with what the ones before measured."""

    def __init__(self) -> None:
        self.first: float | None = None  # the first, short search's: with its warm-up, a guess
        self.searches: list[tuple[int, float]] = []  # (simulations, seconds)

    def rate(self) -> float | None:
        recent = self.searches[-RECENT:]
        spent = sum(t for _, t in recent)
        return sum(n for n, _ in recent) / spent if recent and spent > 0 else self.first


class TimedBot:
    """An OpenSpiel bot with a number of simulations a move fitted to a wall time: the time
    times its recent speed (a rollout's cost varies too much from one to the next for a short
    probe of the position to tell). Its moves so take the time on average, not each one."""

    def __init__(self, bot: Any, seconds: float, speed: Speed) -> None:
        self.bot = bot
        self.seconds = seconds
        self.speed = speed
        self.times: list[float] = []

    def _search(self, state: Any, simulations: int) -> tuple[int, int, float]:
        """The action, the simulations run and the seconds taken."""
        from open_spiel.python.algorithms import mcts

        start = time.perf_counter()
        if isinstance(self.bot, mcts.MCTSBot):
            # one simulation only expands the root: the best child needs a second (a short --seconds)
            self.bot.max_simulations = max(2, simulations)
            root = self.bot.mcts_search(state)  # what step() does, with the count of simulations
            action, done = root.best_child().action, root.explore_count  # fewer once it proves a value
        else:
            # ISMCTSBot's first simulation only expands the root: it needs a second to have a policy
            self.bot._max_simulations = done = max(2, simulations)
            action = self.bot.step(state)
        return int(action), done, time.perf_counter() - start

    def step(self, state: Any) -> int:
        if len(state.legal_actions()) == 1:  # nothing to think about (hard answers at once too)
            return int(state.legal_actions()[0])
        spent = 0.0
        rate = self.speed.rate()
        if rate is None:  # the row's first search: measure
            _, done, spent = self._search(state, FIRST_SIMULATIONS)
            rate = self.speed.first = done / max(spent, 1e-6)
        simulations = int(rate * max(self.seconds - spent, 0.0))
        action, done, taken = self._search(state, simulations)
        self.speed.searches.append((done, taken))
        self.times.append(spent + taken)
        return action


def make_bot(game: Any, perfect: bool, seconds: float, seed: int, speed: Speed) -> TimedBot:
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if perfect:
        return TimedBot(mcts.MCTSBot(game, UCT_C, 1, evaluator, random_state=rng), seconds, speed)
    return TimedBot(ismcts.ISMCTSBot(game, evaluator, UCT_C, 2, random_state=rng), seconds, speed)


def cheat(omniscient: str) -> None:
    """Give ``hard`` more than its seat sees, for the whole process (``--omniscient``): the
    patches of ``bench/paired_games.py``. Only ``hard`` goes through tritable's observations and
    through a sampler for its own seat, so the bots keep their seat's information."""
    import paired_games

    if omniscient == "full":
        paired_games._full_information()
    else:
        paired_games._known_racks()


def play_game(
    os_game: Any,
    game: tritable.Game,
    hard_seat: int,
    perfect: bool,
    seconds: float,
    seed: int,
    speed: Speed,
    ours: str = "hard",
) -> dict[str, Any]:
    import paired_games

    import tritable.interop.openspiel as tos

    rng = random.Random(seed)
    hard = make_agent(game, f"{ours}:iterations=none:seconds={seconds}", seed=seed)
    bots = {s: make_bot(os_game, perfect, seconds, seed * 10 + s, speed) for s in range(game.players) if s != hard_seat}
    hard_times: list[float] = []
    # --omniscient racks: no real state until hard first moves (the last game's would leak to the bots)
    paired_games.ME, paired_games.REAL = hard_seat, None
    began = time.perf_counter()
    state = os_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        seat = state.current_player()
        if seat == hard_seat:
            native = tos.native_state(state)
            assert native is not None  # the deal is over
            paired_games.ME, paired_games.REAL = seat, native  # read by --omniscient racks only
            start = time.perf_counter()
            action = hard.choose(native, seat)
            if len(state.legal_actions()) > 1:  # the bots' forced moves are not timed either
                hard_times.append(time.perf_counter() - start)
            state.apply_action(tos.from_native_action(state, action))
        else:
            state.apply_action(bots[seat].step(state))
    returns = state.returns()
    return {
        "seed": seed,
        "hard_seat": hard_seat,
        "return": returns[hard_seat],
        "score": (returns[hard_seat] + 1) / 2,
        "hard_move_s": statistics.mean(hard_times) if hard_times else 0.0,
        "bot_move_s": statistics.mean(t for b in bots.values() for t in b.times) if bots else 0.0,
        "moves": len(state.history()),
        "game_s": round(time.perf_counter() - began, 2),
    }


def measure(
    game_id: str,
    players: int,
    closed: bool,
    games: int,
    seconds: float,
    seed: int,
    progress: bool,
    omniscient: str | None = None,
    ours: str = "hard",
) -> dict[str, Any]:
    import pyspiel

    import tritable.interop.openspiel as tos

    params: dict[str, Any] = {"players": players}
    if game_id == "triominos":
        params["target"] = 1
    if game_id == "triple-triad" and closed:
        params["open"] = False
    if game_id in ("triatri", "tri-t-area"):
        params["turn_based"] = True
    os_game = pyspiel.load_game(tos.short_name(game_id), params)
    game = tos.native_game(os_game)
    perfect = game_id in PERFECT_INFORMATION and not closed
    results = []
    speed = Speed()
    for i in range(games):
        results.append(play_game(os_game, game, i % players, perfect, seconds, seed + i, speed, ours))
        if progress:
            r = results[-1]
            print(f"  {game_id} {players}p game {i + 1}/{games}: hard in seat {r['hard_seat']} scores {r['score']:.2f}")
    total = sum(r["score"] for r in results)
    lo, hi = wilson(total, len(results))
    return {
        "game": game_id,
        "players": players,
        "options": {k: v for k, v in params.items() if k != "players"},
        "opponent": "MCTSBot" if perfect else "ISMCTSBot",
        **({"omniscient": omniscient} if omniscient else {}),
        **({"ours": ours} if ours != "hard" else {}),
        "games": len(results),
        "seconds": seconds,
        "score": round(total / len(results), 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "hard_move_s": round(statistics.mean(r["hard_move_s"] for r in results), 4),
        "bot_move_s": round(statistics.mean(r["bot_move_s"] for r in results), 4),
        "game_s": round(statistics.mean(r["game_s"] for r in results), 2),
        "results": results,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", type=known_game, help="one game (default: the rows of issue #43)")
    parser.add_argument("--players", type=positive_int, help="with --game: this many players (default: the fewest)")
    parser.add_argument("--closed", action="store_true", help="Triple Triad with closed hands (ISMCTSBot)")
    parser.add_argument("--games", type=positive_int, default=100, help="games a row (default 100)")
    parser.add_argument("--seconds", type=positive_float, default=0.25, help="wall time a move, each side (0.25)")
    parser.add_argument("--seed", type=natural_int, default=0, help="first game's seed (default 0)")
    parser.add_argument(
        "--omniscient",
        choices=("full", "racks"),
        help="a cheat: hard searches the real state (full) or knows the racks (racks, Triominos)",
    )
    parser.add_argument(
        "--ours",
        default="hard",
        metavar="SPEC",
        help="our side: a level or a search (mcts, ismcts, halving) with settings; the time is --seconds (hard)",
    )
    parser.add_argument("--json", type=output_file, metavar="FILE", help="write the results (every game) here")
    parser.add_argument("--quiet", action="store_true", help="no line a game")
    args = parser.parse_args()
    if args.players is not None and args.game is None:
        parser.error("--players needs --game")
    if args.closed and args.game not in (None, "triple-triad"):
        parser.error("--closed is for Triple Triad")
    if args.omniscient == "racks" and args.game != "triominos":
        parser.error("--omniscient racks is for Triominos")
    try:
        import pyspiel  # noqa: F401
    except ImportError as exc:
        fail(f"this benchmark needs the open-spiel extra ({exc})")
    if args.game:
        players = args.players or tritable.new_game(args.game).min_players
        tritable.new_game(args.game, players)  # a PlayerCountError now
        rows = [(args.game, players)]
    else:
        rows = ROWS
    for game_id, players in rows:  # --ours: a level or a search that takes a time budget, in each row
        try:
            make_agent(tritable.new_game(game_id, players), f"{args.ours}:iterations=none:seconds=1")
        except (ValueError, TypeError) as exc:
            fail(f"--ours {args.ours!r} cannot play on a time budget: {exc}")
    if args.omniscient:
        cheat(args.omniscient)
    out = []
    for game_id, players in rows:
        out.append(
            measure(
                game_id,
                players,
                args.closed,
                args.games,
                args.seconds,
                args.seed,
                not args.quiet,
                args.omniscient,
                args.ours,
            )
        )
        r = out[-1]
        print(
            f"{game_id} {players}p vs {r['opponent']}: {r['score']:.3f} "
            f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] over {r['games']} games "
            f"(a move: hard {r['hard_move_s']:.3f} s, bot {r['bot_move_s']:.3f} s)",
            flush=True,
        )
    print()
    print("| game | players | opponent | games | hard's score | 95% interval | s a move (hard / bot) |")
    print("|---|---:|---|---:|---:|---|---|")
    for r in out:
        print(
            f"| {r['game']} | {r['players']} | {r['opponent']} | {r['games']} | {r['score']:.3f} | "
            f"{r['ci95'][0]:.3f}-{r['ci95'][1]:.3f} | {r['hard_move_s']:.2f} / {r['bot_move_s']:.2f} |"
        )
    if args.json:
        write_json(args.json, out)


if __name__ == "__main__":
    run(main)
