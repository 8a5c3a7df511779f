package app

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/companion"
	"boardside/companion/share"
	"boardside/timers"
)

// JoinScreen asks for the link of a table another device hosts.
type JoinScreen struct {
	Content fyne.CanvasObject
	link    *widget.Entry
	join    *widget.Button
	status  *widget.Label
}

func (u *UI) showJoin() { u.Show(NewJoinScreen(u).Content) }

// showJoinLink shows the join screen with a table's link filled in, for a
// copy of the app opened from that table: one tap on Join joins it. The
// table this copy is at already (a page reloaded at the table) is joined
// again without a tap.
func (u *UI) showJoinLink(link string) {
	if link == u.prefs.JoinedTable() {
		u.rejoinTable()
		return
	}
	j := NewJoinScreen(u)
	j.link.SetText(link)
	SetLabel(j.status, lang.L("You came from this table: tap Join to take part from this device."))
	u.Show(j.Content)
}

// rejoinTable joins the table this copy joined and has not left, if there
// is one, and says whether there is: the app started again (a browser
// reloaded the page) while its player was at a table. The join screen
// shows while it dials, and says why if the table does not answer; Join
// tries again, Back leaves the table.
func (u *UI) rejoinTable() bool {
	link := u.prefs.JoinedTable()
	if link == "" {
		return false
	}
	j := NewJoinScreen(u)
	j.link.SetText(link)
	u.Show(j.Content)
	j.onJoin(u)
	return true
}

// leaveTable goes home from a table, or from joining one: the table is not
// joined again at the next start.
func (u *UI) leaveTable() {
	u.prefs.SetJoinedTable("")
	u.ShowHome()
}

// NewJoinScreen asks for the link of a table to join.
func NewJoinScreen(u *UI) *JoinScreen {
	j := &JoinScreen{}
	bar, _ := BackBar(lang.L("Join a table"), u.leaveTable)
	j.link = widget.NewEntry()
	j.link.SetPlaceHolder("http://192.168.1.20:7777/?t=…")
	j.status = widget.NewLabel(lang.L("Paste or type the link the host shows under its QR code."))
	j.status.Wrapping = fyne.TextWrapWord
	j.join = widget.NewButtonWithIcon(lang.L("Join"), theme.LoginIcon(), func() { j.onJoin(u) })
	j.join.Importance = widget.HighImportance
	j.link.OnSubmitted = func(string) { j.onJoin(u) }
	j.Content = NewBorder(bar, nil, NewScroll(container.NewPadded(container.NewVBox(j.link, j.join, j.status))))
	return j
}

// onJoin dials in the background; the network must not block the screen.
func (j *JoinScreen) onJoin(u *UI) {
	link := j.link.Text
	j.join.Disable()
	SetLabel(j.status, lang.L("Joining…"))
	go j.Connect(u, link)
}

// Connect dials the table and, on the UI goroutine, opens it or says why
// not, if the join screen still shows. The table is remembered, to be
// joined again at the next start, until the player leaves it.
func (j *JoinScreen) Connect(u *UI, link string) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	c, err := share.Dial(ctx, link, u.Clock)
	u.Do(func() {
		if u.Current != j.Content { // the player went elsewhere meanwhile
			if err == nil {
				c.Close()
			}
			return
		}
		j.join.Enable()
		if err != nil {
			SetLabel(j.status, TranslateError(err))
			return
		}
		g := u.Game(c.Snapshot().Game)
		if g == nil || g.Join == nil {
			c.Close()
			SetLabel(j.status, lang.L("This table plays a game this copy of Boardside cannot show."))
			return
		}
		content, stop := g.Join(u, c)
		u.Show(content)
		u.Leave = stop
		u.prefs.SetJoinedTable(link)
	})
}

// JoinedScreen shows a table hosted elsewhere: the connection, the game's
// status, its public actions as buttons, and the game's own part (its
// timer, its cards), which renders the public state. The timer is computed
// here from the host's deadline and the clock offset.
type JoinedScreen struct {
	u       *UI
	c       *share.Client
	Content fyne.CanvasObject

	bar     *JoinedBar
	conn    *widget.Label
	Status  *widget.Label
	Info    *widget.Label
	Banner  *widget.Label
	buttons *fyne.Container
	btnKey  string
	waker   *timers.Waker
	stopW   func()
	Vis     Visibility
	// renderGame shows the public state; it returns the time left on the
	// game's timer and whether it runs.
	renderGame func(state json.RawMessage) (time.Duration, bool)
	// within is how soon the game asked to be shown again (WakeWithin),
	// besides its timer's next second; 0 for not.
	within time.Duration

	// Record is the play the host recorded at the game's end, its names to
	// change and Log in BG Stats: the host's own record panel, shown from
	// the public state for every game (see PlayPanel.RenderPublic).
	Record *PlayPanel
}

