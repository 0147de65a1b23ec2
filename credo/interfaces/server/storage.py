"""Storage: tables, seats, moves and results, in SQLite or PostgreSQL (SQLAlchemy 2).

A table is its game, options, seed and stored moves: that is all a restart needs to
rebuild it by replay. A move's number is part of its key, so two writers can never
store the same move number twice (the check of the number and the write are one
transaction). The schema is managed by Alembic (migrations/); the server upgrades the
database to the newest revision when it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
from pathlib import Path

from sqlalchemy import (JSON, BigInteger, DateTime, Engine, ForeignKey, Integer, String, create_engine, delete, event,
                        insert, select)
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    rules_version: Mapped[str] = mapped_column(String(32))
    content_hash: Mapped[str] = mapped_column(String(128))
    clock: Mapped[dict] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, running, finished
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # person or bot
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    agent: Mapped[str | None] = mapped_column(String(32), nullable=True)


class MoveRow(Base):
    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(String(128))
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


MIGRATIONS = Path(__file__).parent / "migrations"


def _sqlite_pragmas(connection, _record) -> None:
    # WAL with synchronous=NORMAL: a committed move survives the server being killed (not a
    # power cut in the last instant), at a write per move that costs microseconds, not an fsync
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    # no automatic checkpoint: it runs inside whichever commit crosses the threshold, and
    # its fsync (hundreds of ms on a busy disk) would then stall the event loop that commits
    # moves; the Store checkpoints in a thread instead (Store.checkpoints)
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


def sync_url(url: str) -> str:
    """The same database through a synchronous driver, for Alembic."""
    return url.replace("+aiosqlite", "").replace("sqlite+pysqlite", "sqlite")


def upgrade(url: str) -> None:
    """Bring the database to the newest schema (creates it on first start)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    command.upgrade(config, "head")


