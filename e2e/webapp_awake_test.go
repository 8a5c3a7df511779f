package e2e

import (
	"net"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion/webapp"
	"boardside/internal/webdriver"
	"boardside/internal/webscreen"
)

// What the web app's page says of the screen while a timer runs
// (web/app/awake.js), as expressions any engine can evaluate.
const (
	// AwakeHow is how the page keeps the screen on: "wakelock", "video",
	// "none" or "off".
	AwakeHow = `document.documentElement.dataset.awake || "off"`
	// AwakeVideoPlays is true while the muted looping video plays.
	AwakeVideoPlays = `(() => { const v = document.getElementById("awake"); return !!v && !v.paused && v.muted && v.loop; })()`
)

// refusesVideo makes a browser that refuses to play any video.
const refusesVideo = `HTMLMediaElement.prototype.play = function () { return Promise.reject(new DOMException("refused", "NotAllowedError")); };`

// openOnLAN serves the web app beside a new table and opens /app/ on a
// phone by the host's LAN name, over plain HTTP: not a secure context, as
// a phone at the table opens http://192.168.…:7777/app/ (127.0.0.1 would
// be one). lang is the browser's language; script, when not "", runs in
// the page before its own.
func openOnLAN(t *testing.T, newTab func() *webdriver.Chrome, lang, script string) *webdriver.Chrome {
	t.Helper()
	table, _ := serveWithApp(t, builtWebApp(t))
	u, err := url.Parse(table)
	require.NoError(t, err)
	tab := newTab()
	require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: 412, Height: 915, Scale: webAppRatio, Mobile: true, Touch: true}))
	require.NoError(t, tab.UserAgent(t.Context(), webdriver.Agent{UA: phone.ua, AcceptLanguage: lang}))
	if script != "" {
		require.NoError(t, tab.OnNewDocument(t.Context(), script))
	}
	require.NoError(t, tab.Navigate(t.Context(), "http://"+net.JoinHostPort(lanName(t), u.Port())+"/app/"))
	waitDrawn(tab, t)
	require.False(t, eval[bool](tab, t, `window.isSecureContext`), "a LAN address over plain HTTP is not a secure context")
	require.False(t, eval[bool](tab, t, `"wakeLock" in navigator`), "so the page has no wake lock")
	return tab
}

// awakeIs waits until the page keeps the screen on the way want says.
func awakeIs(tab *webdriver.Chrome, t *testing.T, want string) {
	t.Helper()
	waitJS(tab, t, "("+AwakeHow+`) === "`+want+`"`, "the page keeps the screen on by %q; it says %s", want,
		func() string { return eval[string](tab, t, AwakeHow) })
}

// TestWebApp_KeepsTheScreenOnOverPlainHTTP opens the web app from a host's
// LAN address over plain HTTP, where a browser has no Screen Wake Lock:
// while the sand runs a muted looping video plays (which keeps a phone's
// screen on), and stops when the sand is paused and when the player goes
// home. Where the browser refuses the video as well, a line in the app
// says to keep the screen on, in English and in German, while the sand
// runs and not after.
func TestWebApp_KeepsTheScreenOnOverPlainHTTP(t *testing.T) {
	t.Parallel() // a browser and tables of its own
	newTab := webAppBrowser(t, map[string]string{"host-resolver-rules": "MAP " + lanName(t) + " 127.0.0.1"})

	t.Run("a secure page holds the wake lock", func(t *testing.T) {
		tab, _ := startWebApp(t, phone, func(table string) string { return webapp.URL(table)[:strings.Index(webapp.URL(table), "?")] })
		require.True(t, eval[bool](tab, t, `window.isSecureContext && "wakeLock" in navigator`), "127.0.0.1 is a secure context")
		tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
		tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start")
		awakeIs(tab, t, "wakelock")
		assert.False(t, eval[bool](tab, t, AwakeVideoPlays), "no video where the lock holds")
		tapShown(tab, t, "button", is("Pause"), "Pause")
		awakeIs(tab, t, "off")
	})

	t.Run("a video plays while the sand runs", func(t *testing.T) {
		tab := openOnLAN(t, newTab, "en-GB", "")
		assert.Equal(t, "off", eval[string](tab, t, AwakeHow), "no timer runs")
		tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
		tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start")
		waitShown(tab, t, "button", is("Flip"), "the sand runs")
		awakeIs(tab, t, "video")
		waitJS(tab, t, AwakeVideoPlays, "the muted looping video plays")

		tapShown(tab, t, "button", is("Pause"), "Pause")
		awakeIs(tab, t, "off")
		assert.False(t, eval[bool](tab, t, AwakeVideoPlays), "paused sand: the video stops")
		tapShown(tab, t, "button", is("Resume"), "Resume")
		awakeIs(tab, t, "video")
		waitJS(tab, t, AwakeVideoPlays, "plays again")

		tapShown(tab, t, "button", is("Home"), "Home")
		waitShown(tab, t, "button", is("Join a table"), "the home screen")
		awakeIs(tab, t, "off")
		assert.False(t, eval[bool](tab, t, AwakeVideoPlays), "no timer on screen: the video stops")
		_, shown := readScreen(tab, t).Find("label", func(s string) bool { return strings.HasPrefix(s, "This browser cannot keep the screen on") })
		assert.False(t, shown, "the video did it: nothing to tell the players")
	})

	for _, c := range []struct{ lang, says string }{
		{"en-GB", "This browser cannot keep the screen on: keep it on yourself while the timer runs."},
		{"de-DE", "Dieser Browser kann den Bildschirm nicht anlassen: Lass ihn selbst an, solange der Timer läuft."},
	} {
		t.Run("neither works: the app says so, "+c.lang, func(t *testing.T) {
			tab := openOnLAN(t, newTab, c.lang, refusesVideo)
			tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
			start := map[string]string{"en-GB": "Turn the sand timer over to start", "de-DE": "Sanduhr umdrehen und losspielen"}[c.lang]
			tapShown(tab, t, "button", is(start), "Start")
			awakeIs(tab, t, "none")
			note := waitShown(tab, t, "label", is(c.says), "the line that says the screen may sleep")
			s := readScreen(tab, t)
			assert.LessOrEqual(t, note.X+note.W, s.Width+0.5, "the line fits across the phone")
			home := map[string]string{"en-GB": "Home", "de-DE": "Spiele"}[c.lang]
			tapShown(tab, t, "button", is(home), "Home")
			awakeIs(tab, t, "off")
			_, err := webscreen.Wait(t.Context(), tab, "label", is(c.says), 0)
			assert.Error(t, err, "no timer runs: the line is gone")
		})
	}
}
