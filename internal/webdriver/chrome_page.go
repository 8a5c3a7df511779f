package webdriver

import (
	"context"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Chrome's Page: what every engine does.

// StartChromium starts headless Chromium drawing WebGL with SwiftShader,
// as a touch phone of the options' size and scale that keeps its page's
// errors from the page's first line: the Page the three engines' tests
// share. Its Close ends the browser.
func StartChromium(ctx context.Context, o Options) (Page, error) {
	c, err := StartChrome(ctx, ChromeOptions{Width: o.Width + 20, Height: o.Height + 20, WebGL: true, Netns: o.Netns})
	if err != nil {
		return nil, err
	}
	err = c.Emulate(ctx, Phone{Width: int64(o.Width), Height: int64(o.Height), Scale: o.Scale, Mobile: true, Touch: true})
	if err == nil && o.UserAgent != "" {
		err = c.UserAgent(ctx, Agent{UA: o.UserAgent})
	}
	if err == nil {
		err = c.CatchErrors(ctx)
	}
	if err != nil {
		_ = c.Close()
		return nil, err
	}
	scale := o.Scale
	if scale == 0 {
		scale = 1
	}
	o.logf("chromium: viewport %d×%d at %.1f", o.Width, o.Height, scale)
	return c, nil
}

// CatchErrors keeps the page's uncaught errors and the Go runtime's panics
// from each page's first line on, for Errors.
func (c *Chrome) CatchErrors(ctx context.Context) error {
	return c.OnNewDocument(ctx, errorCatcher)
}

// Navigate loads url and waits for the page's load event.
func (c *Chrome) Navigate(ctx context.Context, url string) error {
	return c.do(ctx, chromedp.Navigate(url))
}

// Reload loads the page again, as the browser's reload button does, and
// waits for its load event.
func (c *Chrome) Reload(ctx context.Context) error {
	return c.do(ctx, chromedp.Reload())
}

// Eval evaluates expr as Page's Eval does.
func (c *Chrome) Eval(ctx context.Context, expr string, out any) error {
	return c.eval(ctx, expr, out, false)
}

// EvalAsUser is Eval as though the user had just acted (a user gesture):
// what a page may do only then, a copy command, runs.
func (c *Chrome) EvalAsUser(ctx context.Context, expr string, out any) error {
	return c.eval(ctx, expr, out, true)
}

func (c *Chrome) eval(ctx context.Context, expr string, out any, gesture bool) error {
	opts := []chromedp.EvaluateOption{chromedp.EvalAwaitPromise}
	if gesture {
		opts = append(opts, func(e *runtime.EvaluateParams) { yes := true; e.UserGesture = &yes })
	}
	run, done := c.on(ctx)
	defer done()
	raw, err := chromedp.Run(run, chromedp.Evaluate[string](asJSON(expr), opts...))
	if err != nil {
		return err
	}
	return decode(raw, out)
}

// Screenshot is the page's viewport as PNG.
func (c *Chrome) Screenshot(ctx context.Context) ([]byte, error) {
	run, done := c.on(ctx)
	defer done()
	return chromedp.Run(run, chromedp.CaptureScreenshot())
}

// Errors are what CatchErrors kept.
func (c *Chrome) Errors(ctx context.Context) ([]string, error) {
	return pageErrors(ctx, c)
}
