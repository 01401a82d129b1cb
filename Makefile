# Two commands do all set-up: `make run` (the bot; console chat without a token) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
E2E := tests/e2e

.PHONY: run test build bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

$(E2E)/node_modules/.installed: $(E2E)/package.json $(E2E)/package-lock.json
	cd $(E2E) && npm ci --silent --no-audit --no-fund
	touch $@

# A .env beside the Makefile (see .env.example) is read first, so the token need not be exported.
run: $(BIN)/.installed
	@set -a; if [ -f .env ]; then . ./.env; fi; set +a; exec $(BIN)/bridgebot

test: $(BIN)/.installed $(E2E)/node_modules/.installed
	$(BIN)/python -m pytest -q

build: $(BIN)/.installed
	$(BIN)/bridgebot build

bench: $(BIN)/.installed
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) $(E2E)/node_modules .pytest_cache
