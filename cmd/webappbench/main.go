// Command webappbench measures the full web app (build/web, which make web
// builds and hosts serve at /app/) as a phone opens it, in headless
// Chromium emulating a phone (412×915 CSS pixels, device scale 2.6,
// mobile, touch) that draws WebGL with SwiftShader, from a Magic Maze on
// Mars host on 127.0.0.1:
//
//   - bytes on the wire: everything the host sent for a first visit to
//     /app/, headers included, counted on its connections (the page's own
//     requests and the service worker's precaching alike), with each
//     file's share from the page's network log; and what a second visit
//     costs;
//
//   - opening /app/ to the home screen drawn: from the navigation's start
//     to the page's "app-drawn" mark, the animation frame after the app's
//     first WebGL draw calls; first visits (a new host, so a new origin: no
//     HTTP cache, no service worker) and cached ones (the same origin
//     again, in a new tab, after the service worker has kept the app);
//     -loads each, median, unthrottled and with the CPU 4× slower.
//
// It prints the figures beside their goals, and fails only when it could
// not measure. Nothing leaves 127.0.0.1.
//
//	make bench-webapp
//	go run ./cmd/webappbench [-dir build/web] [-loads 5] [-v]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

// The goals the figures are judged against.
const (
	goalWire = 9_000_000 // bytes on the wire for a first visit
	slowdown = 4         // the CPU throttling rate
)

var goals = map[string]map[float64]time.Duration{
	"first":  {1: 2500 * time.Millisecond, slowdown: 6 * time.Second},
	"cached": {1: 1500 * time.Millisecond, slowdown: 4 * time.Second},
}

var verbose bool

func main() {
	dir := flag.String("dir", "build/web", "the web app make web built")
	loads := flag.Int("loads", 5, "visits timed for each of first and cached, unthrottled and throttled")
	chromium := flag.String("chromium", "", "the Chromium to run (default: chromium on the PATH, else /usr/bin/chromium)")
	flag.BoolVar(&verbose, "v", false, "print every load")
	flag.Parse()
	if !share.WebAppBuilt(*dir) {
		fmt.Fprintf(os.Stderr, "webappbench: no web app in %s: run make web\n", *dir)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, *chromium, *dir, *loads)
	if ctx.Err() != nil {
		err = errors.New("interrupted")
	}
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "webappbench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, chromium, dir string, loads int) error {
	b, err := startBrowser(ctx, chromium)
	if err != nil {
		return err
	}
	defer b.stop()
	fmt.Printf("webappbench: %s (WebGL by SwiftShader), phone 412×915 @2.6 (mobile, touch); %s; host on 127.0.0.1\n", b.version, dir)
	if avg, err := os.ReadFile("/proc/loadavg"); err == nil {
		f := strings.Fields(string(avg))
		fmt.Printf("machine: %d CPUs, load average %s %s %s\n", goruntime.NumCPU(), f[0], f[1], f[2])
	}

	// A first visit, untimed: it starts Chromium's renderer, GPU and
	// network processes, which a phone's browser has running already; it
	// gives the bytes on the wire.
	fmt.Println()
	var failed []string
	first, err := b.visit(ctx, dir, 1, true)
	if err != nil {
		fmt.Printf("Bytes on the wire: NOT MEASURED: %v\n", err)
		failed = append(failed, "bytes on the wire")
	} else {
		printWire(first)
	}

	fmt.Println()
	for _, rate := range []float64{1, slowdown} {
		times := map[string][]float64{}
		var errs []string
		for range loads {
			v, err := b.visit(ctx, dir, rate, false)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err != nil {
				errs = append(errs, err.Error())
				continue
			}
			times["first"] = append(times["first"], v.firstMs)
			times["cached"] = append(times["cached"], v.cachedMs)
			if verbose {
				fmt.Printf("  CPU ÷%.0f: first %.0f ms (%s), cached %.0f ms (%s)\n", rate, v.firstMs, v.firstDetail, v.cachedMs, v.cachedDetail)
			}
		}
		if len(errs) > 0 {
			fmt.Printf("%d of %d visits failed at CPU ÷%.0f; the first: %s\n", len(errs), loads, rate, errs[0])
			failed = append(failed, fmt.Sprintf("visits at CPU ÷%.0f", rate))
		}
		for _, kind := range []string{"first", "cached"} {
			ms := times[kind]
			name := fmt.Sprintf("Home screen drawn, %s load, %s", kind, map[bool]string{true: "unthrottled", false: fmt.Sprintf("CPU %.0f× slower", rate)}[rate == 1])
			if len(ms) == 0 {
				fmt.Printf("%s: NOT MEASURED\n", name)
				continue
			}
			slices.Sort(ms)
			med := median(ms)
			goal := goals[kind][rate]
			fmt.Printf("%s: median %.0f ms (min %.0f, max %.0f; %d visits, navigation start to the \"app-drawn\" mark). Goal ≤ %.1f s: %s\n",
				name, med, ms[0], ms[len(ms)-1], len(ms), goal.Seconds(), verdict(med <= float64(goal.Milliseconds())))
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("not measured: %s", strings.Join(failed, "; "))
	}
	return nil
}

func verdict(met bool) string {
	if met {
		return "met"
	}
	return "MISSED"
}

func median(s []float64) float64 {
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// ---- the host ----

// host is a Magic Maze on Mars table serving the web app on a port of its
// own, counting the bytes it sends.
type host struct {
	appURL string
	srv    *http.Server
	sent   atomic.Int64
}

func newHost(dir string) (*host, error) {
	clock := timers.System{}
	s := companion.New(mm.Rules, mm.New(), clock)
	if err := s.Dispatch(&mm.ChooseMission{Mission: 2}); err != nil {
		return nil, err
	}
	h := share.NewHost(s, share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, clock, share.NewToken())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	hs := &host{srv: h.ServerWithWebApp(dir)}
	hs.appURL = share.AppURL("http://" + l.Addr().String() + "/?t=" + h.Token())
	go func() { _ = hs.srv.Serve(countingListener{l, &hs.sent}) }()
	return hs, nil
}

func (h *host) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = h.srv.Shutdown(ctx)
	_ = h.srv.Close()
}

type countingListener struct {
	net.Listener
	n *atomic.Int64
}

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return countingConn{c, l.n}, nil
}

