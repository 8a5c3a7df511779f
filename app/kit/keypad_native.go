//go:build !js

package kit

// keypad: a native Fyne entry picks its own keyboard (see keypad_web.go
// for the browser's).
func keypad(string) {}
