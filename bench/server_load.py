"""`make bench`, the server: `credo serve` under tables played over real WebSockets.

A `credo serve` (SQLite in a temporary directory, bots in its process pool) is started
on 127.0.0.1. Client processes (the `websockets` library, each holding many tables)
create tables through the lobby, claim every seat, and play each seat as a person's
browser would: a socket per seat that answers with a random legal action as soon as its
view says it is to move, keeping to the server's message rate. A finished table is
replaced by a new one. Measured over a fixed window once every table is playing:

- moves per second (all tables together);
- the round trip of a move: from sending `{act, expect}` to receiving this seat's own
  view in which that decision is closed (p50, p99);
- the server's event-loop lag, as its /api/health reports it for the window;
- the server process's CPU (one event loop: 100% is one core);
- with one table of two `hard` bots thinking in the server's process pool: the other
  tables' round trip.

The anchor, measured in the same run and with the same client processes: a bare
uvicorn WebSocket server that relays the same traffic (the same groups of sockets
taking turns, each message as large as the server's median view, relayed to every
socket of the group) with no game and no storage. Its round trip is the floor the
transport and this machine set; the server's is printed against it.

Run alone: `python bench/server_load.py [--tables 50,200] [--seconds 12]`.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import math
import multiprocessing as mp
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SEAT_RATE, SEAT_BURST = 19.0, 38  # just inside the server's 20 a second after a burst of 40
TABLES_PER_CLIENT = 100
# the mix of tables: game and options (a four-seat Divine widens each move's broadcast)
MIX = [("dirge", {}), ("divine", {"players": 4}), ("dogma", {}), ("jol", {}), ("divine", {})]


# --- measuring -------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


class Pace:
    """A client keeping to the server's rate per connection (a token bucket like the server's)."""

    def __init__(self) -> None:
        self.tokens, self.last = float(SEAT_BURST), time.monotonic()

    async def wait(self) -> bool:
        """Take a token, sleeping for one if needed; True if it had to wait."""
        now = time.monotonic()
        self.tokens = min(SEAT_BURST, self.tokens + (now - self.last) * SEAT_RATE)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return False
        await asyncio.sleep((1 - self.tokens) / SEAT_RATE)
        self.tokens, self.last = 0.0, time.monotonic()
        return True


class Stats:
    def __init__(self, window) -> None:
        self.window = window  # shared [start, stop] (monotonic, the same clock in every process)
        self.rtts: list[float] = []
        self.errors: list[str] = []
        self.paced = self.stalls = self.games = 0
        self.sizes: list[int] = []

    def counting(self, at: float) -> bool:
        return self.window[0] > 0 and self.window[0] <= at < self.window[1]

    def over(self) -> bool:
        return self.window[1] > 0 and time.monotonic() >= self.window[1]

    def summary(self) -> dict:
        return {"rtts": self.rtts, "errors": self.errors[:20], "error_count": len(self.errors),
                "paced": self.paced, "stalls": self.stalls, "games": self.games,
                "sizes": self.sizes[:2000]}


# --- the clients (one process holds many tables) ------------------------------------------------

def http_json(port: int, method: str, path: str, body: dict | None = None) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=json.dumps(body) if body is not None else None,
                     headers={"content-type": "application/json"})
        reply = conn.getresponse()
        data = json.loads(reply.read() or b"null")
        if reply.status >= 300:
            raise RuntimeError(f"{method} {path}: {reply.status} {data}")
        return data
    finally:
        conn.close()


def open_table(port: int, game: str, options: dict, seats: list[dict]) -> tuple[str, list[tuple[int, str]]]:
    """A new table; the tokens of its open seats, claimed."""
    table = http_json(port, "POST", "/api/tables", {"game": game, "options": options, "seats": seats})
    tokens = []
    for i, spec in enumerate(seats):
        if spec["kind"] == "open":
            tokens.append((i, http_json(port, "POST", f"/api/tables/{table['id']}/seats/{i + 1}",
                                        {"name": f"p{i + 1}"})["token"]))
    return table["id"], tokens


async def play_seat(port: int, table: str, seat: int, token: str, stats: Stats, rng: random.Random,
                    ready: asyncio.Event) -> None:
    """A person's socket at `seat`: a random legal action whenever its view says it is to move."""
    import websockets

    pace = Pace()
    async with websockets.connect(f"ws://127.0.0.1:{port}/api/tables/{table}/socket",
                                  compression=None, max_size=2 ** 22, open_timeout=60) as ws:
        await ws.send(json.dumps({"token": token}))
        pending: tuple[int, float] | None = None  # (the decision's expect, when sent)
        last_view = None
        while not stats.over():
            try:
                text = await asyncio.wait_for(ws.recv(), 5.0)
            except asyncio.TimeoutError:
                if last_view is None or last_view["status"] != "running" or last_view["expect"] is None:
                    continue
                stats.stalls += 1  # an answer lost in a refusal: act again on the last view
                pending, m = None, last_view
            else:
                now = time.monotonic()
                m = json.loads(text)
                if m["type"] == "error":
                    if pending and stats.counting(pending[1]):
                        stats.errors.append(m["message"])
                    pending = None
                    continue
                if m["type"] != "view":
                    continue
                ready.set()
                last_view = m
                if len(stats.sizes) < 2000 and rng.random() < 0.1:
                    stats.sizes.append(len(text))
                if pending and (m["status"] != "running" or m["expect"] != pending[0]):
                    if stats.counting(pending[1]):
                        stats.rtts.append(now - pending[1])
                    pending = None
                if m["status"] != "running":
                    if m["status"] == "finished" and seat == 0:
                        stats.games += 1
                    if m["status"] == "finished":
                        return
                    continue
            if pending is None and m["expect"] is not None and m["legal"]:
                if await pace.wait():
                    stats.paced += 1
                action = rng.choice(m["legal"])
                pending = (m["expect"], time.monotonic())
                await ws.send(json.dumps({"act": action["notation"], "expect": m["expect"]}))


