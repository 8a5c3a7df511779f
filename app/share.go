package app

import (
	"errors"
	"image/color"
	"net"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/skip2/go-qrcode"

	"boardside/app/kit"
	"boardside/companion"
	"boardside/companion/share"
	"boardside/companion/webapp"
)

// hosting is a game this device shares with the table.
type hosting struct {
	session  *companion.Session
	token    string // the table's secret, in its links
	port     int
	urls     []string
	checkURL string // the connection-test page
	webApp   string // the full app's folder, served at /app/; "": looked for at each request
	// stop ends the serving and frees the port at once, even when the
	// server's goroutine has not begun to serve yet (Server.Close only
	// closes the listeners Serve has already taken), and stops the host
	// following the session (Server.Close does not run the shutdown hook
	// that would). A func, not the host, server and listener, so that a
	// browser's build, which never hosts, does not keep Go's HTTP server
	// and TLS for a field's type (kept with its methods).
	stop func()
}

// webAppDir finds the full web app `make web` built, for a host to serve
// at /app/ beside the quick viewer: webapp.Find, "" when there is
// none. Tests point it at a folder of their own.
var webAppDir = webapp.Find

// appURL is the link that opens the full app on this host with the table
// joined, or "" when the host has no full app to serve.
func (h *hosting) appURL() string {
	dir := h.webApp
	if dir == "" {
		dir = webAppDir() // what the server looks for at each request
	}
	if dir == "" || !webapp.Built(dir) {
		return ""
	}
	return webapp.URL(h.urls[0])
}

// startSharing hosts a game's session on the local network, or returns
// the hosting already running for it. It remembers the sharing, so the
// next start of Boardside shares the game again (see shareAgain).
func (u *UI) startSharing(g *kit.Game, s *companion.Session) (*hosting, error) {
	if !canHost {
		// A page cannot listen. Returning here also leaves Go's HTTP server
		// and TLS out of the wasm a phone downloads and compiles.
		return nil, errors.New(lang.L("This device can join a table but not host one."))
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if h, ok := u.hosts[g.ID]; ok && h.session == s {
		return h, nil
	}
	if h, ok := u.hosts[g.ID]; ok { // an earlier game of this kind: end it
		h.stop()
		delete(u.hosts, g.ID)
	}
	if g.Share == nil {
		return nil, errors.New(lang.L("This game cannot be shared yet."))
	}
	port := share.DefaultPort
	if p, ok := u.sharedPort(g.ID); ok {
		port = p // where the devices at the table were before a restart
	}
	l, err := share.Listen(port)
	if err != nil {
		return nil, err
	}
	token, err := u.shareToken(g.ID)
	if err != nil {
		_ = l.Close()
		return nil, err
	}
	game := *g.Share
	game.Rules = s.Rules()
	host := share.NewHost(s, game, u.Clock, token)
	webApp := webAppDir()
	srv := share.NewServerWithWebApp(host, webApp)
	port = l.Addr().(*net.TCPAddr).Port
	h := &hosting{session: s, token: token, port: port, webApp: webApp, stop: func() {
		_ = srv.Close()
		_ = l.Close()
		host.Close()
	}}
	addrs := share.Addresses()
	for _, a := range addrs {
		h.urls = append(h.urls, share.URL(a, port, token))
	}
	h.checkURL = "http://" + net.JoinHostPort(addrs[0].String(), strconv.Itoa(port)) + "/check.html"
	go func() { _ = srv.Serve(l) }()
	u.hosts[g.ID] = h
	if err := u.sharingStore(g.ID).Save([]byte(strconv.Itoa(port) + "\n")); err != nil {
		u.OnSaveError(err) // shared all the same, only not again after a restart
	}
	return h, nil
}

// sharingStore keeps, beside a game's save, the port it is shared on: its
// presence means the game was being shared when Boardside last ran.
func (u *UI) sharingStore(gameID string) companion.Store {
	return u.Saves.Store("sessions/" + gameID + ".sharing")
}

// sharedPort reports whether a game's sharing is remembered, and on which
// port (the default one when the file does not say).
func (u *UI) sharedPort(gameID string) (port int, ok bool) {
	b, err := u.sharingStore(gameID).Load()
	if err != nil {
		return 0, false
	}
	p, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || p <= 0 || p > 65535 {
		return share.DefaultPort, true
	}
	return p, true
}

// forgetSharing makes the next start of Boardside leave a game unshared.
func (u *UI) forgetSharing(gameID string) {
	if err := u.sharingStore(gameID).Remove(); err != nil {
		u.OnSaveError(err)
	}
}

// shareAgain shares the games that were shared when Boardside last ran,
// with the same token and, when it is free, on the same port, so the
// devices at the table come back by themselves. It returns what went
// wrong, in words for the player.
func (u *UI) shareAgain() []string {
	if !canHost {
		return u.rejoinNotice()
	}
	var problems []string
	for _, g := range u.games {
		if _, ok := u.sharedPort(g.ID); !ok {
			continue
		}
		s := u.Session(g.ID)
		if s == nil || g.Share == nil {
			// The shared game is gone (its save could not be read): the
			// devices followed that game, and a new one is shared only when asked.
			u.forgetSharing(g.ID)
			continue
		}
		if _, err := u.startSharing(g, s); err != nil {
			problems = append(problems, lang.L("{{.Game}} was shared with the table, but could not be shared again. Reason: {{.Reason}}",
				map[string]any{"Game": g.Name, "Reason": kit.TranslateError(err)}))
		}
	}
	return problems
}

// shared reports whether this session is being shared with the table.
func (u *UI) shared(gameID string, s *companion.Session) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	h, ok := u.hosts[gameID]
	return ok && h.session == s
}

