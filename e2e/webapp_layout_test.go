package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/screen"
	"boardside/assets"
	"boardside/companion/webapp"
	"boardside/internal/webdriver"
	"boardside/internal/webscreen"
)

// The layout check in a real browser: what players see. Fyne's test
// driver is not a browser (its fonts, its window that grows, its desktop
// mode), so the web app is walked in headless Chromium as a phone, by the
// taps a player makes, through the screens app/apptest's check covers,
// and each state is checked at every size, in English and in German.

// webSizes are the sizes of devices.md: phones upright and on their side,
// a tablet both ways.
var webSizes = []device{
	{360, 640, phone.ua}, {412, 915, phone.ua}, {640, 360, phone.ua}, {915, 412, phone.ua},
	{800, 1280, tablet.ua}, {1280, 800, tablet.ua},
}

// TestWebApp_EveryScreenFitsEveryPhone walks the web app's screens by taps
// on a 360×640 phone and checks each state at every size: the canvas no
// larger than the page, every tappable object inside the window (or in a
// scroll that reaches it) and at least 44×44, no two texts overlapping,
// no text cut (apptest.Violations, on what the app lists in the browser).
// What it finds must be what testdata/web_layout_violations.txt lists.
func TestWebApp_EveryScreenFitsEveryPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every screen in a browser: minutes")
	}
	dir := builtWebApp(t)
	var found []string
	checked := 0
	var foundMu sync.Mutex
	// The two walks side by side (t.Parallel), each in its own browser:
	// most of a walk is waiting on the page, and two cores take two.
	t.Run("walks", func(t *testing.T) {
		for _, code := range []string{"en", "de"} {
			t.Run(code, func(t *testing.T) {
				t.Parallel()
				// A browser each: each language starts with no games saved.
				newTab := browserFor(t, 20*time.Minute, webdriver.ChromeOptions{WebGL: true})
				table, _ := serveWithApp(t, dir)
				w := &webWalk{t: t, tab: newTab(), code: code, tr: translator(t, code), found: &found, checked: &checked, foundMu: &foundMu, table: table}
				w.open(webapp.URL(table)[:strings.Index(webapp.URL(table), "?")])
				w.walk()
				w.logMu.Lock()
				defer w.logMu.Unlock()
				require.Empty(t, w.errors, "the page's errors in one walk")
			})
		}
	})
	found = slices.Compact(slices.Sorted(slices.Values(found)))
	t.Logf("%d states × sizes × languages checked in the browser, %d violations:\n%s", checked, len(found), strings.Join(found, "\n"))
	apptest.CompareKnown(t, filepath.Join("testdata", "web_layout_violations.txt"), found)
}

// webWalk is one language's walk through the web app.
type webWalk struct {
	t       *testing.T
	tab     *webdriver.Chrome
	code    string
	tr      func(string) string
	found   *[]string // what the walks found, kept when one stops
	checked *int
	foundMu *sync.Mutex // found and checked, shared by the walks side by side
	table   string      // the link of a Magic Maze table to join

	logMu  *sync.Mutex
	log    []string // the page's last log lines and exceptions
	errors []string // the page's exceptions
}

// keepConsole and keepException keep the page's last 40 log lines and
// exceptions, to say why an app that stopped answering did.
func (w *webWalk) keepConsole(c webdriver.Console) {
	var parts []string
	for _, a := range c.Args {
		parts = append(parts, strings.Trim(a.JSON, `"`))
	}
	w.keepLog(c.Kind + ": " + strings.Join(parts, " "))
}

func (w *webWalk) keepException(e webdriver.Exception) {
	line := "exception: " + e.Text
	if e.Description != "" {
		line += " " + e.Description
	}
	w.keepLog(line)
}

func (w *webWalk) keepLog(line string) {
	w.logMu.Lock()
	defer w.logMu.Unlock()
	if strings.HasPrefix(line, "exception: ") {
		w.errors = append(w.errors, line)
	}
	w.log = append(w.log, line)
	if len(w.log) > 40 {
		w.log = w.log[len(w.log)-40:]
	}
}

// walkSize is the phone the walk taps on: the smallest.
var walkSize = webSizes[0]

func (w *webWalk) open(url string) {
	w.t.Helper()
	w.logMu = &sync.Mutex{}
	require.NoError(w.t, w.tab.Listen(w.t.Context(), webdriver.Listener{Console: w.keepConsole, Exception: w.keepException}))
	w.resize(walkSize)
	require.NoError(w.t, w.tab.Navigate(w.t.Context(), url))
	waitDrawn(w.tab, w.t)
}

