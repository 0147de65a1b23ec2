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