// closeHosts stops serving every shared game without forgetting it, as
// quitting does: the next start shares them again.
func (u *UI) closeHosts() {
	u.mu.Lock()
	defer u.mu.Unlock()
	for id, h := range u.hosts {
		h.stop()
		delete(u.hosts, id)
	}
}

// shareToken keeps one token per game beside its save, so devices that
// joined come back after Boardside restarts.
func (u *UI) shareToken(gameID string) (string, error) {
	return share.LoadToken(u.Saves.Store("sessions/"+gameID+".token"), false)
}

// stopSharing ends the hosting of a game, if any, and forgets it: the
// next start of Boardside does not share the game again.
func (u *UI) stopSharing(gameID string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if h, ok := u.hosts[gameID]; ok {
		h.stop()
		delete(u.hosts, gameID)
	}
	u.forgetSharing(gameID)
}

// shareScreen shows the QR code and links other devices join with.
type shareScreen struct {
	content fyne.CanvasObject
	links   *widget.Label
	app     *widget.Label // the full app's link; nil when the host serves none
	qr      *canvas.Image
	stop    *widget.Button
}

func newShareScreen(u *UI, g *kit.Game, h *hosting, onBack func()) *shareScreen {
	sc := &shareScreen{}
	bar, _ := kit.BackBar(lang.L("Share this table"), onBack)
	// Black on white whatever the theme: an inverted code does not scan everywhere.
	png, err := qrcode.Encode(h.urls[0], qrcode.Medium, 512)
	if err == nil {
		sc.qr = canvas.NewImageFromResource(fyne.NewStaticResource("table-qr.png", png))
		sc.qr.FillMode = canvas.ImageFillContain
		sc.qr.SetMinSize(fyne.NewSize(300, 300))
	}
	intro := widget.NewLabel(lang.L("Scan the code with a phone's camera: the game opens in its browser, nothing to install. The devices must be on the same network as this one."))
	intro.Wrapping = fyne.TextWrapWord
	sc.links = widget.NewLabel(strings.Join(h.urls, "\n"))
	sc.links.TextStyle = fyne.TextStyle{Monospace: true}
	sc.links.Selectable = true
	sc.links.Wrapping = fyne.TextWrapBreak // a long link breaks rather than widen the screen
	sc.stop = widget.NewButtonWithIcon(lang.L("Stop sharing"), theme.CancelIcon(), func() {
		u.stopSharing(g.ID)
		onBack()
	})
	var qr fyne.CanvasObject = widget.NewLabel("")
	if sc.qr != nil {
		white := canvas.NewRectangle(color.White)
		qr = container.NewStack(white, container.NewPadded(sc.qr))
	}
	check := widget.NewLabel(lang.L("A device that cannot open the link can test its connection at {{.URL}}",
		map[string]any{"URL": h.checkURL}))
	check.Wrapping = fyne.TextWrapWord
	body := container.NewVBox(intro, container.NewCenter(qr),
		kit.Wrapped(lang.L("Or type one of these links:")), sc.links)
	if link := h.appURL(); link != "" {
		// The full app beside the quick viewer: a phone can keep it on its
		// home screen. The link is long: it breaks anywhere rather than
		// widen the screen.
		offer := widget.NewLabel(lang.L("The full app in the browser, which a phone can keep on its home screen:"))
		offer.Wrapping = fyne.TextWrapWord
		sc.app = widget.NewLabel(link)
		sc.app.TextStyle = fyne.TextStyle{Monospace: true}
		sc.app.Selectable = true
		sc.app.Wrapping = fyne.TextWrapBreak
		body.Add(offer)
		body.Add(sc.app)
	}
	body.Add(check)
	body.Add(sc.stop)
	sc.content = kit.NewBorder(bar, nil, kit.NewScroll(container.NewPadded(body)))
	return sc
}
