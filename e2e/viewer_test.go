package e2e

import (
	"encoding/json"
	"io/fs"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/assets"
	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/internal/webdriver"
	"boardside/timers"
)

// The web viewer's table-side behaviour: undo from a phone, what a phone
// says when the table is gone or the link is wrong, alerts, and keeping the
// screen on.

// tableHost serves s on loopback and returns the viewer's address (host
// is how the page is reached: "127.0.0.1" or a name mapped to it) and the
// number of requests the server has answered.
type tableHost struct {
	url, token string
	port       string
	requests   atomic.Int64
	srv        *http.Server
}

func serveTable(t *testing.T, s *companion.Session, game string) *tableHost {
	t.Helper()
	h := share.NewHost(s, shared[game].game, timers.System{}, share.NewToken())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	th := &tableHost{token: h.Token(), srv: share.NewServer(h)}
	_, th.port, _ = net.SplitHostPort(l.Addr().String())
	th.url = "http://127.0.0.1:" + th.port + "/?t=" + th.token
	inner := th.srv.Handler
	th.srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		th.requests.Add(1)
		inner.ServeHTTP(w, r)
	})
	go func() { _ = th.srv.Serve(l) }()
	t.Cleanup(func() { _ = th.srv.Close() })
	return th
}

func open(t *testing.T, newTab func() *webdriver.Chrome, url string) *webdriver.Chrome {
	t.Helper()
	p := newTab()
	emulatePhone(t, p, 412, 915)
	require.NoError(t, p.Navigate(t.Context(), url))
	waitText(p, t, "#conn", "connected")
	return p
}

func TestBrowser_UndoFromAPhone(t *testing.T) {
	newTab := browser(t, nil)
	s := marsSession(t, 2, &mm.Start{})
	p := open(t, newTab, serveTable(t, s, mm.Game).url)

	waitText(p, t, "#undo", "Undo: Start")
	tap(p, t, "Flip")
	waitText(p, t, "#undo", "Undo: Flip")
	require.Equal(t, 1, s.View().State.(*mm.State).MarkersLeft)
	tap(p, t, "Undo: Flip")
	waitText(p, t, "#info", "Hourglass markers left: 2")
	assert.Equal(t, 2, s.View().State.(*mm.State).MarkersLeft, "the host's game went back")
	waitText(p, t, "#undo", "Undo: Start") // the table's last action now
	waitText(p, t, "#toast", "Undone: Flip")

	// A choice only the host makes (the mission) is never undone from a phone.
	fresh := companion.New(mm.Rules, mm.New(), timers.System{})
	require.NoError(t, fresh.Dispatch(&mm.ChooseMission{Mission: 3}))
	q := open(t, newTab, serveTable(t, fresh, mm.Game).url)
	waitText(q, t, "#start", "Turn the sand timer over")
	assert.True(t, eval[bool](q, t, `document.getElementById("undo").hidden`), "no Undo for the host's own choice")
}

func TestBrowser_UndoNeverOffersADELEsMoves(t *testing.T) {
	newTab := browser(t, nil)
	st := adeleAfterRound1(t)
	s := companion.New(adele.Rules, st, timers.System{})
	p := open(t, newTab, serveTable(t, s, adele.Game).url)
	waitText(p, t, "#status", "Next: the emergency phase")
	assert.True(t, eval[bool](p, t, `document.getElementById("undo").hidden`), "a new session has nothing a phone may undo")

	tap(p, t, "Emergency phase")
	waitText(p, t, "#undo", "Undo: Emergency phase")
	// ADELE plays from her console: her move is secret, so the phones lose
	// their Undo rather than take back, or show, what she did.
	view := s.View().State.(*adele.State)
	var card adele.Card
	for _, id := range view.Hand {
		if c, _ := view.Data().Card(id); !c.Special() {
			card = c
			break
		}
	}
	require.NotEmpty(t, card.ID)
	ty := ""
	for _, o := range []string{adele.Spy, adele.Fire, adele.Darkness, adele.OxygenLoss} {
		if view.Console[o] > 0 {
			ty = o
			break
		}
	}
	require.NotEmpty(t, ty, "ADELE has an obstacle on her console")
	require.NoError(t, s.Dispatch(&adele.PlayCard{Card: card.ID, Room: card.Rooms[0], Type: ty}))
	waitJS(p, t, `document.getElementById("undo").hidden`, "the Undo button went away after ADELE's move")
	html := eval[string](p, t, `document.documentElement.outerHTML`)
	assert.NotContains(t, html, card.ID, "which card ADELE played stays hers")
}

