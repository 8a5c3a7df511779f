package share

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"boardside/timers"
)

// A device that joins a browser-hosted table has no address to ask: the
// table's API comes as frames on one message channel (frames.go). A
// FrameTransport lets the Client, written for HTTP, follow such a table
// unchanged: it is the http.RoundTripper under the Client, and carries
// each request as a frame and each answer back as a response. The event
// stream is the channel itself: GET …/api/v1/events is answered at once
// with a body on which every state the host pushes is written as a
// Server-Sent Event, as the HTTP host writes them.

// ErrChannelClosed is a request on a channel that has closed: the link
// to the host is lost.
var ErrChannelClosed = errors.New("the link to the host is lost")

// channelLink is the link a Client over frames is made with: the channel
// needs no address and no token (the channel was admitted by the codes
// the host and the device scanned), but the Client's requests name both.
const channelLink = "http://table.invalid/?t=channel"

// FrameTransport carries a Client's requests on a message channel as
// frames, and the host's answers and pushed states back.
type FrameTransport struct {
	send   func([]byte) error
	sendMu sync.Mutex // one frame at a time on the channel

	mu      sync.Mutex
	next    uint64
	waiting map[uint64]chan Frame
	streams map[*eventStream]struct{}
	latest  []byte // the newest state the host pushed
	closed  bool
	done    chan struct{}
}

// NewFrameTransport carries requests on a channel: send writes one frame
// to it (called from one goroutine at a time). What the channel receives
// is given to Receive, and its closing to Close.
func NewFrameTransport(send func([]byte) error) *FrameTransport {
	return &FrameTransport{
		send: send, waiting: map[uint64]chan Frame{}, streams: map[*eventStream]struct{}{},
		done: make(chan struct{}),
	}
}

// DialFrames follows the table at the other end of t's channel, as Dial
// follows one over HTTP: it syncs the clock and gets the current state
// before it returns. The Client's Close does not close the channel: its
// owner does, and tells t (Close).
func DialFrames(ctx context.Context, t *FrameTransport, clock timers.Clock) (*Client, error) {
	return dialOver(ctx, channelLink, clock, t)
}

// Receive takes one frame from the channel: an answer to a request, or a
// state the host pushed. It never blocks: a browser calls it from the
// channel's callback, on its one thread. A frame that is neither (or
// answers no request waiting, such as a refusal of a flood, which names
// none) is dropped: its request ends at its deadline.
func (t *FrameTransport) Receive(frame []byte) {
	var f Frame
	if json.Unmarshal(frame, &f) != nil {
		return
	}
	if f.Event == "state" {
		var data bytes.Buffer
		if json.Compact(&data, f.Data) != nil {
			return
		}
		t.push(data.Bytes())
		return
	}
	if f.ID == 0 || f.Status == 0 {
		return
	}
	t.mu.Lock()
	ch := t.waiting[f.ID]
	delete(t.waiting, f.ID)
	t.mu.Unlock()
	if ch != nil {
		ch <- f // buffered for one: never blocks
	}
}

// push keeps the newest state and tells every open event stream.
func (t *FrameTransport) push(state []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return
	}
	t.latest = state
	for s := range t.streams {
		s.poke()
	}
}

// Close says the channel has closed: every request waiting, and every
// request after, fails, and the event streams end with an error.
func (t *FrameTransport) Close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return
	}
	t.closed = true
	close(t.done)
	t.waiting = map[uint64]chan Frame{}
	for s := range t.streams {
		s.w.CloseWithError(ErrChannelClosed)
	}
}

