"""The server: the lobby (REST) and the table socket (WebSocket), on FastAPI.

No route or message carries a true state, another seat's hidden cards, or an
unfinished game's record: a seat is told its own view, a spectator the view of nobody.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import secrets
import uuid
from contextlib import asynccontextmanager

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette import websockets as _websockets
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.base import BaseHTTPMiddleware

from credo import games
from credo.agents import agent_names, is_agent
from credo.kernel import CredoError, one_line, quoted
from credo.kernel.numbers import small_int
from credo.kernel.positions import field_path

from . import protocol
from .apidocs import add_docs
from .bots import Bots
from .health import LoopLag
from .pages import mount_pages
from .settings import Settings
from .storage import SeatRow, Store, TableRow, upgrade
from .tables import Connection, Seat, Table, new_token, token_hash

log = logging.getLogger("credo.server")
# a socket whose client left while a view was being sent to it: its next receive raises this
# (Starlette 1.x), not WebSocketDisconnect
SocketGone = getattr(_websockets, "WebSocketDisconnected", WebSocketDisconnect)


class Hub:
    """Everything the server holds: the store, the bots, and the live tables."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self.bots: Bots | None = None
        self.tables: dict[str, Table] = {}
        self.descriptions: dict[tuple, str] = {}
        self.lag = LoopLag()

    def log(self, line: str) -> None:
        log.warning(line)

    def describe(self, game, action) -> str:
        """An action's description, once per action (it depends on nothing else); its
        notation if the game cannot describe it."""
        key = (game.name, game.content_hash, action.index)
        text = self.descriptions.get(key)
        if text is None:
            try:
                text = game.describe_action(action)
            except Exception as exc:  # a description is a help; never lose a table over one
                self.log(f"{game.name}: no description of '{action}' ({type(exc).__name__}: {exc})")
                text = str(action)
            self.descriptions[key] = text
        return text

    async def start(self) -> None:
        url = self.settings.url()
        await asyncio.to_thread(upgrade, url)
        self.store = Store(url)
        self.store.start()
        self.bots = Bots(self.settings.bots, self.settings.bot_workers)
        self.lag.start()
        for row in await self.store.tables():
            if row.status != "finished":
                await self.load(row)  # restart is replay: every unfinished table rebuilt from its moves
        for table in self.tables.values():
            table.schedule()
        # The games' tables (every action of every game, the content) are most of the heap and
        # live as long as the server. Loaded now and frozen out of the garbage collector, they
        # are no longer scanned by every full collection, which otherwise stalls the loop for
        # a large part of a second at a few hundred tables (measured: p99 round trip 194 ms
        # at 200 tables, 5 ms with the collector off).
        for name in games.names():
            games.load(name).actions
        gc.collect()
        gc.freeze()

    async def stop(self) -> None:
        self.lag.stop()
        for table in self.tables.values():
            if table.timer:
                table.timer.cancel()
        if self.bots:
            self.bots.close()
        if self.store:
            await self.store.close()

    async def load(self, row: TableRow) -> Table:
        seats = [Seat(s.kind, s.name, s.token_hash, s.agent) for s in await self.store.seats(row.id)]
        moves = [(m.seat, m.notation) for m in await self.store.moves(row.id)]
        table = self.tables[row.id] = Table(self, row, seats, moves)
        return table

    async def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            row = await self.store.table(table_id) if len(table_id) <= 32 else None
            if row is None:
                raise HTTPException(404, f"no table {quoted(table_id)}")
            table = await self.load(row)
        return table

    async def create(self, spec: protocol.NewTable, rematch_of: str | None = None) -> Table:
        if spec.game not in games.names():
            raise HTTPException(422, f"unknown game {quoted(spec.game)}; the games are: {', '.join(games.names())}")
        game = games.load(spec.game)
        try:
            game.options(**spec.options)
            count = game.players(**spec.options)
            game.new(0, **spec.options)
        except CredoError as exc:
            raise HTTPException(422, str(exc)) from None
        if len(spec.seats) != count:
            raise HTTPException(422, f"{game.name} with these options has {count} seats, not {len(spec.seats)}")
        for i, s in enumerate(spec.seats):
            if s.kind == "bot" and not (s.agent and is_agent(s.agent)):
                raise HTTPException(422, f"seat {i + 1}: a bot needs an agent: a level (easy, medium, hard) "
                                         f"or one of {', '.join(agent_names())}")
        timeout = spec.clock.on_timeout
        if timeout != "forfeit" and not (timeout.startswith("bot:") and is_agent(timeout[4:])):
            raise HTTPException(422, "clock.on_timeout is 'forfeit' or 'bot:LEVEL' (e.g. bot:easy)")
        if spec.clock.kind != "none" and spec.clock.seconds <= 0:
            raise HTTPException(422, "a clock needs seconds above 0")
        everyone_bot = all(s.kind == "bot" for s in spec.seats)
        row = TableRow(id=uuid.uuid4().hex[:16], game=game.name, options=spec.options,
                       seed=secrets.randbits(63), rules_version=game.rules_version, content_hash=game.content_hash,
                       clock=spec.clock.model_dump(), status="running" if everyone_bot else "open",
                       rematch_of=rematch_of)
        seats = [SeatRow(table_id=row.id, seat=i, kind="bot" if s.kind == "bot" else "person",
                         agent=s.agent if s.kind == "bot" else None,
                         name=s.agent if s.kind == "bot" else None) for i, s in enumerate(spec.seats)]
        await self.store.add_table(row, seats)
        table = await self.load(row)
        table.schedule()
        return table

    async def claim(self, table: Table, seat: int, name: str) -> str:
        if not 0 <= seat < len(table.seats):
            raise HTTPException(404, f"table {table.id} has seats 1 to {len(table.seats)}")
        token = new_token()
        async with table.lock:
            if table.seats[seat].kind != "person" or table.seats[seat].token_hash is not None:
                raise HTTPException(409, f"seat {seat + 1} is taken")
            if not await self.store.claim(table.id, seat, name, token_hash(token)):
                raise HTTPException(409, f"seat {seat + 1} is taken")
            table.seats[seat].name, table.seats[seat].token_hash = name, token_hash(token)
            if all(s.token_hash is not None for s in table.seats if s.kind == "person") and table.status == "open":
                table.status = "running"
                await self.store.set_status(table.id, "running")
        await table.after_change()
        return token

    async def rematch(self, table: Table, seat: int) -> None:
        """A new table with the same game, options and clock; each person connected gets
        the new seat's token on their socket, the others' seats stay open to claim."""
        async with table.lock:
            if table.status != "finished":
                raise ValueError("a rematch follows a finished game")
            if table.rematch_id is None:
                spec = protocol.NewTable(game=table.game.name, options=table.options, clock=table.clock,
                                         seats=[protocol.SeatSpec(kind="bot", agent=s.agent) if s.kind == "bot"
                                                else protocol.SeatSpec(kind="open") for s in table.seats])
                new = await self.create(spec, rematch_of=table.id)
                table.rematch_id = new.id
                for conn in table.connections:
                    if conn.seat is not None and table.seats[conn.seat].kind == "person":
                        token = await self.claim(new, conn.seat, table.seats[conn.seat].name or "player")
                        await conn.send({"type": "rematch", "table": new.id, "seat": conn.seat, "token": token})
        await table.broadcast()


