"""Reading and checking TriATri's JSON: setups, state JSON and the public part of views. A
position read here is checked field by field against the rules (``docs/protocol.md`` lists what)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tritable.engine.errors import NotationError, SetupError, StateError
from tritable.engine.protocol import copy_json, same_json
from tritable.games.triatri.cards import (
    CARD_TEXT,
    COLOUR,
    COLOUR_NAMES,
    ENDS,
    FAKE,
    FAKES,
    GEM,
    GEM_OWN,
    GEM_SUPPLY,
    GEMS_PER_COLOUR,
    HAND_SIZE,
    OVER,
    PHASES,
    PLAY,
    REVEAL,
    ROUNDS,
    TEXT_CARD,
    TRICKS_PER_ROUND,
    Trick,
    laid_out,
    parse_action,
    parse_card,
    parse_gem,
    start_player,
    winning_slot,
)
from tritable.games.triatri.events import last_kind

if TYPE_CHECKING:
    from tritable.games.triatri.game import TriATri, TriATriState


def read_setup(game: TriATri, setup: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The decks of ``setup``, checked as ``new_state`` checks them (:class:`SetupError` names the fault)."""
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
        try:  # a deck as random_setup deals it, read at once; else card by card, to name a fault
            codes = tuple(map(TEXT_CARD.__getitem__, deck))
        except (KeyError, TypeError):
            codes = tuple(parse_card(text, SetupError) for text in deck)
        if sorted(codes) != game._sorted_deck:
            raise SetupError(
                f"triatri: deck {r} must hold each card of the {game.players}-player deck once "
                f"({len(game.deck)} cards: each colour 2..{game.players + 4}, {FAKES[game.players]} fakes)"
            )
        parsed.append(codes)
    return tuple(parsed)


def read_state(state: TriATriState, data: Mapping[str, Any]) -> None:
    """Read state JSON into the empty ``state`` and check it (:class:`StateError` names the fault)."""
    game = state.game
    game._refuse_other_game(data)  # said as every game says it (a State or no JSON object too)
    if data.get("game") != game.id or data.get("players") != game.players:
        raise StateError(
            f"not a {game.players}-player triatri state: it names game {data.get('game')!r} "
            f"for {data.get('players')!r} players"
        )
    state._read_header(data)
    if state.initial_setup is not None:
        try:  # a setup is checked as new_state checks it: it is what records replay from
            read_setup(game, state.initial_setup)
        except SetupError as exc:
            raise StateError(f"bad setup in state JSON: {exc}") from None
    body = data.get("state")
    if not isinstance(body, Mapping):
        raise StateError("a triatri state JSON holds its position under 'state'")
    try:
        read_public(state, body)
        n = game.players
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
        if any(sorted(deck) != sorted(game.deck) for deck in state._decks):
            raise StateError("each deck must hold the whole deck once")
        last = body["last_action"]
        state._last_action = None if last is None else read_last_action(last, n, hidden=False)
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateError.malformed("TriATri state", exc) from None
    check(state)
    state._check_turn()
    # The scores are written for the reader's sake; the gems decide them.
    if "scores" in body and not same_json(copy_json(body["scores"]), state.scores()):  # 0.0 is not 0 in JSON
        raise StateError(f"'scores' is {body['scores']!r}, but the gems score {state.scores()!r}")
    state._refuse_unknown_fields(data)
    unknown = set(body) - set(state.to_json()["state"])
    if unknown:
        raise StateError(f"unknown fields in 'state': {', '.join(sorted(map(str, unknown)))}")


