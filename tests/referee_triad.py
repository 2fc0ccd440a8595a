"""An independent referee for Triad, for the differential test ``test_triad_referee.py``.

What it is
----------
A second implementation of Triad's rules, written from the rule text (the Yucata player aid,
``004_064c5317313cef94.txt``), ``docs/RULINGS.md`` and the decisions listed in the docstring of
``tritable.games.triad``, *without* reading the engine's rules code. It is deliberately simple and
slow: the board is a dict, every legal move is found by walking every die in every direction, and
"a Triad formed by this move" is read literally as "a Triad standing after the move that did not
stand before it", by scanning all 80 windows of the board before and after. Nothing is cached or
incremental, so that it shares no shortcut (and no shortcut's bug) with the engine, which checks
only the windows through the moved die.

It works on plain data (squares as ints, dice as ``(seat, value)`` pairs) and does not import
``tritable``: the test drives the engine and this referee side by side and compares them.

What it covers
--------------
* the setup: each row rolled in ascending order from its owner's left (Black a1..f1, Orange
  f6..a6), who moves first (:func:`setup_problems`, :meth:`Referee.from_setup`);
* the legal actions at every point: ordinary moves, the stalemate's two kinds of move (only when
  no ordinary move exists), and the removal choices after a Triad, with their action numbers and
  notation as the package docstring's table gives them;
* the effect of each action: the board, whose turn, dice removed per seat, moves made, the
  squares a removal may be taken from;
* the end: a third removal wins at once, the move cap (a game option) ends the game in a draw
  when a turn ends, and the returns (+1/-1, or 0/0 for a draw).

What it does not cover
----------------------
* Notation *parsing* (case, spaces, malformed text), error types and messages for refused actions,
  option validation, JSON loading and which loaded positions the engine refuses, ``sample_state``,
  ``render``, per-seat views (Triad has perfect information, the test compares the full view).
* The distribution of the roll and of the random first player (it checks the shape of a setup only).
* The decisions marked *(ours)* in the engine's docstring are taken over as given (seats and
  colours, the removal as a separate action even with one choice, Triads formed by stalemate moves
  counting, when the move cap is checked). If one of those is a wrong reading of the rules, the
  referee shares it; it catches the engine departing from them, not the decisions themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

SIZE = 6
FILES = "abcdef"
LETTERS = "BO"  # seat 0 is Black, seat 1 Orange (docstring: "Seats and colours")
WIN_REMOVALS = 3  # "The first player to make three Triads, thus removing three of their own dice"
DEFAULT_MOVE_CAP = 200  # RULINGS: "Move cap (option, 200 plies): then a draw"

# The action numbers of the package docstring's "Actions and notation" table.
TURN_BASE = 1296  # stalemate: turn only, + from * 3 + value - 1
SLIDE_BASE = 1404  # stalemate: move only, + from * 36 + to
REMOVE_BASE = 2700  # remove an own die, + square

# "in a straight line in any one direction (horizontally, vertically or diagonally)"
DIRECTIONS: tuple[tuple[int, int], ...] = tuple(
    (dr, df) for dr in (-1, 0, 1) for df in (-1, 0, 1) if (dr, df) != (0, 0)
)

Square = int  # (rank - 1) * 6 + file: a1 = 0, f1 = 5, a6 = 30, f6 = 35
Die = tuple[int, int]  # (seat, value)
Window = tuple[Square, Square, Square]


def square(rank0: int, file0: int) -> Square:
    return rank0 * SIZE + file0


def square_name(sq: Square) -> str:
    return FILES[sq % SIZE] + str(sq // SIZE + 1)


def _windows() -> tuple[Window, ...]:
    """Every three adjacent squares in a row, column or diagonal (80 of them).

    A Triad inside a longer line counts ("A valid Triad may be part of a line of 4 or more dice"),
    so each window of three is judged on its own."""
    out = []
    for r in range(SIZE):
        for f in range(SIZE):
            for dr, df in ((0, 1), (1, 0), (1, 1), (1, -1)):  # one orientation per line
                r2, f2 = r + 2 * dr, f + 2 * df
                if 0 <= r2 < SIZE and 0 <= f2 < SIZE:
                    out.append((square(r, f), square(r + dr, f + df), square(r2, f2)))
    return tuple(out)


WINDOWS = _windows()
assert len(WINDOWS) == 24 + 24 + 16 + 16  # rows, columns, two diagonal directions


class Action(NamedTuple):
    """One action. ``square`` is the die's square; ``target`` where it ends up (itself when it does
    not move, and for a removal); ``value`` the value it shows afterwards (0 for a removal)."""

    kind: Literal["move", "turn", "slide", "remove"]
    square: Square
    target: Square
    value: int

    def code(self) -> int:
        """The action's number in the engine's table."""
        if self.kind == "move":
            return self.square * 36 + self.target
        if self.kind == "turn":
            return TURN_BASE + self.square * 3 + self.value - 1
        if self.kind == "slide":
            return SLIDE_BASE + self.square * 36 + self.target
        return REMOVE_BASE + self.square

    def text(self) -> str:
        """The action's notation in the engine's table (``b1=3>b4``, ``b1=2``, ``b1>b3``, ``xc4``)."""
        frm, to = square_name(self.square), square_name(self.target)
        if self.kind == "move":
            return f"{frm}={self.value}>{to}"
        if self.kind == "turn":
            return f"{frm}={self.value}"
        if self.kind == "slide":
            return f"{frm}>{to}"
        return f"x{frm}"


def setup_problems(black: Sequence[int], orange: Sequence[int], first: int, black_first: bool) -> list[str]:
    """What is wrong with a setup (empty when nothing is): six dice of values 1-3 each, "in
    ascending order from left to right", and "Black begins" unless the first player is random."""
    problems = []
    for colour, row in (("black", black), ("orange", orange)):
        if len(row) != SIZE or not all(v in (1, 2, 3) for v in row):
            problems.append(f"{colour} is not six dice of 1-3: {list(row)}")
        if list(row) != sorted(row):
            problems.append(f"{colour} is not in ascending order: {list(row)}")
    if first not in (0, 1) or (black_first and first != 0):
        problems.append(f"first player {first} (black first: {black_first})")
    return problems


