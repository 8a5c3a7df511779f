// Command webappprof says where the time to the web app's first frame goes:
// it opens build/web's /app/ as bench/webappbench does (headless Chromium as
// a phone, WebGL by SwiftShader, a host on 127.0.0.1), with Chrome's CPU
// profiler sampling the page's main thread from before the navigation to
// the "app-drawn" mark, and prints
//
//   - the page's performance marks: app-compiled (wasm downloaded and
//     compiled), the app's own go-* marks (app/startmark_web.go), the first
//     WebGL draw call and app-drawn; the wasm's download where the page
//     itself was sent it (a first visit's is a worker's: web/app/boot.js);
//   - the main thread's time by phase of the start (what the sampled
//     stack is inside: Go's package init, fyne app.New, the UI's New, the
//     home screen, the first frame's layout and text measuring, painting,
//     garbage collection, compiling, idle);
//   - the Go functions with the most time, inclusive and self.
//
// The wasm needs its names to be read: build it without -s, with the
// mends every browser build has (cmd/webbuild/wasmfix), e.g.
//
//	fix=$(go run ./cmd/webbuild -wasmfix-only build/wasmfix)
//	GOOS=js GOARCH=wasm go build $fix -trimpath -tags migrated_fynedo,no_emoji,release -o /tmp/named.wasm ./cmd/boardside
//	go run ./cmd/webbuild -wasm /tmp/named.wasm -out build/webprof
//	go run ./bench/webappprof -dir build/webprof [-cached] [-rate 1] [-gl angle|software] [-save FILE.cpuprofile]
//
// The bare Fyne app that bench/webappbench times Boardside against is
// profiled the same way, for the same steps (it puts go-run, go-app-made
// and go-ui-made marks too):
//
//	GOOS=js GOARCH=wasm go build $fix -trimpath -tags migrated_fynedo,no_emoji,release -o /tmp/bare.wasm ./bench/webappbench/bare
//	go run ./cmd/webbuild -wasm /tmp/bare.wasm -out build/webprof-bare
//	go run ./bench/webappprof -dir build/webprof-bare
//
// -save writes the profile for DevTools' Performance panel.
//
// -lazy lists the wasm functions the browser compiled before the first
// frame (lazy.go): on a first visit most of the time from the wasm
// compiled to the first frame is that compiling, so what a start costs is
// mostly how much code it calls. -js-flags passes V8 flags, e.g.
// --no-wasm-lazy-compilation to see the same start with everything
// compiled ahead.
package main

import (
	"boardside/bench/internal/benchbrowser"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/companion/webapp"
	"boardside/timers"
)

func main() {
	dir := flag.String("dir", "build/webprof", "a web app webbuild made, its wasm not stripped")
	rate := flag.Float64("rate", 1, "CPU throttling rate")
	cached := flag.Bool("cached", false, "profile a second visit (service worker and HTTP cache warm) instead of a first one")
	stay := flag.Duration("stay", 0, "with -cached, how long the unprofiled second visit stays open once the service worker keeps the app: long enough (10 s), and the browser keeps the wasm's compiled code for the profiled visit, as for later visits")
	interval := flag.Int64("interval", 200, "sampling interval, µs; 0: no profiler, the marks only")
	top := flag.Int("top", 30, "functions listed")
	save := flag.String("save", "", "write the profile here (.cpuprofile, for DevTools)")
	runs := flag.Int("runs", 1, "profiled visits; phases are summed over them")
	glName := flag.String("gl", "angle", benchbrowser.GLFlagUsage)
	flag.BoolVar(&home, "home", false, "open the app's home screen (a first visit to the app itself) instead of the join screen of a table's link")
	jsFlags := flag.String("js-flags", "", "V8 flags for the browser, e.g. --no-wasm-lazy-compilation to see the start with every function compiled ahead")
	flag.BoolVar(&lazy, "lazy", false, "list the wasm functions the browser compiled lazily before the first frame, by package (lazy.go)")
	flag.Parse()
	gl, err := benchbrowser.GL(*glName)
	if err != nil {
		fmt.Fprintln(os.Stderr, "webappprof:", err)
		os.Exit(2)
	}
	if lazy && *interval == 0 {
		fmt.Fprintln(os.Stderr, "webappprof: -lazy traces the profiled visits: give it an -interval")
		os.Exit(2)
	}
	if *jsFlags != "" {
		gl.Flags = append(gl.Flags, chromedp.Flag("js-flags", *jsFlags))
	}
	if err := run(gl, *dir, *rate, *cached, *stay, *interval, *top, *save, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "webappprof:", err)
		os.Exit(1)
	}
}

