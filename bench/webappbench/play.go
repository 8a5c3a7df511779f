package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"boardside/bench/internal/benchbrowser"
	"boardside/internal/webdriver"
	"boardside/internal/webscreen"
)

// ---- main-thread busy time with the sand running ----

// countDraws counts, in the page, the frames in which WebGL drew: draw
// calls less than 8 ms apart belong to one frame.
const countDraws = `(() => {
	window.__frames = 0;
	let last = -1e9;
	for (const proto of [WebGLRenderingContext.prototype, window.WebGL2RenderingContext && WebGL2RenderingContext.prototype]) {
		if (!proto) continue;
		for (const name of ["drawArrays", "drawElements"]) {
			const draw = proto[name];
			proto[name] = function (...args) {
				const now = performance.now();
				if (now - last > 8) window.__frames++;
				last = now;
				return draw.apply(this, args);
			};
		}
	}
})();`

// bareCanvas is a page with nothing but a WebGL canvas as large as the
// app's (the window at the device's pixels, as Fyne's web driver makes
// it), cleared to a new colour once a second: the least a page can do to
// show a new frame of that canvas. What it costs is the browser's, not the
// app's. Composited in software (-gl software), Chromium reads each new
// frame of the canvas back from the GPU process on the page's main thread;
// behind ANGLE (-gl angle) the GPU process composites it, as on a phone.
const bareCanvas = `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">
<body style="margin:0;overflow:hidden"><canvas style="width:100vw;height:100vh;display:block"></canvas>
<script>
const c = document.querySelector("canvas");
c.width = Math.round(innerWidth * devicePixelRatio);
c.height = Math.round(innerHeight * devicePixelRatio);
const gl = c.getContext("webgl", { alpha: false });
window.__frames = 0;
setInterval(() => {
	requestAnimationFrame(() => {
		gl.clearColor(Math.random(), Math.random(), Math.random(), 1);
		gl.clear(gl.COLOR_BUFFER_BIT);
		window.__frames++;
	});
}, 1000);
document.documentElement.dataset.drawn = "1";
</script>`

// busyBare measures bareCanvas as busy measures the app: main-thread task
// time over window, in a phone's tab.
func (b *bench) busyBare(ctx context.Context, window time.Duration) (busyResult, error) {
	var r busyResult
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(bareCanvas))
	})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return r, err
	}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	t, err := b.newTab(window + time.Minute)
	if err != nil {
		return r, err
	}
	defer t.Close()
	if err := chromedp.Do(t.Ctx,
		chromedp.EmulateViewport(412, 915, chromedp.EmulateScale(2.6), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate("http://"+ln.Addr().String()+"/"),
	); err != nil {
		return r, fmt.Errorf("opening the bare canvas: %w", err)
	}
	if _, err := chromedp.Run(t.Ctx, chromedp.Poll[bool](`document.documentElement.dataset.drawn === "1"`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		return r, fmt.Errorf("opening the bare canvas: %w", err)
	}
	if err := benchbrowser.Sleep(t.Ctx, 3*time.Second); err != nil { // its first frames pass
		return r, err
	}
	return t.busyOver(window, func() {}, func() {})
}

type busyResult struct {
	pct      float64            // of one core
	perSec   float64            // frames drawn a second
	from, to string             // the sand timer at the start and at the end
	cpu      map[string]float64 // % of one core by Chromium's kind of process (nil: not read)
	cpuErr   error              // why cpu was not read
}

// processes words the CPU time of the page's renderer (all its threads)
// and of the GPU process over a measurement.
func (r busyResult) processes() string {
	if r.cpu == nil {
		return fmt.Sprintf("processes' CPU time not read: %v", r.cpuErr)
	}
	return fmt.Sprintf("the whole renderer %.2f %%, the GPU process %.2f %% (SwiftShader, on a phone the graphics chip)", r.cpu["renderer"], r.cpu["gpu-process"])
}

// busy opens the web app on a phone, opens Magic Maze on Mars, starts the
// sand unless paused, and measures the page's main-thread task time and
// the frames it draws over window.
func (b *bench) busy(ctx context.Context, dir string, running bool, window time.Duration) (busyResult, error) {
	var r busyResult
	h, err := newHost(dir, "")
	if err != nil {
		return r, err
	}
	defer h.close()
	t, err := b.newTab(window + 3*time.Minute)
	if err != nil {
		return r, err
	}
	defer t.Close()
	if _, err := chromedp.Call(t.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: countDraws}); err != nil {
		return r, err
	}
	home := h.appURL[:strings.Index(h.appURL, "?")] // the phone's own app, not the join screen
	if _, _, err := t.open(home, 1, true); err != nil {
		return r, err
	}
	const wait = 30 * time.Second
	if err := webscreen.TapShown(t.Ctx, webdriver.Tab(t.Ctx), "label", webscreen.Is("Magic Maze on Mars"), wait); err != nil {
		return r, fmt.Errorf("opening Magic Maze: %w", err)
	}
	if running {
		if err := webscreen.TapShown(t.Ctx, webdriver.Tab(t.Ctx), "button", webscreen.Is("Turn the sand timer over to start"), wait); err != nil {
			return r, fmt.Errorf("starting the sand: %w", err)
		}
		if _, err := webscreen.Wait(t.Ctx, webdriver.Tab(t.Ctx), "button", webscreen.Is("Flip"), wait); err != nil {
			return r, fmt.Errorf("the sand never ran: %w", err)
		}
	} else if _, err := webscreen.Wait(t.Ctx, webdriver.Tab(t.Ctx), "button", webscreen.Is("Turn the sand timer over to start"), wait); err != nil {
		return r, err
	}
	if err := benchbrowser.Sleep(t.Ctx, 3*time.Second); err != nil { // the screen's first paints pass
		return r, err
	}
	sand := func() string {
		s, err := webscreen.Read(t.Ctx, webdriver.Tab(t.Ctx))
		if err != nil {
			return "?"
		}
		d, _ := s.Find("digits", func(string) bool { return true })
		return d.Text
	}
	if _, err := chromedp.Call(t.Ctx, performance.Enable, performance.EnableParams{}); err != nil {
		return r, err
	}
	if running && profileTo != "" {
		if err := startProfile(t); err != nil {
			return r, err
		}
	}
	// The two readings of the sand are inside the window: their own task
	// time is counted, as small as a screen reader's would be.
	res, err := t.busyOver(window, func() { r.from = sand() }, func() { r.to = sand() })
	if err != nil {
		return r, err
	}
	r.pct, r.perSec, r.cpu, r.cpuErr = res.pct, res.perSec, res.cpu, res.cpuErr
	if running && profileTo != "" {
		if err := stopProfile(t, profileTo); err != nil {
			return r, err
		}
	}
	if (r.from != r.to) != running {
		return r, fmt.Errorf("the sand went from %s to %s: not what this measurement needs", r.from, r.to)
	}
	return r, nil
}

