"""The Jol game: content compiled into flat per-card tables, the action space (built
once per content set), options (the decks), and the entry points that make states."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from credo.kernel import ActionSpace, Game, IllegalAction, quoted
from credo.kernel.rng import Rng

from . import evaluation, heuristics
from . import rules as R
from .codes import COGUM, LANE_EACH, LANE_SUBJECT, OPS, ROLE, SKILL_EVENTS, TARGETS, TRIGGERS, T_NONE
from .content import FAITHS, LANES, STATS, VIRTUES, JolContent, virtue_of
from .describe import describe
from .position import state_from_position
from .state import JolState
from .views import catalogue



class JolOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    deck1: str = Field("jovinet", title="Deck of player 1", description="a deck id of decks.toml")
    deck2: str = Field("terrisol", title="Deck of player 2", description="a deck id of decks.toml")


def options_for(content: JolContent) -> type[JolOptions]:
    """The options of a content set: the same fields and checks, its schema naming the set's deck
    ids as the only values (the lobby offers them as a list to choose from); an unknown deck is
    still refused by `deck_of`, whose message names the decks."""
    ids = [d.id for d in content.decks]
    only = {"enum": ids}

    class Options(JolOptions):
        deck1: str = Field("jovinet", title="Deck of player 1", description="a deck id of decks.toml",
                           examples=ids, json_schema_extra=only)
        deck2: str = Field("terrisol", title="Deck of player 2", description="a deck id of decks.toml",
                           examples=ids, json_schema_extra=only)

    Options.__name__ = Options.__qualname__ = "JolOptions"
    return Options


def _mask(names, universe) -> int:
    m = 0
    for n in names:
        m |= 1 << universe.index(n)
    return m


def _effects(effects) -> tuple:
    out = []
    for e in effects:
        lane = LANE_SUBJECT if e.lane == "subject" else LANE_EACH if e.lane == "each" else LANES.index(e.lane)
        out.append((OPS.index(e.op), e.amount, STATS.index(e.stat) if e.stat else -1, lane,
                    _mask(e.if_faith, FAITHS), _mask(e.if_virtue, VIRTUES)))
    return tuple(out)


class Tables:
    """Every card type (Cogum first, then Capacities) as flat per-type lists."""

    def __init__(self, content: JolContent) -> None:
        cards = list(content.cogum) + list(content.capacities)
        self.n = len(cards)
        self.ids = [c.id for c in cards]
        self.names = [c.name for c in cards]
        self.by_id = {c.id: t for t, c in enumerate(cards)}
        self.kind = [COGUM] * len(content.cogum) + [
            ("talent", "vow", "prophecy", "prayer").index(c.family) + 1 for c in content.capacities]
        self.text = [c.skill.text if c.skill else "" for c in content.cogum] + [c.text for c in content.capacities]
        self.stats = [(c.det, c.hrt, c.sprt) for c in content.cogum] + [(0, 0, 0)] * len(content.capacities)
        self.faith = [FAITHS.index(c.faith) for c in content.cogum] + [-1] * len(content.capacities)
        # "its Virtue, its Faith, and its planet": the planet is printed; no rule reads it yet, players see it
        self.planet = [c.planet for c in content.cogum] + [None] * len(content.capacities)
        self.virtue = [VIRTUES.index(virtue_of(c.det, c.hrt, c.sprt)) for c in content.cogum] + [-1] * len(content.capacities)
        self.skill_name = [c.skill.name if c.skill else "" for c in content.cogum] + [""] * len(content.capacities)
        self.enters_ready = [bool(c.skill and c.skill.enters_ready) for c in content.cogum] + [False] * len(content.capacities)
        # standing modifiers of a Skill: (stat, amount, role, lane mask) on itself,
        # and (stat, amount, role, lane mask, faith mask, virtue mask) on the other allies in its lane
        self.self_mods: list[tuple] = []
        self.aura_mods: list[tuple] = []
        self.skill_triggers: list[dict[int, tuple]] = []
        for c in cards:
            own, aura, trig = [], [], {}
            skill = getattr(c, "skill", None)
            if skill:
                for m in skill.modifiers:
                    lanes = _mask(m.lanes, LANES) if m.lanes else 0b111
                    item = (STATS.index(m.stat), m.amount, ROLE[m.when], lanes)
                    if m.aura:
                        aura.append(item + (_mask(m.faith, FAITHS) or 0b11, _mask(m.virtue, VIRTUES) or 0b1111))
                    else:
                        own.append(item)
                for t in skill.triggers:
                    ev = SKILL_EVENTS.index(t.on)
                    trig[ev] = trig.get(ev, ()) + _effects(t.effects)
            self.self_mods.append(tuple(own))
            self.aura_mods.append(tuple(aura))
            self.skill_triggers.append(trig)
        self.aura_cards = tuple(c for c, mods in enumerate(self.aura_mods) if mods)
        ncog = len(content.cogum)
        self.target = [T_NONE] * ncog + [TARGETS.index(c.target) for c in content.capacities]
        self.faith_filter = [0b11] * ncog + [_mask(c.faith, FAITHS) or 0b11 for c in content.capacities]
        self.virtue_filter = [0b1111] * ncog + [_mask(c.virtue, VIRTUES) or 0b1111 for c in content.capacities]
        self.effects = [()] * ncog + [_effects(c.effects) for c in content.capacities]
        self.lasting = [False] * ncog + [c.lasting for c in content.capacities]
        self.modifiers = [()] * ncog + [tuple((STATS.index(m.stat), m.amount) for m in c.modifiers) for c in content.capacities]
        self.trigger = [-1] * ncog + [TRIGGERS.index(c.trigger) if c.trigger else -1 for c in content.capacities]
        self.threshold = [0] * ncog + [c.threshold for c in content.capacities]


class JolGame(Game):
    name = "jol"
    title = "Jol: the Court of Jol"
    rules_version = "jol-1"
    evaluate = staticmethod(evaluation.evaluate)
    rollout_action = staticmethod(heuristics.rollout_action)
    Options = JolOptions
    two_sided_evaluation = True
    option_variants = [
        {"deck1": "jovinet", "deck2": "terrisol"},
        {"deck1": "terrisol", "deck2": "mixed"},
        {"deck1": "mixed", "deck2": "jovinet"},
    ]
    turn_rule = "Turn order"
    end_rule = R.WIN
    # hard's playouts go on to the start of its next turn, through the rival's engagements and
    # Prayers, where every search's are cut after 8 actions: at equal iterations such playouts won
    # 59 of 100 games against the cut ones, at 1.2 times the cost an iteration (docs/agents/search.md,
    # sections 15 and 22); mcts and medium keep the cut playouts their measurements were made with
    levels = {"easy": "greedy", "medium": "mcts-400", "hard": "mcts-4000-turn"}

    def turn_holder(self, state) -> int:
        # a Prayer answered in the other player's engagement belongs to that player's turn
        return state.current

    def __init__(self, content: JolContent) -> None:
        self.content = content
        self.content_hash = content.hash
        self.rules = content.rules
        self.tables = Tables(content)
        self.Options = options_for(content)
        self.n = 2 * content.rules.deck_size  # card instances a game can ever number
        self.card_names = tuple(self.card_name(i) for i in range(self.n))
        self.lane_spaces = content.rules.lane_spaces
        self.deck_lists = {d.id: [self.tables.by_id[e.card] for e in d.cards for _ in range(e.copies)]
                           for d in content.decks}
        self._build_actions()
        self._catalogue: dict | None = None

    @staticmethod
    def card_name(i: int) -> str:
        return f"c{i + 1}"

    def _build_actions(self) -> None:
        n, c = self.n, self.card_name
        entries: list[tuple[str, str, tuple]] = []
        for i in range(n):
            for lane, ln in enumerate(LANES):
                entries.append((f"summon {c(i)} {ln}", "summon", (i, lane)))
        for i in range(n):
            entries.append((f"manifest {c(i)}", "manifest", (i,)))
        for i in range(n):
            for lane, ln in enumerate(LANES):
                entries.append((f"deploy {c(i)} {ln}", "deploy", (i, lane)))
        for verb in ("talent", "pray"):
            for i in range(n):
                entries.append((f"{verb} {c(i)}", verb, (i, -1, -1)))
                for lane, ln in enumerate(LANES):
                    entries.append((f"{verb} {c(i)} {ln}", verb, (i, -1, lane)))
                for j in range(n):
                    entries.append((f"{verb} {c(i)} {c(j)}", verb, (i, j, -1)))
        for i in range(n):
            for j in range(n):
                entries.append((f"vow {c(i)} {c(j)}", "vow", (i, j)))
        for verb in ("prophecy", "instigate", "influence", "defend"):
            for i in range(n):
                entries.append((f"{verb} {c(i)}", verb, (i,)))
        entries.append(("pass", "pass", ()))
        entries.append(("end", "end", ()))
        aliases = {"b": "boog", "l": "limit", "prophesy": "prophecy", "pray": "pray"}
        self.actions = ActionSpace.shared(self.name, f"{self.name}:{self.content_hash}", entries, aliases)
        lk = self.actions.lookup()
        self.A_summon = [[lk[("summon", (i, lane))] for lane in range(3)] for i in range(n)]
        self.A_manifest = [lk[("manifest", (i,))] for i in range(n)]
        self.A_deploy = [[lk[("deploy", (i, lane))] for lane in range(3)] for i in range(n)]
        self.A_play0 = {v: [lk[(v, (i, -1, -1))] for i in range(n)] for v in ("talent", "pray")}
        self.A_playL = {v: [[lk[(v, (i, -1, lane))] for lane in range(3)] for i in range(n)] for v in ("talent", "pray")}
        self.A_playC = {v: [[lk[(v, (i, j, -1))] for j in range(n)] for i in range(n)] for v in ("talent", "pray")}
        self.A_vow = [[lk[("vow", (i, j))] for j in range(n)] for i in range(n)]
        self.A_prophecy = [lk[("prophecy", (i,))] for i in range(n)]
        self.A_instigate = [lk[("instigate", (i,))] for i in range(n)]
        self.A_influence = [lk[("influence", (i,))] for i in range(n)]
        self.A_defend = [lk[("defend", (i,))] for i in range(n)]
        self.A_pass = lk[("pass", ())]
        self.A_end = lk[("end", ())]

    def _build_catalogue(self) -> dict:
        """Every card's face, the decks, lanes and rules (views.catalogue)."""
        return self._shared_catalogue()

    def face(self, card: str) -> dict:
        """The printed face of a card id (name, family, text; a Cogum's Faith, Virtue, planet,
        printed stats, Skill), shared with every caller: read it, never change it."""
        return self._shared_catalogue()["cards"][card]

    def _shared_catalogue(self) -> dict:
        if self._catalogue is None:
            self._catalogue = catalogue(self)
        return self._catalogue

    def deck_of(self, deck_id: str) -> list[int]:
        if deck_id not in self.deck_lists:
            raise IllegalAction("Options", f"unknown deck {quoted(deck_id)}; the decks are: {', '.join(self.deck_lists)}")
        return list(self.deck_lists[deck_id])

    def new(self, seed: int = 0, **options: Any):
        opts = self.options(**options)
        return JolState.new_game(self, Rng(seed), (opts.deck1, opts.deck2))

    def _load_position(self, position: dict):
        return state_from_position(self, position, JolState)

    def describe_action(self, action) -> str:
        return describe(self, action)
