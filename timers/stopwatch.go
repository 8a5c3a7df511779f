package timers

import "time"

// Stopwatch measures elapsed time from a start instant. Like Countdown it
// stores instants, not counts, and is plain data.
type Stopwatch struct {
	Since   time.Time     `json:"since,omitzero"` // start of the running stretch
	Before  time.Duration `json:"before"`         // elapsed in earlier stretches
	Running bool          `json:"running"`
}

// Elapsed is the time measured at now.
func (s Stopwatch) Elapsed(now time.Time) time.Duration {
	if !s.Running {
		return s.Before
	}
	return s.Before + max(now.Sub(s.Since), 0)
}

// Start runs the stopwatch (again) from now.
func (s *Stopwatch) Start(now time.Time) {
	if !s.Running {
		s.Since, s.Running = now.Round(0), true
	}
}

// Pause holds the elapsed time.
func (s *Stopwatch) Pause(now time.Time) {
	if s.Running {
		s.Before, s.Running, s.Since = s.Elapsed(now), false, time.Time{}
	}
}

// Reset returns to zero, stopped.
func (s *Stopwatch) Reset() { *s = Stopwatch{} }

// Marks reports every multiple of Every that elapsed time crosses.
// Marks crossed in one gap (the app asleep, the phone locked) are reported
// together, once each and in order, so the caller can signal them with a
// single sound instead of a burst.
type Marks struct {
	Every time.Duration
	last  int64 // number of the last reported mark
}

// NewMarks reports a mark every d, starting after elapsed.
func NewMarks(every, elapsed time.Duration) *Marks {
	return &Marks{Every: every, last: int64(elapsed / every)}
}

// Observe returns the numbers of the marks crossed since the last call
// (mark n is at n·Every).
func (m *Marks) Observe(elapsed time.Duration) []int64 {
	n := int64(elapsed / m.Every)
	if n <= m.last {
		if n < m.last { // the stopwatch was reset or undone: follow it down
			m.last = n
		}
		return nil
	}
	out := make([]int64, 0, n-m.last)
	for k := m.last + 1; k <= n; k++ {
		out = append(out, k)
	}
	m.last = n
	return out
}

// UntilNext is the time from elapsed to the next mark.
func (m *Marks) UntilNext(elapsed time.Duration) time.Duration {
	return m.Every - elapsed%m.Every
}
