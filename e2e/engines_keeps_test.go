package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	neturl "net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

// harness plays Magic Maze in the web app inside a phone-sized frame of
// the same origin and reports to /report what it found. WebKitWebDriver
// opens its browser in automation mode, which keeps every page's storage
// in memory for the session only; a browser that keeps its data, as
// Safari does, can only be driven from the page itself. Taps are the
// mouse events Fyne's web driver reads from the document.
//
// ?step=play starts the sand, flips it, reloads the frame and looks for
// the flip; ?step=check (a new browser on the same data) opens the game
// and looks for it again.
const harness = `<!doctype html><meta charset="utf-8">
<body style="margin:0"><iframe id="f" src="/app/" style="width:390px;height:844px;border:0"></iframe>
<script>
const step = new URLSearchParams(location.search).get("step");
const f = document.getElementById("f");
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const report = (r) => fetch("/report", { method: "POST", body: JSON.stringify(Object.assign({ step }, r)) });
async function until(what, test, ms = 60000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(200)) {
    try { const v = await test(); if (v) return v; } catch (e) {}
  }
  throw new Error("never: " + what);
}
// The app answers on its own goroutine: boardsideScreen gives a promise.
const screen = async () => JSON.parse(await f.contentWindow.boardsideScreen()).items;
const find = async (kind, test) => (await screen()).find((i) => i.kind === kind && test(i.text));
// tap taps what kind and test find, and again (three times at most) where
// done does not come within 3 s, as a player would.
let taps = 0;
async function tap(kind, test, what, done) {
  for (let n = 0; n < 3; n++) {
    await tapOnce(kind, test, what);
    taps++;
    try { return await until(what + " took", done, 3000); } catch (e) {}
  }
  throw new Error(what + " did nothing, three times");
}
async function tapOnce(kind, test, what) {
  const it = await until(what, async () => { const i = await find(kind, test); return i && i.inView && !i.disabled && i; });
  await sleep(600); // as a finger would: after the screen has settled
  const x = it.x + it.w / 2, y = it.y + it.h / 2, w = f.contentWindow, d = f.contentDocument;
  for (const type of ["mousemove", "mousedown", "mouseup"]) {
    d.dispatchEvent(new w.MouseEvent(type, { clientX: x, clientY: y, button: 0, buttons: type === "mousedown" ? 1 : 0, bubbles: true }));
    await sleep(60); // a frame apart, as a finger's press and release
  }
}
const drawn = () => until("the app draws", () => f.contentDocument && f.contentDocument.documentElement.dataset.drawn === "1" && f.contentWindow.boardsideScreen);
// hint closes the home-screen hint Safari on an iPhone gets once.
async function hint() {
  await sleep(500);
  if (await find("label", (t) => t === "Keep Boardside on the home screen"))
    await tap("button", (t) => t === "OK", "OK under the hint", async () => !(await find("label", (t) => t === "Keep Boardside on the home screen")));
}
async function run() {
  await drawn();
  await hint();
  let markers;
  if (step === "play") {
    await tap("label", (t) => t === "Magic Maze on Mars", "the tile", () => find("button", (t) => t === "Turn the sand timer over to start"));
    await tap("button", (t) => t === "Turn the sand timer over to start", "start", () => find("button", (t) => t === "Flip"));
    const before = await until("the markers", () => find("label", (t) => t.startsWith("Hourglass markers left: ")));
    markers = "Hourglass markers left: " + (parseInt(before.text.split(": ")[1]) - 1);
    await tap("button", (t) => t === "Flip", "Flip", () => find("label", (t) => t === markers));
    await sleep(1000); // the save goes to IndexedDB on its own time
    f.contentWindow.location.reload();
    await sleep(500);
    await drawn();
  } else {
    markers = new URLSearchParams(location.search).get("markers");
    if (await find("button", (t) => t === "Join a table")) await tap("label", (t) => t === "Magic Maze on Mars", "the tile", () => find("label", (t) => t === markers));
  }
  await until("the game, kept", () => find("label", (t) => t === markers), 30000);
  const dialogs = (await screen()).filter((i) => i.dialog).map((i) => i.text).filter((t) => t);
  return { markers, dialogs, taps };
}
run().then((r) => report(Object.assign({ ok: true }, r)), async (e) => {
  let shown = "";
  try { shown = (await screen()).map((i) => i.kind + " " + i.text + (i.inView ? "" : " (out of view)")).join("\n"); } catch (x) { shown = String(x); }
  report({ ok: false, error: String(e), screen: shown });
});
</script>`

type harnessReport struct {
	Step    string   `json:"step"`
	OK      bool     `json:"ok"`
	Error   string   `json:"error"`
	Markers string   `json:"markers"`
	Taps    int      `json:"taps"`
	Dialogs []string `json:"dialogs"`
	Screen  string   `json:"screen"`
}

// TestEngines_WebKitKeepsTheGame plays in WebKitGTK's MiniBrowser with the
// storage a browser keeps (as Safari's, outside Private Browsing): a flip,
// a reload, and the flip is there; then the browser is closed and started
// again on the same data, and the game is still there. No dialog on the
// way.
func TestEngines_WebKitKeepsTheGame(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	t.Parallel() // a browser, a host and an X screen of its own
	mini, _ := filepath.Glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser")
	if len(mini) == 0 {
		cannotStart(t, "webkit", errors.New("WebKitGTK's MiniBrowser is not installed (Debian: webkit2gtk-driver)"))
	}
	dir := builtWebApp(t)
	disp := display(t)

	s := companion.New(mm.Rules, mm.New(), timers.System{})
	h := share.NewHost(s, share.Game{Public: mm.Public, PublicActions: mm.PublicActions, Rules: mm.Rules}, timers.System{}, share.NewToken())
	reports := make(chan harnessReport, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/harness", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(harness))
	})
	mux.HandleFunc("/report", func(w http.ResponseWriter, r *http.Request) {
		var rep harnessReport
		_ = json.NewDecoder(r.Body).Decode(&rep)
		reports <- rep
	})
	mux.Handle("/", share.NewServerWithWebApp(h, dir).Handler)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := &http.Server{Handler: mux}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	base := "http://" + l.Addr().String()

	data := t.TempDir() // the browser's own data, kept between its two runs
	browse := func(page string) harnessReport {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), patient(4*time.Minute))
		defer cancel()
		cmd := exec.CommandContext(ctx, mini[0], "--user-agent="+engines[1].ua, page)
		cmd.Env = append(os.Environ(), "DISPLAY="+disp, "XDG_DATA_HOME="+data, "XDG_CACHE_HOME="+filepath.Join(data, "cache"))
		require.NoError(t, cmd.Start())
		defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
		select {
		case rep := <-reports:
			return rep
		case <-ctx.Done():
			require.FailNow(t, "the page never reported")
			return harnessReport{}
		}
	}
	played := browse(base + "/harness?step=play")
	require.True(t, played.OK, "%s\n%s", played.Error, played.Screen)
	assert.Empty(t, played.Dialogs, "no dialog on the way")
	t.Logf("played with %d taps", played.Taps)

	checked := browse(base + "/harness?step=check&markers=" + neturl.QueryEscape(played.Markers))
	require.True(t, checked.OK, "after the browser was closed: %s\n%s", checked.Error, checked.Screen)
	assert.Empty(t, checked.Dialogs)
}
