"""The one game protocol every game implements.

A :class:`Game` is a rule set with its options and player count fixed; it makes states. A
:class:`State` is a position: whose turn it is, the legal actions, applying one, the outcome,
per-seat views and JSON. See ``docs/protocol.md`` for the contract in full.

Players are seats ``0 .. players-1``. :meth:`State.current_player` returns a seat, or one of the
negative constants :data:`CHANCE`, :data:`SIMULTANEOUS`, :data:`TERMINAL` (the values OpenSpiel
uses). Actions are plain, hashable, immutable data (ints, strings or tuples of them); each game
documents its own and converts them to and from short text with :meth:`Game.action_to_string`
and :meth:`Game.string_to_action`.
"""

from __future__ import annotations

import _random
import copy
import enum
import functools
import json
import random
from abc import ABC, ABCMeta, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NoReturn, Self, TypeVar

from tritable.engine.errors import (
    GameNotOverError,
    GameOverError,
    IllegalActionError,
    OptionError,
    OutOfTurnError,
    PlayerCountError,
    SetupError,
    StateError,
    TritableError,
    in_json_terms,
    shown,
)

Action = Hashable
"""An action: plain immutable data (int, str or a tuple of them), documented per game."""

JSON = dict[str, Any]

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4


SEED_DIGITS = 1000
"""A whole-number seed has at most 1,000 digits: records and agents write it as text, and Python
will not write a number of 4,300 digits."""
SEED_BOUND = 10**SEED_DIGITS


