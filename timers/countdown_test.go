package timers

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const min20 = 20 * time.Minute

// step is one thing done to a timer at an offset from epoch.
type step struct {
	at  time.Duration
	do  func(c *Countdown, now time.Time) error
	err error
}

func start(c *Countdown, now time.Time) error  { return c.Start(now) }
func pause(c *Countdown, now time.Time) error  { return c.Pause(now) }
func resume(c *Countdown, now time.Time) error { return c.Resume(now) }
func adjust(d time.Duration) func(*Countdown, time.Time) error {
	return func(c *Countdown, now time.Time) error { return c.Adjust(now, d) }
}
func setTotal(d time.Duration) func(*Countdown, time.Time) error {
	return func(c *Countdown, _ time.Time) error { return c.SetTotal(d) }
}

func TestCountdown_Rules(t *testing.T) {
	tests := []struct {
		name      string
		steps     []step
		at        time.Duration
		remaining time.Duration
		phase     Phase
	}{
		{name: "idle holds its full duration", at: time.Hour, remaining: min20, phase: Idle},
		{name: "running counts down from the deadline", steps: []step{{do: start}}, at: 90 * time.Second, remaining: min20 - 90*time.Second, phase: Running},
		{name: "a running timer expires at its deadline", steps: []step{{do: start}}, at: min20, remaining: 0, phase: Expired},
		{name: "remaining never goes below zero", steps: []step{{do: start}}, at: 2 * min20, remaining: 0, phase: Expired},
		{name: "pause holds the remaining time", steps: []step{{do: start}, {at: time.Minute, do: pause}}, at: time.Hour, remaining: 19 * time.Minute, phase: Paused},
		{name: "resume continues from what was held", steps: []step{{do: start}, {at: time.Minute, do: pause}, {at: 10 * time.Minute, do: resume}}, at: 11 * time.Minute, remaining: 18 * time.Minute, phase: Running},
		{name: "adding time moves the deadline", steps: []step{{do: start}, {at: time.Minute, do: adjust(time.Minute)}}, at: 2 * time.Minute, remaining: 19 * time.Minute, phase: Running},
		{name: "taking time away while paused", steps: []step{{do: start}, {at: time.Minute, do: pause}, {at: time.Minute, do: adjust(-4 * time.Minute)}}, at: time.Hour, remaining: 15 * time.Minute, phase: Paused},
		{name: "taking away more than is left is refused", steps: []step{{do: start}, {at: 19 * time.Minute, do: adjust(-time.Minute), err: ErrTakesTooMuch}}, at: 19 * time.Minute, remaining: time.Minute, phase: Running},
		{name: "no adjusting before the start", steps: []step{{do: adjust(time.Minute), err: ErrIdle}}, remaining: min20, phase: Idle},
		{name: "no adjusting after time ran out", steps: []step{{do: start}, {at: min20, do: adjust(time.Minute), err: ErrExpired}}, at: min20, remaining: 0, phase: Expired},
		{name: "no pausing after time ran out", steps: []step{{do: start}, {at: min20 + time.Second, do: pause, err: ErrExpired}}, at: min20 + time.Second, remaining: 0, phase: Expired},
		{name: "pause only while running", steps: []step{{do: pause, err: ErrNotRunning}}, remaining: min20, phase: Idle},
		{name: "resume only while paused", steps: []step{{do: start}, {do: resume, err: ErrNotPaused}}, remaining: min20, phase: Running},
		{name: "start only once", steps: []step{{do: start}, {at: time.Second, do: start, err: ErrNotIdle}}, at: time.Second, remaining: min20 - time.Second, phase: Running},
		{name: "duration editable before the start", steps: []step{{do: setTotal(15 * time.Minute)}}, remaining: 15 * time.Minute, phase: Idle},
		{name: "duration not editable once started", steps: []step{{do: start}, {do: setTotal(time.Minute), err: ErrNotIdle}}, remaining: min20, phase: Running},
		{name: "durations outside 1 s to 24 h are refused", steps: []step{{do: setTotal(0), err: ErrBadDuration}, {do: setTotal(25 * time.Hour), err: ErrBadDuration}}, remaining: min20, phase: Idle},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewCountdown(min20)
			for i, s := range tt.steps {
				err := s.do(&c, epoch.Add(s.at))
				if s.err != nil {
					assert.ErrorIs(t, err, s.err, "step %d", i)
				} else {
					require.NoError(t, err, "step %d", i)
				}
			}
			now := epoch.Add(tt.at)
			assert.Equal(t, tt.remaining, c.Remaining(now))
			assert.Equal(t, tt.phase, c.Phase(now))
		})
	}
}