def first_error(errors) -> str:
    """The first of a validation's errors as one line naming its field, never quoting the input."""
    first = errors[0]
    loc = tuple(first["loc"][1:] if first["loc"][:1] in (("body",), ("query",), ("path",)) else first["loc"])
    if first["type"] == "json_invalid":
        return f"the body is not JSON: {first.get('ctx', {}).get('error', first['msg'])}"
    where = field_path(loc) if loc else "body"
    return f"{'body' if where == '(position)' else where}: {first['msg']}"


class LimitBody(BaseHTTPMiddleware):
    def __init__(self, app, limit: int) -> None:
        super().__init__(app)
        self.limit = limit

    async def dispatch(self, request: Request, call_next):
        length = request.headers.get("content-length")
        size = small_int(length) if length is not None else None
        if length is not None and (size is None or size > self.limit):
            return JSONResponse({"detail": f"a request body is at most {self.limit} bytes"}, status_code=413)
        return await call_next(request)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    hub = Hub(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await hub.start()
        yield
        await hub.stop()

    app = FastAPI(title="Credo", version="1", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Tables of Credo's four games: the lobby, and a socket per table.")
    add_docs(app)  # /docs and /redoc with their scripts served here, not from a CDN
    app.state.hub = hub
    app.add_middleware(LimitBody, limit=settings.max_request_bytes)

    @app.exception_handler(StarletteHTTPException)
    async def refused(request: Request, exc: StarletteHTTPException):
        # every refusal is one line a page can show, whatever name or value it quotes
        detail = one_line(exc.detail) if isinstance(exc.detail, str) else exc.detail
        return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(ValidationError)
    async def invalid(request: Request, exc: ValidationError):
        return JSONResponse({"detail": first_error(exc.errors())}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError):
        # FastAPI's own answer is a list of errors quoting the input: a page shows "[object Object]",
        # and an input JSON cannot write (Infinity) turned it into a 500
        return JSONResponse({"detail": first_error(exc.errors())}, status_code=422)

    @app.get("/api/health", summary="The server is up: live tables, sockets, and its event loop's lag (ms)")
    async def health(seconds: float = Query(60.0, gt=0, le=600)):
        return {"status": "ok", "tables": len(hub.tables),
                "connections": sum(len(t.connections) for t in hub.tables.values()),
                "loop_lag_ms": hub.lag.summary(seconds)}

    @app.get("/api/games", summary="The games, their options (JSON schema), levels and agents")
    async def list_games():
        out = []
        for name in games.names():
            game = games.load(name)
            out.append({"name": name, "title": game.title, "min_players": game.min_players,
                        "max_players": game.max_players, "options": game.Options.model_json_schema(),
                        "levels": list(game.levels), "agents": agent_names()})
        return out

    @app.post("/api/tables", status_code=201, summary="Create a table: game, options, seats (open or bot), clock")
    async def create_table(spec: protocol.NewTable):
        table = await hub.create(spec)
        return table.summary()

    @app.get("/api/tables", summary="Tables by status: open, running or finished")
    async def list_tables(status: str | None = Query(None, pattern="^(open|running|finished)$")):
        rows = await hub.store.tables(status)
        return [{"id": r.id, "game": r.game, "options": r.options, "status": r.status, "result": r.result,
                 "created": r.created.isoformat() if r.created else None} for r in rows]

    @app.get("/api/tables/{table_id}", summary="One table: its seats, status and result (never a hidden card)")
    async def get_table(table_id: str):
        return (await hub.table(table_id)).summary()

    @app.post("/api/tables/{table_id}/seats/{seat}", summary="Claim an open seat (1-based); its token, once")
    async def claim_seat(table_id: str, seat: int, claim: protocol.Claim):
        table = await hub.table(table_id)
        token = await hub.claim(table, seat - 1, claim.name)
        return {"table": table.id, "seat": seat - 1, "token": token}

    @app.get("/api/tables/{table_id}/record", summary="A finished game's record (the JSON credo replay checks)")
    async def record(table_id: str):
        table = await hub.table(table_id)
        if table.status != "finished":
            raise HTTPException(409, "a game's record is given once it is finished")
        return table.match.record()  # exactly what credo replay checks; who sat where: /api/tables/{id}

    @app.websocket("/api/tables/{table_id}/socket")
    async def socket(ws: WebSocket, table_id: str):
        await ws.accept()

        async def send(message: dict) -> None:
            await ws.send_text(json.dumps(message))

        async def error(message: str) -> None:
            await send({"type": "error", "message": one_line(message)})

        try:
            table = await hub.table(table_id)
        except HTTPException as exc:
            await error(exc.detail)
            await ws.close(code=4404)
            return
        try:
            first = await asyncio.wait_for(_receive_text(ws), settings.hello_seconds)
            hello = protocol.Hello.model_validate(json.loads(first if first is not None else ""))
        except (asyncio.TimeoutError, ValueError, RecursionError, ValidationError, WebSocketDisconnect):
            await _close(ws, error, 'say who you are first: {"token": "..."} for a seat, {"token": null} to watch')
            return
        seat = None
        if hello.token is not None:
            seat = table.find_seat(hello.token)
            if seat is None:
                hub.log(f"table {table.id}: a wrong token was refused")
                await _close(ws, error, "that token holds no seat at this table")
                return
        conn = Connection(send, seat, tokens=settings.message_burst)
        table.connections.append(conn)
        try:
            await send(table.view_message(conn, reset=True))
            while True:
                text = await _receive_text(ws)
                if not conn.allow(settings.messages_per_second, settings.message_burst):
                    await error("too many messages: slow down")
                    continue
                if text is None:
                    await error("a message is JSON in a text frame, not a binary one")
                    continue
                if len(text.encode()) > settings.max_message_bytes:
                    await error(f"a message is at most {settings.max_message_bytes} bytes")
                    continue
                try:
                    message = protocol.read(json.loads(text))
                except json.JSONDecodeError:
                    await error("a message is JSON")
                    continue
                except RecursionError:
                    await error("a message is JSON nested less deeply")
                    continue
                except ValueError as exc:
                    await error(str(exc))
                    continue
                problem = await _handle(hub, table, conn, message)
                if problem:
                    await error(problem)
                    if "refreshed" in problem:
                        await send(table.view_message(conn))
        except (WebSocketDisconnect, SocketGone):
            pass
        finally:
            if conn in table.connections:
                table.connections.remove(conn)

    mount_pages(app)
    return app


async def _receive_text(ws: WebSocket) -> str | None:
    """The next message's text; None for a binary frame (clients speak JSON in text frames)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    return message.get("text")


async def _close(ws: WebSocket, error, message: str) -> None:
    try:
        await error(message)
        await ws.close(code=4401)
    except Exception:
        pass


async def _handle(hub: Hub, table: Table, conn: Connection, message) -> str | None:
    if isinstance(message, protocol.Ping):
        await conn.send({"type": "pong", "ping": message.ping})
        return None
    if conn.seat is None:
        return "spectators watch: they do not play"
    if isinstance(message, protocol.Act):
        return await table.act(conn.seat, message.act, message.expect)
    if isinstance(message, protocol.Resign):
        return await table.resign(conn.seat)
    if isinstance(message, protocol.Undo):
        return await table.undo(conn.seat, message.undo)
    if isinstance(message, protocol.Rematch):
        try:
            await hub.rematch(table, conn.seat)
        except ValueError as exc:
            return str(exc)
    return None
