"""Triominos' queries for agents, read from a state without changing it: what a lay would score
(:func:`lay_points`, :func:`scored_lays`) and the counts of a seat's view (:func:`tally`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from tritable.engine.errors import GameOverError, IllegalActionError, StateError, TritableError, shown
from tritable.engine.protocol import Action, json_type
from tritable.games.triominos.basics import DRAW, PASS, is_int, start_points
from tritable.games.triominos.sampling import lays_seen as read_lays
from tritable.games.triominos.tiles import BIT, CANDIDATES, PATTERN_MASK, SUMS, TILES, XY, mask_sum

if TYPE_CHECKING:
    from tritable.games.triominos.game import TriominosState


class Tally(NamedTuple):
    """What :meth:`TriominosState.tally` counts: the numbers of one seat's view."""

    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    rack_pips: int
    """The seat's own rack (0 for a spectator)."""
    shown_pips: tuple[int, ...]
    """Per seat, the pips of the tiles it has shown and still holds."""
    shown_tiles: tuple[int, ...]
    unseen_tiles: int
    """Tiles the seat cannot see: the others' hidden tiles and the pool."""
    unseen_pips: int


TOTAL_PIPS = sum(SUMS)
"""All 56 tiles hold 420 pips."""


def tally(state: TriominosState, seat: int | None) -> Tally:
    """The counts of ``view(seat)`` without its text, for agents that weigh a position at
    every step of a search: each seat's score and rack size, the pips of the seat's own rack
    and of the tiles each seat has shown, and the tiles and pips ``seat`` cannot see (other
    racks and the pool; for a spectator, every rack too).

    >>> import tritable
    >>> state = tritable.new_game("triominos", 2).new_state(seed=7)
    >>> state.apply_action(state.legal_actions()[0])
    >>> tally = state.tally(0)
    >>> tally.unseen_tiles == 56 - len(state.view(0)["layout"]) - tally.hand_sizes[0]
    True
    """
    n = state.game.players
    if seat is not None and not (is_int(seat) and 0 <= seat < n):
        raise StateError(f"no seat {seat!r} in a {n}-player game")  # as view(seat) says it
    sizes = tuple(r.bit_count() for r in state.racks)
    shown = tuple(mask_sum(m) for m in state.revealed)
    own = 0 if seat is None else state.racks[seat]
    seen_mask = own
    for s, m in enumerate(state.revealed):
        if s != seat:
            seen_mask |= m
    on_table = sum(SUMS[code // 3] for code in state.layout.values())
    seen = on_table + mask_sum(seen_mask)
    return Tally(
        scores=tuple(state._scores),
        hand_sizes=sizes,
        rack_pips=mask_sum(own),
        shown_pips=shown,
        shown_tiles=tuple(m.bit_count() for m in state.revealed),
        unseen_tiles=len(TILES) - len(state.layout) - seen_mask.bit_count(),
        unseen_pips=TOTAL_PIPS - seen,
    )


def lay_points(state: TriominosState, action: Action) -> int:
    """The points a legal lay of the seat to move would score: the tile's sum and its bonus
    (a bridge, a filled slot or hexagons), without laying it. Drawing and passing score 0
    here (their penalties are not points laid).

    >>> import tritable
    >>> state = tritable.new_game("triominos", 2).new_state(seed=7)
    >>> lay = state.legal_actions()[0]
    >>> before = state.scores()[state.to_move]
    >>> points = state.lay_points(lay)
    >>> state.apply_action(lay)
    >>> state.scores()[state.history[-1][0]] - before == points
    True
    """
    seat = state.to_move
    if seat < 0:
        raise GameOverError("the game is over")
    if action in (DRAW, PASS) or state.choice:
        if not state.is_legal(action):
            raise IllegalActionError(f"{action!r} is not a legal action now")
        if action in (DRAW, PASS):
            return 0
        return start_points(action[0])  # type: ignore[index]
    if type(action) is not tuple or len(action) != 4 or not all(is_int(v) for v in action):
        raise IllegalActionError(f"{shown(action)} is not a triominos action")
    tile, x, y, rot = action
    slot = state._lay_slot(seat, tile, x, y, rot)  # checks the tile before SUMS is read
    return SUMS[tile] + state._bonus(slot)


def scored_lays(state: TriominosState) -> list[tuple[Action, int]]:
    """Every legal lay of the seat to move with what ``lay_points`` says it scores, at the cost
    of one bonus a slot (for agents that weigh every lay, at every step of a playout); in no
    particular order. ``[]`` while the start tile is to be laid, when the seat must draw or
    pass, and once the game is over.

    >>> import tritable
    >>> state = tritable.new_game("triominos", 2).new_state(seed=7)
    >>> state.apply_action(state.legal_actions()[0])
    >>> lays = state.scored_lays()
    >>> sorted(lays) == sorted((a, state.lay_points(a)) for a in state.legal_actions())
    True
    """
    seat = state.to_move
    if seat < 0 or state.choice:
        return []
    rack = state.racks[seat]
    out: list[tuple[Action, int]] = []
    masks, bit, sums = PATTERN_MASK, BIT, SUMS
    for t, pat in state.slots.items():
        if masks[pat] & rack:
            x, y = XY[t]
            bonus = state._bonus(t)
            for tile, rot in CANDIDATES[pat]:
                if rack & bit[tile]:
                    out.append(((tile, x, y, rot), sums[tile] + bonus))
    return out


def lays_seen(scratch: TriominosState, view: Mapping[str, Any]) -> list[tuple[int, str, int, dict[str, int]]]:
    """What the round's lays show of the racks: for each lay after the start tile by a seat
    that has not drawn or passed since, ``(seat, tile laid, points it scored, best)``, where ``best``
    maps each tile that would have fitted then to the most points it would have scored
    (its sum and bonus). Such a seat still holds its rack of that moment, less what it laid
    since, so a player that lays its best tile holds none that ``best`` rates higher. A
    query on public play for agents' inference; ``[]`` for a view without the round's
    history.

    >>> import tritable
    >>> game = tritable.new_game("triominos", 2)
    >>> state = game.new_state(seed=7)
    >>> for _ in range(3):
    ...     state.apply_action(state.legal_actions()[0])
    >>> [(seat, tile, points) for seat, tile, points, best in game.lays_seen(state.view(0))]
    [(1, '1-1-4', 6), (0, '0-1-1', 2)]
    """
    if not isinstance(view, Mapping):
        raise StateError(f"a view must be a JSON object, not {json_type(view)}")
    try:
        return read_lays(scratch, view)
    except TritableError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise StateError.malformed("Triominos view", exc) from None
