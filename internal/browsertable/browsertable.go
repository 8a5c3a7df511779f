// Package browsertable seats browsers at a table that a browser hosts
// over WebRTC, on a private LAN of network namespaces (internal/netns):
// the web app as host in one namespace, each guest's quick viewer in one
// of its own, every page from one server on the LAN's router, as a phone
// would have it from the project's site.
//
// A guest joins as a player's phone does, with the two scans: the host's
// screen is photographed and its code read (the link a camera app would
// open), the guest opens the link and shows its answer's code, and that
// screen, photographed, is what the host's camera films (Chromium's fake
// camera plays a file written from the screenshot, internal/fakecam);
// then the host taps "Scan a device's code". Nothing is handed over
// behind the pages' backs: what crosses is what the codes show.
//
// The browser tests (e2e) and the measuring program (bench/tablebench)
// share it.
package browsertable

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	xdraw "golang.org/x/image/draw"

	"boardside/companion/webapp"
	"boardside/internal/fakecam"
	"boardside/internal/netns"
	"boardside/internal/webdriver"
	"boardside/internal/webscreen"
)

// Table is the LAN, the page server and the host.
type Table struct {
	LAN  *netns.LAN
	Base string // the web app's address on the LAN: http://10.X.0.1:P/app/
	Host webdriver.Page
	// HostEngine is the host's browser: chromium or firefox.
	HostEngine string
	// Display is the X display Firefox guests draw on.
	Display string
	// Wait bounds each step.
	Wait time.Duration

	dir    string
	camera string // the file the host's fake camera plays
	srv    *http.Server
	closer []func()
	guests int
	answer []byte // the last guest's screen showing its answer, PNG
}

// Guest is one device at the table: its page, the quick viewer.
type Guest struct {
	Page   webdriver.Page
	Engine string // chromium or firefox
	Device *netns.Device
}

// Start builds the LAN, serves dir (make web's build/web) on its router
// and opens the web app as host in a namespace of its own, in engine
// (chromium or firefox). A Chromium host's camera films what the test
// writes (Film); Firefox's fake camera films only its own test pattern,
// so a Firefox host is given a guest's code in its paste field (Join).
func Start(ctx context.Context, engine, dir, display string, wait time.Duration) (t *Table, err error) {
	if err := netns.Available(); err != nil {
		return nil, err
	}
	t = &Table{dir: dir, Display: display, Wait: wait, HostEngine: engine}
	defer func() {
		if err != nil {
			t.Close()
		}
	}()
	if t.LAN, err = netns.NewLAN("bt"); err != nil {
		return nil, err
	}
	t.closer = append(t.closer, func() { _ = t.LAN.Close() })
	l, err := t.LAN.Listen("tcp", net.JoinHostPort(t.LAN.Addr().String(), "0"))
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle(webapp.Path, webapp.Handler(dir))
	t.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = t.srv.Serve(l) }()
	t.closer = append(t.closer, func() { _ = t.srv.Close() })
	origin := "http://" + l.Addr().String()
	t.Base = origin + webapp.Path

	tmp, err := os.MkdirTemp("", "browsertable-")
	if err != nil {
		return nil, err
	}
	t.closer = append(t.closer, func() { _ = os.RemoveAll(tmp) })
	t.camera = filepath.Join(tmp, "camera.y4m")
	if err := fakecam.WriteY4M(t.camera, image.NewGray(image.Rect(0, 0, fakecam.Width, fakecam.Height)), 2); err != nil {
		return nil, err
	}
	dev, err := t.LAN.Add("host")
	if err != nil {
		return nil, err
	}
	// A tablet on its side (less the browser's bars): the game bar shows Share.
	switch engine {
	case "chromium":
		t.Host, err = webdriver.StartChrome(ctx, webdriver.ChromeOptions{
			Width: 1280, Height: 1000, WebGL: true, Netns: dev,
			Flags: map[string]string{
				// The camera: granted without a prompt, filming the file.
				"use-fake-ui-for-media-stream":     "",
				"use-fake-device-for-media-stream": "",
				"use-file-for-fake-video-capture":  t.camera,
				// The project's site is HTTPS; the LAN's server is plain HTTP,
				// which this origin is treated as, so the camera may be used.
				"unsafely-treat-insecure-origin-as-secure": origin,
			},
		})
	case "firefox":
		t.Host, err = webdriver.StartFirefox(ctx, webdriver.Options{
			Width: 1280, Height: 900, Display: display, Netns: dev,
			Prefs: map[string]any{
				"media.navigator.permission.disabled": true, "media.navigator.streams.fake": true,
				"media.devices.insecure.enabled": true, "media.getusermedia.insecure.enabled": true,
			},
		})
	default:
		err = fmt.Errorf("no engine %q", engine)
	}
	if err != nil {
		return nil, err
	}
	t.closer = append(t.closer, func() { _ = t.Host.Close() })
	return t, t.Reload(ctx)
}

