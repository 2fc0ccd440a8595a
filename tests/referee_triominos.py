"""An independent referee for Triominos, the other side of the differential test
``test_triominos_referee.py``.

What it is
----------
A second implementation of the rules of Triominos, written from the rule text (the publisher's
Italian rules), ``docs/RULINGS.md`` and the "Rules decisions" in the docstring of
``tritable.games.triominos`` -- not from the engine's code. It imports nothing from ``tritable``
and works on plain data: tiles are indices 0..55 into :data:`TILES`, triangles and lattice points
are ``(x, y)`` tuples, actions are the engine's tuples (``(tile, x, y, rot)``, ``(-1,)`` draw,
``(-2,)`` pass), deals are the engine's setup texts. It is deliberately simple and slow: at every
step it recomputes the open slots from the layout and tries every rack tile in every rotation on
every slot, finds hexagons by looking at the six triangles around a point, and keeps no
incremental tables; where the engine is optimized, this one should be obviously right.

What it covers
--------------
* the deal (9 tiles a rack with 2 players, 7 otherwise; the rest is the pool, drawn from the
  front), one deal a round, the game ending after the last deal (the round cap);
* the start of every round: the highest triple, the 0-0-0 choice and the tile it shows, the
  start with no triple (highest sum, then the higher largest and middle numbers), the start's
  points (sum + 10; 0-0-0 40; no triple: the sum);
* the legal actions: every lay (tile, triangle, rotation) that shares an edge with the layout and
  matches every corner it touches; must lay; up to three draws at -5; the pass (-10 after three
  draws, free when the pool is empty);
* the points of every lay: the tile's sum plus the best bonus (bridge, filled slot, hexagon,
  double and triple hexagon);
* the end of a round (out: 25 + the other racks; blocked: the lowest rack, ties shared) and its
  log entry (start, end, winners, points, rack sums, final layout);
* the end of the game (target reached during the round, round cap), the winners (several seats at
  the target, ties), the ranks and the returns; the public counters a view shows (round, scores,
  rack sizes, pool size, draws this turn, tiles shown, target reached, start pending).

What it does not cover
----------------------
Notation parsing and rendering, views' hiding of private data (it only knows the open counters
above), JSON loading and its validation, setup and option validation, the errors raised for
illegal or out-of-turn actions (the referee only asserts), ``random_setup``, ``sample_state`` /
``sampler`` / ``lays_seen`` / ``tally``, clone and key.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

Tile = tuple[int, int, int]
Cell = tuple[int, int]  # a triangle x,y
Point = tuple[int, int]  # a lattice point px,py (a corner)
Action = tuple[int, ...]

# The 56 tiles a-b-c with a <= b <= c, numbers clockwise from the lowest; a tile's index is its
# position in this order (docstring "Tiles": 0-0-0 = 0 ... 5-5-5 = 55).
TILES: list[Tile] = [(a, b, c) for a in range(6) for b in range(a, 6) for c in range(b, 6)]
NAMES: list[str] = [f"{a}-{b}-{c}" for a, b, c in TILES]
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
ZERO = INDEX["0-0-0"]

DRAW: Action = (-1,)
PASS: Action = (-2,)

DRAW_PENALTY = 5  # "Per ogni estrazione vengono sottratti 5 punti"
PASS_PENALTY = 10  # "dopo tre prelievi, vengono sottratti altri 10 punti"
MAX_DRAWS = 3  # "Sono consentiti tre prelievi"
OUT_BONUS = 25  # "Gli vengono assegnati 25 punti più il valore ..."
BRIDGE_BONUS = 40  # "riesce a formare un ponte ... più un bonus di 40 punti"
SLOT_BONUS = 40  # "Se si forma una plancia ... più un bonus di 40 punti" (RULINGS: filling a slot)
HEXAGON_BONUS = {1: 50, 2: 60, 3: 70}  # "esagono chiuso ... bonus di 50 punti"; RULINGS: double 60, triple 70
BONUS_NAMES = {1: "hexagon", 2: "double hexagon", 3: "triple hexagon"}


def rack_size(players: int) -> int:
    """9 tiles a rack with 2 players, 7 with 3 or 4 ("2 giocatori: 9 triominos; da 3 a 4 giocatori: 7")."""
    return 9 if players == 2 else 7


def pips(tile: int) -> int:
    return sum(TILES[tile])


def is_triple(tile: int) -> bool:
    a, _, c = TILES[tile]
    return a == c


def start_points(tile: int) -> int:
    """The start tile's points: a triple scores its sum + 10, 0-0-0 scores 40 ("30 punti più un
    bonus di 10", RULINGS: 40), a start with no triple just its sum ("Raccoglierà il valore")."""
    if tile == ZERO:
        return 40
    return pips(tile) + 10 if is_triple(tile) else pips(tile)


