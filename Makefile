# Two commands from a fresh machine with Python 3.11 and make:
#   make run    set everything up, then play a match in the terminal against a bot
#   make test   set everything up, then ruff, mypy and every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAME ?= jukem
BOT ?= $(GAME)-greedy
# conformance playouts per game: a few hundred in CI, thousands when asked
PLAYOUTS ?= 200
# the CPU build of torch that lies on this kind of machine (see docs/rl.md)
TORCH ?= 2.13.0

.PHONY: setup run test lint bench clean

# torch's CPU build goes in first (pinned: a bare `torch` can pull a multi-GB CUDA build), so
# that the train extra finds it there
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e ".[dev,arena,ray,rl,openspiel]"
	$(BIN)/pip install --quiet --disable-pip-version-check "torch==$(TORCH)"
	$(BIN)/pip install --quiet --disable-pip-version-check -e ".[train]"
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/tablesports play $(GAME) --vs $(BOT)

lint: setup
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

test: lint
	TABLESPORTS_PLAYOUTS=$(PLAYOUTS) $(BIN)/pytest -n 2

bench: setup
	$(BIN)/tablesports bench --seconds 5

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
