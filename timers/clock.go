package timers

import "time"

// Clock is the seam between timer code and real time.
type Clock interface {
	// Now returns the current wall-clock instant.
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed.
	AfterFunc(d time.Duration, f func()) Stopper
}

// Stopper cancels a pending AfterFunc. Stop reports whether it cancelled
// the call before it ran.
type Stopper interface {
	Stop() bool
}

// System is the real clock.
type System struct{}

// Now returns time.Now without its monotonic reading, so instants survive
// a round trip through JSON and a restart unchanged.
func (System) Now() time.Time { return time.Now().Round(0) }

// AfterFunc wraps time.AfterFunc.
func (System) AfterFunc(d time.Duration, f func()) Stopper { return time.AfterFunc(d, f) }
