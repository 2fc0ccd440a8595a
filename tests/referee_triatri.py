"""An independent referee for TriATri, the second implementation that ``test_triatri_referee`` plays
against the engine (``tritable.games.triatri``) at every step.

What it is
----------
The rules of TriATri written a second time, from the rule text (the Board Game Arena help,
``000_63c8a291ab368e67.txt``), the TriATri section of RULINGS.md and the decisions listed in the game
module's docstring, and NOT from the engine's code. It imports nothing from ``tritable``: it works on
plain data in the platform's notation (cards ``"R5"``, ``"B2"``, ``"G7"`` and the fake ``"F"``; gem
choices ``"gem R"`` from the supply and ``"gem own B"`` from the leader's own gems; seats 0..n-1;
colour indices 0 Fire/red, 1 Water/blue, 2 Wood/green). It is deliberately simple and slow: lists,
strings and recomputation everywhere, no caching, no bit tricks, so that it reads like the rules and
does not share the engine's optimisations (or their bugs).

What it covers
--------------
The decks per player count; the deal (seat ``s`` gets cards ``6s .. 6s+5`` of the round's deck, the
engine's setup convention); the simultaneous start-card reveal with every tie rule and the repick;
the gem choice; the follow rule; doubling and quadrupling; the fake card as a lead and as a swap;
the trick winner with every tie rule; where the gem goes; the three ways the game ends and their
order; the score (sets, pairs, the rest) at any moment, the instant winner's 100, and the ranks
(score, then gems, then a shared place).

What it does NOT cover
----------------------
Chance: it plays the decks it is given (the test deals them, or takes the engine's). Anything that is
the platform's rather than the game's: action numbers, notation parsing, rendering, JSON, views and
what they hide, returns, ``stake_value``/``winner_after`` and the state samplers. The referee shows
everything; hiding information is the engine's business and is checked elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

COLOURS = "RBG"  # Fire (red), Water (blue), Wood (green), as the platform writes the gems
FAKE = "F"  # the "imitation" card
HAND_SIZE = 6  # "Of the six cards, one card is used to determine the starting player"
TRICKS_PER_ROUND = 5
ROUNDS = 3
GEMS_PER_COLOUR = 6  # "Gems (token): 6 of each colour"
INSTANT_WIN_SCORE = 100  # "The player immediately wins the game (100 points is shown in the BGA)"

# The phases, named as the engine's state names them so that the test can compare them directly.
REVEAL, GEM, PLAY, OVER = "reveal", "gem", "play", "over"

# How the game ended (the test maps these to the engine's words).
END_INSTANT, END_SUPPLY, END_ROUNDS = "instant", "supply", "rounds"


# ---------------------------------------------------------------------------------------------
# Cards and colours


def colour_of(card: str) -> int | None:
    """The colour index of a card; ``None`` for the colourless fake."""
    return None if card == FAKE else COLOURS.index(card[0])


def number_of(card: str) -> int:
    """The printed number; the fake counts 0 (RULINGS: "a fake card counts 0" at the reveal, and
    "played as the lead, it is a colourless 0")."""
    return 0 if card == FAKE else int(card[1:])


def beats(a: int, b: int) -> bool:
    """Does colour ``a`` beat colour ``b``? "If the previous player's card is Fire, then Water is
    dominant, if it is Water, then Wood is dominant, and if it is Wood, then Fire is dominant"."""
    water_beats_fire = (a, b) == (1, 0)
    wood_beats_water = (a, b) == (2, 1)
    fire_beats_wood = (a, b) == (0, 2)
    return water_beats_fire or wood_beats_water or fire_beats_wood


def deck_for(players: int) -> list[str]:
    """Every card of the deck for a player count, from the rule text's table: each colour 2..6 with
    2 fakes (2 players), 2..7 with 1 fake (3 players), 2..8 with 3 fakes (4 players)."""
    highest = {2: 6, 3: 7, 4: 8}[players]
    fakes = {2: 2, 3: 1, 4: 3}[players]
    numbered = [colour + str(number) for colour in COLOURS for number in range(2, highest + 1)]
    return numbered + [FAKE] * fakes


