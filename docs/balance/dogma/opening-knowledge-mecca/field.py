"""Knowledge's openers against the whole field: at the Opening a side does not know which option the
other took (ruling D-31), so an opener is worth its score against every option the other side may
hold, each opening as its own agent chooses. Reads lab results and Opening cells (any mix of files),
keeps the games whose other side chose its own opener (or was fixed to the one it chooses on that
deal), one game per deal and Knowledge opener, and prints
Knowledge's score for each of its openers against each option, and the mean over the options.
usage: field.py DEALS FILE.jsonl[:OPENERS.json]...  (the first DEALS deals of each matchup, both seat orders)"""
import json
import sys
from collections import defaultdict

from credo.arena.tournament import wilson

SIDE = "knowledge"


def opener_of(row: dict, seat: int, known: dict) -> str:
    """The Prophet the side in `seat` opened with: the lab's tag, the cell's fixing, or openers.py's replay."""
    option = row["options"]["decks"][seat]
    tagged = [t[1] for t in row["held"][seat] if t[0] == "opening"]
    if tagged:
        return tagged[0]
    forced = row.get("forced", {}).get(option, "free")
    return forced if forced != "free" else known[f"{row['matchup']} {row['index']}"][option]


def main():
    deals = int(sys.argv[1])
    rows = []
    for arg in sys.argv[2:]:
        # FILE:OPENERS.json for games played before the lab tagged each side's opening (openers.py)
        name, _, openers_file = arg.partition(":")
        known = json.load(open(openers_file)) if openers_file else {}
        for line in open(name):
            row = json.loads(line)
            if row["index"] < deals and SIDE in row["options"]["decks"]:
                rows.append((row, known))
    # what each side opened with when it chose, deal by deal: a side does not see the other's opener
    # nor know its option when it chooses, so a cell that fixed the other side to the opener it
    # chooses on that deal is the same deal with that side free (its agent's later draws aside)
    chose = {}
    for row, known in rows:
        forced = row.get("forced", {})
        for seat, option in enumerate(row["options"]["decks"]):
            if forced.get(option, "free") == "free":
                chose[(row["matchup"], row["index"], option)] = opener_of(row, seat, known)
    seen = set()
    cells = defaultdict(lambda: [0.0, 0])
    for row, known in rows:
        forced = row.get("forced", {})
        decks = row["options"]["decks"]
        me = decks.index(SIDE)
        other = decks[1 - me]
        if forced.get(other, "free") not in ("free", chose.get((row["matchup"], row["index"], other))):
            continue  # the other side was made to open otherwise than it chooses
        key = (row["matchup"], row["index"], opener_of(row, me, known))
        if key in seen:
            continue
        seen.add(key)
        score = (row["returns"][me] + 1) / 2
        cell = cells[(key[2], other)]
        cell[0] += score
        cell[1] += 1
    openers = sorted({o for o, _ in cells})
    options = sorted({p for _, p in cells})
    print(f"Knowledge's score by its opener (rows) against each option, which chose its own opener; "
          f"the first {deals} deals, both seat orders")
    print("| opener | " + " | ".join(options) + " | mean over the options |")
    print("| --- |" + " ---: |" * (len(options) + 1))
    for opener in openers:
        parts, means = [], []
        for option in options:
            s, n = cells.get((opener, option), (0.0, 0))
            if n:
                _, low, high = wilson(s, n)
                parts.append(f"{s:g}/{n}: {100 * s / n:.0f}% [{100 * low:.0f}, {100 * high:.0f}]")
                means.append(s / n)
            else:
                parts.append("-")
        mean = f"{100 * sum(means) / len(means):.1f}%" if len(means) == len(options) else "-"
        print(f"| {opener} | " + " | ".join(parts) + f" | {mean} |")


if __name__ == "__main__":
    main()
