"""A Dogma table's catalogue, as the browser's board fetches it once per page: every card's face by
id, with the keywords and malefic markers, while the observations the socket sends name cards by id."""

from __future__ import annotations

from credo.games import load

from .conftest import new_table


def test_a_dogma_tables_catalogue_gives_every_cards_face_by_id(client):
    table = new_table(client, "dogma", [{"kind": "open"}, {"kind": "bot", "agent": "random"}])
    answer = client.get(f"/api/tables/{table}/catalogue")
    assert answer.status_code == 200
    cat = answer.json()
    content = load("dogma").content
    assert set(cat["cards"]) == {c.id for c in [*content.prophets, *content.cults, *content.relics,
                                                 *content.interventions]}
    assert cat["cards"]["al_jafar"]["faith"] == 120 and cat["cards"]["al_jafar"]["kind"] == "prophet"
    assert cat["keywords"]["revealed"]["name"] == "Revealed"
    assert cat["markers"]["crisis"]["text"]
