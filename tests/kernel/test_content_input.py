"""Content at the boundary: a content folder either loads into a game whose random games
play to the end, or is refused with one ContentError naming the file, the entry and the
field; and `games.load(name, folder)` loads a folder again when its files change."""

import copy
import importlib
import json
import math
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from credo import games
from credo.kernel import ContentError, CredoError, Match, Rng


def data_folder(name: str) -> Path:
    return importlib.import_module(f"credo.games.{name}.content").DATA


def copy_data(name: str, folder: Path) -> Path:
    target = folder / name
    shutil.copytree(data_folder(name), target)
    return target


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count))


def refused(name: str, folder: Path) -> ContentError:
    with pytest.raises(ContentError) as err:
        games.load(name, folder)
    assert "\n" not in str(err.value)
    return err.value


def play_to_the_end(game, seed: int, moves: int = 4000) -> None:
    """Random games of every option variant; raises whatever goes wrong."""
    for options in game.option_variants:
        try:
            match = Match(game, seed, options)
        except CredoError:
            continue  # content the options cannot be played with is said so, in one line
        rng = Rng(seed)
        for _ in range(moves):
            state = match.state
            if state.is_over:
                break
            movers = state.to_move
            player = movers[rng.below(len(movers))]
            legal = state.legal_actions(player)
            assert legal, f"{game.name}: player {player} is to move and has no legal action"
            match.play(rng.choice(legal), player)
            state.observation(player)


# --- the defects found, each refused at load -----------------------------------------

def test_a_divine_card_that_summons_twice_is_refused_naming_file_entry_and_field(tmp_path):
    # it loaded, and the second summon put a second Unit on the Temple the first held:
    # a later move crashed with "negative shift count"
    folder = copy_data("divine", tmp_path)
    edit(folder / "cards.toml", 'effects = [{ op = "summon", unit = "prophet" }]',
         'effects = [{ op = "summon", unit = "prophet" }, { op = "summon", unit = "prophet" }]')
    err = refused("divine", folder)
    assert err.file.endswith("cards.toml") and err.entry == "card 'arrival'" and err.field == "effects[1].op"


@pytest.mark.parametrize("op", ["destroy", "control", "uncontrol", "remove_commandment"])
def test_a_divine_card_that_changes_its_target_twice_is_refused(tmp_path, op):
    folder = copy_data("divine", tmp_path)
    edit(folder / "cards.toml", f'effects = [{{ op = "{op}" }}]', f'effects = [{{ op = "{op}" }}, {{ op = "{op}" }}]')
    err = refused("divine", folder)
    assert err.field == "effects[1].op" and "twice" in err.message


@pytest.mark.parametrize("op, amount", [("dice", 2), ("draw", 2), ("move_dice", 2), ("steal_followers", 4)])
def test_a_divine_effect_counting_a_negative_number_of_things_is_refused(tmp_path, op, amount):
    folder = copy_data("divine", tmp_path)
    edit(folder / "cards.toml", f'{{ op = "{op}", amount = {amount} }}', f'{{ op = "{op}", amount = -{amount} }}')
    err = refused("divine", folder)
    assert err.field == "effects[0].amount" and "1 or more" in err.message


def test_a_divine_card_on_an_own_free_temple_must_summon(tmp_path):
    # it loaded, and offering the card raised StopIteration (no Unit to place)
    folder = copy_data("divine", tmp_path)
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text() + '\n[[card]]\nid = "shrine"\nname = "Shrine"\ntype = "covenant"\ncost = 0\n'
                     'target = "own_free_temple"\neffects = [{ op = "followers", amount = 1 }]\ntext = "x"\n')
    err = refused("divine", folder)
    assert err.entry == "card 'shrine'" and err.field == "target"


