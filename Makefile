# Two commands from a fresh machine with Python 3.11 and make:
#   make run    install what playing needs (the package alone), then play a bot in the terminal
#   make test   install the package with the test extras, then ruff, mypy and every test
#   make serve install the web app's extra, then start it on http://127.0.0.1:8000
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What `make test` (and CI) installs besides the package: append a branch's extra here, one
# line each (TEST_EXTRAS := $(TEST_EXTRAS),web), and `make run` stays light.
TEST_EXTRAS := dev,arena,ray
TEST_EXTRAS := $(TEST_EXTRAS),web,webtest
RUN_STAMP := $(VENV)/.installed-run
WEB_STAMP := $(VENV)/.installed-web
TEST_STAMP := $(VENV)/.installed-test
GAME ?= jukem
BOT ?= $(GAME)-greedy
# conformance playouts per game: a few hundred in CI, thousands when asked
PLAYOUTS ?= 200
# the port of `make serve`
PORT ?= 8000

.PHONY: setup run serve test lint bench clean system-deps catalogs

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
# postgresql and a CJK font (Korean pages), installed with apt-get when absent (CI runs as root
# on a fresh machine; never Playwright's own browser download)
system-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
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
	$(BIN)/pybabel compile -d src/tablesports/web/locale -D messages --statistics

lint: setup
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

test: lint system-deps
	TABLESPORTS_PLAYOUTS=$(PLAYOUTS) $(BIN)/pytest -n 2

bench: $(RUN_STAMP)
	$(BIN)/tablesports bench --seconds 5

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
