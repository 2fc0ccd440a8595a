"""Drawing a full Tri*T*Area state from a seat's view: every card the view does not show dealt
at random, the public history replayed on it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tritable.engine.errors import StateError
from tritable.engine.protocol import Action
from tritable.games.tri_t_area.tables import (
    CARD_NAME,
    CARD_OF_NAME,
    DECLARE,
    NCARDS,
    ROUNDS,
    SEATS,
    VARIANTS,
    parse_action,
)

if TYPE_CHECKING:
    from tritable.games.tri_t_area.game import TriTArea, TriTAreaState


def sample(game: TriTArea, view: Mapping[str, Any], rng: random.Random) -> TriTAreaState:
    """A state that shows ``view`` to its seat, the cards it hides dealt from ``rng``."""
    if view["game"] != game.id:
        raise StateError(f"a view of {view['game']!r}, not of {game.id}")
    seat = view["seat"]
    if type(view["round"]) is not int or not 1 <= view["round"] <= len(ROUNDS):
        raise StateError(f"the view's round must be 1 to {len(ROUNDS)}, not {view['round']!r}")
    now = view["round"] - 1
    played: list[list[list[int]]] = [[[] for _ in range(SEATS)] for _ in range(now + 1)]
    for r, plays in enumerate(view["played"]):
        for s, text in plays:
            played[r][s].append(parse_action(text) // VARIANTS)
    decks: list[list[int]] = []
    for r, spec in enumerate(ROUNDS):
        if r > now:
            deck = list(spec.cards)
            rng.shuffle(deck)
            decks.append(deck)
            continue
        hands = [list(cards) for cards in played[r]]
        # A Declaration is a card its seat still held at the end (or holds now), face up.
        declared = view["results"][r]["declared"] if r < now else view["declared"]
        if r == now and seat is not None:
            hands[seat] += [CARD_OF_NAME[name] for name in view["hand"]]
        for s, name in enumerate(declared):
            if isinstance(name, str) and (r < now or s != seat):
                hands[s].append(CARD_OF_NAME[name])
        known = {c for hand in hands for c in hand}
        pool = [c for c in spec.cards if c not in known]
        rng.shuffle(pool)
        for s in range(SEATS):
            need = spec.hand - len(hands[s])
            if need < 0:
                raise StateError(f"the view gives seat {s} more than {spec.hand} cards in round {r + 1}")
            hands[s] += pool[:need]
            del pool[:need]
        decks.append([c for hand in hands for c in sorted(hand)] + pool)
    setup = {"lead": view["first_lead"], "decks": [[CARD_NAME[c] for c in deck] for deck in decks]}
    state = game.state_from_setup(setup)
    entries: list[tuple[int, Action]] = [(s, parse_action(text)) for s, text in view["history"]]
    # The Declarations made together come last, in the order that shows the view's last action:
    # the view lists them in seat order, and hides the others' until all have chosen.
    k = len(entries)
    while k and _declares(entries[k - 1][1]):
        k -= 1
    for s, action in entries[:k]:
        state.apply_action(action, s)
    together = entries[k:]
    for s, name in enumerate(view["declared"]):
        if name is True:
            together.append((s, rng.choice(state.legal_actions(s))))
    last = view["last_action"]
    if last is not None and (last["action"] is None or str(last["action"]).startswith("declare")):
        together.sort(key=lambda entry: entry[0] == last["seat"])  # stable: the rest in seat order
    for s, action in together:
        state.apply_action(action, s)
    return state


def _declares(action: Action) -> bool:
    return type(action) is int and DECLARE <= action < DECLARE + NCARDS
