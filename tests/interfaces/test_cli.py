"""The credo command: self-play, replay checks, content errors."""

import json
import re
import shutil

import pytest

from credo.games.dirge.content import DATA
from credo.interfaces.cli import main


def test_selfplay_prints_wins_length_and_speed_and_writes_records(tmp_path, capsys):
    assert main(["selfplay", "dirge", "--games", "3", "--agents", "greedy,random", "--seed", "5",
                 "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "average length" in out and "games/s" in out
    assert len(list(tmp_path.glob("*.json"))) == 3


def test_replay_check_passes_good_records_and_names_the_failing_move(tmp_path, capsys):
    main(["selfplay", "dirge", "--games", "2", "--agents", "random,random", "--records", str(tmp_path),
          "-o", "mode=pick", "-o", "turn_limit=20"])
    files = sorted(tmp_path.glob("*.json"))
    assert main(["replay", "--check", *map(str, files)]) == 0
    record = json.loads(files[0].read_text())
    record["moves"][5]["action"] = "end"
    files[0].write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["replay", "--check", *map(str, files)]) == 1
    out = capsys.readouterr().out
    assert "move 6" in out and "'end'" in out


def test_broken_user_content_is_rejected_before_the_game_starts(tmp_path):
    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "creatures.toml"
    # the Mummy's wounds, whatever the shipped value: the first `wounds =` after its id
    text = path.read_text()
    start = text.index('id = "mummy"')
    path.write_text(text[:start] + re.sub(r"wounds = \d+", "wounds = 0", text[start:], count=1))
    with pytest.raises(SystemExit) as err:
        main(["selfplay", "dirge", "--games", "1", "--content", str(tmp_path)])
    message = str(err.value)
    assert "creatures.toml" in message and "creature 'mummy'" in message and "wounds" in message


def test_a_bad_option_is_named(capsys):
    with pytest.raises(SystemExit) as err:
        main(["selfplay", "dirge", "--games", "1", "-o", "mode=chaos"])
    assert "option mode" in str(err.value)
