// Command sharebench measures sharing a table over loopback, with delay
// added on the client side (symmetric and asymmetric) and each viewer's
// clock set off by up to ±2 s:
//
//   - the remaining time shown by 10 viewers against the host's: the
//     largest disagreement;
//
//   - a pause sent by one viewer until every other viewer has it: p99;
//
//   - one change delivered to 100 event-stream viewers: p99, and the
//     host's memory per viewer.
//
//     make bench-share
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

func main() {
	rounds := flag.Int("pauses", 100, "pauses sent in the latency run")
	childN := flag.Int("child-viewers", 0, "internal: run this many viewers for the fan-out run")
	childURL := flag.String("url", "", "internal: the host for -child-viewers")
	childToken := flag.String("token", "", "internal: the token for -child-viewers")
	flag.Parse()
	if *childN > 0 {
		if err := childViewers(*childN, *childURL, *childToken); err != nil {
			fail(err)
		}
		return
	}
	for _, d := range []struct {
		name     string
		up, down time.Duration
	}{
		{"no added delay", 0, 0},
		{"symmetric 10 ms each way", 10 * time.Millisecond, 10 * time.Millisecond},
		{"asymmetric 15 ms up, 5 ms down", 15 * time.Millisecond, 5 * time.Millisecond},
	} {
		fmt.Printf("== %s\n", d.name)
		if err := agreement(d.up, d.down); err != nil {
			fail(err)
		}
		if err := pauseLatency(d.up, d.down, *rounds); err != nil {
			fail(err)
		}
	}
	if err := fanOut(100); err != nil {
		fail(err)
	}
}

type table struct {
	session *companion.Session
	host    *share.Host
	base    string
	stop    func()
}

func newTable() (*table, error) {
	clock := timers.System{}
	s := companion.New(mm.Rules, mm.New(), clock)
	if err := s.Dispatch(&mm.ChooseMission{Mission: 4}); err != nil {
		return nil, err
	}
	if err := s.Dispatch(&mm.Start{}); err != nil {
		return nil, err
	}
	h := share.NewHost(s, share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, clock, share.NewToken())
	h.SetRateLimit(1e6, 1e6) // every viewer here comes from 127.0.0.1
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: share.Handler(h, nil)}
	go func() { _ = srv.Serve(l) }()
	return &table{session: s, host: h, base: "http://" + l.Addr().String(), stop: func() { _ = srv.Close(); h.Close() }}, nil
}

// viewers connects n viewers, each with its clock set off differently.
func (tb *table) viewers(ctx context.Context, n int, up, down time.Duration) ([]*viewer, error) {
	var vs []*viewer
	ready := make(chan struct{}, n)
	for i := range n {
		skew := time.Duration((i*397)%4001-2000) * time.Millisecond // −2 s … +2 s
		v := newViewer(tb.base, tb.host.Token(), up, down, skew)
		if err := v.sync(); err != nil {
			return nil, err
		}
		go func() { _ = v.follow(ctx, ready) }()
		vs = append(vs, v)
	}
	for range n {
		select {
		case <-ready:
		case <-time.After(10 * time.Second):
			return nil, fmt.Errorf("viewers did not connect")
		}
	}
	return vs, nil
}

// tableWithViewers starts a table and n viewers following it.
func tableWithViewers(n int, up, down time.Duration) (*table, []*viewer, func(), error) {
	tb, err := newTable()
	if err != nil {
		return nil, nil, nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	stop := func() { cancel(); tb.stop() }
	vs, err := tb.viewers(ctx, n, up, down)
	if err != nil {
		stop()
		return nil, nil, nil, err
	}
	return tb, vs, stop, nil
}

// agreement samples what 10 viewers show against the host, 50 times.
func agreement(up, down time.Duration) error {
	tb, vs, stop, err := tableWithViewers(10, up, down)
	if err != nil {
		return err
	}
	defer stop()
	var worst time.Duration
	for range 50 {
		truth := tb.session.View().State.(*mm.State).Sand.Remaining(time.Now())
		for _, v := range vs {
			worst = max(worst, (v.remaining() - truth).Abs())
		}
		time.Sleep(20 * time.Millisecond)
	}
	fmt.Printf("  10 viewers, clocks off by up to ±2 s: largest disagreement with the host %v\n", worst.Round(10*time.Microsecond))
	return nil
}

// pauseLatency: one viewer sends pause (or resume); how long until every
// other viewer has the new state.
func pauseLatency(up, down time.Duration, rounds int) error {
	tb, vs, stop, err := tableWithViewers(10, up, down)
	if err != nil {
		return err
	}
	defer stop()
	var lat []time.Duration
	for i := range rounds {
		kind := "pause"
		if i%2 == 1 {
			kind = "resume"
		}
		version := tb.session.View().Version
		body := `{"version":` + strconv.FormatUint(version, 10) + `,"action":{"kind":"` + kind + `"}}`
		sent := time.Now()
		resp, err := vs[0].client.Post(vs[0].url("actions"), "application/json", strings.NewReader(body))
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("%s refused: %s", kind, resp.Status)
		}
		for _, v := range vs[1:] {
			for {
				if at, ok := v.arrived(version + 1); ok {
					lat = append(lat, at.Sub(sent))
					break
				}
				time.Sleep(200 * time.Microsecond)
			}
		}
	}
	slices.Sort(lat)
	fmt.Printf("  pause by one viewer seen by the 9 others: p50 %v, p99 %v (%d deliveries)\n",
		lat[len(lat)/2].Round(10*time.Microsecond), lat[len(lat)*99/100].Round(10*time.Microsecond), len(lat))
	return nil
}

