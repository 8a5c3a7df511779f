package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestHome_Golden keeps the home screen's layout under review: a change
// shows up as a diff of testdata/home.xml and testdata/home.png.
func TestHome_Golden(t *testing.T) {
	u := newTestEnv(t).start(t)
	u.win.Resize(fyne.NewSize(800, 520))
	test.AssertRendersToMarkup(t, "home.xml", u.win.Canvas())
	test.AssertRendersToImage(t, "home.png", u.win.Canvas())
}

func TestHome_GoldenPhone(t *testing.T) {
	u := newTestEnv(t).start(t)
	u.win.Resize(fyne.NewSize(380, 720))
	test.AssertRendersToImage(t, "home_phone.png", u.win.Canvas())
}
