//go:build js

package app

import "fyne.io/fyne/v2"

// inWindow is what goes into the window for screen: in a browser the
// window is the page, so the screen is held in a viewport that never makes
// it grow (viewport.go).
func inWindow(screen fyne.CanvasObject) fyne.CanvasObject { return newViewport(screen) }
