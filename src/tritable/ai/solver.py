"""The exact Triple Triad solver, and the ``perfect`` level built on it.

:func:`solve` takes a Triple Triad state and returns a :class:`Solution`:

* ``value``: the final score of the side to move minus the opponent's, for the **current round**,
  when both play perfectly. Scores are the cards a player owns on the board plus the cards left
  in hand, so they sum to 10 and ``value`` is even, from -10 to 10: ``value > 0`` is a win, ``0``
  a draw, ``< 0`` a loss (``result`` says which, ``score`` is the mover's own score).
* ``best_moves``: every optimal action (the engine's encoding, ``card id * 9 + cell - 1``), in
  the order of :meth:`~tritable.games.triple_triad.TripleTriadState.legal_actions`; with
  ``all_best=False`` just one of them, which is much faster from an empty board.
* ``nodes`` (positions searched) and ``seconds``.

Scope. Every rule combination (Same, Same Wall, Plus, Combo, Elemental) is solved exactly; the
search plays Elemental's modified ratings for Standard and Combo and the printed ones for Same,
Same Wall and Plus, exactly as the engine does (the tests compare both on random positions).
**Sudden Death**: the solver solves the round being played; a drawn round (value 0) starts a new
round that it does not look into. **Trade phase**: the round is over, so its value is fixed and
every pick is optimal (``best_moves`` lists them all); :class:`SolverAgent` takes the strongest
card (highest sum of printed ratings, then the higher level). **Closed hands**: :func:`solve`
reads the full state, the hidden hand included (a referee's or analyst's view);
:class:`SampledSolverAgent` plays closed games without peeking.

>>> import tritable
>>> game = tritable.new_game("triple-triad", options={"same": True, "plus": True})
>>> state = game.state_from_setup({
...     "hands": [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"],
...               ["Gayla", "Gesper", "Fastitocalon-F", "Blood Soul", "Caterchipillar"]],
...     "first": 0})
>>> for text in ["Geezard@1", "Gayla@2", "Funguar@3", "Gesper@5", "Bite Bug@4", "Blood Soul@6"]:
...     state.apply_action(game.string_to_action(text))
>>> solution = solve(state)
>>> solution.value, solution.result
(2, 'win')
>>> [game.action_to_string(a) for a in solution.best_moves]
['Red Bat@7', 'Blobra@7']

The search (negamax, alpha-beta, transposition table, MTD(f), move ordering, memoised captures,
a loop for the last two placements) is in :mod:`tritable.ai.tt_solver_core`.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from tritable.ai.agents import ActionStat, Agent, AgentSpecError, Observation, check_setting
from tritable.ai.levels import register_perfect
from tritable.ai.tt_solver_core import Position, Search
from tritable.engine.errors import GameOverError, TritableError
from tritable.engine.protocol import JSON, TERMINAL, Action, Game, State

GAME_ID = "triple-triad"


class SolverError(TritableError):
    """The solver cannot answer for this position (not Triple Triad, over, or a hand unknown)."""


@dataclass(frozen=True)
class Solution:
    """The solved value of a position for the side to move, and its optimal actions."""

    player: int
    """The seat to move."""
    value: int
    """The mover's final round score minus the opponent's under perfect play (-10..10, even)."""
    best_moves: tuple[int, ...]
    """Every optimal action (one of them if solved with ``all_best=False``)."""
    all_best: bool
    """Whether ``best_moves`` is the whole set of optimal actions."""
    nodes: int
    seconds: float
    phase: str = "play"
    """``"play"``: a card is to be placed; ``"trade"``: the winner picks a card of the loser."""

    @property
    def score(self) -> int:
        """The mover's final score in the round (0..10)."""
        return (10 + self.value) // 2

    @property
    def result(self) -> str:
        """``"win"``, ``"draw"`` or ``"loss"`` for the side to move."""
        return "win" if self.value > 0 else "loss" if self.value < 0 else "draw"

    def to_json(self, game: Game | None = None) -> JSON:
        out: JSON = {
            "player": self.player,
            "phase": self.phase,
            "value": self.value,
            "score": self.score,
            "result": self.result,
            "best_moves": list(self.best_moves),
            "all_best": self.all_best,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }
        if game is not None:
            out["best_moves_notation"] = [game.action_to_string(a) for a in self.best_moves]
        return out


