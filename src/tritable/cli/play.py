"""``tritable play``: play any game at the terminal, alone against AI seats or with friends at one
keyboard; and ``tritable replay FILE --step``: step through a record.

A clean prompt-based interface (Rich): each turn shows the position as the seat to act sees it,
the last actions in notation and the numbered legal actions; the player answers with a number or
with notation, or with a command (``help`` lists them: ``hint``, ``undo``, ``save FILE``,
``rules``, ``board``, ``quit``). Seats are shown as P1..Pn; ``--ai`` counts seats from 1 too.

Who plays: ``--ai 2=hard`` makes P2 an AI (repeat it, or ``--ai 2,3=easy``, ``--ai all=easy``
to watch, with ``--delay`` seconds after each move), every other seat is human. Without ``--ai``,
P1 is human and every other seat is a ``normal`` AI; ``--hotseat`` makes every seat human. When
several humans share the keyboard and their views differ (hidden hands), the screen is cleared and
a "pass to P2" screen waits before a seat's hand is shown.

Saves are game records (:class:`tritable.Record`, JSON) whose ``names`` say which seats were AI
(``"P2 (AI hard)"``), so ``--load FILE`` continues a saved game with the same seats and
``tritable replay`` reads saves.

``--server URL`` plays a game server's tables instead (:mod:`tritable.cli.online`): the same
screens and prompt, the server dealing, refereeing and keeping the record.
"""

from __future__ import annotations

import contextlib
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.text import Text

from tritable.cli.command import Command
from tritable.cli.common import STDIN, as_players_say, check_seed, fail, known_id, load_record, make_game
from tritable.cli.hands import read_hand, setup_with_hands
from tritable.cli.saving import as_argument
from tritable.cli.seats import DEFAULT_LEVEL, Seat, parse_ai, seat_seed, seats_from_names
from tritable.cli.session import Session
from tritable.cli.terminal import NoInput, Quit, interrupted
from tritable.engine import Game, SetupError, State, TritableError

if TYPE_CHECKING:
    from tritable.ai import Agent

MAX_DELAY = 60.0
"""The longest pause ``--delay`` takes, in seconds."""


