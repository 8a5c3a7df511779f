package timers

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestFormatRemaining(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{20 * time.Minute, "20:00"},
		{20*time.Minute - time.Nanosecond, "20:00"},
		{19*time.Minute + 59*time.Second, "19:59"},
		{time.Millisecond, "0:01"},
		{0, "0:00"},
		{-time.Second, "0:00"},
		{time.Hour + 2*time.Minute + 3*time.Second, "1:02:03"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, FormatRemaining(tt.d), "%v", tt.d)
	}
}

func TestFormatElapsed(t *testing.T) {
	assert.Equal(t, "0:09", FormatElapsed(9999*time.Millisecond))
	assert.Equal(t, "0:10", FormatElapsed(10*time.Second))
}

func TestUntilChanges(t *testing.T) {
	assert.Equal(t, time.Second, UntilRemainingChanges(20*time.Minute), "20:00 → 19:59 after a second")
	assert.Equal(t, 300*time.Millisecond, UntilRemainingChanges(5*time.Second+300*time.Millisecond))
	assert.Equal(t, time.Duration(0), UntilRemainingChanges(0))
	assert.Equal(t, 700*time.Millisecond, UntilElapsedChanges(2*time.Second+300*time.Millisecond))

	// The text really changes at that instant, and not before.
	for _, r := range []time.Duration{20 * time.Minute, 5*time.Second + 300*time.Millisecond, 1500 * time.Millisecond} {
		d := UntilRemainingChanges(r)
		assert.Equal(t, FormatRemaining(r), FormatRemaining(r-d+time.Nanosecond))
		assert.NotEqual(t, FormatRemaining(r), FormatRemaining(r-d))
	}
}