func TestCountdown_ResetReturnsToIdle(t *testing.T) {
	c := NewCountdown(min20)
	require.NoError(t, c.Start(epoch))
	c.Reset()
	assert.Equal(t, Idle, c.Phase(epoch.Add(time.Hour)))
	assert.Equal(t, min20, c.Remaining(epoch.Add(time.Hour)))
}

func TestCountdown_ExpiredAt(t *testing.T) {
	c := NewCountdown(min20)
	require.NoError(t, c.Start(epoch))
	_, ok := c.ExpiredAt(epoch.Add(min20 - time.Nanosecond))
	assert.False(t, ok)
	at, ok := c.ExpiredAt(epoch.Add(3 * time.Hour))
	assert.True(t, ok)
	assert.Equal(t, epoch.Add(min20), at, "the instant it ran out, however late it is noticed")
}

// TestCountdown_RestoreContinuesAfterRestart saves a running timer as JSON,
// "closes the app" for a while and restores it.
func TestCountdown_RestoreContinuesAfterRestart(t *testing.T) {
	c := NewCountdown(min20)
	require.NoError(t, c.Start(epoch))
	saved, err := json.Marshal(c)
	require.NoError(t, err)

	var restored Countdown
	require.NoError(t, json.Unmarshal(saved, &restored))
	now := epoch.Add(7*time.Minute + 30*time.Second)
	assert.Equal(t, 12*time.Minute+30*time.Second, restored.Remaining(now))
	assert.Equal(t, Running, restored.Phase(now))

	// Closed past the deadline: it shows when time ran out.
	later := epoch.Add(time.Hour)
	assert.Equal(t, Expired, restored.Phase(later))
	at, ok := restored.ExpiredAt(later)
	require.True(t, ok)
	assert.Equal(t, "20:20:00", at.Format("15:04:05"))
}

func TestCountdown_DeadlineHasNoMonotonicReading(t *testing.T) {
	c := NewCountdown(min20)
	require.NoError(t, c.Start(time.Now()))
	assert.Equal(t, c.Deadline.Round(0).String(), c.Deadline.String())
}

// TestCountdown_TwentyMinutesOnTheFakeClockIsExact drives a countdown
// second by second: no drift can build up because nothing is counted.
func TestCountdown_TwentyMinutesOnTheFakeClockIsExact(t *testing.T) {
	clock := NewFake(epoch)
	c := NewCountdown(min20)
	require.NoError(t, c.Start(clock.Now()))
	for i := 1; i <= 1200; i++ {
		clock.Advance(time.Second)
		require.Equal(t, min20-time.Duration(i)*time.Second, c.Remaining(clock.Now()))
	}
	assert.Equal(t, Expired, c.Phase(clock.Now()))
}

func TestCountdown_View(t *testing.T) {
	c := NewCountdown(min20)
	assert.Equal(t, View{TotalMs: 1_200_000, LeftMs: 1_200_000}, c.View())
	require.NoError(t, c.Start(epoch))
	assert.Equal(t, View{TotalMs: 1_200_000, DeadlineMs: epoch.Add(min20).UnixMilli(), Started: true, Running: true}, c.View())
	require.NoError(t, c.Pause(epoch.Add(time.Minute)))
	assert.Equal(t, View{TotalMs: 1_200_000, LeftMs: 1_140_000, Started: true}, c.View())
}
