"""``tritable solve FILE``: the exact value and optimal moves of a Triple Triad position.

FILE is JSON in one of three forms:

* a game record (``tritable simulate --record``, ``Record.from_state(state)``): the position after its
  actions is solved;
* a setup: ``{"game": "triple-triad", "options": {...}, "setup": {...}}`` (``options`` may be left
  out): the position before the first move;
* a full state as written by ``State.to_json()`` (it has ``"history"`` and ``"board"``), or the
  output of ``tritable replay --json``, which holds one.

Every form holds both hands, so with closed hands (``open=false``) the solver uses the hidden hand
as the file gives it, and says so. A finished game, another game than Triple Triad, and malformed
files are errors (``error: <why>``, exit status 2).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from tritable.cli.command import Command
from tritable.cli.common import console, fail, known_id, named, position_of, read_position, thinking
from tritable.engine import State, TritableError
from tritable.engine.protocol import json_type


def _load_state(path: Path) -> State:

    data = read_position(path)
    if not isinstance(data, dict):
        fail(f"{named(path)}: expected a JSON object (a record, a setup or a state), not {json_type(data)}")
    if "game" not in data:
        fail(f"{named(path)}: no 'game' field: expected a record, a setup or a state")
    game = data.get("game")
    if (known_id(game) if isinstance(game, str) else game) != "triple-triad":  # any case, as hint reads it
        fail(f"{named(path)}: the solver plays Triple Triad (game 'triple-triad'), not {data.get('game')!r}")
    return position_of(path, data)[0]


def solve_file(
    file: Annotated[
        Path,
        typer.Argument(metavar="FILE", help="A Triple Triad record, setup or state (JSON); - reads standard input."),
    ],
    as_json: Annotated[bool, typer.Option("--json", metavar="", help="Print JSON.")] = False,
    one: Annotated[bool, typer.Option("--one", metavar="", help="Find one optimal move, not all (faster).")] = False,
) -> None:
    """Solve a Triple Triad position exactly: the value for the side to move and its best moves."""
    from tritable.ai.solver import solve

    state = _load_state(file)
    if state.is_terminal():
        fail(f"{named(file)}: the game is over: nothing to solve")
    game = state.game
    hidden = not game.options.get("open", True)
    try:
        with thinking("solving…"):
            solution = solve(state, all_best=not one)
    except TritableError as exc:
        fail(f"{named(file)}: {exc}")
    note = (
        "closed hands: solved with both hands as the file gives them (the full state), "
        "which the player to move would not see"
        if hidden
        else None
    )
    if as_json:
        out = solution.to_json(game)
        out["closed_hands_used"] = hidden
        print(json.dumps(out, indent=1))
        return
    seat = f"P{solution.player + 1}"
    console.print(_board(state) if hidden else state.render(), highlight=False, markup=False)
    if note:
        console.print(note, highlight=False, markup=False)
    # Not commas: a card's name may hold one ("Biggs, Wedge").
    moves = " · ".join(game.action_to_string(a) for a in solution.best_moves)
    if solution.phase == "trade":
        console.print(
            f"the round is over: {seat} won {solution.score}-{10 - solution.score}; every pick is as good"
            + (f", the strongest: {moves}" if one else f": {moves}"),
            highlight=False,
            markup=False,
        )
        return
    label = "optimal move" if one else "optimal moves"
    console.print(
        f"{seat} to move: value {solution.value:+d} ({solution.result}, {solution.score}-{10 - solution.score} "
        f"with perfect play)\n{label}: {moves}\n"
        f"{solution.nodes} positions searched in {solution.seconds:.2f} s",
        highlight=False,
        markup=False,
    )


def _board(state: State) -> str:
    """The position with both closed hands shown: the solve reads them, so the reader should too."""
    from tritable.games.triple_triad.render import render_view

    view = state.view(None)
    view["hands"] = [state.view(seat)["hands"][seat] for seat in range(state.game.players)]
    return render_view(view, state.game)


def register(app: typer.Typer) -> None:
    """Add ``tritable solve`` to the command-line app."""
    app.command("solve", cls=Command)(solve_file)
