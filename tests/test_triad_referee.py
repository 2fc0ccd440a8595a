"""Triad against an independent referee: the engine and ``referee_triad`` play the same games side by side.

The referee (``tests/referee_triad.py``) was written from the rule text, RULINGS and the package
docstring's decisions, not from the engine, and is deliberately plain. Each game here is fixed by one
seed, which chooses:

* how it starts: a new game (the engine's own seeded roll, or an explicit random setup), a random
  position loaded without setup (dice crowded into part of the board, some already removed, some
  moves already made), or a built stalemate (a position where the player to move has no ordinary
  move, so Note 2's moves apply);
* the options: ``first_player`` (black or random) and ``move_cap`` (from 1 up, so the cap often ends
  games);
* the policy: uniform random, or biased to moves that form a Triad (with probability 0.3, 0.8 or 1
  a turn), so that removals, removal choices and three-removal wins come often.

At every step the test compares the exact set of legal actions, whose turn it is, the board, removed
counts, moves made, the squares a removal may be taken from, the returns, whether the game is over
and, at the end, the winners; and, for each action played, its notation. A failure names the game
seed (``play_game(seed)`` replays that game alone), the step and what differed.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from functools import cache
from typing import Any

import pytest

import tritable
from referee_triad import DIRECTIONS, SIZE, Action, Referee, setup_problems, square
from tritable.engine import TERMINAL, TritableError
from tritable.engine.protocol import State

DEFAULT_FIRST_SEED = 0
DEFAULT_GAMES = 500  # 7,607 steps: about 6 s of CPU on the 2-core audit machine, pytest included about 7 s
SLOW_GAMES = 16_500  # 33 times the default run: about 3 min of CPU (pytest -m slow)
SLOW_FIRST_SEED = 1_000_000  # other games than the default run's

Tally = Counter[str]


# -- starting positions ---------------------------------------------------------------------------


def random_position(rng: random.Random) -> tuple[dict[int, tuple[int, int]], int, list[int]]:
    """A random position: up to two dice already removed per player, the rest crowded into a random
    rectangle of the board (when they fit) so that blocked paths and Triads are common."""
    removed = [rng.randint(0, 2), rng.randint(0, 2)]
    width, height = rng.choice([2, 3, 4, 6]), rng.choice([2, 3, 4, 6])
    r0, f0 = rng.randint(0, SIZE - height), rng.randint(0, SIZE - width)
    region = [square(r, f) for r in range(r0, r0 + height) for f in range(f0, f0 + width)]
    count = 12 - sum(removed)
    squares = region if len(region) >= count else list(range(SIZE * SIZE))
    rng.shuffle(squares)
    owners = [0] * (6 - removed[0]) + [1] * (6 - removed[1])
    board = {sq: (owner, rng.randint(1, 3)) for sq, owner in zip(squares[:count], owners, strict=True)}
    return board, rng.randint(0, 1), removed


def built_stalemate(rng: random.Random) -> tuple[dict[int, tuple[int, int]], int, list[int]] | None:
    """A position where the player to move has no ordinary move: their dice in a compact cluster
    (often in a corner), opponent dice put on the squares that block the most paths out of it
    until none is left, the rest of the opponent's dice anywhere. None when the opponent's dice
    run out first (try again with another draw)."""
    seat = rng.randint(0, 1)
    removed = [rng.randint(0, 2), rng.randint(0, 2)]
    own, other = 6 - removed[seat], 6 - removed[1 - seat]
    for _ in range(100):
        cluster = [rng.choice([0, 5, 30, 35, rng.randrange(SIZE * SIZE)])]
        while len(cluster) < own:
            r, f = divmod(rng.choice(cluster), SIZE)
            dr, df = rng.choice(DIRECTIONS)
            if rng.random() < 0.3:
                dr, df = 2 * dr, 2 * df
            if 0 <= r + dr < SIZE and 0 <= f + df < SIZE and square(r + dr, f + df) not in cluster:
                cluster.append(square(r + dr, f + df))
        board = {sq: (seat, rng.randint(1, 3)) for sq in cluster}
        paths = [path(move) for move in Referee(board, seat).ordinary_moves(seat)]
        placed = 0
        while paths and placed < other:
            # Greedy: a square on the most open paths (ties broken at random) blocks them all.
            hits = Counter(sq for p in paths for sq in p)
            most = max(hits.values())
            block = rng.choice(sorted(sq for sq, n in hits.items() if n == most))
            board[block] = (1 - seat, rng.randint(1, 3))
            placed += 1
            paths = [p for p in paths if block not in p]
        if paths:
            continue
        free = [sq for sq in range(SIZE * SIZE) if sq not in board]
        rng.shuffle(free)
        for sq in free[: other - placed]:
            board[sq] = (1 - seat, rng.randint(1, 3))
        return board, seat, removed
    return None


def path(move: Action) -> list[int]:
    """The squares an ordinary move passes and reaches."""
    (r, f), (tr, tf) = divmod(move.square, SIZE), divmod(move.target, SIZE)
    dr, df = (tr > r) - (tr < r), (tf > f) - (tf < f)
    return [square(r + dr * step, f + df * step) for step in range(1, move.value + 1)]


# -- one game -------------------------------------------------------------------------------------


class Mismatch(Exception):
    pass


def compare(state: State, ref: Referee) -> None:
    """Raise :class:`Mismatch` naming the first thing on which the engine and the referee differ.

    The position is compared before the legal actions, so that a rule broken in the last step is
    named by what it changed (a removal due or not, a die moved or not) rather than by its echo in
    the legal actions."""
    view = state.view(None)
    if view["dice"] != ref.dice_view():
        engine_only = sorted(set(view["dice"].items()) - set(ref.dice_view().items()))
        ref_only = sorted(set(ref.dice_view().items()) - set(view["dice"].items()))
        raise Mismatch(f"board: only the engine has {engine_only}, only the referee {ref_only}")
    for key, ours in (("pending_removal", ref.pending_names()), ("scores", ref.removed), ("moves", ref.moves)):
        theirs = sorted(view[key]) if key == "pending_removal" else view[key]
        if theirs != ours:
            raise Mismatch(f"{key}: engine {view[key]}, referee {ours}")
    # What the view says the last action did: the Triads it formed, and the end where it ended the game.
    said = {frozenset(e["squares"]) for e in view["events"] if e["type"] == "triad"}
    if said != ref.formed_names():
        raise Mismatch(f"Triads formed: the engine's events {said}, referee {ref.formed_names()}")
    if any(e["type"] == "end" for e in view["events"]) != ref.over:
        raise Mismatch(f"the end: engine's events {view['events']}, referee over={ref.over}")
    player = TERMINAL if ref.over else ref.to_move
    if state.current_player() != player:
        raise Mismatch(f"player to move: engine {state.current_player()}, referee {player}")
    if state.is_terminal() != ref.over:
        raise Mismatch(f"game over: engine {state.is_terminal()}, referee {ref.over}")
    engine_legal = state.legal_actions()
    ref_legal = {a.code(): a for a in ref.legal()}
    if len(engine_legal) != len(set(engine_legal)):
        twice = sorted({state.game.action_to_string(a) for a in engine_legal if engine_legal.count(a) > 1})
        raise Mismatch(f"the engine lists legal actions twice: {twice}")
    if set(engine_legal) != set(ref_legal):
        extra = sorted(state.game.action_to_string(a) for a in set(engine_legal) - set(ref_legal))
        missing = sorted(ref_legal[a].text() for a in set(ref_legal) - set(engine_legal))
        raise Mismatch(f"legal actions: only the engine allows {brief(extra)}, only the referee {brief(missing)}")
    if list(state.returns()) != ref.returns():
        raise Mismatch(f"returns: engine {state.returns()}, referee {ref.returns()}")
    if ref.over and list(state.outcome().winners) != ref.winners():
        raise Mismatch(f"winners: engine {list(state.outcome().winners)}, referee {ref.winners()}")


def brief(items: list[str], most: int = 12) -> str:
    """A list for a message, cut after ``most`` items."""
    more = f" and {len(items) - most} more" if len(items) > most else ""
    return f"{items[:most]}{more}"


def choose(rng: random.Random, ref: Referee, legal: list[Action], triad_bias: float) -> Action:
    """Uniform, or (with probability ``triad_bias`` a turn) a move forming a Triad when there is one."""
    if triad_bias and not ref.pending and rng.random() < triad_bias:
        forming = []
        for action in legal:
            trial = ref.copy()
            trial.apply(action, check=False)
            if trial.pending:
                forming.append(action)
        if forming:
            return rng.choice(forming)
    return rng.choice(legal)


def start(rng: random.Random, seed: int, tally: Tally) -> tuple[State, Referee, str]:
    """The engine's state, the referee's and a description of the start, all from ``rng``."""
    kind = rng.choices(["new", "position", "stalemate"], weights=[6, 2, 2])[0]
    first_player = rng.choice(["black", "random"])
    cap = rng.choice([1, 2, 5, 20, 60, 200, 200, 400] if kind == "new" else [1, 3, 10, 50, 200])
    options = {"first_player": first_player, "move_cap": cap}
    game = tritable.new_game("triad", options=options)
    tally["games " + kind] += 1
    if kind == "new":
        if rng.random() < 0.5:
            state = game.new_state(seed=seed)
            assert state.initial_setup is not None
            setup = dict(state.initial_setup)
            how = f"the engine's roll {setup}"
        else:
            setup = {
                "black": sorted(rng.randint(1, 3) for _ in range(6)),
                "orange": sorted(rng.randint(1, 3) for _ in range(6)),
                "first": 0 if first_player == "black" else rng.randint(0, 1),
            }
            state = game.new_state(setup=setup)
            how = f"setup {setup}"
        problems = setup_problems(setup["black"], setup["orange"], setup["first"], first_player == "black")
        if problems:
            raise Mismatch(f"bad setup {setup}: {'; '.join(problems)}")
        ref = Referee.from_setup(setup["black"], setup["orange"], setup["first"], cap)
        return state, ref, f"{how}, options {options}"
    built = random_position(rng) if kind == "position" else built_stalemate(rng)
    while built is None:  # a stalemate could not be built from this draw: draw again
        built = built_stalemate(rng)
    board, to_move, removed = built
    moves = rng.randint(0, cap - 1)
    if first_player == "black" and moves and (moves - to_move) % 2:
        moves -= 1  # Black began, so Orange moves after an odd count (0: a puzzle's, whoever moves)
    ref = Referee(board, to_move, cap, removed, moves)
    data: dict[str, Any] = {
        "game": "triad",
        "players": 2,
        "options": options,
        "setup": None,
        "history": [],
        "dice": ref.dice_view(),
        "to_move": to_move,
        "removed": removed,
        "moves": moves,
        "pending_removal": [],
    }
    try:
        state = game.state_from_json(data)
    except TritableError as exc:
        raise Mismatch(f"the engine refuses the {kind} {data}: {exc}") from None
    return state, ref, f"{kind} {data}"


def play_game(seed: int, tally: Tally | None = None) -> None:
    """Play the game of ``seed`` in the engine and the referee; :class:`AssertionError` at the first
    difference, naming the seed, the step and what differed."""
    tally = Counter() if tally is None else tally
    rng = random.Random(seed)
    where, played = "the start", []
    try:
        state, ref, description = start(rng, seed, tally)
        triad_bias = rng.choice([0.0, 0.0, 0.3, 0.8, 1.0])
        where = f"{description}, triad bias {triad_bias}"
        game = state.game
        while True:
            compare(state, ref)
            if ref.over:
                break
            legal = ref.legal()
            if ref.pending:
                tally["removals"] += 1
                tally["removals with a choice of dice"] += len(ref.pending) > 1
            elif legal[0].kind != "move":
                tally["stalemate turns"] += 1
            action = choose(rng, ref, legal, triad_bias)
            code = action.code()
            if game.action_to_string(code) != action.text() or game.string_to_action(action.text()) != code:
                raise Mismatch(f"notation of {code}: engine {game.action_to_string(code)!r}, referee {action.text()!r}")
            try:
                state.apply_action(code)
            except TritableError as exc:
                raise Mismatch(f"the engine refuses {action.text()}: {exc}") from None
            ref.apply(action)
            played.append(action.text())
            tally["steps"] += 1
            if action.kind in ("turn", "slide") and ref.formed:
                tally["stalemate moves forming a Triad"] += 1
            if len(ref.formed) > 1:
                tally["moves forming several Triads"] += 1
            if action.kind != "remove" and not ref.formed and ref.triads():
                tally["moves leaving an older Triad standing"] += 1
    except Exception as exc:  # a Mismatch, or either side crashing: name the game and the step all the same
        recent = " ".join(played[-8:])
        what = str(exc) if isinstance(exc, Mismatch) else f"{type(exc).__name__}: {exc}"
        raise AssertionError(
            f"game seed {seed} ({where}): step {len(played)} (after ... {recent}): {what}"
            f" [replay alone: play_game({seed})]"
        ) from exc
    tally["games"] += 1
    if ref.winner is None:
        tally["draws (move cap)"] += 1
    else:
        tally["wins"] += 1
        tally["wins on the move cap's last turn"] += ref.moves >= ref.move_cap


def play_games(first_seed: int, count: int) -> tuple[Tally, list[str]]:
    tally: Tally = Counter()
    failures = []
    for seed in range(first_seed, first_seed + count):
        try:
            play_game(seed, tally)
        except AssertionError as exc:
            failures.append(str(exc))
    return tally, failures


def check(tally: Tally, failures: list[str]) -> None:
    shown = "\n".join(failures[:5])
    assert not failures, f"{len(failures)} of {tally['games'] + len(failures)} games differ; the first:\n{shown}"


@cache
def default_run() -> tuple[Tally, list[str], float]:
    started = time.process_time()
    tally, failures = play_games(DEFAULT_FIRST_SEED, DEFAULT_GAMES)
    return tally, failures, time.process_time() - started


# -- the tests ------------------------------------------------------------------------------------


def test_engine_agrees_with_the_referee() -> None:
    tally, failures, _ = default_run()
    check(tally, failures)


def test_the_default_run_reaches_the_rare_cases() -> None:
    """The differential test only checks what its games reach: make sure the rare cases stay reached."""
    tally, _, _ = default_run()
    # About half of what the default run reaches (run this file as a script to see the counts).
    minimum = {
        "removals with a choice of dice": 300,
        "stalemate turns": 50,
        "stalemate moves forming a Triad": 20,
        "moves forming several Triads": 30,
        "moves leaving an older Triad standing": 60,
        "draws (move cap)": 80,
        "wins": 120,
        "wins on the move cap's last turn": 8,
    }
    short = {case: (tally[case], least) for case, least in minimum.items() if tally[case] < least}
    assert not short, f"reached too rarely (count, minimum): {short}; all counts: {dict(tally)}"


@pytest.mark.slow
def test_engine_agrees_with_the_referee_soak() -> None:
    check(*play_games(SLOW_FIRST_SEED, SLOW_GAMES))


if __name__ == "__main__":  # the counts and the CPU time of the default run
    tally, failures, seconds = default_run()
    print(f"{DEFAULT_GAMES} games in {seconds:.1f} s of CPU, {len(failures)} differ")
    for case, count in sorted(tally.items()):
        print(f"  {case}: {count}")
