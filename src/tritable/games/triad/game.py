"""The Triad engine: board tables, the game and its state (rules and notation: see the package)."""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from tritable.engine.errors import (
    IllegalActionError,
    NotationError,
    SetupError,
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
    check_rng,
    check_seat,
    copy_json,
    json_type,
)

# -- the board ------------------------------------------------------------------------------------

SIZE = 6
SQUARES = SIZE * SIZE
FILES = "abcdef"
COLOURS = ("Black", "Orange")
LETTERS = ("B", "O")
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))  # the four orientations of a Triad

MOVE_BASE = 0  # from * 36 + to
TURN_BASE = 1296  # + from * 3 + value - 1
SLIDE_BASE = 1404  # + from * 36 + to
REMOVE_BASE = 2700  # + square
ACTIONS = 2736

WIN_REMOVALS = 3

# A board cell: 0 empty, else seat * 3 + value (Black 1-3, Orange 4-6).
OWNER = (-1, 0, 0, 0, 1, 1, 1)
VALUE = (0, 1, 2, 3, 1, 2, 3)


def square_name(sq: int) -> str:
    return FILES[sq % SIZE] + str(sq // SIZE + 1)


NAMES = tuple(square_name(sq) for sq in range(SQUARES))
SQUARE_OF = {name: sq for sq, name in enumerate(NAMES)}


def _inside(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


def _rays(sq: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per direction, the (square, move action) pairs 1, 2, 3 squares away (as far as the board goes)."""
    f0, r0 = sq % SIZE, sq // SIZE
    rays = []
    for df, dr in DIRECTIONS:
        squares = [(r0 + dr * d) * SIZE + f0 + df * d for d in range(1, 4) if _inside(f0 + df * d, r0 + dr * d)]
        if squares:
            rays.append(tuple((q, sq * SQUARES + q) for q in squares))
    return tuple(rays)


RAYS = tuple(_rays(sq) for sq in range(SQUARES))


def _paths() -> tuple[tuple[int, ...] | None, ...]:
    """Per ``from * 36 + to``: the squares a die crosses and reaches (``to`` last), or None when
    ``to`` is not 1-3 squares away on a line."""
    paths: list[tuple[int, ...] | None] = [None] * (SQUARES * SQUARES)
    for rays in RAYS:
        for ray in rays:
            for i, (_, code) in enumerate(ray):
                paths[code] = tuple(q for q, _ in ray[: i + 1])
    return tuple(paths)


PATH = _paths()


def _windows(sq: int) -> tuple[tuple[int, int], ...]:
    """The other two squares of every window of three in a line through ``sq``."""
    f0, r0 = sq % SIZE, sq // SIZE
    out = []
    for df, dr in LINES:
        for start in (-2, -1, 0):
            cells = [(f0 + df * (start + k), r0 + dr * (start + k)) for k in range(3)]
            if all(_inside(f, r) for f, r in cells):
                others = [r * SIZE + f for f, r in cells if (f, r) != (f0, r0)]
                out.append((others[0], others[1]))
    return tuple(out)


WINDOWS = tuple(_windows(sq) for sq in range(SQUARES))

# NEED[a][b]: the value a third die needs to make a Triad with cells a and b (0: none can).
NEED = tuple(
    tuple(0 if not a or not b else (VALUE[a] if VALUE[a] == VALUE[b] else 6 - VALUE[a] - VALUE[b]) for b in range(7))
    for a in range(7)
)


def removable_after(board: Sequence[int], seat: int, t: int) -> set[int]:
    """The dice ``seat`` may remove after its die reached (or turned on) ``t``: every own die of every
    Triad through ``t`` (empty when none). Those are exactly the Triads the move formed (see the
    package docstring), so the moved die is in the set whenever it is not empty."""
    value = VALUE[board[t]]
    removable: set[int] = set()
    for a, b in WINDOWS[t]:
        ca = board[a]
        cb = board[b]
        # The moved die is the mover's: the Triad has both colours when either other die is not.
        if NEED[ca][cb] == value and (OWNER[ca] != seat or OWNER[cb] != seat):
            removable.add(t)
            if OWNER[ca] == seat:
                removable.add(a)
            if OWNER[cb] == seat:
                removable.add(b)
    return removable


# -- notation -------------------------------------------------------------------------------------


def action_text(action: Action) -> str:
    if type(action) is not int or not 0 <= action < ACTIONS:
        raise NotationError(f"{shown(action)} is not a Triad action")
    if action < TURN_BASE:
        path = PATH[action]
        if path is None:
            raise NotationError(f"{shown(action)} is not a Triad action")
        return f"{NAMES[action // SQUARES]}={len(path)}>{NAMES[action % SQUARES]}"
    if action < SLIDE_BASE:
        sq, v = divmod(action - TURN_BASE, 3)
        return f"{NAMES[sq]}={v + 1}"
    if action < REMOVE_BASE:
        code = action - SLIDE_BASE
        if PATH[code] is None:
            raise NotationError(f"{shown(action)} is not a Triad action")
        return f"{NAMES[code // SQUARES]}>{NAMES[code % SQUARES]}"
    return "x" + NAMES[action - REMOVE_BASE]


_SQ = "([a-f][1-6])"
_MOVE = re.compile(f"{_SQ}=([1-3])>{_SQ}")
_TURN = re.compile(f"{_SQ}=([1-3])")
_SLIDE = re.compile(f"{_SQ}>{_SQ}")
_REMOVE = re.compile(f"x{_SQ}")


def parse_action(text: str) -> int:
    if not isinstance(text, str):
        raise NotationError(f"Triad notation is text, not {text!r}")
    t = "".join(text.split()).lower()
    if m := _MOVE.fullmatch(t):
        code = SQUARE_OF[m[1]] * SQUARES + SQUARE_OF[m[3]]
        path = PATH[code]
        if path is None:
            raise NotationError(f"{text!r}: {m[1]} to {m[3]} is not a straight line of 1-3 squares")
        if len(path) != int(m[2]):
            raise NotationError(f"{text!r}: a die turned to {m[2]} moves {m[2]} squares, not {len(path)}")
        return MOVE_BASE + code
    if m := _TURN.fullmatch(t):
        return TURN_BASE + SQUARE_OF[m[1]] * 3 + int(m[2]) - 1
    if m := _SLIDE.fullmatch(t):
        code = SQUARE_OF[m[1]] * SQUARES + SQUARE_OF[m[2]]
        if PATH[code] is None:
            raise NotationError(f"{text!r}: {m[1]} to {m[2]} is not a straight line of 1-3 squares")
        return SLIDE_BASE + code
    if m := _REMOVE.fullmatch(t):
        return REMOVE_BASE + SQUARE_OF[m[1]]
    raise NotationError(f"{text!r} is not Triad notation (moves look like b1=3>b4, b1=2, b1>b3, xc4)")


# -- the game -------------------------------------------------------------------------------------


class Triad(Game):
    """Triad for two: seat 0 is Black, seat 1 Orange."""

    id = "triad"
    name = "Triad"
    min_players = 2
    max_players = 2
    option_specs = (
        Option("first_player", str, "black", "who moves first: black, or random (as on Yucata)", ("black", "random")),
        Option("move_cap", int, 200, "moves (one a turn) after which the game is a draw", min=1, max=10_000),
    )
    perfect_information = True

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.move_cap: int = self.options["move_cap"]

    # -- setups and states ------------------------------------------------------------------------

    def random_setup(self, rng: random.Random) -> JSON:
        black = sorted(rng.randint(1, 3) for _ in range(SIZE))
        orange = sorted(rng.randint(1, 3) for _ in range(SIZE))
        first = rng.randrange(2) if self.options["first_player"] == "random" else 0
        return {"black": black, "orange": orange, "first": first}

    def state_from_setup(self, setup: Mapping[str, Any]) -> TriadState:
        if not isinstance(setup, Mapping):
            raise SetupError(f"a Triad setup is a JSON object, not {type(setup).__name__}")
        unknown = set(setup) - {"black", "orange", "first"}
        if unknown:
            raise SetupError(f"unknown Triad setup keys: {', '.join(sorted(map(str, unknown)))}")
        rows = []
        for colour in ("black", "orange"):
            if colour not in setup:
                raise SetupError(f"the setup lacks {colour!r} (six dice values, ascending)")
            values = setup[colour]
            if (
                not isinstance(values, list)
                or len(values) != SIZE
                or not all(type(v) is int and 1 <= v <= 3 for v in values)
            ):
                raise SetupError(f"setup {colour!r} must be six dice values 1-3, not {values!r}")
            if values != sorted(values):
                raise SetupError(f"setup {colour!r} must be ascending (dice stand in ascending order), not {values}")
            rows.append(values)
        first = setup.get("first")
        if type(first) is not int or first not in (0, 1):
            raise SetupError(f"setup 'first' must be 0 (the first seat) or 1, not {first!r}")
        if self.options["first_player"] == "black" and first != 0:
            raise SetupError("with first_player=black, Black (seat 0) moves first: setup 'first' must be 0")
        board = [0] * SQUARES
        for i, v in enumerate(rows[0]):
            board[i] = v  # a1..f1, Black's left to right
        for i, v in enumerate(rows[1]):
            board[SQUARES - 1 - i] = 3 + v  # f6..a6, Orange's left to right
        return TriadState._make(self, board, first, [0, 0], 0, (), copy_json(setup))

    def position(
        self,
        diagram: str,
        to_move: int = 0,
        removed: Sequence[int] = (0, 0),
        moves: int = 0,
        pending: Sequence[str] = (),
    ) -> TriadState:
        """A position from a diagram: six lines, rank 6 first, six cells each (``.`` or ``B2``/``O3``).

        Every die is accounted for: each colour has ``6 - removed`` dice on the board.

        >>> game = Triad()
        >>> state = game.position('''
        ...     O3 O3 O2 O2 O1 O1
        ...     .  .  .  .  .  .
        ...     .  .  .  .  .  .
        ...     .  .  .  .  .  .
        ...     .  .  .  .  .  .
        ...     B1 B1 B2 B2 B3 B3''')
        >>> len(state.legal_actions())
        27
        """
        if not isinstance(diagram, str):
            raise StateError(f"a Triad diagram is text (six lines of six cells), not {type(diagram).__name__}")
        rows = [line.split() for line in diagram.strip().splitlines()]
        if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
            raise StateError("a Triad diagram has six lines of six cells (rank 6 first)")
        dice = {}
        for r, row in enumerate(rows):
            for f, cell in enumerate(row):
                if cell != ".":
                    dice[FILES[f] + str(SIZE - r)] = cell
        return self._state_from_body(
            {
                "dice": dice,
                "to_move": to_move,
                "removed": list(removed),
                "moves": moves,
                "pending_removal": list(pending),
            },
            None,
        )

    def _state_from_body(self, data: Mapping[str, Any], setup: Mapping[str, Any] | None) -> TriadState:
        """The state a view / JSON body describes; StateError names what is wrong."""
        if not isinstance(data, Mapping):
            raise StateError(f"a Triad state or view is a JSON object, not {json_type(data)}")
        for key in ("dice", "to_move", "removed", "moves", "pending_removal"):
            if key not in data:
                raise StateError(f"the Triad state or view lacks {key!r}")
        to_move, removed, moves = data["to_move"], data["removed"], data["moves"]
        if type(to_move) is not int or to_move not in (0, 1):
            raise StateError(f"'to_move' must be 0 (the first seat) or 1, not {to_move!r}")
        if (
            not isinstance(removed, list)
            or len(removed) != 2
            or not all(type(n) is int and 0 <= n <= WIN_REMOVALS for n in removed)
        ):
            raise StateError(f"'removed' must be two counts 0-3, not {removed!r}")
        if removed[0] == removed[1] == WIN_REMOVALS:
            raise StateError("both players cannot have removed three dice")
        if type(moves) is not int or moves < 0:
            raise StateError(f"'moves' must be a count, not {moves!r}")
        if moves > self.move_cap:
            raise StateError(f"'moves' is {moves}, past the move cap ({self.move_cap})")
        if WIN_REMOVALS in removed and removed[to_move] != WIN_REMOVALS:
            # The third removal ends the game on the winner's own turn, which never passes on.
            raise StateError(f"{COLOURS[removed.index(WIN_REMOVALS)]} has won, so is the seat to move")
        dice = data["dice"]
        if not isinstance(dice, Mapping):
            raise StateError("'dice' maps squares to dice like 'B2'")
        board = [0] * SQUARES
        for name, die in dice.items():
            if name not in SQUARE_OF:
                raise StateError(f"{name!r} is not a square (a1-f6)")
            if not isinstance(die, str) or len(die) != 2 or die[0] not in LETTERS or die[1] not in "123":
                raise StateError(f"{die!r} on {name} is not a die (B1-B3, O1-O3)")
            board[SQUARE_OF[name]] = LETTERS.index(die[0]) * 3 + int(die[1])
        for seat in (0, 1):
            count = sum(1 for c in board if OWNER[c] == seat)
            if count + removed[seat] != SIZE:
                raise StateError(
                    f"{COLOURS[seat]} has {count} dice on the board and {removed[seat]} removed, not six in all"
                )
        pending = data["pending_removal"]
        if not isinstance(pending, list) or not all(isinstance(p, str) and p in SQUARE_OF for p in pending):
            raise StateError(f"'pending_removal' must be a list of squares, not {pending!r}")
        squares = tuple(sorted({SQUARE_OF[p] for p in pending}))
        for sq in squares:
            if OWNER[board[sq]] != to_move:
                raise StateError(f"{NAMES[sq]} holds no die of {COLOURS[to_move]}'s to remove")
        if squares and WIN_REMOVALS in removed:
            raise StateError("no removal is due once a player has removed three dice")
        if squares:
            if moves < 1:
                raise StateError("a removal is due only after a move: 'moves' cannot be 0")
            # The moved die lies in every Triad the move formed, so one of the squares is where it
            # stopped, and the Triads through it give exactly these squares.
            if not any(removable_after(board, to_move, t) == set(squares) for t in squares):
                raise StateError(
                    f"'pending_removal' {pending} are not the own dice of Triads through one die of "
                    f"{COLOURS[to_move]}'s"
                )
        if self.options["first_player"] == "black" and moves:  # moves 0: a puzzle's, whoever moves
            self._check_turn_parity(to_move, moves, bool(squares), WIN_REMOVALS in removed)
        return TriadState._make(self, board, to_move, list(removed), moves, squares, setup)

    def _check_turn_parity(self, to_move: int, moves: int, pending: bool, won: bool) -> None:
        """With Black (seat 0) first, every move passes the turn, except while the mover's removal
        is due and once the game is over (a win, or the move cap): ``to_move`` follows from
        ``moves``. Not checked with ``first_player="random"`` (a state does not say who began) nor
        at 0 moves (a puzzle's count, as ``position`` sets it, with any seat to move and dice
        removed)."""
        why = "its removal is due" if pending else "it won" if won else "the move cap ended the game"
        kept = pending or won or moves >= self.move_cap
        mover = (moves - 1) % 2 if kept else moves % 2
        if to_move == mover:
            return
        if kept:
            raise StateError(
                f"Black moves first, so move {moves} was {COLOURS[mover]}'s and {why}: not {COLOURS[to_move]}'s turn"
            )
        raise StateError(
            f"Black moves first, so after {moves} moves it is {COLOURS[mover]}'s turn, not {COLOURS[to_move]}'s"
        )

    def state_from_json(self, data: Mapping[str, Any]) -> TriadState:
        self._refuse_other_game(data)  # said as every game says it (a State or no JSON object too)
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, Mapping):
            raise StateError("the state's setup must be a JSON object")
        state = self._state_from_body(data, setup)
        state._read_header(data)
        state._check_replays()
        state._check_turn()
        state._refuse_unknown_fields(data)
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> TriadState:
        # Perfect information: the view is the whole position (and rng goes unused, but a
        # caller that passes a seed has made a mistake all the same).
        check_rng(rng)
        self._refuse_other_game(view, "view")  # a State given for its view, or no JSON object
        return self._state_from_body(view, None)._agreeing_with(view)

    # -- notation -----------------------------------------------------------------------------------

    def action_to_string(self, action: Action) -> str:
        return action_text(action)

    def string_to_action(self, text: str) -> Action:
        return parse_action(text)


class TriadState(State):
    """A Triad position. ``board`` is 36 cells (a1, b1, ..., f6): 0 empty, seat * 3 + value."""

    __slots__ = ("board", "dice", "moves", "over", "pending", "removed", "to_move", "winner")

    game: Triad
    board: list[int]
    dice: list[list[int]]
    """Per seat, the squares of its dice on the board, ascending."""
    to_move: int
    removed: list[int]
    moves: int
    """Moves made so far (one a turn; a removal is part of its turn's move)."""
    pending: tuple[int, ...]
    """While a removal is due: the squares the mover may remove a die from."""
    over: bool
    winner: int
    """The winning seat, or -1 (none yet, or a draw)."""

    @classmethod
    def _make(
        cls,
        game: Triad,
        board: list[int],
        to_move: int,
        removed: list[int],
        moves: int,
        pending: tuple[int, ...],
        setup: Mapping[str, Any] | None,
    ) -> TriadState:
        state = cls(game, setup)
        state.board = board
        state.dice = [[sq for sq in range(SQUARES) if OWNER[board[sq]] == seat] for seat in (0, 1)]
        state.to_move = to_move
        state.removed = removed
        state.moves = moves
        state.pending = pending
        state.winner = removed.index(WIN_REMOVALS) if WIN_REMOVALS in removed else -1
        state.over = state.winner >= 0 or (moves >= game.move_cap and not pending)
        return state

    # -- turn -------------------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.over else self.to_move

    def _moves(self) -> list[Action]:
        """The ordinary moves of the player to move: turn a die to v != its value, move it v."""
        board = self.board
        out: list[Action] = []
        append = out.append
        for s in self.dice[self.to_move]:
            v = VALUE[board[s]]
            for ray in RAYS[s]:
                for d, (q, code) in enumerate(ray, 1):
                    if board[q]:
                        break
                    if d != v:
                        append(code)
        return out

    def _stalemate_moves(self) -> list[Action]:
        """With no ordinary move: turn a die in place, or move a die its shown value unturned."""
        board = self.board
        out: list[Action] = []
        for s in self.dice[self.to_move]:
            v = VALUE[board[s]]
            out.extend(TURN_BASE + s * 3 + w - 1 for w in (1, 2, 3) if w != v)
            for ray in RAYS[s]:
                if len(ray) >= v and not any(board[q] for q, _ in ray[:v]):
                    out.append(SLIDE_BASE + ray[v - 1][1])
        return out

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.over:
            # The base passes legal_actions(-4) through at the end (TERMINAL == -4): no seat.
            check_seat(seat, 2)
            return []
        if self.pending:
            return [REMOVE_BASE + sq for sq in self.pending]
        return self._moves() or self._stalemate_moves()

    def _apply(self, seat: int, action: Action) -> None:
        if type(action) is not int or not 0 <= action < ACTIONS:
            raise IllegalActionError(f"{shown(action)} is not a Triad action")
        board = self.board
        if self.pending:
            sq = action - REMOVE_BASE
            if sq not in self.pending:
                choices = ", ".join("x" + NAMES[q] for q in self.pending)
                raise IllegalActionError(f"{COLOURS[seat]} formed a Triad and must remove a die first: {choices}")
            self._remove(seat, sq)
        elif action < TURN_BASE:
            path = PATH[action]
            s = action // SQUARES
            cell = board[s]
            if path is None:
                raise IllegalActionError(f"{action!r} is not a Triad move")
            if OWNER[cell] != seat:
                raise IllegalActionError(f"{NAMES[s]} holds no die of {COLOURS[seat]}'s")
            if len(path) == VALUE[cell]:
                raise IllegalActionError(
                    f"the die on {NAMES[s]} shows {VALUE[cell]}: it must turn to another value to move"
                )
            for q in path:
                if board[q]:
                    raise IllegalActionError(f"{NAMES[s]} to {NAMES[path[-1]]} is blocked by the die on {NAMES[q]}")
            t = path[-1]
            board[s] = 0
            board[t] = seat * 3 + len(path)
            dice = self.dice[seat]
            dice[dice.index(s)] = t
            dice.sort()  # legal actions come in board order, whatever the history
            self._after_move(seat, t)
        elif action >= REMOVE_BASE:
            raise IllegalActionError(f"no Triad was formed: {COLOURS[seat]} may not remove a die")
        else:
            self._stalemate(seat, action)

    def _stalemate(self, seat: int, action: int) -> None:
        """Validate and make a turn-only or move-only action."""
        board = self.board
        if action < SLIDE_BASE:
            s, w = divmod(action - TURN_BASE, 3)
            w += 1
            path: tuple[int, ...] | None = ()
        else:
            s = (action - SLIDE_BASE) // SQUARES
            path = PATH[action - SLIDE_BASE]
        cell = board[s]
        if path is None:
            raise IllegalActionError(f"{action!r} is not a Triad move")
        if OWNER[cell] != seat:
            raise IllegalActionError(f"{NAMES[s]} holds no die of {COLOURS[seat]}'s")
        v = VALUE[cell]
        if action < SLIDE_BASE:
            if w == v:
                raise IllegalActionError(f"the die on {NAMES[s]} already shows {v}")
        else:
            if len(path) != v:
                raise IllegalActionError(f"the die on {NAMES[s]} shows {v}: unturned it moves {v} squares")
            for q in path:
                if board[q]:
                    raise IllegalActionError(f"{NAMES[s]} to {NAMES[path[-1]]} is blocked by the die on {NAMES[q]}")
        if self._moves():
            raise IllegalActionError(
                f"{COLOURS[seat]} can still turn and move a die: turning in place or moving unturned is only "
                "allowed when no die can"
            )
        if action < SLIDE_BASE:
            board[s] = seat * 3 + w
            self._after_move(seat, s)
        else:
            t = path[-1]
            board[s] = 0
            board[t] = cell
            dice = self.dice[seat]
            dice[dice.index(s)] = t
            dice.sort()  # legal actions come in board order, whatever the history
            self._after_move(seat, t)

    def _after_move(self, seat: int, t: int) -> None:
        """Find the Triads through the die now on ``t``; they are the ones this move formed."""
        removable = removable_after(self.board, seat, t)
        self.moves += 1
        if removable:
            self.pending = tuple(sorted(removable))
        else:
            self._end_turn()

    def _remove(self, seat: int, sq: int) -> None:
        self.board[sq] = 0
        self.dice[seat].remove(sq)
        self.removed[seat] += 1
        self.pending = ()
        if self.removed[seat] == WIN_REMOVALS:
            self.over = True
            self.winner = seat
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.moves >= self.game.move_cap:
            self.over = True
        else:
            self.to_move ^= 1

    # -- results ----------------------------------------------------------------------------------

    def outcome(self) -> Outcome:
        if not self.over:
            raise self._not_over()
        scores = tuple(self.removed)
        if self.winner >= 0:
            return Outcome.from_scores(scores, {"reason": "three triads", "moves": self.moves})
        return Outcome(scores, (1, 1), (), {"reason": "move cap", "moves": self.moves})

    # -- copies, identity, JSON -------------------------------------------------------------------

    def clone(self) -> TriadState:
        new = TriadState.__new__(TriadState)
        new.game = self.game
        new.history = self.history.copy()
        new.initial_setup = self.initial_setup
        new.board = self.board.copy()
        new.dice = [self.dice[0].copy(), self.dice[1].copy()]
        new.to_move = self.to_move
        new.removed = self.removed.copy()
        new.moves = self.moves
        new.pending = self.pending
        new.over = self.over
        new.winner = self.winner
        return new

    def key(self) -> Hashable:
        return (tuple(self.board), self.to_move, tuple(self.removed), self.moves, self.pending)

    def _body(self) -> JSON:
        return {
            "dice": {NAMES[sq]: LETTERS[OWNER[c]] + str(VALUE[c]) for sq, c in enumerate(self.board) if c},
            "to_move": self.to_move,
            "removed": list(self.removed),
            "moves": self.moves,
            "pending_removal": [NAMES[sq] for sq in self.pending],
        }

    def to_json(self) -> JSON:
        data = self._json_header()
        data.update(self._body())
        return data

    def view(self, seat: int | None = None) -> JSON:
        data = self._view_header(seat)
        data.update(self._body())
        return data

    def render(self, seat: int | None = None) -> str:
        self._view_header(seat)  # validates the seat
        ranks = range(SIZE) if seat == 1 else range(SIZE - 1, -1, -1)
        files = range(SIZE - 1, -1, -1) if seat == 1 else range(SIZE)
        edge = "    " + "  ".join(FILES[f] for f in files)
        lines = [edge]
        for r in ranks:
            cells = []
            for f in files:
                c = self.board[r * SIZE + f]
                cells.append(LETTERS[OWNER[c]] + str(VALUE[c]) if c else ". ")
            lines.append(f"{r + 1}  {' '.join(cells)}  {r + 1}")
        lines.append(edge)
        lines.append(
            f"Black (B) removed {self.removed[0]}/{WIN_REMOVALS}, Orange (O) removed {self.removed[1]}/{WIN_REMOVALS}"
        )
        mover = COLOURS[self.to_move]
        if self.over:
            if self.winner >= 0:
                lines.append(f"{COLOURS[self.winner]} wins with three Triads after {self.moves} moves")
            else:
                lines.append(f"Draw: the move cap of {self.game.move_cap} moves is reached")
        elif self.pending:
            choices = ", ".join("x" + NAMES[sq] for sq in self.pending)
            lines.append(f"Move {self.moves} (cap {self.game.move_cap}): {mover} formed a Triad: remove {choices}")
        else:
            lines.append(f"Move {self.moves + 1} (cap {self.game.move_cap}): {mover} to move")
        return "\n".join(line.rstrip() for line in lines)
