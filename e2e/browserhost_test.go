package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/internal/browsertable"
	"boardside/internal/netns"
)

// A table of phones and a tablet with nothing else: the web app hosts the
// game over WebRTC, each guest's quick viewer joins with the two scans,
// every browser in a network namespace of its own on a private LAN
// (internal/browsertable). Root only, as CI runs; skipped elsewhere.

func browserTable(t *testing.T) (*browsertable.Table, context.Context) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a browser per device")
	}
	if err := netns.Available(); err != nil {
		t.Skip("no network namespaces here: ", err)
	}
	dir := builtWebApp(t)
	ctx, cancel := context.WithTimeout(context.Background(), patient(10*time.Minute))
	t.Cleanup(cancel)
	tb, err := browsertable.Start(ctx, dir, display(t), patient(30*time.Second))
	require.NoError(t, err)
	t.Cleanup(tb.Close)
	return tb, ctx
}

// guestTap taps the guest's button whose text is text, once it has been
// on screen long enough to be armed.
func guestTap(t *testing.T, ctx context.Context, g *browsertable.Guest, text string) {
	t.Helper()
	var at struct{ X, Y float64 }
	expr := `(() => { const b = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === ` + fmt.Sprintf("%q", text) + ` && !b.disabled && b.offsetParent);
		if (!b) return null; const r = b.getBoundingClientRect(); return { X: r.x + r.width / 2, Y: r.y + r.height / 2 }; })()`
	require.NoError(t, waitEval(ctx, g, expr, &at), "the guest's %q button", text)
	time.Sleep(armWait)
	require.NoError(t, g.Page.Tap(ctx, at.X, at.Y))
}

func waitEval(ctx context.Context, g *browsertable.Guest, expr string, out *struct{ X, Y float64 }) error {
	deadline := time.Now().Add(patient(30 * time.Second))
	for {
		var got *struct{ X, Y float64 }
		if err := g.Page.Eval(ctx, expr, &got); err != nil {
			return err
		}
		if got != nil {
			*out = *got
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not shown; the page shows %q", g.Text(ctx, "body"))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// atVersion waits until every guest shows version v.
func atVersion(t *testing.T, ctx context.Context, v uint64, guests ...*browsertable.Guest) {
	t.Helper()
	for _, g := range guests {
		require.Eventually(t, func() bool { got, _ := g.Version(ctx); return got == v }, patient(30*time.Second), 50*time.Millisecond,
			"a %s guest shows version %d", g.Engine, v)
	}
}

func TestBrowserHost_MagicMazeSandAcrossGuests(t *testing.T) {
	tb, ctx := browserTable(t)
	require.NoError(t, tb.Tap(ctx, "label", "Magic Maze on Mars"))
	require.NoError(t, tb.Tap(ctx, "button", "Share"))

	var guests []*browsertable.Guest
	link := ""
	for _, engine := range []string{"chromium", "firefox"} {
		g, l, timing, err := tb.Join(ctx, engine, link)
		require.NoError(t, err, "a %s guest joins", engine)
		t.Logf("%s guest: answer shown %v after the link opened; table %v after the scan began (%v in all)", engine,
			timing.Answered.Round(time.Millisecond), timing.Connected.Round(time.Millisecond), timing.Shown.Round(time.Millisecond))
		guests, link = append(guests, g), l
	}
	v, err := guests[0].Version(ctx)
	require.NoError(t, err)
	atVersion(t, ctx, v, guests...)

	guestTap(t, ctx, guests[0], "Turn the sand timer over to start")
	atVersion(t, ctx, v+1, guests...)
	guestTap(t, ctx, guests[1], "Flip")
	atVersion(t, ctx, v+2, guests...)
	for _, g := range guests {
		assert.Contains(t, g.Text(ctx, "#timer"), ":", "the %s guest shows the sand running", g.Engine)
	}

	sent, err := tb.Sent(ctx)
	require.NoError(t, err)
	all := strings.Join(sent, "\n")
	assert.Contains(t, all, `"event":"state"`)
	assert.NotContains(t, all, `"rng"`, "no generator's state reached a guest")
}
