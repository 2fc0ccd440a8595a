"""What the last Tri*T*Area action did, for a view: ``last_action``, ``events`` and
``last_trick``, each derived from the position and its history when a view is asked for (the
playouts never pay for them), and told only as far as the viewer may see."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from tritable.engine.protocol import JSON
from tritable.games.tri_t_area.tables import (
    AREA_OF,
    CARD_NAME,
    CARD_RANK,
    CARD_SUIT,
    DECLARE,
    DECLARE_PHASE,
    DEFAULT,
    END_PENALTY,
    EXTRA,
    EXTRA_PHASE,
    FIVE_COST,
    FIVE_VALUES,
    NCARDS,
    NO_EXTRA,
    NOTATION,
    NPLAYS,
    OVER,
    PLACE,
    PLACE_PHASE,
    PRINTED,
    ROUNDS,
    SALE_PRICE,
    SEATS,
    SELL,
    SQUARE_NAME,
    SUIT_LETTERS,
    SUIT_NAMES,
    VARIANTS,
)

if TYPE_CHECKING:
    from tritable.games.tri_t_area.game import TriTAreaState


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def _declares(action: int) -> bool:
    return DECLARE <= action < DECLARE + NCARDS


def _builds(action: int) -> bool:
    """A rightholder's action: blocks placed, a default, an additional construction or not."""
    return PLACE <= action <= NO_EXTRA


def _entry(state: TriTAreaState, index: int) -> tuple[int, int]:
    """History entry ``index``: every Tri*T*Area action is an int."""
    return cast(tuple[int, int], state.history[index])


def sealed(state: TriTAreaState, index: int, seat: int | None) -> bool:
    """Whether history entry ``index`` is a Declaration ``seat`` may not see yet."""
    who, action = _entry(state, index)
    return state.phase == DECLARE_PHASE and who != seat and _declares(action)


def last_action(state: TriTAreaState, seat: int | None) -> JSON | None:
    if not state.history:
        return None
    who, action = _entry(state, -1)
    return {"seat": who, "action": None if sealed(state, -1, seat) else NOTATION[action]}


def _value(action: int) -> int:
    card, variant = divmod(action, VARIANTS)
    return FIVE_VALUES[variant - 1] if variant else CARD_RANK[card]


def last_trick(state: TriTAreaState) -> JSON | None:
    """The latest trick whose rightholders are done: its round and number, the cards in play
    order, the rightholders and what they did (``null`` before the first one ends)."""
    in_play = len(state.trick)  # the cards of the trick under way (placed on once all four are in)
    done = len(state.played[-1]) - in_play
    if done >= SEATS:
        rnd, number, plays = state.rnd, done // SEATS, state.played[-1][done - SEATS : done]
    elif state.rnd > 0:
        rnd, number, plays = state.rnd - 1, ROUNDS[state.rnd - 1].tricks, state.played[-2][-SEATS:]
    else:
        return None
    # Its rightholders' actions: back past the cards (and placements) of the trick under way and
    # a new round's reveal and sale, to the trick's last card.
    i = len(state.history)
    cards = 0
    while cards < in_play:
        i -= 1
        cards += _entry(state, i)[1] < NPLAYS
    built: list[list[Any]] = []
    while True:
        i -= 1
        who, action = _entry(state, i)
        if action < NPLAYS:
            break
        if _builds(action):
            built.append([who, NOTATION[action]])
    built.reverse()
    # RH1 acts first (it places or defaults, then maybe builds once more), then RH2, if any.
    holders = list(dict.fromkeys(who for who, _ in built))
    rh1, rh2 = holders[0], holders[1] if len(holders) > 1 else None
    return {
        "round": rnd + 1,
        "trick": number,
        "cards": [[s, NOTATION[a]] for s, a in plays],
        "rightholders": [rh1, rh2],
        "built": built,
    }


