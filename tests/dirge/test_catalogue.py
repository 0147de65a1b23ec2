"""Dirge's catalogue (Game.catalogue()): the printed cards, abilities and battlefield that a
display draws, sent once; and the observation, which names creatures by id and carries
only what a move can change."""

from __future__ import annotations

import json
import random

# what a creature's entry in the observation holds: where it is and what has happened to it
STATE_FIELDS = {"id", "owner", "square", "facing", "damage", "markers", "destroyed", "used", "blocked", "once_spent"}


def states_along_a_game(game, seed: int = 4, moves: int = 120):
    """A pick-mode game played at random: its states at setup, at play, and later."""
    rnd = random.Random(seed)
    state = game.new(seed, mode="pick")
    seen = [state.copy()]
    for _ in range(moves):
        if state.is_over:
            break
        player = state.to_move[0]
        state.apply(rnd.choice(state.legal_actions(player)), player)
        seen.append(state.copy())
    return seen


def test_the_catalogue_holds_every_creatures_printed_card(game):
    catalogue = game.catalogue()
    assert list(catalogue["creatures"]) == [c.id for c in game.content.creatures]
    for creature in game.content.creatures:
        face = catalogue["creatures"][creature.id]
        assert face == {
            "name": creature.name, "abbr": creature.abbr, "speed": creature.speed, "strength": creature.strength,
            "range": creature.range, "toughness": list(creature.toughness), "evasion": list(creature.evasion),
            "wounds": creature.wounds, "abilities": [ab.id for ab in creature.abilities],
        }
        for ab in creature.abilities:
            assert catalogue["abilities"][ab.id] == {"name": ab.name, "kind": ab.kind, "cost": ab.cost, "text": ab.text}
    # the rulebook's Sphinx: Speed 2, Strength 3, Range 1, Toughness 6 and Evasion 3 in front, 5 wounds
    sphinx = catalogue["creatures"]["sphinx"]
    assert (sphinx["speed"], sphinx["strength"], sphinx["range"], sphinx["toughness"][0], sphinx["evasion"][0],
            sphinx["wounds"]) == (2, 3, 1, 6, 3, 5)


def test_the_catalogue_holds_the_battlefield_and_its_red_starting_spaces(game):
    battlefield = game.catalogue()["battlefield"]
    assert (battlefield["width"], battlefield["height"]) == (game.board.width, game.board.height)
    assert [sorted(side) for side in battlefield["start_spaces"]] == [
        sorted(game.board.names[sq] for sq in side) for side in game.start_spaces]
    assert battlefield["recommended_teams"] == [[game.tables.ids[c] for c in team] for team in game.teams]


def test_the_catalogue_is_json_and_no_caller_can_change_anothers(game):
    catalogue = game.catalogue()
    assert json.loads(json.dumps(catalogue)) == catalogue
    catalogue["creatures"]["sphinx"]["wounds"] = 99
    catalogue["abilities"].clear()
    catalogue["battlefield"]["start_spaces"][0].append("z9")
    again = game.catalogue()
    assert again["creatures"]["sphinx"]["wounds"] == 5
    assert again["abilities"] and "z9" not in again["battlefield"]["start_spaces"][0]


def test_the_observation_names_creatures_by_id_and_carries_nothing_of_their_cards(game):
    catalogue = game.catalogue()
    printed = [face["name"] for face in catalogue["creatures"].values()]
    printed += [face["abbr"] for face in catalogue["creatures"].values()]
    printed += [ab["text"] for ab in catalogue["abilities"].values()]
    checked = 0
    for state in states_along_a_game(game):
        for viewer in (None, 0, 1):
            obs = state.observation(viewer)
            assert "battlefield" not in obs
            assert all(set(c) == STATE_FIELDS for c in obs["creatures"])
            text = json.dumps(obs)
            assert not [words for words in printed if words in text]
            # every id the observation names is one the catalogue describes
            named = {c["id"] for c in obs["creatures"]} | set(obs["unchosen"])
            named |= {cid for cid in (obs["active"], obs["drawn"]) if cid is not None}
            assert named <= set(catalogue["creatures"])
            assert set(obs["plan_given"] + obs["plan_left"]) <= {"move", "attack", *catalogue["abilities"]}
            checked += 1
    assert checked > 100

