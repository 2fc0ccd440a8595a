"""TriATri's text drawing, from a view alone (so it shows nothing the viewer may not see).

Tags: ``seat0``..``seat3`` a seat's name, ``R``/``B``/``G``/``F`` a card of that colour (or the
fake), ``gemR``/``gemB``/``gemG`` a gem count, ``dim`` a note, ``head`` the title line, ``turn``
whose turn, ``event`` what the last action did. :meth:`TriATriState.render` is the plain text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tritable.engine.drawing import Drawing, Span

COLOURS = "RBG"
NAMES = {"R": "Fire", "B": "Water", "G": "Wood"}


def _seat(s: int) -> Span:
    return (f"P{s + 1}", f"seat{s}")


def _card(name: str) -> Span:
    return (name, name[:1])


def _table(trick: Mapping[str, Any], leader: int, n: int) -> list[list[Span]]:
    """The plays of a trick, each a piece that is never split: seat, card (and what a fake took)
    and its counted value."""
    pieces: list[list[Span]] = []
    for i, (played, (name, value)) in enumerate(zip(trick["played"], trick["cards"], strict=True)):
        piece: list[Span] = [_seat((leader + i) % n), (" ", "")]
        if played == "F" and name != "F":
            piece += [_card("F"), (" took ", ""), _card(name)]
        else:
            piece.append(_card(name))
        piece.append((f"={value}", ""))
        pieces.append(piece)
    return pieces


def _flow(drawing: Drawing, head: list[Span], pieces: list[list[Span]], tail: list[Span], width: int) -> None:
    """``head``, the ``pieces`` two spaces apart, then ``tail``, wrapped between pieces to ``width``."""
    line = list(head)
    size = sum(len(t) for t, _ in line)
    for i, piece in enumerate(pieces):
        gap = [("  ", "")] if i else []
        more = sum(len(t) for t, _ in piece) + (2 if i else 0)
        if i and size + more > width:
            drawing.lines.append(line)
            line, size, gap, more = [("    ", "")], 4, [], more - 2 + 4
        line += gap + piece
        size += more
    if size + sum(len(t) for t, _ in tail) > width:
        drawing.lines.append(line)
        line = [("    ", ""), *tail]
    else:
        line += tail
    drawing.lines.append(line)


def draw(view: Mapping[str, Any], width: int = 80, height: int | None = None) -> Drawing:
    """The position ``view`` shows: title, supply, each seat's gems, score, cards and start card,
    tied start cards, the last trick, the phase (gem at stake, trick on the table, or the end),
    the viewer's hand, and what the last action did when the screen has room (``height``)."""
    n: int = view["players"]
    seat = view["seat"]
    phase = view["phase"]
    d = Drawing()
    state = f"trick {view['tricks_done'] + 1}/5" if phase != "over" else "game over"
    d.add((f"TriATri, {n} players - round {view['round']}/3, {state}", "head"))
    supply: list[Span] = [("Supply: ", "")]
    for c, count in zip(COLOURS, view["supply"], strict=True):
        supply += [(f"{c} {count}", f"gem{c}"), ("  ", "")]
    d.add(*supply[:-1])
    scores = view["scores"]
    for s in range(n):
        line: list[Span] = [_seat(s), (" (you)" if s == seat else "", ""), (": gems ", "")]
        for i, (c, count) in enumerate(zip(COLOURS, view["gems"][s], strict=True)):
            line += [(" " if i else "", ""), (f"{c}{count}", f"gem{c}")]
        line.append((f"  score {scores[s]:>3}  {view['hand_sizes'][s]} cards", ""))
        start = view["start_cards"][s]
        if start is not None:
            line += [("  start card ", ""), _card(start)]
        if s == view["leader"] and phase in ("gem", "play"):
            line.append(("  <- leader", "turn"))
        d.add(*line)
    for cards in view["repicks"]:
        shown = ", ".join(f"P{s + 1} {c}" for s, c in enumerate(cards))
        d.add((f"Tied start cards ({shown}): cards back, everyone picks again", "dim"))
    last = view["last_trick"]
    if last is not None:
        _flow(
            d,
            [("Last trick: ", ""), (f"{last['gem']}: ", "")],
            _table(last, last["leader"], n),
            [("; ", ""), _seat(last["winner"]), (" won", "")],
            width,
        )
    if phase == "reveal":
        chosen = ", ".join(f"P{s + 1}" for s in range(n) if view["chosen"][s]) or "nobody"
        d.add((f"Everyone chooses a start card at once; chosen so far: {chosen}", "turn"))
        if view.get("choice") is not None:
            d.add(("Your start card: ", ""), _card(view["choice"]))
    elif phase == "gem":
        d.add(_seat(view["leader"]), (" leads and chooses the gem", "turn"))
    elif phase == "play":
        gem = view["gem"]
        colour = gem[-1]
        source = f"P{view['leader'] + 1}'s own gems" if "own" in gem else "the supply"
        d.add(("Gem at stake: ", ""), (f"{NAMES[colour]} ({colour})", f"gem{colour}"), (f" from {source}", ""))
        pieces = _table(view["trick"], view["leader"], n)
        if pieces:
            _flow(d, [("Trick: ", "")], pieces, [], width)
        else:
            d.add("Trick: no card yet")
        d.add(_seat(view["turn"]["players"][0]), (" to play", "turn"))
    else:
        outcome = view["outcome"]
        winners = ", ".join(f"P{s + 1}" for s in outcome["winners"]) or "nobody"
        d.add((f"Game over ({view['end']}): {winners} first", "head"))
        d.add("Final scores: " + "  ".join(f"P{s + 1} {x:g}" for s, x in enumerate(outcome["scores"])))
    if seat is not None:
        hand: Sequence[str] = view["hand"]
        line = [("Your hand: ", "")]
        for i, name in enumerate(hand):
            line += [(" " if i else "", ""), _card(name)]
        d.add(*(line if hand else [*line, ("(empty)", "dim")]))
    if height is not None and d.height + len(view["events"]) <= height:
        for event in view["events"]:
            d.add((event["text"][:width], "event"))
    return d
