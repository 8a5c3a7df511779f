package e2e

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/companion/webapp"
	"boardside/internal/webdriver"
	"boardside/timers"
)

// The quick viewer's link to the full app: shown where the host serves
// one, hidden where it does not, never in the action bar's way.

// fakeApp is a folder webapp.Built accepts: a page, nothing to run.
func fakeApp(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"),
		[]byte(`<!DOCTYPE html><html lang="en"><title>Boardside</title><p id="fullapp">the full app</p></html>`), 0o644))
	require.True(t, webapp.Built(dir))
	return dir
}

// serveWithApp shares a new Magic Maze on Mars table on loopback (a
// secure context: service workers work), with the full app in dir at
// /app/, and returns the table's link and the server, closed at the end
// of the test.
func serveWithApp(t *testing.T, dir string) (string, *http.Server) {
	t.Helper()
	h := share.NewHost(marsSession(t, 2), shared[mm.Game].game, timers.System{}, share.NewToken())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := share.NewServerWithWebApp(h, dir)
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + l.Addr().String() + "/?t=" + h.Token(), srv
}

// appAnswered waits until the page knows whether the host has the app.
func appAnswered(tab *webdriver.Chrome, t *testing.T) string {
	t.Helper()
	waitJS(tab, t, `!!document.documentElement.dataset.fullApp`, "waiting for the page to ask the host for the full app")
	return eval[string](tab, t, `document.documentElement.dataset.fullApp`)
}

// clearOfTheBar tells what of the link overlaps the action bar or a
// button, "" when nothing does.
// Only its part inside the game's scrolled area counts: the rest is not
// shown, and takes no tap.
const clearOfTheBar = `(() => {
  const l = document.getElementById("applink").getBoundingClientRect(), m = document.getElementById("main").getBoundingClientRect();
  const a = { left: Math.max(l.left, m.left), right: Math.min(l.right, m.right), top: Math.max(l.top, m.top), bottom: Math.min(l.bottom, m.bottom) };
  const meets = (r) => r.width && r.height && a.left < r.right && r.left < a.right && a.top < r.bottom && r.top < a.bottom;
  const hit = [document.getElementById("bar"), ...document.querySelectorAll("button")].filter((e) => meets(e.getBoundingClientRect()));
  return hit.map((e) => e.id || e.dataset.slot || e.textContent).join(", ");
})()`

func TestBrowser_AppLinkWhereTheHostServesTheApp(t *testing.T) {
	newTab := browser(t, nil)
	table, _ := serveWithApp(t, fakeApp(t))
	p := open(t, newTab, table)
	waitText(p, t, "#start", "Turn the sand timer over")

	require.Equal(t, "yes", appAnswered(p, t))
	assert.False(t, eval[bool](p, t, `document.getElementById("applink").hidden`), "the link shows")
	assert.Equal(t, "Open the full app", eval[string](p, t, `document.getElementById("applink").textContent`))
	assert.Equal(t, webapp.URL(table), eval[string](p, t, `document.getElementById("applink").href`),
		"the full app on this host, with this table to join")

	t.Run("never where an action button is, accessible everywhere", func(t *testing.T) {
		for _, scheme := range []string{"light", "dark"} {
			preferScheme(t, p, scheme)
			for _, sz := range a11ySizes {
				viewAt(t, p, sz.w, sz.h, scheme, "the viewer with its app link")
				assert.Empty(t, eval[string](p, t, clearOfTheBar), "%d×%d: the link overlaps", sz.w, sz.h)
				assert.True(t, eval[bool](p, t, `document.getElementById("applink").getBoundingClientRect().top >= document.getElementById("start").getBoundingClientRect().bottom`),
					"%d×%d: the link is below the game", sz.w, sz.h)
				res := a11yRun(p, t, "en", false, sz.phone)
				assert.Empty(t, res.V, "%d×%d %s", sz.w, sz.h, scheme)
				assert.Equal(t, 4, res.Targets, "%d×%d: the sound switch, the connection, Start and the link were checked", sz.w, sz.h)
			}
		}
		emulatePhone(t, p, 412, 915)
	})

	t.Run("a tap opens the app with the table", func(t *testing.T) {
		pos := eval[[]float64](p, t, `(() => { const a = document.getElementById("applink"); a.scrollIntoView({block: "center"});
			const r = a.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
		require.Len(t, pos, 2)
		waitJS(p, t, `(() => { const a = document.getElementById("applink"); return !!a._tap && performance.now() >= a._tap.armedAt; })()`,
			"waiting for the link to take taps")
		require.NoError(t, p.Tap(t.Context(), pos[0], pos[1]))
		waitAcrossNavigation(p, t, `location.pathname === "/app/" && !!document.getElementById("fullapp")`)
		assert.Equal(t, webapp.URL(table), eval[string](p, t, `location.href`))
	})
}

// waitAcrossNavigation polls until expr is true in the page the tab is
// navigating to: a poll the old page's end cuts short starts again in the
// new one.
func waitAcrossNavigation(tab *webdriver.Chrome, t *testing.T, expr string) {
	t.Helper()
	var err error
	for range 5 {
		if err = webdriver.Until(t.Context(), tab, expr, patient(15*time.Second), frame, nil); err == nil {
			return
		}
	}
	require.NoError(t, err, "waiting for %s", expr)
}

func TestBrowser_AppLinkInGerman(t *testing.T) {
	newTab := browser(t, nil)
	table, _ := serveWithApp(t, fakeApp(t))
	p := newTab()
	require.NoError(t, p.OnNewDocument(t.Context(), `Object.defineProperty(navigator, "language", { get: () => "de-DE" });`))
	emulatePhone(t, p, 360, 640)
	require.NoError(t, p.Navigate(t.Context(), table))
	waitText(p, t, "#conn", "verbunden")
	require.Equal(t, "yes", appAnswered(p, t))
	assert.Equal(t, "Die ganze App öffnen", eval[string](p, t, `document.getElementById("applink").textContent`))
	waitText(p, t, "#start", "Sanduhr")
	assert.Empty(t, a11yRun(p, t, "de", false, true).V)
}

func TestBrowser_NoAppLinkWhereTheHostHasNoApp(t *testing.T) {
	newTab := browser(t, nil)
	table, _ := serveWithApp(t, t.TempDir()) // a folder without a build: /app/ says how to make one
	p := open(t, newTab, table)
	require.Equal(t, "no", appAnswered(p, t))
	assert.True(t, eval[bool](p, t, `document.getElementById("applink").hidden`))
	var status int
	require.NoError(t, p.Eval(t.Context(), `fetch("/app/", {method: "HEAD"}).then((r) => r.status)`, &status))
	assert.Equal(t, 404, status, "what the page was told")
}

func TestBrowser_NoAppLinkForAWrongLink(t *testing.T) {
	newTab := browser(t, nil)
	table, _ := serveWithApp(t, fakeApp(t))
	wrong := table[:len(table)-32] + share.NewToken() // another table's token
	p := newTab()
	emulatePhone(t, p, 412, 915)
	require.NoError(t, p.Navigate(t.Context(), wrong))
	waitJS(p, t, `!document.getElementById("fatal").hidden`, "waiting for the page to say the link is wrong")
	appAnswered(p, t)
	assert.True(t, eval[bool](p, t, `document.getElementById("applink").hidden`), "the app would not join that table either")
}
