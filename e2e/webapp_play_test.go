package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion/webapp"
	"boardside/internal/webdriver"
	"boardside/internal/webscreen"
)

// fyneShown is one thing the web app shows; see internal/webscreen.
type fyneShown = webscreen.Shown

// readScreen asks the app what it shows.
func readScreen(tab *webdriver.Chrome, t *testing.T) webscreen.Screen {
	t.Helper()
	s, err := webscreen.Read(t.Context(), tab)
	require.NoError(t, err)
	return s
}

// startWebApp serves build/web beside a Magic Maze on Mars table and
// opens /app/ (the address path gives) on an emulated phone or tablet.
func startWebApp(t *testing.T, d device, path func(table string) string) (*webdriver.Chrome, string) {
	dir := builtWebApp(t)
	newTab := webAppBrowser(t, nil)
	table, _ := serveWithApp(t, dir)
	tab := newTab()
	require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: d.w, Height: d.h, Scale: webAppRatio, Mobile: true, Touch: true}))
	require.NoError(t, tab.UserAgent(t.Context(), webdriver.Agent{UA: d.ua}))
	err := tab.OnNewDocument(t.Context(), `window.__ev = []; for (const k of ["touchstart","touchend","mousemove","mousedown","mouseup","click","contextmenu"]) addEventListener(k, (e) => __ev.push([k, Math.round(e.timeStamp), e.clientX, e.clientY]), true);`)
	require.NoError(t, err)
	require.NoError(t, tab.Navigate(t.Context(), path(table)))
	waitDrawn(tab, t)
	return tab, table
}

// waitShown waits until the app shows something of kind whose text
// satisfies match, in view, and returns it.
func waitShown(tab *webdriver.Chrome, t *testing.T, kind string, match func(string) bool, what string) fyneShown {
	t.Helper()
	it, err := webscreen.Wait(t.Context(), tab, kind, match, patient(20*time.Second))
	if err != nil {
		page := eval[string](tab, t, `JSON.stringify({ev: window.__ev, scale: visualViewport.scale, inner: [innerWidth, innerHeight], scroll: [scrollX, scrollY, document.documentElement.scrollWidth]})`)
		require.FailNow(t, "not shown: "+what, "the page: %s\n%v", page, err)
	}
	return it
}

var is = webscreen.Is

// stableShown is what waitShown finds once it stays where it is.
func stableShown(tab *webdriver.Chrome, t *testing.T, kind string, match func(string) bool, what string) fyneShown {
	t.Helper()
	waitShown(tab, t, kind, match, what)
	it, err := webscreen.Stable(t.Context(), tab, kind, match, patient(20*time.Second))
	require.NoError(t, err, what)
	return it
}

// tapShown taps, with a finger, the middle of what stableShown finds.
func tapShown(tab *webdriver.Chrome, t *testing.T, kind string, match func(string) bool, what string) {
	t.Helper()
	stableShown(tab, t, kind, match, what)
	require.NoError(t, webscreen.TapShown(t.Context(), tab, kind, match, patient(20*time.Second)), what)
}

// The devices the web app is tried on: a phone and a tablet, each with its
// browser's user agent, as Fyne's web driver reads it to decide that it
// runs on a mobile device.
var (
	phone  = device{412, 915, "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"}
	tablet = device{800, 1280, "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"}
)

type device struct {
	w, h int64
	ua   string
}

// sandShown is the Magic Maze screen's sand timer reading, in seconds.
func sandShown(tab *webdriver.Chrome, t *testing.T) int {
	t.Helper()
	d := waitShown(tab, t, "digits", func(s string) bool { return strings.Contains(s, ":") }, "the sand timer")
	secs, err := sandSeconds(d.Text)
	require.NoError(t, err, d.Text)
	return secs
}

