package app

import (
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/companion/webapp"
)

// loopbackURL turns the first shared link into one on this machine.
func loopbackURL(t *testing.T, h *hosting) (base, token string) {
	t.Helper()
	link := h.urls[0]
	token = link[strings.Index(link, "?t=")+3:]
	return "http://127.0.0.1:" + itoaInt(h.port), token
}

func itoaInt(n int) string {
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		n /= 10
		if n == 0 {
			return s
		}
	}
}

func TestShare_AnActionFromAPhoneReachesTheScreen(t *testing.T) {
	env := newTestEnv(t)
	u := env.start(t)
	m := openCounter(t, u)
	test.Tap(m.plus)
	env.Clock.Advance(100 * time.Second)

	test.Tap(m.bar.Share)
	h := u.hosts["counter"]
	require.NotNil(t, h)
	t.Cleanup(func() { u.stopSharing("counter") })
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Scan the code with a phone's camera")
	assert.Contains(t, shown, "/?t=")

	base, token := loopbackURL(t, h)
	version := u.Session("counter").View().Version
	resp, err := http.Post(base+"/api/v1/actions?t="+token, "application/json",
		strings.NewReader(`{"version":`+itoaInt(int(version))+`,"action":{"kind":"bump","data":{"by":1}}}`))
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))

	u.OpenGame(u.Game("counter"))
	m2 := u.Current
	assert.Contains(t, strings.Join(apptest.Texts(m2), "\n"), "2", "the phone's bump is the host's")

	// A new game ends the sharing of the old one.
	u.NewGame(u.Game("counter"))
	assert.Nil(t, u.hosts["counter"])
}

func TestShare_TokenSurvivesARestart(t *testing.T) {
	env := newTestEnv(t)
	u := env.start(t)
	a, err := u.shareToken("counter")
	require.NoError(t, err)
	u2 := env.start(t)
	b, err := u2.shareToken("counter")
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.Len(t, a, 32)
}

// restart quits u as closing its window does, and starts Boardside again
// over the same data.
func restart(t *testing.T, env *testEnv, u *UI) *UI {
	t.Helper()
	u.Win.Close()
	assert.Empty(t, u.hosts, "quitting stops serving")
	u2 := env.start(t)
	t.Cleanup(u2.closeHosts)
	return u2
}

// askState asks a shared game's state as a phone would.
func askState(t *testing.T, port int, token string) int {
	t.Helper()
	resp, err := http.Get("http://127.0.0.1:" + itoaInt(port) + "/api/v1/state?t=" + token)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}

func TestShare_ARestartSharesAgain(t *testing.T) {
	tests := []struct {
		name string
		// after runs on the first start, once the game is shared.
		after      func(t *testing.T, u *UI)
		wantShared bool
	}{
		{name: "shared when Boardside quit", after: func(*testing.T, *UI) {}, wantShared: true},
		{name: "Stop sharing forgets it", after: func(t *testing.T, u *UI) {
			test.Tap(apptest.Button(t, u.Current, "Shared with the table"))
			test.Tap(apptest.Button(t, u.Current, "Stop sharing"))
		}},
		{name: "a new game is not shared unasked", after: func(t *testing.T, u *UI) {
			u.NewGame(u.Game("counter"))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newTestEnv(t)
			u := env.start(t)
			t.Cleanup(u.closeHosts)
			m := openCounter(t, u)
			assert.Equal(t, "Share", m.bar.Share.Text)
			test.Tap(m.bar.Share)
			h := u.hosts["counter"]
			require.NotNil(t, h)
			_, token := loopbackURL(t, h)
			port := h.port
			test.Tap(apptest.Button(t, u.Current, "Back"))
			assert.Contains(t, apptest.Texts(u.Current), "Shared with the table", "the game screen says it is shared")
			tt.after(t, u)

			u2 := restart(t, env, u)
			shown := apptest.Texts(u2.Current)
			assert.Contains(t, shown, "+", "the game screen is back, not the Share screen")
			assert.NotContains(t, shown, "Stop sharing")
			h2 := u2.hosts["counter"]
			if !tt.wantShared {
				assert.Nil(t, h2, "not shared")
				assert.Contains(t, shown, "Share")
				assert.NotContains(t, shown, "Shared with the table")
				_, remembered := u2.sharedPort("counter")
				assert.False(t, remembered)
				return
			}
			require.NotNil(t, h2, "shared again without opening Share")
			assert.Equal(t, port, h2.port, "on the same port: the phones' links still work")
			assert.Equal(t, token, h2.token, "with the same token")
			assert.Same(t, u2.Session("counter"), h2.session, "the resumed game is the shared one")
			assert.Contains(t, shown, "Shared with the table")
			assert.Equal(t, http.StatusOK, askState(t, port, token), "a phone reaches the table again")
		})
	}
}

