"""Text drawings of a position, with tagged spans: a game draws once, a front end styles.

Each game draws a view in its ``render.py`` as a :class:`Drawing`: lines of spans, each span a
piece of text and a *tag*, a word of the game's own saying what the text is (``"seat0"``, ``"die"``,
``"pending"``, ``"dim"``; ``""`` for plain text). :meth:`State.render` is the drawing's plain text;
the terminal colours each tag its own way (``tritable.cli.boards``); nothing else draws a game.

>>> d = Drawing()
>>> d.add("P1 ", ("Geezard", "seat0"), "  ")
>>> d.add(("5", "dim"))
>>> print(d.text())
P1 Geezard
5
>>> d.width, d.height
(12, 2)
>>> d
Drawing([[('P1 ', ''), ('Geezard', 'seat0'), ('  ', '')], [('5', 'dim')]])
"""

from __future__ import annotations

from collections.abc import Iterable

Span = tuple[str, str]
"""A piece of text and its tag (``""``: plain)."""


class Drawing:
    """Lines of tagged spans."""

    __slots__ = ("lines",)

    def __init__(self, lines: Iterable[Iterable[Span]] = ()) -> None:
        self.lines: list[list[Span]] = [list(line) for line in lines]

    def add(self, *spans: str | Span) -> None:
        """Add a line of spans (a plain string is a span with no tag)."""
        self.lines.append([(s, "") if isinstance(s, str) else s for s in spans])

    def extend(self, other: Drawing) -> None:
        """Add the lines of ``other`` below these."""
        self.lines.extend(list(line) for line in other.lines)

    def text(self) -> str:
        """The plain text, trailing spaces of each line dropped."""
        return "\n".join("".join(text for text, _ in line).rstrip() for line in self.lines)

    @property
    def width(self) -> int:
        """The widest line's length in characters (trailing spaces included)."""
        return max((sum(len(text) for text, _ in line) for line in self.lines), default=0)

    @property
    def height(self) -> int:
        return len(self.lines)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Drawing) and other.lines == self.lines

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Drawing({self.lines!r})"

    def __str__(self) -> str:
        return self.text()
