// Command viewerbench measures the web viewer (assets/web) that phones at
// the table open, in headless Chromium emulating a phone (412×915 CSS
// pixels, device scale 2.6, mobile, touch), against a Magic Maze on Mars
// game (mission 2, sand running) hosted in-process on 127.0.0.1:
//
//   - page weight: the bytes on the wire to open the page (the
//     encodedDataLength of every response the page loads, the
//     /api/v1/ calls left out), and the size of each static file; the
//     keep-awake videos, which only an insecure page with a running timer
//     loads, are reported apart;
//
//   - opening to timer shown: from the navigation's start to the
//     page's "timer-shown" performance mark, when it first shows the
//     countdown's digits; -loads first visits (a new tab, a new host and
//     an empty HTTP cache each), median and p90, unthrottled and with the
//     CPU slowed down 4×;
//
//   - main-thread busy time: the page's main-thread task time over
//     -window with the sand running, as a share of one core, beside the
//     same page with the sand paused.
//
// It prints the figures beside their goals, and fails only when it could
// not measure. Nothing leaves 127.0.0.1. Chromium comes from the PATH (or
// -chromium).
//
//	make bench-viewer
//	go run ./bench/viewerbench [-loads 15] [-window 30s]
package main

import (
	"boardside/bench/internal/benchbrowser"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	goruntime "runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"

	"boardside/assets"
	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

// The goals the figures are judged against.
const (
	goalWeight    = 60 << 10 // bytes on the wire to open the page
	goalShown     = 300 * time.Millisecond
	goalShownSlow = 800 * time.Millisecond // with the CPU 4× slower
	goalBusy      = 1.0                    // % of one core, sand running
	slowdown      = 4                      // the CPU throttling rate
)

// verbose prints every load (-v).
var verbose bool

func main() {
	loads := flag.Int("loads", 15, "first visits timed in each of the unthrottled and the 4× throttled runs")
	window := flag.Duration("window", 30*time.Second, "how long main-thread busy time is measured, running and paused each")
	chromium := flag.String("chromium", "", "the Chromium to run (default: chromium on the PATH, else /usr/bin/chromium)")
	flag.BoolVar(&verbose, "v", false, "print every load's time, with the navigation's and the clock sync's")
	flag.Parse()
	if *loads < 1 || *window < time.Second {
		fmt.Fprintln(os.Stderr, "viewerbench: -loads must be at least 1 and -window at least 1s")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, *chromium, *loads, *window)
	if ctx.Err() != nil {
		err = errors.New("interrupted")
	}
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "viewerbench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, chromium string, loads int, window time.Duration) error {
	br, err := benchbrowser.Start(ctx, chromium, chromedp.DisableGPU)
	if err != nil {
		return err
	}
	b := &bench{br}
	defer b.Stop()
	fmt.Printf("viewerbench: %s, phone 412×915 @2.6 (mobile, touch); Magic Maze on Mars mission 2, sand running; host on 127.0.0.1\n", b.Version)
	// Task times are wall time: a busy machine lengthens them.
	if avg, err := os.ReadFile("/proc/loadavg"); err == nil {
		f := strings.Fields(string(avg))
		fmt.Printf("machine: %d CPUs, load average %s %s %s\n", goruntime.NumCPU(), f[0], f[1], f[2])
	}

	var failed []string
	fail := func(what string, err error) {
		fmt.Printf("%s: NOT MEASURED: %v\n", what, err)
		failed = append(failed, what)
	}

	// A first load, untimed: it starts Chromium's renderer and network
	// service, which a phone's browser has running already. Its requests
	// give the page weight (every load is a first visit, so any would do).
	fmt.Println()
	if first, err := b.load(ctx, 1); err != nil {
		fail("Page weight", err)
	} else {
		printWeight(first.resources)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}

	fmt.Println()
	for _, r := range []struct {
		name string
		rate float64
		goal time.Duration
	}{
		{"Timer shown, unthrottled", 1, goalShown},
		{fmt.Sprintf("Timer shown, CPU %d× slower", slowdown), slowdown, goalShownSlow},
	} {
		var ms []float64
		var errs []string
		for range loads {
			l, err := b.load(ctx, r.rate)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err != nil {
				errs = append(errs, err.Error())
				continue
			}
			ms = append(ms, l.shownMs)
			if verbose {
				fmt.Printf("  timer shown at %.0f ms (%s)\n", l.shownMs, l.detail)
			}
		}
		if len(errs) > 0 {
			fmt.Printf("%s: %d of %d loads never showed the timer; the first: %s\n", r.name, len(errs), loads, errs[0])
		}
		if len(ms) == 0 {
			fail(r.name, errors.New("no load showed the timer"))
			continue
		}
		if len(errs) > 0 {
			failed = append(failed, r.name)
		}
		slices.Sort(ms)
		med := benchbrowser.Median(ms)
		fmt.Printf("%s: median %.0f ms, p90 %.0f ms (min %.0f, max %.0f; %d first visits, navigation start to the \"timer-shown\" mark). Goal: median ≤ %d ms: %s\n",
			r.name, med, p90(ms), ms[0], ms[len(ms)-1], len(ms), r.goal.Milliseconds(), benchbrowser.Verdict(med <= float64(r.goal.Milliseconds())))
	}

	fmt.Println()
	running, err := b.busy(ctx, false, window)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		fail("Main-thread busy, sand running", err)
	}
	paused, perr := b.busy(ctx, true, window)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if perr != nil {
		fail("Main-thread busy, sand paused", perr)
	}
	if err == nil {
		fmt.Printf("Main-thread busy, sand running: %.2f %% of one core over %v (timer %s). Goal ≤ %.0f %%: %s\n",
			running.pct, running.wall.Round(100*time.Millisecond), running.shown, goalBusy, benchbrowser.Verdict(running.pct <= goalBusy))
	}
	if perr == nil {
		fmt.Printf("Main-thread busy, sand paused (baseline): %.2f %% of one core over %v (timer %s)\n",
			paused.pct, paused.wall.Round(100*time.Millisecond), paused.shown)
	}
	if err == nil && perr == nil {
		fmt.Printf("Main-thread busy, the running timer's share: %+.2f points\n", running.pct-paused.pct)
	}

	if len(failed) > 0 {
		return fmt.Errorf("not measured: %s", strings.Join(failed, "; "))
	}
	return nil
}

