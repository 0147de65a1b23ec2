"""What a drawing of the board reads from an observation: the city's spaces square by
square (the tiles' ids alone do not say them) and what each card is."""

from __future__ import annotations

from credo.games.divine import board as B
from credo.games.divine import load


def test_the_map_of_the_observation_is_the_city_square_by_square():
    game = load()
    for seed in (0, 7):
        s = game.new(seed)
        obs = s.observation(None)
        rows = [row.split() for row in obs["map"]]
        assert len(rows) == B.N and all(len(r) == B.N for r in rows)
        for sq in range(B.SQUARES):
            token = rows[B.N - 1 - sq // B.N][sq % B.N]
            kind, pop = s.layout.kind[sq], s.layout.pop[sq]
            assert token[:1] == {B.TOWER: "T", B.CATACOMB: "C", B.LIBRARY: "L", B.MARKET: "M",
                                 B.TEMPLE: "H"}.get(kind, str(pop)[:1]), B.NAMES[sq]
            if kind == B.TEMPLE:
                assert token == f"H{pop or ''}"
        assert sum(r.count("T") for r in rows) == 4
        assert obs["tile_names"] == [game.content.tiles[t].name for t, _ in s.layout.placement]


def test_every_card_a_player_can_see_is_named_with_its_type_and_cost():
    game = load()
    s = game.new(3)
    obs = s.observation(0)
    for card in obs["hand"]:
        entry = obs["cards"][card]
        assert entry["name"] and entry["text"]
        assert entry["type"] in ("intervention", "covenant", "commandment")
        assert entry["cost"] == game.cards.cost[game.cards.by_id[card]]
    assert obs["cards"]["schism"]["target"] == "opponent"  # `play schism p2`: a player, not the square p2
    # the catalogue is printed content: the same for every seat and for a spectator
    assert obs["cards"] == s.observation(None)["cards"]
