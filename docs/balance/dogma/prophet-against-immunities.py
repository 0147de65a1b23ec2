"""A Prophet's Free Will score split by what the rival's build holds.

    python prophet-against-immunities.py [--content DIR] PROPHET TYPE RESULTS.jsonl [RESULTS.jsonl ...]

For each seat that held PROPHET in the saved duels of `credo balance` (their `held` tags), the
seat's score (a win 1, a draw 1/2) grouped by how many of the rival's Prophets are immune to the
Cult card type TYPE, and by how many are weak to it, with 95% Wilson intervals; then the score
against each rival Prophet. Reads the Prophets' immunities from the shipped content, or from
the content folder DIR the duels were played on (`credo balance --content DIR`).
"""

import json
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

from credo.arena.tournament import wilson

PROPHETS = Path(__file__).resolve().parents[3] / "credo/games/dogma/data/prophets.toml"


def seat_score(result, seat):
    if result["winners"] == [seat]:
        return 1.0
    return 0.5 if len(result["winners"]) != 1 else 0.0


def main(prophet, card_type, files, prophets=PROPHETS):
    traits = {p["id"]: p for p in tomllib.loads(prophets.read_text())["prophet"]}
    groups = defaultdict(lambda: [0.0, 0])
    rivals = defaultdict(lambda: [0.0, 0])
    for name in files:
        for line in Path(name).read_text().splitlines():
            result = json.loads(line)
            for seat, held in enumerate(result["held"]):
                if ["prophet", prophet] not in held:
                    continue
                score = seat_score(result, seat)
                other = [card for kind, card in result["held"][1 - seat] if kind == "prophet"]
                for trait in ("immunities", "weaknesses"):
                    key = (trait, sum(card_type in traits[p][trait] for p in other))
                    groups[key][0] += score
                    groups[key][1] += 1
                for p in other:
                    rivals[p][0] += score
                    rivals[p][1] += 1
    print(f"{prophet}'s score by the rival Prophets' {card_type} immunities and weaknesses")
    for (trait, count), (score, n) in sorted(groups.items()):
        rate, low, high = wilson(score, n)
        print(f"  {count} rival Prophet(s) with it in {trait}: {n} seat-games, "
              f"{100 * rate:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%]")
    print("against each rival Prophet:")
    for p, (score, n) in sorted(rivals.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
        print(f"  {p}: {n} seat-games, {100 * score / n:.0f}%")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    prophets = PROPHETS
    if arguments[:1] == ["--content"] and len(arguments) > 1:
        prophets = Path(arguments[1]) / "prophets.toml"
        arguments = arguments[2:]
    if len(arguments) < 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    main(arguments[0], arguments[1], arguments[2:], prophets)