func newHost(dir string) (string, func(), error) {
	clock := timers.System{}
	s := companion.New(mm.Rules, mm.New(), clock)
	if err := s.Dispatch(&mm.ChooseMission{Mission: 2}); err != nil {
		return "", nil, err
	}
	h := share.NewHost(s, share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, clock, share.NewToken())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := share.NewServerWithWebApp(h, dir)
	go func() { _ = srv.Serve(l) }()
	u := webapp.URL("http://" + l.Addr().String() + "/?t=" + h.Token())
	if home {
		u = u[:strings.Index(u, "?")] // the app, without the table's link
	}
	return u, func() { _ = srv.Close() }, nil
}

// home is -home: the app's own page, not a table's link.
var home bool

func run(gl benchbrowser.GLMode, dir string, rate float64, cached bool, stay time.Duration, interval int64, top int, save string, runs int) error {
	br, err := benchbrowser.Start(context.Background(), "", gl.Flags...)
	if err != nil {
		return err
	}
	defer br.Stop()
	fmt.Printf("webappprof: %s (%s), %s, CPU ÷%.0f, %s visit, sampling every %d µs\n", br.Version, gl.Says, dir, rate, map[bool]string{true: "cached", false: "first"}[cached], interval)
	agg := newAgg()
	var lr *lazyReport
	if lazy {
		names, sizes, err := wasmFuncs(dir)
		if err != nil {
			return err
		}
		lr = &lazyReport{names: names, sizes: sizes, funcs: map[int]*lazyFunc{}}
	}
	allMarks := map[string][]float64{}
	for i := range runs {
		u, closeHost, err := newHost(dir)
		if err != nil {
			return err
		}
		if cached { // a first visit, unprofiled, to fill the caches
			if _, _, _, err := visit(br, u, rate, false, interval); err != nil {
				closeHost()
				return err
			}
			if err := waitKept(br, u, stay); err != nil {
				closeHost()
				return err
			}
		}
		prof, marks, compiled, err := visit(br, u, rate, interval > 0, interval)
		closeHost()
		if err != nil {
			return err
		}
		if lr != nil {
			lr.add(compiled)
		}
		fmt.Printf("\nvisit %d: marks (ms from navigation start):", i+1)
		names := make([]string, 0, len(marks))
		for n := range marks {
			names = append(names, n)
		}
		sort.Slice(names, func(a, b int) bool { return marks[names[a]] < marks[names[b]] })
		prev := 0.0
		for _, n := range names {
			fmt.Printf("\n  %-22s %7.0f  (+%.0f)", n, marks[n], marks[n]-prev)
			prev = marks[n]
		}
		fmt.Println()
		if prof != nil {
			agg.add(prof, marks)
		}
		for n, v := range marks {
			allMarks[n] = append(allMarks[n], v)
		}
		if save != "" && i == 0 {
			b, _ := json.Marshal(prof)
			if err := os.WriteFile(save, b, 0o644); err != nil {
				return err
			}
		}
	}
	printMarkMedians(allMarks)
	if interval > 0 {
		agg.print(top, runs)
	}
	if lr != nil {
		lr.print(top)
	}
	return nil
}

// printMarkMedians prints each mark's median over the visits, and the
// median of the step to it from the mark before.
func printMarkMedians(all map[string][]float64) {
	med := func(v []float64) float64 {
		s := slices.Clone(v)
		slices.Sort(s)
		return benchbrowser.Median(s)
	}
	var names []string
	for n := range all {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return med(all[names[i]]) < med(all[names[j]]) })
	fmt.Printf("\nMarks, median of %d visits (ms from navigation start; step: median of the differences to the mark before):\n", len(all[names[0]]))
	for i, n := range names {
		step := 0.0
		if i > 0 && len(all[n]) == len(all[names[i-1]]) {
			d := make([]float64, len(all[n]))
			for k := range d {
				d[k] = all[n][k] - all[names[i-1]][k]
			}
			step = med(d)
		}
		fmt.Printf("  %-22s %7.0f  step %5.0f\n", n, med(all[n]), step)
	}
}

