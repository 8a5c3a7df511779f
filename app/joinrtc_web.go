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
// quick viewer in j/, is loaded on first use (loadRTC).
type webRTCJoiner struct{}

// newRTCJoiner is nil where the page cannot join: no WebRTC.
func newRTCJoiner() rtcJoiner {
	if !js.Global().Get("RTCPeerConnection").Truthy() {
		return nil
	}
	return &webRTCJoiner{}
}

// noRTCJoin says why this browser does not join a browser-hosted table.
func noRTCJoin() string {
	return lang.L("This browser cannot join a table hosted in a browser. Open the link in another browser.")
}

func (w *webRTCJoiner) Answer(offer string, open func(), message func([]byte), closed func()) (string, rtcChannel, error) {
	if err := loadRTC(); err != nil {
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
