package share

import (
	"bytes"
	"crypto/subtle"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// limits are how much of a host one client address may use and how long
// the host waits for a client. Everything a phone at the table does stays
// far inside them; one device that floods the host, holds connections
// open or sends slowly is stopped there, and the other phones are served
// as usual.
type limits struct {
	// connsPerAddress is how many connections one client address may hold
	// open, event streams included; a browser opens at most six per host.
	connsPerAddress int
	// headerTimeout is how long a request's headers may take to arrive,
	// bodyTimeout its body (16 KiB at most).
	headerTimeout, bodyTimeout time.Duration
	// idleTimeout closes a kept-alive connection that carries no request.
	idleTimeout time.Duration
	// writeStall ends a response (an event stream, a download) that the
	// client has not taken any of for that long.
	writeStall time.Duration
	// wrongTokens a second, up to wrongBurst at once, are answered 403 per
	// client address; past that, every request of that address that needs
	// the token is answered 429 until it slows down.
	wrongTokens float64
	wrongBurst  int
}

// defaultLimits are a table's.
var defaultLimits = limits{
	connsPerAddress: 32,
	headerTimeout:   10 * time.Second,
	bodyTimeout:     10 * time.Second,
	idleTimeout:     30 * time.Second,
	writeStall:      30 * time.Second,
	wrongTokens:     1,
	wrongBurst:      10,
}

// connLimit closes, as soon as it is accepted, a connection from an
// address that already holds its share. It follows each connection
// through http.Server's ConnState, from accepted to closed, so it works
// with any listener the server is given, and its counts cannot drift.
type connLimit struct {
	max int

	mu    sync.Mutex
	open  map[netip.Addr]int
	conns map[net.Conn]netip.Addr
}

func newConnLimit(max int) *connLimit {
	return &connLimit{max: max, open: map[netip.Addr]int{}, conns: map[net.Conn]netip.Addr{}}
}

// track is the server's ConnState hook.
func (l *connLimit) track(c net.Conn, state http.ConnState) {
	switch state {
	case http.StateNew:
		a := clientAddr(c.RemoteAddr().String())
		l.mu.Lock()
		if l.open[a] >= l.max {
			l.mu.Unlock()
			_ = c.Close() // the server sees it closed at its first read
			return
		}
		l.open[a]++
		l.conns[c] = a
		l.mu.Unlock()
	case http.StateClosed, http.StateHijacked:
		l.mu.Lock()
		defer l.mu.Unlock()
		a, ok := l.conns[c]
		if !ok {
			return // one closed at once: never counted
		}
		delete(l.conns, c)
		if l.open[a]--; l.open[a] <= 0 {
			delete(l.open, a)
		}
	}
}

// held is how many connections a holds open.
func (l *connLimit) held(a netip.Addr) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open[a]
}

// clientAddr is the address part of a remote "host:port" (IPv4 in IPv6
// counted as IPv4); the zero Addr when it has none.
func clientAddr(remote string) netip.Addr {
	if ap, err := netip.ParseAddrPort(remote); err == nil {
		return ap.Addr().Unmap().WithZone("")
	}
	a, _ := netip.ParseAddr(remote)
	return a.Unmap().WithZone("")
}

// guard is what every request meets before the host's handler: the Host
// and Origin checks against DNS rebinding, the limit on wrong tokens per
// address before the token is even compared (in constant time), the body
// deadline, and the write deadline that moves with every write.
type guard struct {
	host  *Host
	next  http.Handler
	lim   limits
	names *ownNames
	wrong *limiter
}

func (h *Host) guarded(next http.Handler, lim limits) *guard {
	return &guard{
		host: h, next: next, lim: lim, names: newOwnNames(),
		wrong: newLimiter(h.clock, lim.wrongTokens, float64(lim.wrongBurst)),
	}
}

func (g *guard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	// The server sends what is left when the handler returns, and clears
	// the deadline once the response is complete.
	defer func() { _ = rc.SetWriteDeadline(time.Now().Add(g.lim.writeStall)) }()
	w = &stallWriter{ResponseWriter: w, rc: rc, stall: g.lim.writeStall}

	if !g.names.ownHost(r.Host) {
		refuse(w, r, http.StatusForbidden, "this table answers only at the addresses its host shows: open the link from the host's code")
		return
	}
	if origin := r.Header.Values("Origin"); len(origin) > 0 && !g.names.ownOrigin(origin[0]) {
		refuse(w, r, http.StatusForbidden, "this table takes requests only from its own pages: open the link from the host's code")
		return
	}
	if needsToken(r.URL.Path) {
		client := clientAddr(r.RemoteAddr).String()
		if wait := g.wrong.wait(client); wait > 0 {
			tooManyWrong(w, wait)
			return
		}
		if !g.host.tokenMatches(r) {
			if !g.wrong.allow(client) {
				tooManyWrong(w, g.wrong.wait(client))
				return
			}
			writeError(w, http.StatusForbidden, "this link is not for this table: scan the host's code again")
			return
		}
		if !readAhead(w, r, rc, g.lim.bodyTimeout) {
			return
		}
	}
	g.next.ServeHTTP(w, r)
}