// walk goes through the screens as a player would, checking each state.
func (w *webWalk) walk() {
	w.check("home")
	w.visit("Settings", "settings", "Back")
	w.visit("About", "about", "Back")
	w.visit("Join a table", "join", "Back")
	w.visit("Played games", "plays-empty", "Back")
	// Every game in the same page, as a phone at the table lives: no
	// reload between them (a page that dies fails the walk). The catalog's
	// games without taps of their own here first: their start screens.
	w.startScreens()
	w.missionControl()
	w.missionControlData()
	w.adele()
	w.aquaSphere()
	w.marsMaze()

	// Home with games under way, and a game's history.
	w.check("home-resume")
	w.tap("button", "History") // the first game's
	w.wait("button", "Back")
	w.check("history")
	w.tap("button", "Back")

	// The play Magic Maze's win recorded, in the log and opened.
	w.tap("button", "Played games")
	w.wait("button", "Export as CSV")
	w.check("plays")
	w.tap("label", "Magic Maze on Mars")
	w.wait("button", "Log in BG Stats")
	w.check("play")
	w.tap("button", "Back")
	w.wait("button", "Export as CSV")
	w.tap("button", "Back")
	w.joined()
}

// joined joins a Magic Maze table by its link, typed in, and starts its
// game from this phone.
func (w *webWalk) joined() {
	w.tap("button", "Join a table")
	w.typeInto(webscreen.Is(""), w.table)
	w.tap("button", "Join")
	w.waitText("label", w.starts("Connected"))
	w.check("marsmaze-joined")
	w.tap("button", "Turn the sand timer over to start")
	w.wait("button", "Flip")
	w.check("marsmaze-joined-running")
	w.tap("button", "Back")
	w.wait("button", "Join a table")
}

// typeInto taps the entry match finds and types text as a phone's
// keyboard does.
func (w *webWalk) typeInto(match func(string) bool, text string) {
	w.t.Helper()
	w.tapMatch("entry", match, "the entry")
	require.NoError(w.t, w.tab.InsertText(w.t.Context(), text))
	w.waitText("entry", webscreen.Is(text))
}

// tick ticks the check box with that text, tapping again where a tap did
// not take, as a player would.
func (w *webWalk) tick(text string) {
	w.t.Helper()
	off, on := webscreen.Is("☐ "+w.tr(text)), webscreen.Is("☑ "+w.tr(text))
	w.tapUntil(text+" stays unticked after a tap", func() {
		// On its box: Fyne's check takes taps on its box and words only,
		// not on the empty rest of a wide row.
		w.reveal("check", off, text)
		time.Sleep(armWait)
		it, err := webscreen.Stable(w.t.Context(), w.tab, "check", off, patient(20*time.Second))
		require.NoError(w.t, err, text)
		require.NoError(w.t, w.tab.Tap(w.t.Context(), it.X+22, it.Y+it.H/2))
	}, func(s webscreen.Screen) bool { _, ticked := s.Find("check", on); return ticked })
}

// newGame ends the game on screen for a new one, as on a landscape
// tablet: its game bar has room for New game, which a phone's keeps
// behind ⋮.
func (w *webWalk) newGame() {
	w.t.Helper()
	wide := webSizes[5]
	w.resize(wide)
	w.settled(wide)
	w.tap("button", "New game")
	yes := func(s string) bool { return s == "Yes" || s == "Ja" }
	w.tapUntil("the question stays open after Yes", func() { w.tapMatch("button", yes, "Yes") },
		func(s webscreen.Screen) bool { _, open := s.Find("button", yes); return !open })
	w.resize(walkSize)
	w.settled(walkSize)
}

// tapUntil taps, and taps again where the screen does not show done within
// 3 s of a tap, as a player would; three taps at most. A real wait: the
// page handles a tap on its own time.
func (w *webWalk) tapUntil(failure string, tap func(), done func(webscreen.Screen) bool) {
	w.t.Helper()
	for range 3 {
		tap()
		for deadline := time.Now().Add(patient(3 * time.Second)); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			if done(w.read()) {
				return
			}
		}
	}
	require.FailNow(w.t, failure)
}

// ends matches a text that ends as the template does, after its last
// field.
func (w *webWalk) ends(template string) func(string) bool {
	t := w.tr(template)
	suffix := t[strings.LastIndex(t, "}}")+2:]
	return func(s string) bool { return strings.HasSuffix(s, suffix) }
}

