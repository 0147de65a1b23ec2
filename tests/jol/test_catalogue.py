"""Jol's catalogue (Game.catalogue): the public faces of the cards, the decks, lanes and rules,
sent once per table; and the observation, which names cards by number and card id only."""

from __future__ import annotations

import json

from credo.games.jol.content import virtue_of

from .conftest import C, play, start

# what a card's face says: never in an observation, always in the catalogue
FACE_KEYS = {"name", "family", "text", "faith", "virtue", "planet", "printed", "skill"}


def mid_game(game):
    """A board with a card in every kind of place: a Cogum in a lane with a Vow, both Manifests'
    worth of Cogum, a lasting Talent on a lane, a face-down Prophecy, a graveyard, a hand."""
    s = start(game, {
        "c1": C("lumen", 0, "court"), "c2": C("vow_of_iron", 0, "vow", on="c1"), "c3": C("banner_of_jol", 0),
        "c4": C("tide", 1, "court"), "c5": C("tidings", 0, "prophecy"), "c6": C("rally_cry", 1, "graveyard"),
        "c7": C("mesa", 1, "manifest"), "c8": C("prayer_of_haste", 0), "c9": C("ridge", 1),
    })
    play(s, "talent c3 court")
    return s


def cards_in(x):
    """Every dict of the observation that names a card."""
    if isinstance(x, dict):
        if "card" in x:
            yield x
        for v in x.values():
            yield from cards_in(v)
    elif isinstance(x, list):
        for v in x:
            yield from cards_in(v)


def test_the_catalogue_has_every_cards_face(game):
    cat = game.catalogue()
    assert set(cat["cards"]) == {c.id for c in game.content.cogum} | {c.id for c in game.content.capacities}
    for c in game.content.cogum:
        face = cat["cards"][c.id]
        assert face["name"] == c.name and face["family"] == "cogum" and face["faith"] == c.faith
        assert face["printed"] == [c.det, c.hrt, c.sprt] and face["virtue"] == virtue_of(c.det, c.hrt, c.sprt)
        assert face["planet"] == c.planet
        assert (face["skill"], face["text"]) == ((c.skill.name, c.skill.text) if c.skill else (None, ""))
    for c in game.content.capacities:
        assert cat["cards"][c.id] == {"name": c.name, "family": c.family, "text": c.text}
    assert cat["decks"] == {d.id: {"name": d.name, "text": d.text} for d in game.content.decks}
    assert cat["lanes"] == ["boog", "court", "limit"] and cat["stats"] == ["det", "hrt", "sprt"]
    r = game.rules
    assert cat["rules"] == {"win_inf": r.win_inf, "win_lanes": r.win_lanes, "lane_spaces": r.lane_spaces,
                            "manifest_size": r.manifest_size, "opening_hand": r.opening_hand, "deck_size": r.deck_size}
    assert json.loads(json.dumps(cat)) == cat  # JSON-ready, as the server sends it


def test_a_caller_cannot_change_the_catalogue_the_next_one_reads(game):
    first = game.catalogue()
    first["cards"]["lumen"]["name"] = "changed"
    first["rules"]["win_inf"] = 99
    del first["decks"]
    again = game.catalogue()
    assert again["cards"]["lumen"]["name"] == next(c.name for c in game.content.cogum if c.id == "lumen")
    assert again["rules"]["win_inf"] == game.rules.win_inf and "decks" in again
    assert game.face("lumen")["name"] == again["cards"]["lumen"]["name"]


def test_the_observation_names_cards_and_the_catalogue_says_what_they_are(game):
    s = mid_game(game)
    faces = game.catalogue()["cards"]
    for viewer in (0, 1, None):
        obs = s.observation(viewer)
        assert "rules" not in obs
        named = list(cards_in(obs))
        assert named
        for card in named:
            assert not FACE_KEYS & set(card), card
            assert "vow_cards" not in card
            assert card["card"] in faces  # a renderer finds every card it is shown
    obs = s.observation(0)
    court = obs["lanes"][1]
    lumen = court["cogum"][0][0]
    # the Vow is face up once attached: its number and its card, its face in the catalogue
    assert lumen["vows"] == [{"id": "c2", "card": "vow_of_iron"}]
    assert faces["vow_of_iron"]["family"] == "vow"
    # what only the state says stays: stats now (the lasting Talent and the Vow count), Ready, owner
    assert set(lumen) == {"id", "card", "owner", "det", "hrt", "sprt", "ready", "engaged", "vows"}
    assert lumen["hrt"] > faces["lumen"]["printed"][1]
    assert obs["lasting"] == [{"id": "c3", "card": "banner_of_jol", "owner": 0, "on": "court"}]
    assert obs["players"][0]["hand"] == [{"id": "c8", "card": "prayer_of_haste"}]
    assert obs["players"][0]["prophecies"] == [{"id": "c5", "card": "tidings"}]
    # the other seat sees the Prophecy's number only, and no hand but its own
    theirs = s.observation(1)
    assert theirs["players"][0]["face_down"] == ["c5"] and "prophecies" not in theirs["players"][0]
    assert "hand" not in theirs["players"][0]
