package app

import (
	"testing"

	"boardside/app/apptest"
	"boardside/app/kit"

	"github.com/stretchr/testify/assert"
)

// TestGerman_NoEnglishOnAnyScreen renders every screen state the layout
// check walks in German and finds no text that is an English string of
// the bundle or of the game data files.
func TestGerman_NoEnglishOnAnyScreen(t *testing.T) {
	apptest.CheckGerman(t, checkScreens(), kit.LoadTranslations)
}

// TestGerman_TheCheckFindsEnglish is the test's own test: an English
// sentence of the bundle and a data file's source note are found, a
// German text and a name are not.
func TestGerman_TheCheckFindsEnglish(t *testing.T) {
	english := apptest.EnglishStrings(t)
	assert.NotEmpty(t, apptest.EnglishIn("Turn the sand timer over to start", english))
	assert.NotEmpty(t, apptest.EnglishIn("Standardstapel (generated default, not the printed deck: 22 room cards and 5 special cards (2 marked \"!\") — default — edit to match your copy)", english))
	assert.Empty(t, apptest.EnglishIn("Sanduhr umdrehen und starten", english))
	assert.Empty(t, apptest.EnglishIn("Magic Maze on Mars", english))
}

// TestErrors_ShownAsSentences: the rules' errors, lower-case as Go writes
// them, reach a player starting with a capital, in either language.
func TestErrors_ShownAsSentences(t *testing.T) {
	assert.Equal(t, "That is not the PIN", kit.TranslateError(kit.ErrWrongPIN))
	setLanguage(t, "de")
	assert.Equal(t, "Das ist nicht die PIN", kit.TranslateError(kit.ErrWrongPIN))
}