// visit opens u in a new tab (clearing the HTTP cache unless warm) and
// returns the CPU profile of the main thread to the "app-drawn" mark and
// the page's marks, and with -lazy the functions compiled lazily.
func visit(br *benchbrowser.Browser, u string, rate float64, profile bool, interval int64) (*profiler.Profile, map[string]float64, []traceEvent, error) {
	t, err := br.NewTab(150 * time.Second)
	if err != nil {
		return nil, nil, nil, err
	}
	defer t.Close()
	var lt *lazyTrace
	err = chromedp.Do(t.Ctx,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if lazy && profile {
				var err error
				if lt, err = startLazyTrace(ctx, tg); err != nil {
					return err
				}
			}
			if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
				return err
			}
			if _, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate}); err != nil {
				return err
			}
			if !profile {
				return nil
			}
			if _, err := cdp.Call(ctx, tg, profiler.Enable, cdp.Empty{}); err != nil {
				return err
			}
			if _, err := cdp.Call(ctx, tg, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: interval}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, tg, profiler.Start, cdp.Empty{})
			return err
		}),
		chromedp.EmulateViewport(412, 915, chromedp.EmulateScale(2.6), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(u),
	)
	if err == nil {
		_, err = chromedp.Run(t.Ctx, chromedp.Poll[bool](`document.documentElement.dataset.drawn === "1"`,
			chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(90*time.Second)))
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("opening the app: %w", err)
	}
	var prof *profiler.Profile
	if profile {
		err = chromedp.Do(t.Ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			r, err := cdp.Call(ctx, tg, profiler.Stop, cdp.Empty{})
			if err != nil {
				return err
			}
			prof = r.Profile
			return nil
		}))
		if err != nil {
			return nil, nil, nil, fmt.Errorf("stopping the profiler: %w", err)
		}
	}
	var compiled []traceEvent
	if lt != nil {
		if compiled, err = lt.stop(t.Ctx); err != nil {
			return nil, nil, nil, fmt.Errorf("the trace: %w", err)
		}
	}
	marks, err := chromedp.Run(t.Ctx, chromedp.Evaluate[map[string]float64](`Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]).concat([["page loaded", performance.getEntriesByType("navigation")[0].responseEnd]]).concat(performance.getEntriesByType("resource").filter((r) => /\.wasm/.test(r.name) && r.decodedBodySize > 0).flatMap((r) => [["wasm asked for", r.startTime], ["wasm first byte", r.responseStart], ["wasm last byte", r.responseEnd]])))`))
	return prof, marks, compiled, err
}

// waitKept opens the app until the service worker keeps it, and then
// keeps it open for stay.
func waitKept(br *benchbrowser.Browser, u string, stay time.Duration) error {
	t, err := br.NewTab(60 * time.Second)
	if err != nil {
		return err
	}
	defer t.Close()
	if err := chromedp.Do(t.Ctx, chromedp.Navigate(u)); err != nil {
		return err
	}
	if err := t.WaitKept(); err != nil {
		return err
	}
	time.Sleep(stay) // the page stays open while the browser optimises the wasm and keeps the code
	return nil
}

// ---- analysis ----

// phases name what a sample is inside, first match from the leaf up
// wins for the inner phases; order matters: the first phase whose
// function is on the stack, checked from the innermost frame outwards.
// lazy is -lazy: list the functions compiled lazily (lazy.go).
var lazy bool

var inner = []struct{ name, fn string }{
	{"GC (Go)", "runtime.gcBgMarkWorker"},
	{"GC (Go)", "runtime.gcDrain"},
	{"GC (Go)", "runtime.sweepone"},
	{"GC (Go)", "runtime.gcStart"},
	{"text: font load/parse", "fyne.io_fyne_v2_internal_painter.loadMeasureFont"},
	{"text: font load/parse", "github.com_go_text_typesetting_font.ParseTTF"},
	{"text: font load/parse", "github.com_go_text_typesetting_font.NewFont"},
	{"text: rasterise", "fyne.io_fyne_v2_internal_painter.DrawString"},
	{"text: measure/shape", "fyne.io_fyne_v2_internal_painter.walkString"},
	{"text: measure/shape", "fyne.io_fyne_v2_internal_painter.measureText"},
	{"icons: SVG", "fyne.io_fyne_v2_internal_svg"},
	{"icons: SVG", "fyne.io_fyne_v2_internal_painter.PaintImage"},
	{"GL painter", "fyne.io_fyne_v2_internal_painter_gl"},
	{"minimum sizes / layout", "fyne.io_fyne_v2.__Container_.MinSize"},
	{"minimum sizes / layout", "fyne.io_fyne_v2_layout"},
	{"translations", "github.com_nicksnyder_go_i18n"},
	{"calls into JS", "syscall_js.valueCall"},
	{"calls into JS", "syscall_js.Value.Call"},
}