// p90 of sorted values, by nearest rank.
func p90(s []float64) float64 {
	return s[int(math.Ceil(0.9*float64(len(s))))-1]
}

// ---- the table ----

// table is a Magic Maze on Mars game, mission 2, its sand turned over,
// shared on a port of its own on 127.0.0.1.
type table struct {
	url string
	srv *http.Server
}

func newTable(paused bool, sand time.Duration) (*table, error) {
	clock := timers.System{}
	s := companion.New(mm.Rules, mm.New(), clock)
	steps := []companion.Action{&mm.ChooseMission{Mission: 2}}
	if sand > 0 {
		steps = append(steps, &mm.SetSand{Seconds: int(sand / time.Second)})
	}
	steps = append(steps, &mm.Start{})
	if paused {
		steps = append(steps, &mm.Pause{})
	}
	for _, a := range steps {
		if err := s.Dispatch(a); err != nil {
			return nil, fmt.Errorf("setting up the game: %s: %w", a.Kind(), err)
		}
	}
	h := share.NewHost(s, share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, clock, share.NewToken())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := share.NewServer(h)
	go func() { _ = srv.Serve(l) }()
	return &table{url: "http://" + l.Addr().String() + "/?t=" + h.Token(), srv: srv}, nil
}

// close ends the event streams (Shutdown runs the host's Close) and the
// server.
func (t *table) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = t.srv.Shutdown(ctx)
	_ = t.srv.Close()
}

// ---- the browser ----

// bench is the measuring browser; tab one of its tabs, with this
// program's steps.
type (
	bench struct{ *benchbrowser.Browser }
	tab   struct{ *benchbrowser.Tab }
)

func (b *bench) newTab(timeout time.Duration) (*tab, error) {
	t, err := b.NewTab(timeout)
	if err != nil {
		return nil, err
	}
	return &tab{t}, nil
}

type resource = benchbrowser.Resource

// static lists the page's requests other than the API's.
func (t *tab) static() []resource {
	var out []resource
	for _, r := range t.Resources() {
		if u, err := url.Parse(r.URL); err == nil && strings.HasPrefix(u.Path, "/api/v1/") {
			continue
		}
		out = append(out, r)
	}
	return out
}

