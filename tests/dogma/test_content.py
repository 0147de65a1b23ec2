"""Section 1 (Components) and the published box: every card the rulebook names, with
its printed values exact; the Predestination tables; content errors."""

import re
import shutil
from pathlib import Path

import pytest

from credo.games.dogma.content import DATA, load_content
from credo.kernel import ContentError

from .conftest import cult, prophet


def test_the_box_holds_27_prophets_64_cult_cards_9_relics_18_interventions(game):
    c = game.content
    assert len(c.prophets) == 27
    assert len(c.cults) == 64
    assert len(c.relics) == 9
    assert sum(i.copies for i in c.interventions) == 18
    assert len(game.tables.di_ids) == 18


def test_cult_cards_are_16_per_religion_across_the_four_types(game):
    for religion in ("christian", "islamic", "jewish", "buddhist"):
        cards = [x for x in game.content.cults if x.religion == religion]
        assert len(cards) == 16
        assert {x.type for x in cards} == {"sacred_text", "doctrine", "faithful", "custom"}


def test_a_cult_cards_text_states_the_damage_it_deals(game):
    """What a player reads on a card is what it does: tuning a card's damage (as the balance
    work does) must change its text too."""
    stated = 0
    for card in game.content.cults:
        said = re.search(r"deals (\d+) damage", card.text, re.IGNORECASE)
        if said:
            stated += 1
            assert int(said.group(1)) == card.damage, (card.id, card.damage, card.text)
    assert stated >= 50  # most cards state their damage; the rest state a condition or none


def test_al_jafar_is_printed_exactly(game):
    p = prophet(game, "al_jafar")
    assert (p.name, p.title, p.faith, p.fervor) == ("Al Jafar", "Caliph Unifier", 120, 60)
    assert p.allows("islamic", "doctrine") and p.allows("islamic", "custom") and p.allows("buddhist", "doctrine")
    assert not p.allows("islamic", "faithful") and not p.allows("islamic", "sacred_text")
    assert not p.allows("buddhist", "custom") and not p.allows("christian", "doctrine")
    ab = p.ability
    assert ab.name == "Diplomatic Genius" and ab.trigger == "on_withdraw"
    assert [(e.op, e.amount, e.target) for e in ab.effects] == [("heal", 50, "self")]
    assert "faith" not in p.provisional and "fervor" not in p.provisional and "sleeve" not in p.provisional


def test_sunna_is_printed_exactly(game):
    s = cult(game, "sunna")
    assert s.damage == 10 and "revealed" in s.keywords
    assert s.damage_if.condition == "self_undamaged" and s.damage_if.amount == 100
    assert not s.provisional


def test_lancia_di_longino_adds_40_to_damaging_cult_cards(game):
    r = game.content.relics[game.tables.relic_by_id["lancia_di_longino"]]
    assert r.ability.modifiers.cult_bonus == 40 and r.ability.modifiers.cult_bonus_types == []
    assert not r.provisional


def test_pioggia_di_fuoco_and_ruota_del_dharma_are_printed_exactly(game):
    by = {i.id: i for i in game.content.interventions}
    rain = by["pioggia_di_fuoco"]
    assert [(e.op, e.amount, e.target) for e in rain.effects] == [("damage", 20, "all_opponents")]
    wheel = by["ruota_del_dharma"]
    assert [(e.op, e.amount, e.target) for e in wheel.effects] == [("fervor", 6, "self")]
    assert not rain.provisional and not wheel.provisional


def test_elaine_sharira_and_maisa_exist(game):
    elaine = prophet(game, "elaine")
    assert elaine.name == "Elaine della Croce Bianca" and elaine.ability.extra_cult_slot
    assert elaine.ability.trigger == "construction"
    sharira = game.content.relics[game.tables.relic_by_id["sharira"]]
    assert [e.op for e in sharira.ability.effects] == ["revive"] and sharira.ability.trigger == "special"
    assert prophet(game, "maisa").name == "Maisa"


