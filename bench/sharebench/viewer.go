package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// delayed is a client transport that adds latency on the way up and on
// the way down, as a phone on busy Wi-Fi would see.
type delayed struct {
	up, down time.Duration
	next     http.RoundTripper
}

func (d delayed) RoundTrip(r *http.Request) (*http.Response, error) {
	time.Sleep(d.up)
	resp, err := d.next.RoundTrip(r)
	if err == nil && d.down > 0 {
		resp.Body = slowBody{resp.Body, d.down}
	}
	return resp, err
}

// slowBody hands over each piece of a response (each event of a stream)
// only after the down delay.
type slowBody struct {
	io.ReadCloser
	d time.Duration
}

func (b slowBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	time.Sleep(b.d)
	return n, err
}

// viewer does what the web viewer does: estimates the host's clock from
// eight time pings, keeps the lowest round trips, and follows the event
// stream. Its own clock is off by skew, as a phone's may be.
type viewer struct {
	base, token string
	client      *http.Client
	skew        time.Duration
	offset      time.Duration // host ≈ local + offset

	mu   sync.Mutex
	snap snapshot
	seen map[uint64]time.Time // version → when it arrived (real time)
	// onState, when set, is told of each arrival instead.
	onState func(version uint64, at time.Time)
}

type snapshot struct {
	Version uint64 `json:"version"`
	State   struct {
		Sand struct {
			LeftMs     int64 `json:"leftMs"`
			DeadlineMs int64 `json:"deadlineMs"`
			Running    bool  `json:"running"`
		} `json:"sand"`
	} `json:"state"`
}

func newViewer(base, token string, up, down, skew time.Duration) *viewer {
	return &viewer{base: base, token: token, skew: skew, seen: map[uint64]time.Time{},
		client: &http.Client{Transport: delayed{up: up, down: down, next: &http.Transport{MaxIdleConnsPerHost: 4}}}}
}

func (v *viewer) local() time.Time { return time.Now().Add(v.skew) }

func (v *viewer) url(path string) string { return v.base + "/api/v1/" + path + "?t=" + v.token }

// sync estimates the offset like assets/web/app.js.
func (v *viewer) sync() error {
	type sample struct{ off, rtt float64 }
	var samples []sample
	for range 8 {
		t0 := float64(v.local().UnixMicro()) / 1000
		resp, err := v.client.Get(v.url("time"))
		if err != nil {
			return err
		}
		var ts struct{ Received, Sent float64 }
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			return fmt.Errorf("time ping: %s", resp.Status)
		}
		err = json.NewDecoder(resp.Body).Decode(&ts)
		resp.Body.Close()
		t3 := float64(v.local().UnixMicro()) / 1000
		if err != nil {
			return err
		}
		samples = append(samples, sample{off: ((ts.Received - t0) + (ts.Sent - t3)) / 2, rtt: (t3 - t0) - (ts.Sent - ts.Received)})
	}
	slices.SortFunc(samples, func(a, b sample) int { return int((a.rtt - b.rtt) * 1000) })
	best := []float64{samples[0].off, samples[1].off, samples[2].off}
	slices.Sort(best)
	v.offset = time.Duration(best[1] * float64(time.Millisecond))
	return nil
}

// follow reads the event stream until ctx ends.
func (v *viewer) follow(ctx context.Context, ready chan<- struct{}) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", v.url("events"), nil)
	resp, err := (&http.Client{Transport: v.client.Transport}).Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("event stream: %s", resp.Status)
	}
	lines := bufio.NewScanner(resp.Body)
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	first := true
	for lines.Scan() {
		data, ok := strings.CutPrefix(lines.Text(), "data: ")
		if !ok {
			continue
		}
		var s snapshot
		if err := json.Unmarshal([]byte(data), &s); err != nil {
			return fmt.Errorf("bad event: %w", err)
		}
		at := time.Now()
		if v.onState != nil {
			v.onState(s.Version, at)
			if first {
				first = false
				ready <- struct{}{}
			}
			continue
		}
		v.mu.Lock()
		v.snap = s
		v.seen[s.Version] = at
		v.mu.Unlock()
		if first {
			first = false
			ready <- struct{}{}
		}
	}
	return nil
}

// remaining is what this viewer would show right now, in real time.
func (v *viewer) remaining() time.Duration {
	v.mu.Lock()
	s := v.snap
	v.mu.Unlock()
	if !s.State.Sand.Running {
		return time.Duration(s.State.Sand.LeftMs) * time.Millisecond
	}
	hostNow := v.local().Add(v.offset)
	return time.UnixMilli(s.State.Sand.DeadlineMs).Sub(hostNow)
}

func (v *viewer) arrived(version uint64) (time.Time, bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	t, ok := v.seen[version]
	return t, ok
}
