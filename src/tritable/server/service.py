"""Tables: their lifecycle, moves, clocks and AI seats, with the database as the only truth.

Every change to a table runs under the table's lock in this process and commits with the table's
version checked in the database (:meth:`tritable.store.Store.commit`); only then is it published
(:class:`tritable.server.hub.Broker`) and the clients told. The in-memory :class:`TableRuntime` is a
cache: it is rebuilt from the table's row and event log whenever it is missing or behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

import tritable
from tritable.engine import SIMULTANEOUS, Game, Record, State, TritableError
from tritable.server.ai import AIPool
from tritable.server.errors import ApiError
from tritable.server.identity import Identity
from tritable.server.schemas import CreateTable
from tritable.store import DuplicateMove, Event, Store, VersionConflict

log = logging.getLogger("tritable.server")

FINISHED_SECONDS = 30.0
"""A finished table nobody asked for in this long leaves the cache (its record stays in the database)."""
IDLE_SECONDS = 600.0
"""... and so does any table untouched for this long (a correspondence game between two moves)."""
CACHED_TABLES = 20_000
"""At most this many tables are kept in memory: past it the least recently used go first."""

OPEN, PLAYING, FINISHED = "open", "playing", "finished"


@functools.lru_cache(maxsize=256)
def _game(game_id: str, players: int, options: str) -> Game:
    return tritable.new_game(game_id, players=players, options=json.loads(options))


def make_game(game_id: str, players: int | None, options: Mapping[str, Any]) -> Game:
    """``tritable.new_game``, shared: a game is immutable, and some build tables when made."""
    try:
        key = json.dumps(dict(options), sort_keys=True)
    except (TypeError, ValueError):
        return tritable.new_game(game_id, players=players, options=options)
    if players is None:
        return tritable.new_game(game_id, players=players, options=options)
    return _game(game_id, players, key)


@dataclass
class TableRuntime:
    """A table as this process knows it: its row, seats, event log and (once started) the state."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    events: list[Event]
    game: Game
    state: State | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    moves: dict[tuple[int, str], Event] = field(default_factory=dict)
    texts: dict[Any, Any] = field(default_factory=dict)
    """Messages serialised once a version for every connection of a seat (the hub's)."""
    used: float = field(default_factory=time.monotonic)
    """When the table was last asked for (the cache evicts by it)."""

    @property
    def id(self) -> str:
        return str(self.row["id"])

    @property
    def version(self) -> int:
        return int(self.row["version"])

    @property
    def status(self) -> str:
        return str(self.row["status"])

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """The seat's view of the current position (``None`` before the start). Not kept: an update
        keeps its encoded text (:attr:`texts`), and a view kept for the life of a version (a second
        or so) was tens of objects a seat that the garbage collector traversed and promoted."""
        if self.state is None:
            return None
        return self.state.view(seat)

    def legal(self, seat: int | None) -> list[str]:
        """The notation of ``seat``'s legal actions now (empty for a seat not to move, a spectator)."""
        if seat is None or seat not in self.pending():
            return []
        key = ("legal", seat)
        if key not in self.texts:
            assert self.state is not None
            self.texts[key] = [self.game.action_to_string(a) for a in self.state.legal_actions(seat)]
        return list(self.texts[key])

    def pending(self) -> tuple[int, ...]:
        if self.state is None or self.status != PLAYING:
            return ()
        return self.state.players_to_move()

    def apply(self, row: dict[str, Any], seats: list[dict[str, Any]], events: list[Event]) -> None:
        """Bring the runtime to ``row``'s version with the events that led there (in order)."""
        for event in events:
            if self.events and event.seq <= self.events[-1].seq:
                continue
            if event.kind == "start":
                self.state = self.game.new_state(setup=row["setup"])
            elif event.kind == "move":
                assert self.state is not None and event.action is not None and event.seat is not None
                self.state.apply_action(self.game.string_to_action(event.action), player=event.seat)
            self.events.append(event)
            if event.move_id is not None and event.seat is not None:
                self.moves[(event.seat, event.move_id)] = event
        self.row = row
        self.seats = seats
        self.texts.clear()

    @classmethod
    def build(cls, row: dict[str, Any], seats: list[dict[str, Any]], events: list[Event]) -> TableRuntime:
        game = make_game(row["game"], row["players"], row["options"])
        runtime = cls(row=dict(row, version=0), seats=seats, events=[], game=game, state=None)
        runtime.apply(row, seats, events)
        return runtime


