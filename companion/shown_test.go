package companion

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/timers"
)

func TestShown_ATapActsOnTheVersionDrawnWhenTheFingerWentDown(t *testing.T) {
	clock := timers.NewFake(epoch)
	s := NewShown(clock)
	s.Draw(4)
	s.Means("flip", "3 markers")
	press := s.Down("flip")
	s.Draw(5) // a change to another button's part arrives under the finger
	s.Means("flip", "3 markers")
	v, err := press.Up()
	require.NoError(t, err)
	assert.Equal(t, uint64(4), v, "the version on screen when the finger went down")

	v, err = s.Tap("flip")
	require.NoError(t, err)
	assert.Equal(t, uint64(5), v, "a later tap acts on what is drawn now")
}

func TestShown_AChangeMadeElsewhereReArmsTheButtonsItChanged(t *testing.T) {
	clock := timers.NewFake(epoch)
	s := NewShown(clock)
	s.Draw(4)
	s.Means("flip", "3 markers")
	s.Means("pause", "running")

	s.Draw(5) // another phone flipped
	s.Means("flip", "2 markers")
	s.Means("pause", "running")
	_, err := s.Tap("flip")
	assert.ErrorIs(t, err, ErrFaster, "Flip just changed under the player's eyes")
	v, err := s.Tap("pause")
	require.NoError(t, err, "Pause means what it meant")
	assert.Equal(t, uint64(5), v)

	clock.Advance(ArmTime - time.Millisecond)
	_, err = s.Tap("flip")
	assert.ErrorIs(t, err, ErrFaster)
	clock.Advance(time.Millisecond)
	v, err = s.Tap("flip")
	require.NoError(t, err, "half a second later the player has seen the new sand")
	assert.Equal(t, uint64(5), v)
}

func TestShown_AChangeUnderTheFingerStopsTheTapHoweverLongItIsHeld(t *testing.T) {
	clock := timers.NewFake(epoch)
	s := NewShown(clock)
	s.Draw(4)
	s.Means("undo", "flip 4")
	press := s.Down("undo")
	s.Draw(5)
	s.Means("undo", "flip 5")
	clock.Advance(2 * ArmTime)
	_, err := press.Up()
	assert.ErrorIs(t, err, ErrFaster, "the finger went down on another Undo")
}

func TestShown_OwnChangesReArmNothing(t *testing.T) {
	clock := timers.NewFake(epoch)
	s := NewShown(clock)
	s.Draw(4)
	s.Means("flip", "3 markers")
	v, err := s.Tap("flip")
	require.NoError(t, err)
	s.Acted(v)
	assert.Equal(t, uint64(5), s.Version(), "the next tap builds on the player's own action, drawn or not")

	s.Draw(5) // its own flip, drawn
	s.Means("flip", "2 markers")
	v, err = s.Tap("flip")
	require.NoError(t, err, "this phone's own change")
	assert.Equal(t, uint64(5), v)

	// The event of its own change drawn before the answer that says so.
	s.Draw(6)
	s.Means("flip", "1 marker")
	s.Acted(5)
	_, err = s.Tap("flip")
	require.NoError(t, err)
}

// A refusal carries the state that refused it: the session's, not the
// streams' copy, which the session updates only after releasing its lock.
