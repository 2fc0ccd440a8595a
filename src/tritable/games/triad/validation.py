"""Reading and checking Triad's JSON: setups, diagrams, state JSON and views.

Every reader raises :class:`SetupError` (setups) or :class:`StateError` (positions) naming what is
wrong; the rules themselves are in ``game.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from tritable.engine.errors import IllegalActionError, NotationError, SetupError, StateError
from tritable.engine.protocol import json_type, same_json
from tritable.games.triad.board import (
    COLOURS,
    FILES,
    NAMES,
    OWNER,
    PATH,
    REMOVE_BASE,
    SIZE,
    SLIDE_BASE,
    SQUARE_OF,
    SQUARES,
    TURN_BASE,
    WIN_REMOVALS,
    die_cell,
    parse_action,
    removable_after,
)

if TYPE_CHECKING:
    from tritable.games.triad.game import TriadState


class Position(NamedTuple):
    """What a state's JSON or a view says of the position."""

    board: list[int]
    to_move: int
    removed: list[int]
    moves: int
    pending: tuple[int, ...]


Last = tuple[int, int, int]
"""The last action, as a state keeps it: ``(seat, action, cell)``, ``cell`` the die as it stood
before the action (the die that moved or turned, or the die removed)."""


def read_setup(setup: object, black_first: bool) -> tuple[list[int], int]:
    """The board and the first seat of a setup (see the package docstring)."""
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
    if black_first and first != 0:
        raise SetupError("with first_player=black, Black (seat 0) moves first: setup 'first' must be 0")
    board = [0] * SQUARES
    for i, v in enumerate(rows[0]):
        board[i] = v  # a1..f1, Black's left to right
    for i, v in enumerate(rows[1]):
        board[SQUARES - 1 - i] = 3 + v  # f6..a6, Orange's left to right
    return board, first


def read_diagram(diagram: object) -> dict[str, str]:
    """The dice of a diagram: six lines, rank 6 first, six cells each (``.`` or ``B2``/``O3``)."""
    if not isinstance(diagram, str):
        raise StateError(f"a Triad diagram is text (six lines of six cells), not {type(diagram).__name__}")
    rows = [line.split() for line in diagram.strip().splitlines()]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise StateError("a Triad diagram has six lines of six cells (rank 6 first)")
    return {FILES[f] + str(SIZE - r): cell for r, row in enumerate(rows) for f, cell in enumerate(row) if cell != "."}


def read_position(data: object, move_cap: int, black_first: bool, view: bool) -> Position:
    """The position a state's JSON (``view=False``: dice removed under ``removed``) or a view
    (``scores``) describes."""
    if not isinstance(data, Mapping):
        raise StateError(f"a Triad state or view is a JSON object, not {json_type(data)}")
    removed_key = "scores" if view else "removed"
    for key in ("dice", "to_move", removed_key, "moves", "pending_removal"):
        if key not in data:
            raise StateError(f"the Triad {'view' if view else 'state'} lacks {key!r}")
    to_move, removed, moves = data["to_move"], data[removed_key], data["moves"]
    if type(to_move) is not int or to_move not in (0, 1):
        raise StateError(f"'to_move' must be 0 (the first seat) or 1, not {to_move!r}")
    if (
        not isinstance(removed, list)
        or len(removed) != 2
        or not all(type(n) is int and 0 <= n <= WIN_REMOVALS for n in removed)
    ):
        raise StateError(f"{removed_key!r} must be two counts of dice removed, 0-3, not {removed!r}")
    if removed[0] == removed[1] == WIN_REMOVALS:
        raise StateError("both players cannot have removed three dice")
    if type(moves) is not int or moves < 0:
        raise StateError(f"'moves' must be a count, not {moves!r}")
    if moves > move_cap:
        raise StateError(f"'moves' is {moves}, past the move cap ({move_cap})")
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
        cell = die_cell(die)
        if cell is None:
            raise StateError(f"{die!r} on {name} is not a die (B1-B3, O1-O3)")
        board[SQUARE_OF[name]] = cell
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
                f"'pending_removal' {pending} are not the own dice of Triads through one die of {COLOURS[to_move]}'s"
            )
    if black_first and moves:  # moves 0: a puzzle's, whoever moves
        check_turn_parity(to_move, moves, bool(squares), WIN_REMOVALS in removed, move_cap)
    return Position(board, to_move, list(removed), moves, squares)


