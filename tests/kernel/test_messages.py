"""Messages stay one readable line whatever they quote: a name of 5,000 letters or one holding
a newline, given on the command line, in a record, a position, a content file or a server body."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from credo import games
from credo.agents import make_agent
from credo.arena.selfplay import play_game
from credo.kernel import NotationError, ReplayError, one_line, quoted, replay
from credo.kernel.errors import MESSAGE_LENGTH, QUOTED_LENGTH


def test_a_short_name_is_quoted_whole_and_a_long_one_cut():
    assert quoted("nosuch") == "'nosuch'"
    assert quoted("z" * 3000) == "'" + "z" * QUOTED_LENGTH + "'..."
    assert quoted("a\nb") == "'a\\nb'"
    assert quoted(7) == "7"
    assert len(quoted(list(range(1000)))) <= QUOTED_LENGTH + 20


def test_a_message_is_cut_to_one_line():
    assert one_line("unknown deck 'x'") == "unknown deck 'x'"
    assert one_line("a\nb\tc") == "a\\nb\\tc"
    cut = one_line("y" * 5000)
    assert len(cut) == MESSAGE_LENGTH and cut.endswith("...")


@given(st.text(max_size=3000))
def test_whatever_is_quoted_or_shown_is_one_short_printable_line(text):
    for shown in (quoted(text), one_line(text), one_line(f"unknown card {quoted(text)}")):
        assert shown.isprintable() and len(shown) <= MESSAGE_LENGTH


def test_unknown_text_of_any_length_is_refused_in_one_line_by_every_game():
    long = "bogus " * 1000 + "\n" + "move"
    for name in games.names():
        game = games.load(name)
        try:
            game.parse_action(long)
        except NotationError as exc:
            assert len(str(exc)) < 120 and "\n" not in str(exc), str(exc)
        else:
            raise AssertionError(f"{name} took {long[:20]!r}... for an action")


def test_a_record_quotes_its_bad_move_cut():
    game = games.load("jol")
    record = play_game(game, [make_agent("random", seed=1), make_agent("random", seed=2)], seed=3).record()
    record["moves"][2]["action"] = "bogus\nmove " * 80
    try:
        replay(record, game)
    except ReplayError as exc:
        assert "move 3 ('bogus\\nmove bogus" in str(exc) and "\n" not in str(exc)
        assert len(str(exc)) < 200, str(exc)
    else:
        raise AssertionError("a bogus move replayed")
