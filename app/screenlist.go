package app

import screenlist "boardside/app/screen"

// ScreenList lists what the window shows and where (see package boardside/app/screen):
// what a test in a browser taps and reads, and what the layout check
// measures. Fyne goroutine only.
func (u *UI) ScreenList() []screenlist.Item {
	return screenlist.List(u.Win.Canvas(), u.app.Driver().AbsolutePositionForObject)
}
