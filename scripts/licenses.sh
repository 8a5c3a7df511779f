#!/usr/bin/env bash
# Copies the licence of every module built into cmd/boardside into
# assets/licenses/, where the About screen reads them. Run after changing
# dependencies (make licenses); a test fails when one is missing.
# The vendored scripts' licences (the QR code writer and reader the pages
# load, named in their headers) are not Go modules: they are kept. Their
# short names fit the About screen's titles on a phone.
set -euo pipefail
cd "$(dirname "$0")/.."
out=assets/licenses
mods=$(go list -deps -f '{{with .Module}}{{if not .Main}}{{.Path}} {{.Dir}}{{end}}{{end}}' ./cmd/boardside | sort -u)
vendored="qrcode-generator.js.txt jsQR.js.txt"
for f in "$out"/*.txt; do
  case " $vendored " in *" $(basename "$f") "*) ;; *) rm -f "$f" ;; esac
done
echo "$mods" | while read -r mod dir; do
  lic=$(ls "$dir" | grep -iE '^(licen[cs]e|copying)(\.(md|txt))?$' | head -n 1 || true)
  if [ -z "$lic" ]; then
    echo "no licence file found for $mod in $dir" >&2
    exit 1
  fi
  cp "$dir/$lic" "$out/${mod//\//__}.txt"
  chmod 644 "$out/${mod//\//__}.txt"
done
ls "$out" | wc -l
