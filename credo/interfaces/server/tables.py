"""Table actors: one writer per table.

A table holds its Match (the true state, which never leaves this module), its seats
and the connections watching it. Every change goes through the table's lock, one at a
time: a move is checked (the seat is to move, the move number it saw is the number of
its decision, the game accepts the action), stored, and only then told to anyone, each
connection receiving the view of its own seat (spectators: the view of nobody).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from credo import games
from credo.kernel import CredoError, Match, PlayerView
from credo.kernel.undo import last_barrier
from credo.kernel.view import new_secret, sampling_seed

if TYPE_CHECKING:
    from .app import Hub


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    kind: str  # person or bot
    name: str | None = None
    token_hash: str | None = None
    agent: str | None = None

    def matches(self, token: str) -> bool:
        return self.token_hash is not None and hmac.compare_digest(self.token_hash, token_hash(token))


@dataclass(eq=False)
class Connection:
    """One socket: its seat (None: a spectator), what it has been told, its message budget."""
    send: Any  # async callable taking a dict
    seat: int | None
    seen: int = 0  # events of the log already sent
    tokens: float = 0.0
    last: float = field(default_factory=time.monotonic)

    def allow(self, rate: float, burst: int) -> bool:
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.last) * rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Table:
    def __init__(self, hub: Hub, row, seats: list[Seat], moves: list[tuple[int, str]]) -> None:
        self.hub = hub
        self.id: str = row.id
        self.game = games.load(row.game)
        self.options: dict = dict(row.options)
        self.seed: int = row.seed
        self.clock: dict = dict(row.clock)
        self.status: str = row.status
        self.result: dict | None = row.result
        self.seats = seats
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self.secret = new_secret()  # the bots' sampled worlds (kernel/view.py)
        self.thinking: set[int] = set()
        self.timeout_bots: dict[int, str] = {}  # seats a clock handed to a bot for one decision
        self.undo_request: dict | None = None
        self.rematch_id: str | None = None
        self.opened: dict[int, int] = {}
        self.group: frozenset[int] = frozenset()
        self._catalogue: dict | None = None
        self._replay_cursor: Match | None = None  # the replay of a finished game, moved forward as it is watched
        self._replay(moves)
        limit = self.clock.get("seconds", 0) if self.clock.get("kind") == "budget" else 0
        self.remaining = {s: float(limit) for s in range(len(seats))}
        self.started = {s: time.monotonic() for s in self.opened}
        self.timer: asyncio.Task | None = None

    # --- bookkeeping of decisions --------------------------------------------------------
    def _track(self, before: tuple, mover: int | None) -> None:
        """After a move: when each seat's current decision opened (the number its move must
        `expect`), and which seats share an open simultaneous choice."""
        n = len(self.match.moves)
        now = self.match.state.to_move
        for s in list(self.opened):
            if s not in now:
                del self.opened[s]
        for s in now:
            if s not in before or s == mover:
                self.opened[s] = n
        if now and all(self.opened[s] == n for s in now):
            self.group = frozenset(now) if len(now) > 1 else frozenset()

    def _replay(self, moves: list[tuple[int, str]]) -> None:
        """The table rebuilt from its seed and moves (a restart, an undo): restart is replay."""
        self.match = Match(self.game, self.seed, self.options)
        self.opened, self.group = {}, frozenset()
        self._track((), None)
        for seat, notation in moves:
            before = self.match.state.to_move
            self.match.play(notation, seat if seat >= 0 else None)
            self._track(before, seat)

    @property
    def committed(self) -> list[int]:
        """Seats that have made their secret choice in the open simultaneous decision."""
        if self.status != "running":
            return []
        to_move = set(self.match.state.to_move)
        return sorted(self.group - to_move) if self.group and to_move <= self.group else []

    # --- what each connection is told ------------------------------------------------------
    def summary(self) -> dict:
        return {
            "id": self.id, "game": self.game.name, "title": self.game.title, "options": self.options,
            "status": self.status, "clock": self.clock, "result": self.result, "moves": len(self.match.moves),
            "seats": [{"seat": i, "kind": s.kind, "name": s.name, "agent": s.agent,
                       "open": s.kind == "person" and s.token_hash is None} for i, s in enumerate(self.seats)],
            "rematch": self.rematch_id,
        }

    def clocks(self) -> dict | None:
        kind = self.clock.get("kind", "none")
        if kind == "none":
            return None
        now = time.monotonic()
        out = {}
        for s in range(len(self.seats)):
            left = self.clock["seconds"] if kind == "per_decision" else self.remaining[s]
            if s in self.opened and self.status == "running":
                left -= now - self.started.get(s, now)
            out[str(s)] = round(max(0.0, left), 2) if (kind == "budget" or s in self.opened) else None
        return out

    def view_message(self, conn: Connection, reset: bool = False) -> dict:
        state = self.match.state
        seat = conn.seat
        if reset:
            conn.seen = 0
        events = state.events(seat, conn.seen)
        conn.seen = len(state.log)
        playing = self.status == "running" and seat is not None and seat in state.to_move
        legal = state.legal_actions(seat) if playing else []
        return {
            "type": "view", "table": self.id, "seat": seat, "status": self.status, "result": self.result,
            "move": len(self.match.moves), "expect": self.opened.get(seat) if playing else None,
            "to_move": list(state.to_move), "committed": self.committed,
            "observation": state.observation(seat),
            "legal": [{"index": a.index, "notation": str(a), "text": self.hub.describe(self.game, a)} for a in legal],
            "events": [{"text": e.text, "rule": e.rule} for e in events], "reset": reset,
            "clocks": self.clocks(), "undo": self._undo_for(seat), "seats": self.summary()["seats"],
            "rematch": self.rematch_id,
        }

    def catalogue(self) -> dict:
        """The game's public content, computed once per table (the same for every seat)."""
        if self._catalogue is None:
            self._catalogue = self.game.catalogue()
        return self._catalogue

    def replay_view(self, move: int) -> dict:
        """What a spectator saw after `move` moves of this finished game: its board and every
        public event up to there."""
        match = self._replay_cursor
        if match is None or len(match.moves) > move:
            match = Match(self.game, self.seed, self.options)
        for seat, notation in self.match.moves[len(match.moves):move]:
            match.play(notation, seat if seat >= 0 else None)
        self._replay_cursor = match
        state = match.state
        return {
            "type": "view", "table": self.id, "seat": None, "status": self.status if move == len(self.match.moves)
            else "running", "result": self.result if move == len(self.match.moves) else None,
            "move": move, "expect": None, "to_move": list(state.to_move), "committed": [],
            "observation": state.observation(None), "legal": [],
            "events": [{"text": e.text, "rule": e.rule} for e in state.events(None, 0)], "reset": True,
            "clocks": None, "undo": None, "seats": self.summary()["seats"], "rematch": None,
        }

    def _undo_for(self, seat: int | None) -> dict | None:
        r = self.undo_request
        if r is None:
            return None
        return {"by": r["by"], "waiting_for": sorted(r["waiting"]), "yours": seat in r["waiting"]}

    async def broadcast(self, reset: bool = False) -> None:
        for conn in list(self.connections):
            try:
                await conn.send(self.view_message(conn, reset))
            except Exception:  # a closed socket: its handler removes it
                pass

    # --- moves -------------------------------------------------------------------------------
    async def act(self, seat: int | None, notation: str, expect: int) -> str | None:
        """Play `notation` for `seat`; None, or the one line that says why not (nothing changed)."""
        async with self.lock:
            error = await self._act(seat, notation, expect)
        if error is None:
            await self.after_change()
        return error

    async def _act(self, seat: int | None, notation: str, expect: int) -> str | None:
        if seat is None:
            return "spectators watch: they do not play"
        if self.status == "open":
            return "the game starts when every seat is taken"
        if self.status == "finished":
            return "the game is over"
        state = self.match.state
        if seat not in state.to_move:
            return f"it is not your turn (to move: {', '.join(f'seat {s + 1}' for s in state.to_move)})"
        if expect != self.opened.get(seat):
            return (f"your view was of move {expect}, and this decision opened at move {self.opened.get(seat)}: "
                    "it was refused, and your view is refreshed")
        before = state.to_move
        try:
            action = self.match.play(notation, seat)
        except CredoError as exc:
            return str(exc)
        number = len(self.match.moves) - 1
        try:
            await self.hub.store.add_move(self.id, number, seat, str(action))
        except Exception as exc:  # not stored, so it did not happen
            self.match.undo(1)
            return f"the move could not be stored ({type(exc).__name__}); nothing changed"
        self._spend_clock(seat)
        self._track(before, seat)
        self.timeout_bots.pop(seat, None)
        self.undo_request = None
        for s in self.match.state.to_move:
            if self.opened.get(s) == len(self.match.moves):
                self.started[s] = time.monotonic()
        if self.match.state.is_over:
            await self._finish({"winners": list(self.match.state.winners), "reason": "game",
                                "returns": self.match.state.returns()})
        return None

    def _spend_clock(self, seat: int) -> None:
        if self.clock.get("kind") == "budget":
            used = time.monotonic() - self.started.get(seat, time.monotonic())
            self.remaining[seat] = max(0.0, self.remaining[seat] - used) + self.clock.get("increment", 0)

    async def _finish(self, result: dict) -> None:
        self.status, self.result = "finished", result
        await self.hub.store.set_status(self.id, "finished", result)
        if self.timer:
            self.timer.cancel()

    async def after_change(self, reset: bool = False) -> None:
        await self.broadcast(reset)
        self.schedule()

    # --- bots and clocks ----------------------------------------------------------------------
    def schedule(self) -> None:
        if self.status != "running":
            return
        for seat in self.match.state.to_move:
            agent = self.timeout_bots.get(seat) or (self.seats[seat].agent if self.seats[seat].kind == "bot" else None)
            if agent and seat not in self.thinking:
                self.thinking.add(seat)
                asyncio.get_running_loop().create_task(self._bot_turn(seat, agent))
        self._arm_clock()

    async def _bot_turn(self, seat: int, agent: str) -> None:
        try:
            async with self.lock:
                if self.status != "running" or seat not in self.match.state.to_move:
                    return
                n = len(self.match.moves)
                view = PlayerView(self.match.state, seat, seed=sampling_seed(self.secret, seat, n))
                expect = self.opened[seat]
            try:
                notation = await self.hub.bots.decide(agent, self.seed * 31 + seat * 7 + n, view)
            except Exception as exc:  # a bot that fails must not stop the table: the seat still plays
                notation = self._fallback(seat, n)
                self.hub.log(f"table {self.id}: bot {agent} at seat {seat + 1} failed ({type(exc).__name__}: "
                             f"{str(exc)[:200]}); it played a random legal action instead")
            error = await self.act(seat, notation, expect)
            if error and "opened at move" not in error and "not your turn" not in error:
                self.hub.log(f"table {self.id}: bot {agent} at seat {seat + 1} was refused: {error}")
        finally:
            self.thinking.discard(seat)
        if self.status == "running":
            self.schedule()

    def _fallback(self, seat: int, n: int) -> str:
        """A random legal action of the seat, from its own legal list (what its view offers)."""
        import random

        legal = self.match.state.legal_actions(seat) if seat in self.match.state.to_move else []
        return str(random.Random(self.seed * 31 + seat * 7 + n).choice(legal)) if legal else ""

    def _arm_clock(self) -> None:
        kind = self.clock.get("kind", "none")
        if kind == "none" or self.status != "running":
            return
        if self.timer and not self.timer.done():
            self.timer.cancel()
        now = time.monotonic()
        deadlines = []
        for s in self.match.state.to_move:
            if self.seats[s].kind != "person" or s in self.timeout_bots:
                # a bot's thinking is the server's time, not a player's: bots never lose on time,
                # and a decision already handed to a bot is not timed out again while it thinks
                continue
            left = self.clock["seconds"] if kind == "per_decision" else self.remaining[s]
            deadlines.append((self.started.get(s, now) + left, s, self.opened.get(s)))
        if deadlines:
            self.timer = asyncio.get_running_loop().create_task(self._expire(min(deadlines)))

    async def _expire(self, deadline: tuple) -> None:
        when, seat, opened = deadline
        await asyncio.sleep(max(0.0, when - time.monotonic()))
        async with self.lock:
            if self.status != "running" or self.opened.get(seat) != opened or seat not in self.match.state.to_move:
                return
            rule = self.clock.get("on_timeout", "bot:easy")
            if rule == "forfeit":
                side = self.game.team_of(seat, len(self.seats))
                winners = [s for s in range(len(self.seats)) if self.game.team_of(s, len(self.seats)) != side]
                await self._finish({"winners": winners, "reason": "time", "seat": seat})
            else:
                self.timeout_bots[seat] = rule.split(":", 1)[1]
        await self.after_change()

    # --- resign, undo, rematch ------------------------------------------------------------------
    async def resign(self, seat: int) -> str | None:
        async with self.lock:
            if self.status != "running":
                return "only a game in progress can be resigned"
            side = self.game.team_of(seat, len(self.seats))
            winners = [s for s in range(len(self.seats)) if self.game.team_of(s, len(self.seats)) != side]
            await self._finish({"winners": winners, "reason": "resigned", "seat": seat})
        await self.after_change()
        return None

    async def undo(self, seat: int, answer: str) -> str | None:
        """An undo asked by `seat`, or its answer to another person's request. Against bots
        it is granted at once; between people, when every other person agrees. Never back
        past dice, a draw or a revealed secret (kernel/undo.py)."""
        async with self.lock:
            if self.status != "running":
                return "only a game in progress has moves to take back"
            people = [s for s, x in enumerate(self.seats) if x.kind == "person"]
            if answer == "request":
                mine = [i for i, (p, _) in enumerate(self.match.moves) if p == seat]
                if not mine:
                    return "you have no move to take back"
                cut = mine[-1]
                stop = last_barrier(self.match, people, cut)
                if stop is not None:
                    return f"cannot take back past {stop.describe()}"
                others = set(people) - {seat}
                if others:
                    self.undo_request = {"by": seat, "cut": cut, "at": len(self.match.moves), "waiting": others}
                    done = False
                else:
                    await self._take_back(cut)
                    done = True
            else:
                r = self.undo_request
                if r is None or seat not in r["waiting"]:
                    return "there is no request of undo waiting for your answer"
                if answer == "refuse" or r["at"] != len(self.match.moves):
                    self.undo_request = None
                    done = False
                else:
                    r["waiting"].discard(seat)
                    done = not r["waiting"]
                    if done:
                        await self._take_back(r["cut"])
        await self.after_change(reset=done)
        return None

    async def _take_back(self, cut: int) -> None:
        await self.hub.store.take_back(self.id, cut)
        self._replay(self.match.moves[:cut])
        self.undo_request = None
        self.timeout_bots.clear()
        now = time.monotonic()
        self.started = {s: now for s in self.opened}

    def find_seat(self, token: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.matches(token):
                return i
        return None