// sandSeconds reads a sand timer's "m:ss" as seconds.
func sandSeconds(text string) (int, error) {
	var m, s int
	_, err := fmt.Sscanf(text, "%d:%d", &m, &s)
	return m*60 + s, err
}

// asEarlierBuilds puts every file of the app's IndexedDB storage
// (idbrepo's database) that this build put as a Uint8Array back as a Blob,
// as Fyne's writer put them (moved from Fyne's database, they stay Blobs),
// and returns how many it changed.
const asEarlierBuilds = `new Promise((ok, no) => {
	const open = indexedDB.open("boardside-files");
	open.onerror = () => no(open.error);
	open.onsuccess = () => {
		const db = open.result, tx = db.transaction("files", "readwrite");
		let n = 0;
		tx.objectStore("files").openCursor().onsuccess = (e) => {
			const c = e.target.result;
			if (!c) return;
			const v = c.value;
			if (v.bytes instanceof Uint8Array) { v.bytes = new Blob([v.bytes]); c.update(v); n++; }
			c.continue();
		};
		tx.oncomplete = () => { db.close(); ok(n); };
		tx.onerror = () => no(tx.error);
	};
})`

// TestWebApp_PlaysMagicMazeAndComesBackAfterAReload starts a Magic Maze on
// Mars game by taps in the web app on a phone, flips the sand, reloads
// the page: the game is back, saved in the browser, with the sand where
// it would be. Its save is read back as earlier builds wrote it, a Blob.
func TestWebApp_PlaysMagicMazeAndComesBackAfterAReload(t *testing.T) {
	tab, _ := startWebApp(t, phone, func(table string) string { return webapp.URL(table)[:strings.Index(webapp.URL(table), "?")] })
	tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
	tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start")
	waitShown(tab, t, "button", is("Flip"), "the game runs")
	waitShown(tab, t, "digits", func(s string) bool { return s != "3:00" && s != "–:––" }, "the sand running")
	// Each reading is bracketed by the clock: on a busy machine a reading
	// of the screen takes a while, and the sand runs meanwhile.
	b0 := time.Now()
	before := sandShown(tab, t)
	b1 := time.Now()
	var changed int
	require.NoError(t, tab.Eval(t.Context(), asEarlierBuilds, &changed))
	require.Positive(t, changed, "the saves were put as Uint8Arrays")

	require.NoError(t, tab.Reload(t.Context()))
	waitDrawn(tab, t)
	waitShown(tab, t, "button", is("Flip"), "the game, after the reload")
	a0 := time.Now()
	after := sandShown(tab, t)
	a1 := time.Now()
	// The sand ran between a0-b1 and a1-b0 from one reading to the other;
	// whole seconds on both readings: one second either way; and the
	// digits are redrawn once a second, on a busy machine up to a second
	// late: a second more either way.
	least, most := float64(before)-a1.Sub(b0).Seconds()-2, float64(before)-a0.Sub(b1).Seconds()+2
	assert.True(t, float64(after) >= least && float64(after) <= most,
		"the sand ran on while the page reloaded, no more and no less: %d s shown, between %.1f and %.1f expected", after, least, most)
	// And it runs on after the reload: a reload can take less than the
	// second the reading before it shows, so the next second is waited for.
	waitShown(tab, t, "digits", func(s string) bool {
		secs, err := sandSeconds(s)
		return err == nil && secs < min(before, after)
	}, "the sand running after the reload")
}