// Closed reports whether the channel has closed.
func (t *FrameTransport) Closed() bool {
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// RoundTrip sends a request to …/api/v1/<path> as a frame and waits for
// its answer, or for the request's context or the channel to end.
func (t *FrameTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		defer req.Body.Close()
	}
	path, ok := strings.CutPrefix(req.URL.Path, "/api/v1/")
	if !ok || path == "" {
		return nil, fmt.Errorf("%s is not a request of the table's API", req.URL.Path)
	}
	if req.Method == http.MethodGet && path == "events" {
		return t.events(req)
	}
	var body json.RawMessage
	if req.Body != nil {
		b, err := io.ReadAll(io.LimitReader(req.Body, maxBody+1))
		if err != nil {
			return nil, err
		}
		if b = bytes.TrimSpace(b); len(b) > 0 {
			if !json.Valid(b) {
				return nil, errors.New("a request on the table's channel must be JSON")
			}
			body = b
		}
	}
	ch := make(chan Frame, 1)
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return nil, ErrChannelClosed
	}
	t.next++
	id := t.next
	t.waiting[id] = ch
	t.mu.Unlock()
	forget := func() {
		t.mu.Lock()
		delete(t.waiting, id)
		t.mu.Unlock()
	}
	frame, err := json.Marshal(Frame{ID: id, Method: req.Method, Path: path, Body: body})
	if err != nil {
		forget()
		return nil, err
	}
	t.sendMu.Lock()
	err = t.send(frame)
	t.sendMu.Unlock()
	if err != nil {
		forget()
		return nil, fmt.Errorf("%w: %v", ErrChannelClosed, err)
	}
	select {
	case f := <-ch:
		return response(req, f.Status, "application/json", io.NopCloser(bytes.NewReader(f.Body)), int64(len(f.Body))), nil
	case <-req.Context().Done():
		forget()
		return nil, req.Context().Err()
	case <-t.done:
		return nil, ErrChannelClosed
	}
}

func response(req *http.Request, status int, contentType string, body io.ReadCloser, length int64) *http.Response {
	return &http.Response{
		Status:     strconv.Itoa(status) + " " + http.StatusText(status),
		StatusCode: status, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:        http.Header{"Content-Type": {contentType}},
		Body:          body,
		ContentLength: length,
		Request:       req,
	}
}

// eventStream is one open GET …/events: the host's states, written as
// Server-Sent Events on a pipe, the newest first (a state written late
// is as good as every one before it: each is the whole table).
type eventStream struct {
	w       *io.PipeWriter
	more    chan struct{} // a new state to write; buffered for one
	stopped chan struct{} // the reader closed the body
	once    sync.Once
}

func (s *eventStream) poke() {
	select {
	case s.more <- struct{}{}:
	default:
	}
}

// events answers the event stream at once; the state held, if any, is
// its first event, as the HTTP host sends the current state first.
func (t *FrameTransport) events(req *http.Request) (*http.Response, error) {
	r, w := io.Pipe()
	s := &eventStream{w: w, more: make(chan struct{}, 1), stopped: make(chan struct{})}
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return nil, ErrChannelClosed
	}
	t.streams[s] = struct{}{}
	if t.latest != nil {
		s.poke()
	}
	t.mu.Unlock()
	go t.serveStream(req.Context(), s)
	body := &streamBody{PipeReader: r, stop: func() { s.once.Do(func() { close(s.stopped) }) }}
	return response(req, http.StatusOK, "text/event-stream", body, -1), nil
}

// serveStream writes each new state to the stream until it ends: its
// reader closed it, its request was cancelled, or the channel closed.
func (t *FrameTransport) serveStream(ctx context.Context, s *eventStream) {
	defer func() {
		t.mu.Lock()
		delete(t.streams, s)
		t.mu.Unlock()
	}()
	var written []byte
	for {
		select {
		case <-ctx.Done():
			s.w.CloseWithError(ctx.Err())
			return
		case <-s.stopped:
			s.w.CloseWithError(io.ErrClosedPipe)
			return
		case <-t.done:
			s.w.CloseWithError(ErrChannelClosed)
			return
		case <-s.more:
		}
		t.mu.Lock()
		state := t.latest
		t.mu.Unlock()
		if state == nil || bytes.Equal(state, written) {
			continue
		}
		written = state
		event := make([]byte, 0, len(state)+32)
		event = append(append(append(event, "event: state\ndata: "...), state...), "\n\n"...)
		if _, err := s.w.Write(event); err != nil {
			return // the reader closed the body
		}
	}
}

// streamBody is an event stream's body: closing it ends its writer.
type streamBody struct {
	*io.PipeReader
	stop func()
}

func (b *streamBody) Close() error {
	b.stop()
	return b.PipeReader.Close()
}
