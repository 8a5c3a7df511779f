package share

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
)

// A browser cannot listen for other devices, so a browser that hosts
// carries the table's API over one message channel per device (a WebRTC
// data channel) instead of HTTP. The frames are the same requests and
// answers as the HTTP API, run through the same handlers (the token check,
// the rate limit, the version check, the public actions), so both hosts
// speak one protocol:
//
//	device → host: {"id": 7, "method": "POST", "path": "actions", "body": {…}}
//	host → device: {"id": 7, "status": 200, "body": {…}}
//	host → device: {"event": "state", "data": {…}}   (every change, and at once)
//
// path is what follows /api/v1/ on HTTP: state, time, actions or undo.
// The event stream is not a path: a channel is one, and the host pushes
// each new state on it.

// Frame is one message on a device's channel, either way.
type Frame struct {
	ID     uint64          `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Path   string          `json:"path,omitempty"`
	Body   json.RawMessage `json:"body,omitempty"`
	Status int             `json:"status,omitempty"`
	Event  string          `json:"event,omitempty"`
	Data   json.RawMessage `json:"data,omitempty"`
}

// maxQueued is how many frames a device may have waiting: a device sends
// one action at a time and a few clock pings, so more is a fault or an
// attack, refused as too fast.
const maxQueued = 32

// Peer is one device following the table over a channel of its own.
type Peer struct {
	h        *Host
	addr     string // stands for the device's address in the rate limit
	send     func([]byte) error
	requests map[string]http.Handler // Host.requests

	in   chan []byte
	push chan []byte // the newest state, as for an event stream
	done chan struct{}
	once sync.Once
	mu   sync.Mutex // one frame at a time on the channel
}

// Attach serves the table to a device whose channel has opened: send
// writes one frame to it (it is called from one goroutine at a time). The
// device is sent the current state at once and every change after, and its
// frames (given to Receive) are answered in the order they came. id names
// the device; each channel's id must differ, as addresses do on HTTP.
func (h *Host) Attach(id string, send func([]byte) error) *Peer {
	p := &Peer{
		h: h, addr: "channel " + id, send: send, requests: h.requests(),
		in: make(chan []byte, maxQueued), push: make(chan []byte, 1), done: make(chan struct{}),
	}
	h.mu.Lock()
	p.push <- h.current
	h.subs[p.push] = struct{}{}
	h.mu.Unlock()
	go p.serve()
	return p
}

// Receive takes one frame from the device. It never blocks: the channel's
// callback calls it, and a browser runs those on its one thread.
func (p *Peer) Receive(frame []byte) {
	if len(frame) > maxBody+1024 {
		p.answerLater(Frame{Status: http.StatusRequestEntityTooLarge, Body: errorBody("the request is larger than 16 KiB")})
		return
	}
	select {
	case p.in <- frame:
	case <-p.done:
	default:
		// Answered with its id, so that the device's request ends now
		// rather than at its own time limit.
		var req struct {
			ID uint64 `json:"id"`
		}
		_ = json.Unmarshal(frame, &req)
		p.answerLater(Frame{ID: req.ID, Status: http.StatusTooManyRequests, Body: errorBody("too many requests: slow down")})
	}
}

// answerLater answers off the caller's goroutine, as Receive must not
// block on the channel.
func (p *Peer) answerLater(f Frame) {
	go p.write(f)
}

// Close stops serving the device: its channel closed, or the host ends.
func (p *Peer) Close() {
	p.once.Do(func() {
		close(p.done)
		p.h.mu.Lock()
		delete(p.h.subs, p.push)
		p.h.mu.Unlock()
	})
}

func (p *Peer) serve() {
	for {
		select {
		case <-p.done:
			return
		case b, open := <-p.push:
			if !open { // the host closed
				p.Close()
				return
			}
			p.write(Frame{Event: "state", Data: b})
		case b := <-p.in:
			p.write(p.handle(b))
		}
	}
}

func (p *Peer) write(f Frame) {
	b, err := json.Marshal(f)
	if err != nil {
		return // a frame is plain data
	}
	select {
	case <-p.done:
		return
	default:
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.send(b) != nil {
		p.Close()
	}
}

// handle runs one request frame through the HTTP API's handlers.
func (p *Peer) handle(b []byte) Frame {
	var req Frame
	if err := json.Unmarshal(b, &req); err != nil {
		return Frame{Status: http.StatusBadRequest, Body: errorBody("the request is not valid JSON")}
	}
	handler, ok := p.requests[req.Method+" "+req.Path]
	if !ok {
		return Frame{ID: req.ID, Status: http.StatusNotFound, Body: errorBody("no such request: " + req.Method + " " + req.Path)}
	}
	r, err := http.NewRequest(req.Method, "/api/v1/"+req.Path, bytes.NewReader(req.Body))
	if err != nil {
		return Frame{ID: req.ID, Status: http.StatusBadRequest, Body: errorBody("the request is not valid")}
	}
	// The channel was admitted by the certificate fingerprint in the codes
	// the host and the device scanned: it holds the table's token.
	r.Header.Set("Authorization", "Bearer "+p.h.token)
	r.RemoteAddr = p.addr
	w := &frameWriter{header: http.Header{}}
	handler.ServeHTTP(w, r)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	body := bytes.TrimSpace(w.body.Bytes())
	if !json.Valid(body) {
		body = errorBody(strconv.Itoa(w.status) + " " + http.StatusText(w.status))
	}
	return Frame{ID: req.ID, Status: w.status, Body: body}
}

func errorBody(msg string) json.RawMessage {
	b, _ := json.Marshal(map[string]string{"error": msg})
	return b
}

// frameWriter keeps a handler's answer for one frame.
type frameWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *frameWriter) Header() http.Header { return w.header }

func (w *frameWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}

func (w *frameWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}
