package kit

import (
	"testing"

	"boardside/app/apptest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
)

// TestSlideLock_OnlyAWholeSlideFromTheKnobOpens is the privacy cover's
// promise: a tap, a half slide, or a slide that does not start on the
// knob leaves it shut.
func TestSlideLock_OnlyAWholeSlideFromTheKnobOpens(t *testing.T) {
	test.NewTempApp(t)
	opened := 0
	s := NewSlideLock("Slide to the right to show", func() { opened++ })
	w := test.NewWindow(s)
	defer w.Close()
	w.Resize(fyne.NewSize(320, 48))
	s.Resize(fyne.NewSize(320, 48))
	assert.GreaterOrEqual(t, s.MinSize().Height, float32(44), "a finger's height")

	for _, x := range []float32{20, 160, 300, 319} {
		test.TapCanvas(w.Canvas(), fyne.NewPos(x, 24))
	}
	assert.Zero(t, opened, "taps, even at the right end, do not open it")

	apptest.SlideFinger(s, 20, 200)
	assert.Zero(t, opened, "half way and let go")
	assert.Zero(t, s.knobAt, "the knob went back")

	apptest.SlideFinger(s, 100, 319)
	assert.Zero(t, opened, "a slide that starts beside the knob moves nothing")

	apptest.SlideFinger(s, 300, 20)
	apptest.SlideFinger(s, 20, 319)
	assert.Equal(t, 1, opened, "the knob taken from the left end to the right")
	assert.Zero(t, s.knobAt, "and back at the start for next time")
}
