"""The server as people meet it: `credo serve` in its own process, real WebSockets.

Every game and mode is played by people and bots; the process is killed (kill -9) in
mid-game and started again on the same store (SQLite, and PostgreSQL when a server is
given); two connections race; bad input meets the real socket; clocks run out.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time

import pytest
from websockets.exceptions import ConnectionClosed

from credo import games
from credo.kernel import replay

from .live import Client, LiveServer, run, seats_of

VARIANTS = [(name, options) for name in games.names() for options in games.load(name).option_variants]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in VARIANTS]
WHOLE_GAMES = {"dogma"}  # short with random play (about 100 moves); the others stop after LIMIT moves
LIMIT = 60


def stored_moves(server: LiveServer, table: str) -> list[tuple[int, int, str]]:
    """(number, seat, notation) of every move stored for `table`, read from the SQLite file."""
    with sqlite3.connect(server.data_dir / "credo.db") as db:
        return db.execute("SELECT number, seat, notation FROM moves WHERE table_id = ? ORDER BY number",
                          (table,)).fetchall()


async def play_randomly(client: Client, rng: random.Random, stop_at: int | None = None, resign: bool = True) -> dict:
    """Play random legal moves for the client's seat until the game ends (or, with
    `stop_at`, until it is to move at a table of that many moves: then resign, or
    stop there). The last view."""
    while True:
        view = await client.turn()
        if view["status"] == "finished":
            return view
        if stop_at is not None and view["move"] >= stop_at:
            if not resign:
                return view
            await client.send({"resign": True})
            return await client.view_where(lambda m: m["status"] == "finished")
        choice = rng.choice(view["legal"])
        assert choice["text"] and choice["notation"]
        reply = await client.play(choice["notation"], view["expect"])
        if reply["type"] == "error" and "slow down" in reply["message"]:
            await asyncio.sleep(0.2)  # faster than the server's limit of messages: the move was dropped
        elif reply["type"] == "error":  # acted on a view a newer one had replaced: refused, and refreshed
            assert "refreshed" in reply["message"], reply
            await client.view_where(lambda m: True)


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_people_and_bots_play_over_real_sockets(live, name, options):
    game = games.load(name)
    count = game.players(**options)
    people = 1 if count == 2 else 2
    table = live.new_table(name, seats_of(people, count), options)
    tokens = [live.claim(table, seat + 1, f"P{seat + 1}") for seat in range(people)]
    stop_at = None if name in WHOLE_GAMES else LIMIT

    async def main():
        clients = [await Client.open(live, table, token) for token in tokens]
        lasts = await asyncio.gather(*(play_randomly(c, random.Random(i), stop_at) for i, c in enumerate(clients)))
        for c in clients:
            await c.close()
        return lasts

    lasts = run(main())
    summary = live.summary(table)
    assert summary["status"] == "finished" and all(last["status"] == "finished" for last in lasts)
    record = live.get(f"/api/tables/{table}/record").json()
    match = replay(record, game)  # every stored move, in order, is a legal move of the game
    assert len(match.moves) == summary["moves"] == len(stored_moves(live, table))
    if stop_at is None:
        assert summary["result"]["reason"] == "game" and summary["result"]["winners"] == list(match.state.winners)
    else:
        assert summary["moves"] >= LIMIT and summary["result"]["reason"] == "resigned"


# --- restart: kill -9 in mid-game, start again on the same store ---------------------------------
async def until_one_is_to_move_at(clients: list[Client], move: int) -> Client:
    """Play randomly on every client until the table has `move` moves; the client whose turn it
    is then (the others are left waiting)."""
    tasks = {asyncio.ensure_future(play_randomly(c, random.Random(i), move, resign=False)): c
             for i, c in enumerate(clients)}
    done, waiting = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in waiting:
        task.cancel()
    await asyncio.gather(*waiting, return_exceptions=True)
    return tasks[next(iter(done))]


def restart_keeps_every_table(server: LiveServer) -> None:
    people = server.new_table("jol", seats_of(2, 2))
    tokens = [server.claim(people, 1, "Ann"), server.claim(people, 2, "Bob")]
    bots_only = server.new_table("dogma", seats_of(0, 2))
    waiting = server.new_table("divine", seats_of(1, 3), {"players": 3})

    async def before() -> dict:
        clients = [await Client.open(server, people, token) for token in tokens]
        mover = await until_one_is_to_move_at(clients, 12)
        server.kill()  # no goodbye: the sockets just drop
        for c in clients:
            with pytest.raises(ConnectionClosed):
                await c.until(lambda m: False, timeout=10)
        return mover.view

    async def after(last: dict) -> None:
        # the page reconnects with its token, and finds the table where it was
        again = await Client.open(server, people, tokens[last["seat"]])
        view = await again.view_where(lambda m: True)
        assert view["reset"] and view["move"] == last["move"] and view["expect"] == last["expect"]
        assert view["observation"] == last["observation"] and view["legal"] == last["legal"]
        other = await Client.open(server, people, tokens[1 - last["seat"]])
        await other.view_where(lambda m: True)
        reply = await again.play(random.Random(4).choice(view["legal"])["notation"], view["expect"])
        assert reply["type"] == "view" and reply["move"] == last["move"] + 1  # and the game goes on
        assert (await other.view_where(lambda m: m["move"] == last["move"] + 1))["observation"]
        await again.close()
        await other.close()

    last = run(before())
    server.start()
    listed = {t["id"]: t["status"] for t in server.get("/api/tables").json()}
    assert listed == {people: "running", bots_only: listed[bots_only], waiting: "open"}
    assert server.summary(people)["moves"] == last["move"]  # every move anyone was told of was stored
    assert server.summary(waiting)["seats"][0]["open"] and not server.summary(waiting)["seats"][1]["open"]
    bots_before = server.summary(bots_only)["moves"]
    run(after(last))
    assert server.summary(people)["moves"] == last["move"] + 1
    end = time.monotonic() + 30
    while server.summary(bots_only)["status"] == "running" and server.summary(bots_only)["moves"] <= bots_before:
        assert time.monotonic() < end, "the bots' table did not go on after the restart"
        time.sleep(0.2)


def test_a_killed_server_restarts_with_every_table_and_move_on_sqlite(live):
    restart_keeps_every_table(live)


def test_a_killed_server_restarts_with_every_table_and_move_on_postgresql(tmp_path, postgres_url):
    server = LiveServer(tmp_path, database=postgres_url).start()
    try:
        restart_keeps_every_table(server)
    finally:
        server.stop()
