// Command soakbench taps the web app at random in one page for a long
// while, as a game night does (internal/soak), on an emulated phone in
// headless Chromium, and measures what the page keeps: every minute, the
// wasm's memory and the JavaScript heap; and how often the page dies (it
// is then reloaded and the soak goes on, so that a build that crashes can
// be measured too: crashes per hour).
//
//	go run ./bench/soakbench [-dir build/web] [-minutes 60] [-every 1m] [-seed 1]
package main

import (
	"context"
	"encoding/base64"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"boardside/app/catalog"
	"boardside/bench/internal/benchbrowser"
	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/companion/webapp"
	"boardside/internal/soak"
	"boardside/internal/webdriver"
	"boardside/timers"
)

var details *bool

// phoneUA is an Android phone's, as the browser tests use.
const phoneUA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"

// keepMemory keeps the wasm instance's memory where the bench can read its
// size: boot.js keeps its instance to itself.
const keepMemory = `(() => {
	const keep = (r) => { const i = r.instance || r; if (i.exports && i.exports.mem) globalThis.__soakMemory = i.exports.mem; return r; };
	const streaming = WebAssembly.instantiateStreaming, plain = WebAssembly.instantiate;
	if (streaming) WebAssembly.instantiateStreaming = (...a) => streaming.apply(WebAssembly, a).then(keep);
	WebAssembly.instantiate = (...a) => plain.apply(WebAssembly, a).then(keep);
})();`

func main() {
	dir := flag.String("dir", "build/web", "the web app, as make web builds it")
	minutes := flag.Float64("minutes", 60, "how long to tap")
	every := flag.Duration("every", time.Minute, "how often to measure the page's memory")
	seed := flag.Uint64("seed", 1, "the soak's seed (each stretch between two measures takes the next)")
	details = flag.Bool("v", false, "print each crash's log lines")
	heap := flag.String("heap", "", "save a heap profile at each measure into this folder (a build with the heapprofile tag: app/heapprofile_web.go)")
	gl := flag.String("gl", "software", benchbrowser.GLFlagUsage)
	flag.Parse()
	if !webapp.Built(*dir) {
		fmt.Fprintf(os.Stderr, "soakbench: no web app in %s: make web builds it\n", *dir)
		os.Exit(2)
	}
	mode, ok := benchbrowser.GLModes[*gl]
	if !ok {
		fmt.Fprintf(os.Stderr, "soakbench: no -gl %q\n", *gl)
		os.Exit(2)
	}
	if err := run(*dir, time.Duration(*minutes*float64(time.Minute)), *every, *seed, mode, *heap); err != nil {
		fmt.Fprintln(os.Stderr, "soakbench:", err)
		os.Exit(1)
	}
}

func run(dir string, length, every time.Duration, seed uint64, mode benchbrowser.GLMode, heap string) error {
	home, stop, err := serve(dir)
	if err != nil {
		return err
	}
	defer stop()
	b, err := benchbrowser.Start(context.Background(), "", append(mode.Flags, chromedp.Flag("disable-gpu", false))...)
	if err != nil {
		return err
	}
	defer b.Stop()
	tab, cancel := chromedp.NewContext(b.Ctx)
	defer cancel()
	if err := open(tab, home); err != nil {
		return err
	}
	var titles []string
	for _, g := range catalog.Games() {
		titles = append(titles, g.Name)
	}
	fmt.Printf("soakbench: %s, %s, %s of random taps in one page of %s, measured every %s\n", b.Version, mode.Says, length, home, every)
	fmt.Printf("%8s %6s %7s %7s %10s %12s %12s %12s %12s %6s %5s\n", "minute", "steps", "taps", "crashes", "wasm MB", "JS heap MB", "JS total MB",
		"Go live MB", "Go sys MB", "GCs", "gors")
	start := time.Now()
	steps, taps, crashes := 0, 0, 0
	games := map[string]int{}
	var crashedAt []string
	measure := func() {
		if heap != "" {
			saveHeap(tab, heap, time.Since(start))
		}
		m := memory(tab)
		fmt.Printf("%8.1f %6d %7d %7d %10.1f %12.1f %12.1f %12.1f %12.1f %6d %5d\n", time.Since(start).Minutes(), steps, taps, crashes,
			m.Wasm/1e6, m.JSUsed/1e6, m.JSTotal/1e6, m.Go.HeapAlloc/1e6, m.Go.Sys/1e6, m.Go.NumGC, m.Go.Goroutines)
	}
	measure()
	for n := uint64(0); time.Since(start) < length; n++ {
		ctx, done := context.WithTimeout(tab, min(every, length-time.Since(start)))
		r, err := soak.Play(ctx, webdriver.Tab(ctx), soak.Config{Seed: seed + n, Games: titles, Sizes: [][2]int64{{412, 915}, {915, 412}}})
		done()
		if err != nil {
			return err
		}
		steps, taps = steps+r.Steps, taps+r.Taps
		for g, k := range r.Games {
			games[g] += k
		}
		if r.PageError != "" {
			crashes++
			first, _, _ := strings.Cut(r.PageError, "\n")
			crashedAt = append(crashedAt, fmt.Sprintf("%.1f min: %s", time.Since(start).Minutes(), first))
			fmt.Printf("%8.1f crash %d: %s\n", time.Since(start).Minutes(), crashes, first)
			if *details {
				fmt.Println("  " + strings.ReplaceAll(r.PageError, "\n", "\n  "))
			}
			if err := open(tab, home); err != nil {
				return err
			}
			continue
		}
		measure()
	}
	hours := time.Since(start).Hours()
	fmt.Printf("soakbench: %d steps, %d taps, games opened %v; %d crashes in %.1f minutes: %.1f an hour\n",
		steps, taps, games, crashes, hours*60, float64(crashes)/hours)
	for _, c := range crashedAt {
		fmt.Println("  crash at", c)
	}
	return nil
}

