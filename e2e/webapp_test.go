package e2e

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion/webapp"
	"boardside/internal/webdriver"
)

// builtWebApp is the folder make web builds; the browser test needs it.
func builtWebApp(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "build", "web"))
	require.NoError(t, err)
	if !webapp.Built(dir) {
		t.Skip("build/web has not been built: run make web (make test does) to test the web app in a browser")
	}
	return dir
}

// webAppBrowser is headless Chromium that draws WebGL with SwiftShader, as
// Fyne's web driver needs, with any flags more.
func webAppBrowser(t *testing.T, flags map[string]string) func() *webdriver.Chrome {
	return browserFor(t, 90*time.Second, webdriver.ChromeOptions{WebGL: true, Flags: flags})
}

// webAppRatio is the device pixel ratio the web app's browser tests draw
// at. The app lays out in CSS pixels (Fyne's web driver takes
// devicePixelRatio as the scale it draws at), so what these tests check is
// the same at a phone's 2.6, while SwiftShader fills 6.8 times fewer pixels:
// the layout walk, the same 384 checks with no violation, took 466 s of CPU
// at 2.6 and 126 s at 1. A phone's own ratio is still drawn where it is
// what is tested: the first start's screenshot (screenShows), the soak (a
// game night's memory), the page's fit (emulatePhone), the safe area (at
// 3) and the three engines' phones (engines_test.go).
const webAppRatio = 1

// waitDrawn waits until the page says the app's first frame is on screen.
func waitDrawn(tab *webdriver.Chrome, t *testing.T) {
	t.Helper()
	err := webdriver.Until(t.Context(), tab, `document.documentElement.dataset.drawn === "1" || !!document.querySelector("#loader.failed")`,
		patient(75*time.Second), 50*time.Millisecond, nil)
	require.NoError(t, err, "the app never drew")
	failed := eval[string](tab, t, `(document.querySelector("#loader.failed #status") || {}).textContent || ""`)
	require.Empty(t, failed, "the page says the app could not start")
}

// screenShows checks a screenshot for the home screen: a few per cent of
// its pixels unlike the background, and colours enough for text.
func screenShows(tab *webdriver.Chrome, t *testing.T) {
	t.Helper()
	shot, err := tab.Screenshot(t.Context())
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(shot))
	require.NoError(t, err)
	counts := map[[3]uint32]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			counts[[3]uint32{r >> 10, g >> 10, bl >> 10}]++
		}
	}
	most, total := 0, 0
	for _, n := range counts {
		most, total = max(most, n), total+n
	}
	assert.Greater(t, total-most, total/50, "the screen is more than its background")
	assert.Greater(t, len(counts), 20, "text and tiles, not a blank canvas")
	assert.Equal(t, image.Pt(int(math.Floor(412*phoneRatio)), int(math.Floor(915*phoneRatio))), image.Pt(b.Dx(), b.Dy()), "the phone's screen, at its pixel ratio")
}

// fromKept tells whether the page took the wasm from the service worker's
// copy (boot.js asks for it with ?kept).
const fromKept = `performance.getEntriesByType("resource").some((e) => e.name.endsWith(".wasm?kept"))`

// recordStatus keeps, in window.__statuses, every text the loading
// screen's status line shows.
const recordStatus = `window.__statuses = [];
new MutationObserver(() => {
	const s = document.getElementById("status");
	if (s && s.textContent !== __statuses[__statuses.length - 1]) __statuses.push(s.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });`

// countedDownload tells whether the loading screen counted the wasm's
// bytes as they came (boot.js does on a download, not from the cache).
const countedDownload = `__statuses.some((s) => /^Downloading Boardside… \d+ %$/.test(s))`

