"""Tri*T*Area's numbers and notation: the data table (``data.json``), the cards, squares and
areas, and the actions' numbers and text. Everything else of the game builds on these names."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NamedTuple

from tritable.engine.errors import NotationError, shown
from tritable.engine.protocol import Action

# -- the data table ------------------------------------------------------------------------------

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "data.json").read_text(encoding="utf-8"))


class Round(NamedTuple):
    hand: int
    blocks: int
    tricks: int
    cards: tuple[int, ...]  # the cards of this round's deck
    declaration: str | None  # None, "leftover" (round 2) or "reveal" (round 3)
    penalty_from: int | None  # place from which a Declaration loses its value
    sale: bool


SEATS: int = DATA["players"]
SUIT_LETTERS = "".join(s["letter"] for s in DATA["suits"])
SUIT_NAMES = tuple(s["name"] for s in DATA["suits"])
PLACE_VALUES = tuple((s["first"], s["second"]) for s in DATA["suits"])
RANKS: tuple[int, ...] = tuple(DATA["ranks"])
NRANKS = len(RANKS)
NCARDS = len(SUIT_LETTERS) * NRANKS
CARD_SUIT = tuple(c // NRANKS for c in range(NCARDS))
CARD_RANK = tuple(RANKS[c % NRANKS] for c in range(NCARDS))
CARD_NAME = tuple(f"{SUIT_LETTERS[CARD_SUIT[c]]}{CARD_RANK[c]}" for c in range(NCARDS))
CARD_OF_NAME = {name: c for c, name in enumerate(CARD_NAME)}

FIVE: int = DATA["five"]["rank"]
FIVE_VALUES: tuple[int, ...] = tuple(DATA["five"]["values"])
FIVE_COST: int = DATA["five"]["cost"]
VARIANTS = 1 + len(FIVE_VALUES)
CARD_PLAYS = tuple(
    tuple(range(c * VARIANTS, (c + 1) * VARIANTS)) if CARD_RANK[c] == FIVE else (c * VARIANTS,) for c in range(NCARDS)
)
"""Per card, its play actions: a Five's each value it may take, any other card's one."""

ROWS = len(DATA["board"])
COLS = len(DATA["board"][0])
NSQUARES = ROWS * COLS
AREA_OF = tuple(SUIT_LETTERS.index(ch) for row in DATA["board"] for ch in row)
AREA_SQUARES = tuple(tuple(sq for sq in range(NSQUARES) if AREA_OF[sq] == a) for a in range(len(SUIT_LETTERS)))
PRINTED: tuple[int, ...] = tuple(v for row in DATA["printed"] for v in row)
NEIGHBOURS = tuple(
    tuple(
        r * COLS + c
        for r, c in (
            (sq // COLS - 1, sq % COLS),
            (sq // COLS + 1, sq % COLS),
            (sq // COLS, sq % COLS - 1),
            (sq // COLS, sq % COLS + 1),
        )
        if 0 <= r < ROWS and 0 <= c < COLS
    )
    for sq in range(NSQUARES)
)
SQUARE_NAME = tuple(f"{'abcdefgh'[sq % COLS]}{sq // COLS + 1}" for sq in range(NSQUARES))
SQUARE_OF_NAME = {name: sq for sq, name in enumerate(SQUARE_NAME)}

RH2_MAX: int = DATA["rightholder2_max_blocks"]
TALLEST_POINTS: tuple[int, ...] = tuple(DATA["tallest_points"])
SALE_PRICE: int = DATA["sale_price"]
END_PENALTY: int = DATA["end_penalty_per_block"]
ROUNDS = tuple(
    Round(
        r["hand"],
        r["blocks"],
        r["tricks"],
        tuple(c for c in range(NCARDS) if CARD_RANK[c] not in r["without_ranks"]),
        r["declaration"],
        DATA["declaration_penalty_from_place"][r["declaration"]] if r["declaration"] else None,
        r["sale"],
    )
    for r in DATA["rounds"]
)


def _check_data() -> None:
    """The code relies on these shapes; a corrected table must keep them."""
    problems = []
    if SEATS != 4 or len(SUIT_LETTERS) != 4 or len(set(SUIT_LETTERS)) != 4:
        problems.append("four seats and four suits with distinct letters")
    if NSQUARES > 20 or any(len(row) != COLS for row in DATA["board"]) or len(PRINTED) != NSQUARES:
        problems.append("a rectangular board of at most 20 squares with a printed score per square")
    if NCARDS * VARIANTS > 200 or RH2_MAX > 4 or not TALLEST_POINTS:
        problems.append("at most 200 card plays, RH2 at most 4 blocks, tallest-building points")
    for r in ROUNDS:
        if SEATS * r.hand > len(r.cards) or r.tricks > r.hand:
            problems.append("each round deals at most its deck and plays at most a hand")
        if r.declaration not in (None, "leftover", "reveal") or (r.declaration and r.hand - r.tricks != 1):
            problems.append("a Declaration round leaves exactly one card in hand")
    if problems:
        raise ImportError("tri_t_area/data.json: " + "; ".join(problems))


_check_data()

# -- actions -------------------------------------------------------------------------------------

PLACE = 200  # + 20 * (blocks - 1) + square
DEFAULT = 290
EXTRA = 300  # + square
NO_EXTRA = 390
DECLARE = 400  # + card
DECLARE_END = DECLARE + NCARDS
SELL = 500  # + blocks
NPLAYS = NCARDS * VARIANTS

DECLARE_PHASE, SELL_PHASE, PLAY_PHASE, PLACE_PHASE, EXTRA_PHASE, OVER = range(6)
PHASE_NAMES = ("declare", "sell", "play", "place", "extra", "over")

# Numbers of at most 4 digits: Python will not read 4,300, and no value or count needs 3.
_CARD_RE = re.compile(rf"([{SUIT_LETTERS}])([0-9]+)(?:=([0-9]{{1,4}}))?")
_PLACE_RE = re.compile(r"([a-h][0-9]+)(?:x([0-9]{1,4}))?")


def _notation(action: int) -> str | None:
    """The canonical text of ``action``, None when it is no action."""
    if 0 <= action < NPLAYS:
        card, variant = divmod(action, VARIANTS)
        if variant == 0:
            return CARD_NAME[card]
        if CARD_RANK[card] == FIVE:
            return f"{CARD_NAME[card]}={FIVE_VALUES[variant - 1]}"
    elif PLACE <= action < PLACE + 20 * RH2_MAX and (action - PLACE) % 20 < NSQUARES:
        n, sq = divmod(action - PLACE, 20)
        return SQUARE_NAME[sq] + (f"x{n + 1}" if n else "")
    elif action == DEFAULT:
        return "default"
    elif EXTRA <= action < EXTRA + NSQUARES:
        return "+" + SQUARE_NAME[action - EXTRA]
    elif action == NO_EXTRA:
        return "no extra"
    elif DECLARE <= action < DECLARE + NCARDS:
        return "declare " + CARD_NAME[action - DECLARE]
    elif SELL <= action < SELL + 100:
        return f"sell {action - SELL}"
    return None


CANONICAL: dict[str, int] = {text: a for a in range(SELL + 100) if (text := _notation(a)) is not None}
NOTATION: dict[Action, str] = {a: text for text, a in CANONICAL.items()}


def cards_of(mask: int) -> list[int]:
    """The cards of a hand bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def action_text(action: Action) -> str:
    """The notation of ``action``; :class:`NotationError` for no action."""
    text = NOTATION.get(action) if type(action) is int else None  # not True for 1
    if text is None:
        raise NotationError(f"{shown(action)} is not a Tri*T*Area action")
    return text


