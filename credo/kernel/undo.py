"""Strict undo: a move may be taken back only if nothing it showed could change the mind
of the person taking it back.

A move is a barrier for a viewer when its outcome, as that viewer sees it, was not fixed
by what they knew before it: it drew on chance (a die, a shuffle, a card drawn), or it
revealed something hidden (a secret choice, a card from a hand, the top of a deck).
Going back past a barrier would let a person play again knowing the dice or the cards,
so undo stops there: it never re-rolls.

The test is the same for every game: the move is replayed in worlds resampled from the
viewer's knowledge before it (`determinize`); if the viewer's observation after it is
not the same in all of them, or the true game drew on its rng, the move told them
something they could not have known.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import CredoError
from .match import Match
from .rng import Rng
from .state import State

SAMPLES = 6


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
    after = before.copy()
    after.apply(action, mover if mover >= 0 else None)
    if after.rng.to_position() != before.rng.to_position():
        return "chance"
    seen = after.observation(viewer)
    for k in range(samples):
        world = before.determinize(viewer, Rng(0xB0_0000 + k))
        try:
            world.apply(action, mover if mover >= 0 else None)
        except CredoError:
            return "revealed"  # only legal in the true game: it depends on what was hidden
        if world.observation(viewer) != seen:
            return "revealed"
    return None


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