TABLES = {
    "mecca": ([("al_jafar", "hajj", "samsara", "vacuita"), ("maometto", "corano_hizb", "sunniti", "allah_akbar"),
               ("primo_shahid", "sawm", "ramadan", "guerra_santa"), ("shirin", "ibaditi", "sunna", "hadith")],
              ["pioggia_di_fuoco", "tramutazione_acqua_sangue", "tramutazione_acqua_sangue", "esorcismo"]),
    "storm": ([("khadija", "shahada", "salat", "purificazione"), ("chimera", "eucarestia", "masoreti", "santo_graal"),
               ("rabbi_akiva", "mishnah", "koan", "rabbi"),
               ("goffredo", "crociati", "movimento_sacerdotale_mariano", "penitenza")],
              ["cavalieri_apocalisse", "cavalieri_apocalisse", "diluvio_universale", "ruota_del_dharma"]),
    "unshakeable": ([("janami_raji", "tummo", "bodhisattva", "sangha"),
                     ("saggio_doro", "arahant", "quattro_nobili_verita", "karma"),
                     ("giovanni_paolo_ix", "antico_testamento", "salmi", "monaco_shaolin"),
                     ("gesu", "trinita", "redenzione", "lancia_di_longino")],
                    ["urga_karma", "raggiungimento_nirvana", "transustanzazione", "pioggia_di_fuoco"]),
    "knowledge": ([("agostino", "confessionum_libri_xiii", "nevim", "sutra_del_cuore"),
                   ("hugues", "rogo", "martirio", "athar"),
                   ("san_francesco", "nuovo_testamento", "sutta_pitaka", "ketuvim"),
                   ("cagliostro", "circoncisione", "esodo", "nobile_silenzio")],
                  ["esorcismo", "urga_karma", "diluvio_universale", "ruota_del_dharma"]),
}


def test_the_four_predestination_options_are_exactly_the_tables(game):
    opts = {o.id: o for o in game.content.options}
    assert set(opts) == set(TABLES)
    for oid, (arcana, dis) in TABLES.items():
        o = opts[oid]
        assert [(a.prophet, *a.cards) for a in o.arcana] == arcana
        assert o.interventions == dis
    names = {i.id: i.name for i in game.content.interventions}
    assert names["tramutazione_acqua_sangue"] == "Tramutazione dell'acqua in sangue"
    assert names["cavalieri_apocalisse"] == "I Cavalieri dell'apocalisse"
    copies = {i.id: i.copies for i in game.content.interventions}
    assert copies["tramutazione_acqua_sangue"] >= 2 and copies["cavalieri_apocalisse"] >= 2


def test_every_card_named_by_the_rulebook_exists_by_its_printed_name(game):
    c = game.content
    names = {p.name for p in c.prophets} | {x.name for x in c.cults} | {r.name for r in c.relics} | {
        i.name for i in c.interventions}
    for name in ["Al Jafar", "Maometto", "Il Primo Shahid Dimenticato", "Shirin", "Khadija", "Chimera",
                 "Rabbì Akiva", "Goffredo", "Janami Raji", "Il Saggio d'Oro", "Giovanni Paolo IX", "Gesù",
                 "Agostino", "Hugues", "San Francesco", "Cagliostro", "Maisa", "Elaine della Croce Bianca",
                 "Hajj", "Samsara", "Vacuità", "Corano Hizb", "Sunniti", "Allah Akbar", "Sawm", "Ramadan",
                 "Guerra Santa", "Ibaditi", "Sunna", "Hadith", "Shahada", "Salat", "Purificazione", "Eucarestia",
                 "Masoreti", "Reliquia: Santo Graal", "Mishnah", "Koan", "Rabbi", "Crociati",
                 "Movimento sacerdotale mariano", "Penitenza", "Tummo", "Bodhisattva", "Sangha", "Arahant",
                 "4 nobili verità", "Karma", "Antico Testamento", "Salmi", "Monaco Shaolin", "Trinità", "Redenzione",
                 "Reliquia: Lancia di Longino", "Confessionum Libri XIII", "Nevi'm", "Sutra del Cuore", "Rogo",
                 "Martirio", "Reliquia: Athar", "Nuovo Testamento", "Sutta Pitaka", "Ketuvim", "Circoncisione",
                 "Esodo", "Nobile Silenzio", "Reliquia: Sharira", "Pioggia di Fuoco",
                 "Tramutazione dell'acqua in sangue", "Esorcismo", "I Cavalieri dell'apocalisse",
                 "Diluvio Universale", "Ruota del Dharma", "Urga Karma", "Raggiungimento del Nirvana",
                 "Transustanzazione"]:
        assert name in names, name


