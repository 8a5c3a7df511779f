package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/plays"
	"boardside/companion/share"
	"boardside/companion/webapp"
	"boardside/internal/webdriver"
	"boardside/internal/webscreen"
	"boardside/timers"
)

// engine is one browser engine and the user agent of the phones it is in.
type engine struct {
	name  string
	start func(context.Context, webdriver.Options) (webdriver.Page, error)
	ua    string
}

var engines = []engine{
	{"chromium", webdriver.StartChromium, "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"},
	{"webkit", webdriver.StartWebKit, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"},
	{"firefox", webdriver.StartFirefox, "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0"},
}

// phones are the two sizes every check runs at.
var phones = [][2]int{{390, 844}, {412, 915}}

// engineTable hosts a started Magic Maze on Mars game (mission 2) with the web
// app and a log of played games, as a laptop's boardside serve does, and
// returns its quick viewer's link and the host's session.
func engineTable(t *testing.T, dir string) (string, *companion.Session) {
	t.Helper()
	s := companion.New(mm.Rules, mm.New(), timers.System{})
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 2}))
	require.NoError(t, s.Dispatch(&mm.Start{}))
	log, err := plays.Open(companion.NewStore(filepath.Join(t.TempDir(), plays.FileName)))
	require.NoError(t, err)
	book := plays.NewBook(log, nil, func(err error) { t.Error(err) })
	book.RecordAtEnd = true
	book.Follow(s)
	h := share.NewHost(s, share.Game{Public: mm.Public, PublicActions: mm.PublicActions, Rules: mm.Rules}, timers.System{}, share.NewToken())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := share.NewServerWithWebApp(h, dir)
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + l.Addr().String() + "/?t=" + h.Token(), s
}

// cannotStart skips a test whose engine does not start on this machine;
// under CI, where make test installed every engine (scripts/deps.sh), it
// fails instead: a skip there would hide a table's engine.
func cannotStart(t *testing.T, engine string, err error) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("%s cannot be started: %v", engine, err)
	}
	t.Skipf("%s cannot be started here: %v", engine, err)
}

// display is the X screen WebKit and Firefox draw on.
func display(t *testing.T) string {
	t.Helper()
	x, err := webdriver.StartXvfb()
	if err != nil {
		cannotStart(t, "Xvfb", err)
	}
	t.Cleanup(x.Stop)
	return x.Display
}

// TestEngines_APhoneAtTheTable plays, in each engine as each phone, what a
// player at a table does: the app loads and draws; Mission Control rolls
// and plays a turn; ADELE's console opens behind its PIN; Magic Maze
// starts and flips; the page is reloaded and the game is back; AquaSphere
// takes two players, one typed with an umlaut, and scores a round; the
// web app joins a table and, at the game's end, names the play the host
// recorded; the quick viewer joins a table and a tap flips its sand, and at
// the game's end a name typed there goes to BG Stats in one tap. At every step the
// page is no wider or taller than the phone, and no error reaches the
// page.
func TestEngines_APhoneAtTheTable(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three browsers")
	}
	// Beside the Chromium tests, as when it was a package of its own: go
	// test runs two parallel tests at a time on two cores.
	t.Parallel()
	dir := builtWebApp(t)
	disp := display(t)
	for _, e := range engines {
		for _, size := range phones {
			t.Run(fmt.Sprintf("%s/%dx%d", e.name, size[0], size[1]), func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), patient(8*time.Minute))
				defer cancel()
				p, err := e.start(ctx, webdriver.Options{Width: size[0], Height: size[1], Scale: 2.6, Display: disp, UserAgent: e.ua, Log: t.Logf})
				if err != nil {
					cannotStart(t, e.name, err)
				}
				defer p.Close()
				ph := &enginePhone{t: t, ctx: ctx, p: p}
				link, host := engineTable(t, dir)

				appURL := webapp.URL(link)
				appURL = appURL[:strings.Index(appURL, "?")]
				ph.load(appURL, "Join a table")
				var compiled string
				ph.eval(`document.documentElement.dataset.compiled || ""`, &compiled)
				assert.Equal(t, "worker", compiled, "a first visit compiles the app in a worker, off the page's thread (web/app/boot.js)")
				ph.missionControl()
				ph.adele()
				markers := ph.marsMaze()
				ph.reloadAndBack(appURL, markers)
				ph.aquaSphere()
				ph.noErrors()
				wantHints := 0
				if e.name == "webkit" { // an iPhone's Safari
					wantHints = 1
				}
				assert.Equal(t, wantHints, ph.hints, "the home-screen hint, once on an iPhone, never on Android")

				other, otherHost := engineTable(t, dir)
				ph.joinedEnd(other, otherHost)
				ph.viewer(link)
				ph.viewerEnd(host)
				ph.noErrors()
			})
		}
	}
}

