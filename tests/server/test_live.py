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
from credo.kernel.errors import MESSAGE_LENGTH

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
        if reply["type"] == "error":  # acted on a view a newer one had replaced: refused, and refreshed
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


# --- races ------------------------------------------------------------------------------------------
async def errors_until_pong(clients: list[Client]) -> list[str]:
    """Every error the clients receive before the answer to a ping (the server answers a
    connection's messages in order, so nothing they caused is still on its way)."""
    errors = []
    for c in clients:
        start = len(c.received)
        await c.alive()
        errors += [m["message"] for m in c.received[start:] if m.get("type") == "error"]
    return errors


def test_the_same_seat_on_two_connections_sending_at_once_moves_once(live):
    table = live.new_table("jol", seats_of(1, 2))
    token = live.claim(table, 1)
    rng = random.Random(5)

    async def main():
        one, two = await Client.open(live, table, token), await Client.open(live, table, token)
        for round_ in range(10):
            view = await one.turn()
            assert view["status"] == "running"
            await two.current(lambda m: m["expect"] == view["expect"])
            same = round_ % 2 == 0  # the same move twice, or two different moves
            moves = rng.sample(view["legal"], 2) if len(view["legal"]) > 1 and not same else [rng.choice(view["legal"])] * 2
            await asyncio.gather(one.send({"act": moves[0]["notation"], "expect": view["expect"]}),
                                 two.send({"act": moves[1]["notation"], "expect": view["expect"]}))
            errors = await errors_until_pong([one, two])
            assert len(errors) == 1, errors  # one of the two was refused
            assert "refreshed" in errors[0] or "not your turn" in errors[0]
            stored = [row for row in stored_moves(live, table) if row[0] == view["expect"]]
            assert stored in ([(view["expect"], 0, moves[0]["notation"])], [(view["expect"], 0, moves[1]["notation"])])
            numbers = [row[0] for row in stored_moves(live, table)]  # read once: the bot's moves keep coming
            assert numbers == list(range(len(numbers)))

    run(main())


def test_both_dogma_seats_committing_their_orders_at_the_same_instant_are_both_kept_once(live):
    table = live.new_table("dogma", seats_of(2, 2))
    tokens = [live.claim(table, 1, "Ann"), live.claim(table, 2, "Bob")]
    rng = random.Random(6)

    async def main() -> int:
        ann, bob = await Client.open(live, table, tokens[0]), await Client.open(live, table, tokens[1])
        ann_again = await Client.open(live, table, tokens[0])  # Ann's second tab sends her Orders too
        everyone = [ann, bob, ann_again]
        together = move = 0
        while True:
            views = [await c.current(lambda m: m["move"] >= move) for c in everyone]
            if views[0]["status"] == "finished":
                return together
            assert len({v["move"] for v in views}) == 1
            to_move = [c for c in (ann, bob) if c.view["expect"] is not None]
            choices = {c: rng.choice(c.view["legal"])["notation"] for c in to_move}
            sends = [c.send({"act": choices[c], "expect": c.view["expect"]}) for c in to_move]
            if len(to_move) == 2:  # both commit at the same instant, Ann twice
                together += 1
                sends.append(ann_again.send({"act": choices[ann], "expect": ann.view["expect"]}))
            await asyncio.gather(*sends)
            move += len(to_move)
            if len(to_move) == 2:
                errors = await errors_until_pong(everyone)
                assert len(errors) == 1, errors  # Ann's second send refused: moved already, or the game ended
                assert any(why in errors[0] for why in ("not your turn", "refreshed", "the game is over")), errors
                numbers = stored_moves(live, table)[move - 2:move]
                assert sorted(seat for _, seat, _ in numbers) == [0, 1], numbers  # both kept, each once

    together = run(main())
    assert together >= 3
    stored = stored_moves(live, table)
    summary = live.summary(table)
    assert summary["status"] == "finished" and [n for n, _, _ in stored] == list(range(summary["moves"]))
    record = live.get(f"/api/tables/{table}/record").json()
    assert [(m["player"], m["action"]) for m in record["moves"]] == [(s, a) for _, s, a in stored]
    replay(record, games.load("dogma"))