type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c countingConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	c.n.Add(int64(n))
	return n, err
}

// ---- the browser ----

type bench struct {
	ctx     context.Context
	stop    func()
	version string
}

func startBrowser(ctx context.Context, execPath string) (*bench, error) {
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
		// WebGL without a GPU, as Fyne's web driver needs.
		chromedp.Flag("use-gl", "swiftshader"), chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true), chromedp.Flag("no-pings", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"),
		chromedp.WindowSize(412, 915))
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(alloc)
	stop := func() { cancelBrowser(); cancelAlloc() }
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
	return &bench{ctx: bctx, stop: stop, version: v.Product}, nil
}

type resource struct {
	url      string
	status   int64
	encoding string
	wire     float64
	fromSW   bool
	cached   bool
	done     bool
	failure  string
}

// tab records its network requests and uncaught exceptions.
type tab struct {
	ctx   context.Context
	close func()

	mu         sync.Mutex
	reqs       map[network.RequestID]*resource
	order      []network.RequestID
	exceptions []string
}

func (b *bench) newTab(timeout time.Duration) (*tab, error) {
	tctx, cancelTab := chromedp.NewContext(b.ctx)
	ctx, cancel := context.WithTimeout(tctx, timeout)
	t := &tab{ctx: ctx, close: func() { cancel(); cancelTab() }, reqs: map[network.RequestID]*resource{}}
	if err := chromedp.Listen(ctx, t.event); err != nil {
		t.close()
		return nil, fmt.Errorf("opening a tab: %w", err)
	}
	return t, nil
}

func (t *tab) event(ev any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if _, ok := t.reqs[ev.RequestID]; !ok {
			t.order = append(t.order, ev.RequestID)
		}
		t.reqs[ev.RequestID] = &resource{url: ev.Request.URL}
	case *network.EventResponseReceived:
		if r := t.reqs[ev.RequestID]; r != nil {
			r.status, r.fromSW, r.cached = ev.Response.Status, ev.Response.FromServiceWorker, ev.Response.FromDiskCache
			for k, v := range ev.Response.Headers {
				if strings.EqualFold(k, "Content-Encoding") {
					r.encoding, _ = v.(string)
				}
			}
		}
	case *network.EventLoadingFinished:
		if r := t.reqs[ev.RequestID]; r != nil {
			r.wire, r.done = ev.EncodedDataLength, true
		}
	case *network.EventLoadingFailed:
		if r := t.reqs[ev.RequestID]; r != nil {
			r.done, r.failure = true, ev.ErrorText
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

func (t *tab) resources() []resource {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []resource
	for _, id := range t.order {
		out = append(out, *t.reqs[id])
	}
	return out
}

// open makes the tab a phone with the CPU slowed down rate times and opens
// u; it returns the milliseconds from the navigation's start to the
// "app-drawn" mark, and where the time went.
func (t *tab) open(u string, rate float64, clearCache bool) (float64, string, error) {
	if err := chromedp.Do(t.ctx,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
				return err
			}
			if clearCache {
				if _, err := cdp.Call(ctx, tg, network.ClearBrowserCache, cdp.Empty{}); err != nil {
					return err
				}
			}
			_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate})
			return err
		}),
		chromedp.EmulateViewport(412, 915, chromedp.EmulateScale(2.6), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(u),
	); err != nil {
		return 0, "", fmt.Errorf("opening the page: %w", err)
	}
	if _, err := chromedp.Run(t.ctx, chromedp.Poll[bool](`document.documentElement.dataset.drawn === "1" || !!document.querySelector("#loader.failed")`,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		return 0, "", fmt.Errorf("the page never marked \"app-drawn\" (%w): %s", err, t.diagnose())
	}
	failed, _ := chromedp.Run(t.ctx, chromedp.Evaluate[string](`(document.querySelector("#loader.failed #status") || {}).textContent || ""`))
	if failed != "" {
		return 0, "", fmt.Errorf("the page says: %s", failed)
	}
	ms, err := chromedp.Run(t.ctx, chromedp.Evaluate[[]float64](`["app-compiled", "app-drawn"].map((n) => performance.getEntriesByName(n)[0].startTime).concat([performance.getEntriesByType("navigation")[0].responseEnd])`))
	if err != nil || len(ms) != 3 {
		return 0, "", fmt.Errorf("reading the marks: %v", err)
	}
	return ms[1], fmt.Sprintf("page %.0f ms, wasm compiled %.0f ms", ms[2], ms[0]), nil
}

