package timers

import (
	"errors"
	"time"
)

// Phase is where a countdown is in its life.
type Phase string

// The phases of a countdown.
const (
	Idle    Phase = "idle"    // set, not started
	Running Phase = "running" // counting down to its deadline
	Paused  Phase = "paused"  // holding its remaining time
	Expired Phase = "expired" // ran out
)

// MaxDuration bounds durations players can set.
const MaxDuration = 24 * time.Hour

// Errors a player may see, in plain words.
var (
	ErrNotIdle      = errors.New("the timer has already started; reset it first")
	ErrNotRunning   = errors.New("the timer is not running")
	ErrNotPaused    = errors.New("the timer is not paused")
	ErrIdle         = errors.New("the timer has not started yet")
	ErrExpired      = errors.New("time has already run out")
	ErrBadDuration  = errors.New("a timer must run between 1 second and 24 hours")
	ErrTakesTooMuch = errors.New("that takes away more time than is left")
)

// Countdown counts down to a deadline. While running it stores only the
// deadline, a wall-clock instant, so the remaining time is always
// deadline − now: right after a restart, a sleep, or a long gap between
// screen updates. While paused or idle it stores the remaining duration.
// It is plain data: every method takes the current instant.
type Countdown struct {
	Total    time.Duration `json:"total"`
	Left     time.Duration `json:"left"`              // remaining while idle or paused
	Deadline time.Time     `json:"deadline,omitzero"` // set while running
	Started  bool          `json:"started"`
	Running  bool          `json:"running"`
}

// NewCountdown returns an idle countdown of total.
func NewCountdown(total time.Duration) Countdown {
	return Countdown{Total: total, Left: total}
}

// Remaining is the time left at now, never below zero.
func (c Countdown) Remaining(now time.Time) time.Duration {
	if !c.Running {
		return c.Left
	}
	return max(c.Deadline.Sub(now), 0)
}

// Phase tells where the countdown is at now.
func (c Countdown) Phase(now time.Time) Phase {
	switch {
	case !c.Started:
		return Idle
	case c.Running && !now.Before(c.Deadline):
		return Expired
	case c.Running:
		return Running
	case c.Left <= 0:
		return Expired
	default:
		return Paused
	}
}

// ExpiredAt is the instant the countdown ran out, if it has by now.
func (c Countdown) ExpiredAt(now time.Time) (time.Time, bool) {
	if c.Running && !now.Before(c.Deadline) {
		return c.Deadline, true
	}
	return time.Time{}, false
}

// SetTotal changes the duration of an idle countdown.
func (c *Countdown) SetTotal(d time.Duration) error {
	if c.Started {
		return ErrNotIdle
	}
	if d < time.Second || d > MaxDuration {
		return ErrBadDuration
	}
	c.Total, c.Left = d, d
	return nil
}

// Start begins counting down from the full duration.
func (c *Countdown) Start(now time.Time) error {
	if c.Started {
		return ErrNotIdle
	}
	c.Started, c.Running = true, true
	c.Deadline = now.Add(c.Left).Round(0)
	return nil
}

// Pause holds the remaining time.
func (c *Countdown) Pause(now time.Time) error {
	switch c.Phase(now) {
	case Running:
	case Expired:
		return ErrExpired
	default:
		return ErrNotRunning
	}
	c.Left, c.Running, c.Deadline = c.Deadline.Sub(now), false, time.Time{}
	return nil
}

// Resume counts down again from the held remaining time.
func (c *Countdown) Resume(now time.Time) error {
	if c.Phase(now) != Paused {
		return ErrNotPaused
	}
	c.Running, c.Deadline, c.Left = true, now.Add(c.Left).Round(0), 0
	return nil
}

// Adjust adds time (delta > 0) or takes it away (delta < 0) while the
// countdown runs or is paused. It never makes time run out by itself.
func (c *Countdown) Adjust(now time.Time, delta time.Duration) error {
	switch c.Phase(now) {
	case Idle:
		return ErrIdle
	case Expired:
		return ErrExpired
	}
	left := c.Remaining(now) + delta
	if left <= 0 {
		return ErrTakesTooMuch
	}
	if left > MaxDuration {
		return ErrBadDuration
	}
	if c.Running {
		c.Deadline = c.Deadline.Add(delta)
	} else {
		c.Left = left
	}
	return nil
}

// Reset returns to idle with the full duration.
func (c *Countdown) Reset() { *c = NewCountdown(c.Total) }
