package share

import (
	"context"
	"net"
	"net/http"
	"sync"
	"testing"
)

// memNet is a host's network in memory (net.Pipe), for tests that run in
// a testing/synctest bubble: a goroutine waiting on a real socket is not
// durably blocked, so the bubble's clock would never move; one waiting on
// a pipe is, and time there passes only when everything waits.
type memNet struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func (l *memNet) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *memNet) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *memNet) Addr() net.Addr { return memAddr{} }

func (l *memNet) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	client, server := net.Pipe()
	select {
	case l.conns <- server:
		return client, nil
	case <-l.done:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type memAddr struct{}

func (memAddr) Network() string { return "mem" }
func (memAddr) String() string  { return "table.test:80" }

// serveInMemory serves h on a network in memory, as httptest.NewServer
// does on a socket: the base URL, and the transport that reaches it.
// Called in a synctest bubble, everything it starts belongs to the bubble
// and is stopped by t's cleanup.
func serveInMemory(t *testing.T, h http.Handler) (base string, transport *http.Transport) {
	t.Helper()
	l := &memNet{conns: make(chan net.Conn), done: make(chan struct{})}
	srv := &http.Server{Handler: h}
	go func() { _ = srv.Serve(l) }()
	transport = &http.Transport{DialContext: l.dial}
	t.Cleanup(func() {
		transport.CloseIdleConnections()
		_ = srv.Close()
	})
	return "http://" + memAddr{}.String(), transport
}
