"""What the benchmark scripts share about their command lines: argument types that refuse a bad
value before anything runs, an output file checked before a long run rather than after it, and
one clean ``error: <why>`` (exit status 2, as the ``tritable`` commands) for what the library
refuses.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable
from typing import NoReturn

import tritable
from tritable.engine.errors import TritableError


def _whole(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be {least} or more, not {value}")
    return value


def positive_int(text: str) -> int:
    """A whole number of at least 1 (games, runs, draws, jobs, ...)."""
    return _whole(text, 1)


def natural_int(text: str) -> int:
    """A whole number of at least 0 (a first seed, a first game, a random stream)."""
    return _whole(text, 0)


def positive_float(text: str) -> float:
    """A finite number above 0 (a scale)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text}")
    return value


def known_game(text: str) -> str:
    """A game's id, in any case (as ``tritable bench --game`` reads it)."""
    for known in tritable.game_ids():
        if text.casefold() == known.casefold():
            return known
    raise argparse.ArgumentTypeError(f"no game {text!r} (games: {', '.join(tritable.game_ids())})")


def output_file(text: str) -> str:
    """A file the run can write at its end: refused now if it cannot be (no folder, a folder,
    no permission), so that an hour's results are not lost to a typo."""
    if not text:
        raise argparse.ArgumentTypeError("an empty file name")
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is a folder, not a file")
    folder = os.path.dirname(os.path.abspath(text))
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"no folder {folder} to write {text} in")
    if os.path.exists(text):
        if not os.access(text, os.W_OK):
            raise argparse.ArgumentTypeError(f"{text} cannot be written (permission)")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"cannot write in {folder} (permission)")
    return text


def write_json(path: str, data: object) -> None:
    """Write ``data`` to ``path`` whole or not at all: beside it first, then moved over it, so a
    failed write leaves the earlier results whole (a device such as /dev/stdout is written to)."""
    if os.path.exists(path) and not os.path.isfile(path):
        with open(path, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
        return
    partial = f"{path}.partial"
    with open(partial, "w", encoding="utf-8") as out:
        json.dump(data, out, indent=1)
    os.replace(partial, path)


def fail(why: str) -> NoReturn:
    """End the script with ``error: <why>`` and status 2."""
    print(f"error: {why}", file=sys.stderr)
    sys.exit(2)


def run(main: Callable[[], None]) -> None:
    """Run a script's ``main``: what the library or the file system refuses ends it with
    ``error: <why>`` and status 2 instead of a traceback."""
    try:
        main()
    except (TritableError, OSError) as exc:
        fail(str(exc))
