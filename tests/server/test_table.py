"""The table socket's rules: who may act, when, and what happens to bad input, undo,
resignation, rematch and clocks. Every refusal is one line and changes nothing."""

from __future__ import annotations

import json
import time

from hypothesis import HealthCheck, given, settings as hsettings
from hypothesis import strategies as st

from .conftest import claim, hello, new_table, receive, until

DIRGE_TEAMS = {"mode": "teams"}


def two_people(client, game="dirge", options=None):
    table = new_table(client, game, [{"kind": "open"}, {"kind": "open"}], options=options)
    return table, claim(client, table, 1, "Ann"), claim(client, table, 2, "Bob")


def moves(client, table):
    return client.get(f"/api/tables/{table}").json()["moves"]


def test_a_wrong_token_or_an_unknown_table_is_refused_and_the_server_goes_on(client):
    table, a, _ = two_people(client)
    with client.websocket_connect(f"/api/tables/{table}/socket") as ws:
        ws.send_text(json.dumps({"token": "x" * 40}))
        assert "holds no seat" in receive(ws)["message"]
    with client.websocket_connect("/api/tables/nosuch/socket") as ws:
        assert "no table" in receive(ws)["message"]
    with client.websocket_connect(f"/api/tables/{table}/socket") as ws:
        ws.send_text("not json")
        assert "say who you are first" in receive(ws)["message"]
    with client.websocket_connect(f"/api/tables/{table}/socket") as ws:
        assert hello(ws, a)["seat"] == 0


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(message=st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                            lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                                st.sampled_from(["act", "expect", "undo", "resign", "rematch", "ping", "x"]),
                                inner, max_size=3), max_leaves=8))
def test_no_message_crashes_the_connection(client, message):
    table = getattr(test_no_message_crashes_the_connection, "table", None)
    if table is None:
        table = new_table(client, "jol", [{"kind": "open"}, {"kind": "bot", "agent": "random"}])
        test_no_message_crashes_the_connection.table = table
        test_no_message_crashes_the_connection.token = claim(client, table, 1)
    with client.websocket_connect(f"/api/tables/{table}/socket") as ws:
        hello(ws, test_no_message_crashes_the_connection.token)
        ws.send_text(json.dumps(message))
        ws.send_text(json.dumps({"ping": 7}))
        until(ws, lambda r: r["type"] == "pong" and r["ping"] == 7)  # still answering


def test_a_spectator_sees_no_hand_and_cannot_play(client):
    table = new_table(client, "jol", [{"kind": "open"}, {"kind": "bot", "agent": "random"}])
    token = claim(client, table, 1)
    with client.websocket_connect(f"/api/tables/{table}/socket") as ws, \
            client.websocket_connect(f"/api/tables/{table}/socket") as spy:
        me = hello(ws, token)
        watch = hello(spy, None)
        assert watch["seat"] is None and watch["legal"] == [] and watch["expect"] is None
        assert all("hand" not in side for side in watch["observation"]["players"])
        assert "hand" in me["observation"]["players"][0]
        spy.send_text(json.dumps({"act": "end", "expect": 0}))
        assert "spectators" in until(spy, lambda r: r["type"] == "error")["message"]


def test_undo_against_a_bot_is_granted_and_never_passes_a_reveal(client):
    table = new_table(client, "dirge", [{"kind": "open"}, {"kind": "bot", "agent": "random"}], options=DIRGE_TEAMS)
    token = claim(client, table, 1)
    with client.websocket_connect(f"/api/tables/{table}/socket") as ws:
        m = hello(ws, token)
        if m["expect"] is None:
            m = until(ws, lambda r: r["type"] == "view" and r["expect"] is not None)
        at = m["move"]
        ws.send_text(json.dumps({"act": m["legal"][0]["notation"], "expect": m["expect"]}))
        until(ws, lambda r: r["type"] == "view" and r["move"] > at + 1)  # the bot answered
        ws.send_text(json.dumps({"undo": "request"}))
        back = until(ws, lambda r: r["type"] == "view" and r["reset"])
        assert back["move"] == at and back["expect"] == at
    dogma = new_table(client, "dogma", [{"kind": "open"}, {"kind": "bot", "agent": "random"}])
    token = claim(client, dogma, 1)
    with client.websocket_connect(f"/api/tables/{dogma}/socket") as ws:
        m = until(ws, lambda r: r["type"] == "view" and r["expect"] is not None) if not (m := hello(ws, token))["expect"] is not None else m
        ws.send_text(json.dumps({"act": m["legal"][0]["notation"], "expect": m["expect"]}))
        until(ws, lambda r: r["type"] == "view" and r["move"] >= 2)
        ws.send_text(json.dumps({"undo": "request"}))
        assert "cannot take back past" in until(ws, lambda r: r["type"] == "error")["message"]


