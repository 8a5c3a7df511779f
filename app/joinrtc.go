package app

import (
	"context"
	"errors"
	"image/color"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
	"github.com/skip2/go-qrcode"

	"boardside/app/kit"
	"boardside/companion/share"
)

// A table a browser hosts (tablehost.go) has no address: its link is the
// quick viewer's, …/j/#<offer>, with the host's WebRTC offer in the
// fragment. The full web app joins it as the quick viewer does: it
// answers the offer (assets/web/rtc.js), shows the answer's code until the
// host's camera has read it, and then follows the table with the same
// share.Client as an HTTP table's, its requests carried as frames on the
// data channel (share.FrameTransport), on the same joined screen.

// rtcJoinerHere is the platform's WebRTC for joining (newRTCJoiner): nil
// where this copy cannot join a browser-hosted table. Tests give their own.
var rtcJoinerHere = newRTCJoiner

// rtcJoiner is the browser's side of joining a browser-hosted table.
// Answer may wait (on the browser's promises): it is called off the Fyne
// goroutine.
type rtcJoiner interface {
	// Answer answers the host's offer code: the code this device shows the
	// host's camera, and the channel, which opens once the host has read
	// that code. open, message and closed are told, on any goroutine, as
	// the channel opens, speaks and closes; message must not block.
	Answer(offer string, open func(), message func(frame []byte), closed func()) (answer string, ch rtcChannel, err error)
}

// rtcChannel is a device's data channel to the host.
type rtcChannel interface {
	// Send writes one frame; false when the channel is not open.
	Send(frame []byte) bool
	// Close ends the connection.
	Close()
}