def events(state: TriTAreaState, seat: int | None, trick: JSON | None) -> list[JSON]:
    """What the last action did, in order, as ``seat`` may see it; ``trick`` is the view's
    ``last_trick``."""
    if not state.history:
        return []
    who, action = _entry(state, -1)
    out: list[JSON] = []
    if action < NPLAYS:
        out.append(_play(who, action))
        if len(state.trick) == SEATS:  # the trick is full: its rightholders are known
            out.append(_rightholders(state, state.played[-1][-SEATS:]))
        return out
    if _declares(action):
        return _declare(state, who, action, seat)
    if action >= SELL:
        n = action - SELL
        text = (
            f"{_p(who)} sells {n} block{'' if n == 1 else 's'}: +{SALE_PRICE * n}"
            if n
            else f"{_p(who)} sells no blocks"
        )
        return [{"type": "sale", "seat": who, "blocks": n, "points": SALE_PRICE * n, "text": text}]
    out.append(_build(state, who, action, trick))
    if state.phase == EXTRA_PHASE:
        square = SQUARE_NAME[state.extra_from]
        out.append(
            {
                "type": "extra_right",
                "seat": who,
                "square": square,
                "text": f"{_p(who)} built beside its own building: one more block next to {square} may follow",
            }
        )
    if state.phase in (PLACE_PHASE, EXTRA_PHASE):
        return out
    # The trick is done; maybe the round with it.
    if state.phase != OVER and state.trick_no > 0:
        out.append(
            {
                "type": "lead",
                "seat": state.leader,
                "trick": state.trick_no + 1,
                "text": f"{_p(state.leader)} leads trick {state.trick_no + 1}",
            }
        )
        return out
    out.extend(round_end(state))
    return out


def _play(who: int, action: int) -> JSON:
    card, variant = divmod(action, VARIANTS)
    name = CARD_NAME[card]
    event: JSON = {"type": "play", "seat": who, "card": name, "value": _value(action)}
    if variant:
        event["points"] = -FIVE_COST
        event["text"] = f"{_p(who)} plays {name} as {_value(action)}: -{FIVE_COST}"
    else:
        event["text"] = f"{_p(who)} plays {name}"
    return event


