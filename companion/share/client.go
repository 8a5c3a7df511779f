package share

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"boardside/companion"
	"boardside/timers"
)

// Client follows a table hosted by another device, as the web viewer
// does: it estimates the host's clock, follows the event stream
// (reconnecting by itself) and sends public actions with the version its
// screen showed (see Shown).
type Client struct {
	base, token string
	http        *http.Client
	events      *http.Client // no time limit: the event stream stays open
	clock       timers.Clock
	cancel      context.CancelFunc

	mu        sync.Mutex
	snap      RawSnapshot
	offset    time.Duration // host ≈ local + offset
	rtt       time.Duration
	connected bool
	watchers  map[int]func()
	nextW     int
}

// RawSnapshot is a snapshot whose state is left for the game to decode.
type RawSnapshot struct {
	Game    string          `json:"game"`
	Version uint64          `json:"version"`
	State   json.RawMessage `json:"state"`
	// Undo is the kind of the public action Undo would take back; empty
	// when this device may not undo anything.
	Undo string `json:"undo,omitempty"`
}

// ErrNotATable says a link is not a Boardside table's link.
var ErrNotATable = errors.New("that is not the link of a Boardside table: it looks like http://192.168.1.20:7777/?t=…")

// Dial joins the table at link (the URL the host shows), syncs the clock
// and gets the current state before it returns.
func Dial(ctx context.Context, link string, clock timers.Clock) (*Client, error) {
	return dialOver(ctx, link, clock, http.DefaultTransport)
}

// dialOver is Dial over the given transport (tests put a network's delay in it).
func dialOver(ctx context.Context, link string, clock timers.Clock, transport http.RoundTripper) (*Client, error) {
	u, err := url.Parse(strings.TrimSpace(link))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || u.Query().Get("t") == "" {
		return nil, ErrNotATable
	}
	c := &Client{
		base: u.Scheme + "://" + u.Host, token: u.Query().Get("t"), clock: clock,
		http:   &http.Client{Timeout: 10 * time.Second, Transport: transport},
		events: &http.Client{Transport: transport}, watchers: map[int]func(){},
	}
	if err := c.fetch(ctx); err != nil {
		return nil, err
	}
	if err := c.syncClock(ctx); err != nil {
		return nil, err
	}
	streamCtx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	go c.follow(streamCtx)
	return c, nil
}

func (c *Client) url(path string) string {
	return c.base + "/api/v1/" + path + "?t=" + url.QueryEscape(c.token)
}

func (c *Client) fetch(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", c.url("state"), nil)
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("could not reach the table: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusForbidden {
		return errors.New("this link is not for this table: scan the host's code again")
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("the table answered %s", resp.Status)
	}
	var s RawSnapshot
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&s); err != nil {
		return fmt.Errorf("the table sent something unreadable: %w", err)
	}
	c.set(s)
	return nil
}

// syncClock estimates the clock offset from eight time pings, keeping the
// three with the lowest round trip.
func (c *Client) syncClock(ctx context.Context) error {
	type sample struct{ off, rtt time.Duration }
	var samples []sample
	for range 8 {
		t0 := c.clock.Now()
		req, _ := http.NewRequestWithContext(ctx, "GET", c.url("time"), nil)
		resp, err := c.http.Do(req)
		if err != nil {
			continue
		}
		var ts struct{ Received, Sent float64 }
		err = json.NewDecoder(resp.Body).Decode(&ts)
		resp.Body.Close()
		t3 := c.clock.Now()
		if err != nil || resp.StatusCode != http.StatusOK {
			continue
		}
		t1 := time.UnixMicro(int64(ts.Received * 1000))
		t2 := time.UnixMicro(int64(ts.Sent * 1000))
		samples = append(samples, sample{off: (t1.Sub(t0) + t2.Sub(t3)) / 2, rtt: t3.Sub(t0) - t2.Sub(t1)})
	}
	if len(samples) == 0 {
		return errors.New("the table did not answer the clock check")
	}
	slices.SortFunc(samples, func(a, b sample) int { return int(a.rtt - b.rtt) })
	best := samples[:min(3, len(samples))]
	offs := make([]time.Duration, len(best))
	for i, s := range best {
		offs[i] = s.off
	}
	slices.Sort(offs)
	c.mu.Lock()
	c.offset, c.rtt = offs[len(offs)/2], samples[0].rtt
	c.mu.Unlock()
	return nil
}

