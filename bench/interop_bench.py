"""What the OpenSpiel and PettingZoo interfaces cost: random playouts per second of each game
through the native protocol, through OpenSpiel (``tritable.interop.openspiel``) and through
PettingZoo (``tritable.interop.pettingzoo``), and each interface's cost as a multiple of the native.

A playout is a whole game from its deal, with uniformly random legal actions:

* native: ``game.new_state(seed=i)`` (the deal) and ``random_playout`` (``legal_actions`` and
  ``apply_action``);
* OpenSpiel: ``new_initial_state()``, the deal's chance steps drawn by their probabilities, then
  ``legal_actions()`` and ``apply_action`` (``apply_actions`` at a simultaneous node);
* PettingZoo: ``reset(seed=i)`` and the AEC loop as a learner runs it: ``last()`` (the seat's
  observation: its view, encoded, and the action mask) and ``step`` with a random legal action
  (drawn from ``info["legal_actions"]``, the ids the mask marks: drawing from a mask of 776,330
  Triominos actions would cost more than the step);
* PettingZoo without observations ("blind"): the same loop with ``last(observe=False)``, what the
  environment costs apart from building observations.

Two more measures say what no adapter can save:

* the OpenSpiel floor: the same OpenSpiel loop over a Python game that replays recorded playouts
  of the case and computes nothing (each step's outcomes or legal ids given back as recorded):
  pyspiel's machinery and the loop's own draws. "Least possible" is 1 plus its cost, the game's
  own work (the native playout) and the floor's together;
* native with views: the native playout that also builds the acting seat's view before each
  action (``state.view``, the game's code), what any observation made from views must pay.

Each measure plays for ``--seconds`` of CPU time (``process_time``); the figure is the median over
``--runs`` such measures. Every game at every player count, default options, unless ``--game``.

Usage: ``.venv/bin/python bench/interop_bench.py [--game ID] [--players P] [--seconds T] [--runs R]
[--json FILE]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchargs import fail, known_game, output_file, positive_float, positive_int, run

import tritable
from tritable.engine.playout import random_playout
from tritable.engine.protocol import SIMULTANEOUS


def native_playout(game: tritable.Game) -> Callable[[int], None]:
    def play(i: int) -> None:
        random_playout(game.new_state(seed=i), random.Random(i))

    return play


def native_views_playout(game: tritable.Game) -> Callable[[int], None]:
    """The native playout that also builds, before each action, the acting seat's view (what a
    PettingZoo observation is encoded from): the part of the observation's cost that is the
    game's own ``view``, not the adapter's."""

    def play(i: int) -> None:
        rng = random.Random(i)
        state = game.new_state(seed=i)
        while not state.is_terminal():
            seat = state.players_to_move()[0]
            state.view(seat)
            actions = state.legal_actions(seat)
            state.apply_action(rng.choice(actions), seat if state.current_player() == SIMULTANEOUS else None)

    return play


def openspiel_playout(game: tritable.Game) -> Callable[[int], None]:
    import pyspiel

    import tritable.interop.openspiel as tos

    return _openspiel_loop(pyspiel.load_game(tos.short_name(game.id), {"players": game.players}), game.players)


def _openspiel_loop(os_game: Any, players_count: int) -> Callable[[int], None]:
    """The OpenSpiel playout of any OpenSpiel game (ours, or the floor's replay)."""
    players = range(players_count)

    def play(i: int) -> None:
        rng = random.Random(i)
        state = os_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in players])
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    return play


# -- the floor: pyspiel's own cost ----------------------------------------------------------------
#
# What no adapter can save: the same OpenSpiel loop over a Python game that only replays recorded
# playouts of the case (each step's chance outcomes or legal action ids, as our adapter gave them),
# computing nothing, and answering from Python what our adapter answers from Python. Its cost is
# pyspiel's per-step machinery (every apply_action goes into C++ and back into Python twice) and
# the loop's own drawing of chance outcomes by their probabilities.

_REPLAYS = 20  # recorded playouts a case; the replay cycles through them
_replay_steps: list[list[tuple[int, Any, Any]]] = []


