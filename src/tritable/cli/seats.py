"""Who sits where in ``tritable play``: human seats and AI seats of a level, as ``--ai`` gives
them and as a save's ``names`` remember them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tritable.cli.terminal import is_number

LEVELS = ("easy", "normal", "hard", "perfect")
"""AI levels, weakest first."""
DEFAULT_LEVEL = "normal"

_AI_NAME = re.compile(r"^P\d+ \(AI(?: ([^()]*))?\)$")  # "(AI )" and "(AI)" too: an AI with no level


@dataclass(frozen=True)
class Seat:
    """A seat: human, or AI of a level."""

    index: int
    level: str | None = None

    @property
    def is_ai(self) -> bool:
        return self.level is not None

    @property
    def label(self) -> str:
        return f"P{self.index + 1}"

    @property
    def name(self) -> str:
        """The name written into records (which says whether the seat is an AI)."""
        return self.label if self.level is None else f"{self.label} (AI {self.level})"


def parse_ai(specs: Sequence[str], players: int, names: Sequence[str] = LEVELS) -> dict[int, str]:
    """``--ai`` values (``2=hard``, ``2,3=easy``, ``all=normal``, ``2``) -> {0-based seat: level};
    ``names``: the game's levels, which a missing level's error lists.

    >>> parse_ai(["2=hard"], 2)
    {1: 'hard'}
    >>> parse_ai(["all=easy"], 3)
    {0: 'easy', 1: 'easy', 2: 'easy'}
    """
    levels: dict[int, str] = {}
    for spec in specs:
        head, sep, level = spec.partition("=")
        level = level.strip().lower() if sep else DEFAULT_LEVEL
        if not level:
            raise ValueError(f"--ai {spec}: which level? (levels: {', '.join(names)})")
        head = head.strip().lower()
        if head in ("all", "*"):
            seats = list(range(players))
        else:
            seats = []
            for part in head.split(","):
                part = part.strip()
                if not is_number(part) or len(part) > 3 or not 1 <= int(part) <= players:
                    shown = part if len(part) <= 20 else part[:20] + "…"
                    raise ValueError(f"--ai: seats are numbered 1-{players} in a {players}-player game, not {shown!r}")
                seats.append(int(part) - 1)
        for seat in seats:
            if seat in levels:  # which one was meant? (all=easy with 2=hard, say)
                raise ValueError(f"--ai: P{seat + 1} is given a level twice")
            levels[seat] = level
    return levels


def seats_from_names(names: Sequence[str] | None, players: int) -> dict[int, str] | None:
    """The AI seats a record's names describe (``"P2 (AI hard)"``), or None if it says nothing."""
    if names is None or len(names) != players:
        return None
    levels: dict[int, str] = {}
    for seat, name in enumerate(names):
        match = _AI_NAME.match(name)
        if match:
            levels[seat] = match.group(1) or ""
    return levels


def seat_seed(base_seed: int | str, index: int) -> int | str:
    """The seed of the AI in seat ``index``: a saved game's seed may be text (a record keeps the
    text seeds new_state takes), which agents take too."""
    if isinstance(base_seed, int):
        return base_seed + 1000 * (index + 1)
    return f"{base_seed}/seat {index + 1}"
