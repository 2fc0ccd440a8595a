"""Triominos: the game, its states, notation and rendering (the rules are in the package docstring)."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, cast, overload

from tritable.engine.errors import (
    GameOverError,
    IllegalActionError,
    NotationError,
    SetupError,
    StateError,
    TritableError,
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
    checked_draws,
    copy_json,
    json_type,
    same_json,
)
from tritable.games.triominos.tiles import (
    ALL_TILES,
    BIT,
    CANDIDATES,
    CORNER_NUMBERS,
    CORNERS,
    FITS,
    FREE,
    INDEX,
    INSIDE,
    LIMIT,
    NAMES,
    PATTERN_MASK,
    ROTATIONS,
    SUMS,
    TILES,
    TRIPLE_000,
    TRIPLE_MASK,
    TRIPLES_HIGH_FIRST,
    XY,
    around,
    corner_numbers,
    geometry,
    mask_sum,
    mask_tiles,
    start_rank,
    tri_id,
    tri_xy,
)

DRAW: tuple[int] = (-1,)
PASS: tuple[int] = (-2,)
ORIGIN = tri_id(0, 0)

START_BONUS = 10
TRIPLE_000_START = 40
OUT_BONUS = 25
DRAW_PENALTY = 5
MAX_DRAWS = 3
FAILED_DRAWS_PENALTY = 10
BRIDGE_BONUS = 40
SLOT_BONUS = 40
HEXAGON_BONUS = (0, 50, 60, 70)
"""Indexed by the number of hexagons one placement completes."""

OUT = "out"
BLOCKED = "blocked"

_PLACEMENT = re.compile(r"^([0-5])-([0-5])-([0-5])@(-?\d{1,4}),(-?\d{1,4})/r([0-2])$", re.ASCII)  # 0-9 only


def hand_size(players: int) -> int:
    return 9 if players == 2 else 7


def placement_text(tile: int, x: int, y: int, rot: int) -> str:
    return f"{NAMES[tile]}@{x},{y}/r{rot}"


def _is_int(v: object) -> bool:
    return type(v) is int


@functools.lru_cache(maxsize=1 << 16)
def _notation(action: Action) -> str:
    """The notation of an action, remembered: views list the whole history and the search asks for
    many views, and writing each action anew was most of their cost. Triominos notation does not
    depend on the options, so one cache serves every game."""
    if action == DRAW:
        return "draw"
    if action == PASS:
        return "pass"
    if isinstance(action, tuple) and len(action) == 4 and all(_is_int(v) for v in action):
        tile, x, y, rot = action
        if 0 <= tile < len(TILES) and rot in ROTATIONS[tile] and abs(x) <= LIMIT and abs(y) <= LIMIT:
            return placement_text(tile, x, y, rot)
    raise NotationError(f"not a triominos action: {shown(action)}")


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
        return {"deals": [_shuffled_deal(rng) for _ in range(self.options["max_rounds"])]}

    def state_from_setup(self, setup: Mapping[str, Any]) -> TriominosState:
        check_keys(setup, ["deals"], "a triominos setup")
        unknown = set(setup) - {"deals"}
        if unknown:
            raise SetupError(f"unknown keys in the triominos setup: {', '.join(sorted(map(str, unknown)))}")
        deals = setup["deals"]
        if not isinstance(deals, list) or not deals:
            raise SetupError("the setup's 'deals' must be a non-empty list of deals (one a round)")
        cap = self.options["max_rounds"]
        if len(deals) > cap:
            raise SetupError(f"the setup deals {len(deals)} rounds but max_rounds is {cap}")
        for i, deal in enumerate(deals):
            _check_deal(deal, f"deal {i}", SetupError)
        state = TriominosState(self, copy_json(setup))
        state.future = tuple(deals[1:])
        state._start_round(_parse_deal(deals[0]))
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
        state._read_header(data)
        try:
            state._load(data, private=True)
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
        return state

    def lays_seen(self, view: Mapping[str, Any]) -> list[tuple[int, str, int, dict[str, int]]]:
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
            return self._lays_seen(view)
        except TritableError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise StateError.malformed("Triominos view", exc) from None

    def _lays_seen(self, view: Mapping[str, Any]) -> list[tuple[int, str, int, dict[str, int]]]:
        history = view.get("history") or []
        start = view.get("start")
        first = view.get("round_start")
        if not isinstance(start, Mapping) or type(first) is not int or not 0 <= first <= len(history):
            return []
        lays: list[tuple[int, int, str, int, dict[str, int]]] = []
        last_draw: dict[int, int] = {}
        for i, (s, action, before) in enumerate(_round_so_far(self, history[first:], start)):
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
        template = TriominosState(self)
        try:
            template._read_header({"history": view.get("history", []), "setup": None})
            hidden = template._load(view, private=False)
        except StateError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as exc:
            raise StateError.malformed("Triominos view", exc) from None
        assert hidden is not None

        def deal(rng: random.Random) -> TriominosState:
            state = template.clone()
            state._deal_hidden(hidden, rng)
            return state

        return checked_draws(view, deal, "triominos view", TriominosState._check_start)

    # -- notation -------------------------------------------------------------------------------

    def action_to_string(self, action: Action) -> str:
        # Checked before the cache, whose keys take (True, 0, 0, 0) or (-1.0,) for the equal
        # action of ints: what such junk gave would depend on what was written before.
        if type(action) is not tuple or not all(_is_int(v) for v in action):
            raise NotationError(f"not a triominos action: {shown(action)}")
        return _notation(action)

    def string_to_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"notation is text, not {text!r}")
        s = "".join(text.split()).lower()
        if s == "draw":
            return DRAW
        if s == "pass":
            return PASS
        return parse_placement(s, text)


def parse_placement(s: str, text: str | None = None) -> tuple[int, int, int, int]:
    """``(tile, x, y, rotation)`` from ``1-2-5@3,-2/r1`` (lower case, no spaces); NotationError if bad."""
    m = _PLACEMENT.match(s)
    if not m:
        raise NotationError(
            f"cannot read {text or s!r}: write a placement as tile@x,y/rN (like 1-2-5@3,-2/r1), 'draw' or 'pass'"
        )
    a, b, c = int(m[1]), int(m[2]), int(m[3])
    name = f"{a}-{b}-{c}"
    if name not in INDEX:
        canonical = _canonical_name(a, b, c)
        if canonical is None:
            raise NotationError(f"there is no tile {name}: its numbers do not ascend clockwise")
        raise NotationError(f"write the tile {name} clockwise from its lowest number: {canonical}")
    tile, rot = INDEX[name], int(m[6])
    if rot not in ROTATIONS[tile]:
        raise NotationError(f"{name} is a triple: it is written /r0 (it looks the same every way round)")
    x, y = int(m[4]), int(m[5])
    if abs(x) > LIMIT or abs(y) > LIMIT:
        # Refused here too, so that every action read can be written back.
        raise NotationError(f"cannot read {text or s!r}: x and y run from -{LIMIT} to {LIMIT}")
    return (tile, x, y, rot)


def _shuffled_deal(rng: random.Random) -> str:
    # Sorting by independent uniform keys is a uniform shuffle, and twice as fast as rng.shuffle here.
    key = rng.random
    return " ".join(sorted(NAMES, key=lambda _: key()))


def _canonical_name(a: int, b: int, c: int) -> str | None:
    for rot in ((a, b, c), (b, c, a), (c, a, b)):
        name = "-".join(map(str, rot))
        if name in INDEX:
            return name
    return None


def _check_deal(deal: object, what: str, error: type[Exception]) -> None:
    if not isinstance(deal, str):
        raise error(f"{what} must be text: the 56 tiles separated by spaces, like '5-5-5 0-1-2 ...'")
    tokens = deal.split()
    if len(tokens) != len(NAMES) or set(tokens) != _NAME_SET:
        bad = sorted(set(tokens) - _NAME_SET)
        if bad:
            raise error(f"{what} has {bad[0]!r}, which is not a tile (tiles read clockwise from the lowest: 0-1-2)")
        missing = sorted(_NAME_SET - set(tokens))
        if missing:
            raise error(f"{what} lacks the tile {missing[0]}")
        raise error(f"{what} must hold each of the 56 tiles once, not {len(tokens)} tiles")


_NAME_SET = frozenset(NAMES)


def _parse_deal(deal: str) -> tuple[int, ...]:
    return tuple(INDEX[name] for name in deal.split())


def _tile(name: object) -> int:
    if not isinstance(name, str) or name not in INDEX:
        raise StateError(f"{name!r} is not a tile")
    return INDEX[name]


def _tiles_mask(names: object, what: str) -> int:
    if not isinstance(names, list):
        raise StateError(f"{what} must be a list of tiles")
    mask = 0
    for name in names:
        t = _tile(name)
        if mask & BIT[t]:
            raise StateError(f"{what} holds {name} twice")
        mask |= BIT[t]
    return mask


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


class TriominosState(State):
    """A Triominos position: the round's layout, racks, pool, scores and whose turn it is."""

    _HAS_VOCABULARY = True

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
        """What the last action did, as raw events (see :meth:`_event_json`): every tile named."""
        self._last_round: tuple[tuple[int, ...], tuple[str, ...], int] | None = None
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
        self.to_move = _round_starter(self.racks)
        self.choice = True

    def _start_options(self, seat: int) -> list[int]:
        """The tiles ``seat`` may start the round with: its best start tile, or 0-0-0 instead
        when that is a higher triple (the text's choice)."""
        rack = self.racks[seat]
        top = _best_start(rack)
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
        self._last_round = (tuple(self.racks), tuple(self._layout_json()), self.last)
        self._events.append(("round_end", self.round, end, winners, gains, sums))
        for s, g in enumerate(gains):
            self._score(s, g)
        self._moves = None
        if self.reached or not self.future:
            self.to_move = TERMINAL
            winners = self._game_winners()
            self._events.append(("game_over", () if len(winners) == len(gains) > 1 else winners))
            return
        deal = _parse_deal(self.future[0])
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
        seat = self.to_move
        if seat < 0:
            raise GameOverError("the game is over")
        if action in (DRAW, PASS) or self.choice:
            if not self.is_legal(action):
                raise IllegalActionError(f"{action!r} is not a legal action now")
            if action in (DRAW, PASS):
                return 0
            return _start_points(action[0])  # type: ignore[index]
        if type(action) is not tuple or len(action) != 4 or not all(_is_int(v) for v in action):
            raise IllegalActionError(f"{shown(action)} is not a triominos action")
        tile, x, y, rot = action
        slot = self._lay_slot(seat, tile, x, y, rot)  # checks the tile before SUMS is read
        return SUMS[tile] + self._bonus(slot)

    def scored_lays(self) -> list[tuple[Action, int]]:
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
        seat = self.to_move
        if seat < 0 or self.choice:
            return []
        rack = self.racks[seat]
        out: list[tuple[Action, int]] = []
        masks, bit, sums = PATTERN_MASK, BIT, SUMS
        for t, pat in self.slots.items():
            if masks[pat] & rack:
                x, y = XY[t]
                bonus = self._bonus(t)
                for tile, rot in CANDIDATES[pat]:
                    if rack & bit[tile]:
                        out.append(((tile, x, y, rot), sums[tile] + bonus))
        return out

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
        if not (_is_int(seat) and 0 <= seat < self.game.players):
            raise StateError(f"no seat {seat!r} in a {self.game.players}-player game")
        return [NAMES[t] for t in mask_tiles(self.racks[seat])]

    def tally(self, seat: int | None) -> Tally:
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
        n = self.game.players
        if seat is not None and not (_is_int(seat) and 0 <= seat < n):
            raise StateError(f"no seat {seat!r} in a {n}-player game")  # as view(seat) says it
        sizes = tuple(r.bit_count() for r in self.racks)
        shown = tuple(mask_sum(m) for m in self.revealed)
        own = 0 if seat is None else self.racks[seat]
        seen_mask = own
        for s, m in enumerate(self.revealed):
            if s != seat:
                seen_mask |= m
        on_table = sum(SUMS[code // 3] for code in self.layout.values())
        seen = on_table + mask_sum(seen_mask)
        return Tally(
            scores=tuple(self._scores),
            hand_sizes=sizes,
            rack_pips=mask_sum(own),
            shown_pips=shown,
            shown_tiles=tuple(m.bit_count() for m in self.revealed),
            unseen_tiles=len(TILES) - len(self.layout) - seen_mask.bit_count(),
            unseen_pips=TOTAL_PIPS - seen,
        )

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
            if seat < 0:
                # The base's fast path takes legal_actions(-4) at the end for the seat to move
                # (TERMINAL is -4): no seat, as view(-4) says.
                raise StateError(f"no seat {seat} in a {self.game.players}-player game")
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
            if not (_is_int(tile) and _is_int(x) and _is_int(y) and _is_int(rot)):
                raise IllegalActionError(f"{shown(action)} is not a triominos action")
            if self.choice:
                self._apply_start(seat, tile, x, y, rot)
            else:
                self._apply_place(seat, tile, x, y, rot)
        elif action == DRAW and _is_int(action[0]):
            self._apply_draw(seat)
        elif action == PASS and _is_int(action[0]):
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
        self._place_start(seat, tile, _start_points(tile), revealed)

    def _apply_place(self, seat: int, tile: int, x: int, y: int, rot: int) -> None:
        t = self._lay_slot(seat, tile, x, y, rot)
        self._new_action()
        events = self._events
        events.append(("lay", seat, (tile, x, y, rot), False))
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
        self._new_action()
        self._events.append(("draw", seat, tile))
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
        self._new_action()
        self._events.append(("pass", seat, penalty))
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
            "rounds": [self._log_json(entry) for entry in self.log],
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

    def _layout_json(self) -> list[str]:
        placed = []
        for t, code in self.layout.items():
            x, y = tri_xy(t)
            placed.append((y, x, code))
        placed.sort()
        # Each placement written as its lay action's notation.
        return [_notation((code // 3, x, y, code % 3)) for y, x, code in placed]

    def _last_json(self) -> list[int] | None:
        return list(tri_xy(self.last)) if self.last >= 0 else None

    @staticmethod
    def _start_json(start: tuple[int, int, int, int] | None) -> JSON | None:
        if start is None:
            return None
        seat, tile, points, revealed = start
        return {
            "seat": seat,
            "tile": NAMES[tile],
            "points": points,
            "revealed": NAMES[revealed] if revealed >= 0 else None,
        }

    def _log_json(self, entry: tuple[Any, ...]) -> JSON:
        rnd, start, end, winners, gains, sums = entry
        return {
            "round": rnd,
            "start": self._start_json(start),
            "end": end,
            "winners": list(winners),
            "points": list(gains),
            "rack_sums": list(sums),
        }

    def _last_round_json(self) -> JSON | None:
        if self._last_round is None:
            return None
        racks, final, last = self._last_round
        data = self._log_json(self.log[-1])
        data["racks"] = [[NAMES[t] for t in mask_tiles(r)] for r in racks]
        data["layout"] = list(final)
        data["last"] = list(tri_xy(last)) if last >= 0 else None
        return data

    def _public(self) -> JSON:
        return {
            "target": self.game.options["target"],
            "round": self.round,
            "round_start": self.round_start,
            "rounds": self.round + 1 + len(self.future),
            "target_reached": self.reached,
            "layout": self._layout_json(),
            "last": self._last_json(),
            "revealed": [[NAMES[t] for t in mask_tiles(m)] for m in self.revealed],
            "pool": len(self.pool) - self.drawn,
            "draws": self.draws,
            "choice": self.choice,
            "start": self._start_json(self.start),
            "log": [self._log_json(e) for e in self.log],
            "last_round": self._last_round_json(),
        }

    def to_json(self) -> JSON:
        data = self._json_header()
        data.update(self._public())
        data.update(
            {
                "scores": list(self._scores),
                "hand_sizes": self.hand_sizes(),
                "events": [_event_json(e, EVERY_SEAT) for e in self._events],
                "to_move": self.to_move,
                "future": list(self.future),
                "racks": [[NAMES[t] for t in mask_tiles(r)] for r in self.racks],
                "pool": [NAMES[t] for t in self.pool[self.drawn :]],
            }
        )
        return data

    def view(self, seat: int | None = None) -> JSON:
        data = self._view_header(seat)
        data.update(self._public())
        history = self.history
        data["last_action"] = {"seat": history[-1][0], "action": _notation(history[-1][1])} if history else None
        data["events"] = [_event_json(e, seat) for e in self._events]
        data["history"] = [[s, _notation(a)] for s, a in history]
        return data

    def _load(self, data: Mapping[str, Any], *, private: bool) -> _Hidden | None:
        """Fill this state from ``to_json`` (``private``), or its public part from a seat's view:
        then it returns what :meth:`_deal_hidden` needs to deal the hidden tiles."""
        g = self.game
        n = g.players
        self.round = _nonneg(data["round"], "round")
        # Older JSON without it: no round's actions are known (the sampler then infers nothing).
        self.round_start = _nonneg(data.get("round_start", len(self.history)), "round_start")
        if self.round_start > len(self.history):
            raise StateError(f"'round_start' {self.round_start} is past the end of the history")
        self._scores = _int_list(data["scores"], n, "scores")
        # Older JSON without it: a score at or over the target now is one that reached it.
        reached = data.get("target_reached", max(self._scores) >= g.options["target"])
        if type(reached) is not bool:
            raise StateError(f"'target_reached' is true or false, not {reached!r}")
        if max(self._scores) >= g.options["target"] and not reached:
            raise StateError("a score is at or over the target, so the target has been reached")
        self.reached = reached
        self.draws = _nonneg(data["draws"], "draws")
        if self.draws > MAX_DRAWS:
            raise StateError(f"at most {MAX_DRAWS} draws a turn, not {self.draws}")
        if type(data["choice"]) is not bool:
            raise StateError(f"'choice' is true or false, not {data['choice']!r}")
        self.choice = data["choice"]
        revealed = data["revealed"]
        if not isinstance(revealed, list) or len(revealed) != n:
            raise StateError("'revealed' lists the shown tiles of each seat")
        self.revealed = [_tiles_mask(r, "a seat's revealed tiles") for r in revealed]
        self.start = _read_start(data.get("start"), n)
        log = data.get("log", [])
        if not isinstance(log, list):
            raise StateError("'log' lists the rounds played")
        self.log = [_read_log(e, n) for e in log]
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
        self._rebuild(layout)
        # The round's history, where the JSON has it, lays exactly the tiles on the table (all of
        # them when it begins with the start tile): the sampler reads the round from it.
        lays = [
            cast(tuple[int, int, int, int], a)
            for _, a in self.history[self.round_start :]
            if len(cast(tuple[int, ...], a)) == 4
        ]
        unlaid = dict(layout)
        for tile, x, y, rot in lays:
            if unlaid.pop(tri_id(x, y), None) != tile * 3 + rot:
                raise StateError(f"this round's history lays {_notation((tile, x, y, rot))}, which is not on the table")
        if lays and lays[0][1:] == (0, 0, 0) and unlaid:
            raise StateError("the table holds tiles that this round's history does not lay")
        last = data.get("last")
        if last is None:
            self.last = -1
        else:
            if not (isinstance(last, list) and len(last) == 2 and all(_is_int(v) for v in last)):
                raise StateError(f"'last' is the x, y of the tile laid last, or null, not {last!r}")
            if not (-LIMIT <= last[0] <= LIMIT and -LIMIT <= last[1] <= LIMIT):
                raise StateError("'last' names an empty triangle")
            self.last = tri_id(last[0], last[1])
            if self.last not in self.layout:
                raise StateError("'last' names an empty triangle")
        on_table = 0
        for code in layout.values():
            on_table |= BIT[code // 3]
        if private:
            to_move = data["to_move"]
            if not _is_int(to_move) or not (to_move == TERMINAL or 0 <= to_move < n):
                raise StateError(f"bad 'to_move': {to_move!r}")
            self.to_move = to_move
            racks = data["racks"]
            if not isinstance(racks, list) or len(racks) != n:
                raise StateError("'racks' lists the rack of each seat")
            self.racks = [_tiles_mask(r, "a rack") for r in racks]
            pool = data["pool"]
            if not isinstance(pool, list):
                raise StateError("'pool' lists the pool's tiles in draw order")
            self.pool = tuple(_tile(name) for name in pool)
            self.drawn = 0
            future = data["future"]
            if not isinstance(future, list):
                raise StateError("'future' lists the deals of the rounds to come")
            for i, deal in enumerate(future):
                _check_deal(deal, f"future deal {i}", StateError)
            self.future = tuple(future)
            seen = on_table
            for mask in [*self.racks, sum(BIT[t] for t in self.pool)]:
                if seen & mask:
                    raise StateError(f"{NAMES[mask_tiles(seen & mask)[0]]} is in two places")
                seen |= mask
            if seen != ALL_TILES or len(set(self.pool)) != len(self.pool):
                raise StateError("the layout, racks and pool must hold the 56 tiles once each")
            for s in range(n):
                if self.revealed[s] & ~self.racks[s]:
                    raise StateError(f"seat {s}'s revealed tiles are not all in its rack")
            hidden = None
        else:
            hidden = self._read_hidden(data, on_table)
        if self.round >= g.options["max_rounds"]:
            raise StateError(f"round {self.round + 1} is past max_rounds ({g.options['max_rounds']})")
        logged = [entry[0] for entry in self.log]
        if logged != list(range(len(logged))) or len(logged) not in (self.round, self.round + 1):
            raise StateError(f"the log must list the rounds before round {self.round + 1} (and it, once over)")
        if (len(logged) > self.round) != (self.to_move == TERMINAL):
            # A round in the log is over: either the game ended with it or the next was dealt.
            raise StateError(f"round {self.round + 1} is over exactly when the game is")
        if self.to_move >= 0 and self.choice:
            if self.layout:
                raise StateError("the start tile is laid on an empty layout by the seat holding the best start tile")
            if self.start is not None or self.draws or self.last >= 0:
                raise StateError("a round whose start tile is still to be laid has no start, draws or last tile")
        elif self.to_move >= 0 and not self.layout:
            raise StateError("the layout is empty but no start tile is being laid")
        if self.to_move >= 0 and self.choice and self.reached:
            raise StateError("the target was reached in an earlier round: the game ended with it")
        self._check_start_and_end(len(self.future) if hidden is None else hidden.future)
        if private:
            self._check_start()
            if self.to_move >= 0 and not self.choice:
                self._check_round_goes_on()
        self._read_ended(data, EVERY_SEAT if private else data["seat"])
        self._moves = None
        return hidden

    def _read_ended(self, data: Mapping[str, Any], viewer: int | None) -> None:
        """Read ``last_round`` and ``events`` (what the last action did, as ``viewer`` sees it)
        and check them against the position and its last action."""
        n = self.game.players
        last_round = data.get("last_round")
        if last_round is None:
            self._last_round = None
        else:
            if not isinstance(last_round, Mapping) or not self.log:
                raise StateError("'last_round' is the round the last action ended, or null")
            racks = last_round["racks"]
            if not isinstance(racks, list) or len(racks) != n:
                raise StateError("'last_round' lists the rack left to each seat")
            masks = tuple(_tiles_mask(r, "a rack left") for r in racks)
            final = last_round["layout"]
            if not isinstance(final, list) or not all(isinstance(text, str) for text in final):
                raise StateError("'last_round' has its final layout as a list of placements")
            for text in final:
                try:
                    parse_placement(text)
                except NotationError as exc:
                    raise StateError(f"bad layout entry {text!r} in 'last_round': {exc}") from None
            last = last_round["last"]
            if last is None:
                t = -1
            elif isinstance(last, list) and len(last) == 2 and all(_is_int(v) and abs(v) <= LIMIT for v in last):
                t = tri_id(last[0], last[1])
            else:
                raise StateError(f"'last_round''s 'last' is the x, y of the tile laid last, not {last!r}")
            self._last_round = (masks, tuple(final), t)
            if not same_json(self._last_round_json(), copy_json(last_round)):
                raise StateError("'last_round' is not the last round of the log, with its racks left and layout")
        events = data.get("events", [])
        if not isinstance(events, list):
            raise StateError("'events' lists what the last action did")
        self._events = [_read_event(e, n, viewer) for e in events]
        # A position of its own may leave them out, as it may leave out its start.
        if self._events and (not self.history or not _event_of(self._events[0], *self.history[-1])):
            raise StateError("'events' do not begin with the history's last action")
        ended = [e for e in self._events if e[0] == "round_end"]
        if (self._last_round is None) != (not ended) or (
            ended and ended[0][1:] != (self.log[-1][0], *self.log[-1][2:])
        ):
            raise StateError("the events end a round exactly when 'last_round' shows it: the log's last")

    def _check_start_and_end(self, later: int) -> None:
        """The round's start agrees with the layout and the tiles shown, and the game's end with
        the rounds left (``later`` of them after this one): what a position of its own could get
        wrong (one with a setup is replayed)."""
        over = self.to_move == TERMINAL
        if over and self.choice:
            raise StateError("the game is over: no start tile is to be laid")
        if over and not self.reached and later:
            raise StateError("the game is over, but the target was not reached and later rounds are dealt")
        if self.choice and self.round == 0 and any(self._scores):
            raise StateError("no one has scored before the first round's start tile is laid")
        if self.choice and any(self.revealed):
            raise StateError("no tile is shown before the round's start tile is laid")
        if self.start is None:
            return  # a position of its own may leave out its start
        seat, tile, _, shown = self.start
        code = self.layout.get(ORIGIN)
        if code != tile * 3:
            there = "nothing" if code is None else placement_text(code // 3, 0, 0, code % 3)
            raise StateError(f"the start tile {NAMES[tile]} lies on 0,0/r0, but the layout has {there} there")
        for s, mask in enumerate(self.revealed):
            other = mask & ~(BIT[shown] if s == seat and shown >= 0 else 0)
            if other:
                raise StateError(f"seat {s} shows {NAMES[mask_tiles(other)[0]]}, which the round's start does not show")

    def _check_round_goes_on(self) -> None:
        """A turn in play: no seat has gone out, and the round is not blocked (a turn that
        begins with the pool empty and no rack able to lay ends the round at once)."""
        for s, rack in enumerate(self.racks):
            if not rack:
                raise StateError(f"seat {s}'s rack is empty: it went out, and the round is over")
        if self.draws == 0 and self.drawn == len(self.pool):
            union = 0
            for pat in self.slots.values():
                union |= PATTERN_MASK[pat]
            if not any(rack & union for rack in self.racks):
                raise StateError("the pool is empty and no rack can lay a tile: the round is blocked, so over")

    def _check_start(self) -> None:
        if self.to_move >= 0 and self.choice and _round_starter(self.racks) != self.to_move:
            raise StateError("the start tile is laid on an empty layout by the seat holding the best start tile")

    def _read_hidden(self, view: Mapping[str, Any], on_table: int) -> _Hidden:
        """Read from ``view`` whose turn it is and what the unseen tiles may be: per seat, the
        tiles it shows, how many more it holds and which it cannot hold."""
        n = self.game.players
        seat = view["seat"]
        turn = view["turn"]
        if turn["kind"] == "terminal":
            self.to_move = TERMINAL
        else:
            self.to_move = int(turn["players"][0])
        sizes = _int_list(view["hand_sizes"], n, "hand_sizes")
        own = 0
        if seat is not None:
            if not (_is_int(seat) and 0 <= seat < n):
                raise StateError(f"bad seat {seat!r} in the view")
            own = _tiles_mask(view["hand"], "the hand")
            if own.bit_count() != sizes[seat]:
                raise StateError("the rack does not match its size")
        fixed = list(self.revealed)
        if seat is not None:
            fixed[seat] = own
        starter = self.to_move if self.choice else -1
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
        bans = self._round_bans(view, seat)
        if starter >= 0 and starter == seat:
            # The seat lays the start tile: no other rack holds a better one.
            for s in range(n):
                if s != seat:
                    bans[s] |= _ranked_above(_best_start(own))
        rounds = _nonneg(view["rounds"], "rounds")
        if not self.round + 1 <= rounds <= self.game.options["max_rounds"]:
            raise StateError(f"'rounds' ({rounds}) must be from the round number to max_rounds")
        drawing = 0 <= self.to_move != seat and bool(self.draws) and needs[self.to_move] > 0
        rivals = -1 if starter == seat else starter
        return _Hidden(tuple(mask_tiles(unseen_mask)), fixed, needs, bans, drawing, rivals, rounds - self.round - 1)

    def _deal_hidden(self, hidden: _Hidden, rng: random.Random) -> None:
        """Deal the unseen tiles with ``rng`` as ``hidden`` (from :meth:`_read_hidden`) allows."""
        unseen, fixed, needs, bans, drawing, starter, future = hidden
        mover = self.to_move
        for _ in range(STARTER_TRIES):
            if drawing:
                # The mover is drawing this turn: the tile drawn last may fit (and must then be laid).
                needs_now = [*needs[:mover], needs[mover] - 1, *needs[mover + 1 :], 1]
                racks, pool = _deal_unseen(list(unseen), [*fixed, 0], needs_now, [*bans, 0], rng)
                drawn = racks.pop()
                racks[mover] |= drawn
            else:
                racks, pool = _deal_unseen(list(unseen), fixed, needs, bans, rng)
            # Another seat laying the start tile holds the best one of all racks: deals where it
            # does not are redrawn (exact, and likely enough: at worst about 1 in 7).
            if starter < 0 or _round_starter(racks) == starter:
                break
        else:
            raise StateError(f"no deal of the unseen tiles gives seat {starter} the start tile")
        if drawing and self._events and self._events[0][0] == "draw":
            # The tile the mover drew last, hidden from the view: the one dealt as drawn.
            self._events = [("draw", mover, mask_tiles(drawn)[0]), *self._events[1:]]
        self.racks = racks
        self.pool = tuple(pool)
        self.drawn = 0
        self.future = _DrawnDeals(tuple(rng.getrandbits(64) for _ in range(future)))

    def _round_bans(self, view: Mapping[str, Any], seat: int | None) -> list[int]:
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
        n = self.game.players
        bans = [0] * n
        history = view.get("history") or []
        start = view.get("start")
        first = self.round_start
        if start is None or first > len(history):
            return bans
        drew = [False] * n
        whole_round = False
        for s, action, before in _round_so_far(self.game, history[first:], start):
            if len(action) == 4:
                whole_round = whole_round or not before.layout
                continue
            fits = 0
            for pat in before.slots.values():
                fits |= PATTERN_MASK[pat]
            bans[s] = fits
            drew[s] = drew[s] or action == DRAW
        top = _tile(start["revealed"] if start.get("revealed") else start["tile"])
        above = _ranked_above(top)
        for s in range(n):
            if s != seat and not drew[s] and whole_round:
                bans[s] |= above
        return bans

    def _rebuild(self, layout: dict[int, int]) -> None:
        """Points, counts and frontier of ``layout`` from scratch (checks that it is a legal layout)."""
        self.layout = {}
        self.points = {}
        self.pcount = {}
        self.slots = {}
        for t, code in layout.items():
            tile, rot = divmod(code, 3)
            corners, _ = geometry(t)
            for k, v in enumerate(corner_numbers(tile, rot)):
                p = corners[k]
                if self.points.setdefault(p, v) != v:
                    x, y = tri_xy(t)
                    raise StateError(f"{placement_text(tile, x, y, rot)} does not match its neighbours' corners")
                self.pcount[p] = self.pcount.get(p, 0) + 1
        tiles = [code // 3 for code in layout.values()]
        if len(set(tiles)) != len(tiles):
            raise StateError("the layout holds a tile twice")
        self.layout = dict(layout)
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
                    self.slots[u] = self._pattern(u)

    # -- rendering ------------------------------------------------------------------------------

    def render(self, seat: int | None = None) -> str:
        self._view_header(seat)  # validates the seat: a rack is shown to its own seat only
        g = self.game
        n = g.players
        lines = [
            f"Triominos, round {self.round + 1} of at most {self.round + 1 + len(self.future)}, "
            f"target {g.options['target']}"
            + (" (reached: the game ends with this round)" if self.reached and self.to_move != TERMINAL else "")
        ]
        marks = []
        for s in range(n):
            mark = " <" if s == self.to_move else ""
            marks.append(f"P{s + 1} {self._scores[s]} ({self.racks[s].bit_count()} tiles){mark}")
        lines.append("Scores: " + ", ".join(marks))
        lines.append(f"Pool: {len(self.pool) - self.drawn} tiles")
        if self.start is not None:
            s, tile, pts, shown = self.start
            extra = f", showing {NAMES[shown]}" if shown >= 0 else ""
            lines.append(f"Start: P{s + 1} played {NAMES[tile]} for {pts}{extra}")
        lines.append("")
        lines.extend(render_layout(self.layout, self.slots, self.last))
        lines.append("")
        if seat is not None:
            rack = " ".join(NAMES[t] for t in mask_tiles(self.racks[seat])) or "(empty)"
            lines.append(f"Your rack (P{seat + 1}): {rack}")
        for s in range(n):
            if self.revealed[s] and s != seat:
                lines.append(f"P{s + 1} has shown: {' '.join(NAMES[t] for t in mask_tiles(self.revealed[s]))}")
        if self.to_move == TERMINAL:
            out = self.outcome()
            won = ", ".join(f"P{s + 1}" for s in out.winners)
            lines.append(f"Game over: {won} won" if won else "Game over: a draw")
        elif self.choice:
            options = self._start_options(self.to_move) if seat == self.to_move else []
            if len(options) > 1:
                top = NAMES[options[0]]
                starter = f"P{self.to_move + 1}"
                lines.append(f"{starter} to lay the start tile: {top}, or 0-0-0 (which shows {top} to everyone)")
            else:
                lines.append(f"P{self.to_move + 1} to lay the start tile")
        else:
            drew = f" (drawn {self.draws} this turn)" if self.draws else ""
            lines.append(f"P{self.to_move + 1} to move{drew}")
        return "\n".join(lines)


def render_layout(layout: Mapping[int, int], slots: Mapping[int, int], last: int) -> list[str]:
    """The layout as ASCII: numbers on the lattice points, ``/ \\ ---`` on the tiles' edges, ``*`` in
    the last tile laid, ``.`` in the open slots; x labels on top, y labels on the left."""
    if not layout:
        return ["(no tile on the table yet)"]
    cells: dict[tuple[int, int], str] = {}
    for t, code in layout.items():
        tile, rot = divmod(code, 3)
        x, y = tri_xy(t)
        nums = corner_numbers(tile, rot)
        c, r = 2 * x, 2 * y
        if (x + y) % 2 == 0:
            spots = ((c + 2, r), (c + 4, r + 2), (c, r + 2))
            cells[(r + 1, c + 1)] = "/"
            cells[(r + 1, c + 3)] = "\\"
            for dc in (1, 2, 3):
                cells[(r + 2, c + dc)] = "-"
        else:
            spots = ((c + 2, r + 2), (c, r), (c + 4, r))
            cells[(r + 1, c + 1)] = "\\"
            cells[(r + 1, c + 3)] = "/"
            for dc in (1, 2, 3):
                cells[(r, c + dc)] = "-"
        for (sc, sr), v in zip(spots, nums, strict=True):
            cells[(sr, sc)] = str(v)
        cells[(r + 1, c + 2)] = "*" if t == last else " "
    for t in slots:
        x, y = tri_xy(t)
        cells.setdefault((2 * y + 1, 2 * x + 2), ".")
    xs = [tri_xy(t)[0] for t in (*layout, *slots)]
    ys = [tri_xy(t)[1] for t in (*layout, *slots)]
    c0, c1 = 2 * min(xs), 2 * max(xs) + 4
    r0, r1 = 2 * min(ys), 2 * max(ys) + 2
    width = len(str(-max(abs(v) for v in ys))) + 1
    ruler = [" "] * (c1 - c0 + 4)
    for x in range(min(xs), max(xs) + 1):
        if x % 4 == 0:
            label = str(x)
            at = 2 * x + 2 - c0
            ruler[at : at + len(label)] = label
    out = [" " * width + "".join(ruler).rstrip()]
    for r in range(r0, r1 + 1):
        label = str((r - 1) // 2) if r % 2 else ""
        row = "".join(cells.get((r, c), " ") for c in range(c0, c1 + 1))
        out.append((label.rjust(width - 1) + " " + row).rstrip())
    return out


EVERY_SEAT = -9
"""The viewer of :func:`_event_json` that sees every tile (state JSON)."""

BONUS_KINDS = {
    "start": "the start bonus",
    "bridge": "a bridge",
    "slot": "a filled slot",
    "hexagon": "a hexagon",
    "double_hexagon": "a double hexagon",
    "triple_hexagon": "a triple hexagon",
}
"""The kinds of a ``bonus`` event, and how its text names them."""

EVENT_TYPES = ("lay", "bonus", "reveal", "draw", "pass", "target", "round_end", "deal", "game_over")


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def _event_json(raw: tuple[Any, ...], viewer: int | None) -> JSON:
    """One event of ``view(viewer)["events"]`` from the raw event the state keeps (``viewer``
    ``EVERY_SEAT``: state JSON, every drawn tile named). The package docstring lists them."""
    kind = raw[0]
    if kind == "lay":
        _, seat, (tile, x, y, rot), start = raw
        name, points = NAMES[tile], SUMS[tile]
        where = "the start tile" if start else f"{name} on {x},{y}"
        text = f"{_p(seat)} lays {where}{' ' + name if start else ''}: +{points}"
        return {"type": kind, "seat": seat, "text": text, "tile": name, "action": _notation((tile, x, y, rot)),
                "x": x, "y": y, "points": points, "start": start}  # fmt: skip
    if kind == "bonus":
        _, seat, what, points = raw
        if what == "start":
            text = f"{_p(seat)} scores the start bonus{' of 0-0-0' if points == TRIPLE_000_START else ''}: +{points}"
        elif what == "bridge":
            text = f"{_p(seat)} builds a bridge: +{points}"
        elif what == "slot":
            text = f"{_p(seat)} fills a slot: +{points}"
        else:
            text = f"{_p(seat)} completes {BONUS_KINDS[what]}: +{points}"
        return {"type": kind, "seat": seat, "text": text, "kind": what, "points": points}
    if kind == "reveal":
        _, seat, tile = raw
        text = f"{_p(seat)} starts with 0-0-0 and shows {NAMES[tile]}"
        return {"type": kind, "seat": seat, "text": text, "tile": NAMES[tile]}
    if kind == "draw":
        _, seat, tile = raw
        seen = tile >= 0 and viewer in (seat, EVERY_SEAT)
        text = f"{_p(seat)} draws {NAMES[tile] if seen else 'a tile'}: -{DRAW_PENALTY}"
        return {"type": kind, "seat": seat, "text": text, "tile": NAMES[tile] if seen else None,
                "points": -DRAW_PENALTY}  # fmt: skip
    if kind == "pass":
        _, seat, penalty = raw
        why = f"after {MAX_DRAWS} draws: -{penalty}" if penalty else "(the pool is empty)"
        return {"type": kind, "seat": seat, "text": f"{_p(seat)} passes {why}", "points": -penalty}
    if kind == "target":
        _, seat, score = raw
        text = f"{_p(seat)} reaches {score} points, the target: the game ends with this round"
        return {"type": kind, "seat": seat, "text": text, "score": score}
    if kind == "round_end":
        _, rnd, end, winners, gains, sums = raw
        if end == OUT:
            (seat,) = winners
            others = sum(sums)
            text = (
                f"{_p(seat)} goes out and ends round {rnd + 1}: +{gains[seat]} "
                f"({OUT_BONUS} + {others} in the other racks)"
            )
        else:
            seat = winners[0] if len(winners) == 1 else None
            who = " and ".join(_p(w) for w in winners)
            won = ", ".join(f"{_p(w)} {gains[w]:+d}" for w in winners)
            text = f"Round {rnd + 1} is blocked: the lowest rack ({sums[winners[0]]}) wins, {who}: {won}"
        return {"type": kind, "seat": seat, "text": text, "round": rnd, "end": end, "winners": list(winners),
                "points": list(gains), "rack_sums": list(sums)}  # fmt: skip
    if kind == "deal":
        _, rnd, starter = raw
        text = f"Round {rnd + 1} is dealt: {_p(starter)} lays the start tile"
        return {"type": kind, "seat": starter, "text": text, "round": rnd}
    _, winners = raw
    if not winners:
        text = "Game over: a draw"
    elif len(winners) == 1:
        text = f"Game over: {_p(winners[0])} wins"
    else:
        text = f"Game over: {' and '.join(_p(w) for w in winners)} share the win"
    return {"type": kind, "seat": None, "text": text, "winners": list(winners)}


STARTER_TRIES = 2000
"""How many deals the sampler draws at most for a round's start (see ``_sample_hidden``)."""


def _start_order(tile: int) -> tuple[int, int, int, int]:
    """Which tile starts a round: the highest triple (0-0-0 the lowest), else the highest tile."""
    triple = bool(BIT[tile] & TRIPLE_MASK)
    return (1, -TRIPLES_HIGH_FIRST.index(tile), 0, 0) if triple else (0, *start_rank(tile))


START_ORDER: tuple[int, ...] = tuple(sorted(range(len(TILES)), key=_start_order).index(t) for t in range(len(TILES)))
"""Per tile, its place in the order in which tiles start a round (higher starts)."""


def _best_start(rack: int) -> int:
    """The tile of ``rack`` that would start a round (-1 for an empty rack)."""
    return max(mask_tiles(rack), key=START_ORDER.__getitem__, default=-1)


def _round_starter(racks: list[int]) -> int:
    """The seat holding the round's start tile."""
    best = [START_ORDER[t] if (t := _best_start(rack)) >= 0 else -1 for rack in racks]
    return best.index(max(best))


def _start_points(tile: int) -> int:
    """What laying ``tile`` as the start scores: 0-0-0 40, another triple its sum + 10, else its sum."""
    if tile == TRIPLE_000:
        return TRIPLE_000_START
    return SUMS[tile] + START_BONUS if BIT[tile] & TRIPLE_MASK else SUMS[tile]


def _round_so_far(game: Game, played: list[Any], start: Mapping[str, Any]) -> Iterator[tuple[int, Any, TriominosState]]:
    """Each ``[seat, notation]`` of a round's history with the layout just before it (a scratch
    state holding only the layout, laid on as the lays go by)."""
    actions: list[tuple[int, Any]] = [(int(s), game.string_to_action(text)) for s, text in played]
    scratch = TriominosState(game)
    # The round's first action lays the start tile (unless the history begins later: a position
    # of its own).
    if not (actions and len(actions[0][1]) == 4 and actions[0][1][1:] == (0, 0, 0)):
        scratch._put(_tile(start["tile"]), 0, ORIGIN)
    for s, action in actions:
        yield s, action, scratch
        if len(action) == 4:
            scratch._put(action[0], action[3], tri_id(action[1], action[2]))


@functools.lru_cache(maxsize=64)
def _ranked_above(tile: int) -> int:
    """The tiles that would start a round before ``tile``: the higher triples (every triple if
    ``tile`` is not one), and for a tile that is no triple the tiles ranking above it."""
    return sum(BIT[t] for t in range(len(TILES)) if START_ORDER[t] > START_ORDER[tile])


class _Hidden(NamedTuple):
    """What a seat's view allows of the tiles it cannot see (see ``TriominosState._read_hidden``)."""

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


class _DrawnDeals(Sequence[str]):
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
    def __getitem__(self, i: slice) -> _DrawnDeals: ...
    def __getitem__(self, i: int | slice) -> str | _DrawnDeals:
        if isinstance(i, slice):
            return _DrawnDeals(self._seeds[i])
        return _seeded_deal(self._seeds[i])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _DrawnDeals) and other._seeds == self._seeds:
            return True
        if isinstance(other, (_DrawnDeals, tuple)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"_DrawnDeals({self._seeds!r})"


@functools.lru_cache(maxsize=1024)
def _seeded_deal(seed: int) -> str:
    return _shuffled_deal(random.Random(seed))


def _deal_unseen(
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


def _nonneg(v: object, what: str) -> int:
    if not _is_int(v) or v < 0:  # type: ignore[operator]
        raise StateError(f"{what!r} must be a whole number >= 0, not {v!r}")
    return v  # type: ignore[return-value]


def _int_list(v: object, n: int, what: str) -> list[int]:
    if not isinstance(v, list) or len(v) != n or not all(_is_int(x) for x in v):
        raise StateError(f"{what!r} must list {n} whole numbers")
    return list(v)


def _read_start(data: object, n: int) -> tuple[int, int, int, int] | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise StateError("'start' must be a JSON object or null")
    seat = data["seat"]
    if not _is_int(seat) or not 0 <= seat < n:
        raise StateError(f"bad start seat {seat!r}")
    revealed = data.get("revealed")
    points = data["points"]
    if not _is_int(points):
        raise StateError("the start's points must be a whole number")
    tile = _tile(data["tile"])
    if points != _start_points(tile):
        raise StateError(f"the start tile {NAMES[tile]} scores {_start_points(tile)}, not {points}")
    shown = -1 if revealed is None else _tile(revealed)
    if shown >= 0 and tile != TRIPLE_000:
        raise StateError(f"a start shows a tile only when 0-0-0 is laid, not {NAMES[tile]}")
    if shown >= 0 and (shown == TRIPLE_000 or not BIT[shown] & TRIPLE_MASK):
        raise StateError(f"0-0-0 laid as the start shows the higher triple held, not {NAMES[shown]}")
    return (seat, tile, points, shown)


_BONUS_POINTS = {
    "start": (START_BONUS, TRIPLE_000_START),
    "bridge": (BRIDGE_BONUS,),
    "slot": (SLOT_BONUS,),
    "hexagon": (HEXAGON_BONUS[1],),
    "double_hexagon": (HEXAGON_BONUS[2],),
    "triple_hexagon": (HEXAGON_BONUS[3],),
}


def _read_event(data: object, n: int, viewer: int | None) -> tuple[Any, ...]:
    """The raw event of one entry of ``events`` (as ``viewer`` sees it), checked to be exactly
    what :func:`_event_json` writes for it."""
    if not isinstance(data, Mapping) or data.get("type") not in EVENT_TYPES:
        raise StateError(f"an event is a JSON object whose 'type' is one of {', '.join(EVENT_TYPES)}")
    kind = data["type"]
    seat = data["seat"]
    if kind not in ("round_end", "game_over") and not (_is_int(seat) and 0 <= seat < n):
        raise StateError(f"a {kind} event names a seat, not {seat!r}")
    raw: tuple[Any, ...]
    if kind == "lay":
        action = data["action"]
        if not isinstance(action, str):
            raise StateError("a lay event names its placement")
        try:
            raw = (kind, seat, parse_placement(action), data["start"])
        except NotationError as exc:
            raise StateError(f"bad lay event: {exc}") from None
    elif kind == "bonus":
        what, points = data["kind"], data["points"]
        if what not in _BONUS_POINTS or not _is_int(points) or points not in _BONUS_POINTS[what]:
            raise StateError(f"no bonus {what!r} of {points!r} points")
        raw = (kind, seat, what, points)
    elif kind == "reveal":
        tile = _tile(data["tile"])
        if tile == TRIPLE_000 or not BIT[tile] & TRIPLE_MASK:
            raise StateError(f"laying 0-0-0 shows a higher triple, not {NAMES[tile]}")
        raw = (kind, seat, tile)
    elif kind == "draw":
        tile = data["tile"]
        if tile is None and viewer == EVERY_SEAT:
            raise StateError("a state's draw event names the tile drawn")
        raw = (kind, seat, -1 if tile is None else _tile(tile))
    elif kind == "pass":
        points = data["points"]
        if not _is_int(points) or points not in (0, -FAILED_DRAWS_PENALTY):
            raise StateError(f"a pass costs 0 or {FAILED_DRAWS_PENALTY} points, not {points!r}")
        raw = (kind, seat, -points)
    elif kind == "target":
        raw = (kind, seat, data["score"])
        if not _is_int(raw[2]):
            raise StateError("a target event gives the score reached")
    elif kind == "round_end":
        rnd, end, winners = _nonneg(data["round"], "round"), data["end"], data["winners"]
        if end not in (OUT, BLOCKED):
            raise StateError(f"a round ends {OUT!r} or {BLOCKED!r}, not {end!r}")
        if not isinstance(winners, list) or not all(_is_int(s) and 0 <= s < n for s in winners) or not winners:
            raise StateError("bad round winners")
        gains = tuple(_int_list(data["points"], n, "points"))
        sums = tuple(_int_list(data["rack_sums"], n, "rack_sums"))
        _check_round_end(rnd, end, tuple(winners), gains, sums)
        raw = (kind, rnd, end, tuple(winners), gains, sums)
    elif kind == "deal":
        raw = (kind, _nonneg(data["round"], "round"), seat)
    else:
        winners = data["winners"]
        if not isinstance(winners, list) or not all(_is_int(s) and 0 <= s < n for s in winners):
            raise StateError("bad game winners")
        raw = (kind, tuple(winners))
    if not same_json(_event_json(raw, viewer), copy_json(data)):
        raise StateError(f"a {kind} event is not what its fields say: {shown(data)}"[:200])
    return raw


def _event_of(raw: tuple[Any, ...], seat: int, action: Action) -> bool:
    """Whether the event ``raw`` is the one the action ``action`` of ``seat`` begins with."""
    if raw[1] != seat:
        return False
    if action in (DRAW, PASS):
        return bool(raw[0] == ("draw" if action == DRAW else "pass"))
    return raw[0] == "lay" and raw[2] == action


_LOG_KEYS = frozenset({"round", "start", "end", "winners", "points", "rack_sums"})


def _read_log(data: object, n: int) -> tuple[Any, ...]:
    if not isinstance(data, Mapping):
        raise StateError("a log entry must be a JSON object")
    end = data["end"]
    if end not in (OUT, BLOCKED):
        raise StateError(f"a round ends {OUT!r} or {BLOCKED!r}, not {end!r}")
    winners = data["winners"]
    if not isinstance(winners, list) or not all(_is_int(s) and 0 <= s < n for s in winners):
        raise StateError("bad round winners")
    if set(data) != _LOG_KEYS:
        raise StateError(f"a log entry has the keys {', '.join(sorted(_LOG_KEYS))}")
    rnd = _nonneg(data["round"], "round")
    start = _read_start(data["start"], n)
    gains = tuple(_int_list(data["points"], n, "points"))
    sums = tuple(_int_list(data["rack_sums"], n, "rack_sums"))
    _check_round_end(rnd, end, tuple(winners), gains, sums)
    return (rnd, start, end, tuple(winners), gains, sums)


def _check_round_end(
    rnd: int, end: str, winners: tuple[int, ...], gains: tuple[int, ...], sums: tuple[int, ...]
) -> None:
    """A log entry's winners and points are what its end and rack sums give (the package docstring's
    end of a round)."""
    if min(sums) < 0:
        raise StateError(f"round {rnd + 1}'s rack sums cannot be below 0: {list(sums)}")
    total = sum(sums)
    if end == OUT:
        if len(winners) != 1 or sums[winners[0]]:
            raise StateError(f"round {rnd + 1} ended {OUT!r}: one winner, whose rack sum is 0")
        expected = tuple(OUT_BONUS + total if s == winners[0] else 0 for s in range(len(sums)))
    else:
        low = min(sums)
        if winners != tuple(s for s, v in enumerate(sums) if v == low):
            raise StateError(f"round {rnd + 1} was {BLOCKED}: its winners are the seats with the lowest rack sum")
        expected = tuple(total - 2 * v if v == low else 0 for v in sums)
    if gains != expected:
        raise StateError(
            f"round {rnd + 1}'s rack sums {list(sums)} give the points {list(expected)}, not {list(gains)}"
        )