// NewJoinedScreen frames a game's joined view: the bar at the top, the
// actions at the foot, where they keep their place; between them center
// (the timer) and, beside or under it, the status, the banner, the game's
// lines, below and the connection, which scroll where they do not fit (a
// small or landscape phone).
func NewJoinedScreen(u *UI, c *share.Client, center, below fyne.CanvasObject, render func(state json.RawMessage) (time.Duration, bool)) *JoinedScreen {
	j := &JoinedScreen{u: u, c: c, renderGame: render}
	j.bar = NewJoinedBar(u, c, lang.L("Joined table"))
	j.conn = widget.NewLabel("")
	j.conn.Wrapping = fyne.TextWrapWord
	j.Status = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	j.Status.SizeName = theme.SizeNameSubHeadingText
	j.Status.Wrapping = fyne.TextWrapWord // "Mission complete with 1:23 of sand left" is wider than a phone
	j.Info = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{})
	j.Info.Wrapping = fyne.TextWrapWord
	j.Banner = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	j.Banner.Importance = widget.SuccessImportance
	j.Banner.Wrapping = fyne.TextWrapWord // the talk banner and the expert rule's reminder together
	// The buttons fold into rows where a phone has no room for one row;
	// rows of 48 (a finger's 44 and more), so that six rows on a 360×640
	// phone leave the timer and the banner their room.
	j.buttons = container.New(&FoldGrid{Height: 48})
	j.Record = NewJoinedPlayPanel(u, j.bar)
	// The record under the result: at a game's end, Log in BG Stats shows
	// without scrolling.
	details := container.NewVBox(j.Status, j.Record.Content, j.Banner, j.Info)
	if below != nil {
		details.Add(below)
	}
	details.Add(j.conn) // last: the game's own lines matter more
	// Side by side where the details keep a phone's width beside the timer
	// (a landscape phone or tablet), else the timer above them.
	middle := container.New(joinedMiddle{}, container.NewPadded(center), NewScroll(container.NewPadded(details)))
	j.Content = NewBorder(j.bar.Content, container.NewPadded(j.buttons), middle)
	return j
}

// joinedMiddle lays out a joined screen's timer and its details (a
// scroll): side by side, half each, where the details keep a phone's
// width beside the timer (a landscape phone or tablet); else the timer
// above, with half the height or the least it needs if that is more, and
// the details in the rest.
type joinedMiddle struct{}

func (joinedMiddle) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	if size.Width >= size.Height && size.Width/2 >= 280 {
		SplitLayout{Share: 0.5}.Layout(objs, size)
		return
	}
	h := min(max(size.Height/2, objs[0].MinSize().Height), size.Height)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, h))
	objs[1].Move(fyne.NewPos(0, h))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-h))
}

func (joinedMiddle) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

// Start renders now and whenever the table or the timer changes.
func (j *JoinedScreen) Start() {
	j.waker = timers.NewWaker(j.u.Clock, func() { j.u.Do(j.render) })
	j.stopW = j.c.Watch(func() { j.u.Do(j.render) })
	j.render()
}

// Stop leaves the table.
func (j *JoinedScreen) Stop() {
	j.stopW()
	j.waker.Stop()
	j.c.Close()
}

// Means records what each action button does on the screen being drawn,
// by its action's kind (see JoinedBar.Means).
func (j *JoinedScreen) Means(meanings map[string]string) { j.bar.Means(meanings) }

func (j *JoinedScreen) render() {
	off, rtt := j.c.Offset()
	state := lang.L("Connected")
	if !j.c.Connected() {
		state = lang.L("Reconnecting…")
	}
	SetLabel(j.conn, fmt.Sprintf("%s · %s %d ms · %s %d ms", state, lang.L("clock offset"), off.Milliseconds(), lang.L("round trip"), rtt.Milliseconds()))
	snap := j.c.Snapshot() // one state per render: the one its taps act on
	j.bar.Refresh(snap)
	j.within = 0
	rem, running := j.renderGame(snap.State)
	j.Record.RenderPublic(&j.Vis, snap.State)
	j.Vis.Apply(j.Content)
	j.u.KeepAwake(running)
	next := j.within
	if running && (next == 0 || timers.UntilRemainingChanges(rem) < next) {
		next = timers.UntilRemainingChanges(rem)
	}
	if next > 0 {
		j.waker.After(next)
	}
}

// WakeWithin asks, from the game's render, to be shown again within d:
// for what changes besides the timer's seconds (solo mode's stopwatch).
func (j *JoinedScreen) WakeWithin(d time.Duration) {
	if d > 0 && (j.within == 0 || d < j.within) {
		j.within = d
	}
}

// HostNow is the host's clock, as estimated here.
func (j *JoinedScreen) HostNow() time.Time { return j.c.HostNow() }

// LocalTime is a moment on the host's clock on this device's clock.
func (j *JoinedScreen) LocalTime(hostMs int64) time.Time {
	off, _ := j.c.Offset()
	return time.UnixMilli(hostMs).Add(-off)
}

