"""``tritable play triple-triad --hand "Geezard,Funguar,..."``: the five cards a player brings,
chosen as Final Fantasy VIII lets a player choose them (the opponent's hand is dealt)."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tritable.engine import Game, SetupError, TritableError
from tritable.games.triple_triad.data import BY_FOLDED, LEVELS, NAMES, fold

HAND_SIZE = 5
UNIQUE_FROM = 8
"""FF8 has one copy of each card of levels 8-10 (the GFs' and the characters' cards): a hand may
hold two copies of a monster's card, never of these."""


def split_hand(text: str) -> list[str]:
    """The card names ``text`` lists, separated by commas (or semicolons); two names hold a comma
    themselves ("Biggs, Wedge", "Fujin, Raijin") and are read whole.

    >>> split_hand("Geezard, funguar,Biggs, Wedge")
    ['Geezard', 'funguar', 'Biggs, Wedge']
    """
    if ";" in text:
        return [part.strip() for part in text.split(";")]
    tokens = [token.strip() for token in text.split(",")]
    names: list[str] = []
    i = 0
    while i < len(tokens):
        if i + 1 < len(tokens) and fold(f"{tokens[i]}, {tokens[i + 1]}") in BY_FOLDED:
            names.append(f"{tokens[i]}, {tokens[i + 1]}")
            i += 2
        else:
            names.append(tokens[i])
            i += 1
    return names


def read_hand(text: str) -> list[str]:
    """The five cards ``text`` names, spelled as the card table spells them; :class:`SetupError`
    for an unknown card (with the names it may have meant), a wrong count, or two copies of a card
    of which FF8 has one.

    >>> read_hand("geezard,Funguar,bite bug,RED BAT,Blobra")
    ['Geezard', 'Funguar', 'Bite Bug', 'Red Bat', 'Blobra']
    """
    names = split_hand(text)
    if any(not name for name in names):
        raise SetupError(f"--hand {text!r} has an empty card name (names are separated by commas)")
    cards: list[str] = []
    for name in names:
        index = BY_FOLDED.get(fold(name))
        if index is None:
            near = difflib.get_close_matches(name, NAMES, n=3, cutoff=0.6)
            meant = (
                f" (did you mean {' or '.join(near)}?)"
                if near
                else " (cards are named as in FF8: Geezard, Bite Bug, ...)"
            )
            raise SetupError(f"--hand: no card {name!r}{meant}")
        cards.append(NAMES[index])
    if len(cards) != HAND_SIZE:
        raise SetupError(f"--hand names {len(cards)} card{'s' if len(cards) != 1 else ''}: a hand is {HAND_SIZE} cards")
    for card, count in Counter(cards).items():
        if count > 1 and LEVELS[NAMES.index(card)] >= UNIQUE_FROM:
            raise SetupError(
                f"--hand holds {card} {count} times: there is one {card} card (FF8 has one copy of each "
                f"card of levels {UNIQUE_FROM}-10)"
            )
    return cards


def setup_with_hands(game: Game, seed: int | str, chosen: Mapping[int, Sequence[str]]) -> Mapping[str, Any]:
    """A setup of ``game`` (Triple Triad) in which each seat of ``chosen`` brings its chosen
    cards, the other hands, the first player and the elements dealt from ``seed`` as ever."""
    if game.id != "triple-triad":
        raise SetupError(f"--hand chooses a Triple Triad hand: {game.id} deals its own")
    if game.options.get("random"):
        raise SetupError("--hand: under the Random rule hands are drawn, not chosen (leave out -o random=true)")
    hands = [list(chosen[seat]) if seat in chosen else None for seat in range(game.players)]
    random_setup = getattr(game, "random_setup", None)
    if random_setup is None:  # pragma: no cover - Triple Triad always has it
        raise TritableError("this game takes no chosen hands")
    setup: Mapping[str, Any] = random_setup(game.setup_rng(seed), hands=hands)
    return setup
