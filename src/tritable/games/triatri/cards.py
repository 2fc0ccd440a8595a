"""TriATri's cards, gems and notation, and the rules that decide a trick, the start player and
the score: plain functions on card codes, shared by the state, its checks and its drawing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tritable.engine.errors import NotationError, StateError, shown
from tritable.engine.protocol import JSON, Action

# -- cards and gems -------------------------------------------------------------------------------

FIRE, WATER, WOOD = 0, 1, 2
LETTERS = "RBG"
COLOUR_NAMES = ("Fire", "Water", "Wood")
FAKE = 0
"""The fake ("imitation") card. A numbered card is ``10 * colour + number``: R5 = 5, B5 = 15, G5 = 25."""
GEM_SUPPLY = 30
"""``GEM_SUPPLY + colour``: the leader puts up a gem of that colour from the common supply."""
GEM_OWN = 33
"""``GEM_OWN + colour``: the leader puts up one of their own gems of that colour."""

HAND_SIZE = 6
TRICKS_PER_ROUND = 5
ROUNDS = 3
GEMS_PER_COLOUR = 6
FAKES = {2: 2, 3: 1, 4: 3}
INSTANT_WIN_POINTS = 100

REVEAL, GEM, PLAY, OVER = 0, 1, 2, 3
PHASES = ("reveal", "gem", "play", "over")
ENDS = ("instant win", "supply exhausted", "three rounds")

CODES = 29
COLOUR = [-1] * CODES
"""Colour of a card code; -1 for the colourless fake and for codes that are no card."""
NUMBER = [0] * CODES
DOUBLED = [0] * CODES
"""A card's value when it is played right after a card of the colour it beats."""
BEATS = [-9] * CODES
"""The colour a card beats (Water beats Fire, Wood beats Water, Fire beats Wood)."""
CARD_TEXT: dict[int, str] = {FAKE: "F"}
for _c in range(3):
    for _n in range(2, 9):
        _code = 10 * _c + _n
        COLOUR[_code] = _c
        NUMBER[_code] = _n
        DOUBLED[_code] = 4 * _n if _n == 2 else 2 * _n
        BEATS[_code] = (_c + 2) % 3
        CARD_TEXT[_code] = f"{LETTERS[_c]}{_n}"
TEXT_CARD = {text: code for code, text in CARD_TEXT.items()}
IS_CARD = [code in CARD_TEXT for code in range(CODES)]


def beats(a: int, b: int) -> bool:
    """Whether colour ``a`` beats colour ``b`` on the wheel."""
    return (a + 2) % 3 == b


def card_text(card: int) -> str:
    return CARD_TEXT[card]


def deck_for(players: int) -> list[int]:
    """The cards used with ``players`` players: each colour 2..(players + 4), and the fakes."""
    top = players + 4
    return [10 * c + n for c in range(3) for n in range(2, top + 1)] + [FAKE] * FAKES[players]


def winning_slot(slots: Sequence[int], values: Sequence[int]) -> int:
    """The slot (index in play order) that wins the cards ``slots`` with computed ``values``.

    Highest value; tied cards of exactly two colours: the dominant colour, its later card; tied
    cards of one colour (fakes at 0 count as one colourless colour) or of three: the later card.
    """
    best = max(values)
    if values.count(best) == 1:
        return values.index(best)
    tied = [i for i, v in enumerate(values) if v == best]
    colours = {COLOUR[slots[i]] for i in tied}
    if len(colours) == 2:
        a, b = colours
        dominant = a if beats(a, b) else b
        for i in reversed(tied):
            if COLOUR[slots[i]] == dominant:
                return i
    return tied[-1]


def value_after(previous: int, card: int) -> int:
    """The value of numbered ``card`` played right after the card now in the slot before it
    (doubled, a 2 four times, after a card of the colour it beats)."""
    return DOUBLED[card] if COLOUR[previous] == BEATS[card] else NUMBER[card]


def lay(slots: list[int], values: list[int], card: int) -> None:
    """Put ``card``, the next card played to a trick, into its ``slots`` with its value: the lead
    as printed (a fake lead is a colourless 0), a fake takes the winning card with its value and
    leaves itself at 0 in that card's slot, any other card per :func:`value_after`."""
    if not slots:
        slots.append(card)
        values.append(NUMBER[card])
    elif card == FAKE:
        w = winning_slot(slots, values)
        slots.append(slots[w])
        values.append(values[w])
        slots[w] = FAKE
        values[w] = 0
    else:
        values.append(value_after(slots[-1], card))
        slots.append(card)


