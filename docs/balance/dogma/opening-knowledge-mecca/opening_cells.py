"""Knowledge against Mecca with the Opening fixed: the first DEALS deals of a balance folder played
again in both seat orders (the lab's agents and seeds), each side's first deploy forced to the named
Prophet ("free": the agent chooses), the rest played by the agent. The Opening is a simultaneous
choice of one of four Prophets a side, made without knowing the other's option (ruling D-31): a cell
is what a pair of openers gives in this pairing; field.py scores an opener against every option.
usage: opening_cells.py REFERENCE_FOLDER OUT.jsonl DEALS CELL... (DEALS: the first N deals, or FROM-TO, TO
excluded, for two queues side by side; a cell: knowledge=PROPHET,mecca=PROPHET)"""
import json
import sys
import time
from pathlib import Path

from credo import games
from credo.agents import make_agent
from credo.arena import lab
from credo.arena.selfplay import play_game
from credo.games.dogma import lab as dogma_lab
from credo.kernel.view import match_secret


def main():
    ref, out = Path(sys.argv[1]), Path(sys.argv[2])
    first, _, last = sys.argv[3].rpartition("-")
    first, last = int(first or 0), int(last)
    cells = [dict(part.split("=") for part in cell.split(",")) for cell in sys.argv[4:]]
    game = games.load("dogma")
    built = {o.id: [a.prophet for a in o.arcana] for o in game.content.options}
    done = set()
    if out.exists():
        done = {(r["matchup"], r["index"], json.dumps(r["forced"], sort_keys=True))
                for r in map(json.loads, out.read_text().splitlines())}
    rows = sorted((r for r in lab.read_results(ref) if first <= r["index"] < last), key=lambda r: (r["index"], r["matchup"]))
    for cell in cells:
        for row in rows:
            key = (row["matchup"], row["index"], json.dumps(cell, sort_keys=True))
            if key in done:
                continue
            agents = [make_agent(a, row["seed"] * 17 + s) for s, a in enumerate(row["agents"])]
            for seat, option in enumerate(row["options"]["decks"]):
                if cell.get(option, "free") != "free":
                    agents[seat] = lab.FixedFirst(agents[seat], f"deploy {built[option].index(cell[option]) + 1}")
            began = time.perf_counter()
            match = play_game(game, agents, row["seed"], row["options"], secret=match_secret(None, row["seed"]))
            s = match.state
            line = {"matchup": row["matchup"], "index": row["index"], "seed": row["seed"], "options": match.options,
                    "agents": row["agents"], "forced": cell, "winners": list(s.winners), "returns": s.returns(),
                    "moves": len(match.moves), "turns": s.turn,
                    "held": [[list(t) for t in side] for side in dogma_lab.tags(game, match)],
                    "seconds": round(time.perf_counter() - began, 3)}
            with out.open("a") as f:
                f.write(json.dumps(line) + "\n")
            print(cell, row["matchup"], row["index"], s.returns(), flush=True)


if __name__ == "__main__":
    main()
