"""Per-game rollout policies: how the tree search plays out a position past its tree.

Without a policy, a playout picks uniformly random legal actions. A game may register a cheap
heuristic instead: ``policy(state, seat, actions, rng) -> action``, where ``actions`` is
``state.legal_actions(seat)`` (two or more of them) and the result must be one of them. Like an
evaluation it reads only what ``seat`` could know: the actions, ``state.view(seat)`` and the
game's documented queries on its state about public play or the seat's own hand (Triominos'
``lay_points`` and ``scored_lays``; TriATri's ``stake_value``, ``winner_after``, ``supply`` and
``_hand_actions(seat)``, the seat's cards as actions), never a state's internals nor another
seat's hidden cards, and it draws its randomness from ``rng`` alone (the search's generator), so a
search stays reproducible. It should be fast: it runs at every step of every playout.

Add one for a game with the decorator::

    @register_policy("my-game")
    def my_game(state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
        ...

>>> sorted(POLICIES)
['triatri', 'triominos']
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from tritable.ai.agents import SAMPLE_WEIGHTS, Observation
from tritable.engine.protocol import Action, Game, State

Policy = Callable[[State, int, list[Action], random.Random], Action]
"""A per-game rollout policy: ``(state, seat, legal actions, rng) -> one of the actions``."""

POLICIES: dict[str, Policy] = {}
"""game id -> rollout policy."""


def register_policy(game_id: str) -> Callable[[Policy], Policy]:
    """Register ``function`` as the rollout policy of ``game_id`` (replacing any earlier one)."""

    def decorator(function: Policy) -> Policy:
        POLICIES[game_id] = function
        return function

    return decorator


def policy_for(game: Game | str) -> Policy | None:
    """The rollout policy registered for a game (or game id), ``None`` if it has none."""
    return POLICIES.get(game if isinstance(game, str) else game.id)


TRIOMINOS_EPSILON = 0.25
"""Triominos: how often the policy lays a random tile instead of one of the best scoring."""


@register_policy("triominos")
def triominos(state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """Lay one of the tiles that score most now (``state.scored_lays()``: the tile's sum and its
    bridge, slot or hexagon bonus), the higher tile first among equals (a tile left in the rack
    costs its sum); a random legal action with probability ``TRIOMINOS_EPSILON``. Drawing and
    passing come one at a time, never beside a lay, so they never reach the choice.

    Bonuses are 40-70 points against a tile's 0-15, so a playout in which nobody takes them
    misjudges every open slot: leaving one to the next seat costs about a bonus."""
    if rng.random() < TRIOMINOS_EPSILON:
        return actions[rng.randrange(len(actions))]
    best = -1
    top: list[Action] = []
    for a, points in state.scored_lays():  # type: ignore[attr-defined]
        v = points * 64 + a[0]  # tile index a[0] orders equal points by sum, roughly
        if v > best:
            best = v
            top = [a]
        elif v == best:
            top.append(a)
    if not top:
        return actions[rng.randrange(len(actions))]
    return top[rng.randrange(len(top))]


TRIOMINOS_REGRET = 1.0
"""Triominos: how fast a sample's weight falls with the points the others' lays gave away."""


def triominos_sample_weight(obs: Observation, state: State) -> float | None:
    """How likely a drawn state makes the others' lays seen this round: a player lays a
    best-scoring tile, so a rack that held a tile worth more (``Triominos.lays_seen``: the seat
    has not drawn since, so it still holds that rack) is less likely, by ``exp(-TRIOMINOS_REGRET
    x the points it would have given away)``; ``None`` before any other seat's lay. Reads the
    view and the drawn state only."""
    lays = obs.memo("lays_seen", lambda: obs.game.lays_seen(obs.view))  # type: ignore[attr-defined]
    if all(seat == obs.seat for seat, _, _, _ in lays):
        return None
    regret = 0
    racks: dict[int, list[str]] = {}
    for seat, _, points, best in lays:
        if seat == obs.seat:
            continue
        if seat not in racks:
            racks[seat] = state.hand(seat)
        top = max((best.get(name, 0) for name in racks[seat]), default=0)
        regret += max(0, top - points)
    return math.exp(-TRIOMINOS_REGRET * regret)


SAMPLE_WEIGHTS["triominos"] = triominos_sample_weight

TRIATRI_EPSILON = 0.25
"""TriATri: how often the policy plays a random legal action instead of its heuristic one."""
_TRIATRI_FAKE_COST = 5
"""TriATri: what spending the fake costs the policy, on the scale of the card numbers (2-8)."""


@register_policy("triatri")
def triatri(state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """Play for the gems the seat wants. Actions are the documented codes: a card is
    ``10 * colour + number`` (the fake 0), a gem choice 30 or more.

    * Choosing the gem: the supply colour worth most to the seat (``state.stake_value``) plus a
      little for its best card of that colour; never the last gem of a colour (it ends the game)
      nor an own gem, unless that is all there is.
    * Playing: if the trick's gem is worth something to the seat, the cheapest card that wins the
      trick so far (``state.winner_after``), else its cheapest card; if not, the dearest card that
      does not win, else the cheapest. The fake counts as a 5. Leading, a card of 5 or more counts
      as winning.

    A random legal action with probability ``TRIATRI_EPSILON``, and random ties.
    Random playouts give every gem to whoever happens to win it, so a search on them judges a
    position as if nobody cared which gems they took; in TriATri a gem can be worth +5 or -4."""
    if rng.random() < TRIATRI_EPSILON:
        return actions[rng.randrange(len(actions))]
    s: Any = state
    codes: list[int] = actions  # type: ignore[assignment]
    if codes[0] >= 30:
        supply = s.supply
        hand = s._hand_actions(seat)
        best = codes[0]
        top = -1e9
        for a in codes:
            if a < 33:
                colour = a - 30
                v = -5.0 if supply[colour] <= 1 else float(s.stake_value(seat, a))
                v += max((c % 10 for c in hand if c and c // 10 == colour), default=0) / 8
            else:
                v = -3.0
            v += rng.random() * 0.5
            if v > top:
                top = v
                best = a
        return best

    def cost(card: int) -> int:
        return _TRIATRI_FAKE_COST if card == 0 else card % 10

    wins: list[int] = []
    loses: list[int] = []
    if s.winner_after() is None:
        for a in codes:
            (wins if a % 10 >= 5 else loses).append(a)
    else:
        for a in codes:
            (wins if s.winner_after(a) == seat else loses).append(a)
    if s.stake_value(seat) > 0:
        pool = wins or codes
        low = min(cost(a) for a in pool)
        choice = [a for a in pool if cost(a) == low]
    elif loses:
        high = max(cost(a) for a in loses)
        choice = [a for a in loses if cost(a) == high]
    else:
        low = min(cost(a) for a in codes)
        choice = [a for a in codes if cost(a) == low]
    return choice[rng.randrange(len(choice))]