# ---------------------------------------------------------------------------------------------
# The rule helpers (pure functions on plain data)


def start_player(cards: Sequence[str]) -> int | None:
    """The seat that starts, given the start card each seat revealed; ``None`` when everyone must
    pick again ("Return all cards and redeem them")."""
    n = len(cards)
    numbers = [number_of(card) for card in cards]
    top = max(numbers)
    tied = [seat for seat in range(n) if numbers[seat] == top]
    if len(tied) == 1:
        # "the player with the highest numbered card is the starting player"
        return tied[0]
    if len(tied) == 2:
        # "If the two players with the highest numbers are [tied]: the dominant color side will be
        # the starting player." Two fakes (only possible with 2 players) have no colour: repick.
        a, b = tied
        colour_a, colour_b = colour_of(cards[a]), colour_of(cards[b])
        if colour_a is None or colour_b is None:
            return None
        if beats(colour_a, colour_b):
            return a
        if beats(colour_b, colour_a):
            return b
        return None  # same colour: cannot happen (each number exists once per colour); repick
    if len(tied) == 3 and n == 4:
        # "If the player with the highest number is 3 (4-player game): the player who plays another
        # numbered card becomes the starting player."
        return next(seat for seat in range(n) if seat not in tied)
    # "When the player with the highest number is 3 (3-player game): Return all cards and redeem
    # them." (The module docstring: any other tie, all unreachable, is a repick too.)
    return None


def value_after(previous: str | None, card: str) -> int:
    """The value a card counts for when it lands in a slot right after ``previous`` (the card now in
    the slot before it, or ``None`` for the lead)."""
    value = number_of(card)
    if previous is None:
        return value  # RULINGS: "The first card of a trick is never doubled."
    mine, theirs = colour_of(card), colour_of(previous)
    if mine is None or theirs is None:
        return value  # a fake has no colour: it neither doubles nor is doubled
    if beats(mine, theirs):
        # "Only when the player's own card is [2], the value is quadrupled instead of doubled."
        return value * 4 if value == 2 else value * 2
    return value


def winning_slot(slots: Sequence[tuple[str, int]]) -> int:
    """The index of the slot that wins a trick; ``slots`` hold (card, computed value) in play order.

    "The player who plays the card with the highest value ... wins. If two players play the card with
    the highest value, the player who plays the card with the dominant attributes wins. If the
    player who played the highest value card has the same attributes or three colors, the player
    who played the card later wins." RULINGS: with two colours tied, the later-played card of the
    dominant colour wins.
    """
    best = max(value for _, value in slots)
    tied = [i for i, (_, value) in enumerate(slots) if value == best]
    colours = {colour_of(slots[i][0]) for i in tied}
    if len(colours) == 2:
        a, b = colours
        if a is None or b is None:
            # A fake is worth 0 and a numbered card at least 2: they can never tie.
            raise AssertionError(f"a fake tied with a numbered card: {slots}")
        dominant = a if beats(a, b) else b
        return max(i for i in tied if colour_of(slots[i][0]) == dominant)
    # One colour (fakes tied at 0 count as one colourless colour, the module docstring) or three.
    return max(tied)


def score_parts(gems: Sequence[int], supply: Sequence[int]) -> tuple[int, int, int]:
    """(three-colour sets, two-colour pairs, points for the remaining gems) for one player's gems.

    "Calculated sequentially from the top set, with each set not duplicated": first the sets of all
    three colours, then the pairs of two colours among what is left, then every remaining gem
    scores the number of gems of its colour left in the supply.
    """
    sets = min(gems)
    left = [count - sets for count in gems]  # at least one colour is now 0
    pairs = sorted(left)[1]  # so the pairs are as many as the smaller of the other two colours
    left = [max(count - pairs, 0) for count in left]
    rest = sum(left[colour] * supply[colour] for colour in range(3))
    return sets, pairs, rest


def score(gems: Sequence[int], supply: Sequence[int]) -> int:
    """A player's score: "1 point per set", "-2 points per set" of two colours, then the rest."""
    sets, pairs, rest = score_parts(gems, supply)
    return sets - 2 * pairs + rest


