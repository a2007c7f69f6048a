# The README's commands. `make serve` and `make test` set up everything they need.
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
PYTHON ?= python3
PORT   ?= 8000

.PHONY: install serve test check lint typecheck test-fast faults bench system-deps clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

## serve: the server with the browser client on http://127.0.0.1:$(PORT), embedded store
serve: install
	@echo "Plateau: open http://127.0.0.1:$(PORT) in a browser (another port: make serve PORT=8080)"
	$(BIN)/plateau serve --port $(PORT) --store "$${PLATEAU_STORE:-sqlite:///plateau.db}"

## system-deps: redis-server and Chromium for the tests (Debian packages)
system-deps:
	@bash tools/system-deps.sh

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

check: lint typecheck

## test: lint, types, then every test (private redis-server, headless Chromium)
test: install system-deps check
	@bash tools/pytest.sh $(PYTEST_ARGS)

test-fast: install
	@bash tools/pytest.sh -m "not browser and not slow" $(PYTEST_ARGS)

## faults: the full fault-injection suite (make test runs a reduced size)
faults: install system-deps
	PLATEAU_FAULTS=full bash tools/pytest.sh tests/reliability -m slow -s

## bench: the benchmarks, written to docs/benchmarks.md
bench: install system-deps
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache test-output
