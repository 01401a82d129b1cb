# Two commands do all set-up: `make run` (the bot; console chat without a token) and `make test`.
# `run` installs only what the bot needs (numpy included: the search's look-ups use it); `test` adds the
# test extras (endplay, rank-bm25, hypothesis) and the Node emulator (and Chromium, see below), so a bot-only machine never
# downloads endplay and its matplotlib.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
E2E := tests/e2e
PIP := $(BIN)/pip install --quiet --disable-pip-version-check

.PHONY: run test build bench scaleout clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	touch $@

$(BIN)/.installed-test: $(BIN)/.installed
	$(PIP) -e '.[test]'
	touch $@

# The results page is tested in headless Chromium (tests/club/test_club_page_browser.py): Debian's
# package, and a CJK font so that its screenshots show Chinese; installed here when missing (CI runs
# `make test` as root on a clean machine), never downloaded by a test.
CHROMIUM := /usr/bin/chromium
CJK_FONT := /usr/share/fonts/truetype/wqy/wqy-microhei.ttc

$(CHROMIUM) $(CJK_FONT):
	command -v chromium >/dev/null && [ -f $(CJK_FONT) ] || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-wqy-microhei; }

# PostgreSQL and nginx for the tests on both engines and the scale-out test (tests/pg_server.py starts a
# throw-away server; bench/scaleout.py puts nginx in front of the replicas): Debian's packages, installed here
# when missing, never needed by `make run` (SQLite is the default).
POSTGRES := /usr/lib/postgresql
NGINX := /usr/sbin/nginx

$(POSTGRES) $(NGINX):
	[ -d $(POSTGRES) ] && [ -x $(NGINX) ] || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql nginx-light || \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql nginx; }

$(E2E)/node_modules/.installed: $(E2E)/package.json $(E2E)/package-lock.json
	cd $(E2E) && npm ci --silent --no-audit --no-fund
	touch $@

# A .env beside the Makefile (see .env.example) is read first, so the token need not be exported.
run: $(BIN)/.installed
	@set -a; if [ -f .env ]; then . ./.env; fi; set +a; exec $(BIN)/bridgebot

test: $(BIN)/.installed-test $(E2E)/node_modules/.installed $(CHROMIUM) $(CJK_FONT) $(POSTGRES) $(NGINX)
	$(BIN)/python -m pytest -q

build: $(BIN)/.installed
	$(BIN)/bridgebot build

bench: $(BIN)/.installed-test
	$(BIN)/python bench/run.py

scaleout: $(BIN)/.installed-test $(POSTGRES) $(NGINX)
	$(BIN)/python bench/scaleout.py --replicas 3 --kill 1 --json
	$(BIN)/python bench/scaleout.py --compare

clean:
	rm -rf $(VENV) $(E2E)/node_modules .pytest_cache
