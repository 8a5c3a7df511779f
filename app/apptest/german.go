package apptest

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/assets"
)

// EnglishStrings are the texts a German screen must not show: the English
// values of the translation bundle that German translates differently, and
// the sentences and names of the game data files (written in English).
func EnglishStrings(t *testing.T) []string {
	t.Helper()
	read := func(name string) map[string]string {
		b, err := fs.ReadFile(assets.Translations, "translations/"+name)
		require.NoError(t, err)
		m := map[string]string{}
		require.NoError(t, json.Unmarshal(b, &m))
		return m
	}
	en, de := read("en.json"), read("de.json")
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		s = strings.TrimSpace(s)
		if s == "" || seen[s] || !strings.ContainsFunc(s, func(r rune) bool { return r >= 'a' && r <= 'z' }) {
			return
		}
		seen[s] = true
		out = append(out, s)
	}
	germanValues := map[string]bool{}
	for _, v := range de {
		germanValues[v] = true
	}
	for k, v := range en {
		if de[k] != v && !strings.Contains(v, "{{") && !germanValues[v] {
			add(v)
		}
	}
	// The data files: every string of two words or more (names of one
	// word, "Sabotage", "Override", are in the bundle above where shown).
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if k != "de" { // a text the file gives in German too
					walk(e)
				}
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case string:
			if strings.Contains(x, " ") && !germanValues[x] {
				add(x)
			}
		}
	}
	for _, game := range assets.GameDataFiles() {
		b, err := assets.GameData(game)
		require.NoError(t, err)
		var v any
		require.NoError(t, json.Unmarshal(b, &v))
		walk(v)
	}
	return out
}

// EnglishIn is the English string a German screen's text shows, if any: the
// whole text, a line of it, or a sentence of three words or more inside it.
func EnglishIn(text string, english []string) string {
	for _, e := range english {
		if text == e {
			return e
		}
		if len(strings.Fields(e)) >= 3 && strings.Contains(text, e) {
			return e
		}
		for _, line := range strings.Split(text, "\n") {
			if strings.TrimSpace(line) == e {
				return e
			}
		}
	}
	return ""
}

// CheckGerman renders every screen in German at a phone's size and finds
// no text that is an English string of the bundle or of the game data
// files; load is the app's LoadTranslations.
//
// Under -race it is skipped: the layout check has opened each screen
// under -race already, and make unit runs this one without it.
func CheckGerman(t *testing.T, screens []Screen, load func()) {
	if raceDetector {
		t.Skip("the German check runs without -race (make unit's LAYOUT_TESTS); the layout check opened each screen under -race")
	}
	english := EnglishStrings(t)
	require.Greater(t, len(english), 300, "the bundle's and the data's English")
	SetLanguage(t, "de", load)
	var found []string
	for _, sc := range screens {
		o := sc.Open(t)
		o.Win.Resize(fyne.NewSize(412, 915))
		for _, it := range o.List() {
			if it.Kind == "entry" { // what a player typed, or a link
				continue
			}
			text := strings.TrimPrefix(strings.TrimPrefix(it.Text, "☐ "), "☑ ")
			if e := EnglishIn(text, english); e != "" {
				found = append(found, fmt.Sprintf("%s: %s %q shows %q", sc.Name, it.Kind, it.Text, e))
			}
		}
		o.Close()
	}
	slices.Sort(found)
	assert.Empty(t, slices.Compact(found))
}
