"""Dogma's opening book (credo/games/dogma/book.py): the Opening a Predestination option plays where
whole games measured a better opener against the field than the search's own, and the search
variant `mcts-N-book` that plays it (docs/agents/search.md, sections 46-47)."""

import shutil
from pathlib import Path

import pytest

from credo import games
from credo.agents import make_agent
from credo.arena import lab
from credo.arena.lab import FixedFirst
from credo.arena.report import describe_agent
from credo.arena.selfplay import play_game
from credo.games.dogma import book
from credo.games.dogma.content import DATA
from credo.games.dogma.lab import openings
from credo.kernel import Match
from credo.kernel.rng import Rng
from credo.kernel.view import PlayerView


def _deployed(game, match: Match, player: int) -> str:
    """The Prophet the player's side deployed first, read from the state."""
    s = match.state
    return game.tables.prophet_ids[s.proph[player * 4 + s.active[player]]]


def test_each_option_with_an_entry_opens_with_its_opener_in_either_seat_and_the_others_have_none(game):
    assert (book.OPENERS["knowledge"].prophet, book.OPENERS["storm"].prophet) == ("cagliostro", "goffredo")
    assert "mecca" not in book.OPENERS and "unshakeable" not in book.OPENERS  # measured: none earned one
    options = [o.id for o in game.content.options]
    for a in options:
        for b in options:
            if a == b:
                continue
            match = Match(game, 3, {"mode": "predestination", "decks": [a, b]})
            answers = [game.book_action(PlayerView(match.state, p)) for p in (0, 1)]
            for p, option in enumerate((a, b)):
                assert (answers[p] is None) == (option not in book.OPENERS)  # no entry: the search decides
                match.play(answers[p] or match.state.legal_actions(p)[0], p)
            for p, option in enumerate((a, b)):
                if option in book.OPENERS:
                    assert _deployed(game, match, p) == book.OPENERS[option].prophet


def test_the_book_is_silent_after_the_opening_and_in_the_other_modes(game):
    for options in ({"mode": "predestination", "decks": ["knowledge", "mecca"]}, {"mode": "free_will"},
                    {"mode": "chaos"}, {"players": 4}):
        match = Match(game, 5, options)
        rng = Rng(5)
        openings = 0
        while not match.state.is_over:
            player = match.state.to_move[0]
            answer = game.book_action(PlayerView(match.state, player))
            if answer is not None:
                openings += 1
                assert options.get("decks", [None, None])[player] in book.OPENERS and match.state.active[player] < 0
                assert all(where == 0 for where in match.state.where[player * 4:player * 4 + 4])
            match.play(answer or rng.choice(match.state.legal_actions(player)), player)
        assert openings == (1 if "decks" in options else 0)


def test_under_other_content_the_book_is_silent(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    prophets = folder / "prophets.toml"
    prophets.write_text(prophets.read_text().replace('id = "cagliostro"\nname = "Cagliostro"\ntitle = "The Great Copt"\n'
                                                     'religion = "jewish"\nfaith = 140',
                                                     'id = "cagliostro"\nname = "Cagliostro"\ntitle = "The Great Copt"\n'
                                                     'religion = "jewish"\nfaith = 150'))
    other = games.load("dogma", folder)
    assert other.content_hash != games.load("dogma").content_hash
    match = Match(other, 3, {"mode": "predestination", "decks": ["knowledge", "mecca"]})
    assert other.book_action(PlayerView(match.state, 0)) is None


def test_the_book_variant_is_the_search_with_the_opening_fixed_to_the_book(game):
    """So the lab's games with Knowledge's opener fixed (`credo balance --openers`) are this agent's games."""
    options = {"mode": "predestination", "decks": ["mecca", "knowledge"], "turn_limit": 6}
    booked = play_game(game, [make_agent("mcts-20", 1), make_agent("mcts-20-book", 2)], 7, options)
    fixed = play_game(game, [make_agent("mcts-20", 1), FixedFirst(make_agent("mcts-20", 2), "deploy 4")], 7, options)
    assert booked.moves == fixed.moves
    assert openings(game, booked)[1] == "cagliostro"
    assert "book moves" in describe_agent("mcts-4000-book", "dogma")


def test_a_game_without_a_book_plays_the_book_variant_as_the_plain_search():
    jol = games.load("jol")
    plain, booked = (Match(jol, 4, {}), Match(jol, 4, {}))
    agents = [make_agent("mcts-20", 9), make_agent("mcts-20-book", 9)]
    for _ in range(12):
        player = plain.state.to_move[0]
        action = agents[0].choose(PlayerView(plain.state, player, seed=1))
        assert agents[1].choose(PlayerView(booked.state, player, seed=1)) == action
        plain.play(action, player)
        booked.play(action, player)


MEASURED = Path(__file__).parents[2] / "docs" / "balance" / "dogma"


@pytest.mark.parametrize("option", ["mecca", "storm", "unshakeable"])
def test_the_book_holds_what_each_options_measured_openers_earn(option):
    # the lab's rule read from the shipped games (`credo balance --openers`), not copied into the book
    folder = MEASURED / f"mcts-4000-openers-{option}-55e40a1f"
    [entry] = lab.opener_table("dogma", lab.read_results(folder))
    chosen, _ = lab.book_choice(entry)
    assert chosen == (book.OPENERS[option].prophet if option in book.OPENERS else None)
    if chosen:
        opener = book.OPENERS[option]
        rate = lab.pooled(entry.scores[chosen])
        assert (opener.games, round(opener.score, 3)) == (rate.games, round(rate.score / rate.games, 3))
        assert folder.name in opener.source
