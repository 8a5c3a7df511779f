package timers

import (
	"sort"
	"sync"
	"time"
)

// Fake is a Clock for tests: time moves only when Advance or Set is called,
// and due callbacks run synchronously, in deadline order, inside that call.
type Fake struct {
	mu      sync.Mutex
	now     time.Time
	pending []*fakeTimer
	seq     int
}

// NewFake returns a Fake clock that reads start.
func NewFake(start time.Time) *Fake { return &Fake{now: start.Round(0)} }

type fakeTimer struct {
	clock *Fake
	at    time.Time
	seq   int
	f     func()
	done  bool
}

// Now returns the fake instant.
func (c *Fake) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc schedules f for now+d.
func (c *Fake) AfterFunc(d time.Duration, f func()) Stopper {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &fakeTimer{clock: c, at: c.now.Add(d), seq: c.seq, f: f}
	c.pending = append(c.pending, t)
	return t
}

// Stop cancels the callback if it has not run yet.
func (t *fakeTimer) Stop() bool {
	t.clock.mu.Lock()
	defer t.clock.mu.Unlock()
	if t.done {
		return false
	}
	t.done = true
	return true
}

// Advance moves the clock forward by d, running every callback that falls
// due on the way at its own instant.
func (c *Fake) Advance(d time.Duration) { c.Set(c.Now().Add(d)) }

// Set moves the clock to t (which may be earlier, to model a wall-clock
// change), running every callback due at or before t.
func (c *Fake) Set(t time.Time) {
	for {
		c.mu.Lock()
		next := c.nextDue(t)
		if next == nil {
			c.now = t.Round(0)
			c.mu.Unlock()
			return
		}
		next.done = true
		if next.at.After(c.now) {
			c.now = next.at
		}
		c.mu.Unlock()
		next.f()
	}
}

// nextDue returns the earliest pending timer due by t; c.mu is held.
func (c *Fake) nextDue(t time.Time) *fakeTimer {
	live := c.pending[:0]
	for _, p := range c.pending {
		if !p.done {
			live = append(live, p)
		}
	}
	c.pending = live
	sort.Slice(c.pending, func(i, j int) bool {
		if !c.pending[i].at.Equal(c.pending[j].at) {
			return c.pending[i].at.Before(c.pending[j].at)
		}
		return c.pending[i].seq < c.pending[j].seq
	})
	if len(c.pending) == 0 || c.pending[0].at.After(t) {
		return nil
	}
	return c.pending[0]
}

// Pending reports how many callbacks are still scheduled.
func (c *Fake) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, p := range c.pending {
		if !p.done {
			n++
		}
	}
	return n
}
