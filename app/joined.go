package app

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/companion/share"
	"boardside/timers"
)

// joinScreen asks for the link of a table another device hosts.
type joinScreen struct {
	content fyne.CanvasObject
	link    *widget.Entry
	join    *widget.Button
	status  *widget.Label
}

func (u *UI) showJoin() { u.show(newJoinScreen(u).content) }

// showJoinLink shows the join screen with a table's link filled in, for a
// copy of the app opened from that table: one tap on Join joins it.
func (u *UI) showJoinLink(link string) {
	j := newJoinScreen(u)
	j.link.SetText(link)
	setLabel(j.status, lang.L("You came from this table: tap Join to take part from this device."))
	u.show(j.content)
}

func newJoinScreen(u *UI) *joinScreen {
	j := &joinScreen{}
	bar, _ := backBar(lang.L("Join a table"), u.showHome)
	j.link = widget.NewEntry()
	j.link.SetPlaceHolder("http://192.168.1.20:7777/?t=…")
	j.status = widget.NewLabel(lang.L("Paste or type the link the host shows under its QR code."))
	j.status.Wrapping = fyne.TextWrapWord
	j.join = widget.NewButtonWithIcon(lang.L("Join"), theme.LoginIcon(), func() { j.onJoin(u) })
	j.join.Importance = widget.HighImportance
	j.link.OnSubmitted = func(string) { j.onJoin(u) }
	j.content = newBorder(bar, nil, newScroll(container.NewPadded(container.NewVBox(j.link, j.join, j.status))))
	return j
}

// onJoin dials in the background; the network must not block the screen.
func (j *joinScreen) onJoin(u *UI) {
	link := j.link.Text
	j.join.Disable()
	setLabel(j.status, lang.L("Joining…"))
	go j.connect(u, link)
}

// connect dials the table and, on the UI goroutine, opens it or says why not.
func (j *joinScreen) connect(u *UI, link string) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	c, err := share.Dial(ctx, link, u.clock)
	u.do(func() {
		j.join.Enable()
		if err != nil {
			setLabel(j.status, translateError(err))
			return
		}
		g := u.game(c.Snapshot().Game)
		if g == nil || g.Join == nil {
			c.Close()
			setLabel(j.status, lang.L("This table plays a game this copy of Boardside cannot show."))
			return
		}
		content, stop := g.Join(u, c)
		u.show(content)
		u.leave = stop
	})
}

// joinedScreen shows a table hosted elsewhere: the connection, the game's
// status, its public actions as buttons, and the game's own part (its
// timer, its cards), which renders the public state. The timer is computed
// here from the host's deadline and the clock offset.
type joinedScreen struct {
	u       *UI
	c       *share.Client
	content fyne.CanvasObject

	conn    *widget.Label
	status  *widget.Label
	info    *widget.Label
	banner  *widget.Label
	buttons *fyne.Container
	btnKey  string
	waker   *timers.Waker
	stopW   func()
	vis     visibility
	// renderGame shows the public state; it returns the time left on the
	// game's timer and whether it runs.
	renderGame func(state json.RawMessage) (time.Duration, bool)
}

// newJoinedScreen frames a game's joined view: center fills the middle,
// below sits between the status lines and the buttons.
func newJoinedScreen(u *UI, c *share.Client, center, below fyne.CanvasObject, render func(state json.RawMessage) (time.Duration, bool)) *joinedScreen {
	j := &joinedScreen{u: u, c: c, renderGame: render}
	bar, _ := backBar(lang.L("Joined table"), func() { u.showHome() })
	j.conn = widget.NewLabel("")
	j.status = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	j.status.SizeName = theme.SizeNameSubHeadingText
	j.info = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{})
	j.info.Wrapping = fyne.TextWrapWord
	j.banner = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	j.banner.Importance = widget.SuccessImportance
	j.buttons = container.NewGridWithRows(1)
	bottom := container.NewVBox(j.status, j.banner, j.info)
	if below != nil {
		bottom.Add(below)
	}
	bottom.Add(buttonRow(j.buttons))
	j.content = newBorder(container.NewVBox(bar, j.conn), container.NewPadded(bottom), container.NewPadded(center))
	return j
}

// start renders now and whenever the table or the timer changes.
func (j *joinedScreen) start() {
	j.waker = timers.NewWaker(j.u.clock, func() { j.u.do(j.render) })
	j.stopW = j.c.Watch(func() { j.u.do(j.render) })
	j.render()
}

// stop leaves the table.
func (j *joinedScreen) stop() {
	j.stopW()
	j.waker.Stop()
	j.c.Close()
}

func (j *joinedScreen) send(kind string, data any) {
	if err := j.c.Send(kind, data); err != nil {
		j.u.showError(err)
	}
}

func (j *joinedScreen) render() {
	off, rtt := j.c.Offset()
	state := lang.L("Connected")
	if !j.c.Connected() {
		state = lang.L("Reconnecting…")
	}
	setLabel(j.conn, fmt.Sprintf("%s · %s %d ms · %s %d ms", state, lang.L("clock offset"), off.Milliseconds(), lang.L("round trip"), rtt.Milliseconds()))
	rem, running := j.renderGame(j.c.Snapshot().State)
	j.vis.apply(j.content)
	j.u.keepAwake(running)
	if running {
		j.waker.After(timers.UntilRemainingChanges(rem))
	}
}

// remaining is a shared timer's time left on the host's clock.
func (j *joinedScreen) remaining(v timers.View) time.Duration {
	if !v.Running {
		return time.Duration(v.LeftMs) * time.Millisecond
	}
	return max(time.UnixMilli(v.DeadlineMs).Sub(j.c.HostNow()), 0)
}

// action is a button of the joined screen: a public action to send.
type action struct {
	text, kind string
	data       any
	main, off  bool
}

// setButtons shows the actions; the row is rebuilt only when they change,
// not on every tick of the timer.
func (j *joinedScreen) setButtons(as ...action) {
	key := fmt.Sprint(as)
	if key == j.btnKey {
		return
	}
	j.btnKey = key
	objs := make([]fyne.CanvasObject, len(as))
	for i, a := range as {
		b := widget.NewButton(a.text, func() { j.send(a.kind, a.data) })
		if a.main {
			b.Importance = widget.HighImportance
		}
		enable(!a.off, b)
		objs[i] = b
	}
	j.buttons.Objects = objs
	j.buttons.Refresh()
}
