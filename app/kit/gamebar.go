package kit

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/companion"
)

// GameBar is the top bar of every game screen: Back, the game's name,
// Undo, History, New game, Share, and turning the display to the other
// side; on a narrow screen all but Home, the name and Undo sit in a menu.
type GameBar struct {
	Content fyne.CanvasObject
	Home    *widget.Button
	title   *widget.Label
	name    string // the game's name; the title shows as much as fits
	Undo    *widget.Button
	History *widget.Button
	NewGame *widget.Button
	Turn    *widget.Button
	Share   *widget.Button
	more    *widget.Button // ⋮: the folded buttons, on a narrow bar
	win     fyne.Window
	rotated bool
}

// NewGameBar is a game screen's top bar: Home, the game's name, Undo,
// History, New game, Share and, when onTurn is given, a button to turn the
// screen to the other side of the table. On a narrow screen all but Home,
// the name and Undo fold into a menu.
func NewGameBar(w Window, g *Game, s *companion.Session, onTurn func(rotated bool)) *GameBar {
	b := &GameBar{}
	b.Home = widget.NewButtonWithIcon(lang.L("Home"), theme.HomeIcon(), w.Menu().Home)
	title := widget.NewLabelWithStyle(g.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Truncation = fyne.TextTruncateEllipsis
	b.title, b.name = title, g.Name
	b.Undo = widget.NewButtonWithIcon(lang.L("Undo"), theme.ContentUndoIcon(), func() {
		if err := s.Undo(); err != nil {
			w.ShowError(err)
		}
	})
	b.History = widget.NewButtonWithIcon(lang.L("History"), theme.HistoryIcon(), func() {
		w.Menu().History(g, s)
	})
	b.NewGame = widget.NewButtonWithIcon(lang.L("New game"), theme.ContentAddIcon(), func() {
		dialog.ShowConfirm(lang.L("New game"), lang.L("End this game and start a new one? Undo cannot bring it back."),
			func(ok bool) {
				if ok {
					w.Menu().NewGame(g)
				}
			}, w.Win())
	})
	b.Turn = widget.NewButtonWithIcon(lang.L("Turn to the other side"), theme.ViewRefreshIcon(), func() {
		b.rotated = !b.rotated
		onTurn(b.rotated)
	})
	shareText := lang.L("Share")
	if w.Menu().Shared(g, s) {
		shareText = lang.L("Shared with the table") // after a restart too, without opening Share
	}
	b.Share = widget.NewButtonWithIcon(shareText, theme.MailForwardIcon(), func() {
		w.Menu().Share(g, s)
	})
	// Flat, like a toolbar: the bar stays quiet beside the game, and a running
	// timer's once-a-second repaint has six fewer fills to draw.
	for _, x := range []*widget.Button{b.Home, b.Undo, b.History, b.NewGame, b.Share, b.Turn} {
		x.Importance = widget.LowImportance
	}
	if !w.Menu().CanShare(g) { // a browser joins tables; it cannot host one
		b.Share.Hide()
	}
	b.more = widget.NewButtonWithIcon("", theme.MoreVerticalIcon(), b.showMenu)
	b.more.Importance = widget.LowImportance
	b.Content = container.New(&gameBarLayout{b: b}, b.Home, title, b.Undo, b.History, b.NewGame, b.Share, b.Turn, b.more)
	b.win = w.Win()
	return b
}

// showMenu opens, under the ⋮ button, what a narrow bar has no room for.
func (b *GameBar) showMenu() {
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(b.more).Add(fyne.NewPos(0, b.more.Size().Height))
	widget.ShowPopUpMenuAtPosition(b.Menu(), b.win.Canvas(), pos)
}

// Menu holds the folded buttons' actions, in the bar's order.
func (b *GameBar) Menu() *fyne.Menu {
	var items []*fyne.MenuItem
	for _, x := range b.folded() {
		items = append(items, fyne.NewMenuItemWithIcon(x.Text, x.Icon, x.OnTapped))
	}
	return fyne.NewMenu("", items...)
}

// folded are the visible buttons a narrow bar keeps in its menu.
func (b *GameBar) folded() []*widget.Button {
	var out []*widget.Button
	for _, x := range []*widget.Button{b.History, b.NewGame, b.Share, b.Turn} {
		if x.Visible() {
			out = append(out, x)
		}
	}
	return out
}

// gameBarLayout lays the bar out in one row: Home, the game's name, then
// Undo, History, New game, Share and Turn on the right. Where they do not
// all fit beside a readable name (a phone), it keeps Home, the name and
// Undo, and puts the rest behind the ⋮ button at the right end; the
// folded buttons are put out of the window, so nothing there takes a tap.
type gameBarLayout struct {
	b      *GameBar
	narrow bool
}

// titleRoom is the least width the game's name keeps.
const titleRoom = 120

func (l *gameBarLayout) wideWidth(objs []fyne.CanvasObject) float32 {
	w := objs[0].MinSize().Width + titleRoom
	for _, o := range objs[2:7] {
		if o.Visible() {
			w += o.MinSize().Width + theme.Padding()
		}
	}
	return w
}

func (l *gameBarLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	back, title, undo, more := objs[0], objs[1], objs[2], objs[7]
	l.narrow = size.Width < l.wideWidth(objs)
	right := objs[2:7]
	if l.narrow {
		right = []fyne.CanvasObject{undo, more}
		for _, o := range objs[3:7] {
			fold(o)
		}
	} else {
		fold(more)
	}
	x := size.Width
	for i := len(right) - 1; i >= 0; i-- {
		o := right[i]
		if !o.Visible() {
			continue
		}
		w := o.MinSize().Width
		x -= w
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x -= theme.Padding()
	}
	bw := back.MinSize().Width
	back.Move(fyne.NewPos(0, 0))
	back.Resize(fyne.NewSize(bw, size.Height))
	tw := max(0, x-bw-theme.Padding())
	l.b.fitTitle(tw)
	title.Move(fyne.NewPos(bw+theme.Padding(), 0))
	title.Resize(fyne.NewSize(tw, size.Height))
}

// fitTitle shows the game's name whole in width: on one line where it
// fits, else in smaller type over as many lines as it takes ("Mission
// Control: Critical Orbit" on a phone), the bar growing to hold them;
// only a word too long for the width even so ("AquaSphere" beside German
// buttons on a 360-wide phone) ends in "…".
func (b *GameBar) fitTitle(width float32) {
	t := b.title
	room := width - 2*theme.InnerPadding()
	widest := func(size float32) float32 {
		w := float32(0)
		for _, word := range strings.Fields(b.name) {
			w = max(w, fyne.MeasureText(word, size, t.TextStyle).Width)
		}
		return w
	}
	wrap, size, cut := fyne.TextWrapOff, theme.SizeNameText, fyne.TextTruncateEllipsis
	switch {
	case fyne.MeasureText(b.name, theme.TextSize(), t.TextStyle).Width <= room:
	case widest(theme.CaptionTextSize()) <= room:
		// Fyne does not both wrap and cut a label: wrapped, it is whole.
		wrap, size, cut = fyne.TextWrapWord, theme.SizeNameCaptionText, fyne.TextTruncateOff
	default:
		size = theme.SizeNameCaptionText
	}
	if t.Wrapping != wrap || t.SizeName != size || t.Truncation != cut {
		t.Wrapping, t.SizeName, t.Truncation = wrap, size, cut
		t.Refresh()
	}
}

// fold puts a button the bar has no room for out of sight and reach: no
// size, far off the window (a button draws its icon even at no size).
func fold(o fyne.CanvasObject) {
	o.Move(fyne.NewPos(-10000, -10000))
	o.Resize(fyne.NewSize(0, 0))
}

func (l *gameBarLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	// Narrow: Home, a short name, Undo and ⋮.
	return fyne.NewSize(objs[0].MinSize().Width+60+objs[2].MinSize().Width+objs[7].MinSize().Width+3*theme.Padding(), h)
}

// Refresh enables Undo only when there is something to undo.
func (b *GameBar) Refresh(v companion.View) {
	if v.CanUndo {
		b.Undo.Enable()
	} else {
		b.Undo.Disable()
	}
}

// Visibility shows and hides objects and remembers whether anything
// changed: a container lays its children out again only when refreshed,
// so the screen is refreshed once after a render that showed or hid
// something, and not at all on a render that only changed text.
type Visibility struct{ Changed bool }

// Set shows or hides objs, noting whether anything changed.
func (v *Visibility) Set(show bool, objs ...fyne.CanvasObject) {
	for _, o := range objs {
		if o.Visible() == show {
			continue
		}
		v.Changed = true
		if show {
			o.Show()
		} else {
			o.Hide()
		}
	}
}

// Apply lays out content again if anything was shown or hidden.
func (v *Visibility) Apply(content fyne.CanvasObject) {
	if v.Changed {
		content.Refresh()
		v.Changed = false
	}
}

// BigButton is a button for the common thing: high importance.
func BigButton(text string, icon fyne.Resource, tapped func()) *widget.Button {
	b := widget.NewButtonWithIcon(text, icon, tapped)
	b.Importance = widget.HighImportance
	return b
}

// ButtonRow lays out the visible buttons side by side, equally wide and
// tall enough to hit without looking twice.
func ButtonRow(buttons ...fyne.CanvasObject) fyne.CanvasObject {
	return container.New(&FoldGrid{Height: 64}, buttons...)
}

// TallLayout gives its content at least a minimum height (and, with
// Width, a minimum width), and all the room it is given.
type TallLayout struct{ Height, Width float32 }

func (l TallLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l TallLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return fyne.NewSize(max(s.Width, l.Width), max(s.Height, l.Height))
}

// SetLabel changes a label's text only when it differs: Label.SetText
// re-renders even for the same text, and screens render every second.
func SetLabel(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
}

// Enable enables or disables buttons.
func Enable(on bool, bs ...*widget.Button) {
	for _, b := range bs {
		if on {
			b.Enable()
		} else {
			b.Disable()
		}
	}
}
