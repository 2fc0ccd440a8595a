"""Saving a game of ``tritable play``: ``save FILE`` writes its record (a :class:`tritable.Record`
whose ``names`` say which seats are AI), never over another file; on leaving, what the last save
holds is said, and a finished game offers to be saved."""

from __future__ import annotations

import shlex
from pathlib import Path

from rich.text import Text

from tritable.cli.common import as_players_say, write_text
from tritable.cli.tabletop import Tabletop
from tritable.cli.terminal import NoInput, actions, read_line, say_refused
from tritable.engine import Action, Record, TritableError


def as_argument(path: Path) -> str:
    """``path`` as a command line needs it, so that a printed command can be pasted as it is:
    quoted for the shell (a space, say), and a name that starts with ``-`` as ``./-x.json``, which
    the command's parser cannot take for an option.

    >>> as_argument(Path("a b.json")), as_argument(Path("-x.json"))
    ("'a b.json'", './-x.json')
    """
    text = str(path)
    return shlex.quote(f"./{text}" if text.startswith("-") else text)


class Saves:
    """Where a table's game was last saved, and the actions that save holds."""

    def __init__(self, table: Tabletop) -> None:
        self.table = table
        self.saved: tuple[Path, list[tuple[int, Action]]] | None = None
        """Where the game was last saved, and the actions it holds (an undo may have changed them)."""

    def save(self, name: str) -> None:
        """Write the game's record to ``name``; :class:`TritableError` naming why it cannot be."""
        if not name:
            raise TritableError("save needs a file name: save FILE")
        if not name.isprintable():
            raise TritableError("a file name cannot hold control characters")
        try:
            path = Path(name).expanduser()
            # Only this game's own save may be written over: another file would be lost.
            own = self.saved is not None and path.resolve() == self.saved[0].resolve()
            exists = path.exists()
            # "sub/" names a folder even where there is none yet (Path drops the slash).
            folder = path.is_dir() or name.endswith("/")
        except (RuntimeError, OSError) as exc:  # ~nosuchuser, a loop of links, a name too long
            raise TritableError(f"cannot save to {name}: {getattr(exc, 'strerror', None) or exc}") from None
        if folder:
            raise TritableError(f"{name} names a folder: save needs a file name (save {path / 'game.json'}, say)")
        if path == Path("-"):  # "./-" too: the commands read that name as standard input
            raise TritableError("a save named - could not be loaded (- means standard input): choose another name")
        if exists and not own:
            raise TritableError(f"{path} exists already: choose another name (or remove it first)")
        table = self.table
        record = Record.from_state(table.state, names=[s.name for s in table.seats], seed=table.seed)
        try:
            write_text(path, record.dumps() + "\n")
        except OSError as exc:
            raise TritableError(f"cannot write {path}: {exc.strerror or exc}") from None
        self.saved = (path, list(table.state.history))
        if table.state.is_terminal():
            then = f"replay it with: tritable replay {as_argument(path)}"
        else:
            then = f"continue it with: tritable play --load {as_argument(path)}"
        table.console.print(Text(f"saved to {path} — {then}", style="green"))

    def is_saved(self) -> bool:
        """Whether the last save holds the game exactly as it stands."""
        return self.saved is not None and self.saved[1] == self.table.state.history

    def note(self) -> str:
        """Whether the game as it stands is saved, for the goodbye (``save FILE`` is taken at
        every prompt of the game, a pass screen's too)."""
        history = self.table.state.history
        if self.saved is not None:
            path, kept = self.saved
            if kept == history:
                return f"the game is saved in {path}"
            if kept == history[: len(kept)]:
                missing = len(history) - len(kept)
                if missing == 1:
                    return "the last action is not saved (save FILE before quit keeps it)"
                return f"the last {missing} actions are not saved (save FILE before quit keeps them)"
            return f"{path} holds the game before an undo, not as it stands (save FILE before quit keeps it)"
        if self.table.state.is_terminal():
            return "the record of the game was not saved"
        return "the game was not saved (save FILE before quit keeps it)"

    def offer(self) -> bool:
        """Ask for a file to save the finished game in; True once it is saved."""
        table = self.table

        def read(prompt: str) -> str:
            return read_line(table.console, prompt, table.interactive).strip()

        try:
            name = read("save the record of this game? file name (Enter: no) ")
        except NoInput:
            return False
        while name and name.lower() not in ("n", "no", "q", "quit", "exit"):
            if name.lower().startswith("save "):
                name = name[5:].strip()
            if name.lower() in ("y", "yes", "save"):
                try:
                    name = read("which file name? (Enter: no) ")
                except NoInput:
                    return False
                continue
            try:
                self.save(name)
                return True
            except TritableError as exc:
                say_refused(table.console, as_players_say(str(exc)), again="another name, or Enter: no")
            try:
                name = read("file name (Enter: no) ")
            except NoInput:
                return False
        return False

    def say_unsaved(self) -> None:
        """After the save was declined: a file the game was loaded from or saved in still holds it
        as it was then, unfinished or before an undo; say so, lest it be taken for the record."""
        if self.saved is None:
            return
        path, kept = self.saved
        history = self.table.state.history
        if kept == history[: len(kept)]:
            then = f"without its last {actions(len(history) - len(kept))}"
        else:
            then = "as it was before an undo"
        self.table.console.print(
            Text(f"{path} still holds this game {then}: the finished game was not saved", style="yellow")
        )
