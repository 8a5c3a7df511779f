//go:build !js

package uristore

import "fyne.io/fyne/v2"

// writeInOneTransaction changes nothing outside a browser.
func writeInOneTransaction(fyne.URI) {}

// listAll cannot list outside a browser; asking a disk is cheap.
func listAll(fyne.URI) (map[string]bool, bool) { return nil, false }
