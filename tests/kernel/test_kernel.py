"""The kernel's own pieces: RNG, actions, events, records, content loading."""

import json
import pickle
import shutil
from pathlib import Path

import pytest

from credo.games import load
from credo.games.dirge.content import DATA, load_content
from credo.kernel import ContentError, EventLog, Event, Match, NotationError, ReplayError, Rng, replay


def test_rng_is_reproducible_and_copies_are_independent():
    a, b = Rng(42), Rng(42)
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]
    c = a.copy()
    assert a.next64() == c.next64()
    a.next64()
    assert a.counter != c.counter
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_restores_from_its_position_words():
    a = Rng(7)
    a.die()
    b = Rng.restore(*a.to_position())
    assert [a.die() for _ in range(20)] == [b.die() for _ in range(20)]


def test_dice_are_fair_enough_and_roll_only_their_faces():
    rng = Rng(3)
    counts: dict[int, int] = {}
    for _ in range(60000):
        face = rng.die()
        counts[face] = counts.get(face, 0) + 1
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]  # a 0 or a 7 is no face of a six-sided die
    assert all(9400 < c < 10600 for c in counts.values())
    assert {rng.die(2) for _ in range(200)} == {1, 2}


def test_shuffle_is_a_permutation_and_fork_differs():
    rng = Rng(5)
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert Rng(5).fork(1).next64() != Rng(5).fork(2).next64()


def test_shuffle_is_fisher_yates_on_below_so_recorded_games_keep_their_decks():
    rng, reference = Rng(11, 3), Rng(11, 3)
    items, expected = list(range(40)), list(range(40))
    rng.shuffle(items)
    for i in range(len(expected) - 1, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and rng.counter == reference.counter


def test_action_notation_round_trips_and_indices_are_stable():
    game = load("dirge")
    for action in game.actions:
        assert game.parse_action(str(action)) is action
        assert game.actions[action.index] is action
    assert game.parse_action("  GIVE   Cyclops  move+push ") is game.parse_action("give cyclops move+push")


def test_actions_are_immutable_and_unpickle_to_the_same_object():
    action = load("dirge").parse_action("attack uat")
    with pytest.raises(AttributeError):
        action.text = "x"
    assert pickle.loads(pickle.dumps(action)) is action


def test_unknown_notation_names_the_rule():
    with pytest.raises(NotationError) as err:
        load("dirge").parse_action("fly to the moon")
    assert err.value.rule == "Notation"


def test_event_log_is_copy_on_write():
    log = EventLog()
    log.append(Event("a", (), "r"))
    other = log.copy()
    other.append(Event("b", (), "r"))
    log.append(Event("c", (), "r"))
    assert [e.text for e in log] == ["a", "c"]
    assert [e.text for e in other] == ["a", "b"]


def test_narrated_entries_are_read_as_events():
    # states narrate plain tuples (cheaper than the named tuple); every read gives Events
    log = EventLog()
    log.append(("Player {} draws.", (1,), "Draw", None))
    log.append(("You draw {}.", ("x",), "Draw", frozenset({0})))
    log.append(Event("An event {}.", ("already",), "Other"))
    assert all(type(e) is Event for e in [*log, log[0], *log[0:2], *log.visible(0)])
    assert [e.text for e in log] == ["Player 1 draws.", "You draw x.", "An event already."]
    assert [e.text for e in log.visible(1)] == ["Player 1 draws.", "An event already."]
    assert [e.text for e in log.visible(None, start=1)] == ["An event already."]
    assert log[1].rule == "Draw" and log[1].visible_to == frozenset({0}) and log[-1].text == "An event already."


def test_event_visibility():
    secret = Event("you drew {}", ("x",), "Draw", frozenset({1}))
    assert secret.visible(1) and not secret.visible(0) and not secret.visible(None)
    assert secret.text == "you drew x"


# --- records ---------------------------------------------------------------------

def _played_match(seed=3, moves=60):
    game = load("dirge")
    match = Match(game, seed, {"mode": "pick"})
    rng = Rng(seed)
    for _ in range(moves):
        if match.state.is_over:
            break
        match.play(rng.choice(match.state.legal_actions()))
    return match


def test_a_record_replays_to_the_same_state():
    match = _played_match()
    record = json.loads(json.dumps(match.record()))
    assert record["format"] == "credo-record" and record["game"] == "dirge"
    assert all(set(m) == {"player", "action"} for m in record["moves"])
    again = replay(record, load("dirge"))
    assert again.state.to_position() == match.state.to_position()


def test_a_broken_record_names_the_first_failing_move():
    record = _played_match().record()
    record["moves"][40]["action"] = "attack sphinx"
    with pytest.raises(ReplayError) as err:
        replay(record, load("dirge"))
    assert err.value.move_number == 41
    assert "attack sphinx" in str(err.value)


def test_a_record_with_other_content_or_result_is_refused():
    record = _played_match().record()
    with pytest.raises(ReplayError, match="content"):
        replay({**record, "content_hash": "0000"}, load("dirge"))
    with pytest.raises(ReplayError, match="result"):
        replay({**record, "result": {"over": True, "winners": [1], "returns": [-1, 1]}}, load("dirge"))


def test_undo_replays_all_but_the_last_moves():
    match = _played_match(moves=30)
    game = load("dirge")
    shorter = Match(game, 3, {"mode": "pick"})
    for player, text in match.moves[:-3]:
        shorter.play(text, player)
    match.undo(3)
    assert match.state.to_position() == shorter.state.to_position()
    assert len(match.moves) == len(shorter.moves)


def test_same_seed_same_game():
    a, b = _played_match(11, 200), _played_match(11, 200)
    assert a.record() == b.record()
    assert [e.text for e in a.state.events(None)] == [e.text for e in b.state.events(None)]


# --- content ---------------------------------------------------------------------

@pytest.fixture
def content_copy(tmp_path) -> Path:
    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, count))