# -- from the engine to the solver -----------------------------------------------------------------


def _card_tables() -> tuple[dict[str, int], tuple[tuple[int, int, int, int], ...], tuple[int, ...], tuple[int, ...]]:
    from tritable.games.triple_triad import data

    return data.BY_NAME, data.RATINGS, data.CARD_ELEMENTS, data.LEVELS


_Card = tuple[tuple[int, int, int, int], int, int, int]
"""A card's printed ratings, element index (-1: none), level and code (what actions name it by)."""


def _cards_of(table: Sequence[Mapping[str, Any]] | None) -> Mapping[str, _Card]:
    """The cards by name: the built-in table's, or a setup's own (``view["cards"]``, as views
    write it), so that the solver plays custom cards as it plays FF8's."""
    by_name, ratings, card_elements, levels = _card_tables()
    if table is None:
        return _Builtin(by_name, ratings, card_elements, levels)
    from tritable.games.triple_triad.data import ELEMENT_INDEX, code_of_name

    return {
        c["name"]: (
            (c["top"], c["right"], c["bottom"], c["left"]),
            -1 if c["element"] is None else ELEMENT_INDEX[c["element"]],
            c["level"],
            code_of_name(c["name"]),
        )
        for c in table
    }


class _Builtin(Mapping[str, _Card]):
    """The built-in table as :func:`_cards_of` gives it, read card by card when asked."""

    def __init__(
        self,
        by_name: Mapping[str, int],
        ratings: Sequence[tuple[int, int, int, int]],
        elements: Sequence[int],
        levels: Sequence[int],
    ) -> None:
        self._by_name, self._ratings, self._elements, self._levels = by_name, ratings, elements, levels

    def __getitem__(self, name: str) -> _Card:
        i = self._by_name[name]
        return self._ratings[i], self._elements[i], self._levels[i], 9 * i

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)


class _Problem:
    """A position in the solver's terms plus the way back to engine actions."""

    def __init__(self, game: Game, parts: Mapping[str, Any]) -> None:
        from tritable.games.triple_triad.data import ELEMENT_INDEX

        cards = _cards_of(parts.get("cards"))

        self.game = game
        self.player: int = parts["player"]
        sigs: dict[tuple[str, tuple[int, int, int, int], int], int] = {}
        local_ratings: list[tuple[int, int, int, int]] = []
        local_elements: list[int] = []

        def local(group: str, name: str) -> int:
            ratings, element, _, _ = cards[name]
            sig = (group, ratings, element)
            c = sigs.get(sig)
            if c is None:
                c = sigs[sig] = len(local_ratings)
                local_ratings.append(ratings)
                local_elements.append(element)
            return c

        board: list[int] = []
        owner: list[int] = []
        for cell in parts["board"]:
            if cell is None:
                board.append(-1)
                owner.append(-1)
            else:
                name, seat = cell
                board.append(local("board", name))
                owner.append(seat)
        hands: list[tuple[int, ...]] = []
        self.actions_of: dict[int, list[int]] = {}
        """Local card of the mover's hand -> the codes (engine actions less the cell) it stands for."""
        for seat, names in enumerate(parts["hands"]):
            ids = [cards[n][3] for n in names]
            hand = tuple(local(f"hand{seat}", n) for n in names)
            hands.append(hand)
            if seat == self.player:
                for c, i in zip(hand, ids, strict=True):
                    self.actions_of.setdefault(c, [])
                    if i not in self.actions_of[c]:
                        self.actions_of[c].append(i)
        elements = parts.get("elements")
        cells = tuple(-1 if e is None else ELEMENT_INDEX[e] for e in elements) if elements else (-1,) * 9
        o = game.options
        self.position = Position(
            ratings=tuple(local_ratings),
            elements=tuple(local_elements),
            board=tuple(board),
            owner=tuple(owner),
            hands=(hands[0], hands[1]),
            player=self.player,
            same=bool(o["same"]),
            same_wall=bool(o["same_wall"]),
            plus=bool(o["plus"]),
            combo=bool(o["combo"]),
            cell_elements=cells,
        )

    def actions(self, moves: Sequence[tuple[int, int]]) -> list[int]:
        out: list[int] = []
        for c, x in moves:
            out += [i + x for i in self.actions_of[c]]
        return out


