//go:build js

package app

import (
	"errors"
	"strings"
	"sync"
	"syscall/js"

	"fyne.io/fyne/v2/lang"

	"boardside/app/jspromise"
)

// webPeerLinks is the page's WebRTC (assets/web/rtc.js, which the web
// build puts beside the quick viewer in j/) and its camera scanner
// (web/app/scan.js). rtc.js is loaded on first use: the first screen
// never waits for it.
type webPeerLinks struct {
	making sync.Mutex // one host made: Offer and Accept may both start it
	host   js.Value   // BoardsideRTC.newHost's
	base   string     // the quick viewer's address, which a device's link opens

	open, closed func(id string)
	message      func(id string, frame []byte)
}

// newPeerLinks is nil where the page cannot host: no WebRTC.
func newPeerLinks() peerLinks {
	if !js.Global().Get("RTCPeerConnection").Truthy() {
		return nil
	}
	return &webPeerLinks{base: viewerBase()}
}

// load loads rtc.js (loadRTC) and makes the host's side, once.
func (l *webPeerLinks) load() error {
	l.making.Lock()
	defer l.making.Unlock()
	if l.host.Truthy() {
		return nil
	}
	if err := loadRTC(); err != nil {
		return err
	}
	// The events are handled in the order the page saw them (a channel
	// opens before its device speaks, and closes after), off the page's
	// callbacks, which must not wait on the host's lock.
	q := newEventQueue()
	ev := js.Global().Get("Object").New()
	ev.Set("open", js.FuncOf(func(_ js.Value, args []js.Value) any {
		id := args[0].String()
		q.push(func() { l.open(id) })
		return nil
	}))
	ev.Set("message", js.FuncOf(func(_ js.Value, args []js.Value) any {
		id, frame := args[0].String(), []byte(args[1].String())
		q.push(func() { l.message(id, frame) })
		return nil
	}))
	ev.Set("close", js.FuncOf(func(_ js.Value, args []js.Value) any {
		id := args[0].String()
		q.push(func() { l.closed(id) })
		return nil
	}))
	l.host = js.Global().Get("BoardsideRTC").Call("newHost", ev)
	return nil
}

func (l *webPeerLinks) Camera() error {
	md := js.Global().Get("navigator").Get("mediaDevices")
	if !md.Truthy() {
		return errors.New("insecure")
	}
	stream, err := jspromise.Await(md.Call("getUserMedia", map[string]any{"video": true}))
	if err != nil {
		return err
	}
	stream.Call("getTracks").Call("forEach", js.FuncOf(func(_ js.Value, args []js.Value) any {
		args[0].Call("stop")
		return nil
	}))
	return nil
}

func (l *webPeerLinks) Offer() (string, string, error) {
	if err := l.load(); err != nil {
		return "", "", err
	}
	o, err := jspromise.Await(l.host.Call("offer"))
	if err != nil {
		return "", "", err
	}
	return o.Get("id").String(), l.base + "#" + o.Get("code").String(), nil
}

func (l *webPeerLinks) Accept(code string) (string, error) {
	if err := l.load(); err != nil {
		return "", err
	}
	id, err := jspromise.Await(l.host.Call("accept", code))
	if err != nil {
		reason := strings.TrimPrefix(err.Error(), "Error: ")
		return "", refusedCode(reason)
	}
	return id.String(), nil
}

func (l *webPeerLinks) Scan() (string, error) {
	scan := js.Global().Get("boardsideScan")
	if !scan.Truthy() {
		return "", errors.New(noCamera())
	}
	type result struct {
		code string
		err  error
	}
	ch := make(chan result, 1)
	var onText, onError js.Func
	onText = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- result{code: args[0].String()}
		return nil
	})
	onError = js.FuncOf(func(_ js.Value, args []js.Value) any {
		switch args[0].String() {
		case "cancelled":
			ch <- result{err: errScanStopped}
		default:
			ch <- result{err: errors.New(noCamera())}
		}
		return nil
	})
	defer onText.Release()
	defer onError.Release()
	scan.Call("start", onText, onError, map[string]any{
		"hint":   lang.L("Hold the device's code in the frame"),
		"cancel": lang.L("Cancel"),
	})
	r := <-ch
	return r.code, r.err
}

func (l *webPeerLinks) Send(id string, frame []byte) bool {
	return l.host.Truthy() && l.host.Call("send", id, string(frame)).Bool()
}

func (l *webPeerLinks) Close(id string) {
	if l.host.Truthy() {
		l.host.Call("close", id)
	}
}

func (l *webPeerLinks) CloseAll() {
	if l.host.Truthy() {
		l.host.Call("closeAll")
	}
}

// Listen keeps the host's events for load, which hands them to rtc.js:
// Listen itself runs on the Fyne goroutine and must not wait.
func (l *webPeerLinks) Listen(open func(id string), message func(id string, frame []byte), closed func(id string)) {
	l.open, l.message, l.closed = open, message, closed
}

// eventQueue runs functions one at a time, in the order pushed, on a
// goroutine of its own; push never waits.
type eventQueue struct {
	mu   sync.Mutex
	fs   []func()
	more chan struct{}
}

func newEventQueue() *eventQueue {
	q := &eventQueue{more: make(chan struct{}, 1)}
	go q.run()
	return q
}

func (q *eventQueue) push(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
	select {
	case q.more <- struct{}{}:
	default:
	}
}

func (q *eventQueue) run() {
	for range q.more {
		for {
			q.mu.Lock()
			if len(q.fs) == 0 {
				q.mu.Unlock()
				break
			}
			f := q.fs[0]
			q.fs = q.fs[1:]
			q.mu.Unlock()
			f()
		}
	}
}