// open loads the app's home screen as the phone and waits for its first
// frame.
func open(tab context.Context, home string) error {
	if err := chromedp.Do(tab, chromedp.EmulateViewport(412, 915, chromedp.EmulateScale(2.6), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		return err
	}
	if _, err := chromedp.Call(tab, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: phoneUA, AcceptLanguage: "en-GB"}); err != nil {
		return err
	}
	if _, err := chromedp.Call(tab, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: keepMemory}); err != nil {
		return err
	}
	if _, err := chromedp.Call(tab, page.BringToFront, cdp.Empty{}); err != nil {
		return err
	}
	if err := chromedp.Do(tab, chromedp.Navigate(home)); err != nil {
		return err
	}
	_, err := chromedp.Run(tab, chromedp.Poll[bool](`document.documentElement.dataset.drawn === "1"`,
		chromedp.WithPollingTimeout(90*time.Second), chromedp.WithPollingInterval(100*time.Millisecond)))
	return err
}

// saveHeap writes the page's heap profile, if its build makes one, as
// heap-MINUTES.pb.gz in dir.
func saveHeap(tab context.Context, dir string, at time.Duration) {
	ctx, cancel := context.WithTimeout(tab, 60*time.Second)
	defer cancel()
	b64, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.boardsideHeapProfile ? boardsideHeapProfile() : ""`))
	if err != nil || b64 == "" {
		fmt.Fprintln(os.Stderr, "soakbench: no heap profile: the build needs the heapprofile tag", err)
		return
	}
	b, err := base64.StdEncoding.DecodeString(b64)
	if err == nil {
		_ = os.MkdirAll(dir, 0o755)
		err = os.WriteFile(filepath.Join(dir, fmt.Sprintf("heap-%03.0f.pb.gz", at.Minutes())), b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "soakbench:", err)
	}
}

// measured is what the page holds: the wasm's linear memory, the page's
// JavaScript heap (used and taken), and Go's own count (the app's
// window.boardsideMemory, after a collection: the live heap, beside the
// memory Go has taken).
type measured struct {
	Wasm, JSUsed, JSTotal float64
	Go                    struct {
		HeapAlloc, Sys float64
		NumGC          int
		Goroutines     int
	}
}

func memory(tab context.Context) measured {
	var m measured
	ctx, cancel := context.WithTimeout(tab, 10*time.Second)
	defer cancel()
	m.Wasm, _ = chromedp.Run(ctx, chromedp.Evaluate[float64](`globalThis.__soakMemory ? __soakMemory.buffer.byteLength : 0`))
	if h, err := chromedp.Call(ctx, runtime.GetHeapUsage, cdp.Empty{}); err == nil {
		m.JSUsed, m.JSTotal = h.UsedSize, h.TotalSize
	}
	g, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`window.boardsideMemory ? boardsideMemory() : {}`))
	if err == nil {
		m.Go.HeapAlloc, m.Go.Sys, m.Go.NumGC, m.Go.Goroutines = g["heapAlloc"], g["sys"], int(g["numGC"]), int(g["goroutines"])
	}
	return m
}

// serve hosts a Magic Maze table with the web app beside it on 127.0.0.1,
// as a laptop at the table does, and returns the app's address.
func serve(dir string) (string, func(), error) {
	clock := timers.System{}
	h := share.NewHost(companion.New(mm.Rules, mm.New(), clock), share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, clock, share.NewToken())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := share.NewServerWithWebApp(h, dir)
	go func() { _ = srv.Serve(l) }()
	return "http://" + l.Addr().String() + "/app/", func() { _ = srv.Close() }, nil
}
