"""Typed errors of the engine.

Every error the engine or a game raises for bad input subclasses :class:`TritableError`, which
subclasses :class:`ValueError`, so ``except ValueError`` catches all of them. Raising one never
leaves a state half-changed: games validate an action completely before touching the state.
"""

from __future__ import annotations

import re

LONGEST_MESSAGE = 1000
"""The most characters an error's message holds: a message quotes what it refuses, and a
server passes messages on to clients, so a megabyte of bad notation is not echoed whole."""


class TritableError(ValueError):
    """Base class of every error about bad input to tritable.

    >>> len(str(TritableError("x" * 5000))) == LONGEST_MESSAGE
    True
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > LONGEST_MESSAGE:
            args = (args[0][: LONGEST_MESSAGE - 1] + "…",)
        super().__init__(*args)


def shown(value: object, limit: int = 80) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters; a whole number of more than
    some 77 digits is named by its size instead (Python will not write one of 4,300).

    >>> shown((1, "x")), shown(10**5000), shown("y" * 100)[-3:]
    ("(1, 'x')", 'a number of about 5,001 digits', 'yy…')
    """
    if isinstance(value, int) and value.bit_length() > 256:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a list that holds such a number, or lists 1,000 deep
        return f"a {type(value).__name__} too long or too deep to show"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class UnknownGameError(TritableError):
    """The game id is not registered."""


class OptionError(TritableError):
    """An option is unknown or its value is invalid; ``option`` names it."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class PlayerCountError(TritableError):
    """The game does not support that number of players."""


class SetupError(TritableError):
    """A setup (the JSON that fixes every chance outcome) is malformed or inconsistent."""


class NotationError(TritableError):
    """A text could not be parsed as an action of the game."""


class IllegalActionError(TritableError):
    """The action is not legal in this state; the message says why. The state is unchanged."""


class OutOfTurnError(IllegalActionError):
    """The player may not act now (not their turn, or they already chose this turn)."""


class GameOverError(IllegalActionError):
    """The game is over: no action may be applied."""


class GameNotOverError(TritableError):
    """An outcome was asked of a game that is not over yet."""


class StateError(TritableError):
    """A JSON state or view is malformed."""

    @classmethod
    def malformed(cls, what: str, exc: Exception) -> StateError:
        """The error for a state or view whose reading failed with ``exc`` (a lookup or a
        conversion), said in the JSON's terms rather than Python's.

        >>> str(StateError.malformed("Triad state", KeyError("board")))
        "malformed Triad state: it lacks the field 'board'"
        """
        if isinstance(exc, KeyError) and exc.args:
            return cls(f"malformed {what}: it lacks the field {exc.args[0]!r}")
        return cls(f"malformed {what}: a field has the wrong type or value ({in_json_terms(exc)})")


_JSON_NAMES = {
    "list": "a list",
    "tuple": "a list",
    "dict": "an object",
    "str": "text",
    "int": "a number",
    "float": "a number",
    "bool": "true or false",
    "NoneType": "null",
}

# Python's messages for a value of the wrong type, and what was expected there, in JSON's terms.
_WRONG_TYPE = [
    (r"'(\w+)' object is not iterable|cannot unpack non-iterable (\w+) object", "a list"),
    (r"'(\w+)' object is not subscriptable", "a list or an object"),
    (r"object of type '(\w+)' has no len\(\)", "a list or text"),
    (r"'(\w+)' object has no attribute", "an object"),
    (r"list indices must be integers or slices, not (str)", None),
    (r"list indices must be integers or slices, not (\w+)", "a whole number"),
    (r"string indices must be integers, not '?(\w+)'?", None),
    (r"(?:int|float)\(\) argument must be .*, not '(\w+)'", "a number"),
    (r"unhashable type: '(\w+)'", "a plain value"),
    (r"unsupported operand type\(s\) for .*: '(\w+)' and '\w+'", "a number"),
    (r"not supported between instances of '(\w+)' and '\w+'", "a number"),
]


def in_json_terms(exc: Exception) -> str:
    """What ``exc``, raised while reading JSON, says of the value that broke it, in JSON's terms
    (a list, an object, text, a number, true or false, null) rather than Python's.

    >>> in_json_terms(TypeError("'NoneType' object is not subscriptable"))
    'null where a list or an object was expected'
    >>> in_json_terms(TypeError("list indices must be integers or slices, not str"))
    'a list where an object was expected'
    >>> in_json_terms(ValueError("invalid literal for int() with base 10: 'x'"))
    "invalid literal for int() with base 10: 'x'"
    """
    if isinstance(exc, RecursionError):
        return "nested too deeply to read"
    said = str(exc)
    for pattern, expected in _WRONG_TYPE:
        found = re.search(pattern, said)
        if found is None:
            continue
        python = next(g for g in found.groups() if g)
        if expected is None:  # a list or text indexed by name: it stood where an object belongs
            return f"{'a list' if said.startswith('list') else 'text'} where an object was expected"
        return f"{_JSON_NAMES.get(python, python)} where {expected} was expected"
    if said == "Cannot choose from an empty sequence":  # random.choice: nothing left to deal
        return "nothing is left to draw from"
    return said or type(exc).__name__


class RecordError(TritableError):
    """A game record is malformed, or one of its actions is unparsable or illegal.

    ``index`` is the 0-based index of the first bad entry of ``actions`` (``None`` when the
    problem is not in the actions), ``action`` its text; the message counts from 1 ("action 4"
    is ``actions[3]``), as the play screen and the replay stepper do.
    """

    def __init__(self, message: str, index: int | None = None, action: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.action = action
