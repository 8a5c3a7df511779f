package apptest

import (
	"os"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"boardside/timers"
)

// Epoch is the fake clock's start: a game night.
var Epoch = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

// Env is a test app with what the app's Options take: a storage root, a
// fake clock and a sound recorder.
type Env struct {
	App fyne.App
	Dir string // the storage root, a folder of files as on desktop
	// Root, when set, is the storage root instead of Dir (an in-memory
	// one, as a browser's); Legacy is Options.Legacy.
	Root, Legacy fyne.URI
	Clock        *timers.Fake
	Sounds       []string // what the app played
}

// NewEnv makes a test app whose clock stands at Epoch.
func NewEnv(t testing.TB) *Env {
	t.Helper()
	a := test.NewTempApp(t)
	FreshRenderCache()
	return &Env{App: a, Dir: t.TempDir(), Clock: timers.NewFake(Epoch)}
}

// RootURI is where the app saves: Root, or the folder Dir.
func (e *Env) RootURI() fyne.URI {
	if e.Root != nil {
		return e.Root
	}
	return storage.NewFileURI(e.Dir)
}

// Sound records a sound the app plays.
func (e *Env) Sound(name string) { e.Sounds = append(e.Sounds, name) }

// FreshRenderCache works around fyne-io/fyne#6509 (Fyne 2.8.1): Fyne's
// render cache dates the renderers it makes by a clock sample taken at the
// last paint, so when no canvas has painted for a minute (in a long -race
// run, the layout check), renderers made next are expired at birth, and the
// next Capture drops them and draws widgets such as separators without
// their layout, at size zero. Painting an empty canvas takes a fresh
// sample. Fyne's drivers paint every frame, so the app is not affected.
func FreshRenderCache() { test.NewCanvas().Capture() }

// Main runs a package's tests in English, whatever the machine's locale;
// load is the app's LoadTranslations.
func Main(m *testing.M, load func()) {
	os.Setenv("LANG", "en_US.UTF-8")
	os.Unsetenv("LANGUAGE")
	load()
	os.Exit(m.Run())
}

// SetLanguage switches the texts the way a start in that locale would;
// load is the app's LoadTranslations. The test's end puts the language of
// the run back.
func SetLanguage(t *testing.T, code string, load func()) {
	t.Helper()
	// Registered first so it runs last, after t.Setenv has put the
	// environment back.
	t.Cleanup(load)
	t.Setenv("LANGUAGE", code)
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", map[string]string{"de": "de_DE.UTF-8", "en": "en_US.UTF-8"}[code])
	load()
}