// settle waits until every static request has finished and none began
// for half a second, or 5 s.
func (t *tab) settle() {
	end := time.Now().Add(5 * time.Second)
	seen, quietSince := -1, time.Now()
	for time.Now().Before(end) && t.Ctx.Err() == nil {
		rs := t.static()
		if len(rs) != seen {
			seen, quietSince = len(rs), time.Now()
		}
		if !slices.ContainsFunc(rs, func(r resource) bool { return !r.Done }) && time.Since(quietSince) >= 500*time.Millisecond {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// open makes the tab a phone with the CPU slowed down rate times, clears
// the HTTP cache and opens the table's page; it returns the milliseconds
// from the navigation's start to the timer shown.
func (t *tab) open(tb *table, rate float64) (float64, error) {
	if err := chromedp.Do(t.Ctx,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
				return err
			}
			if _, err := cdp.Call(ctx, tg, network.ClearBrowserCache, cdp.Empty{}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate})
			return err
		}),
		chromedp.EmulateViewport(412, 915, chromedp.EmulateScale(2.6), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(tb.url),
	); err != nil {
		return 0, fmt.Errorf("opening the page: %w", err)
	}
	// Polled every 50 ms, not every frame, to disturb the page little; the
	// time itself is the page's own mark.
	if _, err := chromedp.Run(t.Ctx, chromedp.Poll[bool](`document.documentElement.dataset.timerShown === "1"`,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		return 0, fmt.Errorf("the page never marked \"timer-shown\" (%w): %s", err, t.diagnose())
	}
	ms, err := chromedp.Run(t.Ctx, chromedp.Evaluate[float64](`performance.getEntriesByName("timer-shown")[0].startTime`))
	if err != nil {
		return 0, fmt.Errorf("reading the \"timer-shown\" mark: %w", err)
	}
	return ms, nil
}

// diagnose says what the page shows, for a page that never showed its
// timer.
func (t *tab) diagnose() string {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(t.Ctx), 3*time.Second)
	defer cancel()
	var parts []string
	if t.Ctx.Err() == nil {
		shows, err := chromedp.Run(ctx, chromedp.Evaluate[string](`["timer", "conn", "fatal", "status"].map((id) => { const e = document.getElementById(id); return "#" + id + (e ? (e.hidden ? " (hidden)" : "") + " " + JSON.stringify(e.textContent.trim()) : " missing"); }).join(", ")`))
		if err == nil {
			parts = append(parts, "the page shows "+shows)
		}
	}
	if ex := t.Exceptions(); len(ex) > 0 {
		parts = append(parts, "uncaught: "+strings.Join(ex, "; "))
	}
	if len(parts) == 0 {
		return "nothing more known"
	}
	return strings.Join(parts, "; ")
}

type loaded struct {
	shownMs   float64
	resources []resource
	detail    string // navigation and clock-sync timings
}

// load opens the page once, as a first visit: a new host, a new tab, an
// empty HTTP cache.
func (b *bench) load(ctx context.Context, rate float64) (loaded, error) {
	if err := ctx.Err(); err != nil {
		return loaded{}, err
	}
	tb, err := newTable(false, 0)
	if err != nil {
		return loaded{}, err
	}
	defer tb.close()
	t, err := b.newTab(60 * time.Second)
	if err != nil {
		return loaded{}, err
	}
	defer t.Close()
	ms, err := t.open(tb, rate)
	if err != nil {
		return loaded{}, err
	}
	t.settle()
	l := loaded{shownMs: ms, resources: t.static()}
	// Where the time went, for -v; read after the mark, so it costs the
	// measured load nothing.
	l.detail, _ = chromedp.Run(t.Ctx, chromedp.Evaluate[string](`(() => {
		const n = performance.getEntriesByType("navigation")[0];
		const pings = performance.getEntriesByType("resource").filter((r) => r.name.includes("/api/v1/time"));
		return "document " + n.responseEnd.toFixed(0) + " ms, DOMContentLoaded " + n.domContentLoadedEventEnd.toFixed(0) +
			" ms, clock pings " + pings.slice(0, 3).map((r) => r.startTime.toFixed(0) + "–" + r.responseEnd.toFixed(0)).join(", ") + " ms";
	})()`))
	return l, nil
}

// ---- main-thread busy time ----

type busyResult struct {
	pct   float64
	wall  time.Duration
	shown string // the timer at the start and at the end
}