def _check_game(game: Game) -> None:
    if game.id != GAME_ID:
        raise SolverError(f"the solver plays Triple Triad, not {game.id}")


def _parts_of_state(state: State) -> JSON:
    """Board, both hands, elements, player and trade phase of a full state (hidden hands included)."""
    data = state.to_json()
    view = state.view(None)
    return {
        "player": data["player"],
        "board": [None if c is None else (c[0], c[1]) for c in data["board"]],
        "hands": data["hands"],
        "elements": view.get("elements"),
        "picks": data.get("picks", 0),
        "cards": view.get("cards"),
    }


def _parts_of_view(view: Mapping[str, Any]) -> JSON:
    """The same from a seat's view; :class:`SolverError` when a hand is hidden from it."""
    hands = view["hands"]
    if any(h is None for h in hands):
        raise SolverError("a hand is hidden from this seat (closed hands): solve a sampled state instead")
    players = view["turn"]["players"]
    trade = view.get("trade") or {}
    return {
        "player": players[0] if players else TERMINAL,
        "board": [None if c is None else (c["card"], c["owner"]) for c in view["board"]],
        "hands": hands,
        "elements": view.get("elements"),
        "picks": trade.get("picks_left", 0),
        "cards": view.get("cards"),
    }


def card_strength(action: Action, cards: Sequence[Mapping[str, Any]] | None = None) -> tuple[int, int]:
    """How much a trade pick (``TAKE + card id``, or a card of a setup's own table ``cards``) is
    worth keeping: (sum of printed ratings, level)."""
    from tritable.games.triple_triad import TAKE

    if cards is not None:
        for printed, _, level, code in _cards_of(cards).values():
            if action == (TAKE + code // 9 if code < TAKE else code + 9):
                return sum(printed), level
        return 0, 0
    _, ratings, _, levels = _card_tables()
    card = int(action) - TAKE  # type: ignore[call-overload]
    return sum(ratings[card]), levels[card]


def _solve_parts(
    game: Game, parts: Mapping[str, Any], legal: Sequence[Action], all_best: bool, start: float
) -> Solution:
    player = parts["player"]
    if player == TERMINAL:
        raise GameOverError("the game is over: nothing to solve")
    if parts["picks"]:
        # The round is decided; every pick keeps the round's score.
        scores = _round_scores(parts)
        value = scores[player] - scores[1 - player]
        picks = cast("tuple[int, ...]", tuple(legal))  # Triple Triad's actions are ints
        if not all_best:  # one of them: the strongest card, as the perfect level takes
            picks = (max(picks, key=functools.partial(card_strength, cards=parts.get("cards"))),)
        return Solution(player, value, picks, all_best, 0, time.perf_counter() - start, "trade")
    problem = _Problem(game, parts)
    search = Search(problem.position)
    value = search.value()
    moves = _all_best(search, value) if all_best else [_one_best(search, value)]
    order = {a: i for i, a in enumerate(legal)}
    best = sorted(set(problem.actions(moves)), key=lambda a: order.get(a, len(order)))
    return Solution(player, value, tuple(best), all_best, search.nodes, time.perf_counter() - start)


def _round_scores(parts: Mapping[str, Any]) -> list[int]:
    scores = [len(parts["hands"][0]), len(parts["hands"][1])]
    for cell in parts["board"]:
        if cell is not None:
            scores[cell[1]] += 1
    return scores


def _all_best(search: Search, value: int) -> list[tuple[int, int]]:
    """Every optimal root move: a null-window test per class of symmetric moves."""
    best: list[tuple[int, int]] = []
    classes = search.symmetric_classes()
    # Moves the table already knows to be worth `value` or more need no test.
    for cls in classes:
        c, x = cls[0]
        if search.move_at_least(c, x, value):
            best += cls
    return best


def _one_best(search: Search, value: int) -> tuple[int, int]:
    if search.best_move is not None:
        return search.best_move
    for c, x in search.root_moves():
        if search.move_at_least(c, x, value):
            return (c, x)
    raise AssertionError("no root move reaches the root's value")


def solve(state: State, *, all_best: bool = True) -> Solution:
    """Solve the current round of a Triple Triad ``state`` exactly (see the module docstring).

    Reads the full state: with closed hands the hidden hand is used as known. Raises
    :class:`~tritable.engine.errors.GameOverError` for a finished game and :class:`SolverError`
    for another game; ``TypeError`` for anything but a :class:`State` (a view, say: see
    :func:`solve_view`), as the agents and ``hint`` do.
    """
    start = time.perf_counter()
    if not isinstance(state, State):
        raise TypeError(f"solve takes a State (solve_view takes a view), not a {type(state).__name__}")
    _check_game(state.game)
    if state.current_player() == TERMINAL:
        raise GameOverError("the game is over: nothing to solve")
    return _solve_parts(state.game, _parts_of_state(state), state.legal_actions(), all_best, start)


def solve_view(game: Game, view: Mapping[str, Any], legal: Sequence[Action], *, all_best: bool = True) -> Solution:
    """Solve from a seat's view (both hands must be visible in it: open hands)."""
    start = time.perf_counter()
    _check_game(game)
    return _solve_parts(game, _parts_of_view(view), legal, all_best, start)


def move_results(game: Game, view: Mapping[str, Any], legal: Sequence[Action]) -> list[tuple[Action, int, bool, int]]:
    """Per legal action: ``(action, result, optimal, margin)``: ``margin`` is the mover's final
    score minus the opponent's after that action and perfect play (exact), ``result`` its sign
    (+1, 0 or -1: the round won, drawn or lost) and ``optimal`` whether it reaches the position's
    exact value. In the trade phase the round is over: every pick has its score."""
    _check_game(game)
    parts = _parts_of_view(view)
    if parts["picks"]:
        scores = _round_scores(parts)
        p = parts["player"]
        r = (scores[p] > scores[1 - p]) - (scores[p] < scores[1 - p])
        return [(a, r, True, scores[p] - scores[1 - p]) for a in legal]
    problem = _Problem(game, parts)
    search = Search(problem.position)
    value = search.value()
    out: dict[Action, tuple[int, bool, int]] = {}
    for cls in search.symmetric_classes():
        c, x = cls[0]
        if search.move_at_least(c, x, value):
            margin, optimal = value, True
        else:  # below the value; scores move by whole cards, so a guess of two less is often right
            margin, optimal = search.move_value(c, x, value - 2), False
        for a in problem.actions(cls):
            out[a] = ((margin > 0) - (margin < 0), optimal, margin)
    return [(a, *out[a]) for a in legal if a in out]


# -- agents ------------------------------------------------------------------------------------------


class SolverAgent(Agent):
    """Perfect play with open hands: the optimal action the exact solver proves first (the search
    is deterministic, so the same position always gives the same move). In the trade phase it
    takes the strongest card. Uses the seat's view only, and refuses closed hands."""

    kind = "perfect"

    def observe(self, state: State, seat: int) -> Observation:
        _check_game(state.game)
        return super().observe(state, seat)

    def choose(self, state: State, seat: int) -> Action:
        obs = self.observe(state, seat)
        actions = obs.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.choose_from(obs, actions)

    @staticmethod
    def choose_from(obs: Observation, actions: list[Action]) -> Action:
        if _parts_of_view(obs.view)["picks"]:
            return max(actions, key=functools.partial(card_strength, cards=obs.view.get("cards")))
        return solve_view(obs.game, obs.view, actions, all_best=False).best_moves[0]

    def analyse_observation(self, obs: Observation) -> list[ActionStat]:
        actions = obs.legal_actions()
        if _parts_of_view(obs.view)["picks"]:
            strength = functools.partial(card_strength, cards=obs.view.get("cards"))
            ranked = sorted(actions, key=strength, reverse=True)
            results = {a: (r, m) for a, r, _, m in move_results(obs.game, obs.view, actions)}
            return [ActionStat(a, float(results[a][0]), None, True, True, results[a][1]) for a in ranked]
        rows = move_results(obs.game, obs.view, actions)
        # The move ``choose`` plays first among the best, so that a hint shows the move played.
        played = self.choose_from(obs, actions) if len(actions) > 1 else actions[0]
        rows.sort(key=lambda row: (not row[2], -row[3], row[0] != played))  # best margin first
        return [ActionStat(a, float(r), None, True, optimal, margin) for a, r, optimal, margin in rows]


class SampledSolverAgent(Agent):
    """Closed hands: draws the hidden hand ``samples`` times from the seat's view
    (``game.sample_state(view, rng)``, never the real hand), solves each draw exactly, and plays
    the action that is optimal in the most draws (ties: the better mean result, then the legal
    order). Its analysis gives each action the number of draws in which it is optimal (as
    ``visits``) and its mean result in those draws: a move no draw proved optimal has no
    estimate (0 visits). With more than ``all_best_from`` empty cells each draw contributes one optimal action
    (solving for all of them costs about five times more there); later, all of them. With nothing
    hidden it plays like :class:`SolverAgent`."""

    repr_settings = ("samples", "all_best_from")
    kind = "perfect"

    def __init__(self, seed: int | str = 0, samples: int = 4, all_best_from: int = 7) -> None:
        super().__init__(seed)
        check_setting("perfect", "samples", samples)
        if type(all_best_from) is not int or not 0 <= all_best_from <= 9:
            raise AgentSpecError(f"perfect: all_best_from counts empty cells, 0 to 9, not {all_best_from!r}")
        self.samples = samples
        self.all_best_from = all_best_from

    def observe(self, state: State, seat: int) -> Observation:
        _check_game(state.game)
        return super().observe(state, seat)

    def choose(self, state: State, seat: int) -> Action:
        obs = self.observe(state, seat)
        actions = obs.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if all(h is not None for h in obs.view["hands"]):
            # Open hands: one optimal move is proved far sooner than every move's margin.
            return SolverAgent.choose_from(obs, actions)
        return self.analyse_observation(obs)[0].action

    def analyse_observation(self, obs: Observation) -> list[ActionStat]:
        actions = obs.legal_actions()
        view = obs.view
        if all(h is not None for h in view["hands"]):
            return SolverAgent(self.seed).analyse_observation(obs)
        optimal = {a: 0 for a in actions}
        result = {a: 0.0 for a in actions}
        empty = sum(cell is None for cell in view["board"])
        for state, weight in obs.determinizations(self.samples):
            solution = solve(state, all_best=empty <= self.all_best_from)
            # Only an optimal move's result is known; the others are only bounded by it.
            outcome = (solution.value > 0) - (solution.value < 0)
            for a in solution.best_moves:
                if a in optimal:
                    optimal[a] += weight
                    result[a] += weight * outcome
        order = {a: i for i, a in enumerate(actions)}
        ranked = sorted(actions, key=lambda a: (-optimal[a], -result[a], order[a]))
        return [ActionStat(a, result[a] / optimal[a] if optimal[a] else 0.0, optimal[a], False) for a in ranked]


def perfect_agent(game: Game | None, seed: int | str) -> Agent:
    """The ``perfect`` level of Triple Triad: :class:`SolverAgent` with open hands, else
    :class:`SampledSolverAgent`, which also plays open hands exactly: the level of a game known
    only by its id (``game`` is ``None``), whose hands may be either."""
    if game is None:
        return SampledSolverAgent(seed)
    _check_game(game)
    if game.options.get("open", True):
        return SolverAgent(seed)
    return SampledSolverAgent(seed)


register_perfect(GAME_ID, perfect_agent)

__all__ = [
    "SampledSolverAgent",
    "Solution",
    "SolverAgent",
    "SolverError",
    "card_strength",
    "move_results",
    "perfect_agent",
    "solve",
    "solve_view",
]
