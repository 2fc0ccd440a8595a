"""Tiny games on the engine protocol, to test the AI where answers are known.

* ``ToyNim``: 2-3 players take 1-3 from a heap; whoever takes the last wins (perfect information).
* ``ToyTicTacToe``: noughts and crosses from any position (perfect information).
* ``ToyPig``: a dice race with real chance turns (roll or hold; a 1 loses the turn's points).
* ``ToyGoofspiel``: 2-3 players with hidden hands drawn from a deck bid for prizes, all at once
  (a simultaneous turn) or, with ``sequential``, one after the other with open bids.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any

from tritable.engine import IllegalActionError, NotationError, SetupError, StateError
from tritable.engine.protocol import (
    CHANCE,
    JSON,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    Option,
    Outcome,
    State,
)


def _int_action(action: Any, allowed: Any, what: str) -> int:
    if isinstance(action, bool) or not isinstance(action, int) or action not in allowed:
        raise IllegalActionError(f"{action!r} is not {what}")
    return action


# -- Nim ------------------------------------------------------------------------------------------


class ToyNim(Game):
    id = "toy-nim"
    name = "Toy Nim"
    min_players = 2
    max_players = 3
    option_specs = (Option("heap", int, 7, "Counters on the heap", min=1),)

    def random_setup(self, rng: random.Random) -> JSON:
        return {"heap": self.options["heap"], "first": 0}

    def state_from_setup(self, setup: Mapping[str, Any]) -> NimState:
        heap, first = setup.get("heap"), setup.get("first", 0)
        if not isinstance(heap, int) or heap < 0 or not isinstance(first, int) or not 0 <= first < self.players:
            raise SetupError("a nim setup is {'heap': n >= 0, 'first': seat}")
        return NimState(self, dict(setup), heap, first)

    def state_from_json(self, data: Mapping[str, Any]) -> NimState:
        try:
            state = NimState(self, None, data["heap"], data["to_move"], data.get("last", -1))
        except KeyError as exc:
            raise StateError(f"missing {exc}") from None
        state._read_header(data)
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> NimState:
        return self.state_from_json(view)

    def action_to_string(self, action: Action) -> str:
        return f"take{action}"

    def string_to_action(self, text: str) -> Action:
        if not text.startswith("take") or not text[4:].isdigit():
            raise NotationError(f"not a nim action: {text!r}")
        return int(text[4:])


class NimState(State):
    __slots__ = ("heap", "last", "to_move")

    def __init__(self, game: Game, setup: Any, heap: int, to_move: int, last: int = -1) -> None:
        super().__init__(game, setup)
        self.heap = heap
        self.to_move = to_move
        self.last = last

    def current_player(self) -> int:
        return TERMINAL if self.heap == 0 else self.to_move

    def _legal_actions(self, seat: int) -> list[Action]:
        return list(range(1, min(3, self.heap) + 1))

    def scores(self) -> list[float]:
        return list(self.outcome().scores) if self.heap == 0 else [0.0] * self.game.players

    def hand(self, seat: int) -> list[str]:
        return []

    def _apply(self, seat: int, action: Action) -> None:
        take = _int_action(action, range(1, min(3, self.heap) + 1), "a legal take")
        self.heap -= take
        self.last = seat
        self.to_move = (seat + 1) % self.game.players

    def outcome(self) -> Outcome:
        if self.heap:
            raise self._not_over()
        return Outcome.from_scores([1 if s == self.last else 0 for s in range(self.game.players)])

    def clone(self) -> NimState:
        new = NimState(self.game, self.initial_setup, self.heap, self.to_move, self.last)
        new.history = list(self.history)
        return new

    def key(self) -> Hashable:
        return (self.heap, self.to_move, self.last)

    def to_json(self) -> JSON:
        return {**self._json_header(), "heap": self.heap, "to_move": self.to_move, "last": self.last}

    def view(self, seat: int | None = None) -> JSON:
        return {
            **self._view_header(seat),
            "heap": self.heap,
            "to_move": self.to_move,
            "last": self.last,
            "setup": self.initial_setup,
        }

    def render(self, seat: int | None = None) -> str:
        return f"heap {self.heap}, P{self.to_move + 1} to move"


# -- tic-tac-toe ------------------------------------------------------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class ToyTicTacToe(Game):
    id = "toy-ttt"
    name = "Toy tic-tac-toe"
    min_players = 2
    max_players = 2

    def random_setup(self, rng: random.Random) -> JSON:
        return {"board": "........."}

    def state_from_setup(self, setup: Mapping[str, Any]) -> TTTState:
        board = setup.get("board")
        if not isinstance(board, str) or len(board) != 9 or set(board) - set(".xo"):
            raise SetupError("a tic-tac-toe setup is {'board': 9 characters of . x o}")
        x, o = board.count("x"), board.count("o")
        if x - o not in (0, 1):
            raise SetupError("x moves first")
        return TTTState(self, dict(setup), list(board))

    def state_from_json(self, data: Mapping[str, Any]) -> TTTState:
        state = TTTState(self, None, list(data["board"]))
        state._read_header(data)
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> TTTState:
        state = TTTState(self, view["setup"], list(view["board"]))
        return state

    def action_to_string(self, action: Action) -> str:
        return str(action)

    def string_to_action(self, text: str) -> Action:
        if not text.isdigit():
            raise NotationError(f"not a cell: {text!r}")
        return int(text)


class TTTState(State):
    __slots__ = ("board",)

    def __init__(self, game: Game, setup: Any, board: list[str]) -> None:
        super().__init__(game, setup)
        self.board = board

    def winner(self) -> str | None:
        b = self.board
        for i, j, k in LINES:
            if b[i] != "." and b[i] == b[j] == b[k]:
                return b[i]
        return None

    def current_player(self) -> int:
        if self.winner() is not None or "." not in self.board:
            return TERMINAL
        return 0 if self.board.count("x") == self.board.count("o") else 1

    def _legal_actions(self, seat: int) -> list[Action]:
        return [i for i, c in enumerate(self.board) if c == "."]

    def scores(self) -> list[float]:
        return list(self.outcome().scores) if self.current_player() == TERMINAL else [0.0, 0.0]

    def hand(self, seat: int) -> list[str]:
        return []

    def _apply(self, seat: int, action: Action) -> None:
        cell = _int_action(action, range(9), "a cell")
        if self.board[cell] != ".":
            raise IllegalActionError(f"cell {cell} is taken")
        self.board[cell] = "xo"[seat]

    def outcome(self) -> Outcome:
        if self.current_player() != TERMINAL:
            raise self._not_over()
        w = self.winner()
        return Outcome.from_scores([w == "x", w == "o"])

    def clone(self) -> TTTState:
        new = TTTState(self.game, self.initial_setup, list(self.board))
        new.history = list(self.history)
        return new

    def key(self) -> Hashable:
        return "".join(self.board)

    def to_json(self) -> JSON:
        return {**self._json_header(), "board": "".join(self.board)}

    def view(self, seat: int | None = None) -> JSON:
        return {**self._view_header(seat), "board": "".join(self.board), "setup": self.initial_setup}

    def render(self, seat: int | None = None) -> str:
        b = "".join(self.board)
        return "\n".join([b[0:3], b[3:6], b[6:9]])


# -- Pig: real chance turns -------------------------------------------------------------------------


class ToyPig(Game):
    id = "toy-pig"
    name = "Toy Pig"
    min_players = 2
    max_players = 2
    option_specs = (
        Option("target", int, 12, "Points to win", min=1),
        Option("loaded", bool, False, "A die that rolls a 6 half the time (1-5: a tenth each)"),
    )
    CAP = 120

    def random_setup(self, rng: random.Random) -> JSON:
        return {}

    def state_from_setup(self, setup: Mapping[str, Any]) -> PigState:
        scores = setup.get("scores", [0, 0])
        return PigState(self, dict(setup), list(scores), 0, 0, False, 0)

    def state_from_json(self, data: Mapping[str, Any]) -> PigState:
        state = PigState(self, None, list(data["scores"]), data["pot"], data["to_move"], data["rolling"], data["plies"])
        state._read_header(data)
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> PigState:
        state = self.state_from_json(view)
        state.initial_setup = view["setup"]
        return state

    def action_to_string(self, action: Action) -> str:
        return action if isinstance(action, str) else f"d{action}"

    def string_to_action(self, text: str) -> Action:
        if text in ("roll", "hold"):
            return text
        if len(text) == 2 and text[0] == "d" and text[1] in "123456":
            return int(text[1])
        raise NotationError(f"not a pig action: {text!r}")


class PigState(State):
    __slots__ = ("_scores", "plies", "pot", "rolling", "to_move")

    def __init__(
        self, game: Game, setup: Any, scores: list[int], pot: int, to_move: int, rolling: bool, plies: int
    ) -> None:
        super().__init__(game, setup)
        self._scores = scores
        self.pot = pot
        self.to_move = to_move
        self.rolling = rolling
        self.plies = plies

    def current_player(self) -> int:
        if max(self._scores) >= self.game.options["target"] or self.plies >= ToyPig.CAP:
            return TERMINAL
        return CHANCE if self.rolling else self.to_move

    def _legal_actions(self, seat: int) -> list[Action]:
        return [1, 2, 3, 4, 5, 6] if seat == CHANCE else ["roll", "hold"]

    def scores(self) -> list[int]:
        return list(self._scores)

    def hand(self, seat: int) -> list[str]:
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            raise IllegalActionError("this is not a chance turn")
        if self.game.options["loaded"]:
            return [*((d, 0.1) for d in range(1, 6)), (6, 0.5)]
        return [(d, 1 / 6) for d in range(1, 7)]

    def _apply(self, seat: int, action: Action) -> None:
        if seat == CHANCE:
            die = _int_action(action, range(1, 7), "a die")
            self.rolling = False
            if die == 1:
                self.pot = 0
                self.to_move = 1 - self.to_move
            else:
                self.pot += die
        else:
            if action not in ("roll", "hold") or not isinstance(action, str):
                raise IllegalActionError(f"{action!r} is not roll or hold")
            if action == "roll":
                self.rolling = True
            else:
                self._scores[seat] += self.pot
                self.pot = 0
                self.to_move = 1 - seat
        self.plies += 1

    def outcome(self) -> Outcome:
        if self.current_player() != TERMINAL:
            raise self._not_over()
        return Outcome.from_scores(self._scores)

    def clone(self) -> PigState:
        new = PigState(
            self.game, self.initial_setup, list(self._scores), self.pot, self.to_move, self.rolling, self.plies
        )
        new.history = list(self.history)
        return new

    def key(self) -> Hashable:
        return (tuple(self._scores), self.pot, self.to_move, self.rolling, self.plies)

    def _data(self) -> JSON:
        return {
            "scores": list(self._scores),
            "pot": self.pot,
            "to_move": self.to_move,
            "rolling": self.rolling,
            "plies": self.plies,
        }

    def to_json(self) -> JSON:
        return {**self._json_header(), **self._data()}

    def view(self, seat: int | None = None) -> JSON:
        return {**self._view_header(seat), **self._data(), "setup": self.initial_setup}

    def render(self, seat: int | None = None) -> str:
        return f"scores {self._scores}, pot {self.pot}"


# -- Goofspiel: hidden hands, simultaneous bids ------------------------------------------------------


class ToyGoofspiel(Game):
    id = "toy-goofspiel"
    name = "Toy Goofspiel"
    min_players = 2
    max_players = 3
    perfect_information = False
    option_specs = (
        Option("cards", int, 4, "Cards in each hand (and prizes)", min=1, max=8),
        Option("sequential", bool, False, "Bid one after the other, bids open"),
    )

    @property
    def deck(self) -> list[int]:
        return list(range(1, self.players * self.options["cards"] + 3))

    def random_setup(self, rng: random.Random) -> JSON:
        k = self.options["cards"]
        deck = self.deck
        rng.shuffle(deck)
        prizes = list(range(1, k + 1))
        rng.shuffle(prizes)
        return {"hands": [sorted(deck[i * k : (i + 1) * k]) for i in range(self.players)], "prizes": prizes}

    def state_from_setup(self, setup: Mapping[str, Any]) -> GoofState:
        hands, prizes = setup.get("hands"), setup.get("prizes")
        k = self.options["cards"]
        if not isinstance(hands, list) or len(hands) != self.players or not isinstance(prizes, list):
            raise SetupError("a goofspiel setup is {'hands': [...], 'prizes': [...]}")
        cards = [c for h in hands for c in h]
        if any(len(h) != k for h in hands) or len(set(cards)) != len(cards) or set(cards) - set(self.deck):
            raise SetupError("bad hands")
        if sorted(prizes) != list(range(1, k + 1)):
            raise SetupError("bad prizes")
        n = self.players
        return GoofState(self, dict(setup), [sorted(h) for h in hands], list(prizes), 0, [None] * n, [0] * n, [])

    def state_from_json(self, data: Mapping[str, Any]) -> GoofState:
        state = GoofState(
            self,
            None,
            [list(h) for h in data["hands"]],
            list(data["prizes"]),
            data["round"],
            list(data["bids"]),
            list(data["scores"]),
            [list(b) for b in data["played"]],
        )
        state._read_header(data)
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> GoofState:
        seat = view["seat"]
        n = self.players
        hands: list[list[int]] = [[] for _ in range(n)]
        bids: list[int | None] = [None] * n
        hands[seat] = [int(card) for card in view["hand"]]
        known = set(hands[seat]) | {c for b in view["played"] for c in b}
        for s, b in enumerate(view["bids"]):
            if b is not None:
                bids[s] = b
                known.add(b)
        unseen = [c for c in self.deck if c not in known]
        rng.shuffle(unseen)
        for s in range(n):
            if s == seat:
                continue
            need = view["hand_sizes"][s]
            hands[s] = sorted(unseen[:need])
            del unseen[:need]
            if view["chosen"][s] and bids[s] is None:
                bids[s] = unseen.pop()
        state = GoofState(
            self,
            None,
            hands,
            list(view["prizes"]),
            view["round"],
            bids,
            list(view["scores"]),
            [list(b) for b in view["played"]],
        )
        return state

    def action_to_string(self, action: Action) -> str:
        return f"bid{action}"

    def string_to_action(self, text: str) -> Action:
        if not text.startswith("bid") or not text[3:].isdigit():
            raise NotationError(f"not a bid: {text!r}")
        return int(text[3:])


class GoofState(State):
    __slots__ = ("_scores", "bids", "hands", "played", "prizes", "round")

    def __init__(
        self,
        game: Game,
        setup: Any,
        hands: list[list[int]],
        prizes: list[int],
        round_: int,
        bids: list[int | None],
        scores: list[int],
        played: list[list[int]],
    ) -> None:
        super().__init__(game, setup)
        self.hands = hands
        self.prizes = prizes
        self.round = round_
        self.bids = bids
        self._scores = scores
        self.played = played

    @property
    def sequential(self) -> bool:
        return bool(self.game.options["sequential"])

    def current_player(self) -> int:
        if self.round >= len(self.prizes):
            return TERMINAL
        if self.sequential:
            n = self.game.players
            for i in range(n):
                s = (self.round + i) % n
                if self.bids[s] is None:
                    return s
        return SIMULTANEOUS

    def players_to_move(self) -> tuple[int, ...]:
        p = self.current_player()
        if p == SIMULTANEOUS:
            return tuple(s for s, b in enumerate(self.bids) if b is None)
        return (p,) if p >= 0 else ()

    def _legal_actions(self, seat: int) -> list[Action]:
        return list(self.hands[seat])

    def scores(self) -> list[int]:
        return list(self._scores)

    def hand(self, seat: int) -> list[str]:
        return [str(card) for card in self.hands[seat]]

    def _apply(self, seat: int, action: Action) -> None:
        card = _int_action(action, self.hands[seat], f"a card in seat {seat}'s hand")
        self.hands[seat].remove(card)
        self.bids[seat] = card
        if all(b is not None for b in self.bids):
            bids = [b for b in self.bids if b is not None]
            winner = bids.index(max(bids))
            self._scores[winner] += self.prizes[self.round]
            self.played.append(bids)
            self.bids = [None] * self.game.players
            self.round += 1

    def outcome(self) -> Outcome:
        if self.current_player() != TERMINAL:
            raise self._not_over()
        return Outcome.from_scores(self._scores)

    def clone(self) -> GoofState:
        new = GoofState(
            self.game,
            self.initial_setup,
            [list(h) for h in self.hands],
            self.prizes,
            self.round,
            list(self.bids),
            list(self._scores),
            [list(b) for b in self.played],
        )
        new.history = list(self.history)
        return new

    def key(self) -> Hashable:
        return (
            tuple(map(tuple, self.hands)),
            self.round,
            tuple(self.bids),
            tuple(self._scores),
            tuple(map(tuple, self.played)),
        )

    def to_json(self) -> JSON:
        return {
            **self._json_header(),
            "hands": [list(h) for h in self.hands],
            "prizes": list(self.prizes),
            "round": self.round,
            "bids": list(self.bids),
            "scores": list(self._scores),
            "played": [list(b) for b in self.played],
        }

    def view(self, seat: int | None = None) -> JSON:
        # Pending bids: open when sequential; else only the seat's own.
        shown = [b if (self.sequential or s == seat) else None for s, b in enumerate(self.bids)]
        return {
            **self._view_header(seat),
            "chosen": [b is not None for b in self.bids],
            "bids": shown,
            "prizes": list(self.prizes),
            "round": self.round,
            "scores": list(self._scores),
            "played": [list(b) for b in self.played],
        }

    def render(self, seat: int | None = None) -> str:
        return f"round {self.round}, scores {self._scores}"