async def run_table(port: int, game: str, options: dict, stats: Stats, rng: random.Random,
                    ready: asyncio.Event) -> None:
    from credo import games

    count = games.load(game).players(**options)
    first = True
    while not stats.over():
        table, tokens = await asyncio.to_thread(open_table, port, game, options, [{"kind": "open"}] * count)
        seated = asyncio.Event() if not first else ready
        await asyncio.gather(*(play_seat(port, table, s, t, stats, rng, seated) for s, t in tokens))
        first = False


async def run_group(port: int, group: int, size: int, stats: Stats, ready: asyncio.Event) -> None:
    """The anchor's table: `size` sockets taking turns, each message relayed to all of them."""
    import websockets

    sockets = [await websockets.connect(f"ws://127.0.0.1:{port}/relay/{group}", compression=None,
                                        max_size=2 ** 22, open_timeout=60) for _ in range(size)]
    paces = [Pace() for _ in range(size)]
    ready.set()
    turn = 0
    try:
        while not stats.over():
            if await paces[turn].wait():
                stats.paced += 1
            sent = time.monotonic()
            await sockets[turn].send(str(turn))
            for i, ws in enumerate(sockets):  # every socket receives the relay, as every seat its view
                await ws.recv()
                if i == turn and stats.counting(sent):
                    stats.rtts.append(time.monotonic() - sent)
            turn = (turn + 1) % size
    finally:
        for ws in sockets:
            await ws.close()


def client_process(mode: str, port: int, jobs: list, window, ready_queue, out_queue, seed: int) -> None:
    async def main():
        stats = Stats(window)
        rng = random.Random(seed)
        events = [asyncio.Event() for _ in jobs]
        if mode == "tables":
            tasks = [asyncio.create_task(run_table(port, game, options, stats, rng, ev))
                     for (game, options), ev in zip(jobs, events)]
        else:
            tasks = [asyncio.create_task(run_group(port, group, size, stats, ev))
                     for (group, size), ev in zip(jobs, events)]
        await asyncio.gather(*(ev.wait() for ev in events))
        ready_queue.put(len(jobs))
        cpu = None
        while not stats.over():
            if cpu is None and stats.window[0] > 0 and time.monotonic() >= stats.window[0]:
                cpu = time.process_time()
            await asyncio.sleep(0.05)
        cpu = time.process_time() - (cpu or 0)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        out_queue.put(dict(stats.summary(), cpu=cpu))

    asyncio.run(main())


# --- the servers -------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(port: int, process: subprocess.Popen, path: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server stopped at start ({process.returncode}): {process.stderr.read()[-2000:]}")
        try:
            http_json(port, "GET", path)
            return
        except (OSError, RuntimeError):
            time.sleep(0.2)
    raise SystemExit(f"the server did not answer {path} within {seconds:.0f} s")


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def relay_app(payload_size: int):
    """The anchor: a WebSocket relay with no game and no storage."""
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocketDisconnect

    groups: dict[str, list] = {}
    filler = "x" * payload_size

    async def relay(ws):
        await ws.accept()
        members = groups.setdefault(ws.path_params["group"], [])
        members.append(ws)
        try:
            while True:
                turn = await ws.receive_text()
                message = json.dumps({"type": "view", "turn": turn, "observation": filler})
                for member in list(members):
                    await member.send_text(message)
        except WebSocketDisconnect:
            members.remove(ws)

    return Starlette(routes=[WebSocketRoute("/relay/{group}", relay)])


