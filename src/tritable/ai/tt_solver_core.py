"""The search core of the Triple Triad solver: negamax with alpha-beta over the score difference.

It knows nothing of the engine: a :class:`Position` lists the cards in play by local number
(their printed ratings and elements), the board, the two hands and the rules. :mod:`tritable.ai.solver`
turns engine states into positions and search results into engine actions.

How it is fast enough in pure CPython:

* The board is three small ints: ``occ`` (bit set of filled cells), ``mm`` (the cells of the
  side to move) and ``pk`` (4 bits a cell: local card + 1). The cards themselves sit in one
  list of 9 that the search writes and restores; hands are short tuples of local cards.
* Negamax: values are seen from the side to move, so a child's cells of the side to move are
  ``occ & ~mm`` after the move. Values are score differences (-10..10, always even).
* A placement's captures by Same, Same Wall, Plus and Standard depend only on the placed card,
  the cell and the cards and colours of its neighbours: each distinct case is computed once
  (from flattened per-card, per-cell rating tables) and kept in a dict keyed by those bits. Only
  a Combo cascade reads the rest of the board; cascades are remembered per board.
* Transposition table (a dict from ``pk``/``mm`` to a lower and upper bound and the best move).
  The table's best move is searched first, before the other moves are even generated: in the
  null-window searches it refutes most often. Then enhanced transposition cutoffs (a child
  already known to refute the opponent ends the node before any more search), where four or
  more cells are empty after the move: nearer the end the probes cost more than they save
  (about 8% less time in all, with the bound below, on the benchmark's 20 hands). The other
  moves are ordered by the cards owned after the move (captures first), then by fewer sides left
  open to attack, then by a stronger weakest open side. A move is one int, so ordering is a sort
  of ints.
* The last two placements are a loop without recursion or table (``last`` in :class:`Search`);
  a move there that cannot reach the null window's bound even if the reply captures nothing is
  not played out.
* Null-window searches (MTD(f)) find the value; a null-window test per root move then decides
  exactly which moves are optimal.
* Identical cards in one hand (same ratings and element) are one card; when the rules and every
  card in play map onto themselves under a symmetry of the square (rare with FF8 cards: the
  symmetry must also map each card's ratings onto a card of the same hand), root moves that are
  images of each other are solved once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

# The board's geometry is the game's own: cells 0..8 row-major, sides 0 top, 1 right, 2 bottom, 3 left.
from tritable.games.triple_triad.data import NEIGHBOURS, WALLS

Ratings = tuple[int, int, int, int]

INF = 100
"""Larger than any score difference."""

POP: tuple[int, ...] = tuple(bin(i).count("1") for i in range(512))
EMPTY: tuple[tuple[int, ...], ...] = tuple(tuple(x for x in range(9) if not occ >> x & 1) for occ in range(512))
CELLS_OF: tuple[tuple[int, ...], ...] = tuple(tuple(x for x in range(9) if m >> x & 1) for m in range(512))
NB_MASK: tuple[int, ...] = tuple(sum(1 << n for n, _, _ in NEIGHBOURS[x]) for x in range(9))
NB_NIBBLES: tuple[int, ...] = tuple(sum(15 << (4 * n) for n, _, _ in NEIGHBOURS[x]) for x in range(9))

NB_CODE: tuple[int, ...] = tuple(
    sum(1 << i for i, (n, _, _) in enumerate(NEIGHBOURS[x]) if not occ >> n & 1) for x in range(9) for occ in range(512)
)
"""Per cell and filled cells (``x * 512 + occ``): which of the cell's neighbours are empty, as 4 bits."""