// busy opens the page, waits for the timer and its clock sync to settle,
// and measures the main thread's task time over window.
func (b *bench) busy(ctx context.Context, paused bool, window time.Duration) (busyResult, error) {
	if err := ctx.Err(); err != nil {
		return busyResult{}, err
	}
	var sand time.Duration // mission 2's 3 minutes, unless the window needs more
	if window > 2*time.Minute {
		sand = window + 90*time.Second
	}
	tb, err := newTable(paused, sand)
	if err != nil {
		return busyResult{}, err
	}
	defer tb.close()
	t, err := b.newTab(window + 90*time.Second)
	if err != nil {
		return busyResult{}, err
	}
	defer t.Close()
	if _, err := t.open(tb, 1); err != nil {
		return busyResult{}, err
	}
	// The first clock sync is eight pings; let them and the first paints
	// pass.
	if err := benchbrowser.Sleep(t.Ctx, 3*time.Second); err != nil {
		return busyResult{}, err
	}
	state, err := chromedp.Run(t.Ctx, chromedp.Evaluate[string](`document.visibilityState`))
	if err != nil {
		return busyResult{}, err
	}
	if state != "visible" {
		return busyResult{}, fmt.Errorf("the tab is %q, not visible: its timers would be held back", state)
	}
	timerText := func() (string, error) {
		return chromedp.Run(t.Ctx, chromedp.Evaluate[string](`document.getElementById("timer").textContent`))
	}
	if _, err := chromedp.Call(t.Ctx, performance.Enable, performance.EnableParams{}); err != nil {
		return busyResult{}, fmt.Errorf("enabling the performance metrics: %w", err)
	}
	before, err := timerText()
	if err != nil {
		return busyResult{}, err
	}
	task0, stamp0, err := t.TaskTime()
	if err != nil {
		return busyResult{}, err
	}
	if err := benchbrowser.Sleep(t.Ctx, window); err != nil {
		return busyResult{}, err
	}
	task1, stamp1, err := t.TaskTime()
	if err != nil {
		return busyResult{}, err
	}
	after, err := timerText()
	if err != nil {
		return busyResult{}, err
	}
	if ticked := before != after; ticked == paused {
		return busyResult{}, fmt.Errorf("the timer went from %q to %q, but the sand was meant to be %s", before, after, map[bool]string{true: "paused", false: "running"}[paused])
	}
	wall := stamp1 - stamp0
	return busyResult{
		pct:   100 * (task1 - task0) / wall,
		wall:  time.Duration(wall * float64(time.Second)),
		shown: before + " → " + after,
	}, nil
}

// ---- page weight ----

func printWeight(rs []resource) {
	web, _ := fs.Sub(assets.Web, "web")
	var total float64
	var lines []string
	var other []string
	for _, r := range rs {
		u, err := url.Parse(r.URL)
		if err != nil || u.Hostname() != "127.0.0.1" {
			other = append(other, r.URL)
		}
		name := "index.html"
		if u != nil && u.Path != "/" {
			name = strings.TrimPrefix(u.Path, "/")
		}
		file := "—"
		if fi, err := fs.Stat(web, name); err == nil {
			file = kib(float64(fi.Size()))
		}
		state := fmt.Sprintf("%d", r.Status)
		if r.Encoding != "" {
			state += " " + r.Encoding
		}
		switch {
		case r.Failure != "":
			state = "failed: " + r.Failure
		case !r.Done:
			state = "unfinished"
		}
		total += r.Wire
		lines = append(lines, fmt.Sprintf("  %-18s %-10s %9s on the wire, file %9s  (%s)", name, r.Type, kib(r.Wire), file, state))
	}
	fmt.Printf("Page weight: %s (%.0f B) on the wire, %d responses, headers included, the /api/v1/ calls left out. Goal ≤ %s: %s\n",
		kib(total), total, len(rs), kib(goalWeight), benchbrowser.Verdict(total <= goalWeight))
	for _, l := range lines {
		fmt.Println(l)
	}
	var videos []string
	for _, v := range []string{"awake.webm", "awake.mp4"} {
		if fi, err := fs.Stat(web, v); err == nil {
			videos = append(videos, v+" "+kib(float64(fi.Size())))
		}
	}
	fmt.Printf("  not loaded here (a secure page): %s; an insecure page with a timer running loads one of them\n", strings.Join(videos, ", "))
	var rest []string
	_ = fs.WalkDir(web, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(p, "awake.") {
			return err
		}
		if !slices.ContainsFunc(rs, func(r resource) bool { return strings.HasSuffix(strings.SplitN(r.URL, "?", 2)[0], "/"+p) }) && p != "index.html" {
			fi, _ := d.Info()
			rest = append(rest, fmt.Sprintf("%s %s", p, kib(float64(fi.Size()))))
		}
		return nil
	})
	if len(rest) > 0 {
		fmt.Printf("  other static files, not loaded by opening the page: %s\n", strings.Join(rest, ", "))
	}
	if len(other) > 0 {
		fmt.Printf("  NOTE: requests not to 127.0.0.1: %s\n", strings.Join(other, ", "))
	}
}

func kib(b float64) string {
	if b < 1024 {
		return fmt.Sprintf("%.0f B", b)
	}
	return fmt.Sprintf("%.1f KiB", b/1024)
}
