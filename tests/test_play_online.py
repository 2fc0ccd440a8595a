"""``tritable play --server``: the terminal as a client of a real game server (``tritable serve`` in
a subprocess), driven through a pseudo-terminal at 80x24 as a player would: listing and joining
tables, a complete game against an AI seat, another game's first turns, two terminals at one
table each seeing only its own hand, refusals, spectating, and a server that goes down and comes
back (the client reconnects with ``since``)."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyte
import pytest
from typer.testing import CliRunner

from server_support import ServerProcess, WsSeat, create, play_out
from test_play import PROMPT, Term
from tritable.cli.main import app
from tritable.cli.table_socket import TableSocket

SIZE = (24, 80)
MENU_CARD = re.compile(r"(?m)^[1-5]  (\S[^\n]*?) ↑\d")
"""A card of the seat's hand as Triple Triad's compact menu lists it (``1  Malboro ↑7 →7 ...``)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path_factory.mktemp('online') / 'tables.db'}"
    process = ServerProcess(db).start()
    try:
        yield process
    finally:
        process.stop()


def client(server: ServerProcess, *args: str, cwd: Path) -> Term:
    return Term("play", "--server", server.base, *args, cwd=cwd, size=SIZE, timeout=60)


class Screen:
    """What a terminal shows (pyte at 80x24), fed from a :class:`Term`'s output."""

    def __init__(self, term: Term) -> None:
        self.term = term
        self.screen = pyte.Screen(SIZE[1], SIZE[0])
        self.stream = pyte.Stream(self.screen)
        self.fed = 0

    def rows(self) -> list[str]:
        self.stream.feed(self.term.raw[self.fed :])
        self.fed = len(self.term.raw)
        return [row.rstrip() for row in self.screen.display]

    def check_turn(self, game_name: str) -> list[str]:
        """The turn's whole screen: the header line on top, the turn line, the menu, the prompt."""
        rows = self.rows()
        shown = "\n".join(rows)
        assert rows[0].startswith(f"{game_name} · table "), shown
        assert re.match(rf"{re.escape(game_name)} · action \d+ · ", rows[1]), shown
        assert rows[self.screen.cursor.y] == "P1>", shown
        assert any(re.search(r"(?<!\S)\d+ +\S", row) for row in rows[2 : self.screen.cursor.y]), shown
        return rows


def test_a_complete_triple_triad_against_an_ai_seat(server: ServerProcess, tmp_path: Path) -> None:
    """A table opened from the command line, played to its end at 80x24: every turn one screen,
    hint from the seat's view, undo and save refused, a card not in hand refused by the server."""
    term = client(server, "triple-triad", "--ai", "2=easy", "--name", "Ann", "-o", "open=false", cwd=tmp_path)
    screen = Screen(term)
    turns = 0
    while True:
        index, _ = term.expect(PROMPT, r"game over")
        if index == 1:
            break
        rows = screen.check_turn("Triple Triad")
        if turns == 0:  # P2's hand stays hidden (a trade at the end shows the cards it brought)
            assert any("▒▒▒▒ (hidden)" in row for row in rows), "\n".join(rows)
        if turns == 1:
            term.send("undo")
            term.wait(r"no undo online: the server's table is the game")
            term.send("save game.json")
            term.wait(r"no save online: the server keeps the record")
            term.send("Squall@5")  # a real card, in no hand of levels 1-5: the server refuses it
            term.wait(r"✗ the server refused it: [^\n]*Squall")
            term.send("hint")
            hint = term.wait(r"hint: (?:\(exact: the solver\) )?(\d+) ([^\n(]*?@[1-9]) \(")
            assert re.fullmatch(r"[1-5][1-9]", hint[1]) and hint[1][1] == hint[2][-1], hint[0]  # row, then cell
            term.wait(PROMPT)
            term.send("board")  # the screen again, whole
            term.wait(PROMPT)
            screen.check_turn("Triple Triad")
        turns += 1
        term.send(term.first_listed())
    term.wait(r"result")
    assert term.end() == 0
    out = term.output
    assert re.search(r"winner: P\d|a draw", out), out[-2000:]
    assert "the server keeps the record" in out
    assert turns in (4, 5, 6)  # P1 lays five cards or four, as the first player is drawn (and may take one)