// starts matches a text that begins as the template does, up to its first
// field.
func (w *webWalk) starts(template string) func(string) bool {
	prefix, _, _ := strings.Cut(w.tr(template), "{{")
	return func(s string) bool { return strings.HasPrefix(s, prefix) }
}

// visit taps a button to a screen, checks it, and goes back.
func (w *webWalk) visit(button, name, back string) {
	w.tap("button", button)
	w.wait("button", back)
	w.check(name)
	w.tap("button", back)
}

// check checks the state on screen at every size, then goes back to the
// phone the walk taps on.
func (w *webWalk) check(name string) {
	w.t.Helper()
	for _, d := range webSizes {
		w.resize(d)
		s := w.settled(d)
		vs := w.violations(s, d)
		w.foundMu.Lock()
		*w.checked++
		for _, v := range vs {
			// Figures that change as a timer runs ("0:41", "in 9 s") as #,
			// so that the list of known violations holds from run to run.
			v = figures.ReplaceAllString(v, "#")
			*w.found = append(*w.found, fmt.Sprintf("%dx%d %s %s: %s", d.w, d.h, w.code, name, v))
		}
		w.foundMu.Unlock()
	}
	w.resize(walkSize)
	w.settled(walkSize)
}

var figures = regexp.MustCompile(`\d+`)

// violations are devices.md's rules broken on the screen s shows at d.
func (w *webWalk) violations(s webscreen.Screen, d device) []string {
	var out []string
	page := eval[[]float64](w.tab, w.t, `(() => { const c = document.querySelector("canvas").getBoundingClientRect();
		return [innerWidth, innerHeight, c.width, c.height, document.documentElement.scrollWidth, document.documentElement.scrollHeight]; })()`)
	if s.Width > page[0]+0.5 || s.Height > page[1]+0.5 {
		out = append(out, fmt.Sprintf("the app's window is %.0f×%.0f, larger than the page's %.0f×%.0f", s.Width, s.Height, page[0], page[1]))
	}
	if page[2] > page[0]+0.5 || page[3] > page[1]+0.5 || page[4] > page[0]+0.5 || page[5] > page[1]+0.5 {
		out = append(out, fmt.Sprintf("the canvas is %.0f×%.0f (the page %.0f×%.0f) in a %.0f×%.0f viewport", page[2], page[3], page[4], page[5], page[0], page[1]))
	}
	items := make([]screen.Item, 0, len(s.Items))
	for _, it := range s.Items {
		items = append(items, screen.Item{Kind: it.Kind, Text: it.Text, X: float32(it.X), Y: float32(it.Y), W: float32(it.W), H: float32(it.H),
			Disabled: it.Disabled, InView: it.InView, Scrolled: it.Scrolled, Scroll: it.Scroll, MinW: float32(it.MinW), MinH: float32(it.MinH), Dialog: it.Dialog})
	}
	return append(out, apptest.Violations(items, fyne.NewSize(float32(d.w), float32(d.h)))...)
}

// resize makes the tab the device d.
func (w *webWalk) resize(d device) {
	w.t.Helper()
	require.NoError(w.t, w.tab.Emulate(w.t.Context(), webdriver.Phone{Width: d.w, Height: d.h, Scale: webAppRatio, Mobile: true, Touch: true, Landscape: d.w > d.h}))
	// The page's language is the browser's: navigator.language.
	require.NoError(w.t, w.tab.UserAgent(w.t.Context(), webdriver.Agent{UA: d.ua,
		AcceptLanguage: map[string]string{"en": "en-GB", "de": "de-DE"}[w.code]}))
}

// settled is the screen once the app has taken the page's size and its
// layout has stopped changing.
func (w *webWalk) settled(d device) webscreen.Screen {
	w.t.Helper()
	var last string
	var s webscreen.Screen
	deadline := time.Now().Add(patient(20 * time.Second))
	for time.Now().Before(deadline) {
		s = w.read()
		b, _ := json.Marshal(s)
		if int64(s.Width+0.5) >= d.w && int64(s.Height+0.5) >= d.h && string(b) == last {
			return s
		}
		last = string(b)
		time.Sleep(100 * time.Millisecond) // the browser lays out on its own time
	}
	return s // checked as it is: a window that never took the page's size is a violation
}

