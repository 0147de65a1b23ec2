"""Dogma's catalogue (Game.catalogue, catalogue.py): the printed face of every card of the box and
what each keyword and malefic marker means, by id, sent once per table page. The observation names
cards by id only; the browser's board (games/dogma.js) looks each id up in the catalogue."""

import json
import random

from credo.games import load

# the fields of a face the board reads, by kind (games/dogma.js: faceWords, prophetCard, cultCard...)
FIELDS = {
    "prophet": {"kind", "name", "title", "religion", "faith", "fervor", "immune", "weak", "ability"},
    "cult": {"kind", "name", "religion", "type", "damage", "keywords", "text"},
    "relic": {"kind", "name", "ability"},
    "intervention": {"kind", "name", "keywords", "text"},
}
ABILITY = {"name", "when", "text", "special"}


def states(game):
    """States from random games of every mode, the clash and the Chaos draft, mid-game and over."""
    for variant in ({"mode": "predestination"}, {"mode": "predestination", "players": 4}, {"mode": "free_will"},
                    {"mode": "chaos"}):
        for seed in range(3):
            s = game.new(seed, **variant)
            rng = random.Random(seed)
            for step in range(300):
                if s.is_over:
                    break
                if step % 7 == 0:
                    yield s
                p = rng.choice(s.to_move)
                s.apply(rng.choice(s.legal_actions(p)), p)
            yield s


def named_ids(obs) -> set[str]:
    """Every card, keyword or marker id the observation names, where the board looks one up."""
    ids: set[str] = set()
    for player in obs["players"]:
        for arcanum in player["arcana"]:
            ids.update(filter(None, [arcanum.get("prophet"), *arcanum.get("relics", []), *arcanum.get("malefic", []),
                                     *(c["card"] for c in arcanum.get("cult", []))]))
        ids.update(player["interventions"] or [])
        ids.update(player["interventions_played"])
    chaos = obs["chaos"] or {}
    ids.update(chaos.get("packet") or [])
    ids.update(chaos.get("interventions") or [])
    for arcanum in chaos.get("arcana") or []:
        ids.update(filter(None, [arcanum["prophet"], *arcanum["cards"]]))
    return ids


def test_the_catalogue_holds_every_card_of_the_box_with_what_the_board_draws():
    game = load("dogma")
    cat = game.catalogue()
    assert json.loads(json.dumps(cat)) == cat
    c = game.content
    box = [*c.prophets, *c.cults, *c.relics, *c.interventions]
    assert set(cat["cards"]) == {card.id for card in box}
    for card in box:
        face = cat["cards"][card.id]
        assert set(face) == FIELDS[face["kind"]], card.id
        assert face["name"] == card.name
        if "ability" in face:
            assert set(face["ability"]) == ABILITY and face["ability"]["text"], card.id
        if "text" in face:
            assert face["text"], card.id
        for keyword in face.get("keywords", ()):
            assert cat["keywords"][keyword]["name"] and cat["keywords"][keyword]["text"]
    al_jafar = cat["cards"]["al_jafar"]  # the rulebook's example card: Faith 120, Fervor 60
    assert (al_jafar["faith"], al_jafar["fervor"], al_jafar["ability"]["name"]) == (120, 60, "Diplomatic Genius")
    sunna = cat["cards"]["sunna"]
    assert (sunna["kind"], sunna["damage"], sunna["keywords"]) == ("cult", 10, ["revealed"])
    assert set(cat["markers"]) == {"crisis", "fanaticism", "hysteria", "withering"}
    assert all(m["name"] and m["text"] for m in cat["markers"].values())


def test_a_caller_changing_its_catalogue_does_not_change_the_next_one():
    game = load("dogma")
    first = game.catalogue()
    first["cards"]["sunna"]["damage"] = 999
    first["keywords"].clear()
    again = game.catalogue()
    assert again["cards"]["sunna"]["damage"] == 10 and again["keywords"]


def test_the_observation_names_cards_by_id_and_carries_no_face():
    game = load("dogma")
    cat = game.catalogue()
    known = set(cat["cards"]) | set(cat["keywords"]) | set(cat["markers"])
    printed = [f["text"] for f in cat["cards"].values() if "text" in f] \
        + [f["ability"]["text"] for f in cat["cards"].values() if "ability" in f]
    named = set()
    for s in states(game):
        for viewer in (*range(s.num_players), None):
            obs = s.observation(viewer)
            assert "cards" not in obs
            said = json.dumps(obs)
            assert not [text for text in printed if json.dumps(text)[1:-1] in said]
            ids = named_ids(obs)
            assert ids <= known, ids - known
            named |= ids
    # the walk reached every kind of thing the board looks up
    assert {cat["cards"][i]["kind"] for i in named & set(cat["cards"])} == set(FIELDS)
    assert named & set(cat["markers"])
