package app

import (
	"errors"
	"fmt"
	"image/color"
	"strings"
	"sync"
	"time"

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
	"boardside/timers"
)

// A browser cannot listen, so a browser that hosts a table opens one
// WebRTC data channel per device (assets/web/rtc.js), signalled by two
// scans: the device's camera app opens this device's code (a link to the
// quick viewer with the offer in it), and this device's camera reads the
// code the device then shows. The table's frames on each channel are
// served by share.Host, the same host as on HTTP.

// peerLinksHere is the platform's WebRTC (newPeerLinks); tests give
// their own.
var peerLinksHere = newPeerLinks

// peerLinks is the browser's side of the channels, as the host uses it.
// Its calls may wait (on the browser's promises): they are made off the
// Fyne goroutine. The events come on any goroutine.
type peerLinks interface {
	// Camera asks for the camera first: the host must scan, and a browser
	// that may use the camera names its real addresses in its offers, so
	// a device needs no local name lookup to reach it.
	Camera() error
	// Offer makes a connection for one device: its id and the link its
	// camera app opens.
	Offer() (id, link string, err error)
	// Accept takes a device's answer code: the id of the offer it answers.
	Accept(code string) (id string, err error)
	// Scan reads one code with the camera.
	Scan() (code string, err error)
	Send(id string, frame []byte) bool
	Close(id string)
	CloseAll()
	// Listen sets what happens as a device's channel opens, speaks and
	// closes.
	Listen(open func(id string), message func(id string, frame []byte), closed func(id string))
}

// errScanStopped is a scan the player cancelled: nothing to say.
var errScanStopped = errors.New("scan stopped")

// refusedCode says in plain words why a scanned code was not taken; reason
// is rtc.js's: not-a-code, an-offer, used or unknown.
func refusedCode(reason string) error {
	switch reason {
	case "used":
		return errors.New(lang.L("That device is already in."))
	case "unknown":
		return errors.New(lang.L("That code answers an older code. The device scans the newest code here, then shows its new code."))
	case "an-offer":
		return errors.New(lang.L("That is a host's code, not a device's. Scan the code on the device's screen."))
	default:
		return errors.New(lang.L("That is not a Boardside device's code. Scan the code on the device's screen."))
	}
}

// noCamera is the host's camera refused or missing.
func noCamera() string {
	return lang.L("This device has no camera Boardside may use. Allow the camera for this page, or paste the device's code below.")
}

// connectWait is how long a scanned device may take to connect before the
// host offers it a new code: some browsers give up on an answer after
// about 5 s, and a channel opens in well under 1 s on a shared Wi-Fi.
const connectWait = 8 * time.Second

// guest is a device at a browser-hosted table, as the host lists it.
type guest struct {
	id, name string
	state    string // "scanned", "connected", "gone"
	peer     *share.Peer
}

// tableHost is a table this browser hosts: the game's share.Host, and a
// channel per device.
type tableHost struct {
	u       *UI
	links   peerLinks
	host    *share.Host
	session *companion.Session // the game it shares

	mu       sync.Mutex
	guests   []*guest
	offerID  string // the code on screen
	offerURL string
	status   string
	changed  func() // redraws the screen; Fyne goroutine
	timeouts map[string]timers.Stopper
}

func newTableHost(u *UI, links peerLinks, s *companion.Session, g *kit.Game) *tableHost {
	game := *g.Share
	game.Rules = s.Rules()
	h := &tableHost{u: u, links: links, host: share.NewHost(s, game, u.Clock, share.NewToken()), session: s, timeouts: map[string]timers.Stopper{}}
	links.Listen(h.opened, h.message, h.closed)
	return h
}

func (h *tableHost) stop() {
	h.links.CloseAll()
	h.host.Close()
	h.mu.Lock()
	for _, t := range h.timeouts {
		t.Stop()
	}
	for _, g := range h.guests {
		if g.peer != nil {
			g.peer.Close()
		}
	}
	h.mu.Unlock()
}

// tell redraws the host's screen on the Fyne goroutine.
func (h *tableHost) tell() {
	h.u.Do(func() {
		h.mu.Lock()
		f := h.changed
		h.mu.Unlock()
		if f != nil {
			f()
		}
	})
}

func (h *tableHost) setStatus(s string) {
	h.mu.Lock()
	h.status = s
	h.mu.Unlock()
	h.tell()
}

// start asks for the camera, then makes the first device's code. Off the
// Fyne goroutine.
func (h *tableHost) start() {
	if err := h.links.Camera(); err != nil {
		h.setStatus(noCamera())
	}
	h.newOffer()
}

// newOffer makes the code the next device (or a device rejoining) scans.
func (h *tableHost) newOffer() {
	id, link, err := h.links.Offer()
	h.mu.Lock()
	if err != nil {
		h.status = lang.L("This browser could not make a code: {{.Error}}", map[string]any{"Error": err.Error()})
	} else {
		if h.offerID != "" && h.offerID != id && h.guest(h.offerID) == nil {
			h.links.Close(h.offerID) // nobody answered the code it replaces
		}
		h.offerID, h.offerURL = id, link
	}
	h.mu.Unlock()
	h.tell()
}

