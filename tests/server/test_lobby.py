"""The lobby: games and their options, creating tables, claiming seats, records."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from credo import games
from credo.kernel.errors import MESSAGE_LENGTH

from .conftest import claim, new_table


def test_games_are_listed_with_their_option_schemas(client):
    listed = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(listed) == set(games.names())
    assert "mode" in listed["dogma"]["options"]["properties"]
    assert listed["divine"]["max_players"] == 4 and "hard" in listed["jol"]["levels"]


def test_the_api_is_documented():
    from credo.interfaces.server import create_app

    paths = create_app().openapi()["paths"]
    assert "/api/tables" in paths and "/api/tables/{table_id}/seats/{seat}" in paths


def test_a_table_is_refused_with_one_line_naming_what_is_wrong(client):
    cases = [
        ({"game": "chess", "seats": [{"kind": "open"}]}, "unknown game 'chess'"),
        ({"game": "jol", "seats": [{"kind": "open"}]}, "has 2 seats, not 1"),
        ({"game": "jol", "seats": [{"kind": "open"}, {"kind": "bot", "agent": "nosuch"}]}, "a bot needs an agent"),
        ({"game": "jol", "options": {"deck1": "nosuch"}, "seats": [{"kind": "open"}] * 2}, "unknown deck"),
        ({"game": "divine", "options": {"players": 9}, "seats": [{"kind": "open"}] * 2}, "players"),
        ({"game": "jol", "seats": [{"kind": "open"}] * 2, "clock": {"kind": "budget", "seconds": 0}}, "seconds"),
        ({"game": "jol", "seats": [{"kind": "open"}] * 2, "clock": {"kind": "per_decision", "seconds": 5,
                                                                   "on_timeout": "nap"}}, "on_timeout"),
        ({"game": "jol", "seats": [{"kind": "open"}] * 2, "extra": 1}, "extra"),
    ]
    for body, says in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 422, body
        assert says in str(r.json()["detail"]), (says, r.json())
    assert client.get("/api/tables").json() == []


def test_a_refusal_quotes_a_long_name_cut_to_one_line(client):
    # a name of 3,000 letters came back whole: a page showed it as one line of 3,085 characters
    for body, says in [
        ({"game": "jol", "options": {"deck1": "z" * 3000}, "seats": [{"kind": "open"}] * 2}, "unknown deck 'zzz"),
        ({"game": "dogma", "options": {"decks": ["m" * 3000, "storm"]}, "seats": [{"kind": "open"}] * 2}, "'mmm"),
        ({"game": "jol", "options": {"d\n" * 500: 1}, "seats": [{"kind": "open"}] * 2}, "option 'd\\n"),
    ]:
        r = client.post("/api/tables", json=body)
        detail = r.json()["detail"]
        assert r.status_code == 422 and says in detail and len(detail) <= MESSAGE_LENGTH, detail
    r = client.get("/api/tables/" + "t" * 3000)
    assert r.status_code == 404 and len(r.json()["detail"]) <= MESSAGE_LENGTH


def test_a_body_too_large_is_refused(client):
    r = client.post("/api/tables", content=b"{" + b" " * 70_000 + b"}", headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_a_seat_is_claimed_once_and_its_token_is_not_shown_again(client):
    table = new_table(client, "dirge", [{"kind": "open"}, {"kind": "open"}])
    assert client.get(f"/api/tables/{table}").json()["status"] == "open"
    token = claim(client, table, 1, "Ann")
    assert len(token) >= 32
    again = client.post(f"/api/tables/{table}/seats/1", json={"name": "Bob"})
    assert again.status_code == 409
    claim(client, table, 2, "Bob")
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "running" and token not in str(summary)
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob"]
    assert client.post(f"/api/tables/{table}/seats/3", json={"name": "Cy"}).status_code == 404
    assert client.post(f"/api/tables/{table}/seats/1", json={"name": ""}).status_code == 422


def test_tables_are_listed_by_status_and_records_wait_for_the_end(client):
    table = new_table(client, "jol", [{"kind": "open"}, {"kind": "bot", "agent": "random"}])
    assert [t["id"] for t in client.get("/api/tables?status=open").json()] == [table]
    assert client.get("/api/tables?status=finished").json() == []
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    assert client.get("/api/tables/nosuch").status_code == 404
    assert client.get("/api/tables?status=weird").status_code == 422


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10)
                    | st.text(min_size=300, max_size=2000),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["game", "options", "seats", "clock", "kind", "agent", "players", "mode",
                                         "decks", "seconds", "on_timeout", "x", "a\nb"]), inner, max_size=4),
                    max_leaves=10)
SEATS = st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["open", "bot", "x"])},
                                       optional={"agent": st.sampled_from(["random", "hard", "mcts-5", "x"])}),
                 max_size=5)
BODIES = st.fixed_dictionaries({"game": st.sampled_from(["jol", "dirge", "divine", "dogma", "x"])},
                               optional={"options": JSON, "seats": JSON | SEATS, "clock": JSON}) | JSON


@hsettings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=BODIES)
def test_any_table_body_is_a_table_or_one_line_naming_what_is_wrong(client, body):
    # sent as Python writes JSON, Infinity and NaN included: FastAPI's own refusal quoted them
    # back and failed to write its answer, a 500; its list of errors showed "[object Object]"
    r = client.post("/api/tables", content=json.dumps(body), headers={"content-type": "application/json"})
    assert r.status_code in (201, 404, 409, 422), (body, r.text)
    if r.status_code != 201:
        detail = r.json()["detail"]
        assert isinstance(detail, str) and detail and "\n" not in detail, (body, detail)
        assert len(detail) <= MESSAGE_LENGTH, (body, detail)