def serve_relay(port: int, payload_size: int) -> None:
    import uvicorn

    from starlette.responses import JSONResponse
    from starlette.routing import Route

    app = relay_app(payload_size)

    async def health(request):
        return JSONResponse({"status": "ok"})

    app.router.routes.append(Route("/api/health", health))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=64 * 1024)


class Server:
    def __init__(self, command: list[str], port: int, env: dict | None = None) -> None:
        self.port = port
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=None if os.environ.get("BENCH_SERVER_STDERR") else subprocess.PIPE, text=True,
                                        env=env)
        wait_up(port, self.process, "/api/health")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def credo_server(data_dir: str) -> Server:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "CREDO_DATABASE_URL"}
    # this checkout's server, whichever copy of credo the environment has installed
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[1]), env.get("PYTHONPATH")]))
    return Server([sys.executable, "-m", "credo.interfaces.cli", "serve", "--port", str(port),
                   "--data-dir", data_dir], port, env)


def relay_server(payload_size: int) -> Server:
    port = free_port()
    return Server([sys.executable, __file__, "--relay", str(port), str(payload_size)], port)


# --- a phase: clients against a server over a window ---------------------------------------------

def phase(server: Server, mode: str, jobs: list, seconds: float, during=None) -> dict:
    """Clients play `jobs` (tables, or the anchor's groups) against `server`; once all are
    going, the window of `seconds` is measured."""
    ctx = mp.get_context("spawn")
    window = ctx.Array("d", [0.0, 0.0], lock=False)
    ready, out = ctx.Queue(), ctx.Queue()
    processes = max(1, math.ceil(len(jobs) / TABLES_PER_CLIENT))
    shares = [jobs[i::processes] for i in range(processes)]
    workers = [ctx.Process(target=client_process, args=(mode, server.port, share, window, ready, out, 17 + i),
                           daemon=True) for i, share in enumerate(shares)]
    for w in workers:
        w.start()
    seated = 0
    deadline = time.monotonic() + 120
    while seated < len(jobs):
        seated += ready.get(timeout=max(1.0, deadline - time.monotonic()))
    if during:
        during()
    time.sleep(1.0)  # the tables settle into play
    start = time.monotonic()
    cpu_before = cpu_seconds(server.process.pid)
    window[1] = start + seconds
    window[0] = start
    time.sleep(seconds)
    cpu = (cpu_seconds(server.process.pid) - cpu_before) / seconds
    health = http_json(server.port, "GET", f"/api/health?seconds={seconds:g}") if mode == "tables" else None
    results = [out.get(timeout=60) for _ in workers]
    for w in workers:
        w.join(10)
    rtts = [r for res in results for r in res["rtts"]]
    return {
        "moves_per_s": len(rtts) / seconds, "p50": percentile(rtts, 0.5), "p99": percentile(rtts, 0.99),
        "rtts": len(rtts), "lag": health["loop_lag_ms"] if health else None, "server_cpu": cpu,
        "client_cpu": sum(r["cpu"] for r in results) / seconds, "clients": processes,
        "errors": sum(r["error_count"] for r in results), "error_lines": [e for r in results for e in r["errors"]],
        "paced": sum(r["paced"] for r in results), "stalls": sum(r["stalls"] for r in results),
        "games": sum(r["games"] for r in results),
        "view_bytes": statistics.median([s for r in results for s in r["sizes"]] or [0]),
    }


def table_jobs(count: int) -> list:
    return [MIX[i % len(MIX)] for i in range(count)]


def group_jobs(count: int) -> list:
    from credo import games

    return [(i, games.load(game).players(**options)) for i, (game, options) in enumerate(table_jobs(count))]


def cpu_ms(figures: dict) -> float:
    """Milliseconds of the server process's CPU per move (the relay's: per relayed turn)."""
    return figures["server_cpu"] / max(figures["moves_per_s"], 1e-9) * 1000