// fanOut times one change reaching n event-stream viewers. The viewers
// run in a child process, so the host's memory per viewer is its own.
func fanOut(n int) error {
	tb, err := newTable()
	if err != nil {
		return err
	}
	defer tb.stop()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	g0 := runtime.NumGoroutine()

	self, err := os.Executable()
	if err != nil {
		return err
	}
	child := exec.Command(self, "-child-viewers", strconv.Itoa(n), "-url", tb.base, "-token", tb.host.Token())
	child.Stderr = os.Stderr
	stdin, _ := child.StdinPipe()
	stdout, err := child.StdoutPipe()
	if err != nil {
		return err
	}
	if err := child.Start(); err != nil {
		return err
	}
	defer func() { stdin.Close(); _ = child.Wait() }()
	lines := bufio.NewScanner(stdout)
	for lines.Text() != "ready" { // the first states arrive before "ready"
		if !lines.Scan() {
			return fmt.Errorf("the viewers did not start")
		}
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	g1 := runtime.NumGoroutine()

	var slowest []time.Duration
	for i := range 50 {
		version := tb.session.View().Version
		var a companion.Action = &mm.Pause{}
		if i%2 == 1 {
			a = &mm.Resume{}
		}
		start := time.Now()
		if err := tb.session.Dispatch(a); err != nil {
			return err
		}
		var worst time.Duration
		for got := 0; got < n; {
			if !lines.Scan() {
				return fmt.Errorf("the viewers stopped")
			}
			f := strings.Fields(lines.Text())
			if len(f) != 3 || f[0] != "got" || f[1] != strconv.FormatUint(version+1, 10) {
				continue
			}
			at, _ := strconv.ParseInt(f[2], 10, 64)
			worst = max(worst, time.Unix(0, at).Sub(start))
			got++
		}
		slowest = append(slowest, worst)
	}
	slices.Sort(slowest)
	fmt.Printf("== %d event-stream viewers in another process, no added delay\n", n)
	fmt.Printf("  one change delivered to all: p50 %v, p99 %v (50 changes)\n",
		slowest[len(slowest)/2].Round(10*time.Microsecond), slowest[len(slowest)*99/100].Round(10*time.Microsecond))
	used := func(m runtime.MemStats) int64 { return int64(m.HeapInuse + m.StackInuse) }
	fmt.Printf("  host memory per viewer: %.1f KiB (heap and stacks in use), %.1f goroutines\n",
		float64(used(after)-used(before))/1024/float64(n), float64(g1-g0)/float64(n))
	return nil
}

// childViewers is the other side of fanOut: n viewers that print when
// each state arrives, until standard input closes.
func childViewers(n int, base, token string) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	out := bufio.NewWriter(os.Stdout)
	ready := make(chan struct{}, n)
	for range n {
		v := newViewer(base, token, 0, 0, 0)
		v.onState = func(version uint64, at time.Time) {
			mu.Lock()
			fmt.Fprintf(out, "got %d %d\n", version, at.UnixNano())
			out.Flush()
			mu.Unlock()
		}
		go func() { _ = v.follow(ctx, ready) }()
	}
	for range n {
		<-ready
	}
	mu.Lock()
	fmt.Fprintln(out, "ready")
	out.Flush()
	mu.Unlock()
	_, _ = io.Copy(io.Discard, os.Stdin) // until the parent is done
	return nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "sharebench:", err)
	os.Exit(1)
}
