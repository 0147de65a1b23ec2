"""Help in the terminal, typed as a person types it: every rule page, word, keyword,
marker and card of every game answers; `? N` explains every menu item of states reached
by random play, in every option variant; no help ever ends in an internal error."""

from __future__ import annotations

import io
import random
import shutil

import pytest
from rich.console import Console

from credo.games import load
from credo.games.dogma.content import DATA as DOGMA_DATA
from credo.interfaces import terminal

GAMES = ("dirge", "divine", "dogma", "jol")


def console() -> Console:
    return Console(file=io.StringIO(), width=200, highlight=False)


def script(*lines: str):
    feed = iter(lines)

    def input_fn(prompt: str = "") -> str:
        if "press Enter" in prompt:  # the hotseat hand-over: the next player takes the keyboard
            return ""
        for line in feed:
            return line
        raise EOFError

    return input_fn


def ask(game, *lines: str, options=None, seed: int = 0) -> str:
    """Start a hotseat game and type `lines` at the first decision; the text printed."""
    c = console()
    players = (options or {}).get("players", game.min_players)
    terminal.play(game, ["human"] * players, seed=seed, options=options, console=c, input_fn=script(*lines))
    return c.file.getvalue()


def after(out: str, line: str) -> str:
    """What the terminal printed in answer to the typed `line` (up to the next prompt)."""
    start = out.index(f"> {line}\n") + len(line) + 3
    end = out.find("> ", start)
    answer = out[start:end if end >= 0 else None]
    return answer.split("\nYou leave the game")[0]


def session_at(game, options: dict, seed: int, moves: int):
    """A hotseat session after `moves` random legal moves (fewer if the game ends)."""
    players = options.get("players", game.min_players)
    s = terminal._Session(game, ["human"] * players, seed, options, console(), script())
    rng = random.Random(seed)
    for _ in range(moves):
        state = s.state
        if state.is_over:
            break
        p = state.to_move[0]
        s.match.play(rng.choice(state.legal_actions(p)), p)
    return s


def clean(text: str) -> None:
    assert "Internal error" not in text and "Traceback" not in text, text[-2000:]


# --- what the newcomer asked for ---------------------------------------------------------

@pytest.mark.parametrize("word, expect", [
    ("help guerra_santa", ["Guerra Santa", "Arduous", "Fanaticism", "30 damage"]),
    ("help Agostino", ["Agostino", "Faith 140", "Immune to", "Weak to", "Confession"]),
    ("help gesu", ["Gesù", "Prophet (gesu)", "Resurrection"]),
    ("help arduous", ["Arduous", "next turn"]),
    ("help relics", ["Relic", "Lancia di Longino", "Sharira"]),
    ("help lancia di longino", ["40 additional damage"]),
    ("help pioggia di fuoco", ["20 damage to every opposing active Prophet"]),
    ("help fanaticism", ["Summoning", "Divine Intervention"]),
    ("help fervor", ["higher Fervor"]),
    ("help +10", ["Enhancement"]),
    ("help -10", ["Weakening"]),
    ("? sunna", ["100 instead", "no damage"]),
])
def test_dogma_cards_words_and_markers_are_explained(word, expect):
    out = after(ask(load("dogma"), word), word)
    clean(out)
    for piece in expect:
        assert piece in out, (piece, out)
    assert "neither an action" not in out


@pytest.mark.parametrize("word", ["help take", "help done", "help continue", "help conclude", "help take sunna 1"])
@pytest.mark.parametrize("mode", ["predestination", "chaos"])
def test_chaos_words_are_explained_in_every_mode(word, mode):
    out = after(ask(load("dogma"), word, options={"mode": mode}), word)
    clean(out)
    assert "Chaos" in out


@pytest.mark.parametrize("game_name, words", [
    ("dirge", {"help rules": "Destroy every enemy creature", "help win": "last creature",
               "help tg": "Toughness", "help ev": "Evasion", "help now": "blocked", "help cyc": "Cyclops",
               "help push": "Cyclops", "help quickness": "Minotaur"}),
    ("divine", {"help rules": "Follower Tokens", "help win": "Capture", "help foll": "Follower Tokens",
                "help ⌂": "Temple", "help ~": "Vigilance", "help wrath": "Wrath of God",
                "help the agora": "Temples", "help market": "removed"}),
    ("dogma", {"help rules": "Summoning", "help win": "the last shall be", "help turn": "Hysteria",
               "help swift": "before", "help keywords": "Protection", "help markers": "Mystical Crisis"}),
    ("jol", {"help rules": "Boog", "help win": "15", "help turn": "Formation", "help boog": "lane",
             "help inf": "Influence", "help det": "Determination", "help hrt": "Heart", "help sprt": "Spirit",
             "help manifest": "three", "help vow": "attached", "help wi·t": "Wise Terrisol",
             "help pip of the boog": "Cogum"}),
])
def test_each_game_explains_its_rules_and_its_own_words(game_name, words):
    game = load(game_name)
    out = ask(game, *words, options={"players": 2} if game_name == "divine" else None)
    clean(out)
    for line, expect in words.items():
        assert expect in after(out, line), (line, after(out, line))