// outer phases, checked from the leaf outwards: the innermost found names
// the phase.
var outer = []struct{ name, fn string }{
	{"Go package init", "runtime.doInit1"},
	{"fyneapp.NewWithID", "fyne.io_fyne_v2_app.NewWithID"},
	{"translations", "boardside_app.LoadTranslations"},
	{"translations", "boardside_app.ApplyLanguage"},
	{"UI New: saves", "boardside_app.__UI_.loadSessions"},
	{"UI New: saves", "boardside_app_missioncontrol.loadMCData"},
	{"UI New: saves", "boardside_app_adele.loadAdeleData"},
	{"UI New: saves", "boardside_app_aquasphere.loadAQData"},
	{"UI New: saves", "boardside_app.__UI_.shareAgain"},
	{"UI New: saves", "boardside_app.__UI_.importLegacy"},
	{"UI New: home screen", "boardside_app.__UI_.ShowHome"},
	{"UI New: window", "fyne.io_fyne_v2_internal_driver_glfw.__gLDriver_.CreateWindow"},
	{"ShowAndRun: window create", "fyne.io_fyne_v2_internal_driver_glfw.__window_.create"},
	{"driver: repaint", "fyne.io_fyne_v2_internal_driver_glfw.__gLDriver_.repaintWindow"},
	{"ShowAndRun", "fyne.io_fyne_v2_internal_driver_glfw.__window_.ShowAndRun"},
	{"driver: run loop", "fyne.io_fyne_v2_internal_driver_glfw.__gLDriver_.Run"},
	{"UI New: other", "boardside_app.New"},
	{"main, other", "main.main"},
}

// wasmFn are the functions seen in the wasm: the app's Go code.
var wasmFn = map[string]bool{}

// sample is one sampled stack, leaf first, at t ms after the profile's start.
type sample struct {
	t, dt float64
	stack []string
}

func samples(p *profiler.Profile) []sample {
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	var out []sample
	t := 0.0
	for i, id := range p.Samples {
		t += float64(p.TimeDeltas[i]) / 1000
		var dt float64 // a sample stands for the time to the next one
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1000
		}
		var stack []string
		for n := id; n != 0; n = parent[n] {
			node := byID[n]
			if node == nil {
				break
			}
			stack = append(stack, node.CallFrame.FunctionName)
			if u := node.CallFrame.URL; strings.HasPrefix(u, "wasm://") || strings.HasSuffix(u, ".wasm") {
				wasmFn[node.CallFrame.FunctionName] = true
			}
		}
		if len(stack) > 0 {
			out = append(out, sample{t, dt, stack})
		}
	}
	return out
}

type agg struct {
	phase     map[string]float64
	self, inc map[string]float64
	total     float64
	interval  map[string]map[string]float64 // between two marks: phase → ms
	ivOrder   []string
	ivLeaf    map[string]map[string]float64 // between two marks: leaf function → ms
}

func newAgg() *agg {
	return &agg{phase: map[string]float64{}, self: map[string]float64{}, inc: map[string]float64{}, interval: map[string]map[string]float64{}, ivLeaf: map[string]map[string]float64{}}
}