// enginePhone is one engine's page as a phone at the table.
type enginePhone struct {
	t     *testing.T
	ctx   context.Context
	p     webdriver.Page
	app   bool // the web app is on the page (not the quick viewer)
	hints int  // home-screen hints shown
}

// wait is how long a step may take: WebKit and Firefox draw with
// software OpenGL, on a machine that runs other tests beside them.
var wait = patient(60 * time.Second)

func (ph *enginePhone) eval(expr string, out any) {
	ph.t.Helper()
	require.NoError(ph.t, ph.p.Eval(ph.ctx, expr, out), expr)
}

// waitJS polls until expr is true.
func (ph *enginePhone) waitJS(expr, what string) {
	ph.t.Helper()
	for deadline := time.Now().Add(wait); ; time.Sleep(100 * time.Millisecond) {
		var ok bool
		ph.eval(expr, &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			ph.shot(what)
			require.FailNow(ph.t, "never: "+what, expr)
		}
	}
}

// shot keeps a screenshot of a failed step beside the test's output.
func (ph *enginePhone) shot(what string) {
	png, err := ph.p.Screenshot(ph.ctx)
	if err != nil {
		return
	}
	name := filepath.Join(os.TempDir(), strings.NewReplacer("/", "-", " ", "-").Replace(ph.t.Name())+".png")
	if os.WriteFile(name, png, 0o600) == nil {
		ph.t.Logf("%s: the screen is in %s", what, name)
	}
}

// fits fails where the page is wider or taller than the phone (a page
// that scrolls sideways moves every button under the finger), or where a
// dialog stands over the game (none of these steps opens one: a dialog is
// the app saying something went wrong, as a save that failed).
func (ph *enginePhone) fits(where string) {
	ph.t.Helper()
	var page [4]float64
	ph.eval(`[innerWidth, innerHeight, document.documentElement.scrollWidth, document.documentElement.scrollHeight]`, &page)
	assert.LessOrEqual(ph.t, page[2], page[0], "%s: the page is %.0f px wide in a %.0f px viewport", where, page[2], page[0])
	assert.LessOrEqual(ph.t, page[3], page[1], "%s: the page is %.0f px tall in a %.0f px viewport", where, page[3], page[1])
	if ph.app {
		s, err := webscreen.Read(ph.ctx, ph.p)
		require.NoError(ph.t, err)
		var said []string
		for _, it := range s.Items {
			if it.Dialog && it.Text != "" {
				said = append(said, it.Text)
			}
		}
		assert.Empty(ph.t, said, "%s: a dialog over the game", where)
	}
}

func (ph *enginePhone) shown(kind string, match func(string) bool, what string) webscreen.Shown {
	ph.t.Helper()
	it, err := webscreen.Wait(ph.ctx, ph.p, kind, match, wait)
	if err != nil {
		ph.shot(what)
	}
	require.NoError(ph.t, err, what)
	return it
}

