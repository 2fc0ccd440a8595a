"""The TriATri rules engine; the package docstring documents the rules decisions and the formats."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from tritable.engine.errors import (
    IllegalActionError,
    NotationError,
    SetupError,
    StateError,
    shown,
)
from tritable.engine.protocol import (
    JSON,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    Outcome,
    State,
    check_rng,
    checked_draws,
    copy_json,
    same_json,
)

# -- cards ------------------------------------------------------------------------------------------

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


# -- notation ---------------------------------------------------------------------------------------


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


# -- the game ---------------------------------------------------------------------------------------


class TriATri(Game):
    """TriATri: a must-follow trick-taking game for gems, 2-4 players, three rounds of five tricks."""

    id = "triatri"
    name = "TriATri"
    min_players = 2
    max_players = 4
    option_specs = ()
    perfect_information = False

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.deck: tuple[int, ...] = tuple(deck_for(self.players))
        self._sorted_deck = sorted(self.deck)
        self._deck_text = [CARD_TEXT[c] for c in self.deck]

    # -- setup --------------------------------------------------------------------------------------

    def random_setup(self, rng: random.Random) -> JSON:
        decks = []
        for _ in range(ROUNDS):
            deck = self._deck_text[:]
            rng.shuffle(deck)
            decks.append(deck)
        return {"decks": decks}

    def state_from_setup(self, setup: Mapping[str, Any]) -> TriATriState:
        if not isinstance(setup, Mapping):
            raise SetupError(f"triatri: a setup is a JSON object, not {type(setup).__name__}")
        unknown = set(setup) - {"decks"}
        if unknown:
            raise SetupError(f"triatri: unknown setup keys {sorted(map(str, unknown))} (a setup holds 'decks')")
        decks = setup.get("decks")
        if not isinstance(decks, list) or len(decks) != ROUNDS:
            raise SetupError(f"triatri: the setup's 'decks' must be a list of {ROUNDS} decks, one per round")
        parsed: list[tuple[int, ...]] = []
        for r, deck in enumerate(decks):
            if not isinstance(deck, list):
                raise SetupError(f"triatri: deck {r} must be a list of cards")
            codes = tuple(parse_card(text, SetupError) for text in deck)
            if sorted(codes) != self._sorted_deck:
                raise SetupError(
                    f"triatri: deck {r} must hold each card of the {self.players}-player deck once "
                    f"({len(self.deck)} cards: each colour 2..{self.players + 4}, {FAKES[self.players]} fakes)"
                )
            parsed.append(codes)
        state = TriATriState(self, copy_json(setup))
        state._decks = tuple(parsed)
        state._new_round(0)
        return state

    # -- JSON ---------------------------------------------------------------------------------------

    def state_from_json(self, data: Mapping[str, Any]) -> TriATriState:
        self._refuse_other_game(data)  # said as every game says it (a State or no JSON object too)
        if data.get("game") != self.id or data.get("players") != self.players:
            raise StateError(
                f"not a {self.players}-player triatri state: it names game {data.get('game')!r} "
                f"for {data.get('players')!r} players"
            )
        state = TriATriState(self, None)
        state._read_header(data)
        if state.initial_setup is not None:
            try:  # a setup is checked as new_state checks it: it is what records replay from
                self.state_from_setup(state.initial_setup)
            except SetupError as exc:
                raise StateError(f"bad setup in state JSON: {exc}") from None
        body = data.get("state")
        if not isinstance(body, Mapping):
            raise StateError("a triatri state JSON holds its position under 'state'")
        try:
            state._read_public(body)
            n = self.players
            hands = body["hands"]
            pending = body["pending"]
            decks = body["decks"]
            if not (isinstance(hands, list) and len(hands) == n and isinstance(pending, list) and len(pending) == n):
                raise StateError(f"'hands' and 'pending' need one entry per seat ({n})")
            if not all(isinstance(hand, list) for hand in hands):
                raise StateError("each hand is a list of cards")
            state._hands = [sorted(parse_card(c, StateError) for c in hand) for hand in hands]
            state._pending = [-1 if c is None else parse_card(c, StateError) for c in pending]
            if not isinstance(decks, list) or len(decks) != ROUNDS:
                raise StateError(f"'decks' must hold {ROUNDS} decks")
            state._decks = tuple(tuple(parse_card(c, StateError) for c in deck) for deck in decks)
            if any(sorted(deck) != self._sorted_deck for deck in state._decks):
                raise StateError("each deck must hold the whole deck once")
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise StateError.malformed("TriATri state", exc) from None
        state._check()
        state._check_turn()
        # The scores are written for the reader's sake; the gems decide them.
        if "scores" in body and not same_json(copy_json(body["scores"]), state.scores()):  # 0.0 is not 0 in JSON
            raise StateError(f"'scores' is {body['scores']!r}, but the gems score {state.scores()!r}")
        state._refuse_unknown_fields(data)
        unknown = set(body) - set(state.to_json()["state"])
        if unknown:
            raise StateError(f"unknown fields in 'state': {', '.join(sorted(map(str, unknown)))}")
        return state

    # -- sampling -----------------------------------------------------------------------------------

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> TriATriState:
        check_rng(rng)  # before the view is read: a seed given for rng is no fault of the view's
        return self.sampler(view)(rng)

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], TriATriState]:
        """Draws from ``view``: it is read here once (the cards it shows, who could not follow
        which colour), and each draw only deals the unseen cards. The first draw is checked to
        show the seat exactly ``view``; the later ones differ from it only in the cards dealt.

        >>> import random, tritable
        >>> game = tritable.new_game("triatri", 3)
        >>> state = game.new_state(seed=4)
        >>> draw = game.sampler(state.view(1))
        >>> all(draw(random.Random(i)).view(1) == state.view(1) for i in range(20))
        True
        """
        if not isinstance(view, Mapping) or view.get("game") != self.id or view.get("players") != self.players:
            raise StateError(f"this is not a view of a {self.players}-player triatri game")
        try:
            deal = self._read_unseen(view)
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
            raise StateError.malformed("TriATri view", exc) from None
        return checked_draws(view, deal, "TriATri view", TriATriState._check)

    def _read_unseen(self, view: Mapping[str, Any]) -> Callable[[random.Random], TriATriState]:
        """What ``view`` shows and rules out, read once; returns the deal of the unseen cards."""
        n = self.players
        seat = view["seat"]
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise StateError(f"bad seat {seat!r} in the view")
        template = TriATriState(self, None)
        template._read_public(view)
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
        unseen = Counter(self.deck)
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
        if unused != len(self.deck) - HAND_SIZE * n or min(capacity, default=0) < 0:
            raise StateError("the view's hand sizes do not match the cards it shows")
        capacity.append(unused)
        bin_voids = [voids[s] for s in others] + [0]
        round_now = template._round
        own_hand = sorted(own)
        deck = self.deck

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

    # -- notation -----------------------------------------------------------------------------------

    def action_to_string(self, action: Action) -> str:
        return action_text(action)

    def string_to_action(self, text: str) -> Action:
        return parse_action(text)


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


# -- the state --------------------------------------------------------------------------------------

Trick = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""A finished trick: (leader, gem action, cards as played, cards in the slots, their values, winner)."""


