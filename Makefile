# Two commands from a fresh machine with Python 3.11 and make:
#   make run    install what playing needs (the package alone), then play a bot in the terminal
#   make test   install the package with the test extras, then ruff, mypy and every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What `make test` (and CI) installs besides the package: append a branch's extra here, one
# line each (TEST_EXTRAS := $(TEST_EXTRAS),web), and `make run` stays light.
TEST_EXTRAS := dev,arena,ray
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
GAME ?= jukem
BOT ?= $(GAME)-greedy
# conformance playouts per game: a few hundred in CI, thousands when asked
PLAYOUTS ?= 200

.PHONY: setup run test lint bench clean

PIP := $(BIN)/pip install --quiet --disable-pip-version-check

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# playing needs the package and its few dependencies only
$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e .
	touch $@

# the full setup: the package with every extra the tests use
$(TEST_STAMP): pyproject.toml Makefile | $(BIN)/python
	$(PIP) -e ".[$(TEST_EXTRAS)]"
	touch $@ $(RUN_STAMP)

setup: $(TEST_STAMP)

run: $(RUN_STAMP)
	$(BIN)/tablesports play $(GAME) --vs $(BOT)

lint: setup
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

test: lint
	TABLESPORTS_PLAYOUTS=$(PLAYOUTS) $(BIN)/pytest -n 2

bench: $(RUN_STAMP)
	$(BIN)/tablesports bench --seconds 5

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