def test_dogma_options_played_together_must_fit_in_one_box(tmp_path):
    # each option alone fitted, but two players' options together needed more copies of a
    # Divine Intervention than the box held: dealing them raised IndexError
    folder = copy_data("dogma", tmp_path)
    options = tomllib.loads((folder / "predestination.toml").read_text())["option"]
    interventions = tomllib.loads((folder / "interventions.toml").read_text())["intervention"]
    used = {i["id"]: sum(o["interventions"].count(i["id"]) for o in options) for i in interventions}
    card = next(i for i in interventions if used[i["id"]] >= 2 and i.get("copies", 1) >= 2)
    edit(folder / "interventions.toml", f'id = "{card["id"]}"', f'id = "{card["id"]}"\ncopies = 1')
    text = (folder / "interventions.toml").read_text()
    # the card now says copies twice: drop the old one
    block = text.split(f'id = "{card["id"]}"\ncopies = 1', 1)[1].split("[[intervention]]", 1)[0]
    (folder / "interventions.toml").write_text(text.replace(block, re.sub(r"\ncopies = \d+", "", block, count=1), 1))
    err = refused("dogma", folder)
    assert err.file.endswith("predestination.toml") and err.field == "interventions"
    assert "played together" in err.message and card["id"] in err.message


@pytest.mark.parametrize("word", ["move", "attack", "done", "end"])
def test_a_dirge_ability_named_like_a_word_of_the_notation_is_refused(tmp_path, word):
    folder = copy_data("dirge", tmp_path)
    edit(folder / "creatures.toml", 'id = "push"', f'id = "{word}"', count=-1)
    err = refused("dirge", folder)
    assert err.file.endswith("creatures.toml") and f"ability '{word}'" in err.entry and err.field == "id"


def test_a_dirge_creature_with_the_same_ability_twice_is_refused(tmp_path):
    folder = copy_data("dirge", tmp_path)
    creatures = tomllib.loads((folder / "creatures.toml").read_text())["creature"]
    first = creatures[0]
    first["abilities"][1] = first["abilities"][0]
    (folder / "creatures.toml").write_text(toml_document({"creature": creatures}))
    err = refused("dirge", folder)
    assert err.entry.startswith(f"creature '{first['id']}'") and err.field == "id"


@pytest.mark.parametrize("write, field", [
    (lambda p: p.write_bytes(b"\xff\xfe" + p.read_bytes()), "(encoding)"),
    (lambda p: p.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n" + p.read_text()), "(syntax)"),
    (lambda p: p.write_text("x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n" + p.read_text()), "(syntax)"),
    (lambda p: p.write_text("x = " + "9" * 5000 + "\n" + p.read_text()), "(syntax)"),  # int() refuses it
    (lambda p: (p.unlink(), p.mkdir()), "(file)"),
    (lambda p: p.unlink(), "(file)"),
])
@pytest.mark.parametrize("name", ["dirge", "divine", "dogma", "jol"])
def test_a_content_file_that_is_not_toml_text_is_refused_naming_it(tmp_path, name, write, field):
    folder = copy_data(name, tmp_path)
    path = sorted(folder.glob("*.toml"))[0]
    write(path)
    err = refused(name, folder)
    assert err.file == str(path) and err.field == field


# --- the load cache -------------------------------------------------------------------

def test_an_edited_folder_is_loaded_again_and_an_unchanged_one_is_not(tmp_path):
    folder = copy_data("divine", tmp_path)
    first = games.load("divine", folder)
    assert games.load("divine", folder) is first
    edit(folder / "cards.toml", 'name = "Arrival of the Prophet"', 'name = "Coming of the Prophet"')
    second = games.load("divine", folder)
    assert second is not first and second.content_hash != first.content_hash
    assert "Coming of the Prophet" in {c.name for c in second.content.cards}
    edit(folder / "cards.toml", 'effects = [{ op = "summon", unit = "prophet" }]',
         'effects = [{ op = "summon", unit = "prophet" }, { op = "summon", unit = "prophet" }]')
    refused("divine", folder)  # not the game cached before the edit


def test_an_unknown_game_name_is_a_key_error_whatever_it_holds():
    for name in ["chess", "", "../dirge", "dir\x00ge", "x" * 5000, "credo"]:
        with pytest.raises(KeyError):
            games.load(name)


# --- mutated content: a ContentError or a game that plays -----------------------------

def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's escapes are TOML's
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"


def toml_document(document: dict) -> str:
    """A TOML text of `document` (inline tables and arrays: enough for content files)."""
    return "".join(f"{_key(k)} = {_value(v)}\n" for k, v in document.items())


def test_the_toml_writer_writes_what_the_shipped_content_reads():
    for name in games.names():
        for path in data_folder(name).glob("*.toml"):
            document = tomllib.loads(path.read_text())
            assert tomllib.loads(toml_document(document)) == document


def _strings(node, out: set) -> set:
    if isinstance(node, str):
        out.add(node)
    elif isinstance(node, dict):
        for v in node.values():
            _strings(v, out)
    elif isinstance(node, list):
        for v in node:
            _strings(v, out)
    return out


def _paths(node, prefix=()):
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, prefix + (i,))


