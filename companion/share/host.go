package share

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"boardside/companion"
	"boardside/timers"
)

// maxBody is the largest request body the host reads.
const maxBody = 16 << 10

// Game is what the host needs to know of a game to share it.
type Game struct {
	Rules *companion.Rules
	// Public projects a state to what every device may see.
	Public func(companion.State) any
	// PublicActions are the action kinds clients may send.
	PublicActions []string
}

// Snapshot is what clients receive: the public state and its version.
type Snapshot struct {
	Game    string `json:"game"`
	Version uint64 `json:"version"`
	State   any    `json:"state"`
	// Undo is the kind of the action an undo would take back, when that
	// action is public and so other devices may undo it; else empty.
	Undo string `json:"undo,omitempty"`
}

// Host serves one session to the table.
type Host struct {
	game    Game
	session *companion.Session
	clock   timers.Clock
	token   string
	limit   *limiter

	// Heartbeat is how often an idle event stream says it is alive.
	Heartbeat time.Duration

	mu      sync.Mutex
	subs    map[chan []byte]struct{}
	stopW   func()
	current []byte // the latest snapshot, encoded
	version uint64 // current's version
}

// NewToken returns a new access token: 128 random bits in hex.
func NewToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// NewHost shares a session with the given token (NewToken for a new
// table; a restarted host passes its old one so every device comes back).
func NewHost(s *companion.Session, g Game, clock timers.Clock, token string) *Host {
	h := &Host{
		game: g, session: s, clock: clock, token: token,
		limit: newLimiter(clock, 20, 40), Heartbeat: 15 * time.Second,
		subs: map[chan []byte]struct{}{},
	}
	v := s.View()
	h.current, h.version = h.encode(v), v.Version
	h.stopW = s.Watch(h.onChange)
	return h
}

// SetRateLimit changes how many requests a second each client address may
// make (20, with bursts of 40, unless changed). Measurements that run many
// viewers from one address raise it.
func (h *Host) SetRateLimit(perSecond, burst float64) {
	h.limit = newLimiter(h.clock, perSecond, burst)
}

// Token is the access token clients must present.
func (h *Host) Token() string { return h.token }

// Close stops following the session and ends every event stream.
func (h *Host) Close() {
	h.stopW()
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.subs {
		close(c)
		delete(h.subs, c)
	}
}

func (h *Host) encode(v companion.View) []byte {
	snap := Snapshot{Game: v.Game, Version: v.Version, State: h.game.Public(v.State)}
	if h.public(v.UndoKind) {
		snap.Undo = v.UndoKind
	}
	b, err := json.Marshal(snap)
	if err != nil {
		panic("encode public state: " + err.Error()) // projections are plain data
	}
	return b
}

// onChange pushes the new public state to every stream. A slow client
// gets only the newest state: each is complete, older ones are moot. The
// session tells its watchers after it releases its lock, so two changes
// close together may arrive here in either order: an older one than the
// one held is dropped, and no device is sent back in time.
func (h *Host) onChange(v companion.View) {
	b := h.encode(v)
	h.mu.Lock()
	defer h.mu.Unlock()
	if v.Version < h.version {
		return
	}
	h.current, h.version = b, v.Version
	for c := range h.subs {
		select {
		case <-c:
		default:
		}
		c <- b
	}
}

func (h *Host) snapshot() []byte {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.current
}

// latest is the session's state now, read under its lock: the state that
// refused a client's action. The streams' copy (current) is updated only
// once the session has told its watchers, after it released its lock, so
// it can still be the state before the change that made the client late.
func (h *Host) latest() []byte {
	v := h.session.View()
	h.mu.Lock()
	if v.Version <= h.version {
		defer h.mu.Unlock()
		return h.current
	}
	h.mu.Unlock()
	return h.encode(v)
}

// Handler serves h's API under /api/v1/ and web under "/" (a function, as
// NewServer says why).
func Handler(h *Host, web http.Handler) http.Handler {
	mux := http.NewServeMux()
	for route, handler := range h.requests() {
		method, path, _ := strings.Cut(route, " ")
		mux.Handle(method+" /api/v1/"+path, handler)
	}
	mux.Handle("GET /api/v1/events", h.guard(h.events))
	if web != nil {
		mux.Handle("GET /", web)
	}
	return mux
}

// requests are the table's requests by method and path under /api/v1/
// ("GET state"), each with its handler: what HTTP (Handler) and a
// device's channel (frames.go) both serve. The event stream is HTTP's
// alone: a channel is one.
func (h *Host) requests() map[string]http.Handler {
	return map[string]http.Handler{
		"GET health":   http.HandlerFunc(h.health),
		"GET state":    h.guard(h.state),
		"GET time":     h.guard(h.time),
		"POST actions": h.guard(h.action),
		"POST undo":    h.guard(h.undo),
	}
}