def test_shipped_content_loads():
    content = load_content()
    assert len(content.creatures) == 12


@pytest.mark.parametrize(
    "old,new,entry,field",
    [
        ("speed = 2            # rulebook", "speed = -2", "creature 'sphinx'", "speed"),
        ('abbr = "CYC"', 'abbr = "CYCLOPS"', "creature 'cyclops'", "abbr"),
        ("  cost = 1\n  target = \"adjacent_enemy\"", "  cost = 9\n  target = \"adjacent_enemy\"",
         "creature 'cyclops' / abilities 'push'", "cost"),
        ('kind = "passive"', 'kind = "sometimes"', "creature 'cyclops' / abilities 'crushing_blow'", "kind"),
        ("wounds = 5           # rulebook", 'wounds = "many"', "creature 'sphinx'", "wounds"),
    ],
)
def test_a_broken_creature_names_file_entry_and_field(content_copy, old, new, entry, field):
    _edit(content_copy / "creatures.toml", old, new)
    with pytest.raises(ContentError) as err:
        load_content(content_copy)
    assert err.value.file.endswith("creatures.toml")
    assert err.value.entry == entry
    assert err.value.field == field


def test_a_broken_battlefield_names_the_field(content_copy):
    _edit(content_copy / "battlefield.toml", '"b1", "c1"', '"z9", "c1"')
    with pytest.raises(ContentError) as err:
        load_content(content_copy)
    assert err.value.file.endswith("battlefield.toml") and "start_spaces" in err.value.field and "z9" in str(err.value)


def test_bad_toml_and_cross_checks_are_rejected(content_copy):
    _edit(content_copy / "battlefield.toml", '"uat"]', '"sphinx"]')
    with pytest.raises(ContentError, match="recommended_teams"):
        load_content(content_copy)
    (content_copy / "creatures.toml").write_text("[[creature]\nid=")
    with pytest.raises(ContentError, match="not valid TOML"):
        load_content(content_copy)


def test_user_content_is_played_and_changes_the_hash(content_copy):
    _edit(content_copy / "creatures.toml", "strength = 5\nrange = 1\ntoughness = [4, 3]", "strength = 7\nrange = 1\ntoughness = [4, 3]")
    game = load("dirge", content_copy)
    assert game.content_hash != load("dirge").content_hash
    assert game.tables.strength[game.tables.by_id["giga"]] == 7
    state = game.new(1)
    assert state.legal_actions()


def test_abbreviations_are_accepted_as_aliases():
    game = load("dirge")
    assert game.parse_action("attack UAT") is game.parse_action("attack uat")
    assert game.parse_action("give cyc move+push") is game.parse_action("give cyclops move+push")
    assert str(game.parse_action("push uat e")) == "push uat e"


def test_the_content_notes_show_the_shipped_creatures():
    from credo.games.dirge.describe import content_table

    doc = (Path(__file__).parents[2] / "docs/rules/dirge-content.md").read_text()
    assert content_table(load_content()) in doc, "regenerate the table in docs/rules/dirge-content.md"


def test_every_game_evaluates_and_plays_out_through_its_game():
    from credo import games

    for name in games.names():
        game = games.load(name)
        state = game.new(0)
        assert -1.0 <= game.evaluate(state, 0) <= 1.0
        assert game.rollout_action(state, state.to_move[0], Rng(1)) in state.legal_actions(state.to_move[0])
