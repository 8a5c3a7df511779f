package webdriver

import (
	"context"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Chrome's network and documents: scripts every page runs first, the HTTP
// cache, requests held or refused.

// OnNewDocument makes every page the tab loads from now on run script
// first, before the page's own scripts.
func (c *Chrome) OnNewDocument(ctx context.Context, script string) error {
	return call(ctx, c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
}

// ClearCache empties the browser's HTTP cache (not a service worker's).
func (c *Chrome) ClearCache(ctx context.Context) error {
	return call(ctx, c, network.ClearBrowserCache, cdp.Empty{})
}

// Verdict is what becomes of a request Intercept holds.
type Verdict int

// What becomes of a request: it goes on to the host, it fails as a
// connection the host refused, or it is held unanswered (until
// StopIntercepting).
const (
	Continue Verdict = iota // the request goes on to the host
	Refuse                  // it fails as a connection the host refused
	Hold                    // it waits unanswered, until StopIntercepting
)

// Intercept holds each request of the tab whose URL matches pattern (*
// any characters) and asks decide, on a goroutine of its own, what
// becomes of it; a nil decide holds every one. It lasts until
// StopIntercepting or the tab closes.
func (c *Chrome) Intercept(ctx context.Context, pattern string, decide func(url string) Verdict) error {
	if decide != nil {
		err := chromedp.Listen(c.tab, func(ev any) {
			if paused, ok := ev.(*fetch.EventRequestPaused); ok {
				go c.answer(paused, decide) // not on the event loop, which the answer needs
			}
		})
		if err != nil {
			return err
		}
	}
	return call(ctx, c, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: pattern}}})
}

func (c *Chrome) answer(paused *fetch.EventRequestPaused, decide func(url string) Verdict) {
	switch decide(paused.Request.URL) {
	case Continue:
		_, _ = chromedp.Call(c.tab, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: paused.RequestID})
	case Refuse:
		_, _ = chromedp.Call(c.tab, fetch.FailRequest, fetch.FailRequestParams{RequestID: paused.RequestID, ErrorReason: network.ErrorReasonConnectionRefused})
	}
}

// StopIntercepting ends Intercept: requests go to the host again.
func (c *Chrome) StopIntercepting(ctx context.Context) error {
	return call(ctx, c, fetch.Disable, cdp.Empty{})
}
