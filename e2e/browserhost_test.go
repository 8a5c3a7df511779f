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
	"boardside/internal/webdriver"
)

// A table of phones and a tablet with nothing else: the web app hosts the
// game over WebRTC, each guest's quick viewer joins with the two scans,
// every browser in a network namespace of its own on a private LAN
// (internal/browsertable). Root only, as CI runs; skipped elsewhere.

func browserTable(t *testing.T) (*browsertable.Table, context.Context) {
	return browserTableIn(t, "chromium")
}

// browserTableIn is a table hosted by the web app in engine.
func browserTableIn(t *testing.T, engine string) (*browsertable.Table, context.Context) {
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
	tb, err := browsertable.Start(ctx, engine, dir, display(t), patient(30*time.Second))
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
	err := webdriver.Until(ctx, g.Page, expr, patient(30*time.Second), 100*time.Millisecond, &at)
	require.NoError(t, err, "the guest's %q button; the page shows %q", text, g.Text(ctx, "body"))
	time.Sleep(armWait) // a real wait: the viewer arms a button that has just appeared after 500 ms of its own clock
	require.NoError(t, g.Page.Tap(ctx, at.X, at.Y))
}

// atVersion waits until every guest shows version v.
func atVersion(t *testing.T, ctx context.Context, v uint64, guests ...*browsertable.Guest) {
	t.Helper()
	for _, g := range guests {
		require.Eventually(t, func() bool { got, _ := g.Version(ctx); return got == v }, patient(30*time.Second), 50*time.Millisecond,
			"a %s guest shows version %d", g.Engine, v)
	}
}

// hostPhone drives the host's web app with the engine tests' steps.
func hostPhone(t *testing.T, ctx context.Context, tb *browsertable.Table) *enginePhone {
	return &enginePhone{t: t, ctx: ctx, p: tb.Host, app: true}
}

// seat joins guests of the given engines, one after another, each with a
// code of its own, and logs how long each took.
func seat(t *testing.T, ctx context.Context, tb *browsertable.Table, link string, engines ...string) ([]*browsertable.Guest, string) {
	t.Helper()
	var guests []*browsertable.Guest
	for _, engine := range engines {
		g, l, timing, err := tb.Join(ctx, engine, link)
		require.NoError(t, err, "a %s guest joins", engine)
		t.Logf("%s guest: answer shown %v after the link opened; table %v after the scan began (%v in all); link %d characters, answer %d", engine,
			timing.Answered.Round(time.Millisecond), timing.Connected.Round(time.Millisecond), timing.Shown.Round(time.Millisecond), timing.Link, timing.Answer)
		guests, link = append(guests, g), l
	}
	return guests, link
}

// noSecretSent checks every byte the host sent to any guest for the
// marks of secret state: a generator's state, a hidden hand or console,
// and the given values (a PIN typed at the set-up).
func noSecretSent(t *testing.T, ctx context.Context, tb *browsertable.Table, values ...string) {
	t.Helper()
	sent, err := tb.Sent(ctx)
	require.NoError(t, err)
	all := strings.Join(sent, "\n")
	assert.Contains(t, all, `"event":"state"`, "the guests were sent the table")
	for _, secret := range append([]string{`"rng"`, `"hand"`, `"console"`, `"energy"`, `"pin"`, `"draw"`}, values...) {
		assert.NotContains(t, all, secret, "a secret reached a guest")
	}
	t.Logf("%d frames, %d bytes sent to the guests, no secret among them", len(sent), len(all))
}

