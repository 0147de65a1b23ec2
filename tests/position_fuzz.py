"""Fuzzing the position boundary of any game: real positions from random play, mutated
the ways a hand or a faulty tool gets them wrong, must either be refused with one
PositionError naming the field or load into a state that plays.

Used by tests/<game>/test_position_input.py; nothing here knows a game.
"""

from __future__ import annotations

import copy
import json

from hypothesis import strategies as st

from credo.kernel import CredoError, Rng
from credo.kernel.positions import PositionError

# values of the wrong type, sign or size, put where a field's value was
ODD_VALUES = (None, "", "x", "dirge", -1, 0, 1, 7, 2**64, 2**70, -(2**70), 10**6, 1.5, float("nan"), True, False,
              [], [None], [-1], ["x"], {}, {"x": 1}, [[0, 0]])


def corpus(game, seeds=(1, 2), snapshots=6, max_actions=400, finish=True, wanted=None) -> list:
    """States reached by random play from each seed and option variant: a few along the
    way and, with `finish`, the end of one game per variant (so every phase is seen),
    plus the first state of each game for which `wanted(state)` holds (a rare moment)."""
    states = []
    for variant in game.option_variants:
        for k, seed in enumerate(seeds):
            s = game.new(seed=seed, **variant)
            rng = Rng(1000 + seed)
            limit = max_actions * 20 if finish and k == 0 else max_actions
            rare = wanted
            # the start and one early moment (setup phases are short), the rest anywhere
            marks = {0, rng.below(max_actions // 20 + 1)} | {rng.below(max_actions) for _ in range(snapshots)}
            for step in range(limit):
                if step in marks or (rare is not None and rare(s)):
                    states.append(s.copy())
                    if step not in marks:
                        rare = None
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
    if len(prefix) > 6:
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


MUTATIONS = ("drop", "odd", "near", "swap", "duplicate", "rename", "nest", "extra_key", "empty")


def mutate(data, position: dict) -> dict:
    """A copy of `position` with one to three mutations, drawn with hypothesis `data`."""
    pos = copy.deepcopy(position)
    words = sorted(set(strings(position))) or ["x"]
    nested = False
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        path = data.draw(st.sampled_from(paths(pos)), label="path")
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
            if isinstance(parent, dict):
                del parent[key]
            else:
                del parent[key]
        elif how == "odd":
            parent[key] = copy.deepcopy(data.draw(st.sampled_from(ODD_VALUES), label="odd"))
        elif how == "near":
            if isinstance(value, int) and not isinstance(value, bool):
                parent[key] = value + data.draw(st.sampled_from((-2, -1, 1, 2, 5, 100)), label="delta")
            else:
                parent[key] = data.draw(st.integers(-3, 20), label="int")
        elif how == "swap" and isinstance(parent, (list, dict)) and len(parent) > 1:
            keys = list(range(len(parent))) if isinstance(parent, list) else list(parent)
            other = data.draw(st.sampled_from(keys), label="other")
            parent[key], parent[other] = parent[other], parent[key]
        elif how == "duplicate" and isinstance(value, list) and value:
            i = data.draw(st.integers(0, len(value) - 1), label="index")
            value.insert(i, copy.deepcopy(value[i]))
        elif how == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(value))
        elif how == "rename" and isinstance(value, str):
            parent[key] = data.draw(st.sampled_from(words + [value + "x", value.upper(), "a" * 5000, "a\nb"]), label="word")
        elif how == "rename" and isinstance(parent, dict):
            new = data.draw(st.sampled_from(words + [str(key) + "x", "a\nb", "a" * 5000]), label="new key")
            parent[new] = parent.pop(key)
        elif how == "nest":
            parent[key] = deeply_nested(data.draw(st.sampled_from((3, 50, 200)), label="depth"))
        elif how == "empty":
            parent[key] = type(value)() if isinstance(value, (list, dict, str)) else None
        else:  # extra_key, or a mutation that does not fit this value
            target = value if isinstance(value, dict) else pos
            target[data.draw(st.sampled_from(("extra", "rng", "seed", "winner")), label="extra")] = copy.deepcopy(
                data.draw(st.sampled_from(ODD_VALUES), label="extra value"))
    return pos


def assert_refused_clearly(err: Exception) -> None:
    """One line that names the field, from the game's own checks (not the probe's net)."""
    assert isinstance(err, PositionError), f"{type(err).__name__}: {err}"
    text = str(err)
    assert "\n" not in text, text
    assert err.field and f"position field {err.field}" in text, text
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
    before = copy.deepcopy(position)
    try:
        state = game.from_position(position)
    except CredoError as err:
        assert_refused_clearly(err)
        loaded = False
    else:
        exercise(state, seed)
        loaded = True
    assert _same(position, before), "from_position changed the position it was given"
    return loaded


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


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
        player = original.to_move[rng.below(len(original.to_move))]
        legal = original.legal_actions(player)
        assert resumed.legal_actions(player) == legal
        action = rng.choice(legal)
        original.apply(action, player)
        resumed.apply(action, player)
    for p in (*range(original.num_players), None):
        assert [e.text for e in original.events(p, start)] == [e.text for e in resumed.events(p)]
    assert original.to_position() == resumed.to_position()