@dataclass
class Referee:
    """A Triad position and the rules to move on from it."""

    board: dict[Square, Die]
    to_move: int
    move_cap: int = DEFAULT_MOVE_CAP
    removed: list[int] = field(default_factory=lambda: [0, 0])
    moves: int = 0  # moves made; a removal is part of its turn and is not a move (docstring: "End")
    pending: frozenset[Square] = frozenset()  # squares the mover may remove from, while a removal is due
    formed: frozenset[Window] = frozenset()  # the Triads the last move formed (for the test's tallies)
    over: bool = False
    winner: int | None = None  # the winning seat, None for a draw or while the game goes on

    @classmethod
    def from_setup(cls, black: Sequence[int], orange: Sequence[int], first: int, move_cap: int) -> Referee:
        """The start: each player's dice on their home row, ascending from *their own* left to right.
        The players face each other, so Black's row runs a1..f1 and Orange's f6..a6."""
        board: dict[Square, Die] = {}
        for i, v in enumerate(black):
            board[square(0, i)] = (0, v)
        for i, v in enumerate(orange):
            board[square(SIZE - 1, SIZE - 1 - i)] = (1, v)
        return cls(board, first, move_cap)

    def copy(self) -> Referee:
        return Referee(
            dict(self.board),
            self.to_move,
            self.move_cap,
            list(self.removed),
            self.moves,
            self.pending,
            self.formed,
            self.over,
            self.winner,
        )

    # -- moving -------------------------------------------------------------------------------------

    def destination(self, sq: Square, dr: int, df: int, distance: int) -> Square | None:
        """Where a die on ``sq`` ends after exactly ``distance`` steps in direction (dr, df), or None
        when it cannot: "A die may never move through another die, nor may it end its movement in
        the same space as another die", and "A die that cannot complete its movement cannot be
        moved at all" (it may not stop short at the edge either)."""
        r, f = divmod(sq, SIZE)
        for step in range(1, distance + 1):
            rr, ff = r + dr * step, f + df * step
            if not (0 <= rr < SIZE and 0 <= ff < SIZE) or square(rr, ff) in self.board:
                return None
        return square(r + dr * distance, f + df * distance)

    def ordinary_moves(self, seat: int) -> list[Action]:
        """Pick an own die, turn it to a *different* value, move it exactly that many squares."""
        out = []
        for sq, (owner, shown) in self.board.items():
            if owner != seat:
                continue
            for value in (1, 2, 3):
                if value == shown:
                    continue
                for dr, df in DIRECTIONS:
                    to = self.destination(sq, dr, df, value)
                    if to is not None:
                        out.append(Action("move", sq, to, value))
        return out

    def stalemate_moves(self, seat: int) -> list[Action]:
        """Note 2: when no die can be chosen, "change the value of one die without moving it or move
        one die without changing its value" (the latter still exactly its value, path clear)."""
        out = []
        for sq, (owner, shown) in self.board.items():
            if owner != seat:
                continue
            for value in (1, 2, 3):
                if value != shown:
                    out.append(Action("turn", sq, sq, value))
            for dr, df in DIRECTIONS:
                to = self.destination(sq, dr, df, shown)
                if to is not None:
                    out.append(Action("slide", sq, to, shown))
        return out

    def stalemated(self) -> bool:
        """Whether the player to move is in Note 2's "extremely rare case" (and no removal is due)."""
        return not self.over and not self.pending and not self.ordinary_moves(self.to_move)

    def legal(self) -> list[Action]:
        if self.over:
            return []
        if self.pending:
            # The Triad's maker "choose[s] one of their own dice that is part of the Triad".
            return [Action("remove", sq, sq, 0) for sq in sorted(self.pending)]
        ordinary = self.ordinary_moves(self.to_move)
        # Note 2 applies "only in such occurrence": the stalemate moves exist only without ordinary ones.
        return ordinary if ordinary else self.stalemate_moves(self.to_move)

    # -- Triads -------------------------------------------------------------------------------------

    def is_triad(self, window: Window) -> bool:
        """Three dice in a line, "at least one die belongs to the active player and at least one to
        the opponent", values "all the same value ... or all different values"."""
        if not all(sq in self.board for sq in window):
            return False
        owners = {self.board[sq][0] for sq in window}
        values = {self.board[sq][1] for sq in window}
        # Both colours present: with two players this is the same as "one of the mover's and one of
        # the other's" for whichever player moved.
        return len(owners) == 2 and len(values) in (1, 3)

    def triads(self) -> set[Window]:
        return {w for w in WINDOWS if self.is_triad(w)}

    # -- applying -----------------------------------------------------------------------------------

    def apply(self, action: Action, check: bool = True) -> None:
        """Play ``action``; ``check=False`` skips the legality check, for an action taken from :meth:`legal`."""
        if check and action not in self.legal():
            raise ValueError(f"illegal action {action.text()} ({action.code()})")
        seat = self.to_move
        if action.kind == "remove":
            del self.board[action.square]
            self.removed[seat] += 1
            self.pending = frozenset()
            self.formed = frozenset()
            self._end_turn()
            return
        # "A Triad that is already formed at the beginning of a player's turn does not allow them to
        # remove a die": only windows that are Triads after the move and were not before count.
        before = self.triads()
        del self.board[action.square]
        self.board[action.target] = (seat, action.value)
        self.moves += 1
        formed = self.triads() - before
        self.formed = frozenset(formed)
        if formed:
            # Several Triads at once still give one removal, from any one of them: the choice is
            # every own die of any new Triad (RULINGS: "the mover removes one own die from one of them
            # (one removal a turn)"). The removal is always its own action, even with one choice.
            self.pending = frozenset(sq for w in formed for sq in w if self.board[sq][0] == seat)
            return
        self._end_turn()

    def _end_turn(self) -> None:
        seat = self.to_move
        if self.removed[seat] >= WIN_REMOVALS:
            # The third removal wins at once, even on the turn that reaches the move cap (docstring: "End").
            self.over, self.winner = True, seat
        elif self.moves >= self.move_cap:
            # RULINGS: after move_cap plies, a draw; checked when a turn ends (docstring: "End").
            self.over, self.winner = True, None
        else:
            self.to_move = 1 - seat

    # -- what the test compares ---------------------------------------------------------------------

    def returns(self) -> list[float]:
        if not self.over or self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    def winners(self) -> list[int]:
        """The seats that won: the winner, or nobody for a draw."""
        return [] if self.winner is None else [self.winner]

    def dice_view(self) -> dict[str, str]:
        """The board as the engine's views write it: square name -> colour letter and value."""
        return {square_name(sq): LETTERS[owner] + str(value) for sq, (owner, value) in self.board.items()}

    def pending_names(self) -> list[str]:
        return sorted(square_name(sq) for sq in self.pending)

    def formed_names(self) -> set[frozenset[str]]:
        """The Triads the last move formed, each as its squares' names."""
        return {frozenset(square_name(sq) for sq in w) for w in self.formed}