def parse_action(text: object) -> int:
    """The action ``text`` names (the notation of :func:`action_text`, case and spaces aside)."""
    action = CANONICAL.get(text) if isinstance(text, str) else None
    if action is not None:
        return action
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not Tri*T*Area notation")
    t = " ".join(text.split())  # any whitespace, as the other games read it
    if not t.isascii():  # upper() and lower() fold other scripts' letters into ours ('ı7' would be I7)
        t = ""
    low = t.lower()
    word = low.replace(" ", "")  # a card, square or bonus reads spaces within it too: "M5 = 10"
    if low == "default":
        return DEFAULT
    if low == "no extra":
        return NO_EXTRA
    if low.startswith("sell "):
        count = low[5:]
        # The length first: Python will not read 4,300 digits, and no count has more than 2.
        if count.isascii() and count.isdigit() and len(count) <= 4 and int(count) < 100:
            return SELL + int(count)
    elif low.startswith("declare "):
        card = CARD_OF_NAME.get(t[8:].upper().replace(" ", ""))
        if card is not None:
            return DECLARE + card
    elif low.startswith("+"):
        sq = SQUARE_OF_NAME.get(word[1:])
        if sq is not None:
            return EXTRA + sq
    elif m := _CARD_RE.fullmatch(word.upper()):
        card = CARD_OF_NAME.get(m[1] + m[2])
        if card is not None:
            if m[3] is None:
                return card * VARIANTS
            if CARD_RANK[card] == FIVE:
                value = int(m[3])
                if value == FIVE:
                    return card * VARIANTS
                if value in FIVE_VALUES:
                    return card * VARIANTS + 1 + FIVE_VALUES.index(value)
    elif m := _PLACE_RE.fullmatch(word):
        sq = SQUARE_OF_NAME.get(m[1])
        n = int(m[2]) if m[2] else 1
        if sq is not None and 1 <= n <= RH2_MAX:
            return PLACE + 20 * (n - 1) + sq
    raise NotationError(
        f"cannot read {text!r} as Tri*T*Area notation (e.g. I7, M5=10, b3, b3x2, default, +c2, no extra, "
        "declare H4, sell 2)"
    )
