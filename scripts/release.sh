#!/usr/bin/env bash
# Builds what players download into dist/ (make release), each named with
# the version in FyneApp.toml:
#
#   boardside-<version>-linux-amd64.tar.xz   the fyne tool's Linux package (make package):
#                                            the program, its .desktop file and icon, and a
#                                            Makefile whose `make install` puts them in place
#   boardside-<version>-windows-amd64.zip    boardside.exe, cross-compiled with mingw-w64 by
#                                            `fyne package -os windows`: a GUI program with the
#                                            app's icon and version; started under Wine and
#                                            Xvfb to see it draw its window before it is packed
#   boardside-<version>-web.zip              build/web (make web-small) and a _headers file, for any
#                                            static HTTPS host
#   SHA256SUMS
#
# The Debian packages it needs come from scripts/deps.sh release, the fyne
# tool from `go install` (FYNE_TOOL below).
#
#   scripts/release.sh                  all of it
#   scripts/release.sh windows-check    only builds boardside.exe and starts it under Wine
#                                       (make smoke-windows)
#   scripts/release.sh windows-exe      only builds boardside.exe (make test, beside the tests)
#   scripts/release.sh windows-wine     only starts the boardside.exe built before under Wine
#   scripts/release.sh web              only the web zip: make web-small, then packs build/web
#   scripts/release.sh web-zip          only packs build/web as it is, without building it
#                                       (TestWebApp_StartsFromAStaticHTTPSHostAndOffline)
#
# DIST and STAGE (below) may be set in the environment: the test writes
# the web zip into a folder of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

# As the Makefile sets it: cgo's probe of go-gl/gl's names in seconds,
# not minutes (scripts/cgoprobe.h).
export CGO_CFLAGS=${CGO_CFLAGS:-"-O2 -g -include $PWD/scripts/cgoprobe.h"}