// Reload loads the host's page again, as a tablet's browser does after it
// was away, and waits for its first frame.
func (t *Table) Reload(ctx context.Context) error {
	if err := t.Host.Navigate(ctx, t.Base); err != nil {
		return err
	}
	if err := t.until(ctx, t.Host, `document.documentElement.dataset.drawn === "1"`, "the web app's first frame"); err != nil {
		return err
	}
	// Every byte the host sends on any data channel, kept for the test:
	// what the guests received.
	return t.Host.Eval(ctx, `(() => {
		const send = RTCDataChannel.prototype.send;
		window.boardsideSent = [];
		RTCDataChannel.prototype.send = function (d) { window.boardsideSent.push(String(d)); return send.call(this, d); };
		return true;
	})()`, nil)
}

// Close ends the browsers, the server and the LAN.
func (t *Table) Close() {
	for i := len(t.closer) - 1; i >= 0; i-- {
		t.closer[i]()
	}
	t.closer = nil
}

// until polls expr in p until it is true.
func (t *Table) until(ctx context.Context, p webdriver.Page, expr, what string) error {
	return webdriver.Until(ctx, p, expr, t.Wait, 50*time.Millisecond, nil)
}

// Tap taps the host's button (or label) whose text is text.
func (t *Table) Tap(ctx context.Context, kind, text string) error {
	return webscreen.TapShown(ctx, t.Host, kind, webscreen.Is(text), t.Wait)
}

