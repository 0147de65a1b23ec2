"""The Divine game: content compiled into flat tables, the finite action space
(built once per content set), options, and the entry points that make states."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from credo.kernel import ActionSpace, Game
from credo.kernel.rng import Rng

from . import board as B
from . import evaluation, heuristics
from . import rules as R
from .codes import (COMMANDMENT, INTERVENTION, MAX_PLAYERS, PINNED, PRIEST, STATS, TARGET_NAMES, TYPE_NAMES,
                    T_COMMANDMENT, T_OPPONENT, UNIT_WORDS, VIGIL, ZEALOT)
from .content import SQUARE_TARGETS, UNIT_TARGETS, DivineContent
from .describe import describe
from .position import state_from_position
from .state import DivineState
from .views import catalogue


class DivineOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: int = Field(2, ge=2, le=4, description="number of players, 2 to 4")
    turn_limit: int = Field(0, ge=0, description="rounds before a draw (Credo ruling R-13); 0, the default: none, as the rulebook (machine play sets 60)")
    auto_pass: list[int] = Field([], description=(
        "seats (1-4, or all) that waive the Intervention windows at each step and after each move, "
        "whatever they hold; still asked in answer to cards and abilities (Credo ruling R-25)"))

    @field_validator("auto_pass", mode="before")
    @classmethod
    def _seats(cls, v: Any, info: ValidationInfo) -> Any:
        if v == "all":
            return list(range(1, info.data.get("players", MAX_PLAYERS) + 1))
        return [v] if isinstance(v, int) else v

    @field_validator("auto_pass")
    @classmethod
    def _seats_in_game(cls, v: list[int], info: ValidationInfo) -> list[int]:
        players = info.data.get("players", MAX_PLAYERS)
        if bad := [seat for seat in v if not 1 <= seat <= players]:
            raise ValueError(f"seat {bad[0]} is not in the game: the seats are 1 to {players}")
        return sorted(set(v))


class Cards:
    """The Divinity deck as flat per-card tables."""

    def __init__(self, content: DivineContent) -> None:
        cs = content.cards
        self.n = len(cs)
        self.ids = [c.id for c in cs]
        self.names = [c.name for c in cs]
        self.by_id = {c.id: i for i, c in enumerate(cs)}
        self.type = [TYPE_NAMES.index(c.type) for c in cs]
        self.cost = [c.cost for c in cs]
        self.copies = [c.copies for c in cs]
        self.target = [TARGET_NAMES.index(c.target) for c in cs]
        self.kinds = [sum(1 << UNIT_WORDS.index(k) for k in c.kinds) for c in cs]
        self.effects = [tuple((e.op, e.amount, e.unit, e.who) for e in c.effects) for c in cs]
        self.move_step = [c.requires == "move_step" for c in cs]
        self.cheapest = min(self.cost, default=0)
        # cards offered only on Units they would change (ruling R-11): the flags a target
        # must not have (gaining Vigilance, being pinned) and those it must have (losing it)
        self.checks_flags = [any(e.op in ("gain_vigilance", "lose_vigilance", "pin") for e in c.effects) for c in cs]
        self.flags_off = [(VIGIL if any(e.op == "gain_vigilance" for e in c.effects) else 0)
                          | (PINNED if any(e.op == "pin" for e in c.effects) else 0) for c in cs]
        self.flags_on = [VIGIL if any(e.op == "lose_vigilance" for e in c.effects) else 0 for c in cs]
        self.commandments = [i for i in range(self.n) if self.type[i] == COMMANDMENT]
        # views list hands and Commandments sorted by card id: the cards in that order once
        self.order_by_id = sorted(range(self.n), key=self.ids.__getitem__)
        self.commandments_by_id = [c for c in self.order_by_id if self.type[c] == COMMANDMENT]
        self.modifier = [[0] * len(STATS) for _ in cs]
        for i, c in enumerate(cs):
            for m in c.modifiers:
                self.modifier[i][STATS.index(m.stat)] += m.amount
        costs = [self.cost[i] for i in range(self.n) if self.type[i] == INTERVENTION]
        # a player who cannot pay for any Intervention is never asked to respond (public facts)
        self.min_intervention = min(costs) if costs else None
        self.deck = [i for i in range(self.n) for _ in range(self.copies[i])]


class DivineGame(Game):
    name = "divine"
    title = "Divine"
    rules_version = "divine-1"
    evaluate = staticmethod(evaluation.evaluate)
    evaluate_all = staticmethod(evaluation.evaluate_all)
    rollout_action = staticmethod(heuristics.rollout_action)
    min_players = 2
    max_players = 4
    Options = DivineOptions
    machine_turn_limit = 60  # rounds (ruling R-13)
    option_variants = [{"players": 2}, {"players": 3}, {"players": 4}]
    rollout_depth = 4  # measured: 19/20 against greedy (8 gave 18/20), 50-80% more iterations
    # measured (docs/agents/search.md §2): root values within 0.01 of each other; mcts-200
    # against mcts-100 53.0% [46.1%, 59.8%] of 200 games with playouts cut after 4 actions on
    # raw values, 67.5% [60.7%, 73.6%] with playouts to my next turn on rescaled values (and
    # mcts-400 against mcts-200 67.5% [60.7%, 73.6%] too)
    playout_end = "turn"
    # ... through the other players' whole turns, the windows they open for the searcher included
    # (turn_holder): a median 31 actions in two-player games, 52 for nine in ten. Until they did
    # (the figures above), playouts stopped at the searcher's next answer in a window, 2.5
    # actions on; mcts-400 with the whole turns scored 74.0% [64.6%, 81.6%] of 100 against it
    # (docs/agents/search.md, section 18)
    turn_playout_cap = 48
    search_revision = 2  # 2: playouts through the rivals' whole turns (5f9a3e5, search.md section 18)
    normalize_values = True
    # hard: the kernel's, 4,000 iterations or 1.5 s. The planner it replaced won 95.5% of 200 against
    # greedy, but lost 5 of 6 to plain mcts (1,000), which won 24 of 24 against greedy
    # (docs/agents/search.md, section 6)
    levels = {"easy": "greedy", "medium": "mcts-400", "hard": "mcts-4000"}
    turn_rule = R.TURN
    end_rule = R.END

    def turn_holder(self, state) -> int:
        # an Intervention answered in a window of another player's turn belongs to that turn,
        # so a playout from there sees the rest of it (a Unit pinned by Chains of Faith)
        return state.current

    def __init__(self, content: DivineContent) -> None:
        self.content = content
        self.content_hash = content.hash
        self.cards = Cards(content)
        pc = content.pieces
        self.markers = pc.control_markers
        self.priests = pc.priests
        self.zealots = pc.zealots
        self.stack_limit = pc.stack_limit
        # unit slots of one player: priests, zealots, then the two advanced pieces
        self.per_player = pc.priests + pc.zealots + R.ADVANCED_LIMIT
        self.slot_kind = [PRIEST] * pc.priests + [ZEALOT] * pc.zealots + [-1] * R.ADVANCED_LIMIT
        self.catacomb_squares = B.possible_catacombs(content.tiles)
        self._build_actions()

    def layout(self, placement) -> B.Layout:
        """The city `placement` lays out (per slot: tile index, quarter turns). A Layout
        cannot be changed, so one is built per placement and shared: every position
        loaded from one game's states (the server's, a record's) names the same city."""
        key = tuple(map(tuple, placement))
        layouts = self.__dict__.setdefault("_layouts", {})
        found = layouts.get(key)
        if found is None:
            if len(layouts) >= 256:  # many games' cities (a long-running server): start again
                layouts.clear()
            found = layouts[key] = B.Layout(self.content.tiles, placement)
        return found

    def _build_catalogue(self) -> dict:
        """Every card's face, the tiles as printed and the board (views.catalogue)."""
        return catalogue(self)

    def players(self, **options: Any) -> int:
        return self.options(**options).players

    def _build_actions(self) -> None:
        names, cards = B.NAMES, self.cards
        entries: list[tuple[str, str, tuple]] = []
        for sq in range(B.SQUARES):
            entries.append((f"place priest {names[sq]}", "place_priest", (sq,)))
        for sq in range(B.SQUARES):
            entries.append((f"place zealot {names[sq]}", "place_zealot", (sq,)))
        for sq in range(B.SQUARES):
            for n in B.NEIGHBOURS[sq]:
                entries.append((f"move {names[sq]} {names[n]}", "move", (sq, n)))
        for a in self.catacomb_squares:
            for b in self.catacomb_squares:
                if a != b and b not in B.NEIGHBOURS[a]:
                    entries.append((f"move {names[a]} {names[b]}", "move", (a, b)))
        for word in ("preach", "establish", "vigil", "desecrate", "reclaim"):
            for sq in range(B.SQUARES):
                entries.append((f"{word} {names[sq]}", word, (sq,)))
        for word in ("assassinate", "attack", "convert"):
            for sq in range(B.SQUARES):
                for n in B.NEIGHBOURS[sq]:
                    entries.append((f"{word} {names[sq]} {names[n]}", word, (sq, n)))
        for kind in (PRIEST, ZEALOT):
            for sq in range(B.SQUARES):
                entries.append((f"train {UNIT_WORDS[kind]} {names[sq]}", "train", (kind, sq)))
        for c in range(cards.n):
            cid, target = cards.ids[c], TARGET_NAMES[cards.target[c]]
            if target in SQUARE_TARGETS:
                for sq in range(B.SQUARES):
                    entries.append((f"play {cid} {names[sq]}", "play", (c, sq, -1)))
            elif target == "opponent":
                for p in range(MAX_PLAYERS):
                    entries.append((f"play {cid} p{p + 1}", "play", (c, p, -1)))
            elif target == "commandment":
                for k in cards.commandments:
                    for p in range(MAX_PLAYERS):
                        entries.append((f"play {cid} {cards.ids[k]} p{p + 1}", "play", (c, k, p)))
            else:
                entries.append((f"play {cid}", "play", (c, -1, -1)))
        entries.append(("pass", "pass", ()))
        entries.append(("end", "end", ()))
        aliases = {"respond": "play", "vigilance": "vigil", "prayer": "preach"}
        self.actions = ActionSpace.shared(self.name, f"{self.name}:{self.content_hash}", entries, aliases)
        lk = self.actions.lookup()
        S = range(B.SQUARES)
        self.A_place_priest = [lk[("place_priest", (sq,))] for sq in S]
        self.A_place_zealot = [lk[("place_zealot", (sq,))] for sq in S]
        self.A_move = [{n: lk[("move", (sq, n))] for n in B.NEIGHBOURS[sq]} for sq in S]
        for a in self.catacomb_squares:
            for b in self.catacomb_squares:
                if a != b and b not in B.NEIGHBOURS[a]:
                    self.A_move[a][b] = lk[("move", (a, b))]
        self.A_preach = [lk[("preach", (sq,))] for sq in S]
        self.A_establish = [lk[("establish", (sq,))] for sq in S]
        self.A_vigil = [lk[("vigil", (sq,))] for sq in S]
        self.A_desecrate = [lk[("desecrate", (sq,))] for sq in S]
        self.A_reclaim = [lk[("reclaim", (sq,))] for sq in S]
        self.A_assassinate = [{n: lk[("assassinate", (sq, n))] for n in B.NEIGHBOURS[sq]} for sq in S]
        self.A_attack = [{n: lk[("attack", (sq, n))] for n in B.NEIGHBOURS[sq]} for sq in S]
        # legal-action generation reads these instead of looking actions up neighbour by
        # neighbour: per square and mask of occupied neighbours (a state's `near`), the steps
        # to the free ones, in order; per square, each neighbour with its two strikes
        self.A_steps = [tuple(tuple(lk[("move", (sq, n))] for i, n in enumerate(B.NEIGHBOURS[sq]) if not mask >> i & 1)
                              for mask in range(1 << len(B.NEIGHBOURS[sq]))) for sq in S]
        self.A_strikes = [tuple((n, lk[("assassinate", (sq, n))], lk[("attack", (sq, n))]) for n in B.NEIGHBOURS[sq])
                          for sq in S]
        self.A_convert = [{n: lk[("convert", (sq, n))] for n in B.NEIGHBOURS[sq]} for sq in S]
        self.A_train = [[lk[("train", (k, sq))] for sq in S] for k in (PRIEST, ZEALOT)]
        self.A_play: list = []
        for c in range(cards.n):
            t = cards.target[c]
            if TARGET_NAMES[t] in SQUARE_TARGETS:
                self.A_play.append([lk[("play", (c, sq, -1))] for sq in S])
            elif t == T_OPPONENT:
                self.A_play.append([lk[("play", (c, p, -1))] for p in range(MAX_PLAYERS)])
            elif t == T_COMMANDMENT:
                self.A_play.append({(k, p): lk[("play", (c, k, p))] for k in cards.commandments
                                    for p in range(MAX_PLAYERS)})
            else:
                self.A_play.append(lk[("play", (c, -1, -1))])
        self.A_pass = lk[("pass", ())]
        self.A_end = lk[("end", ())]

    def new(self, seed: int = 0, **options: Any):
        opts = self.options(**options)
        waived = sum(1 << (seat - 1) for seat in opts.auto_pass)
        return DivineState.new_game(self, Rng(seed), opts.players, opts.turn_limit, waived)

    def _load_position(self, position: dict):
        return state_from_position(self, position, DivineState)

    def describe_action(self, action) -> str:
        return describe(self, action)


UNIT_TARGET_NAMES = UNIT_TARGETS
