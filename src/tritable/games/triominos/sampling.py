"""Drawing full states from a seat's view: the unseen tiles dealt again as the round's public play
allows (see the package docstring), and what the round's lays show of the racks."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from tritable.engine.errors import StateError
from tritable.engine.protocol import (
    TERMINAL,
)
from tritable.games.triominos.basics import (
    DRAW,
    ORIGIN,
    best_start,
    int_list,
    is_int,
    nonneg,
    ranked_above,
    round_starter,
    shuffled_deal,
    tile_of,
    tiles_mask,
)
from tritable.games.triominos.tiles import (
    ALL_TILES,
    BIT,
    CANDIDATES,
    NAMES,
    PATTERN_MASK,
    SUMS,
    mask_tiles,
    tri_id,
)

if TYPE_CHECKING:
    from tritable.games.triominos.game import TriominosState


def read_hidden(state: TriominosState, view: Mapping[str, Any], on_table: int) -> Hidden:
    """Read from ``view`` whose turn it is and what the unseen tiles may be: per seat, the
    tiles it shows, how many more it holds and which it cannot hold."""
    n = state.game.players
    seat = view["seat"]
    turn = view["turn"]
    if turn["kind"] == "terminal":
        state.to_move = TERMINAL
    else:
        state.to_move = int(turn["players"][0])
    sizes = int_list(view["hand_sizes"], n, "hand_sizes")
    own = 0
    if seat is not None:
        if not (is_int(seat) and 0 <= seat < n):
            raise StateError(f"bad seat {seat!r} in the view")
        own = tiles_mask(view["hand"], "the hand")
        if own.bit_count() != sizes[seat]:
            raise StateError("the rack does not match its size")
    fixed = list(state.revealed)
    if seat is not None:
        fixed[seat] = own
    starter = state.to_move if state.choice else -1
    known = on_table
    for s in range(n):
        if known & fixed[s]:
            raise StateError("a tile is seen in two places")
        known |= fixed[s]
    needs = [sizes[s] - fixed[s].bit_count() for s in range(n)]
    for s in range(n):
        if needs[s] < 0 or (s == seat and needs[s]):
            raise StateError(f"seat {s}'s rack size does not match what it shows")
    unseen_mask = ALL_TILES & ~known
    if unseen_mask.bit_count() - sum(needs) != view["pool"]:
        raise StateError("the tile counts of the view do not add up to 56")
    bans = round_bans(state, view, seat)
    if starter >= 0 and starter == seat:
        # The seat lays the start tile: no other rack holds a better one.
        for s in range(n):
            if s != seat:
                bans[s] |= ranked_above(best_start(own))
    rounds = nonneg(view["rounds"], "rounds")
    if not state.round + 1 <= rounds <= state.game.options["max_rounds"]:
        raise StateError(f"'rounds' ({rounds}) must be from the round number to max_rounds")
    drawing = 0 <= state.to_move != seat and bool(state.draws) and needs[state.to_move] > 0
    rivals = -1 if starter == seat else starter
    return Hidden(tuple(mask_tiles(unseen_mask)), fixed, needs, bans, drawing, rivals, rounds - state.round - 1)


def deal_hidden(state: TriominosState, hidden: Hidden, rng: random.Random) -> None:
    """Deal the unseen tiles with ``rng`` as ``hidden`` (from :func:`read_hidden`) allows."""
    unseen, fixed, needs, bans, drawing, starter, future = hidden
    mover = state.to_move
    for _ in range(STARTER_TRIES):
        if drawing:
            # The mover is drawing this turn: the tile drawn last may fit (and must then be laid).
            needs_now = [*needs[:mover], needs[mover] - 1, *needs[mover + 1 :], 1]
            racks, pool = deal_unseen(list(unseen), [*fixed, 0], needs_now, [*bans, 0], rng)
            drawn = racks.pop()
            racks[mover] |= drawn
        else:
            racks, pool = deal_unseen(list(unseen), fixed, needs, bans, rng)
        # Another seat laying the start tile holds the best one of all racks: deals where it
        # does not are redrawn (exact, and likely enough: at worst about 1 in 7).
        if starter < 0 or round_starter(racks) == starter:
            break
    else:
        raise StateError(f"no deal of the unseen tiles gives seat {starter} the start tile")
    if drawing and state._events and state._events[0][0] == "draw":
        # The tile the mover drew last, hidden from the view: the one dealt as drawn.
        state._events = [("draw", mover, mask_tiles(drawn)[0]), *state._events[1:]]
    state.racks = racks
    state.pool = tuple(pool)
    state.drawn = 0
    state.future = DrawnDeals(tuple(rng.getrandbits(64) for _ in range(future)))


def round_bans(state: TriominosState, view: Mapping[str, Any], seat: int | None) -> list[int]:
    """Per seat, the tiles it cannot hold now, as this round's public play shows.

    * A seat that drew or passed could lay none of its tiles on the layout of that moment, and
      a drawn tile that fits is laid at once; after its last draw or pass it only laid tiles.
      So nothing in its rack now fits the open slots of its last draw or pass.
    * A seat that has not drawn this round holds only dealt tiles, and none of them ranks
      above the start tile (or above the triple shown by choosing 0-0-0): the highest triple
      in any rack starts, or with no triple the highest tile.

    Only the history since ``round_start`` is read; a view without a history infers nothing,
    and "has not drawn" is read only from a history that holds the round from its start lay
    (a position set up by hand, or older JSON without ``round_start``, does not).
    """
    n = state.game.players
    bans = [0] * n
    history = view.get("history") or []
    start = view.get("start")
    first = state.round_start
    if start is None or first > len(history):
        return bans
    drew = [False] * n
    whole_round = False
    for s, action, before in round_so_far(type(state)(state.game), history[first:], start):
        if len(action) == 4:
            whole_round = whole_round or not before.layout
            continue
        fits = 0
        for pat in before.slots.values():
            fits |= PATTERN_MASK[pat]
        bans[s] = fits
        drew[s] = drew[s] or action == DRAW
    top = tile_of(start["revealed"] if start.get("revealed") else start["tile"])
    above = ranked_above(top)
    for s in range(n):
        if s != seat and not drew[s] and whole_round:
            bans[s] |= above
    return bans


def lays_seen(scratch: TriominosState, view: Mapping[str, Any]) -> list[tuple[int, str, int, dict[str, int]]]:
    """``Triominos.lays_seen``, laying the round on ``scratch``, a new state."""
    history = view.get("history") or []
    start = view.get("start")
    first = view.get("round_start")
    if not isinstance(start, Mapping) or type(first) is not int or not 0 <= first <= len(history):
        return []
    lays: list[tuple[int, int, str, int, dict[str, int]]] = []
    last_draw: dict[int, int] = {}
    for i, (s, action, before) in enumerate(round_so_far(scratch, history[first:], start)):
        if len(action) != 4:
            last_draw[s] = i
        elif before.layout:
            best: dict[str, int] = {}
            for u, pat in before.slots.items():
                fits = CANDIDATES[pat]
                if fits:
                    bonus = before._bonus(u)
                    for other, _ in fits:
                        if SUMS[other] + bonus > best.get(NAMES[other], -1):
                            best[NAMES[other]] = SUMS[other] + bonus
            points = SUMS[action[0]] + before._bonus(tri_id(action[1], action[2]))
            lays.append((i, s, NAMES[action[0]], points, best))
    return [(s, tile, points, best) for i, s, tile, points, best in lays if i > last_draw.get(s, -1)]


STARTER_TRIES = 2000
"""How many deals the sampler draws at most for a round's start (see ``deal_hidden``)."""


