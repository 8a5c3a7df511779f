package share

import (
	"io/fs"
	"net/http"
	"strings"

	"boardside/assets"
	"boardside/companion"
	"boardside/companion/webapp"
)

// Server serves a host's API, the web viewer (assets/web) and, at /app/,
// the full web app where `make web` built one (webapp.Find). Shutting it
// down ends the event streams too.
//
// It holds up against its network (see guard.go): each client address may
// hold a few dozen connections; headers, bodies and idle connections have
// deadlines; wrong tokens are limited per address; requests that name
// another host, or come from another site's page, are refused.
//
// NewServer, NewServerWithWebApp and Handler are functions, not methods of
// Host: a browser that hosts uses a Host for its channels (frames.go), and
// the linker keeps every exported method of a type in use where a program
// calls methods by name (text/template, which the app carries, does), so
// as methods they put Go's HTTP server into the browser's wasm (2.1 MB of
// 39.5).
func NewServer(h *Host) *http.Server {
	srv, _ := h.server(defaultLimits)
	return srv
}

// server is NewServer with the given limits; it returns the connections'
// count too.
func (h *Host) server(lim limits) (*http.Server, *connLimit) {
	web, _ := fs.Sub(assets.Web, "web")
	conns := newConnLimit(lim.connsPerAddress)
	srv := &http.Server{
		Handler:           h.guarded(webapp.With(Handler(h, webapp.Files(web)), webapp.Handler("")), lim),
		ReadHeaderTimeout: lim.headerTimeout,
		// A request's headers and body, whatever handler serves it; the
		// guard's body deadline is shorter and says so in words. The
		// server clears it once the body is read, so event streams and
		// long downloads are not cut.
		ReadTimeout: lim.headerTimeout + lim.bodyTimeout,
		IdleTimeout: lim.idleTimeout,
		// No WriteTimeout: it would cut event streams and the web app's
		// download on a slow Wi-Fi; the guard's deadline moves with every
		// write instead.
		ConnState: conns.track,
	}
	srv.RegisterOnShutdown(h.Close)
	return srv, conns
}

// NewServerWithWebApp is NewServer with the web app in dir at /app/ ("":
// found at each request, as NewServer does).
func NewServerWithWebApp(h *Host, dir string) *http.Server {
	srv := NewServer(h)
	srv.Handler = webapp.With(srv.Handler, webapp.Handler(dir))
	return srv
}

// LoadToken returns the token kept in st, so that devices which joined a
// table come back after its host restarts; with fresh, or when there is
// none yet, it makes a new one and keeps it there.
func LoadToken(st companion.Store, fresh bool) (string, error) {
	if b, err := st.Load(); err == nil && !fresh {
		if t := strings.TrimSpace(string(b)); len(t) == 32 {
			return t, nil
		}
	}
	t := NewToken()
	if err := st.Save([]byte(t + "\n")); err != nil {
		return "", err
	}
	return t, nil
}