// has waits until the app shows something of kind whose text satisfies
// match, in view or scrolled out of it: what a step did, not what the
// finger taps next.
func (ph *enginePhone) has(kind string, match func(string) bool, what string) {
	ph.t.Helper()
	var last webscreen.Screen
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		s, err := webscreen.Read(ph.ctx, ph.p)
		require.NoError(ph.t, err, what)
		if _, ok := s.Find(kind, match); ok {
			return
		}
		last = s
	}
	ph.shot(what)
	require.FailNow(ph.t, "not shown: "+what, "the screen shows:\n%s", last)
}

// reveal scrolls what kind and match find into view: a wheel over the
// scroll that holds it, toward it.
func (ph *enginePhone) reveal(kind string, match func(string) bool, what string) {
	ph.t.Helper()
	ph.has(kind, match, what)
	for range 15 {
		s, err := webscreen.Read(ph.ctx, ph.p)
		require.NoError(ph.t, err)
		it, ok := s.Find(kind, match)
		require.True(ph.t, ok, "gone from the screen: %s\n%s", what, s)
		if it.InView {
			return
		}
		sc, ok := s.Holder(it)
		require.True(ph.t, ok, "%s lies out of view, and no scroll holds it:\n%s", what, s)
		mid := sc.Y + sc.H/2
		require.NoError(ph.t, ph.p.Scroll(ph.ctx, sc.X+sc.W/2, mid, max(-sc.H*0.4, min(sc.H*0.4, it.Y+it.H/2-mid))))
		time.Sleep(300 * time.Millisecond) // the page scrolls on its own time
	}
	ph.shot(what)
	require.FailNow(ph.t, "a wheel could not bring "+what+" into view")
}

func (ph *enginePhone) tap(kind string, match func(string) bool, what string) {
	ph.t.Helper()
	ph.reveal(kind, match, what)
	require.NoError(ph.t, webscreen.TapShown(ph.ctx, ph.p, kind, match, wait), what)
}

// tapFor taps, and taps again where within 5 s the screen is not done, as
// a player would; three taps at most. The first tap after typing can go to
// the keyboard's leaving.
func (ph *enginePhone) tapFor(kind string, match func(string) bool, what string, done func(webscreen.Screen) bool) {
	ph.t.Helper()
	for range 3 {
		ph.tap(kind, match, what)
		for deadline := time.Now().Add(patient(5 * time.Second)); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			s, err := webscreen.Read(ph.ctx, ph.p)
			require.NoError(ph.t, err)
			if done(s) {
				return
			}
		}
	}
	ph.shot(what)
	require.FailNow(ph.t, what+" did nothing, three times")
}

// shows is a screen that shows something of kind whose text satisfies
// match, in view or not.
func shows(kind string, match func(string) bool) func(webscreen.Screen) bool {
	return func(s webscreen.Screen) bool { _, ok := s.Find(kind, match); return ok }
}

func prefix(p string) func(string) bool {
	return func(s string) bool { return strings.HasPrefix(s, p) }
}

func contains(p string) func(string) bool {
	return func(s string) bool { return strings.Contains(s, p) }
}

// typeInto taps the first empty entry and types text, as a keyboard
// sends keys, once the entry has the keyboard: Fyne's web driver focuses
// its hidden input for an entry on its own time, and keys sent before
// that reach nothing.
func (ph *enginePhone) typeInto(text, what string) {
	ph.t.Helper()
	ph.tap("entry", is(""), what)
	ph.waitJS(`!!document.activeElement && document.activeElement.id === "dummyEntry"`, what+" has the keyboard")
	require.NoError(ph.t, ph.p.Type(ph.ctx, text), what)
}

// load opens the app, waits for its first frame and for the button
// (on the home screen, or in the game it was in).
func (ph *enginePhone) load(url, button string) {
	ph.t.Helper()
	start := time.Now()
	require.NoError(ph.t, ph.p.Navigate(ph.ctx, url))
	ph.waitJS(`document.documentElement.dataset.drawn === "1" || !!document.querySelector("#loader.failed")`, "the app draws")
	var failed string
	ph.eval(`(document.querySelector("#loader.failed #status") || {}).textContent || ""`, &failed)
	require.Empty(ph.t, failed, "the page says the app could not start")
	var drawn float64
	ph.eval(`performance.getEntriesByName("app-drawn")[0].startTime`, &drawn)
	ph.t.Logf("first frame %.1f s after the page began (%.1f s with the browser's work)", drawn/1000, time.Since(start).Seconds())
	ph.app = true
	ph.shown("button", is(button), "the first screen")
	ph.homeScreenHint()
	ph.fits("the first screen")
}

