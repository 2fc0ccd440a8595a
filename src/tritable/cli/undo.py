"""What ``undo`` may take back against an AI without letting the player peek.

The rule: an action may be taken back only if it showed the undoing seat nothing it could not
know before it. Taking back a draw and drawing again, say, would show the same tile (the setup
fixes every draw), so the player would know the pool; an AI's card from a closed hand, once seen,
would be known when choosing again. Each action being taken back is checked generically, from the
seat's own view: hidden parts are drawn at random several times from the seat's view before the
action (``game.sampler``), the action is applied to each draw, and if it is illegal in a draw or
shows the seat another view after it than it saw, the action told the seat something it did not
know (a tile drawn, a card from a hidden hand, a new round's deal). A chance step always does.
Games in which every seat sees everything (Triad; Triple Triad with open hands) never refuse.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tritable.engine import CHANCE, Action, Game, TritableError

DRAWS = 8
"""How many states are drawn from the seat's view to test each action taken back."""


def undo_refusal(
    game: Game, setup: Mapping[str, Any], history: Sequence[tuple[int, Action]], upto: int, seat: int
) -> str | None:
    """Why taking back ``history[upto:]`` would let ``seat`` peek (an English reason naming the
    action), or None when it saw nothing there it could not know before.

    >>> import tritable
    >>> game = tritable.new_game("triad")
    >>> state = game.new_state(seed=1)
    >>> for _ in range(2):
    ...     state.apply_action(state.legal_actions()[0])
    >>> undo_refusal(game, state.initial_setup, state.history, 0, 0) is None
    True
    """
    state = game.state_from_setup(setup)
    for s, action in history[:upto]:
        state.apply_action(action, s)
    rng = random.Random(0)
    for i, (s, action) in enumerate(history[upto:], upto + 1):
        notation = game.action_to_string(action)
        who = "your" if s == seat else f"P{s + 1}'s"
        if s == CHANCE:
            return f"action {i} was a chance step ({notation}), which showed you its outcome"
        seen = state.view(seat)
        after = state.clone()
        after.apply_action(action, s)
        shown = after.view(seat)
        if not _told_nothing(game, seen, shown, action, s, seat, rng):
            return f"{who} {notation} (action {i}) showed you what you could not see before"
        state = after
    return None


def _told_nothing(
    game: Game,
    seen: Mapping[str, Any],
    shown: Mapping[str, Any],
    action: Action,
    actor: int,
    seat: int,
    rng: random.Random,
) -> bool:
    """Whether ``action`` of ``actor`` shows ``seat`` the same view after it (``shown``) in every
    state drawn from ``seen``: then it told the seat nothing it did not know."""
    if game.perfect_information:
        return True
    try:
        draw = game.sampler(seen)
        for _ in range(DRAWS):
            sample = draw(rng)
            try:
                sample.apply_action(action, actor)
            except TritableError:
                return False  # illegal where the hidden parts differ: it showed what they are
            if sample.view(seat) != shown:
                return False
    except TritableError:
        return False  # a view the game cannot draw from: refuse rather than let a peek through
    return True