class TriATriState(State):
    """A TriATri position."""

    __slots__ = (
        "_decks",
        "_end",
        "_gem",
        "_gems",
        "_hands",
        "_instant",
        "_last",
        "_leader",
        "_n",
        "_pending",
        "_phase",
        "_plays",
        "_repicks",
        "_round",
        "_slots",
        "_start",
        "_starter",
        "_supply",
        "_trick",
        "_tricks",
        "_values",
    )

    game: TriATri
    _HAS_VOCABULARY = True

    def __init__(self, game: TriATri, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, setup)
        n = game.players
        self._n = n
        self._decks: tuple[tuple[int, ...], ...] = ()
        self._phase = REVEAL
        self._round = 0
        self._trick = 0
        """Tricks finished in this round."""
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._pending = [-1] * n
        """Start cards chosen but not yet revealed (-1: not chosen)."""
        self._start = [-1] * n
        """The revealed start cards of this round (out of play), -1 before they are revealed."""
        self._starter = -1
        self._repicks: list[tuple[int, ...]] = []
        """This round's tied reveals: the cards went back to the hands."""
        self._leader = -1
        self._gem = -1
        self._plays: list[int] = []
        """The cards of the trick in progress as played, from the leader on."""
        self._slots: list[int] = []
        """The cards now in each play position (a fake moves cards between positions)."""
        self._values: list[int] = []
        self._tricks: list[Trick] = []
        self._last: Trick | None = None
        self._gems = [[0, 0, 0] for _ in range(n)]
        self._supply = [GEMS_PER_COLOUR] * 3
        self._end = -1
        self._instant = -1

    def _new_round(self, r: int) -> None:
        n = self._n
        deck = self._decks[r]
        self._round = r
        self._trick = 0
        self._phase = REVEAL
        self._hands = [sorted(deck[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(n)]
        self._pending = [-1] * n
        self._start = [-1] * n
        self._starter = -1
        self._repicks = []
        self._leader = -1
        self._tricks = []

    # -- turn ---------------------------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self._phase
        if phase == PLAY:
            return (self._leader + len(self._plays)) % self._n
        if phase == GEM:
            return self._leader
        if phase == REVEAL:
            return SIMULTANEOUS
        return TERMINAL

    def players_to_move(self) -> tuple[int, ...]:
        if self._phase == REVEAL:
            return tuple(s for s in range(self._n) if self._pending[s] < 0)
        p = self.current_player()
        return (p,) if p >= 0 else ()

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self._phase
        if phase == PLAY:
            hand = self._hands[seat]
            colour = (self._gem - GEM_SUPPLY) % 3
            follow: list[Action] = [c for c in hand if COLOUR[c] == colour]
            if follow:
                if hand[0] == FAKE:
                    follow.insert(0, FAKE)
                return follow
            return distinct(hand)
        if phase == GEM:
            own = self._gems[seat]
            supply = self._supply
            gems: list[Action] = [GEM_SUPPLY + c for c in range(3) if supply[c]]
            return gems + [GEM_OWN + c for c in range(3) if own[c]]
        return distinct(self._hands[seat])  # the reveal: the base lists only a seat still to choose

    # -- actions ------------------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        phase = self._phase
        if phase == PLAY:
            self._play(seat, action)
        elif phase == GEM:
            self._choose_gem(seat, action)
        else:
            self._reveal(seat, action)

    def _card(self, seat: int, action: Action) -> int:
        if type(action) is not int or not 0 <= action < CODES or not IS_CARD[action]:
            raise IllegalActionError(f"{_shown(action)} is not a card (seat {seat} must play a card now)")
        if action not in self._hands[seat]:
            raise IllegalActionError(f"{CARD_TEXT[action]} is not in seat {seat}'s hand")
        return action

    def _reveal(self, seat: int, action: Action) -> None:
        card = self._card(seat, action)
        pending = self._pending
        pending[seat] = card
        if min(pending) < 0:
            return
        starter = start_player(pending)
        if starter is None:
            self._repicks.append(tuple(pending))
            self._pending = [-1] * self._n
            return
        for s, c in enumerate(pending):
            self._hands[s].remove(c)
        self._start = pending
        self._pending = [-1] * self._n
        self._starter = self._leader = starter
        self._phase = GEM

    def _choose_gem(self, seat: int, action: Action) -> None:
        if type(action) is not int or not GEM_SUPPLY <= action < GEM_OWN + 3:
            raise IllegalActionError(f"{_shown(action)} is not a gem choice (seat {seat} must choose the trick's gem)")
        if action < GEM_OWN:
            if not self._supply[action - GEM_SUPPLY]:
                raise IllegalActionError(f"the supply has no {COLOUR_NAMES[action - GEM_SUPPLY]} gem")
        elif not self._gems[seat][action - GEM_OWN]:
            raise IllegalActionError(f"seat {seat} has no {COLOUR_NAMES[action - GEM_OWN]} gem")
        self._gem = action
        self._phase = PLAY

    def _play(self, seat: int, action: Action) -> None:
        card = self._card(seat, action)
        hand = self._hands[seat]
        if card != FAKE:
            colour = (self._gem - GEM_SUPPLY) % 3
            if COLOUR[card] != colour:
                for c in hand:
                    if COLOUR[c] == colour:
                        fake = "(or play the fake), " if FAKE in hand else ""  # only a fake held is an option
                        raise IllegalActionError(
                            f"seat {seat} holds {CARD_TEXT[c]} and must follow {COLOUR_NAMES[colour]} "
                            f"{fake}not {CARD_TEXT[card]}"
                        )
        hand.remove(card)
        lay(self._slots, self._values, card)
        self._plays.append(card)
        if len(self._slots) == self._n:
            self._finish_trick()

    def _finish_trick(self) -> None:
        n = self._n
        leader = self._leader
        gem = self._gem
        winner = (leader + winning_slot(self._slots, self._values)) % n
        if gem >= GEM_OWN:
            colour = gem - GEM_OWN
            self._gems[leader][colour] -= 1
        else:
            colour = gem - GEM_SUPPLY
            self._supply[colour] -= 1
        won = self._gems[winner]
        won[colour] += 1
        trick: Trick = (leader, gem, tuple(self._plays), tuple(self._slots), tuple(self._values), winner)
        self._tricks.append(trick)
        self._last = trick
        self._plays = []
        self._slots = []
        self._values = []
        self._gem = -1
        self._trick += 1
        self._leader = winner
        if won[0] >= 2 and won[1] >= 2 and won[2] >= 2:
            self._instant = winner
            self._over(0)
        elif not (self._supply[0] and self._supply[1] and self._supply[2]):
            self._over(1)
        elif self._trick < TRICKS_PER_ROUND:
            self._phase = GEM
        elif self._round + 1 < ROUNDS:
            self._new_round(self._round + 1)
        else:
            self._over(2)

    def _over(self, reason: int) -> None:
        self._end = reason
        self._phase = OVER
        self._leader = -1

    # -- results ------------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Each seat's score by the end-of-game count on the gems it holds now and the supply
        left (what the gems are worth), an instant winner's 100 points once it has won: what
        views, the board and the outcome show."""
        supply = self._supply
        scores: list[float] = [score(g, supply) for g in self._gems]
        if self._instant >= 0:
            scores[self._instant] = INSTANT_WIN_POINTS
        return scores

    def stake_value(self, seat: int, gem: Action | None = None) -> int:
        """What winning the trick is worth to ``seat`` on the end-of-game count (:func:`score`):
        its score if it wins the gem, minus its score if another seat wins it. ``gem`` is the gem
        at stake (the default, while the trick is played) or, while the leader chooses, one of the
        leader's legal gem choices. A gem from the supply leaves it either way; the leader's own
        gem stays with the leader only if the leader wins.

        >>> import tritable
        >>> deck = "R5 G2 F B6 R2 G6  B3 R4 G5 B2 F R6  G3 B4 R3 G4 B5".split()
        >>> game = tritable.new_game("triatri", players=2)
        >>> state = game.new_state(setup={"decks": [deck, deck, deck]})
        >>> state.apply_action(game.string_to_action("R5"), player=0)
        >>> state.apply_action(game.string_to_action("R6"), player=1)
        >>> state.stake_value(0, game.string_to_action("gem B"))  # one Water gem, 5 left in the supply
        5
        """
        if type(seat) is not int or not 0 <= seat < self._n:
            raise StateError(f"no seat {seat!r} in a {self._n}-player game")
        if gem is None:
            if self._phase != PLAY:
                raise IllegalActionError("no gem is at stake now: name the gem choice")
            gem = self._gem
        elif self._phase != GEM or not self._can_put_up(gem):
            shown = gem_text(gem) if type(gem) is int and GEM_SUPPLY <= gem < GEM_OWN + 3 else repr(gem)
            raise IllegalActionError(f"{shown} is not a gem choice the leader can make now")
        assert type(gem) is int
        g0, g1, g2 = self._gems[seat]
        s0, s1, s2 = self._supply
        if gem >= GEM_OWN:
            colour = gem - GEM_OWN
            d0, d1, d2 = colour == 0, colour == 1, colour == 2
            if seat == self._leader:
                # Kept if the leader wins, lost otherwise.
                return _count(g0, g1, g2, s0, s1, s2) - _count(g0 - d0, g1 - d1, g2 - d2, s0, s1, s2)
            return _count(g0 + d0, g1 + d1, g2 + d2, s0, s1, s2) - _count(g0, g1, g2, s0, s1, s2)
        colour = gem - GEM_SUPPLY
        d0, d1, d2 = colour == 0, colour == 1, colour == 2
        s0, s1, s2 = s0 - d0, s1 - d1, s2 - d2
        return _count(g0 + d0, g1 + d1, g2 + d2, s0, s1, s2) - _count(g0, g1, g2, s0, s1, s2)

    def _can_put_up(self, gem: object) -> bool:
        """Whether the leader may put up ``gem`` now (``legal_actions`` without the list)."""
        if type(gem) is not int:
            return False
        if GEM_SUPPLY <= gem < GEM_OWN:
            return self._supply[gem - GEM_SUPPLY] > 0
        return GEM_OWN <= gem < GEM_OWN + 3 and self._gems[self._leader][gem - GEM_OWN] > 0

    def _can_play(self, card: object) -> bool:
        """Whether the seat to move may play ``card`` in the trick (``legal_actions`` without
        the list)."""
        if type(card) is not int:
            return False
        hand = self._hands[(self._leader + len(self._plays)) % self._n]
        if card not in hand:
            return False
        colour = (self._gem - GEM_SUPPLY) % 3
        return card == FAKE or COLOUR[card] == colour or all(COLOUR[c] != colour for c in hand)

    def winner_after(self, card: Action | None = None) -> int | None:
        """The seat now winning the trick in progress, or the one winning it right after the
        seat to move plays ``card`` (one of its legal cards); ``None`` with no card played and
        none given. Later cards may still change it.
        """
        if self._phase != PLAY:
            raise IllegalActionError("no trick is being played now")
        slots = self._slots
        values = self._values
        if card is not None:
            if not self._can_play(card):
                shown = CARD_TEXT.get(card, repr(card)) if type(card) is int else repr(card)
                raise IllegalActionError(f"{shown} is not a card seat {self.current_player()} can play now")
            assert type(card) is int
            if not slots:
                return self._leader
            if card == FAKE:
                return (self._leader + len(slots)) % self._n
            slots = [*slots, card]
            values = [*values, value_after(slots[-2], card)]
        elif not slots:
            return None
        return (self._leader + winning_slot(slots, values)) % self._n

    @property
    def supply(self) -> list[int]:
        """The gems of each colour (Fire, Water, Wood) left in the common supply (a copy)."""
        return list(self._supply)

    def hand(self, seat: int) -> list[str]:
        """``seat``'s cards in notation, in card order (the fake first, then Fire, Water, Wood,
        each by number). Only a full state knows every hand; a seat's view shows its own."""
        return [CARD_TEXT[c] for c in self._hand_actions(seat)]

    def _hand_actions(self, seat: int) -> list[int]:
        """``seat``'s cards as actions (a copy, in card order): what the rollout policy reads."""
        if type(seat) is not int or not 0 <= seat < self._n:
            raise StateError(f"no seat {seat!r} in a {self._n}-player game")
        return list(self._hands[seat])

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self._hands]

    def outcome(self) -> Outcome:
        if self._phase != OVER:
            raise self._not_over()
        scores = self.scores()
        details = {
            "end": ENDS[self._end],
            "instant_winner": self._instant if self._instant >= 0 else None,
            "gems": [list(g) for g in self._gems],
            "supply": list(self._supply),
            "points": [
                dict(zip(("sets", "pairs", "rest"), score_parts(g, self._supply), strict=True)) for g in self._gems
            ],
        }
        return Outcome.from_scores(scores, details, tiebreak=[sum(g) for g in self._gems])

    # -- copies -------------------------------------------------------------------------------------

    def clone(self) -> TriATriState:
        new = TriATriState.__new__(TriATriState)
        new.game = self.game
        new.history = self.history[:]
        new.initial_setup = self.initial_setup
        new._n = self._n
        new._decks = self._decks
        new._phase = self._phase
        new._round = self._round
        new._trick = self._trick
        new._hands = [h[:] for h in self._hands]
        new._pending = self._pending[:]
        new._start = self._start[:]
        new._starter = self._starter
        new._repicks = self._repicks[:]
        new._leader = self._leader
        new._gem = self._gem
        new._plays = self._plays[:]
        new._slots = self._slots[:]
        new._values = self._values[:]
        new._tricks = self._tricks[:]
        new._last = self._last
        new._gems = [g[:] for g in self._gems]
        new._supply = self._supply[:]
        new._end = self._end
        new._instant = self._instant
        return new

    def key(self) -> Hashable:
        return (
            self._phase,
            self._round,
            self._trick,
            tuple(map(tuple, self._hands)),
            tuple(self._pending),
            tuple(self._start),
            self._starter,
            tuple(self._repicks),
            self._leader,
            self._gem,
            tuple(self._plays),
            tuple(self._slots),
            tuple(self._values),
            tuple(self._tricks),
            self._last,
            tuple(map(tuple, self._gems)),
            tuple(self._supply),
            self._decks[self._round + 1 :],
            self._end,
            self._instant,
        )

    # -- JSON and views -----------------------------------------------------------------------------

    def _public(self) -> JSON:
        """Everything every seat sees (the same keys in the state JSON and in views)."""
        return {
            "phase": PHASES[self._phase],
            "round": self._round + 1,
            "tricks_done": self._trick,
            "start_cards": [None if c < 0 else CARD_TEXT[c] for c in self._start],
            "start_player": self._starter if self._starter >= 0 else None,
            "repicks": [[CARD_TEXT[c] for c in cards] for cards in self._repicks],
            "leader": self._leader if self._leader >= 0 else None,
            "gem": gem_text(self._gem) if self._gem >= 0 else None,
            "trick": {
                "played": [CARD_TEXT[c] for c in self._plays],
                "cards": [[CARD_TEXT[c], v] for c, v in zip(self._slots, self._values, strict=True)],
            },
            "tricks": [trick_json(t) for t in self._tricks],
            "last_trick": trick_json(self._last) if self._last is not None else None,
            "gems": [list(g) for g in self._gems],
            "supply": list(self._supply),
            "end": ENDS[self._end] if self._end >= 0 else None,
            "instant_winner": self._instant if self._instant >= 0 else None,
        }

    def _read_public(self, data: Mapping[str, Any]) -> None:
        """Read what :meth:`_public` wrote (raises StateError, TypeError, KeyError, ... when malformed)."""
        n = self._n
        phase = data["phase"]
        if phase not in PHASES:
            raise StateError(f"unknown phase {phase!r}")
        self._phase = PHASES.index(phase)
        self._round = whole(data["round"], 1, ROUNDS) - 1
        self._trick = whole(data["tricks_done"], 0, TRICKS_PER_ROUND)
        start = data["start_cards"]
        if not isinstance(start, list) or len(start) != n:
            raise StateError(f"'start_cards' needs one entry per seat ({n})")
        self._start = [-1 if c is None else parse_card(c, StateError) for c in start]
        self._starter = seat_or_none(data["start_player"], n)
        self._repicks = [tuple(parse_card(c, StateError) for c in cards) for cards in data["repicks"]]
        if any(len(cards) != n for cards in self._repicks):
            raise StateError("each tied reveal shows one card per seat")
        self._leader = seat_or_none(data["leader"], n)
        gem = data["gem"]
        self._gem = -1 if gem is None else parse_gem(gem)
        trick = data["trick"]
        self._plays = [parse_card(c, StateError) for c in trick["played"]]
        cards = trick["cards"]
        self._slots = [parse_card(c, StateError) for c, _ in cards]
        self._values = [whole(v, 0, 16) for _, v in cards]
        self._tricks = [read_trick(t, n) for t in data["tricks"]]
        last = data["last_trick"]
        self._last = None if last is None else read_trick(last, n)
        gems = data["gems"]
        if not isinstance(gems, list) or len(gems) != n or any(not isinstance(g, list) or len(g) != 3 for g in gems):
            raise StateError(f"'gems' needs three counts per seat ({n})")
        self._gems = [[whole(x, 0, GEMS_PER_COLOUR) for x in g] for g in gems]
        supply = data["supply"]
        if not isinstance(supply, list) or len(supply) != 3:
            raise StateError("'supply' needs three counts")
        self._supply = [whole(x, 0, GEMS_PER_COLOUR) for x in supply]
        end = data["end"]
        if end is not None and end not in ENDS:
            raise StateError(f"unknown end {end!r}")
        self._end = -1 if end is None else ENDS.index(end)
        self._instant = seat_or_none(data["instant_winner"], n)

    def _check(self) -> None:
        """Consistency checks for a state read from JSON or sampled from a view."""
        n = self._n
        phase = self._phase
        for c in range(3):
            if self._supply[c] + sum(g[c] for g in self._gems) != GEMS_PER_COLOUR:
                raise StateError(f"there must be {GEMS_PER_COLOUR} {COLOUR_NAMES[c]} gems in all")
        if len(self._slots) != len(self._plays) or len(self._values) != len(self._plays):
            raise StateError("the trick's played cards and slots differ in number")
        if sorted(self._slots) != sorted(self._plays):
            raise StateError("the trick's slots must hold the cards played")
        if len(self._tricks) != self._trick:
            raise StateError("'tricks_done' must count this round's tricks")
        if phase in (GEM, PLAY) and (self._leader < 0 or self._starter < 0):
            raise StateError("a trick needs a leader and a start player")
        if phase in (REVEAL, OVER) and self._leader >= 0:
            raise StateError(
                f"no seat leads a trick {'in the reveal phase' if phase == REVEAL else 'once the game is over'}"
            )
        if (phase == PLAY) != (self._gem >= 0) or (phase != PLAY and self._plays) or len(self._plays) >= n:
            raise StateError("a gem is at stake exactly while a trick is played")
        if (phase == OVER) != (self._end >= 0) or (self._instant >= 0) != (self._end == 0):
            raise StateError("the end reason does not match the phase")
        if phase == REVEAL and (self._starter >= 0 or max(self._start) >= 0):
            raise StateError("no start card is revealed before everyone has chosen")
        if phase != REVEAL and any(p >= 0 for p in self._pending):
            raise StateError("start cards are only chosen in the reveal phase")
        if phase != REVEAL and min(self._start) < 0:
            raise StateError("every seat has a start card once the round has started")
        if phase == PLAY:
            colour = (self._gem - GEM_SUPPLY) % 3
            if self._gem >= GEM_OWN and not self._gems[self._leader][colour]:
                raise StateError("the leader puts up a gem they do not hold")
        for s in range(n):
            if self._pending[s] >= 0 and self._pending[s] not in self._hands[s]:
                raise StateError(f"seat {s}'s chosen start card is not in its hand")
        self._check_play()
        used: list[list[int]] = [[] if c < 0 else [c] for c in self._start]
        finished: list[tuple[int, Sequence[int]]] = [(t[0], t[2]) for t in self._tricks]
        for leader, plays in [*finished, (self._leader, self._plays)]:
            for i, card in enumerate(plays):
                used[(leader + i) % n].append(card)
        deal = self._decks[self._round]
        dealt = [sorted(deal[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(n)]
        for s in range(n):
            if sorted(self._hands[s] + used[s]) != dealt[s]:
                raise StateError(f"seat {s}'s hand and played cards are not the cards dealt to it this round")
            for cards in self._repicks:  # tied start cards went back to the hands they came from
                if cards[s] not in dealt[s]:
                    raise StateError(f"seat {s} showed {CARD_TEXT[cards[s]]} in a tie, a card not dealt to it")
        # A card off the gem's colour (not a fake) means its seat held none of that colour then:
        # its hand then was its hand now and every card it has played since.
        held = [list(hand) for hand in self._hands]
        tricks = [(t[0], t[1], t[2]) for t in self._tricks]
        if self._phase == PLAY:
            tricks.append((self._leader, self._gem, tuple(self._plays)))
        for number in reversed(range(len(tricks))):
            leader, gem, plays = tricks[number]
            colour = (gem - GEM_SUPPLY) % 3
            for i, card in enumerate(plays):
                held[(leader + i) % n].append(card)
            for i, card in enumerate(plays):
                s = (leader + i) % n
                if card != FAKE and COLOUR[card] != colour and any(COLOUR[c] == colour for c in held[s]):
                    raise StateError(
                        f"seat {s} played {CARD_TEXT[card]} in trick {number + 1} while holding "
                        f"a {COLOUR_NAMES[colour]} card: it must follow the gem's colour"
                    )
        self._check_gems()

    def _check_play(self) -> None:
        """What the cards played decide agrees with the rules: who starts, the values in every
        trick, who won it and so leads the next, and how the game ended."""
        n = self._n
        for cards in self._repicks:
            if start_player(cards) is not None:
                shown = " ".join(CARD_TEXT[c] for c in cards)
                raise StateError(f"the reveal {shown} is not tied: it decides who starts")
        leader = -1
        if self._phase != REVEAL or self._tricks:
            starter = start_player(self._start)
            leader = -1 if starter is None else starter
            if self._starter != leader:
                raise StateError(f"the start cards make seat {leader} the start player, not {self._starter}")
        for i, (trick_leader, _gem, plays, slots, values, winner) in enumerate(self._tricks):
            if trick_leader != leader:
                raise StateError(f"seat {leader} leads trick {i + 1}, not seat {trick_leader}")
            if laid_out(plays) != (slots, values):
                raise StateError(f"trick {i + 1}'s cards are not where, or not worth what, the rules put them")
            leader = (trick_leader + winning_slot(slots, values)) % n
            if winner != leader:
                raise StateError(f"trick {i + 1} is won by seat {leader}, not seat {winner}")
        if self._tricks and self._last != self._tricks[-1]:
            raise StateError("'last_trick' is not the round's last trick")
        if self._round > 0 and self._last is None:
            raise StateError(f"round {self._round + 1} needs round {self._round}'s last trick as 'last_trick'")
        if not self._tricks and self._last is not None:
            # The last trick of the round before: the rules decide it. (Its cards are not checked
            # against that round's deal, which a state drawn from a view deals afresh.)
            if self._round == 0:
                raise StateError("no trick has been played: there is no 'last_trick'")
            last_leader, _gem, plays, slots, values, winner = self._last
            if laid_out(plays) != (slots, values):
                raise StateError("the last trick's cards are not where, or not worth what, the rules put them")
            if winner != (last_leader + winning_slot(slots, values)) % n:
                raise StateError(f"the last trick is not won by seat {winner}")
        if self._phase in (GEM, PLAY) and self._leader != leader:
            raise StateError(f"seat {leader} leads this trick, not seat {self._leader}")
        if laid_out(self._plays) != (tuple(self._slots), tuple(self._values)):
            raise StateError("the trick's cards are not where, or not worth what, the rules put them")
        sets = [s for s in range(n) if min(self._gems[s]) >= 2]
        if sets != ([self._instant] if self._instant >= 0 else []):
            raise StateError("an instant win is a seat with two gems of each colour, which ends the game")
        if self._end == ENDS.index("supply exhausted") and min(self._supply):
            raise StateError("the game ended for an exhausted supply, but no colour has run out")
        if self._end < 0 and not min(self._supply):
            raise StateError("a colour of the supply has run out: the game is over")
        if self._phase in (GEM, PLAY) and self._trick >= TRICKS_PER_ROUND:
            raise StateError(f"the round's {TRICKS_PER_ROUND} tricks are played: no trick is next")
        if self._end == ENDS.index("three rounds") and (self._round, self._trick) != (ROUNDS - 1, TRICKS_PER_ROUND):
            raise StateError(f"the game ends after three rounds only with round {ROUNDS}'s last trick played")
        if self._end >= 0 and not self._tricks:
            raise StateError("the game ends only when a trick is won")

    def _check_gems(self) -> None:
        """The gems held, the supply and the end agree with the tricks won.

        A trick moves one gem to its winner, from the supply (``gem B``) or from the leader
        (``gem own B``; a leader who wins it keeps it), and no gem goes back to the supply. Round
        1's tricks are the whole game: played from the full supply they give exactly the gems
        held. A later round began from gems no state shows: taking its tricks back (before its
        first, the round before's last trick) from the gems held must leave a position the game
        went on from, with at least one gem out of the supply (nobody holds a gem for the game's
        first trick) and at most one a trick played.
        """
        n = self._n
        tricks = self._tricks
        if self._end >= 0:  # the game ended with its last trick (there is one: checked)
            gem, winner = tricks[-1][1], tricks[-1][5]
            colour = (gem - GEM_SUPPLY) % 3
            if self._instant >= 0 and self._instant != winner:
                raise StateError(f"seat {self._instant} cannot win at once: seat {winner} won the last trick")
            if self._end == ENDS.index("three rounds") and not min(self._supply):
                empty = COLOUR_NAMES[self._supply.index(0)]
                raise StateError(f"the supply has run out of {empty}: the game ended for that, not after three rounds")
            if self._end == ENDS.index("supply exhausted"):
                if gem >= GEM_OWN:
                    raise StateError("the game ended for an exhausted supply, but its last trick took no supply gem")
                if self._supply[colour]:
                    raise StateError(
                        f"the game ended for an exhausted supply, but its last trick took a {COLOUR_NAMES[colour]} "
                        f"gem and {COLOUR_NAMES[colour]} is left"
                    )
        if self._round == 0:
            gems = [[0, 0, 0] for _ in range(n)]
            for i, (leader, gem, _plays, _slots, _values, winner) in enumerate(tricks):
                colour = (gem - GEM_SUPPLY) % 3
                if gem >= GEM_OWN:
                    if not gems[leader][colour]:
                        raise StateError(
                            f"seat {leader} puts up its own {COLOUR_NAMES[colour]} gem in trick {i + 1} "
                            "without holding one"
                        )
                    gems[leader][colour] -= 1
                gems[winner][colour] += 1
            for s in range(n):
                if gems[s] != self._gems[s]:
                    raise StateError(f"seat {s} holds gems {self._gems[s]}, but round 1's tricks give it {gems[s]}")
            return  # the supply holds the rest (checked)
        walk: list[tuple[str, Trick]] = [(f"trick {i + 1}", trick) for i, trick in enumerate(tricks)]
        before = f"round {self._round + 1}"
        played = TRICKS_PER_ROUND * self._round
        if not tricks:
            assert self._last is not None  # checked: a later round shows the last trick of the one before
            before = f"round {self._round}'s last trick"
            walk = [(before, self._last)]
            played -= 1
        gems = [list(g) for g in self._gems]
        supply = list(self._supply)
        for label, (leader, gem, _plays, _slots, _values, winner) in reversed(walk):
            colour = (gem - GEM_SUPPLY) % 3
            name = COLOUR_NAMES[colour]
            gems[winner][colour] -= 1
            if gems[winner][colour] < 0:
                raise StateError(f"seat {winner} holds too few {name} gems for the {name} gem it won in {label}")
            # The leader held the gem it put up. (A supply of more than 6 would need a seat below 0.)
            if gem >= GEM_OWN:
                gems[leader][colour] += 1
            else:
                supply[colour] += 1
            if not min(supply):
                empty = COLOUR_NAMES[supply.index(0)]
                raise StateError(f"the supply had run out of {empty} before {label}: the game was over")
            for s in range(n):
                if min(gems[s]) >= 2:
                    raise StateError(f"seat {s} held two gems of each colour before {label}: the game was over")
        taken = 3 * GEMS_PER_COLOUR - sum(supply)
        if taken < 1:
            raise StateError(f"no gem had left the supply before {before}, but the game's first trick takes one")
        if taken > played:
            raise StateError(f"{taken} gems had left the supply before {before}, but only {played} tricks were played")

    def to_json(self) -> JSON:
        data = self._json_header()
        body = self._public()
        body["scores"] = self.scores()  # for the reader's sake: the gems decide them
        body["hands"] = [[CARD_TEXT[c] for c in h] for h in self._hands]
        body["pending"] = [None if c < 0 else CARD_TEXT[c] for c in self._pending]
        body["decks"] = [[CARD_TEXT[c] for c in deck] for deck in self._decks]
        data["state"] = body
        return data

    def view(self, seat: int | None = None) -> JSON:
        data = self._view_header(seat)
        data.update(self._public())
        data["chosen"] = [c >= 0 for c in self._pending]
        data["choice"] = CARD_TEXT[self._pending[seat]] if seat is not None and self._pending[seat] >= 0 else None
        return data

    # -- text ---------------------------------------------------------------------------------------

    def render(self, seat: int | None = None) -> str:
        self._view_header(seat)  # validates the seat
        n = self._n
        lines = [
            f"TriATri, {n} players - round {self._round + 1}/{ROUNDS}, "
            + (f"trick {self._trick + 1}/{TRICKS_PER_ROUND}" if self._phase != OVER else "game over")
        ]
        lines.append("Supply: " + "  ".join(f"{LETTERS[c]} {self._supply[c]}" for c in range(3)))
        scores = self.scores()
        for s in range(n):
            gems = " ".join(f"{LETTERS[c]}{self._gems[s][c]}" for c in range(3))
            start = f"  start card {CARD_TEXT[self._start[s]]}" if self._start[s] >= 0 else ""
            mark = "  <- leader" if s == self._leader and self._phase in (GEM, PLAY) else ""
            you = " (you)" if s == seat else ""
            lines.append(f"P{s + 1}{you}: gems {gems}  score {scores[s]:>3}  {len(self._hands[s])} cards{start}{mark}")
        for cards in self._repicks:
            shown = ", ".join(f"P{s + 1} {CARD_TEXT[c]}" for s, c in enumerate(cards))
            lines.append(f"Tied start cards ({shown}): cards back, everyone picks again")
        if self._last is not None:
            lines.append("Last trick: " + trick_line(self._last, n))
        if self._phase == REVEAL:
            chosen = ", ".join(f"P{s + 1}" for s in range(n) if self._pending[s] >= 0) or "nobody"
            lines.append(f"Everyone chooses a start card at once; chosen so far: {chosen}")
            if seat is not None and self._pending[seat] >= 0:
                lines.append(f"Your start card: {CARD_TEXT[self._pending[seat]]}")
        elif self._phase == GEM:
            lines.append(f"P{self._leader + 1} leads and chooses the gem")
        elif self._phase == PLAY:
            colour = (self._gem - GEM_SUPPLY) % 3
            source = f"P{self._leader + 1}'s own gems" if self._gem >= GEM_OWN else "the supply"
            lines.append(f"Gem at stake: {COLOUR_NAMES[colour]} ({LETTERS[colour]}) from {source}")
            table = table_text(self._leader, n, self._plays, self._slots, self._values)
            lines.append(f"Trick: {table}")
            lines.append(f"P{self.current_player() + 1} to play")
        else:
            outcome = self.outcome()
            winners = ", ".join(f"P{s + 1}" for s in outcome.winners) or "nobody"
            lines.append(f"Game over ({ENDS[self._end]}): {winners} first")
            lines.append("Final scores: " + "  ".join(f"P{s + 1} {x:g}" for s, x in enumerate(outcome.scores)))
        if seat is not None:
            hand = " ".join(CARD_TEXT[c] for c in self._hands[seat]) or "(empty)"
            lines.append(f"Your hand: {hand}")
        return "\n".join(lines)


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


def read_trick(data: Mapping[str, Any], n: int) -> Trick:
    leader = whole(data["leader"], 0, n - 1)
    gem = parse_gem(data["gem"])
    plays = tuple(parse_card(c, StateError) for c in data["played"])
    slots = tuple(parse_card(c, StateError) for c, _ in data["cards"])
    values = tuple(whole(v, 0, 16) for _, v in data["cards"])
    if len(plays) != n or len(slots) != n or sorted(plays) != sorted(slots):
        raise StateError("a finished trick holds one card per seat")
    return (leader, gem, plays, slots, values, whole(data["winner"], 0, n - 1))


def table_text(leader: int, n: int, plays: Sequence[int], slots: Sequence[int], values: Sequence[int]) -> str:
    """The cards on the table by seat with their values; a fake that took a card shows it."""
    parts = []
    for i, (played, card, value) in enumerate(zip(plays, slots, values, strict=True)):
        shown = f"F took {CARD_TEXT[card]}" if played == FAKE and card != FAKE else CARD_TEXT[card]
        parts.append(f"P{(leader + i) % n + 1} {shown}={value}")
    return "  ".join(parts) or "no card yet"


def trick_line(trick: Trick, n: int) -> str:
    leader, gem, plays, slots, values, winner = trick
    return f"{gem_text(gem)}: {table_text(leader, n, plays, slots, values)}; P{winner + 1} won"


def parse_gem(text: Any) -> int:
    try:
        action = parse_action(text)
    except NotationError:
        action = -1
    if not GEM_SUPPLY <= action < GEM_OWN + 3:
        raise StateError(f"{text!r} is not a gem choice")
    return action


def whole(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise StateError(f"{value!r} is not a whole number in {low}..{high}")
    return value


def seat_or_none(value: Any, n: int) -> int:
    return -1 if value is None else whole(value, 0, n - 1)