// TestWebApp_JoinsTheTableItCameFromInOneTap opens the web app as the
// quick viewer's link does, joins with one tap, acts at the table, takes
// the action back, and leaves by the browser's Back button.
func TestWebApp_JoinsTheTableItCameFromInOneTap(t *testing.T) {
	tab, table := startWebApp(t, phone, webapp.URL)
	waitShown(tab, t, "entry", is(table), "the table's link, filled in")
	tapShown(tab, t, "button", is("Join"), "Join")
	waitShown(tab, t, "label", func(s string) bool { return strings.HasPrefix(s, "Connected") }, "joined")
	tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start, at the table")
	waitShown(tab, t, "button", is("Flip"), "the table's game started")
	tapShown(tab, t, "button", is("Undo"), "Undo, at the table")
	tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start again, after the undo")
	waitShown(tab, t, "button", is("Flip"), "the table's game started again")

	require.NoError(t, tab.Eval(t.Context(), `history.back()`, nil))
	waitShown(tab, t, "button", is("Join a table"), "home, after Back")
	assert.True(t, eval[bool](tab, t, `document.getElementById("toast").hidden`), "Back went a screen back: no word about leaving")
	assert.NotContains(t, eval[string](tab, t, `location.href`), "join=", "a reload opens this phone's own games")
}

// TestWebApp_ATablesLinkReadsTheSavesAfterItsFirstFrame starts a game on a
// phone, then opens the app from a table's link, as a scan of the table's
// code does: the join screen is drawn before the browser's storage is
// read (its first frame comes sooner), and its Back leaves it for the home
// screen, from which the game goes on where it was.
func TestWebApp_ATablesLinkReadsTheSavesAfterItsFirstFrame(t *testing.T) {
	tab, table := startWebApp(t, phone, func(table string) string { return webapp.URL(table)[:strings.Index(webapp.URL(table), "?")] })
	tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
	tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start")
	waitShown(tab, t, "button", is("Flip"), "the game runs")

	require.NoError(t, tab.Navigate(t.Context(), webapp.URL(table)))
	waitDrawn(tab, t)
	waitShown(tab, t, "entry", is(table), "the table's link, filled in")
	saves, drawn := markTime("go-saves-read"), markTime("app-drawn")
	waitJS(tab, t, saves+" >= 0", "the saves read after the first frame")
	assert.Greater(t, eval[float64](tab, t, saves), eval[float64](tab, t, drawn), "the saves read after the first frame, not before it")

	tapShown(tab, t, "button", is("Back"), "Back")
	waitShown(tab, t, "button", is("Join a table"), "home, after Back")
	tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
	waitShown(tab, t, "button", is("Flip"), "the game, going on")
}

// TestWebApp_ADELEOnATablet sets ADELE up on a tablet, turns to her
// console and lifts its cover with a finger slide; a tap does not.
func TestWebApp_ADELEOnATablet(t *testing.T) {
	tab, _ := startWebApp(t, tablet, func(table string) string { return webapp.URL(table)[:strings.Index(webapp.URL(table), "?")] })
	tapShown(tab, t, "label", is("ADELE"), "the ADELE tile")
	tapShown(tab, t, "button", is("Set up the game"), "Set up")
	stableShown(tab, t, "tabs", is("Table|ADELE's console"), "the table and the console")
	require.NoError(t, webscreen.SelectTab(t.Context(), tab, "Table|ADELE's console", "ADELE's console", patient(20*time.Second)))
	slide := stableShown(tab, t, "slide", is("Slide to the right to show"), "the cover's slide")
	waitShown(tab, t, "label", is("ADELE's console is hidden"), "the cover")
	require.NoError(t, tab.Tap(t.Context(), slide.X+slide.W-5, slide.Y+slide.H/2))
	time.Sleep(500 * time.Millisecond) // time for the tap to have lifted it, if it could
	waitShown(tab, t, "label", is("ADELE's console is hidden"), "the cover, after a tap at the slide's end")

	y := slide.Y + slide.H/2
	require.NoError(t, tab.Touch(t.Context(),
		webdriver.TouchEvent{Kind: webdriver.TouchStart, X: slide.X + 10, Y: y},
		webdriver.TouchEvent{Kind: webdriver.TouchMove, X: slide.X + 40, Y: y},
		webdriver.TouchEvent{Kind: webdriver.TouchMove, X: slide.X + slide.W/2, Y: y},
		webdriver.TouchEvent{Kind: webdriver.TouchMove, X: slide.X + slide.W - 2, Y: y},
		webdriver.TouchEvent{Kind: webdriver.TouchEnd}))
	waitShown(tab, t, "label", is("Hand"), "the console, uncovered")
}

