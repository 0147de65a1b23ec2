"""Strict undo: a move may be taken back only if nothing it showed could change the mind
of the person taking it back.

A move is a barrier for a viewer when its outcome, as that viewer sees it, was not fixed
by what they knew before it: it drew on chance (a die, a shuffle, a card drawn), or it
revealed something hidden (a secret choice, a card from a hand, the top of a deck).
Going back past a barrier would let a person play again knowing the dice or the cards,
so undo stops there: it never re-rolls.

The test is the same for every game: the move is replayed in worlds resampled from the
viewer's knowledge before it (`determinize`); if what the viewer sees after it (their
observation and what it narrates to them) is not the same in all of them, or the move
is not legal in all of them, or the true game drew on its rng, or it completed a
simultaneous secret choice, the move told them something they could not have known.
The worlds are a sample: a move whose outcome differs in few of the viewer's possible
worlds may pass for quiet, which is as much as a person could tell from it.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import CredoError
from .match import Match
from .rng import Rng
from .state import State

SAMPLES = 16


class Barrier(NamedTuple):
    move: int  # index in Match.moves
    action: str
    reason: str  # "chance" or "revealed"

    def describe(self) -> str:
        what = ("it drew on chance (dice, a shuffle or a card drawn)" if self.reason == "chance"
                else "it revealed what you could not see before it")
        return f"move {self.move + 1} ('{self.action}'): {what}"


def barrier(before: State, action: str, mover: int, viewer: int, samples: int = SAMPLES) -> str | None:
    """Why playing `action` for `mover` on `before` is a barrier for `viewer`, or None."""
    who = mover if mover >= 0 else None
    after = before.copy()
    start = len(after.log)
    after.apply(action, who)
    if after.rng.to_position() != before.rng.to_position():
        return "chance"
    movers = before.to_move
    if len(movers) > 1 and set(after.to_move) != set(movers) - {mover}:
        return "revealed"  # the last secret choice: everyone's are revealed
    seen = (after.observation(viewer), _narrated(after, viewer, start))
    for k in range(samples):
        world = before.determinize(viewer, Rng(0xB0_0000 + k))
        start = len(world.log)
        try:
            world.apply(action, who)
        except CredoError:
            return "revealed"  # only legal in some worlds: it showed what was hidden
        if (world.observation(viewer), _narrated(world, viewer, start)) != seen:
            return "revealed"
    return None


def _narrated(state: State, viewer: int, start: int) -> list[tuple[str, str]]:
    return [(e.text, e.rule) for e in state.events(viewer, start)]


def last_barrier(match: Match, viewers: list[int], since: int) -> Barrier | None:
    """The last move from index `since` on that is a barrier for any of `viewers`."""
    replay = Match(match.game, match.seed, match.options, match.position)
    found = None
    for i, (player, text) in enumerate(match.moves):
        if i >= since:
            for viewer in viewers:
                reason = barrier(replay.state, text, player, viewer)
                if reason is not None:
                    found = Barrier(i, text, reason)
                    break
        replay.play(text, player if player >= 0 else None)
    return found
