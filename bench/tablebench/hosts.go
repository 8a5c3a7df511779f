package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/companion/table"
	"boardside/internal/browsertable"
	"boardside/internal/netns"
)

// The two hosts, each measured with the same guests: the web app hosting
// over WebRTC, and `boardside serve` over HTTP. Each has a LAN of its own,
// closed before the other starts, so that neither's browsers draw while
// the other is timed.

// Config is what both hosts are measured with.
type Config struct {
	Dir     string        // make web's build, the browser host's pages
	Display string        // where Firefox draws
	Engines []string      // one guest each
	N       int           // actions per guest, per host
	Gap     time.Duration // the least time between a guest's actions
	Wait    time.Duration // bounds each step
}

// Join is one guest's join of the browser host, from browsertable.Timing.
type Join struct {
	Engine     string  `json:"engine"`
	AnsweredMs float64 `json:"answeredMs"`    // the link opened → the answer's code shown
	ScanMs     float64 `json:"scanToStateMs"` // the host's scan started → the table shown
	ShownMs    float64 `json:"shownMs"`       // the link opened → the table shown
}

// browserHost seats the guests at the web app's table with the two scans,
// starts the sand, and times the actions on the data channels.
func browserHost(ctx context.Context, c Config) ([]Join, Trips, error) {
	// A Chromium host: its fake camera films each guest's screen.
	tb, err := browsertable.Start(ctx, "chromium", c.Dir, c.Display, c.Wait)
	if err != nil {
		return nil, Trips{}, fmt.Errorf("the browser host: %w", err)
	}
	defer tb.Close()
	if err := tb.Tap(ctx, "label", "Magic Maze on Mars"); err != nil {
		return nil, Trips{}, err
	}
	if err := tb.Tap(ctx, "button", "Share"); err != nil {
		return nil, Trips{}, err
	}
	var (
		joins  []Join
		guests []*browsertable.Guest
		link   string
	)
	for i, e := range c.Engines {
		g, l, t, err := tb.Join(ctx, e, link)
		if err != nil {
			return joins, Trips{}, fmt.Errorf("guest %d (%s) did not join the browser host: %w", i+1, e, err)
		}
		guests, link = append(guests, g), l
		joins = append(joins, Join{Engine: e, AnsweredMs: ms(t.Answered), ScanMs: ms(t.Connected), ShownMs: ms(t.Shown)})
	}
	trips, err := timeActions(ctx, guests, c)
	return joins, trips, err
}

// Open is one guest's opening of the HTTP host's link.
type Open struct {
	Engine  string  `json:"engine"`
	ShownMs float64 `json:"shownMs"` // the link opened → the table shown
}

// httpHost hosts a new game of Magic Maze on Mars as `boardside serve`
// does, on a LAN's router, opens every guest's viewer at its link, starts
// the sand, and times the actions over HTTP.
func httpHost(ctx context.Context, c Config) ([]Open, Trips, error) {
	lan, err := netns.NewLAN("th")
	if err != nil {
		return nil, Trips{}, err
	}
	defer lan.Close()
	l, err := lan.Listen("tcp", net.JoinHostPort(lan.Addr().String(), "0"))
	if err != nil {
		return nil, Trips{}, err
	}
	dir, err := os.MkdirTemp("", "tablebench-")
	if err != nil {
		return nil, Trips{}, err
	}
	defer os.RemoveAll(dir)
	game := share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}
	srv, best, err := table.Host(l, dir, mm.Game, true, game, func() companion.State { return mm.New() }, io.Discard)
	if err != nil {
		return nil, Trips{}, err
	}
	var handler handlerTimes
	srv.Handler = browsertable.OnRouter(lan, handler.wrap(srv.Handler)) // as if the host were the router
	go func() { _ = srv.Serve(l) }()
	defer srv.Close()
	link := "http://" + l.Addr().String() + "/?t=" + best[strings.Index(best, "?t=")+3:]

	var (
		opens  []Open
		guests []*browsertable.Guest
	)
	for i, e := range c.Engines {
		g, shown, err := browsertable.OpenAt(ctx, lan, fmt.Sprintf("g%d", i+1), e, c.Display, link, c.Wait)
		if g != nil {
			defer g.Page.Close()
		}
		if err != nil {
			return opens, Trips{}, fmt.Errorf("guest %d (%s) did not open the HTTP host's link: %w", i+1, e, err)
		}
		guests = append(guests, g)
		opens = append(opens, Open{Engine: e, ShownMs: ms(shown)})
	}
	trips, err := timeActions(ctx, guests, c)
	trips.HostP50Ms, trips.HostP99Ms = handler.percentiles()
	return opens, trips, err
}

// handlerTimes times the HTTP host's answers to actions, from the request
// read to the answer written: the host's own part of a round trip (the
// action checked, applied, saved to disk and answered). The rest is the
// network and the guests' browsers.
type handlerTimes struct {
	mu sync.Mutex
	ms []float64
}

func (t *handlerTimes) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		h.ServeHTTP(w, r)
		if r.Method == http.MethodPost && r.URL.Path == "/api/v1/actions" {
			t.mu.Lock()
			t.ms = append(t.ms, ms(time.Since(start)))
			t.mu.Unlock()
		}
	})
}

func (t *handlerTimes) percentiles() (p50, p99 float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return percentile(t.ms, 50), percentile(t.ms, 99)
}

// timeActions starts the sand and runs every guest's loop at once.
func timeActions(ctx context.Context, guests []*browsertable.Guest, c Config) (Trips, error) {
	if err := startSand(ctx, guests, c.Wait); err != nil {
		return Trips{}, err
	}
	samples, err := roundTrips(ctx, guests, c.N, c.Gap)
	if err != nil {
		return Trips{}, err
	}
	return summarise(samples, c.Engines), nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
