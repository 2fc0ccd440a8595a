"""Game records: JSON that replays a game to the identical state.

A record holds the format version, the game id, player count and options, the setup (which fixes
every chance outcome), the seed it was drawn from (if any), the players' names, the actions in
the game's notation and, for a finished game, the outcome. Actions made in a simultaneous turn are
written ``"<seat>:<notation>"``; every other action is its notation alone.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tritable.engine.errors import PlayerCountError, RecordError, TritableError, shown
from tritable.engine.protocol import (
    CHANCE,
    SEED_BOUND,
    SEED_DIGITS,
    SIMULTANEOUS,
    Game,
    State,
    copy_json,
    json_type,
    same_json,
)
from tritable.engine.registry import new_game

FORMAT = 1
LONGEST_NOTATION = 200
"""The most characters an action of a record may hold (every game's notation is far shorter)."""
_KIND_WORDS: dict[type, str] = {str: "text", int: "a whole number", dict: "an object", list: "an array"}


def json_problem(exc: BaseException) -> str:
    """What is wrong with JSON text that ``json.loads`` refused with ``exc``, in a few words.

    >>> try:
    ...     json.loads("1" * 5000)
    ... except ValueError as exc:
    ...     json_problem(exc)
    'a number has more than 4300 digits'
    >>> try:
    ...     json.loads("   ")
    ... except ValueError as exc:
    ...     json_problem(exc)
    'it is empty'
    """
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, json.JSONDecodeError) and not exc.doc.strip():
        return "it is empty"
    if "Exceeds the limit" in str(exc):  # Python's own advice (set_int_max_str_digits) is not the reader's
        return f"a number has more than {sys.get_int_max_str_digits()} digits"
    return str(exc)


def _check_names(names: object) -> None:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError("the record's 'names' must be a list of text")
    if any(not n.isprintable() for n in names):
        # A name is shown on terminals: control characters could rewrite the screen.
        raise RecordError("the record's 'names' must not hold control characters")