// TestWebApp_OpensOnAPhoneAndStartsAgainOffline opens the full app from a
// host on an emulated phone, as a player at the table would from the quick
// viewer's link, waits for the home screen, drags a finger, presses Back,
// then makes the host keep silent, and then stops it, each time with the
// HTTP cache emptied, and reloads: the service worker's copy starts it.
func TestWebApp_OpensOnAPhoneAndStartsAgainOffline(t *testing.T) {
	dir := builtWebApp(t)
	newTab := webAppBrowser(t, nil)

	table, srv := serveWithApp(t, dir)
	appURL := webapp.URL(table)

	tab := newTab()
	require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: 412, Height: 915, Scale: phoneRatio, Mobile: true, Touch: true}))
	require.NoError(t, tab.OnNewDocument(t.Context(), recordStatus))
	require.NoError(t, tab.Navigate(t.Context(), appURL))
	waitDrawn(tab, t)
	assert.True(t, eval[bool](tab, t, countedDownload), "a first visit counts the download: %v", eval[[]string](tab, t, `__statuses`))
	// Only answers count: an unanswered ask of the HTTP cache is an entry too.
	assert.False(t, eval[bool](tab, t, `performance.getEntriesByType("resource").some((e) => /\.wasm/.test(e.name) && (e.responseStatus > 0 || e.decodedBodySize > 0))`),
		"a first visit downloads and compiles the wasm in a worker, off the page's thread: the page is sent none itself")
	assert.True(t, eval[bool](tab, t, `document.getElementById("loader") === null`), "the loading screen is gone")
	assert.Equal(t, 1, eval[int](tab, t, `document.querySelectorAll("canvas").length`), "Fyne's canvas")
	assert.Equal(t, map[string]bool{"depth": false, "stencil": false}, eval[map[string]bool](tab, t, `(({ depth, stencil }) => ({ depth, stencil }))(document.querySelector("canvas").getContext("webgl").getContextAttributes())`),
		"the page makes Fyne's context without the depth buffer it never uses")
	assert.True(t, eval[bool](tab, t, `!!document.getElementById("dummyEntry")`))
	// The start grows the heap and collects nothing until the first frame
	// (app/startgc_web.go): 2 collections before it without the hold.
	waitJS(tab, t, `typeof boardsideStartGCs === "number"`, "the app counted its collections at its first frame")
	assert.Equal(t, 0, eval[int](tab, t, `boardsideStartGCs`), "no collection before the first frame")
	screenShows(tab, t)
	entries := eval[int](tab, t, `history.length`)

	t.Run("a finger drag is the mouse wheel at the finger", func(t *testing.T) {
		eval[bool](tab, t, `(window.wheels = [], document.addEventListener("wheel", (e) => wheels.push([e.deltaY, e.clientY]), true), true)`)
		require.NoError(t, tab.Touch(t.Context(),
			webdriver.TouchEvent{Kind: webdriver.TouchStart, X: 200, Y: 600},
			webdriver.TouchEvent{Kind: webdriver.TouchMove, X: 200, Y: 560},
			webdriver.TouchEvent{Kind: webdriver.TouchMove, X: 200, Y: 500},
			webdriver.TouchEvent{Kind: webdriver.TouchMove, X: 200, Y: 450},
			webdriver.TouchEvent{Kind: webdriver.TouchEnd}))
		got := eval[[][]float64](tab, t, `wheels`)
		require.GreaterOrEqual(t, len(got), 3, "a wheel event per move past the touch slop")
		// Fyne moves content by twice a wheel delta of 5 or more: half the
		// finger's 40, 60 and 50 px up, at the finger.
		assert.Equal(t, [][]float64{{20, 560}, {30, 500}, {25, 450}}, got[:3])
		waitJS(tab, t, `document.documentElement.dataset.drawn === "1" && document.querySelectorAll("canvas").length === 1`, "the app still runs")
	})

	t.Run("Back stays in the app once", func(t *testing.T) {
		require.NoError(t, tab.Tap(t.Context(), 60, 30)) // the title: a touch gives the page the right to add a history entry
		waitJS(tab, t, fmt.Sprintf(`history.length === %d && (history.state || {}).depth === 3`, entries+3),
			"the page keeps three entries ahead (the drag's touch or this tap added them)")
		require.NoError(t, tab.Eval(t.Context(), `history.back()`, nil))
		waitJS(tab, t, `!document.getElementById("toast").hidden`, "a note says a second Back leaves")
		loc := eval[string](tab, t, `location.href`)
		assert.Equal(t, appURL, loc, "still the app, the table link kept")
		assert.Contains(t, eval[string](tab, t, `document.getElementById("toast").textContent`), "Back again")
	})

	t.Run("a later visit takes the wasm from the HTTP cache as it is", func(t *testing.T) {
		require.NoError(t, tab.Reload(t.Context()))
		waitDrawn(tab, t)
		screenShows(tab, t)
		assert.Equal(t, []float64{0}, eval[[]float64](tab, t, `performance.getEntriesByType("resource").filter((e) => /\.wasm$/.test(e.name)).map((e) => e.transferSize)`),
			"one request for the wasm, answered by the HTTP cache")
		assert.False(t, eval[bool](tab, t, countedDownload), "nothing to count: %v", eval[[]string](tab, t, `__statuses`))
	})

	t.Run("the service worker keeps the app", func(t *testing.T) {
		waitJS(tab, t, `!!navigator.serviceWorker.controller`, "the service worker controls the page")
		err := webdriver.Until(t.Context(), tab, `(async () => {
			for (const k of await caches.keys()) {
				const urls = (await (await caches.open(k)).keys()).map((r) => r.url);
				if (urls.some((u) => /boardside\.[0-9a-f]{8}\.wasm$/.test(u)) && urls.some((u) => u.endsWith("/app/"))) return true;
			}
			return false;
		})()`, patient(30*time.Second), frame, nil)
		require.NoError(t, err, "the page and the wasm are kept")

		// A host that takes the request for the wasm and never answers, as
		// a laptop closed mid-game can, with the HTTP cache emptied: the
		// page starts from the kept copy after a few seconds.
		require.NoError(t, tab.ClearCache(t.Context()))
		require.NoError(t, tab.Intercept(t.Context(), "*.wasm", nil)) // held, never answered
		require.NoError(t, tab.Reload(t.Context()))
		waitDrawn(tab, t)
		assert.True(t, eval[bool](tab, t, fromKept),
			"the wasm came from the service worker's copy while the host kept silent")
		require.NoError(t, tab.StopIntercepting(t.Context()))

		require.NoError(t, srv.Close()) // the host is gone
		resp, err := http.Get(appURL)
		if err == nil {
			resp.Body.Close()
		}
		require.Error(t, err, "nothing answers any more")
		// The browser's HTTP cache, which gives the wasm while it holds it
		// (sw.js), is emptied: the service worker's copy must do.
		require.NoError(t, tab.ClearCache(t.Context()))
		require.NoError(t, tab.Reload(t.Context()))
		waitDrawn(tab, t)
		screenShows(tab, t)
		assert.True(t, eval[bool](tab, t, fromKept),
			"the wasm came from the service worker's copy")
		assert.True(t, strings.HasPrefix(eval[string](tab, t, `location.href`), appURL[:strings.Index(appURL, "?")]))
	})
}

