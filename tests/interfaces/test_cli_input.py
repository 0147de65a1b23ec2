"""The command line as a newcomer meets it: every mistake answered in one line, no
traceback, no hang; the options listed; one agent name for every seat."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from credo.interfaces.cli import choose_game, main
from credo.kernel.errors import MESSAGE_LENGTH


def credo(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "credo.interfaces.cli", *argv], capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize(("argv", "says"), [
    (["play", "jol", "-o", "deck1=nosuch"], "unknown deck 'nosuch'"),
    (["selfplay", "dirge", "--agents", "greedy,nosuch"], "unknown agent 'nosuch'"),
    # named together before one list of the agents, which two messages joined cut off
    (["selfplay", "dirge", "--agents", "foo,bar,foo"], "unknown agents 'foo', 'bar'; the agents are: easy,"),
    (["selfplay", "dirge", "--games", "0"], "--games must be at least 1"),
    (["arena", "dirge", "--agents", "random,greedy", "--games", "0"], "--games and --jobs must be at least 1"),
    (["selfplay", "dirge", "-o", "mode"], "is not KEY=VALUE"),
    (["selfplay", "dogma", "-o", "arcana=[[", "--games", "1"], "is not valid JSON"),
    (["arena", "dirge", "--agents", "random,greedy", "--address", "127.0.0.1:1"], "no Ray cluster answers there"),
    (["arena", "dirge", "--agents", "random,greedy", "--address", "nonsense"], "is not auto, HOST:PORT"),
    (["serve", "--port", "99999"], "--port 99999: a port is a number from 1 to 65535"),  # it hung, silent
    # a database the server cannot use was a failed startup's traceback
    (["serve", "--database", "nonsense"], "--database nonsense: Could not parse SQLAlchemy URL"),
    (["serve", "--database", "sqlite+aiosqlite:////nonexistent/x.db"],
     "--database sqlite+aiosqlite:////nonexistent/x.db: unable to open database file"),
    (["serve", "--database", "postgresql://u:secret@127.0.0.1:1/x"], "--database 127.0.0.1:1/x: connection failed"),
    (["selfplay", "dogma", "-o", "arcana=" + "[" * 20000 + "]" * 20000, "--games", "1"],
     "option value '" + "[" * 40 + "'... is nested too deeply"),  # a RecursionError's traceback
    (["selfplay", "jol", "-o", "deck1=", "--games", "1"], "unknown deck ''"),  # was taken for JSON
    # numbers of 5,000 digits, which int() refuses: each was a traceback
    (["selfplay", "jol", "--agents", "mcts-" + "9" * 5000, "--games", "1"], "unknown agent 'mcts-999"),
    (["selfplay", "dogma", "-o", "arcana=[" + "9" * 5000 + "]", "--games", "1"], "holds a number too long"),
    (["selfplay", "divine", "-o", "turn_limit=" + "9" * 5000, "--games", "1"], "option turn_limit: "),
    # a plan of 10^8 games filled 2 GB before its first game; 10,000 jobs would be 10,000 processes
    (["ladder", "jol", "--agents", "easy,random", "--games", "100000000", "--out", "/nonexistent/x"],
     "--games 100000000: at most 100,000 games a pairing"),
    (["balance", "jol", "--agents", "random", "--games", "100001", "--out", "/nonexistent/x"],
     "--games 100001: at most 100,000 games a pairing"),
    (["report-agents", "--games", "1", "--search-games", "10000000", "--games-list", "jol", "--out", "/nonexistent/x.md"],
     "--search-games 10000000: at most 100,000"),
    (["arena", "jol", "--agents", "random,greedy", "--jobs", "10000"], "--jobs 10000: at most"),
    # a name of 3,000 letters was quoted whole: one line of 3,110 characters
    (["play", "jol", "-o", "deck1=" + "z" * 3000], "unknown deck '" + "z" * 40 + "'..."),
    (["selfplay", "dogma", "-o", "decks=" + "m" * 3000 + ",storm", "--games", "1"], "'" + "m" * 40 + "'..."),
    (["replay", "--check", "/nonexistent/" + "r" * 3000 + ".json"], "/nonexistent/rrr"),
])
def test_a_mistake_is_one_line_and_no_traceback(argv, says):
    started = time.monotonic()
    done = credo(*argv)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr + done.stdout
    assert says in done.stderr + done.stdout
    assert len((done.stderr + done.stdout).strip().splitlines()) == 1
    assert len((done.stderr + done.stdout).strip()) <= MESSAGE_LENGTH
    assert time.monotonic() - started < 30  # the unreachable cluster is refused at once, not after minutes


def test_address_auto_without_a_cluster_is_refused(monkeypatch, tmp_path):
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    from pathlib import Path

    if Path("/tmp/ray/ray_current_cluster").exists():  # pragma: no cover - a cluster runs here
        pytest.skip("a Ray cluster runs on this machine")
    with pytest.raises(SystemExit, match="no Ray cluster runs on this machine"):
        main(["arena", "dirge", "--agents", "random,greedy", "--address", "auto"])


def test_one_agent_name_plays_every_seat(capsys):
    assert main(["selfplay", "divine", "-o", "players=3", "--games", "1", "--agents", "random"]) == 0
    out = capsys.readouterr().out
    assert out.count("random") >= 3
    assert main(["selfplay", "divine", "-o", "players=3", "--games", "1"]) == 0


def test_list_options_are_given_with_commas(capsys):
    assert main(["selfplay", "dogma", "-o", "decks=mecca,storm", "--games", "1"]) == 0


def test_games_lists_each_games_options_and_their_values(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "dogma" in out and "2 to 4 players" in out
    assert main(["games", "dogma"]) == 0
    out = capsys.readouterr().out
    for word in ("mode", "predestination", "free_will", "chaos", "players", "decks"):
        assert word in out


def test_version_and_helps_show_defaults(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("credo ")
    with pytest.raises(SystemExit):
        main(["selfplay", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "(default: 100)" in out and "one name plays every seat" in out and "(default: None)" not in out
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert out.count("easy") == 1  # the levels are listed once


def test_report_agents_does_not_overwrite_a_report_without_force(tmp_path):
    out = tmp_path / "agents.md"
    out.write_text("kept")
    with pytest.raises(SystemExit, match="exists: give --force"):
        main(["report-agents", "--games", "1", "--out", str(out), "--games-list", "dirge"])
    assert out.read_text() == "kept"


@pytest.mark.parametrize(("argv", "says"), [
    (["balance", "jol", "--agents", "greedy", "--games", "1", "--out", "{file}"], "--out {file}: a file, not a folder"),
    (["balance", "jol", "--agents", "greedy", "--games", "1", "--out", "{file}/run"],
     "--out {file}/run: {file} is a file, not a folder"),
    (["balance", "merge", "{folder}", "--out", "{file}"], "--out {file}: a file, not a folder"),
    (["ladder", "jol", "--agents", "easy,random", "--games", "1", "--out", "{file}"], "--out {file}: a file, not a folder"),
    (["selfplay", "jol", "--games", "1", "--records", "{file}"], "--records {file}: a file, not a folder"),
    (["arena", "jol", "--agents", "random,greedy", "--games", "1", "--records", "{file}/x"],
     "--records {file}/x: {file} is a file, not a folder"),
    (["report-agents", "--games", "1", "--games-list", "jol", "--out", "{folder}", "--force"],
     "--out {folder}: a folder, not a file"),
    (["report-agents", "--games", "1", "--games-list", "jol", "--out", "{folder}/a.md", "--save-results", "{folder}"],
     "--save-results {folder}: a folder, not a file"),
    (["selfplay", "jol", "--games", "1", "--content", "{folder}/none"], "--content {folder}/none: no such folder"),
    (["play", "jol", "--content", "{file}"], "--content {file}: a file, not a folder"),
    (["replay", "{file}", "--content", "{file}"], "--content {file}: a file, not a folder"),
    (["content", "check", "jol", "{file}"], "{file}: a file, not a folder"),
])
def test_a_path_that_cannot_serve_is_refused_in_one_line_before_anything_is_written(tmp_path, argv, says):
    file = tmp_path / "a-file"
    file.write_text("kept")
    names = {"file": str(file), "folder": str(tmp_path)}
    before = sorted(p.name for p in tmp_path.iterdir())
    done = credo(*(a.format(**names) for a in argv))
    out = (done.stderr + done.stdout).strip()
    assert done.returncode != 0 and "Traceback" not in out
    assert out == says.format(**names)
    assert sorted(p.name for p in tmp_path.iterdir()) == before and file.read_text() == "kept"


def test_what_the_machine_refuses_is_one_line_naming_the_file(monkeypatch):
    # a full disk or a file without permission is found only by trying: the command line names it
    def refuse(args, console):
        raise PermissionError(13, "Permission denied", "/somewhere/results.jsonl")

    from credo.interfaces import cli

    monkeypatch.setattr(cli, "cmd_games", refuse)  # the parser is built at each call, with the name's value
    with pytest.raises(SystemExit) as stop:
        main(["games"])
    assert str(stop.value.code) == "/somewhere/results.jsonl: Permission denied"


def typed(*answers):
    feed = iter(answers)

    def input_fn(prompt=""):
        for answer in feed:
            return answer
        raise EOFError

    return input_fn


def test_the_game_menu_asks_again_and_takes_names_prefixes_and_numbers():
    c = Console(file=io.StringIO(), width=80)
    assert choose_game(c, typed("5", "", "Dogma")) == "dogma"
    assert choose_game(c, typed("DOG")) == "dogma"
    assert choose_game(c, typed("d", "di", "div")) == "divine"
    assert choose_game(c, typed("nosuch", "3")) == "dogma"
    out = c.file.getvalue()
    assert "type a number from 1 to 4" in out and "could be" in out
    assert choose_game(c, typed()) is None  # Ctrl-D: no game, no traceback


def test_ctrl_d_at_the_game_menu_ends_quietly():
    done = subprocess.run([sys.executable, "-m", "credo.interfaces.cli", "play"], capture_output=True, text=True,
                          timeout=60, input="")
    assert done.returncode == 0
    assert "Traceback" not in done.stderr and "No game chosen" in done.stdout


def test_replay_names_the_winner_as_the_games_do(tmp_path, capsys):
    assert main(["selfplay", "jol", "--games", "2", "--records", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["replay", "--check", *map(str, sorted(tmp_path.glob("*.json")))]) == 0
    out = capsys.readouterr().out
    assert out.count("player 1 wins") + out.count("player 2 wins") + out.count("a draw") == 2
    assert "[0]" not in out and "[1]" not in out


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=3), max_leaves=12)
OPTION_TEXT = st.one_of(st.text(max_size=30), st.text(min_size=41, max_size=2000), JSON_VALUES.map(json.dumps),
                        st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyz_-0123456789 ", max_size=10),
                                 max_size=5).map(",".join))


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(["dirge", "divine", "dogma", "jol"]), data=st.data())
def test_any_option_typed_is_taken_or_refused_in_one_line(name, data):
    # what a person may type after -o: a game's own option names and any other, with any value
    # as text, JSON or a comma list; the answer is the options, or one line saying what is wrong
    from credo import games
    from credo.interfaces.cli import _game_options

    game = games.load(name)
    key = data.draw(st.sampled_from([*game.Options.model_fields, "nosuch", ""]) | st.text(max_size=12)
                    | st.text(min_size=41, max_size=500), label="key")
    value = data.draw(OPTION_TEXT, label="value")
    pair = data.draw(st.sampled_from([f"{key}={value}", key, f"={value}"]), label="pair")
    try:
        options = _game_options(game, [pair])
    except SystemExit as refused:
        message = str(refused.code)
        assert message and "\n" not in message and "Traceback" not in message
        assert len(message) <= MESSAGE_LENGTH  # whatever was typed is quoted cut, not whole
    else:
        assert isinstance(options, dict)


@pytest.mark.parametrize(("argv", "typed", "prompt"), [
    (["play", "jol", "--seed", "1"], "zz\nquit\n", "Your move > "),
    (["play", "dogma", "-o", "mode=free_will", "--seed", "1"], "random\nquit\n", "Arcanum 1 > "),
])
def test_a_transcript_of_piped_play_shows_each_prompt_once(argv, typed, prompt):
    # input() writes its own prompt, and the transcript echoed prompt and answer again:
    # "Your move > Your move > zz"
    done = subprocess.run([sys.executable, "-m", "credo.interfaces.cli", *argv], input=typed, capture_output=True,
                          text=True, timeout=60)
    first = typed.splitlines()[0]
    assert f"{prompt}{first}" in done.stdout
    assert prompt + prompt not in done.stdout
