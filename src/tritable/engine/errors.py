"""Typed errors of the engine.

Every error the engine or a game raises for bad input subclasses :class:`TritableError`, which
subclasses :class:`ValueError`, so ``except ValueError`` catches all of them. Raising one never
leaves a state half-changed: games validate an action completely before touching the state.
"""

from __future__ import annotations


class TritableError(ValueError):
    """Base class of every error about bad input to tritable."""


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
        detail = str(exc) or type(exc).__name__
        return cls(f"malformed {what}: a field has the wrong type or value ({detail})")


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
