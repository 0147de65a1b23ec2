"""`credo content check GAME DIR`: a designer's folder is refused in one line naming what is
wrong (the errors `--content` gives), or accepted with the list of what it changes against
the shipped content."""

from __future__ import annotations

import importlib
import re
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo import games
from credo.interfaces.cli import main
from credo.kernel.content import content_changes


def shipped(name: str) -> Path:
    return importlib.import_module(f"credo.games.{name}.content").DATA


def copy_of(name: str, folder: Path) -> Path:
    target = folder / name
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(shipped(name), target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def check(name: str, folder: Path, capsys) -> tuple[int | str, str]:
    """The exit code (or the one-line message it stopped with) and what it printed."""
    try:
        code = main(["content", "check", name, str(folder)])
    except SystemExit as stop:
        code = stop.code
    return code, capsys.readouterr().out


def test_the_shipped_content_checks_with_no_changes(tmp_path, capsys):
    for name in games.names():
        code, out = check(name, copy_of(name, tmp_path), capsys)
        assert code == 0
        assert "no changes against the shipped content" in out


def test_a_broken_field_is_named_in_one_line(tmp_path, capsys):
    folder = copy_of("jol", tmp_path)
    edit(folder / "cogum.toml", "det = ", "det = -")
    code, out = check("jol", folder, capsys)
    assert isinstance(code, str) and "\n" not in code
    assert code.startswith("content rejected: ") and "cogum.toml" in code and "det" in code
    assert "cogum 'pip'" in code


def test_a_changed_value_an_added_and_a_removed_entry_are_listed(tmp_path, capsys):
    folder = copy_of("dirge", tmp_path)
    text = (folder / "creatures.toml").read_text()
    first = re.search(r'^id = "(\w+)"', text, re.M).group(1)
    speed = re.search(r"^(\w+) = (\d+)$", text, re.M)
    edit(folder / "creatures.toml", speed.group(0), f"{speed.group(1)} = {int(speed.group(2)) + 1}")
    code, out = check("dirge", folder, capsys)
    assert code == 0
    assert (f"creatures.toml: creature '{first}': {speed.group(1)} changed: {speed.group(2)} -> "
            f"{int(speed.group(2)) + 1}") in out
    jol = copy_of("jol", tmp_path)
    edit(jol / "decks.toml", 'id = "mixed"', 'id = "mine"')
    lines = content_changes(shipped("jol"), jol)
    assert "decks.toml: deck 'mine' added" in lines and "decks.toml: deck 'mixed' removed" in lines


def test_a_folder_that_is_not_there_is_said_so(tmp_path, capsys):
    code, _ = check("jol", tmp_path / "nothing", capsys)
    assert code == f"{tmp_path / 'nothing'}: no such folder"


VALUES = st.one_of(
    st.integers(-10**6, 10**6).map(str),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12).map(
        lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'),
    st.sampled_from(["true", "false", "[]", "{}", "[1, 2]", '["x"]', "1.5", "nan", "", "[", '"', "= =", "inf"]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(games.names())), data=st.data())
def test_mutated_content_is_accepted_or_refused_in_one_line(tmp_path, capsys, name, data):
    folder = copy_of(name, tmp_path)
    files = sorted(folder.glob("*.toml"))
    path = data.draw(st.sampled_from(files), label="file")
    lines = path.read_text().splitlines()
    assignments = [i for i, line in enumerate(lines) if re.match(r"^\s*\w+\s*=", line)]
    i = data.draw(st.sampled_from(assignments), label="line")
    how = data.draw(st.sampled_from(["value", "delete", "duplicate"]), label="mutation")
    if how == "value":
        key = lines[i].split("=", 1)[0]
        lines[i] = f"{key}= {data.draw(VALUES, label='value')}"
    elif how == "delete":
        del lines[i]
    else:
        lines.insert(i, lines[i])
    path.write_text("\n".join(lines) + "\n")
    code, out = check(name, folder, capsys)
    if code == 0:
        assert "valid" in out
    else:
        assert isinstance(code, str), code
        assert "\n" not in code and "Traceback" not in code
        assert code.startswith("content rejected: ")
