# Credo: `make run` plays, `make test` tests, `make bench` measures,
# `make strength` measures the agents into docs/agents.md (hours: STRENGTH_GAMES per pairing).
# Each target first builds the virtual environment (once, or again when pyproject.toml changes).

PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed
BENCH_STAMP = $(VENV)/.installed-bench
STRENGTH_GAMES ?= 200
JOBS   ?= $(shell nproc 2>/dev/null || echo 1)

.PHONY: run test bench strength clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]'
	touch $(BENCH_STAMP)

run: $(STAMP)
	$(VENV)/bin/credo play

test: $(STAMP)
	$(PY) -m pytest -n 2

bench: $(BENCH_STAMP)
	$(PY) bench/run.py

strength: $(STAMP)
	$(VENV)/bin/credo report-agents --games $(STRENGTH_GAMES) --jobs $(JOBS) --out docs/agents.md

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
