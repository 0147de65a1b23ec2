"""What is printed on each card, and what each keyword and malefic marker means, by id: the
face a drawing shows when it names a card, a keyword or a marker by its id.

The observation carries the faces of the ids it already holds (`faces_for`), so a client that
draws it (the browser's board) can show a card's name, numbers and effect without knowing the
content, and learns nothing a seat may not see: a face is public content, given only for an
id the seat already sees."""

from __future__ import annotations

from .content import MALEFIC_NAMES, TYPE_NAMES
from .glossary import KEYWORDS, MARKERS, RELIGION_NAMES, TRIGGERS, cult_text, effect_sentence


def _ability(ab) -> dict:
    return {"name": ab.name, "when": TRIGGERS[ab.trigger] + (", once per game" if ab.once else ""),
            "text": ab.text, "special": ab.trigger == "special"}


def _faces(game) -> dict[str, dict]:
    cached = game.__dict__.get("_card_faces")
    if cached is not None:
        return cached
    c = game.content
    faces: dict[str, dict] = {}
    for p in c.prophets:
        faces[p.id] = {"kind": "prophet", "name": p.name, "title": p.title, "religion": RELIGION_NAMES[p.religion],
                       "faith": p.faith, "fervor": p.fervor,
                       "immune": [TYPE_NAMES[t] for t in p.immunities], "weak": [TYPE_NAMES[t] for t in p.weaknesses],
                       "ability": _ability(p.ability)}
    for k in c.cults:
        faces[k.id] = {"kind": "cult", "name": k.name, "religion": RELIGION_NAMES[k.religion],
                       "type": TYPE_NAMES[k.type], "damage": k.damage, "keywords": list(k.keywords),
                       "text": k.text or cult_text(game, k)}
    for r in c.relics:
        faces[r.id] = {"kind": "relic", "name": r.name, "ability": _ability(r.ability)}
    for d in c.interventions:
        said = "; ".join(effect_sentence(e) for e in d.effects)
        faces[d.id] = {"kind": "intervention", "name": d.name, "keywords": list(d.keywords),
                       "text": d.text or said[0].upper() + said[1:] + "."}
    for key, (name, text) in KEYWORDS.items():
        faces[key] = {"kind": "keyword", "name": name, "text": text}
    for key, (_long, text) in MARKERS.items():
        faces[key] = {"kind": "marker", "name": MALEFIC_NAMES[key], "text": text}
    game._card_faces = faces
    return faces


def faces_for(game, observation: dict) -> dict[str, dict]:
    """The faces of every id the observation holds, and of the keywords those cards carry."""
    faces = _faces(game)
    found: dict[str, dict] = {}

    def walk(value) -> None:
        if isinstance(value, str):
            face = faces.get(value)
            if face is not None and value not in found:
                found[value] = face
                for k in face.get("keywords", ()):
                    found.setdefault(k, faces[k])
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v)

    walk(observation)
    return dict(sorted(found.items()))