class TurnKind(enum.StrEnum):
    """Who acts next."""

    PLAYER = "player"
    SIMULTANEOUS = "simultaneous"
    CHANCE = "chance"
    TERMINAL = "terminal"

    def __repr__(self) -> str:  # what rebuilds it, as the repr of a Turn holding it should
        return f"TurnKind.{self.name}"


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is.

    ``players`` holds the one seat to move (``PLAYER``), the seats that still have to choose
    (``SIMULTANEOUS``), and is empty for ``CHANCE`` and ``TERMINAL``.
    """

    kind: TurnKind
    players: tuple[int, ...] = ()

    def to_json(self) -> JSON:
        return {"kind": self.kind.value, "players": list(self.players)}


def _as_given(value: Any) -> str:
    """``value`` as its user wrote it: options come from JSON setups and records as often as from
    the command line, and there ``None``, ``True`` and ``[1]`` were written null, true and [1]."""
    if value is None or isinstance(value, bool | list | dict):
        try:
            return json.dumps(value)[:80]
        except (TypeError, ValueError):  # not JSON after all: a Python caller's object
            pass
    return shown(value)


_TRUE = {"true", "1", "yes", "on", "y"}
_FALSE = {"false", "0", "no", "off", "n"}


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a game: its name, type, default, documentation and valid values.

    >>> Option("same", bool, False, "Same rule").parse("true")
    True
    >>> Option("same", bool, False, "Same rule").parse(0)
    False
    """

    name: str
    type: type
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    min: int | None = None
    max: int | None = None

    def __repr__(self) -> str:
        # The type by name (bool, not <class 'bool'>): the repr rebuilds the option.
        given = "".join(
            f", {k}={getattr(self, k)!r}" for k in ("choices", "min", "max") if getattr(self, k) is not None
        )
        return f"Option({self.name!r}, {self.type.__name__}, {self.default!r}, {self.doc!r}{given})"

    def parse(self, value: Any) -> Any:
        """Validate ``value`` (a Python value or command-line text) and return it typed: a switch
        takes ``True``/``False``, ``1``/``0`` or the text ``true``, ``yes``, ``on``, ``y``, ``1``
        (and their opposites), in any case."""
        if self.type is bool:
            if isinstance(value, bool):
                return value
            # 0 and 1 as numbers too, as they are taken as text ("1"): a JSON setup may hold either.
            if type(value) is int and value in (0, 1):
                return value == 1
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            raise OptionError(f"option {self.name!r} takes true or false, not {_as_given(value)}", self.name)
        if self.type is int:
            if isinstance(value, bool):
                raise OptionError(f"option {self.name!r} takes a whole number, not {_as_given(value)}", self.name)
            if isinstance(value, str):
                try:
                    if not value.isascii() or "_" in value:  # int() reads other scripts' digits, and 4_00
                        raise ValueError(value)
                    value = int(value.strip())
                except ValueError:
                    raise OptionError(
                        f"option {self.name!r} takes a whole number, not {_as_given(value)}", self.name
                    ) from None
            if not isinstance(value, int):
                raise OptionError(f"option {self.name!r} takes a whole number, not {_as_given(value)}", self.name)
            if self.min is not None and value < self.min:
                raise OptionError(f"option {self.name!r} must be >= {self.min}, not {_as_given(value)}", self.name)
            if self.max is not None and value > self.max:
                raise OptionError(f"option {self.name!r} must be <= {self.max}, not {_as_given(value)}", self.name)
        elif self.type is str:
            if not isinstance(value, str):
                raise OptionError(f"option {self.name!r} takes text, not {_as_given(value)}", self.name)
            value = value.strip()
            if self.choices is not None:
                folded = {str(c).lower(): c for c in self.choices}
                if value.lower() in folded:
                    value = folded[value.lower()]
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {_as_given(value)}", self.name)
        return value

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "type": self.type.__name__,
            "default": self.default,
            "doc": self.doc,
            "choices": list(self.choices) if self.choices is not None else None,
            "min": self.min,
            "max": self.max,
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``scores`` per seat (the game's own points), ``ranks`` per seat (1 is first; tied seats share
    a rank), ``winners`` the seats ranked first (empty for a draw where every seat ties), and
    ``details``: game-specific JSON (the reason the game ended, cards traded, ...).
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict, hash=False)  # JSON: hashed by the rest

    @classmethod
    def from_scores(
        cls, scores: Iterable[float], details: Mapping[str, Any] | None = None, *, tiebreak: Iterable[Any] | None = None
    ) -> Outcome:
        """Rank seats by score, higher first; ``tiebreak`` (per seat, higher first) splits ties.

        >>> Outcome.from_scores([6, 4]).winners
        (0,)
        >>> Outcome.from_scores([5, 5]).ranks
        (1, 1)
        """
        s = tuple(scores)
        keys = list(zip(s, tiebreak, strict=True)) if tiebreak is not None else [(x,) for x in s]
        ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        if len(set(ranks)) == 1 and len(s) > 1:
            winners: tuple[int, ...] = ()
        else:
            winners = tuple(i for i, r in enumerate(ranks) if r == 1)
        return cls(s, ranks, winners, dict(details or {}))

    def returns(self) -> list[float]:
        """Per seat in [-1, 1]: the average over the other seats of +1 ahead, 0 tied, -1 behind."""
        n = len(self.ranks)
        if n == 1:
            return [0.0]
        return [
            sum((r2 > r) - (r2 < r) for j, r2 in enumerate(self.ranks) if j != i) / (n - 1)
            for i, r in enumerate(self.ranks)
        ]

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "details": json.loads(json.dumps(dict(self.details))),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """Read :meth:`to_json`'s output; :class:`StateError` names what is missing or malformed."""
        if not isinstance(data, Mapping):
            raise StateError(f"an outcome is a JSON object, not {json_type(data)}")
        for key in ("scores", "ranks", "winners"):
            if not isinstance(data.get(key), list):
                raise StateError(f"an outcome's {key!r} must be a list, not {json_type(data.get(key))}")
        details = data.get("details", {})
        if not isinstance(details, Mapping):
            raise StateError(f"an outcome's 'details' must be a JSON object, not {json_type(details)}")
        scores, ranks, winners = data["scores"], data["ranks"], data["winners"]
        n = len(scores)
        if any(isinstance(x, bool) or not isinstance(x, int | float) or x != x for x in scores):
            raise StateError("an outcome's 'scores' must be numbers")
        if len(ranks) != n or any(type(r) is not int or not 1 <= r <= n for r in ranks):
            raise StateError(f"an outcome's 'ranks' must give each of its {n} seats a rank from 1 to {n}")
        # Ranks share a place on ties and skip the places the tied seats take (1, 1, 3).
        if any(r != 1 + sum(other < r for other in ranks) for r in ranks):
            raise StateError(f"an outcome's 'ranks' are no ranking: {ranks}"[:200])
        first = [i for i, r in enumerate(ranks) if r == 1]
        if winners != ([] if len(first) == n > 1 else first):
            raise StateError("an outcome's 'winners' must be the seats ranked first (none when every seat ties)")
        return cls(tuple(scores), tuple(ranks), tuple(winners), dict(details))


