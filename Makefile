# Credo: `make run` plays, `make test` tests, `make bench` measures.
# Each target first builds the virtual environment (once, or again when pyproject.toml changes).

PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed
BENCH_STAMP = $(VENV)/.installed-bench

.PHONY: run test bench clean

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

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
