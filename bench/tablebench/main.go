// Command tablebench measures a table a browser hosts over WebRTC (issue
// 43) beside one `boardside serve` hosts over HTTP, in one run, on a
// private LAN of network namespaces (internal/browsertable), every
// browser in a namespace of its own as a phone on the table's Wi-Fi:
//
//   - each guest's join of the web app's table with the two real scans:
//     the link opened → its answer's code shown; the host's scan started
//     → the table shown on the guest (scan to state); the link opened →
//     the table shown; each guest and the median;
//
//   - an action's round trip on the data channel, p50 and p99, with every
//     guest sending at once: in each guest's page, a loop of -n requests
//     that each carry Magic Maze on Mars's Pause or Resume at the version
//     the page last saw and wait for the answer, timed in the page
//     (performance.now); a 409, another guest having been faster, is a
//     round trip too, counted apart from the 200s;
//
//   - the same loop in the same guests' browsers against `boardside
//     serve`'s host (companion/table) on the LAN's router, over HTTP.
//
// Each loop sends its next action at least -gap after the one before:
// both hosts answer a device's 21st request in a second, past a burst of
// 40, with 429 (companion/share's rate limit), and a loop that outran it
// would time the refusals. It prints the machine's load and CPUs beside
// the figures. It needs root (network namespaces; without them it says so
// and exits 0), Chromium, Firefox ESR (Xvfb is started when DISPLAY is
// empty) and make web's build:
//
//	go run ./bench/tablebench [-dir build/web] [-guests chromium,firefox,chromium,firefox] [-n 200] [-gap 60ms] [-json FILE]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"boardside/companion/webapp"
	"boardside/internal/netns"
	"boardside/internal/webdriver"
)

func main() {
	dir := flag.String("dir", "build/web", "the web app, as make web builds it")
	guests := flag.String("guests", "chromium,firefox,chromium,firefox", "one guest per engine listed (chromium or firefox), all at the table at once")
	n := flag.Int("n", 200, "actions each guest sends to each host")
	gap := flag.Duration("gap", 60*time.Millisecond, "the least time between a guest's actions (the hosts allow a device 20 requests a second)")
	out := flag.String("json", "", "also write the figures to this file, as JSON")
	flag.Parse()
	if err := netns.Available(); err != nil {
		fmt.Println("tablebench: skipped: no network namespaces here:", err)
		return
	}
	if !webapp.Built(*dir) {
		fmt.Fprintf(os.Stderr, "tablebench: no web app in %s: make web builds it\n", *dir)
		os.Exit(2)
	}
	c := Config{Dir: *dir, Engines: strings.Split(*guests, ","), N: *n, Gap: *gap, Wait: time.Minute}
	if err := run(c, *out); err != nil {
		fmt.Fprintln(os.Stderr, "tablebench:", err)
		os.Exit(1)
	}
}

// run measures with c, prints the figures, and writes them to out as JSON
// (unless out is empty), the ones it has if a step failed.
func run(c Config, out string) error {
	c.Display = os.Getenv("DISPLAY")
	if c.Display == "" && slices.Contains(c.Engines, "firefox") {
		x, err := webdriver.StartXvfb()
		if err != nil {
			return err
		}
		defer x.Stop()
		c.Display = x.Display
	}
	r, err := measure(c)
	r.print(os.Stdout)
	if out != "" {
		b, _ := json.MarshalIndent(r, "", "  ")
		if werr := os.WriteFile(out, append(b, '\n'), 0o644); werr != nil && err == nil {
			err = werr
		}
	}
	return err
}

// measure runs both hosts, one after the other, between two readings of
// the machine's load.
func measure(c Config) (r Report, err error) {
	// Interrupted, the steps end and every browser and namespace is closed.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()
	r = Report{Engines: c.Engines, Guests: len(c.Engines), N: c.N, GapMs: ms(c.Gap), CPUs: runtime.NumCPU(), LoadStart: loadAverage()}
	defer func() { r.LoadEnd = loadAverage() }()
	r.Joins, r.Browser, err = browserHost(ctx, c)
	r.JoinMedian = medianJoin(r.Joins)
	if err != nil {
		return r, err
	}
	r.Opens, r.HTTP, err = httpHost(ctx, c)
	var shown []float64
	for _, o := range r.Opens {
		shown = append(shown, o.ShownMs)
	}
	r.OpenMedian = median(shown)
	return r, err
}

// loadAverage is /proc/loadavg's 1, 5 and 15 minutes.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}
