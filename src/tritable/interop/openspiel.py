"""Every tritable game as an OpenSpiel game (extra ``open-spiel``).

Importing this module registers each game with ``pyspiel.register_game`` as ``tritable_<id>``
(dashes as underscores: ``tritable_triple_triad``, ``tritable_triominos``, ``tritable_triatri``,
``tritable_tri_t_area``, ``tritable_triad``). Its parameters are ``players`` and the game's options
under their own names and defaults (``pyspiel.load_game("tritable_triominos", {"players": 3,
"target": 1})``); an unknown parameter is refused when the game is loaded, and a bad value or
combination raises the game's own ``OptionError``. Besides these, TriATri and Tri*T*Area take
``turn_based`` (default false; see below).

>>> import pyspiel
>>> import tritable.interop.openspiel
>>> game = pyspiel.load_game("tritable_triad")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():  # the twelve dice, 1/3 each
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()][:2]
(0, ['a1=2>a3', 'a1=2>c3'])

The model
---------
* **Actions** are ids ``0 .. num_distinct_actions() - 1`` from a fixed table of every action the
  game can take (:mod:`tritable.interop.tables`); ``legal_actions()`` lists the legal ones in
  ascending order. An illegal id, or one out of range, raises the library's
  ``tritable.IllegalActionError`` with its message, and changes nothing.
* **Chance**: the game's setup is dealt as a fixed number of explicit chance steps with their exact
  probabilities (:mod:`tritable.interop.tables` says how for each game: card by card, die by die;
  Triominos as the eight bytes of a seed), after which the state is the tritable state started
  from that setup. Nobody observes the deal as it happens: each seat's first observation is its
  view once the deal is complete (the hands are dealt face down and picked up together).
* **Simultaneous turns** (TriATri's start cards, Tri*T*Area's round-3 Declarations) are OpenSpiel
  simultaneous nodes (``Dynamics.SIMULTANEOUS``; every seat chooses at them, and ``apply_actions``
  applies the joint action whole or not at all). ``pyspiel.load_game_as_turn_based`` works on
  them. ``turn_based=True`` gives the same game with those choices taken in seat order, each
  hidden from the others until all have chosen (as the tritable engine itself takes them), as a
  sequential game with its own ``resample_from_infostate``: what OpenSpiel's ISMCTS needs.
* **Information**: Triad, and Triple Triad with open hands and without Sudden Death, are perfect
  information games (every seat sees the whole position; Sudden Death's later rounds are dealt at
  the start and unseen). The others are imperfect information games.
* **Observations** come from the game's views, ``state.view(seat)``, which hold exactly what a seat
  may see: the observation string is the view as JSON (spectator's view for public-only
  observers, the full state's JSON for an observer of all private information); the observation
  tensor is a fixed-size encoding of the view (:mod:`tritable.interop.encoding`). The information
  state string is perfect recall by construction: the seat's view at each of its decisions with
  the action it took, then its view now. There is no information-state tensor (a fixed-size
  encoding of a whole history would be arbitrary).
* **Returns** are tritable's: per seat in ``[-1, 1]`` the mean over the other seats of +1 ahead,
  0 tied, -1 behind, at the end (zero-sum; terminal rewards only).
* ``resample_from_infostate(player, sampler)`` draws the hidden parts with the game's own sampler
  (``game.sampler(view)``): a state showing ``player`` the same view, with the same information
  state for ``player``. In such a sample, what the *other* seats saw before is not sampled: their
  information state starts from the sample.
* Serialization (``serialize_game_and_state``, pickle) keeps the whole state.

``native_state(state)`` gives the tritable state inside (``None`` during the deal),
``native_game(game)`` the tritable game, and
``to_native_action(state, id)`` / ``from_native_action(state, action)`` convert actions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np
import pyspiel

import tritable
from tritable.engine.errors import IllegalActionError, OptionError
from tritable.engine.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, State, check_seat
from tritable.engine.registry import game_class, game_ids
from tritable.interop.encoding import Encoder, encoder
from tritable.interop.tables import ActionTable, Dealer, DeckDealer, action_table, dealer

__all__ = ["from_native_action", "native_game", "native_state", "short_name", "to_native_action"]

_BUILT_IN = ("triple-triad", "triominos", "triatri", "tri-t-area", "triad")
_SIMULTANEOUS_GAMES = frozenset({"triatri", "tri-t-area"})
_UNSAMPLED = "(what this seat saw before this sampled position is not sampled)"


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a tritable game: ``tritable_`` and the id with underscores.

    >>> short_name("tri-t-area")
    'tritable_tri_t_area'
    """
    return "tritable_" + game_id.replace("-", "_")


