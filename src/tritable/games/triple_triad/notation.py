"""Triple Triad's notation: an action's text (``<card>@<cell 1-9>``, ``take <card>``) and back,
and the codes by which actions name the cards of a setup's own table."""

from __future__ import annotations

from tritable.engine.errors import NotationError, shown
from tritable.engine.protocol import Action
from tritable.games.triple_triad.data import (
    BY_FOLDED,
    BY_NAME,
    COUNT,
    CUSTOM,
    NAMES,
    TAKE,
    code_of_name,
    custom_spelling,
    fold,
    name_of_code,
)
from tritable.games.triple_triad.data import PLACEMENTS as _PLACEMENTS


def take_code(code: int) -> int:
    """The trade pick of the card of ``code``."""
    return TAKE + code // 9 if code < CUSTOM else code + 9


def read_code(action: int) -> tuple[bool, int, int]:
    """A game-level action as (a trade pick?, its card's code, the cell 0-8); code -1: none."""
    if 0 <= action < _PLACEMENTS:
        return False, action - action % 9, action % 9
    if TAKE <= action < TAKE + COUNT:
        return True, 9 * (action - TAKE), 0
    if action >= CUSTOM:
        slot = (action - CUSTOM) % 10
        return slot == 9, action - slot, 0 if slot == 9 else slot
    return False, -1, 0


def action_text(action: Action) -> str:
    """The notation of ``action``: ``<card>@<cell 1-9>`` or ``take <card>``."""
    if type(action) is int:
        if 0 <= action < _PLACEMENTS:
            return f"{NAMES[action // 9]}@{action % 9 + 1}"
        if TAKE <= action < TAKE + COUNT:
            return f"take {NAMES[action - TAKE]}"
        if action >= CUSTOM:
            slot = (action - CUSTOM) % 10
            name = name_of_code(action - slot)
            if name is not None and fold(name) not in BY_FOLDED:
                return f"take {name}" if slot == 9 else f"{name}@{slot + 1}"
    raise NotationError(f"{shown(action)} is not a Triple Triad action")


def _code(name: str, text: str) -> int:
    """The code of the card ``name`` names in notation ``text``: a built-in card's, or one of a
    setup's own table that a state still alive plays with."""
    cid = BY_NAME.get(name)
    if cid is None:
        cid = BY_FOLDED.get(fold(name))
    if cid is not None:
        return 9 * cid
    spelt = custom_spelling(name)
    if spelt is None:
        raise NotationError(f"{text!r}: no card named {name!r}")
    return code_of_name(spelt)


def parse_action(text: str) -> Action:
    """The action notation ``text`` names (:class:`NotationError` if none)."""
    if not isinstance(text, str):
        raise NotationError(f"a Triple Triad action is text, not {text!r}")
    body = text.strip()
    name, at, cell = body.rpartition("@")
    if at:
        cell = cell.strip()
        if len(cell) != 1 or not "1" <= cell <= "9":
            raise NotationError(f"{text!r}: the cell after '@' must be 1-9")
        return _code(name.strip(), text) + int(cell) - 1
    head, _, rest = body.partition(" ")
    if head.lower() == "take" and rest.strip():
        return take_code(_code(rest.strip(), text))
    raise NotationError(f"{text!r} is not a Triple Triad action: write '<card>@<cell 1-9>' or 'take <card>'")
