#!/usr/bin/env python3
"""Mecca against Unshakeable: where the damage goes. Plays the lab's own deals (the same seeds,
options and agent seeds as `credo balance dogma --seed S --games N --matchups 'mecca vs
unshakeable,unshakeable vs mecca'`), MECCA_AGENT on Mecca's seat and UNSHAKEABLE_AGENT on
Unshakeable's, and reads each game's narration: the damage each Cult card, Intervention and
Mystical Crisis dealt, the damage each Prophet removed from itself, the Summonings, and who won.
Prints the totals a game, by side. Usage: diagnose.py SEED GAMES MECCA_AGENT UNSHAKEABLE_AGENT [JOBS]"""
import dataclasses
import sys
from collections import Counter
from multiprocessing import Pool

from credo.agents import make_agent
from credo.arena import lab
from credo.arena.selfplay import play_game
from credo.games import load
from credo.kernel.view import match_secret

SIDE = {"mecca": ("Al Jafar", "Maometto", "Il Primo Shahid Dimenticato", "Shirin"),
        "unshakeable": ("Janami Raji", "Il Saggio d'Oro", "Giovanni Paolo IX", "Gesù")}


def play(item):
    name, label, fixture, options, content = item
    game = load(name, content)
    agents = [make_agent(a, fixture.seed * 17 + seat) for seat, a in enumerate(fixture.agents)]
    match = play_game(game, agents, fixture.seed, options, secret=match_secret(None, fixture.seed))
    state = match.state
    decks = options["decks"]
    stats = Counter()
    for template, args, _rule, visible_to in state.log._items:
        if visible_to is not None:
            continue
        if template.startswith("{} inflicts {} damage on {}"):
            card, amount, target = args[:3]
            stats[("cult", str(card), str(target))] += amount
        elif template == "{} receives {} damage.":
            stats[("received", str(args[0]))] += args[1]
        elif template.startswith("Mystical Crisis: {} receives"):
            stats[("crisis", str(args[0]))] += args[1]
        elif template.startswith("{} removes {} damage"):
            stats[("healed", str(args[0]))] += args[1]
        elif template.startswith("Summoning: player {}"):
            stats[("summon", decks[args[0] - 1])] += 1
        elif template.startswith("{} is immune to {} cards"):
            stats[("immune", str(args[0]))] += 1
    mecca = decks.index("mecca")
    return {"mecca won": float(state.returns()[mecca] > 0) + 0.5 * (state.returns()[mecca] == 0),
            "turns": state.turn, "stats": stats}


def main():
    seed, games, m_agent, u_agent = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    jobs = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    settings = lab.Settings(game="dogma", agents="placeholder", games=games, seed=seed,
                            only=["mecca vs unshakeable", "unshakeable vs mecca"])
    work = []
    for name, label, fixture, options, content in lab.plan(settings):
        seats = tuple(m_agent if d == "mecca" else u_agent for d in options["decks"])
        work.append((name, label, dataclasses.replace(fixture, agents=seats), options, content))
    with Pool(jobs) as pool:
        rows = pool.map(play, work)
    n = len(rows)
    total = Counter()
    for row in rows:
        total.update(row["stats"])
    print(f"Mecca {m_agent} against Unshakeable {u_agent}, seed {seed}, {n} games: Mecca scores "
          f"{sum(r['mecca won'] for r in rows) / n:.1%}, {sum(r['turns'] for r in rows) / n:.1f} turns a game")
    print("a game:", {k: round(v / n, 1) for k, v in sorted(total.items()) if k[0] == "summon"})
    by_target, healed, immune, crisis = Counter(), Counter(), Counter(), Counter()
    by_card = Counter()
    for key, value in total.items():
        if key[0] == "cult":
            by_target[key[2]] += value
            by_card[key[1]] += value
        elif key[0] == "received":
            by_target[key[1]] += value
        elif key[0] == "crisis":
            by_target[key[1]] += value
            crisis[key[1]] += value
        elif key[0] == "healed":
            healed[key[1]] += value
        elif key[0] == "immune":
            immune[key[1]] += value
    for side, prophets in SIDE.items():
        print(f"  {side}: damage received / removed / immune blocks / crisis, a game")
        for name in prophets:
            print(f"    {name:40} {by_target[name] / n:6.1f} {healed[name] / n:6.1f} {immune[name] / n:5.1f} {crisis[name] / n:5.1f}")
    print("  damage by Cult card, a game:")
    for card, value in by_card.most_common():
        print(f"    {card:40} {value / n:6.1f}")


if __name__ == "__main__":
    main()