def notation(tile: int, cell: Cell, rot: int) -> str:
    """A lay as the layout lists it (docstring "Actions and notation"): ``1-2-5@3,-2/r1``."""
    return f"{NAMES[tile]}@{cell[0]},{cell[1]}/r{rot}"


# -- the grid (docstring "The grid") ---------------------------------------------------------------


def is_up(cell: Cell) -> bool:
    return (cell[0] + cell[1]) % 2 == 0


def corners(cell: Cell) -> tuple[Point, Point, Point]:
    """The three corners clockwise from the apex (corners 0, 1, 2)."""
    x, y = cell
    if is_up(cell):
        return (x + 1, y), (x + 2, y + 1), (x, y + 1)
    return (x + 1, y + 1), (x, y), (x + 2, y)


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The three triangles sharing an edge with ``cell``."""
    x, y = cell
    if is_up(cell):
        return (x - 1, y), (x + 1, y), (x, y + 1)
    return (x - 1, y), (x + 1, y), (x, y - 1)


@functools.cache
def hexagon(point: Point) -> tuple[Cell, ...]:
    """The six triangles that have ``point`` as a corner, found by looking at every triangle close
    enough to have it (a triangle's corners are at most 2 columns right and 1 row below it)."""
    px, py = point
    cells = tuple((x, y) for x in range(px - 2, px + 1) for y in range(py - 1, py + 1) if point in corners((x, y)))
    assert len(cells) == 6, (point, cells)
    return cells


@functools.cache
def orientations(tile: int) -> tuple[tuple[int, Tile], ...]:
    """Every way to lay ``tile``: ``(rot, numbers on corners 0, 1, 2)``. ``/rN`` puts the lowest
    number on corner N and the others clockwise after it; a triple is always ``/r0``."""
    if is_triple(tile):
        return ((0, TILES[tile]),)
    a, b, c = TILES[tile]
    out = []
    for rot in range(3):
        numbers = [0, 0, 0]
        for k, value in enumerate((a, b, c)):
            numbers[(rot + k) % 3] = value
        out.append((rot, (numbers[0], numbers[1], numbers[2])))
    return tuple(out)


# -- the referee -----------------------------------------------------------------------------------


class Referee:
    """One game of Triominos, from its deals to its outcome.

    ``deals`` are the engine's setup texts, one a round; the game ends at the latest after the
    round of the last one (the docstring's round cap). The state is open: the test reads
    ``scores``, ``racks``, ``pool``, ``layout`` ... directly.
    """

    def __init__(self, players: int, deals: Sequence[str], target: int) -> None:
        assert 2 <= players <= 4 and deals
        self.players = players
        self.deals = list(deals)
        self.target = target
        self.scores = [0] * players
        self.round = 0
        self.log: list[dict[str, Any]] = []
        self.over = False
        self.winners: list[int] = []
        # set by every round
        self.racks: list[list[int]] = []
        self.pool: list[int] = []
        self.layout: dict[Cell, tuple[int, int]] = {}  # cell -> (tile, rot)
        self.numbers: dict[Point, int] = {}  # the number laid on each corner point
        self.to_move = 0
        self.draws = 0
        self.target_reached = False
        self.revealed: list[list[int]] = []
        self.start_options: list[int] = []  # non-empty while the round's start tile is to be laid
        self.start: dict[str, Any] | None = None
        self._legal: list[Action] | None = None
        self._deal(self.deals[0])

    @classmethod
    def from_position(
        cls,
        players: int,
        target: int,
        layout: dict[Cell, tuple[int, int]],
        racks: Sequence[Sequence[int]],
        pool: Sequence[int],
        to_move: int,
        scores: Sequence[int],
        start: dict[str, Any] | None,
    ) -> Referee:
        """A round under way, with no draw yet this turn, no tile shown and no score at the target
        yet, in the last round of the game (for positions the test builds, such as holes to fill).
        ``start`` is what the round log will say of the round's start."""
        assert all(score < target for score in scores)
        ref = cls(players, [" ".join(NAMES)], target)
        ref.scores = list(scores)
        ref.racks = [list(rack) for rack in racks]
        ref.pool = list(pool)
        ref.layout = {}
        ref.numbers = {}
        for cell, (tile, rot) in layout.items():
            ref._put(tile, cell, rot)
        ref.to_move = to_move
        ref.start_options = []
        ref.start = None if start is None else dict(start)
        return ref

    # -- a round's deal and start ---------------------------------------------------------------

    def _deal(self, deal: str) -> None:
        tiles = [INDEX[name] for name in deal.split()]
        assert sorted(tiles) == list(range(56)), "a deal is the 56 tiles"
        size = rack_size(self.players)
        self.racks = [tiles[seat * size : (seat + 1) * size] for seat in range(self.players)]
        self.pool = tiles[self.players * size :]
        self.layout = {}
        self.numbers = {}
        self.draws = 0
        self.target_reached = False
        self.revealed = [[] for _ in range(self.players)]
        self.start = None
        self._legal = None
        self.to_move, self.start_options = self._starter()

    def _starter(self) -> tuple[int, list[int]]:
        """Who lays the start tile and which tiles they may choose."""
        # "Il giocatore con il triominos identico a 3 cifre di valore più alto inizia".
        for value in range(5, -1, -1):
            triple = INDEX[f"{value}-{value}-{value}"]
            for seat, rack in enumerate(self.racks):
                if triple in rack:
                    # "Se il giocatore possiede sia il triominos di partenza che il triplo 0, può
                    # scegliere quale dei due utilizzare."
                    if triple != ZERO and ZERO in rack:
                        return seat, [triple, ZERO]
                    return seat, [triple]

        # No triple: "il giocatore con il triominos più alto va per primo" -- the highest sum; equal
        # sums go to the higher largest number, then the higher middle one (docstring decision).
        # Distinct tiles never tie on all three.
        def strength(tile: int) -> tuple[int, int, int]:
            a, b, c = TILES[tile]
            return a + b + c, c, b

        best = max((t for rack in self.racks for t in rack), key=strength)
        seat = next(s for s, rack in enumerate(self.racks) if best in rack)
        return seat, [best]

    # -- the layout -----------------------------------------------------------------------------

    def _put(self, tile: int, cell: Cell, rot: int) -> None:
        assert cell not in self.layout
        self.layout[cell] = (tile, rot)
        numbers = dict(orientations(tile))[rot]
        for point, value in zip(corners(cell), numbers, strict=True):
            assert self.numbers.get(point, value) == value
            self.numbers[point] = value

    def open_slots(self) -> set[Cell]:
        """Empty triangles sharing a full edge with the layout (RULINGS: "shares at least one full
        edge with the layout")."""
        return {nb for cell in self.layout for nb in neighbours(cell) if nb not in self.layout}

    def _lays_of(self, tiles: Sequence[int]) -> list[Action]:
        out: list[Action] = []
        for cell in sorted(self.open_slots()):
            # RULINGS: every corner that touches a laid tile, along an edge or only at a point,
            # carries the same number; a corner touches a laid tile exactly when a number is laid
            # on its point.
            n0, n1, n2 = (self.numbers.get(point) for point in corners(cell))
            for tile in tiles:
                for rot, (v0, v1, v2) in orientations(tile):
                    if (n0 is None or n0 == v0) and (n1 is None or n1 == v1) and (n2 is None or n2 == v2):
                        out.append((tile, cell[0], cell[1], rot))
        return out

    def can_lay(self, seat: int) -> bool:
        return bool(self._lays_of(self.racks[seat]))

    def lay_points(self, action: Action) -> tuple[int, str]:
        """What a lay scores and the name of its bonus (``""`` for none): the tile's sum plus the
        best one bonus (RULINGS: "they do not add up")."""
        tile, x, y, _ = action
        cell = (x, y)
        laid_edges = [nb for nb in neighbours(cell) if nb in self.layout]
        # A hexagon: the lay completes the six triangles around one of its corners.
        hexagons = sum(all(c == cell or c in self.layout for c in hexagon(p)) for p in corners(cell))
        if hexagons:
            return pips(tile) + HEXAGON_BONUS[hexagons], BONUS_NAMES[hexagons]
        # Filled slot: two or three edges against the layout (the text's third bonus; a tile
        # closed in on three sides fills a slot "so that two edges match" too).
        if len(laid_edges) >= 2:
            return pips(tile) + SLOT_BONUS, "slot"
        # Bridge: one edge against the layout (the slots beside the two other edges are empty) and
        # the corner opposite that edge touches a laid tile at a point.
        (touching,) = laid_edges
        (opposite,) = [p for p in corners(cell) if p not in corners(touching)]
        if opposite in self.numbers:
            return pips(tile) + BRIDGE_BONUS, "bridge"
        return pips(tile), ""

    # -- the protocol ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self.start_options:
            # The start tile goes on 0,0 /r0 (docstring "Start of every round").
            return [(tile, 0, 0, 0) for tile in self.start_options]
        lays = self._lays_of(self.racks[self.to_move])
        if lays:
            return lays  # must lay: drawing and passing are refused then (RULINGS)
        if self.pool and self.draws < MAX_DRAWS:
            return [DRAW]  # the publisher's "must draw": no pass while one may draw
        return [PASS]

    def apply(self, action: Action) -> None:
        assert action in self.legal_actions(), f"illegal action {action}"
        self._legal = None
        seat = self.to_move
        if self.start_options:
            self._lay_start(seat, action[0])
        elif action == DRAW:
            self._add(seat, -DRAW_PENALTY)
            self.racks[seat].append(self.pool.pop(0))
            self.draws += 1
        elif action == PASS:
            # -10 only after three draws; a pass because the pool ran out costs nothing more
            # ("Se il mazzo è vuoto, la mano passa al giocatore successivo").
            if self.draws == MAX_DRAWS:
                self._add(seat, -PASS_PENALTY)
            self._next_turn()
        else:
            self._lay(seat, action)

    def _lay_start(self, seat: int, tile: int) -> None:
        shown = None
        if tile == ZERO and len(self.start_options) == 2:
            # "Se sceglie la tripla '0', deve rivelare il triominos di partenza agli avversari."
            shown = self.start_options[0]
            self.revealed[seat].append(shown)
        points = start_points(tile)
        self.start = {
            "seat": seat,
            "tile": NAMES[tile],
            "points": points,
            "revealed": None if shown is None else NAMES[shown],
        }
        self.start_options = []
        self.racks[seat].remove(tile)
        self._put(tile, (0, 0), 0)
        self._add(seat, points)
        self._next_turn()  # "A turno, in senso orario": from the starter

    def _lay(self, seat: int, action: Action) -> None:
        tile, x, y, rot = action
        points, _ = self.lay_points(action)
        self.racks[seat].remove(tile)
        if tile in self.revealed[seat]:
            self.revealed[seat].remove(tile)  # shown "until it is laid"
        self._put(tile, (x, y), rot)
        self._add(seat, points)
        if not self.racks[seat]:
            # "Il primo giocatore che gioca tutti i suoi triominos vince il turno. Gli vengono
            # assegnati 25 punti più il valore dei triominos presenti nella rastrelliera
            # dell'avversario" (of every other rack).
            sums = self._rack_sums()
            gains = [0] * self.players
            gains[seat] = OUT_BONUS + sum(sums)
            self._add(seat, gains[seat])
            self._end_round("out", [seat], gains, sums)
        else:
            self._next_turn()

    def _add(self, seat: int, points: int) -> None:
        self.scores[seat] += points
        # "Se un giocatore raggiunge 400 punti durante un round, continua a giocare fino alla fine
        # del round": reaching the target at any moment ends the game with this round, even if
        # the seat draws below it again (docstring decision).
        if self.scores[seat] >= self.target:
            self.target_reached = True

    def _rack_sums(self) -> list[int]:
        return [sum(pips(t) for t in rack) for rack in self.racks]

    def _next_turn(self) -> None:
        self.draws = 0
        self.to_move = (self.to_move + 1) % self.players  # clockwise = seat + 1
        # Blocked: a turn begins with the pool empty and no seat can lay a tile. "il giocatore
        # con il triominos più piccolo vince il round. Raccoglie il valore dei triominos degli
        # avversari ... non riceve alcun punto bonus e il valore dei suoi triominos viene detratto."
        # Equal lowest sums: each tied seat wins and scores the others' sums minus its own.
        if self.pool or any(self.can_lay(seat) for seat in range(self.players)):
            return
        sums = self._rack_sums()
        lowest = min(sums)
        winners = [seat for seat in range(self.players) if sums[seat] == lowest]
        gains = [0] * self.players
        for seat in winners:
            gains[seat] = sum(sums) - sums[seat] - sums[seat]
            self._add(seat, gains[seat])
        self._end_round("blocked", winners, gains, sums)

    def _end_round(self, end: str, winners: list[int], gains: list[int], sums: list[int]) -> None:
        self.log.append(
            {
                "round": self.round,
                "start": self.start,
                "end": end,
                "winners": winners,
                "points": gains,
                "rack_sums": sums,
                "layout": self.layout_notation(),
                "racks": [sorted(rack) for rack in self.racks],
            }
        )
        if self.target_reached or self.round + 1 == len(self.deals):
            self._end_game(winners)
        else:
            self.round += 1
            self._deal(self.deals[self.round])

    def _end_game(self, round_winners: list[int]) -> None:
        self.over = True
        at_target = [seat for seat in range(self.players) if self.scores[seat] >= self.target]
        # "Se più giocatori raggiungono i 400 punti durante un turno, vince il giocatore che gioca
        # l'ultimo triominos": the round's winner when among them (several round winners of a
        # blocked round: the higher score among them); otherwise the highest score.
        candidates = list(range(self.players))
        if len(at_target) >= 2 and any(seat in at_target for seat in round_winners):
            candidates = [seat for seat in round_winners if seat in at_target]
        best = max(self.scores[seat] for seat in candidates)
        self.winners = [seat for seat in candidates if self.scores[seat] == best]

    # -- the outcome ----------------------------------------------------------------------------

    @property
    def end_reason(self) -> str:
        return "target" if self.target_reached else "max_rounds"

    def shown_winners(self) -> list[int]:
        """The outcome's winners: none when every seat wins (a draw)."""
        return [] if len(self.winners) == self.players else list(self.winners)

    def ranks(self) -> list[int]:
        """The winners first, then the others by score, equal scores sharing a place: a seat's
        rank is 1 + the number of seats ahead of it."""
        ranks = []
        for seat in range(self.players):
            if seat in self.winners:
                ranks.append(1)
                continue
            ahead = [
                other
                for other in range(self.players)
                if other in self.winners or self.scores[other] > self.scores[seat]
            ]
            ranks.append(1 + len(ahead))
        return ranks

    def returns(self) -> list[float]:
        """Per seat, the average over the other seats of +1 ahead, 0 tied, -1 behind (protocol)."""
        ranks = self.ranks()
        out = []
        for seat in range(self.players):
            others = [r for s, r in enumerate(ranks) if s != seat]
            out.append(sum((ranks[seat] < r) - (ranks[seat] > r) for r in others) / len(others))
        return out

    def layout_notation(self) -> list[str]:
        return sorted(notation(tile, cell, rot) for cell, (tile, rot) in self.layout.items())