// homeScreenHint closes, as a player would, the hint an iPhone's or iPad's
// Safari gets once: how to keep Boardside on the home screen.
func (ph *enginePhone) homeScreenHint() {
	ph.t.Helper()
	s, err := webscreen.Read(ph.ctx, ph.p)
	require.NoError(ph.t, err)
	if _, ok := s.Find("label", is("Keep Boardside on the home screen")); !ok {
		return
	}
	ph.hints++
	open := shows("label", is("Keep Boardside on the home screen"))
	ph.tapFor("button", is("OK"), "OK under the hint", func(s webscreen.Screen) bool { return !open(s) })
}

// home taps Home until the home screen shows: the first tap after typing
// can go to the keyboard's leaving (WebKit, after ADELE's PIN, once).
func (ph *enginePhone) home() {
	ph.t.Helper()
	ph.tapFor("button", is("Home"), "Home", shows("button", is("Join a table")))
	ph.shown("button", is("Join a table"), "the home screen")
}

func (ph *enginePhone) selectTab(tabs, name string) {
	ph.t.Helper()
	require.NoError(ph.t, webscreen.SelectTab(ph.ctx, ph.p, tabs, name, wait), "the tab "+name)
}

// reloadAndBack reloads the page in the game: the game is back, as it
// was (the flip's sand, a second or two, may have run out meanwhile).
func (ph *enginePhone) reloadAndBack(url, markers string) {
	ph.t.Helper()
	ph.load(url, "Home")
	ph.has("label", is(markers), "the game after a reload, its flip kept")
	ph.home()
}

// viewer joins the table in the quick viewer and flips its sand.
func (ph *enginePhone) viewer(link string) {
	ph.t.Helper()
	require.NoError(ph.t, ph.p.Navigate(ph.ctx, link))
	ph.app = false
	ph.waitJS(`/connected/i.test((document.getElementById("conn") || {}).textContent || "")`, "the viewer connects")
	ph.waitJS(`/Hourglass markers left: 2/.test(document.getElementById("info").textContent)`, "the markers")
	ph.tapButton("#buttons", "Flip")
	ph.waitJS(`/Hourglass markers left: 1/.test(document.getElementById("info").textContent)`, "the flip reached the table")
	ph.fits("the quick viewer")
}

// joinedEnd opens the web app at a table's link and joins it; the host
// wins the game, and the joined app shows the play the host recorded: a
// name with an umlaut typed there and saved reaches the host, and Log in
// BG Stats opens the host's link with it.
func (ph *enginePhone) joinedEnd(link string, host *companion.Session) {
	ph.t.Helper()
	ph.load(webapp.URL(link), "Join")
	ph.tap("button", is("Join"), "Join")
	ph.has("label", prefix("Connected"), "joined")
	require.NoError(ph.t, host.Dispatch(&mm.Win{}))
	ph.has("label", prefix("Mission complete with"), "the result on the joined app")
	ph.has("button", is("Save names"), "the record's Save names")
	ph.fits("the joined app's end")
	ph.typeInto("Jörg", "the first name")
	ph.has("entry", is("Jörg"), "the name typed")
	// Saved, the button is off again until the names change.
	saved := func(s webscreen.Screen) bool {
		b, ok := s.Find("button", is("Save names"))
		return ok && b.Disabled
	}
	ph.tapFor("button", is("Save names"), "Save names", saved)
	// The host applies the names when their request arrives.
	assert.Eventually(ph.t, func() bool {
		p, recorded := plays.RecordedIn(host.View().State)
		return recorded && len(p.Players) > 0 && p.Players[0].Name == "Jörg"
	}, patient(20*time.Second), 20*time.Millisecond, "the host holds the name saved on the joined app")
	ph.catchOpened()
	ph.tap("button", is("Log in BG Stats"), "Log in BG Stats")
	ph.waitJS(`window.opened.length > 0`, "Log in BG Stats opens a link")
	ph.openedNames("Jörg")
	ph.fits("the joined app after Log in BG Stats")
}

