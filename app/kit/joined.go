package kit

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync/atomic"
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

// JoinedScreen shows a table hosted elsewhere: the connection, the game's
// status, its public actions as buttons, and the game's own part (its
// timer, its cards), which renders the public state. The timer is computed
// here from the host's deadline and the clock offset.
type JoinedScreen struct {
	w       Window
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
func NewJoinedScreen(w Window, c *share.Client, center, below fyne.CanvasObject, render func(state json.RawMessage) (time.Duration, bool)) *JoinedScreen {
	j := &JoinedScreen{w: w, c: c, renderGame: render}
	j.bar = NewJoinedBar(w, c, lang.L("Joined table"))
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
	j.Record = NewJoinedPlayPanel(w, j.bar)
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
	j.waker = timers.NewWaker(j.w.Clock(), func() { j.w.Do(j.render) })
	j.stopW = j.c.Watch(func() { j.w.Do(j.render) })
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
	j.w.KeepAwake(running)
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
//
// It never waits for the network on the Fyne goroutine: an action goes to
// the host in the background while the screen stays live, one at a time
// per device, as on the quick viewer; a tap while one is on its way is
// not taken.
type JoinedBar struct {
	Content fyne.CanvasObject
	w       Window
	c       *share.Client
	undo    *widget.Button
	shown   *companion.Shown
	// undoKind is what the Undo button drawn takes back.
	undoKind string
}

// InFlight is whether an action a device sent is on its way to a host:
// one at a time per device, whichever screen sent it, as the quick viewer
// sends. The shell holds one per device (Window.InFlight).
type InFlight struct{ on atomic.Bool }

// Sending says whether an action is on its way; once it is false again,
// the host's answer has been drawn.
func (f *InFlight) Sending() bool { return f.on.Load() }

// NewJoinedBar is the bar of a screen that shows c's table.
func NewJoinedBar(w Window, c *share.Client, title string) *JoinedBar {
	b := &JoinedBar{w: w, c: c, shown: companion.NewShown(w.Clock())}
	back, _ := BackBar(title, w.LeaveTable)
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
// false when another device was faster (said to the player) or this
// device's last action is still on its way (said by nothing: the finger
// came down again before the host answered).
func (b *JoinedBar) Tap(kind string) (uint64, bool) {
	if b.w.InFlight().Sending() {
		return 0, false
	}
	seen, err := b.shown.Tap(kind)
	if err != nil {
		b.w.ShowError(err)
		return 0, false
	}
	return seen, true
}

// SendAt sends a public action tapped on the screen that showed seen, in
// the background; then, when given, runs on the Fyne goroutine once the
// host took it, and a refusal is said to the player. It says whether the
// action went: not while another is on its way.
func (b *JoinedBar) SendAt(seen uint64, kind string, data any, then func()) bool {
	return b.inFlight(seen, func() error { return b.c.Send(seen, kind, data) }, then)
}

// inFlight runs send, an action made at seen, off the Fyne goroutine; the
// host's answer comes back through b.w.Do.
func (b *JoinedBar) inFlight(seen uint64, send func() error, then func()) bool {
	flight := b.w.InFlight()
	if !flight.on.CompareAndSwap(false, true) {
		return false
	}
	go func() {
		err := send()
		if err == nil {
			b.shown.Acted(seen) // before the answer's render can be tapped
		}
		b.w.Do(func() {
			flight.on.Store(false)
			if err != nil {
				b.w.ShowError(err)
				return
			}
			if then != nil {
				then()
			}
		})
	}()
	return true
}

// Send is a tap that sends a public action at once.
func (b *JoinedBar) Send(kind string, data any) {
	if seen, ok := b.Tap(kind); ok {
		b.SendAt(seen, kind, data, nil)
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
	b.inFlight(seen, func() error { return b.c.Undo(context.Background(), seen, kind) }, nil)
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
				j.bar.SendAt(seen, a.Kind, a.Data, nil)
				return
			}
			// Yes acts on what the screen showed at the tap: if the
			// table moved on meanwhile, the host says so.
			dialog.ShowConfirm(a.Text, a.Ask, func(ok bool) {
				if ok {
					j.bar.SendAt(seen, a.Kind, a.Data, nil)
				}
			}, j.w.Win())
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
