"""The TriATri rules engine; the package docstring documents the rules decisions and the formats."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from tritable.engine.errors import IllegalActionError, StateError
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
)
from tritable.games.triatri.cards import (
    CARD_TEXT,
    CODES,
    COLOUR,
    COLOUR_NAMES,
    ENDS,
    FAKE,
    GEM,
    GEM_OWN,
    GEM_SUPPLY,
    GEMS_PER_COLOUR,
    HAND_SIZE,
    INSTANT_WIN_POINTS,
    IS_CARD,
    OVER,
    PHASES,
    PLAY,
    REVEAL,
    ROUNDS,
    TRICKS_PER_ROUND,
    Trick,
    _count,
    _shown,
    action_text,
    deck_for,
    distinct,
    gem_text,
    lay,
    parse_action,
    score,
    score_parts,
    start_player,
    trick_json,
    value_after,
    winning_slot,
)
from tritable.games.triatri.events import events, last_action_view
from tritable.games.triatri.render import draw
from tritable.games.triatri.sampling import read_unseen
from tritable.games.triatri.validation import check, read_setup, read_state

# -- the game -------------------------------------------------------------------------------------


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
        decks = read_setup(self, setup)
        state = TriATriState(self, copy_json(setup))
        state._decks = decks
        state._new_round(0)
        return state

    # -- JSON ---------------------------------------------------------------------------------------

    def state_from_json(self, data: Mapping[str, Any]) -> TriATriState:
        state = TriATriState(self, None)
        read_state(state, data)
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
            deal = read_unseen(TriATriState(self, None), view)
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
            raise StateError.malformed("TriATri view", exc) from None
        return checked_draws(view, deal, "TriATri view", check)

    # -- notation -----------------------------------------------------------------------------------

    def action_to_string(self, action: Action) -> str:
        return action_text(action)

    def string_to_action(self, text: str) -> Action:
        return parse_action(text)


# -- the state ------------------------------------------------------------------------------------


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
        "_last_action",
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
        "_to_move",
        "_trick",
        "_tricks",
        "_values",
    )

    game: TriATri

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
        """The last trick finished, this round's or the round before's: what views show of it."""
        self._last_action: tuple[int, int] | None = None
        """``(seat, action)`` of the last action: views tell what it did (not part of the position)."""
        self._gems = [[0, 0, 0] for _ in range(n)]
        self._supply = [GEMS_PER_COLOUR] * 3
        self._end = -1
        self._instant = -1
        self._to_move = SIMULTANEOUS
        """What :meth:`current_player` answers, kept up to date by every change of the phase, the
        leader or the trick (the protocol asks it twice an action: deriving it each time costs)."""

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
        self._to_move = SIMULTANEOUS

    # -- turn ---------------------------------------------------------------------------------------

    def current_player(self) -> int:
        return self._to_move

    def _seat_to_move(self) -> int:
        """:meth:`current_player` worked out from the phase, the leader and the trick: for a
        state read from JSON or a view."""
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
            pending = self._pending
            return tuple([s for s in range(self._n) if pending[s] < 0])
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
        self._last_action = (seat, action)  # type: ignore[assignment]  # checked: an int

    def _card(self, seat: int, action: Action) -> int:
        if type(action) is not int or not 0 <= action < CODES or not IS_CARD[action]:
            raise IllegalActionError(f"{_shown(action)} is not a card (seat {seat} must play a card now)")
        if action not in self._hands[seat]:
            raise IllegalActionError(f"{CARD_TEXT[action]} is not in seat {seat}'s hand")
        return action

    def _reveal(self, seat: int, action: Action) -> None:
        # A card held is taken without a call: _card only to say what is wrong.
        card = action if type(action) is int and action in self._hands[seat] else self._card(seat, action)
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
        self._starter = self._leader = self._to_move = starter
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
        hand = self._hands[seat]
        card = action if type(action) is int and action in hand else self._card(seat, action)
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
        plays = self._plays
        plays.append(card)
        if len(self._slots) == self._n:
            self._finish_trick()
        else:
            self._to_move = (self._leader + len(plays)) % self._n

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
        self._leader = self._to_move = winner
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
        self._to_move = TERMINAL

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
        new._last_action = self._last_action
        new._gems = [g[:] for g in self._gems]
        new._supply = self._supply[:]
        new._end = self._end
        new._instant = self._instant
        new._to_move = self._to_move
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

    def to_json(self) -> JSON:
        data = self._json_header()
        body = self._public()
        body["scores"] = self.scores()  # for the reader's sake: the gems decide them
        body["hands"] = [[CARD_TEXT[c] for c in h] for h in self._hands]
        body["pending"] = [None if c < 0 else CARD_TEXT[c] for c in self._pending]
        body["decks"] = [[CARD_TEXT[c] for c in deck] for deck in self._decks]
        last = self._last_action
        body["last_action"] = None if last is None else {"seat": last[0], "action": action_text(last[1])}
        data["state"] = body
        return data

    def view(self, seat: int | None = None) -> JSON:
        data = self._view_header(seat)
        data.update(self._public())
        data["chosen"] = [c >= 0 for c in self._pending]
        data["choice"] = CARD_TEXT[self._pending[seat]] if seat is not None and self._pending[seat] >= 0 else None
        data["last_action"] = last_action_view(self, seat)
        data["events"] = events(self, seat)
        return data

    # -- text ---------------------------------------------------------------------------------------

    def render(self, seat: int | None = None) -> str:
        return draw(self.view(seat)).text()