// read asks the app what it shows: an app that does not answer in 30 s
// has stopped, and the page's last log lines say why.
func (w *webWalk) read() webscreen.Screen {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(w.t.Context(), patient(30*time.Second))
	defer cancel()
	s, err := webscreen.Read(ctx, w.tab)
	if err != nil {
		w.logMu.Lock()
		defer w.logMu.Unlock()
		require.NoError(w.t, err, "the app does not answer; the page's last log lines:\n%s", strings.Join(w.log, "\n"))
	}
	return s
}

// armWait is waited before each tap: a control a change has just touched
// ignores taps for half a second (tap safety), and a player's next tap
// comes later too. A real wait: the page keeps its own time.
const armWait = 600 * time.Millisecond

// tap taps, with a finger, what shows text (in the walk's language).
func (w *webWalk) tap(kind, text string) {
	w.t.Helper()
	w.tapMatch(kind, webscreen.Is(w.tr(text)), text)
}

func (w *webWalk) tapAny(kind string, texts ...string) {
	w.t.Helper()
	w.tapMatch(kind, func(s string) bool { return slices.Contains(texts, s) }, strings.Join(texts, " or "))
}

func (w *webWalk) tapMatch(kind string, match func(string) bool, what string) {
	w.t.Helper()
	w.reveal(kind, match, what)
	time.Sleep(armWait)
	if err := webscreen.TapShown(w.t.Context(), w.tab, kind, match, patient(20*time.Second)); err != nil {
		require.FailNow(w.t, "cannot tap "+what, "%v", err)
	}
}

// reveal waits until the screen has what kind and match find, in view or
// not, and brings it into view as a finger would: a drag in the scroll
// that holds it.
func (w *webWalk) reveal(kind string, match func(string) bool, what string) {
	w.t.Helper()
	var s webscreen.Screen
	for deadline := time.Now().Add(patient(20 * time.Second)); ; {
		s = w.read()
		if _, ok := s.Find(kind, match); ok {
			break
		}
		if time.Now().After(deadline) {
			require.FailNow(w.t, "not on the screen: "+what, "the screen shows:\n%s", s)
		}
		time.Sleep(100 * time.Millisecond) // the app draws a new screen on the page's time
	}
	for range 15 {
		it, ok := s.Find(kind, match)
		require.True(w.t, ok, "gone from the screen: %s\n%s", what, s)
		if it.InView {
			return
		}
		sc, ok := s.Holder(it)
		require.True(w.t, ok, "%s lies out of view, and no scroll holds it:\n%s", what, s)
		mid := sc.Y + sc.H/2
		dy := max(-sc.H*0.4, min(sc.H*0.4, it.Y+it.H/2-mid)) // up, to bring what is below into view
		require.NoError(w.t, stroke(w.t.Context(), w.tab, sc.X+sc.W/2, mid+dy/2, mid-dy/2, 10, 200*time.Millisecond))
		time.Sleep(300 * time.Millisecond) // the page scrolls on its own time
		s = w.read()
	}
	require.FailNow(w.t, "a finger could not bring "+what+" into view", "the screen shows:\n%s", s)
}

func (w *webWalk) wait(kind, text string) {
	w.t.Helper()
	w.waitText(kind, webscreen.Is(w.tr(text)))
}

func (w *webWalk) waitAny(kind string, texts ...string) {
	w.t.Helper()
	w.waitText(kind, func(s string) bool { return slices.Contains(texts, s) })
}

// waitText waits until the screen has it, in view or in a scroll.
func (w *webWalk) waitText(kind string, match func(string) bool) {
	w.t.Helper()
	w.reveal(kind, match, kind)
}

// pickRadio taps the option of the first radio group: its options are laid
// out in a row, each as wide as the widest.
func (w *webWalk) pickRadio(option string) {
	w.t.Helper()
	s := w.read()
	r, ok := s.Find("radio", func(string) bool { return true })
	require.True(w.t, ok, "a radio group: %s", s)
	n := 5.0
	i := 0.0
	_, err := fmt.Sscanf(option, "%g", &i)
	require.NoError(w.t, err)
	x := r.X + (i-0.5)*r.MinW/n
	require.NoError(w.t, w.tab.Tap(w.t.Context(), x, r.Y+r.H/2))
	w.waitText("radio", webscreen.Is(option))
}

// translator gives a text as the app shows it in the language code: the
// app's texts are keyed by their English.
func translator(t *testing.T, code string) func(string) string {
	if code == "en" {
		return func(s string) string { return s }
	}
	b, err := assets.Translations.ReadFile(assets.TranslationsDir + "/" + code + ".json")
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return func(s string) string {
		if v, ok := m[s].(string); ok {
			return v
		}
		return s
	}
}
