"""A Divine table's catalogue, as the browser's board fetches it once per page: every card's face
and every tile by id, and the board's geometry (the observations name them by id)."""

from __future__ import annotations

from credo.games import load

from .conftest import new_table


def test_a_divine_tables_catalogue_gives_the_cards_the_tiles_and_the_board(client):
    table = new_table(client, "divine", [{"kind": "open"}, {"kind": "bot", "agent": "random"}])
    answer = client.get(f"/api/tables/{table}/catalogue")
    assert answer.status_code == 200
    cat = answer.json()
    game = load("divine")
    assert cat == game.catalogue()
    assert set(cat["cards"]) == {c.id for c in game.content.cards}
    assert cat["cards"]["schism"]["target"] == "opponent" and cat["cards"]["schism"]["text"]
    tile = game.content.tiles[0]
    assert cat["tiles"][tile.id]["name"] == tile.name and len(cat["tiles"][tile.id]["rows"]) == 6
    assert cat["board"]["size"] == 18 and cat["board"]["columns"] == "abcdefghijklmnopqr"
