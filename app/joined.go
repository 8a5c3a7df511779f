package app

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
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
		if c.Snapshot().Game == adele.Game {
			ja := newJoinedAdele(u, c)
			u.show(ja.content)
			u.leave = ja.stop
			return
		}
		js := newJoinedScreen(u, c)
		u.show(js.content)
		u.leave = js.stop
	})
}

// joinedScreen shows a table hosted elsewhere: its public state, with the
// timer computed here from the host's deadline and the clock offset.
type joinedScreen struct {
	u       *UI
	c       *share.Client
	content fyne.CanvasObject

	conn    *widget.Label
	glass   *sandglass
	unlock  *fyne.Container
	unlockK string
	digits  *digits
	status  *widget.Label
	info    *widget.Label
	banner  *widget.Label
	card    *fyne.Container
	shown   string
	buttons *fyne.Container
	btnKey  string
	waker   *timers.Waker
	stopW   func()
	vis     visibility
}

func newJoinedScreen(u *UI, c *share.Client) *joinedScreen {
	j := &joinedScreen{u: u, c: c, digits: newDigits("–:––"), glass: newSandglass(), unlock: container.NewStack()}
	bar, _ := backBar(lang.L("Joined table"), func() { u.showHome() })
	j.conn = widget.NewLabel("")
	j.status = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	j.status.SizeName = theme.SizeNameSubHeadingText
	j.info = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{})
	j.info.Wrapping = fyne.TextWrapWord
	j.banner = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	j.banner.Importance = widget.SuccessImportance
	j.card = container.NewStack()
	j.buttons = container.NewGridWithRows(1)
	bottom := container.NewVBox(j.status, j.banner, j.info,
		container.NewCenter(container.NewHBox(j.card, container.NewGridWrap(fyne.NewSize(260, 130), j.unlock))), buttonRow(j.buttons))
	j.glass.Hide()
	center := container.New(splitLayout{share: 0.65}, j.digits, j.glass)
	j.content = newBorder(container.NewVBox(bar, j.conn), container.NewPadded(bottom), container.NewPadded(center))
	j.waker = timers.NewWaker(u.clock, func() { u.do(j.render) })
	j.stopW = c.Watch(func() { u.do(j.render) })
	j.render()
	return j
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
	snap := j.c.Snapshot()
	var running bool
	var rem time.Duration
	switch snap.Game {
	case mm.Game:
		var p mm.PublicState
		if json.Unmarshal(snap.State, &p) == nil {
			rem, running = j.renderMars(p)
		}
	case mc.Game:
		var p mc.PublicState
		if json.Unmarshal(snap.State, &p) == nil {
			rem, running = j.renderMC(p)
		}
	}
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

func (j *joinedScreen) renderMars(p mm.PublicState) (time.Duration, bool) {
	rem := j.remaining(p.Sand)
	j.digits.SetText(timers.FormatRemaining(rem))
	j.vis.set(true, j.glass)
	if p.Sand.TotalMs > 0 {
		j.glass.Set(float64(rem.Milliseconds())/float64(p.Sand.TotalMs), p.Sand.Running)
	}
	over := p.Sand.Started && !p.Won && rem <= 0
	playing := p.Sand.Started && !over && !p.Won
	switch {
	case p.Won:
		setLabel(j.status, lang.L("Mission complete"))
	case over:
		setLabel(j.status, lang.L("The sand has run out"))
	case p.Sand.Started && !p.Sand.Running:
		setLabel(j.status, lang.L("Paused"))
	default:
		setLabel(j.status, lang.L("Mission {{.Mission}}", map[string]any{"Mission": p.Mission}))
	}
	setLabel(j.info, lang.L("Hourglass markers left: {{.Markers}}", map[string]any{"Markers": p.MarkersLeft}))
	talk := ""
	if playing && p.Talk == mm.TalkAfterJoker {
		talk = lang.L("Joker: talk now, until someone acts")
	} else if playing && p.Talk != "" {
		talk = lang.L("Talk now, until someone acts")
	}
	if playing && p.PassTiles {
		talk = strings.TrimSpace(talk + " " + lang.L("Pass your action tile to the left!"))
	}
	setLabel(j.banner, talk)
	j.vis.set(talk != "", j.banner)
	var bs []action
	if !p.Sand.Started {
		bs = append(bs, action{text: lang.L("Turn the sand timer over to start"), kind: "start", main: true})
	}
	if playing {
		bs = append(bs, action{text: lang.L("Flip"), kind: "flip", main: true, off: p.Landed || p.MarkersLeft <= 0})
		if talk != "" {
			bs = append(bs, action{text: lang.L("Action: someone moved"), kind: "act"})
		}
		if p.JokersLeft > 0 {
			bs = append(bs, action{text: lang.L("Joker: talk"), kind: "useJoker"})
		}
		if p.Sand.Running {
			bs = append(bs, action{text: lang.L("Pause"), kind: "pause"})
		} else {
			bs = append(bs, action{text: lang.L("Resume"), kind: "resume"})
		}
	}
	j.setButtons(bs...)
	j.vis.set(false, j.card)
	return rem, playing && p.Sand.Running
}

