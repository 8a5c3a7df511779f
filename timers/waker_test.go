package timers

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestWaker_LaterRequestReplacesEarlier(t *testing.T) {
	c := NewFake(epoch)
	var at []time.Duration
	w := NewWaker(c, func() { at = append(at, c.Now().Sub(epoch)) })
	w.After(5 * time.Second)
	w.After(2 * time.Second)
	c.Advance(10 * time.Second)
	assert.Equal(t, []time.Duration{2 * time.Second}, at)
}

func TestWaker_CallbackCanAskAgain(t *testing.T) {
	c := NewFake(epoch)
	n := 0
	var w *Waker
	w = NewWaker(c, func() {
		n++
		if n < 5 {
			w.After(time.Second)
		}
	})
	w.After(time.Second)
	c.Advance(time.Minute)
	assert.Equal(t, 5, n)
}

func TestWaker_Stop(t *testing.T) {
	c := NewFake(epoch)
	n := 0
	w := NewWaker(c, func() { n++ })
	w.After(time.Second)
	w.Stop()
	c.Advance(time.Minute)
	assert.Equal(t, 0, n)
	assert.Equal(t, 0, c.Pending())
}