def database_problem(url: str) -> str | None:
    """Why the server cannot keep its tables at `url` (no such driver, a file it cannot open,
    no database answering), in one line; None when the database is there and at the newest
    schema. Asked before the server starts, so that a mistyped --database is a line, not a
    failed startup's traceback."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        upgrade(url)
    except SQLAlchemyError as exc:
        cause = getattr(exc, "orig", None) or exc
        return (str(cause).strip().splitlines() or [type(cause).__name__])[0]
    except (ImportError, OSError) as exc:
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return None


class Store:
    """The server's one door to the database."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs = {"connect_args": {"timeout": 30}} if url.startswith("sqlite") else {"pool_pre_ping": True}
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.session = async_sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time: writes from several pooled connections at once
        # make all but one wait in SQLite's busy handler, which sleeps in steps up to 100 ms
        # (measured: a move's round trip p99 of half a second at 10 tables). Queued here
        # instead, a write waits only for the writes before it.
        self.writing = asyncio.Lock() if url.startswith("sqlite") else contextlib.nullcontext()
        # SQLite's moves are written on the event loop itself: a commit in WAL mode (no fsync)
        # takes a fraction of a millisecond, less than the hand-overs to aiosqlite's thread,
        # which under load each wait for the interpreter (measured: 0.4 ms against 5 to 9 ms
        # a transaction on a busy 2-core machine). The write lock keeps it from ever waiting
        # on another connection's write.
        self.move_engine: Engine | None = None
        if url.startswith("sqlite"):
            self.move_engine = create_engine(sync_url(url), connect_args={"timeout": 30})
            event.listen(self.move_engine, "connect", _sqlite_pragmas)
        self.waiting_moves: list[tuple[dict, asyncio.Future]] = []
        self.storing_moves: asyncio.Task | None = None
        self.checkpointing: asyncio.Task | None = None

    CHECKPOINT_SECONDS = 2.0

    def start(self) -> None:
        """SQLite: copy the write-ahead log into the database every few seconds, in a thread
        (a PASSIVE checkpoint waits for no reader or writer), so no commit pays for it."""
        if self.move_engine is not None and self.checkpointing is None:
            self.checkpointing = asyncio.get_running_loop().create_task(self._checkpoints())

    async def _checkpoints(self) -> None:
        engine = create_engine(sync_url(self.url), connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)

        def checkpoint() -> None:
            with engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

        try:
            while True:
                await asyncio.sleep(self.CHECKPOINT_SECONDS)
                try:
                    await asyncio.to_thread(checkpoint)
                except Exception:  # a busy database: the next round copies what this one could not
                    pass
        finally:
            engine.dispose()

    @contextlib.asynccontextmanager
    async def write(self):
        """A write transaction, in turn with the others where the database takes one at a time."""
        async with self.writing, self.session.begin() as session:
            yield session

    async def close(self) -> None:
        if self.checkpointing is not None:
            self.checkpointing.cancel()
            await asyncio.gather(self.checkpointing, return_exceptions=True)
        await self.engine.dispose()
        if self.move_engine is not None:
            self.move_engine.dispose()

    async def add_table(self, row: TableRow, seats: list[SeatRow]) -> None:
        async with self.write() as s:
            s.add(row)
            await s.flush()
            s.add_all(seats)

    async def tables(self, status: str | None = None, limit: int = 200) -> list[TableRow]:
        async with self.session() as s:
            query = select(TableRow).order_by(TableRow.created.desc()).limit(limit)
            if status:
                query = query.where(TableRow.status == status)
            return list((await s.scalars(query)).all())

    async def table(self, table_id: str) -> TableRow | None:
        async with self.session() as s:
            return await s.get(TableRow, table_id)

    async def seats(self, table_id: str) -> list[SeatRow]:
        async with self.session() as s:
            rows = await s.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
            return list(rows.all())

    async def moves(self, table_id: str) -> list[MoveRow]:
        async with self.session() as s:
            rows = await s.scalars(select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.number))
            return list(rows.all())

    async def claim(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give an open seat to a person; False if it was taken meanwhile."""
        async with self.write() as s:
            row = await s.get(SeatRow, (table_id, seat), with_for_update=True)
            if row is None or row.kind != "person" or row.token_hash is not None:
                return False
            row.name, row.token_hash = name, token_hash
            return True

    async def add_move(self, table_id: str, number: int, seat: int, notation: str) -> None:
        """Store move `number`; raises IntegrityError if that number is stored already.

        Moves are stored together: those that arrive while a transaction is being written
        go in the next one. A transaction costs the same for one move or fifty (with
        SQLite, several hand-overs to its thread, each a wait for the interpreter while
        the event loop is busy: measured, about 20 ms a transaction under load), so under
        load a move waits for at most about two transactions instead of a queue of them.
        Each caller still returns only once its own move is committed."""
        done = asyncio.get_running_loop().create_future()
        self.waiting_moves.append(({"table_id": table_id, "number": number, "seat": seat, "notation": notation,
                                    "at": now()}, done))
        if self.storing_moves is None or self.storing_moves.done():
            self.storing_moves = asyncio.get_running_loop().create_task(self._store_moves())
        await done

    async def _store_moves(self) -> None:
        while self.waiting_moves:
            batch, self.waiting_moves = self.waiting_moves, []
            try:
                await self._insert_moves([row for row, _ in batch])
            except Exception:
                # one refused move (its number stored already) must not take the others with it
                for row, done in batch:
                    try:
                        await self._insert_moves([row])
                    except Exception as exc:
                        done.set_exception(exc)
                    else:
                        done.set_result(None)
            else:
                for _, done in batch:
                    done.set_result(None)

    async def _insert_moves(self, rows: list[dict]) -> None:
        async with self.writing:
            if self.move_engine is not None:
                with self.move_engine.begin() as connection:
                    connection.execute(insert(MoveRow), rows)
            else:
                async with self.engine.begin() as connection:
                    await connection.execute(insert(MoveRow), rows)

    async def take_back(self, table_id: str, keep: int) -> None:
        """Forget the moves from number `keep` on (an agreed undo)."""
        async with self.write() as s:
            await s.execute(delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.number >= keep))

    async def set_status(self, table_id: str, status: str, result: dict | None = None) -> None:
        async with self.write() as s:
            row = await s.get(TableRow, table_id)
            row.status = status
            if result is not None:
                row.result = result
            if status == "finished":
                row.finished = now()

