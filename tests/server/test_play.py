"""Whole games through the table socket, for every game and option variant: a person
against bots, the record replays, and each message is that seat's own view."""

from __future__ import annotations

import json

import pytest

from credo import games
from credo.kernel import Rng, replay

from .conftest import claim, hello, my_turn, new_table, receive, until

VARIANTS = [(name, options) for name in games.names() for options in games.load(name).option_variants]


def play_to_the_end(client, table, token, seed=0, limit=3000):
    rng = Rng(seed)
    seen = []
    with client.websocket_connect(f"/api/tables/{table}/socket") as ws:
        m = hello(ws, token)
        for _ in range(limit):
            seen.append((m.get("move"), m.get("expect"), m.get("to_move")))
            if not my_turn(m):
                m = until(ws, my_turn)
                seen.append(("until", m.get("move"), m.get("expect"), m.get("to_move")))
            if m["status"] == "finished":
                return m
            assert m["observation"] is not None and m["legal"]
            choice = m["legal"][rng.below(len(m["legal"]))]
            assert choice["text"]
            ws.send_text(json.dumps({"act": choice["notation"], "expect": m["expect"]}))
            # views sent before this move was applied may still be on their way: a client acts on the
            # newest view, so wait for the one that shows the move
            m = until(ws, lambda x, sent=m["expect"]: x["type"] == "error" or x["expect"] != sent
                      or x["status"] == "finished")
            assert m["type"] == "view", (m, seen[-6:])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_a_person_plays_a_whole_game_against_bots_and_the_record_replays(client, name, options):
    game = games.load(name)
    count = game.players(**options)
    options = game.machine_options(options)  # random moves may never end a game: a table may set a limit
    table = new_table(client, name, [{"kind": "open"}] + [{"kind": "bot", "agent": "random"}] * (count - 1),
                      options=options)
    token = claim(client, table, 1)
    last = play_to_the_end(client, table, token)
    assert last["status"] == "finished" and last["result"]["reason"] == "game"
    record = client.get(f"/api/tables/{table}/record").json()
    match = replay(record, game)
    assert match.result()["winners"] == last["result"]["winners"]
    assert [t["id"] for t in client.get("/api/tables?status=finished").json()] == [table]


def test_two_people_commit_their_secret_orders_and_see_who_has_committed_never_what(client):
    table = new_table(client, "dogma", [{"kind": "open"}, {"kind": "open"}])
    a, b = claim(client, table, 1, "Ann"), claim(client, table, 2, "Bob")
    with client.websocket_connect(f"/api/tables/{table}/socket") as wa, \
            client.websocket_connect(f"/api/tables/{table}/socket") as wb:
        ma, mb = hello(wa, a), hello(wb, b)
        assert ma["to_move"] == [0, 1] and ma["expect"] == mb["expect"] == 0 and ma["committed"] == []
        wa.send_text(json.dumps({"act": ma["legal"][0]["notation"], "expect": 0}))
        ma = receive(wa)
        mb = until(wb, lambda m: m["type"] == "view" and m["move"] == 1)
        assert ma["committed"] == mb["committed"] == [0]
        assert ma["legal"] == [] and mb["expect"] == 0  # Bob's decision opened at move 0: his view is current
        assert ma["legal"] == [] and "deploy" not in json.dumps(mb["events"]).lower().replace("deploys", "")
        wb.send_text(json.dumps({"act": mb["legal"][0]["notation"], "expect": mb["expect"]}))
        mb = until(wb, lambda m: m["type"] == "view" and m["move"] == 2)
        assert mb["committed"] == []
