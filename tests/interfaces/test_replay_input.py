"""`credo replay FILE... [--check]` at the boundary: every file is read as bytes, UTF-8
and JSON of bounded size and depth; each bad file gets one line `FILE: what is wrong`,
the other files are still checked, and the exit status says whether any failed."""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.interfaces.cli import main
from tests.kernel.test_record_input import SPECIAL, mutated_records, records

ROOT = Path(__file__).resolve().parents[2]


def run_replay(files: list[Path], capsys, *extra: str) -> tuple[int, list[str]]:
    capsys.readouterr()
    code = main(["replay", "--check", *extra, *map(str, files)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, out.out.splitlines()


def lines_by_file(files: list[Path], lines: list[str]) -> dict[Path, str]:
    """Each file's one line (the output holds one line per file, in order)."""
    assert len(lines) == len(files), lines
    for file, line in zip(files, lines):
        assert line.startswith(f"{file}: "), (file, line)
    return dict(zip(files, lines))


def write_records(folder: Path) -> list[Path]:
    files = []
    for k, (name, record) in enumerate(records()):
        path = folder / f"{k:02d}-{name}.json"
        path.write_text(json.dumps(record))
        files.append(path)
    return files


def test_good_records_are_ok_and_the_status_is_zero(tmp_path, capsys):
    files = write_records(tmp_path)
    code, lines = run_replay(files, capsys)
    assert code == 0
    assert all(" ok (" in line and ("wins" in line or "win)" in line or "a draw" in line or "not finished" in line) for line in lines_by_file(files, lines).values())


def test_each_bad_file_gets_one_line_and_the_others_are_still_checked(tmp_path, capsys):
    good = write_records(tmp_path)[:2]
    record = records()[0][1]
    deep = "[" * 100_000 + "]" * 100_000
    bad = {
        "number.json": b"123",
        "not-utf8.json": b'{"format": "credo-record", "game": "\xff\xfe"}',
        "deep.json": deep.encode(),
        "nan-seed.json": json.dumps({**record, "seed": float("nan")}).encode(),
        "huge-seed.json": json.dumps(record).replace(f'"seed": {record["seed"]}', '"seed": 1e400').encode(),
        "long-seed.json": json.dumps({**record, "seed": 10 ** 200}).encode(),
        "null-seed.json": json.dumps({**record, "seed": None}).encode(),
        "options-list.json": json.dumps({**record, "options": [1]}).encode(),
        "move-empty.json": json.dumps({**record, "moves": [{}]}).encode(),
        "move-null.json": json.dumps({**record, "moves": [None]}).encode(),
        "action-number.json": json.dumps({**record, "moves": [{"player": 0, "action": 5}]}).encode(),
        "game-number.json": json.dumps({**record, "game": 7}).encode(),
        "unknown-game.json": json.dumps({**record, "game": "chess"}).encode(),
        "path-game.json": json.dumps({**record, "game": "../" * 50 + "x" * 5000}).encode(),
        "nul-game.json": json.dumps({**record, "game": "dir\x00ge"}).encode(),
        "empty.json": b"",
        "truncated.json": json.dumps(record).encode()[:40],
    }
    paths = []
    for name, data in bad.items():
        path = tmp_path / name
        path.write_bytes(data)
        paths.append(path)
    files = [good[0], *paths, tmp_path / "missing.json", tmp_path, good[1]]
    code, lines = run_replay(files, capsys)
    assert code == 1
    by_file = lines_by_file(files, lines)
    assert " ok (" in by_file[good[0]] and " ok (" in by_file[good[1]]
    for path in files[1:-1]:
        assert " ok (" not in by_file[path] and "internal error" not in by_file[path]
    said = {path.name: by_file[path] for path in paths}
    assert "not UTF-8" in said["not-utf8.json"]
    assert "nested more than" in said["deep.json"]
    assert "NaN" in said["nan-seed.json"] and "1e400" in said["huge-seed.json"]
    assert "field seed" in said["null-seed.json"] and "field options" in said["options-list.json"]
    assert "field moves[0].player" in said["move-empty.json"] and "field moves[0]" in said["move-null.json"]
    assert "field moves[0].action" in said["action-number.json"] and "field game" in said["game-number.json"]
    assert "unknown game 'chess'" in said["unknown-game.json"]
    assert "unknown game" in said["path-game.json"] and "unknown game" in said["nul-game.json"]
    assert "not JSON" in said["empty.json"] and "not JSON" in said["truncated.json"]
    assert "No such file" in by_file[tmp_path / "missing.json"] and "directory" in by_file[tmp_path]


def test_a_failing_move_is_named_and_the_good_path_prints_as_before(tmp_path, capsys):
    files = write_records(tmp_path)[:1]
    record = json.loads(files[0].read_text())
    record["moves"][3]["action"] = "no such action"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(record))
    code, lines = run_replay([files[0], broken], capsys)
    assert code == 1
    assert lines[0].startswith(f"{files[0]}: ok (") and " moves, " in lines[0]
    assert lines[1].startswith(f"{broken}: does not replay: move 4 ('no such action')")
    capsys.readouterr()
    assert main(["replay", str(files[0])]) == 0
    assert "(" in capsys.readouterr().out  # the events, each with its rule


def test_a_bad_content_folder_is_one_line_per_file(tmp_path, capsys):
    files = write_records(tmp_path)[:2]
    empty = tmp_path / "empty"
    empty.mkdir()
    code, lines = run_replay(files, capsys, "--content", str(empty))
    assert code == 1
    assert all("content rejected" in line for line in lines_by_file(files, lines).values())


def test_a_content_folder_that_is_not_there_is_one_line_before_any_file(tmp_path):
    files = write_records(tmp_path)[:2]
    with pytest.raises(SystemExit) as stop:
        main(["replay", "--check", "--content", str(tmp_path / "no-such-folder"), *map(str, files)])
    assert stop.value.code == f"--content {tmp_path / 'no-such-folder'}: no such folder"


BYTE_EDITS = st.one_of(
    st.tuples(st.just("insert"), st.integers(0, 10 ** 6), st.binary(min_size=1, max_size=4)),
    st.tuples(st.just("truncate"), st.integers(0, 10 ** 6), st.just(b"")),
    st.tuples(st.just("replace"), st.integers(0, 10 ** 6), st.sampled_from([b"\xff", b"\xc3", b"\x00", b"[", b"{",
                                                                            b'"', b"1e999", b"NaN", b"-"])),
)


@st.composite
def record_files(draw):
    """Several record files: some real, some mutated as JSON, some mutated as bytes."""
    contents = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["good", "json", "bytes", "special"]))
        if kind == "good":
            contents.append(json.dumps(draw(st.sampled_from(records()))[1]).encode())
        elif kind == "json":
            contents.append(json.dumps(draw(mutated_records())[1]).encode())
        elif kind == "special":
            contents.append(json.dumps(draw(SPECIAL)).encode())
        else:
            data = bytearray(json.dumps(draw(st.sampled_from(records()))[1]).encode())
            how, at, piece = draw(BYTE_EDITS)
            at %= len(data) + 1
            if how == "insert":
                data[at:at] = piece
            elif how == "truncate":
                del data[at:]
            else:
                data[at:at + len(piece)] = piece
            contents.append(bytes(data))
    return contents


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(record_files())
def test_mutated_files_get_one_line_each_and_the_status_says_if_any_failed(capsys, contents):
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for k, data in enumerate(contents):
            path = Path(folder) / f"{k}.json"
            path.write_bytes(data)
            files.append(path)
        code, lines = run_replay(files, capsys)
        by_file = lines_by_file(files, lines)
        failed = [f for f in files if " ok (" not in by_file[f]]
        assert code == (1 if failed else 0)
        assert not any("internal error" in line for line in lines)


@pytest.mark.parametrize("data", [b"\xff\xfe\x00", ("[" * 200_000).encode()])
def test_the_command_itself_prints_one_line_and_no_traceback(tmp_path, data):
    bad = tmp_path / "bad.json"
    bad.write_bytes(data)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(records()[0][1]))
    done = subprocess.run([sys.executable, "-m", "credo.interfaces.cli", "replay", "--check", str(bad), str(good)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{bad}: ") and lines[1].startswith(f"{good}: ok (")
