package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
)

// TestSafeArea_TheScreenKeepsClearOfTheInsets: a phone's notch on top and
// home indicator below (upright), then the notch at the side (on its
// side): the screen held in the window lies inside what is left, and the
// window does not grow for it.
func TestSafeArea_TheScreenKeepsClearOfTheInsets(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("safe")
	w.SetPadded(false) // the insets alone, without the window's own padding
	t.Cleanup(w.Close)
	flip := widget.NewButton("Flip", func() {})
	screen := container.NewBorder(nil, flip, nil, nil, widget.NewLabel("Mission 1"))
	s := &safeArea{}
	framed := container.New(s, newViewport(screen))
	w.SetContent(framed)
	w.Resize(fyne.NewSize(390, 844))

	assert.False(t, s.set(0, 0, 0, 0), "no insets: nothing changed")
	assert.Equal(t, fyne.NewPos(0, 0), a.Driver().AbsolutePositionForObject(screen))

	assert.True(t, s.set(47, 0, 34, 0))
	framed.Refresh()
	assert.Equal(t, fyne.NewPos(0, 47), a.Driver().AbsolutePositionForObject(screen))
	assert.Equal(t, fyne.NewSize(390, 844-47-34), screen.Size())
	p := a.Driver().AbsolutePositionForObject(flip)
	assert.LessOrEqual(t, p.Y+flip.Size().Height, float32(844-34), "Flip above the home indicator")

	assert.True(t, s.set(0, 47, 21, 47))
	w.Resize(fyne.NewSize(844, 390))
	framed.Refresh()
	assert.Equal(t, fyne.NewPos(47, 0), a.Driver().AbsolutePositionForObject(screen))
	assert.Equal(t, fyne.NewSize(844-94, 390-21), screen.Size())
	assert.Equal(t, fyne.NewSize(844, 390), w.Canvas().Size(), "the window keeps the page's size")
}
