package timers

import (
	"sync"
	"time"
)

// Waker calls one function at the next instant it is asked for, replacing
// any earlier request. Screens use it to wake exactly when the text they
// show changes or an alert is due, instead of polling every frame.
type Waker struct {
	clock Clock
	f     func()

	mu      sync.Mutex
	pending Stopper
	gen     uint64
}

// NewWaker returns a Waker that calls f on the clock's goroutine.
func NewWaker(clock Clock, f func()) *Waker { return &Waker{clock: clock, f: f} }

// After asks for one call of f in d, cancelling any earlier request.
func (w *Waker) After(d time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.pending != nil {
		w.pending.Stop()
	}
	w.gen++
	gen := w.gen
	w.pending = w.clock.AfterFunc(d, func() {
		w.mu.Lock()
		current := gen == w.gen
		if current {
			w.pending = nil
		}
		w.mu.Unlock()
		if current { // a replaced request that fired anyway is dropped
			w.f()
		}
	})
}

// Stop cancels the pending request.
func (w *Waker) Stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.gen++
	if w.pending != nil {
		w.pending.Stop()
		w.pending = nil
	}
}
