"""Per-game evaluation functions: how good a position that is not over looks for a seat.

The registry maps a game id to a function ``(state, seat) -> float`` in [-1, 1] (higher is better
for ``seat``; for more than two players, like :meth:`Outcome.returns`: how far ahead of the others
on average). The greedy agent scores its actions with it, and the tree search stops random
playouts after ``rollout_depth`` actions and scores the position with it. A game without one is
scored by random playouts to the end.

An evaluation reads only what ``seat`` may see: ``state.view(seat)`` (JSON; each game's module
docstring documents its view), at the end ``state.returns()``, or a game's documented queries on
public information (Triple Triad's ``is_decided()`` and ``winner()``, Triominos' ``tally(seat)``:
numbers of the view without building it). It never reads a state's other internals, so it sees
exactly what ``seat`` sees and works on sampled states.

Add one for a game with the decorator::

    @register_evaluation("my-game")
    def my_game(state: State, seat: int) -> float:
        view = state.view(seat)
        ...

The built-in ones are deliberately simple (score or material differences):

>>> sorted(EVALUATIONS) == sorted(BUILTIN)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tritable.engine.protocol import Action, Game, State

Evaluation = Callable[[State, int], float]
"""A per-game evaluation: ``(state, seat) -> float`` in [-1, 1], higher is better for ``seat``."""

Preference = Callable[[Any, int, Action], float]
"""``(view, seat, action) -> float``: how much ``seat`` likes ``action`` beside the game's result."""

EVALUATIONS: dict[str, Evaluation] = {}
"""game id -> evaluation function."""


def register_evaluation(game_id: str) -> Callable[[Evaluation], Evaluation]:
    """Register ``function`` as the evaluation of ``game_id`` (replacing any earlier one)."""

    def decorator(function: Evaluation) -> Evaluation:
        EVALUATIONS[game_id] = function
        return function

    return decorator


def evaluation_for(game: Game | str) -> Evaluation | None:
    """The evaluation registered for a game (or game id), ``None`` if it has none."""
    return EVALUATIONS.get(game if isinstance(game, str) else game.id)


PREFERENCES: dict[str, Preference] = {}
"""game id -> preference: what a seat likes among actions the search values the same.

Some choices cannot change the game's result and still matter to a player: the card the winner
of a Triple Triad trade takes home. The search values them all alike, so the search agents and
``greedy`` order actions of exactly equal value by the game's preference (higher first). It reads
the seat's view only."""


def register_preference(game_id: str) -> Callable[[Preference], Preference]:
    """Register ``function`` as the preference of ``game_id`` (replacing any earlier one)."""

    def decorator(function: Preference) -> Preference:
        PREFERENCES[game_id] = function
        return function

    return decorator


def preference_for(game: Game | str) -> Preference | None:
    """The preference registered for a game (or game id), ``None`` if it has none."""
    return PREFERENCES.get(game if isinstance(game, str) else game.id)


@register_preference("triple-triad")
def triple_triad_preference(view: Any, seat: int, action: Action) -> float:
    """A trade pick (``TAKE + card id``): the stronger card, by the sum of its printed ratings,
    then its level; every other action 0.

    >>> from tritable.games.triple_triad import TAKE
    >>> from tritable.games.triple_triad.data import BY_NAME
    >>> take = lambda name: TAKE + BY_NAME[name]
    >>> triple_triad_preference({}, 0, take("Squall")) > triple_triad_preference({}, 0, take("Geezard"))
    True
    """
    from tritable.games.triple_triad import TAKE
    from tritable.games.triple_triad.data import LEVELS, RATINGS

    if type(action) is not int or not TAKE <= action < TAKE + len(RATINGS):  # a setup's own card: unrated
        return 0.0
    card = action - TAKE
    return sum(RATINGS[card]) * 100.0 + LEVELS[card]


_KNEE = 0.8
"""Where :func:`relative` stops being the plain scaled difference."""


