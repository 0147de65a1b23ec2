"""The terminal as a person types at it, fuzzed: whatever lines arrive (commands with odd
arguments, menu numbers out of range, pieces of real notation, control characters, text in
any script), every game answers each line without a traceback, and the only moves that reach
the game are legal ones: the match it leaves replays from its record."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from credo.games import load
from credo.interfaces import terminal
from credo.kernel import Match, replay

SETUPS = [("dirge", {}), ("dirge", {"mode": "pick"}), ("divine", {}), ("divine", {"players": 3}), ("dogma", {}),
          ("dogma", {"mode": "free_will"}), ("dogma", {"mode": "chaos"}), ("dogma", {"players": 4}), ("jol", {})]
WORDS = ["help", "?", "h", "undo", "u", "autopass", "menu", "board", "log", "rules", "win", "turn", "on", "off",
         "pass", "end", "play", "move", "attack", "preach", "random", "done", "all"]


def notation(name: str, options: dict) -> list[str]:
    """Actions as the game writes them, from the first decisions of a few games: real notation
    for the fuzz to type whole, cut short or run together."""
    game = load(name)
    seen: list[str] = []
    for seed in range(3):
        match = Match(game, seed, options)
        for _ in range(40):
            state = match.state
            if state.is_over:
                break
            legal = [str(a) for a in state.legal_actions(state.to_move[0])]
            seen.extend(legal[:6])
            match.play(legal[(seed * 7) % len(legal)], state.to_move[0])
    return sorted(set(seen))


NOTATION = {(name, tuple(sorted(options.items()))): notation(name, options) for name, options in SETUPS}


def typed_lines(pool: list[str]):
    number = st.integers(-3, 80).map(str) | st.sampled_from(["0", "-0", "1e9", "99999999999999999999", "1.5", "+2"])
    word = st.sampled_from(WORDS)
    real = st.sampled_from(pool)
    line = st.one_of(
        number,
        real,
        real.map(lambda a: a[: max(1, len(a) // 2)]),  # a partial action
        st.tuples(word, number | real | word | st.text(max_size=12)).map(" ".join),
        st.tuples(real, real).map(" ".join),
        st.text(max_size=40),  # anything, control characters and all scripts included
        st.sampled_from(["", " ", "\t", "\x1b[2J", "\x00", "help " + "x" * 500, "undo 1000000", "log -5",
                         "log 99999999999", "autopass maybe"]),
    )
    return st.lists(line, max_size=25)


@pytest.mark.parametrize(("name", "options"), SETUPS, ids=[f"{n}-{'-'.join(map(str, o.values())) or 'default'}"
                                                           for n, o in SETUPS])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_whatever_a_person_types_is_answered_and_only_legal_moves_reach_the_game(name, options, data, seed):
    game = load(name)
    lines = data.draw(typed_lines(NOTATION[(name, tuple(sorted(options.items())))]), label="lines")
    out = Console(file=io.StringIO(), width=100)
    seats = ["human"] + ["random"] * (game.players(**options) - 1)
    match = terminal.play(game, seats, seed=seed, options=dict(options), console=out,
                          input_fn=typing(*lines))
    text = out.file.getvalue()
    assert "Traceback" not in text and "Internal error" not in text
    # every move the session let through replays on a fresh game: none was illegal
    again = replay(match.record(), game)
    assert again.state.to_position() == match.state.to_position()


def typing(*lines: str):
    """An input function that types `lines`, then ends input."""
    feed = iter(lines)

    def input_fn(prompt: str = "") -> str:
        for line in feed:
            return line
        raise EOFError

    return input_fn


LONG = "9" * 5000


@pytest.mark.parametrize("typed", ["²", "①", "? ²", "undo ²", "log ³", "help ²", LONG, f"? {LONG}", f"undo {LONG}",
                                   f"log {LONG}", f"c{LONG}", f"e{LONG}", f"play {LONG}"])
def test_digits_that_are_no_decimal_numbers_are_read_as_text(typed):
    # '²'.isdigit() is true and int('²') fails: the fuzz found Jol's prompt printing a traceback;
    # int() also refuses a number of more than 4,300 digits
    for name in ("dirge", "divine", "dogma", "jol"):
        out = Console(file=io.StringIO(), width=100)
        terminal.play(load(name), ["human", "random"], seed=0, console=out, input_fn=typing(typed))
        text = out.file.getvalue()
        assert "You leave the game" in text and "Internal error" not in text and "Traceback" not in text, name
