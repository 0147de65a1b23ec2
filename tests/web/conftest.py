"""Browser tests: a live `credo serve` per test session (per xdist worker) and Playwright
driving Debian's Chromium (Playwright's own browser download is not reachable here)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The base URL of a real server (uvicorn, SQLite in a temp dir, bots in a process pool)."""
    port = free_port()
    data = tmp_path_factory.mktemp("credo-web")
    log = open(data / "server.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "credo.interfaces.cli", "serve", "--port", str(port),
                             "--data-dir", str(data)], stdout=log, stderr=subprocess.STDOUT,
                            env={**os.environ, "CREDO_DATABASE_URL": ""})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(url + "/api/games", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"the server did not start: {(data / 'server.log').read_text()[-2000:]}")
        time.sleep(0.2)
    yield url
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        raise RuntimeError("the browser tests need Debian's chromium package (apt-get install chromium); .ci/run installs it")
    return {**browser_type_launch_args, "executable_path": path}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


@pytest.fixture
def shots(request) -> Path:
    """Where a test saves its screenshots: test-results/screenshots (kept after the run)."""
    out = Path(request.config.rootpath) / "test-results" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    return out


def watch_errors(page) -> list[str]:
    """The page's uncaught errors, collected as it runs (a test asserts there are none)."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def create_table(page, game: str, seats: list[str] | None = None, options: dict | None = None, name: str = "Ann"):
    """Through the lobby as a person does: choose the game, set options (by field id
    `opt-KEY`), set each seat (`open` or a computer level), create; lands on the table page
    when no friend has to be invited. Returns the table id."""
    page.goto("/")
    page.click(f"#game-{game}")
    for key, value in (options or {}).items():
        field = page.locator(f"#opt-{key}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value=__import__("json").dumps(value))
        elif field.get_attribute("type") == "checkbox":
            field.set_checked(bool(value))
        else:
            field.fill(str(value))
    for i, who in enumerate(seats or []):
        page.select_option(f"#seat-{i}", value=who)
    page.fill("#your-name", name)
    page.click("#create-table")
    if not seats or seats.count("open") <= 1:
        page.wait_for_url("**/table/**")
    else:
        page.wait_for_selector("#go-to-table")
    return page.url.rsplit("/", 1)[-1] if "/table/" in page.url else \
        page.locator("#go-to-table").get_attribute("href").rsplit("/", 1)[-1]


def my_turn(page, timeout: float = 30_000) -> None:
    """Waits until the page says it is this seat's decision."""
    page.wait_for_selector(".status.yours", timeout=timeout)
