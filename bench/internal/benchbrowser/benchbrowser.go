// Package benchbrowser starts headless Chromium for Boardside's measuring
// programs (bench/viewerbench, bench/webappbench) and records what a tab
// loads: each response's size on the wire, encoding and origin, and the
// page's uncaught exceptions. Only 127.0.0.1 is reachable from it.
package benchbrowser

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Browser is a running headless Chromium.
type Browser struct {
	Ctx     context.Context // the browser's: tabs are made from it
	Stop    func()          // kills Chromium, waits, removes its profile
	Version string
}

// Start runs Chromium (execPath, or the chromium on PATH) with the flags a
// measurement wants besides the quiet, loopback-only defaults.
func Start(ctx context.Context, execPath string, flags ...chromedp.ExecAllocatorOption) (*Browser, error) {
	if execPath == "" {
		execPath = "/usr/bin/chromium"
		if p, err := exec.LookPath("chromium"); err == nil {
			execPath = p
		}
	}
	if _, err := os.Stat(execPath); err != nil {
		return nil, fmt.Errorf("no Chromium: %w (make deps installs it)", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(execPath), chromedp.NoSandbox,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true), chromedp.Flag("no-pings", true),
		chromedp.Flag("disable-domain-reliability", true),
		// No name resolves, so nothing but 127.0.0.1 is reached.
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"),
		chromedp.WindowSize(412, 915))
	opts = append(opts, flags...)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(alloc)
	stop := func() { cancelBrowser(); cancelAlloc() }
	// The browser lives as long as the context of its first Run, so that
	// one has no time-out; a start that hangs is ended by the timer.
	hung := time.AfterFunc(60*time.Second, cancelAlloc)
	err := chromedp.Do(bctx)
	hung.Stop()
	if err != nil {
		stop()
		return nil, fmt.Errorf("starting Chromium: %w", err)
	}
	v, err := chromedp.CallBrowser(bctx, browser.GetVersion, cdp.Empty{})
	if err != nil {
		stop()
		return nil, fmt.Errorf("asking Chromium's version: %w", err)
	}
	return &Browser{Ctx: bctx, Stop: stop, Version: v.Product}, nil
}

// Resource is one response a page loaded.
type Resource struct {
	URL               string
	Type              network.ResourceType
	Status            int64
	Encoding          string  // Content-Encoding, if any
	Wire              float64 // encodedDataLength: headers and body as received
	FromServiceWorker bool
	FromDiskCache     bool
	Done              bool
	Failure           string // when loading failed
}

// Tab records its network requests and uncaught exceptions.
type Tab struct {
	Ctx   context.Context
	Close func()

	mu         sync.Mutex
	reqs       map[network.RequestID]*Resource
	order      []network.RequestID
	exceptions []string
}

// NewTab opens a tab that gives up after timeout.
func (b *Browser) NewTab(timeout time.Duration) (*Tab, error) {
	tctx, cancelTab := chromedp.NewContext(b.Ctx)
	ctx, cancel := context.WithTimeout(tctx, timeout)
	t := &Tab{Ctx: ctx, Close: func() { cancel(); cancelTab() }, reqs: map[network.RequestID]*Resource{}}
	if err := chromedp.Listen(ctx, t.event); err != nil { // opens the tab
		t.Close()
		return nil, fmt.Errorf("opening a tab: %w", err)
	}
	return t, nil
}

// event runs in the tab's message loop: it only records.
func (t *Tab) event(ev any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if _, ok := t.reqs[ev.RequestID]; !ok {
			t.order = append(t.order, ev.RequestID)
		}
		t.reqs[ev.RequestID] = &Resource{URL: ev.Request.URL, Type: ev.Type}
	case *network.EventResponseReceived:
		if r := t.reqs[ev.RequestID]; r != nil {
			r.Status, r.Type = ev.Response.Status, ev.Type
			r.FromServiceWorker, r.FromDiskCache = ev.Response.FromServiceWorker, ev.Response.FromDiskCache
			for k, v := range ev.Response.Headers {
				if strings.EqualFold(k, "Content-Encoding") {
					r.Encoding, _ = v.(string)
				}
			}
		}
	case *network.EventLoadingFinished:
		if r := t.reqs[ev.RequestID]; r != nil {
			r.Wire, r.Done = ev.EncodedDataLength, true
		}
	case *network.EventLoadingFailed:
		if r := t.reqs[ev.RequestID]; r != nil {
			r.Done, r.Failure = true, ev.ErrorText
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			msg = d.Exception.Description
		}
		t.exceptions = append(t.exceptions, fmt.Sprintf("%s:%d: %s", path.Base(d.URL), d.LineNumber+1, strings.SplitN(msg, "\n", 2)[0]))
	}
}

// Resources lists what the tab loaded, in the order it asked.
func (t *Tab) Resources() []Resource {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]Resource, 0, len(t.order))
	for _, id := range t.order {
		out = append(out, *t.reqs[id])
	}
	return out
}

// Exceptions lists the page's uncaught exceptions, one line each.
func (t *Tab) Exceptions() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.exceptions...)
}

// Verdict words whether a goal was met.
func Verdict(met bool) string {
	if met {
		return "met"
	}
	return "MISSED"
}

// Median of sorted values.
func Median(s []float64) float64 {
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// TaskTime reads the tab's main-thread task time and the clock it is
// counted on, both in seconds; the difference of two readings over the
// difference of their stamps is how busy the main thread was. The tab's
// performance metrics must be enabled (performance.Enable).
func (t *Tab) TaskTime() (task, stamp float64, err error) {
	res, err := chromedp.Call(t.Ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		return 0, 0, fmt.Errorf("reading the performance metrics: %w", err)
	}
	task, stamp = math.NaN(), math.NaN()
	for _, m := range res.Metrics {
		switch m.Name {
		case "TaskDuration":
			task = m.Value
		case "Timestamp":
			stamp = m.Value
		}
	}
	if math.IsNaN(task) || math.IsNaN(stamp) {
		return 0, 0, errors.New("the performance metrics have no TaskDuration or Timestamp")
	}
	return task, stamp, nil
}

// Sleep waits d, or less when ctx ends: a measurement's window is wall
// time in a real browser.
func Sleep(ctx context.Context, d time.Duration) error {
	select {
	case <-time.After(d):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// WaitKept waits until the web app's service worker controls the tab's
// page and has kept the app's wasm (boardside.<hash>.wasm) in its cache.
func (t *Tab) WaitKept() error {
	_, err := chromedp.Run(t.Ctx, chromedp.Poll[bool](`(async () => {
		if (!navigator.serviceWorker.controller) return false;
		for (const k of await caches.keys()) {
			const urls = (await (await caches.open(k)).keys()).map((r) => r.url);
			if (urls.some((u) => /boardside\.[0-9a-f]{8}\.wasm$/.test(u))) return true;
		}
		return false;
	})()`, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil {
		return fmt.Errorf("the service worker never kept the app: %w", err)
	}
	return nil
}