def _replay_classes() -> tuple[Any, Any]:
    import pyspiel

    class ReplayGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any]) -> None:
            info = pyspiel.GameInfo(
                num_distinct_actions=params["actions"],
                max_chance_outcomes=params["outcomes"],
                num_players=params["players"],
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=10_000,
            )
            super().__init__(_replay_type(params["simultaneous"]), info, params)
            self.playouts = list(_replay_steps)
            self.next = 0

        def new_initial_state(self) -> Any:
            self.next += 1
            return ReplayState(self, self.playouts[self.next % len(self.playouts)])

    class ReplayState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any, steps: list[tuple[int, Any, Any]]) -> None:
            super().__init__(game)
            self.steps = steps
            self.at = 0
            self.players = game.num_players()

        def current_player(self) -> int:
            at = self.at
            return self.steps[at][0] if at < len(self.steps) else pyspiel.PlayerId.TERMINAL

        def is_terminal(self) -> bool:
            return self.at >= len(self.steps)

        def is_chance_node(self) -> bool:
            return self.current_player() == pyspiel.PlayerId.CHANCE

        def is_simultaneous_node(self) -> bool:
            return self.current_player() == pyspiel.PlayerId.SIMULTANEOUS

        def legal_actions(self, player: int | None = None) -> list[int]:
            legal = self.steps[self.at][2]
            return list(legal if player is None else legal[player])

        def _legal_actions(self, player: int) -> list[int]:
            legal = self.steps[self.at][2]
            return list(legal[player] if self.is_simultaneous_node() else legal)

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return list(self.steps[self.at][1])

        def _apply_action(self, action: int) -> None:
            self.at += 1

        def _apply_actions(self, actions: list[int]) -> None:
            self.at += 1

        def _action_to_string(self, player: int, action: int) -> str:
            return str(action)

        def returns(self) -> list[float]:
            return [0.0] * self.players

        def __str__(self) -> str:
            return f"step {self.at}"

    return ReplayGame, ReplayState


def _replay_type(simultaneous: bool) -> Any:
    import pyspiel

    return pyspiel.GameType(
        short_name="tritable_bench_replay" + ("_simultaneous" if simultaneous else ""),
        long_name="tritable benchmark replay",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={"players": 2, "actions": 1, "outcomes": 1, "simultaneous": False},
    )


def _record(os_game: Any, players: int) -> list[list[tuple[int, Any, Any]]]:
    """``_REPLAYS`` playouts of ``os_game`` (the OpenSpiel loop's) as replay steps."""
    import pyspiel

    playouts = []
    for i in range(_REPLAYS):
        rng = random.Random(i)
        state = os_game.new_initial_state()
        steps: list[tuple[int, Any, Any]] = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                steps.append((pyspiel.PlayerId.CHANCE, outcomes, None))
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            elif state.is_simultaneous_node():
                legal = [state.legal_actions(p) for p in range(players)]
                steps.append((pyspiel.PlayerId.SIMULTANEOUS, None, legal))
                state.apply_actions([rng.choice(ids) for ids in legal])
            else:
                legal = state.legal_actions()
                steps.append((state.current_player(), None, legal))
                state.apply_action(rng.choice(legal))
        playouts.append(steps)
    return playouts


def openspiel_floor_playout(game: tritable.Game) -> Callable[[int], None]:
    import pyspiel

    import tritable.interop.openspiel as tos

    os_game = pyspiel.load_game(tos.short_name(game.id), {"players": game.players})
    _replay_steps[:] = _record(os_game, game.players)
    simultaneous = any(p == pyspiel.PlayerId.SIMULTANEOUS for steps in _replay_steps for p, _, _ in steps)
    name = _replay_type(simultaneous).short_name
    if name not in pyspiel.registered_names():
        game_class, _ = _replay_classes()
        pyspiel.register_game(_replay_type(simultaneous), game_class)
    replay = pyspiel.load_game(
        name,
        {
            "players": game.players,
            "actions": os_game.num_distinct_actions(),
            "outcomes": os_game.max_chance_outcomes(),
            "simultaneous": simultaneous,
        },
    )
    return _openspiel_loop(replay, game.players)


