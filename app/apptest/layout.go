package apptest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/require"

	"boardside/app/screen"
)

// Sizes are the sizes every screen must work at: phone portrait, a large
// phone, both on their side, tablet portrait and landscape (devices.md).
var Sizes = []fyne.Size{{Width: 360, Height: 640}, {Width: 412, Height: 915}, {Width: 640, Height: 360}, {Width: 915, Height: 412},
	{Width: 800, Height: 1280}, {Width: 1280, Height: 800}}

// Screen is a screen in a state the tests reach, for the layout and German
// checks. Open builds a fresh app and shows the screen in that state.
type Screen struct {
	Name string
	Open func(t *testing.T) Opened
}

// Opened is a screen showing in a test app's window.
type Opened struct {
	Win   fyne.Window
	List  func() []screen.Item // what the window shows, as the app lists it
	Close func()               // stops the screen's timers and closes the window
}

// tappable kinds take a finger.
var tappable = map[string]bool{"button": true, "check": true, "select": true, "entry": true, "radio": true,
	"slider": true, "slide": true, "link": true, "tabs": true}

// Violations says what on the window breaks devices.md's rules for
// a screen that works at its size: every tappable object lies fully inside
// the window (or in a scroll that reaches it) and is at least 44×44; no
// two visible texts overlap; no text gets less room than it needs.
func Violations(items []screen.Item, size fyne.Size) []string {
	var out []string
	inside := func(it screen.Item) bool {
		in := it.X >= -0.5 && it.X+it.W <= size.Width+0.5
		if !it.Scrolled {
			in = in && it.Y >= -0.5 && it.Y+it.H <= size.Height+0.5
		}
		return in
	}
	name := func(it screen.Item) string {
		text, _, more := strings.Cut(it.Text, "\n")
		if r := []rune(text); len(r) > 60 || more {
			text = string(r[:min(len(r), 60)]) + "…"
		}
		return fmt.Sprintf("%s %q", it.Kind, text)
	}
	isText := func(it screen.Item) bool {
		return strings.TrimSpace(it.Text) != "" && (it.Kind == "label" || it.Kind == "text" || it.Kind == "digits")
	}
	for i, it := range items {
		if it.W <= 0 || it.H <= 0 {
			continue
		}
		if tappable[it.Kind] {
			if !inside(it) {
				out = append(out, name(it)+" lies outside the window")
			}
			if it.W < 44 || it.H < 44 {
				out = append(out, name(it)+" is smaller than 44×44")
			}
		} else if isText(it) && !inside(it) {
			out = append(out, name(it)+" lies outside the window")
		}
		if (isText(it) || it.Kind == "button") && it.Text != "" && (it.W < it.MinW-0.5 || it.H < it.MinH-0.5) {
			out = append(out, name(it)+" is cut")
		}
		if !isText(it) {
			continue
		}
		for _, o := range items[i+1:] {
			// A text its scroll hides in part is clipped there: where it
			// runs past the scroll's edge it does not cover what is beside,
			// outside that scroll.
			clipped := (it.Scrolled && !it.InView) || (o.Scrolled && !o.InView)
			if isText(o) && o.Dialog == it.Dialog && o.W > 0 && o.H > 0 && !(clipped && it.Scroll != o.Scroll) &&
				min(it.X+it.W, o.X+o.W)-max(it.X, o.X) > 2 && min(it.Y+it.H, o.Y+o.H)-max(it.Y, o.Y) > 2 {
				out = append(out, name(it)+" overlaps "+name(o))
			}
		}
	}
	return out
}

// CheckLayout walks every screen at each size in English and German and
// checks it against devices.md's layout rules: Violations, and no window
// minimum wider than a 360-wide phone (on a desktop Fyne keeps a window at
// its content's least size). What it finds must be what the package's
// testdata/layout_violations.txt lists (no file: none, as once every screen
// passes), so no change makes a screen worse. After a fix, write the list
// again with the -update flag (Update): each game's and app/catalog's test
// is TestScreens_FitPhonesAndSpeakGerman, the shell's (./app) TestLayout_:
// go test -tags ci,migrated_fynedo -run TestScreens_FitPhonesAndSpeakGerman ./app/<game> -update
// It returns how many screens × sizes × languages it checked.
//
// Under -race it opens each screen once, in English on the phone most
// players hold (412×915): the race detector watches the screen being built
// and its goroutines, and the other sizes and German lay the same widgets
// out again, six times slower under -race than without it (Mission
// Control's: 46 s a language against 7.8 s). make unit runs every size and
// language in a pass without -race (its LAYOUT_TESTS).
func CheckLayout(t *testing.T, screens []Screen, load func()) int {
	var found []string
	checked := 0
	codes, sizes := []string{"en", "de"}, Sizes
	if raceDetector {
		require.False(t, *Update, "-update writes every size's violations: run it without -race")
		codes, sizes = codes[:1], []fyne.Size{{Width: 412, Height: 915}}
	}
	for _, code := range codes {
		t.Run(code, func(t *testing.T) {
			SetLanguage(t, code, load)
			for _, sc := range screens {
				for _, size := range sizes {
					o := sc.Open(t)
					o.Win.Resize(size)
					checked++
					for _, v := range Violations(o.List(), size) {
						found = append(found, fmt.Sprintf("%.0fx%.0f %s %s: %s", size.Width, size.Height, code, sc.Name, v))
					}
					if w := o.Win.Content().MinSize().Width; w > 360 {
						found = append(found, fmt.Sprintf("%.0fx%.0f %s %s: the window cannot be narrower than %.0f", size.Width, size.Height, code, sc.Name, w))
					}
					o.Close()
				}
			}
		})
	}
	t.Logf("%d screens × sizes × languages checked, %d violations", checked, len(slices.Compact(slices.Sorted(slices.Values(found)))))
	compareKnown(t, filepath.Join("testdata", "layout_violations.txt"), found, raceDetector)
	return checked
}

// CompareKnown holds what a layout check found to the list kept in path:
// a violation not listed fails the test, so no change makes a screen
// worse; a listed one that is gone is logged, to write the list again
// (-update writes what was found). A missing file lists none: a package
// whose screens all pass needs none.
func CompareKnown(t *testing.T, path string, found []string) {
	t.Helper()
	compareKnown(t, path, found, false)
}

// compareKnown is CompareKnown; a partial check (one size, one language)
// finds only some of the known violations, so none it misses is gone.
func compareKnown(t *testing.T, path string, found []string, partial bool) {
	t.Helper()
	found = slices.Compact(slices.Sorted(slices.Values(found)))
	_, statErr := os.Stat(path)
	if *Update && (len(found) > 0 || statErr == nil) {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(strings.Join(found, "\n")+"\n"), 0o644))
		t.Logf("-update: wrote %s", path)
		return
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		b, err = nil, nil // no known violations
	}
	require.NoError(t, err)
	var known []string
	for _, k := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if k != "" {
			known = append(known, k)
		}
	}
	slices.Sort(known)
	var added, gone []string
	for _, f := range found {
		if _, ok := slices.BinarySearch(known, f); !ok {
			added = append(added, f)
		}
	}
	for _, k := range known {
		if _, ok := slices.BinarySearch(found, k); !ok {
			gone = append(gone, k)
		}
	}
	if len(gone) > 0 && !partial {
		t.Logf("%d known violations are gone: write the list again (-update)", len(gone))
	}
	require.Empty(t, added, "screens that got worse (known: %d)", len(known))
}
