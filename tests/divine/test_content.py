"""Content: tiles, the Divinity deck and the pieces, validated; `--content DIR` works."""

import shutil
from pathlib import Path

import pytest

from credo.games import load
from credo.games.divine import board as B
from credo.games.divine.content import DATA, load_content
from credo.kernel import ContentError


def copy_data(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(DATA, folder)
    return folder


def test_nine_tiles_of_6_by_6_with_the_special_places(game):
    tiles = game.content.tiles
    assert len(tiles) == 9 and all(len(t.spaces()) == 6 and all(len(r) == 6 for r in t.spaces()) for t in tiles)
    kinds = [k for t in tiles for row in t.spaces() for k, _ in row]
    assert kinds.count("tower") == 4 and kinds.count("library") == 1 and kinds.count("market") == 1
    assert kinds.count("catacomb") >= 2 and kinds.count("temple") >= 8
    assert all(t.provisional for t in tiles)


def test_the_deck_names_the_rulebooks_cards_and_all_three_types(game):
    names = {c.name for c in game.content.cards}
    assert {"Arrival of the Prophet", "Behold the Avatar"} <= names
    assert {c.type for c in game.content.cards} == {"intervention", "covenant", "commandment"}
    ops = {e.op for c in game.content.cards for e in c.effects}
    assert {"gain_vigilance", "control", "uncontrol", "allowance", "move_dice", "dice", "followers",
            "steal_followers", "counter", "destroy", "pin"} <= ops


def test_a_broken_file_names_file_entry_and_field(tmp_path):
    folder = copy_data(tmp_path)
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text().replace('id = "miracle"\nname = "Miracle"\ntype = "covenant"\ncost = 2',
                                               'id = "miracle"\nname = "Miracle"\ntype = "covenant"\ncost = -2'))
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert err.value.file.endswith("cards.toml") and "miracle" in err.value.entry and err.value.field == "cost"


def test_a_city_without_four_towers_is_rejected(tmp_path):
    folder = copy_data(tmp_path)
    tiles = folder / "tiles.toml"
    tiles.write_text(tiles.read_text().replace('"T 1 1 2 1 1"', '"1 1 1 2 1 1"'))
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert "4 Towers" in err.value.message and err.value.file.endswith("tiles.toml")


def test_a_bad_tile_row_is_rejected(tmp_path):
    folder = copy_data(tmp_path)
    tiles = folder / "tiles.toml"
    tiles.write_text(tiles.read_text().replace('"2 1 1 2 1 H1"', '"2 1 1 2 1 X"', 1))
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert "agora" in err.value.entry and err.value.field == "rows"


def test_a_designer_adds_a_card_without_python(tmp_path):
    folder = copy_data(tmp_path)
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text() + '''
[[card]]
id = "exodus"
name = "Exodus"
type = "intervention"
cost = 1
copies = 2
target = "opponent"
effects = [{ op = "followers", amount = -3, who = "target" }, { op = "followers", amount = 1 }]
text = "Another player loses 3 Follower Tokens; you gain 1."
''')
    game = load("divine", folder)
    assert game.content_hash != load("divine").content_hash
    assert "play exodus p2" in {str(a) for a in game.actions}
    from .conftest import U, make

    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r1"), temples={"e2": 0, "l2": 1},
             hands=[["exodus"], []], followers=[10, 10])
    s.apply("play exodus p2")
    assert s.to_position()["followers"] == [11, 7]


def test_a_card_whose_effect_needs_another_target_is_rejected(tmp_path):
    folder = copy_data(tmp_path)
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text() + '''
[[card]]
id = "bad"
name = "Bad"
type = "covenant"
cost = 1
effects = [{ op = "destroy" }]
text = "Destroys nothing in particular."
''')
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert "bad" in err.value.entry and "destroy needs a target" in err.value.message


def test_catacomb_jumps_exist_for_every_square_a_catacomb_can_reach(game):
    squares = game.catacomb_squares
    for seed in range(10):
        s = game.new(seed)
        assert set(s.layout.catacombs) <= set(squares)
    assert all(B.distance(a, b) >= 0 for a in squares for b in squares)


def test_the_action_space_is_finite_and_built_once_per_content(game):
    assert load("divine") is game
    assert 5_000 < len(game.actions) < 20_000
    assert game.parse_action("respond wrath c9") is game.parse_action("play wrath c9")
