package app

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/uristore"
	"boardside/app/uristore/memrepo"
)

var refusingSchemes atomic.Int64

// browserStore serves, as a browser's storage is, a store that can start
// refusing every change (memrepo's CutAfter: IndexedDB full, or WebKit's
// in-memory backend), behind uristore's Fallback. It returns the store and
// the root folder.
func browserStore(t *testing.T) (*memrepo.Repo, fyne.URI) {
	t.Helper()
	primary := memrepo.New(memrepo.Stream)
	f := uristore.NewFallback(primary, func(err error) bool { return errors.Is(err, memrepo.ErrCut) })
	scheme := fmt.Sprintf("browser%d", refusingSchemes.Add(1))
	repository.Register(scheme, f)
	root, err := storage.ParseURI(scheme + ":///fyne/")
	require.NoError(t, err)
	require.NoError(t, storage.CreateListable(root))
	return primary, root
}

// overlayTexts are the texts of every dialog showing.
func overlayTexts(u *UI) []string {
	var out []string
	for _, o := range u.Win.Canvas().Overlays().List() {
		out = append(out, strings.Join(apptest.Texts(o), "\n"))
	}
	return out
}

// answerKept makes the browser answer kept to navigator.storage.persisted().
func answerKept(t *testing.T, kept bool) {
	was := askKept
	askKept = func(answer func(bool)) { answer(kept) }
	t.Cleanup(func() { askKept = was })
}

// A browser that stops keeping mid-game: the game goes on, every action
// after is kept in memory, and one notice says so, not a dialog per action.
func TestKeeping_ABrowserThatKeepsNothingIsToldOnceAndTheGameGoesOn(t *testing.T) {
	env := newTestEnv(t, counterGame())
	var primary *memrepo.Repo
	primary, env.Root = browserStore(t)
	u := env.start(t)
	u.OpenGame(u.Game("counter"))
	test.Tap(shownCounter.plus)
	require.Empty(t, overlayTexts(u), "kept: nothing to say")

	primary.CutAfter(0) // every change refused from here on
	for range 3 {
		test.Tap(shownCounter.plus)
	}
	assert.Equal(t, "4", counterLabel(t, u), "the game goes on")
	shown := overlayTexts(u)
	require.Len(t, shown, 1, "one notice, not one per action: %q", shown)
	assert.Contains(t, shown[0], "This browser keeps nothing of Boardside")
	assert.Contains(t, shown[0], "Leave Private Browsing")
	assert.NotContains(t, shown[0], "could not be saved")

	u2 := env.start(t) // another window of the same page
	assert.Equal(t, "4", counterLabel(t, u2), "the game, from memory")
	settings := strings.Join(apptest.Texts(newSettingsScreen(u2).content), "\n")
	assert.Contains(t, settings, "This browser keeps nothing of Boardside", "Settings says so too")
	plays := strings.Join(apptest.Texts(newPlaysScreen(u2).content), "\n")
	assert.Contains(t, plays, "export these played games before you close the page")
}

// Settings says whether the browser promised to keep the data; Played
// games says it beside its export only where it did not.
func TestKeeping_SettingsAndPlayedGamesSayWhatTheBrowserPromised(t *testing.T) {
	for _, c := range []struct {
		kept         bool
		settings     string
		plays        string
		playsWithout string
	}{
		{true, "This browser has promised to keep Boardside's games and played games.", "", "may delete"},
		{false, "This browser has not promised to keep Boardside's games", "This browser may delete these played games one day", ""},
	} {
		t.Run(fmt.Sprint("kept ", c.kept), func(t *testing.T) {
			answerKept(t, c.kept)
			env := newTestEnv(t, counterGame())
			_, env.Root = browserStore(t)
			u := env.start(t)
			settings := strings.Join(apptest.Texts(newSettingsScreen(u).content), "\n")
			assert.Contains(t, settings, c.settings)
			assert.Contains(t, settings, "Saved games")
			plays := strings.Join(apptest.Texts(newPlaysScreen(u).content), "\n")
			if c.plays != "" {
				assert.Contains(t, plays, c.plays)
			} else {
				assert.NotContains(t, plays, c.playsWithout)
			}
		})
	}
}

// A program's own files: Settings and Played games say nothing of it.
func TestKeeping_AProgramSaysNothing(t *testing.T) {
	u := newTestEnv(t, counterGame()).start(t)
	settings := strings.Join(apptest.Texts(newSettingsScreen(u).content), "\n")
	assert.NotContains(t, settings, "Saved games")
	assert.NotContains(t, settings, "This browser")
	assert.NotContains(t, strings.Join(apptest.Texts(newPlaysScreen(u).content), "\n"), "This browser")
}

// In Safari on an iPhone or iPad, not from the home screen: the hint on
// adding Boardside to the home screen, once.
func TestKeeping_HomeScreenHintOnceInAnIOSBrowser(t *testing.T) {
	was := inIOSBrowserTab
	inIOSBrowserTab = func() bool { return true }
	t.Cleanup(func() { inIOSBrowserTab = was })
	env := newTestEnv(t, counterGame())
	_, env.Root = browserStore(t)

	shown := overlayTexts(env.start(t))
	require.Len(t, shown, 1)
	assert.Contains(t, shown[0], "tap Share, then Add to Home Screen")
	assert.Empty(t, overlayTexts(env.start(t)), "once: not at the next start")
}
