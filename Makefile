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

.PHONY: setup run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e ".[dev,arena,ray,physics]"
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
