package browsertable

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"boardside/internal/netns"
	"boardside/internal/webdriver"
)

// A table a laptop hosts (`boardside serve`, companion/table) has an
// address: its guests need no scan, only its link. OpenAt seats such a
// guest on a LAN, so that a measurement compares the two hosts' guests on
// the same private network: the same browsers, each in a namespace of its
// own, the host listening on the router's address (LAN.Listen).

// OpenAt opens link (an HTTP host's, reachable on lan) in a new browser of
// engine (chromium or firefox; Firefox draws on display) in a new device
// named name on lan, and waits up to wait until the page shows the table.
// Shown is how long that took from opening the link. The caller closes
// the guest's page (lan.Close ends what still runs in its namespaces).
func OpenAt(ctx context.Context, lan *netns.LAN, name, engine, display, link string, wait time.Duration) (g *Guest, shown time.Duration, err error) {
	dev, err := lan.Add(name)
	if err != nil {
		return nil, 0, err
	}
	page, err := startGuest(ctx, engine, display, dev)
	if err != nil {
		return nil, 0, err
	}
	g = &Guest{Page: page, Engine: engine, Device: dev}
	start := time.Now()
	if err := g.Page.Navigate(ctx, link); err != nil {
		return g, 0, err
	}
	err = webdriver.Until(ctx, g.Page, `!!document.documentElement.dataset.version || !document.querySelector("#fatal").hidden`, wait, 50*time.Millisecond, nil)
	if err != nil {
		return g, 0, fmt.Errorf("the guest's table: %w; the guest shows %q", err, g.Text(ctx, "body"))
	}
	if fatal := g.Text(ctx, "#fatal"); fatal != "" {
		return g, 0, fmt.Errorf("the guest says: %s", fatal)
	}
	return g, time.Since(start), nil
}

// startGuest starts a phone's browser in dev: 400×800, Chromium headless,
// Firefox on display. (Join starts its guests the same way.)
func startGuest(ctx context.Context, engine, display string, dev *netns.Device) (webdriver.Page, error) {
	switch engine {
	case "chromium":
		c, err := webdriver.StartChrome(ctx, webdriver.ChromeOptions{Width: 400, Height: 800, Netns: dev})
		if err != nil {
			return nil, err // not a nil *Chrome in a Page
		}
		return c, nil
	case "firefox":
		return webdriver.StartFirefox(ctx, webdriver.Options{Width: 400, Height: 800, Display: display, Netns: dev})
	default:
		return nil, fmt.Errorf("no engine %q", engine)
	}
}

// OnRouter lets h, a host's handler served from this process on lan's
// router (LAN.Listen), take requests made to the router's address. The
// host's guard against DNS rebinding (companion/share) answers only at
// the addresses of this process's own network namespace, where the
// router's is not, and refuses every guest ("this table answers only at
// the addresses its host shows"); a laptop's `boardside serve` has the
// address it is reached at. So the router's address becomes loopback's,
// the port kept, in Host and Origin, and the guard still checks both.
func OnRouter(lan *netns.LAN, h http.Handler) http.Handler {
	router := lan.Addr().String()
	local := func(hostPort string) string {
		host, port, err := net.SplitHostPort(hostPort)
		if err != nil || host != router {
			return hostPort
		}
		return net.JoinHostPort("127.0.0.1", port)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Host = local(r.Host)
		if o := r.Header.Get("Origin"); strings.HasPrefix(o, "http://") {
			r.Header.Set("Origin", "http://"+local(strings.TrimPrefix(o, "http://")))
		}
		h.ServeHTTP(w, r)
	})
}
