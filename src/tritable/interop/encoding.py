"""Fixed-size number vectors of a seat's view, for learning algorithms (OpenSpiel observation
tensors, PettingZoo observations).

Each game's :class:`Encoder` reads only ``state.view(seat)`` (the ground truth of what a seat may
see), never the full state, so a tensor never holds more than the seat sees. Per-seat parts are
listed from the observing seat round the table (the seat itself first; a spectator, ``None``, is
encoded from seat 0's place), so a learner sees "me" and "the next seat" the same way from any
seat. Counts and scores are scaled to about ``[-1, 1]``. ``pieces`` names the parts and their shapes
in order (OpenSpiel's observer ``dict``). The encoding is a summary of the view for learners: the
observation *strings* are the view itself, whole.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, cast

import numpy as np

from tritable.engine.protocol import Game
from tritable.interop.tables import TT_ELEMENTS, triominos_cells

Piece = tuple[str, tuple[int, ...]]


class Encoder(ABC):
    """Writes a view into a flat float32 vector of ``size`` numbers; ``pieces`` names its parts."""

    pieces: list[Piece]

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.pieces = self._pieces()
        self._slices: list[tuple[str, int, int, tuple[int, ...]]] = []
        at = 0
        for name, shape in self.pieces:
            n = int(np.prod(shape))
            self._slices.append((name, at, at + n, shape))
            at += n
        self.size = at
        self.at = {name: start for name, start, _, _ in self._slices}
        """Where each part starts in the flat tensor."""
        self._scratch: np.ndarray | None = None
        self._parts: dict[str, np.ndarray] = {}

    @abstractmethod
    def _pieces(self) -> list[Piece]:
        """The named parts of the tensor and their shapes, in order."""

    def split(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """Named, shaped views into ``tensor`` (no copies)."""
        return {name: tensor[start:end].reshape(shape) for name, start, end, shape in self._slices}

    def tensor(self, view: Mapping[str, Any]) -> np.ndarray:
        """A new float32 tensor of ``view``, equal to what :meth:`encode` writes into a zeroed
        tensor's :meth:`split`, made from :meth:`values` with one numpy assignment.

        >>> import tritable
        >>> game = tritable.new_game("triad")
        >>> enc = encoder(game)
        >>> view = game.new_state(seed=1).view(0)
        >>> tensor = np.zeros(enc.size, np.float32)
        >>> enc.encode(view, enc.split(tensor))
        >>> bool((enc.tensor(view) == tensor).all())
        True
        """
        tensor = np.zeros(self.size, np.float32)
        self.write(view, tensor)
        return tensor

    def write(self, view: Mapping[str, Any], tensor: np.ndarray) -> None:
        """Write :meth:`values` of ``view`` into ``tensor`` (flat, zeroed: its other numbers stay)."""
        values = self.values(view)
        n = len(values)
        if n:
            tensor[np.fromiter(values, np.intp, n)] = np.fromiter(values.values(), np.float32, n)

    def values(self, view: Mapping[str, Any]) -> dict[int, float]:
        """The numbers :meth:`encode` writes for ``view``, by index in the flat tensor (the rest
        are zero). Each game's encoder computes them directly, as :meth:`encode` does, for
        :meth:`tensor` (writing a dict costs a fraction of writing numpy elements one by one,
        which is most of :meth:`encode`'s time); ``tests/test_interop_tables.py`` checks the two
        agree on random playouts of every game and player count. This default reads them off
        :meth:`encode`'s tensor."""
        if self._scratch is None:
            self._scratch = np.zeros(self.size, np.float32)
            self._parts = self.split(self._scratch)
        else:
            self._scratch.fill(0)
        self.encode(view, self._parts)
        nonzero = np.flatnonzero(self._scratch)
        return dict(zip(nonzero.tolist(), self._scratch[nonzero].tolist(), strict=True))

    def _to_move(self, view: Mapping[str, Any], values: dict[int, float]) -> dict[int, int]:
        """:meth:`common` for :meth:`values`: ``to_move`` written, the seats' places returned."""
        order = self.order(view["seat"])
        turn = view["turn"]["players"]
        at = self.at["to_move"]
        for i, s in enumerate(order):
            values[at + i] = float(s in turn)
        return {s: i for i, s in enumerate(order)}

    def order(self, seat: int | None) -> list[int]:
        """Seats from ``seat`` round the table."""
        first = 0 if seat is None else seat
        return [(first + i) % self.players for i in range(self.players)]

    @abstractmethod
    def encode(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        """Fill ``parts`` (zeroed) from ``view``."""

    def common(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> list[int]:
        order = self.order(view["seat"])
        turn = view["turn"]["players"]
        for i, s in enumerate(order):
            parts["to_move"][i] = s in turn
        return order


def _put(parts: dict[str, np.ndarray], name: str, index: Any, value: float = 1.0) -> None:
    parts[name][index] = value


# -- Triple Triad --------------------------------------------------------------------------------


class TripleTriadEncoder(Encoder):
    def __init__(self, game: Game) -> None:
        self.cards = {game.action_to_string(9 * c).partition("@")[0]: c for c in range(110)}
        super().__init__(game)

    def _pieces(self) -> list[Piece]:
        return [
            ("to_move", (2,)),
            ("board_owner", (9, 3)),  # empty, mine, theirs
            ("board_card", (9, 110)),
            ("elements", (9, 9)),  # none, the eight
            ("hands", (2, 110)),  # card counts, where shown
            ("known", (2, 110)),  # cards of a hidden hand made public
            ("hand_sizes", (2,)),
            ("scores", (2,)),
            ("round", (5,)),
            ("trade", (3,)),  # deciding, picks left / 5, won by me
        ]

    def encode(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        order = self.common(view, parts)
        rel = {s: i for i, s in enumerate(order)}
        cards = self.cards
        for cell, slot in enumerate(view["board"]):
            if slot is None:
                parts["board_owner"][cell, 0] = 1
            else:
                parts["board_owner"][cell, 1 + rel[slot["owner"]]] = 1
                parts["board_card"][cell, cards[slot["card"]]] = 1
        elements = view.get("elements") or [None] * 9
        for cell, e in enumerate(elements):
            parts["elements"][cell, 0 if e is None else 1 + TT_ELEMENTS.index(e)] = 1
        for s, hand in enumerate(view["hands"]):
            for name in hand or ():
                parts["hands"][rel[s], cards[name]] += 1
        for s, known in enumerate(view["known"]):
            for name in known or ():
                parts["known"][rel[s], cards[name]] += 1
        for s in range(2):
            parts["hand_sizes"][rel[s]] = view["hand_sizes"][s] / 5
            parts["scores"][rel[s]] = view["scores"][s] / 10
        parts["round"][min(view["round"], 5) - 1] = 1
        trade = view.get("trade")
        if trade:
            parts["trade"][0] = 1
            parts["trade"][1] = trade["picks_left"] / 5
            parts["trade"][2] = trade["winner"] is not None and rel[trade["winner"]] == 0

    def values(self, view: Mapping[str, Any]) -> dict[int, float]:
        at = self.at
        v: dict[int, float] = {}
        rel = self._to_move(view, v)
        cards = self.cards
        owner, card_at = at["board_owner"], at["board_card"]
        for cell, slot in enumerate(view["board"]):
            if slot is None:
                v[owner + 3 * cell] = 1.0
            else:
                v[owner + 3 * cell + 1 + rel[slot["owner"]]] = 1.0
                v[card_at + 110 * cell + cards[slot["card"]]] = 1.0
        elements = view.get("elements") or [None] * 9
        el = at["elements"]
        for cell, e in enumerate(elements):
            v[el + 9 * cell + (0 if e is None else 1 + TT_ELEMENTS.index(e))] = 1.0
        for part in ("hands", "known"):
            start = at[part]
            for s, names in enumerate(view[part]):
                for name in names or ():
                    i = start + 110 * rel[s] + cards[name]
                    v[i] = v.get(i, 0.0) + 1.0
        sizes, scores = at["hand_sizes"], at["scores"]
        for s in range(2):
            v[sizes + rel[s]] = view["hand_sizes"][s] / 5
            v[scores + rel[s]] = view["scores"][s] / 10
        v[at["round"] + min(view["round"], 5) - 1] = 1.0
        trade = view.get("trade")
        if trade:
            t = at["trade"]
            v[t] = 1.0
            v[t + 1] = trade["picks_left"] / 5
            v[t + 2] = float(trade["winner"] is not None and rel[trade["winner"]] == 0)
        return v


# -- Triad ---------------------------------------------------------------------------------------


class TriadEncoder(Encoder):
    def _pieces(self) -> list[Piece]:
        return [
            ("to_move", (2,)),
            ("seat", (2,)),  # which colour I am (0 Black, 1 Orange): the board is not symmetric
            ("dice", (36, 6)),  # B1-B3, O1-O3 by square a1 .. f6
            ("pending_removal", (36,)),
            ("removed", (2,)),
            ("moves", (1,)),
        ]

    def encode(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        seat = view["seat"]
        turn = view["turn"]["players"]
        for s in range(2):
            parts["to_move"][s] = s in turn
        if seat is not None:
            parts["seat"][seat] = 1
        for square, die in view["dice"].items():
            index = (int(square[1:]) - 1) * 6 + "abcdef".index(square[0])
            parts["dice"][index, (0 if die[0] == "B" else 3) + int(die[1:]) - 1] = 1
        for square in view["pending_removal"]:
            parts["pending_removal"][(int(square[1:]) - 1) * 6 + "abcdef".index(square[0])] = 1
        for s in range(2):
            parts["removed"][s] = view["scores"][s] / 6
        parts["moves"][0] = view["moves"] / self.game.options["move_cap"]

    def values(self, view: Mapping[str, Any]) -> dict[int, float]:
        at = self.at
        v: dict[int, float] = {}
        seat = view["seat"]
        turn = view["turn"]["players"]
        for s in range(2):
            v[at["to_move"] + s] = float(s in turn)
        if seat is not None:
            v[at["seat"] + seat] = 1.0
        squares = _TRIAD_SQUARES
        dice = at["dice"]
        for square, die in view["dice"].items():
            v[dice + 6 * squares[square] + (0 if die[0] == "B" else 3) + int(die[1:]) - 1] = 1.0
        pending = at["pending_removal"]
        for square in view["pending_removal"]:
            v[pending + squares[square]] = 1.0
        for s in range(2):
            v[at["removed"] + s] = view["scores"][s] / 6
        v[at["moves"]] = view["moves"] / self.game.options["move_cap"]
        return v


_TRIAD_SQUARES = {f"{c}{r}": (r - 1) * 6 + "abcdef".index(c) for c in "abcdef" for r in range(1, 7)}
"""A square's index, as ``TriadEncoder.encode`` computes it."""


# -- TriATri -------------------------------------------------------------------------------------

_TRIATRI_PHASES = ("reveal", "gem", "play", "over")
_GEMS = "RBG"


class TriATriEncoder(Encoder):
    def __init__(self, game: Game) -> None:
        top = 5 + game.players  # numbers 2..6, 2..7 or 2..8
        self.kinds = ["F"] + [f"{c}{n}" for c in _GEMS for n in range(2, top + 1)]
        self.kind = {k: i for i, k in enumerate(self.kinds)}
        super().__init__(game)

    def _pieces(self) -> list[Piece]:
        n, k = self.players, len(self.kinds)
        return [
            ("to_move", (n,)),
            ("phase", (4,)),
            ("round", (3,)),
            ("tricks_done", (1,)),
            ("hand", (k,)),
            ("hand_sizes", (n,)),
            ("chosen", (n,)),
            ("choice", (k,)),
            ("start_cards", (n, k)),
            ("start_player", (n,)),
            ("leader", (n,)),
            ("gem", (6,)),  # from the supply R, B, G; from the leader's own R, B, G
            ("trick_played", (n, k)),  # by play position
            ("trick_values", (n,)),
            ("seen", (k,)),  # cards of this round's finished tricks
            ("gems", (n, 3)),
            ("supply", (3,)),
            ("scores", (n,)),
        ]

    def encode(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        order = self.common(view, parts)
        rel = {s: i for i, s in enumerate(order)}
        kind = self.kind
        parts["phase"][_TRIATRI_PHASES.index(view["phase"])] = 1
        parts["round"][view["round"] - 1] = 1
        parts["tricks_done"][0] = view["tricks_done"] / 5
        for card in view.get("hand") or ():
            parts["hand"][kind[card]] += 1
        for s in range(self.players):
            r = rel[s]
            parts["hand_sizes"][r] = view["hand_sizes"][s] / 6
            parts["chosen"][r] = bool(view["chosen"][s])
            parts["gems"][r] = [g / 6 for g in view["gems"][s]]
            parts["scores"][r] = view["scores"][s] / 100
        if view.get("choice") is not None:
            parts["choice"][kind[view["choice"]]] = 1
        for s, card in enumerate(view.get("start_cards") or ()):
            if card is not None:
                parts["start_cards"][rel[s], kind[card]] = 1
        for name in ("start_player", "leader"):
            if view.get(name) is not None:
                parts[name][rel[view[name]]] = 1
        gem = view.get("gem")
        if gem:
            parts["gem"][(3 if " own " in gem else 0) + _GEMS.index(gem[-1])] = 1
        trick = view.get("trick")
        if trick:
            for i, card in enumerate(trick["played"]):
                parts["trick_played"][i, kind[card]] = 1
            for i, (_, value) in enumerate(trick["cards"]):
                parts["trick_values"][i] = value / 16
        for done in view.get("tricks") or ():
            for card in done["played"]:
                parts["seen"][kind[card]] += 1
        parts["supply"][:] = [g / 6 for g in view["supply"]]

    def values(self, view: Mapping[str, Any]) -> dict[int, float]:
        at = self.at
        v: dict[int, float] = {}
        rel = self._to_move(view, v)
        kind = self.kind
        k = len(self.kinds)
        v[at["phase"] + _TRIATRI_PHASES.index(view["phase"])] = 1.0
        v[at["round"] + view["round"] - 1] = 1.0
        v[at["tricks_done"]] = view["tricks_done"] / 5
        hand = at["hand"]
        for card in view.get("hand") or ():
            i = hand + kind[card]
            v[i] = v.get(i, 0.0) + 1.0
        sizes, chosen, gems, scores = at["hand_sizes"], at["chosen"], at["gems"], at["scores"]
        for s in range(self.players):
            r = rel[s]
            v[sizes + r] = view["hand_sizes"][s] / 6
            v[chosen + r] = float(bool(view["chosen"][s]))
            for j, g in enumerate(view["gems"][s]):
                v[gems + 3 * r + j] = g / 6
            v[scores + r] = view["scores"][s] / 100
        if view.get("choice") is not None:
            v[at["choice"] + kind[view["choice"]]] = 1.0
        start_cards = at["start_cards"]
        for s, card in enumerate(view.get("start_cards") or ()):
            if card is not None:
                v[start_cards + k * rel[s] + kind[card]] = 1.0
        for name in ("start_player", "leader"):
            if view.get(name) is not None:
                v[at[name] + rel[view[name]]] = 1.0
        gem = view.get("gem")
        if gem:
            v[at["gem"] + (3 if " own " in gem else 0) + _GEMS.index(gem[-1])] = 1.0
        trick = view.get("trick")
        if trick:
            played = at["trick_played"]
            for i, card in enumerate(trick["played"]):
                v[played + k * i + kind[card]] = 1.0
            values = at["trick_values"]
            for i, (_, value) in enumerate(trick["cards"]):
                v[values + i] = value / 16
        seen = at["seen"]
        for done in view.get("tricks") or ():
            for card in done["played"]:
                i = seen + kind[card]
                v[i] = v.get(i, 0.0) + 1.0
        supply = at["supply"]
        for j, g in enumerate(view["supply"]):
            v[supply + j] = g / 6
        return v


# -- Tri*T*Area ----------------------------------------------------------------------------------

_TTA_PHASES = ("declare", "sell", "play", "place", "extra", "over")


class TriTAreaEncoder(Encoder):
    def __init__(self, game: Game) -> None:
        self.read = game.string_to_action
        self._cards: dict[str, int] = {}
        super().__init__(game)

    def _card(self, text: str) -> int:
        card = self._cards.get(text)
        if card is None:  # read once: a view names dozens of cards, in a few dozen distinct texts
            card = self._cards[text] = int(self.read(text)) // 3  # type: ignore[call-overload]
        return card

    def _square(self, name: str) -> int:
        return (int(name[1:]) - 1) * 4 + "abcd".index(name[0])

    def _pieces(self) -> list[Piece]:
        return [
            ("to_move", (4,)),
            ("phase", (6,)),
            ("round", (3,)),
            ("trick_number", (1,)),
            ("hand", (36,)),
            ("hand_sizes", (4,)),
            ("board", (16, 4)),  # blocks of each seat on each square
            ("board_height", (16,)),
            ("scores", (4,)),
            ("blocks", (4,)),
            ("sold", (4,)),
            ("lead", (4,)),
            ("leader", (4,)),
            ("trick", (4, 36)),  # cards of the trick by seat
            ("played", (36,)),  # cards played this round
            ("rightholders", (2, 4)),
            ("placing", (2,)),
            ("extra_from", (16,)),
            ("declared", (4, 37)),  # a card, or (last) "has chosen"
        ]

    def encode(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        order = self.common(view, parts)
        rel = {s: i for i, s in enumerate(order)}
        parts["phase"][_TTA_PHASES.index(view["phase"])] = 1
        parts["round"][view["round"] - 1] = 1
        parts["trick_number"][0] = view["trick_number"] / 9
        for card in view.get("hand") or ():
            parts["hand"][self._card(card)] = 1
        for s in range(4):
            r = rel[s]
            parts["hand_sizes"][r] = view["hand_sizes"][s] / 9
            parts["scores"][r] = view["scores"][s] / 50
            parts["blocks"][r] = view["blocks"][s] / 10
            parts["sold"][r] = view["sold"][s] / 10
        for square, stack in enumerate(view["board"]):
            for s in stack:
                parts["board"][square, rel[s]] += 1 / 4
            parts["board_height"][square] = len(stack) / 8
        parts["lead"][rel[view["lead"]]] = 1
        if view.get("leader") is not None:
            parts["leader"][rel[view["leader"]]] = 1
        for s, card in view["trick"]:
            parts["trick"][rel[s], self._card(card)] = 1
        played = view["played"][view["round"] - 1] if len(view["played"]) >= view["round"] else []
        for _, card in played:
            parts["played"][self._card(card)] = 1
        holders = view.get("rightholders")
        if holders:
            for i, s in enumerate(holders):
                if s is not None and s >= 0:
                    parts["rightholders"][i, rel[s]] = 1
        if view.get("placing") is not None:
            parts["placing"][view["placing"]] = 1
        if view.get("extra_from"):
            parts["extra_from"][self._square(view["extra_from"])] = 1
        for s, declared in enumerate(view["declared"]):
            if declared is True:
                parts["declared"][rel[s], 36] = 1
            elif isinstance(declared, str):
                parts["declared"][rel[s], self._card(declared)] = 1

    def values(self, view: Mapping[str, Any]) -> dict[int, float]:
        at = self.at
        v: dict[int, float] = {}
        rel = self._to_move(view, v)
        card = self._card
        v[at["phase"] + _TTA_PHASES.index(view["phase"])] = 1.0
        v[at["round"] + view["round"] - 1] = 1.0
        v[at["trick_number"]] = view["trick_number"] / 9
        hand = at["hand"]
        for name in view.get("hand") or ():
            v[hand + card(name)] = 1.0
        sizes, scores, blocks, sold = at["hand_sizes"], at["scores"], at["blocks"], at["sold"]
        for s in range(4):
            r = rel[s]
            v[sizes + r] = view["hand_sizes"][s] / 9
            v[scores + r] = view["scores"][s] / 50
            v[blocks + r] = view["blocks"][s] / 10
            v[sold + r] = view["sold"][s] / 10
        board, height = at["board"], at["board_height"]
        for square, stack in enumerate(view["board"]):
            for s in stack:
                i = board + 4 * square + rel[s]
                v[i] = v.get(i, 0.0) + 1 / 4
            v[height + square] = len(stack) / 8
        v[at["lead"] + rel[view["lead"]]] = 1.0
        if view.get("leader") is not None:
            v[at["leader"] + rel[view["leader"]]] = 1.0
        trick = at["trick"]
        for s, name in view["trick"]:
            v[trick + 36 * rel[s] + card(name)] = 1.0
        played = view["played"][view["round"] - 1] if len(view["played"]) >= view["round"] else []
        played_at = at["played"]
        for _, name in played:
            v[played_at + card(name)] = 1.0
        holders = view.get("rightholders")
        if holders:
            rightholders = at["rightholders"]
            for i, s in enumerate(holders):
                if s is not None and s >= 0:
                    v[rightholders + 4 * i + rel[s]] = 1.0
        if view.get("placing") is not None:
            v[at["placing"] + view["placing"]] = 1.0
        if view.get("extra_from"):
            v[at["extra_from"] + self._square(view["extra_from"])] = 1.0
        declared_at = at["declared"]
        for s, declared in enumerate(view["declared"]):
            if declared is True:
                v[declared_at + 37 * rel[s] + 36] = 1.0
            elif isinstance(declared, str):
                v[declared_at + 37 * rel[s] + card(declared)] = 1.0
        return v


# -- Triominos -----------------------------------------------------------------------------------


class TriominosEncoder(Encoder):
    def __init__(self, game: Game) -> None:
        self.read = game.string_to_action
        self.cells = {c: i for i, c in enumerate(triominos_cells())}
        self.tiles = {game.action_to_string((t, 0, 0, 0)).partition("@")[0]: t for t in range(56)}
        self._lays: dict[str, tuple[int, list[float]]] = {}  # a lay's notation read once (at most 776,328)
        super().__init__(game)

    def _lay(self, text: str) -> tuple[int, list[float]]:
        """The cell of a laid tile's notation and its row of the layout part."""
        _tile, x, y, r = cast(tuple[int, int, int, int], self.read(text))
        numbers = [int(v) for v in text.partition("@")[0].split("-")]
        row = [1.0, 0.0, 0.0, 0.0]
        for corner in range(3):  # the lowest number at corner r, the others clockwise after it
            row[1 + (r + corner) % 3] = (numbers[corner] + 1) / 6
        return self.cells[(x, y)], row

    def _pieces(self) -> list[Piece]:
        n = self.players
        return [
            ("to_move", (n,)),
            ("layout", (len(self.cells), 4)),  # laid; the numbers at corners 0-2, (n + 1) / 6
            ("last", (len(self.cells),)),
            ("rack", (56,)),
            ("revealed", (n, 56)),
            ("rack_sizes", (n,)),
            ("scores", (n,)),
            ("pool", (1,)),
            ("draws", (1,)),
            ("choice", (1,)),
            ("round", (1,)),
        ]

    def encode(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        order = self.common(view, parts)
        rel = {s: i for i, s in enumerate(order)}
        layout = parts["layout"]
        lays = self._lays
        for text in view["layout"]:
            lay = lays.get(text)
            if lay is None:
                lay = lays[text] = self._lay(text)
            cell, corners = lay
            layout[cell] = corners
        if view.get("last"):
            x, y = view["last"]
            parts["last"][self.cells[(x, y)]] = 1
        for name in view.get("hand") or ():
            parts["rack"][self.tiles[name]] = 1
        target = max(self.game.options["target"], 1)
        for s in range(self.players):
            r = rel[s]
            for name in view["revealed"][s]:
                parts["revealed"][r, self.tiles[name]] = 1
            parts["rack_sizes"][r] = view["hand_sizes"][s] / 24
            parts["scores"][r] = view["scores"][s] / target
        parts["pool"][0] = view["pool"] / 56
        parts["draws"][0] = view["draws"] / 3
        parts["choice"][0] = bool(view["choice"])
        parts["round"][0] = view["round"] / max(view["rounds"], 1)

    def values(self, view: Mapping[str, Any]) -> dict[int, float]:
        at = self.at
        v: dict[int, float] = {}
        rel = self._to_move(view, v)
        layout = at["layout"]
        lays = self._lays
        for text in view["layout"]:
            lay = lays.get(text)
            if lay is None:
                lay = lays[text] = self._lay(text)
            cell, corners = lay
            i = layout + 4 * cell
            v[i], v[i + 1], v[i + 2], v[i + 3] = corners
        if view.get("last"):
            x, y = view["last"]
            v[at["last"] + self.cells[(x, y)]] = 1.0
        tiles = self.tiles
        rack = at["rack"]
        for name in view.get("hand") or ():
            v[rack + tiles[name]] = 1.0
        target = max(self.game.options["target"], 1)
        revealed, sizes, scores = at["revealed"], at["rack_sizes"], at["scores"]
        for s in range(self.players):
            r = rel[s]
            for name in view["revealed"][s]:
                v[revealed + 56 * r + tiles[name]] = 1.0
            v[sizes + r] = view["hand_sizes"][s] / 24
            v[scores + r] = view["scores"][s] / target
        v[at["pool"]] = view["pool"] / 56
        v[at["draws"]] = view["draws"] / 3
        v[at["choice"]] = float(bool(view["choice"]))
        v[at["round"]] = view["round"] / max(view["rounds"], 1)
        return v


_ENCODERS: dict[str, type[Encoder]] = {
    "triple-triad": TripleTriadEncoder,
    "triad": TriadEncoder,
    "triatri": TriATriEncoder,
    "tri-t-area": TriTAreaEncoder,
    "triominos": TriominosEncoder,
}


def encoder(game: Game) -> Encoder:
    """The :class:`Encoder` of ``game``."""
    try:
        return _ENCODERS[game.id](game)
    except KeyError:
        raise ValueError(f"no encoding for {game.id!r}: the interfaces know the five built-in games") from None