class Options(dict[str, Any]):
    """A game's options: a dict (JSON and ``dict(...)`` read it as one) that cannot be changed,
    since a game is immutable and its states read their rules from it.

    >>> import tritable
    >>> tritable.new_game("triple-triad").options["same"] = True
    Traceback (most recent call last):
    ...
    tritable.engine.errors.OptionError: a game's options cannot be changed: make a new game ...
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise OptionError("a game's options cannot be changed: make a new game (new_game(id, options=...))")

    __setitem__ = __delitem__ = update = pop = popitem = setdefault = clear = _refuse
    __ior__ = _refuse

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return copy.deepcopy(dict(self), memo)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (to worker processes) as the dict it holds
        return (Options, (dict(self),))


_READERS = ("state_from_json", "sample_state", "sampler")
"""The methods of a game that read JSON a caller gives (a state, a view)."""


def _too_deep_is_a_state_error(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` with a :class:`StateError` for JSON nested too deeply to read: ``json.loads``
    reads some 990 levels, and a game that quotes a value in a message (``repr``), copies or
    compares it runs out of stack on fewer when it is called from deep in a stack of its own."""

    @functools.wraps(method)
    def reading(self: Game, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except RecursionError:
            raise StateError("the JSON is nested too deeply to read") from None

    return reading


class _GameMeta(ABCMeta):
    """Seals a game once its class's ``__init__`` (the subclass's, with the caches it keeps) has
    run: from then on :meth:`Game.__setattr__` refuses every attribute."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        game = super().__call__(*args, **kwargs)
        object.__setattr__(game, "_sealed", True)
        return game


class Game(metaclass=_GameMeta):
    """A rule set with its player count and options fixed. Immutable; equal by id and settings.

    Subclasses set the class attributes and implement the abstract methods. Make one with
    :func:`tritable.new_game` or by calling the class: ``TripleTriad(options={"same": True})``.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    perfect_information: ClassVar[bool] = True
    """False when some seat may not see everything (then :meth:`view` hides it)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in _READERS:
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "__isabstractmethod__", False):
                setattr(cls, name, _too_deep_is_a_state_error(method))

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        if players is None:
            players = self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise PlayerCountError(f"{self.id}: the number of players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            span = (
                f"{self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players}-{self.max_players}"
            )
            raise PlayerCountError(f"{self.id} is for {span} players, not {players}")
        self.players = players
        specs = {spec.name: spec for spec in self.option_specs}
        values = {name: spec.default for name, spec in specs.items()}
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(f"{self.id}: options are name-value pairs (a mapping), not {json_type(options)}")
        given: set[str] = set()
        for name, value in (options or {}).items():
            # Names as people write them: SAME, same-wall and same_wall are one option.
            key = str(name).replace("-", "_").lower()
            if key not in specs:
                known = ", ".join(specs) or "none"
                raise OptionError(f"{self.id} has no option {name!r} (options: {known})", str(name))
            if key in given:
                raise OptionError(f"{self.id}: option {key!r} is given twice (as {name!r} too)", key)
            given.add(key)
            values[key] = specs[key].parse(value)
        self.options: dict[str, Any] = Options(values)
        self.check_options()

    def __setattr__(self, name: str, value: Any) -> None:
        # A game is a value: states, records and dict keys hold it, and states read their rules
        # from it, so nothing changes once it is made (its __init__ may still keep caches).
        if name in ("players", "options") and name in self.__dict__:
            error = PlayerCountError if name == "players" else OptionError
            raise error(f"a game's {name} cannot be changed: make a new game (new_game(id, players, options))")
        if self.__dict__.get("_sealed"):
            # An AttributeError, as a frozen dataclass raises: a program's mistake, not bad input.
            raise AttributeError(f"a game cannot be changed ({name!r}): make a new game (new_game(id, ...))")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if name in ("players", "options"):
            error = PlayerCountError if name == "players" else OptionError
            raise error(f"a game's {name} cannot be removed")
        if self.__dict__.get("_sealed"):
            raise AttributeError(f"a game cannot be changed ({name!r} cannot be removed)")
        object.__delattr__(self, name)

    def __copy__(self) -> Self:
        return self  # immutable: a copy of a state or record shares its game, as a clone does

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    def check_options(self) -> None:
        """Raise :class:`OptionError` for a combination of options that is invalid together."""

    # -- identity -------------------------------------------------------------------------------

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from their defaults."""
        return {s.name: self.options[s.name] for s in self.option_specs if self.options[s.name] != s.default}

    def __repr__(self) -> str:
        return f"tritable.new_game({self.id!r}, players={self.players}, options={self.changed_options()!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and other.id == self.id
            and other.players == self.players
            and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((self.id, self.players, tuple(sorted(self.options.items()))))

    def to_json(self) -> JSON:
        return {"game": self.id, "players": self.players, "options": dict(self.options)}

    # -- states ---------------------------------------------------------------------------------

    def setup_rng(self, seed: int | str | None) -> random.Random:
        """The generator ``new_state(seed=...)`` draws its setup with; :class:`SetupError` for a
        seed that is no whole number or text, or that ``random.Random`` would take as another."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            # What a record holds and an agent takes. random.Random would take a float or bytes
            # too, but a record could not keep them; anything else would be a TypeError deep
            # inside it, and True would deal as 1.
            raise SetupError(f"{self.id}: a seed is a whole number or text, not {type(seed).__name__}")
        if isinstance(seed, int) and seed < 0:
            # random.Random takes -n as n: the deal would repeat another seed's.
            raise SetupError(
                f"{self.id}: a whole-number seed is >= 0, not {shown(seed)} (it would deal as {shown(-seed)})"
            )
        if isinstance(seed, int) and seed >= SEED_BOUND:
            # A record keeps the seed, and Python will not write a number of 4,300 digits as text.
            raise SetupError(f"{self.id}: a whole-number seed has at most {SEED_DIGITS:,} digits")
        if type(seed) is int:
            # random.Random(seed), seeded once: its constructor seeds twice (in C, then in Python's
            # seed), which costs a new game as much as its deal. The same numbers follow.
            rng = _new_random(random.Random)
            _seed_random(rng, seed)
            rng.gauss_next = None  # type: ignore[attr-defined]  # random.Random.seed's other half
            return rng
        return random.Random(seed)

    def new_state(self, seed: int | str | None = None, setup: Mapping[str, Any] | None = None) -> State:
        """A new game: from an explicit ``setup`` (JSON fixing every chance outcome), else from a
        setup drawn with ``random.Random(seed)`` (``seed=None``: fresh randomness; a negative whole
        number is refused, since ``random`` deals it as its positive twin). Both at once is a
        :class:`SetupError`: a given setup ignores any seed, so the seed would be a silent no-op."""
        if setup is not None and seed is not None:
            raise SetupError(f"{self.id}: give a seed or a setup, not both (a setup fixes every chance outcome)")
        if setup is None:
            setup = self.random_setup(self.setup_rng(seed))
        elif not isinstance(setup, Mapping):
            raise SetupError(f"{self.id}: a setup is a JSON object, not {json_type(setup)}")
        return self.state_from_setup(setup)

    @abstractmethod
    def random_setup(self, rng: random.Random) -> JSON:
        """Draw every chance outcome of a game with ``rng``; returns setup JSON."""

    @abstractmethod
    def state_from_setup(self, setup: Mapping[str, Any]) -> State:
        """The initial state for ``setup``; :class:`SetupError` names what is wrong with it."""

    def _refuse_other_game(self, data: object, what: str = "state") -> None:
        """:class:`StateError` for JSON that names another game: checked before anything else,
        so that another game's state is called that, not one of this game's that lacks a field.
        JSON that names no game is left to the reader (its fields say what it is); what is no
        JSON object at all is refused here too, a state object given for its JSON by name."""
        if isinstance(data, State):
            source = "state.to_json()" if what == "state" else "state.view(seat)"
            raise StateError(f"a {self.id} {what} is read from its JSON ({source}), not from a {type(data).__name__}")
        if not isinstance(data, Mapping):
            raise StateError(f"a {self.id} {what} is a JSON object, not {json_type(data)}")
        if data.get("game", self.id) != self.id:
            raise StateError(f"not a {self.id} {what}: {data['game']!r}"[:200])

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_json`; :class:`StateError` when malformed or when
        it names another game, player count or options (``docs/protocol.md`` says which games
        also check the position against its setup and history)."""

    @abstractmethod
    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> State:
        """A full state consistent with ``view`` (a seat's view), with every part that the seat
        cannot see drawn at random with ``rng`` from what is consistent with the view.

        Reads nothing but ``view``: used by information-set search. For a perfect-information
        game this is the one state the view describes. A view that no state of the game shows
        (malformed, tampered with) raises :class:`StateError`: every sample shows the seat
        exactly ``view``. An ``rng`` that is no ``random.Random`` raises ``TypeError``
        (:func:`check_rng`, which every game calls first).
        """

    def sampler(self, view: Mapping[str, Any]) -> Callable[[random.Random], State]:
        """``sample_state`` for many draws from one view: ``sampler(view)(rng)`` draws the same
        state as ``sample_state(view, rng)`` from the same ``rng``, but a game may read the view
        once here instead of at every draw (Triominos and TriATri do). ``view`` must not change while the
        sampler is in use. A view that no state shows raises :class:`StateError` here or at the
        first draw (:func:`checked_draws` makes such a sampler from a game's deal); an ``rng``
        that is no ``random.Random`` raises ``TypeError`` at every draw."""
        return lambda rng: self.sample_state(view, rng)

    # -- notation -------------------------------------------------------------------------------

    @abstractmethod
    def action_to_string(self, action: Action) -> str:
        """Short readable text for ``action``; ``string_to_action`` parses it back exactly."""

    @abstractmethod
    def string_to_action(self, text: str) -> Action:
        """Parse notation; :class:`NotationError` names what is wrong."""


class State(ABC):
    """A position of a :class:`Game`: mutable through :meth:`apply_action`, copied by :meth:`clone`.

    Equality and hashing compare positions (:meth:`key`), not histories.
    """

    __slots__ = ("game", "history", "initial_setup")

    def __init__(self, game: Game, initial_setup: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.history: list[tuple[int, Action]] = []
        """Every action applied since the setup, as ``(seat, action)`` (seat is CHANCE for chance)."""
        self.initial_setup = initial_setup
        """The setup JSON this game started from. Read-only: clones share it (copying it at every
        clone would slow the search), so changing it would change every clone's record."""

    # -- turn -----------------------------------------------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, or CHANCE, SIMULTANEOUS or TERMINAL."""

    def players_to_move(self) -> tuple[int, ...]:
        """The seats that must still choose: one seat, the pending seats of a simultaneous turn,
        or none."""
        p = self.current_player()
        return (p,) if p >= 0 else ()

    def turn(self) -> Turn:
        p = self.current_player()
        if p >= 0:
            return Turn(TurnKind.PLAYER, (p,))
        if p == SIMULTANEOUS:
            return Turn(TurnKind.SIMULTANEOUS, self.players_to_move())
        if p == CHANCE:
            return Turn(TurnKind.CHANCE)
        return Turn(TurnKind.TERMINAL)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def _acting_seat(self, player: int | None) -> int:
        """Resolve who acts for apply_action/legal_actions; raises if ``player`` may not act."""
        check_seat(player)
        p = self.current_player()
        if player is not None and not (player == CHANCE == p):
            # a seat the game does not have is a mistake (StateError, as view says it), not a turn
            check_seat(player, self.game.players)
        if p >= 0:
            if player is not None and player != p:
                raise OutOfTurnError(f"it is seat {p}'s turn, not seat {player}'s")
            return p
        if p == TERMINAL:
            raise GameOverError("the game is over")
        if p == CHANCE:
            if player is not None and player != CHANCE:
                raise OutOfTurnError(f"it is a chance turn, not seat {player}'s")
            return CHANCE
        pending = self.players_to_move()
        if player is None:
            if len(pending) == 1:
                return pending[0]
            raise OutOfTurnError(f"seats {list(pending)} choose at once: say which seat acts")
        if player not in pending:
            waiting = " and ".join(f"seat {p}" for p in pending)
            raise OutOfTurnError(f"seat {player} has no choice to make now (waiting for {waiting})")
        return player

    # -- actions --------------------------------------------------------------------------------

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The legal actions of ``player`` (default: the one seat to move); empty when the game is
        over or the seat has nothing to choose now. Chance turns list the chance outcomes. At a
        simultaneous turn with several seats pending, ``player`` must be given (else
        :class:`OutOfTurnError`, as for :meth:`apply_action`). A seat the game does not have
        raises :class:`StateError`, as :meth:`view` does (see :func:`check_seat`).

        The checks live here, once for every game; a game lists its actions in
        :meth:`_legal_actions`, for a seat known to have a choice."""
        p = self.current_player()
        if player is None:
            if p >= 0:
                return self._legal_actions(p)
        elif type(player) is int:
            if player == p and (p >= 0 or p == CHANCE):
                return self._legal_actions(p)
            if p == SIMULTANEOUS and 0 <= player < self.game.players:  # the seats' own fast path
                return self._legal_actions(player) if player in self.players_to_move() else []
        seat = self._listing_seat(player, p)
        return [] if seat is None else self._legal_actions(seat)

    def _listing_seat(self, player: int | None, p: int) -> int | None:
        """Whose actions :meth:`legal_actions` lists when ``player`` is not simply the seat to
        move: a pending seat of a simultaneous turn, chance, or ``None`` for nobody."""
        if player is None:
            if p == TERMINAL:
                return None
            if p == CHANCE:
                return CHANCE
            pending = self.players_to_move()
            if len(pending) == 1:
                return pending[0]
            raise OutOfTurnError(f"seats {list(pending)} choose at once: say which seat acts")
        check_seat(player)
        if not (player == CHANCE == p):
            # a seat the game does not have is a mistake (StateError, as view says it), not "no moves"
            check_seat(player, self.game.players)
        if p == SIMULTANEOUS and player in self.players_to_move():
            return player
        return None

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """The game's hook: the legal actions of ``seat``, which is to move now (a seat to move,
        a pending seat of a simultaneous turn, or CHANCE at a chance turn)."""

    def apply_action(self, action: Action, player: int | None = None) -> None:
        """Apply ``action`` for ``player`` (default: the one seat to move).

        Raises :class:`IllegalActionError` (or a subclass) naming why, with the state unchanged.
        The seat and the turn are checked here, once for every game; a game validates and applies
        the action itself in :meth:`_apply`.
        """
        p = self.current_player()
        if p >= 0 and (player is None or (player == p and type(player) is int)):
            seat = p
        elif p == SIMULTANEOUS and type(player) is int and player in self.players_to_move():
            seat = player  # a pending seat of a simultaneous turn, said in full by _acting_seat
        else:
            seat = self._acting_seat(player)
        self._apply(seat, action)
        self.history.append((seat, action))

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """The game's hook: validate then apply ``action`` for ``seat`` (already known to be
        allowed to act), or raise :class:`IllegalActionError` naming why with nothing changed.
        :meth:`apply_action` appends to :attr:`history` after it returns."""

    def child(self, action: Action, player: int | None = None) -> State:
        """A copy with ``action`` applied; this state is not changed."""
        new = self.clone()
        new.apply_action(action, player)
        return new

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        """Whether :meth:`apply_action` would take ``action`` now: one of the legal actions, of the
        same types too (``1.0`` and ``True`` equal ``1`` but are no action); ``False`` for a seat
        out of turn. A seat the game does not have raises :class:`StateError`, as
        :meth:`legal_actions` does, and so does asking at a simultaneous turn with several seats
        pending without naming one (:class:`OutOfTurnError`: the question has no answer)."""
        try:
            legal = self.legal_actions(player)
        except OutOfTurnError:
            if player is None:  # several seats choose at once: legal_actions' own answer stands
                raise
            return False
        except IllegalActionError:
            return False
        return any(a == action and same_json(a, action) for a in legal)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance turn, each outcome with its probability."""
        raise IllegalActionError("this is not a chance turn")

    # -- results --------------------------------------------------------------------------------

    @abstractmethod
    def outcome(self) -> Outcome:
        """The result; :class:`GameNotOverError` before the end."""

    def returns(self) -> list[float]:
        """Per seat in [-1, 1] at the end (see :meth:`Outcome.returns`), zeros before."""
        if not self.is_terminal():
            return [0.0] * self.game.players
        return self.outcome().returns()

    # -- the common vocabulary -----------------------------------------------------------------

    @abstractmethod
    def scores(self) -> list[int] | list[float]:
        """The current score of every seat, in the game's own points: what a score line shows
        (Triple Triad: cards owned; Triominos: points; TriATri: gems' worth; Tri*T*Area: money;
        Triad: dice removed). At the end it equals ``outcome().scores``."""

    @abstractmethod
    def hand(self, seat: int) -> list[str]:
        """``seat``'s private holdings (cards, tiles) in the game's notation, in the game's own
        order; empty in a game where nothing is held in hand (Triad). A full state answers for
        every seat: a view (:meth:`view`) holds only the viewer's own."""

    def hand_sizes(self) -> list[int]:
        """How many things each seat holds in hand: public in every game."""
        return [len(self.hand(s)) for s in range(self.game.players)]

    def _not_over(self) -> GameNotOverError:
        return GameNotOverError(f"the {self.game.id} game is not over")

    # -- copies, identity, JSON -----------------------------------------------------------------

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (history included)."""

    def __copy__(self) -> State:
        # A shallow copy would share the position's lists: playing on it would change this state.
        return self.clone()

    @abstractmethod
    def key(self) -> Hashable:
        """Everything that makes up the position, as a hashable value (no history)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.game == self.game and other.key() == self.key()

    def __hash__(self) -> int:
        return hash(self.key())

    @abstractmethod
    def to_json(self) -> JSON:
        """The full state (hidden parts included) as JSON; ``game.state_from_json`` reads it back.

        Contains ``"game"``, ``"players"``, ``"options"``, ``"setup"`` and ``"history"``
        (``[seat, notation]`` pairs): build it on :meth:`_json_header`."""

    def _json_header(self) -> JSON:
        g = self.game
        history: list[Any] = []
        for seat, action in self.history:
            history.append([seat, g.action_to_string(action)])
        return {
            "game": g.id,
            "players": g.players,
            "options": dict(g.options),
            # A copy: the caller may change the JSON without changing this state.
            "setup": copy.deepcopy(self.initial_setup),
            "history": history,
        }

    def _check_turn(self, what: str = "a state read from JSON") -> None:
        """The turn must be one the game can be in: real seats to move, each with a choice, and
        someone to move (or chance) until the end; :class:`StateError` naming ``what`` if not."""
        try:
            pending = self.players_to_move()
            if any(type(p) is not int or not 0 <= p < self.game.players for p in pending):
                raise StateError(f"{what}: no seats {list(pending)} to move")
            if not pending and self.current_player() not in (CHANCE, TERMINAL):
                raise StateError(f"{what}: nobody is to move and the game is not over")
            if any(not self.legal_actions(p) for p in pending):
                raise StateError(f"{what}: a seat to move has no choice")
        except StateError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise StateError(f"{what}: the turn is broken ({in_json_terms(exc)})") from None

    def _agreeing_with(self, view: Mapping[str, Any], exact: bool = True) -> Self:
        """This state, drawn from ``view`` by ``game.sample_state``, after checking that it shows
        that seat exactly ``view``; :class:`StateError` if not: the view was not one the game
        shows (tampered with, or of another position), and no state is consistent with it.
        ``exact=False`` compares values only, for a sampler's later draws from a view whose types
        its first draw checked (the view does not change while a sampler is in use)."""
        try:
            shown = self.view(view.get("seat"))
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise StateError(f"no state shows this view: {in_json_terms(exc)}") from None
        self._check_turn("no state shows this view")
        # Exact in types too: 2.0 or true equals 2 or 1 in Python, but no state shows it. The
        # reprs of equal JSON agree unless types (or the order of keys) differ: a quick test first.
        if shown != view or (exact and repr(shown) != repr(view) and not same_json(shown, copy_json(view))):
            # str(): a view built in Python may have keys that are not text
            wrong = sorted(
                str(k) for k in set(shown) | set(view) if not same_json(shown.get(k), copy_json(view.get(k)))
            )
            raise StateError(f"no state shows this view (it contradicts itself in {', '.join(wrong)})")
        return self

    def _check_replays(self) -> None:
        """For a state read from JSON: the position it states must be the one its setup and
        history lead to (the JSON repeats the position for its readers; it may not contradict
        them). A state without a setup (drawn from a view) has nothing to check against."""
        if self.initial_setup is None:
            return
        try:
            replay = self.game.state_from_setup(self.initial_setup)
            for seat, action in self.history:
                replay.apply_action(action, None if seat == CHANCE else seat)
        except (TypeError, ValueError) as exc:
            raise StateError(f"the state's setup and history do not replay: {exc}") from None
        if replay.to_json() != self.to_json():
            raise StateError("the state's position is not the one its setup and history lead to")

    def _refuse_unknown_fields(self, data: Mapping[str, Any]) -> None:
        """:class:`StateError` for a field of state JSON that this state does not write: a typo
        (``"scroes"``) must not be read as a state that silently ignores it."""
        unknown = set(data) - set(self.to_json())
        if unknown:
            raise StateError(f"unknown state fields: {', '.join(sorted(map(str, unknown)))}")

    def _read_header(self, data: Mapping[str, Any]) -> None:
        """Read back the ``setup`` and ``history`` that :meth:`_json_header` wrote, after checking
        that the ``game``, ``players`` and ``options`` the JSON names (where it names them) are
        this state's game's: a state read into a game with other options would be another game."""
        g = self.game
        if "game" in data and data["game"] != g.id:
            raise StateError(f"not a {g.id} state: {data['game']!r}")
        if "players" in data and (type(data["players"]) is not int or data["players"] != g.players):
            raise StateError(f"this state is for {data['players']!r} players, this game for {g.players}")
        if "options" in data:
            options = data["options"]
            if not isinstance(options, Mapping):
                raise StateError("the state's options must be a JSON object")
            try:
                theirs = type(g)(players=g.players, options=options).options
            except TritableError as exc:
                raise StateError(f"bad options in state JSON: {exc}") from None
            if theirs != g.options:
                raise StateError(f"the state was made with other options ({theirs}) than this game's ({g.options})")
        history = data.get("history", [])
        if not isinstance(history, list):
            raise StateError("the state's history must be a list of [seat, action] pairs")
        read: list[tuple[int, Action]] = []
        for i, entry in enumerate(history):
            if not isinstance(entry, (list, tuple)) or len(entry) != 2:
                raise StateError(f"bad history in state JSON: entry {i} is not a [seat, action] pair")
            seat, text = entry
            if type(seat) is not int or not CHANCE <= seat < g.players:
                raise StateError(f"bad history in state JSON: entry {i} names no seat ({seat!r})")
            try:
                read.append((seat, g.string_to_action(text)))
            except (TypeError, ValueError) as exc:
                raise StateError(f"bad history in state JSON: entry {i}: {exc}") from None
        self.history = read
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, Mapping):
            raise StateError("the state's setup must be a JSON object")
        self.initial_setup = copy.deepcopy(setup)

    @abstractmethod
    def view(self, seat: int | None = None) -> JSON:
        """What ``seat`` may see (``None``: a spectator), as JSON, and nothing more.

        Contains ``"game"``, ``"players"``, ``"options"``, ``"seat"``, ``"turn"``
        (:meth:`Turn.to_json`), ``"outcome"`` (:meth:`Outcome.to_json` once the game is over,
        else ``None``) and the game's visible parts."""

    def _view_header(self, seat: int | None) -> JSON:
        if seat is not None and not (type(seat) is int and 0 <= seat < self.game.players):
            raise StateError(f"no seat {shown(seat)} in a {self.game.players}-player game")
        g = self.game
        return {
            "game": g.id,
            "players": g.players,
            "options": dict(g.options),
            "seat": seat,
            "turn": self.turn().to_json(),
            # Every game's client learns the end and the result the same way, from any view.
            "outcome": self.outcome().to_json() if self.is_terminal() else None,
        } | self._common_view(seat)  # the common vocabulary: see docs/protocol.md

    def _common_view(self, seat: int | None) -> JSON:
        return {
            "scores": self.scores(),
            "hand": None if seat is None else self.hand(seat),
            "hand_sizes": self.hand_sizes(),
        }

    @abstractmethod
    def render(self, seat: int | None = None) -> str:
        """Plain text picture of what ``seat`` sees (``None``: a spectator)."""

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        p = self.current_player()
        if p >= 0:
            turn = f"seat {p} to move"
        elif p == TERMINAL:
            turn = "over"
        elif p == SIMULTANEOUS:
            pending = self.players_to_move()
            turn = f"seat{'s' if len(pending) > 1 else ''} {', '.join(map(str, pending))} to choose"
        else:
            turn = "chance to move"
        return f"<{type(self).__name__} {self.game!r} after {len(self.history)} actions, {turn}>"



