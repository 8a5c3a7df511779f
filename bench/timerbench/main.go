// Command timerbench measures Boardside's timers against the real clock:
//
//   - expiry latency: 1,000 timers of 1–50 ms, from each deadline to its
//     callback, through timers.Waker (what the screens use), beside bare
//     time.AfterFunc in the same run as the baseline;
//
//   - drift: a 20-minute countdown sampled once a second for -drift (60 s),
//     its remaining time against the time a monotonic clock says is left.
//
//     go run ./bench/timerbench
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"boardside/timers"
)

func main() {
	n := flag.Int("timers", 1000, "timers in the latency run")
	driftFor := flag.Duration("drift", 60*time.Second, "how long to sample the countdown")
	flag.Parse()

	waker := latency(*n, func(d time.Duration, f func()) {
		w := timers.NewWaker(timers.System{}, f)
		w.After(d)
	})
	bare := latency(*n, func(d time.Duration, f func()) { time.AfterFunc(d, f) })
	fmt.Printf("expiry latency, %d timers of 1-50 ms (deadline to callback):\n", *n)
	fmt.Printf("  timers.Waker     p50 %8v  p99 %8v  max %8v\n", pct(waker, 50), pct(waker, 99), waker[len(waker)-1])
	fmt.Printf("  time.AfterFunc   p50 %8v  p99 %8v  max %8v  (baseline)\n", pct(bare, 50), pct(bare, 99), bare[len(bare)-1])

	worst, samples := drift(*driftFor)
	fmt.Printf("drift of a 20:00 countdown sampled every second for %v (%d samples): largest error %v\n", *driftFor, samples, worst)
}

// latency starts n timers at once with random lengths and returns the
// sorted delays from each deadline to its callback.
func latency(n int, start func(d time.Duration, f func())) []time.Duration {
	var mu sync.Mutex
	var wg sync.WaitGroup
	out := make([]time.Duration, 0, n)
	t0 := time.Now()
	for range n {
		d := time.Millisecond + rand.N(49*time.Millisecond)
		deadline := t0.Add(d)
		wg.Add(1)
		start(time.Until(deadline), func() {
			late := time.Since(deadline) // monotonic
			mu.Lock()
			out = append(out, late)
			mu.Unlock()
			wg.Done()
		})
	}
	wg.Wait()
	slices.Sort(out)
	return out
}

func pct(sorted []time.Duration, p int) time.Duration {
	return sorted[(len(sorted)-1)*p/100].Round(time.Microsecond)
}

// drift compares Countdown.Remaining (wall clock, deadline − now) with the
// remaining time measured on the monotonic clock.
func drift(total time.Duration) (time.Duration, int) {
	clock := timers.System{}
	c := timers.NewCountdown(20 * time.Minute)
	startMono := time.Now() // carries a monotonic reading
	if err := c.Start(clock.Now()); err != nil {
		panic(err)
	}
	var worst time.Duration
	samples := 0
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for range tick.C {
		got := c.Remaining(clock.Now())
		want := 20*time.Minute - time.Since(startMono)
		worst = max(worst, (got - want).Abs())
		samples++
		if time.Since(startMono) >= total {
			break
		}
	}
	return worst, samples
}