def _max_game_length(game: Game, deal_steps: int) -> int:
    """An upper bound on the number of actions of a whole game (the deal included)."""
    o = game.options
    n = game.players
    if game.id == "triple-triad":
        plies = 9 * (5 if o["sudden_death"] else 1) + 5  # placements, then up to five trade picks
    elif game.id == "triad":
        plies = o["move_cap"] + 12  # a move a turn; a die removed is one more action, twelve dice
    elif game.id == "triatri":
        # Three rounds: the start cards (each seat once, and again for every repick), then five
        # tricks of a gem choice and a card each. Only a 2-player round can repick (both seats
        # showing their fake), and the rules set no limit: the bound allows 100 repicks a round.
        repicks = 100 if n == 2 else 0
        plies = 3 * (n * (1 + repicks) + 5 * (1 + n))
    elif game.id == "tri-t-area":
        # Three rounds of at most nine tricks: four cards, each rightholder's placement and an
        # additional construction or its refusal; a declaration and a sale a seat a round.
        plies = 3 * (9 * (4 + 2 + 2) + 2 * n)
    elif game.id == "triominos":
        # A round: at most 56 lays and 56 draws; a turn without a lay either draws (at most 56
        # such turns) or finds the pool empty, and then at most n - 1 seats pass before a lay or
        # the block.
        plies = o["max_rounds"] * (56 + 56 + 56 + 57 * (n - 1))
    else:  # pragma: no cover - the five games above are the only ones with tables
        raise ValueError(game.id)
    return deal_steps + plies


class _Spec:
    """Everything fixed for a game and option set: the tritable game, tables, deal, encoder."""

    def __init__(self, game_id: str, players: int, options: tuple[tuple[str, Any], ...], turn_based: bool) -> None:
        self.key = (game_id, players, options, turn_based)
        self.game: Game = tritable.new_game(game_id, players, dict(options))
        self.table: ActionTable = action_table(self.game)
        self.dealer: Dealer = dealer(self.game)
        self.turn_based = turn_based
        self.simultaneous = game_id in _SIMULTANEOUS_GAMES and not turn_based
        o = self.game.options
        self.perfect = game_id == "triad" or (game_id == "triple-triad" and o["open"] and not o["sudden_death"])
        self._encoder: Encoder | None = None
        self.max_length = _max_game_length(self.game, self.dealer.steps)

    @property
    def encoder(self) -> Encoder:
        if self._encoder is None:
            self._encoder = encoder(self.game)
        return self._encoder

    def __reduce__(self) -> tuple[Any, ...]:
        return (_spec, self.key)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self  # fixed for the game: OpenSpiel deep-copies a state's attributes to clone it


class _Live:
    """Holds a state's tritable state: OpenSpiel clones by deep copy, and a tritable state's
    own ``clone`` is the quick way to copy it."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Live:
        return _Live(self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Live, (self.state,))


class _Samplers:
    """A state's samplers by (seat, position): ISMCTS resamples one state many times, and a
    game's sampler reads the view once for all its draws. Clones start without any."""

    __slots__ = ("by_key",)

    def __init__(self) -> None:
        self.by_key: dict[tuple[int, int, int], Callable[[random.Random], State]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Samplers:
        return _Samplers()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Samplers, ())


class _Base:
    """A position whose seats' trails are known (never changed once made: clones share it).
    ``state`` is ``None`` for the position the deal made, until a trail needs it: built then from
    the setup, so that a playout that never asks for an information state pays no clone."""

    __slots__ = ("known", "state", "trails")

    def __init__(self, state: State | None, trails: tuple[tuple[str, ...], ...], known: int) -> None:
        self.state = state
        self.trails = trails
        self.known = known

    def __deepcopy__(self, memo: dict[int, Any]) -> _Base:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Base, (self.state, self.trails, self.known))


@cache
def _spec(game_id: str, players: int, options: tuple[tuple[str, Any], ...], turn_based: bool) -> _Spec:
    return _Spec(game_id, players, options, turn_based)


def _parameters(game_id: str) -> dict[str, Any]:
    cls = game_class(game_id)
    params: dict[str, Any] = {"players": cls.min_players}
    for option in cls.option_specs:
        params[option.name] = option.default
    if game_id in _SIMULTANEOUS_GAMES:
        params["turn_based"] = False
    return params


