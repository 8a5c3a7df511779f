package timers

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var epoch = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

func TestFake_RunsDueCallbacksInDeadlineOrder(t *testing.T) {
	c := NewFake(epoch)
	var got []string
	var at []time.Duration
	c.AfterFunc(3*time.Second, func() { got = append(got, "third"); at = append(at, c.Now().Sub(epoch)) })
	c.AfterFunc(1*time.Second, func() { got = append(got, "first"); at = append(at, c.Now().Sub(epoch)) })
	c.AfterFunc(2*time.Second, func() { got = append(got, "second"); at = append(at, c.Now().Sub(epoch)) })

	c.Advance(2500 * time.Millisecond)
	assert.Equal(t, []string{"first", "second"}, got)
	assert.Equal(t, []time.Duration{time.Second, 2 * time.Second}, at)
	assert.Equal(t, epoch.Add(2500*time.Millisecond), c.Now())
	assert.Equal(t, 1, c.Pending())

	c.Advance(time.Second)
	assert.Equal(t, []string{"first", "second", "third"}, got)
}

func TestFake_StopCancels(t *testing.T) {
	c := NewFake(epoch)
	ran := false
	s := c.AfterFunc(time.Second, func() { ran = true })
	require.True(t, s.Stop())
	assert.False(t, s.Stop(), "a second Stop has nothing left to cancel")
	c.Advance(time.Minute)
	assert.False(t, ran)
}

func TestFake_CallbackMayScheduleAnother(t *testing.T) {
	c := NewFake(epoch)
	n := 0
	var tick func()
	tick = func() {
		n++
		c.AfterFunc(time.Second, tick)
	}
	c.AfterFunc(time.Second, tick)
	c.Advance(10 * time.Second)
	assert.Equal(t, 10, n)
}

func TestSystem_NowHasNoMonotonicReading(t *testing.T) {
	now := System{}.Now()
	assert.Equal(t, now.String(), now.Round(0).String())
}