_S = TypeVar("_S", bound=State)

_READ_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError)
"""What reading a malformed JSON state or view raises before a game names the problem."""


def checked_draws(
    view: Mapping[str, Any], deal: Callable[[random.Random], _S], what: str, check: Callable[[_S], object] | None = None
) -> Callable[[random.Random], _S]:
    """The sampler of :meth:`Game.sampler` for a game that has read ``view`` once into
    ``deal(rng) -> state`` (dealing only the hidden parts). Its first draw is checked, by
    ``check(state)`` if given and then by showing the seat exactly ``view``; the later draws
    differ from it only in what ``deal`` dealt. A draw that fails on a lookup or a conversion
    raises :class:`StateError` ("malformed ``what``"), never a Python error."""
    checked = False

    def draw(rng: random.Random) -> _S:
        nonlocal checked
        check_rng(rng)  # before the try: a wrong rng is the caller's TypeError, not the view's fault
        try:
            state = deal(rng)
            if not checked:
                if check is not None:
                    check(state)
                state._agreeing_with(view)
                checked = True
        except StateError:
            raise
        except _READ_ERRORS as exc:
            raise StateError.malformed(what, exc) from None
        return state

    return draw


def viewed_draws(
    view: Mapping[str, Any], sample: Callable[[random.Random], _S], what: str
) -> Callable[[random.Random], _S]:
    """The sampler of :meth:`Game.sampler` for a game that reads ``view`` afresh at every draw
    (``sample(rng) -> state``): every draw must show the seat ``view``'s values, and its types
    are checked at the first draw only (that check reads the whole view twice over, and a view
    does not change while its sampler is in use). A draw that fails on a lookup or a conversion
    raises :class:`StateError` ("malformed ``what``"), never a Python error."""
    exact = True

    def draw(rng: random.Random) -> _S:
        nonlocal exact
        check_rng(rng)  # before the view is read: a seed given for rng is no fault of the view's
        try:
            state = sample(rng)
            state._agreeing_with(view, exact)
        except StateError:
            raise
        except _READ_ERRORS as exc:
            raise StateError.malformed(what, exc) from None
        exact = False
        return state

    return draw


