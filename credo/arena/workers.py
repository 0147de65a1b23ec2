"""Local processes that play an arena's games, and stop when the run stops.

`concurrent.futures` alone lets a stopped run linger: leaving a `ProcessPoolExecutor`
waits for the games in play (a minute each at the `hard` level), so a `kill` of the parent
leaves its workers playing on. Here only the parent answers Ctrl-C or `kill`: it keeps what
was played (its caller's business) and kills the workers at once; a game cut short is not
saved, so a resumed run plays it again from its seed."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed


def play_in_processes(play: Callable, items: Iterable, jobs: int, each: Callable[[object], None],
                      ordered: bool = True) -> None:
    """`play(item)` for every item in `jobs` processes, `each(result)` here as results
    arrive: in the order of `items`, or (`ordered=False`) as each game ends. Whatever
    stops the loop (an error in a game or in `each`, Ctrl-C, SIGTERM turned into
    KeyboardInterrupt by the caller) terminates the workers before it propagates."""
    pool = ProcessPoolExecutor(jobs, initializer=_leave_interrupts_to_the_parent)
    try:
        # a worker is forked inside submit() with this thread's handlers; a signal reaching it
        # before its initializer runs would raise in its copy of our stack and run our code on
        # (under pytest-xdist it reported a test of its own): workers start with the two blocked
        unblocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
        try:
            futures = [pool.submit(play, item) for item in items]
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, unblocked)
        for future in futures if ordered else as_completed(futures):
            each(future.result())
    except BaseException:
        _terminate(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


_STOPS = {signal.SIGINT, signal.SIGTERM}


def _leave_interrupts_to_the_parent() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # a fork inherits the parent's SIGTERM handler (the CLI's, which raises KeyboardInterrupt)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)


def _terminate(pool: ProcessPoolExecutor) -> None:
    terminate_workers = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate_workers is not None:
        terminate_workers()
        return
    for process in list((pool._processes or {}).values()):
        if process.is_alive():
            process.kill()  # a game cut short is abandoned: nothing in a worker needs to run first
