//go:build js

package app

import (
	"strings"
	"syscall/js"

	"boardside/app/jspromise"
)

// The browser's side of keeping.go.

// askKept asks the browser whether it promised to keep this origin's data
// (navigator.storage.persisted()) and answers on a goroutine of its own.
// A browser without the Storage API promised nothing.
var askKept = func(answer func(kept bool)) {
	st := js.Global().Get("navigator").Get("storage")
	if !st.Truthy() || st.Get("persisted").Type() != js.TypeFunction {
		go answer(false)
		return
	}
	p := st.Call("persisted")
	go func() {
		v, err := jspromise.Await(p)
		answer(err == nil && v.Truthy())
	}()
}

// inIOSBrowserTab is true in a browser tab on an iPhone or iPad (every iOS
// browser is Safari's engine, which deletes a page's data after a week
// unvisited), not in Boardside opened from the home screen
// (navigator.standalone). An iPad reports a Mac's user agent: it is told
// by its touch points.
var inIOSBrowserTab = func() bool {
	nav := js.Global().Get("navigator")
	if nav.Get("standalone").Truthy() {
		return false
	}
	ua := nav.Get("userAgent").String()
	ipad := strings.Contains(ua, "Macintosh") && nav.Get("maxTouchPoints").Int() > 1
	return strings.Contains(ua, "iPhone") || strings.Contains(ua, "iPad") || strings.Contains(ua, "iPod") || ipad
}
