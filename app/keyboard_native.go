//go:build !js

package app

// A program's keyboards reach Fyne's entries directly: see keyboard_web.go
// for the browser, where they need the page's help.

func (u *UI) watchTyping() {}