# The 8 symmetries of the square, as (cell map, side map): cell x goes to cell_map[x] and a card's
# side s comes to face side_map[s].
_ROT_CELL = tuple(3 * (x % 3) + 2 - x // 3 for x in range(9))  # quarter turn clockwise: (r, c) -> (c, 2 - r)
_FLIP_CELL = tuple(3 * (x // 3) + 2 - x % 3 for x in range(9))  # mirror left-right: (r, c) -> (r, 2 - c)


def _symmetries() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    out = []
    for flip in (False, True):
        for turns in range(4):
            cells = list(range(9))
            sides = [0, 1, 2, 3]
            if flip:
                cells = [_FLIP_CELL[c] for c in cells]
                sides = [(0, 3, 2, 1)[s] for s in sides]
            for _ in range(turns):
                cells = [_ROT_CELL[c] for c in cells]
                sides = [(s + 1) % 4 for s in sides]
            out.append((tuple(cells), tuple(sides)))
    return out


SYMMETRIES = _symmetries()
"""(cell map, side map) for each symmetry; the identity first."""


@dataclass(frozen=True)
class Position:
    """A Triple Triad position in the solver's terms.

    ``ratings[c]`` / ``elements[c]``: printed (top, right, bottom, left) ratings and element
    (-1 for none) of local card ``c``; ``board[x]`` the local card on cell ``x`` (0..8) or -1,
    ``owner[x]`` its seat or -1; ``hands[s]`` seat ``s``'s local cards; ``player`` the seat to
    move; ``cell_elements[x]`` the element of cell ``x`` or -1 (all -1 without Elemental).
    """

    ratings: tuple[Ratings, ...]
    elements: tuple[int, ...]
    board: tuple[int, ...]
    owner: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    player: int
    same: bool = False
    same_wall: bool = False
    plus: bool = False
    combo: bool = False
    cell_elements: tuple[int, ...] = (-1,) * 9
    merged: dict[int, int] = field(default_factory=dict, compare=False)
    """Local cards merged into another identical card of the same hand (filled by :func:`canonical`)."""

    def modified(self, card: int, cell: int) -> Ratings:
        """The ratings Standard and Combo use for ``card`` on ``cell`` (Elemental: +1 on a cell of
        its element, -1 on any other elemental cell, clamped to 1..10)."""
        r = self.ratings[card]
        e = self.cell_elements[cell]
        if e < 0:
            return r
        d = 1 if self.elements[card] == e else -1
        a, b, c, f = (min(10, max(1, v + d)) for v in r)
        return (a, b, c, f)


def place(pos: Position, board: list[int], owner: list[int], card: int, cell: int, seat: int) -> None:
    """Reference placement (plain code, used to check the fast path): put ``card`` on ``cell``
    for ``seat`` and flip what the rules flip, in place."""
    q = 1 - seat
    board[cell] = card
    owner[cell] = seat
    printed = pos.ratings[card]
    flips: list[int] = []
    if pos.same:
        matches = sum(1 for s in WALLS[cell] if printed[s] == 10) if pos.same_wall else 0
        hit = []
        for n, s, t in NEIGHBOURS[cell]:
            if board[n] >= 0 and printed[s] == pos.ratings[board[n]][t]:
                matches += 1
                if owner[n] == q:
                    hit.append(n)
        if matches >= 2:
            flips += hit
    if pos.plus:
        sums = [(printed[s] + pos.ratings[board[n]][t], n) for n, s, t in NEIGHBOURS[cell] if board[n] >= 0]
        for v, n in sums:
            if owner[n] == q and sum(1 for w, _ in sums if w == v) > 1 and n not in flips:
                flips.append(n)
    for n in flips:
        owner[n] = seat
    mine = pos.modified(card, cell)
    for n, s, t in NEIGHBOURS[cell]:
        if board[n] >= 0 and owner[n] == q and mine[s] > pos.modified(board[n], n)[t]:
            owner[n] = seat
    if pos.combo:
        for x in flips:
            rx = pos.modified(board[x], x)
            for n, s, t in NEIGHBOURS[x]:
                if board[n] >= 0 and owner[n] == q and rx[s] > pos.modified(board[n], n)[t]:
                    owner[n] = seat
                    flips.append(n)


class Search:
    """The search over one position's game tree; tables and transposition table live as long as
    the object (so several searches of the same game share them)."""

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        n = len(pos.ratings)
        # A placement (card * 9 + cell) is kept in 7 bits in the memo keys and moves: 14 cards at
        # most (a match has ten in play).
        if n > 14:
            raise ValueError(f"at most 14 distinct cards in play, not {n}")
        printed = pos.ratings
        mod = [[pos.modified(c, x) for x in range(9)] for c in range(n)]
        combo = pos.combo and (pos.same or pos.plus)
        same = pos.same
        plus = pos.plus
        # Per placement k = card * 9 + cell, per neighbour: (cell, bit, beats[d], equal[d], sum[d]).
        nb: list[tuple[tuple[int, int, tuple[bool, ...], tuple[bool, ...], tuple[int, ...]], ...]] = []
        wall: list[int] = []
        for c in range(n):
            for x in range(9):
                nb.append(
                    tuple(
                        (
                            y,
                            1 << y,
                            tuple(mod[c][x][s] > mod[d][y][t] for d in range(n)),
                            tuple(printed[c][s] == printed[d][t] for d in range(n)),
                            tuple(printed[c][s] + printed[d][t] for d in range(n)),
                        )
                        for y, s, t in NEIGHBOURS[x]
                    )
                )
                wall.append(sum(1 for s in WALLS[x] if printed[c][s] == 10) if pos.same_wall else 0)
        NB = tuple(nb)
        WALL = tuple(wall)
        # Move ordering after captures: a card exposed on fewer sides, then with its weakest
        # side facing an empty cell as strong as possible (per placement and empty neighbours).
        order: list[int] = []
        for c in range(n):
            for x in range(9):
                for code in range(16):
                    facing = [mod[c][x][s] for i, (_, s, _) in enumerate(NEIGHBOURS[x]) if code >> i & 1]
                    order.append(((4 - len(facing)) << 4) + min(facing, default=10))
        ORDER = tuple(order)
        cards = [-1] * 9
        tt: dict[int, tuple[int, int, int]] = {}
        memo: dict[int, tuple[int, int]] = {}
        counter = [0]
        combos: dict[int, int] = {}
        hands: dict[tuple[int, ...], tuple[tuple[int, ...], dict[int, tuple[int, ...]]]] = {}
        KC = tuple(k // 9 for k in range(9 * n))
        KX = tuple(k % 9 for k in range(9 * n))

        def split(me: tuple[int, ...]) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]]]:
            """A hand's distinct cards, and the hand left after playing each."""
            rests: dict[int, tuple[int, ...]] = {}
            for i, c in enumerate(me):
                if c not in rests:
                    rests[c] = me[:i] + me[i + 1 :]
            return tuple(rests), rests

        def captures(k: int, mm: int, occ: int) -> tuple[int, int]:
            """(cells the mover owns anew, including the placed one; cells flipped by Same/Plus
            that start a Combo) for placement ``k`` with the neighbours as on the board now."""
            opp = occ & ~mm
            std = 0
            same_n = WALL[k]
            same_m = 0
            s1 = s2 = s3 = -1
            g1 = g2 = g3 = 0
            for y, yb, beat, eq, sm in NB[k]:
                if occ & yb:
                    d = cards[y]
                    if opp & yb and beat[d]:
                        std |= yb
                    if eq[d]:
                        same_n += 1
                        same_m |= yb
                    v = sm[d]
                    if v == s1:
                        g1 |= yb
                    elif v == s2:
                        g2 |= yb
                    elif v == s3:
                        g3 |= yb
                    elif s1 < 0:
                        s1, g1 = v, yb
                    elif s2 < 0:
                        s2, g2 = v, yb
                    else:
                        s3, g3 = v, yb
            sp = 0
            if same and same_n >= 2:
                sp = same_m & opp
            if plus:
                for g in (g1, g2, g3):
                    if g & (g - 1):
                        sp |= g & opp
            return std | sp | (1 << (k % 9)), (sp if combo else 0)

        def cascade(sp: int, mm: int, occ: int, pk: int) -> int:
            """Combo: cards flipped by Same/Plus capture by Standard, breadth-first."""
            key = (((pk << 9) | mm) << 9) | sp
            done = combos.get(key)
            if done is not None:
                return done
            start = key
            queue = list(CELLS_OF[sp])
            for y in queue:
                opp = occ & ~mm
                for z, zb, beat, _, _ in NB[cards[y] * 9 + y]:
                    if opp & zb and beat[cards[z]]:
                        mm |= zb
                        opp &= ~zb
                        queue.append(z)
            combos[start] = mm
            return mm

        def after(c: int, x: int, mm: int, occ: int, pk: int) -> int:
            """The mover's cells after placing ``c`` on ``x`` (``cards`` as before the move)."""
            k = c * 9 + x
            key = (((pk & NB_NIBBLES[x]) << 9 | (mm & NB_MASK[x])) << 7) | k
            r = memo.get(key)
            if r is None:
                r = memo[key] = captures(k, mm, occ)
            nm = mm | r[0]
            if r[1]:
                nm = cascade(r[1], nm, occ, pk)
            return nm

        def search(mm: int, occ: int, me: tuple[int, ...], op: tuple[int, ...], alpha: int, beta: int, pk: int) -> int:
            """Negamax value (fail-soft) of the side to move, holding ``me``, against ``op``."""
            counter[0] += 1
            key = (pk << 9) | mm
            ent = tt.get(key)
            bm = -1
            if ent is not None:
                lo, hi, bm = ent
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            a0 = alpha
            hand = hands.get(me)
            if hand is None:
                hand = hands[me] = split(me)
            cs, rests = hand
            if not cs:
                return POP[mm] + len(me) - POP[occ & ~mm] - len(op)
            left = 8 - POP[occ]  # empty cells after the move
            last_two = left == 2 and len(op) == 2 and len(me) == 2
            best = -INF
            bmove = -1
            # The table's best move first, alone: in a null-window search it refutes most often,
            # and then the other moves need not even be generated. One loop plays both stages.
            stage = [(bm << 9) | after(KC[bm], KX[bm], mm, occ, pk)] if bm >= 0 else []
            generated = False
            while True:
                for m in stage:
                    k = m >> 9 & 127
                    nm = m & 511
                    c = KC[k]
                    x = KX[k]
                    rest = rests[c]
                    nocc = occ | (1 << x)
                    if left == 0:
                        v = POP[nm] + len(rest) - (9 - POP[nm]) - len(op)
                    else:
                        cards[x] = c
                        if last_two:
                            v = -last(nocc & ~nm, nocc, op, rest, -alpha, pk | ((c + 1) << (4 * x)))
                        else:
                            v = -search(nocc & ~nm, nocc, op, rest, -beta, -alpha, pk | ((c + 1) << (4 * x)))
                        cards[x] = -1
                    if v > best:
                        best = v
                        bmove = k
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                break
                else:
                    if not generated:
                        generated = True
                        get = memo.get
                        # A move is one int: priority (cells owned after it), cells owned, card/cell.
                        stage = []
                        for x in EMPTY[occ]:
                            base = ((pk & NB_NIBBLES[x]) << 9 | (mm & NB_MASK[x])) << 7
                            code = NB_CODE[x * 512 + occ]
                            for c in cs:
                                k = c * 9 + x
                                if k == bm:
                                    continue
                                r = get(base | k)
                                if r is None:
                                    r = memo[base | k] = captures(k, mm, occ)
                                nm = mm | r[0]
                                if r[1]:
                                    nm = cascade(r[1], nm, occ, pk)
                                stage.append((((POP[nm] << 7) + ORDER[k * 16 + code]) << 16) | (k << 9) | nm)
                        stage.sort(reverse=True)
                        if left >= 4:
                            # Enhanced transposition cutoff: a child already known to refute the opponent.
                            tget = tt.get
                            for m in stage:
                                k = m >> 9 & 127
                                x = KX[k]
                                nocc = occ | (1 << x)
                                e = tget(((pk | ((KC[k] + 1) << (4 * x))) << 9) | (nocc & ~(m & 511)))
                                if e is not None and -e[1] >= beta:
                                    tt[key] = (-e[1], ent[1] if ent is not None else INF, k)
                                    return -e[1]
                        continue
                break
            if best <= a0:
                lo, hi = -INF, best
            elif best >= beta:
                lo, hi = best, INF
            else:
                lo = hi = best
            if ent is not None:
                if ent[0] > lo:
                    lo = ent[0]
                if ent[1] < hi:
                    hi = ent[1]
            tt[key] = (lo, hi, bmove)
            return best

        def last(mm: int, occ: int, me: tuple[int, ...], op: tuple[int, ...], beta: int, pk: int) -> int:
            """Two empty cells, the opponent holds one card: the last two placements as a loop.
            Returns a value >= ``beta`` as soon as one is found (a lower bound), else an upper
            bound below ``beta`` (the exact value where every move had to be played out): the
            searches are all null-window, so a bound on the right side of ``beta`` is enough."""
            counter[0] += 1
            x0, x1 = EMPTY[occ]
            a = op[0]
            keep = len(me) - 1
            best = -INF
            get = memo.get
            b0 = ((pk & NB_NIBBLES[x0]) << 9 | (mm & NB_MASK[x0])) << 7
            b1 = ((pk & NB_NIBBLES[x1]) << 9 | (mm & NB_MASK[x1])) << 7
            c0 = me[0]
            for c in (c0,) if len(me) == 1 or me[1] == c0 else me:
                for x, y, base in ((x0, x1, b0), (x1, x0, b1)):
                    k = c * 9 + x
                    r = get(base | k)
                    if r is None:
                        r = memo[base | k] = captures(k, mm, occ)
                    nm = mm | r[0]
                    if r[1]:
                        nm = cascade(r[1], nm, occ, pk)
                    nocc = occ | (1 << x)
                    om = nocc & ~nm
                    # At best the opponent's last card captures nothing. A move that cannot reach
                    # beta even so needs no reply: in a null window its bound is all that counts.
                    top = 7 + keep - 2 * POP[om]
                    if top <= best:
                        continue
                    if top < beta:
                        best = top
                        continue
                    cards[x] = c
                    k2 = a * 9 + y
                    key2 = ((((pk | ((c + 1) << (4 * x))) & NB_NIBBLES[y]) << 9 | (om & NB_MASK[y])) << 7) | k2
                    r = get(key2)
                    if r is None:
                        r = memo[key2] = captures(k2, om, nocc)
                    om |= r[0]
                    if r[1]:
                        om = cascade(r[1], om, nocc, pk | ((c + 1) << (4 * x)))
                    cards[x] = -1
                    v = 9 + keep - 2 * POP[om]
                    if v > best:
                        best = v
                        if v >= beta:
                            return v
            return best

        self._cards = cards
        self._tt = tt
        self._memo = memo
        self._counter = counter
        self._search = search
        self._last = last
        self._after: Callable[[int, int, int, int, int], int] = after
        # The root position in search terms.
        mover = pos.player
        occ = 0
        mm = 0
        pk = 0
        for x in range(9):
            c = pos.board[x]
            if c >= 0:
                cards[x] = c
                occ |= 1 << x
                pk |= (c + 1) << (4 * x)
                if pos.owner[x] == mover:
                    mm |= 1 << x
        self.root = (mm, occ, tuple(sorted(pos.hands[mover])), tuple(sorted(pos.hands[1 - mover])), pk)
        self.best_move: tuple[int, int] | None = None
        """An optimal root move (local card, cell) once :meth:`value` has proved one."""

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return self._counter[0]

    @property
    def table_size(self) -> int:
        return len(self._tt)

    # -- searches from the root -------------------------------------------------------------------

    def _value(
        self, mm: int, occ: int, me: tuple[int, ...], op: tuple[int, ...], pk: int, alpha: int, beta: int
    ) -> int:
        """Fail-soft value of a position in the window (alpha, beta), whatever its size."""
        left = 9 - POP[occ]
        if left == 0 or not me:
            return POP[mm] + len(me) - POP[occ & ~mm] - len(op)
        if left == 2 and len(me) == 2 and len(op) == 1:
            v = self._last(mm, occ, me, op, beta, pk)
            return v
        return self._search(mm, occ, me, op, alpha, beta, pk)

    def _mtdf(self, mm: int, occ: int, me: tuple[int, ...], op: tuple[int, ...], pk: int, guess: int) -> int:
        """MTD(f): null-window searches closing in on the exact value from ``guess``."""
        lo, hi = -INF, INF
        g = guess
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self._value(mm, occ, me, op, pk, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
                if (mm, occ, me, op, pk) == self.root:
                    ent = self._tt.get((pk << 9) | mm)
                    self.best_move = divmod(ent[2], 9) if ent is not None and ent[2] >= 0 else None
        return g

    def value(self, guess: int = 1) -> int:
        """The exact value of the root (mover's score minus the opponent's, perfect play); also
        sets :attr:`best_move` to an optimal root move when the search proved one."""
        mm, occ, me, op, pk = self.root
        self.best_move = None
        return self._mtdf(mm, occ, me, op, pk, guess)

    def root_moves(self) -> list[tuple[int, int]]:
        """The distinct root moves as (local card, cell)."""
        occ, me = self.root[1], self.root[2]
        return [(c, x) for c in dict.fromkeys(me) for x in EMPTY[occ]]

    def _child(self, c: int, x: int) -> tuple[int, int, tuple[int, ...], tuple[int, ...], int]:
        mm, occ, me, op, pk = self.root
        nm = self._after(c, x, mm, occ, pk)
        nocc = occ | (1 << x)
        i = me.index(c)
        return nocc & ~nm, nocc, op, me[:i] + me[i + 1 :], pk | ((c + 1) << (4 * x))

    def move_at_least(self, c: int, x: int, bound: int) -> bool:
        """Whether placing ``c`` on ``x`` at the root is worth ``bound`` or more."""
        cmm, cocc, cme, cop, cpk = self._child(c, x)
        self._cards[x] = c
        try:
            w = self._value(cmm, cocc, cme, cop, cpk, -bound, -bound + 1)
        finally:
            self._cards[x] = -1
        return -w >= bound

    def move_value(self, c: int, x: int, guess: int = 0) -> int:
        """The exact value of placing ``c`` on ``x`` at the root."""
        cmm, cocc, cme, cop, cpk = self._child(c, x)
        self._cards[x] = c
        try:
            return -self._mtdf(cmm, cocc, cme, cop, cpk, -guess)
        finally:
            self._cards[x] = -1

    def symmetric_classes(self) -> list[list[tuple[int, int]]]:
        """The root moves grouped into classes of moves that are images of each other under a
        symmetry of the whole position (each class is solved once)."""
        moves = self.root_moves()
        maps = [m for m in self._position_symmetries()]
        classes: list[list[tuple[int, int]]] = []
        done: set[tuple[int, int]] = set()
        for move in moves:
            if move in done:
                continue
            cls = [move]
            done.add(move)
            for cmap, card_map in maps:
                image = (card_map[move[0]], cmap[move[1]])
                if image not in done and image in moves:
                    done.add(image)
                    cls.append(image)
            classes.append(cls)
        return classes

    def _position_symmetries(self) -> list[tuple[tuple[int, ...], dict[int, int]]]:
        """The non-identity symmetries mapping the root position onto itself: (cell map, card map)."""
        pos = self.pos
        out = []
        for cmap, smap in SYMMETRIES[1:]:
            if any(pos.cell_elements[cmap[x]] != pos.cell_elements[x] for x in range(9)):
                continue

            # the image of a card's ratings: side s shows at smap[s]
            def image(r: Ratings, smap: tuple[int, ...] = smap) -> Ratings:
                out_r = [0, 0, 0, 0]
                for s in range(4):
                    out_r[smap[s]] = r[s]
                return (out_r[0], out_r[1], out_r[2], out_r[3])

            card_map: dict[int, int] = {}
            ok = True
            # hands: every card must map to a card of the same hand with the image ratings
            for hand in pos.hands:
                for c in set(hand):
                    want = (image(pos.ratings[c]), pos.elements[c])
                    twins = [d for d in set(hand) if (pos.ratings[d], pos.elements[d]) == want]
                    if not twins or hand.count(twins[0]) != hand.count(c):
                        ok = False
                        break
                    card_map[c] = twins[0]
                if not ok:
                    break
            if not ok:
                continue
            # board: the card on x maps to the card on cmap[x], same owner, image ratings
            for x in range(9):
                c = pos.board[x]
                y = cmap[x]
                d = pos.board[y]
                if (c < 0) != (d < 0):
                    ok = False
                    break
                if c >= 0 and (
                    pos.owner[x] != pos.owner[y]
                    or (image(pos.ratings[c]), pos.elements[c]) != (pos.ratings[d], pos.elements[d])
                ):
                    ok = False
                    break
            if ok:
                out.append((cmap, card_map))
        return out