def public_event(event: Event, viewer: int | None) -> dict[str, Any]:
    """``event`` as ``viewer`` (a seat, or ``None`` for a spectator) may see it: a choice made in a
    simultaneous turn stays sealed to everyone but its seat."""
    out: dict[str, Any] = {"seq": event.seq, "kind": event.kind, "seat": event.seat, "at": event.at}
    own = viewer is not None and viewer == event.seat
    if event.kind == "move":
        if own or not event.data.get("sealed"):
            out["action"] = event.action
        else:
            out["sealed"] = True
        if own:
            out["move_id"] = event.move_id
    else:
        out.update({k: v for k, v in event.data.items() if k != "sealed"})
    return out


def table_json(rt: TableRuntime) -> dict[str, Any]:
    """The public summary of a table (no setup, no tokens)."""
    return summary(rt.row, rt.seats)


def summary(row: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
    clocks = row["clocks"] or {}
    return {
        "id": row["id"],
        "game": row["game"],
        "players": row["players"],
        "options": row["options"],
        "status": row["status"],
        "seq": row["version"],
        "mode": row["mode"],
        "clock": row["clock"],
        "clocks": {"remaining": clocks.get("remaining"), "running": clocks.get("since")},
        "deadline": row["deadline"],
        "on_timeout": row["on_timeout"],
        "timeout_level": row["timeout_level"],
        "auto_start": row["auto_start"],
        "seats": [{"seat": s["seat"], "kind": s["kind"], "name": s["name"], "level": s["level"]} for s in seats],
        "result": row["result"],
        "created_at": row["created_at"],
        "started_at": row["started_at"],
        "finished_at": row["finished_at"],
    }


Publisher = Callable[[str, int], Awaitable[None]]


class TableService:
    """What the HTTP and WebSocket handlers call: every operation on a table."""

    def __init__(self, store: Store, identity: Identity, ai: AIPool, publish: Publisher) -> None:
        self.store = store
        self.identity = identity
        self.ai = ai
        self.publish = publish
        self.runtimes: dict[str, TableRuntime] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._thinking: set[tuple[str, int]] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    # -- the cache -----------------------------------------------------------------------------

    async def runtime(self, table_id: str) -> TableRuntime:
        """The table's runtime, built from the database on a miss; ``not_found`` if there is none."""
        rt = self.runtimes.get(table_id)
        if rt is not None:
            rt.used = time.monotonic()
            return rt
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            rt = self.runtimes.get(table_id)
            if rt is None:
                try:
                    row, seats, events = await self.store.load(table_id)
                except KeyError:
                    raise ApiError("not_found", f"there is no table {table_id!r}", 404) from None
                rt = TableRuntime.build(row, seats, events)
                self.runtimes[table_id] = rt
        self._loading.pop(table_id, None)
        return rt

    def evict(self, now: float | None = None) -> int:
        """Drop from the cache the finished tables and the idle ones (and, past :data:`CACHED_TABLES`,
        the least recently used): the next request for one rebuilds it from the database. A table
        whose lock is held or whose AI seat is to move stays (the sweeper retries a failed AI seat
        from the cache). The number dropped."""
        now = time.monotonic() if now is None else now
        busy = {table_id for table_id, _ in self._thinking}
        dropped = 0
        over = len(self.runtimes) - CACHED_TABLES
        tables = list(self.runtimes.items())
        if over > 0:
            tables.sort(key=lambda item: item[1].used)
        for table_id, rt in tables:
            idle = now - rt.used
            if rt.lock.locked() or table_id in busy or table_id in self._loading:
                continue
            if any(rt.seats[s]["kind"] == "ai" for s in rt.pending()):
                continue
            if over > 0 or idle > IDLE_SECONDS or (rt.status == FINISHED and idle > FINISHED_SECONDS):
                del self.runtimes[table_id]
                dropped += 1
                over -= 1
        return dropped

    async def refresh(self, rt: TableRuntime) -> None:
        """Catch up with what other writers (another instance, a sweeper) committed."""
        row, seats, events = await self.store.load(rt.id, after=rt.version)
        if row["version"] != rt.version:
            rt.apply(row, seats, events)

    async def _commit(self, rt: TableRuntime, event: Event, table: dict[str, Any] | None = None,
                      seats: list[dict[str, Any]] | None = None, state: State | None = None,
                      at: float | None = None) -> Event:
        """Commit ``event`` at the runtime's version, then update the runtime and publish. Caller holds the lock."""
        at = time.time() if at is None else at
        seats = seats or []
        version = await self.store.commit(rt.id, rt.version, event, table=table, seats=seats, at=at)
        committed = Event(event.kind, event.seat, event.action, event.move_id, dict(event.data), version, at)
        row = dict(rt.row, version=version, **(table or {}))
        new_seats = [dict(s) for s in rt.seats]
        for change in seats:
            new_seats[change["seat"]].update(change)
        if state is not None:
            rt.state = state
        rt.events.append(committed)
        if committed.move_id is not None and committed.seat is not None:
            rt.moves[(committed.seat, committed.move_id)] = committed
        rt.row, rt.seats = row, new_seats
        rt.texts.clear()
        await self.publish(rt.id, version)
        return committed

    # -- lifecycle -----------------------------------------------------------------------------

    async def create(self, spec: CreateTable) -> tuple[dict[str, Any], int | None, str | None]:
        try:
            game = make_game(spec.game, spec.players, spec.options)
        except TritableError as exc:
            raise ApiError("bad_game", str(exc)) from None
        seats_spec = spec.seats if spec.seats is not None else []
        if seats_spec and len(seats_spec) != game.players:
            raise ApiError("bad_seats", f"{game.id} for {game.players} players needs {game.players} seats, "
                                        f"not {len(seats_spec)}")
        self._check_level(game, spec.timeout_level)
        seat_rows = []
        table_id = secrets.token_hex(8)
        for i in range(game.players):
            s = seats_spec[i] if seats_spec else None
            if s is not None and s.kind == "ai":
                level = s.level or "normal"
                self._check_level(game, level)
                seat_rows.append({"table_id": table_id, "seat": i, "kind": "ai", "name": f"AI ({level})",
                                  "level": level, "token_hash": None})
            else:
                if s is not None and s.level is not None:
                    raise ApiError("bad_seats", f"seat {i} is open: a level is for an AI seat")
                seat_rows.append({"table_id": table_id, "seat": i, "kind": "open", "name": None, "level": None,
                                  "token_hash": None})
        seed = str(secrets.randbits(63))
        setup = copy.deepcopy(game.new_state(seed=seed).initial_setup)
        clock = spec.clock
        if clock.mode == "realtime":
            clock_json: dict[str, Any] = {"initial_seconds": clock.initial_seconds,
                                          "increment_seconds": clock.increment_seconds}
        else:
            clock_json = {"hours_per_move": clock.hours_per_move}
        row = {
            "id": table_id, "game": game.id, "players": game.players, "options": game.changed_options(),
            "seed": seed, "setup": setup, "status": OPEN, "version": 0, "mode": clock.mode, "clock": clock_json,
            "clocks": {"remaining": [None] * game.players, "since": [None] * game.players},
            "on_timeout": spec.on_timeout, "timeout_level": spec.timeout_level, "auto_start": spec.auto_start,
            "deadline": None, "result": None, "created_at": time.time(), "started_at": None, "finished_at": None,
        }
        if spec.name is None and spec.seat is not None:
            raise ApiError("bad_request", "a seat to join needs a name")
        await self.store.create_table(row, seat_rows)
        # The row as committed is the row a load would read (its JSON columns as they come back):
        # the cache takes it without a read.
        self.runtimes.setdefault(table_id, TableRuntime.build(orjson.loads(orjson.dumps(row)),
                                                              orjson.loads(orjson.dumps(seat_rows)), []))
        seat = token = None
        if spec.name is not None:
            seat, token, _ = await self.join(table_id, spec.name, spec.seat)
        rt = await self.runtime(table_id)
        if spec.name is None and rt.status == OPEN and rt.row["auto_start"] and self._full(rt):
            async with rt.lock:
                await self._start(rt)
        return table_json(rt), seat, token

    @staticmethod
    def _check_level(game: Game, level: str) -> None:
        from tritable.ai import make_agent

        try:
            make_agent(game, level, 0)
        except (TritableError, KeyError) as exc:
            raise ApiError("bad_level", f"no AI level {level!r} for {game.id}: {exc}") from None

    @staticmethod
    def _full(rt: TableRuntime) -> bool:
        return all(s["kind"] != "open" for s in rt.seats)

    async def join(self, table_id: str, name: str, seat: int | None) -> tuple[int, str, dict[str, Any]]:
        rt = await self.runtime(table_id)
        async with rt.lock:
            if rt.status != OPEN:
                raise ApiError("not_open", f"table {table_id} is {rt.status}: no seat can be joined", 409)
            if seat is None:
                free = [s["seat"] for s in rt.seats if s["kind"] == "open"]
                if not free:
                    raise ApiError("table_full", f"table {table_id} has no open seat", 409)
                seat = free[0]
            elif not 0 <= seat < len(rt.seats):
                raise ApiError("bad_seat", f"table {table_id} has seats 0-{len(rt.seats) - 1}, not {seat}")
            elif rt.seats[seat]["kind"] != "open":
                raise ApiError("seat_taken", f"seat {seat} of table {table_id} is taken", 409)
            token, digest = self.identity.issue()
            await self._commit(rt, Event("join", seat=seat, data={"name": name}),
                               seats=[{"seat": seat, "kind": "human", "name": name, "token_hash": digest}])
            if rt.row["auto_start"] and self._full(rt):
                await self._start(rt)
            return seat, token, table_json(rt)

    def _authorise(self, rt: TableRuntime, seat: int, token: str) -> None:
        if not 0 <= seat < len(rt.seats) or not self.identity.verify(token, rt.seats[seat]["token_hash"]):
            raise ApiError("forbidden", f"that is not the token of seat {seat} at table {rt.id}", 403)

    async def authorise(self, table_id: str, seat: int, token: str) -> TableRuntime:
        rt = await self.runtime(table_id)
        self._authorise(rt, seat, token)
        return rt

    async def leave(self, table_id: str, seat: int, token: str) -> dict[str, Any]:
        rt = await self.runtime(table_id)
        async with rt.lock:
            self._authorise(rt, seat, token)
            if rt.status != OPEN:
                raise ApiError("not_open", f"table {table_id} is {rt.status}: a seat is left only before the start",
                               409)
            await self._commit(rt, Event("leave", seat=seat, data={"name": rt.seats[seat]["name"]}),
                               seats=[{"seat": seat, "kind": "open", "name": None, "token_hash": None}])
            return table_json(rt)

    async def start(self, table_id: str, seat: int, token: str) -> dict[str, Any]:
        rt = await self.runtime(table_id)
        async with rt.lock:
            self._authorise(rt, seat, token)
            if rt.status != OPEN:
                raise ApiError("not_open", f"table {table_id} is {rt.status} already", 409)
            if not self._full(rt):
                open_seats = [s["seat"] for s in rt.seats if s["kind"] == "open"]
                raise ApiError("not_full", f"table {table_id} still has open seats: {open_seats}", 409)
            await self._start(rt, by=seat)
            return table_json(rt)

    async def _start(self, rt: TableRuntime, by: int | None = None) -> None:
        now = time.time()
        state = rt.game.new_state(setup=rt.row["setup"])
        clocks = self._clocks_after(rt, None, state, None, now)
        await self._commit(rt, Event("start", seat=by), state=state, at=now,
                           table={"status": PLAYING, "started_at": now, **clocks})
        self._kick_ai(rt)

    # -- moves ---------------------------------------------------------------------------------

    async def move(self, table_id: str, seat: int, seq: int, move_id: str, notation: str,
                   ai: bool = False) -> tuple[Event, bool]:
        """Apply ``seat``'s action; ``(event, duplicate)``. ``duplicate`` is true when the move id was
        logged already: the stored event is the answer and nothing is applied again."""
        rt = await self.runtime(table_id)
        async with rt.lock:
            done = rt.moves.get((seat, move_id))
            if done is not None:
                return done, True
            if not ai and rt.seats[seat]["kind"] != "human":
                raise ApiError("not_your_seat", f"seat {seat} is played by the AI now", 409)
            if rt.status != PLAYING or rt.state is None:
                raise ApiError("not_playing", f"table {table_id} is {rt.status}", 409)
            if seq != rt.version:
                raise ApiError("stale", f"you saw seq {seq}; the table is at {rt.version}", 409)
            try:
                action = rt.game.string_to_action(notation)
                sealed = rt.state.current_player() == SIMULTANEOUS
                state = rt.state.clone()
                state.apply_action(action, player=seat)
            except TritableError as exc:
                code = {"OutOfTurnError": "out_of_turn", "NotationError": "bad_notation"}.get(
                    type(exc).__name__, "illegal_action")
                raise ApiError(code, str(exc), 422) from None
            now = time.time()
            table = self._clocks_after(rt, rt.state, state, seat, now)
            if state.is_terminal():
                table.update(status=FINISHED, finished_at=now, deadline=None,
                             result={"reason": "end", "outcome": state.outcome().to_json()})
            event = Event("move", seat=seat, action=rt.game.action_to_string(action), move_id=move_id,
                          data={"sealed": True} if sealed else {})
            try:
                committed = await self._commit(rt, event, table=table, state=state, at=now)
            except DuplicateMove:  # another instance logged it: the log has the answer
                await self.refresh(rt)
                return rt.moves[(seat, move_id)], True
            except VersionConflict:
                await self.refresh(rt)
                raise ApiError("stale", f"the table moved on to seq {rt.version}", 409) from None
            self._kick_ai(rt)
            return committed, False

    # -- clocks --------------------------------------------------------------------------------

    def _clocks_after(self, rt: TableRuntime, before: State | None, after: State, mover: int | None,
                      now: float) -> dict[str, Any]:
        """The clock columns once ``after`` is the position: the time used is charged to every seat
        whose clock ran, the mover gets the increment, and the seats now to move start theirs."""
        clock = rt.row["clock"]
        old = rt.row["clocks"] or {}
        n = rt.game.players
        remaining: list[float | None] = list(old.get("remaining") or [None] * n)
        since: list[float | None] = list(old.get("since") or [None] * n)
        realtime = rt.row["mode"] == "realtime"
        if before is None:  # the start
            remaining = [clock["initial_seconds"] if realtime else None for _ in range(n)]
            since = [None] * n
        for s in range(n):
            if since[s] is not None and realtime:
                remaining[s] = max(0.0, (remaining[s] or 0.0) - (now - since[s]))  # type: ignore[operator]
        if mover is not None and realtime and remaining[mover] is not None:
            remaining[mover] = (remaining[mover] or 0.0) + clock["increment_seconds"]
        pending = () if after.is_terminal() else after.players_to_move()
        humans = {s["seat"] for s in rt.seats if s["kind"] == "human"}
        since = [now if (s in pending and s in humans) else None for s in range(n)]
        return {"clocks": {"remaining": remaining, "since": since}, "deadline": self._deadline(rt, remaining, since)}

    @staticmethod
    def _seat_deadline(rt: TableRuntime, remaining: list[float | None], since: list[float | None],
                       s: int) -> float | None:
        started = since[s]
        if started is None:
            return None
        if rt.row["mode"] == "realtime":
            return started + (remaining[s] or 0.0)
        return started + rt.row["clock"]["hours_per_move"] * 3600.0

    def _deadline(self, rt: TableRuntime, remaining: list[float | None], since: list[float | None]) -> float | None:
        times = [d for s in range(len(since)) if (d := self._seat_deadline(rt, remaining, since, s)) is not None]
        return min(times) if times else None

    async def sweep(self, now: float | None = None) -> int:
        """Apply every timeout that is due (any instance may run this: commits are version-checked)."""
        now = time.time() if now is None else now
        done = 0
        self.evict()
        for rt in list(self.runtimes.values()):  # an AI seat whose thinking failed (a lost connection) tries again
            self._kick_ai(rt)
        for table_id in await self.store.table_ids(PLAYING, due_before=now):
            with contextlib.suppress(ApiError, VersionConflict):
                done += await self.time_out(table_id, now)
        return done

    async def time_out(self, table_id: str, now: float) -> int:
        rt = await self.runtime(table_id)
        async with rt.lock:
            await self.refresh(rt)
            if rt.status != PLAYING:
                return 0
            clocks = rt.row["clocks"]
            remaining, since = list(clocks["remaining"]), list(clocks["since"])
            late = [s for s in range(len(since))
                    if (d := self._seat_deadline(rt, remaining, since, s)) is not None and d <= now]
            if not late:
                return 0
            seat = late[0]
            if rt.row["mode"] == "realtime":
                remaining[seat] = 0.0
            since[seat] = None
            if rt.row["on_timeout"] == "ai":
                level = rt.row["timeout_level"]
                await self._commit(
                    rt, Event("timeout", seat=seat, data={"then": "ai", "level": level}), at=now,
                    table={"clocks": {"remaining": remaining, "since": since},
                           "deadline": self._deadline(rt, remaining, since)},
                    seats=[{"seat": seat, "kind": "ai", "level": level}])
                self._kick_ai(rt)
            else:
                ranks = [2 if s == seat else 1 for s in range(rt.game.players)]
                winners = [s for s in range(rt.game.players) if s != seat]
                await self._commit(
                    rt, Event("timeout", seat=seat, data={"then": "forfeit"}), at=now,
                    table={"status": FINISHED, "finished_at": now, "deadline": None,
                           "clocks": {"remaining": remaining, "since": since},
                           "result": {"reason": "forfeit", "seat": seat, "ranks": ranks, "winners": winners}})
            return 1

    # -- AI seats ------------------------------------------------------------------------------

    def _kick_ai(self, rt: TableRuntime) -> None:
        """Start thinking for every AI seat to move that is not thinking already."""
        for seat in rt.pending():
            if rt.seats[seat]["kind"] == "ai" and (rt.id, seat) not in self._thinking:
                self._thinking.add((rt.id, seat))
                task = asyncio.get_running_loop().create_task(self._ai_seat(rt.id, seat))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _ai_seat(self, table_id: str, seat: int) -> None:
        try:
            while True:
                rt = await self.runtime(table_id)
                if seat not in rt.pending() or rt.seats[seat]["kind"] != "ai" or rt.state is None:
                    return
                version = rt.version
                notation = await self.ai.choose(rt.game.id, rt.game.players, dict(rt.game.options),
                                                rt.state.to_json(), seat, rt.seats[seat]["level"] or "normal",
                                                f"{rt.row['seed']}:{version}:{seat}")
                try:
                    await self.move(table_id, seat, version, f"ai:{version}", notation, ai=True)
                except ApiError as exc:
                    if exc.code != "stale":
                        log.warning("AI seat %s at table %s: %s", seat, table_id, exc.message)
                        return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI seat %s at table %s failed", seat, table_id)
        finally:
            self._thinking.discard((table_id, seat))

    async def resume(self) -> int:
        """Load every table in play and set its AI seats thinking (after a start or a crash)."""
        ids = await self.store.table_ids(PLAYING)
        for table_id in ids:
            rt = await self.runtime(table_id)
            self._kick_ai(rt)
        return len(ids)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # -- records -------------------------------------------------------------------------------

    async def record(self, table_id: str) -> dict[str, Any]:
        rt = await self.runtime(table_id)
        if rt.status != FINISHED or rt.state is None:
            raise ApiError("not_finished", f"table {table_id} is {rt.status}: its record is public once it is over",
                           409)
        names = [s["name"] or f"seat {s['seat']}" for s in rt.seats]
        return Record.from_state(rt.state, names=names, seed=rt.row["seed"]).to_json()
