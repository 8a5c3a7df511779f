#!/usr/bin/env bash
# Rebuilds assets/fonts/BoardsideSymbols-Regular.ttf, the small font that
# carries the symbols Boardside draws and Fyne's bundled Noto Sans lacks
# (− ✓ ✗ ★ ▣ ✕ ☐ ☑ ● ■ ▲ …). A browser has no system fonts to fall back on,
# so without it those runes are empty boxes in the web app.
#
# The glyphs come from Noto Sans Symbols 2 and, for the minus sign, Noto Sans
# Math: both drawn to sit beside Noto Sans, both SIL OFL 1.1 (see
# assets/fonts/LICENSE-Noto.txt). The font has no letters, so Fyne takes
# every other rune from Noto Sans. It has a space, as wide as Noto Sans's:
# the shaper keeps a space in the run before it (it assumes every font has
# one), so "✓ Done" would otherwise draw a missing glyph after the tick.
# Its line metrics are Noto Sans's, so a line that starts with a symbol sits
# exactly where one starting with a letter does, and Fyne's line height
# (taken from whichever font has the space) does not change.
#
# A developer tool only: the built font is committed, and neither the build
# nor CI runs this. It needs fontTools and the Noto fonts:
#   apt-get install python3-fonttools fonts-noto-core
# (or FONT_SRC=<folder with NotoSansSymbols2-Regular.ttf and
# NotoSansMath-Regular.ttf>). After adding a symbol to the app, add it to
# SYMBOLS below and run this; app/fonts_test.go fails until every rune the
# app draws has a font.
set -euo pipefail
cd "$(dirname "$0")/.."

# Symbols taken from Noto Sans Symbols 2: those the app draws today and a
# few it is likely to (shapes and ticks to put beside colours, issue 14).
SYMBOLS=(
  U+0020                                             # space: see below
  U+2713 U+2714 U+2715 U+2716 U+2717 U+2718 U+271A   # ✓ ✔ ✕ ✖ ✗ ✘ ✚
  U+2610 U+2611 U+2612                               # ☐ ☑ ☒
  U+2605 U+2606 U+2726 U+2727 U+2731 U+2733          # ★ ☆ ✦ ✧ ✱ ✳
  U+25A0 U+25A1 U+25A2 U+25A3 U+25AA U+25AB U+25FB   # ■ □ ▢ ▣ ▪ ▫ ◻
  U+25B2 U+25B3 U+25B6 U+25BC U+25BD U+25C0          # ▲ △ ▶ ▼ ▽ ◀
  U+25C6 U+25C7 U+25CB U+25C9 U+25CE U+25CF U+25EF   # ◆ ◇ ○ ◉ ◎ ● ◯
  U+2B24 U+279C                                      # ⬤ ➜
)
# From Noto Sans Math: the minus sign (as wide as Noto Sans's plus and
# digits) and arrows.
MATH=(U+2212 U+2295 U+2297 U+2190 U+2191 U+2192 U+2193)  # − ⊕ ⊗ ← ↑ → ↓

src=${FONT_SRC:-/usr/share/fonts/truetype/noto}
out=assets/fonts/BoardsideSymbols-Regular.ttf
for f in NotoSansSymbols2-Regular.ttf NotoSansMath-Regular.ttf; do
  if [ ! -f "$src/$f" ]; then
    echo "$src/$f not found: apt-get install fonts-noto-core, or set FONT_SRC" >&2
    exit 1
  fi
done
py=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import fontTools' 2>/dev/null; then py=$p; break; fi
done
if [ -z "$py" ]; then
  echo "fontTools not found: apt-get install python3-fonttools (or pip install fonttools)" >&2
  exit 1
fi
# Line metrics are copied from the Noto Sans that Fyne bundles.
fyne=$(go list -m -f '{{.Dir}}' fyne.io/fyne/v2)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
join() { local IFS=,; echo "$*"; }
# No hinting (Fyne's renderer ignores it), no layout features, no glyph
# names: just outlines, advances and the character map.
opts=(--no-hinting --layout-features= --drop-tables+=DSIG,MATH,GDEF,GPOS,GSUB
  --name-IDs= --no-glyph-names --notdef-outline)
"$py" -m fontTools.subset "$src/NotoSansSymbols2-Regular.ttf" --unicodes="$(join "${SYMBOLS[@]}")" \
  "${opts[@]}" --output-file="$tmp/a.ttf"
"$py" -m fontTools.subset "$src/NotoSansMath-Regular.ttf" --unicodes="$(join "${MATH[@]}")" \
  "${opts[@]}" --output-file="$tmp/b.ttf"

"$py" - "$tmp/a.ttf" "$tmp/b.ttf" "$fyne/theme/font/NotoSans-Regular.ttf" "$out" <<'EOF'
import sys
from fontTools.ttLib import TTFont

sym, math, noto, out = sys.argv[1:]
f = TTFont(sym)
m = TTFont(math)
n = TTFont(noto)
assert f["head"].unitsPerEm == m["head"].unitsPerEm == n["head"].unitsPerEm

# Copy the Math glyphs (simple outlines) into the Symbols 2 subset.
order = f.getGlyphOrder()
cmap = f["cmap"]
for code, name in m.getBestCmap().items():
    g = m["glyf"][name]
    if g.isComposite():
        sys.exit(f"{name} in Noto Sans Math is a composite glyph: copy its parts too")
    new = "uni%04X" % code
    order.append(new)
    f["glyf"].glyphs[new] = g
    f["hmtx"].metrics[new] = m["hmtx"][name]
    for t in cmap.tables:
        if t.isUnicode():
            t.cmap[code] = new
f.setGlyphOrder(order)
f["glyf"].glyphOrder = order
f["maxp"].numGlyphs = len(order)
f["post"].formatType = 3.0  # no glyph names

# Noto Sans's space and line metrics, so Fyne lays out a symbol run like a
# text run.
space = f.getBestCmap()[0x20]
f["hmtx"][space] = (n["hmtx"][n.getBestCmap()[0x20]][0], 0)
for k in ("ascent", "descent", "lineGap"):
    setattr(f["hhea"], k, getattr(n["hhea"], k))
for k in ("sTypoAscender", "sTypoDescender", "sTypoLineGap", "usWinAscent", "usWinDescent", "fsSelection"):
    setattr(f["OS/2"], k, getattr(n["OS/2"], k))

# A derivative: its own name (the OFL asks that a modified font not pass
# for the original), the copyright and licence kept.
name = f["name"]
name.names = []
notice = "Copyright 2017-2018 Google Inc. (Noto Sans Symbols 2, Noto Sans Math); subset for Boardside."
for nid, text in (
    (0, notice),
    (1, "Boardside Symbols"),
    (2, "Regular"),
    (3, "Boardside Symbols Regular"),
    (4, "Boardside Symbols Regular"),
    (5, "Version 1.0"),
    (6, "BoardsideSymbols-Regular"),
    (13, "This Font Software is licensed under the SIL Open Font License, Version 1.1."),
    (14, "https://openfontlicense.org"),
):
    name.setName(text, nid, 3, 1, 0x409)
# The same input gives the same bytes: keep the source's dates, not today's.
f.recalcTimestamp = False
f["head"].modified = f["head"].created
f.save(out)
EOF
ls -l "$out"
