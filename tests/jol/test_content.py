"""Content: the TOML files, their schema, errors that name file, entry and field,
a designer's own card without Python, and `--content DIR`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from credo.games import load
from credo.games.jol.content import DATA, load_content
from credo.games.jol.describe import content_table
from credo.kernel import ContentError

from .conftest import C, cogum, inf, play, start, stats

ROOT = Path(__file__).parents[2]


@pytest.fixture
def folder(tmp_path):
    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("file,old,new,entry,field", [
    ("cogum.toml", 'det = 3\nhrt = 6', 'det = -3\nhrt = 6', "cogum 'bastion'", "det"),
    ("cogum.toml", 'faith = "terrisol"\ndet = 5', 'faith = "jovian"\ndet = 5', "cogum 'granite'", "faith"),
    ("capacities.toml", 'effects = [{ op = "ready" }]', 'effects = [{ op = "modify" }]', "capacity 'second_wind'", "effects"),
    ("capacities.toml", 'trigger = "rival_gains_inf"', 'trigger = "sunrise"', "capacity 'tidings'", "trigger"),
    ("decks.toml", '{ card = "pip", copies = 2 }, { card = "lumen"', '{ card = "pip", copies = 4 }, { card = "lumen"',
     "deck 'jovinet'", "cards"),
    ("decks.toml", '{ card = "granite", copies = 2 }', '{ card = "granit", copies = 2 }', "deck 'terrisol'", "cards"),
    ("rules.toml", "lane_spaces = 2", "lane_spaces = 0", "rules", "lane_spaces"),
])
def test_a_broken_file_names_the_file_the_entry_and_the_field(folder, file, old, new, entry, field):
    edit(folder, file, old, new)
    with pytest.raises(ContentError) as err:
        load_content(folder)
    e = err.value
    assert e.file.endswith(file)
    where = f"{e.entry} {e.field}"
    assert entry in where and field in where


@pytest.mark.parametrize("file,old,new,entry", [
    ("cogum.toml", 'on = "breaks_rival", effects = [{ op = "draw"', 'on = "breaks_rival", effects = [{ op = "gain_inf"',
     "cogum 'kettle'"),
    ("capacities.toml", 'effects = [{ op = "draw", amount = 2 }]', 'effects = [{ op = "lose_inf", amount = 1 }]',
     "capacity 'omen_of_the_fall'"),
])
def test_a_card_that_answers_a_break_with_influence_is_rejected(folder, file, old, new, entry):
    # "Instigating never moves influence, in any outcome", and only an Instigation breaks (R-18)
    edit(folder, file, old, new)
    with pytest.raises(ContentError, match="R-18") as err:
        load_content(folder)
    assert err.value.file.endswith(file) and entry in err.value.entry


def test_a_jovinet_cogum_without_a_skill_is_rejected(folder):
    edit(folder, "cogum.toml", 'skill = { name = "Quickstep", text = "Enters Ready when summoned.", enters_ready = true }', "")
    with pytest.raises(ContentError, match="prints a Skill"):
        load_content(folder)


def test_a_deck_of_the_wrong_size_is_rejected(folder):
    edit(folder, "decks.toml", '{ card = "study", copies = 2 }', '{ card = "study", copies = 3 }')
    with pytest.raises(ContentError, match="exactly 30"):
        load_content(folder)


def test_a_designer_adds_a_card_without_python_and_plays_it(folder):
    # a new Talent that cares about Virtue and Faith, and a new Jovinet Cogum with an aura
    with (folder / "capacities.toml").open("a") as fh:
        fh.write('''
[[capacity]]
id = "court_favour"
name = "Court Favour"
family = "talent"
text = "A Proud ally gains 3 INF in its lane; Jovinet: its SPRT +1 until end of turn."
target = "ally"
virtue = ["proud"]
effects = [{ op = "gain_inf", amount = 3 }, { op = "modify", stat = "sprt", amount = 1, if_faith = ["jovinet"] }]
''')
    with (folder / "cogum.toml").open("a") as fh:
        fh.write('''
[[cogum]]
id = "saffo"
name = "Saffo Lantern"
faith = "jovinet"
det = 1
hrt = 2
sprt = 6
skill = { name = "Lantern", text = "Wise allies in its lane get +1 DET.", modifiers = [{ stat = "det", amount = 1, aura = true, virtue = ["wise"] }] }
''')
    game = load("jol", folder)
    assert game.content_hash != load("jol").content_hash
    s = start(game, {"c1": C("tamber", 0, "court"), "c2": C("court_favour", 0), "c3": C("saffo", 0, "boog"),
                     "c4": C("choir", 0, "boog"), "c5": C("dune", 0, "limit")})
    assert {str(a) for a in s.legal_actions() if a.kind == "talent"} == {"talent c2 c1", "talent c2 c5"}
    play(s, "talent c2 c1")
    assert inf(s)[1] == [3, 0]
    assert cogum(s, "c1")["sprt"] == stats(game, "tamber")[2] + 1
    assert cogum(s, "c4")["det"] == stats(game, "choir")[0] + 1


def test_content_option_runs_through_load(folder, tmp_path):
    from credo.interfaces.cli import main

    assert main(["selfplay", "jol", "--games", "2", "--content", str(folder)]) == 0
    broken = shutil.copytree(folder, tmp_path / "broken")
    edit(broken, "rules.toml", "deck_size = 30", "deck_size = 31")
    folder = broken
    try:
        code = main(["selfplay", "jol", "--games", "1", "--content", str(folder)])
    except (ContentError, SystemExit) as exc:
        code = getattr(exc, "code", 1)
    assert code != 0


def test_the_content_notes_show_the_shipped_cards():
    doc = (ROOT / "docs/rules/jol-content.md").read_text()
    assert content_table(load_content()) in doc, "regenerate the table in docs/rules/jol-content.md"
