package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"

	"boardside/internal/browsertable"
	"boardside/internal/webdriver"
)

// The round trip of an action, timed in each guest's page: the quick
// viewer's own call (app.js), over the data channel or HTTP, at the
// version the page last saw (snap), its answer kept as the page keeps it
// (take). Pause while the sand runs, Resume while it is held: each
// action changes the table, so every guest's next one races the others'
// and may be answered 409 ("someone was faster"), a round trip too.

// loopJS starts a guest's loop of %d actions, one at a time, each sent at
// least %d ms after the one before; window.tablebench holds
// {samples: [[ms, status]…]} or {error} when it ends.
const loopJS = `(() => {
	const n = %d, gap = %d;
	window.tablebench = null;
	(async () => {
		const out = [];
		let last = -1e9;
		for (let i = 0; i < n; i++) {
			const wait = last + gap - performance.now();
			if (wait > 0) await new Promise((r) => setTimeout(r, wait));
			const kind = snap.state.sand.running ? "pause" : "resume";
			const t0 = performance.now();
			last = t0;
			let status = 0;
			try {
				const r = await call("POST", "actions", { version: snap.version, action: { kind } });
				status = r.status;
				take(r.json);
			} catch (e) { /* not sent: status 0 */ }
			out.push([performance.now() - t0, status]);
		}
		return out;
	})().then((samples) => { window.tablebench = { samples }; }, (e) => { window.tablebench = { error: String(e) }; });
	return true;
})()`

// startJS sends the game's start from a guest, at the version it shows.
const startJS = `call("POST", "actions", { version: snap.version, action: { kind: "start" } }).then((r) => { take(r.json); return r.status; })`

// startSand starts the game from the first guest and waits until every
// guest shows the sand running.
func startSand(ctx context.Context, guests []*browsertable.Guest, wait time.Duration) error {
	var status int
	if err := guests[0].Page.Eval(ctx, startJS, &status); err != nil {
		return fmt.Errorf("the start: %w", err)
	}
	if status != 200 {
		return fmt.Errorf("the start was answered %d", status)
	}
	for _, g := range guests {
		if err := webdriver.Until(ctx, g.Page, `!!snap && snap.state.sand.running`, wait, 50*time.Millisecond, nil); err != nil {
			return fmt.Errorf("a %s guest does not show the sand running: %w", g.Engine, err)
		}
	}
	return nil
}

// Sample is one action's round trip as a guest's page timed it.
type Sample struct {
	Guest  int
	Ms     float64
	Status int // 0: not sent, or no answer
}

// roundTrips runs the loop of n actions in every guest at once and
// collects the samples.
func roundTrips(ctx context.Context, guests []*browsertable.Guest, n int, gap time.Duration) ([]Sample, error) {
	for _, g := range guests {
		if err := g.Page.Eval(ctx, fmt.Sprintf(loopJS, n, gap.Milliseconds()), nil); err != nil {
			return nil, fmt.Errorf("starting a %s guest's loop: %w", g.Engine, err)
		}
	}
	bound := time.Duration(n)*(gap+time.Second) + time.Minute // a second an action would be very slow
	var (
		mu   sync.Mutex
		all  []Sample
		errs []error
		wg   sync.WaitGroup
	)
	for i, g := range guests {
		wg.Go(func() {
			var got struct {
				Samples [][2]float64
				Error   string
			}
			err := webdriver.Until(ctx, g.Page, `window.tablebench`, bound, 200*time.Millisecond, &got)
			if err == nil && got.Error != "" {
				err = errors.New(got.Error)
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, fmt.Errorf("guest %d (%s): %w", i+1, g.Engine, err))
				return
			}
			for _, s := range got.Samples {
				all = append(all, Sample{Guest: i + 1, Ms: s[0], Status: int(s[1])})
			}
		})
	}
	wg.Wait()
	return all, errors.Join(errs...)
}

// Trips is what the round trips came to: the percentiles over every
// answered action (200 and 409 alike) and the answers counted by status.
type Trips struct {
	Sent     int            `json:"sent"`
	P50Ms    float64        `json:"p50Ms"`
	P99Ms    float64        `json:"p99Ms"`
	MaxMs    float64        `json:"maxMs"`
	Applied  int            `json:"applied"` // 200
	Faster   int            `json:"faster"`  // 409
	Other    map[string]int `json:"other,omitempty"`
	PerGuest []GuestTrips   `json:"perGuest"`
	// HostP50Ms and HostP99Ms are the HTTP host's own time per action,
	// every action counted (handlerTimes); the browser host has none.
	HostP50Ms float64 `json:"hostP50Ms,omitempty"`
	HostP99Ms float64 `json:"hostP99Ms,omitempty"`
}

// GuestTrips is one guest's share.
type GuestTrips struct {
	Engine string  `json:"engine"`
	P50Ms  float64 `json:"p50Ms"`
	P99Ms  float64 `json:"p99Ms"`
	Count  int     `json:"count"` // answered 200 or 409
}

// summarise counts the answers and takes the percentiles of the round
// trips answered 200 or 409; any other answer is counted apart (a 429
// would mean the loop outran the host's rate limit).
func summarise(samples []Sample, engines []string) Trips {
	t := Trips{Sent: len(samples)}
	var ms []float64
	per := make([][]float64, len(engines))
	for _, s := range samples {
		switch s.Status {
		case 200:
			t.Applied++
		case 409:
			t.Faster++
		default:
			if t.Other == nil {
				t.Other = map[string]int{}
			}
			t.Other[strconv.Itoa(s.Status)]++
			continue
		}
		ms = append(ms, s.Ms)
		per[s.Guest-1] = append(per[s.Guest-1], s.Ms)
	}
	t.P50Ms, t.P99Ms, t.MaxMs = percentile(ms, 50), percentile(ms, 99), percentile(ms, 100)
	for i, e := range engines {
		t.PerGuest = append(t.PerGuest, GuestTrips{Engine: e, P50Ms: percentile(per[i], 50), P99Ms: percentile(per[i], 99), Count: len(per[i])})
	}
	return t
}

// percentile is the nearest-rank percentile p of xs, 0 for none.
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	rank := int(math.Ceil(float64(len(s))*p/100)) - 1
	return s[max(0, min(rank, len(s)-1))]
}