# The fyne tool that goes with Fyne 2.8.1.
FYNE_TOOL=fyne.io/tools/cmd/fyne@v1.7.4
# Where the builds are made: '_' keeps the copies of cmd/boardside made
# here out of every `go test ./...` and `go vet ./...` in the tree.
STAGE=${STAGE:-build/_release}
DIST=${DIST:-dist}
# Absolute, as the zips are written from inside other folders.
case "$DIST" in /*) ;; *) DIST="$PWD/$DIST" ;; esac
# FyneApp.toml as it was before make package raised its Build.
KEPT="$STAGE/FyneApp.toml.kept"

version=$(sed -n 's/^Version *= *"\(.*\)"$/\1/p' FyneApp.toml)
if [ -z "$version" ]; then
  echo "release: FyneApp.toml names no Version" >&2
  exit 1
fi

took() { echo "release: $1 in $((SECONDS - $2)) s"; }

# tools installs the Debian packages and the fyne tool.
tools() {
  scripts/deps.sh release
  local gobin
  gobin=$(go env GOBIN)
  [ -n "$gobin" ] || gobin="$(go env GOPATH)/bin"
  export PATH="$gobin:$PATH"
  if ! go version -m "$(command -v fyne 2>/dev/null || echo /nonexistent)" 2>/dev/null | grep -q "mod[[:space:]]*fyne.io/tools[[:space:]]*${FYNE_TOOL##*@}"; then
    echo "release: installing the fyne tool ($FYNE_TOOL)"
    go install "$FYNE_TOOL"
  fi
}

# linux packs what make package builds. The fyne tool raises Build in the
# FyneApp.toml it reads (through cmd/boardside's link, the root one) after
# every package; the release keeps the committed Build, as app/metadata.go
# has it, so every download carries the same version: raising it is a
# commit of its own.
linux() {
  local t=$SECONDS
  cp FyneApp.toml "$KEPT"
  trap 'cp "$KEPT" FyneApp.toml' EXIT # also where make package fails
  make package
  cp "$KEPT" FyneApp.toml
  trap - EXIT
  local out="$DIST/boardside-$version-linux-amd64.tar.xz"
  mv cmd/boardside/Boardside.tar.xz "$out"
  local files
  files=$(tar -tJf "$out")
  for want in 'bin/boardside$' 'share/applications/.*\.desktop$' 'share/pixmaps/.*\.png$'; do
    if ! grep -q "$want" <<<"$files"; then
      echo "release: $out holds no $want" >&2
      exit 1
    fi
  done
  took "Linux package" "$t"
}

# windows_exe builds boardside.exe with `fyne package -os windows`, which
# adds the icon, the version and a manifest (a .syso beside the main
# package while it builds) and links a GUI program (-H windowsgui). It
# builds a copy of cmd/boardside's program under $STAGE: what the tool
# writes beside the package it builds (the .syso, a metadata .go file, the
# raised Build) stays out of cmd/boardside, where every Linux build and
# test made meanwhile would take the Windows resources in.
windows_exe() {
  local t=$SECONDS src="$STAGE/windows"
  rm -rf "$src"
  mkdir -p "$src"
  local f
  for f in cmd/boardside/*.go; do
    case "$f" in *_test.go) ;; *) cp "$f" "$src/" ;; esac
  done
  cp FyneApp.toml "$src/"
  ln -s "$PWD/assets" "$src/assets"
  (cd "$src" && CC=x86_64-w64-mingw32-gcc fyne package -os windows --release)
  mv "$src/Boardside.exe" "$STAGE/boardside.exe"
  took "boardside.exe" "$t"
}

# windows_check runs TestWindowsExe_DrawsUnderWine on boardside.exe; the
# test skips, and says why, where Wine is missing.
windows_check() {
  local t=$SECONDS log="$STAGE/wine-test.log"
  BOARDSIDE_EXE="$PWD/$STAGE/boardside.exe" xvfb-run -a -s "-screen 0 1280x800x24" \
    go test -count=1 -tags smoke,migrated_fynedo -run '^TestWindowsExe_DrawsUnderWine$' -v ./cmd/boardside | tee "$log"
  if grep -q -- '--- SKIP' "$log"; then
    echo "release: WARNING: boardside.exe was not started under Wine (the test says why above)" >&2
  fi
  took "boardside.exe under Wine" "$t"
}

windows() {
  windows_exe
  windows_check
  local zip="$DIST/boardside-$version-windows-amd64.zip"
  (cd "$STAGE" && zip -q -X -9 "$zip" boardside.exe)
}

# content_type is the Content-Type a static host sends for a file of the
# web app, as companion/webapp's host does; "" leaves it to the host.
content_type() {
  case "$1" in
    *.html) echo "text/html; charset=utf-8" ;;
    *.js) echo "text/javascript; charset=utf-8" ;;
    *.css) echo "text/css; charset=utf-8" ;;
    *.json) echo "application/json" ;;
    *.wasm) echo "application/wasm" ;;
    *.webmanifest) echo "application/manifest+json" ;;
    *.png) echo "image/png" ;;
    *.svg) echo "image/svg+xml" ;;
    *.webm) echo "video/webm" ;;
    *.mp4) echo "video/mp4" ;;
    *) echo "" ;;
  esac
}

# headers writes the _headers file that Netlify, Cloudflare Pages and
# other static hosts read, for the files in the folder $1: one rule a
# file, so that no two rules add their values to one header.
headers() {
  cat <<'EOF'
# Boardside's web app on a static HTTPS host that reads _headers (Netlify,
# Cloudflare Pages), as `boardside serve` sends it at /app/. Made by
# scripts/release.sh: one rule a file.
#
# Files with a content hash in their names never change: browsers keep them
# a year. The page, the service worker and the manifest are asked for again
# every time, so that a new build is seen at once.
#
# The page asks for every file by its plain name (boardside.<hash>.wasm,
# never .gz or .br), and these hosts compress it themselves, so no file here
# is sent with a Content-Encoding. The .gz and .br files are for
# `boardside serve --webapp DIR`, which picks one by the browser's
# Accept-Encoding.
EOF
  local f name type cache
  for f in "$1"/*; do
    name=$(basename "$f")
    case "$name" in *.gz | *.br) continue ;; esac
    type=$(content_type "$name")
    if [[ $name =~ \.[0-9a-f]{8}\.[A-Za-z0-9]+$ ]]; then
      cache="public, max-age=31536000, immutable"
    else
      cache="no-cache"
    fi
    local paths="/$name"
    [ "$name" = index.html ] && paths="/ /index.html"
    local p
    for p in $paths; do
      echo
      echo "$p"
      [ -z "$type" ] || echo "  Content-Type: $type"
      echo "  Cache-Control: $cache"
    done
  done
}

# web builds the web app at its smallest (make web-small: brotli quality 11,
# zopfli's gzip; a minute or two more than make web, once a release) and
# packs it: `boardside serve --webapp` from the zip sends the smaller .br.
web() {
  local t=$SECONDS
  make web-small
  web_zip
  took "web app" "$t"
}

# web_zip packs build/web, as make web leaves it (whatever files it holds),
# and the _headers file for it; files whose names start with a dot (the
# build's list of its files) stay out. A zip of an earlier build is
# replaced, not added to.
web_zip() {
  local wasm
  wasm=$(sed -n 's/.*data-wasm="\([^"]*\)".*/\1/p' build/web/index.html)
  if [ -z "$wasm" ] || [ ! -f "build/web/$wasm" ]; then
    echo "release: build/web/index.html asks for a wasm (${wasm:-none}) that build/web does not hold" >&2
    exit 1
  fi
  local zip="$DIST/boardside-$version-web.zip"
  mkdir -p "$STAGE/web" "$DIST"
  rm -f "$zip"
  headers build/web >"$STAGE/web/_headers"
  # Stored as they are: compressing the compressed gains nothing.
  (cd build/web && zip -q -X -9 -r -n .gz:.br:.png "$zip" . -x '.*')
  (cd "$STAGE/web" && zip -q -X -9 "$zip" _headers)
  echo "release: $zip"
}

sums() {
  (cd "$DIST" && sha256sum boardside-"$version"-* >SHA256SUMS)
}

mkdir -p "$STAGE"
case "${1:-all}" in
  all)
    start=$SECONDS
    if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
      echo "release: the working tree has changes not committed: the downloads include them" >&2
    fi
    tools
    rm -rf "$DIST"
    mkdir -p "$DIST"
    linux
    windows
    web
    sums
    echo "release: $DIST/ for Boardside $version in $((SECONDS - start)) s:"
    (cd "$DIST" && stat -c '%s %n' boardside-"$version"-* SHA256SUMS | awk '{printf "  %-45s %12d bytes  %6.2f MB\n", $2, $1, $1 / 1e6}')
    ;;
  windows-check)
    tools
    windows_exe
    windows_check
    ;;
  windows-exe)
    tools
    windows_exe
    ;;
  windows-wine)
    tools
    windows_check
    ;;
  web) web ;;
  web-zip) web_zip ;;
  *)
    echo "usage: scripts/release.sh [windows-check | windows-exe | windows-wine | web | web-zip]" >&2
    exit 2
    ;;
esac
