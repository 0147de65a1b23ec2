"""The terminal interface, driven by scripted input into a recording console."""

from __future__ import annotations

import io
import itertools

import pytest
from rich.console import Console

from credo.games import load
from credo.interfaces import terminal
from credo.kernel import Match

TEAMS = {"mode": "teams"}


@pytest.fixture(scope="module")
def game():
    return load("dirge")


def console() -> Console:
    return Console(file=io.StringIO(), width=120)


def text(c: Console) -> str:
    return c.file.getvalue()


def script(*lines: str, then_forever: str | None = None):
    """An input function that types `lines`, then `then_forever` again and again (or ends input)."""
    feed = iter(lines)

    def input_fn(prompt: str = "") -> str:
        for line in feed:
            return line
        if then_forever is not None:
            return then_forever
        raise EOFError

    return input_fn


def first_seed(game, player: int, options=TEAMS) -> int:
    """A seed where `player` wins the roll to pick the first creature."""
    for seed in itertools.count():
        if Match(game, seed, options).state.to_move == (player,):
            return seed
    raise AssertionError


def run(game, *lines, seats=("human", "greedy"), seed=None, options=TEAMS, forever=None):
    c = console()
    if seed is None:
        seed = first_seed(game, 0, options)
    match = terminal.play(game, list(seats), seed=seed, options=options, console=c,
                          input_fn=script(*lines, then_forever=forever))
    return match, text(c)


def test_always_the_first_menu_item_plays_a_whole_game(game):
    match, out = run(game, seats=("human", "greedy"), options={"mode": "teams", "turn_limit": 60}, forever="1")
    assert match.state.is_over
    assert {p for p, _ in match.moves} == {0, 1}
    assert "Computer (greedy) plays: " in out
    assert "Game over" in out
    assert ("wins" in out) or ("draw" in out)


def test_notation_is_accepted(game):
    match, out = run(game, "place cyclops c2")
    assert match.moves[0] == (0, "place cyclops c2")
    assert match.state.observation(0)["creatures"][game.tables.by_id["cyclops"]]["square"] == "c2"
    assert "Player 1 places the Cyclops on c2." in out


def test_notation_in_play_gives_and_moves(game):
    setup = ["1"] * 6  # place six creatures; input then ends at the first decision of play
    match, _ = run(game, *setup)
    state = match.state
    assert state.observation(0)["phase"] == "play" and state.to_move == (0,)
    give = next(a for a in state.legal_actions(0) if a.kind == "give" and str(a).endswith(" move"))
    match, _ = run(game, *setup, "  " + str(give).upper().replace(" ", "   "))  # case and spaces do not matter
    assert match.moves[-1] == (0, str(give))
    move = next(a for a in match.state.legal_actions(0) if a.kind == "move")
    match, out = run(game, *setup, str(give), str(move))
    assert match.moves[-2:] == [(0, str(give)), (0, str(move))]
    assert f"P1 plays: {move}" in out


def test_a_partial_action_lists_the_actions_it_starts(game):
    _, out = run(game, "place cyclops")
    assert "Legal actions starting with 'place cyclops'" in out
    assert "place cyclops c2" in out


def test_bad_input_names_the_rule_and_changes_nothing(game):
    seed = first_seed(game, 0)
    fresh = Match(game, seed, TEAMS).state.to_position()
    match, out = run(game, "xyzzy", "attack uat", "place giga c2", "place cyclops h8", "99", "0", "", seed=seed)
    assert match.moves == []
    assert match.state.to_position() == fresh
    assert "'xyzzy' is not an action of dirge" in out and "(rule: Notation)" in out
    assert "(rule: Choosing Creatures)" in out  # attacking during setup; h8 is not a red space of yours
    assert "(rule: Recommended Creatures for the First Game)" in out  # the giga is the other team's
    assert "there is no item 99 in the menu" in out


def test_help_explains_actions_and_topics(game):
    _, out = run(game, "help place cyclops c2", "? 1", "help", "help cyclops", "? place giga c2", "help nothing_here")
    assert "place cyclops c2: Choose the Cyclops and place it on c2." in out
    assert "Legal now (menu item" in out
    assert "Commands" in out and "undo" in out and "give CREATURE PLAN" in out
    assert "Cyclops (cyclops, shown as CYC)" in out and "Crushing Blow" in out
    assert "Not legal now:" in out  # the giga belongs to the other team
    assert "neither an action of dirge nor a help topic" in out


