"""Triominos: the game and its states, with the rules (the package docstring says them and lists
the modules the rules lean on)."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from tritable.engine.errors import (
    IllegalActionError,
    NotationError,
    StateError,
    shown,
)
from tritable.engine.protocol import (
    JSON,
    TERMINAL,
    Action,
    Game,
    Option,
    Outcome,
    State,
    check_keys,
    check_rng,
    copy_json,
)
from tritable.games.triominos import queries
from tritable.games.triominos.basics import (
    BLOCKED,
    BRIDGE_BONUS,
    DRAW,
    DRAW_PENALTY,
    FAILED_DRAWS_PENALTY,
    HEXAGON_BONUS,
    MAX_DRAWS,
    ORIGIN,
    OUT,
    OUT_BONUS,
    PASS,
    SLOT_BONUS,
    best_start,
    hand_size,
    is_int,
    notation,
    parse_deal,
    parse_placement,
    placement_text,
    round_starter,
    shuffled_deal,
    start_points,
)
from tritable.games.triominos.queries import Tally, lay_points, scored_lays, tally
from tritable.games.triominos.render import draw
from tritable.games.triominos.tiles import (
    BIT,
    CANDIDATES,
    CORNER_NUMBERS,
    CORNERS,
    FITS,
    FREE,
    INSIDE,
    LIMIT,
    NAMES,
    PATTERN_MASK,
    ROTATIONS,
    SUMS,
    TILES,
    TRIPLE_000,
    TRIPLE_MASK,
    XY,
    around,
    corner_numbers,
    geometry,
    mask_sum,
    mask_tiles,
    tri_id,
    tri_xy,
)
from tritable.games.triominos.validation import draws, read_setup, read_state
from tritable.games.triominos.views import last_round_json, log_json, seat_view, state_json


class Triominos(Game):
    """Triominos for 2-4 players, to ``target`` points (see the package docstring for the rules)."""

    id = "triominos"
    name = "Triominos"
    min_players = 2
    max_players = 4
    perfect_information = False
    option_specs = (
        Option(
            "target", int, 400, "the game ends after the round in which someone reaches this score", min=1, max=10_000
        ),
        Option(
            "max_rounds",
            int,
            20,
            "not in the rule text, a cap of ours: the most rounds a game lasts (random setups deal this many); "
            "after the last, the highest score wins even below the target",
            min=1,
            max=1000,
        ),
    )

    # -- setup ----------------------------------------------------------------------------------

    def random_setup(self, rng: random.Random) -> JSON:
        return {"deals": [shuffled_deal(rng) for _ in range(self.options["max_rounds"])]}

    def state_from_setup(self, setup: Mapping[str, Any]) -> TriominosState:
        deals = read_setup(setup, self.options["max_rounds"])
        state = TriominosState(self, copy_json(setup))
        state.future = tuple(deals[1:])
        state._start_round(parse_deal(deals[0]))
        return state

    # -- JSON -----------------------------------------------------------------------------------

    def state_from_json(self, data: Mapping[str, Any]) -> TriominosState:
        self._refuse_other_game(data)
        check_keys(
            data,
            ["round", "future", "racks", "pool", "layout", "scores", "to_move", "draws", "choice", "revealed"],
            "a triominos state",
            StateError,
        )
        state = TriominosState(self)
        read_state(state, data)
        return state

    def lays_seen(self, view: Mapping[str, Any]) -> list[tuple[int, str, int, dict[str, int]]]:
        """What the round's lays show of the racks, for agents' inference
        (:func:`~tritable.games.triominos.queries.lays_seen`)."""
        return queries.lays_seen(TriominosState(self), view)

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> TriominosState:
        check_rng(rng)  # before the view is read: a seed given for rng is no fault of the view's
        return self.sampler(view)(rng)

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], TriominosState]:
        """Draws from ``view``: it is read and checked here once (its history is replayed to find
        what the round's play rules out), and each draw only deals the unseen tiles. The first
        draw is checked to show the seat exactly ``view``; the later ones differ from it only in
        the tiles dealt, which are dealt to fit the same reading.

        >>> import random, tritable
        >>> game = tritable.new_game("triominos", 3)
        >>> state = game.new_state(seed=4)
        >>> draw = game.sampler(state.view(1))
        >>> all(draw(random.Random(i)).view(1) == state.view(1) for i in range(20))
        True
        """
        needed = ["seat", "turn", "round", "rounds", "hand", "hand_sizes", "pool", "layout"]
        check_keys(view, needed, "a view", StateError)
        if view.get("game") != self.id:
            raise StateError(f"this is not a {self.id} view")
        return draws(TriominosState(self), view)

    # -- notation -------------------------------------------------------------------------------

    def action_to_string(self, action: Action) -> str:
        # Checked before the cache, whose keys take (True, 0, 0, 0) or (-1.0,) for the equal
        # action of ints: what such junk gave would depend on what was written before.
        if type(action) is not tuple or not all(is_int(v) for v in action):
            raise NotationError(f"not a triominos action: {shown(action)}")
        return notation(action)

    def string_to_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"notation is text, not {text!r}")
        s = "".join(text.split()).lower()
        if s == "draw":
            return DRAW
        if s == "pass":
            return PASS
        return parse_placement(s, text)


class TriominosState(State):
    """A Triominos position: the round's layout, racks, pool, scores and whose turn it is."""


    __slots__ = (
        "_events",
        "_last_round",
        "_moves",
        "_scores",
        "choice",
        "drawn",
        "draws",
        "future",
        "last",
        "layout",
        "log",
        "pcount",
        "points",
        "pool",
        "racks",
        "reached",
        "revealed",
        "round",
        "round_start",
        "slots",
        "start",
        "to_move",
    )

    def __init__(self, game: Game, initial_setup: Mapping[str, Any] | None = None) -> None:
        super().__init__(game, initial_setup)
        n = game.players
        self.round = 0
        self.round_start = 0
        """How many history entries come before this round's first action (public: the sampler
        reads this round's draws and passes from the history)."""
        self.future: Sequence[str] = ()
        """The deals of the rounds after this one (setup text)."""
        self.racks = [0] * n
        """Per seat, the rack as a bit mask of tile indices."""
        self.pool: tuple[int, ...] = ()
        self.drawn = 0
        """Tiles taken from the front of ``pool`` so far this round."""
        self.layout: dict[int, int] = {}
        """Triangle -> ``tile * 3 + rotation``."""
        self.points: dict[int, int] = {}
        """Lattice point -> the number on it (only points some tile touches)."""
        self.pcount: dict[int, int] = {}
        """Lattice point -> how many tiles touch it (6: a closed hexagon)."""
        self.slots: dict[int, int] = {}
        """The frontier: empty triangle sharing an edge with the layout -> its corner pattern."""
        self._scores = [0] * n
        self.reached = False
        """Some seat's score reached the target during this round: the game ends with the round."""
        self.to_move = 0
        self.draws = 0
        self.choice = False
        """The round's start tile is still to be laid (by the seat to move)."""
        self.revealed = [0] * n
        """Per seat, tiles shown to everyone that are still in the rack (the higher triple of a
        starter who laid 0-0-0)."""
        self.last = -1
        self.start: tuple[int, int, int, int] | None = None
        """This round's start: (seat, tile, points, revealed tile or -1); None while choosing."""
        self.log: list[tuple[Any, ...]] = []
        """Finished rounds: (round, start, end, winners, points won, rack sums)."""
        self._moves: list[Action] | None = None
        self._events: list[tuple[Any, ...]] = []
        """What the last action did, as raw events (see :meth:`event_json`): every tile named."""
        self._last_round: tuple[tuple[int, ...], dict[int, int], int] | None = None
        """The round the last action ended: the racks left, the final layout and its last tile."""

    # -- rounds ---------------------------------------------------------------------------------

    def _clear_round(self) -> None:
        self.layout = {}
        self.points = {}
        self.pcount = {}
        self.slots = {}
        self.revealed = [0] * self.game.players
        self.last = -1
        self.draws = 0
        self.choice = False
        self.start = None
        self._moves = None

    def _start_round(self, deal: tuple[int, ...]) -> None:
        n = self.game.players
        h = hand_size(n)
        self._clear_round()
        for s in range(n):
            self.racks[s] = sum(BIT[t] for t in deal[s * h : (s + 1) * h])
        self.pool = deal[n * h :]
        self.drawn = 0
        # The starter lays the start tile as an action, in every round: so that holding 0-0-0 as
        # well (a choice) shows no one anything until 0-0-0 is laid.
        self.to_move = round_starter(self.racks)
        self.choice = True

    def _start_options(self, seat: int) -> list[int]:
        """The tiles ``seat`` may start the round with: its best start tile, or 0-0-0 instead
        when that is a higher triple (the text's choice)."""
        rack = self.racks[seat]
        top = best_start(rack)
        if top < 0:
            raise StateError(f"seat {seat} starts the round with an empty rack")
        if top != TRIPLE_000 and BIT[top] & TRIPLE_MASK and rack & BIT[TRIPLE_000]:
            return [top, TRIPLE_000]
        return [top]

    def _place_start(self, seat: int, tile: int, points: int, revealed: int) -> None:
        self._new_action()
        self.choice = False
        self.racks[seat] &= ~BIT[tile]
        self.revealed[seat] &= ~BIT[tile]
        self._put(tile, 0, ORIGIN)
        self._events.append(("lay", seat, (tile, 0, 0, 0), True))
        if points > SUMS[tile]:
            self._events.append(("bonus", seat, "start", points - SUMS[tile]))
        if revealed >= 0:
            self._events.append(("reveal", seat, revealed))
        self._score(seat, points)
        if revealed >= 0:
            self.revealed[seat] |= BIT[revealed]
        self.start = (seat, tile, points, revealed)
        self._begin_turn((seat + 1) % self.game.players)

    def _new_action(self) -> None:
        """Forget what the previous action did (called once an action is known to be legal)."""
        self._events = []
        self._last_round = None

    def _score(self, seat: int, points: int) -> None:
        self._scores[seat] += points
        if not self.reached and self._scores[seat] >= self.game.options["target"]:
            self.reached = True
            self._events.append(("target", seat, self._scores[seat]))

    def _begin_turn(self, seat: int) -> None:
        self.to_move = seat
        self.draws = 0
        self._moves = None
        if self.drawn == len(self.pool):
            union = 0
            for pat in self.slots.values():
                union |= PATTERN_MASK[pat]
            if not any(rack & union for rack in self.racks):
                self._end_blocked()

    def _end_blocked(self) -> None:
        sums = [mask_sum(r) for r in self.racks]
        low = min(sums)
        winners = tuple(s for s, v in enumerate(sums) if v == low)
        total = sum(sums)
        gains = tuple(total - 2 * v if v == low else 0 for v in sums)
        self._end_round(BLOCKED, winners, gains, tuple(sums))

    def _end_out(self, seat: int) -> None:
        sums = [mask_sum(r) for r in self.racks]
        gains = tuple(OUT_BONUS + sum(sums) if s == seat else 0 for s in range(self.game.players))
        self._end_round(OUT, (seat,), gains, tuple(sums))

    def _end_round(self, end: str, winners: tuple[int, ...], gains: tuple[int, ...], sums: tuple[int, ...]) -> None:
        self.log.append((self.round, self.start, end, winners, gains, sums))
        # The view shows the finished round until the next action: the next deal clears the table.
        # The layout itself, written out only if a view asks: the next round lays on a new dict.
        self._last_round = (tuple(self.racks), self.layout, self.last)
        self._events.append(("round_end", self.round, end, winners, gains, sums))
        for s, g in enumerate(gains):
            self._score(s, g)
        self._moves = None
        if self.reached or not self.future:
            self.to_move = TERMINAL
            winners = self._game_winners()
            self._events.append(("game_over", () if len(winners) == len(gains) > 1 else winners))
            return
        deal = parse_deal(self.future[0])
        self.future = self.future[1:]
        self.round += 1
        self._start_round(deal)
        self._events.append(("deal", self.round, self.to_move))

    # -- the layout -----------------------------------------------------------------------------

    def _pattern(self, t: int) -> int:
        c0, c1, c2 = geometry(t)[0]
        get = self.points.get
        return get(c0, FREE) * 49 + get(c1, FREE) * 7 + get(c2, FREE)

    def _bonus(self, t: int) -> int:
        """The bonus a tile laid on the open slot ``t`` scores (before it is laid)."""
        (c0, c1, c2), (n0, n1, n2) = geometry(t)
        count = self.pcount.get
        hexagons = (count(c0, 0) == 5) + (count(c1, 0) == 5) + (count(c2, 0) == 5)
        if hexagons:
            return HEXAGON_BONUS[hexagons]
        layout = self.layout
        e0, e1, e2 = n0 in layout, n1 in layout, n2 in layout
        edges = e0 + e1 + e2
        if edges >= 2:
            return SLOT_BONUS
        if not edges:
            return 0
        # A bridge: one edge laid against the layout, the corner opposite it touching a tile by a point.
        return BRIDGE_BONUS if (c0 if e0 else c1 if e1 else c2) in self.points else 0

    def _bonus_kind(self, t: int) -> str:
        """Which bonus :meth:`_bonus` gives a tile laid on the open slot ``t`` (a key of
        ``BONUS_KINDS``), for the events: worked out only when a tile is laid."""
        (c0, c1, c2), (n0, n1, n2) = geometry(t)
        count = self.pcount.get
        hexagons = (count(c0, 0) == 5) + (count(c1, 0) == 5) + (count(c2, 0) == 5)
        if hexagons:
            return ("", "hexagon", "double_hexagon", "triple_hexagon")[hexagons]
        layout = self.layout
        return "slot" if (n0 in layout) + (n1 in layout) + (n2 in layout) >= 2 else "bridge"

    def _put(self, tile: int, rot: int, t: int) -> None:
        """Lay ``tile`` on triangle ``t`` (already checked)."""
        corners = geometry(t)[0]
        layout, points, pcount, slots = self.layout, self.points, self.pcount, self.slots
        code = tile * 3 + rot
        layout[t] = code
        slots.pop(t, None)
        nums = CORNER_NUMBERS[code]
        # Only slots round a newly numbered point change pattern; the empty neighbours join the frontier.
        stale = [u for u in INSIDE[t] if u not in layout]
        for k in range(3):
            p = corners[k]
            c = pcount.get(p, 0) + 1
            pcount[p] = c
            if c == 1:
                points[p] = nums[k]
                stale.extend(u for u in around(p) if u in slots)
        get = points.get
        for u in stale:
            c0, c1, c2 = CORNERS.get(u) or geometry(u)[0]
            slots[u] = get(c0, FREE) * 49 + get(c1, FREE) * 7 + get(c2, FREE)
        self.last = t

    def lay_points(self, action: Action) -> int:
        """The points a legal lay of the seat to move would score, without laying it
        (:func:`~tritable.games.triominos.queries.lay_points`)."""
        return lay_points(self, action)

    def scored_lays(self) -> list[tuple[Action, int]]:
        """Every legal lay of the seat to move with what it scores
        (:func:`~tritable.games.triominos.queries.scored_lays`)."""
        return scored_lays(self)

    def scores(self) -> list[float]:
        """Every seat's points (whole numbers; below zero after draws and passes)."""
        return list(self._scores)

    def hand_sizes(self) -> list[int]:
        return [r.bit_count() for r in self.racks]

    def hand(self, seat: int) -> list[str]:
        """``seat``'s rack, by name in tile order. Only a full state knows every rack; a seat's
        view shows its own (as ``view(seat)["hand"]``, without building the view).

        >>> import tritable
        >>> state = tritable.new_game("triominos", 2).new_state(seed=7)
        >>> state.hand(1) == state.view(1)["hand"]
        True
        """
        if not (is_int(seat) and 0 <= seat < self.game.players):
            raise StateError(f"no seat {seat!r} in a {self.game.players}-player game")
        return [NAMES[t] for t in mask_tiles(self.racks[seat])]

    def tally(self, seat: int | None) -> Tally:
        """The counts of ``view(seat)`` without its text
        (:func:`~tritable.games.triominos.queries.tally`)."""
        return tally(self, seat)

    def _can_place(self, seat: int) -> bool:
        if self._moves is not None:
            return self._moves[0] not in (DRAW, PASS)
        rack = self.racks[seat]
        return any(PATTERN_MASK[pat] & rack for pat in self.slots.values())

    # -- protocol -------------------------------------------------------------------------------

    def current_player(self) -> int:
        return self.to_move

    def _legal_actions(self, seat: int) -> list[Action]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._compute_moves(seat)
        return list(moves)

    def _compute_moves(self, seat: int) -> list[Action]:
        if self.choice:
            return [(tile, 0, 0, 0) for tile in self._start_options(seat)]
        rack = self.racks[seat]
        out: list[Any] = []
        masks, bit = PATTERN_MASK, BIT
        for t, pat in self.slots.items():
            if masks[pat] & rack:
                x, y = XY[t]
                for tile, rot in CANDIDATES[pat]:
                    if rack & bit[tile]:
                        out.append((tile, x, y, rot))
        if out:
            out.sort()
            return out
        if self.drawn < len(self.pool) and self.draws < MAX_DRAWS:
            return [DRAW]
        return [PASS]

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, list):  # type: ignore[unreachable]  # JSON's tuple: a common slip, so say so
            raise IllegalActionError(
                f"{shown(action)} is not a triominos action: actions are tuples (JSON turns them into "
                "lists; send the notation, or tuple(...) it)"
            )
        if type(action) is not tuple:
            raise IllegalActionError(f"{shown(action)} is not a triominos action")
        round_before = self.round
        if len(action) == 4:
            tile, x, y, rot = action
            # No calls: this runs at every lay of a playout.
            if not (type(tile) is int and type(x) is int and type(y) is int and type(rot) is int):
                raise IllegalActionError(f"{shown(action)} is not a triominos action")
            if self.choice:
                self._apply_start(seat, tile, x, y, rot)
            else:
                self._apply_place(seat, tile, x, y, rot)
        elif action == DRAW and is_int(action[0]):
            self._apply_draw(seat)
        elif action == PASS and is_int(action[0]):
            self._apply_pass(seat)
        else:
            raise IllegalActionError(f"{shown(action)} is not a triominos action")
        if self.round != round_before:
            # The base appends this action to the history after it returns: the next round's
            # actions begin after it.
            self.round_start = len(self.history) + 1

    def _apply_start(self, seat: int, tile: int, x: int, y: int, rot: int) -> None:
        options = self._start_options(seat)
        if (x, y, rot) != (0, 0, 0) or tile not in options:
            shown = " or ".join(f"{NAMES[t]}@0,0/r0" for t in options)
            raise IllegalActionError(f"seat {seat} starts the round: play {shown}")
        # Choosing 0-0-0 shows the higher triple (the text): it counts as revealed until laid.
        revealed = options[0] if tile == TRIPLE_000 and options[0] != TRIPLE_000 else -1
        self._place_start(seat, tile, start_points(tile), revealed)

    def _apply_place(self, seat: int, tile: int, x: int, y: int, rot: int) -> None:
        t = self._lay_slot(seat, tile, x, y, rot)
        # What the previous action did is forgotten (inline: this runs at every lay of a playout).
        events: list[tuple[Any, ...]] = [("lay", seat, (tile, x, y, rot), False)]
        self._events = events
        self._last_round = None
        bonus = self._bonus(t)
        if bonus:
            events.append(("bonus", seat, self._bonus_kind(t), bonus))
        self.racks[seat] &= ~BIT[tile]
        self.revealed[seat] &= ~BIT[tile]
        self._put(tile, rot, t)
        self._score(seat, SUMS[tile] + bonus)
        if not self.racks[seat]:
            self._end_out(seat)
        else:
            self._begin_turn((seat + 1) % self.game.players)

    def _lay_slot(self, seat: int, tile: int, x: int, y: int, rot: int) -> int:
        """The open slot a lay goes to, once it is checked to be legal (else the error says why)."""
        if not 0 <= tile < len(TILES):
            raise IllegalActionError(f"there is no tile number {tile}")
        name = NAMES[tile]
        if not self.racks[seat] & BIT[tile]:
            raise IllegalActionError(f"{name} is not in seat {seat}'s rack")
        if rot not in ROTATIONS[tile]:
            raise IllegalActionError(f"{name} cannot be turned {rot}: a triple is placed /r0, others /r0-/r2")
        if not (-LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT):
            raise IllegalActionError(f"{x},{y} is not an open slot of the layout")
        t = tri_id(x, y)
        pat = self.slots.get(t)
        if pat is None:
            if t in self.layout:
                raise IllegalActionError(f"{x},{y} already holds a tile")
            raise IllegalActionError(f"{x},{y} shares no edge with the layout")
        if tile * 3 + rot not in FITS[pat]:
            raise IllegalActionError(f"{placement_text(tile, x, y, rot)}: {self._mismatch(tile, rot, t)}")
        return t

    def _mismatch(self, tile: int, rot: int, t: int) -> str:
        nums = corner_numbers(tile, rot)
        for k, p in enumerate(geometry(t)[0]):
            want = self.points.get(p)
            if want is not None and want != nums[k]:
                px, py = tri_xy(p)
                return f"its {nums[k]} meets a {want} at the corner point {px},{py}"
        return "its corners do not match the layout"

    def _apply_draw(self, seat: int) -> None:
        if self.choice:
            raise IllegalActionError(f"seat {seat} must first lay the start tile")
        if self._can_place(seat):
            raise IllegalActionError(f"seat {seat} can place a tile, so must place one (no drawing)")
        if self.draws >= MAX_DRAWS:
            raise IllegalActionError(f"seat {seat} has drawn {MAX_DRAWS} tiles this turn: pass")
        if self.drawn >= len(self.pool):
            raise IllegalActionError("the pool is empty: pass")
        tile = self.pool[self.drawn]
        self._events = [("draw", seat, tile)]
        self._last_round = None
        self.drawn += 1
        self.draws += 1
        self.racks[seat] |= BIT[tile]
        self._scores[seat] -= DRAW_PENALTY
        self._moves = None

    def _apply_pass(self, seat: int) -> None:
        if self.choice:
            raise IllegalActionError(f"seat {seat} must first lay the start tile")
        if self._can_place(seat):
            raise IllegalActionError(f"seat {seat} can place a tile, so must place one (no passing)")
        if self.draws < MAX_DRAWS and self.drawn < len(self.pool):
            raise IllegalActionError(f"seat {seat} cannot place, so must draw (the pool is not empty)")
        penalty = FAILED_DRAWS_PENALTY if self.draws >= MAX_DRAWS else 0
        self._events = [("pass", seat, penalty)]
        self._last_round = None
        self._scores[seat] -= penalty
        self._begin_turn((seat + 1) % self.game.players)

    # -- results --------------------------------------------------------------------------------

    def _game_winners(self) -> tuple[int, ...]:
        target = self.game.options["target"]
        scores = self._scores
        over = [s for s, v in enumerate(scores) if v >= target]
        last_winners = self.log[-1][3] if self.log else ()
        pool = [s for s in last_winners if s in over] or over or list(range(len(scores)))
        best = max(scores[s] for s in pool)
        return tuple(s for s in pool if scores[s] == best)

    def outcome(self) -> Outcome:
        if self.to_move != TERMINAL:
            raise self._not_over()
        winners = self._game_winners()
        keys = [(s in winners, v) for s, v in enumerate(self._scores)]
        ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        shown = () if len(winners) == len(self._scores) > 1 else winners
        details = {
            "end": "target" if self.reached else "max_rounds",
            "rounds_played": len(self.log),
            "rounds": [log_json(entry) for entry in self.log],
        }
        return Outcome(tuple(self._scores), ranks, shown, details)

    # -- copies, identity -----------------------------------------------------------------------

    def clone(self) -> TriominosState:
        new = TriominosState.__new__(TriominosState)
        new.game = self.game
        new.history = list(self.history)
        new.initial_setup = self.initial_setup
        new.round = self.round
        new.round_start = self.round_start
        new.future = self.future
        new.racks = list(self.racks)
        new.pool = self.pool
        new.drawn = self.drawn
        new.layout = dict(self.layout)
        new.points = dict(self.points)
        new.pcount = dict(self.pcount)
        new.slots = dict(self.slots)
        new._scores = list(self._scores)
        new.reached = self.reached
        new.to_move = self.to_move
        new.draws = self.draws
        new.choice = self.choice
        new.revealed = list(self.revealed)
        new.last = self.last
        new.start = self.start
        new.log = list(self.log)
        new._events = self._events  # replaced, never changed, by the next action
        new._last_round = self._last_round
        new._moves = self._moves
        return new

    def key(self) -> Hashable:
        return (
            self.round,
            self.future,
            tuple(self.racks),
            self.pool[self.drawn :],
            tuple(sorted(self.layout.items())),
            tuple(self._scores),
            self.reached,
            self.to_move,
            self.draws,
            self.choice,
            tuple(self.revealed),
            self.last,
            self.start,
            tuple(self.log),
        )

    # -- JSON and views -------------------------------------------------------------------------

    def _last_round_json(self) -> JSON | None:
        return last_round_json(self)

    def to_json(self) -> JSON:
        return state_json(self)

    def view(self, seat: int | None = None) -> JSON:
        return seat_view(self, seat)

    # -- drawing --------------------------------------------------------------------------------

    def render(self, seat: int | None = None) -> str:
        return draw(self.view(seat)).text()
