package share

import (
	"sync"
	"time"

	"boardside/timers"
)

// limiter is a token bucket per client address: rate tokens a second, up
// to burst. A client that sends faster is answered 429 while everyone
// else is served as usual.
type limiter struct {
	clock timers.Clock
	rate  float64
	burst float64

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(clock timers.Clock, rate, burst float64) *limiter {
	return &limiter{clock: clock, rate: rate, burst: burst, buckets: map[string]*bucket{}}
}

func (l *limiter) allow(client string) bool {
	now := l.clock.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[client]
	if !ok {
		if len(l.buckets) > 4096 { // forget idle clients rather than grow without end
			l.buckets = map[string]*bucket{}
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