def test_undo_between_people_needs_the_other_to_agree(client):
    table, a, b = two_people(client, options=DIRGE_TEAMS)
    with client.websocket_connect(f"/api/tables/{table}/socket") as wa, \
            client.websocket_connect(f"/api/tables/{table}/socket") as wb:
        ma, mb = hello(wa, a), hello(wb, b)
        first, second = ((wa, ma), (wb, mb)) if ma["expect"] is not None else ((wb, mb), (wa, ma))
        ws, m = first
        ws.send_text(json.dumps({"act": m["legal"][0]["notation"], "expect": m["expect"]}))
        until(second[0], lambda r: r["type"] == "view" and r["move"] == 1)
        ws.send_text(json.dumps({"undo": "request"}))
        asked = until(second[0], lambda r: r["type"] == "view" and r["undo"])
        assert asked["undo"]["yours"] and moves(client, table) == 1
        second[0].send_text(json.dumps({"undo": "refuse"}))
        until(ws, lambda r: r["type"] == "view" and r["undo"] is None)
        assert moves(client, table) == 1
        ws.send_text(json.dumps({"undo": "request"}))
        until(second[0], lambda r: r["type"] == "view" and r["undo"])
        second[0].send_text(json.dumps({"undo": "accept"}))
        until(ws, lambda r: r["type"] == "view" and r["reset"])
        assert moves(client, table) == 0


def test_resigning_loses_for_the_whole_side_and_a_rematch_seats_everyone_again(client):
    table = new_table(client, "dogma", [{"kind": "open"}, {"kind": "bot", "agent": "random"}] * 2,
                      options={"players": 4})
    token = claim(client, table, 1)
    claim(client, table, 3, "Partner")
    with client.websocket_connect(f"/api/tables/{table}/socket") as ws:
        hello(ws, token)
        ws.send_text(json.dumps({"resign": True}))
        done = until(ws, lambda r: r["type"] == "view" and r["status"] == "finished")
        assert done["result"] == {"winners": [1, 3], "reason": "resigned", "seat": 0}
        ws.send_text(json.dumps({"act": "pass", "expect": 0}))
        assert "the game is over" in until(ws, lambda r: r["type"] == "error")["message"]
        ws.send_text(json.dumps({"rematch": True}))
        offer = until(ws, lambda r: r["type"] == "rematch")
    new = client.get(f"/api/tables/{offer['table']}").json()
    assert new["game"] == "dogma" and new["options"] == {"players": 4}
    assert [s["open"] for s in new["seats"]] == [False, False, True, False]  # the partner was not connected
    with client.websocket_connect(f"/api/tables/{offer['table']}/socket") as ws:
        assert hello(ws, offer["token"])["seat"] == 0


def test_a_flood_of_messages_is_slowed(tmp_path):
    from fastapi.testclient import TestClient

    from credo.interfaces.server import create_app
    from credo.interfaces.server.settings import Settings

    with TestClient(create_app(Settings(data_dir=tmp_path, bots="thread", messages_per_second=5,
                                        message_burst=5))) as c:
        table = new_table(c, "jol", [{"kind": "open"}, {"kind": "bot", "agent": "random"}])
        with c.websocket_connect(f"/api/tables/{table}/socket") as ws:
            hello(ws, None)
            for _ in range(12):
                ws.send_text(json.dumps({"ping": 1}))
            replies = [receive(ws) for _ in range(12)]
            assert sum(r.get("message") == "too many messages: slow down" for r in replies) >= 5


def test_bots_think_in_another_process(tmp_path):
    from fastapi.testclient import TestClient

    from credo.interfaces.server import create_app
    from credo.interfaces.server.settings import Settings

    with TestClient(create_app(Settings(data_dir=tmp_path, bots="process"))) as c:
        table = new_table(c, "jol", [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "random"}])
        deadline = time.monotonic() + 60
        while c.get(f"/api/tables/{table}").json()["moves"] < 5:
            assert time.monotonic() < deadline
            time.sleep(0.1)


def test_a_bot_that_fails_does_not_stop_its_table(client, monkeypatch):
    """A bot whose thinking raises (a sampled world it cannot use, a crashed worker) still
    moves: the seat plays a random legal action, the failure is logged, the game goes on."""
    hub = client.app.state.hub

    async def broken(agent, seed, view):
        raise RuntimeError("the worker died")

    monkeypatch.setattr(hub.bots, "decide", broken)
    table = new_table(client, "jol", [{"kind": "bot", "agent": "random"}] * 2)


    for _ in range(200):
        if client.get(f"/api/tables/{table}").json()["moves"] >= 10:
            break
        time.sleep(0.05)
    assert client.get(f"/api/tables/{table}").json()["moves"] >= 10