func (t *tab) diagnose() string {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(t.ctx), 3*time.Second)
	defer cancel()
	var parts []string
	if t.ctx.Err() == nil {
		if s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById("status") || {}).textContent || "no loading screen"`)); err == nil {
			parts = append(parts, "the page shows "+s)
		}
	}
	t.mu.Lock()
	if len(t.exceptions) > 0 {
		parts = append(parts, "uncaught: "+strings.Join(t.exceptions, "; "))
	}
	t.mu.Unlock()
	return strings.Join(parts, "; ")
}

// waitKept waits until the service worker controls the page and has kept
// the wasm.
func (t *tab) waitKept() error {
	_, err := chromedp.Run(t.ctx, chromedp.Poll[bool](`(async () => {
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

type visited struct {
	firstMs, cachedMs         float64
	firstDetail, cachedDetail string
	firstSent, cachedSent     int64 // bytes the host sent
	firstRes, cachedRes       []resource
}

// visit opens the app twice from a new host: a first visit, and once the
// service worker has kept it, a second one in a new tab.
func (b *bench) visit(ctx context.Context, dir string, rate float64, settle bool) (visited, error) {
	var v visited
	if err := ctx.Err(); err != nil {
		return v, err
	}
	h, err := newHost(dir)
	if err != nil {
		return v, err
	}
	defer h.close()

	t, err := b.newTab(150 * time.Second)
	if err != nil {
		return v, err
	}
	v.firstMs, v.firstDetail, err = t.open(h.appURL, rate, true)
	if err == nil {
		err = t.waitKept()
	}
	if err == nil && settle {
		err = quiet(ctx, &h.sent)
	}
	v.firstSent, v.firstRes = h.sent.Load(), t.resources()
	t.close()
	if err != nil {
		return v, err
	}

	h.sent.Store(0)
	t, err = b.newTab(150 * time.Second)
	if err != nil {
		return v, err
	}
	defer t.close()
	v.cachedMs, v.cachedDetail, err = t.open(h.appURL, rate, false)
	if err == nil && settle {
		err = quiet(ctx, &h.sent)
	}
	v.cachedSent, v.cachedRes = h.sent.Load(), t.resources()
	return v, err
}

// quiet waits until the host has sent nothing for a second.
func quiet(ctx context.Context, sent *atomic.Int64) error {
	last, since := sent.Load(), time.Now()
	for time.Since(since) < time.Second {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if n := sent.Load(); n != last {
			last, since = n, time.Now()
		}
	}
	return nil
}

// ---- bytes on the wire ----

func printWire(v visited) {
	fmt.Printf("Bytes on the wire, first visit: %s (%d B) sent by the host, headers included, the service worker's precaching too. Goal ≤ %.0f MB: %s\n",
		mb(float64(v.firstSent)), v.firstSent, goalWire/1e6, verdict(v.firstSent <= goalWire))
	for _, r := range v.firstRes {
		fmt.Println("  " + line(r))
	}
	fmt.Printf("Bytes on the wire, second visit: %s (%d B) sent by the host\n", mb(float64(v.cachedSent)), v.cachedSent)
	for _, r := range v.cachedRes {
		fmt.Println("  " + line(r))
	}
}

func line(r resource) string {
	name := r.url
	if u, err := url.Parse(r.url); err == nil {
		name = u.Path
		if u.RawQuery != "" {
			name += "?…"
		}
	}
	state := fmt.Sprintf("%d", r.status)
	if r.encoding != "" {
		state += " " + r.encoding
	}
	if r.fromSW {
		state += ", from the service worker"
	}
	if r.cached {
		state += ", from the HTTP cache"
	}
	switch {
	case r.failure != "":
		state = "failed: " + r.failure
	case !r.done:
		state = "unfinished"
	}
	return fmt.Sprintf("%-34s %10s on the wire (%s)", name, mb(r.wire), state)
}

func mb(b float64) string {
	if b < 100_000 {
		return fmt.Sprintf("%.1f KB", b/1e3)
	}
	return fmt.Sprintf("%.2f MB", b/1e6)
}
