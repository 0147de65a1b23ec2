"""Moves stored together in one transaction: each caller hears of its own move only."""

from __future__ import annotations

import asyncio

from sqlalchemy.exc import IntegrityError

from credo.interfaces.server.storage import SeatRow, Store, TableRow, upgrade


def test_moves_arriving_together_are_all_stored_and_a_duplicate_fails_alone(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'credo.db'}"
    upgrade(url)

    async def scenario():
        store = Store(url)
        try:
            for t in ("a", "b"):
                await store.add_table(TableRow(id=t, game="jol", options={}, seed=1, rules_version="1",
                                               content_hash="x", clock={}, status="running"),
                                      [SeatRow(table_id=t, seat=0, kind="person")])
            await store.add_move("a", 0, 0, "first")
            calls = [store.add_move(t, n, 0, f"{t}{n}") for n in range(1, 30) for t in ("a", "b")]
            calls.append(store.add_move("a", 0, 0, "again"))  # number 0 of table a is stored already
            outcomes = await asyncio.gather(*calls, return_exceptions=True)
            assert all(o is None for o in outcomes[:-1])
            assert isinstance(outcomes[-1], IntegrityError)
            a = [(m.number, m.notation) for m in await store.moves("a")]
            assert a == [(0, "first")] + [(n, f"a{n}") for n in range(1, 30)]
            assert len(await store.moves("b")) == 29
        finally:
            await store.close()

    asyncio.run(scenario())


def test_sqlite_is_checkpointed_by_the_store_in_a_thread_not_inside_a_commit(tmp_path):
    """Commits never checkpoint (that fsync would stall the event loop); the Store's own
    checkpoints carry the moves into the database file. Read with `immutable=1`, which
    ignores the write-ahead log, the file holds the moves only after a checkpoint."""
    import sqlite3

    path = tmp_path / "credo.db"
    url = f"sqlite+aiosqlite:///{path}"
    upgrade(url)

    def moves_in_the_file() -> int:
        with sqlite3.connect(f"file:{path}?immutable=1", uri=True) as raw:
            return raw.execute("SELECT count(*) FROM moves").fetchone()[0]

    async def scenario():
        store = Store(url)
        store.CHECKPOINT_SECONDS = 0.05
        try:
            await store.add_table(TableRow(id="a", game="jol", options={}, seed=1, rules_version="1",
                                           content_hash="x", clock={}, status="running"),
                                  [SeatRow(table_id="a", seat=0, kind="person")])
            for n in range(2000):  # far past SQLite's automatic threshold of 1000 pages
                await store.add_move("a", n, 0, "x" * 100)
            assert moves_in_the_file() == 0  # no commit checkpointed
            store.start()
            for _ in range(100):
                await asyncio.sleep(0.05)
                if moves_in_the_file() == 2000:
                    break
            assert moves_in_the_file() == 2000
        finally:
            await store.close()

    asyncio.run(scenario())
