"""TriATri: gems (supply and each seat's), the trick on the table with each card's counted value,
the last trick, the start cards and your hand, cards in their colours.

Drawn from a TriATri view: ``phase``, ``round``, ``tricks_done``, ``start_cards``,
``start_player``, ``repicks``, ``leader``, ``gem`` (``"gem B"``, ``"gem own B"``), ``trick``
(``played`` in play order from the leader, ``cards`` now in each slot with their values),
``last_trick``, ``gems`` and ``supply`` (R, B, G counts), ``scores``, ``hand``, ``hand_sizes``,
``chosen``, ``choice``, ``end``, ``instant_winner``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tritable.cli.flow import Flow

SEAT_STYLES = ("bold bright_white", "bold bright_magenta", "bold bright_yellow", "bold bright_cyan")
COLOURS = "RBG"
NAMES = {"R": "Fire", "B": "Water", "G": "Wood"}
_GEM = {"R": "bold bright_red", "B": "bold bright_blue", "G": "bold bright_green"}
_CARD = {
    "R": "bold white on red3",
    "B": "bold white on blue3",
    "G": "bold white on green4",
    "F": "bold black on grey70",
}


def card(name: str, value: int | None = None) -> Text:
    """A card as a coloured chip, with its counted value when it differs from its number."""
    chip = Text(f" {name} ", style=_CARD.get(name[:1], "bold"))
    if value is not None and name != "F" and value != int(name[1:]):
        chip.append(f"×{value // int(name[1:])}={value}", style="bold yellow")
    return chip


def gems(counts: Sequence[int], width: int = 0) -> Text:
    text = Text()
    for i, (colour, n) in enumerate(zip(COLOURS, counts, strict=False)):
        if i:
            text.append(" ")
        text.append(f"{colour}{n}", style=_GEM[colour])
        text.append("●" * n, style=_GEM[colour])
        text.append(" " * max(0, width - n))
    return text


def _seat(seat: int) -> Text:
    return Text(f"P{seat + 1}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def _trick_plays(trick: Mapping[str, Any], leader: int, players: int) -> list[Text]:
    """Each play of a trick as one piece (``→  P2 B7 (played G5)``), so a narrow screen wraps the
    trick between plays, never between a seat and its card."""
    pieces: list[Text] = []
    played = trick.get("played") or []
    cards = trick.get("cards") or []
    for i, (name, value) in enumerate(cards):
        piece = Text("→  " if i else "", style="dim")
        piece.append_text(_seat((leader + i) % players))
        piece.append(" ")
        piece.append_text(card(name, value))
        if i < len(played) and played[i] != name:
            piece.append(f" (played {played[i]})", style="dim")
        pieces.append(piece)
    return pieces


def draw(view: Mapping[str, Any]) -> RenderableType:
    players: int = view["players"]
    seat = view.get("seat")
    phase = view["phase"]
    parts: list[RenderableType] = []
    head = Text(f"round {view['round']}/3 · ", style="bold")
    head.append(f"trick {min(view['tricks_done'] + 1, 5)}/5" if phase != "reveal" else "start cards")
    head.append("   supply ")
    head.append_text(gems(view["supply"]))
    parts.append(head)

    table = Table(show_edge=False, box=None, padding=(0, 1), header_style="dim")
    for name in ("", "gems", "score", "cards", "start", ""):
        table.add_column(name)
    start_cards = view.get("start_cards") or [None] * players
    chosen = view.get("chosen") or [False] * players
    for s in range(players):
        notes = Text()
        if s == seat:
            notes.append("you ", style="bold")
        if phase != "reveal" and s == view.get("leader"):
            notes.append("(leader) ", style="italic")
        if s in view["turn"]["players"]:
            notes.append("◀ to choose" if phase == "reveal" else "◀ to play", style="bold yellow")
        elif phase == "reveal" and chosen[s]:
            notes.append("has chosen", style="dim")
        start: Text | str = card(start_cards[s]) if start_cards[s] else ""
        if phase == "reveal" and s == seat and view.get("choice"):
            start = Text.assemble(card(view["choice"]), (" (yours, hidden)", "dim"))
        table.add_row(
            _seat(s), gems(view["gems"][s], 6), str(view["scores"][s]), str(view["hand_sizes"][s]), start, notes
        )
    parts.append(table)

    if view.get("repicks"):
        parts.append(Text.assemble(("tied start cards, picked again: ", "dim"), *[card(c) for c in view["repicks"]]))
    gem = view.get("gem")
    if gem:
        colour = gem[-1]
        own = "own" in gem
        leader = view.get("leader")
        where = f"from P{leader + 1}'s gems" if own and leader is not None else "from the supply"
        parts.append(
            Text.assemble(
                "gem at stake: ", ("●", _GEM.get(colour, "")), f" {NAMES.get(colour, colour)} ({colour}) {where}"
            )
        )
    trick = view.get("trick") or {}
    if trick.get("cards"):
        plays = _trick_plays(trick, view["leader"], players)
        plays[0] = Text.assemble("trick: ", plays[0])
        parts.append(Flow(plays))
    last = view.get("last_trick")
    if last:
        plays = [Text(f"last trick: {last['gem']}:", style="dim"), *_trick_plays(last, last["leader"], players)]
        plays.append(Text.assemble(("won by ", "dim"), _seat(last["winner"])))
        parts.append(Flow(plays))
    hand = view.get("hand")
    if hand is not None:
        mine = Text("your hand: ", style="bold")
        for i, name in enumerate(hand):
            if i:
                mine.append(" ")
            mine.append_text(card(name))
        parts.append(mine)
    if view.get("end"):
        end = Text(f"game over: {view['end']}", style="bold")
        if view.get("instant_winner") is not None:
            end.append(" — ")
            end.append_text(_seat(view["instant_winner"]))
            end.append(" holds two gems of every colour and wins at once")
        parts.append(end)
    return Group(*parts)


SEAT_DETAILS = frozenset({"gems", "points"})
"""The outcome details that hold one value per seat."""


def detail(key: str, value: Any) -> str | None:
    """Outcome details: gems as ``R1 B5 G0``, points as sets/pairs/rest; nothing for None."""
    if value is None:
        return None
    if key in ("gems", "supply") and isinstance(value, list):
        return " ".join(f"{c}{n}" for c, n in zip(COLOURS, value, strict=False))
    if key == "points" and isinstance(value, dict):
        return f"sets {value.get('sets', 0)}, pairs {value.get('pairs', 0)}, rest {value.get('rest', 0)}"
    if key == "instant_winner" and isinstance(value, int):
        return f"P{value + 1}"
    return str(value)