@st.composite
def mutated_content(draw, name: str):
    """The game's content files with one or two changes of the kind a designer makes by
    mistake: a number off, a reference to another entry, an entry or key duplicated or
    removed (ids, effects), a value of the wrong type."""
    documents = {p.name: tomllib.loads(p.read_text()) for p in data_folder(name).glob("*.toml")}
    strings = sorted(_strings(documents, set()))
    for _ in range(draw(st.integers(1, 2))):
        file = draw(st.sampled_from(sorted(f for f in documents if documents[f])))
        paths = list(_paths(documents[file]))
        path = paths[draw(st.integers(0, len(paths) - 1))]
        parent = documents[file]
        for part in path[:-1]:
            parent = parent[part]
        old = parent[path[-1]]
        if isinstance(old, bool):
            new = not old
        elif isinstance(old, int):
            new = old + draw(st.sampled_from([1, -1, 1, -1, 2, -2, 10, -10, 1000, -old, -old - 1]))
        elif isinstance(old, str):
            new = draw(st.sampled_from(strings)) if draw(st.booleans()) else draw(st.sampled_from(["", "x", old * 2]))
        elif isinstance(old, list) and old:
            how = draw(st.sampled_from(["duplicate", "remove", "empty"]))
            new = list(old)
            if how == "duplicate":
                new.append(copy.deepcopy(new[draw(st.integers(0, len(new) - 1))]))
            elif how == "remove":
                del new[draw(st.integers(0, len(new) - 1))]
            else:
                new = []
        else:
            new = draw(st.sampled_from([None, 0, -1, "x", 1.5, [], {}]))
        if new is None and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = new if new is not None else 0
    return documents


def check_mutated_content(name: str, documents: dict, folder: Path) -> None:
    folder.mkdir()
    for file, document in documents.items():
        (folder / file).write_text(toml_document(document))
    try:
        game = games.load(name, folder)
    except ContentError as exc:
        assert "\n" not in str(exc) and exc.file and exc.entry and exc.field
        event("refused")
        return
    event("loaded")
    try:
        play_to_the_end(game, seed=len(str(documents)) % 97)
    except CredoError:
        pass  # said in one line: a game that refuses something, not one that breaks


def _mutated_content_test(name: str):
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(mutated_content(name))
    def test(documents):
        with __import__("tempfile").TemporaryDirectory() as folder:
            check_mutated_content(name, documents, Path(folder) / name)
    test.__name__ = f"test_mutated_{name}_content_is_refused_or_plays"
    return test


test_mutated_dirge_content_is_refused_or_plays = _mutated_content_test("dirge")
test_mutated_divine_content_is_refused_or_plays = _mutated_content_test("divine")
test_mutated_dogma_content_is_refused_or_plays = _mutated_content_test("dogma")
test_mutated_jol_content_is_refused_or_plays = _mutated_content_test("jol")


def test_every_game_is_covered_by_a_mutated_content_test():
    assert set(games.names()) == {"dirge", "divine", "dogma", "jol"}
