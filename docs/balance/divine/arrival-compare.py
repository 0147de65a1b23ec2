"""Arrival of the Prophet across balance runs of Divine: the seats, the first turn, and how the
seats that played an Arrival (at all, while behind, while ahead) scored against those that did
not, and (where the lab recorded the cards held) those that never held one against those that
held one and kept it, each with a Wilson 95% interval. Reads each FOLDER's results.jsonl (the lab's saved games).
Usage: python arrival-compare.py FOLDER... [--card ID]"""
import json
import math
import sys
from pathlib import Path


def wilson(wins: float, n: int) -> str:
    if n == 0:
        return "-"
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:.1f}% [{100 * (centre - half):.1f}, {100 * (centre + half):.1f}] ({n})"


def score(returns: list[float], seat: int) -> float:
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    return 1.0 / len(winners) if seat in winners and best > min(returns) else (0.0 if best > min(returns) else 1.0 / len(returns))


def main() -> None:
    args = sys.argv[1:]
    card = "arrival"
    if "--card" in args:
        i = args.index("--card")
        card = args[i + 1]
        del args[i:i + 2]
    for folder in args:
        games = [json.loads(line) for line in (Path(folder) / "results.jsonl").read_text().splitlines() if line.strip()]
        players = len(games[0]["returns"])
        seats = [[0.0, 0] for _ in range(players)]
        first = [0.0, 0]
        rows = {k: [0.0, 0] for k in ("played", "not played", "played when behind", "played when ahead",
                                      "not played when behind", "never held", "held, not played")}
        recorded = held_recorded = 0
        for g in games:
            tags_known = any(kind == "card when behind" or kind == "card when ahead"
                             for seat in g["held"] for kind, _ in seat)
            recorded += tags_known
            held_known = any(kind == "card held" for seat in g["held"] for kind, _ in seat)
            held_recorded += held_known
            for s in range(players):
                v = score(g["returns"], s)
                seats[s][0] += v
                seats[s][1] += 1
                if s == g.get("first"):
                    first[0] += v
                    first[1] += 1
                tags = {(kind, value) for kind, value in g["held"][s]}
                played = ("card", card) in tags
                key = "played" if played else "not played"
                rows[key][0] += v
                rows[key][1] += 1
                if tags_known:
                    for kind, name in (("card when behind", "played when behind"), ("card when ahead", "played when ahead")):
                        if (kind, card) in tags:
                            rows[name][0] += v
                            rows[name][1] += 1
                    if ("card when behind", card) not in tags:
                        rows["not played when behind"][0] += v
                        rows["not played when behind"][1] += 1
                if held_known and not played:
                    key = "held, not played" if ("card held", card) in tags else "never held"
                    rows[key][0] += v
                    rows[key][1] += 1
        print(f"## {folder}: {len(games)} games of {players} players; standing recorded in {recorded},"
              f" the cards held in {held_recorded}")
        print("seats: " + "; ".join(f"{i + 1} {wilson(w, n)}" for i, (w, n) in enumerate(seats)))
        print(f"first turn: {wilson(*first)}")
        for name, (w, n) in rows.items():
            print(f"{card} {name}: {wilson(w, n)}")
        print()


if __name__ == "__main__":
    main()