@pytest.mark.parametrize(("game", "name"), [("triominos", "Triominos"), ("triatri", "TriATri")])
def test_other_games_first_turns_at_80x24(server: ServerProcess, tmp_path: Path, game: str, name: str) -> None:
    """Triominos' draws, TriATri's simultaneous start cards (the AI's choice may cross P1's: it is
    sent again by itself), each turn one screen."""
    term = client(server, game, "--ai", "2=easy", "--name", "Ann", cwd=tmp_path)
    screen = Screen(term)
    for _ in range(3):
        term.wait(PROMPT)
        screen.check_turn(name)
        term.send("1")
    term.wait(PROMPT)
    assert "P1 Ann (you) plays" in term.output
    term.send("quit")
    back = term.wait(r"--seat\s+1\s+--token\s+(\S+)")
    assert back[1]
    assert term.end() == 0


def test_listing_tables_and_joining_one_from_the_list(server: ServerProcess, tmp_path: Path) -> None:
    with server.http() as http:
        seats = [{"kind": "open"}, {"kind": "ai", "level": "easy"}]
        clock = {"mode": "realtime", "initial_seconds": 300, "increment_seconds": 3}
        r = http.post("/api/tables", json={"game": "triad", "seats": seats, "clock": clock})
        table_id = r.json()["table"]["id"]
    term = client(server, "--name", "Cleo", cwd=tmp_path)
    term.wait("table> ")
    listing = term.before
    lines = listing.splitlines()
    at = next(i for i, line in enumerate(lines) if f"table {table_id} · options: default" in line)
    row = lines[at - 1]
    assert "triad" in row and "P1 free · P2 AI easy" in row and "5 min +3s" in row and "open: 1 free" in row, listing
    number = row.split()[0]
    term.send("42")
    term.wait(r"✗ choose a table 1-\d+")
    term.send("new chess")
    term.wait(r"✗ unknown game 'chess'")
    term.send("new triad --ai 3=easy")
    term.wait(r"✗ --ai: seats are numbered 1-2")
    term.send(number)
    term.wait(PROMPT)
    assert f"table {table_id}" in term.output and "P1 Cleo (you)" in term.output
    term.send("quit")
    term.wait("bye")
    assert term.end() == 0
    with server.http() as http:
        assert http.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == "Cleo"
    watcher = client(server, cwd=tmp_path)
    watcher.wait("table> ")
    lines = watcher.before.splitlines()
    at = next(i for i, line in enumerate(lines) if f"table {table_id} · options: default" in line)
    assert "playing" in lines[at - 1]  # Cleo's seat filled the table, which started
    watcher.send(f"watch {lines[at - 1].split()[0]}")
    watcher.wait("you watch")
    watcher.wait(r"waiting for|Triad · action")
    watcher.child.sendintr()
    assert watcher.end() == 130


def _both(terms: list[Term], pattern: str) -> int:
    """Which of ``terms`` shows ``pattern`` first (the others are left where they were)."""
    for _ in range(120):
        for i, term in enumerate(terms):
            timeout, term.timeout = term.timeout, 0.25
            try:
                term.wait(pattern)
                return i
            except AssertionError:
                continue
            finally:
                term.timeout = timeout
    raise AssertionError(f"no {pattern} on either terminal")