func TestBrowser_OfflineBannerAndATapThatDidNotArrive(t *testing.T) {
	newTab := browser(t, nil)
	s := marsSession(t, 2, &mm.Start{})
	th := serveTable(t, s, mm.Game)
	p := open(t, newTab, th.url)
	ready(p, t, "Flip")
	assert.True(t, eval[bool](p, t, `document.getElementById("offline").hidden`))

	// A tap that cannot reach the table says so, and changes nothing.
	require.True(t, eval[bool](p, t, `(() => { const f = window.fetch; window.fetch = (u, o) => String(u).includes("/actions") ? Promise.reject(new TypeError("Failed to fetch")) : f(u, o); return true; })()`))
	tap(p, t, "Flip")
	waitText(p, t, "#notice", "Your tap did not reach the table")
	assert.Equal(t, 2, s.View().State.(*mm.State).MarkersLeft)

	// The table goes away: a banner says so and no button takes a tap.
	require.NoError(t, th.srv.Close())
	waitJS(p, t, `!document.getElementById("offline").hidden`, "the offline banner shows")
	waitText(p, t, "#offline", "Offline – reconnecting")
	waitText(p, t, "#conn", "offline")
	enabled := eval[int](p, t, `[...document.querySelectorAll("#buttons button")].filter((b) => !b.disabled).length`)
	assert.Zero(t, enabled, "no action can be tapped while the table is away: %s", buttons(p, t))
}

func TestBrowser_AWrongLinkSaysSoAndStopsTrying(t *testing.T) {
	newTab := browser(t, nil)
	s := marsSession(t, 2, &mm.Start{})
	th := serveTable(t, s, mm.Game)
	want := "This link belongs to another table or an old game: scan the host's code again."
	for name, tok := range map[string]string{
		"an old game's token": strings.Repeat("ab", 16),
		"a token cut short":   th.token[:20],
	} {
		t.Run(name, func(t *testing.T) {
			p := newTab()
			emulatePhone(t, p, 412, 915)
			require.NoError(t, p.Navigate(t.Context(), "http://127.0.0.1:"+th.port+"/?t="+tok))
			waitText(p, t, "#fatal", want)
			waitText(p, t, "#conn", "offline")
			before := th.requests.Load()
			time.Sleep(4 * time.Second) // the browser would retry within 3 s
			assert.Equal(t, before, th.requests.Load(), "the page stopped asking the host")
			assert.Empty(t, eval[string](p, t, `document.getElementById("timer").textContent`), "no made-up time")
		})
	}
}

func TestBrowser_AlertsFireOnceEachAcrossAReload(t *testing.T) {
	newTab := browser(t, nil)
	s := marsSession(t, 1, &mm.SetSand{Seconds: 8})
	p := open(t, newTab, serveTable(t, s, mm.Game).url)
	waitText(p, t, "#start", "Turn the sand timer over")
	require.NoError(t, s.Dispatch(&mm.Start{}))
	// Reload once the 4-second alert has fired: the page comes back mid-count.
	waitJS(p, t, `JSON.parse(sessionStorage.getItem("boardside.alertLog") || "[]").some((a) => a.mark === 4)`, "the 0:04 alert fired")
	require.NoError(t, p.Reload(t.Context()))
	waitText(p, t, "#conn", "connected")
	waitText(p, t, "#end", "The sand has run out")
	waitJS(p, t, `JSON.parse(sessionStorage.getItem("boardside.alertLog") || "[]").some((a) => a.mark === 0)`, "time's up alerted")
	var log []struct {
		Mark json.Number `json:"mark"`
	}
	require.NoError(t, json.Unmarshal([]byte(eval[string](p, t, `sessionStorage.getItem("boardside.alertLog")`)), &log))
	var marks []string
	for _, a := range log {
		marks = append(marks, a.Mark.String())
	}
	assert.Equal(t, []string{"5", "4", "3", "2", "1", "0"}, marks, "each mark once, in order, across the reload")
}

