package main

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// A browser compiles a wasm function the first time it is called, on the
// page's thread (V8's lazy compilation, on by default): on a first visit,
// most of the time from the wasm compiled to the first frame is spent
// compiling the code that start runs, not running it (with
// --no-wasm-lazy-compilation the Go phases take a third of the time). So
// what a start costs is mostly how much code it calls, and -lazy says
// which: V8's "wasm.CompileLazy" trace events up to the first frame, each
// with its function's index, named from the wasm's name section.

// lazyTrace collects a tab's trace events.
type lazyTrace struct {
	mu     sync.Mutex
	events []traceEvent
	done   chan struct{}
}

type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Ts   float64 `json:"ts"`
	Dur  float64 `json:"dur"`
	Args struct {
		FuncIndex *int `json:"func_index"`
	} `json:"args"`
}

// startLazyTrace starts tracing the tab of ctx for lazy compilation and
// the page's marks.
func startLazyTrace(ctx context.Context, tg *chromedp.Target) (*lazyTrace, error) {
	lt := &lazyTrace{done: make(chan struct{})}
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			lt.mu.Lock()
			defer lt.mu.Unlock()
			for _, v := range ev.Value {
				var e traceEvent
				if json.Unmarshal(v, &e) == nil {
					lt.events = append(lt.events, e)
				}
			}
		case *tracing.EventTracingComplete:
			close(lt.done)
		}
	})
	if err != nil {
		return nil, err
	}
	_, err = cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"v8.wasm", "blink.user_timing"}},
	})
	return lt, err
}

// stop ends the trace and returns the lazy compilations before the
// app-drawn mark.
func (lt *lazyTrace) stop(ctx context.Context) ([]traceEvent, error) {
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	}))
	if err != nil {
		return nil, err
	}
	select {
	case <-lt.done:
	case <-time.After(30 * time.Second):
		return nil, errors.New("the trace did not end")
	}
	lt.mu.Lock()
	defer lt.mu.Unlock()
	drawn := -1.0
	for _, e := range lt.events {
		if e.Name == "app-drawn" && (drawn < 0 || e.Ts < drawn) {
			drawn = e.Ts
		}
	}
	if drawn < 0 {
		return nil, errors.New("no app-drawn mark in the trace")
	}
	var out []traceEvent
	for _, e := range lt.events {
		if e.Name == "wasm.CompileLazy" && e.Args.FuncIndex != nil && e.Ts < drawn {
			out = append(out, e)
		}
	}
	return out, nil
}

// wasmFuncs reads the names and code sizes of the functions of the wasm
// in dir, by function index (imports first, as V8 counts).
func wasmFuncs(dir string) (names []string, sizes []int, err error) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.wasm"))
	if len(files) != 1 {
		return nil, nil, fmt.Errorf("%s: want one .wasm, found %d", dir, len(files))
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		return nil, nil, err
	}
	r := &wasmReader{b: b, i: 8}
	imports := 0
	byIndex := map[int]string{}
	for r.i < len(b) {
		id := b[r.i]
		r.i++
		n := int(r.uleb())
		sec := &wasmReader{b: b[r.i : r.i+n]}
		switch id {
		case 2: // imports: count the functions
			for range sec.uleb() {
				sec.skip(int(sec.uleb())) // module
				sec.skip(int(sec.uleb())) // name
				kind := sec.byte()
				switch kind {
				case 0:
					sec.uleb()
					imports++
				case 1: // table: type, limits
					sec.byte()
					sec.limits()
				case 2:
					sec.limits()
				case 3:
					sec.skip(2)
				}
			}
		case 10: // code
			for range sec.uleb() {
				l := int(sec.uleb())
				sizes = append(sizes, l)
				sec.skip(l)
			}
		case 0: // custom: the name section's function names
			if sec.name() != "name" {
				break
			}
			for sec.i < len(sec.b) {
				sub := sec.byte()
				l := int(sec.uleb())
				if sub != 1 {
					sec.skip(l)
					continue
				}
				for range sec.uleb() {
					idx := int(sec.uleb())
					byIndex[idx] = sec.name()
				}
			}
		}
		r.i += n
	}
	names = make([]string, imports+len(sizes))
	for i := range names {
		names[i] = byIndex[i]
	}
	sizes = append(make([]int, imports), sizes...)
	if len(byIndex) == 0 {
		return nil, nil, fmt.Errorf("%s has no names: build it without -s", files[0])
	}
	return names, sizes, nil
}