def test_two_terminals_at_one_table_each_see_only_their_own_hand(server: ServerProcess, tmp_path: Path) -> None:
    ann = client(server, "triple-triad", "-o", "open=false", "--name", "Ann", cwd=tmp_path)
    invite = ann.wait(r"tritable play --server\s+\S+\s+--table\s+(\w+)")
    bob = client(server, "--table", invite[1], "--name", "Bob", cwd=tmp_path)
    terms = [ann, bob]
    first = _both(terms, PROMPT)
    second = 1 - first
    mover = terms[first]
    first_hand = set(MENU_CARD.findall(mover.before))  # a card held twice is listed once
    assert 1 <= len(first_hand) <= 5, mover.before
    mover.send(mover.first_listed())
    played = mover.wait(r"plays (\S[^\n]*?)@\d")[1]
    other = terms[second]
    other.wait(PROMPT)
    second_hand = set(MENU_CARD.findall(other.before))
    assert 1 <= len(second_hand) <= 5, other.before
    # Neither screen ever named a card of the other's hand (save those both hold, and the one laid).
    assert not [c for c in second_hand if c not in first_hand and c in mover.output]
    assert not [c for c in first_hand if c not in second_hand and c != played and c in other.output]
    assert "▒▒▒▒ (hidden)" in ann.output and "▒▒▒▒ (hidden)" in bob.output
    assert re.search(r"P1 Ann (\(you\) )?plays|P2 Bob (\(you\) )?plays", other.output)
    for term in terms:
        term.send("quit") if term is other else term.child.sendintr()
        assert term.end() in (0, 130)


def test_a_spectator_sees_the_spectator_view_to_the_end(server: ServerProcess, tmp_path: Path) -> None:
    """Watching from before the start: every move told, no hand shown, no prompt, the result."""
    with server.http() as http:
        seats = [{"kind": "open"}, {"kind": "ai", "level": "easy"}]
        r = http.post("/api/tables", json={"game": "triple-triad", "options": {"open": False}, "seats": seats})
        table_id = r.json()["table"]["id"]
        term = client(server, "--table", table_id, "--watch", cwd=tmp_path)
        term.wait("you watch")
        term.wait("waiting for players at P1")
        token = http.post(f"/api/tables/{table_id}/join", json={"name": "Gus"}).json()["token"]
    asyncio.run(_play_out(server, table_id, 0, token))
    term.wait(r"result")
    assert term.end() == 0
    out = term.output
    assert "Gus sits down as P1 Gus" in out and "the game starts" in out
    assert "P1 Gus plays" in out and "P2 AI (easy) plays" in out
    assert "you  5 cards" not in out and "you  4 cards" not in out  # no seat's own hand is shown
    assert "▒▒▒▒ (hidden)" in out and "P1>" not in out and "P2>" not in out


async def _play_out(server: ServerProcess, table_id: str, seat: int, token: str) -> None:
    player = WsSeat(server, table_id, seat, token)
    await player.connect()
    try:
        await play_out([player], random.Random(1))
    finally:
        await player.close()


def test_a_seat_whose_time_runs_out_is_the_ai_s(server: ServerProcess, tmp_path: Path) -> None:
    """A 3-second clock: the person does not answer, the server hands the seat to an AI; the next
    line typed finds the table moved on, and the client watches the AI finish the game."""
    term = client(server, "triple-triad", "--ai", "2=easy", "--name", "Hal", "--clock", "0.05+0", cwd=tmp_path)
    term.wait(PROMPT)
    time.sleep(4.5)  # the clock runs out; the sweeper (every second) hands the seat over
    term.send("11")
    term.wait(r"P1 Hal \(you\)'s time ran out: an AI \(normal\) plays for them")
    term.wait(r"your seat is the AI's now")
    term.wait(r"result")
    assert term.end() == 0
    assert "0:03 each + 0 s a move" in " ".join(term.output.split())  # the header says the clock
    assert "P1>" not in term.output[term.output.index("your seat is the AI's now") :]


