//go:build !js

package app

// A program keeps its files itself: there is nothing to ask and nothing
// to say (keeping.go). Tests replace these to show what a browser shows.

// askKept never answers: a program's data is its own.
var askKept = func(answer func(kept bool)) {}

// inIOSBrowserTab is false: a program is not a page in Safari.
var inIOSBrowserTab = func() bool { return false }
