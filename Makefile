# Boardside: `make run` starts the app, `make check` is the quick loop,
# `make test` runs every check.
# Both first install the Debian packages the build needs (scripts/deps.sh).

GO        ?= go
# migrated_fynedo: the app calls Fyne only from its own goroutine or through
# fyne.Do (FyneApp.toml [Migrations] fyneDo), as the fyne tool would build it.
TAGS      := migrated_fynedo
export LANG := en_US.UTF-8
# Go's default C flags, and scripts/cgoprobe.h in every C file cgo
# compiles: cgo's probe of go-gl/gl's names took gcc minutes without it
# (63 s twice for Linux, 290 s for Windows), seconds with it.
export CGO_CFLAGS ?= -O2 -g -include $(CURDIR)/scripts/cgoprobe.h

.PHONY: deps run test test-checks test-windows-exe check gofmt vet unit wasm-test smoke build web web-small package licenses bench bench-startup bench-timers bench-cpu bench-share bench-adele bench-viewer bench-webapp screenshot

deps:
	@scripts/deps.sh

run: deps
	$(GO) run -tags $(TAGS) ./cmd/boardside

# make test: the checks one after another (test-checks), and beside them
# the Windows program's cross-compile (test-windows-exe), then that program
# started under Wine. The cross-compile builds the standard library, Fyne
# and the app again for Windows; beside the checks it takes the time their
# waits leave (module downloads, a browser waiting on a page) instead of
# adding its own after them.
test: deps
	+$(MAKE) -j2 test-checks test-windows-exe
	scripts/release.sh windows-wine

# One goal at a time: each waits for the one before.
test-checks:
	+$(MAKE) --no-print-directory vet
	+$(MAKE) --no-print-directory unit
	+$(MAKE) --no-print-directory wasm-test
	+$(MAKE) --no-print-directory smoke

test-windows-exe:
	scripts/release.sh windows-exe

# actionlint checks the workflows (.github/workflows: ci, release) as GitHub
# would read them, before a push or a tag finds a mistake.
ACTIONLINT := github.com/rhysd/actionlint/cmd/actionlint@v1.7.12

vet: gofmt
	$(GO) vet -tags $(TAGS) ./...
	$(GO) run $(ACTIONLINT) -color=false

gofmt:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt would change:"; gofmt -l .; exit 1; }

# The quick loop, for every change: gofmt, go vet, and every package's
# tests without the browsers, the windows and Wine (-short skips every test
# that starts a browser; the window smoke tests need -tags smoke) and
# without -race. No Debian packages needed beyond Go's and gcc.
check: gofmt
	$(GO) vet -tags $(TAGS) ./...
	$(GO) test -short -tags ci,$(TAGS) ./...

# -tags ci gives Fyne's app package a headless driver; -race catches UI
# changes made off the Fyne goroutine. The web app is built first (under a
# minute, seconds when Go's cache has it) so that the browser tests open
# it; a plain `go test` without build/web skips them. The browser suite
# (e2e: the web app and the quick viewer in real browsers, the three
# engines, the walk through every screen at six sizes in two languages,
# the soak) is the longest package, more than go test's ten minutes on a
# slow machine. go test runs packages in the order given, two at a time on
# two cores: ./e2e, the longest, first, so that the others run beside it
# instead of before it (./... adds the rest once).
#
# The layout and German checks of every screen (LAYOUT_TESTS: six sizes,
# two languages, a fresh app for each) run in a pass of their own without
# -race, where they take a sixth of the time; under -race they open each
# screen once (apptest.CheckLayout). A new game's check has the skeleton's
# name, TestScreens_FitPhonesAndSpeakGerman.
LAYOUT_TESTS := TestScreens_FitPhonesAndSpeakGerman|TestLayout_EveryScreenAtPhoneAndTabletSizes|TestGerman_NoEnglishOnAnyScreen

unit: web
	$(GO) test -tags ci,$(TAGS) -run '$(LAYOUT_TESTS)' ./app/... ./docs/...
	$(GO) test -race -timeout 45m -tags ci,$(TAGS) ./e2e ./...

