// Package apptest is what the tests of the app's screens share: a test
// app with a fake clock and storage, finding and tapping widgets, switching
// the language, and the two checks every screen must pass, the layout
// check (devices.md's rules at phone and tablet sizes) and the German
// check (no English text on a German screen). It imports no screen, so the
// shell's tests and each game's tests use it alike.
package apptest
