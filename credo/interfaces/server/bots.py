"""Bots: any agent name or level holds a seat and decides off the event loop.

A bot receives only a PlayerView (pickled to a worker process, or handed to a thread),
never the table's true state, and answers with its action's notation. A thinking bot
never delays another table: the event loop only waits for the answer.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from credo.agents import make_agent
from credo.kernel import PlayerView


def decide(agent: str, seed: int, view: PlayerView) -> str:
    """The notation of the action `agent` chooses on `view` (runs in a worker)."""
    return str(make_agent(agent, seed).choose(view))


class Bots:
    def __init__(self, kind: str = "process", workers: int = 1) -> None:
        if kind == "process":
            # spawn: a fresh interpreter, nothing of the server's state or event loop inherited
            self.pool: Executor = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        else:
            self.pool = ThreadPoolExecutor(workers, thread_name_prefix="credo-bot")

    async def decide(self, agent: str, seed: int, view: PlayerView) -> str:
        return await asyncio.get_running_loop().run_in_executor(self.pool, decide, agent, seed, view)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