// TestBrowserHost_FourGuestsApplyOnceAndADropRejoins: four guests, two
// engines, tap the same button at once and the table takes one tap; one
// guest's browser closes, the host lists it as gone, the game goes on,
// and it rejoins with two new scans and nothing lost.
func TestBrowserHost_FourGuestsApplyOnceAndADropRejoins(t *testing.T) {
	tb, ctx := browserTable(t)
	host := hostPhone(t, ctx, tb)
	host.tap("label", is("Magic Maze on Mars"), "the Magic Maze tile")
	host.tap("button", is("Share"), "Share")
	guests, link := seat(t, ctx, tb, "", "chromium", "firefox", "chromium", "firefox")
	for i := range guests {
		host.has("label", contains(fmt.Sprintf("Device %d: connected", i+1)), "the host lists the device")
	}
	v, err := guests[0].Version(ctx)
	require.NoError(t, err)
	atVersion(t, ctx, v, guests...)
	guestTap(t, ctx, guests[0], "Turn the sand timer over to start")
	atVersion(t, ctx, v+1, guests...)

	// The four at once: every guest's Pause, tapped together.
	done := make(chan struct{}, len(guests))
	for _, g := range guests {
		go func() {
			defer func() { done <- struct{}{} }()
			guestTap(t, ctx, g, "Pause")
		}()
	}
	for range guests {
		<-done
	}
	atVersion(t, ctx, v+2, guests...)
	time.Sleep(time.Second) // a second tap applied would show by now
	atVersion(t, ctx, v+2, guests...)
	// Then an action from each guest in turn, each applied once.
	for i, g := range guests {
		guestTap(t, ctx, g, []string{"Resume", "Pause"}[i%2])
		v++
		atVersion(t, ctx, v+2, guests...)
	}

	// A guest's browser closes: the host says so, the game goes on.
	require.NoError(t, guests[1].Page.Close())
	host.has("label", contains("Device 2: gone: rejoin with a new code"), "the host lists the dropped device")
	rest := []*browsertable.Guest{guests[0], guests[2], guests[3]}
	guestTap(t, ctx, guests[2], "Resume")
	atVersion(t, ctx, v+3, rest...)

	// It rejoins with two scans: the table as it is, nothing lost.
	back, _ := seat(t, ctx, tb, link, "firefox")
	atVersion(t, ctx, v+3, back[0])
	guestTap(t, ctx, back[0], "Pause")
	atVersion(t, ctx, v+4, append(rest, back[0])...)
	noSecretSent(t, ctx, tb)
}

// TestBrowserHost_ADELEEmergencyAndAReloadedHost: ADELE's tablet hosts
// the crew's phones; a phone calls the emergency phase and every phone
// shows it, with none of ADELE's secrets sent; the host's page reloads:
// the phones say the link is lost, the host keeps the game and says the
// devices must join again, and they do.
func TestBrowserHost_ADELEEmergencyAndAReloadedHost(t *testing.T) {
	tb, ctx := browserTable(t)
	host := hostPhone(t, ctx, tb)
	host.tap("label", is("ADELE"), "the ADELE tile")
	host.typeInto("2468", "the setup's PIN")
	host.tapFor("button", is("Set up the game"), "Set up the game", shows("tabs", is("Table|ADELE's console")))
	host.tap("button", is("Share"), "Share")
	guests, link := seat(t, ctx, tb, "", "chromium", "firefox", "chromium", "firefox")
	v, err := guests[0].Version(ctx)
	require.NoError(t, err)
	guestTap(t, ctx, guests[1], "Emergency phase")
	atVersion(t, ctx, v+1, guests...)
	for _, g := range guests {
		assert.NotEmpty(t, g.Text(ctx, "#adele"), "the %s phone shows the emergency", g.Engine)
	}
	noSecretSent(t, ctx, tb, `"2468"`) // as a string: the digits alone are in the clock's timestamps

	require.NoError(t, tb.Reload(ctx))
	for _, g := range guests {
		require.Eventually(t, func() bool { return strings.Contains(g.Text(ctx, "#fatal"), "The link to the host is lost") },
			patient(60*time.Second), 100*time.Millisecond, "the %s phone says the link is lost", g.Engine)
	}
	host.shown("label", contains("ADELE was hosted from this browser"), "the host says the devices must join again")
	host.tap("button", is("OK"), "the notice's OK")
	host.tap("button", is("Share"), "Share")
	back, _ := seat(t, ctx, tb, link, "chromium")
	atVersion(t, ctx, v+1, back[0])
}

func TestBrowserHost_MagicMazeSandAcrossGuests(t *testing.T) {
	tb, ctx := browserTable(t)
	require.NoError(t, tb.Tap(ctx, "label", "Magic Maze on Mars"))
	require.NoError(t, tb.Tap(ctx, "button", "Share"))

	guests, _ := seat(t, ctx, tb, "", "chromium", "firefox")
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

// TestBrowserHost_FirefoxHostsAChromiumGuest: the other engine as host.
// Firefox's fake camera films only its own pattern, so the guest's code,
// read from its screen, goes into the host's paste field.
func TestBrowserHost_FirefoxHostsAChromiumGuest(t *testing.T) {
	tb, ctx := browserTableIn(t, "firefox")
	host := hostPhone(t, ctx, tb)
	host.tap("label", is("Magic Maze on Mars"), "the Magic Maze tile")
	host.tap("button", is("Share"), "Share")
	guests, _ := seat(t, ctx, tb, "", "chromium")
	v, err := guests[0].Version(ctx)
	require.NoError(t, err)
	guestTap(t, ctx, guests[0], "Turn the sand timer over to start")
	atVersion(t, ctx, v+1, guests...)
	host.tap("button", is("Back"), "back to the game")
	host.has("button", is("Flip"), "the host's game runs the sand the guest started")
	noSecretSent(t, ctx, tb)
}
