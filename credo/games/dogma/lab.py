"""What the balance lab (`credo balance dogma`, credo/arena/lab.py) measures in Dogma:
every Predestination option against every other in both seat orders, Free Will (random
legal decks: each Prophet, Relic and Divine Intervention by the side that held it), Chaos
(the rulebook's main mode: the seats' Arcana drafted from the packets, each Prophet, Relic
and Intervention by the side that drafted it, and how each side's draft ended) and the 2 vs
2 game's seats, with the Predestination options and in Chaos."""

from __future__ import annotations

ARCANA = 4  # a player's Arcana slots
SIDE = "option"  # what names a side in Predestination: the report sets each option against each
OPENING = "opening"  # the tag naming the Prophet a side opened with (`--openers` compares them)
# kinds of tag that say what happened to a side, not what content it held (credo/arena/lab.py)
OUTCOMES = {
    "draft": "How each side's Chaos draft ended (section 2.1.1: the race to conclude)",
    "ending": "How the game ended: one side's Prophets all fell first (won outright), both last Prophets "
              "fell at once (section 5, decided by the lower sum of initial Faith and Fervor) or the "
              "machine's turn limit",
    "appeal": "Whether the side chose the Appeal to Rationality (section 4) at least once",
    "opening": "The Prophet the side deployed first (section 3, the Opening)",
}
CONCLUDE, CONTINUE, TAKE = "conclude", "continue", "take "  # the Chaos actions as a record writes them
APPEAL = "appeal"  # the Order as a record writes it
DEPLOY = "deploy "  # a Prophet sent from the rear guard, as a record writes it: "deploy N", N counted from 1
OUTRIGHT, FELL_TOGETHER, TURN_LIMIT = "won outright", "last Prophets fell together", "turn limit"
APPEALED, NEVER_APPEALED = "appealed", "never appealed"
FULL_DRAFT = 20  # cards in five complete Arcana (Elaine's Arcanum holds one more)


def matchups(game) -> list[tuple[str, dict]]:
    options = [o.id for o in game.content.options]
    return ([(f"{a} vs {b}", {"mode": "predestination", "decks": [a, b]}) for a in options for b in options
             if a != b]  # one box holds each option once: two players never share one
            + [("free will", {"mode": "free_will"}), ("chaos", {"mode": "chaos"}), ("2 vs 2", {"players": 4}),
               ("2 vs 2 chaos", {"players": 4, "mode": "chaos"})])


def openers(game, options: dict) -> list[tuple[str, list[tuple[str, str]]]] | None:
    """What `credo balance --openers` fixes (credo/arena/lab.py): per seat, its side (the
    Predestination option) and each Prophet it may open with, with the deploy that opens with him
    (section 3: the Opening deploys one Prophet from the full rear guard, a side's first decision,
    made not knowing the other's option: ruling D-31). None where sides hold no fixed Prophets
    (Free Will, Chaos) or play in teams."""
    if options.get("mode", "predestination") != "predestination" or options.get("players", 2) != 2:
        return None
    built = {o.id: [a.prophet for a in o.arcana] for o in game.content.options}
    return [(deck, [(prophet, f"{DEPLOY}{k + 1}") for k, prophet in enumerate(built[deck])])
            for deck in options["decks"]]


def tags(game, match) -> list[list[tuple[str, str]]]:
    s = match.state
    t = game.tables
    players = s.num_players
    out: list[list[tuple[str, str]]] = [[] for _ in range(players)]
    if players != 2:
        return out
    mode = match.options.get("mode", "predestination")
    for p in range(2):
        if mode == "predestination":
            out[p].append(("option", s.decks[p]))
        for k in range(ARCANA):
            slot = p * ARCANA + k
            if s.proph[slot] < 0:
                continue
            out[p].append(("prophet", t.prophet_ids[s.proph[slot]]))
            out[p] += [("relic", t.relic_ids[r]) for r in s.relics[slot]]
        held = dict.fromkeys(t.di_ids[d] for d in [*s.di[p], *s.di_done[p]])
        out[p] += [("intervention", d) for d in held]
    if mode == "chaos":
        for p, events in enumerate(draft_outcomes(match.moves)):
            out[p] += [("draft", e) for e in events]
    for p, prophet in enumerate(openings(game, match)):
        out[p] += [("opening", prophet)] if prophet else []
    # every finished game is tagged with one of each outcome, so that a game without the one read
    # is counted against it (the lab leaves out games that record nothing of a kind)
    ending = how_it_ended(s)
    for p in range(2):
        out[p] += [("ending", ending)] if ending else []
        appealed = any(q == p and action == APPEAL for q, action in match.moves)
        out[p].append(("appeal", APPEALED if appealed else NEVER_APPEALED))
    return out


def how_it_ended(state) -> str | None:
    """Of a finished two-player game: FELL_TOGETHER when both last Prophets fell at once (the
    lower sum decided, or equal sums drew), TURN_LIMIT when the machine's limit drew it,
    OUTRIGHT when one side's Prophets all fell first (or it drafted none); None while the game
    goes on."""
    if not state.is_over:
        return None
    if not any(state.alive(p) for p in range(2)) and all(state.last[p] >= 0 for p in range(2)):
        return FELL_TOGETHER
    if state.turn_limit and state.turn > state.turn_limit:
        return TURN_LIMIT
    return OUTRIGHT


def openings(game, match) -> list[str | None]:
    """Per side of a two-player game: the Prophet it deployed first, None before it did. The
    Opening deploys from the full rear guard, which holds the Arcana with a Prophet in the order
    they were built, so the first "deploy N" names the N-th of them."""
    s, t = match.state, game.tables
    out: list[str | None] = [None, None]
    for p, action in match.moves:
        if p < 2 and out[p] is None and action.startswith(DEPLOY):
            built = [s.proph[p * ARCANA + k] for k in range(ARCANA) if s.proph[p * ARCANA + k] >= 0]
            out[p] = t.prophet_ids[built[int(action[len(DEPLOY):]) - 1]]
    return out


def draft_outcomes(moves: list[tuple[int, str]]) -> list[list[str]]:
    """Per side of a two-player Chaos game: whether it concluded first or second, whether it
    paid 20 damage for packets past the free one, and whether it stopped short of 20 cards."""
    order = [p for p, action in moves if action == CONCLUDE]
    out: list[list[str]] = [[], []]
    for p in (0, 1):
        if p in order:
            out[p].append("concluded first" if order.index(p) == 0 else "concluded second")
        if any(q == p and action == CONTINUE for q, action in moves):
            out[p].append("paid for packets")
        if sum(1 for q, action in moves if q == p and action.startswith(TAKE)) < FULL_DRAFT:
            out[p].append("fewer than 20 cards")
    return out


def first_player(game, match) -> int | None:
    """Orders are simultaneous: only Free Will's first builder has a first move of sorts."""
    first = getattr(match.state, "first_builder", -1)
    return first if first in (0, 1) else None