@pytest.mark.parametrize("game_name", GAMES)
def test_the_rules_page_is_a_page_on_an_80_column_terminal(game_name):
    c = Console(file=io.StringIO(), width=80)
    terminal.play(load(game_name), ["human"] * 2, seed=0, console=c, input_fn=script("help rules"))
    out = after(c.file.getvalue(), "help rules")
    assert 20 <= len(out.strip().splitlines()) <= 40, out
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize("game_name", GAMES)
def test_help_alone_lists_the_topics(game_name):
    out = after(ask(load(game_name), "help"), "help")
    assert "Help topics of" in out and "Rules:" in out and "Words:" in out


def test_an_unknown_word_is_one_line_with_close_matches():
    out = after(ask(load("dogma"), "help agostin"), "help agostin")
    lines = [x for x in out.strip().splitlines() if x.strip()]
    assert len(lines) == 1 and "neither an action" in lines[0] and "Agostino" in lines[0]
    out = after(ask(load("jol"), "help zzzqx"), "help zzzqx")
    assert len(out.strip().splitlines()) == 1 and "help" in out


def test_jol_card_numbers_name_only_what_the_asking_player_sees():
    game = load("jol")
    s = session_at(game, {}, seed=5, moves=30)
    p = s.state.to_move[0]
    faces = game.catalogue()["cards"]  # an observation names a card; the catalogue says what it is
    obs = s.state.observation(p)
    mine = obs["players"][p]["hand"][0]
    hidden = [c for c in obs["players"][1 - p]["face_down"]] or []
    s.console = console()
    s.handle(p, f"help {mine['id']}")
    out = s.console.file.getvalue()
    assert faces[mine["card"]]["name"] in out
    # a number in the other player's hand: the true state knows it, this player must not learn it
    theirs = s.state.observation(1 - p)["players"][1 - p]["hand"]
    for card in theirs + [{"id": x} for x in hidden]:
        s.console = console()
        s.handle(p, f"help {card['id']}")
        out = s.console.file.getvalue()
        assert "cannot see" in out or "face-down" in out, out
        if "card" in card:
            assert faces[card["card"]]["name"] not in out
    s.console = console()
    s.handle(p, "help c999")
    assert "cannot see" in s.console.file.getvalue()


def test_a_designers_card_is_explained_from_its_primitives(tmp_path):
    folder = tmp_path / "box"
    shutil.copytree(DOGMA_DATA, folder)
    with open(folder / "cults.toml", "a", encoding="utf-8") as f:
        f.write('\n[[cult]]\nid = "canto_nuovo"\nname = "Canto Nuovo"\nreligion = "christian"\n'
                'type = "custom"\ndamage = 20\nkeywords = ["swift"]\n'
                'effects = [{ op = "malefic", malefic = "hysteria", target = "opponent" },'
                ' { op = "heal", amount = 30, target = "self", condition = "self_damaged" }]\n')
    game = load("dogma", content=folder)
    out = after(ask(game, "help canto nuovo"), "help canto nuovo")
    clean(out)
    for piece in ("Canto Nuovo", "Christian Custom", "Swift", "Deals 20 damage", "Hysteria",
                  "remove up to 30 damage", "if your active Prophet has damage"):
        assert piece in out, (piece, out)


# --- no help ends in an internal error ----------------------------------------------------

def variants(name: str):
    return [(name, v) for v in load(name).option_variants]


@pytest.mark.parametrize("game_name, options", [x for g in GAMES for x in variants(g)],
                         ids=lambda x: x if isinstance(x, str) else ",".join(f"{k}={v}" for k, v in x.items()))
def test_every_topic_and_every_menu_item_answers_without_error(game_name, options):
    game = load(game_name)
    module = terminal.renderer_for(game)
    names = sorted({n for e in module.glossary(game).entries for n in e.names})
    for seed, moves in ((1, 0), (2, 25), (3, 90), (4, 250)):
        s = session_at(game, dict(options), seed, moves)
        if s.state.is_over:
            continue
        p = s.state.to_move[0]
        s.console = console()
        s.show_menu(p)
        for n in range(1, len(s.menu) + 1):
            s.handle(p, f"? {n}")
        asked = names if seed == 1 else ["rules", "win", "turn"] + (["c1", "c2", "c40"] if game_name == "jol" else [])
        for name in asked:
            s.handle(p, f"help {name}")
        s.handle(p, "help")
        out = s.console.file.getvalue()
        clean(out)
        assert "neither an action" not in out.replace("'c40' is neither", "")


def test_how_to_play_is_the_in_game_help():
    from pathlib import Path

    from credo.games.glossary import how_to_play

    doc = Path(__file__).parents[2] / "docs" / "how-to-play.md"
    assert doc.read_text(encoding="utf-8") == how_to_play(), \
        "docs/how-to-play.md is stale: python -m credo.games.glossary > docs/how-to-play.md"
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme and "docs/how-to-play.md" in readme
