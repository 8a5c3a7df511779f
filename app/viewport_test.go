package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	screenlist "boardside/app/screen"
)

// TestViewport_TheWindowKeepsItsSizeWhateverTheScreenNeeds is the browser's
// rule that the window is the page: a line that does not wrap, wider than
// the phone, leaves the window as wide as it was (held in a viewport,
// Fyne would otherwise grow it), the screen scrolls inside instead, and
// the screen list shows the buttons it pushed off the window as outside
// it, so the layout check finds the line.
func TestViewport_TheWindowKeepsItsSizeWhateverTheScreenNeeds(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("viewport")
	t.Cleanup(w.Close)
	banner := widget.NewLabel("")
	undo := widget.NewButton("Undo", func() {})
	screen := container.NewBorder(container.NewHBox(layout.NewSpacer(), undo), nil, nil, nil, banner)
	w.SetContent(newViewport(screen))
	w.Resize(fyne.NewSize(412, 600))
	list := func() []screenlist.Item { return screenlist.List(w.Canvas(), a.Driver().AbsolutePositionForObject) }

	it, ok := apptest.Find(list(), "button", "Undo")
	require.True(t, ok)
	assert.InDelta(t, 412, it.X+it.W, 8, "Undo at the right edge")
	assert.NotContains(t, apptest.Violations(list(), fyne.NewSize(412, 600)), `button "Undo" lies outside the window`)

	banner.SetText("Talk now, until someone acts — a line of a length that never wraps on a phone")
	require.Greater(t, screen.MinSize().Width, float32(412), "the screen now needs more than the phone")
	relayout(w, fyne.NewSize(412, 600))
	assert.Equal(t, fyne.NewSize(412, 600), w.Canvas().Size(), "the window is the page's size, not the screen's")
	it, _ = apptest.Find(list(), "button", "Undo")
	assert.Greater(t, it.X+it.W, float32(412), "Undo went off the window, as a player would see it")
	assert.False(t, it.Scrolled, "the viewport does not count as a scroll that reaches it")
	assert.Contains(t, apptest.Violations(list(), fyne.NewSize(412, 600)), `button "Undo" lies outside the window`)

	banner.SetText("Talk now")
	relayout(w, fyne.NewSize(412, 600))
	it, _ = apptest.Find(list(), "button", "Undo")
	assert.InDelta(t, 412, it.X+it.W, 8, "Undo back at the right edge once the line is short again")
}

// relayout lays the window out again at size, as a frame of a real driver
// does after a text changed (the test driver lays out on a resize only).
func relayout(w fyne.Window, size fyne.Size) {
	w.Resize(size.AddWidthHeight(1, 0))
	w.Resize(size)
}