// catchOpened makes the page's window.open keep its links instead of
// opening BG Stats' site (webscreen.CatchOpened).
func (ph *enginePhone) catchOpened() {
	ph.t.Helper()
	var ok bool
	ph.eval(webscreen.CatchOpened, &ok)
}

// openedNames checks the last link the page opened: BG Stats, with the
// play's first player named name.
func (ph *enginePhone) openedNames(name string) {
	ph.t.Helper()
	var link string
	ph.eval(`window.opened[window.opened.length - 1]`, &link)
	u, err := url.Parse(link)
	require.NoError(ph.t, err)
	assert.Equal(ph.t, "app.bgstatsapp.com", u.Host, "the link opens BG Stats")
	assert.Contains(ph.t, u.Query().Get("data"), `"name":`+jsString(name), "the link carries the name typed")
}

// viewerEnd wins the game at the host and, on the quick viewer's end
// screen, types a name with an umlaut and taps Log in BG Stats once: the
// link the page opens carries the name, and the host holds it.
func (ph *enginePhone) viewerEnd(host *companion.Session) {
	ph.t.Helper()
	require.NoError(ph.t, host.Dispatch(&mm.Win{}))
	ph.waitJS(`/Won with/.test((document.getElementById("record") || {}).textContent || "")`, "the end screen")
	ph.fits("the quick viewer's end screen")
	ph.catchOpened()
	first := `document.querySelector("#record .names input")`
	ph.tapAt(first, "the first name")
	ph.waitJS(`document.activeElement === `+first, "the first name has the keyboard")
	require.NoError(ph.t, ph.p.Type(ph.ctx, "Jörg"), "typing a name")
	ph.waitJS(first+`.value === "Jörg"`, "the name typed")
	ph.tapButton("#record", "Log in BG Stats")
	ph.waitJS(`window.opened.length > 0`, "Log in BG Stats opens a link")
	ph.openedNames("Jörg")
	// The names are sent before the link opens; the host applies them
	// when their request arrives.
	assert.Eventually(ph.t, func() bool {
		p, recorded := plays.RecordedIn(host.View().State)
		return recorded && len(p.Players) > 0 && p.Players[0].Name == "Jörg"
	}, patient(10*time.Second), 20*time.Millisecond, "the host holds the name")
}

// tapButton taps the button labelled label inside the element scope
// selects, once it takes taps: the quick viewer's buttons take taps when
// they have stood still a moment (app.js's ARM_MS).
func (ph *enginePhone) tapButton(scope, label string) {
	ph.t.Helper()
	b := `[...document.querySelectorAll(` + jsString(scope+" button") + `)].find((b) => b.textContent.trim() === ` + jsString(label) + `)`
	ph.waitJS(`(() => { const b = `+b+`; return !!b && !b.disabled && !!b._tap && performance.now() >= b._tap.armedAt; })()`, label+" takes taps")
	ph.tapAt(b, label)
}

// tapAt scrolls the element expr finds into view, as a player would, and
// taps its middle.
func (ph *enginePhone) tapAt(expr, what string) {
	ph.t.Helper()
	var at [2]float64
	ph.eval(`(() => { const e = `+expr+`; e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`, &at)
	require.NoError(ph.t, ph.p.Tap(ph.ctx, at[0], at[1]), what)
}

func jsString(s string) string { b, _ := json.Marshal(s); return string(b) }

func (ph *enginePhone) noErrors() {
	ph.t.Helper()
	errs, err := ph.p.Errors(ph.ctx)
	require.NoError(ph.t, err)
	assert.Empty(ph.t, errs, "errors in the page")
}
