"""Random playouts counted in machine instructions, to compare two versions of the code exactly.

Wall-clock figures of ``tritable bench`` move by 10-20% from run to run on a shared machine, more
than the changes one wants to see. Instructions do not: ``valgrind --tool=callgrind`` counts the
instructions the interpreter executes, which two runs of the same code and inputs give within 1%
of each other whatever else the machine is doing (``PYTHONHASHSEED`` is fixed so that set and dict
orders are the same too). For each case of ``tritable bench`` this plays the same N random games (the bench loop:
``legal_actions`` then ``apply_action`` of a random legal action, chance steps by their odds)
after as many other games to warm the caches, and reports instructions a game: the count of the
run with the N games minus that of the run without them.

``--src DIR`` measures the ``src`` folder of another checkout, for instance the code before a
change (``git worktree add /tmp/before REV``); ``--compare FILE`` puts an earlier run's JSON
beside this one, with the ratio after/before.

Usage: ``.venv/bin/python bench/instructions.py [--src DIR] [--case N ...] [--json FILE]
[--compare FILE]`` (needs valgrind; about five minutes for every case).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from benchargs import fail, output_file, run, write_json

# Games a case: about 0.1 s of native time each, 5-20 s under valgrind.
GAMES = {
    "triple-triad default": 200,
    "triple-triad same+wall+plus+combo+elemental": 200,
    "triad": 200,
    "triominos 2p, one round (target=1)": 100,
    "triominos 4p, to 400": 30,
    "triatri 2p": 400,
    "triatri 4p": 300,
    "tri-t-area": 100,
}


def play(case: int, games: int, warm: int) -> None:
    """The child: ``warm`` games from other seeds, then ``games`` games of bench case ``case``."""
    from tritable.cli.bench import CASES
    from tritable.engine import Game, new_game

    _, gid, players, options, _ = CASES[case]
    game = new_game(gid, players, options)
    # The bench loop (cli.bench.random_game), written here and not imported: the two checkouts
    # compared must run the same harness, and older ones lack that function.
    from tritable.engine import TERMINAL
    from tritable.engine.playout import random_step

    def random_game(game: Game, rng: random.Random) -> None:
        state = game.new_state(seed=rng.getrandbits(32))
        p = state.current_player()
        while p != TERMINAL:
            if p >= 0:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
            else:
                random_step(state, rng)
            p = state.current_player()

    for n, seed in ((warm, 7), (games, 1000)):
        rng = random.Random(seed)
        for _ in range(n):
            random_game(game, rng)


def count(src: Path, case: int, games: int, warm: int) -> int:
    """Instructions of one child run under callgrind."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(src))
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--child",
        str(case),
        str(games),
        str(warm),
    ]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    for line in out.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split()[-1])
    raise RuntimeError(f"no count in valgrind's output: {out.stderr[-500:]}")


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        play(*map(int, sys.argv[2:]))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = Path(__file__).resolve().parent.parent / "src"
    parser.add_argument("--src", type=Path, default=here, help="the src folder to measure (default: this checkout's)")
    parser.add_argument("--case", type=int, action="append", help="a case's number (0-7; default: all)")
    parser.add_argument("--json", type=output_file, metavar="FILE", help="write the counts here")
    parser.add_argument("--compare", type=Path, metavar="FILE", help="an earlier run's JSON to compare with")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        fail("this benchmark needs valgrind (Debian's package valgrind)")
    src = args.src.resolve()
    if not (src / "tritable" / "__init__.py").is_file():
        fail(f"{src} is no src folder of tritable (it has no tritable/__init__.py)")
    labels = list(GAMES)
    cases = args.case or list(range(len(labels)))
    for c in cases:
        if not 0 <= c < len(labels):
            fail(f"no case {c}: the cases are 0-{len(labels) - 1}")
    before: dict[str, Any] = {}
    if args.compare:
        before = {r["case"]: r for r in json.loads(args.compare.read_text())["cases"]}
    results = []
    for c in cases:
        label = labels[c]
        n = GAMES[label]
        per_game = (count(src, c, n, n) - count(src, c, 0, n)) // n
        row: dict[str, Any] = {"case": label, "games": n, "instructions_per_game": per_game}
        line = f"{label:46} {per_game:>12,} instructions a game"
        if label in before:
            ratio = per_game / before[label]["instructions_per_game"]
            row["ratio_to_compared"] = round(ratio, 3)
            line += f"  ({ratio:.3f} of {before[label]['instructions_per_game']:,})"
        print(line, flush=True)
        results.append(row)
    if args.json:
        write_json(args.json, {"src": str(src), "python": sys.version.split()[0], "cases": results})


if __name__ == "__main__":
    run(main)
