//go:build !js

package app

// watchFirstFrame has no page to watch outside a browser.
func watchFirstFrame() {}

// afterFirstFrame says a program does not wait for its first frame: its
// start reads the saves before it (firstframe_web.go).
func afterFirstFrame(func()) bool { return false }
