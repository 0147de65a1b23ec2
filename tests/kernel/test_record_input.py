"""Records at the boundary: a record is checked by a schema (credo/kernel/records.py)
before it is replayed, so any malformed record raises one CredoError naming the field
or the move, never another exception."""

import copy
import json
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo import games
from credo.kernel import CredoError, Match, ReplayError, Rng, replay
from credo.kernel.records import SEED_MAX, SEED_MIN, parse_record


def play_random(game, options: dict, seed: int, moves: int = 120) -> Match:
    """A match of random legal moves (every mover in turn, so simultaneous choices too)."""
    match = Match(game, seed, options)
    rng = Rng(seed)
    for _ in range(moves):
        state = match.state
        if state.is_over:
            break
        movers = state.to_move
        player = movers[rng.below(len(movers))]
        match.play(rng.choice(state.legal_actions(player)), player)
    return match


@lru_cache(maxsize=None)
def _records() -> tuple[tuple[str, str], ...]:
    """(game, JSON text) of a record of every game and option variant."""
    out = []
    for name in games.names():
        game = games.load(name)
        for seed, options in enumerate(game.option_variants):
            out.append((name, json.dumps(play_random(game, options, seed).record())))
    return tuple(out)


def records() -> list[tuple[str, dict]]:
    return [(name, json.loads(text)) for name, text in _records()]


def replay_or_credo_error(record, name: str) -> Match | CredoError:
    """The replayed match, or the CredoError it raised (one line); anything else fails."""
    try:
        return replay(record, games.load(name))
    except CredoError as exc:
        text = str(exc)
        assert text and "\n" not in text, f"not one line: {text!r}"
        return exc


def refusal(record, name: str = "dirge") -> str:
    with pytest.raises(CredoError) as err:
        replay(record, games.load(name))
    return str(err.value)


def dirge_record() -> dict:
    return next(r for n, r in records() if n == "dirge")


# --- what Match writes replays -----------------------------------------------------

def test_every_games_records_pass_the_schema_and_replay_to_the_same_state():
    for name, record in records():
        game = games.load(name)
        parse_record(record)
        again = replay(record, game)
        original = replay(json.loads(json.dumps(record)), game)
        assert again.state.to_position() == original.state.to_position()
        assert again.result() == record["result"]
        assert [{"player": p, "action": a} for p, a in again.moves] == record["moves"]


def test_a_record_from_a_position_replays_and_its_position_is_checked():
    game = games.load("dirge")
    start = play_random(game, {"mode": "pick"}, 4, moves=30).state.to_position()
    match = Match(game, 0, {"mode": "pick"}, json.loads(json.dumps(start)))
    rng = Rng(9)
    for _ in range(20):
        if match.state.is_over:
            break
        match.play(rng.choice(match.state.legal_actions()))
    record = json.loads(json.dumps(match.record()))
    assert replay(record, game).state.to_position() == match.state.to_position()
    assert "field position" in refusal({**record, "position": [1, 2]})


def test_an_implicit_mover_minus_one_means_the_one_player_to_move():
    record = dirge_record()
    implicit = {**record, "moves": [{"player": -1, "action": m["action"]} for m in record["moves"]]}
    game = games.load("dirge")
    assert replay(implicit, game).state.to_position() == replay(record, game).state.to_position()


# --- each kind of malformed record names what is wrong -----------------------------

