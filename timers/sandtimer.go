package timers

import (
	"errors"
	"time"
)

// ErrRunOut is returned when a sand timer is flipped after it ran out.
var ErrRunOut = errors.New("the sand has run out; the timer cannot be flipped any more")

// SandTimer is a countdown that can be turned over: the sand that has run
// through becomes the sand still to run, remaining' = total − remaining.
type SandTimer struct {
	Countdown
}

// NewSandTimer returns an idle sand timer with all sand in the top bulb.
func NewSandTimer(total time.Duration) SandTimer {
	return SandTimer{Countdown: NewCountdown(total)}
}

// Flip turns the timer over. Flipping an idle timer starts it (games begin
// by turning the sand timer over); a paused timer stays paused.
func (s *SandTimer) Flip(now time.Time) error {
	switch s.Phase(now) {
	case Idle:
		return s.Start(now)
	case Expired:
		return ErrRunOut
	case Paused:
		s.Left = s.Total - s.Left
		if s.Left <= 0 { // flipped a full top bulb: nothing to run
			s.Left = 0
		}
	case Running:
		// deadline' = now + (total − (deadline − now)) = 2·now + total − deadline
		s.Deadline = now.Add(s.Total - s.Deadline.Sub(now)).Round(0)
	}
	return nil
}

// Fraction is the share of sand still in the top bulb at now, 0 to 1.
func (s SandTimer) Fraction(now time.Time) float64 {
	if s.Total <= 0 {
		return 0
	}
	return float64(s.Remaining(now)) / float64(s.Total)
}