def ms(x: float | None) -> str:
    return "-" if x is None else f"{x * 1000:.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="50,200", help="the table counts measured, one phase each")
    parser.add_argument("--seconds", type=float, default=12.0, help="the measured window of each phase")
    parser.add_argument("--no-hard", action="store_true", help="skip the phase with a hard bots' table")
    parser.add_argument("--relay", nargs=2, type=int, metavar=("PORT", "BYTES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.relay:
        serve_relay(*args.relay)
        return 0
    try:
        import websockets  # noqa: F401

        import credo.interfaces.server  # noqa: F401
    except ImportError as exc:
        print(f"server load: skipped, the server extra is not installed ({exc.name} is missing)")
        return 0
    counts = [int(c) for c in args.tables.split(",")]
    print(f"server load: credo serve (SQLite, bots in its process pool) on 127.0.0.1, tables of "
          f"{', '.join(sorted({g for g, _ in MIX}))} played by random people over WebSockets; "
          f"{args.seconds:g} s a phase, {os.cpu_count()} cores shared by server and clients")
    header = (f"{'':16} {'tables':>6} {'moves/s':>8} {'rtt p50':>8} {'rtt p99':>8} {'lag p50':>8} {'lag p99':>8} "
              f"{'server cpu':>10} {'client cpu':>10}")
    print(header)
    print("-" * len(header))
    figures = {}
    with tempfile.TemporaryDirectory(prefix="credo-bench-") as data:
        server = credo_server(data)
        try:
            for count in counts:
                figures[count] = r = phase(server, "tables", table_jobs(count), args.seconds)
                lag = r["lag"] or {}
                print(f"{'server':16} {count:>6} {r['moves_per_s']:>8,.0f} {ms(r['p50']):>8} {ms(r['p99']):>8} "
                      f"{lag.get('p50', '-'):>8} {lag.get('p99', '-'):>8} {r['server_cpu']:>10.0%} "
                      f"{r['client_cpu']:>10.0%}")
                relay = relay_server(int(r["view_bytes"]))
                try:
                    a = phase(relay, "groups", group_jobs(count), args.seconds)
                finally:
                    relay.stop()
                print(f"{'anchor (relay)':16} {count:>6} {a['moves_per_s']:>8,.0f} {ms(a['p50']):>8} {ms(a['p99']):>8} "
                      f"{'':>8} {'':>8} {a['server_cpu']:>10.0%} {a['client_cpu']:>10.0%}")
                print(f"{'ratio':16} {'':>6} {r['moves_per_s'] / a['moves_per_s']:>8.2f} "
                      f"{r['p50'] / a['p50']:>8.1f} {r['p99'] / a['p99']:>8.1f}   "
                      f"(median view {r['view_bytes']:,.0f} bytes; {r['games']} games finished, "
                      f"{r['errors']} refusals, {r['stalls']} stalls, {r['paced']} sends paced)")
                # what a move costs the server's one core, whatever share of it the machine gave
                print(f"{'cpu a move':16} {'':>6} server {cpu_ms(r):.2f} ms, relay {cpu_ms(a):.2f} ms: "
                      f"one core would carry about {1000 / cpu_ms(r):,.0f} moves/s")
                for line in sorted(set(r["error_lines"]))[:3]:
                    print(f"{'':16} refused: {line}")
            if not args.no_hard:
                count = counts[0]

                def hard_table():
                    http_json(server.port, "POST", "/api/tables",
                              {"game": "jol", "seats": [{"kind": "bot", "agent": "hard"}] * 2})

                r = phase(server, "tables", table_jobs(count), args.seconds, during=hard_table)
                base = figures[count]
                lag = r["lag"] or {}
                print(f"{'+ hard bots':16} {count:>6} {r['moves_per_s']:>8,.0f} {ms(r['p50']):>8} {ms(r['p99']):>8} "
                      f"{lag.get('p50', '-'):>8} {lag.get('p99', '-'):>8} {r['server_cpu']:>10.0%} "
                      f"{r['client_cpu']:>10.0%}")
                print(f"{'ratio to without':16} {'':>6} {r['moves_per_s'] / base['moves_per_s']:>8.2f} "
                      f"{r['p50'] / base['p50']:>8.1f} {r['p99'] / base['p99']:>8.1f}   "
                      "(a table of two hard Jol bots thinking in the server's process pool meanwhile)")
        finally:
            server.stop()
    print("moves/s: all tables; rtt: send {act, expect} -> own view with that decision closed (ms); "
          "lag: the server's event loop (/api/health, ms); cpu: one core = 100%")
    biggest = max(figures)
    met = figures[biggest]["p99"] is not None and figures[biggest]["p99"] < 0.050
    print(f"target: rtt p99 under 50 ms at {biggest} tables: {'met' if met else 'not met'} "
          f"({ms(figures[biggest]['p99'])} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
