"""The arena's worker processes stop with the run, and leave Ctrl-C to the parent."""

import multiprocessing
import os
import signal
import time
from pathlib import Path

import pytest

from credo.arena.tournament import run_work
from credo.arena.workers import play_in_processes


def _game(item: tuple[Path, float]) -> str:
    """A stand-in for a game: it takes `seconds`, then leaves its mark."""
    folder, seconds = item
    time.sleep(seconds)
    (folder / f"{os.getpid()}-{seconds}").write_text("finished")
    return f"{seconds}"


def _interrupt_handling(_item) -> tuple[bool, bool, bool]:
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    return (signal.getsignal(signal.SIGINT) is signal.SIG_IGN,
            signal.getsignal(signal.SIGTERM) is signal.SIG_DFL,
            not blocked & {signal.SIGINT, signal.SIGTERM})


def _broken(item: int) -> int:
    if item == 2:
        raise ValueError("game 2 went wrong")
    return item


def test_a_stopped_run_abandons_the_games_in_play(tmp_path):
    def stop(_result) -> None:
        raise KeyboardInterrupt  # what the CLI's SIGTERM handler, or Ctrl-C, raises here

    work = [(tmp_path, 0.0), (tmp_path, 3.0), (tmp_path, 3.0), (tmp_path, 3.0)]
    with pytest.raises(KeyboardInterrupt):
        run_work(work, jobs=2, play=_game, each=stop)
    assert multiprocessing.active_children() == []
    time.sleep(3.5)  # long enough for a worker left running to finish its game
    finished = sorted(p.name.split("-")[1] for p in tmp_path.iterdir())
    assert finished == ["0.0"], "a game in play when the run stopped was played on"


def test_workers_leave_interrupts_to_the_parent():
    def raise_interrupt(signum, frame):
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, raise_interrupt)  # the CLI's handler, which a fork inherits
    try:
        seen: list = []
        play_in_processes(_interrupt_handling, range(4), 2, seen.append)
    finally:
        signal.signal(signal.SIGTERM, before)
    assert seen == [(True, True, True)] * 4


def test_a_games_error_reaches_the_caller_and_stops_the_workers():
    seen: list = []
    with pytest.raises(ValueError, match="game 2 went wrong"):
        play_in_processes(_broken, range(6), 2, seen.append)
    assert seen == [0, 1]
    assert multiprocessing.active_children() == []


def test_results_arrive_in_the_order_of_the_work_or_as_games_end(tmp_path):
    work = [(tmp_path, 2.0), (tmp_path, 0.0)]
    ordered: list = []
    play_in_processes(_game, work, 2, ordered.append)
    assert ordered == ["2.0", "0.0"]
    as_they_end: list = []
    play_in_processes(_game, work, 2, as_they_end.append, ordered=False)
    assert as_they_end == ["0.0", "2.0"]