// offerCode is a host's offer as its link carries it (rtc.js's codes are
// base64url, and an offer is longer than 60 characters).
var offerCode = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]{60,}$`) })

// rtcOffer is the host's offer in a browser-hosted table's link
// (…/j/#<offer>, the link under the host's code), and whether link is one.
func rtcOffer(link string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(link))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", false
	}
	if !strings.HasSuffix(u.Path, "/j/") && !strings.HasSuffix(u.Path, "/j/index.html") {
		return "", false
	}
	if !offerCode().MatchString(u.Fragment) {
		return "", false
	}
	return u.Fragment, true
}

// rtcLost is what a device says when its channel to the host closed.
func rtcLost() string {
	return lang.L("The link to the host is lost. To rejoin, the host taps “Add or rejoin a device”; paste its new link here.")
}

// errRTCClosed is a frame sent on a channel that is not open.
var errRTCClosed = errors.New("the channel to the host is closed")

// rtcJoin is this device joining a browser-hosted table: the answer's
// code on screen until the host reads it, then the table over the channel.
type rtcJoin struct {
	u         *UI
	transport *share.FrameTransport

	mu sync.Mutex
	ch rtcChannel // nil until the answer is made

	// screen is what shows this table, the answer's code and then the
	// table itself; nil once neither does. Fyne goroutine only.
	screen fyne.CanvasObject
	hint   *widget.Label // what happens next, over the code
}

// joinBrowserTable answers a browser-hosted table's offer from the join
// screen; the player shows the answer's code to the host, and the table
// opens once the host has read it. Fyne goroutine; nothing here waits.
func (j *JoinScreen) joinBrowserTable(u *UI, offer string) {
	joiner := rtcJoinerHere()
	if joiner == nil {
		kit.SetLabel(j.status, noRTCJoin())
		return
	}
	j.join.Disable()
	kit.SetLabel(j.status, lang.L("Making the code for the host …"))
	r := &rtcJoin{u: u}
	r.transport = share.NewFrameTransport(r.send)
	go func() {
		answer, ch, err := joiner.Answer(offer, r.opened, r.transport.Receive, r.closed)
		if err == nil {
			r.mu.Lock()
			r.ch = ch
			r.mu.Unlock()
		}
		u.Do(func() {
			if u.Current != j.Content { // the player went elsewhere meanwhile
				r.close()
				return
			}
			j.join.Enable()
			if err != nil {
				r.close()
				kit.SetLabel(j.status, lang.L("This link does not open a table: open the host's newest link. Both devices must be on the same Wi-Fi."))
				return
			}
			r.showAnswer(answer)
		})
	}()
}

func (r *rtcJoin) send(frame []byte) error {
	r.mu.Lock()
	ch := r.ch
	r.mu.Unlock()
	if ch == nil || !ch.Send(frame) {
		return errRTCClosed
	}
	return nil
}

// close ends the connection: the player left, or it failed.
func (r *rtcJoin) close() {
	r.mu.Lock()
	ch := r.ch
	r.mu.Unlock()
	if ch != nil {
		ch.Close()
	}
	r.transport.Close()
}

// showAnswer shows the answer's code, black on white whatever the theme,
// as large as the screen allows, for the host's camera.
func (r *rtcJoin) showAnswer(answer string) {
	bar, _ := kit.BackBar(lang.L("Join a table"), r.u.leaveTable)
	code := canvas.NewImageFromResource(nil)
	if png, err := qrcode.Encode(answer, qrcode.Medium, 512); err == nil {
		code.Resource = fyne.NewStaticResource("answer-code.png", png)
	}
	code.FillMode = canvas.ImageFillContain
	code.ScaleMode = canvas.ImageScalePixels // sharp modules: a camera reads them best
	code.SetMinSize(fyne.NewSize(200, 200))
	r.hint = kit.Wrapped(lang.L("Show this code to the host's camera"))
	body := container.NewBorder(r.hint, nil, nil, nil,
		container.NewStack(canvas.NewRectangle(color.White), container.NewPadded(container.NewPadded(code))))
	content := kit.NewBorder(bar, nil, container.NewPadded(body))
	r.u.Show(content)
	r.u.Leave = r.close // Back, or any other screen, ends the connection
	r.screen = content
}

// opened dials the table over the channel, once the host has read the
// answer's code. Any goroutine.
func (r *rtcJoin) opened() {
	r.u.Do(func() {
		if r.screen != nil && r.u.Current == r.screen {
			kit.SetLabel(r.hint, lang.L("Joining…"))
		}
	})
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		c, err := share.DialFrames(ctx, r.transport, r.u.Clock)
		r.u.Do(func() { r.follow(c, err) })
	}()
}

// follow shows the table on the joined screen, as a table joined over
// HTTP, if the answer's code still shows. Fyne goroutine.
func (r *rtcJoin) follow(c *share.Client, err error) {
	if r.screen == nil || r.u.Current != r.screen { // the player left, or the link was lost
		if err == nil {
			c.Close()
		}
		r.close()
		return
	}
	if err != nil {
		msg := kit.TranslateError(err)
		if r.transport.Closed() {
			msg = rtcLost()
		}
		r.showJoin(msg)
		return
	}
	g := r.u.Game(c.Snapshot().Game)
	if g == nil || g.Join == nil {
		c.Close()
		r.showJoin(lang.L("This table plays a game this copy of Boardside cannot show."))
		return
	}
	content, stop := g.Join(r.u.GameWindow(), c)
	r.u.Leave = nil // the answer's screen gives way to the table: the channel stays
	r.u.Show(content)
	r.u.Leave = func() { stop(); r.close() }
	r.screen = content
	// A browser-hosted table cannot be joined again from its link (each
	// offer answers once, and the channel ends with the page): a reload
	// rejoins no table, not an older one either.
	r.u.prefs.SetJoinedTable("")
}

// closed is the channel's end: the host's page closed or reloaded, or the
// Wi-Fi dropped this device. Any goroutine.
func (r *rtcJoin) closed() {
	r.transport.Close()
	r.u.Do(func() {
		if r.screen != nil && r.u.Current == r.screen {
			r.showJoin(rtcLost())
		}
	})
}

// showJoin goes back to the join screen, saying msg; the table showing,
// if any, stops and its channel closes.
func (r *rtcJoin) showJoin(msg string) {
	r.screen = nil
	j := NewJoinScreen(r.u)
	kit.SetLabel(j.status, msg)
	r.u.Show(j.Content)
	r.close()
}