def pettingzoo_playout(game: tritable.Game, observe: bool = True) -> Callable[[int], None]:
    from tritable.interop.pettingzoo import env

    e = env(game.id, players=game.players)

    def play(i: int) -> None:
        rng = random.Random(i)
        e.reset(seed=i)
        for _ in e.agent_iter():
            _, _, terminated, truncated, info = e.last(observe)
            if terminated or truncated:
                e.step(None)
            else:
                e.step(rng.choice(info["legal_actions"]))

    return play


def pettingzoo_blind_playout(game: tritable.Game) -> Callable[[int], None]:
    return pettingzoo_playout(game, observe=False)


INTERFACES: dict[str, Callable[[tritable.Game], Callable[[int], None]]] = {
    "native": native_playout,
    "native_views": native_views_playout,
    "openspiel": openspiel_playout,
    "openspiel_floor": openspiel_floor_playout,
    "pettingzoo": pettingzoo_playout,
    "pettingzoo_blind": pettingzoo_blind_playout,
}


def rate(play: Callable[[int], None], seconds: float, first: int) -> float:
    """Playouts per CPU second over at least ``seconds``."""
    n = 0
    start = time.process_time()
    while True:
        play(first + n)
        n += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return n / spent


def measure(game_id: str, players: int, seconds: float, runs: int) -> dict[str, Any]:
    game = tritable.new_game(game_id, players)
    plays = {name: make(game) for name, make in INTERFACES.items()}
    rates: dict[str, list[float]] = {name: [] for name in plays}
    for r in range(runs):  # the interfaces take turns, so a busy spell of the machine hits them alike
        for name, play in plays.items():
            rates[name].append(rate(play, seconds, 10_000 * r))
    row: dict[str, Any] = {"game": game_id, "players": players, "seconds": seconds, "runs": runs}
    native = statistics.median(rates["native"])
    for name, values in rates.items():
        row[f"{name}_per_s"] = round(statistics.median(values), 1)
        if name != "native":
            row[f"{name}_cost"] = round(native / statistics.median(values), 2)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", type=known_game)
    parser.add_argument("--players", type=positive_int, help="with --game: this many players (default: every count)")
    parser.add_argument("--seconds", type=positive_float, default=2.0, help="CPU seconds a measure (default 2)")
    parser.add_argument("--runs", type=positive_int, default=5, help="measures a figure is the median of (default 5)")
    parser.add_argument("--json", metavar="FILE", type=output_file, help="also write the figures as JSON here")
    args = parser.parse_args()
    if args.players is not None and args.game is None:
        parser.error("--players needs --game (without it every game runs at every player count)")
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError as exc:
        fail(f"this benchmark needs the open-spiel and pettingzoo extras ({exc})")
    games = [args.game] if args.game else tritable.game_ids()
    cases = []
    for g in games:
        cls = tritable.new_game(g)
        counts = [args.players] if args.players else range(cls.min_players, cls.max_players + 1)
        for p in counts:
            tritable.new_game(g, p)  # a PlayerCountError now, not after the other games
            cases.append((g, p))
    rows = [measure(g, p, args.seconds, args.runs) for g, p in cases]
    if args.json:
        with open(args.json, "w") as out:
            out.write(json.dumps(rows, indent=1) + "\n")
    print(
        "| game | players | native playouts/s | OpenSpiel playouts/s | cost | least possible "
        "| PettingZoo playouts/s | cost | PettingZoo blind | cost | native + views |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['game']} | {r['players']} | {r['native_per_s']:,.0f} | {r['openspiel_per_s']:,.0f} | "
            f"{r['openspiel_cost']:.2f}x | {least_openspiel_cost(r):.2f}x | "
            f"{r['pettingzoo_per_s']:,.0f} | {r['pettingzoo_cost']:.2f}x | "
            f"{r['pettingzoo_blind_per_s']:,.0f} | {r['pettingzoo_blind_cost']:.2f}x | {r['native_views_cost']:.2f}x |"
        )


def least_openspiel_cost(row: dict[str, Any]) -> float:
    """The least cost an OpenSpiel adapter could have: the game's own work (the native playout)
    plus pyspiel's and the loop's (the floor's replay), as a multiple of the native playout."""
    return 1 + row["openspiel_floor_cost"]


if __name__ == "__main__":
    run(main)
