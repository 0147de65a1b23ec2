"""Give every line of the saved strength results the content hash it was measured on, where it was
saved before lines kept one (credo.arena.report.Line.content): the hash of the game's content at
the commit of each run that played the game, read from git (a run at a "-dirty" commit is taken to
have played the commit's content: the uncommitted changes of those runs were code, not content;
content files the schema of today refuses are other content, and named so).
A line whose runs played different content keeps "mixed", which no game's hash equals. The games
file beside each results file gets the same hash on each of the line's games.
Usage (from the repository's root): python docs/agents/backfill_content.py docs/agents/*.json"""
import json
import subprocess
import sys
import tarfile
import tempfile
from functools import cache
from io import BytesIO
from pathlib import Path

from credo import games
from credo.kernel import ContentError
from credo.arena.report import games_path


@cache
def content_at(commit: str, game: str) -> str:
    folder = f"credo/games/{game}/data"
    if subprocess.run(["git", "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True).returncode:
        return f"unknown (commit {commit} is in no branch of this repository)"
    if subprocess.run(["git", "diff", "--quiet", commit, "HEAD", "--", folder]).returncode == 0:
        return games.load(game).content_hash  # the same files as today's
    archive = subprocess.run(["git", "archive", commit, folder], check=True, capture_output=True).stdout
    with tempfile.TemporaryDirectory() as into:
        tarfile.open(fileobj=BytesIO(archive)).extractall(into)
        try:
            return games.load(game, str(Path(into) / folder)).content_hash
        except ContentError:  # written for an older schema: other content than today's, whatever its values
            return f"older schema ({commit})"


def backfill(path: Path) -> list[str]:
    data = json.loads(path.read_text())
    if "lines" not in data or "runs" not in data:
        return []
    said = []
    for line in data["lines"]:
        if line.get("content"):
            continue
        commits = {run["commit"].removesuffix("-dirty") for run in data["runs"] if line["game"] in run["games"]}
        hashes = {content_at(commit, line["game"]) for commit in commits}
        line["content"] = hashes.pop() if len(hashes) == 1 else "mixed"
        said.append(f"{path.name}: {line['game']} {line['first']} vs {line['second']}: {line['content']}"
                    f" (commits {', '.join(sorted(commits))})")
    path.write_text(json.dumps(data, indent=1) + "\n")
    rows_path = games_path(path)
    if rows_path.exists():
        by_pairing = {(x["game"], x["first"], x["second"], x.get("role")): x["content"] for x in data["lines"]}
        rows = [json.loads(row) for row in rows_path.read_text().splitlines() if row.strip()]
        for row in rows:
            row.setdefault("content", by_pairing.get((row["game"], row["first"], row["second"], row.get("role"))))
        rows_path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return said


if __name__ == "__main__":
    for name in sys.argv[1:]:
        for said in backfill(Path(name)):
            print(said)
