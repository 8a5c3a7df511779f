//go:build !js

package app

import "fyne.io/fyne/v2"

// inWindow is what goes into the window for screen: a program's window may
// grow to what its screen needs, and its driver keeps the screen on (see
// viewport_web.go for a browser's).
func (u *UI) inWindow(screen fyne.CanvasObject) fyne.CanvasObject { return screen }