def places(scores: Sequence[int], gem_totals: Sequence[int]) -> list[int]:
    """Places: by score, then "the winner is the player with the highest number of gems"; still tied,
    the place is shared (RULINGS), so a place is 1 + the number of seats strictly ahead."""
    keys = list(zip(scores, gem_totals, strict=True))
    return [1 + sum(other > mine for other in keys) for mine in keys]


# ---------------------------------------------------------------------------------------------
# A whole game


@dataclass
class Trick:
    """One trick: who led, the gem at stake, and the cards as played and as they now lie."""

    leader: int
    gem: str  # the gem choice, "gem R" or "gem own R"
    played: list[str] = field(default_factory=list)  # the cards in the order they were played
    slots: list[tuple[str, int]] = field(default_factory=list)  # (card, value) now in each slot
    winner: int | None = None


class IllegalMove(Exception):
    """A seat tried an action the rules do not allow it now."""


class Referee:
    """One game of TriATri from fixed decks: ``decks[r]`` is round ``r + 1``'s deck in dealt order."""

    def __init__(self, players: int, decks: Sequence[Sequence[str]]) -> None:
        if players not in (2, 3, 4):
            raise ValueError(f"TriATri is for 2 to 4 players, not {players}")
        if len(decks) != ROUNDS or any(sorted(deck) != sorted(deck_for(players)) for deck in decks):
            raise ValueError("three decks, each every card of the player count's deck once")
        self.players = players
        self.decks = [list(deck) for deck in decks]
        self.gems = [[0, 0, 0] for _ in range(players)]
        self.supply = [GEMS_PER_COLOUR] * 3
        self.end: str | None = None
        self.instant_winner: int | None = None
        self.last_trick: Trick | None = None
        self._start_round(1)

    def _start_round(self, round_number: int) -> None:
        # "All cards are mixed and redealt six at a time, leaving the currently held gems untouched"
        deck = self.decks[round_number - 1]
        self.round = round_number
        self.hands = [deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(self.players)]
        self.phase = REVEAL
        self.pending: list[str | None] = [None] * self.players  # start cards picked, not yet shown
        self.repicks: list[list[str]] = []  # tied reveals of this round, shown and taken back
        self.start_cards: list[str | None] = [None] * self.players
        self.start_player: int | None = None
        self.leader: int | None = None
        self.trick: Trick | None = None
        self.tricks: list[Trick] = []  # this round's finished tricks

    # -- whose turn and what they may do

    def to_move(self) -> list[int]:
        """The seats that may act now: everyone still to pick at the reveal, else one seat."""
        if self.phase == REVEAL:
            # "All players play a card from their hands at the same time"
            return [seat for seat in range(self.players) if self.pending[seat] is None]
        if self.phase == GEM:
            assert self.leader is not None
            return [self.leader]
        if self.phase == PLAY:
            # "Starting with the starting player, a card is played in a clockwise direction";
            # clockwise is increasing seat order (module docstring).
            assert self.trick is not None
            return [(self.trick.leader + len(self.trick.played)) % self.players]
        return []

    def legal(self, seat: int) -> set[str]:
        """Every action ``seat`` may take now (empty when it is not to act)."""
        if seat not in self.to_move():
            return set()
        hand = self.hands[seat]
        if self.phase == REVEAL:
            return set(hand)  # any card, the fake included (it counts 0)
        if self.phase == GEM:
            # "selects one gem from the common inventory or their own hand"
            from_supply = {f"gem {COLOURS[c]}" for c in range(3) if self.supply[c] > 0}
            from_own = {f"gem own {COLOURS[c]}" for c in range(3) if self.gems[seat][c] > 0}
            return from_supply | from_own
        assert self.trick is not None
        gem_colour = COLOURS.index(self.trick.gem[-1])
        # "If the player has a card of the color of the selected gem, that card is played. If not,
        # a card of any color is played. The imitation card can be played regardless of its color."
        following = {card for card in hand if colour_of(card) == gem_colour}
        if not following:
            return set(hand)
        return following | ({FAKE} if FAKE in hand else set())

    # -- acting

    def apply(self, seat: int, action: str) -> None:
        if action not in self.legal(seat):
            raise IllegalMove(f"seat {seat} may not {action!r} now (may: {sorted(self.legal(seat))})")
        if self.phase == REVEAL:
            self._reveal(seat, action)
        elif self.phase == GEM:
            self.trick = Trick(leader=seat, gem=action)
            self.phase = PLAY
        else:
            self._play(seat, action)

    def _reveal(self, seat: int, card: str) -> None:
        self.pending[seat] = card
        if any(choice is None for choice in self.pending):
            return
        cards = [choice for choice in self.pending if choice is not None]
        self.pending = [None] * self.players
        starter = start_player(cards)
        if starter is None:
            # Cards back, everyone picks again from the same hands; the tied cards were seen by all
            # (module docstring: "repicks").
            self.repicks.append(cards)
            return
        # RULINGS: "that card is out for the round".
        for owner, card_shown in enumerate(cards):
            self.hands[owner].remove(card_shown)
        self.start_cards = list(cards)
        self.start_player = starter
        self.leader = starter
        self.phase = GEM

    def _play(self, seat: int, card: str) -> None:
        trick = self.trick
        assert trick is not None
        self.hands[seat].remove(card)
        trick.played.append(card)
        if card == FAKE and trick.slots:
            # "Of the cards already on the field, it is replaced with the card of the player with
            # the highest value (after taking into account the doubling effect)." RULINGS: the fake's
            # player takes that card with its computed value; the robbed slot holds the fake at 0.
            robbed = winning_slot(trick.slots)
            taken = trick.slots[robbed]
            trick.slots[robbed] = (FAKE, 0)
            trick.slots.append(taken)
        else:
            # A fake lead is a colourless 0 ("If the starting player ... plays this, it is treated
            # as a colorless [0]"). RULINGS: doubling looks at the card now in the slot before.
            previous = trick.slots[-1][0] if trick.slots else None
            trick.slots.append((card, value_after(previous, card)))
        if len(trick.slots) == self.players:
            self._finish_trick(trick)

    def _finish_trick(self, trick: Trick) -> None:
        # Slot i belongs to the i-th seat after the leader, whatever card it now holds.
        winner = (trick.leader + winning_slot(trick.slots)) % self.players
        trick.winner = winner
        gem_colour = COLOURS.index(trick.gem[-1])
        # The gem stays where it was until the trick is over, then goes to the winner; a leader who
        # put up an own gem and wins keeps it (module docstring, "Gems").
        if trick.gem.startswith("gem own"):
            self.gems[trick.leader][gem_colour] -= 1
        else:
            self.supply[gem_colour] -= 1
        self.gems[winner][gem_colour] += 1
        self.tricks.append(trick)
        self.last_trick = trick
        self.trick = None
        self.leader = winner  # RULINGS: "The winner leads the next trick."

        # The end checks, in the module docstring's order.
        # "If either player collects two sets of each of the three colors of gems: the player
        # immediately wins the game." Checked for every seat, though only the winner can newly
        # reach it.
        holders = [seat for seat in range(self.players) if min(self.gems[seat]) >= 2]
        assert len(holders) <= 1, f"two seats with two gems of each colour: {self.gems}"
        if holders:
            self._over(END_INSTANT)
            self.instant_winner = holders[0]
            return
        # "When all gems of one color are gone from the common inventory: Perform the trick to the
        # end and calculate the score immediately afterwards."
        if min(self.supply) == 0:
            self._over(END_SUPPLY)
            return
        if len(self.tricks) < TRICKS_PER_ROUND:
            self.phase = GEM
        elif self.round < ROUNDS:
            self._start_round(self.round + 1)
        else:
            self._over(END_ROUNDS)  # "three rounds are completed: Calculate the score."

    def _over(self, reason: str) -> None:
        self.phase = OVER
        self.end = reason

    # -- scores and result

    def scores(self) -> list[int]:
        """Each seat's score if the game ended now (the supply as it is now); an instant winner shows
        100."""
        result = [score(gems, self.supply) for gems in self.gems]
        if self.instant_winner is not None:
            result[self.instant_winner] = INSTANT_WIN_SCORE
        return result

    def ranks(self) -> list[int]:
        return places(self.scores(), [sum(gems) for gems in self.gems])
