"""How often Knowledge strikes a Prophet immune to the card (search.md section 27): the deals of a
lab run of Storm against Knowledge played again as yardstick.py plays them (Storm by `medium`,
Knowledge by VARIANT), counting Knowledge's Cult Orders whose card would deal damage but deals none
to the opposing active Prophet of the moment because it is immune to the card's type.

    python immune_strikes.py VARIANT LAB_RESULTS_JSONL
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from credo import games
from credo.agents import make_agent
from credo.games.dogma.codes import ARCANA
from credo.kernel import PlayerView
from credo.kernel.match import Match
from credo.kernel.view import match_secret, sampling_seed

sys.path.insert(0, str(Path(__file__).parent))
from yardstick import knowledge_agent  # noqa: E402


def immune_strike(s, p: int, action) -> bool:
    if action.kind != "cult" or s.active[p] < 0 or s.active[1 - p] < 0:
        return False
    sl, tg = p * ARCANA + s.active[p], (1 - p) * ARCANA + s.active[1 - p]
    j = action.args[0]
    c = s.cults[sl][j]
    tables = s.game.tables
    if not (tables.cdamage[c] or tables.cdamage_if[c]):
        return False
    return s.cult_damage_amount(p, sl, j, tg)[1] == "immune"


def main() -> None:
    variant, source = sys.argv[1], sys.argv[2]
    game = games.load("dogma")
    deals = {}
    for row in map(json.loads, open(source)):
        if row["matchup"] in ("storm vs knowledge", "knowledge vs storm"):
            deals.setdefault((row["matchup"], row["index"]), row)
    orders = strikes = games_played = score = 0
    for _key, row in sorted(deals.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        k = row["options"]["decks"].index("knowledge")
        agents = [None, None]
        agents[k] = knowledge_agent(variant, row["seed"] * 17 + k)
        agents[1 - k] = make_agent("medium", row["seed"] * 17 + 1 - k)
        match = Match(game, row["seed"], game.machine_options(row["options"]))
        secret = match_secret(None, row["seed"])
        moves = 0
        while not match.state.is_over:
            s = match.state
            p = s.to_move[0]
            action = agents[p].choose(PlayerView(s, p, seed=sampling_seed(secret, p, moves)))
            if p == k and action.kind in ("cult", "summon", "intervene", "appeal", "special"):
                orders += 1
                strikes += immune_strike(s, p, action)
            match.play(action, p)
            moves += 1
        games_played += 1
        score += (match.state.returns()[k] + 1) / 2
    print(f"{variant}: {games_played} games, Knowledge scored {score}; {orders} Orders, {strikes} of them "
          f"({100 * strikes / max(orders, 1):.1f}%) a Cult card against a Prophet immune to it, "
          f"{strikes / games_played:.1f} a game")


if __name__ == "__main__":
    main()
