package kit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"boardside/app/apptest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/font"
	"github.com/stretchr/testify/require"
)

// TestFonts_EveryRuneTheAppDrawsHasAGlyph: a browser has no system fonts,
// so a rune that neither the app's theme fonts nor Fyne's bundled ones
// carry is drawn as an empty box there (the web build has no emoji font).
// It collects every rune the app can draw, from the string literals in
// app/*.go, the translations and the game data, and checks each against
// the faces Fyne would try for each text style, in Fyne's order: the
// theme's font, then Fyne's own for that style. A rune it names needs a
// glyph: add it to scripts/fonts.sh and run that.
func TestFonts_EveryRuneTheAppDrawsHasAGlyph(t *testing.T) {
	where := map[rune]string{} // rune -> the first place it was seen
	add := func(s, at string) {
		for _, r := range s {
			if unicode.IsControl(r) || r == unicode.ReplacementChar {
				continue
			}
			if _, ok := where[r]; !ok {
				where[r] = at
			}
		}
	}
	collectGoLiterals(t, add)
	collectJSONStrings(t, "../../assets/translations/*.json", false, add)
	collectJSONStrings(t, "../../assets/games/*.json", true, add)
	require.Contains(t, where, 'A', "found the app's text")

	th := ThemeFor("")
	styles := map[string]struct {
		style    fyne.TextStyle
		fallback fyne.Resource
	}{
		"regular":     {fyne.TextStyle{}, theme.DefaultTextFont()},
		"bold":        {fyne.TextStyle{Bold: true}, theme.DefaultTextBoldFont()},
		"italic":      {fyne.TextStyle{Italic: true}, theme.DefaultTextItalicFont()},
		"bold italic": {fyne.TextStyle{Bold: true, Italic: true}, theme.DefaultTextBoldItalicFont()},
	}
	names := make([]string, 0, len(styles))
	for n := range styles {
		names = append(names, n)
	}
	sort.Strings(names)

	runes := make([]rune, 0, len(where))
	for r := range where {
		runes = append(runes, r)
	}
	sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })

	faces := map[string][]*font.Face{}
	for _, n := range names {
		s := styles[n]
		faces[n] = []*font.Face{parseFace(t, th.Font(s.style))}
		if th.Font(s.style) != s.fallback {
			faces[n] = append(faces[n], parseFace(t, s.fallback))
		}
	}
	for _, r := range runes {
		var lacking []string
		for _, n := range names {
			if !anyHas(faces[n], r) {
				lacking = append(lacking, n)
			}
		}
		if len(lacking) > 0 {
			t.Errorf("no font of the app has %U %q (%s) for %s text", r, r, where[r], strings.Join(lacking, ", "))
		}
	}
}

// TestFonts_SymbolsFontKeepsNotoSansMetrics: Fyne takes a line's height
// from the font that has the space, and its baseline from the font of the
// first run, so the app's symbols font (which has a space) must match Noto
// Sans there, or every label would move.
func TestFonts_SymbolsFontKeepsNotoSansMetrics(t *testing.T) {
	th := ThemeFor("")
	for _, s := range []fyne.TextStyle{{}, {Bold: true}, {Italic: true}, {Bold: true, Italic: true}} {
		sym := parseFace(t, th.Font(s))
		noto := parseFace(t, theme.DefaultTextFont())
		require.Equal(t, noto.Upem(), sym.Upem())
		want, ok := noto.FontHExtents()
		require.True(t, ok)
		got, ok := sym.FontHExtents()
		require.True(t, ok)
		require.Equal(t, want, got, "line metrics for %+v", s)
		ns, _ := noto.NominalGlyph(' ')
		ss, ok := sym.NominalGlyph(' ')
		require.True(t, ok, "the symbols font has a space: the shaper keeps a space in the run before it")
		require.Equal(t, noto.HorizontalAdvance(ns), sym.HorizontalAdvance(ss), "space width")
	}
	for _, s := range []fyne.TextStyle{{Monospace: true}, {Symbol: true}} {
		require.Equal(t, theme.DefaultTheme().Font(s), th.Font(s), "%+v keeps Fyne's font", s)
	}
}

func parseFace(t *testing.T, res fyne.Resource) *font.Face {
	t.Helper()
	f, err := font.ParseTTF(bytes.NewReader(res.Content()))
	require.NoError(t, err, res.Name())
	return f
}

func anyHas(faces []*font.Face, r rune) bool {
	for _, f := range faces {
		if _, ok := f.NominalGlyph(r); ok { // as Fyne picks a face per rune
			return true
		}
	}
	return false
}

// collectGoLiterals reads every string and rune literal in the app's
// non-test Go files (comments are not drawn).
func collectGoLiterals(t *testing.T, add func(s, at string)) {
	files := apptest.SourceFiles(t, ".")
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		n++
		ast.Inspect(f, func(node ast.Node) bool {
			lit, ok := node.(*ast.BasicLit)
			if !ok || (lit.Kind != token.STRING && lit.Kind != token.CHAR) {
				return true
			}
			s := lit.Value
			if lit.Kind == token.CHAR {
				r, _, _, err := strconv.UnquoteChar(s[1:len(s)-1], '\'')
				require.NoError(t, err, fset.Position(lit.Pos()).String())
				s = string(r)
			} else if s, err = strconv.Unquote(s); err != nil {
				t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
			}
			add(s, fset.Position(lit.Pos()).String())
			return true
		})
	}
	require.Greater(t, n, 10, "found the app's Go files")
}

// collectJSONStrings reads the string values of each JSON file matching
// pattern, and the keys too when keys is set.
func collectJSONStrings(t *testing.T, pattern string, keys bool, add func(s, at string)) {
	files, err := filepath.Glob(pattern)
	require.NoError(t, err)
	require.NotEmpty(t, files, pattern)
	for _, name := range files {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		var v any
		require.NoError(t, json.Unmarshal(b, &v), name)
		var walk func(v any, path string)
		walk = func(v any, path string) {
			switch v := v.(type) {
			case string:
				add(v, name+" "+path)
			case []any:
				for i, e := range v {
					walk(e, fmt.Sprintf("%s[%d]", path, i))
				}
			case map[string]any:
				for k, e := range v {
					if keys {
						add(k, name+" "+path)
					}
					walk(e, path+"."+k)
				}
			}
		}
		walk(v, "")
	}
}
