# Two commands from a fresh machine with Python 3.11 and make:
#   make run    set everything up, then play a match in the terminal against a bot
#   make test   set everything up, then ruff, mypy and every test
#   make serve  set everything up, then start the web app on http://127.0.0.1:8000
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAME ?= jukem
BOT ?= $(GAME)-greedy
# conformance playouts per game: a few hundred in CI, thousands when asked
PLAYOUTS ?= 200
# the port of `make serve`
PORT ?= 8000

.PHONY: setup run serve test lint bench clean system-deps catalogs

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e ".[dev,arena,ray,web,webtest]"
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/tablesports play $(GAME) --vs $(BOT)

serve: setup
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

bench: setup
	$(BIN)/tablesports bench --seconds 5

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
