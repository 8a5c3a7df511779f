package share

import (
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"boardside/timers"
)

// maxClients is how many client addresses a limiter remembers; past that
// it forgets those that are back to a full bucket (they lose nothing).
const maxClients = 4096

// limiter is a token bucket per client address (golang.org/x/time/rate):
// rate tokens a second, up to burst. A client that goes faster is refused
// while everyone else is served as usual. Time is the clock's, so tests
// can drive it.
type limiter struct {
	clock timers.Clock
	rate  rate.Limit
	burst int

	mu      sync.Mutex
	buckets map[string]*rate.Limiter
}

func newLimiter(clock timers.Clock, perSecond, burst float64) *limiter {
	return &limiter{
		clock: clock, rate: rate.Limit(perSecond), burst: max(1, int(burst)),
		buckets: map[string]*rate.Limiter{},
	}
}

// bucket returns client's bucket, made full the first time.
func (l *limiter) bucket(client string, now time.Time) *rate.Limiter {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[client]
	if !ok {
		if len(l.buckets) >= maxClients {
			l.forget(now)
		}
		b = rate.NewLimiter(l.rate, l.burst)
		l.buckets[client] = b
	}
	return b
}

// forget drops the buckets that are full again, or all of them when every
// client is still busy, rather than grow without end.
func (l *limiter) forget(now time.Time) {
	for c, b := range l.buckets {
		if b.TokensAt(now) >= float64(l.burst) {
			delete(l.buckets, c)
		}
	}
	if len(l.buckets) >= maxClients {
		clear(l.buckets)
	}
}

// allow takes a token from client's bucket, and reports whether there was
// one.
func (l *limiter) allow(client string) bool {
	now := l.clock.Now()
	return l.bucket(client, now).AllowN(now, 1)
}

// wait is how long client must wait before its bucket holds a token again:
// 0 when it holds one now. It takes nothing.
func (l *limiter) wait(client string) time.Duration {
	now := l.clock.Now()
	tokens := l.bucket(client, now).TokensAt(now)
	if tokens >= 1 {
		return 0
	}
	if l.rate <= 0 {
		return time.Duration(math.MaxInt64)
	}
	return time.Duration((1 - tokens) / float64(l.rate) * float64(time.Second))
}