// TestWebApp_AFingerScrollsALongScreen drags a finger up the About screen,
// longer than a phone: the screen follows the finger, and a flick goes on.
func TestWebApp_AFingerScrollsALongScreen(t *testing.T) {
	tab, _ := startWebApp(t, phone, func(table string) string { return webapp.URL(table)[:strings.Index(webapp.URL(table), "?")] })
	tapShown(tab, t, "button", is("About"), "About")
	heading := waitShown(tab, t, "label", is("Libraries and their licences"), "the licences")
	list, _ := readScreen(tab, t).Find("accordion", func(string) bool { return true })
	require.Greater(t, list.Y+list.H, float64(phone.h), "the list goes on below the screen")

	x := float64(phone.w) / 2
	// moved is how far the screen has scrolled; settled polls it until it
	// stops changing: the page scrolls on its own time.
	moved := func() float64 { return heading.Y - placeOf(tab, t, "label", "Libraries and their licences").Y }
	settled := func() float64 {
		last := moved()
		for deadline := time.Now().Add(patient(10 * time.Second)); time.Now().Before(deadline); {
			time.Sleep(300 * time.Millisecond)
			now := moved()
			if now == last {
				break
			}
			last = now
		}
		return last
	}

	// A flick: 60 px up in 64 ms, lifted while moving. The screen goes on.
	require.NoError(t, stroke(t.Context(), tab, x, 700, 640, 15, 0))
	flicked := settled()
	assert.Greater(t, flicked, 90.0, "a flick coasts on after the finger lifts")

	// A slow drag 200 px down, the finger at rest for 200 ms before it
	// lifts: the screen follows the finger and stops with it.
	require.NoError(t, stroke(t.Context(), tab, x, 300, 500, 10, 200*time.Millisecond))
	back := flicked - settled()
	assert.InDelta(t, min(200, flicked), back, 25, "the screen came back down with the finger, no further (the flick went %.0f px)", flicked)
}

// stroke is a finger from (x, from) to (x, to), step px every 16 ms as a
// phone reports a moving finger, resting rest before it lifts. The
// events carry those times, so the page sees the finger's speed whatever
// the test's own pace.
func stroke(ctx context.Context, tab *webdriver.Chrome, x, from, to, step float64, rest time.Duration) error {
	at := time.Now().Truncate(time.Millisecond)
	send := func(kind webdriver.TouchKind, y float64) error {
		return tab.Touch(ctx, webdriver.TouchEvent{Kind: kind, X: x, Y: y, At: at})
	}
	if err := send(webdriver.TouchStart, from); err != nil {
		return err
	}
	dir := 1.0
	if to < from {
		dir = -1
	}
	y := from
	for (to-y)*dir > 0 {
		y += dir * min(step, (to-y)*dir)
		at = at.Add(16 * time.Millisecond)
		if err := send(webdriver.TouchMove, y); err != nil {
			return err
		}
	}
	at = at.Add(rest + 16*time.Millisecond)
	return send(webdriver.TouchEnd, y)
}

// placeOf is where the app shows something, in view or not.
func placeOf(tab *webdriver.Chrome, t *testing.T, kind, text string) fyneShown {
	t.Helper()
	sc := readScreen(tab, t)
	it, ok := sc.Find(kind, is(text))
	require.True(t, ok, "not on the screen: %s\n%s", text, sc)
	return it
}

// markTime is a JavaScript expression for the page's performance mark
// name: its time, or -1 until it is made.
func markTime(name string) string {
	return fmt.Sprintf(`(performance.getEntriesByName(%q)[0] || {startTime: -1}).startTime`, name)
}