// follow reads the event stream, reconnecting after a pause when it
// breaks, and resyncs the clock on each reconnect.
func (c *Client) follow(ctx context.Context) {
	for ctx.Err() == nil {
		_ = c.stream(ctx) // why it ended changes nothing: try again
		c.setConnected(false)
		if ctx.Err() != nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		_ = c.syncClock(ctx)
	}
}

func (c *Client) stream(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", c.url("events"), nil)
	resp, err := c.events.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("event stream: %s", resp.Status)
	}
	c.setConnected(true)
	lines := bufio.NewScanner(resp.Body)
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	for lines.Scan() {
		data, ok := strings.CutPrefix(lines.Text(), "data: ")
		if !ok {
			continue
		}
		var s RawSnapshot
		if err := json.Unmarshal([]byte(data), &s); err == nil {
			c.set(s)
		}
	}
	return lines.Err()
}

// set takes a state the table sent, unless it is older than the one held:
// an answer and the event stream arrive in any order, and a device never
// goes back in time.
func (c *Client) set(s RawSnapshot) {
	c.mu.Lock()
	if s.Game == c.snap.Game && (s.Version < c.snap.Version || s.Version == c.snap.Version &&
		s.Undo == c.snap.Undo && bytes.Equal(s.State, c.snap.State)) {
		c.mu.Unlock()
		// An older state arriving late, or the one held again: a device's
		// own action comes back twice, as the host's answer and as its
		// event, and is drawn once.
		return
	}
	c.snap = s
	ws := c.watchersLocked()
	c.mu.Unlock()
	for _, w := range ws {
		w()
	}
}

func (c *Client) setConnected(on bool) {
	c.mu.Lock()
	changed := c.connected != on
	c.connected = on
	ws := c.watchersLocked()
	c.mu.Unlock()
	if changed {
		for _, w := range ws {
			w()
		}
	}
}

func (c *Client) watchersLocked() []func() {
	out := make([]func(), 0, len(c.watchers))
	for _, w := range c.watchers {
		out = append(out, w)
	}
	return out
}

// Snapshot is the latest state the table sent.
func (c *Client) Snapshot() RawSnapshot {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.snap
}

// Connected reports whether the event stream is open.
func (c *Client) Connected() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.connected
}

// HostNow is the host's clock as estimated here.
func (c *Client) HostNow() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.clock.Now().Add(c.offset)
}

// Offset and round trip of the last clock check, for a details panel.
func (c *Client) Offset() (offset, rtt time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.offset, c.rtt
}

// Watch calls f after every new state and connection change, on the
// client's goroutine. It returns a function that stops watching.
func (c *Client) Watch(f func()) (stop func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id := c.nextW
	c.nextW++
	c.watchers[id] = f
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.watchers, id)
	}
}

// Send sends a public action made on the screen that showed version seen
// (Shown.Tap's version): the host applies it only if the table is still
// there, else it answers with the current state, which this client takes,
// and Send returns companion.ErrFaster.
func (c *Client) Send(seen uint64, kind string, data any) error {
	action := map[string]any{"kind": kind}
	if data != nil {
		action["data"] = data
	}
	return c.post(context.Background(), "actions", map[string]any{"version": seen, "action": action})
}

// Undo takes back the table's last action, which must be the public action
// of this kind (the snapshot's Undo, as its Undo button said), made on the
// screen that showed version seen. An old version gets companion.ErrFaster, and the
// current state; any other refusal comes in the host's words.
func (c *Client) Undo(ctx context.Context, seen uint64, kind string) error {
	return c.post(ctx, "undo", map[string]any{"version": seen, "kind": kind})
}

// post sends a change and takes the state the table answers with, if it
// is not older than the one held.
func (c *Client) post(ctx context.Context, path string, req any) error {
	body, err := json.Marshal(req)
	if err != nil {
		return err
	}
	r, err := http.NewRequestWithContext(ctx, "POST", c.url(path), strings.NewReader(string(body)))
	if err != nil {
		return err
	}
	r.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(r)
	if err != nil {
		return fmt.Errorf("could not reach the table: %w", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch resp.StatusCode {
	case http.StatusOK, http.StatusConflict:
		var s RawSnapshot
		if err := json.Unmarshal(b, &s); err == nil {
			c.set(s)
		}
		if resp.StatusCode == http.StatusConflict {
			return companion.ErrFaster
		}
		return nil
	default:
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(b, &e) == nil && e.Error != "" {
			return errors.New(e.Error)
		}
		return fmt.Errorf("the table answered %s", resp.Status)
	}
}

// Close stops following the table.
func (c *Client) Close() {
	if c.cancel != nil {
		c.cancel()
	}
}
