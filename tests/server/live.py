"""A real `credo serve` in a subprocess on 127.0.0.1, and async clients for it.

The server is started exactly as a person starts it (the command line, uvicorn, bots in
a process pool), so these tests see what a browser sees: real sockets, real frames, a
process that can be killed. Clients are `httpx` for the lobby and `websockets` for the
table socket; tests run their coroutines with `asyncio.run`.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from credo.interfaces.server.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
LIMITS = Settings()  # the limits `credo serve` keeps
POSTGRES_VARIABLE = "CREDO_TEST_POSTGRES_URL"
WAIT = 30.0  # seconds a test waits for a message (or the server) before failing


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`credo serve --port P --data-dir D [--database URL]`; `start` again after `stop`
    or `kill` reopens the same store on the same port."""

    def __init__(self, data_dir: Path, database: str | None = None) -> None:
        self.data_dir = Path(data_dir)
        self.database = database
        self.process: subprocess.Popen | None = None
        self.port = 0
        self.log = self.data_dir / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def socket_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/api/tables/{table}/socket"

    def start(self) -> "LiveServer":
        """Start the server; after a stop or a kill, on the same port (pages reconnect there)."""
        self.port = self.port or free_port()
        command = [sys.executable, "-m", "credo.interfaces.cli", "serve", "--port", str(self.port),
                   "--data-dir", str(self.data_dir)]
        if self.database:
            command += ["--database", self.database]
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        env.pop("CREDO_DATABASE_URL", None)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start ({self.process.returncode}): {self.tail()}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {WAIT:.0f} s: {self.tail()}")

    def tail(self, lines: int = 15) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:]) if self.log.exists() else ""

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """kill -9: no shutdown, no flush; what was stored is all there is."""
        if self.alive():
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    # --- the lobby, synchronously (httpx) -----------------------------------------------------
    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=WAIT)

    def post(self, path: str, body) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=WAIT)

    def new_table(self, game: str, seats: list[dict], options: dict | None = None, clock: dict | None = None) -> str:
        body = {"game": game, "options": options or {}, "seats": seats}
        if clock:
            body["clock"] = clock
        r = self.post("/api/tables", body)
        assert r.status_code == 201, r.text
        return r.json()["id"]

    def claim(self, table: str, seat: int, name: str = "Ann") -> str:
        """The token of seat `seat` (from 1)."""
        r = self.post(f"/api/tables/{table}/seats/{seat}", {"name": name})
        assert r.status_code == 200, r.text
        return r.json()["token"]

    def summary(self, table: str) -> dict:
        r = self.get(f"/api/tables/{table}")
        assert r.status_code == 200, r.text
        return r.json()


def seats_of(people: int, count: int, agent: str = "random") -> list[dict]:
    """The first `people` seats open for people, the rest bots."""
    return [{"kind": "open"}] * people + [{"kind": "bot", "agent": agent}] * (count - people)


class Client:
    """One table socket: `hello` says who it is, `until` reads messages (in order) until one
    passes a test. Every message is kept in `received`, in order."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.received: list[dict] = []
        self.view: dict | None = None  # the newest view
        # a well-behaved client keeps under the server's limit of messages (a little below it)
        self.rate = 0.9 * LIMITS.messages_per_second
        self.tokens = LIMITS.message_burst - 2.0
        self.last = time.monotonic()

    @classmethod
    async def open(cls, server: LiveServer, table: str, token: str | None = None, hello: bool = True) -> "Client":
        """A socket to `table`; it says `token` (None: a spectator) unless `hello` is False."""
        # max_queue None: the client takes in every frame at once (as a page does), however
        # long a test waits before reading them, so the server is never slowed by it
        client = cls(await connect(server.socket_url(table), max_size=None, max_queue=None, open_timeout=WAIT))
        if hello:
            await client.send({"token": token})
        return client

    async def send(self, message, paced: bool = True) -> None:
        """Send a message (a dict as JSON); `paced`: wait as long as the server's limit of
        messages per second asks."""
        if paced:
            now = time.monotonic()
            self.tokens = min(LIMITS.message_burst - 2.0, self.tokens + (now - self.last) * self.rate)
            self.last = now
            if self.tokens < 1:
                await asyncio.sleep((1 - self.tokens) / self.rate)
                self.tokens, self.last = 1.0, time.monotonic()
            self.tokens -= 1
        await self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    async def receive(self, timeout: float = WAIT) -> dict:
        message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(message)
        if message.get("type") == "view":
            self.view = message
        return message

    async def until(self, test, timeout: float = WAIT) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            try:
                message = await self.receive(max(0.0, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                raise AssertionError(f"no such message within {timeout} s; the last: {self.received[-3:]}") from None
            if test(message):
                return message

    async def view_where(self, test, timeout: float = WAIT) -> dict:
        return await self.until(lambda m: m.get("type") == "view" and test(m), timeout)

    async def error(self, timeout: float = WAIT) -> str:
        return (await self.until(lambda m: m.get("type") == "error", timeout))["message"]

    async def current(self, test, timeout: float = WAIT) -> dict:
        """The newest view received if it passes `test`, else the next view that does."""
        if self.view is not None and test(self.view):
            return self.view
        return await self.view_where(test, timeout)

    async def turn(self, timeout: float = WAIT) -> dict:
        """The newest view once it is this seat's turn or the game is over."""
        return await self.current(lambda m: m["expect"] is not None or m["status"] == "finished", timeout)

    async def play(self, notation: str, expect: int) -> dict:
        """Send a move; the first view after it, or the error that refused it."""
        await self.send({"act": notation, "expect": expect})
        return await self.until(lambda m: m.get("type") == "error" or (
            m.get("type") == "view" and (m["expect"] != expect or m["status"] == "finished")))

    async def alive(self) -> bool:
        """The connection still answers."""
        await self.send({"ping": "alive?"})
        await self.until(lambda m: m.get("type") == "pong" and m["ping"] == "alive?")
        return True

    async def close(self) -> None:
        await self.ws.close()


def run(coroutine):
    return asyncio.run(coroutine)
