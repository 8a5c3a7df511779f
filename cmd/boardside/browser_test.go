package main

import (
	"context"
	"net"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

// browser starts headless Chromium (Debian's chromium, installed by
// scripts/deps.sh) and returns a function that opens a new tab.
func browser(t *testing.T) func() context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not installed here: make test installs it")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(420, 860))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	first, cancelFirst := chromedp.NewContext(alloc)
	t.Cleanup(cancelFirst)
	require.NoError(t, chromedp.Do(first, chromedp.Navigate("about:blank"))) // starts the browser
	return func() context.Context {
		tab, cancel := chromedp.NewContext(first)
		t.Cleanup(cancel)
		ctx, cancelTimeout := context.WithTimeout(tab, 30*time.Second)
		t.Cleanup(cancelTimeout)
		return ctx
	}
}

// marsHost serves the saved marsmaze game in dir on l, as serve does.
func marsHost(t *testing.T, l net.Listener, dir string) (url string, stop func()) {
	t.Helper()
	g := shared[mm.Game]
	var out strings.Builder
	srv, best, err := host(l, dir, mm.Game, false, g.game, g.newState, &out)
	require.NoError(t, err)
	go func() { _ = srv.Serve(l) }()
	token := best[strings.Index(best, "?t=")+3:]
	return "http://" + l.Addr().String() + "/?t=" + token, func() { _ = srv.Close() }
}

func text(ctx context.Context, t *testing.T, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(sel)))
	require.NoError(t, err)
	return s
}

// waitText polls until the element's text contains want.
func waitText(ctx context.Context, t *testing.T, sel, want string) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](
		`(document.querySelector(`+"`"+sel+"`"+`)||{}).textContent.includes(`+"`"+want+"`"+`)`,
		chromedp.WithPollingTimeout(15*time.Second)))
	require.NoError(t, err, "waiting for %q in %s; it shows %q", want, sel, text(ctx, t, sel))
}

func TestBrowser_FlipInOnePhoneShowsOnTheOther(t *testing.T) {
	newTab := browser(t)
	clock := timers.System{}
	s := companion.New(mm.Rules, mm.New(), clock)
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 2}))
	require.NoError(t, s.Dispatch(&mm.Start{}))
	h := share.NewHost(s, shared[mm.Game].game, clock, share.NewToken())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := h.Server()
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	url := "http://" + l.Addr().String() + "/?t=" + h.Token()

	phone1, phone2 := newTab(), newTab()
	for _, p := range []context.Context{phone1, phone2} {
		require.NoError(t, chromedp.Do(p, chromedp.Navigate(url)))
		waitText(p, t, "#conn", "connected")
		waitText(p, t, "#info", "Hourglass markers left: 2")
		waitText(p, t, "#buttons", "Flip")
	}
	shown := text(phone1, t, "#timer")
	assert.Regexp(t, `^[23]:\d\d$`, shown, "the sand timer, computed in the browser")

	require.NoError(t, chromedp.Do(phone1, chromedp.Click(chromedp.Search(`//button[text()="Flip"]`))))
	waitText(phone2, t, "#info", "Hourglass markers left: 1")
	assert.Equal(t, 1, s.View().State.(*mm.State).MarkersLeft, "the host's game changed")
	waitText(phone2, t, "#banner", "Talk now")
	waitText(phone2, t, "#buttons", "Action")

	require.NoError(t, chromedp.Do(phone2, chromedp.Click(chromedp.Search(`//button[starts-with(text(),"Action")]`))))
	waitText(phone1, t, "#version", "4") // mission, start, flip, act
	assert.Empty(t, s.View().State.(*mm.State).Talk)
}

func TestBrowser_ViewersComeBackWhenTheHostRestarts(t *testing.T) {
	newTab := browser(t)
	dir := t.TempDir()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	url, stop := marsHost(t, l, dir)

	phone := newTab()
	require.NoError(t, chromedp.Do(phone, chromedp.Navigate(url)))
	waitText(phone, t, "#conn", "connected")
	stop()
	waitText(phone, t, "#conn", "offline")

	// The host comes back on the same address with its saved token and game.
	l2, err := net.Listen("tcp", addr)
	require.NoError(t, err)
	url2, stop2 := marsHost(t, l2, dir)
	defer stop2()
	assert.Equal(t, url, url2)
	waitText(phone, t, "#conn", "connected")
	waitText(phone, t, "#buttons", "Turn the sand timer over")
	require.NoError(t, chromedp.Do(phone, chromedp.Click(chromedp.Search(`//button[starts-with(text(),"Turn the sand")]`))))
	waitText(phone, t, "#info", "Hourglass markers left: 1")
}
