"""The terminal's plain pieces that ``play`` and ``replay --step`` share: reading a line at a
prompt, dropping what was typed ahead, and leaving on Ctrl-C."""

from __future__ import annotations

import contextlib
import re
import sys
from typing import NoReturn

from rich.console import Console
from rich.text import Text

from tritable.cli.common import fail, stop_interrupted

LONGEST_INPUT = 80
"""Longer lines are refused without being echoed back (notation stays under 20 characters)."""
LONGEST_PATH = 1024
"""The longest ``save FILE`` line."""

_ANSI = re.compile(r"(\x1b\[[0-9;]*m)")


class Quit(Exception):
    """The player asked to stop."""


class NoInput(Exception):
    """Standard input ended."""


def is_number(text: str) -> bool:
    """Plain digits 0-9 only: ``str.isdigit`` also accepts superscripts and other scripts' digits,
    which ``int`` then refuses or reads unexpectedly.

    >>> is_number("25"), is_number("\u00b2"), is_number("")
    (True, False, False)
    """
    return text.isascii() and text.isdigit()


def forget_typing(interactive: bool, history: bool = True) -> None:
    """Drop what was typed ahead: before the keyboard passes to another player (an Enter pressed
    while an AI thought must not skip the pass screen), and before a player's prompt after an AI
    moved (that Enter must not play a forced move unseen). With ``history``, the line history
    goes too (the arrow keys must not bring back the last player's secret choice)."""
    if not interactive:
        return
    try:
        import termios
    except ImportError:  # not a POSIX terminal: nothing typed ahead can be dropped
        pass
    else:
        with contextlib.suppress(termios.error, OSError, ValueError):
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    readline = sys.modules.get("readline")
    if history and readline is not None:
        readline.clear_history()


def read_line(console: Console, prompt: str, interactive: bool) -> str:
    """One line of input after ``prompt`` (bold); :class:`NoInput` at the end of input."""
    if interactive and console.is_terminal:
        with console.capture() as capture:
            console.print(Text(prompt, style="bold"), end="")
        shown = capture.get()
        if "readline" in sys.modules:
            # readline must know which prompt bytes take no room on the screen.
            shown = _ANSI.sub("\x01\\1\x02", shown)
    else:
        shown = prompt
    try:
        line = input(shown)
    except EOFError:
        console.print()
        raise NoInput from None
    except OSError as exc:  # standard input open for writing only, say
        console.print()
        fail(f"cannot read standard input: {exc.strerror or exc}")
    if not interactive:
        # Show what was read from a pipe, so the transcript reads like a session.
        console.print(Text(line, style="dim"))
    return line


def interrupted(console: Console, note: str) -> NoReturn:
    """Say that Ctrl-C stopped the command (and ``note``), restore the cursor, exit 130."""
    console.show_cursor(True)
    console.print(Text(f"\ninterrupted{note}", style="yellow"))
    stop_interrupted()


def wipe(console: Console, scrollback: bool) -> None:
    """Clear the screen; with ``scrollback`` the terminal's scrollback too (the last player's hand
    must not be one scroll away from the next player)."""
    console.clear()
    if scrollback and console.is_terminal:
        console.file.write("\x1b[3J")
        console.file.flush()


def show_value(value: object) -> str:
    """An option's value as the command line writes it (``true``, not ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def plural(n: int, word: str) -> str:
    """``1 action``, ``3 actions``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def say_refused(console: Console, why: str, again: str = "try again (help: ?)") -> None:
    """``✗ <why> — try again``: input refused, nothing changed."""
    console.print(Text.assemble(("✗ ", "bold red"), (why, "red"), (f" — {again}", "dim")))


def actions(n: int) -> str:
    """``action`` or ``N actions``: ``the last action``, ``the last 3 actions``."""
    return "action" if n == 1 else f"{n} actions"