// busyOver measures the tab's main-thread task time and the frames it
// drew over window, calling first and last inside it.
func (t *tab) busyOver(window time.Duration, first, last func()) (busyResult, error) {
	var r busyResult
	if _, err := chromedp.Call(t.Ctx, performance.Enable, performance.EnableParams{}); err != nil {
		return r, err
	}
	task0, stamp0, err := t.TaskTime()
	if err != nil {
		return r, err
	}
	cpu0, cpuErr := t.browser.CPU()
	frames0, err := chromedp.Run(t.Ctx, chromedp.Evaluate[float64](`window.__frames`))
	if err != nil {
		return r, err
	}
	first()
	if err := benchbrowser.Sleep(t.Ctx, window); err != nil {
		return r, err
	}
	last()
	task1, stamp1, err := t.TaskTime()
	if err != nil {
		return r, err
	}
	frames1, err := chromedp.Run(t.Ctx, chromedp.Evaluate[float64](`window.__frames`))
	if err != nil {
		return r, err
	}
	cpu1, err := t.browser.CPU()
	r.cpuErr = cmp.Or(cpuErr, err)
	if r.cpuErr == nil {
		r.cpu = map[string]float64{}
		for k, v := range cpu1.Since(cpu0) {
			r.cpu[k] = 100 * v.Seconds() / (stamp1 - stamp0)
		}
	}
	r.pct = 100 * (task1 - task0) / (stamp1 - stamp0)
	r.perSec = (frames1 - frames0) / (stamp1 - stamp0)
	return r, nil
}

// profileTo is where -profile writes the main thread's CPU profile of the
// window with the sand running ("": none).
var profileTo string

func startProfile(t *tab) error {
	for _, step := range []func() error{
		func() error { _, err := chromedp.Call(t.Ctx, profiler.Enable, cdp.Empty{}); return err },
		func() error {
			_, err := chromedp.Call(t.Ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200})
			return err
		},
		func() error { _, err := chromedp.Call(t.Ctx, profiler.Start, cdp.Empty{}); return err },
	} {
		if err := step(); err != nil {
			return fmt.Errorf("starting the profiler: %w", err)
		}
	}
	return nil
}