def test_undo_takes_back_the_human_decision_and_the_computer_reply(game):
    before, _ = run(game, "place cyclops c2")  # then input ends: the second decision's position
    match, out = run(game, "place cyclops c2", "place sphinx d2", "undo")
    assert match.state.to_position() == before.state.to_position()
    assert match.moves == before.moves
    assert "Taken back: place sphinx d2 and 1 computer move." in out
    match, _ = run(game, "place cyclops c2", "place sphinx d2", "undo 2")
    seed = first_seed(game, 0)
    assert match.moves == [] and match.state.to_position() == Match(game, seed, TEAMS).state.to_position()
    _, out = run(game, "undo")
    assert "no decision of yours to take back" in out


def test_the_board_shows_each_creature_on_its_square(game):
    from credo.games.dirge.render import CELL, render

    m = Match(game, 3, TEAMS)
    while m.state.observation(None)["phase"] == "setup":
        m.play(m.state.legal_actions()[5])
    obs = m.state.observation(m.state.to_move[0])
    c = console()
    c.print(render(game, obs))
    lines = text(c).splitlines()
    rows = {line[:3].strip(): line for line in lines if line[:3].strip().isdigit()}
    placed = [cr for cr in obs["creatures"] if cr["square"]]
    assert len(placed) == 12
    arrows = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
    for cr in placed:
        col, row = ord(cr["square"][0]) - 97, cr["square"][1:]
        cell = rows[row][3 + CELL * col: 3 + CELL * (col + 1)]
        assert cell == " " + game.tables.abbr[game.tables.by_id[cr["id"]]] + arrows[cr["facing"]]
        assert game.tables.names[game.tables.by_id[cr["id"]]] in text(c)  # the table lists it
    assert "Turn 1" in text(c) and "Action markers left" in text(c)
    assert "Push, Crushing Blow" in text(c)
    # narrow consoles stack the table under the board; nothing is lost
    narrow = Console(file=io.StringIO(), width=80)
    narrow.print(render(game, obs))
    assert all(len(line) <= 80 for line in narrow.file.getvalue().splitlines())
    assert "Crushing Blow" in narrow.file.getvalue()


def test_setup_shows_the_drawn_creature(game):
    _, out = run(game, options={"mode": "draw"}, seed=first_seed(game, 0, {"mode": "draw"}))
    assert "drew the" in out and "Cards left in the face-down pile: 11" in out
    assert "place: 1 b1" in out


def test_hotseat_two_humans(game):
    match, out = run(game, seats=("human", "human"), forever="1", options={"mode": "teams", "turn_limit": 3})
    assert match.state.is_over
    assert {p for p, _ in match.moves} == {0, 1}
    assert "Player 2 (human) to decide" in out and "Player 2 > 1" in out
    assert "Computer" not in out


def test_computer_against_computer_needs_no_input(game):
    def no_input(prompt=""):
        raise AssertionError("nobody should be asked")

    c = console()
    match = terminal.play(game, ["random", "greedy"], seed=5, options={"mode": "teams", "turn_limit": 12},
                          console=c, input_fn=no_input)
    assert match.state.is_over
    assert "Computer (random) plays: " in text(c) and "Computer (greedy) plays: " in text(c)


def test_end_of_input_and_quit_leave_cleanly(game):
    match, out = run(game)
    assert not match.state.is_over and "You leave the game." in out
    match, out = run(game, "place cyclops c2", "quit", "1")
    assert len(match.moves) == 2 and "You leave the game." in out

    def interrupted(prompt=""):
        raise KeyboardInterrupt

    match = terminal.play(game, ["human", "greedy"], options=TEAMS, console=console(), input_fn=interrupted)
    assert not match.state.is_over


def test_bad_seats_are_refused(game):
    with pytest.raises(ValueError, match="2 players"):
        terminal.play(game, ["human"], console=console(), input_fn=script())
    with pytest.raises(ValueError, match="nobody"):
        terminal.play(game, ["human", "nobody"], console=console(), input_fn=script())


def test_a_game_without_a_renderer_is_pretty_printed(game):
    class NoRender:
        name = "no_such_game"
        title = "No Such Game"

    assert terminal.renderer_for(NoRender()) is None
    assert terminal.renderer_for(game) is not None
    c = console()
    c.print(terminal.generic_render(NoRender(), {"phase": "play", "turn": 7}))
    assert "No Such Game" in text(c) and "'turn': 7" in text(c)
