"""Reading and checking Triominos state JSON and the public part of a view: a position must be one
the rules can reach (or, without a setup, one they could)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from tritable.engine.errors import NotationError, SetupError, StateError
from tritable.engine.protocol import (
    TERMINAL,
    check_keys,
    checked_draws,
    copy_json,
    same_json,
)
from tritable.games.triominos.basics import (
    BLOCKED,
    EVERY_SEAT,
    MAX_DRAWS,
    ORIGIN,
    OUT,
    check_deal,
    int_list,
    is_int,
    nonneg,
    notation,
    parse_placement,
    placement_text,
    round_starter,
    start_points,
    tile_of,
    tiles_mask,
)
from tritable.games.triominos.events import (
    check_round_end,
    event_of,
    read_event,
)
from tritable.games.triominos.sampling import (
    Hidden,
    deal_hidden,
    read_hidden,
)
from tritable.games.triominos.tiles import (
    ALL_TILES,
    BIT,
    INSIDE,
    LIMIT,
    NAMES,
    PATTERN_MASK,
    TRIPLE_000,
    TRIPLE_MASK,
    corner_numbers,
    geometry,
    mask_tiles,
    tri_id,
    tri_xy,
)

if TYPE_CHECKING:
    from tritable.games.triominos.game import TriominosState


def read_setup(setup: Mapping[str, Any], cap: int) -> list[Any]:
    """The deals of a setup (one a round, at most ``cap``), checked, or :class:`SetupError`."""
    check_keys(setup, ["deals"], "a triominos setup")
    unknown = set(setup) - {"deals"}
    if unknown:
        raise SetupError(f"unknown keys in the triominos setup: {', '.join(sorted(map(str, unknown)))}")
    deals = setup["deals"]
    if not isinstance(deals, list) or not deals:
        raise SetupError("the setup's 'deals' must be a non-empty list of deals (one a round)")
    if len(deals) > cap:
        raise SetupError(f"the setup deals {len(deals)} rounds but max_rounds is {cap}")
    for i, deal in enumerate(deals):
        check_deal(deal, f"deal {i}", SetupError)
    return deals


def load(state: TriominosState, data: Mapping[str, Any], *, private: bool) -> Hidden | None:
    """Fill this state from ``to_json`` (``private``), or its public part from a seat's view:
    then it returns what :func:`sampling.deal_hidden` needs to deal the hidden tiles."""
    g = state.game
    n = g.players
    state.round = nonneg(data["round"], "round")
    # Older JSON without it: no round's actions are known (the sampler then infers nothing).
    state.round_start = nonneg(data.get("round_start", len(state.history)), "round_start")
    if state.round_start > len(state.history):
        raise StateError(f"'round_start' {state.round_start} is past the end of the history")
    state._scores = int_list(data["scores"], n, "scores")
    # Older JSON without it: a score at or over the target now is one that reached it.
    reached = data.get("target_reached", max(state._scores) >= g.options["target"])
    if type(reached) is not bool:
        raise StateError(f"'target_reached' is true or false, not {reached!r}")
    if max(state._scores) >= g.options["target"] and not reached:
        raise StateError("a score is at or over the target, so the target has been reached")
    state.reached = reached
    state.draws = nonneg(data["draws"], "draws")
    if state.draws > MAX_DRAWS:
        raise StateError(f"at most {MAX_DRAWS} draws a turn, not {state.draws}")
    if type(data["choice"]) is not bool:
        raise StateError(f"'choice' is true or false, not {data['choice']!r}")
    state.choice = data["choice"]
    revealed = data["revealed"]
    if not isinstance(revealed, list) or len(revealed) != n:
        raise StateError("'revealed' lists the shown tiles of each seat")
    state.revealed = [tiles_mask(r, "a seat's revealed tiles") for r in revealed]
    state.start = read_start(data.get("start"), n)
    log = data.get("log", [])
    if not isinstance(log, list):
        raise StateError("'log' lists the rounds played")
    state.log = [read_log(e, n) for e in log]
    layout: dict[int, int] = {}
    for text in data["layout"]:
        if not isinstance(text, str):
            raise StateError(f"bad layout entry {text!r}")
        try:
            tile, x, y, rot = parse_placement(text)
        except NotationError as exc:
            raise StateError(f"bad layout entry {text!r}: {exc}") from None  # off the grid too
        t = tri_id(x, y)
        if t in layout:
            raise StateError(f"two tiles on {x},{y}")
        layout[t] = tile * 3 + rot
    rebuild(state, layout)
    # The round's history, where the JSON has it, lays exactly the tiles on the table (all of
    # them when it begins with the start tile): the sampler reads the round from it.
    lays = [
        cast(tuple[int, int, int, int], a)
        for _, a in state.history[state.round_start :]
        if len(cast(tuple[int, ...], a)) == 4
    ]
    unlaid = dict(layout)
    for tile, x, y, rot in lays:
        if unlaid.pop(tri_id(x, y), None) != tile * 3 + rot:
            raise StateError(f"this round's history lays {notation((tile, x, y, rot))}, which is not on the table")
    if lays and lays[0][1:] == (0, 0, 0) and unlaid:
        raise StateError("the table holds tiles that this round's history does not lay")
    last = data.get("last")
    if last is None:
        state.last = -1
    else:
        if not (isinstance(last, list) and len(last) == 2 and all(is_int(v) for v in last)):
            raise StateError(f"'last' is the x, y of the tile laid last, or null, not {last!r}")
        if not (-LIMIT <= last[0] <= LIMIT and -LIMIT <= last[1] <= LIMIT):
            raise StateError("'last' names an empty triangle")
        state.last = tri_id(last[0], last[1])
        if state.last not in state.layout:
            raise StateError("'last' names an empty triangle")
    on_table = 0
    for code in layout.values():
        on_table |= BIT[code // 3]
    if private:
        to_move = data["to_move"]
        if not is_int(to_move) or not (to_move == TERMINAL or 0 <= to_move < n):
            raise StateError(f"bad 'to_move': {to_move!r}")
        state.to_move = to_move
        racks = data["racks"]
        if not isinstance(racks, list) or len(racks) != n:
            raise StateError("'racks' lists the rack of each seat")
        state.racks = [tiles_mask(r, "a rack") for r in racks]
        pool = data["pool"]
        if not isinstance(pool, list):
            raise StateError("'pool' lists the pool's tiles in draw order")
        state.pool = tuple(tile_of(name) for name in pool)
        state.drawn = 0
        future = data["future"]
        if not isinstance(future, list):
            raise StateError("'future' lists the deals of the rounds to come")
        for i, deal in enumerate(future):
            check_deal(deal, f"future deal {i}", StateError)
        state.future = tuple(future)
        seen = on_table
        for mask in [*state.racks, sum(BIT[t] for t in state.pool)]:
            if seen & mask:
                raise StateError(f"{NAMES[mask_tiles(seen & mask)[0]]} is in two places")
            seen |= mask
        if seen != ALL_TILES or len(set(state.pool)) != len(state.pool):
            raise StateError("the layout, racks and pool must hold the 56 tiles once each")
        for s in range(n):
            if state.revealed[s] & ~state.racks[s]:
                raise StateError(f"seat {s}'s revealed tiles are not all in its rack")
        hidden = None
    else:
        hidden = read_hidden(state, data, on_table)
    if state.round >= g.options["max_rounds"]:
        raise StateError(f"round {state.round + 1} is past max_rounds ({g.options['max_rounds']})")
    logged = [entry[0] for entry in state.log]
    if logged != list(range(len(logged))) or len(logged) not in (state.round, state.round + 1):
        raise StateError(f"the log must list the rounds before round {state.round + 1} (and it, once over)")
    if (len(logged) > state.round) != (state.to_move == TERMINAL):
        # A round in the log is over: either the game ended with it or the next was dealt.
        raise StateError(f"round {state.round + 1} is over exactly when the game is")
    if state.to_move >= 0 and state.choice:
        if state.layout:
            raise StateError("the start tile is laid on an empty layout by the seat holding the best start tile")
        if state.start is not None or state.draws or state.last >= 0:
            raise StateError("a round whose start tile is still to be laid has no start, draws or last tile")
    elif state.to_move >= 0 and not state.layout:
        raise StateError("the layout is empty but no start tile is being laid")
    if state.to_move >= 0 and state.choice and state.reached:
        raise StateError("the target was reached in an earlier round: the game ended with it")
    check_start_and_end(state, len(state.future) if hidden is None else hidden.future)
    if private:
        check_start(state)
        if state.to_move >= 0 and not state.choice:
            check_round_goes_on(state)
    read_ended(state, data, EVERY_SEAT if private else data["seat"])
    state._moves = None
    return hidden


def read_ended(state: TriominosState, data: Mapping[str, Any], viewer: int | None) -> None:
    """Read ``last_round`` and ``events`` (what the last action did, as ``viewer`` sees it)
    and check them against the position and its last action."""
    n = state.game.players
    last_round = data.get("last_round")
    if last_round is None:
        state._last_round = None
    else:
        if not isinstance(last_round, Mapping) or not state.log:
            raise StateError("'last_round' is the round the last action ended, or null")
        racks = last_round["racks"]
        if not isinstance(racks, list) or len(racks) != n:
            raise StateError("'last_round' lists the rack left to each seat")
        masks = tuple(tiles_mask(r, "a rack left") for r in racks)
        final = last_round["layout"]
        if not isinstance(final, list) or not all(isinstance(text, str) for text in final):
            raise StateError("'last_round' has its final layout as a list of placements")
        final_layout: dict[int, int] = {}
        for text in final:
            try:
                tile, x, y, rot = parse_placement(text)
            except NotationError as exc:
                raise StateError(f"bad layout entry {text!r} in 'last_round': {exc}") from None
            final_layout[tri_id(x, y)] = tile * 3 + rot
        last = last_round["last"]
        if last is None:
            t = -1
        elif isinstance(last, list) and len(last) == 2 and all(is_int(v) and abs(v) <= LIMIT for v in last):
            t = tri_id(last[0], last[1])
        else:
            raise StateError(f"'last_round''s 'last' is the x, y of the tile laid last, not {last!r}")
        state._last_round = (masks, final_layout, t)
        if not same_json(state._last_round_json(), copy_json(last_round)):
            raise StateError("'last_round' is not the last round of the log, with its racks left and layout")
    events = data.get("events", [])
    if not isinstance(events, list):
        raise StateError("'events' lists what the last action did")
    state._events = [read_event(e, n, viewer) for e in events]
    # A position of its own may leave them out, as it may leave out its start.
    if state._events and (not state.history or not event_of(state._events[0], *state.history[-1])):
        raise StateError("'events' do not begin with the history's last action")
    ended = [e for e in state._events if e[0] == "round_end"]
    if (state._last_round is None) != (not ended) or (ended and ended[0][1:] != (state.log[-1][0], *state.log[-1][2:])):
        raise StateError("the events end a round exactly when 'last_round' shows it: the log's last")


def check_start_and_end(state: TriominosState, later: int) -> None:
    """The round's start agrees with the layout and the tiles shown, and the game's end with
    the rounds left (``later`` of them after this one): what a position of its own could get
    wrong (one with a setup is replayed)."""
    over = state.to_move == TERMINAL
    if over and state.choice:
        raise StateError("the game is over: no start tile is to be laid")
    if over and not state.reached and later:
        raise StateError("the game is over, but the target was not reached and later rounds are dealt")
    if state.choice and state.round == 0 and any(state._scores):
        raise StateError("no one has scored before the first round's start tile is laid")
    if state.choice and any(state.revealed):
        raise StateError("no tile is shown before the round's start tile is laid")
    if state.start is None:
        return  # a position of its own may leave out its start
    seat, tile, _, shown = state.start
    code = state.layout.get(ORIGIN)
    if code != tile * 3:
        there = "nothing" if code is None else placement_text(code // 3, 0, 0, code % 3)
        raise StateError(f"the start tile {NAMES[tile]} lies on 0,0/r0, but the layout has {there} there")
    for s, mask in enumerate(state.revealed):
        other = mask & ~(BIT[shown] if s == seat and shown >= 0 else 0)
        if other:
            raise StateError(f"seat {s} shows {NAMES[mask_tiles(other)[0]]}, which the round's start does not show")


def check_round_goes_on(state: TriominosState) -> None:
    """A turn in play: no seat has gone out, and the round is not blocked (a turn that
    begins with the pool empty and no rack able to lay ends the round at once)."""
    for s, rack in enumerate(state.racks):
        if not rack:
            raise StateError(f"seat {s}'s rack is empty: it went out, and the round is over")
    if state.draws == 0 and state.drawn == len(state.pool):
        union = 0
        for pat in state.slots.values():
            union |= PATTERN_MASK[pat]
        if not any(rack & union for rack in state.racks):
            raise StateError("the pool is empty and no rack can lay a tile: the round is blocked, so over")


def check_start(state: TriominosState) -> None:
    if state.to_move >= 0 and state.choice and round_starter(state.racks) != state.to_move:
        raise StateError("the start tile is laid on an empty layout by the seat holding the best start tile")


def rebuild(state: TriominosState, layout: dict[int, int]) -> None:
    """Points, counts and frontier of ``layout`` from scratch (checks that it is a legal layout)."""
    state.layout = {}
    state.points = {}
    state.pcount = {}
    state.slots = {}
    for t, code in layout.items():
        tile, rot = divmod(code, 3)
        corners, _ = geometry(t)
        for k, v in enumerate(corner_numbers(tile, rot)):
            p = corners[k]
            if state.points.setdefault(p, v) != v:
                x, y = tri_xy(t)
                raise StateError(f"{placement_text(tile, x, y, rot)} does not match its neighbours' corners")
            state.pcount[p] = state.pcount.get(p, 0) + 1
    tiles = [code // 3 for code in layout.values()]
    if len(set(tiles)) != len(tiles):
        raise StateError("the layout holds a tile twice")
    state.layout = dict(layout)
    if layout:
        seen = {next(iter(layout))}
        frontier = list(seen)
        while frontier:
            for u in geometry(frontier.pop())[1]:
                if u in layout and u not in seen:
                    seen.add(u)
                    frontier.append(u)
        if len(seen) != len(layout):
            raise StateError("the layout is not connected edge to edge")
    for t in layout:
        geometry(t)
        for u in INSIDE[t]:
            if u not in layout:
                state.slots[u] = state._pattern(u)


def read_start(data: object, n: int) -> tuple[int, int, int, int] | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise StateError("'start' must be a JSON object or null")
    seat = data["seat"]
    if not is_int(seat) or not 0 <= seat < n:
        raise StateError(f"bad start seat {seat!r}")
    revealed = data.get("revealed")
    points = data["points"]
    if not is_int(points):
        raise StateError("the start's points must be a whole number")
    tile = tile_of(data["tile"])
    if points != start_points(tile):
        raise StateError(f"the start tile {NAMES[tile]} scores {start_points(tile)}, not {points}")
    shown = -1 if revealed is None else tile_of(revealed)
    if shown >= 0 and tile != TRIPLE_000:
        raise StateError(f"a start shows a tile only when 0-0-0 is laid, not {NAMES[tile]}")
    if shown >= 0 and (shown == TRIPLE_000 or not BIT[shown] & TRIPLE_MASK):
        raise StateError(f"0-0-0 laid as the start shows the higher triple held, not {NAMES[shown]}")
    return (seat, tile, points, shown)


LOG_KEYS = frozenset({"round", "start", "end", "winners", "points", "rack_sums"})


def read_log(data: object, n: int) -> tuple[Any, ...]:
    if not isinstance(data, Mapping):
        raise StateError("a log entry must be a JSON object")
    end = data["end"]
    if end not in (OUT, BLOCKED):
        raise StateError(f"a round ends {OUT!r} or {BLOCKED!r}, not {end!r}")
    winners = data["winners"]
    if not isinstance(winners, list) or not all(is_int(s) and 0 <= s < n for s in winners):
        raise StateError("bad round winners")
    if set(data) != LOG_KEYS:
        raise StateError(f"a log entry has the keys {', '.join(sorted(LOG_KEYS))}")
    rnd = nonneg(data["round"], "round")
    start = read_start(data["start"], n)
    gains = tuple(int_list(data["points"], n, "points"))
    sums = tuple(int_list(data["rack_sums"], n, "rack_sums"))
    check_round_end(rnd, end, tuple(winners), gains, sums)
    return (rnd, start, end, tuple(winners), gains, sums)


def read_state(state: TriominosState, data: Mapping[str, Any]) -> None:
    """Fill the new ``state`` from its JSON ``data`` (``Triominos.state_from_json``), checked."""
    state._read_header(data)
    try:
        load(state, data, private=True)
    except StateError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise StateError.malformed("Triominos state", exc) from None
    state._check_replays()
    state._check_turn()
    # What to_json writes only for the reader's sake must still agree with the state.
    derived = state.to_json()
    for key in ("target", "rounds", "hand_sizes"):
        if key in data and not same_json(copy_json(data[key]), derived[key]):  # 400.0 is not 400 in JSON
            raise StateError(f"{key!r} is {data[key]!r}, but the state has {derived[key]!r}")
    state._refuse_unknown_fields(data)


def draws(template: TriominosState, view: Mapping[str, Any]) -> Callable[[random.Random], TriominosState]:
    """``Triominos.sampler``: ``view`` read into the new state ``template`` once, then dealt."""
    try:
        template._read_header({"history": view.get("history", []), "setup": None})
        hidden = load(template, view, private=False)
    except StateError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as exc:
        raise StateError.malformed("Triominos view", exc) from None
    assert hidden is not None

    def deal(rng: random.Random) -> TriominosState:
        state = template.clone()
        deal_hidden(state, hidden, rng)
        return state

    return checked_draws(view, deal, "triominos view", check_start)