// stopProfile writes the profile (for DevTools' Performance panel) and
// prints where the main thread's time went, by function, self time.
func stopProfile(t *tab, path string) error {
	res, err := chromedp.Call(t.Ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return fmt.Errorf("stopping the profiler: %w", err)
	}
	prof := res.Profile
	b, err := json.Marshal(prof)
	if err == nil {
		err = os.WriteFile(path, b, 0o644)
	}
	if err != nil {
		return err
	}
	self := map[string]float64{}
	name := map[int64]string{}
	for _, n := range prof.Nodes {
		name[n.ID] = n.CallFrame.FunctionName
		if name[n.ID] == "" {
			name[n.ID] = "(anonymous " + n.CallFrame.URL + ")"
		}
	}
	total := 0.0
	for i, id := range prof.Samples {
		if i < len(prof.TimeDeltas) {
			self[name[id]] += float64(prof.TimeDeltas[i]) / 1000
			total += float64(prof.TimeDeltas[i]) / 1000
		}
	}
	names := make([]string, 0, len(self))
	for n := range self {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Compare(self[b], self[a]) })
	fmt.Printf("Profile of the sand running (%s), self time, %% of %.0f ms:\n", path, total)
	for _, n := range names[:min(25, len(names))] {
		fmt.Printf("  %6.2f %%  %s\n", 100*self[n]/total, n)
	}
	return nil
}

// ---- one action saved to IndexedDB ----

type savesResult struct {
	Actions   int     `json:"actions"`
	ColdP50   float64 `json:"coldP50ms"`
	ColdP99   float64 `json:"coldP99ms"`
	P50Ms     float64 `json:"p50ms"`
	P99Ms     float64 `json:"p99ms"`
	MaxMs     float64 `json:"maxMs"`
	NoSaveP99 float64 `json:"noSaveP99ms"`
	StoreP50  float64 `json:"storeP50ms"`
	StoreP99  float64 `json:"storeP99ms"`
	FloorP50  float64 `json:"floorP50ms"`
	FloorP99  float64 `json:"floorP99ms"`
	SaveBytes int     `json:"saveBytes"`
	MaxSave   int     `json:"maxSaveBytes"`
	Record    int     `json:"recordBytes"`
	Root      string  `json:"root"`
	Error     string  `json:"error"`
}

