"""Triad's rules: the game and its state (the rules text, the decisions taken and the notation
are in the package docstring; the board's tables in ``board.py``, reading JSON in
``validation.py``, the drawing in ``render.py``)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from tritable.engine.errors import IllegalActionError, StateError, shown
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
)
from tritable.games.triad import render, validation
from tritable.games.triad.board import (
    ACTIONS,
    COLOURS,
    MOVE_RAYS,
    NAMES,
    OWNER,
    PATH,
    RAYS,
    REMOVE_BASE,
    SIZE,
    SLIDE_BASE,
    SQUARES,
    TURN_BASE,
    VALUE,
    WIN_REMOVALS,
    action_text,
    die_name,
    parse_action,
    removable_after,
    triads_through,
)


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
        board, first = validation.read_setup(setup, self.options["first_player"] == "black")
        return TriadState._make(self, validation.Position(board, first, [0, 0], 0, ()), copy_json(setup))

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
        dice = validation.read_diagram(diagram)
        body = validation.position_body(dice, to_move, removed, moves, pending)
        return self._state_from_body(body, None, view=False)

    def _state_from_body(self, data: Mapping[str, Any], setup: Mapping[str, Any] | None, view: bool) -> TriadState:
        """The state a view or a state's JSON describes, its last action included (where given);
        StateError names what is wrong."""
        black_first = self.options["first_player"] == "black"
        state = TriadState._make(self, validation.read_position(data, self.move_cap, black_first, view), setup)
        state.last = validation.read_last(data)
        if state.last is not None:
            validation.check_last(state, data["events"])
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> TriadState:
        self._refuse_other_game(data)  # said as every game says it (a State or no JSON object too)
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, Mapping):
            raise StateError("the state's setup must be a JSON object")
        state = self._state_from_body(data, setup, view=False)
        state._read_header(data)
        if ("last_action" in data) != ("events" in data):
            raise StateError("'last_action' and 'events' go together: give both or neither")
        if "last_action" not in data:
            # JSON written before views told the last action: the history tells it.
            state.last = self._last_of(state)
        state._check_replays()
        state._check_turn()
        state._refuse_unknown_fields(data)
        return state

    def _last_of(self, state: TriadState) -> validation.Last | None:
        """The last action of ``state``'s setup and history, where they replay (else
        ``_check_replays`` says why not)."""
        if state.initial_setup is None or not state.history:
            return None
        try:
            replay = self.state_from_setup(state.initial_setup)
            for seat, action in state.history:
                replay.apply_action(action, seat)
        except (TypeError, ValueError):
            return None
        return replay.last

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> TriadState:
        # Perfect information: the view is the whole position (and rng goes unused, but a
        # caller that passes a seed has made a mistake all the same).
        check_rng(rng)
        self._refuse_other_game(view, "view")  # a State given for its view, or no JSON object
        return self._state_from_body(view, None, view=True)._agreeing_with(view)

    # -- notation -----------------------------------------------------------------------------------

    def action_to_string(self, action: Action) -> str:
        return action_text(action)

    def string_to_action(self, text: str) -> Action:
        return parse_action(text)


class TriadState(State):
    """A Triad position. ``board`` is 36 cells (a1, b1, ..., f6): 0 empty, seat * 3 + value.

    Its view holds, besides the common fields, ``dice`` (square -> ``"B2"``), ``to_move``,
    ``moves`` and ``pending_removal``; the dice each seat removed are its ``scores`` (see the
    package docstring, "Views")."""

    __slots__ = ("board", "dice", "last", "moves", "over", "pending", "removed", "to_move", "winner")

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
    winner: int | None
    """The winning seat, or None (none yet, or a draw)."""
    last: validation.Last | None
    """The last action, ``(seat, action, cell)`` with the die (board cell) it moved or removed as
    it stood before, or None (none yet, or a position given without one). Not part of the position
    (``key``): the view's ``last_action`` and ``events`` are built from it."""


    @classmethod
    def _make(cls, game: Triad, position: validation.Position, setup: Mapping[str, Any] | None) -> TriadState:
        board, to_move, removed, moves, pending = position
        state = cls(game, setup)
        state.board = board
        state.dice = [[sq for sq in range(SQUARES) if OWNER[board[sq]] == seat] for seat in (0, 1)]
        state.to_move = to_move
        state.removed = removed
        state.moves = moves
        state.pending = pending
        state.winner = removed.index(WIN_REMOVALS) if WIN_REMOVALS in removed else None
        state.over = state.winner is not None or (moves >= game.move_cap and not pending)
        state.last = None
        return state

    # -- turn -------------------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.over else self.to_move

    def _moves(self) -> list[Action]:
        """The ordinary moves of the player to move: turn a die to v != its value, move it v."""
        board = self.board
        out: list[Action] = []
        extend = out.extend
        for s in self.dice[self.to_move]:
            for q1, q2, q3, one, two, three in MOVE_RAYS[s][board[s]]:
                if board[q1]:
                    continue
                if board[q2]:
                    extend(one)
                elif board[q3]:
                    extend(two)
                else:
                    extend(three)
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
            self.last = (seat, action, board[sq])
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
            self.last = (seat, action, cell)
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
        self.last = (seat, action, cell)
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
        if self.winner is not None:
            return Outcome.from_scores(scores, {"reason": "three triads", "moves": self.moves})
        return Outcome(scores, (1, 1), (), {"reason": "move cap", "moves": self.moves})

    def scores(self) -> list[float]:
        """The dice each seat has removed (three win): the outcome's scores at the end."""
        return list[float](self.removed)

    def hand(self, seat: int) -> list[str]:
        """Nothing is held in hand in Triad: every die is on the board."""
        check_seat(seat, 2)
        return []

    # -- what the last action did ----------------------------------------------------------------

    def _events(self) -> list[JSON]:
        """The view's ``events``: what the last action did (see the package docstring)."""
        if self.last is None:
            return []
        seat, action, cell = self.last
        who = COLOURS[seat]
        events: list[JSON] = []
        if action >= REMOVE_BASE:
            sq = action - REMOVE_BASE
            n = self.removed[seat]
            text = f"{who} removes its die on {NAMES[sq]} ({VALUE[cell]}): {n} of {WIN_REMOVALS} removed"
            events.append(
                {
                    "type": "removal",
                    "seat": seat,
                    "text": text,
                    "square": NAMES[sq],
                    "die": die_name(cell),
                    "removed": n,
                }
            )
        else:
            board = self.board
            was = VALUE[cell]
            if action < TURN_BASE:
                s, t, kind = action // SQUARES, action % SQUARES, "move"
                text = f"{who} turns {NAMES[s]} from {was} to {VALUE[board[t]]} and moves it to {NAMES[t]}"
            elif action < SLIDE_BASE:
                s = t = (action - TURN_BASE) // 3
                kind = "turn"
                text = f"{who} has no move: turns {NAMES[s]} from {was} to {VALUE[board[t]]} in place"
            else:
                s, t = divmod(action - SLIDE_BASE, SQUARES)
                kind = "slide"
                text = f"{who} has no move: moves {NAMES[s]} ({was}) unturned to {NAMES[t]}"
            events.append(
                {
                    "type": kind,
                    "seat": seat,
                    "text": text,
                    "from": NAMES[s],
                    "to": NAMES[t],
                    "die": die_name(board[t]),
                    "was": die_name(cell),
                }
            )
            if self.pending:
                for triad in triads_through(board, t):
                    squares = [NAMES[q] for q in triad]
                    dice = [die_name(board[q]) for q in triad]
                    text = f"{who} forms a Triad on {', '.join(squares)} ({' '.join(dice)})"
                    events.append({"type": "triad", "seat": seat, "text": text, "squares": squares, "dice": dice})
                choices = [NAMES[q] for q in self.pending]
                if len(choices) == 1:
                    text = f"{who} must remove its die on {choices[0]}"
                else:
                    text = f"{who} must remove one of its dice on {', '.join(choices[:-1])} or {choices[-1]}"
                events.append({"type": "removal_due", "seat": seat, "text": text, "squares": choices})
        if self.over:  # nothing is played after the end: this action ended the game
            if self.winner is not None:
                moves = f"{self.moves} move{'' if self.moves == 1 else 's'}"
                text = f"{COLOURS[self.winner]} wins: three dice removed in {moves}"
                events.append({"type": "end", "seat": self.winner, "text": text, "reason": "three triads"})
            else:
                text = f"Draw: the move cap of {self.game.move_cap} moves is reached"
                events.append({"type": "end", "seat": None, "text": text, "reason": "move cap"})
        return events

    def _last_action(self) -> JSON | None:
        if self.last is None:
            return None
        return {"seat": self.last[0], "action": action_text(self.last[1])}

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
        new.last = self.last
        return new

    def key(self) -> Hashable:
        return (tuple(self.board), self.to_move, tuple(self.removed), self.moves, self.pending)

    def to_json(self) -> JSON:
        data = self._json_header()
        data.update(
            dice={NAMES[sq]: die_name(c) for sq, c in enumerate(self.board) if c},
            to_move=self.to_move,
            removed=list(self.removed),
            moves=self.moves,
            pending_removal=[NAMES[sq] for sq in self.pending],
            last_action=self._last_action(),
            events=self._events(),
        )
        return data

    def view(self, seat: int | None = None) -> JSON:
        data = self._view_header(seat)
        data.update(
            last_action=self._last_action(),
            events=self._events(),
            dice={NAMES[sq]: die_name(c) for sq, c in enumerate(self.board) if c},
            to_move=self.to_move,
            moves=self.moves,
            pending_removal=[NAMES[sq] for sq in self.pending],
        )
        return data

    def render(self, seat: int | None = None) -> str:
        return render.draw(self.view(seat)).text()
