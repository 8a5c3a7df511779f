package share

import (
	"io/fs"
	"net/http"
	"strings"
	"time"

	"boardside/assets"
	"boardside/companion"
)

// Server serves a host's API, the web viewer (assets/web) and, at /app/,
// the full web app where `make web` built one (FindWebApp). Shutting it
// down ends the event streams too.
func (h *Host) Server() *http.Server {
	web, _ := fs.Sub(assets.Web, "web")
	srv := &http.Server{Handler: WithWebApp(h.Handler(newWebFiles(web)), WebApp("")), ReadHeaderTimeout: 10 * time.Second}
	srv.RegisterOnShutdown(h.Close)
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