// TestWebApp_SaysWhyWhereTheBrowserCannotRunIt opens the app in a browser
// without WebAssembly, and in one without WebGL: each says so in words,
// and offers the table in the quick viewer, instead of a blank page.
func TestWebApp_SaysWhyWhereTheBrowserCannotRunIt(t *testing.T) {
	dir := builtWebApp(t)
	newTab := webAppBrowser(t, nil)
	table, _ := serveWithApp(t, dir)

	for _, c := range []struct{ lacks, script, says string }{
		{"WebAssembly", `delete window.WebAssembly;`, "it has no WebAssembly"},
		{"WebGL", `{ const get = HTMLCanvasElement.prototype.getContext;
			HTMLCanvasElement.prototype.getContext = function (type, ...rest) { return /webgl/.test(type) ? null : get.call(this, type, ...rest); }; }`, "WebGL is off or missing"},
	} {
		t.Run(c.lacks, func(t *testing.T) {
			tab := newTab()
			emulatePhone(t, tab, 412, 915)
			require.NoError(t, tab.OnNewDocument(t.Context(), c.script))
			require.NoError(t, tab.Navigate(t.Context(), webapp.URL(table)))
			waitText(tab, t, "#status", c.says)
			assert.Equal(t, table, eval[string](tab, t, `document.querySelector("#loader a").href`), "the quick viewer instead")
			assert.Zero(t, eval[int](tab, t, `document.querySelectorAll("canvas").length`))
		})
	}
}
