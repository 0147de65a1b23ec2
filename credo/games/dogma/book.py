"""Dogma's opening book: the Prophet a Predestination option opens with, where whole games measured
an opener better against the field than the search's own choice (`Game.book_action`; the search
variant `mcts-N-book` plays it, credo/agents/mcts.py).

The Opening (section 3) deploys one Prophet from the full rear guard, chosen together with the
other side and without knowing its option (ruling D-31). What an opener is worth lies in how the
whole game is then played, past any playout the search can afford: its playouts strike with the
most damaging card, so they rate Knowledge's Agostino (three Sacred Texts, each 30 damage more by
his Confession) above Cagliostro, whose cards and Special are control (docs/agents/search.md,
sections 46-47). An option has an entry where its best opener, fixed in whole games, scored more
against the field than the search's own openings on the same deals, or than an opener the search
chose itself, by two standard errors of the difference (`credo balance --openers`, whose report applies
the rule: `credo.arena.lab.book_choice`); Mecca's and Unshakeable's did not (docs/rules/dogma-content.md,
"Mecca's openers", "Unshakeable's openers"). Each entry names the measurement that chose it. A book
holds for the content it was measured on: under any other content (another content hash) it is silent
and the search decides."""

from __future__ import annotations

from dataclasses import dataclass

from credo.kernel import Action, PlayerView


@dataclass(frozen=True)
class Opener:
    prophet: str
    agent: str  # the agent that played every game of the measurement, on both sides
    games: int  # games with this opener fixed, against the other options (each opening as it chose)
    score: float  # its score over them: against the field
    searched: str  # the opener(s) the agent chose itself on the same deals
    searched_score: float  # and its score there
    source: str  # where the games and the table are


CONTENT_HASH = "55e40a1f4391f6bb"  # the shipped content the openers were measured on
# Game.book_revision: raised with every entry added or changed (1: Knowledge's Cagliostro; 2: Storm's
# Goffredo)
REVISION = 2
OPENERS: dict[str, Opener] = {
    "knowledge": Opener("cagliostro", "mcts-4000", 60, 0.675, "agostino", 0.433,
                        "docs/balance/dogma/opening-knowledge-mecca (field.txt): seed 5's first ten deals against "
                        "Mecca, Storm and Unshakeable, both seat orders"),
    # the search's own usual opener (30 of 36 free games): what the entry removes is its Chimera
    # (6 of 36), which scored 27.8% with the Opening fixed to it, four standard errors below Goffredo
    "storm": Opener("goffredo", "mcts-4000", 36, 0.708, "goffredo 30, chimera 6 of 36", 0.514,
                    "docs/balance/dogma/mcts-4000-openers-storm-55e40a1f (`credo balance --openers storm`): "
                    "seed 5's first six deals against Mecca, Unshakeable and Knowledge, both seat orders"),
}


def book_action(game, view: PlayerView) -> Action | None:
    """The book's deploy at a Predestination side's Opening, if its option has an entry and the
    content is the one measured; None anywhere else."""
    if game.content_hash != CONTENT_HASH:
        return None
    seen = view.observation
    if seen.get("mode") != "predestination" or seen.get("phase") != "deploy" or len(seen.get("players", ())) != 2:
        return None
    mine = seen["players"][view.player]
    arcana = mine["arcana"]
    if mine["active"] is not None or any(a["where"] != "rear" for a in arcana):
        return None  # not the Opening: a Prophet of this side has already been deployed
    built = sorted(a["prophet"] for a in arcana)
    option = next((o.id for o in game.content.options if sorted(a.prophet for a in o.arcana) == built), None)
    opener = OPENERS.get(option)
    if opener is None:
        return None
    # "deploy n" sends the Prophet in position n of the rear guard
    position = [arcana[k]["prophet"] for k in mine["rear"]].index(opener.prophet)
    return next((a for a in view.legal_actions if a.kind == "deploy" and a.args == (position,)), None)
