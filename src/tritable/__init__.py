"""tritable: five "Tri" tabletop games on one protocol, with AI opponents and terminal play.

>>> import tritable
>>> game = tritable.new_game("triple-triad", options={"same": True})
>>> state = game.new_state(seed=7)
>>> state.current_player() in (0, 1)
True
"""

from tritable.engine import (
    Game,
    GameNotOverError,
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
    Outcome,
    OutOfTurnError,
    PlayerCountError,
    Record,
    RecordError,
    SetupError,
    State,
    StateError,
    TritableError,
    UnknownGameError,
    game_ids,
    new_game,
    state_from_json,
)

__version__ = "0.1.0"

# The errors too (as python-chess exports its own): `except tritable.IllegalActionError`.
__all__ = [
    "Game",
    "GameNotOverError",
    "GameOverError",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "OutOfTurnError",
    "Outcome",
    "PlayerCountError",
    "Record",
    "RecordError",
    "SetupError",
    "State",
    "StateError",
    "TritableError",
    "UnknownGameError",
    "game_ids",
    "new_game",
    "state_from_json",
]
