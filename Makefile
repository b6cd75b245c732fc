# The Great City of Rome — build, serve and test the static site.
# Newcomers need only `make play` and `make test`; both run the idempotent `setup`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
PORT ?= 8000
CHROMIUM := /usr/bin/chromium

.PHONY: setup play test dist bench-load vendor clean

setup: $(VENV)/.deps node_modules/.package-lock.json
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "installing chromium (Debian package) for the browser tests"; \
		apt-get update && apt-get install -y chromium; \
	fi
	$(VPY) scripts/vendor.py

$(VENV)/.deps: requirements-dev.txt
	@[ -x $(VPY) ] || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q -r requirements-dev.txt
	@touch $@

node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

vendor:
	$(VPY) scripts/vendor.py

play: setup
	@echo "Open http://127.0.0.1:$(PORT)/index.html"
	$(VPY) scripts/serve.py --port $(PORT)

test: setup
	$(VPY) -m ruff check .
	@# pytest exits 5 when it collects nothing: fine only if no test file exists at all.
	@set +e; $(VPY) -m pytest; rc=$$?; \
	if [ $$rc -eq 5 ] && [ -z "$$(find tests e2e -name 'test_*.py' 2>/dev/null)" ]; then \
		echo "no test files yet: nothing to run"; rc=0; fi; exit $$rc

dist: setup
	rm -rf dist
	mkdir -p dist
	cp -r index.html embed.html pyscript.toml manifest.webmanifest sw.js rome ui assets dist/
	find dist -name __pycache__ -type d -prune -exec rm -rf {} +
	mkdir -p dist/examples && cp examples/example-game.json dist/examples/
	$(VPY) scripts/wheel.py dist
	@echo "dist/ is ready: upload it as-is to any static host"

bench-load: setup
	$(VPY) benchmarks/bench_load.py

clean:
	rm -rf dist assets/vendor
