package netns

import (
	"context"
	"io"
	"net"
	"strconv"
	"sync"
	"time"
)

// Forward makes port on the device's loopback reachable from the test's
// own namespace: it listens on 127.0.0.1:0 here and carries each
// connection to 127.0.0.1:port inside the device. That is how a test
// reaches a browser's DevTools or WebDriver BiDi port, which the browser
// opens on its own loopback, the device's. localAddr is the listener's
// "127.0.0.1:P"; stop closes it and every connection it carries.
func (d *Device) Forward(port int) (localAddr string, stop func(), err error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	f := &forward{dev: d, to: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), l: l, conns: map[net.Conn]bool{}}
	f.wg.Go(f.accept)
	return l.Addr().String(), sync.OnceFunc(f.stop), nil
}

// forward is one Forward's listener and the connections it carries.
type forward struct {
	dev *Device
	to  string
	l   net.Listener
	wg  sync.WaitGroup

	mu      sync.Mutex
	conns   map[net.Conn]bool
	stopped bool
}

func (f *forward) accept() {
	for {
		c, err := f.l.Accept()
		if err != nil {
			return // stopped
		}
		f.wg.Go(func() { f.carry(c) })
	}
}

// carry copies c to a new connection inside the device and back, until
// either side closes.
func (f *forward) carry(c net.Conn) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	in, err := f.dev.Dial(ctx, "tcp", f.to)
	cancel()
	if err != nil || !f.track(c, in) {
		_ = c.Close()
		if in != nil {
			_ = in.Close()
		}
		return
	}
	defer f.untrack(c, in)
	done := make(chan struct{}, 2)
	pipe := func(dst, src net.Conn) {
		_, _ = io.Copy(dst, src)
		// The other way may still have an answer to carry: only this
		// way's end is closed, as the peer closed it.
		if tc, ok := dst.(*net.TCPConn); ok {
			_ = tc.CloseWrite()
		}
		done <- struct{}{}
	}
	go pipe(in, c)
	go pipe(c, in)
	<-done
	<-done
}

// track adds a carried pair, unless stop has begun.
func (f *forward) track(conns ...net.Conn) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.stopped {
		return false
	}
	for _, c := range conns {
		f.conns[c] = true
	}
	return true
}

func (f *forward) untrack(conns ...net.Conn) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range conns {
		_ = c.Close()
		delete(f.conns, c)
	}
}

func (f *forward) stop() {
	_ = f.l.Close()
	f.mu.Lock()
	f.stopped = true
	for c := range f.conns {
		_ = c.Close()
	}
	f.mu.Unlock()
	f.wg.Wait()
}
