//go:build !js

package uristore

import "fyne.io/fyne/v2"

// useOwnIndexedDB changes nothing outside a browser.
func useOwnIndexedDB(fyne.URI) {}

// NothingSavedYet is false outside a browser: files are looked for.
func NothingSavedYet(fyne.URI) bool { return false }
