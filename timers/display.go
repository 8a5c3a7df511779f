package timers

import (
	"fmt"
	"time"
)

// FormatRemaining shows a countdown as m:ss (h:mm:ss from an hour), rounding
// up, so a fresh 20-minute timer reads 20:00 and 0:00 means time is up.
func FormatRemaining(d time.Duration) string {
	return formatSeconds(int64((d + time.Second - 1) / time.Second))
}

// FormatElapsed shows a stopwatch as m:ss (h:mm:ss from an hour), rounding
// down, as stopwatches do: 0:10 appears when ten seconds have passed.
func FormatElapsed(d time.Duration) string {
	return formatSeconds(int64(d / time.Second))
}

func formatSeconds(s int64) string {
	if s < 0 {
		s = 0
	}
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// UntilRemainingChanges is how long until FormatRemaining(remaining) shows
// something else, with remaining falling at real speed.
func UntilRemainingChanges(remaining time.Duration) time.Duration {
	if remaining <= 0 {
		return 0
	}
	return remaining - (remaining-1)/time.Second*time.Second
}

// UntilElapsedChanges is how long until FormatElapsed(elapsed) changes.
func UntilElapsedChanges(elapsed time.Duration) time.Duration {
	return time.Second - elapsed%time.Second
}