// saves builds bench/idbbench for the browser, serves it beside build/web's
// wasm_exec.js on 127.0.0.1 and reads what it measured, with the CPU
// slowed down rate times.
func (b *bench) saves(ctx context.Context, dir string, n int, rate float64) (savesResult, error) {
	var r savesResult
	tmp, err := os.MkdirTemp("", "idbbench")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(tmp)
	build := exec.CommandContext(ctx, "go", "build", "-tags", "migrated_fynedo,no_emoji,release", "-o", filepath.Join(tmp, "idbbench.wasm"), "./bench/idbbench")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		return r, fmt.Errorf("building bench/idbbench: %v\n%s", err, out)
	}
	glue, _ := filepath.Glob(filepath.Join(dir, "wasm_exec.*.js"))
	if len(glue) != 1 {
		return r, fmt.Errorf("no wasm_exec.*.js in %s", dir)
	}
	js, err := os.ReadFile(glue[0])
	if err != nil {
		return r, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		_, _ = w.Write(js)
	})
	mux.HandleFunc("/idbbench.wasm", func(w http.ResponseWriter, req *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		http.ServeFile(w, req, filepath.Join(tmp, "idbbench.wasm"))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><meta charset="utf-8"><script src="wasm_exec.js"></script><script>
// idbFloor puts a Uint8Array of size bytes n times, as the app puts a
// save's record, each in a transaction of its own awaited to its end, into
// a database of its own, and returns the milliseconds each took: what
// IndexedDB itself costs a save here.
async function idbFloor(n, size) {
  const db = await new Promise((ok, no) => {
    const r = indexedDB.open("idbfloor", 1);
    r.onupgradeneeded = () => { r.result.createObjectStore("meta"); r.result.createObjectStore("data"); };
    r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error);
  });
  const bytes = new Uint8Array(size).map((_, i) => i * 31);
  const took = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const tx = db.transaction(["meta", "data"], "readwrite");
    tx.objectStore("meta").put({ parent: "/floor", size, ctime: i, mtime: i }, "/floor/save.a");
    tx.objectStore("data").put(bytes.slice(), "/floor/save.a");
    await new Promise((ok, no) => { tx.oncomplete = ok; tx.onerror = () => no(tx.error); });
    took.push(performance.now() - start);
  }
  db.close();
  return took;
}
const go = new Go();
WebAssembly.instantiateStreaming(fetch("idbbench.wasm"), go.importObject).then((r) => go.run(r.instance));
</script>`)
	})
	l, err := net.Listen("tcp", "127.0.0.1:0") // a secure context, as an installed app's page is
	if err != nil {
		return r, err
	}
	srv := &http.Server{Handler: mux}
	go func() { _ = srv.Serve(l) }()
	defer srv.Close()

	t, err := b.newTab(10 * time.Minute)
	if err != nil {
		return r, err
	}
	defer t.Close()
	if _, err := chromedp.Call(t.Ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate}); err != nil {
		return r, err
	}
	if err := chromedp.Do(t.Ctx, chromedp.Navigate(fmt.Sprintf("http://%s/#%d", l.Addr(), n))); err != nil {
		return r, err
	}
	raw, err := chromedp.Run(t.Ctx, chromedp.Poll[string](`(document.getElementById("result") || {}).textContent || ""`,
		chromedp.WithPollingInterval(200*time.Millisecond), chromedp.WithPollingTimeout(9*time.Minute)))
	if err != nil {
		return r, fmt.Errorf("no result from the page (%w): %s", err, strings.Join(t.Exceptions(), "; "))
	}
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		return r, err
	}
	if r.Error != "" {
		return r, errors.New(r.Error)
	}
	if !strings.HasPrefix(r.Root, "idbfile:") {
		return r, fmt.Errorf("the saves went to %s, not IndexedDB", r.Root)
	}
	return r, nil
}

// printPlay runs and prints the busy-time and save figures.
func (b *bench) printPlay(ctx context.Context, dir string, window time.Duration, actions int) []string {
	var failed []string
	if window > 0 {
		paused, perr := b.busy(ctx, dir, false, window)
		running, err := b.busy(ctx, dir, true, window)
		switch {
		case err != nil || perr != nil:
			fmt.Printf("Main-thread busy with the sand running: NOT MEASURED: %v %v\n", err, perr)
			failed = append(failed, "busy time")
		default:
			fmt.Printf("Main-thread busy, Magic Maze's sand running (%s → %s): %.2f %% of one core over %v, %.1f frames drawn a second. Goal ≤ 3 %%, one repaint a second: %s\n",
				running.from, running.to, running.pct, window, running.perSec, benchbrowser.Verdict(running.pct <= 3))
			fmt.Printf("  Beside it: %s\n", running.processes())
			fmt.Printf("Main-thread busy, the same screen before the start (baseline): %.2f %% of one core, %.1f frames drawn a second; %s\n", paused.pct, paused.perSec, paused.processes())
		}
		if bare, err := b.busyBare(ctx, window); err != nil {
			fmt.Printf("Main-thread busy, a bare WebGL canvas: NOT MEASURED: %v\n", err)
			failed = append(failed, "busy time of a bare canvas")
		} else {
			fmt.Printf("Main-thread busy, a bare WebGL canvas of the app's size cleared once a second (the browser's own cost of a frame): %.2f %% of one core, %.1f frames drawn a second; %s\n", bare.pct, bare.perSec, bare.processes())
		}
	}
	if actions > 0 {
		for _, rate := range []float64{1, slowdown} {
			r, err := b.saves(ctx, dir, actions, rate)
			name := map[bool]string{true: "unthrottled", false: fmt.Sprintf("CPU %.0f× slower", rate)}[rate == 1]
			if err != nil {
				fmt.Printf("One ADELE action saved to IndexedDB, %s: NOT MEASURED: %v\n", name, err)
				failed = append(failed, "IndexedDB saves "+name)
				continue
			}
			fmt.Printf("One ADELE action saved to IndexedDB (%s), %s, a game under way: p50 %.1f ms, p99 %.1f ms, max %.1f ms over %d actions (the rules alone: p99 %.1f ms; saves up to %.1f KiB, the last %.1f KiB, %.1f KiB in its record). Goal p99 ≤ 20 ms: %s\n",
				r.Root, name, r.P50Ms, r.P99Ms, r.MaxMs, r.Actions, r.NoSaveP99, float64(r.MaxSave)/1024, float64(r.SaveBytes)/1024, float64(r.Record)/1024, benchbrowser.Verdict(r.P99Ms <= 20))
			fmt.Printf("  The same number of actions right after the page started (%s), while the browser still optimises the wasm: p50 %.1f ms, p99 %.1f ms\n",
				name, r.ColdP50, r.ColdP99)
			fmt.Printf("  The store alone (%s): each action's save, the same bytes in the same order, saved again through the app's store: p50 %.1f ms, p99 %.1f ms\n",
				name, r.StoreP50, r.StoreP99)
			fmt.Printf("  IndexedDB alone (baseline, %s): a Uint8Array as large as the last record put in a transaction of its own from JavaScript, %d times: p50 %.1f ms, p99 %.1f ms\n",
				name, r.Actions, r.FloorP50, r.FloorP99)
		}
	}
	return failed
}
