# Credo: `make run` serves the browser table, `make play` plays in the terminal, `make test` tests, `make bench` measures,
# `make strength` measures the agents into docs/agents.md (hours: STRENGTH_GAMES per pairing;
# each game's results are saved in docs/agents/GAME.json as they come, then joined).
# Each target first builds the virtual environment (once, or again when pyproject.toml changes).

PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed
BENCH_STAMP = $(VENV)/.installed-bench
STRENGTH_GAMES ?= 200
JOBS   ?= $(shell nproc 2>/dev/null || echo 1)

.PHONY: run play test bench strength strength-doc scaling clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]'
	touch $(BENCH_STAMP)

# the browser table: open the address it prints
run: $(STAMP)
	$(VENV)/bin/credo serve

play: $(STAMP)
	$(VENV)/bin/credo play

test: $(STAMP)
	$(PY) -m pytest -n 2

bench: $(BENCH_STAMP)
	$(PY) bench/run.py

# one run per game and number of players, each saved pairing by pairing (docs/agents/GAME.json,
# GAME-Np.json at N players other than the game's two), then joined. The search pairing is mcts-200
# against the medium level; Dirge's medium is the planner, so Dirge's two MCTS budgets are measured
# in a run of their own.
STRENGTH_GAME_LIST = dirge divine dogma jol
STRENGTH_SETTINGS = --games $(STRENGTH_GAMES) --jobs $(JOBS) --seed 0 --search-games 20
PLAYER_COUNTS = $(PY) -c "from credo import games; print(*games.load('$$game').player_counts())"
strength: $(STAMP)
	mkdir -p docs/agents
	for game in $(STRENGTH_GAME_LIST); do for players in $$($(PLAYER_COUNTS)); do \
	  out=docs/agents/$$game.json; [ $$players -eq 2 ] || out=docs/agents/$$game-$${players}p.json; \
	  $(VENV)/bin/credo report-agents --force $(STRENGTH_SETTINGS) --games-list $$game --players $$players \
	    --search-pair mcts-200,medium --save-results $$out || exit 1; \
	done; done
	$(VENV)/bin/credo report-agents --force $(STRENGTH_SETTINGS) --games-list dirge --search-pair mcts-200,mcts-400 \
	  --only search --save-results docs/agents/dirge-search.json
	$(VENV)/bin/credo report-agents --force --out docs/agents.md \
	  --merge $$(ls $(STRENGTH_GAME_LIST:%=docs/agents/%.json) $(STRENGTH_GAME_LIST:%=docs/agents/%-*p.json) \
	    docs/agents/dirge-search.json 2>/dev/null | tr '\n' ',' | sed 's/,$$//')

# docs/agents.md again from the saved runs it is made of (docs/agents/agents-md.list, one file a line),
# playing nothing: add a finished run's JSON to the list, then `make strength-doc`
strength-doc: $(STAMP)
	$(VENV)/bin/credo report-agents --force --out docs/agents.md --merge $$(paste -sd, docs/agents/agents-md.list)

# search that scales (issue #19): mcts-2N against mcts-N for N = 100, 200 and 400 in every game at
# every number of players, STRENGTH_GAMES games each, each deal in every seat order (hours: run one
# game with SCALING_GAMES_LIST=jol), each saved in docs/agents/scaling-GAME-N.json (scaling-GAME-Pp-N.json
# at P players other than two) and measured into docs/agents/scaling.md
SCALING_N ?= 100 200 400
SCALING_GAMES_LIST ?= $(STRENGTH_GAME_LIST)
scaling: $(STAMP)
	mkdir -p docs/agents
	for game in $(SCALING_GAMES_LIST); do for players in $$($(PLAYER_COUNTS)); do for n in $(SCALING_N); do \
	  out=docs/agents/scaling-$$game-$$n.json; [ $$players -eq 2 ] || out=docs/agents/scaling-$$game-$${players}p-$$n.json; \
	  $(VENV)/bin/credo report-agents --force --games-list $$game --players $$players \
	    --search-pair mcts-$$((2 * n)),mcts-$$n --search-games $(STRENGTH_GAMES) --only search --duplicate \
	    --jobs $(JOBS) --seed 0 --out /tmp/credo-scaling.md --save-results $$out || exit 1; \
	done; done; done
	$(VENV)/bin/credo report-agents --force --out docs/agents/scaling.md \
	  --merge $$(ls docs/agents/scaling-*.json | tr '\n' ',' | sed 's/,$$//')

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
