"""A file of saved games, one JSON line each, written as each game ends.

A long run (a balance run, a strength line, a ladder) keeps its file open for hours, so a
stopped run loses nothing. But a tool that replaces the file meanwhile (a `git checkout` or
`git stash` in a folder under version control, a sync) leaves the run appending to a deleted
file: every game after that is lost when the run ends, and a resumed run plays them again.
Before each line the journal checks that its path is still the file it opened; when it is not,
it writes the path again, whole, from what it holds (the text the path held when it was
opened and every line written since), and goes on there."""

from __future__ import annotations

import json
import os
from pathlib import Path


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        text = self.path.read_text() if self.path.exists() else ""
        if text and not text.endswith("\n"):
            text += "\n"  # after a line cut short by a stop, the next game starts a line of its own
        self._parts = [text]  # joined only to write the file again: a run adds thousands of lines
        self._file = None
        self.rewritten = 0  # how often the path was found replaced and written again
        self._write_whole()

    def write(self, row: dict) -> None:
        line = json.dumps(row) + "\n"
        if not self._still_ours():
            self.rewritten += 1
            self._write_whole()
        self._file.write(line)
        self._file.flush()
        self._parts.append(line)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _still_ours(self) -> bool:
        try:
            on_disk = os.stat(self.path)
        except FileNotFoundError:
            return False
        held = os.fstat(self._file.fileno())
        return (on_disk.st_dev, on_disk.st_ino) == (held.st_dev, held.st_ino)

    def _write_whole(self) -> None:
        self.close()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("".join(self._parts))
        self._file = self.path.open("a")