def laid_out(plays: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The slots and values of a trick whose cards were ``plays``, in order (see :func:`lay`)."""
    slots: list[int] = []
    values: list[int] = []
    for card in plays:
        lay(slots, values, card)
    return tuple(slots), tuple(values)


def start_player(cards: Sequence[int]) -> int | None:
    """The seat that starts the round from the revealed ``cards``, or ``None``: cards back, pick again."""
    n = len(cards)
    numbers = [NUMBER[c] for c in cards]
    top = max(numbers)
    tied = [s for s in range(n) if numbers[s] == top]
    if len(tied) == 1:
        return tied[0]
    if len(tied) == 2 and top > 0:
        # Each colour has each number once, so two tied numbers always have different colours.
        a, b = tied
        return a if beats(COLOUR[cards[a]], COLOUR[cards[b]]) else b
    if len(tied) == 3 and n == 4 and top > 0:
        return next(s for s in range(n) if s not in tied)
    return None


def score_parts(gems: Sequence[int], supply: Sequence[int]) -> tuple[int, int, int]:
    """(three-colour sets, two-colour pairs, points of the remaining gems) for one player."""
    sets = min(gems)
    rest = [g - sets for g in gems]
    held = [c for c in range(3) if rest[c]]
    pairs = 0
    if len(held) == 2:
        pairs = min(rest[held[0]], rest[held[1]])
        rest[held[0]] -= pairs
        rest[held[1]] -= pairs
    return sets, pairs, sum(rest[c] * supply[c] for c in range(3))


def score(gems: Sequence[int], supply: Sequence[int]) -> int:
    """+1 per three-colour set, then -2 per two-colour pair, then each remaining gem scores the
    number of gems of its colour left in the supply.

    >>> score([2, 2, 1], [4, 4, 5])  # one set, then a Fire-Water pair
    -1
    >>> score([3, 0, 0], [2, 6, 6])  # three Fire gems, two Fire left in the supply
    6
    """
    return _count(*gems, *supply)


def _count(g0: int, g1: int, g2: int, s0: int, s1: int, s2: int) -> int:
    """:func:`score` on plain numbers: the same count as :func:`score_parts`, without lists (the
    search's rollout policy asks for it a few times a move, and that was most of its time)."""
    sets = g0 if g0 < g1 else g1
    if g2 < sets:
        sets = g2
    r0, r1, r2 = g0 - sets, g1 - sets, g2 - sets
    # After the sets at least one colour is gone: at most one pair of colours makes pairs.
    if r0 and r1:
        pairs = r0 if r0 < r1 else r1
        r0 -= pairs
        r1 -= pairs
    elif r0 and r2:
        pairs = r0 if r0 < r2 else r2
        r0 -= pairs
        r2 -= pairs
    elif r1 and r2:
        pairs = r1 if r1 < r2 else r2
        r1 -= pairs
        r2 -= pairs
    else:
        pairs = 0
    return sets - 2 * pairs + r0 * s0 + r1 * s1 + r2 * s2


# -- notation -------------------------------------------------------------------------------------


def gem_text(action: int) -> str:
    if GEM_OWN <= action < GEM_OWN + 3:
        return f"gem own {LETTERS[action - GEM_OWN]}"
    return f"gem {LETTERS[action - GEM_SUPPLY]}"


def action_text(action: Action) -> str:
    if type(action) is int:
        if 0 <= action < CODES and IS_CARD[action]:
            return CARD_TEXT[action]
        if GEM_SUPPLY <= action < GEM_OWN + 3:
            return gem_text(action)
    raise NotationError(f"{shown(action)} is not a TriATri action")


def _shown(action: object) -> str:
    """An action as errors name it: its notation (``gem R``, ``B3``), not its number."""
    try:
        return action_text(action)
    except NotationError:
        return shown(action)


def parse_action(text: str) -> int:
    if not isinstance(text, str):
        raise NotationError(f"a TriATri action is text, not {text!r}")
    words = text.strip().upper().split()
    card = TEXT_CARD.get("".join(words))  # "R 5" as well as "R5", as the other games read spaces
    if card is not None:
        return card
    if words and words[0] == "GEM":
        own = len(words) == 3 and words[1] == "OWN"
        colour = words[-1]
        if (len(words) == 2 or own) and len(colour) == 1 and colour in LETTERS:
            return (GEM_OWN if own else GEM_SUPPLY) + LETTERS.index(colour)
    raise NotationError(
        f"cannot read {text!r} as a TriATri action (cards: R2..R8, B2..B8, G2..G8, F; gems: 'gem R', 'gem own B')"
    )


def parse_card(text: Any, error: type[Exception]) -> int:
    if isinstance(text, str):
        code = TEXT_CARD.get(text)
        if code is None:
            code = TEXT_CARD.get(text.strip().upper())
        if code is not None:
            return code
    raise error(f"{text!r} is not a TriATri card (R2..R8, B2..B8, G2..G8 or F)")


def parse_gem(text: Any) -> int:
    try:
        action = parse_action(text)
    except NotationError:
        action = -1
    if not GEM_SUPPLY <= action < GEM_OWN + 3:
        raise StateError(f"{text!r} is not a gem choice")
    return action


Trick = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""A finished trick: (leader, gem action, cards as played, cards in the slots, their values, winner)."""


def distinct(hand: list[int]) -> list[Action]:
    """The different cards of a sorted hand (only fakes repeat, and they sort first)."""
    if len(hand) > 1 and hand[1] == FAKE:
        return [FAKE, *(c for c in hand if c != FAKE)]
    return list(hand)


def trick_json(trick: Trick) -> JSON:
    leader, gem, plays, slots, values, winner = trick
    return {
        "leader": leader,
        "gem": gem_text(gem),
        "played": [CARD_TEXT[c] for c in plays],
        "cards": [[CARD_TEXT[c], v] for c, v in zip(slots, values, strict=True)],
        "winner": winner,
    }