def check_turn_parity(to_move: int, moves: int, pending: bool, won: bool, move_cap: int) -> None:
    """With Black (seat 0) first, every move passes the turn, except while the mover's removal
    is due and once the game is over (a win, or the move cap): ``to_move`` follows from
    ``moves``. Not checked with ``first_player="random"`` (a state does not say who began) nor
    at 0 moves (a puzzle's count, as ``position`` sets it, with any seat to move and dice
    removed)."""
    why = "its removal is due" if pending else "it won" if won else "the move cap ended the game"
    kept = pending or won or moves >= move_cap
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


def read_last(data: Mapping[str, Any]) -> Last | None:
    """The last action that ``last_action`` and ``events`` name (the die it moved or removed is
    read from the first event), or None; whether it is the position's is :func:`check_last`'s."""
    last = data.get("last_action")
    events = data.get("events", [])
    if not isinstance(events, list):
        raise StateError(f"'events' must be a list, not {json_type(events)}")
    if last is None:
        if events:
            raise StateError("'events' tell what the last action did: there is none ('last_action' is null)")
        return None
    if not isinstance(last, Mapping) or set(last) != {"seat", "action"}:
        raise StateError("'last_action' is null or an object with 'seat' and 'action'")
    seat = last["seat"]
    if type(seat) is not int or seat not in (0, 1):
        raise StateError(f"'last_action' names no seat ({seat!r})")
    try:
        action = parse_action(last["action"])
    except NotationError as exc:
        raise StateError(f"'last_action': {exc}") from None
    first = events[0] if events else None
    key = "die" if action >= REMOVE_BASE else "was"
    die = first.get(key) if isinstance(first, Mapping) else None
    cell = die_cell(die)
    done = "removed" if key == "die" else "moved"
    if cell is None:
        raise StateError(f"the first of 'events' must give the die the last action {done} ({key!r})")
    if OWNER[cell] != seat:
        whose = COLOURS[1 - seat]
        raise StateError(f"the last action was {COLOURS[seat]}'s, but the die it {done} ({die}) is {whose}'s")
    return seat, action, cell


def check_last(state: TriadState, events: object) -> None:
    """``state.last`` must be an action that leads to ``state`` from a position where it was legal,
    and ``events`` what it did; :class:`StateError` if not. The position before it is rebuilt
    (its removal due, for a removal, from any own die whose Triads include the die removed) and
    the action replayed there."""
    assert state.last is not None
    seat, action, cell = state.last
    board, removed = list(state.board), list(state.removed)
    moves = state.moves
    pending: tuple[int, ...] = ()
    said = f"the last action ({state.game.action_to_string(action)})"
    if action >= REMOVE_BASE:
        sq = action - REMOVE_BASE
        if board[sq] or not removed[seat]:
            raise StateError(f"{said} removed a die that is still on the board or not counted removed")
        board[sq] = cell
        removed[seat] -= 1
        due = [removable_after(board, seat, t) for t in range(SQUARES) if OWNER[board[t]] == seat]
        options = [squares for squares in due if sq in squares]
        if not options:
            raise StateError(f"{said}: the die on {NAMES[sq]} was in no Triad to remove it from")
        pending = tuple(sorted(options[0]))
    else:
        if action < TURN_BASE:
            path = PATH[action]
            assert path is not None  # parse_action reads only straight lines
            s, t = action // SQUARES, path[-1]
        elif action < SLIDE_BASE:
            s = t = (action - TURN_BASE) // 3
        else:
            s, t = divmod(action - SLIDE_BASE, SQUARES)
        if moves < 1 or OWNER[board[t]] != seat or (s != t and board[s]):
            raise StateError(f"{said} does not lead to this position")
        board[t] = 0
        board[s] = cell
        moves -= 1
    before = state.clone()
    before.board, before.removed, before.moves, before.pending = board, removed, moves, pending
    before.dice = [[sq for sq in range(SQUARES) if OWNER[board[sq]] == p] for p in (0, 1)]
    before.to_move, before.over, before.winner, before.last = seat, False, None, None
    if WIN_REMOVALS in removed:
        raise StateError(f"{said} was made after the game was won")
    try:
        before._apply(seat, action)
    except IllegalActionError as exc:
        raise StateError(f"{said} was not legal in the position it leaves: {exc}") from None
    if before.key() != state.key():
        raise StateError(f"{said} does not lead to this position")
    if not same_json(events, state._events()):
        raise StateError(f"'events' are not what {said} did")


def position_body(
    dice: Mapping[str, str], to_move: int, removed: Sequence[int], moves: int, pending: Sequence[str]
) -> dict[str, Any]:
    """State JSON's fields of a position given by hand (``Triad.position``)."""
    return {
        "dice": dict(dice),
        "to_move": to_move,
        "removed": list(removed),
        "moves": moves,
        "pending_removal": list(pending),
    }
