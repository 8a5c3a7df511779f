package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
)

// slideFinger moves a finger across s from x0 to x1 in 10 px steps, as
// Fyne reports a drag: where the finger is, and how far it moved since the
// last report; then lifts it.
func slideFinger(s *slideLock, x0, x1 float32) {
	step := float32(10)
	if x1 < x0 {
		step = -10
	}
	y := s.Size().Height / 2
	for x := x0; (x1-x)*step > 0; {
		next := x + step
		if (x1-next)*step < 0 {
			next = x1
		}
		s.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(next, y)}, Dragged: fyne.NewDelta(next-x, 0)})
		x = next
	}
	s.DragEnd()
}

// TestSlideLock_OnlyAWholeSlideFromTheKnobOpens is the privacy cover's
// promise: a tap, a half slide, or a slide that does not start on the
// knob leaves it shut.
func TestSlideLock_OnlyAWholeSlideFromTheKnobOpens(t *testing.T) {
	test.NewTempApp(t)
	opened := 0
	s := newSlideLock("Slide to the right to show", func() { opened++ })
	w := test.NewWindow(s)
	defer w.Close()
	w.Resize(fyne.NewSize(320, 48))
	s.Resize(fyne.NewSize(320, 48))
	assert.GreaterOrEqual(t, s.MinSize().Height, float32(44), "a finger's height")

	for _, x := range []float32{20, 160, 300, 319} {
		test.TapCanvas(w.Canvas(), fyne.NewPos(x, 24))
	}
	assert.Zero(t, opened, "taps, even at the right end, do not open it")

	slideFinger(s, 20, 200)
	assert.Zero(t, opened, "half way and let go")
	assert.Zero(t, s.knobAt, "the knob went back")

	slideFinger(s, 100, 319)
	assert.Zero(t, opened, "a slide that starts beside the knob moves nothing")

	slideFinger(s, 300, 20)
	slideFinger(s, 20, 319)
	assert.Equal(t, 1, opened, "the knob taken from the left end to the right")
	assert.Zero(t, s.knobAt, "and back at the start for next time")
}
