"""Dogma's catalogue (Game.catalogue): what is printed on every card of the box, and what each
keyword and malefic marker means, by id. An observation names cards, keywords and markers by id;
a drawing (the browser's board) looks their faces up here, fetched once per table page.

The whole box is public content: a face says what a card is, never where it lies or who holds
it, so giving every face to every seat reveals nothing the observation hides."""

from __future__ import annotations

from .content import MALEFIC_NAMES, TYPE_NAMES
from .glossary import KEYWORDS, MARKERS, RELIGION_NAMES, TRIGGERS, cult_text, effect_sentence


def _ability(ab) -> dict:
    return {"name": ab.name, "when": TRIGGERS[ab.trigger] + (", once per game" if ab.once else ""),
            "text": ab.text, "special": ab.trigger == "special"}


def build_catalogue(game) -> dict:
    """{"cards": {id: face}, "keywords": {id: {name, text}}, "markers": {id: {name, text}}}, JSON-ready.
    Every entry carries its `kind` (prophet, cult, relic, intervention, keyword, marker)."""
    c = game.content
    cards: dict[str, dict] = {}
    for p in c.prophets:
        cards[p.id] = {"kind": "prophet", "name": p.name, "title": p.title, "religion": RELIGION_NAMES[p.religion],
                       "faith": p.faith, "fervor": p.fervor,
                       "immune": [TYPE_NAMES[t] for t in p.immunities], "weak": [TYPE_NAMES[t] for t in p.weaknesses],
                       "ability": _ability(p.ability)}
    for k in c.cults:
        cards[k.id] = {"kind": "cult", "name": k.name, "religion": RELIGION_NAMES[k.religion],
                       "type": TYPE_NAMES[k.type], "damage": k.damage, "keywords": list(k.keywords),
                       "text": k.text or cult_text(game, k)}
    for r in c.relics:
        cards[r.id] = {"kind": "relic", "name": r.name, "ability": _ability(r.ability)}
    for d in c.interventions:
        said = "; ".join(effect_sentence(e) for e in d.effects)
        cards[d.id] = {"kind": "intervention", "name": d.name, "keywords": list(d.keywords),
                       "text": d.text or said[0].upper() + said[1:] + "."}
    keywords = {key: {"kind": "keyword", "name": name, "text": text} for key, (name, text) in KEYWORDS.items()}
    markers = {key: {"kind": "marker", "name": MALEFIC_NAMES[key], "text": text} for key, (_long, text) in MARKERS.items()}
    return {"cards": cards, "keywords": keywords, "markers": markers}