// OfferLink reads the code on the host's screen as a camera app would: a
// screenshot, decoded by the page's own QR reader (web/app/scan.js). It
// waits for a code other than not.
func (t *Table) OfferLink(ctx context.Context, not string) (string, error) {
	deadline := time.Now().Add(t.Wait)
	for {
		shot, err := t.Host.Screenshot(ctx)
		if err != nil {
			return "", err
		}
		link, err := t.read(ctx, shot)
		if err != nil {
			return "", err
		}
		if link != "" && link != not {
			return link, nil
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("no new code on the host's screen in %v (last read %q)", t.Wait, link)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// read decodes the QR code in a screenshot, "" for none, with the host
// page's own reader (web/app/scan.js): what a camera app does.
func (t *Table) read(ctx context.Context, shot []byte) (string, error) {
	var text string
	err := t.Host.Eval(ctx, `(async () => {
		const img = new Image();
		img.src = "data:image/png;base64,`+base64.StdEncoding.EncodeToString(shot)+`";
		await img.decode();
		const c = document.createElement("canvas");
		c.width = img.naturalWidth; c.height = img.naturalHeight;
		const g = c.getContext("2d");
		g.drawImage(img, 0, 0);
		return (await boardsideScan.decodeImage(g.getImageData(0, 0, c.width, c.height))) || "";
	})()`, &text)
	return text, err
}

// Film makes the host's camera film img (a guest's screen): centred on the
// camera's frame, scaled down to fit.
func (t *Table) Film(img image.Image) error {
	frame := image.NewRGBA(image.Rect(0, 0, fakecam.Width, fakecam.Height))
	draw.Draw(frame, frame.Bounds(), image.NewUniform(fakecam.Background), image.Point{}, draw.Src)
	b := img.Bounds()
	scale := min(float64(fakecam.Width)/float64(b.Dx()), float64(fakecam.Height)/float64(b.Dy()), 1)
	w, h := int(float64(b.Dx())*scale), int(float64(b.Dy())*scale)
	at := image.Rect(0, 0, w, h).Add(image.Pt((fakecam.Width-w)/2, (fakecam.Height-h)/2))
	xdraw.NearestNeighbor.Scale(frame, at, img, b, draw.Src, nil) // a QR code's modules are blocks
	return fakecam.WriteY4M(t.camera, frame, 2)
}

// Join seats a guest of the given engine: it opens the host's code, shows
// its answer, and the host scans it. It returns once the guest shows the
// table. Opened is how long the guest's page took from opening the link to
// showing its code; Connected from the host's scan to the guest's table.
func (t *Table) Join(ctx context.Context, engine, lastLink string) (g *Guest, link string, timing Timing, err error) {
	link, err = t.OfferLink(ctx, lastLink)
	if err != nil {
		return nil, "", timing, err
	}
	t.guests++
	dev, err := t.LAN.Add(fmt.Sprintf("g%d", t.guests))
	if err != nil {
		return nil, link, timing, err
	}
	g = &Guest{Engine: engine, Device: dev}
	if g.Page, err = startGuest(ctx, engine, t.Display, dev); err != nil {
		return nil, link, timing, err
	}
	t.closer = append(t.closer, func() { _ = g.Page.Close() })
	start := time.Now()
	if err := g.Page.Navigate(ctx, link); err != nil {
		return g, link, timing, err
	}
	if err := t.until(ctx, g.Page, `!!document.querySelector("#answerCode svg") || !document.querySelector("#fatal").hidden`, "the guest's answer"); err != nil {
		return g, link, timing, err
	}
	if fatal := g.Text(ctx, "#fatal"); fatal != "" {
		return g, link, timing, errors.New("the guest says: " + fatal)
	}
	timing.Answered = time.Since(start)
	timing.Link = len(link)
	_ = g.Page.Eval(ctx, `(document.querySelector("#answerCode").dataset.code || "").length`, &timing.Answer)
	shot, err := g.Page.Screenshot(ctx)
	if err != nil {
		return g, link, timing, err
	}
	t.answer = shot
	scanned := time.Now()
	if err := t.scan(ctx, shot); err != nil {
		return g, link, timing, err
	}
	if err := t.until(ctx, g.Page, `document.querySelector("#answer").hidden && !!document.documentElement.dataset.version`, "the guest's table"); err != nil {
		screen, _ := webscreen.Read(ctx, t.Host)
		return g, link, timing, fmt.Errorf("guest %d: %w; it shows %q; the host shows:\n%s", t.guests, err, g.Text(ctx, "#fatal"), screen)
	}
	timing.Connected = time.Since(scanned)
	timing.Shown = time.Since(start)
	return g, link, timing, nil
}

// scan gives the host a guest's screen: filmed by its camera (Chromium),
// or read from the screenshot and typed into its paste field (Firefox).
func (t *Table) scan(ctx context.Context, shot []byte) error {
	if t.HostEngine == "firefox" {
		code, err := t.read(ctx, shot)
		if err != nil {
			return err
		}
		if err := webscreen.TapShown(ctx, t.Host, "entry", webscreen.Is(""), t.Wait); err != nil {
			return err
		}
		if err := t.until(ctx, t.Host, `!!document.activeElement && document.activeElement.id === "dummyEntry"`, "the paste field has the keyboard"); err != nil {
			return err
		}
		return t.Host.Type(ctx, code+"\n")
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		return err
	}
	if err := t.Film(img); err != nil {
		return err
	}
	return t.Tap(ctx, "button", "Scan a device's code")
}

// LastAnswer is the last guest's screen as it showed its answer's code, nil
// before any.
func (t *Table) LastAnswer() image.Image {
	img, err := png.Decode(bytes.NewReader(t.answer))
	if err != nil {
		return nil
	}
	return img
}

// Timing is how long a guest's join took.
type Timing struct {
	Answered  time.Duration // the link opened → the answer's code shown
	Connected time.Duration // the host's scan started → the table shown on the guest
	Shown     time.Duration // the link opened → the table shown
	// Link and Answer are the lengths of the host's link and of the
	// guest's answer code, in characters: what the codes carry.
	Link, Answer int
}

// Text is the text of the first element matching selector in the guest's
// page, "" when there is none.
func (g *Guest) Text(ctx context.Context, selector string) string {
	var s string
	_ = g.Page.Eval(ctx, `(document.querySelector(`+strconv.Quote(selector)+`) || {}).textContent || ""`, &s)
	return strings.TrimSpace(s)
}

// Version is the table's version the guest shows.
func (g *Guest) Version(ctx context.Context) (uint64, error) {
	var v string
	if err := g.Page.Eval(ctx, `document.documentElement.dataset.version || ""`, &v); err != nil {
		return 0, err
	}
	var n uint64
	_, err := fmt.Sscan(v, &n)
	return n, err
}

// Sent is every frame the host sent on its data channels so far.
func (t *Table) Sent(ctx context.Context) ([]string, error) {
	var sent []string
	err := t.Host.Eval(ctx, `window.boardsideSent || []`, &sent)
	return sent, err
}