# The browser build's mends (cmd/webbuild/wasmfix: Go's runtime and Fyne's
# canvas cache, which crashed the page, Fyne's font cache, which kept
# every font it parsed, its icons, coloured again at every refresh, and its
# translations, all parsed at every start), tested where they run: Go's
# wasm tests under Node, built with the patches cmd/webbuild builds with,
# four of them added to Fyne's own internal/cache, internal/painter,
# internal/svg and lang.
wasm-test:
	flags=$$($(GO) run ./cmd/webbuild -wasmfix-only build/wasmfix-test) && \
	GOOS=js GOARCH=wasm $(GO) test $$flags -exec "$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" -tags $(TAGS) \
		-run 'NilKey|Boardside' ./cmd/webbuild/wasmfix fyne.io/fyne/v2/internal/cache fyne.io/fyne/v2/internal/painter fyne.io/fyne/v2/internal/svg fyne.io/fyne/v2/lang github.com/nicksnyder/go-i18n/v2/i18n/template

smoke:
	xvfb-run -a -s "-screen 0 1280x800x24" $(GO) test -tags smoke,$(TAGS) -run TestSmoke -v ./cmd/boardside

build:
	$(GO) build -trimpath -ldflags "-s -w" -tags $(TAGS) -o bin/boardside ./cmd/boardside

# The whole app in a browser, build/web, which every host serves at /app/:
# the wasm (stripped, Fyne's no_emoji and release tags) with a content hash
# in its name and a .gz (libdeflate-gzip -12 where installed) and a .br
# (brotli quality 9, in seconds: 17 % smaller) beside it, Go's
# wasm_exec.js, the page, manifest, icons and service worker from web/app.
# See cmd/webbuild.
web:
	$(GO) run ./cmd/webbuild

# The same, the smallest: the wasm's .br at brotli quality 11 with a 16 MB
# window (13 % smaller than make web's: 6.3 MB to a browser that takes
# brotli), its .gz by zopfli (pigz -11, 0.6 % smaller); minutes instead of
# seconds.
web-small:
	@command -v pigz >/dev/null || { echo "web-small needs pigz: apt-get install pigz"; exit 1; }
	$(GO) run ./cmd/webbuild -zopfli -brotli-quality 11 -brotli-window 24

# The fyne tool reads FyneApp.toml and the icon from the main package's
# folder; cmd/boardside/FyneApp.toml and cmd/boardside/assets link to the
# root copies. Install the tool with: go install fyne.io/tools/cmd/fyne@latest
package: deps
	cd cmd/boardside && fyne package --release

# What players download, in dist/ and named with FyneApp.toml's version: the
# Linux package (make package), boardside.exe for Windows (cross-compiled
# with mingw-w64, started under Wine before it is packed), the web app for a
# static HTTPS host (make web, with a _headers file), SHA256SUMS. The first
# run installs mingw-w64, Wine and the fyne tool. See scripts/release.sh.
.PHONY: release smoke-windows
release:
	scripts/release.sh

# Builds boardside.exe as make release does and starts it under Wine and
# Xvfb (TestWindowsExe_DrawsUnderWine): the Windows download starts and
# draws, as every make test checks it (in two steps, test-windows-exe and
# the Wine start). The first run installs mingw-w64, Wine and the fyne tool
# (scripts/deps.sh release); the first cross-compile takes about 2 minutes
# on two cores (6 before scripts/cgoprobe.h), later ones seconds.
smoke-windows:
	scripts/release.sh windows-check

licenses:
	scripts/licenses.sh

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

bench-startup: deps
	xvfb-run -a -s "-screen 0 1280x800x24" $(GO) run ./bench/startupbench

bench-timers:
	$(GO) run ./bench/timerbench

bench-share:
	$(GO) run ./bench/sharebench

bench-adele:
	$(GO) run ./bench/adelebench -games 10

# Headless Chromium as a phone against an in-process host: page weight,
# opening to timer shown, main-thread busy time while a timer runs.
bench-viewer:
	$(GO) run ./bench/viewerbench

# Headless Chromium as a phone opening /app/ from an in-process host: bytes
# on the wire, and the time to the home screen drawn (first and cached
# load, unthrottled and with the CPU 4× slower), beside a bare Fyne app's
# built the same way (bench/webappbench/bare). Run by hand, not by make test.
bench-webapp: deps web
	$(GO) run ./bench/webappbench

bench-cpu: deps
	xvfb-run -a -s "-screen 0 1280x800x24" $(GO) run ./bench/cpubench

screenshot: deps
	xvfb-run -a -s "-screen 0 1280x800x24" env SMOKE_SHOT=$(CURDIR)/docs/home.png $(GO) test -count=1 -tags smoke,$(TAGS) -run TestSmoke ./cmd/boardside