type wasmReader struct {
	b []byte
	i int
}

func (r *wasmReader) byte() byte { c := r.b[r.i]; r.i++; return c }
func (r *wasmReader) skip(n int) { r.i += n }
func (r *wasmReader) uleb() uint64 {
	v, n := binary.Uvarint(r.b[r.i:])
	r.i += n
	return v
}
func (r *wasmReader) name() string {
	l := int(r.uleb())
	s := string(r.b[r.i : r.i+l])
	r.i += l
	return s
}
func (r *wasmReader) limits() {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}

// goPackage is the Go package of a wasm function's name, as the linker
// writes it ("fyne.io_fyne_v2_widget.__Button_.MinSize").
func goPackage(fn string) string {
	prefix := ""
	for _, host := range []string{"github.com_", "fyne.io_", "golang.org_", "gopkg.in_"} {
		if strings.HasPrefix(fn, host) {
			prefix, fn = host, fn[len(host):]
			break
		}
	}
	if i := strings.Index(fn, "."); i >= 0 {
		fn = fn[:i]
	}
	return prefix + fn
}

// lazyReport sums the lazy compilations of the visits.
type lazyReport struct {
	names  []string
	sizes  []int
	visits int
	funcs  map[int]*lazyFunc
}

type lazyFunc struct {
	visits int
	dur    float64 // µs, summed
}

func (lr *lazyReport) add(events []traceEvent) {
	lr.visits++
	seen := map[int]bool{}
	for _, e := range events {
		i := *e.Args.FuncIndex
		f := lr.funcs[i]
		if f == nil {
			f = &lazyFunc{}
			lr.funcs[i] = f
		}
		if !seen[i] {
			seen[i] = true
			f.visits++
		}
		f.dur += e.Dur
	}
}

func (lr *lazyReport) print(top int) {
	type row struct {
		name        string
		n, bytes    int
		ms, visited float64
	}
	pk := map[string]*row{}
	var fns []row
	var total row
	for i, f := range lr.funcs {
		name, size := "?", 0
		if i < len(lr.names) {
			name, size = lr.names[i], lr.sizes[i]
		}
		ms := f.dur / 1000 / float64(lr.visits)
		p := pk[goPackage(name)]
		if p == nil {
			p = &row{name: goPackage(name)}
			pk[p.name] = p
		}
		for _, r := range []*row{p, &total} {
			r.n++
			r.bytes += size
			r.ms += ms
		}
		fns = append(fns, row{name: name, bytes: size, ms: ms, visited: float64(f.visits)})
	}
	fmt.Printf("\nCompiled lazily before the first frame (V8's wasm.CompileLazy; mean of %d visits): %d functions, %.2f MB of wasm code, %.0f ms on the page's thread\n",
		lr.visits, total.n, float64(total.bytes)/1e6, total.ms)
	var ps []*row
	for _, p := range pk {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].ms > ps[j].ms })
	fmt.Println("  by package (ms, functions, KB of code):")
	for i, p := range ps {
		if i == top {
			break
		}
		fmt.Printf("  %7.1f %5d %7.0f  %s\n", p.ms, p.n, float64(p.bytes)/1e3, p.name)
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].ms > fns[j].ms })
	fmt.Println("  functions (ms, KB of code):")
	for i, f := range fns {
		if i == top {
			break
		}
		fmt.Printf("  %7.1f %7.1f  %s\n", f.ms, float64(f.bytes)/1e3, f.name)
	}
}