@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(seed=float("nan")), "field seed"),
    (lambda r: r.update(seed=float("inf")), "field seed"),
    (lambda r: r.update(seed=None), "field seed"),
    (lambda r: r.update(seed=1.0), "field seed"),
    (lambda r: r.update(seed=True), "field seed"),
    (lambda r: r.update(seed=SEED_MAX + 1), "field seed"),
    (lambda r: r.update(seed=SEED_MIN - 1), "field seed"),
    (lambda r: r.update(seed=10 ** 400), "field seed"),
    (lambda r: r.pop("seed"), "field seed: Field required"),
    (lambda r: r.update(options=[1]), "field options"),
    (lambda r: r.update(options={"mode": "chaos"}), "field options: option mode"),
    (lambda r: r.update(options={"colour": "red"}), "field options: option colour"),
    (lambda r: r["moves"].__setitem__(3, {}), "field moves[3].player"),
    (lambda r: r["moves"].__setitem__(3, None), "field moves[3]"),
    (lambda r: r["moves"][2].update(action=7), "field moves[2].action"),
    (lambda r: r["moves"][2].update(action=""), "field moves[2].action"),
    (lambda r: r["moves"][2].update(player="1"), "field moves[2].player"),
    (lambda r: r["moves"][2].update(player=99), "field moves[2].player"),
    (lambda r: r["moves"][2].update(extra=1), "field moves[2].extra"),
    (lambda r: r.update(moves={"a": 1}), "field moves"),
    (lambda r: r.update(game=123), "field game"),
    (lambda r: r.update(game="jol"), "not 'dirge'"),
    (lambda r: r.update(format="credo-recording"), "not a credo-record"),
    (lambda r: r.update(version=2), "version 2"),
    (lambda r: r.update(version="1"), "version"),
    (lambda r: r.update(rules_version=1), "field rules_version"),
    (lambda r: r.update(content_hash=None), "field content_hash"),
    (lambda r: r.update(result={"over": "yes", "winners": [], "returns": []}), "field result.over"),
    (lambda r: r.update(result={"over": True, "winners": [], "returns": [float("nan")]}), "field result.returns[0]"),
    (lambda r: r.update(position="start"), "field position"),
    (lambda r: r.update(extra=[]), "field extra"),
])
def test_a_malformed_record_names_the_field(change, words):
    record = dirge_record()
    change(record)
    message = refusal(record)
    assert words in message and "\n" not in message


@pytest.mark.parametrize("document", [None, 123, "credo-record", [1, 2], True, 1.5])
def test_a_document_that_is_not_an_object_is_refused(document):
    assert "JSON object" in refusal(document)


def test_deeply_nested_values_are_refused_without_a_recursion_error():
    deep: list = []
    for _ in range(50_000):
        deep = [deep]
    for change in (lambda r: r.update(seed=deep), lambda r: r["options"].update(mode=deep),
                   lambda r: r["moves"][0].update(action=deep), lambda r: r.update(result=deep),
                   lambda r: r.update(extra=deep), lambda r: r.update(moves=deep)):
        record = dirge_record()
        change(record)
        message = refusal(record)
        assert len(message) < 300


def test_a_move_that_fails_is_named_by_its_number():
    record = dirge_record()
    record["moves"][5]["action"] = "attack sphinx\nTraceback"
    with pytest.raises(ReplayError) as err:
        replay(record, games.load("dirge"))
    assert err.value.move_number == 6


# --- mutated records: a CredoError or a replay, nothing else -----------------------

SPECIAL = st.sampled_from([
    None, True, False, 0, -1, 1, 2, 7, 8, -2, 2 ** 63, 2 ** 64, -(2 ** 64), 10 ** 30, 10 ** 400,
    float("nan"), float("inf"), float("-inf"), 1e308, -0.0, 0.5, "", " ", "\x00", "\ud800", "é",
    "pass", "end", "done", "credo-record", "dirge", [], {}, [[[[]]]], {"": {}}, [None], {"player": 0},
    {"player": 0, "action": "end"},
]).map(copy.deepcopy)  # a fresh copy each time: a shared [None] that a mutation made contain itself recursed
VALUES = st.one_of(
    SPECIAL,
    st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                 lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                 max_leaves=6),
)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, prefix + (i,))


@st.composite
def mutated_records(draw):
    """A real record of a random game with one to three changes at any level: a value
    replaced, a key or item removed, a key or item added."""
    name, record = draw(st.sampled_from(records()))
    record = copy.deepcopy(record)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(record) if p[:1] != ("position",)]
        path = paths[draw(st.integers(0, len(paths) - 1))]
        if not path:
            record = draw(VALUES)
            break
        parent = record
        for part in path[:-1]:
            parent = parent[part]
        how = draw(st.sampled_from(["replace", "replace", "remove", "add"]))
        if how == "replace":
            parent[path[-1]] = draw(VALUES)
        elif how == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["player", "action", "seed", "x", ""]))] = draw(VALUES)
        else:
            parent.insert(path[-1], draw(VALUES))
    return name, record


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_a_mutated_record_replays_or_raises_one_credo_error(case):
    name, record = case
    replay_or_credo_error(record, name)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([n for n in range(200)]), VALUES)
def test_any_option_value_is_a_named_option_error_or_a_game(index, value):
    name, record = records()[index % len(records())]
    game = games.load(name)
    keys = sorted(game.Options.model_fields)
    record["options"] = {**record["options"], keys[index % len(keys)]: value}
    outcome = replay_or_credo_error(record, name)
    if isinstance(outcome, CredoError):
        assert "option" in str(outcome) or "move" in str(outcome) or "result" in str(outcome)