# --- bad input over the real socket -----------------------------------------------------------------
def one_line(message: str) -> bool:
    return bool(message) and "\n" not in message and "Traceback" not in message and len(message) <= MESSAGE_LENGTH


def test_unknown_tables_wrong_tokens_and_garbage_hellos_are_refused_in_one_line(live):
    table = live.new_table("dirge", seats_of(2, 2), {"mode": "teams"})
    token = live.claim(table, 1)

    async def refused(table_id: str, hello, says: str, code: int) -> None:
        client = await Client.open(live, table_id, hello=False)
        if hello is not None:
            await client.send(hello)
        message = await client.error()
        assert says in message and one_line(message), message
        with pytest.raises(ConnectionClosed):
            await client.until(lambda m: False, timeout=10)
        assert client.ws.close_code == code

    async def main():
        await refused("nosuch", None, "no table 'nosuch'", 4404)
        await refused("x" * 200, None, "no table", 4404)
        await refused(table, {"token": "x" * 40}, "that token holds no seat", 4401)
        await refused(table, {"token": token[:-1]}, "that token holds no seat", 4401)
        await refused(table, "not json", "say who you are first", 4401)
        await refused(table, {"token": 5}, "say who you are first", 4401)
        await refused(table, b"\x00\xff", "say who you are first", 4401)
        client = await Client.open(live, table, token)  # and the right token still works
        assert (await client.view_where(lambda m: True))["seat"] == 0

    run(main())
    assert live.alive() and live.summary(table)["moves"] == 0


def test_garbage_illegal_stale_and_repeated_messages_change_nothing(live):
    """One session of everything wrong a client can send: each answered with one line, the
    table unchanged, the connection and the server alive."""
    table = live.new_table("dirge", seats_of(2, 2), {"mode": "teams"})
    tokens = [live.claim(table, 1, "Ann"), live.claim(table, 2, "Bob")]

    async def main():
        ann, bob = await Client.open(live, table, tokens[0]), await Client.open(live, table, tokens[1])
        await ann.view_where(lambda m: True)
        await bob.view_where(lambda m: True)
        me, other = (ann, bob) if ann.view["expect"] is not None else (bob, ann)
        view = me.view
        legal = view["legal"][0]["notation"]
        for bad, says in [
            ("{", "a message is JSON"), ("[]", "a message is a JSON object"), ("{}", "exactly one of"),
            ("null", "a message is a JSON object"), ('"act"', "a message is a JSON object"),
            ("[" * 5000, "at most 4096 bytes"), ("[" * 4000 + "]" * 4000, "at most 4096 bytes"),
            ("[" * 2000 + "]" * 2000, "nested less deeply"),
            ({"act": "place nothing here", "expect": view["expect"]}, "is not an action of dirge"),
            ({"act": "nothing\n" * 15, "expect": view["expect"]}, "'nothing nothing nothing nothing nothing '..."),
            ({"act": 5, "expect": view["expect"]}, "act"),
            ({"act": legal, "expect": "0"}, "expect"),
            ({"act": legal, "expect": -1}, "expect"),
            ({"act": legal, "expect": view["expect"] + 7}, "refreshed"),
            ({"act": legal, "expect": view["expect"], "x": 1}, "Extra inputs"),
            ({"act": legal}, "expect"),
            ({"act": legal, "resign": True, "expect": 0}, "exactly one of"),
            ({"undo": "please"}, "undo"),
            ({"undo": "accept"}, "no request of undo"),
            ({"rematch": True}, "a rematch follows a finished game"),
            ("x" * 5000, "at most 4096 bytes"),
            (b"\x00binary", "not a binary one"),
        ]:
            await me.send(bad)
            message = await me.error()
            assert says in message and one_line(message), (str(bad)[:40], message)
        await other.send({"act": legal, "expect": 0})
        assert "not your turn" in await other.error()
        assert live.summary(table)["moves"] == 0 and stored_moves(live, table) == []
        assert await me.alive() and await other.alive()
        # a legal move, then the same message again: played once, the resend refused as stale
        await me.send({"act": legal, "expect": view["expect"]})
        await me.send({"act": legal, "expect": view["expect"]})
        assert "not your turn" in await me.error() or "refreshed" in me.received[-1]["message"]
        assert [(seat, notation) for _, seat, notation in stored_moves(live, table)] == [(view["seat"], legal)]
        # a frame over the server's 64 KiB: that connection is closed, the server and the others go on
        await me.send("[" * 70_000)
        with pytest.raises(ConnectionClosed):
            await me.until(lambda m: False, timeout=10)
        assert me.ws.close_code == 1009
        assert await other.alive()
        # after the end: resigned, then every move refused
        await other.send({"resign": True})
        done = await other.view_where(lambda m: m["status"] == "finished")
        await other.send({"act": legal, "expect": done["move"]})
        assert "the game is over" in await other.error()
        await other.send({"resign": True})
        assert "only a game in progress" in await other.error()
        assert await other.alive()

    run(main())
    assert live.alive() and len(stored_moves(live, table)) == 1


