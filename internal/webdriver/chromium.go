package webdriver

import (
	"context"
	"fmt"
	"os/exec"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// cdp is headless Chromium through chromedp, Chrome's own protocol: the
// same Page as the other engines, so that one test runs in all three.
type cdp struct {
	tab    context.Context
	cancel func()
}

// StartChromium starts headless Chromium (Debian's chromium) drawing WebGL
// with SwiftShader, as a touch phone of the options' size and scale.
func StartChromium(ctx context.Context, o Options) (Page, error) {
	path, err := exec.LookPath("chromium")
	if err != nil {
		return nil, fmt.Errorf("chromium is not installed: %w", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.Flag("use-gl", "swiftshader"), chromedp.Flag("enable-unsafe-swiftshader", true),
		// This machine has no network: Chromium's own calls out only fail.
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true), chromedp.WindowSize(o.Width+20, o.Height+20))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	tab, cancelTab := chromedp.NewContext(alloc)
	c := &cdp{tab: tab, cancel: func() { cancelTab(); cancelAlloc() }}
	scale := o.Scale
	if scale == 0 {
		scale = 1
	}
	err = chromedp.Do(tab, chromedp.EmulateViewport(int64(o.Width), int64(o.Height), chromedp.EmulateScale(scale), chromedp.EmulateMobile, chromedp.EmulateTouch))
	if err == nil && o.UserAgent != "" {
		_, err = chromedp.Call(tab, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: o.UserAgent})
	}
	if err == nil {
		// From the page's first line on, before its own scripts.
		_, err = chromedp.Call(tab, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: errorCatcher})
	}
	if err != nil {
		c.cancel()
		return nil, fmt.Errorf("starting Chromium: %w", err)
	}
	o.logf("chromium: viewport %d×%d at %.1f", o.Width, o.Height, scale)
	return c, nil
}

// Tab is the Page of a chromedp tab a test opened itself (tab is its
// context): the browser tests that drive Chromium's own protocol beside
// the page (its emulation, its events) read and tap the app through the
// same Page as every engine. Closing it leaves the tab to its opener.
func Tab(tab context.Context) Page {
	return &cdp{tab: tab, cancel: func() {}}
}

// on is the context a command runs in: ctx where it is the tab's own (a
// deadline of the caller's on the tab), else the tab.
func (c *cdp) on(ctx context.Context) context.Context {
	if ctx != nil && chromedp.FromContext(ctx) != nil {
		return ctx
	}
	return c.tab
}

func (c *cdp) Navigate(ctx context.Context, url string) error {
	return chromedp.Do(c.on(ctx), chromedp.Navigate(url))
}

func (c *cdp) Eval(ctx context.Context, expr string, out any) error {
	raw, err := chromedp.Run(c.on(ctx), chromedp.Evaluate[string](asJSON(expr), chromedp.EvalAwaitPromise))
	if err != nil {
		return err
	}
	return decode(raw, out)
}

func (c *cdp) Tap(ctx context.Context, x, y float64) error {
	if _, err := chromedp.Call(c.on(ctx), input.DispatchTouchEvent, input.DispatchTouchEventParams{
		Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}}); err != nil {
		return err
	}
	_, err := chromedp.Call(c.on(ctx), input.DispatchTouchEvent, input.DispatchTouchEventParams{
		Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
	return err
}

func (c *cdp) Scroll(ctx context.Context, x, y, dy float64) error {
	// Chrome wants both deltas said, and cdproto leaves a zero out: a
	// sideways hundredth of a pixel is no scroll at all.
	_, err := chromedp.Call(c.on(ctx), input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseWheel, X: x, Y: y, DeltaX: 0.01, DeltaY: dy})
	return err
}

// Type sends each character as a key press with its text, as the other
// engines' key actions do.
func (c *cdp) Type(ctx context.Context, text string) error {
	for _, r := range text {
		down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: string(r), Text: string(r)}
		if r == '\n' {
			down = input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13, Text: "\r"}
		}
		if _, err := chromedp.Call(c.on(ctx), input.DispatchKeyEvent, down); err != nil {
			return err
		}
		up := down
		up.Type, up.Text = input.DispatchKeyEventTypeKeyUp, ""
		if _, err := chromedp.Call(c.on(ctx), input.DispatchKeyEvent, up); err != nil {
			return err
		}
	}
	return nil
}

func (c *cdp) Screenshot(ctx context.Context) ([]byte, error) {
	return chromedp.Run(c.on(ctx), chromedp.CaptureScreenshot())
}

func (c *cdp) Errors(ctx context.Context) ([]string, error) {
	return pageErrors(ctx, c)
}

func (c *cdp) Close() error {
	c.cancel()
	return nil
}
