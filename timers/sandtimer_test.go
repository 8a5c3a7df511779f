package timers

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sand = 3 * time.Minute

func TestSandTimer_Flip(t *testing.T) {
	tests := []struct {
		name      string
		prepare   func(s *SandTimer)
		flipAt    time.Duration
		err       error
		at        time.Duration
		remaining time.Duration
		phase     Phase
	}{
		{name: "flipping an idle timer starts it", prepare: func(*SandTimer) {}, flipAt: 0, at: time.Minute, remaining: 2 * time.Minute, phase: Running},
		{name: "a running flip turns elapsed into remaining", prepare: func(s *SandTimer) { _ = s.Flip(epoch) },
			flipAt: 2*time.Minute + 10*time.Second, at: 2*time.Minute + 10*time.Second, remaining: 2*time.Minute + 10*time.Second, phase: Running},
		{name: "a flip can shorten the time (rule: flip anyway)", prepare: func(s *SandTimer) { _ = s.Flip(epoch) },
			flipAt: 30 * time.Second, at: 30 * time.Second, remaining: 30 * time.Second, phase: Running},
		{name: "a paused flip stays paused", prepare: func(s *SandTimer) { _ = s.Flip(epoch); _ = s.Pause(epoch.Add(time.Minute)) },
			flipAt: 5 * time.Minute, at: 10 * time.Minute, remaining: time.Minute, phase: Paused},
		{name: "no flip once the sand has run out", prepare: func(s *SandTimer) { _ = s.Flip(epoch) },
			flipAt: sand, err: ErrRunOut, at: sand, remaining: 0, phase: Expired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSandTimer(sand)
			tt.prepare(&s)
			err := s.Flip(epoch.Add(tt.flipAt))
			if tt.err != nil {
				assert.ErrorIs(t, err, tt.err)
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, tt.remaining, s.Remaining(epoch.Add(tt.at)))
			assert.Equal(t, tt.phase, s.Phase(epoch.Add(tt.at)))
		})
	}
}

func TestSandTimer_TwoFlipsInARowRestoreTheTime(t *testing.T) {
	s := NewSandTimer(sand)
	require.NoError(t, s.Flip(epoch))
	now := epoch.Add(40 * time.Second)
	before := s.Remaining(now)
	require.NoError(t, s.Flip(now))
	require.NoError(t, s.Flip(now))
	assert.Equal(t, before, s.Remaining(now))
}

func TestSandTimer_Fraction(t *testing.T) {
	s := NewSandTimer(sand)
	assert.Equal(t, 1.0, s.Fraction(epoch))
	require.NoError(t, s.Flip(epoch))
	assert.InDelta(t, 0.5, s.Fraction(epoch.Add(90*time.Second)), 1e-9)
	assert.Equal(t, 0.0, s.Fraction(epoch.Add(time.Hour)))
}
