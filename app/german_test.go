package app

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

// englishStrings are the texts a German screen must not show: the English
// values of the translation bundle that German translates differently, and
// the sentences and names of the game data files (written in English).
func englishStrings(t *testing.T) []string {
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
	for _, game := range []string{"adele", "aquasphere", "marsmaze", "missioncontrol"} {
		b, err := assets.GameData(game)
		require.NoError(t, err)
		var v any
		require.NoError(t, json.Unmarshal(b, &v))
		walk(v)
	}
	return out
}

// englishIn is the English string a German screen's text shows, if any: the
// whole text, a line of it, or a sentence of three words or more inside it.
func englishIn(text string, english []string) string {
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

// TestGerman_NoEnglishOnAnyScreen renders every screen state the layout
// check walks in German and finds no text that is an English string of
// the bundle or of the game data files.
func TestGerman_NoEnglishOnAnyScreen(t *testing.T) {
	english := englishStrings(t)
	require.Greater(t, len(english), 300, "the bundle's and the data's English")
	setLanguage(t, "de")
	var found []string
	for _, sc := range layoutScreens() {
		env := newTestEnv(t)
		u := env.start(t)
		sc.show(t, env, u)
		u.Win.Resize(fyne.NewSize(412, 915))
		for _, it := range u.ScreenList() {
			if it.Kind == "entry" { // what a player typed, or a link
				continue
			}
			text := strings.TrimPrefix(strings.TrimPrefix(it.Text, "☐ "), "☑ ")
			if e := englishIn(text, english); e != "" {
				found = append(found, fmt.Sprintf("%s: %s %q shows %q", sc.name, it.Kind, it.Text, e))
			}
		}
		u.stopCurrent()
		u.Win.Close()
	}
	slices.Sort(found)
	assert.Empty(t, slices.Compact(found))
}

// TestGerman_TheCheckFindsEnglish is the test's own test: an English
// sentence of the bundle and a data file's source note are found, a
// German text and a name are not.
func TestGerman_TheCheckFindsEnglish(t *testing.T) {
	english := englishStrings(t)
	assert.NotEmpty(t, englishIn("Turn the sand timer over to start", english))
	assert.NotEmpty(t, englishIn("Standardstapel (generated default, not the printed deck: 22 room cards and 5 special cards (2 marked \"!\") — default — edit to match your copy)", english))
	assert.Empty(t, englishIn("Sanduhr umdrehen und starten", english))
	assert.Empty(t, englishIn("Magic Maze on Mars", english))
}

// TestErrors_ShownAsSentences: the rules' errors, lower-case as Go writes
// them, reach a player starting with a capital, in either language.
func TestErrors_ShownAsSentences(t *testing.T) {
	assert.Equal(t, "That is not the PIN", TranslateError(ErrWrongPIN))
	setLanguage(t, "de")
	assert.Equal(t, "Das ist nicht die PIN", TranslateError(ErrWrongPIN))
}
