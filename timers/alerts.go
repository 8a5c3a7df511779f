package timers

import (
	"slices"
	"time"
)

// DefaultAlertMarks are the remaining times players are alerted at:
// 5:00, 1:00, 0:30, 0:10, 5-4-3-2-1 and time's up.
var DefaultAlertMarks = []time.Duration{
	5 * time.Minute, time.Minute, 30 * time.Second, 10 * time.Second,
	5 * time.Second, 4 * time.Second, 3 * time.Second, 2 * time.Second, time.Second, 0,
}

// Alerts reports each mark once as the remaining time crosses it downward.
// A mark is crossed when the previous observation was above it and this
// one is at or below it, so a flip or added time that lifts the remaining
// time back above a mark arms it again. It is runtime state: a restored
// game primes it with the remaining time, so no missed mark is replayed.
type Alerts struct {
	marks  []time.Duration // descending
	last   time.Duration
	primed bool
}

// NewAlerts watches the given marks.
func NewAlerts(marks []time.Duration) *Alerts {
	m := slices.Clone(marks)
	slices.SortFunc(m, func(a, b time.Duration) int { return int(b - a) })
	return &Alerts{marks: slices.Compact(m)}
}

// Prime sets the remaining time without reporting anything.
func (a *Alerts) Prime(remaining time.Duration) {
	a.last, a.primed = remaining, true
}

// PrimeExpired prepares for a countdown found already run out (say after a
// restart): the next observation reports time's up once, and nothing else.
func (a *Alerts) PrimeExpired() { a.Prime(time.Nanosecond) }

// Observe reports the marks crossed since the last observation, largest
// first. The first observation only primes.
func (a *Alerts) Observe(remaining time.Duration) []time.Duration {
	if !a.primed {
		a.Prime(remaining)
		return nil
	}
	var crossed []time.Duration
	for _, m := range a.marks {
		if a.last > m && remaining <= m {
			crossed = append(crossed, m)
		}
	}
	a.last = remaining
	return crossed
}

// Next is the largest mark still ahead (below the last observation), and
// whether there is one: the instant to wake up for.
func (a *Alerts) Next() (time.Duration, bool) {
	for _, m := range a.marks {
		if m < a.last {
			return m, true
		}
	}
	return 0, false
}
