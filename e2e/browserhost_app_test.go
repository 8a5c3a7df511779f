package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestBrowserHost_TheWebAppJoins: a phone with the full web app joins a
// table a browser hosts, as a player does: Join a table, the host's link
// pasted, the app's answer code filmed by the host's camera. It shows the
// Magic Maze table on its joined screen, and its start of the sand
// reaches the host and a quick viewer at the same table.
func TestBrowserHost_TheWebAppJoins(t *testing.T) {
	tb, ctx := browserTable(t)
	host := hostPhone(t, ctx, tb)
	host.tap("label", is("Magic Maze on Mars"), "the Magic Maze tile")
	host.tap("button", is("Share"), "Share")
	link, err := tb.OfferLink(ctx, "")
	require.NoError(t, err, "the host's code")

	g, err := tb.AppGuest(ctx)
	require.NoError(t, err, "the guest's web app")
	app := &enginePhone{t: t, ctx: ctx, p: g.Page, app: true}
	app.tap("button", is("Join a table"), "Join a table")
	start := time.Now()
	app.typeInto(link+"\n", "the host's link")
	app.shown("label", is("Show this code to the host's camera"), "the app's answer code")
	t.Logf("answer shown %v after the link was typed", time.Since(start).Round(time.Millisecond))
	scanned := time.Now()
	require.NoError(t, tb.ShowHost(ctx, g), "the host films the app's code")
	app.has("label", prefix("Connected"), "the app's joined table")
	host.has("label", contains("Device 1: connected"), "the host lists the app")
	app.has("button", is("Turn the sand timer over to start"), "Magic Maze's start on the app")
	t.Logf("table shown %v after the scan began", time.Since(scanned).Round(time.Millisecond))
	app.fits("the joined table")

	viewers, _ := seat(t, ctx, tb, link, "chromium")
	v, err := viewers[0].Version(ctx)
	require.NoError(t, err)
	app.tap("button", is("Turn the sand timer over to start"), "the app starts the sand")
	atVersion(t, ctx, v+1, viewers...)
	app.has("button", is("Pause"), "the app shows the sand running")
	host.tap("button", is("Back"), "back to the host's game")
	host.has("button", is("Pause"), "the host's sand runs")
	noSecretSent(t, ctx, tb)
}