// guard checks the token and the client's pace.
func (h *Host) guard(next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok := r.URL.Query().Get("t")
		if auth, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
			tok = auth
		}
		if tok != h.token {
			writeError(w, http.StatusForbidden, "this link is not for this table: scan the host's code again")
			return
		}
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		if !h.limit.allow(host) {
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusTooManyRequests, "too many requests: slow down")
			return
		}
		next(w, r)
	})
}

func (h *Host) health(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "game": h.game.Rules.Game})
}

func (h *Host) state(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(h.snapshot())
}

// time answers the clock-offset exchange: when the request arrived and
// when the answer left, on the host's wall clock, in Unix milliseconds
// with a fraction.
func (h *Host) time(w http.ResponseWriter, _ *http.Request) {
	received := h.clock.Now()
	writeJSON(w, http.StatusOK, map[string]float64{
		"received": float64(received.UnixMicro()) / 1000,
		"sent":     float64(h.clock.Now().UnixMicro()) / 1000,
	})
}

// actionRequest is a client's action with the version it saw.
type actionRequest struct {
	Version uint64          `json:"version"`
	Action  json.RawMessage `json:"action"`
}

func (h *Host) action(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	a, seen, err := h.decodeAction(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	h.answer(w, r, h.session.DispatchAt(seen, a))
}

// readBody reads a request body of at most maxBody bytes; over that, it
// answers 400 itself.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		writeError(w, http.StatusBadRequest, "the request is larger than 16 KiB")
		return nil, false
	}
	return body, true
}

// answer tells a client how its change went: the new state; the current
// state with 409 when it acted on an old one; or the refusal with 422.
func (h *Host) answer(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, companion.ErrStale):
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusConflict)
		_, _ = w.Write(h.latest())
	case err != nil:
		writeError(w, http.StatusUnprocessableEntity, err.Error())
	default:
		h.state(w, r)
	}
}

// public reports whether kind is an action other devices may send, and so
// also undo: its undo restores a state the table has already seen.
func (h *Host) public(kind string) bool {
	return kind != "" && slices.Contains(h.game.PublicActions, kind)
}

// ErrUndoChanged refuses a device's undo when the action it would take
// back is not the one the device showed on its Undo button.
var ErrUndoChanged = errors.New("the table's last action is no longer the one on your Undo button")

// undoRequest is a client's undo: the version it saw and the kind of the
// action its Undo button named (the snapshot's "undo").
type undoRequest struct {
	Version uint64 `json:"version"`
	Kind    string `json:"kind"`
}

// undo takes back the table's last action, only if it is a public one
// and the one the client named, at the version the client saw.
func (h *Host) undo(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	kind, seen, err := decodeUndo(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	var refusal error
	err = h.session.UndoAt(seen, func(last string) bool {
		switch {
		case !h.public(last):
			refusal = companion.ErrNotUndoableHere
		case last != kind:
			refusal = ErrUndoChanged
		default:
			return true
		}
		return false
	})
	if errors.Is(err, companion.ErrNotUndoableHere) && refusal != nil {
		err = refusal
	}
	h.answer(w, r, err)
}

// decodeUndo reads {"version": N, "kind": "flip"}.
func decodeUndo(body []byte) (kind string, version uint64, err error) {
	var req undoRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return "", 0, errors.New("the request is not valid JSON")
	}
	if req.Kind == "" {
		return "", 0, errors.New("the request names no action to undo")
	}
	return req.Kind, req.Version, nil
}

// decodeAction reads {"version": N, "action": {"kind": …, "data": …}} and
// refuses anything but the game's public actions.
func (h *Host) decodeAction(body []byte) (companion.Action, uint64, error) {
	var req actionRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, 0, errors.New("the request is not valid JSON")
	}
	if len(req.Action) == 0 {
		return nil, 0, errors.New("the request names no action")
	}
	var kind struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(req.Action, &kind); err != nil {
		return nil, 0, errors.New("the action is not valid JSON")
	}
	if !h.public(kind.Kind) {
		return nil, 0, errors.New("\"" + kind.Kind + "\" is not an action other devices may send")
	}
	a, err := h.game.Rules.DecodeAction(req.Action)
	if err != nil {
		return nil, 0, err
	}
	return a, req.Version, nil
}

// events streams the public state: at once, then on every change, with a
// comment line as heartbeat.
func (h *Host) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "streaming is not supported here")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	c := make(chan []byte, 1)
	h.mu.Lock()
	c <- h.current
	h.subs[c] = struct{}{}
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.subs, c)
		h.mu.Unlock()
	}()
	beat := time.NewTicker(h.Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case b, open := <-c:
			if !open {
				return
			}
			if _, err := io.WriteString(w, "event: state\ndata: "+string(b)+"\n\n"); err != nil {
				return
			}
		case <-beat.C:
			if _, err := io.WriteString(w, ": alive\n\n"); err != nil {
				return
			}
		}
		flusher.Flush()
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}
