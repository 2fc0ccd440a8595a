"""Tri*T*Area's rules of a trick and of a round's scoring, as functions of the cards and the
city: who the rightholders of a trick are, the area majorities and the tallest building."""

from __future__ import annotations

from collections.abc import Sequence

from tritable.games.tri_t_area.tables import AREA_SQUARES, CARD_SUIT, PLACE_VALUES, SEATS, SUIT_LETTERS, TALLEST_POINTS


def rightholders(trick: Sequence[tuple[int, int, int]]) -> tuple[int, int]:
    """(RH1, RH2) of a full trick of ``(seat, card, value)`` in play order, led first; RH2 is -1
    when not awarded.

    >>> from tritable.games.tri_t_area.tables import CARD_OF_NAME
    >>> rightholders([(0, CARD_OF_NAME["I3"], 3), (1, CARD_OF_NAME["M7"], 7),
    ...               (2, CARD_OF_NAME["E1"], 1), (3, CARD_OF_NAME["H9"], 9)])
    (0, -1)
    """
    counts = [0] * len(SUIT_LETTERS)
    for _, card, _ in trick:
        counts[CARD_SUIT[card]] += 1
    most = max(counts)
    top = [s for s, n in enumerate(counts) if n == most]
    if len(top) == 1:
        suit = top[0]
    elif most == 1:
        return trick[0][0], -1
    else:
        spans = {}
        for s in top:
            values = [v for _, card, v in trick if CARD_SUIT[card] == s]
            spans[s] = max(values) - min(values)
        widest = max(spans.values())
        best = [s for s in top if spans[s] == widest]
        led = CARD_SUIT[trick[0][1]]
        suit = led if len(best) > 1 and led in best else best[0]
    ordered = sorted((v, i) for i, (_, card, v) in enumerate(trick) if CARD_SUIT[card] == suit)
    return trick[ordered[0][1]][0], trick[ordered[-1][1]][0]


def area_standing(board: Sequence[tuple[int, ...]], area: int) -> tuple[list[int], list[int]]:
    """(points, places) per seat in ``area``: place 1 is first, 0 is not ranked (no top block).

    >>> area_standing([()] * 16, 0)
    ([0, 0, 0, 0], [0, 0, 0, 0])
    """
    tops = [0] * SEATS
    height = [0] * SEATS
    for sq in AREA_SQUARES[area]:
        stack = board[sq]
        if stack:
            tops[stack[-1]] += 1
            height[stack[-1]] += len(stack)
    ranked = sorted((s for s in range(SEATS) if tops[s]), key=lambda s: (-tops[s], -height[s]))
    values = PLACE_VALUES[area]
    points = [0] * SEATS
    places = [0] * SEATS
    i = 0
    while i < len(ranked):
        j = i + 1
        mark = (tops[ranked[i]], height[ranked[i]])
        while j < len(ranked) and (tops[ranked[j]], height[ranked[j]]) == mark:
            j += 1
        share = -(-sum(values[i:j]) // (j - i))  # shared places, rounded up
        for s in ranked[i:j]:
            points[s] = share
            places[s] = i + 1
        i = j
    return points, places


def building_owner(stack: Sequence[int]) -> int:
    """The seat with most blocks in a building; a tie goes to the lowest seat."""
    counts = [0] * SEATS
    for s in stack:
        counts[s] += 1
    return counts.index(max(counts))


def tallest_points(board: Sequence[tuple[int, ...]]) -> list[int]:
    """Points per seat for the tallest building(s)."""
    points = [0] * SEATS
    height = max(len(stack) for stack in board)
    if height == 0:
        return points
    tallest = [stack for stack in board if len(stack) == height]
    each = TALLEST_POINTS[min(len(tallest), len(TALLEST_POINTS)) - 1]
    for stack in tallest:
        points[building_owner(stack)] += each
    return points
