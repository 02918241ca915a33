# Two commands from a fresh machine with Python 3.11 and make:
#   make run    install what playing needs (no dev tools), then play a bot in the terminal
#   make test   install the package with the test extras, then ruff, mypy and every test
#   make serve install the web app's extra, then start it on http://127.0.0.1:8000
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What `make test` (and CI) installs besides the package: append a branch's extra here, one
# line each (TEST_EXTRAS := $(TEST_EXTRAS),web), and `make run` stays light.
TEST_EXTRAS := dev,arena,ray
TEST_EXTRAS := $(TEST_EXTRAS),web,webtest
TEST_EXTRAS := $(TEST_EXTRAS),physics
TEST_EXTRAS := $(TEST_EXTRAS),rl,openspiel,train
TEST_EXTRAS := $(TEST_EXTRAS),supersuit
RUN_STAMP := $(VENV)/.installed-run
WEB_STAMP := $(VENV)/.installed-web
TEST_STAMP := $(VENV)/.installed-test
GAME ?= jukem
# each game's own bot: <game>-greedy, but for these two
BOT ?= $(or $(BOT_$(GAME)),$(GAME)-greedy)
BOT_bloodbowl := bloodbowl-scripted
BOT_juggers := juggers-aim
# conformance playouts per game: a few hundred in CI, thousands when asked
PLAYOUTS ?= 200
# the port of `make serve`
PORT ?= 8000
# the CPU build of torch that lies on this kind of machine (see docs/rl.md)
TORCH ?= 2.13.0

.PHONY: setup run serve test lint bench clean system-deps catalogs strength native

PIP := $(BIN)/pip install --quiet --disable-pip-version-check

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# playing needs the package, its few dependencies and pymunk (Juggers Fallout's table) only
$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e ".[physics]"
	touch $@

# the full setup: the package with every extra the tests use; torch's CPU build goes in first
# (pinned: a bare `torch` can pull a multi-GB CUDA build), so that the train extra finds it
$(TEST_STAMP): pyproject.toml Makefile | $(BIN)/python
	$(PIP) "torch==$(TORCH)"
	$(PIP) -e ".[$(TEST_EXTRAS)]"
	touch $@ $(RUN_STAMP) $(WEB_STAMP)

setup: $(TEST_STAMP)

run: $(RUN_STAMP)
	$(BIN)/tablesports play $(GAME) --vs $(BOT)

# the web app needs its extra (FastAPI, uvicorn, SQLAlchemy, Babel), not the test tools
$(WEB_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e ".[web]"
	touch $@ $(RUN_STAMP)

serve: $(WEB_STAMP)
	$(BIN)/tablesports serve --port $(PORT)

# the web app's tests need a real browser and a real database server: Debian's chromium,
# postgresql and a CJK font (Korean pages); the compiled pathfinder needs gcc and Python's
# headers. Installed with apt-get when absent (CI runs as root on a fresh machine; never
# Playwright's own browser download)
system-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v gcc >/dev/null 2>&1 || missing="$$missing gcc"; \
	$(PYTHON) -c "import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))" || missing="$$missing python3-dev"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	[ -d /usr/share/fonts/opentype/noto ] || missing="$$missing fonts-noto-cjk"; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

# the gettext catalogs of the web app: compile the .po files into the committed .mo files
catalogs: setup
	for po in src/tablesports/web/locale/*/LC_MESSAGES/*.po; do \
		$(BIN)/pybabel compile -i $$po -o $${po%.po}.mo --statistics || exit 1; done

lint: setup
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

# the compiled twins of the hottest modules (src/tablesports/core/native.py): Cython, from the
# dev extra, compiles the Blood Bowl pathfinder's C text, and the modules of COMPILED_MODULES
# (the protocol's loop, Blood Bowl's turn, each game's hottest) whole; kept while the texts
# are unchanged
native: setup system-deps
	$(BIN)/python scripts/native.py

test: lint native
	TABLESPORTS_PLAYOUTS=$(PLAYOUTS) $(BIN)/pytest -n 2 --durations=15

bench: native
	$(BIN)/tablesports bench --seconds 5

# make strength GAME=x: game x's ladder of levels, build/strength/x-ladder.{md,png} (see
# docs/levels.md; resumes from build/strength/x-ladder.jsonl). Without GAME=, every game's
# arena of all its agents: docs/strength/GAME.{md,png} (see docs/strength.md);
# GAMES="jukem hanniball" for some games only; resumes from build/strength/GAME.jsonl
strength: setup
ifeq ($(origin GAME),command line)
	nice -n 10 $(BIN)/tablesports strength $(GAME) --jobs 2
else
	nice -n 10 $(BIN)/python scripts/strength.py $(GAMES) --jobs 2 --out docs/strength
endif

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find src \( -name '_*_native*.so' -o -name '_*_native.sha256' \) -delete
