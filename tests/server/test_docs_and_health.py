"""The documentation pages work offline, and /api/health reports the event loop's lag."""

from __future__ import annotations

import re
import time

import pytest


def test_the_docs_pages_load_only_assets_the_server_serves(client):
    pytest.importorskip("fastapi_offline", reason="the offline docs' assets come with fastapi-offline")
    for page in ("/docs", "/redoc"):
        r = client.get(page)
        assert r.status_code == 200, page
        urls = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)["']""", r.text)
        urls += re.findall(r"""url:\s*['"]([^'"]+)['"]""", r.text) + re.findall(r"spec-url=['\"]([^'\"]+)", r.text)
        assert urls, page
        assert all(u.startswith("/") and not u.startswith("//") for u in urls), (page, urls)
        assert "http://" not in r.text and "https://" not in r.text.replace("https://github.com", ""), page
        for url in urls:
            assert client.get(url).status_code == 200, (page, url)
    assert client.get("/api/docs-assets/swagger-ui-bundle.js").headers["content-type"].startswith("text/javascript")


def test_without_the_assets_the_docs_page_says_what_is_missing(monkeypatch, settings):
    from fastapi.testclient import TestClient

    from credo.interfaces.server import apidocs, create_app

    monkeypatch.setattr(apidocs, "assets_dir", lambda: None)
    with TestClient(create_app(settings)) as c:
        r = c.get("/docs")
        assert r.status_code == 503 and "fastapi-offline" in r.text and "/openapi.json" in r.text


def test_health_reports_the_loop_lag_and_what_the_server_holds(client):
    time.sleep(0.3)  # a few wake-ups of the watcher
    body = client.get("/api/health").json()
    assert body["status"] == "ok" and body["tables"] == 0 and body["connections"] == 0
    lag = body["loop_lag_ms"]
    assert lag["samples"] >= 2 and 0 <= lag["p50"] <= lag["p99"] <= lag["max"]
    assert client.get("/api/health?seconds=0").status_code == 422


def test_a_held_loop_shows_as_lag():
    import asyncio

    from credo.interfaces.server.health import LoopLag

    async def hold_the_loop():
        lag = LoopLag(interval=0.01)
        lag.start()
        await asyncio.sleep(0.05)
        time.sleep(0.2)  # a synchronous call that keeps every task waiting
        await asyncio.sleep(0.05)
        lag.stop()
        return lag.summary(10)

    summary = asyncio.run(hold_the_loop())
    assert summary["max"] >= 150 and summary["p50"] < 50