def json_type(value: object) -> str:
    """What ``value`` is in JSON's words, for messages about a file's content.

    >>> json_type(None), json_type([1]), json_type({}), json_type("x"), json_type(True), json_type(2.5)
    ('null', 'an array', 'an object', 'text', 'true/false', 'a number')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def check_seat(player: object, players: int | None = None) -> None:
    """Raise :class:`StateError` for a ``player`` argument that is no seat number (``"0"`` from
    JSON text; ``True`` and ``1.0`` equal a seat but are none); ``None`` and whole numbers pass.
    Given ``players``, also :class:`StateError` for a seat the game does not have, as
    :meth:`State.view` says it:
    :meth:`State.legal_actions` and :meth:`State.apply_action` call it so (seat 99 has no empty
    list of moves and is not out of turn; it is a mistake). For games that override
    :meth:`State.apply_action` or :meth:`State.legal_actions` without ``_acting_seat``, on their
    path for a seat other than the one to move."""
    if player is not None:
        if type(player) is not int:
            # no seat at all, not a seat out of turn: a server answers the two differently
            raise StateError(f"a seat is a whole number, not {shown(player)}")
        if players is not None and not 0 <= player < players:
            raise StateError(f"no seat {shown(player)} in a {players}-player game")


def check_rng(rng: object) -> None:
    """Raise ``TypeError`` for an ``rng`` that is no ``random.Random`` (a seed, say): the
    samplers would otherwise fail deep inside, blaming the view, or ignore it."""
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {type(rng).__name__} ({rng!r:.40})")


def copy_json(value: Any) -> Any:
    """A copy of JSON-like ``value`` that shares nothing mutable with it (mappings become dicts,
    lists and tuples keep their type): what a state keeps of a setup that its caller may go on
    changing. Quicker than :func:`copy.deepcopy` on such data."""
    kind = type(value)
    if kind is list or kind is tuple:
        if all(type(v) in _SCALARS for v in value):  # the common case (a deck, a rack): no recursion
            return value.copy() if kind is list else value
        return kind(copy_json(v) for v in value)
    if isinstance(value, Mapping):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(copy_json(v) for v in value)
    return value


_SCALARS = frozenset({str, int, float, bool, type(None)})
_new_random = random.Random.__new__
_seed_random = _random.Random.seed  # the C seed that random.Random.seed calls for a whole number


def same_json(a: object, b: object) -> bool:
    """``a == b`` with the same types throughout: ``(1, 2)`` is not ``(1.0, 2)`` nor ``(True, 2)``,
    though Python finds them equal. Actions and states cross networks as JSON, where those differ."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple | list) and isinstance(b, tuple | list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(v, b[k]) for k, v in a.items())
    return a == b


def check_keys(
    data: Mapping[str, Any], required: Iterable[str], what: str, error: type[Exception] = SetupError
) -> None:
    """Raise ``error`` naming the first missing key of ``data``."""
    if not isinstance(data, Mapping):
        raise error(f"{what} must be a JSON object, not {json_type(data)}")
    for key in required:
        if key not in data:
            raise error(f"{what} lacks {key!r}")
