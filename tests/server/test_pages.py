"""The browser's pages and what they read besides the socket: the lobby and table pages,
their static files, a table's catalogue, and the replay of a finished game."""

from __future__ import annotations

import time

from .conftest import new_table


def finished_table(client, game="jol") -> str:
    table = new_table(client, game, [{"kind": "bot", "agent": "random"}] * 2)
    for _ in range(600):
        if client.get(f"/api/tables/{table}").json()["status"] == "finished":
            return table
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


def test_pages_and_their_files_are_served(client):
    assert "lobby.js" in client.get("/").text
    assert "table.js" in client.get("/table/anything").text  # the page itself says if the table is unknown
    for path in ("/static/js/table.js", "/static/js/dom.js", "/static/css/credo.css", "/static/games/generic.js"):
        assert client.get(path).status_code == 200, path
    assert client.get("/static/../settings.py").status_code == 404


def test_a_tables_catalogue_is_its_games_public_content(client):
    table = new_table(client, "dogma", [{"kind": "open"}, {"kind": "bot", "agent": "random"}])
    from credo import games

    assert client.get(f"/api/tables/{table}/catalogue").json() == games.load("dogma").catalogue()
    assert client.get("/api/tables/nope/catalogue").status_code == 404


def test_jols_catalogue_says_what_every_card_a_view_names_is(client):
    table = finished_table(client, "jol")
    catalogue = client.get(f"/api/tables/{table}/catalogue").json()
    from credo import games

    assert catalogue == games.load("jol").catalogue()
    total = client.get(f"/api/tables/{table}").json()["moves"]
    named = []

    def walk(x):
        if isinstance(x, dict):
            if "card" in x:
                named.append(x)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for move in sorted({total // 2, total}):
        walk(client.get(f"/api/tables/{table}/replay/{move}").json()["observation"])
    assert named
    for card in named:  # the view says which card; the catalogue, once, what it is
        assert "name" not in card and "text" not in card
        face = catalogue["cards"][card["card"]]
        assert face["name"] and face["family"] in ("cogum", "talent", "vow", "prophecy", "prayer")


def test_a_finished_game_is_replayed_move_by_move_as_a_spectator_saw_it(client):
    table = finished_table(client)
    total = client.get(f"/api/tables/{table}").json()["moves"]
    start = client.get(f"/api/tables/{table}/replay/0").json()
    end = client.get(f"/api/tables/{table}/replay/{total}").json()
    assert start["move"] == 0 and start["status"] == "running" and start["legal"] == []
    assert end["status"] == "finished" and end["result"] is not None
    assert len(end["events"]) > len(start["events"])
    assert "hand" not in end["observation"]["players"][0]  # a spectator's view: no hand
    back = client.get(f"/api/tables/{table}/replay/3").json()  # going back rebuilds from the start
    assert back["move"] == 3 and back["observation"] != end["observation"]
    assert client.get(f"/api/tables/{table}/replay/{total + 1}").status_code == 404
    assert client.get(f"/api/tables/{table}/replay/-1").status_code == 422


def test_an_unfinished_game_is_not_replayed(client):
    table = new_table(client, "jol", [{"kind": "open"}, {"kind": "bot", "agent": "random"}])
    r = client.get(f"/api/tables/{table}/replay/0")
    assert r.status_code == 409 and "finished" in r.json()["detail"]
