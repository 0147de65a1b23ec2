"""'All creatures have zero (0) Toughness on their back side': no ability of the
shipped creatures (nor of a designer's) may give a back Toughness, and the invented
abilities keep the rulebook's other rules for every creature (Flight cannot pass an
opposing creature; Rebirth never keeps a destroyed Phoenix on the board)."""

from __future__ import annotations

import shutil
import tomllib

import pytest

from credo.games.dirge.content import DATA
from credo.interfaces.cli import main

from .conftest import C, card, creature, last_combat, move_squares, position, speed, strength, texts, wounds


def attack_the_back(game, attacker: str, target: str):
    creatures = {attacker: C(0, "d4", "n"), target: C(1, "d5", "n"),  # the target turns its back on d4
                 **{k: v for k, v in {"sphinx": C(0, "a1"), "mummy": C(1, "h8")}.items() if k not in (attacker, target)}}
    state = game.from_position(position(creatures))
    state.apply(f"give {attacker} attack")
    state.apply(f"attack {target}")
    return state


# every creature of the shipped content, read from the file itself, so a creature added
# to it is attacked on the back here too
EVERY_CREATURE = [c["id"] for c in tomllib.loads((DATA / "creatures.toml").read_text())["creature"]]


def test_the_back_is_attacked_on_every_creature_of_the_content(game):
    assert EVERY_CREATURE == [c.id for c in game.content.creatures] and len(EVERY_CREATURE) == 12


@pytest.mark.parametrize("target", EVERY_CREATURE)
def test_an_attack_on_the_back_meets_toughness_zero(game, target):
    attacker = "giga" if target != "giga" else "mummy"  # neither has an ability that changes its Strength
    state = attack_the_back(game, attacker, target)
    fight = last_combat(state)
    assert fight.side == "back" and fight.roller is None  # no Evasion on the back either
    assert fight.toughness == 0
    assert fight.strength == card(game, attacker).strength == strength(game, attacker, "back")
    assert fight.dealt == fight.strength


def test_the_whole_strength_of_a_blow_to_the_minotaurs_back_is_dealt(game):
    # the review's case: Labyrinth Sense used to give Toughness 2 on the back
    state = attack_the_back(game, "giga", "minotaur")
    assert last_combat(state).dealt == card(game, "giga").strength
    assert creature(state, "minotaur")["destroyed"] == (card(game, "giga").strength >= wounds(game, "minotaur"))


def test_a_designers_toughness_on_the_back_is_rejected_in_one_line(tmp_path):
    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "creatures.toml"
    text = path.read_text()
    coils = 'stat = "toughness", amount = 1, when = "defending", sides = ["front", "flank"]'
    assert text.count(coils) == 1
    path.write_text(text.replace(coils, coils[:-1] + ', "back"]'))
    with pytest.raises(SystemExit) as err:
        main(["selfplay", "dirge", "--games", "1", "--content", str(tmp_path)])
    message = str(err.value)
    assert "creatures.toml" in message and "'uat'" in message and "zero Toughness on its back" in message
    assert "\n" not in message.strip()


def test_flight_cannot_pass_an_opposing_creature(game):
    # "Creatures cannot move through a space occupied by an opposing creature"
    walls = {"uat": C(1, "d5"), "mummy": C(1, "c4"), "giga": C(1, "e4"), "centaur": C(1, "d3")}
    state = game.from_position(position({"phoenix": C(0, "d4"), **walls}))
    state.apply("give phoenix move")
    assert move_squares(state) == {"d4"}
    # Flight is more Speed: on an open field the Phoenix reaches one space further than its card
    state = game.from_position(position({"phoenix": C(0, "a1"), "mummy": C(1, "h8")}))
    state.apply("give phoenix move")
    assert speed(game, "phoenix") == card(game, "phoenix").speed + 1
    assert f"a{1 + speed(game, 'phoenix')}" in move_squares(state)
    assert f"a{2 + speed(game, 'phoenix')}" not in move_squares(state)


def test_rebirth_never_destroys_the_phoenix_and_a_second_lethal_blow_removes_it(game):
    creatures = {"giga": C(0, "d4", "n"), "phoenix": C(1, "d5", "n", damage=wounds(game, "phoenix") - 1),
                 "sphinx": C(0, "a1"), "mummy": C(1, "h8")}
    state = game.from_position(position(creatures))
    start = len(state.events(None))
    state.apply("give giga attack")
    state.apply("attack phoenix")
    told = " ".join(texts(state, start))
    assert "Phoenix is destroyed" not in told and "not destroyed" in told
    assert creature(state, "phoenix")["square"] == "d5" and creature(state, "phoenix")["damage"] == 0
    creatures["phoenix"] = C(1, "d5", "n", damage=wounds(game, "phoenix") - 1, once_spent=True)
    state = game.from_position(position(creatures))
    state.apply("give giga attack")
    state.apply("attack phoenix")
    assert "The Phoenix is destroyed and removed from the battlefield." in texts(state)
    assert creature(state, "phoenix")["destroyed"] and creature(state, "phoenix")["square"] is None
