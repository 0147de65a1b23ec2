"""How responsive the server's event loop is: the lag behind `/api/health`.

Every table, socket and lobby request shares one event loop; anything that holds it
(a slow view, a synchronous call) delays them all. A small task asks to sleep a short
interval again and again and records how late the loop wakes it: that lateness is the
delay every other message on the loop was also seeing at that moment.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import deque


class LoopLag:
    def __init__(self, interval: float = 0.05, keep_seconds: float = 600.0) -> None:
        self.interval = interval
        self.samples: deque[tuple[float, float]] = deque(maxlen=int(keep_seconds / interval))  # (when, late)
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._watch())

    def stop(self) -> None:
        if self.task:
            self.task.cancel()

    async def _watch(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(self.interval)
            woke = time.monotonic()
            self.samples.append((woke, max(0.0, woke - asked - self.interval)))

    def summary(self, seconds: float) -> dict:
        """The lag over the last `seconds`, in milliseconds: p50, p99, the worst, and how
        many wake-ups it is measured on."""
        since = time.monotonic() - seconds
        lags = sorted(late for when, late in self.samples if when >= since)
        if not lags:
            return {"p50": None, "p99": None, "max": None, "samples": 0}
        p99 = lags[min(len(lags) - 1, int(len(lags) * 0.99))]
        return {"p50": round(statistics.median(lags) * 1000, 2), "p99": round(p99 * 1000, 2),
                "max": round(lags[-1] * 1000, 2), "samples": len(lags)}
