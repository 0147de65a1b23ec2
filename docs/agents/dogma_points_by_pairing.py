"""Where `hard` dropped its points in a saved Dogma strength run, by the deal's Predestination options:
`python docs/agents/dogma_points_by_pairing.py docs/agents/dogma-hard-greedy-55e40a1f.games.jsonl`.

Each saved game is set up again from its seed (no play) to read which option each seat was dealt;
a loss counts one point, a draw half.
"""
import json
import sys
from collections import Counter

from credo import games


def main(path: str) -> None:
    game = games.load("dogma")
    deals, dropped = Counter(), Counter()
    with open(path) as lines:
        for played in map(json.loads, lines):
            options = game.new(played["seed"]).decks
            seat = played["agents"].index("hard")
            pairing = f"{options[seat]} (hard) against {options[1 - seat]}"
            deals[pairing] += 1
            result = played["returns"][seat]
            dropped[pairing] += 1 if result < 0 else 0.5 if result == 0 else 0
    print(f"points not won by hard ({sum(dropped.values())} of {sum(deals.values())} games), by pairing:")
    for pairing, points in dropped.most_common():
        if points:
            print(f"  {pairing}: {points} of {deals[pairing]}")


if __name__ == "__main__":
    main(sys.argv[1])
