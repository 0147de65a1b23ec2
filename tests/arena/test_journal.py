"""A file of saved games keeps every game when a tool replaces it under a running run."""

import json
import os

from credo.arena.journal import Journal


def _rows(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_games_are_on_disk_as_each_ends(tmp_path):
    path = tmp_path / "games.jsonl"
    with Journal(path) as journal:
        journal.write({"index": 0})
        assert _rows(path) == [{"index": 0}]
        journal.write({"index": 1})
        assert _rows(path) == [{"index": 0}, {"index": 1}]
    assert journal.rewritten == 0


def test_a_file_replaced_under_the_run_is_written_again_whole(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps({"index": 0}) + "\n")
    with Journal(path) as journal:
        journal.write({"index": 1})
        # what `git stash` or `git checkout` does: the committed file put back in a new inode
        older = tmp_path / "older"
        older.write_text(json.dumps({"index": 0}) + "\n")
        os.replace(older, path)
        journal.write({"index": 2})
        journal.write({"index": 3})
    assert _rows(path) == [{"index": i} for i in range(4)]
    assert journal.rewritten == 1


def test_a_file_removed_under_the_run_is_written_again(tmp_path):
    path = tmp_path / "games.jsonl"
    with Journal(path) as journal:
        journal.write({"index": 0})
        path.unlink()
        journal.write({"index": 1})
    assert _rows(path) == [{"index": 0}, {"index": 1}]


def test_a_line_cut_short_by_a_stop_does_not_swallow_the_next_game(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps({"index": 0}) + "\n" + '{"index": 1, "retu')
    with Journal(path) as journal:
        journal.write({"index": 2})
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == {"index": 0} and json.loads(lines[-1]) == {"index": 2}
    assert len(lines) == 3


def test_a_balance_run_keeps_every_game_when_its_results_are_replaced_midway(tmp_path):
    from credo.arena import lab

    out = tmp_path / "run"

    def checkout(done: int, total: int) -> None:
        if done == 2:  # the results file put back as a checkout would, with no games in it
            fresh = tmp_path / "fresh"
            fresh.write_text("")
            os.replace(fresh, out / lab.RESULTS)

    rows = lab.run(lab.Settings("jol", "random", 2, seed=4), out, progress=checkout)
    assert len(rows) == len(lab.plan(lab.Settings("jol", "random", 2, seed=4))) > 2
    assert len({lab.game_key(row) for row in rows}) == len(rows)
