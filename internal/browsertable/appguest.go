package browsertable

import (
	"context"
	"fmt"

	"boardside/internal/webdriver"
)

// AppGuest opens the full web app (Base) on a new device of the LAN, a
// phone's Chromium, and waits for its first frame: a player who joins
// with Boardside's app rather than the quick viewer. The test drives its
// join screen; ShowHost then gives the host its answer's code.
func (t *Table) AppGuest(ctx context.Context) (*Guest, error) {
	t.guests++
	dev, err := t.LAN.Add(fmt.Sprintf("g%d", t.guests))
	if err != nil {
		return nil, err
	}
	c, err := webdriver.StartChrome(ctx, webdriver.ChromeOptions{Width: 400, Height: 800, WebGL: true, Netns: dev})
	if err != nil {
		return nil, err
	}
	g := &Guest{Page: c, Engine: "chromium", Device: dev}
	t.closer = append(t.closer, func() { _ = g.Page.Close() })
	if err := g.Page.Navigate(ctx, t.Base); err != nil {
		return g, err
	}
	return g, t.until(ctx, g.Page, `document.documentElement.dataset.drawn === "1"`, "the guest's web app")
}

// ShowHost gives the host the guest's screen as it shows its answer's
// code, as Join does for a quick viewer: a screenshot, filmed by the
// host's camera and scanned (a Chromium host), or read and pasted (a
// Firefox host).
func (t *Table) ShowHost(ctx context.Context, g *Guest) error {
	shot, err := g.Page.Screenshot(ctx)
	if err != nil {
		return err
	}
	return t.scan(ctx, shot)
}