func (a *agg) add(p *profiler.Profile, marks map[string]float64) {
	ss := samples(p)
	// The profile's clock is not the page's: anchor it on the first
	// sample inside boardside/app.Run, which the go-run mark starts (in
	// bench/webappbench/bare, main.main).
	offset, anchored := 0.0, false
	if m, ok := marks["go-run"]; ok {
		for _, fn := range []string{"boardside_app.Run", "main.main"} {
			for _, s := range ss {
				if slices.Contains(s.stack, fn) {
					offset, anchored = m-s.t, true
					break
				}
			}
			if anchored {
				break
			}
		}
	}
	var names []string
	for n := range marks {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return marks[names[i]] < marks[names[j]] })
	for _, s := range ss {
		a.total += s.dt
		leaf := s.stack[0]
		a.self[leaf] += s.dt
		seen := map[string]bool{}
		for _, f := range s.stack {
			if !seen[f] {
				seen[f] = true
				a.inc[f] += s.dt
			}
		}
		ph := phaseOf(s.stack)
		a.phase[ph] += s.dt
		if anchored {
			at := s.t + offset
			iv := "before navigation"
			for _, n := range names {
				if marks[n] <= at {
					iv = "after " + n
				}
			}
			if marks["app-drawn"] < at {
				continue
			}
			if a.interval[iv] == nil {
				a.interval[iv] = map[string]float64{}
				a.ivOrder = append(a.ivOrder, iv)
			}
			a.interval[iv][ph] += s.dt
			if a.ivLeaf[iv] == nil {
				a.ivLeaf[iv] = map[string]float64{}
			}
			a.ivLeaf[iv][leaf] += s.dt
		}
	}
}

func phaseOf(stack []string) string {
	switch stack[0] {
	case "(idle)":
		return "idle (waiting: network, compile threads, GPU, timers)"
	case "(program)":
		return "(program): V8/Blink native, incl. wasm compile on main thread"
	case "(garbage collector)":
		return "JS garbage collector"
	}
	var o, in string
	for i := 0; i < len(stack) && o == ""; i++ {
		for _, p := range outer {
			if stack[i] == p.fn {
				o = p.name
				break
			}
		}
	}
	for _, f := range stack {
		if in == "" {
			for _, p := range inner {
				if strings.HasPrefix(f, p.fn) {
					in = p.name
					break
				}
			}
		}
	}
	if o == "" {
		isGo := false
		for _, f := range stack {
			if wasmFn[f] && f != "wasm_pc_f_loop" && f != "wasm_export_resume" && f != "wasm_export_run" {
				isGo = true
				break
			}
		}
		if isGo {
			o = "Go, other (scheduler, callbacks)"
		} else {
			o = "JS (page, wasm_exec glue)"
		}
	}
	if in != "" {
		return o + " › " + in
	}
	return o
}

func (a *agg) print(top, runs int) {
	div := float64(runs)
	fmt.Printf("\nMain thread, sampled time to app-drawn: %.0f ms (mean of %d)\n", a.total/div, runs)
	printMap(a.phase, 100, div)
	fmt.Printf("\nBetween the marks (ms, phases of 5 ms or more):\n")
	for _, iv := range a.ivOrder {
		sum := 0.0
		for _, v := range a.interval[iv] {
			sum += v
		}
		fmt.Printf("  %s: %.0f\n", iv, sum/div)
		printMapMin(a.interval[iv], 12, div, 5)
		fmt.Printf("    leaves:\n")
		printMapMin(a.ivLeaf[iv], 6, div, 5)
	}
	inits := map[string]float64{}
	for f, v := range a.inc {
		if i := strings.LastIndex(f, ".init"); i > 0 && (f[i:] == ".init" || strings.HasPrefix(f[i:], ".init.")) {
			inits[f] = v
		}
	}
	fmt.Printf("\nPackage inits, inclusive (ms):\n")
	printMap(inits, 15, div)
	fmt.Printf("\nTop functions, inclusive (ms):\n")
	printMap(filterGo(a.inc), top, div)
	fmt.Printf("\nTop functions, self (ms):\n")
	printMap(a.self, top, div)
}

func filterGo(m map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for k, v := range m {
		if k == "(root)" || k == "(program)" || k == "(idle)" {
			continue
		}
		out[k] = v
	}
	return out
}

func printMap(m map[string]float64, n int, div float64) { printMapMin(m, n, div, 1) }

func printMapMin(m map[string]float64, n int, div, min float64) {
	type kv struct {
		k string
		v float64
	}
	var s []kv
	for k, v := range m {
		s = append(s, kv{k, v})
	}
	sort.Slice(s, func(i, j int) bool { return s[i].v > s[j].v })
	for i, e := range s {
		if i >= n || e.v/div < min {
			break
		}
		name := e.k
		if name == "" {
			name = "(anonymous)"
		}
		fmt.Printf("  %7.0f  %s\n", e.v/div, name)
	}
}