def _game_type(game_id: str, simultaneous: bool, perfect: bool) -> pyspiel.GameType:
    cls = game_class(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"tritable {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(game_id),
    )


class TritableGame(pyspiel.Game):  # type: ignore[misc]
    """A tritable game for OpenSpiel: made by ``pyspiel.load_game("tritable_<id>", params)``."""

    game_id: str = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        defaults = _parameters(self.game_id)
        unknown = set(given) - set(defaults)
        if unknown:  # OpenSpiel refuses these before us; a direct call must too
            raise OptionError(f"{short_name(self.game_id)} has no parameter {sorted(unknown)[0]!r}")
        values = {**defaults, **given}
        players = values.pop("players")
        turn_based = bool(values.pop("turn_based", False))
        game = tritable.new_game(self.game_id, players, values)  # OptionError, PlayerCountError
        spec = _spec(self.game_id, game.players, tuple(sorted(game.options.items())), turn_based)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.table.size,
            max_chance_outcomes=spec.dealer.max_outcomes,
            num_players=game.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=spec.max_length,
        )
        super().__init__(_game_type(self.game_id, spec.simultaneous, spec.perfect), info, {**defaults, **given})
        self.spec = spec

    def new_initial_state(self) -> TritableState:
        return TritableState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> TritableObserver:
        if params:
            raise ValueError(f"{short_name(self.game_id)} observers take no parameters, not {dict(params)}")
        return TritableObserver(self.spec, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class TritableState(pyspiel.State):  # type: ignore[misc]
    """A position: the deal so far, then the tritable state (``native_state(state)``)."""

    _left: list[int] | None = None  # also for a state pickled before it was kept (_deck_left)

    def __init__(self, game: TritableGame) -> None:
        super().__init__(game)
        self._spec: _Spec = game.spec
        self._drawn: list[int] = []
        self._left: list[int] | None = None  # a deck dealer's counts left (_deck_left)
        self._live: _Live | None = None
        # For information states: a position whose seats' trails are known, the trails there
        # (per seat, a tuple of "view -> action" lines), and its history length; later trails
        # are rebuilt from it on demand, so play and rollouts pay nothing for them.
        self._base: _Base | None = None
        self._samplers = _Samplers()

    @property
    def _native(self) -> State | None:
        live = self._live
        return None if live is None else live.state

    @_native.setter
    def _native(self, state: State) -> None:
        self._live = _Live(state)

    # -- turn ------------------------------------------------------------------------------------

    def current_player(self) -> int:
        live = self._live  # not self._native: OpenSpiel asks this several times an action
        if live is None:
            return CHANCE
        p = live.state.current_player()
        if p == SIMULTANEOUS and not self._spec.simultaneous:
            return live.state.players_to_move()[0]
        return p  # a seat, or SIMULTANEOUS / TERMINAL, which are OpenSpiel's values

    def is_terminal(self) -> bool:
        live = self._live
        return live is not None and live.state.current_player() == TERMINAL

    # pyspiel's own answers to these go from Python into C++ and back into Python, several times
    # (``legal_actions()`` asks ``current_player`` three times and ``is_terminal`` once before
    # ``_legal_actions``): asked from Python, the state answers them directly, the same way. C++
    # callers still take pyspiel's path, which ends in the same methods.

    def is_chance_node(self) -> bool:
        return self._live is None

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of ``player`` (default: the player to move), ascending; at a chance
        node the outcomes. As pyspiel's ``State.legal_actions``, answered without its round trips."""
        live = self._live
        if live is not None:
            native = live.state
            p = native.current_player()
            if p >= 0 and (player is None or player == p):  # the common case: a seat to move
                return self._spec.table.ids(native.legal_actions())
        if player is None:  # the rest as pyspiel answers it (its errors included)
            return pyspiel.State.legal_actions(self)
        return pyspiel.State.legal_actions(self, player)

    def _legal_actions(self, player: int) -> list[int]:
        live = self._live
        if live is None:
            return []
        native = live.state
        p = native.current_player()
        if p == player:
            return self._spec.table.ids(native.legal_actions())
        if p == TERMINAL or player not in native.players_to_move():
            check_seat(player, self._spec.game.players)  # a seat the game does not have: StateError
            return []
        return self._spec.table.ids(native.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._live is not None:
            raise IllegalActionError("this is not a chance node: the deal is complete")
        left = self._deck_left()
        if left is not None:
            return self._spec.dealer.outcomes_left(left)  # type: ignore[attr-defined]
        return list(self._spec.dealer.outcomes(self._drawn))

    def _deck_left(self) -> list[int] | None:
        """A deck dealer's counts left for the next step (see ``DeckDealer.left``), kept from
        step to step; ``None`` for other dealers and at the lead's step."""
        left = self._left
        if left is None and isinstance(self._spec.dealer, DeckDealer):
            left = self._left = self._spec.dealer.left(self._drawn)
        return left

    # -- actions ---------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        live = self._live
        if live is None:
            self._deal(action)
            return
        native = live.state
        table = self._spec.table
        if table.identity and type(action) is int and 0 <= action < table.size:
            move: Action = action  # what from_id gives, without its checks and calls
        else:
            move = table.from_id(action)
        if native.current_player() == SIMULTANEOUS:  # turn_based: the seats in order
            native.apply_action(move, native.players_to_move()[0])
        else:
            native.apply_action(move)

    def _apply_actions(self, actions: Sequence[int]) -> None:
        native = self._native
        if native is None or native.current_player() != SIMULTANEOUS:
            raise IllegalActionError("joint actions are for simultaneous nodes")
        pending = native.players_to_move()
        if len(actions) != self._spec.game.players:
            raise IllegalActionError(
                f"a joint action has one action a seat ({self._spec.game.players}), not {len(actions)}"
            )
        trial = native.clone()  # all or nothing: a later seat's illegal choice leaves no earlier one applied
        for seat in pending:
            trial.apply_action(self._spec.table.from_id(actions[seat]), seat)
        self._native = trial

    def _deal(self, outcome: int) -> None:
        spec = self._spec
        left = self._deck_left()
        if left is not None:
            possible = type(outcome) is int and 0 <= outcome < len(left) and left[outcome] > 0
        else:
            possible = type(outcome) is int and spec.dealer.possible(self._drawn, outcome)
        if not possible:  # OpenSpiel does not check
            odds = spec.dealer.outcomes(self._drawn)
            raise IllegalActionError(
                f"{outcome!r} is no chance outcome here (outcomes: {', '.join(str(o) for o, _ in odds)})"
            )
        if left is not None:
            self._left = spec.dealer.after(left, len(self._drawn), outcome)  # type: ignore[attr-defined]
        self._drawn.append(outcome)
        if len(self._drawn) == spec.dealer.steps:
            self._native = spec.game.new_state(setup=spec.dealer.setup(self._drawn))
            self._base = _Base(None, tuple(() for _ in range(spec.game.players)), 0)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            step = len(self._drawn) if self._native is None else len(self._drawn) - 1
            return self._spec.dealer.describe(min(step, self._spec.dealer.steps - 1), action)
        return self._spec.game.action_to_string(self._spec.table.from_id(action))

    # -- results ---------------------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self._native is None:
            return [0.0] * self._spec.game.players
        return self._native.returns()

    def rewards(self) -> list[float]:
        return self.returns() if self.is_terminal() else [0.0] * self._spec.game.players

    # -- information -----------------------------------------------------------------------------

    def view_json(self, seat: int | None) -> str:
        """``view(seat)`` as JSON text (during the deal: how far it has gone)."""
        if self._native is None:
            if self._spec.perfect:  # a perfect-information deal is public as it happens
                return self.deal_json()
            return json.dumps({"deal": f"{len(self._drawn)} of {self._spec.dealer.steps} chance steps"})
        return json.dumps(self._native.view(seat), separators=(",", ":"))

    def deal_json(self) -> str:
        """The chance outcomes so far, as text."""
        describe = self._spec.dealer.describe
        return json.dumps({"deal": [describe(i, a) for i, a in enumerate(self._drawn)]})

    def trail(self, seat: int) -> tuple[str, ...]:
        """``seat``'s view at each of its decisions so far, with the action it took there."""
        if self._base is None:
            return ()
        native = self._native
        assert native is not None
        base, trails, known = self._base.state, self._base.trails, self._base.known
        if known == len(native.history):
            return trails[seat]
        if base is None:  # the dealt position, not built until now
            base = self._base.state = self._spec.game.new_state(setup=self._spec.dealer.setup(self._drawn))
        # Replay from the base, writing down each seat's view before each of its own actions.
        replay = base.clone()
        grown = [list(t) for t in trails]
        game = self._spec.game
        for acting, action in native.history[known:]:
            if acting >= 0:
                grown[acting].append(
                    json.dumps(replay.view(acting), separators=(",", ":")) + " -> " + game.action_to_string(action)
                )
            replay.apply_action(action, acting if acting >= 0 else None)
        new = tuple(tuple(t) for t in grown)
        self._base = _Base(native.clone(), new, len(native.history))
        return new[seat]

    def information_state_text(self, seat: int) -> str:
        return "\n".join((*self.trail(seat), self.view_json(seat)))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TritableState:
        """A state drawn from ``player_id``'s information: the hidden parts by the game's sampler."""
        rng = random.Random(int(probability_sampler() * 2**53))
        new = self.clone()
        native = self._native
        spec = self._spec
        if native is None:  # nobody has seen any of the deal: deal it afresh
            new._drawn = []
            new._left = None
            for _ in self._drawn:
                odds = spec.dealer.outcomes(new._drawn)
                new._drawn.append(rng.choices([o for o, _ in odds], [p for _, p in odds])[0])
            return new
        if spec.perfect:
            return new
        trail = self.trail(player_id)
        key = (player_id, id(native), len(native.history))
        sampler = self._samplers.by_key.get(key)
        if sampler is None:
            self._samplers.by_key.clear()  # the position has changed: the old ones are stale
            sampler = self._samplers.by_key[key] = spec.game.sampler(native.view(player_id))
        sample = sampler(rng)
        trails = tuple(trail if s == player_id else (_UNSAMPLED,) for s in range(spec.game.players))
        new._native = sample
        new._base = _Base(sample.clone(), trails, len(sample.history))
        return new

    def __str__(self) -> str:
        if self._native is None:
            return f"dealing ({len(self._drawn)} of {self._spec.dealer.steps} chance steps)"
        return self._native.render(None)


class TritableObserver:
    """OpenSpiel's Python observer of a tritable game: strings and tensors from the views."""

    def __init__(self, spec: _Spec, iig_obs_type: pyspiel.IIGObservationType) -> None:
        self.spec = spec
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        private = iig_obs_type.private_info
        self.all_private = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        self.public_only = private == pyspiel.PrivateInfoType.NONE or not iig_obs_type.public_info
        self.no_info = not iig_obs_type.public_info and private == pyspiel.PrivateInfoType.NONE
        if self.perfect_recall or self.all_private:
            # No tensor: a fixed-size perfect-recall (or all-seeing) encoding would be arbitrary.
            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, np.ndarray] = {}
        else:
            enc = spec.encoder
            self.tensor = np.zeros(enc.size, np.float32)
            self.dict = enc.split(self.tensor)

    def set_from(self, state: TritableState, player: int) -> None:
        self.tensor.fill(0)
        if not self.dict or state._native is None or self.no_info:
            return
        self.spec.encoder.write(state._native.view(None if self.public_only else player), self.tensor)

    def string_from(self, state: TritableState, player: int) -> str:
        if self.no_info:
            return ""
        if self.all_private:
            if state._native is None:
                return state.deal_json()
            return json.dumps(state._native.to_json(), separators=(",", ":"))
        if self.perfect_recall:
            if self.public_only:
                return state.view_json(None)
            return state.information_state_text(player)
        return state.view_json(None if self.public_only else player)


# -- helpers for programs that hold both sides -----------------------------------------------------


def native_game(game: pyspiel.Game) -> Game:
    """The tritable game (with its players and options) an OpenSpiel game of tritable's plays."""
    if not isinstance(game, TritableGame):
        raise TypeError(f"not a tritable OpenSpiel game: {game}")
    return game.spec.game


def native_state(state: pyspiel.State) -> State | None:
    """The tritable state inside an OpenSpiel state of a tritable game (``None`` during the deal)."""
    if not isinstance(state, TritableState):
        raise TypeError(f"not a tritable OpenSpiel state: {type(state).__name__}")
    return state._native


def to_native_action(state: pyspiel.State, action_id: int) -> Action:
    """The tritable action with OpenSpiel id ``action_id``."""
    return state._spec.table.from_id(action_id)


def from_native_action(state: pyspiel.State, action: Action) -> int:
    """The OpenSpiel id of tritable ``action``."""
    return state._spec.table.to_id(action)


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for game_id in game_ids():
        if game_id not in _BUILT_IN:
            continue
        name = short_name(game_id)
        if name in registered:
            continue
        cls = type(f"Tritable{game_class(game_id).__name__}Game", (TritableGame,), {"game_id": game_id})
        cls.__module__ = __name__
        globals()[cls.__name__] = cls
        simultaneous = game_id in _SIMULTANEOUS_GAMES
        pyspiel.register_game(_game_type(game_id, simultaneous, game_id == "triad"), cls)


_register()