def test_bad_input_is_an_error_line(server: ServerProcess, tmp_path: Path) -> None:
    runner = CliRunner()

    def refused(*args: str) -> str:
        result = runner.invoke(app, ["play", *args], input="")
        assert result.exit_code == 2, result.output
        assert "error:" in result.output, result.output
        return " ".join(result.output.split())

    assert "cannot reach the server" in refused("--server", "http://127.0.0.1:9")
    assert "give an http:// or https:// address" in refused("--server", "ftp://example.org")
    assert "is no tritable server" in refused("--server", f"{server.base}/elsewhere")
    assert "there is no table 'nosuchtable'" in refused("--server", server.base, "--table", "nosuchtable")
    assert "for online play, with --server URL" in refused("triad", "--table", "x")
    assert "local play only" in refused("triad", "--server", server.base, "--hotseat")
    assert "--clock '3x': --clock MIN+SEC" in refused("triad", "--server", server.base, "--clock", "3x")
    assert "--seat: seats are numbered 1-2" in refused("triad", "--server", server.base, "--seat", "3")
    assert "unknown game 'chess'" in refused("chess", "--server", server.base)
    assert "--watch watches a table: give --table ID" in refused("triad", "--server", server.base, "--watch")
    with server.http() as http:
        full, _ = create(http, "triad", 2, {}, {1: "easy"})  # P1 joined and playing: no free seat
        open_table = http.post("/api/tables", json={"game": "triatri", "players": 3, "name": "Dee"}).json()
    assert f"table {full} has no free seat: --watch watches it" in refused("--server", server.base, "--table", full)
    wrong = refused("--server", server.base, "--table", full, "--seat", "1", "--token", "not-the-token")
    assert "not the token of P1" in wrong, wrong
    said = refused("--server", server.base, "--table", open_table["table"]["id"], "--seat", "1")
    assert f"P1 of table {open_table['table']['id']} is taken" in said, said


def test_the_client_reconnects_and_catches_up(tmp_path: Path) -> None:
    """The server dies (SIGKILL) mid-game and comes back on its port: the client says so, connects
    again with ``since`` and plays on; the scripted player's moves made meanwhile are told."""
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    server = ServerProcess(db).start()
    try:
        with server.http() as http:
            r = http.post("/api/tables", json={"game": "triad", "name": "Eve", "seat": 1})
            table_id, eve_token = r.json()["table"]["id"], r.json()["token"]
        term = client(server, "--table", table_id, "--name", "Fay", cwd=tmp_path)
        term.wait(PROMPT)  # Fay is P1, black, first to move
        term.send("1")
        term.wait(r"waiting for P2 Eve")
        server.kill()
        term.wait(r"connection to the server dropped: connecting again")
        server = ServerProcess(db, port=server.port).start()
        eve = WsSeat(server, table_id, 1, eve_token)

        async def eve_moves() -> str:
            await eve.connect()
            await eve.act(eve.legal[0])
            reply = await eve.recv()
            await eve.close()
            assert reply["type"] == "update", reply
            return str(reply["event"]["action"])

        action = asyncio.run(eve_moves())
        term.wait(PROMPT)
        assert "connected again" in term.output
        assert f"P2 Eve plays {action}" in term.output
        term.send("1")
        term.wait(r"P1 Fay \(you\) plays")
        term.send("")
        term.child.sendintr()
        assert term.end() == 130
    finally:
        server.stop()


def test_a_gap_in_the_sequence_asks_for_the_events_missed(server: ServerProcess) -> None:
    """The socket thread that hears seq n+2 after n asks for a sync: the flow sees every event."""
    with server.http() as http:
        r = http.post("/api/tables", json={"game": "triad", "seats": [{"kind": "open"}, {"kind": "open"}]})
        table_id = r.json()["table"]["id"]
        tokens = [http.post(f"/api/tables/{table_id}/join", json={"name": n}).json()["token"] for n in ("A", "B")]
    socket = TableSocket(f"{server.ws_base}/ws/tables/{table_id}", 1, tokens[1])
    socket.open()
    try:
        welcome = socket.messages.get(timeout=30)
        assert welcome["type"] == "welcome" and [e["kind"] for e in welcome["events"]] == ["join", "join", "start"]
        socket.last_seq = 1  # as if events 2 and 3 had been lost
        a = WsSeat(server, table_id, 0, tokens[0])

        async def a_moves() -> None:
            await a.connect()
            await a.act(a.legal[0])
            await a.recv()
            await a.close()

        asyncio.run(a_moves())
        caught: dict[str, Any] = socket.messages.get(timeout=30)
        assert caught["type"] == "sync", caught
        assert [e["seq"] for e in caught["events"]] == [2, 3, 4]
        assert socket.last_seq == 4
    finally:
        socket.close()