def _rightholders(state: TriTAreaState, plays: list[tuple[int, int]]) -> JSON:
    """Who holds the rights to build after a full trick, and why (the aid's table): ``reason``
    is ``one suit``, ``most cards`` (one suit has more cards than each other), ``wider spread``
    or ``suit led`` (two suits of two cards each), or ``four suits``."""
    rh1, rh2 = state.rh
    card = {s: NOTATION[a] for s, a in plays}
    if rh2 < 0:
        return {
            "type": "rightholders",
            "seat": rh1,
            "rightholders": [rh1, None],
            "suit": None,
            "reason": "four suits",
            "text": f"four suits: {_p(rh1)} leads and is RH1 with {card[rh1]}; no RH2",
        }
    suit = CARD_SUIT[state.rh_cards[0]]
    counts = [0] * len(SUIT_LETTERS)
    for _, a in plays:
        counts[CARD_SUIT[a // VARIANTS]] += 1
    if counts[suit] == SEATS:
        reason = "one suit"
    elif counts.count(counts[suit]) == 1:
        reason = "most cards"
    else:
        spreads = {}
        for s in range(len(SUIT_LETTERS)):
            values = [_value(a) for _, a in plays if CARD_SUIT[a // VARIANTS] == s]
            if len(values) == counts[suit]:
                spreads[s] = max(values) - min(values)
        reason = "suit led" if len(set(spreads.values())) == 1 else "wider spread"
    name = SUIT_NAMES[suit]
    why = {"suit led": f"; equal spreads, {name} was led", "wider spread": f"; {name} spreads wider"}.get(reason, "")
    return {
        "type": "rightholders",
        "seat": rh1,
        "rightholders": [rh1, rh2],
        "suit": SUIT_LETTERS[suit],
        "reason": reason,
        "text": f"RH1 {_p(rh1)} ({card[rh1]}, lowest {name}), RH2 {_p(rh2)} ({card[rh2]}, highest {name}){why}",
    }


def _build(state: TriTAreaState, who: int, action: int, trick: JSON | None) -> JSON:
    if action == NO_EXTRA:
        return {"type": "no_extra", "seat": who, "text": f"{_p(who)} adds no block"}
    if action == DEFAULT:
        # The defaulting rightholder's card: the trick under way's, or the finished one's.
        if state.phase in (PLACE_PHASE, EXTRA_PHASE):
            cards = state.played[-1][-SEATS:]
            named = {s: NOTATION[a] for s, a in cards}
        else:
            assert trick is not None  # a default that ends a trick leaves it as the last trick
            named = {s: name for s, name in trick["cards"]}
        name = named[who]
        card = CARD_NAME.index(name.partition("=")[0])
        return {
            "type": "default",
            "seat": who,
            "card": name,
            "points": -CARD_RANK[card],
            "text": f"{_p(who)} defaults: -{CARD_RANK[card]} ({name})",
        }
    extra = action >= EXTRA
    n, sq = (0, action - EXTRA) if extra else divmod(action - PLACE, 20)
    n += 1
    stack = state.board[sq]
    # The first block on a printed square scores it: the stack holds only what was just built.
    points = PRINTED[sq] if len(stack) == n else 0
    blocks = f"{n} blocks" if n > 1 else "a block"
    area = SUIT_NAMES[AREA_OF[sq]]
    what = "adds a block" if extra else f"builds {blocks}"
    text = f"{_p(who)} {what} on {SQUARE_NAME[sq]} ({area}, {len(stack)} high)" + (f": +{points}" if points else "")
    return {
        "type": "extra" if extra else "build",
        "seat": who,
        "square": SQUARE_NAME[sq],
        "blocks": n,
        "height": len(stack),
        "points": points,
        "text": text,
    }


def _declare(state: TriTAreaState, who: int, action: int, seat: int | None) -> list[JSON]:
    if state.phase == DECLARE_PHASE:
        if who != seat:
            return [{"type": "declare", "seat": who, "card": None, "text": f"{_p(who)} has chosen a Declaration"}]
        name = CARD_NAME[action - DECLARE]
        return [{"type": "declare", "seat": who, "card": name, "text": f"{_p(who)} chooses {name} as Declaration"}]
    declared = [CARD_NAME[c] for c in state.declared]
    text = "Declarations revealed: " + ", ".join(f"{_p(s)} {declared[s]}" for s in range(SEATS))
    return [
        {
            "type": "declare",
            "seat": who,
            "card": declared[who],
            "text": f"{_p(who)} chooses {declared[who]} as Declaration",
        },
        {"type": "reveal", "seat": None, "declared": declared, "text": text},
    ]


_PLACE_WORDS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def round_end(state: TriTAreaState) -> list[JSON]:
    """The scoring of the round just ended (the last of the state's results)."""
    result = state._results[-1]
    r = result["round"]
    out: list[JSON] = []
    for letter, points in result["areas"].items():
        places = result["places"][letter]
        ranked = sorted((s for s in range(SEATS) if places[s]), key=lambda s: (places[s], s))
        if not ranked:
            continue
        name = SUIT_NAMES[SUIT_LETTERS.index(letter)]
        said = ", ".join(f"{_p(s)} {_PLACE_WORDS.get(places[s], places[s])} +{points[s]}" for s in ranked)
        out.append(
            {
                "type": "area",
                "seat": ranked[0],
                "area": letter,
                "points": list(points),
                "places": list(places),
                "text": f"{name}: {said}",
            }
        )
    tallest = result["tallest"]
    if any(tallest):
        height = max(len(stack) for stack in result["board"])
        said = ", ".join(f"{_p(s)} +{tallest[s]}" for s in range(SEATS) if tallest[s])
        out.append(
            {
                "type": "tallest",
                "seat": None,
                "height": height,
                "points": list(tallest),
                "text": f"tallest building ({height} high): {said}",
            }
        )
    for s, name in enumerate(result["declared"]):
        if name is None:
            continue
        points = result["declaration"][s]
        letter = name[0]
        place = result["places"][letter][s]
        area = SUIT_NAMES[SUIT_LETTERS.index(letter)]
        where = f"{_PLACE_WORDS.get(place, place)} in {area}" if place else f"not ranked in {area}"
        out.append(
            {
                "type": "declaration",
                "seat": s,
                "card": name,
                "points": points,
                "text": f"{_p(s)}'s Declaration {name}: {points:+d} ({where})",
            }
        )
    for s, points in enumerate(result["end_penalty"]):
        if points:
            n = -points // END_PENALTY
            out.append(
                {
                    "type": "end_penalty",
                    "seat": s,
                    "blocks": n,
                    "points": points,
                    "text": f"{_p(s)} pays {-points} for {n} unplaced block{'' if n == 1 else 's'}",
                }
            )
    scores = result["scores"]
    out.append(
        {
            "type": "round_end",
            "seat": None,
            "round": r,
            "scores": list(scores),
            "text": f"round {r} is over: " + ", ".join(f"{_p(s)} {scores[s]}" for s in range(SEATS)),
        }
    )
    if state.phase == OVER:
        best = max(scores)
        winners = [s for s in range(SEATS) if scores[s] == best]
        out.append(
            {
                "type": "game_end",
                "seat": winners[0] if len(winners) == 1 else None,
                "winners": winners,
                "text": " and ".join(_p(s) for s in winners) + f" win{'s' if len(winners) == 1 else ''} with {best}",
            }
        )
    else:
        out.append(
            {
                "type": "lead",
                "seat": state.lead,
                "round": r + 1,
                "trick": 1,
                "text": f"{_p(state.lead)} leads round {r + 1} (highest score)",
            }
        )
    return out
