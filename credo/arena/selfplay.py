"""Self-play: agents play whole games against each other, every decision made
from a PlayerView, every game kept as a replayable Match."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from credo.agents import Agent, make_agent
from credo.kernel import Game, Match, PlayerView
from credo.kernel.view import match_secret, sampling_seed


def play_game(game: Game, agents: list[Agent], seed: int, options: dict | None = None,
              max_moves: int = 100_000, secret: bytes | None = None) -> Match:
    """One game; each player to move is asked in turn (simultaneous choices in seat order).
    The worlds agents sample are seeded from `secret` (kernel/view.py): by default one
    derived from the seed, so that a run reproduces; a random one where agents are not trusted.
    The game's machine turn limit applies unless `options` sets `turn_limit` (Game.machine_options);
    the record keeps the options played."""
    match = Match(game, seed, game.machine_options(options))
    secret = secret if secret is not None else match_secret(None, seed)
    moves = 0
    while not match.state.is_over:
        # Several players to move means a simultaneous choice: each commits in turn,
        # and each one's view hides the others' commitments.
        player = match.state.to_move[0]
        view = PlayerView(match.state, player, seed=sampling_seed(secret, player, moves))
        match.play(agents[player].choose(view), player)
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"game with seed {seed} exceeded {max_moves} moves")
    return match


@dataclass
class SelfPlayStats:
    games: int = 0
    wins: list[int] = field(default_factory=list)  # per seat; a team win counts for each winner
    decided: int = 0
    draws: int = 0
    moves: int = 0
    seconds: float = 0.0

    @property
    def average_length(self) -> float:
        return self.moves / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def selfplay(game: Game, agent_names: list[str], games: int, seed: int = 0,
             options: dict | None = None, records: Path | None = None,
             progress: Callable[[int], None] | None = None, secret: bytes | None = None) -> SelfPlayStats:
    """Play `games` games with seeds seed, seed+1, ...; optionally write one record each."""
    num = len(agent_names)
    stats = SelfPlayStats(wins=[0] * num)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        agents = [make_agent(name, game_seed * 31 + p) for p, name in enumerate(agent_names)]
        match = play_game(game, agents, game_seed, options, secret=match_secret(secret, game_seed))
        stats.games += 1
        stats.moves += len(match.moves)
        winners = match.state.winners
        if winners:
            stats.decided += 1
            for w in winners:
                stats.wins[w] += 1
        else:
            stats.draws += 1
        if records is not None:
            path = records / f"{game.name}-{game_seed:06d}.json"
            path.write_text(json.dumps(match.record(), indent=1))
        if progress is not None:
            progress(i + 1)
    stats.seconds = time.perf_counter() - start
    return stats