def test_every_predestination_arcanum_respects_its_prophets_sleeve(game):
    c = game.content
    for o in c.options:
        for a in o.arcana:
            p = prophet(game, a.prophet)
            for cid in a.cards:
                if cid in game.tables.cult_by_id:
                    x = cult(game, cid)
                    assert p.allows(x.religion, x.type), (p.name, x.name)


def _copy_data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    return folder


def test_a_broken_file_names_the_file_the_entry_and_the_field(tmp_path):
    folder = _copy_data(tmp_path)
    f = folder / "cults.toml"
    f.write_text(f.read_text().replace('id = "sunna"\nname = "Sunna"\nreligion = "islamic"\ntype = "sacred_text"\ndamage = 10',
                                       'id = "sunna"\nname = "Sunna"\nreligion = "islamic"\ntype = "sacred_text"\ndamage = 15'))
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert err.value.file.endswith("cults.toml") and "sunna" in err.value.entry and "damage" in str(err.value)


def test_an_unknown_keyword_is_refused_with_its_field(tmp_path):
    folder = _copy_data(tmp_path)
    f = folder / "cults.toml"
    f.write_text(f.read_text().replace('keywords = ["swift"]', 'keywords = ["speedy"]', 1))
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert "templari" in err.value.entry and "keywords" in err.value.entry
    assert "swift" in err.value.message


def test_a_predestination_arcanum_that_breaks_a_sleeve_is_refused(tmp_path):
    folder = _copy_data(tmp_path)
    f = folder / "predestination.toml"
    f.write_text(f.read_text().replace('cards = ["hajj", "samsara", "vacuita"]', 'cards = ["sunniti", "samsara", "vacuita"]'))
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert err.value.file.endswith("predestination.toml") and "mecca" in err.value.entry
    assert "Al Jafar" in err.value.message and "Sunniti" in err.value.message


def test_a_predestination_file_with_one_option_is_refused_for_want_of_a_second(tmp_path):
    # found by the content fuzz: with one option a duel drew an opponent's option from none
    folder = _copy_data(tmp_path)
    f = folder / "predestination.toml"
    text = f.read_text()
    f.write_text(text[:text.index("[[option]]", text.index("[[option]]") + 1)])
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert err.value.file.endswith("predestination.toml") and "found 1" in err.value.message


def test_a_designer_adds_a_card_from_primitives_without_python(tmp_path):
    from credo.games.dogma import DogmaGame

    folder = _copy_data(tmp_path)
    f = folder / "cults.toml"
    f.write_text(f.read_text() + '\n[[cult]]\nid = "lampada"\nname = "Lampada"\nreligion = "jewish"\n'
                 'type = "custom"\ndamage = 20\nkeywords = ["swift"]\n'
                 'effects = [{ op = "malefic", malefic = "crisis", target = "opponent" }]\n')
    content = load_content(folder, box=False)
    g = DogmaGame(content)
    assert "lampada" in g.tables.cult_by_id
    with pytest.raises(ContentError):
        load_content(folder, box=True)  # the published box holds 64
