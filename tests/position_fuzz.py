"""Fuzzing the position boundary of any game: real positions from random play, mutated
the ways a hand or a faulty tool gets them wrong, must either be refused with one
PositionError naming the field or load into a state that plays.

Used by tests/<game>/test_position_input.py; nothing here knows a game: a game's test
gives its own words (card names, phases) for the mutations to use.
"""

from __future__ import annotations

import copy
import json
import random

from hypothesis import strategies as st

from credo.kernel import CredoError, Rng
from credo.kernel.positions import PositionError

# values of the wrong type, sign or size, put where a field's value was
ODD_VALUES = (None, "", "x", "dirge", -1, 0, 1, 7, 2**64, 2**70, -(2**70), 10**6, 1.5, float("nan"), True, False,
              [], [None], [-1], ["x"], {}, {"x": 1}, [[0, 0]], [[]], [0, 1, 2])
# how deep a mutation nests a value: past any position's own depth, and past Python's recursion limit
NESTING = (3, 50, 200, 3000)


def corpus(game, seeds=(1, 2), snapshots=6, max_actions=400, finish=True, wanted=None, variants=None,
           often=None) -> list:
    """States reached by random play from each seed and option variant (`variants`, else
    the game's own): a few along the way and, with `finish`, the end of one game per
    variant (so every phase is seen), plus the first state of each game for which
    `wanted(state)` holds (a rare moment) and every state for which `often(state, step)`
    holds (moments a game wants many of)."""
    states = []
    for variant in game.option_variants if variants is None else variants:
        for k, seed in enumerate(seeds):
            s = game.new(seed=seed, **variant)
            rng = Rng(1000 + seed)
            limit = max_actions * 20 if finish and k == 0 else max_actions
            rare = wanted
            # the start and one early moment (setup phases are short), the rest anywhere
            marks = {0, rng.below(max_actions // 20 + 1)} | {rng.below(max_actions) for _ in range(snapshots)}
            for step in range(limit):
                seen_rare = rare is not None and rare(s)
                if seen_rare:
                    rare = None
                if step in marks or seen_rare or (often is not None and often(s, step)):
                    states.append(s.copy())
                if s.is_over:
                    break
                movers = s.to_move
                player = movers[rng.below(len(movers))]
                s.apply(rng.choice(s.legal_actions(player)), player)
            states.append(s.copy())
    return states


def paths(node, prefix=()) -> list[tuple]:
    """Every path from the root to a value inside a JSON-like position (not below a
    depth no game's position has: a mutation may have nested a value deeply)."""
    out = [prefix]
    if len(prefix) > 12:
        return out
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += paths(value, prefix + (i,))
    return out


def strings(node, depth: int = 0) -> list[str]:
    found: list[str] = []
    if depth > 6:
        return found
    if isinstance(node, str):
        found.append(node)
    elif isinstance(node, dict):
        for key, value in node.items():
            found.append(key)
            found += strings(value, depth + 1)
    elif isinstance(node, list):
        for value in node:
            found += strings(value, depth + 1)
    return found


def _get(node, path):
    for part in path:
        node = node[part]
    return node


def deeply_nested(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _copy(value):
    """A deep copy, or the value itself where it nests too deeply to copy (a position
    is only read, so sharing it is harmless)."""
    try:
        return copy.deepcopy(value)
    except RecursionError:
        return value


def _pick(data, items: list, label: str):
    """One of `items` drawn uniformly (hypothesis' own choice favours the first, here the
    first fields of a position)."""
    return items[random.Random(data.draw(st.integers(0, 2**32), label=label)).randrange(len(items))]


MUTATIONS = ("drop", "odd", "near", "nudge", "swap", "trade", "duplicate", "rename", "nest", "extra_key", "empty",
             "copy")


def mutate(data, position: dict, odd=(), keys=(), others=()) -> dict:
    """A copy of `position` with one to three mutations, drawn with hypothesis `data`.
    A game gives values of its own to put where a value was (`odd`: card names, phases,
    action notation), names a key may be renamed to (`keys`), and other real positions
    whose same field may replace this one's (`others`)."""
    pos = copy.deepcopy(position)
    words = sorted(set(strings(position))) or ["x"]
    odd_values = ODD_VALUES + tuple(odd)
    nested = False
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        places = paths(pos)
        path = _pick(data, places, "path")
        how = data.draw(st.sampled_from(MUTATIONS), label="how")
        if how == "nest":  # once: a value nested in a nested value only repeats the same check
            how, nested = ("odd" if nested else "nest"), True
        if not path:  # the root itself: only keys can change
            how = "extra_key" if how != "drop" else "drop"
            if how == "drop":
                if pos:
                    del pos[data.draw(st.sampled_from(sorted(pos)), label="key")]
                continue
        parent = _get(pos, path[:-1]) if path else None
        key = path[-1] if path else None
        value = _get(pos, path)
        if how == "drop":
            del parent[key]
        elif how == "odd":
            parent[key] = copy.deepcopy(data.draw(st.sampled_from(odd_values), label="odd"))
        elif how in ("near", "nudge") and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + data.draw(st.sampled_from((-2, -1, 1, 2, 5, 100)), label="delta")
        elif how == "near":  # a small number where another value was
            parent[key] = data.draw(st.integers(-3, 20), label="int")
        elif how == "nudge":  # a value of the right type that may not fit: what only the consistency checks see
            if isinstance(value, bool):
                parent[key] = not value
            elif isinstance(value, list) and value:
                parent[key] = value[::-1] if data.draw(st.booleans(), label="reverse") else value[1:]
            elif isinstance(value, str):
                parent[key] = _pick(data, words, "word")
        elif how == "swap" and isinstance(parent, (list, dict)) and len(parent) > 1:
            siblings = list(range(len(parent))) if isinstance(parent, list) else list(parent)
            other = data.draw(st.sampled_from(siblings), label="other")
            parent[key], parent[other] = parent[other], parent[key]
        elif how == "trade":  # with a value anywhere else in the position, neither inside the other
            there = _pick(data, places, "there")
            if there and there[:len(path)] != path and path[:len(there)] != there:
                far = _get(pos, there[:-1])
                parent[key], far[there[-1]] = far[there[-1]], value
        elif how == "duplicate" and isinstance(value, list) and value:
            i = data.draw(st.integers(0, len(value) - 1), label="index")
            value.insert(i, _copy(value[i]))
        elif how == "duplicate" and isinstance(parent, list):
            parent.append(_copy(value))
        elif how == "rename" and isinstance(value, str):
            parent[key] = data.draw(st.sampled_from(words + [value + "x", value.upper(), "a" * 5000, "a\nb"]), label="word")
        elif how == "rename" and isinstance(parent, dict):
            new = data.draw(st.sampled_from(words + list(keys) + [str(key) + "x", "a\nb", "a" * 5000]), label="new key")
            parent[new] = parent.pop(key)
        elif how == "nest":
            parent[key] = deeply_nested(data.draw(st.sampled_from(NESTING), label="depth"))
        elif how == "empty":
            parent[key] = type(value)() if isinstance(value, (list, dict, str)) else None
        elif how == "copy" and others and isinstance(key, str):  # the same field of another real position
            other = data.draw(st.sampled_from(others), label="other position")
            if key in other:
                parent[key] = copy.deepcopy(other[key])
        else:  # extra_key, or a mutation that does not fit this value
            target = value if isinstance(value, dict) else pos
            target[data.draw(st.sampled_from(("extra", "rng", "seed", "winner")), label="extra")] = copy.deepcopy(
                data.draw(st.sampled_from(odd_values), label="extra value"))
    return pos


def assert_refused_clearly(err: Exception) -> None:
    """One line that names the field, from the game's own checks (not the probe's net)."""
    assert isinstance(err, PositionError), f"{type(err).__name__}: {err}"
    text = str(err)
    assert "\n" not in text, text
    assert err.field and text.startswith(f"position field {err.field}: "), text
    assert err.field != "(consistency)", f"the loader let through a position that cannot be played: {text}"
    assert len(text) < 400, text


def exercise(state, seed: int, actions: int = 30) -> None:
    """The state plays: who moves, what they may do, what everyone sees, a random game."""
    for p in (*range(state.num_players), None):
        json.dumps(state.observation(p))
    again = state.game.from_position(state.to_position())
    assert again.to_position() == state.to_position()
    rng = Rng(seed)
    for _ in range(actions):
        if state.is_over:
            break
        movers = state.to_move
        assert movers, "a game that is not over has someone to move"
        player = movers[rng.below(len(movers))]
        legal = state.legal_actions(player)
        assert legal, f"player {player} has nothing to do"
        state.apply(rng.choice(legal), player)
        for p in (*range(state.num_players), None):
            state.observation(p)
    state.to_position()


def loads_or_refuses(game, position: dict, seed: int = 0) -> bool:
    """Either a clear refusal (False) or a state that plays (True); the position given is
    left as it was."""
    before = _fingerprint(position)
    try:
        state = game.from_position(position)
    except CredoError as err:
        assert_refused_clearly(err)
        loaded = False
    else:
        exercise(state, seed)
        loaded = True
    assert _fingerprint(position) == before, "from_position changed the position it was given"
    return loaded


def _fingerprint(node) -> list:
    """Everything in a JSON-like value, read without recursion (a mutation may have nested
    it thousands deep): equal fingerprints, equal values."""
    out, todo = [], [node]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            out.append(("{", len(item)))
            for key in sorted(item, key=repr):
                out.append(repr(key))
                todo.append(item[key])
        elif isinstance(item, list):
            out.append(("[", len(item)))
            todo.extend(reversed(item))
        else:
            out.append(repr(item))
    return out


def continues_alike(original, resumed, seed: int, actions: int = 40) -> None:
    """Two states of the same position go on alike: same legal actions and same events
    after the same random actions."""
    start = len(original.log)
    rng = Rng(seed)
    for _ in range(actions):
        assert original.is_over == resumed.is_over
        if original.is_over:
            break
        assert original.to_move == resumed.to_move
        for mover in original.to_move:
            assert resumed.legal_actions(mover) == original.legal_actions(mover)
        player = original.to_move[rng.below(len(original.to_move))]
        legal = original.legal_actions(player)
        action = rng.choice(legal)
        original.apply(action, player)
        resumed.apply(action, player)
    for p in (*range(original.num_players), None):
        assert [e.text for e in original.events(p, start)] == [e.text for e in resumed.events(p)]
    assert original.to_position() == resumed.to_position()


def moments_reached(game, positions, moments: dict, examples: int = 200) -> set[str]:
    """Which rare moments the hand-written positions that load reach: "loads" if any loads,
    and each name of `moments` (name: a test on a position) that some loaded one passes.
    Derandomized, so the same examples every run."""
    from hypothesis import HealthCheck, given, settings

    seen: set[str] = set()

    @settings(max_examples=examples, database=None, derandomize=True, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(positions)
    def run(position):
        try:
            game.from_position(position)
        except PositionError:
            return
        seen.add("loads")
        seen.update(name for name, reached in moments.items() if reached(position))

    run()
    return seen

