"""The Ray backend: a tournament played as Ray tasks gives the process backend's results.
Ray is a test dependency, so these run (never skip) on one local Ray instance."""

import sys

import pytest
import ray

from credo.arena import tournament
from credo.interfaces.cli import main

FAST = {"mode": "teams", "turn_limit": 12}


@pytest.fixture(scope="module")
def local_ray():
    import logging

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    yield
    ray.shutdown()


def outcomes(result):
    return [(r.fixture, r.returns, r.moves) for r in result.results]


def test_ray_gives_the_process_backends_results(local_ray):
    seen = []
    on_ray = tournament("jol", ["random", "greedy"], 2, seed=5, jobs=2, backend="ray",
                        progress=lambda done, total: seen.append((done, total)))
    in_processes = tournament("jol", ["random", "greedy"], 2, seed=5, jobs=2)
    assert outcomes(on_ray) == outcomes(in_processes)
    assert on_ray.ratings == in_processes.ratings
    assert seen == [(1, 2), (2, 2)]
    assert ray.is_initialized(), "a Ray instance the caller started is left running"


def test_arena_command_runs_on_ray_and_keeps_records(local_ray, tmp_path, capsys):
    assert main(["arena", "dirge", "--agents", "random,greedy", "--games", "2", "--backend", "ray",
                 "-o", "mode=teams", "-o", "turn_limit=8", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "greedy vs random" in out and "openskill" in out
    assert len(list(tmp_path.glob("*.json"))) == 2


def test_address_implies_the_ray_backend(monkeypatch):
    import credo.arena

    calls = []

    def fake(*args, **kwargs):
        calls.append(kwargs)
        raise SystemExit(0)

    monkeypatch.setattr(credo.arena, "tournament", fake)
    from credo.arena import ray_backend

    monkeypatch.setattr(ray_backend, "check_address", lambda address: None)  # no cluster answers here
    with pytest.raises(SystemExit):
        main(["arena", "dirge", "--agents", "random,greedy", "--address", "ray://head:10001"])
    assert calls[0]["backend"] == "ray" and calls[0]["address"] == "ray://head:10001"
    with pytest.raises(SystemExit) as err:
        main(["arena", "dirge", "--agents", "random,greedy", "--backend", "process", "--address", "auto"])
    assert "--backend ray" in str(err.value)


def test_a_missing_ray_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    with pytest.raises(SystemExit) as err:
        main(["arena", "dirge", "--agents", "random,greedy", "--backend", "ray"])
    assert "pip install 'credo[ray]'" in str(err.value)
    with pytest.raises(ImportError, match=r"credo\[ray\]"):
        tournament("dirge", ["random", "greedy"], 1, backend="ray")


def test_an_unknown_backend_is_named():
    with pytest.raises(ValueError, match="backends are: process, ray"):
        tournament("dirge", ["random", "greedy"], 1, backend="dask")


def test_the_balance_lab_on_ray_saves_the_process_backends_games(local_ray, tmp_path):
    from credo.arena import lab

    def games(backend: str) -> list[tuple]:
        settings = lab.Settings("jol", "random", 1, seed=2, backend=backend)
        rows = lab.run(settings, tmp_path / backend)
        assert len(lab.read_results(tmp_path / backend)) == len(rows) == 9
        return sorted((r["matchup"], r["seed"], r["winners"], r["moves"]) for r in rows)

    assert games("ray") == games("process")