func TestShare_ARestartFindsItsPortTaken(t *testing.T) {
	env := newTestEnv(t)
	u := env.start(t)
	t.Cleanup(u.closeHosts)
	u.OpenGame(u.Game("counter"))
	h, err := u.startSharing(u.Game("counter"), u.Session("counter"))
	require.NoError(t, err)
	port, token := h.port, h.token
	u.Win.Close()

	taken, err := net.Listen("tcp", ":"+itoaInt(port)) // another program took it meanwhile
	require.NoError(t, err)
	defer taken.Close()
	u2 := env.start(t)
	t.Cleanup(u2.closeHosts)
	h2 := u2.hosts["counter"]
	require.NotNil(t, h2, "shared again on another port")
	assert.NotEqual(t, port, h2.port)
	assert.Equal(t, token, h2.token)
	assert.Equal(t, http.StatusOK, askState(t, h2.port, token))
	remembered, _ := u2.sharedPort("counter")
	assert.Equal(t, h2.port, remembered, "the port now in use is the one to try next time")
}

// withWebApp makes the hosts this test starts find the full app in dir
// ("": none), as they would find build/web.
func withWebApp(t *testing.T, dir string) {
	t.Helper()
	old := webAppDir
	webAppDir = func() string { return dir }
	t.Cleanup(func() { webAppDir = old })
}

// label finds the visible label showing text.
func label(o fyne.CanvasObject, text string) *widget.Label {
	for _, obj := range test.LaidOutObjects(o) {
		if l, ok := obj.(*widget.Label); ok && l.Visible() && l.Text == text {
			return l
		}
	}
	return nil
}

// sharedCounter opens the test game and taps Share, as a player
// would; the hosting stops at the end of the test.
func sharedCounter(t *testing.T) (*UI, *hosting) {
	t.Helper()
	u := newTestEnv(t).start(t)
	t.Cleanup(u.closeHosts)
	m := openCounter(t, u)
	test.Tap(m.bar.Share)
	h := u.hosts["counter"]
	require.NotNil(t, h)
	return u, h
}

func TestShare_OffersTheFullAppWhereTheHostServesIt(t *testing.T) {
	const offer = "The full app in the browser, which a phone can keep on its home screen:"
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!DOCTYPE html><title>the full app</title>"), 0o644))
	withWebApp(t, dir)
	u, h := sharedCounter(t)

	want := webapp.URL(h.urls[0])
	assert.Contains(t, want, "/app/?join=")
	assert.Contains(t, apptest.Texts(u.Current), offer)
	link := label(u.Current, want)
	require.NotNil(t, link, "the full app's link, on the table's first address; shown: %q", apptest.Texts(u.Current))
	assert.True(t, link.Selectable, "a link to copy, as the table's links are")
	assert.True(t, link.TextStyle.Monospace)

	// The link works: this host serves the app there (on loopback here).
	base, _ := loopbackURL(t, h)
	resp, err := http.Get(base + want[strings.Index(want, "/app/"):])
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(body), "the full app")
}

func TestShare_NoFullAppWhereNoneIsBuilt(t *testing.T) {
	withWebApp(t, "")
	u, h := sharedCounter(t)
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "/?t=", "the table's links")
	assert.NotContains(t, shown, "full app")
	assert.NotContains(t, shown, "/app/")

	base, _ := loopbackURL(t, h)
	resp, err := http.Head(base + "/app/")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "the host serves no app either")
}
