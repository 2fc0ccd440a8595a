"""What a placement did, rule by rule, for the view's ``events``: the fast path in
:meth:`TripleTriadState._apply` only turns cards, so the rules are followed here a second time,
readably, on the board as it was before the placement, saying which rule turned each card.

A placement's events, in order: ``element`` (the card lies on an elemental cell: +1 or -1 to all
its ratings), ``capture`` with ``rule`` ``same``, ``same_wall`` or ``plus`` (judged together on the
board before the placement), ``capture`` with ``rule`` ``basic`` (the placed card's own
comparisons), then ``combo`` events (each card turned by Same, Same Wall or Plus, and each card
those turn in turn, capturing by the basic rule). Cells are 1-9.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tritable.engine.protocol import JSON
from tritable.games.triple_triad.data import (
    ELEMENT_BY_BASE,
    ELEMENTS,
    NAME_BY_BASE,
    NEIGHBOURS,
    RATINGS_BY_BASE,
    RATINGS_ON,
    WALLS,
)

SAME, WALL, PLUS, COMBO = 1, 2, 4, 8
"""Rule bits of a game's placement mode."""


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def listed(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _a(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


_RULE_NAMES = {"same": "Same", "same_wall": "Same Wall", "plus": "Plus"}


def placement_events(
    cards: Sequence[int],
    owner: Sequence[int],
    elements: Sequence[int],
    cell: int,
    card: int,
    seat: int,
    mode: int,
) -> tuple[list[JSON], int]:
    """The events of ``seat`` placing ``card`` (a card base, ``id * 9``) on ``cell`` (0-8) of the
    board ``cards``/``owner`` (-1: empty) before the placement, with ``elements`` the cells'
    element indexes (-1: none), and the cells it turned (a bit set): the same cells as the fast
    path turns (the tests hold the two to it)."""
    events: list[JSON] = []
    name = NAME_BY_BASE[card]
    q = 1 - seat
    own = list(owner)
    element = elements[cell]
    printed = RATINGS_BY_BASE[card]

    def rated(c: int, k: int) -> tuple[int, int, int, int]:
        e = elements[k]
        return RATINGS_BY_BASE[c] if e < 0 else RATINGS_ON[e][c]

    mine = rated(card, cell)
    if element >= 0:
        up = ELEMENT_BY_BASE[card] == element
        events.append(
            {
                "type": "element",
                "seat": seat,
                "cell": cell + 1,
                "card": name,
                "element": ELEMENTS[element],
                "change": 1 if up else -1,
                "text": f"{name} on {_a(ELEMENTS[element])} cell: {'+1' if up else '-1'} to its ratings",
            }
        )
    nbs = [(n, s, t) for n, s, t in NEIGHBOURS[cell] if cards[n] >= 0]
    turned: list[tuple[str, list[int]]] = []
    if mode & (SAME | PLUS) and nbs:
        walls = 0
        if mode & WALL:
            walls = sum(1 for s in WALLS[cell] if printed[s] == 10)
        matches = walls
        same: list[int] = []
        sums: list[int] = []
        for n, s, t in nbs:
            theirs = RATINGS_BY_BASE[cards[n]][t]
            if printed[s] == theirs:
                matches += 1
                if own[n] == q:
                    same.append(n)
            sums.append(printed[s] + theirs)
        if not (mode & SAME and matches >= 2):
            same = []
        if same:
            turned.append(("same_wall" if walls else "same", same))
        if mode & PLUS:
            plus = [n for (n, _, _), v in zip(nbs, sums, strict=True) if own[n] == q and sums.count(v) > 1]
            plus = [n for n in plus if n not in same]
            if plus:
                turned.append(("plus", plus))
    flipped = [n for _, cells in turned for n in cells]
    for n in flipped:
        own[n] = seat
    basic = [n for n, s, t in nbs if own[n] == q and mine[s] > rated(cards[n], n)[t]]
    for n in basic:
        own[n] = seat
    for rule, cells in turned + ([("basic", basic)] if basic else []):
        names = [NAME_BY_BASE[cards[n]] for n in cells]
        said = f" ({_RULE_NAMES[rule]})" if rule in _RULE_NAMES else ""
        events.append(
            {
                "type": "capture",
                "rule": rule,
                "seat": seat,
                "cells": [n + 1 for n in cells],
                "cards": names,
                "text": f"{name} captures {listed(names)}{said}",
            }
        )
    got = sum(1 << n for n in flipped + basic)
    if mode & COMBO:
        # Breadth-first, as the fast path walks its growing list of flips.
        queue = list(flipped)
        for x in queue:
            ex = rated(cards[x], x)
            taken = [n for n, s, t in NEIGHBOURS[x] if own[n] == q and ex[s] > rated(cards[n], n)[t]]
            for n in taken:
                own[n] = seat
            if taken:
                queue += taken
                got |= sum(1 << n for n in taken)
                names = [NAME_BY_BASE[cards[n]] for n in taken]
                events.append(
                    {
                        "type": "combo",
                        "rule": "combo",
                        "seat": seat,
                        "cell": x + 1,
                        "card": NAME_BY_BASE[cards[x]],
                        "cells": [n + 1 for n in taken],
                        "cards": names,
                        "text": f"Combo: {NAME_BY_BASE[cards[x]]} takes {listed(names)}",
                    }
                )
    return events, got


def round_end_event(rnd: int, scores: Sequence[int], next_first: int | None, picks: int, last: bool) -> JSON:
    """The end of round ``rnd`` with ``scores``: drawn (then ``next_first`` starts the next round,
    or ``last``: the match is drawn) or won (``picks``: the winner's trade picks to come)."""
    s0, s1 = scores
    if s0 == s1:
        if next_first is not None:
            text = (
                f"Round {rnd} is drawn {s0}-{s1}: Sudden Death deals each player the cards they own "
                f"(round {rnd + 1}, {seat_name(next_first)} starts)"
            )
        else:
            text = f"Round {rnd} is drawn {s0}-{s1}: the match is a draw"
        return {"type": "round_end", "seat": None, "round": rnd, "scores": list(scores), "text": text}
    winner = 0 if s0 > s1 else 1
    text = f"{seat_name(winner)} wins round {rnd} {max(s0, s1)}-{min(s0, s1)}"
    if picks:
        text += f" and picks {picks} of {seat_name(1 - winner)}'s cards"
    return {"type": "round_end", "seat": winner, "round": rnd, "scores": list(scores), "text": text}


def trade_event(rule: str, transfers: Sequence[Any]) -> JSON | None:
    """The cards All or Direct moved at the end (no picks: nothing to choose)."""
    if not transfers:
        return None
    parts = []
    for to in (0, 1):
        names = [t["card"] for t in transfers if t["to"] == to]
        if names:
            parts.append(f"{seat_name(to)} takes {listed(names)} from {seat_name(1 - to)}")
    return {
        "type": "trade",
        "seat": None,
        "rule": rule,
        "transfers": [dict(t) for t in transfers],
        "text": f"Trade ({rule.capitalize()}): " + "; ".join(parts),
    }