def read_public(state: TriATriState, data: Mapping[str, Any]) -> None:
    """Read what :meth:`_public` wrote (raises StateError, TypeError, KeyError, ... when malformed)."""
    n = state._n
    phase = data["phase"]
    if phase not in PHASES:
        raise StateError(f"unknown phase {phase!r}")
    state._phase = PHASES.index(phase)
    state._round = whole(data["round"], 1, ROUNDS) - 1
    state._trick = whole(data["tricks_done"], 0, TRICKS_PER_ROUND)
    start = data["start_cards"]
    if not isinstance(start, list) or len(start) != n:
        raise StateError(f"'start_cards' needs one entry per seat ({n})")
    state._start = [-1 if c is None else parse_card(c, StateError) for c in start]
    state._starter = seat_or_none(data["start_player"], n)
    state._repicks = [tuple(parse_card(c, StateError) for c in cards) for cards in data["repicks"]]
    if any(len(cards) != n for cards in state._repicks):
        raise StateError("each tied reveal shows one card per seat")
    state._leader = seat_or_none(data["leader"], n)
    gem = data["gem"]
    state._gem = -1 if gem is None else parse_gem(gem)
    trick = data["trick"]
    state._plays = [parse_card(c, StateError) for c in trick["played"]]
    cards = trick["cards"]
    state._slots = [parse_card(c, StateError) for c, _ in cards]
    state._values = [whole(v, 0, 16) for _, v in cards]
    state._tricks = [read_trick(t, n) for t in data["tricks"]]
    last = data["last_trick"]
    state._last = None if last is None else read_trick(last, n)
    gems = data["gems"]
    if not isinstance(gems, list) or len(gems) != n or any(not isinstance(g, list) or len(g) != 3 for g in gems):
        raise StateError(f"'gems' needs three counts per seat ({n})")
    state._gems = [[whole(x, 0, GEMS_PER_COLOUR) for x in g] for g in gems]
    supply = data["supply"]
    if not isinstance(supply, list) or len(supply) != 3:
        raise StateError("'supply' needs three counts")
    state._supply = [whole(x, 0, GEMS_PER_COLOUR) for x in supply]
    end = data["end"]
    if end is not None and end not in ENDS:
        raise StateError(f"unknown end {end!r}")
    state._end = -1 if end is None else ENDS.index(end)
    state._instant = seat_or_none(data["instant_winner"], n)
    state._to_move = state._seat_to_move()