@dataclass
class Record:
    """One game: enough to rebuild every position of it.

    >>> import tritable
    >>> state = tritable.new_game("triad").new_state(seed=3)
    >>> record = Record.from_state(state)
    >>> Record.loads(record.dumps()).replay() == state
    True
    """

    game: str
    players: int
    options: dict[str, Any]
    setup: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    seed: int | str | None = None
    names: list[str] | None = None
    outcome: dict[str, Any] | None = None
    format: int = FORMAT

    @classmethod
    def from_state(
        cls, state: State, names: list[str] | tuple[str, ...] | None = None, seed: int | str | None = None
    ) -> Record:
        """The record of ``state``'s history from its setup."""
        if state.initial_setup is None:
            raise RecordError("this state does not know the setup it started from")
        game = state.game
        if isinstance(names, tuple):  # names given in Python: a tuple is as good as a list
            names = list(names)
        if names is not None and len(names) != game.players:
            raise RecordError(f"give one name a seat: {game.players} names, not {len(names)}")
        if names is not None:
            _check_names(names)
        if seed is not None and type(seed) not in (int, str):  # what a record may hold, and read back
            raise RecordError(f"a record's seed is a whole number or text, not {seed!r}"[:200])
        if type(seed) is int and seed < 0:  # new_state refuses it: no setup was drawn from it
            raise RecordError(f"a record's whole-number seed is >= 0, not {shown(seed)}")
        if type(seed) is int and seed >= SEED_BOUND:  # nor this: and it could not be written
            raise RecordError(f"a record's whole-number seed has at most {SEED_DIGITS:,} digits")
        actions: list[str] = []
        try:
            replay = game.state_from_setup(state.initial_setup)
            for seat, action in state.history:
                text = game.action_to_string(action)
                actions.append(f"{seat}:{text}" if replay.current_player() == SIMULTANEOUS else text)
                replay.apply_action(action, None if seat == CHANCE else seat)
        except TritableError as exc:
            raise RecordError(f"this state's setup and history do not replay: {exc}") from None
        # A position built by hand (state JSON edited, a sample drawn from a view) keeps a setup
        # and history that need not lead to it: its record would replay to another position.
        if replay != state:
            raise RecordError("this state is not the one its setup and history lead to: it has no record")
        return cls(
            game=game.id,
            players=game.players,
            options=game.changed_options(),
            setup=copy.deepcopy(dict(state.initial_setup)),
            actions=actions,
            seed=seed,
            names=list(names) if names is not None else None,
            outcome=state.outcome().to_json() if state.is_terminal() else None,
        )

    # -- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": self.format,
            "game": self.game,
            "players": self.players,
            "options": copy_json(self.options),
            "setup": copy_json(self.setup),  # copies: changing the JSON must not change the record
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if self.names is not None:
            data["names"] = list(self.names)
        data["actions"] = list(self.actions)
        if self.outcome is not None:
            data["outcome"] = copy_json(self.outcome)
        return data

    def dumps(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_json(), indent=indent)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a record; :class:`RecordError` names the first malformed field."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record is a JSON object, not {json_type(data)}")
        if "format" not in data:
            raise RecordError("not a game record: it has no 'format' field (a setup or a state is not a record)")
        fmt = data.get("format")
        if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt != FORMAT:
            raise RecordError(f"unsupported record format {fmt!r} (this version reads format {FORMAT})")
        for key, kind in (("game", str), ("players", int), ("options", dict), ("setup", dict), ("actions", list)):
            if key not in data:
                raise RecordError(f"the record lacks {key!r}")
            if not isinstance(data[key], kind) or (kind is int and isinstance(data[key], bool)):
                # 2.0 or NaN is "a number" as much as 2 is: name a float by its value
                got = shown(data[key]) if isinstance(data[key], float) else json_type(data[key])
                raise RecordError(f"the record's {key!r} must be {_KIND_WORDS[kind]}, not {got}")
        for i, text in enumerate(data["actions"]):
            if not isinstance(text, str):
                raise RecordError(f"action {i + 1} must be text, not {json_type(text)}", index=i)
            if len(text) > LONGEST_NOTATION:
                # Refused unread: error messages quote an action, and this one would flood them.
                raise RecordError(
                    f"action {i + 1} is {len(text):,} characters long: no action is written in more than "
                    f"{LONGEST_NOTATION}",
                    index=i,
                )
        seed = data.get("seed")
        if seed is not None and type(seed) not in (int, str):
            raise RecordError(f"the record's 'seed' must be a whole number or text, not {seed!r}"[:200])
        if type(seed) is int and seed < 0:
            raise RecordError(f"the record's 'seed' is a whole number >= 0, not {shown(seed)}")
        if type(seed) is int and seed >= SEED_BOUND:
            raise RecordError(f"the record's 'seed' has at most {SEED_DIGITS:,} digits")
        names = data.get("names")
        if names is not None:
            _check_names(names)
        if names is not None and len(names) != data["players"]:
            try:  # a count the game does not take is what is wrong, not the names
                new_game(data["game"], data["players"])
            except PlayerCountError as exc:
                raise RecordError(f"the record's 'players': {exc}") from None
            except TritableError:  # an unknown game: the replay says so
                pass
            raise RecordError(f"the record's 'names' must name each of its {data['players']} seats, not {len(names)}")
        outcome = data.get("outcome")
        if outcome is not None and not isinstance(outcome, dict):
            raise RecordError("the record's 'outcome' must be a JSON object")
        unknown = set(data) - {"format", "game", "players", "options", "setup", "seed", "names", "actions", "outcome"}
        if unknown:
            # str(): a record built in Python may have keys that are not text
            raise RecordError(f"unknown record fields: {', '.join(sorted(map(str, unknown)))}")
        try:  # a copy: the record shares nothing with the data it was read from
            options, setup, outcome = copy_json((data["options"], data["setup"], outcome))
        except RecursionError:
            raise RecordError("the record is nested too deeply") from None
        return cls(
            game=data["game"],
            players=data["players"],
            options=options,
            setup=setup,
            actions=list(data["actions"]),
            seed=seed,
            names=list(names) if names is not None else None,
            outcome=outcome,
            format=fmt,
        )

    @classmethod
    def loads(cls, text: str) -> Record:
        if not isinstance(text, str | bytes | bytearray):
            raise RecordError(f"a record is read from JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except (RecursionError, ValueError) as exc:
            raise RecordError(f"the record is not valid JSON: {json_problem(exc)}") from None
        return cls.from_json(data)

    # -- replay -----------------------------------------------------------------------------------

    def new_game(self) -> Game:
        try:
            return new_game(self.game, self.players, self.options)
        except TritableError as exc:
            raise RecordError(f"bad game settings in the record: {exc}") from None

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (default: all of them).

        Raises :class:`RecordError` naming the first unparsable or illegal action and its index,
        or a stored outcome that does not match the replayed game.
        """
        if upto is not None and (type(upto) is not int or not 0 <= upto <= len(self.actions)):
            raise RecordError(f"replay up to 0-{len(self.actions)} actions, not {upto!r}")
        game = self.new_game()
        try:
            state = game.state_from_setup(self.setup)
        except TritableError as exc:
            raise RecordError(f"bad setup in the record: {exc}") from None
        actions = self.actions if upto is None else self.actions[:upto]
        for i, text in enumerate(actions):
            apply_notation(state, text, index=i)
        if upto is None and self.outcome is not None:
            if not state.is_terminal():
                raise RecordError("the record has an outcome but its actions do not finish the game")
            # Exact in types too: a score of 6.0 or a rank of true equals 6 or 1 in Python, not in JSON.
            if not same_json(state.outcome().to_json(), copy_json(self.outcome)):
                raise RecordError("the record's outcome does not match its replayed actions")
        return state

    def states(self) -> list[State]:
        """Every position of the game, from the setup to the last action."""
        game = self.new_game()
        try:
            state = game.state_from_setup(self.setup)
        except TritableError as exc:
            raise RecordError(f"bad setup in the record: {exc}") from None
        states = [state.clone()]
        for i, text in enumerate(self.actions):
            apply_notation(state, text, index=i)
            states.append(state.clone())
        return states


def apply_notation(state: State, text: str, index: int | None = None) -> None:
    """Apply one record entry (``notation`` or ``seat:notation`` in a simultaneous turn).

    Raises :class:`RecordError` naming the entry and why; the state is unchanged then.
    """
    # Messages count the actions from 1, as the play screen and the replay stepper do.
    where = f"action {index + 1} ({text!r})" if index is not None else f"action {text!r}"
    if not isinstance(text, str):  # a record built in Python, not read from JSON, may hold anything
        raise RecordError(f"{where}: an action is written as text, not {type(text).__name__}", index)
    if len(text) > LONGEST_NOTATION:
        # Refused unread, as Record.from_json refuses it: a seat of 5,000 digits is more than
        # int() reads (a ValueError of Python's), and quoted it would flood the message.
        at = f"action {index + 1}" if index is not None else "an action"
        raise RecordError(
            f"{at} is {len(text):,} characters long: no action is written in more than {LONGEST_NOTATION}", index
        )
    seat: int | None = None
    body = text
    if state.current_player() == SIMULTANEOUS:
        head, sep, rest = text.partition(":")
        if not sep or not head.strip().isascii() or not head.strip().isdigit():
            raise RecordError(f"{where}: a simultaneous turn's action must be written '<seat>:<action>'", index, text)
        seat, body = int(head), rest
    try:
        action = state.game.string_to_action(body)
        state.apply_action(action, seat)
    except TritableError as exc:
        raise RecordError(f"{where}: {exc}", index, text) from None
