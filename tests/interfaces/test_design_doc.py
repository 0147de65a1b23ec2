"""docs/design.md's worked example runs as written: its shell blocks (fenced ```sh), in order, in a
fresh folder (with few games: the measurement itself is not what is tested). Commands the page shows
beside the example, too long to run here, are fenced ```shell."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_worked_example_runs_and_says_what_the_doc_says(tmp_path):
    doc = (ROOT / "docs/design.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", doc, re.S)
    assert len(blocks) == 3
    script = "\n".join(blocks).replace("--games 10", "--games 1")
    shims = tmp_path / "bin"
    shims.mkdir()
    # `credo` and `python` as a person has them: this checkout's code, this interpreter
    (shims / "credo").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m credo.interfaces.cli "$@"\n')
    (shims / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    for shim in shims.iterdir():
        shim.chmod(0o755)
    env = {**os.environ, "PATH": f"{shims}:{os.environ['PATH']}",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=500)
    assert done.returncode == 0, done.stderr[-2000:]
    printed = re.search(r"```text\n(.*?)```", doc, re.S).group(1)
    assert printed in done.stdout
    report = (tmp_path / "mylab/wardens/report.md").read_text()
    for deck in ("jovinet", "terrisol", "mixed", "wardens"):
        assert f"| wardens vs {deck} |" in report
        assert f"| {deck} vs wardens |" in report  # both seat orders
    assert "| jovinet vs terrisol |" not in report  # the matchups without the new deck are left out
