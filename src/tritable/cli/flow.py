"""Text that wraps between whole pieces only, for the terminal's menus and move lines."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


class Flow:
    """Pieces of text side by side, wrapped between pieces only: a menu entry (``18 @8``) is never
    split, as a Text wrapping at any space would split it (and a no-break space does not help:
    Rich wraps at any Unicode space). A piece wider than the screen alone wraps as text does."""

    def __init__(self, pieces: Sequence[Text], gap: int = 2) -> None:
        self.pieces = list(pieces)
        self.gap = gap

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [piece.cell_len for piece in self.pieces]
        widest = sum(widths) + self.gap * max(0, len(widths) - 1)
        return Measurement(max(widths, default=0), widest).clamp(max_width=options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = Text()
        used = 0
        for piece in self.pieces:
            if used and used + self.gap + piece.cell_len > options.max_width:
                text.append("\n")
                used = 0
            elif used:
                text.append(" " * self.gap)
                used += self.gap
            text.append_text(piece)
            used += piece.cell_len
        yield text