// guest is the device with this id; h.mu held.
func (h *tableHost) guest(id string) *guest {
	for _, g := range h.guests {
		if g.id == id {
			return g
		}
	}
	return nil
}

// scanned takes a device's answer code, read by the camera or pasted.
func (h *tableHost) scanned(code string) {
	id, err := h.links.Accept(code)
	if err != nil {
		h.setStatus(err.Error())
		return
	}
	h.mu.Lock()
	// Its channel may have opened already, while Accept returned: then
	// opened has listed it.
	if h.guest(id) == nil {
		g := h.list(id)
		h.status = lang.L("{{.Name}} is connecting …", map[string]any{"Name": g.name})
		h.timeouts[id] = h.u.Clock.AfterFunc(connectWait, func() { h.late(id) })
	}
	h.mu.Unlock()
	h.tell()
	h.newOffer() // the next device's code: one per device
}

// late gives up on a device that did not connect in time and shows a new
// code for it.
func (h *tableHost) late(id string) {
	h.mu.Lock()
	g := h.guest(id)
	if g == nil || g.state != "scanned" {
		h.mu.Unlock()
		return
	}
	g.state = "gone"
	h.status = lang.L("{{.Name}} did not connect. It scans the code here again, and shows you its new code.", map[string]any{"Name": g.name})
	h.mu.Unlock()
	h.links.Close(id)
	h.tell()
}

// list adds the device with this id to the table's list; h.mu held.
func (h *tableHost) list(id string) *guest {
	g := &guest{id: id, name: lang.L("Device {{.N}}", map[string]any{"N": len(h.guests) + 1}), state: "scanned"}
	h.guests = append(h.guests, g)
	return g
}

// opened serves the table to a device whose channel has opened. The page
// tells its events in order (the open before any frame), but may tell
// the open before Accept has handed scanned the id: then it is listed
// here.
func (h *tableHost) opened(id string) {
	h.mu.Lock()
	defer h.tell()
	defer h.mu.Unlock()
	g := h.guest(id)
	if g == nil {
		g = h.list(id)
	}
	if g.peer != nil {
		return
	}
	if t := h.timeouts[id]; t != nil {
		t.Stop()
		delete(h.timeouts, id)
	}
	g.state = "connected"
	g.peer = h.host.Attach(id, func(b []byte) error {
		if !h.links.Send(id, b) {
			return errors.New("the channel is closed")
		}
		return nil
	})
	h.status = lang.L("{{.Name}} is in.", map[string]any{"Name": g.name})
}

func (h *tableHost) message(id string, frame []byte) {
	h.mu.Lock()
	g := h.guest(id)
	h.mu.Unlock()
	if g != nil && g.peer != nil { // opened, in order, came first
		g.peer.Receive(frame)
	}
}

func (h *tableHost) closed(id string) {
	h.mu.Lock()
	g := h.guest(id)
	if g == nil {
		h.mu.Unlock()
		return
	}
	g.state = "gone"
	if g.peer != nil {
		g.peer.Close()
	}
	h.status = lang.L("{{.Name}} has gone. To bring it back, it scans the code here again.", map[string]any{"Name": g.name})
	h.mu.Unlock()
	h.tell()
}

// view is what the screen shows, read under the lock.
func (h *tableHost) view() (offer, status string, lines []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, g := range h.guests {
		var state string
		switch g.state {
		case "connected":
			state = lang.L("connected")
		case "scanned":
			state = lang.L("connecting …")
		default:
			state = lang.L("gone: rejoin with a new code")
		}
		lines = append(lines, fmt.Sprintf("%s: %s", g.name, state))
	}
	return h.offerURL, h.status, lines
}

// browserHost is the table this browser hosts for a game, made on first
// use; nil where a browser cannot (no WebRTC) or on a desktop, which hosts
// over HTTP.
func (u *UI) browserHost(g *kit.Game, s *companion.Session) (*tableHost, error) {
	links := peerLinksHere()
	if links == nil {
		return nil, errors.New(lang.L("This browser cannot host a table. Open Boardside in another browser, or host from a laptop."))
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if h, ok := u.tableHosts[g.ID]; ok && h.session == s {
		return h, nil
	}
	if h, ok := u.tableHosts[g.ID]; ok {
		h.stop()
	}
	if g.Share == nil {
		return nil, errors.New(lang.L("This game cannot be shared yet."))
	}
	h := newTableHost(u, links, s, g)
	if u.tableHosts == nil {
		u.tableHosts = map[string]*tableHost{}
	}
	u.tableHosts[g.ID] = h
	u.prefs.SetHostedHere(g.ID)
	go h.start()
	return h, nil
}

// rejoinNotice says, after the page of a browser that hosted a table was
// reloaded, that the game is kept but its devices must join again: a page's
// data channels end with it. Once.
func (u *UI) rejoinNotice() []string {
	id := u.prefs.HostedHere()
	if id == "" {
		return nil
	}
	u.prefs.SetHostedHere("")
	g := u.Game(id)
	if g == nil || u.Session(id) == nil {
		return nil
	}
	return []string{lang.L("{{.Game}} was hosted from this browser. The game is kept, but the devices must join again: open Share, and each device scans the new code.",
		map[string]any{"Game": g.Name})}
}

// hostedHere says whether this browser hosts the game's session.
func (u *UI) hostedHere(gameID string, s *companion.Session) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	h, ok := u.tableHosts[gameID]
	return ok && h.session == s
}

