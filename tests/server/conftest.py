"""A server per test on a fresh SQLite file, bots in threads (one test uses processes)."""

from __future__ import annotations

import json
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from credo.interfaces.server import create_app  # noqa: E402
from credo.interfaces.server.settings import Settings  # noqa: E402


@pytest.fixture
def settings(tmp_path):
    return Settings(data_dir=tmp_path, bots="thread", bot_workers=2, messages_per_second=10_000, message_burst=10_000)


@pytest.fixture
def client(settings):
    with TestClient(create_app(settings)) as c:
        yield c


def new_table(client, game, seats, options=None, clock=None) -> str:
    body = {"game": game, "options": options or {}, "seats": seats}
    if clock:
        body["clock"] = clock
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def claim(client, table, seat, name="Ann") -> str:
    r = client.post(f"/api/tables/{table}/seats/{seat}", json={"name": name})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def receive(ws) -> dict:
    return json.loads(ws.receive_text())


def until(ws, test, limit=5000) -> dict:
    """Messages until one passes `test` (views and errors arrive in order)."""
    for _ in range(limit):
        m = receive(ws)
        if test(m):
            return m
    raise AssertionError("no such message")


def my_turn(m) -> bool:
    return (m.get("type") == "view" and m["expect"] is not None) or (m.get("type") == "view" and m["status"] == "finished")


def hello(ws, token):
    ws.send_text(json.dumps({"token": token}))
    return receive(ws)


# --- a real server in a subprocess (tests/server/live.py) ------------------------------------
@pytest.fixture
def live(tmp_path):
    """`credo serve` on a free port of 127.0.0.1 with a fresh SQLite store."""
    from .live import LiveServer

    server = LiveServer(tmp_path).start()
    yield server
    server.stop()


@pytest.fixture
def postgres_url():
    """A fresh PostgreSQL database for one test, dropped after it. Skipped when no server
    is given: `.ci/run` starts one and sets CREDO_TEST_POSTGRES_URL."""
    import os
    import uuid

    from .live import POSTGRES_VARIABLE

    url = os.environ.get(POSTGRES_VARIABLE)
    if not url:
        pytest.skip(f"no PostgreSQL: set {POSTGRES_VARIABLE}=postgresql+psycopg://USER@HOST:PORT/DB "
                    "(.ci/run starts a server and sets it)")
    import psycopg
    from sqlalchemy.engine import make_url

    given = make_url(url)
    admin = given.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"credo_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
    yield given.set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