func TestBrowser_MuteIsRemembered(t *testing.T) {
	newTab := browser(t, nil)
	p := open(t, newTab, serveTable(t, marsSession(t, 2), mm.Game).url)
	require.Equal(t, "Sound on", eval[string](p, t, `document.getElementById("mute").getAttribute("aria-label")`))
	waitJS(p, t, `performance.now() >= document.getElementById("mute")._tap.armedAt`, "the sound switch takes taps")
	c := eval[[]float64](p, t, `(() => { const r = document.getElementById("mute").getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	require.NoError(t, p.Tap(t.Context(), c[0], c[1]))
	waitJS(p, t, `document.getElementById("mute").getAttribute("aria-label") === "Sound off"`, "muted")
	require.NoError(t, p.Reload(t.Context()))
	waitText(p, t, "#conn", "connected")
	assert.Equal(t, "Sound off", eval[string](p, t, `document.getElementById("mute").getAttribute("aria-label")`), "the phone remembers")
}

// The screen stays on while a timer runs: through the Screen Wake Lock API
// on a secure page (127.0.0.1 is one); on a plain-HTTP page on the local
// network, which has no wake lock, through a muted looping video; and
// where that fails too, a line asks the players to keep it on.
func TestBrowser_KeepsTheScreenOn(t *testing.T) {
	// The host's LAN name is not a secure context (lanName).
	newTab := browser(t, map[string]string{"host-resolver-rules": "MAP " + lanName(t) + " 127.0.0.1"})
	s := marsSession(t, 2)
	th := serveTable(t, s, mm.Game)
	insecure := "http://" + lanName(t) + ":" + th.port + "/?t=" + th.token

	t.Run("secure page: wake lock", func(t *testing.T) {
		p := open(t, newTab, th.url)
		require.True(t, eval[bool](p, t, `window.isSecureContext && "wakeLock" in navigator`))
		assert.Equal(t, "off", eval[string](p, t, `document.documentElement.dataset.awake || "off"`), "nothing runs yet")
		tap(p, t, "Turn the sand timer over")
		waitJS(p, t, `document.documentElement.dataset.awake === "wakelock"`, "the wake lock is held; awake is %s",
			func() string { return eval[string](p, t, `document.documentElement.dataset.awake || ""`) })
		tap(p, t, "Pause")
		waitJS(p, t, `document.documentElement.dataset.awake === "off"`, "released when the timer stops")
		tap(p, t, "Resume")
		waitJS(p, t, `document.documentElement.dataset.awake === "wakelock"`, "taken again")
	})

	t.Run("plain-HTTP page: looping video", func(t *testing.T) {
		p := newTab()
		emulatePhone(t, p, 412, 915)
		require.NoError(t, p.Navigate(t.Context(), insecure))
		waitText(p, t, "#conn", "connected")
		require.False(t, eval[bool](p, t, `window.isSecureContext`), "the page is not a secure context")
		require.False(t, eval[bool](p, t, `"wakeLock" in navigator`), "so it has no wake lock")
		tap(p, t, "Pause")
		waitJS(p, t, `document.documentElement.dataset.awake === "off"`, "nothing to keep on while paused")
		tap(p, t, "Resume")
		waitJS(p, t, `document.documentElement.dataset.awake === "video" && !document.getElementById("awake").paused`,
			"the muted video plays; awake is %s", func() string { return eval[string](p, t, `document.documentElement.dataset.awake || ""`) })
		assert.True(t, eval[bool](p, t, `document.getElementById("awake").muted && document.getElementById("awake").loop`))
		assert.True(t, eval[bool](p, t, `document.getElementById("hint").hidden`), "no hint needed")
	})

	t.Run("neither: a hint", func(t *testing.T) {
		p := newTab()
		emulatePhone(t, p, 412, 915)
		// A browser that refuses to play the video.
		require.NoError(t, p.OnNewDocument(t.Context(),
			`HTMLMediaElement.prototype.play = function () { return Promise.reject(new DOMException("refused", "NotAllowedError")); };`))
		require.NoError(t, p.Navigate(t.Context(), insecure))
		waitText(p, t, "#conn", "connected")
		waitJS(p, t, `document.documentElement.dataset.awake === "none" && !document.getElementById("hint").hidden`, "the hint shows")
		waitText(p, t, "#hint", "Keep this screen on yourself")
	})
}

// The phones alert at the host's marks: the viewer's list is the app's.
func TestViewer_AlertMarksAreTheHosts(t *testing.T) {
	js, err := fs.ReadFile(assets.Web, "web/app.js")
	require.NoError(t, err)
	m := regexp.MustCompile(`const MARKS = \[([0-9, ]+)\];`).FindSubmatch(js)
	require.NotNil(t, m, "app.js names its alert marks")
	var want []string
	for _, d := range timers.DefaultAlertMarks {
		want = append(want, strconv.Itoa(int(d/time.Second)))
	}
	assert.Equal(t, strings.Join(want, ", "), string(m[1]))
}
