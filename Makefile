# The Great City of Rome — build, serve and test the static site.
# Newcomers need only `make play` and `make test`; both run the idempotent `setup`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
FIREFOX := /usr/bin/firefox-esr
WEBKIT_DRIVER := /usr/bin/WebKitWebDriver

.PHONY: setup play test typecheck dist bench-load lighthouse vendor clean

setup: $(VENV)/.deps node_modules/.package-lock.json
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "installing chromium (Debian package) for the browser tests"; \
		apt-get update && apt-get install -y chromium; \
	fi
	@# Firefox and WebKit for the cross-engine tests (e2e/engines): Debian's builds, since
	@# the registries have none for Playwright; MiniBrowser needs a display, hence xvfb.
	@if [ ! -x $(FIREFOX) ] || [ ! -x $(WEBKIT_DRIVER) ] || ! command -v Xvfb >/dev/null; then \
		echo "installing firefox-esr, webkit2gtk-driver and xvfb (Debian packages) for the browser tests"; \
		apt-get update && apt-get install -y firefox-esr webkit2gtk-driver xvfb; \
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
	$(MAKE) --no-print-directory typecheck
	@# The browser tests run two at a time, a module each (loadfile: a module's tests share
	@# their booted page), and leave about a fifth of two cores idle, so the unit tests, pure
	@# CPU, run meanwhile on every core at the lowest priority, in that fifth (worksteal: the
	@# six random-play tests of 13-45 s would otherwise end on one worker); their report
	@# follows the browser tests' (docs/testing.md, "How long each part takes"). Each run
	@# prints its slowest tests, so a CI log shows where the time went. A browser test whose
	@# renderer crashed ("Target crashed") is run once more, and listed as RERUN; a failed
	@# assertion never is (docs/testing.md, "Renderer crashes").
	@set +e; log=$$(mktemp); \
	nice -n 19 $(VPY) -m pytest tests -n auto --dist worksteal --durations=15 \
		-p no:cacheprovider > $$log 2>&1 & unit_pid=$$!; \
	$(VPY) -m pytest e2e -n 2 --dist loadfile --durations=30 --reruns 1 \
		--only-rerun "Target crashed" -rfER; browser=$$?; \
	wait $$unit_pid; unit=$$?; echo; echo "== the unit tests (tests/) =="; cat $$log; \
	rm -f $$log; [ $$unit -eq 0 ] && [ $$browser -eq 0 ]

# mypy strict on rome/ and ui/ (files and options: pyproject.toml's [tool.mypy])
typecheck: $(VENV)/.deps
	$(VPY) -m mypy

dist: setup
	rm -rf dist
	$(VPY) scripts/vendor.py --copy dist
	$(VPY) scripts/rules_wheel.py dist
	@# The offline cache lists dist's own files; then .br/.gz copies for the host to send
	@# (docs/hosting.md; brotli's best setting takes a minute or two).
	$(VPY) scripts/vendor.py --sw dist
	$(VPY) scripts/precompress.py dist
	@echo "dist/ is ready: upload it as-is to any static host (docs/hosting.md)"

bench-load: dist
	$(VPY) benchmarks/bench_load.py

# Lighthouse is pinned in tools/lighthouse/ and installed only here, not by `make setup`.
lighthouse: dist
	npm ci --prefix tools/lighthouse --no-audit --no-fund
	$(VPY) benchmarks/lighthouse.py

clean:
	rm -rf dist assets/vendor