def test_a_flood_of_messages_is_slowed_and_the_connection_stays(live):
    table = live.new_table("jol", seats_of(0, 2))

    async def main():
        watcher = await Client.open(live, table, None)
        await watcher.view_where(lambda m: True)
        for _ in range(80):
            await watcher.send({"ping": 1}, paced=False)
        replies = [await watcher.until(lambda m: m.get("type") in ("pong", "error")) for _ in range(80)]
        slowed = [r for r in replies if r.get("message") == "too many messages: slow down"]
        assert len(slowed) >= 20
        await asyncio.sleep(2.5)  # after a pause it answers again
        assert await watcher.alive()

    run(main())


# --- clocks -------------------------------------------------------------------------------------------
def test_a_per_decision_clock_hands_a_late_decision_to_a_bot(live):
    clock = {"kind": "per_decision", "seconds": 0.3, "on_timeout": "bot:random"}
    table = live.new_table("jol", seats_of(1, 2), clock=clock)
    token = live.claim(table, 1)

    async def main():
        me = await Client.open(live, table, token)
        first = await me.view_where(lambda m: True)
        assert first["clocks"] is not None
        mine = await me.turn()
        assert 0 < mine["clocks"][str(mine["seat"])] <= 0.3
        # we never answer: the bot of the clock plays each of our decisions, and the game goes on
        later = await me.view_where(lambda m: m["move"] >= mine["move"] + 4)
        assert later["status"] == "running"
        # a change is told once: no flood of views while the clock's bot thinks
        assert len([m for m in me.received if m.get("type") == "view"]) <= 2 * later["move"] + 4

    run(main())
    moves = stored_moves(live, table)
    assert 0 in {seat for _, seat, _ in moves}  # moves made for our seat, stored as ours


def test_a_budget_clock_forfeits_the_late_seat(live):
    clock = {"kind": "budget", "seconds": 0.5, "increment": 0, "on_timeout": "forfeit"}
    table = live.new_table("jol", seats_of(1, 2), clock=clock)
    token = live.claim(table, 1)

    async def main():
        me = await Client.open(live, table, token)
        done = await me.view_where(lambda m: m["status"] == "finished")
        assert done["result"] == {"winners": [1], "reason": "time", "seat": 0}
        await me.send({"act": "pass", "expect": done["move"]})
        assert "the game is over" in await me.error()

    run(main())
    assert live.summary(table)["status"] == "finished"