func (j *joinedScreen) renderMC(p mc.PublicState) (time.Duration, bool) {
	rem := j.remaining(p.Timer)
	j.digits.SetText(timers.FormatRemaining(rem))
	over := p.Timer.Started && !p.Accomplished && rem <= 0
	playing := p.Timer.Started && !over && !p.Accomplished
	switch {
	case p.Accomplished:
		setLabel(j.status, lang.L("Mission accomplished"))
	case over:
		setLabel(j.status, lang.L("Time's up"))
	case p.Timer.Started && !p.Timer.Running:
		setLabel(j.status, lang.L("Paused"))
	default:
		setLabel(j.status, lang.L("Oxygen needed: {{.Oxygen}}", map[string]any{"Oxygen": p.Oxygen}))
	}
	info := []string{lang.L("Turn {{.Turn}}", map[string]any{"Turn": p.Turn})}
	if len(p.Dice) > 0 {
		info = append(info, lang.L("Real dice:")+" "+strings.Trim(fmt.Sprint(p.Dice), "[]"))
	}
	var forced []mc.Forced
	forced = append(forced, p.Forced...)
	if f := forcedText(forced); f != "" {
		info = append(info, f)
	}
	setLabel(j.info, strings.Join(info, " · "))
	banner := ""
	if p.AllLocked {
		banner = lang.L("Mission Control is Locked!")
	}
	setLabel(j.banner, banner)
	j.vis.set(banner != "", j.banner)

	id := ""
	if p.AICard != nil {
		id = p.AICard.ID
	}
	if id != j.shown {
		j.shown = id
		j.card.Objects = nil
		if p.AICard != nil {
			card := mc.AICard{ID: p.AICard.ID, Houston: p.AICard.Parts[mc.Houston], Bengaluru: p.AICard.Parts[mc.Bengaluru], Cologne: p.AICard.Parts[mc.Cologne]}
			j.card.Objects = []fyne.CanvasObject{newAICard(card, p.AIRoles)}
		}
		j.card.Refresh()
		j.vis.changed = true
	}
	j.vis.set(p.AICard != nil, j.card)

	kind := ""
	if len(p.Unlocks) > 0 {
		kind = p.Unlocks[len(p.Unlocks)-1].Kind
	}
	if kind != j.unlockK {
		j.unlockK = kind
		j.unlock.Objects = nil
		if kind != "" {
			j.unlock.Objects = []fyne.CanvasObject{newUnlockCard(kind, 18)}
		}
		j.unlock.Refresh()
	}

	var bs []action
	if playing && len(p.Dice) > 0 {
		for _, r := range p.HumanRoles {
			locked := false
			for _, l := range p.Locked {
				locked = locked || l == r
			}
			bs = append(bs, action{text: lang.L("{{.City}} Locked!", map[string]any{"City": roleName(r)}), kind: "lock",
				data: map[string]string{"role": r}, off: locked})
		}
		if p.AllLocked {
			bs = append(bs, action{text: lang.L("Next turn"), kind: "nextTurn", main: true})
		}
	}
	if playing {
		if p.Timer.Running {
			bs = append(bs, action{text: lang.L("Pause"), kind: "pause"})
		} else {
			bs = append(bs, action{text: lang.L("Resume"), kind: "resume"})
		}
	}
	j.setButtons(bs...)
	return rem, playing && p.Timer.Running
}
