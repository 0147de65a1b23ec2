"""Two tiny games that exercise what Dirge does not: a simultaneous secret choice
(rock-paper-scissors, best of three) and a response window (a strike answered by
prayers, each player once, in a fixed order)."""

from __future__ import annotations

from pydantic import BaseModel

from credo.kernel import ActionSpace, Commitments, Game, IllegalAction, ResponseWindow, Rng, State

MOVES = ("rock", "paper", "scissors")


class NoOptions(BaseModel):
    pass


class RpsGame(Game):
    name = "rps"
    title = "Rock, paper, scissors (best of three)"
    rules_version = "toy-1"
    Options = NoOptions
    content_hash = "none"

    def __init__(self) -> None:
        self.actions = ActionSpace("rps", "rps:test", [(m, "throw", (i,)) for i, m in enumerate(MOVES)])

    def new(self, seed: int = 0, **options) -> "RpsState":
        self.options(**options)
        return RpsState(self, Rng(seed))

    def _load_position(self, position: dict) -> "RpsState":
        s = RpsState(self, Rng.restore(*position["rng"]))
        s.scores = list(position["scores"])
        s.commitments = Commitments((0, 1), {int(k): v for k, v in position["committed"].items()})
        return s


class RpsState(State):
    __slots__ = ("scores", "commitments")

    def __init__(self, game, rng) -> None:
        super().__init__(game, rng)
        self.scores = [0, 0]
        self.commitments = Commitments((0, 1))

    num_players = 2

    @property
    def to_move(self):
        return () if self.is_over else self.commitments.waiting

    @property
    def is_over(self) -> bool:
        return max(self.scores) >= 2

    @property
    def winners(self):
        if not self.is_over:
            return ()
        return (0,) if self.scores[0] > self.scores[1] else (1,)

    def _generate_legal(self, player):
        return list(self.game.actions)

    def _explain_illegal(self, action, player):
        return IllegalAction("Throw", "not a throw")

    def _apply(self, action, player):
        self.commitments.commit(player, action.args[0])
        self.narrate("Player {} commits a throw.", (player,), "Commit")
        self.narrate("You throw {}.", (MOVES[action.args[0]],), "Commit", frozenset({player}))
        if self.commitments.complete:
            a, b = self.commitments.choices[0], self.commitments.choices[1]
            self.narrate("Revealed: {} against {}.", (MOVES[a], MOVES[b]), "Reveal")
            if (a - b) % 3 == 1:
                self.scores[0] += 1
            elif (b - a) % 3 == 1:
                self.scores[1] += 1
            self.commitments = Commitments((0, 1))

    def copy(self):
        s = RpsState.__new__(RpsState)
        State.__init__(s, self.game, self.rng.copy(), self.log.copy())
        s.scores = self.scores[:]
        s.commitments = self.commitments.copy()
        return s

    def observation(self, player):
        return {"scores": list(self.scores), "commitments": self.commitments.visible_to(player)}

    def determinize(self, player, rng):
        s = self.copy()
        for p in list(s.commitments.choices):
            if p != player:
                s.commitments.choices[p] = rng.below(3)
        return s

    def to_position(self):
        return {"scores": self.scores, "committed": dict(self.commitments.choices),
                "rng": self.rng.to_position()}


class PrayerGame(Game):
    """Player 0 strikes for 2; in the window, player 1 then player 0 may each pray
    once (player 1's prayer blocks 1 damage, player 0's adds 1) or pass."""

    name = "prayer"
    title = "Strike and prayers"
    rules_version = "toy-1"
    Options = NoOptions
    content_hash = "none"

    def __init__(self) -> None:
        self.actions = ActionSpace("prayer", "prayer:test", [
            ("strike", "strike", ()), ("pray", "pray", ()), ("pass", "pass", ())])

    def new(self, seed: int = 0, **options):
        return PrayerState(self, Rng(seed))

    def _load_position(self, position):
        raise NotImplementedError


class PrayerState(State):
    __slots__ = ("window", "damage", "bonus", "struck")
    num_players = 2

    def __init__(self, game, rng):
        super().__init__(game, rng)
        self.window = None
        self.damage = 0
        self.bonus = 0
        self.struck = False

    @property
    def to_move(self):
        if self.struck and self.window is None:
            return ()
        if self.window is not None:
            return (self.window.current,)
        return (0,)

    @property
    def is_over(self):
        return self.struck and self.window is None

    @property
    def winners(self):
        return (0,) if self.is_over and self.damage >= 2 else (1,) if self.is_over else ()

    def _generate_legal(self, player):
        a = self.game.actions
        if self.window is None:
            return [a.parse("strike")]
        return [a.parse("pray"), a.parse("pass")]

    def _explain_illegal(self, action, player):
        return IllegalAction("Prayer step", f"{action} is not possible now")

    def _apply(self, action, player):
        if action.kind == "strike":
            self.window = ResponseWindow((1, 0))
            return
        prayed = action.kind == "pray"
        if prayed:
            if player == 1:
                self.bonus -= 1
            else:
                self.bonus += 1
        self.window.answer(player, prayed)
        if self.window.closed:
            self.window = None
            self.struck = True
            self.damage = 2 + self.bonus

    def copy(self):
        s = PrayerState.__new__(PrayerState)
        State.__init__(s, self.game, self.rng.copy(), self.log.copy())
        s.window = self.window.copy() if self.window else None
        s.damage, s.bonus, s.struck = self.damage, self.bonus, self.struck
        return s

    def observation(self, player):
        return {"damage": self.damage, "bonus": self.bonus}

    def determinize(self, player, rng):
        return self.copy()

    def to_position(self):
        return {}