// JoinedBar is a joined screen's top bar: Back, the title, and Undo at
// its end, where it keeps its place, enabled while the table's last action
// is one a device at the table may take back (the host says which). It
// holds what the screen shows (companion.Shown): every action sent from the
// screen goes through it, with the version the screen drew, and a button
// whose meaning another device has just changed takes no tap for a moment.
type JoinedBar struct {
	Content fyne.CanvasObject
	u       *UI
	c       *share.Client
	undo    *widget.Button
	shown   *companion.Shown
	// undoKind is what the Undo button drawn takes back.
	undoKind string
}

// NewJoinedBar is the bar of a screen that shows c's table.
func NewJoinedBar(u *UI, c *share.Client, title string) *JoinedBar {
	b := &JoinedBar{u: u, c: c, shown: companion.NewShown(u.Clock)}
	back, _ := BackBar(title, u.leaveTable)
	b.undo = widget.NewButtonWithIcon(lang.L("Undo"), theme.ContentUndoIcon(), b.undoLast)
	b.undo.Disable()
	b.Content = container.NewBorder(nil, nil, nil, b.undo, back)
	return b
}

// Refresh starts drawing snap, the state the screen's taps act on, and
// enables Undo as it says. Undo means "take back this last action", so
// any change made elsewhere re-arms it.
func (b *JoinedBar) Refresh(snap share.RawSnapshot) {
	b.shown.Draw(snap.Version)
	b.shown.Means("undo", snap.Undo+" "+strconv.FormatUint(snap.Version, 10))
	b.undoKind = snap.Undo
	Enable(snap.Undo != "", b.undo)
}

// Means records what each button does on the screen being drawn, by the
// kind of the action it sends: the part of the public state that action
// depends on, so that another device's change of that part re-arms it.
func (b *JoinedBar) Means(meanings map[string]string) {
	for id, what := range meanings {
		b.shown.Means(id, what)
	}
}

// Tap is a tap on the button that sends kind: the version it acts on, or
// false, said to the player, when another device was faster.
func (b *JoinedBar) Tap(kind string) (uint64, bool) {
	seen, err := b.shown.Tap(kind)
	if err != nil {
		b.u.ShowError(err)
		return 0, false
	}
	return seen, true
}

// SendAt sends a public action tapped on the screen that showed seen; it
// says whether the host took it (a refusal is said to the player).
func (b *JoinedBar) SendAt(seen uint64, kind string, data any) bool {
	if err := b.c.Send(seen, kind, data); err != nil {
		b.u.ShowError(err)
		return false
	}
	b.shown.Acted(seen)
	return true
}

// Send is a tap that sends a public action at once.
func (b *JoinedBar) Send(kind string, data any) {
	if seen, ok := b.Tap(kind); ok {
		b.SendAt(seen, kind, data)
	}
}

// undoLast takes back the table's last action, the one the button showed;
// if another device acted first, the host refuses and says so.
func (b *JoinedBar) undoLast() {
	kind := b.undoKind
	if kind == "" {
		return
	}
	seen, ok := b.Tap("undo")
	if !ok {
		return
	}
	if err := b.c.Undo(context.Background(), seen, kind); err != nil {
		b.u.ShowError(err)
		return
	}
	b.shown.Acted(seen)
}

// Remaining is a shared timer's time left on the host's clock.
func (j *JoinedScreen) Remaining(v timers.View) time.Duration {
	if !v.Running {
		return time.Duration(v.LeftMs) * time.Millisecond
	}
	return max(time.UnixMilli(v.DeadlineMs).Sub(j.c.HostNow()), 0)
}

// Action is a button of the joined screen: a public action to send, after
// Ask's question is answered Yes when there is one (what ends a game).
type Action struct {
	Text, Kind string
	Data       any
	Main, Off  bool
	Ask        string
}

// SetButtons shows the actions; the row is rebuilt only when they change,
// not on every tick of the timer.
func (j *JoinedScreen) SetButtons(as ...Action) {
	key := fmt.Sprint(as)
	if key == j.btnKey {
		return
	}
	j.btnKey = key
	objs := make([]fyne.CanvasObject, len(as))
	for i, a := range as {
		b := widget.NewButton(a.Text, func() {
			seen, ok := j.bar.Tap(a.Kind)
			if !ok {
				return
			}
			if a.Ask == "" {
				j.bar.SendAt(seen, a.Kind, a.Data)
				return
			}
			// Yes acts on what the screen showed at the tap: if the
			// table moved on meanwhile, the host says so.
			dialog.ShowConfirm(a.Text, a.Ask, func(ok bool) {
				if ok {
					j.bar.SendAt(seen, a.Kind, a.Data)
				}
			}, j.u.Win)
		})
		if a.Main {
			b.Importance = widget.HighImportance
		}
		Enable(!a.Off, b)
		objs[i] = b
	}
	j.buttons.Objects = objs
	j.buttons.Refresh()
}
