//go:build !js

package app

import "fyne.io/fyne/v2/lang"

// newRTCJoiner is nil: a program joins tables over HTTP (join.go); a
// browser-hosted table's link is for a browser, which speaks WebRTC.
func newRTCJoiner() rtcJoiner { return nil }

// noRTCJoin says why this copy does not join a browser-hosted table.
func noRTCJoin() string {
	return lang.L("This link is for a browser: open it in the phone's browser.")
}