def play(
    game: Annotated[
        str | None, typer.Argument(metavar="GAME", help="Game id (see `tritable games`); may be left out with --load.")
    ] = None,
    players: Annotated[int | None, typer.Option(metavar="N", help="Number of players.")] = None,
    ai: Annotated[
        list[str] | None,
        typer.Option(
            "--ai",
            metavar="SEAT=LEVEL",
            help="An AI seat, SEAT=LEVEL (repeatable). Seats count from 1: --ai 2=hard; also 2,3=easy or "
            "all=easy. Levels: easy, normal, hard, perfect, or any agent spec (2=greedy, 2=easy:iterations=10). "
            "Without --ai, P1 is human and the others are normal AIs.",
        ),
    ] = None,
    hotseat: Annotated[
        bool, typer.Option("--hotseat", metavar="", help="Every seat human: friends at one keyboard.")
    ] = False,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="K=V", help="A game option K=V (repeatable), e.g. --option same=true."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(metavar="S", help="Seed of the deal (and of the AIs); random if left out.")
    ] = None,
    load: Annotated[
        Path | None, typer.Option("--load", metavar="FILE", help="Continue a saved game (a record file).")
    ] = None,
    hand: Annotated[
        list[str] | None,
        typer.Option(
            "--hand",
            metavar="CARDS",
            help="Triple Triad: the five cards you bring, e.g. --hand 'Geezard,Funguar,Bite Bug,Red Bat,Blobra' "
            "(given twice with --hotseat: P1's, then P2's); the other hand is dealt.",
        ),
    ] = None,
    delay: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS",
            help="Pause after each AI move, 0 to 60 seconds, to follow the play. Default: 1 when only AIs "
            "play (--ai all=...) and the screen is a terminal, else 0.",
        ),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="Play at a game server (tritable serve): list its tables to join, watch or open; "
            "with GAME, open a table there (--ai seats, -o options, --clock; the other seats open for people).",
        ),
    ] = None,
    name: Annotated[str | None, typer.Option(metavar="NAME", help="Online: your name at the table.")] = None,
    table: Annotated[
        str | None, typer.Option("--table", metavar="ID", help="Online: join (or --watch) this table.")
    ] = None,
    seat: Annotated[
        int | None, typer.Option(metavar="N", help="Online: the seat to take, from 1 (default: the first free one).")
    ] = None,
    watch: Annotated[bool, typer.Option("--watch", metavar="", help="Online: watch --table as a spectator.")] = False,
    clock: Annotated[
        str | None,
        typer.Option(
            metavar="SPEC",
            help="Online, a new table's clock: MIN+SEC in real time (10+5, the default) or Nh a move (24h).",
        ),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(metavar="TOKEN", help="Online: take back --seat N of --table with the token it was given."),
    ] = None,
) -> None:
    """Play a game at the terminal: against AI seats, with friends at one keyboard, or at a game server."""

    console = Console(highlight=False)
    if sys.stdin is None:  # started with standard input closed
        fail("standard input is closed: play reads the moves from it")
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for the prompts)
    if server is not None:
        online_only = {"--hotseat": hotseat, "--load": load, "--seed": seed, "--hand": hand, "--delay": delay}
        given = [flag for flag, value in online_only.items() if value not in (None, False, [])]
        if given:
            fail(f"{', '.join(given)}: local play only (the server deals, keeps the game and its AIs play at once)")
        from tritable.cli.online import play_online

        try:
            play_online(
                console, server, game=game, players=players, options=option or [], ai=ai or [], clock=clock,
                name=name, table_id=table, seat=seat, token=token, watch=watch,
            )
        except KeyboardInterrupt:
            interrupted(console, "")
        return
    online = {"--name": name, "--table": table, "--seat": seat, "--watch": watch, "--clock": clock, "--token": token}
    given = [flag for flag, value in online.items() if value not in (None, False)]
    if given:
        fail(f"{', '.join(given)}: for online play, with --server URL")
    if load is not None:
        if players is not None or option or seed is not None or hand:
            fail(
                "--load takes the players, options, seed and hands from the save: leave out --players, "
                "--option, --seed and --hand"
            )
        if load == STDIN:
            fail("--load - would read the save from the input the game is played with: give a file")
        record = load_record(load)
        if game is not None and known_id(game) != record.game:
            fail(f"{load} is a {record.game} game, not {game}")
        try:
            state = record.replay()
        except TritableError as exc:
            fail(f"{load}: {as_players_say(str(exc))}")
        if state.is_terminal():
            # Quoted as a shell needs it, as save quotes the name in the command it prints.
            fail(
                f"{load}: the game is over: nothing to play "
                f"(`tritable replay --step {as_argument(load)}` steps through it)"
            )
        g = state.game
        base_seed = record.seed if record.seed is not None else random.randrange(2**31)
        saved_seats = seats_from_names(record.names, g.players)
    else:
        if game is None:
            fail("which game? tritable play GAME (see `tritable games`), or --load FILE")
        check_seed(seed)
        g = make_game(game, players, option)
        base_seed = seed if seed is not None else random.randrange(2**31)
        saved_seats = None
    if hotseat and ai:
        fail("--hotseat makes every seat human: leave out --ai")
    if delay is not None and not 0 <= delay <= MAX_DELAY:
        fail(f"--delay takes seconds from 0 to {MAX_DELAY:g}, not {delay:g}")
    if hotseat:
        levels: dict[int, str] = {}
    elif ai:
        try:  # the AI loads only when a seat is one
            from tritable.ai.levels import levels as game_levels
        except ImportError as exc:
            fail(f"the AI is not available ({exc}); play with --hotseat")
        try:
            levels = parse_ai(ai, g.players, game_levels(g))
        except ValueError as exc:
            fail(str(exc))
    elif saved_seats is not None:
        levels = saved_seats
    else:
        levels = {s: DEFAULT_LEVEL for s in range(1, g.players)}
    seats = [Seat(s, levels.get(s)) for s in range(g.players)]
    if load is None:
        state = _deal(g, base_seed, [s.index for s in seats if not s.is_ai], hand or [])
    agents: dict[int, Agent] = {}
    if levels:
        try:
            from tritable.ai import make_agent
        except ImportError as exc:
            fail(f"the AI is not available ({exc}); play with --hotseat")
        for s in seats:
            if s.level is not None:
                try:
                    agents[s.index] = make_agent(g, s.level, seat_seed(base_seed, s.index))
                except TritableError as exc:
                    if ai or saved_seats is None:
                        fail(f"--ai {s.index + 1}={s.level}: {exc}")
                    fail(f"{load}: the names say {s.label} is an AI {s.level!r}: {exc}")
    try:
        session = Session(g, state, seats, agents, console, base_seed)
    except KeyboardInterrupt:
        interrupted(console, "")
    if delay is not None:
        session.delay = delay
    if load is not None:
        session.saves.saved = (Path(load).expanduser(), list(state.history))  # that file holds the game so far
    try:
        session.run()
    except KeyboardInterrupt:
        interrupted(console, f": {session.save_note()}")
    except Quit:
        console.print(Text(f"bye — {session.save_note()}", style="yellow"))
    except NoInput:
        console.print(Text(f"end of input: the game stops here; {session.save_note()}", style="yellow"))
        raise typer.Exit(1) from None
    except TritableError as exc:
        # Only a bug in a game gets here (say, a seat to move with no legal action).
        fail(f"the game cannot go on: {exc}")


def _deal(game: Game, seed: int | str, humans: list[int], hands: list[str]) -> State:
    """The game dealt from ``seed``, the human seats bringing the ``--hand`` cards chosen (the
    first human the first ``--hand``, ...), every other hand dealt."""
    try:
        if not hands:
            return game.new_state(seed=seed)
        if not humans:
            raise SetupError("--hand chooses a human's hand, and every seat is an AI")
        if len(hands) > len(humans):
            raise SetupError(
                f"{len(hands)} --hand given for {len(humans)} human seat{'s' if len(humans) != 1 else ''}: "
                "one --hand a human seat at most"
            )
        chosen = {seat: read_hand(text) for seat, text in zip(humans, hands, strict=False)}
        return game.new_state(setup=setup_with_hands(game, seed, chosen))
    except TritableError as exc:
        fail(as_players_say(str(exc)))


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to the ``tritable`` app."""
    app.command("play", cls=Command)(play)