def round_so_far(
    scratch: TriominosState, played: list[Any], start: Mapping[str, Any]
) -> Iterator[tuple[int, Any, TriominosState]]:
    """Each ``[seat, notation]`` of a round's history with the layout just before it, laid on
    ``scratch`` (a new state, holding only the layout) as the lays go by."""
    actions: list[tuple[int, Any]] = [(int(s), scratch.game.string_to_action(text)) for s, text in played]
    # The round's first action lays the start tile (unless the history begins later: a position
    # of its own).
    if not (actions and len(actions[0][1]) == 4 and actions[0][1][1:] == (0, 0, 0)):
        scratch._put(tile_of(start["tile"]), 0, ORIGIN)
    for s, action in actions:
        yield s, action, scratch
        if len(action) == 4:
            scratch._put(action[0], action[3], tri_id(action[1], action[2]))


class Hidden(NamedTuple):
    """What a seat's view allows of the tiles it cannot see (see ``read_hidden``)."""

    unseen: tuple[int, ...]
    fixed: list[int]
    """Per seat, the tiles it is known to hold."""
    needs: list[int]
    """Per seat, how many more tiles it holds."""
    bans: list[int]
    """Per seat, the tiles it cannot hold."""
    drawing: bool
    """Another seat is drawing this turn: its last tile drawn may fit."""
    starter: int
    """Another seat that lays the start tile, so holds the best one; -1 if none."""
    future: int
    """How many rounds may follow this one."""


class DrawnDeals(Sequence[str]):
    """The deals of the rounds to come in a state drawn from a view: each is shuffled from its
    own seed when first read, since most searches never reach the next round and shuffling up
    to 19 deals up front was most of a draw's cost. Reads as the tuple of deal texts it stands
    for (equal to it, with the same hash)."""

    __slots__ = ("_seeds",)

    def __init__(self, seeds: tuple[int, ...]) -> None:
        self._seeds = seeds

    def __len__(self) -> int:
        return len(self._seeds)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> DrawnDeals: ...
    def __getitem__(self, i: int | slice) -> str | DrawnDeals:
        if isinstance(i, slice):
            return DrawnDeals(self._seeds[i])
        return seeded_deal(self._seeds[i])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DrawnDeals) and other._seeds == self._seeds:
            return True
        if isinstance(other, (DrawnDeals, tuple)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"DrawnDeals({self._seeds!r})"


@functools.lru_cache(maxsize=1024)
def seeded_deal(seed: int) -> str:
    return shuffled_deal(random.Random(seed))


def deal_unseen(
    unseen: list[int], fixed: list[int], needs: list[int], bans: list[int], rng: random.Random
) -> tuple[list[int], list[int]]:
    """Deal the ``unseen`` tiles: ``needs[s]`` more to each rack (which holds ``fixed[s]``), none
    of ``bans[s]``, the rest to the pool in a random order. Uniform when at most one seat has bans;
    with several, the most constrained seat is dealt first (close to uniform, always consistent)."""
    order = sorted(range(len(needs)), key=lambda s: (sum(1 for t in unseen if not bans[s] & BIT[t]) - needs[s], s))
    for _ in range(64):
        rng.shuffle(unseen)
        racks = list(fixed)
        taken = 0
        for s in order:
            need = needs[s]
            if not need:
                continue
            got = 0
            for t in unseen:
                if got == need:
                    break
                b = BIT[t]
                if not (bans[s] | taken) & b:
                    racks[s] |= b
                    taken |= b
                    got += 1
            if got < need:
                break
        else:
            return racks, [t for t in unseen if not taken & BIT[t]]
    raise StateError("no deal of the unseen tiles fits this round's play (the view contradicts itself)")
