package webdriver

import (
	"context"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Chrome's history and targets: the tab's history as the browser's own
// Back walks it, and the browser's other tabs.

// History is the tab's history: its entries, oldest first, and the one
// showing.
type History struct {
	Current int
	Entries []HistoryEntry
}

// HistoryEntry is one entry of a tab's history.
type HistoryEntry struct {
	ID  int64
	URL string
}

// History reads the tab's history.
func (c *Chrome) History(ctx context.Context) (History, error) {
	run, done := c.on(ctx)
	defer done()
	h, err := chromedp.Call(run, page.GetNavigationHistory, cdp.Empty{})
	if err != nil {
		return History{}, err
	}
	out := History{Current: int(h.CurrentIndex)}
	for _, e := range h.Entries {
		out.Entries = append(out.Entries, HistoryEntry{ID: e.ID, URL: e.URL})
	}
	return out, nil
}

// GoTo shows the history's entry e, as the browser's Back and Forward do
// (not the page's history.back()), and returns at once.
func (c *Chrome) GoTo(ctx context.Context, e HistoryEntry) error {
	return call(ctx, c, page.NavigateToHistoryEntry, page.NavigateToHistoryEntryParams{EntryID: e.ID})
}

// Target is one of the browser's targets: a tab (Type "page"), a worker…
type Target struct {
	ID, Type, URL string
}

// Targets are the browser's targets now.
func (c *Chrome) Targets(ctx context.Context) ([]Target, error) {
	run, done := c.on(ctx)
	defer done()
	infos, err := chromedp.Targets(run)
	var out []Target
	for _, in := range infos {
		out = append(out, Target{ID: string(in.TargetID), Type: in.Type, URL: in.URL})
	}
	return out, err
}

// CloseTarget closes the browser's target id (a tab the page opened).
func (c *Chrome) CloseTarget(ctx context.Context, id string) error {
	run, done := c.on(ctx)
	defer done()
	_, err := chromedp.CallBrowser(run, target.CloseTarget, target.CloseTargetParams{TargetID: target.ID(id)})
	return err
}

// BringToFront shows the tab in front of the browser's others: a page in
// the background gets no animation frames.
func (c *Chrome) BringToFront(ctx context.Context) error {
	return call(ctx, c, page.BringToFront, cdp.Empty{})
}
