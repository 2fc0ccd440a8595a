"""What the API takes: every HTTP body and WebSocket message is checked here before the engine sees it."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, field_validator

MAX_MESSAGE_BYTES = 64 * 1024

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
Token = Annotated[str, StringConstraints(min_length=1, max_length=100)]
Seat = Annotated[int, Field(ge=0, le=15)]
OptionValue = Annotated[str, StringConstraints(max_length=100)] | bool | int


def _printable(name: str) -> str:
    if not name.isprintable():  # names are shown on terminals: no control characters
        raise ValueError("a name must not hold control characters")
    return name


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=False)


class SeatSpec(Strict):
    """A seat at a new table: ``open`` for a person to join, or ``ai`` with a level or agent spec."""

    kind: Literal["open", "ai"] = "open"
    level: Annotated[str, StringConstraints(min_length=1, max_length=100)] | None = None


class ClockSpec(Strict):
    """Real time (``initial_seconds`` per player plus ``increment_seconds`` a move) or turn-based
    (``hours_per_move``)."""

    mode: Literal["realtime", "turn"] = "realtime"
    initial_seconds: Annotated[float, Field(gt=0, le=7 * 24 * 3600)] = 600.0
    increment_seconds: Annotated[float, Field(ge=0, le=24 * 3600)] = 5.0
    hours_per_move: Annotated[float, Field(gt=0, le=24 * 30)] = 24.0


class CreateTable(Strict):
    game: Annotated[str, StringConstraints(min_length=1, max_length=40)]
    players: Annotated[int, Field(ge=1, le=16)] | None = None
    options: Annotated[dict[Annotated[str, StringConstraints(max_length=40)], OptionValue], Field(max_length=32)] = {}
    seats: Annotated[list[SeatSpec], Field(max_length=16)] | None = None
    clock: ClockSpec = ClockSpec()
    on_timeout: Literal["ai", "forfeit"] = "ai"
    timeout_level: Annotated[str, StringConstraints(min_length=1, max_length=40)] = "normal"
    auto_start: bool = True
    name: Name | None = None
    seat: Seat | None = None

    _check_name = field_validator("name")(lambda cls, v: v if v is None else _printable(v))


class Join(Strict):
    name: Name
    seat: Seat | None = None

    _check_name = field_validator("name")(lambda cls, v: _printable(v))


class SeatAuth(Strict):
    seat: Seat
    token: Token


class Hello(Strict):
    type: Literal["hello"]
    seat: Seat | None = None
    token: Token | None = None
    since: Annotated[int, Field(ge=0)] | None = None


class ActionMessage(Strict):
    type: Literal["action"]
    seq: Annotated[int, Field(ge=0)]
    move_id: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    action: Annotated[str, StringConstraints(min_length=1, max_length=200)]


class SyncMessage(Strict):
    type: Literal["sync"]
    since: Annotated[int, Field(ge=0)]


class PingMessage(Strict):
    type: Literal["ping"]


ClientMessage = Annotated[Hello | ActionMessage | SyncMessage | PingMessage, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | ActionMessage | SyncMessage | PingMessage] = TypeAdapter(ClientMessage)
MESSAGE_TYPES = ("hello", "action", "sync", "ping")