def relative(values: Sequence[float], seat: int, scale: float) -> float:
    """``seat``'s standing from per-seat numbers (higher is better): the mean over the other seats
    of the difference, divided by ``scale``; within [-0.8, 0.8] that is the value, beyond it the
    value bends towards +-1 without reaching it (``0.8 + 0.2 y / (1 + y)`` with ``y = (|x| - 0.8) /
    0.2`` for the scaled difference ``x``: its slope is 1 at the knee, as inside).

    It never clamps: a lead twice the scale still beats a lead of once the scale. A clamp made
    every action look alike to a seat far ahead or behind, so ``greedy`` chose among them at
    random there (a quarter of its Triominos moves, at 100 points a unit).

    >>> relative([6, 4], 0, 10)
    0.2
    >>> relative([10, 0, 0], 1, 10)
    -0.5
    >>> [round(relative([lead, 0], 0, 100), 3) for lead in (50, 80, 100, 200, 900)]
    [0.5, 0.8, 0.9, 0.971, 0.995]
    """
    n = len(values)
    if n < 2:
        return 0.0
    mine = values[seat]
    diff = sum(mine - v for i, v in enumerate(values) if i != seat) / (n - 1)
    x = diff / scale
    if -_KNEE <= x <= _KNEE:
        return x
    y = (abs(x) - _KNEE) / (1.0 - _KNEE)
    bent = _KNEE + (1.0 - _KNEE) * y / (1.0 + y)
    return bent if x > 0 else -bent


def _scores(state: State, seat: int, scale: float) -> float:
    view = state.view(seat)
    return relative(view["scores"], seat, scale)


@register_evaluation("triple-triad")
def triple_triad(state: State, seat: int) -> float:
    """Cards owned (board + hand; the two scores sum to 10): the difference over 10. In the trade
    phase the match is decided: its result, +-1 as at the end, so that every pick scores alike
    (a playout cut during the picks would otherwise weigh them by the cards they move)."""
    if state.is_decided():  # type: ignore[attr-defined]
        winner = state.winner()  # type: ignore[attr-defined]
        return 0.0 if winner is None else 1.0 if winner == seat else -1.0
    return _scores(state, seat, 10.0)


@register_evaluation("triad")
def triad(state: State, seat: int) -> float:
    """Dice removed (three win): the difference over 3, a removal due counting as made."""
    view = state.view(seat)
    removed = list(view["scores"])
    if view["pending_removal"]:
        removed[view["to_move"]] += 1
    return relative(removed, seat, 3.0)


TRIOMINOS_PIP_WEIGHT = 0.5
"""Triominos: what a pip left in a rack costs (a seat that goes out scores the others' rack sums)."""
TRIOMINOS_TILE_WEIGHT = 6.0
"""Triominos: what a tile left in a rack costs besides its pips (the 25 for going out is further off)."""


@register_evaluation("triominos")
def triominos(state: State, seat: int) -> float:
    """Score difference, scaled by a quarter of the target, each rack counted against its holder:
    ``TRIOMINOS_TILE_WEIGHT`` a tile and ``TRIOMINOS_PIP_WEIGHT`` a pip. The seat's own rack sum
    is known; another seat's is estimated as its rack size times the mean sum of the tiles the
    seat cannot see (those neither in its rack nor on the table), shown tiles counted exactly.
    Read from ``state.tally(seat)``: the numbers of the seat's view."""
    tally = state.tally(seat)  # type: ignore[attr-defined]
    unseen = tally.unseen_tiles
    mean = tally.unseen_pips / unseen if unseen > 0 else 7.5
    scores = []
    for s, (score, n) in enumerate(zip(tally.scores, tally.hand_sizes, strict=True)):
        hidden = n - tally.shown_tiles[s]
        rack_pips = float(tally.rack_pips) if s == seat else tally.shown_pips[s] + hidden * mean
        scores.append(score - TRIOMINOS_PIP_WEIGHT * rack_pips - TRIOMINOS_TILE_WEIGHT * n)
    return relative(scores, seat, max(40.0, state.game.options["target"] / 4))


@register_evaluation("triatri")
def triatri(state: State, seat: int) -> float:
    """The scores each seat would have if the game ended now, difference over 8."""
    return _scores(state, seat, 8.0)


@register_evaluation("tri-t-area")
def tri_t_area(state: State, seat: int) -> float:
    """Score difference over 30."""
    return _scores(state, seat, 30.0)


BUILTIN: tuple[str, ...] = ("triple-triad", "triad", "triominos", "triatri", "tri-t-area")