def check(state: TriATriState) -> None:
    """Consistency checks for a state read from JSON or sampled from a view."""
    n = state._n
    phase = state._phase
    for c in range(3):
        if state._supply[c] + sum(g[c] for g in state._gems) != GEMS_PER_COLOUR:
            raise StateError(f"there must be {GEMS_PER_COLOUR} {COLOUR_NAMES[c]} gems in all")
    if len(state._slots) != len(state._plays) or len(state._values) != len(state._plays):
        raise StateError("the trick's played cards and slots differ in number")
    if sorted(state._slots) != sorted(state._plays):
        raise StateError("the trick's slots must hold the cards played")
    if len(state._tricks) != state._trick:
        raise StateError("'tricks_done' must count this round's tricks")
    if phase in (GEM, PLAY) and (state._leader < 0 or state._starter < 0):
        raise StateError("a trick needs a leader and a start player")
    if phase in (REVEAL, OVER) and state._leader >= 0:
        raise StateError(
            f"no seat leads a trick {'in the reveal phase' if phase == REVEAL else 'once the game is over'}"
        )
    if (phase == PLAY) != (state._gem >= 0) or (phase != PLAY and state._plays) or len(state._plays) >= n:
        raise StateError("a gem is at stake exactly while a trick is played")
    if (phase == OVER) != (state._end >= 0) or (state._instant >= 0) != (state._end == 0):
        raise StateError("the end reason does not match the phase")
    if phase == REVEAL and (state._starter >= 0 or max(state._start) >= 0):
        raise StateError("no start card is revealed before everyone has chosen")
    if phase != REVEAL and any(p >= 0 for p in state._pending):
        raise StateError("start cards are only chosen in the reveal phase")
    if phase != REVEAL and min(state._start) < 0:
        raise StateError("every seat has a start card once the round has started")
    if phase == PLAY:
        colour = (state._gem - GEM_SUPPLY) % 3
        if state._gem >= GEM_OWN and not state._gems[state._leader][colour]:
            raise StateError("the leader puts up a gem they do not hold")
    for s in range(n):
        if state._pending[s] >= 0 and state._pending[s] not in state._hands[s]:
            raise StateError(f"seat {s}'s chosen start card is not in its hand")
    _check_play(state)
    used: list[list[int]] = [[] if c < 0 else [c] for c in state._start]
    finished: list[tuple[int, Sequence[int]]] = [(t[0], t[2]) for t in state._tricks]
    for leader, plays in [*finished, (state._leader, state._plays)]:
        for i, card in enumerate(plays):
            used[(leader + i) % n].append(card)
    deal = state._decks[state._round]
    dealt = [sorted(deal[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(n)]
    for s in range(n):
        if sorted(state._hands[s] + used[s]) != dealt[s]:
            raise StateError(f"seat {s}'s hand and played cards are not the cards dealt to it this round")
        for cards in state._repicks:  # tied start cards went back to the hands they came from
            if cards[s] not in dealt[s]:
                raise StateError(f"seat {s} showed {CARD_TEXT[cards[s]]} in a tie, a card not dealt to it")
    # A card off the gem's colour (not a fake) means its seat held none of that colour then:
    # its hand then was its hand now and every card it has played since.
    held = [list(hand) for hand in state._hands]
    tricks = [(t[0], t[1], t[2]) for t in state._tricks]
    if state._phase == PLAY:
        tricks.append((state._leader, state._gem, tuple(state._plays)))
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
    _check_gems(state)
    last_kind(state)  # the last action must be one that leads here: views tell what it did


def _check_play(state: TriATriState) -> None:
    """What the cards played decide agrees with the rules: who starts, the values in every
    trick, who won it and so leads the next, and how the game ended."""
    n = state._n
    for cards in state._repicks:
        if start_player(cards) is not None:
            shown = " ".join(CARD_TEXT[c] for c in cards)
            raise StateError(f"the reveal {shown} is not tied: it decides who starts")
    leader = -1
    if state._phase != REVEAL or state._tricks:
        starter = start_player(state._start)
        leader = -1 if starter is None else starter
        if state._starter != leader:
            raise StateError(f"the start cards make seat {leader} the start player, not {state._starter}")
    for i, (trick_leader, _gem, plays, slots, values, winner) in enumerate(state._tricks):
        if trick_leader != leader:
            raise StateError(f"seat {leader} leads trick {i + 1}, not seat {trick_leader}")
        if laid_out(plays) != (slots, values):
            raise StateError(f"trick {i + 1}'s cards are not where, or not worth what, the rules put them")
        leader = (trick_leader + winning_slot(slots, values)) % n
        if winner != leader:
            raise StateError(f"trick {i + 1} is won by seat {leader}, not seat {winner}")
    if state._tricks and state._last != state._tricks[-1]:
        raise StateError("'last_trick' is not the round's last trick")
    if state._round > 0 and state._last is None:
        raise StateError(f"round {state._round + 1} needs round {state._round}'s last trick as 'last_trick'")
    if not state._tricks and state._last is not None:
        # The last trick of the round before: the rules decide it. (Its cards are not checked
        # against that round's deal, which a state drawn from a view deals afresh.)
        if state._round == 0:
            raise StateError("no trick has been played: there is no 'last_trick'")
        last_leader, _gem, plays, slots, values, winner = state._last
        if laid_out(plays) != (slots, values):
            raise StateError("the last trick's cards are not where, or not worth what, the rules put them")
        if winner != (last_leader + winning_slot(slots, values)) % n:
            raise StateError(f"the last trick is not won by seat {winner}")
    if state._phase in (GEM, PLAY) and state._leader != leader:
        raise StateError(f"seat {leader} leads this trick, not seat {state._leader}")
    if laid_out(state._plays) != (tuple(state._slots), tuple(state._values)):
        raise StateError("the trick's cards are not where, or not worth what, the rules put them")
    sets = [s for s in range(n) if min(state._gems[s]) >= 2]
    if sets != ([state._instant] if state._instant >= 0 else []):
        raise StateError("an instant win is a seat with two gems of each colour, which ends the game")
    if state._end == ENDS.index("supply exhausted") and min(state._supply):
        raise StateError("the game ended for an exhausted supply, but no colour has run out")
    if state._end < 0 and not min(state._supply):
        raise StateError("a colour of the supply has run out: the game is over")
    if state._phase in (GEM, PLAY) and state._trick >= TRICKS_PER_ROUND:
        raise StateError(f"the round's {TRICKS_PER_ROUND} tricks are played: no trick is next")
    if state._end == ENDS.index("three rounds") and (state._round, state._trick) != (ROUNDS - 1, TRICKS_PER_ROUND):
        raise StateError(f"the game ends after three rounds only with round {ROUNDS}'s last trick played")
    if state._end >= 0 and not state._tricks:
        raise StateError("the game ends only when a trick is won")


def _check_gems(state: TriATriState) -> None:
    """The gems held, the supply and the end agree with the tricks won.

    A trick moves one gem to its winner, from the supply (``gem B``) or from the leader
    (``gem own B``; a leader who wins it keeps it), and no gem goes back to the supply. Round
    1's tricks are the whole game: played from the full supply they give exactly the gems
    held. A later round began from gems no state shows: taking its tricks back (before its
    first, the round before's last trick) from the gems held must leave a position the game
    went on from, with at least one gem out of the supply (nobody holds a gem for the game's
    first trick) and at most one a trick played.
    """
    n = state._n
    tricks = state._tricks
    if state._end >= 0:  # the game ended with its last trick (there is one: checked)
        gem, winner = tricks[-1][1], tricks[-1][5]
        colour = (gem - GEM_SUPPLY) % 3
        if state._instant >= 0 and state._instant != winner:
            raise StateError(f"seat {state._instant} cannot win at once: seat {winner} won the last trick")
        if state._end == ENDS.index("three rounds") and not min(state._supply):
            empty = COLOUR_NAMES[state._supply.index(0)]
            raise StateError(f"the supply has run out of {empty}: the game ended for that, not after three rounds")
        if state._end == ENDS.index("supply exhausted"):
            if gem >= GEM_OWN:
                raise StateError("the game ended for an exhausted supply, but its last trick took no supply gem")
            if state._supply[colour]:
                raise StateError(
                    f"the game ended for an exhausted supply, but its last trick took a {COLOUR_NAMES[colour]} "
                    f"gem and {COLOUR_NAMES[colour]} is left"
                )
    if state._round == 0:
        gems = [[0, 0, 0] for _ in range(n)]
        for i, (leader, gem, _plays, _slots, _values, winner) in enumerate(tricks):
            colour = (gem - GEM_SUPPLY) % 3
            if gem >= GEM_OWN:
                if not gems[leader][colour]:
                    raise StateError(
                        f"seat {leader} puts up its own {COLOUR_NAMES[colour]} gem in trick {i + 1} without holding one"
                    )
                gems[leader][colour] -= 1
            gems[winner][colour] += 1
        for s in range(n):
            if gems[s] != state._gems[s]:
                raise StateError(f"seat {s} holds gems {state._gems[s]}, but round 1's tricks give it {gems[s]}")
        return  # the supply holds the rest (checked)
    walk: list[tuple[str, Trick]] = [(f"trick {i + 1}", trick) for i, trick in enumerate(tricks)]
    before = f"round {state._round + 1}"
    played = TRICKS_PER_ROUND * state._round
    if not tricks:
        assert state._last is not None  # checked: a later round shows the last trick of the one before
        before = f"round {state._round}'s last trick"
        walk = [(before, state._last)]
        played -= 1
    gems = [list(g) for g in state._gems]
    supply = list(state._supply)
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


def read_last_action(data: Mapping[str, Any], n: int, hidden: bool) -> tuple[int, int]:
    """``(seat, action)`` of a ``last_action`` object; its action is -1 where it is ``null``, a
    start card the viewer may not see (``hidden``: a view's)."""
    if not isinstance(data, Mapping) or set(data) != {"seat", "action"}:
        raise StateError("'last_action' is null or an object with 'seat' and 'action'")
    seat = whole(data["seat"], 0, n - 1)
    text = data["action"]
    if text is None and hidden:
        return seat, -1
    try:
        return seat, parse_action(text)
    except NotationError as exc:
        raise StateError(f"bad 'last_action': {exc}") from None


def read_trick(data: Mapping[str, Any], n: int) -> Trick:
    leader = whole(data["leader"], 0, n - 1)
    gem = parse_gem(data["gem"])
    plays = tuple(parse_card(c, StateError) for c in data["played"])
    slots = tuple(parse_card(c, StateError) for c, _ in data["cards"])
    values = tuple(whole(v, 0, 16) for _, v in data["cards"])
    if len(plays) != n or len(slots) != n or sorted(plays) != sorted(slots):
        raise StateError("a finished trick holds one card per seat")
    return (leader, gem, plays, slots, values, whole(data["winner"], 0, n - 1))


def whole(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise StateError(f"{value!r} is not a whole number in {low}..{high}")
    return value


def seat_or_none(value: Any, n: int) -> int:
    return -1 if value is None else whole(value, 0, n - 1)
