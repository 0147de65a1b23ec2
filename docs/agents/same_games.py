"""Whether two strength runs played the same games: `python docs/agents/same_games.py OLD.games.jsonl NEW.games.jsonl`.

A content change that no game of a run draws on, or a replay on a faster machine with an
iteration budget, should leave every game as it was; this says which games differ, by index,
comparing seed and seating (which must agree), returns, length and each side's total search effort.
"""
import json
import sys


def load(path):
    with open(path) as lines:
        return {game["index"]: game for game in map(json.loads, lines)}


def played(game):
    efforts = [effort and effort["total"] for effort in game["effort"]]
    return game["returns"], game["moves"], efforts


def main(old_path, new_path):
    old, new = load(old_path), load(new_path)
    shared = sorted(set(old) & set(new))
    same = 0
    for index in shared:
        before, after = old[index], new[index]
        if (before["seed"], before["agents"]) != (after["seed"], after["agents"]):
            sys.exit(f"game {index}: the runs dealt or seated it differently; not comparable")
        if played(before) == played(after):
            same += 1
        else:
            print(index, *played(before)[:2], "->", *played(after)[:2])
    print(f"{new_path.split('/')[-1]}: {len(shared)} games in both runs, {same} identical")


if __name__ == "__main__":
    main(*sys.argv[1:3])
