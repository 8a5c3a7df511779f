#!/usr/bin/env bash
# Installs the Debian packages Boardside's build and tests need, if any are
# missing: with apt-get as root, else with sudo. When neither is possible it
# prints the one command to run and stops. `scripts/deps.sh release` adds
# what make release and make smoke-windows (part of make test) need
# (scripts/release.sh).
set -euo pipefail

packages=(
  gcc pkg-config                          # cgo, for Fyne's OpenGL driver
  libgl1-mesa-dev libgl1-mesa-dri         # OpenGL headers and software rendering
  libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev  # GLFW's X11 headers
  libwayland-dev libxkbcommon-dev         # GLFW 3.4 (Fyne 2.8) builds Wayland support too
  libasound2-dev                          # ALSA, for alert sounds
  xvfb xauth                              # a real window without a screen, for the smoke test
  imagemagick                             # `import`: screenshots in the smoke test
  chromium                                # headless browser for the web viewer's end-to-end tests
  webkit2gtk-driver                       # WebKitWebDriver and WebKitGTK: the engine of every iPhone and iPad, in the engine tests
  firefox-esr                             # Firefox, the third engine at a table, driven by its built-in WebDriver BiDi
  libdeflate-tools                        # libdeflate-gzip: make web gzips the wasm 5 % smaller than Go can
  brotli                                  # the wasm's .br (make web); at make web-small's quality 11, 30 % faster than Go's
  nodejs                                  # runs Go's js/wasm tests (make wasm-test)
  zip                                     # the Windows and web zips (scripts/release.sh); a test opens the web zip on a static host
  iproute2                                # ip: the browser tests' private LAN of network namespaces (internal/netns), a browser-hosted table
)
release_packages=(
  gcc-mingw-w64-x86-64                    # cgo for Windows: boardside.exe is cross-compiled
  wine64 wine                             # starts boardside.exe under Xvfb to see it draw its window (wine: the wine command)
  xz-utils                                # the Linux package's tar.xz
  pigz                                    # zopfli gzip for make web-small, which the release's web zip is
)
case "${1:-}" in
  "") ;;
  release) packages+=("${release_packages[@]}") ;;
  *) echo "usage: scripts/deps.sh [release]" >&2; exit 2 ;;
esac

if ! command -v go >/dev/null 2>&1; then
  echo "Go is not installed: see https://go.dev/doc/install, then run this again." >&2
  exit 1
fi
if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "This is not a Debian-like system; install the equivalents of: ${packages[*]}" >&2
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
else
  echo "Cannot install packages without root. Run this once, then try again:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