func (u *UI) stopTableHost(gameID string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if h, ok := u.tableHosts[gameID]; ok {
		h.stop()
		delete(u.tableHosts, gameID)
		u.prefs.SetHostedHere("")
	}
}

// tableHostScreen shows the code the next device scans, the scan button
// and the devices at the table.
type tableHostScreen struct {
	content       fyne.CanvasObject
	qr            *canvas.Image
	shownOffer    string
	status        *widget.Label
	devices       *widget.Label
	scan, another *widget.Button
	paste         *widget.Entry
}

func newTableHostScreen(u *UI, g *kit.Game, h *tableHost, onBack func()) *tableHostScreen {
	sc := &tableHostScreen{}
	bar, _ := kit.BackBar(lang.L("Host from this device"), onBack)
	intro := kit.Wrapped(lang.L("Each device joins with two scans: its camera app scans this code, then it shows its own code to this device's camera. All devices on the same Wi-Fi, not a guest network."))
	sc.qr = canvas.NewImageFromResource(nil)
	sc.qr.FillMode = canvas.ImageFillContain
	sc.qr.SetMinSize(fyne.NewSize(300, 300))
	qr := container.NewStack(canvas.NewRectangle(color.White), container.NewPadded(sc.qr)) // black on white whatever the theme
	sc.status = kit.Wrapped("")
	sc.devices = kit.Wrapped("")
	sc.scan = kit.BigButton(lang.L("Scan a device's code"), theme.SearchIcon(), func() {
		go func() {
			code, err := h.links.Scan()
			switch {
			case errors.Is(err, errScanStopped):
			case err != nil:
				h.setStatus(err.Error())
			default:
				h.scanned(code)
			}
		}()
	})
	sc.scan.Importance = widget.HighImportance
	sc.another = widget.NewButtonWithIcon(lang.L("Add or rejoin a device"), theme.ContentAddIcon(), func() { go h.newOffer() })
	sc.paste = widget.NewEntry()
	sc.paste.SetPlaceHolder(lang.L("Or paste a device's code here"))
	sc.paste.OnSubmitted = func(code string) {
		sc.paste.SetText("")
		go h.scanned(code)
	}
	stop := widget.NewButtonWithIcon(lang.L("Stop hosting"), theme.CancelIcon(), func() {
		u.stopTableHost(g.ID)
		u.holdScreen(u.Awake) // as the timers want it again
		onBack()
	})
	tips := kit.Wrapped(lang.L("If a device does not connect: both on the same Wi-Fi (a guest network keeps devices apart); on an Android phone whose Wi-Fi has no internet, turn mobile data off; a phone that never opened Boardside needs internet once to load it."))
	// Side by side on a tablet on its side, the code above the rest on a
	// phone: the host sees the devices beside the code they scan. The
	// buttons come first in their column and keep their places as devices
	// join (the list grows below them).
	controls := container.NewVBox(sc.scan, sc.another, sc.status, sc.devices, sc.paste, tips, stop)
	body := container.NewVBox(intro, container.NewAdaptiveGrid(2, container.NewCenter(qr), controls))
	sc.content = kit.NewBorder(bar, nil, kit.NewScroll(container.NewPadded(body)))
	h.mu.Lock()
	h.changed = sc.refresh(h)
	h.mu.Unlock()
	sc.refresh(h)()
	return sc
}

// refresh redraws what changed: the code only when it is a new one.
func (sc *tableHostScreen) refresh(h *tableHost) func() {
	return func() {
		offer, status, lines := h.view()
		if offer != sc.shownOffer {
			sc.shownOffer = offer
			if png, err := qrcode.Encode(offer, qrcode.Medium, 512); err == nil && offer != "" {
				sc.qr.Resource = fyne.NewStaticResource("device-code.png", png)
			} else {
				sc.qr.Resource = nil
			}
			sc.qr.Refresh()
		}
		if status == "" {
			status = lang.L("Making the code for the next device …")
			if offer != "" {
				status = lang.L("The next device scans this code with its camera app.")
			}
		}
		kit.SetLabel(sc.status, status)
		text := lang.L("No device yet.")
		if len(lines) > 0 {
			text = strings.Join(lines, "\n")
		}
		kit.SetLabel(sc.devices, text)
	}
}
