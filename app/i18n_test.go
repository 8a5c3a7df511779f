package app

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/companion"
	"boardside/companion/adele"
	aq "boardside/companion/aquasphere"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/share"
	"boardside/decks"
	"boardside/timers"
)

func loadTranslationFile(t *testing.T, lang string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "assets", "translations", lang+".json"))
	require.NoError(t, err)
	var m map[string]string
	require.NoError(t, json.Unmarshal(b, &m), "%s.json must be a flat JSON object of strings", lang)
	return m
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestTranslations_EveryKeyInBothLanguages(t *testing.T) {
	en, de := loadTranslationFile(t, "en"), loadTranslationFile(t, "de")
	assert.Equal(t, keys(en), keys(de), "a key exists in one language and not in the other")
	for k, v := range en {
		assert.Equal(t, k, v, "English keys are the English text")
		assert.NotEmpty(t, de[k], "German text for %q is empty", k)
	}
}

// TestTranslations_EveryTextInTheCodeIsTranslated scans the app's source
// for texts passed to lang.L and the game blurbs, and checks each has an
// entry, so no screen shows a German player an English line.
func TestTranslations_EveryTextInTheCodeIsTranslated(t *testing.T) {
	en := loadTranslationFile(t, "en")
	files := apptest.SourceFiles(t, ".")
	patterns := []*regexp.Regexp{
		regexp.MustCompile(`lang\.L\("((?:[^"\\]|\\.)*)"`),
		regexp.MustCompile(`Blurb:\s*"((?:[^"\\]|\\.)*)"`),
	}
	found := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, p := range patterns {
			for _, m := range p.FindAllStringSubmatch(string(src), -1) {
				found++
				_, ok := en[m[1]]
				assert.True(t, ok, "%s: %q has no translation entry", f, m[1])
			}
		}
	}
	assert.Greater(t, found, 20, "the scan found the app's texts")
}

// TestTranslations_RuleErrorsHaveGerman: refusals from the rules reach the
// player; each has a German text.
func TestTranslations_RuleErrorsHaveGerman(t *testing.T) {
	de := loadTranslationFile(t, "de")
	errs := []error{
		companion.ErrNothingToUndo, companion.ErrNotUndoableHere, share.ErrUndoChanged,
		timers.ErrNotIdle, timers.ErrNotRunning, timers.ErrNotPaused, timers.ErrIdle, timers.ErrExpired,
		timers.ErrBadDuration, timers.ErrTakesTooMuch, timers.ErrRunOut,
		mm.ErrGameOver, mm.ErrNotStarted, mm.ErrStarted, mm.ErrLanded, mm.ErrNoMarkers, mm.ErrNoJokers,
		mm.ErrNotTalking, mm.ErrTalkFreely, mm.ErrAlreadyStarted,
		mc.ErrStarted, mc.ErrGameOver, mc.ErrNotStarted,
		mc.ErrNotAIRole, mc.ErrAIRole, mc.ErrNoDice, mc.ErrDiceRolled, mc.ErrBadDice, mc.ErrAlreadyLocked,
		mc.ErrNotAllLocked, mc.ErrNoSetup, mc.ErrNoUnlockCards, mc.ErrPeeking, mc.ErrNotPeeking, mc.ErrNotPeeked,
		mc.ErrPhysicalBag, mc.ErrStarValve, mc.ErrNoStarValve, mc.ErrUnknownRole, mc.ErrGameNotRunning,
		decks.ErrBagEmpty,
		aq.ErrStarted, aq.ErrFull, aq.ErrTooFew, aq.ErrNoPlayer, aq.ErrNoName, aq.ErrAllRounds, aq.ErrRoundsFirst,
		aq.ErrOver, aq.ErrField, aq.ErrNegative,
		adele.ErrNotSetUp, adele.ErrSetUp, adele.ErrPlayers, adele.ErrNoShip, adele.ErrPIN, adele.ErrRemoveTwo, adele.ErrOver,
		adele.ErrEnergy, adele.ErrNotInHand, adele.ErrNotRoom, adele.ErrBadRoom, adele.ErrNoObstacle, adele.ErrIdentical,
		adele.ErrSpecial, adele.ErrNotSpecial, adele.ErrNotOnConsole, adele.ErrRequirements, adele.ErrNotPlaced,
		adele.ErrEmergencyDone, adele.ErrEmergencyFirst, adele.ErrAdeleDone, adele.ErrAdeleFirst, adele.ErrNoEmergencyCard,
		adele.ErrAlarmsOff, adele.ErrNoAlarm, adele.ErrNoImpact, adele.ErrNoReturnFloor, adele.ErrTargeted, adele.ErrDoor,
		adele.ErrWinner, adele.ErrSpot, ErrWrongPIN, ErrChooseRoomAndObstacle,
	}
	for _, e := range errs {
		assert.NotEmpty(t, de[e.Error()], "no German for %q", e.Error())
	}

	setLanguage(t, "de")
	assert.Equal(t, "Es ist kein Joker mehr übrig.", TranslateError(mm.ErrNoJokers))
	assert.Equal(t, `"x" is not a difficulty`, TranslateError(errors.New(`"x" is not a difficulty`)), "unknown messages stay as they are")
}