// needsToken reports whether path is one the host serves only with the
// token: its API, but the health check.
func needsToken(path string) bool {
	return strings.HasPrefix(path, "/api/") && path != "/api/v1/health"
}

// tokenMatches compares the request's token, from the link (?t=) or an
// Authorization: Bearer header as the host's handler reads it, with the
// table's in constant time.
func (h *Host) tokenMatches(r *http.Request) bool {
	tok := r.URL.Query().Get("t")
	if auth, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		tok = auth
	}
	return subtle.ConstantTimeCompare([]byte(tok), []byte(h.token)) == 1
}

func tooManyWrong(w http.ResponseWriter, wait time.Duration) {
	secs := max(1, int((wait+time.Second-1)/time.Second))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeError(w, http.StatusTooManyRequests, "too many wrong links from this device: wait "+strconv.Itoa(secs)+" s, then scan the host's code again")
}

// refuse answers with msg: JSON for the API, plain text for pages.
func refuse(w http.ResponseWriter, r *http.Request, status int, msg string) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		writeError(w, status, msg)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, msg, status)
}

// readAhead reads a request's body (at most maxBody and one byte more: the
// handler refuses larger ones) within timeout, so a client that sends it
// slowly is answered 408 instead of holding the host. The handler then
// reads it from memory.
func readAhead(w http.ResponseWriter, r *http.Request, rc *http.ResponseController, timeout time.Duration) bool {
	if r.Body == nil || r.Body == http.NoBody {
		return true
	}
	_ = rc.SetReadDeadline(time.Now().Add(timeout))
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			writeError(w, http.StatusRequestTimeout, "the request took too long to arrive: try again")
		} else {
			writeError(w, http.StatusBadRequest, "the request could not be read: try again")
		}
		return false
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	return true
}

// stallWriter moves the connection's write deadline writeStall ahead
// before every write and flush: a response is ended only when the client
// takes nothing of it for that long, however long it runs (an event
// stream, the web app on a slow Wi-Fi). It has no ReadFrom, so a long copy
// goes in pieces that each move the deadline.
type stallWriter struct {
	http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

func (w *stallWriter) extend() { _ = w.rc.SetWriteDeadline(time.Now().Add(w.stall)) }

func (w *stallWriter) WriteHeader(code int) {
	w.extend()
	w.ResponseWriter.WriteHeader(code)
}

func (w *stallWriter) Write(p []byte) (int, error) {
	w.extend()
	return w.ResponseWriter.Write(p)
}

// Flush sends what is buffered, as the event stream does after each event.
func (w *stallWriter) Flush() {
	w.extend()
	_ = w.rc.Flush()
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w *stallWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ownNames are the names and addresses this device answers to: its
// interfaces' addresses, loopback, localhost, its hostname and
// hostname.local. A browser sends the name it resolved in Host, so a page
// whose own name was made to point here (DNS rebinding) is refused.
type ownNames struct {
	names map[string]bool

	mu      sync.Mutex
	addrs   map[netip.Addr]bool
	checked time.Time // when addrs was last read from the interfaces
}

// reread is how often, at most, the interfaces are read again for an
// address not yet known (a Wi-Fi that gave a new one).
const reread = 5 * time.Second

func newOwnNames() *ownNames {
	n := &ownNames{names: map[string]bool{"localhost": true}}
	if hn, err := os.Hostname(); err == nil && hn != "" {
		hn = strings.TrimSuffix(strings.ToLower(hn), ".")
		short, _, _ := strings.Cut(hn, ".")
		for _, name := range []string{hn, hn + ".local", short, short + ".local"} {
			n.names[name] = true
		}
	}
	n.read(time.Now())
	return n
}

func (n *ownNames) read(now time.Time) {
	addrs := map[netip.Addr]bool{}
	for _, a := range interfaceAddrs() {
		addrs[a.WithZone("")] = true
	}
	n.addrs, n.checked = addrs, now
}

// ownHost reports whether a Host header ("name", "name:port", "1.2.3.4",
// "[::1]:7777") names this device.
func (n *ownNames) ownHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "" {
		return false
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return n.names[host]
	}
	a = a.Unmap().WithZone("")
	if a.IsLoopback() {
		return true
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.addrs[a] && time.Since(n.checked) >= reread {
		n.read(time.Now())
	}
	return n.addrs[a]
}

// ownOrigin reports whether an Origin header names a page of this device.
func (n *ownNames) ownOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return n.ownHost(u.Host)
}
