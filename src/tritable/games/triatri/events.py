"""What the last action did, as views tell it: ``last_action`` and ``events`` (see the package
docstring for the event types). Both are derived from the position and the last action alone, so
a state read from JSON or drawn from a view tells the same."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tritable.engine.errors import StateError
from tritable.engine.protocol import JSON
from tritable.games.triatri.cards import (
    CARD_TEXT,
    COLOUR,
    COLOUR_NAMES,
    ENDS,
    FAKE,
    GEM,
    GEM_OWN,
    GEM_SUPPLY,
    INSTANT_WIN_POINTS,
    LETTERS,
    NUMBER,
    OVER,
    PLAY,
    REVEAL,
    TRICKS_PER_ROUND,
    action_text,
    laid_out,
    value_after,
    winning_slot,
)

if TYPE_CHECKING:
    from tritable.games.triatri.game import TriATriState

GEM_WORDS = ("red", "blue", "green")
"""The gems by their colour, as the platform draws them (R Fire, B Water, G Wood)."""

CHOOSE, REPICK, REVEALED, GEM_CHOICE, PLAYED, TRICK = "choose", "repick", "reveal", "gem", "play", "trick"
"""What the last action was: a start card chosen and still sealed, a start card that made a tied
reveal, a start card that revealed them all, a gem choice, a card played to a trick that goes on,
a card that finished a trick."""


def last_kind(state: TriATriState) -> str | None:
    """What the last action was (one of the kinds above), read from the position it left;
    :class:`StateError` when the last action cannot have led to the position."""
    last = state._last_action
    if last is None:
        if state._round or state._phase != REVEAL or state._repicks or max(state._pending) >= 0:
            raise StateError("'last_action' is null only before the first action")
        return None
    seat, action = last
    n = state._n
    phase = state._phase
    if action >= GEM_SUPPLY:
        if phase != PLAY or state._plays or seat != state._leader or action != state._gem:
            raise StateError(f"the last action {action_text(action)} by seat {seat} is not the gem at stake")
        return GEM_CHOICE
    kind: str | None = None
    if phase == REVEAL:
        if max(state._pending) >= 0:
            kind, card = CHOOSE, state._pending[seat]
        elif state._repicks:
            kind, card = REPICK, state._repicks[-1][seat]
        elif state._last is not None:  # a round ended; the next one is dealt
            kind = TRICK
    elif phase == GEM and not state._tricks:
        kind, card = REVEALED, state._start[seat]
    elif phase == PLAY:
        if state._plays and seat == (state._leader + len(state._plays) - 1) % n:
            kind, card = PLAYED, state._plays[-1]
    else:  # a trick was finished: the next one waits for its gem, or the game is over
        kind = TRICK
    if kind == TRICK:
        trick = state._last
        if trick is not None and seat == (trick[0] + n - 1) % n:
            card = trick[2][-1]
        else:
            kind = None
    if kind is None or card != action:
        raise StateError(f"the last action {action_text(action)} by seat {seat} did not lead to this position")
    return kind


def last_action_view(state: TriATriState, seat: int | None) -> JSON | None:
    """``{"seat", "action"}`` of the last action; the action is ``None`` to everyone but its seat
    while it is a sealed start card."""
    last = state._last_action
    if last is None:
        return None
    actor, action = last
    sealed = actor != seat and state._phase == REVEAL and state._pending[actor] >= 0
    return {"seat": actor, "action": None if sealed else action_text(action)}


def _seat(s: int) -> str:
    return f"P{s + 1}"


def _gem_word(colour: int) -> str:
    return f"{GEM_WORDS[colour]} gem"


def events(state: TriATriState, seat: int | None) -> list[JSON]:
    """What the last action did, in order, as ``seat`` (``None``: a spectator) may see it."""
    kind = last_kind(state)
    if kind is None:
        return []
    actor, action = state._last_action  # type: ignore[misc]  # not None: it has a kind
    n = state._n
    if kind == CHOOSE:
        if actor == seat:
            card = CARD_TEXT[action]
            text = f"{_seat(actor)} chooses {card} as start card"
            return [{"type": "choose", "seat": actor, "card": card, "text": text}]
        return [{"type": "choose", "seat": actor, "text": f"{_seat(actor)} has chosen a start card"}]
    if kind == REPICK:
        cards = state._repicks[-1]
        shown = ", ".join(f"{_seat(s)} {CARD_TEXT[c]}" for s, c in enumerate(cards))
        text = f"Start cards tied ({shown}): the cards go back and everyone picks again"
        return [{"type": "repick", "seat": None, "cards": [CARD_TEXT[c] for c in cards], "text": text}]
    if kind == REVEALED:
        return _revealed(state)
    if kind == GEM_CHOICE:
        colour = (action - GEM_SUPPLY) % 3
        own = action >= GEM_OWN
        text = f"{_seat(actor)} puts up a {_gem_word(colour)} from " + ("its own gems" if own else "the supply")
        return [{"type": "gem", "seat": actor, "gem": LETTERS[colour], "from": actor if own else None, "text": text}]
    if kind == PLAYED:
        return [_play(state._leader, state._plays, n)]
    trick = state._last
    assert trick is not None  # checked by last_kind
    leader, gem, plays, _slots, _values, winner = trick
    said = [_play(leader, plays, n)]
    colour = (gem - GEM_SUPPLY) % 3
    source = leader if gem >= GEM_OWN else None
    if source == winner:
        text = f"{_seat(winner)} wins the trick and keeps its own {_gem_word(colour)}"
    else:
        text = f"{_seat(winner)} wins the trick and takes a {_gem_word(colour)} from " + (
            "the supply" if source is None else _seat(source)
        )
    number = TRICKS_PER_ROUND if state._phase == REVEAL else state._trick
    said.append(
        {"type": "trick", "seat": winner, "trick": number, "gem": LETTERS[colour], "from": source, "text": text}
    )
    if state._phase == REVEAL or (state._phase == OVER and ENDS[state._end] == "three rounds"):
        ended = state._round if state._phase == REVEAL else state._round + 1
        said.append({"type": "round_end", "seat": None, "round": ended, "text": f"Round {ended} is over"})
    if state._instant >= 0:
        said.append(
            {
                "type": "instant_win",
                "seat": state._instant,
                "text": f"{_seat(state._instant)} holds two gems of each colour and wins at once "
                f"({INSTANT_WIN_POINTS} points)",
            }
        )
    elif state._phase == OVER and ENDS[state._end] == "supply exhausted":
        empty = state._supply.index(0)
        text = f"The supply has no {GEM_WORDS[empty]} gem left: the game ends"
        said.append({"type": "supply_exhausted", "seat": None, "gem": LETTERS[empty], "text": text})
    if state._phase == OVER:
        said.append(_game_end(state))
    elif state._phase == REVEAL:
        r = state._round + 1
        text = f"Round {r}: six new cards each; everyone chooses a start card"
        said.append({"type": "round_start", "seat": None, "round": r, "text": text})
    return said


def _revealed(state: TriATriState) -> list[JSON]:
    """The start cards revealed and who starts, with the rule that decided it."""
    cards = state._start
    n = state._n
    shown = ", ".join(f"{_seat(s)} {CARD_TEXT[c]}" for s, c in enumerate(cards))
    said: list[JSON] = [
        {"type": "reveal", "seat": None, "cards": [CARD_TEXT[c] for c in cards], "text": f"Start cards: {shown}"}
    ]
    starter = state._starter
    top = max(NUMBER[c] for c in cards)
    tied = [s for s in range(n) if NUMBER[cards[s]] == top]
    if len(tied) == 1:
        why = f"highest start card ({CARD_TEXT[cards[starter]]})"
    elif len(tied) == 2:
        other = tied[0] if tied[1] == starter else tied[1]
        win, lose = COLOUR[cards[starter]], COLOUR[cards[other]]
        why = (
            f"{CARD_TEXT[cards[starter]]} beats {CARD_TEXT[cards[other]]} "
            f"({COLOUR_NAMES[win]} beats {COLOUR_NAMES[lose]})"
        )
    else:
        why = "the three others tied"
    said.append(
        {
            "type": "start_player",
            "seat": starter,
            "text": f"{_seat(starter)} starts round {state._round + 1}: {why}",
        }
    )
    return said


def _play(leader: int, plays: tuple[int, ...] | list[int], n: int) -> JSON:
    """The last card of ``plays`` (a trick led by ``leader``) as an event: its value, and for a
    fake the card it took and from whom."""
    i = len(plays) - 1
    s = (leader + i) % n
    card = plays[i]
    if i == 0:
        if card == FAKE:
            return {"type": "play", "seat": s, "card": "F", "value": 0, "text": f"{_seat(s)} leads the fake (0)"}
        text = f"{_seat(s)} leads {CARD_TEXT[card]}"
        return {"type": "play", "seat": s, "card": CARD_TEXT[card], "value": NUMBER[card], "text": text}
    slots, values = laid_out(plays[:i])
    if card == FAKE:
        w = winning_slot(slots, values)
        took, value, robbed = CARD_TEXT[slots[w]], values[w], (leader + w) % n
        text = f"{_seat(s)} plays the fake and takes {took} ({value}) from {_seat(robbed)}"
        return {"type": "fake", "seat": s, "card": "F", "took": took, "value": value, "from": robbed, "text": text}
    before = slots[-1]
    value = value_after(before, card)
    name = CARD_TEXT[card]
    if value == NUMBER[card]:
        text = f"{_seat(s)} plays {name}"
    else:
        times = "four times" if NUMBER[card] == 2 else "double"
        text = f"{_seat(s)} plays {name}: {value} ({times} after {CARD_TEXT[before]})"
    return {"type": "play", "seat": s, "card": name, "value": value, "text": text}


def _game_end(state: TriATriState) -> JSON:
    outcome = state.outcome()
    scores = outcome.scores
    winners = list(outcome.winners)
    end = ENDS[state._end]
    if not winners:
        result = "everyone shares first place"
    elif len(winners) == 1:
        result = f"{_seat(winners[0])} wins with {scores[winners[0]]:g}"
    else:
        names = " and ".join(_seat(s) for s in winners)
        result = f"{names} share first place with {scores[winners[0]]:g}"
    return {"type": "game_end", "seat": None, "end": end, "winners": winners, "text": f"Game over ({end}): {result}"}
