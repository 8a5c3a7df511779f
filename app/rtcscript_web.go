//go:build js

package app

import (
	"sync"
	"syscall/js"

	"boardside/app/jspromise"
)

// The page's WebRTC link, assets/web/rtc.js, which the web build puts
// beside the quick viewer in j/: loaded on first use by a host
// (tablehost_web.go) or a joining app (joinrtc_web.go), so the first
// screen never waits for it.

// viewerBase is the quick viewer's address beside this page, which a
// device's link opens and rtc.js is loaded from.
func viewerBase() string {
	return js.Global().Get("URL").New("j/", js.Global().Get("document").Get("baseURI")).Get("href").String()
}

// rtcLoading lets one load run at a time: a host's Offer and Accept, or a
// join, may each start it.
var rtcLoading sync.Mutex

// loadRTC loads rtc.js once; it returns when BoardsideRTC is defined.
func loadRTC() error {
	rtcLoading.Lock()
	defer rtcLoading.Unlock()
	if js.Global().Get("BoardsideRTC").Truthy() {
		return nil
	}
	doc := js.Global().Get("document")
	s := doc.Call("createElement", "script")
	s.Set("src", viewerBase()+"rtc.js")
	loaded := js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, args []js.Value) any {
		s.Set("onload", args[0])
		s.Set("onerror", js.FuncOf(func(js.Value, []js.Value) any {
			args[1].Invoke(js.Global().Get("Error").New("could not load the table's link code"))
			return nil
		}))
		return nil
	}))
	doc.Get("head").Call("append", s)
	_, err := jspromise.Await(loaded)
	return err
}
