"""Tournament games as Ray tasks, on this machine or on a Ray cluster.

Each fixture is one task running `play_fixture`; results come back in fixture order,
so a tournament gives the same results on Ray as in local processes for the same
seed. Ray is optional (`pip install 'credo[ray]'`) and imported only when used.

Without an address a quiet local Ray instance of `jobs` CPUs is started (no
dashboard, workers' output not forwarded) and shut down afterwards. With an address
(`auto`, `HOST:PORT` or `ray://HOST:10001`) the games run on that cluster, whose
machines need credo installed. If Ray is already initialised in this process, it is
used as it is and left running.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from credo.kernel.numbers import small_int
from credo.kernel import quoted

if TYPE_CHECKING:
    from .tournament import Fixture, GameResult

INSTALL_HINT = "the ray backend needs Ray, which is not installed: pip install 'credo[ray]'"


def require_ray():
    """The `ray` module, or an ImportError saying how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc
    return ray


def check_address(address: str) -> None:
    """Refuse, in a second or three, a cluster address nothing answers at: `ray.init`
    would wait minutes, deaf to Ctrl-C, or fail with a long traceback."""
    import os
    import socket
    from pathlib import Path

    if address == "auto":
        if os.environ.get("RAY_ADDRESS") or Path("/tmp/ray/ray_current_cluster").exists():
            return
        raise ValueError("--address auto: no Ray cluster runs on this machine (start one with "
                         "'ray start --head', or leave out --address to play on a local Ray of --jobs CPUs)")
    hostport = address.split("://", 1)[-1]
    host, sep, port = hostport.rpartition(":")
    number = small_int(port)
    if not sep or not host or number is None or not 0 < number < 65536:
        raise ValueError(f"--address {quoted(address)} is not auto, HOST:PORT or ray://HOST:PORT")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=3):
            pass
    except OSError as exc:
        raise ValueError(f"--address {address}: no Ray cluster answers there ({exc.strerror or exc})") from None


def _init(ray, jobs: int, address: str | None) -> None:
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
    if address:
        ray.init(address=address, **quiet)
    else:
        ray.init(num_cpus=max(1, jobs), include_dashboard=False, **quiet)


@contextmanager
def ray_session(jobs: int = 1, address: str | None = None) -> Iterator[Any]:
    """Ray, initialised: the instance already running in this process, else a quiet local
    one of `jobs` CPUs (or a connection to the cluster at `address`), shut down on leaving."""
    ray = require_ray()
    started = not ray.is_initialized()
    if started:
        _init(ray, jobs, address)
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def run_fixtures(work: list[tuple[str, Fixture, dict, bool, str | None, bytes | None]], jobs: int,
                 address: str | None = None,
                 progress: Callable[[int, int], None] | None = None, play: Callable | None = None,
                 each: Callable[[Any, int], None] | None = None) -> list[GameResult]:
    """`play` (by default `play_fixture`) on each item of `work` as a Ray task; the results in
    the order of `work`. `each(result, done)` is called as each result arrives, in any order."""
    from .tournament import play_fixture

    with ray_session(jobs, address) as ray:
        task = ray.remote(play or play_fixture)
        refs = [task.remote(item) for item in work]
        place = {ref: i for i, ref in enumerate(refs)}
        results: list[Any] = [None] * len(refs)
        pending = list(refs)
        done = 0
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    results[place[ref]] = ray.get(ref)  # a failed game raises here, at once
                    done += 1
                    if each:
                        each(results[place[ref]], done)
                    if progress:
                        progress(done, len(refs))
        except BaseException:
            for ref in pending:
                ray.cancel(ref)
            raise
        return results
