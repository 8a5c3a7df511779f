package app

import "fyne.io/fyne/v2"

// safeArea lays the window's content out inside its insets: in a browser,
// the page's env(safe-area-inset-*), where a phone's notch, rounded
// corners and home indicator are (viewport_web.go reads them). The window
// itself, Fyne's canvas, fills the whole screen, so the app's background
// runs under the notch; only what the screen shows, and what a finger
// taps, keeps clear of it. (The canvas cannot simply be laid inside the
// safe area by the page's CSS: Fyne's web driver takes a tap's position
// from the page's corner, not the canvas's, so every tap would land off by
// the inset.)
type safeArea struct {
	top, right, bottom, left float32
}

// set takes new insets and tells whether they differ from the last.
func (s *safeArea) set(top, right, bottom, left float32) bool {
	n := safeArea{top, right, bottom, left}
	if n == *s {
		return false
	}
	*s = n
	return true
}

func (s *safeArea) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(s.left, s.top))
		o.Resize(fyne.NewSize(max(size.Width-s.left-s.right, 0), max(size.Height-s.top-s.bottom, 0)))
	}
}

func (s *safeArea) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objects {
		if o.Visible() {
			m = m.Max(o.MinSize())
		}
	}
	return m.Add(fyne.NewSize(s.left+s.right, s.top+s.bottom))
}
