"""Dirge's catalogue (Game.catalogue()): the printed cards of the twelve creatures, their
abilities and the battlefield, all public and unchanging, for a display to draw what an
observation names by id. Observations carry only what a move can change."""

from __future__ import annotations


def build_catalogue(game) -> dict:
    content = game.content
    abilities: dict[str, dict] = {}
    creatures: dict[str, dict] = {}
    for creature in content.creatures:
        for ab in creature.abilities:
            # an ability is printed the same on every card that has it (Tables keys them by id)
            abilities.setdefault(ab.id, {"name": ab.name, "kind": ab.kind, "cost": ab.cost, "text": ab.text})
        creatures[creature.id] = {
            "name": creature.name,
            "abbr": creature.abbr,
            "speed": creature.speed,
            "strength": creature.strength,
            "range": creature.range,
            # front and flank; every creature's back is 0 (rulebook, Characteristics)
            "toughness": list(creature.toughness),
            "evasion": list(creature.evasion),
            "wounds": creature.wounds,
            "abilities": [ab.id for ab in creature.abilities],
        }
    bf = content.battlefield
    return {
        "creatures": creatures,
        "abilities": abilities,
        "battlefield": {
            "width": bf.width,
            "height": bf.height,
            "start_spaces": [list(side) for side in bf.start_spaces],
            "recommended_teams": [list(team) for team in bf.recommended_teams],
        },
    }
