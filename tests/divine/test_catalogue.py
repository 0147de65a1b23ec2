"""Divine's catalogue (Game.catalogue): every card's face, every tile as printed and the board's
geometry, sent once per table; the observation names cards and tiles by id and says only where
things are, so that what a drawing of the board relies on is in the one or the other."""

from __future__ import annotations

import json
import random

from credo.games.divine import board as B
from credo.games.divine import load

# what the catalogue says once: never in an observation
CATALOGUE_KEYS = {"cards", "map", "tile_names", "tiles", "board"}
FACE_KEYS = {"name", "text", "cost", "type"}


def city_from(catalogue: dict, city: list) -> list[list[str]]:
    """The city square by square (row 18 first, columns a..r) as the renderer lays it out: each
    slot's printed tile turned its quarter turns clockwise."""
    size, tile = catalogue["board"]["size"], catalogue["board"]["tile_size"]
    per_side = catalogue["board"]["tiles_per_side"]
    grid = [[""] * size for _ in range(size)]
    for slot, (tile_id, quarters) in enumerate(city):
        rows = B.rotate(catalogue["tiles"][tile_id]["rows"], quarters)
        top, left = (slot // per_side) * tile, (slot % per_side) * tile
        for r, row in enumerate(rows):
            grid[top + r][left:left + tile] = row
    return grid


def mid_game(game):
    """Three players some eighty random moves in: a hand, a discard pile, Units in the city."""
    s = game.new(11, players=3)
    rng = random.Random(5)
    for _ in range(80):
        p = s.to_move[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    return s


def test_the_catalogue_and_the_observations_city_give_every_space_of_the_city():
    game = load()
    cat = game.catalogue()
    assert cat["board"] == {"size": B.N, "tile_size": 6, "tiles_per_side": 3, "columns": B.COLUMNS}
    assert {t.id: t.name for t in game.content.tiles} == {k: v["name"] for k, v in cat["tiles"].items()}
    letters = {B.TOWER: "T", B.CATACOMB: "C", B.LIBRARY: "L", B.MARKET: "M", B.TEMPLE: "H"}
    for seed in (0, 7, 12):
        s = game.new(seed)
        obs = s.observation(None)
        assert obs["city"] == [[game.content.tiles[t].id, q] for t, q in s.layout.placement]
        grid = city_from(cat, obs["city"])
        for sq in range(B.SQUARES):
            token = grid[B.N - 1 - sq // B.N][sq % B.N]
            kind, pop = s.layout.kind[sq], s.layout.pop[sq]
            expected = f"{letters.get(kind, '')}{pop or ''}" if kind in (B.POPULATION, B.TEMPLE) else letters[kind]
            assert token == expected, B.NAMES[sq]
        assert sum(row.count("T") for row in grid) == 4
        assert {t for row in grid for t in row} <= {"1", "2", "3", "T", "C", "L", "M", "H", "H1", "H2", "H3"}


def test_every_card_is_named_in_the_catalogue_with_its_type_cost_and_target():
    game = load()
    cards = game.catalogue()["cards"]
    assert set(cards) == set(game.cards.ids)
    for c in game.content.cards:
        assert cards[c.id] == {"name": c.name, "type": c.type, "cost": c.cost, "target": c.target, "text": c.text}
        assert cards[c.id]["type"] in ("intervention", "covenant", "commandment")
    assert cards["schism"]["target"] == "opponent"  # `play schism p2`: a player, not the square p2


def test_the_observation_names_cards_by_id_and_carries_no_catalogue():
    game = load()
    s = mid_game(game)
    cards = game.catalogue()["cards"]
    for viewer in (0, 1, None):
        obs = s.observation(viewer)
        assert not CATALOGUE_KEYS & set(obs), viewer
        named = list(obs["hand"] or []) + obs["discard"]
        named += [c for p in obs["players_state"] for c in p["commandments"]]
        named += [item["card"] for item in obs["stack"] if "card" in item]
        assert all(isinstance(c, str) and c in cards for c in named)
        for p in obs["players_state"]:
            assert not FACE_KEYS & set(p)
    assert s.observation(0)["hand"]


def test_a_caller_cannot_change_the_catalogue_the_next_one_reads():
    game = load()
    first = game.catalogue()
    assert json.loads(json.dumps(first)) == first  # JSON-ready, as the server sends it
    first["cards"]["schism"]["name"] = "changed"
    first["tiles"][game.content.tiles[0].id]["rows"][0][0] = "X"
    del first["board"]
    again = game.catalogue()
    assert again["cards"]["schism"]["name"] == next(c.name for c in game.content.cards if c.id == "schism")
    assert "X" not in again["tiles"][game.content.tiles[0].id]["rows"][0] and "board" in again
