package webdriver

import (
	"context"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Chrome's events: what the page writes to its console, throws, and is
// answered.

// Console is a call of the page's console (console.log and the others).
type Console struct {
	Kind string // log, error, warning, …
	Args []Arg
}

// Arg is a value the page gave the console.
type Arg struct {
	JSON        string // the value as JSON, where it has one ("" where not)
	Description string // what the console shows for a value without JSON (an Error, a function)
}

// Exception is an exception the page did not catch.
type Exception struct {
	Text        string // what Chromium says of it (Uncaught)
	Description string // the thrown value's description (its stack, for an Error); "" where there is none
}

// Response is an answer the page was given to one of its requests.
type Response struct {
	URL               string
	MimeType          string
	FromServiceWorker bool
}

// Listener is what hears a tab's events: each func, where set, is called
// for its events, in the order they come. The funcs run on the loop that
// reads the tab's messages: they must return at once (keep what they
// hear under a lock) and must not use the tab.
type Listener struct {
	Console   func(Console)
	Exception func(Exception)
	Response  func(Response)
}

// Listen makes l hear the tab's events from now until ctx ends or the tab
// closes.
func (c *Chrome) Listen(ctx context.Context, l Listener) error {
	run, _ := c.on(ctx) // released when ctx ends, as a listener's life
	return chromedp.Listen(run, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if l.Console != nil {
				l.Console(consoleOf(ev))
			}
		case *runtime.EventExceptionThrown:
			if l.Exception != nil {
				e := Exception{Text: ev.ExceptionDetails.Text}
				if ex := ev.ExceptionDetails.Exception; ex != nil {
					e.Description = ex.Description
				}
				l.Exception(e)
			}
		case *network.EventResponseReceived:
			if l.Response != nil {
				l.Response(Response{URL: ev.Response.URL, MimeType: ev.Response.MimeType, FromServiceWorker: ev.Response.FromServiceWorker})
			}
		}
	})
}

func consoleOf(ev *runtime.EventConsoleAPICalled) Console {
	c := Console{Kind: string(ev.Type)}
	for _, a := range ev.Args {
		c.Args = append(c.Args, Arg{JSON: string(a.Value), Description: a.Description})
	}
	return c
}
