"""States drawn from a TriATri view: the unseen cards dealt at random, keeping what the view
shows and implies (see the package docstring)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tritable.engine.errors import StateError
from tritable.games.triatri.cards import COLOUR, FAKE, GEM_SUPPLY, HAND_SIZE, PLAY, ROUNDS, parse_card
from tritable.games.triatri.validation import read_last_action, read_public

if TYPE_CHECKING:
    from tritable.games.triatri.game import TriATriState


def read_unseen(template: TriATriState, view: Mapping[str, Any]) -> Callable[[random.Random], TriATriState]:
    """What ``view`` shows and rules out, read once into the empty ``template``; returns the deal
    of the unseen cards."""
    game = template.game
    n = game.players
    seat = view["seat"]
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise StateError(f"bad seat {seat!r} in the view")
    read_public(template, view)
    sizes = view["hand_sizes"]
    chosen = view["chosen"]
    if not (isinstance(sizes, list) and len(sizes) == n and isinstance(chosen, list) and len(chosen) == n):
        raise StateError(f"'hand_sizes' and 'chosen' need one entry per seat ({n})")
    own: list[int] = []
    pending = [-1] * n
    if seat is not None:
        own = [parse_card(c, StateError) for c in view["hand"]]
        if view["choice"] is not None:
            pending[seat] = parse_card(view["choice"], StateError)
    # Everything this round's deal holds that the seat has not seen: the other hands and the
    # unused cards.
    unseen = Counter(game.deck)
    unseen.subtract(own)
    used: list[list[int]] = [[] for _ in range(n)]
    voids = [0] * n
    for s, card in enumerate(template._start):
        if card >= 0:
            used[s].append(card)
    tricks: list[tuple[int, int, tuple[int, ...]]] = [(t[0], t[1], t[2]) for t in template._tricks]
    if template._phase == PLAY:
        tricks.append((template._leader, template._gem, tuple(template._plays)))
    for leader, gem, plays in tricks:
        colour = (gem - GEM_SUPPLY) % 3
        for i, card in enumerate(plays):
            s = (leader + i) % n
            used[s].append(card)
            if card != FAKE and COLOUR[card] != colour:
                voids[s] |= 1 << colour  # did not follow: holds no card of the gem's colour
    for s in range(n):
        unseen.subtract(used[s])
    # Cards shown in a tied reveal went back to the hand: still there unless used since.
    known: list[list[int]] = [[] for _ in range(n)]
    for s in range(n):
        if s == seat:
            continue
        shown = {cards[s] for cards in template._repicks}
        for card in sorted(shown):
            if card == FAKE and FAKE in used[s]:
                continue
            if card not in used[s]:
                known[s].append(card)
                unseen[card] -= 1
    if any(count < 0 for count in unseen.values()):
        raise StateError("the view shows more cards than the deck holds")
    pool = list(unseen.elements())
    others = [s for s in range(n) if s != seat]
    capacity = [sizes[s] - len(known[s]) for s in others]
    unused = len(pool) - sum(capacity)
    if unused != len(game.deck) - HAND_SIZE * n or min(capacity, default=0) < 0:
        raise StateError("the view's hand sizes do not match the cards it shows")
    capacity.append(unused)
    bin_voids = [voids[s] for s in others] + [0]
    sealed = -1  # the seat whose start card, the last action, the view does not show
    last = view["last_action"]
    if last is not None:
        template._last_action = read_last_action(last, n, hidden=True)
        if template._last_action[1] < 0:
            sealed = template._last_action[0]
            if sealed == seat:
                raise StateError("a view hides no action from its own seat")
    round_now = template._round
    own_hand = sorted(own)
    deck = game.deck

    def deal(rng: random.Random) -> TriATriState:
        state = template.clone()
        bins = deal_constrained(pool[:], capacity, bin_voids, rng)
        hands: list[list[int]] = [[] for _ in range(n)]
        if seat is not None:
            hands[seat] = own_hand
        chosen_now = pending[:]
        for i, s in enumerate(others):
            hands[s] = known[s] + bins[i]
            if chosen[s]:
                chosen_now[s] = rng.choice(hands[s])
        state._hands = [sorted(h) for h in hands]
        state._pending = chosen_now
        if sealed >= 0:
            state._last_action = (sealed, chosen_now[sealed])
        # The deal of this round as it must have been, then fresh deals for the rounds to come.
        decks: list[tuple[int, ...]] = []
        for r in range(ROUNDS):
            if r == round_now:
                dealt = [c for s in range(n) for c in sorted(hands[s] + used[s])] + bins[-1]
            else:
                dealt = list(deck)
                rng.shuffle(dealt)
            decks.append(tuple(dealt))
        state._decks = tuple(decks)
        return state

    return deal


def deal_constrained(pool: list[int], capacity: list[int], voids: list[int], rng: random.Random) -> list[list[int]]:
    """Deal ``pool`` into bins of the given sizes at random; no bin gets a card of a colour in its
    ``voids`` bit mask (fakes go anywhere). Raises :class:`StateError` if no such deal exists."""
    rng.shuffle(pool)
    if not any(voids) and len(pool) == sum(capacity):
        # Nothing known about any bin: the shuffled pool cut into the bins is a uniform deal.
        cut: list[list[int]] = []
        start = 0
        for size in capacity:
            cut.append(pool[start : start + size])
            start += size
        return cut
    bins: list[list[int]] = [[] for _ in capacity]

    def fits(b: int, card: int) -> bool:
        return card == FAKE or not voids[b] >> COLOUR[card] & 1

    for card in pool:
        eligible = [b for b in range(len(bins)) if fits(b, card)]
        # A bin with room, each free place equally likely.
        free = [capacity[b] - len(bins[b]) for b in eligible]
        total = sum(free)
        if total > 0:
            r = rng.randrange(total)
            for b, f in zip(eligible, free, strict=True):
                if r < f:
                    bins[b].append(card)
                    break
                r -= f
            continue
        # Every bin that takes this card is full: move cards along a chain of bins to one with room.
        parent: dict[int, int | None] = dict.fromkeys(eligible)
        queue = list(eligible)
        target = -1
        while queue and target < 0:
            b = queue.pop(0)
            for b2 in range(len(bins)):
                if b2 not in parent and any(fits(b2, x) for x in bins[b]):
                    parent[b2] = b
                    if len(bins[b2]) < capacity[b2]:
                        target = b2
                        break
                    queue.append(b2)
        if target < 0:
            raise StateError("no deal of the unseen cards is consistent with the view")
        to = target
        while (src := parent[to]) is not None:
            movable = [i for i, x in enumerate(bins[src]) if fits(to, x)]
            bins[to].append(bins[src].pop(rng.choice(movable)))
            to = src
        bins[to].append(card)
    return bins
