//go:build js

package app

import (
	"errors"
	"sync"
	"syscall/js"

	"fyne.io/fyne/v2/lang"

	"boardside/app/jspromise"
)

// webRTCJoiner is the page's WebRTC for joining a browser-hosted table:
// rtc.js's joinRaw, which answers the host's offer and hands the channel's
// frames to Go as they come. rtc.js, which the web build puts beside the
// quick viewer in j/, is loaded on first use.
type webRTCJoiner struct {
	base string // the quick viewer's address, where rtc.js is
}

// rtcLoading makes one load of rtc.js at a time.
var rtcLoading sync.Mutex

// newRTCJoiner is nil where the page cannot join: no WebRTC.
func newRTCJoiner() rtcJoiner {
	if !js.Global().Get("RTCPeerConnection").Truthy() {
		return nil
	}
	return &webRTCJoiner{base: js.Global().Get("URL").New("j/", js.Global().Get("document").Get("baseURI")).Get("href").String()}
}

// noRTCJoin says why this browser does not join a browser-hosted table.
func noRTCJoin() string {
	return lang.L("This browser cannot join a table hosted in a browser. Open the link in another browser.")
}

// load loads rtc.js once, as the host's side does (tablehost_web.go).
func (w *webRTCJoiner) load() error {
	rtcLoading.Lock()
	defer rtcLoading.Unlock()
	if js.Global().Get("BoardsideRTC").Truthy() {
		return nil
	}
	doc := js.Global().Get("document")
	s := doc.Call("createElement", "script")
	s.Set("src", w.base+"rtc.js")
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

func (w *webRTCJoiner) Answer(offer string, open func(), message func([]byte), closed func()) (string, rtcChannel, error) {
	if err := w.load(); err != nil {
		return "", nil, err
	}
	ch := &webChannel{}
	ev := js.Global().Get("Object").New()
	ch.funcs = []js.Func{
		js.FuncOf(func(js.Value, []js.Value) any { go open(); return nil }),
		js.FuncOf(func(_ js.Value, args []js.Value) any {
			message([]byte(args[0].String())) // FrameTransport.Receive never blocks
			return nil
		}),
		js.FuncOf(func(js.Value, []js.Value) any { go closed(); return nil }),
	}
	ev.Set("open", ch.funcs[0])
	ev.Set("message", ch.funcs[1])
	ev.Set("close", ch.funcs[2])
	j, err := jspromise.Await(js.Global().Get("BoardsideRTC").Call("joinRaw", offer, ev))
	if err != nil {
		ch.release()
		return "", nil, errors.New(err.Error())
	}
	ch.v = j.Get("channel")
	return j.Get("answer").String(), ch, nil
}

// webChannel is rtc.js's channel object.
type webChannel struct {
	v     js.Value
	once  sync.Once
	funcs []js.Func
}

func (c *webChannel) Send(frame []byte) bool {
	return c.v.Call("send", string(frame)).Bool()
}

// Close ends the connection. Its callbacks are not released: rtc.js may
// still call close as the connection ends, and a released one throws.
func (c *webChannel) Close() {
	c.once.Do(func() { c.v.Call("close") })
}

// release gives back the callbacks of a connection that was never made.
func (c *webChannel) release() {
	for _, f := range c.funcs {
		f.Release()
	}
}
