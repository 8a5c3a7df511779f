package app

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/companion"
	"boardside/companion/plays"
)

// PlayRecord is what the record panel gives a game: the one record type
// every host and device gives (plays.Given), which the game's state makes
// into its RecordPlay (plays.Recorder).
type PlayRecord = plays.Given

func sameRecord(r, o PlayRecord) bool {
	return r.ID == o.ID && slices.Equal(r.Names, o.Names) && slices.Equal(r.Roles, o.Roles) && r.Adele == o.Adele
}

// recordAction is the game's action that records r: its state's
// (plays.Recorder), or Game.RecordPlay's for a game whose state makes none.
func (p *PlayPanel) recordAction(st companion.State, r PlayRecord) (companion.Action, bool) {
	if rec, ok := st.(plays.Recorder); ok {
		return rec.RecordAction(r), true
	}
	if p.g.RecordPlay != nil {
		return p.g.RecordPlay(r), true
	}
	return nil, false
}

// PlayForm is what a game's end asks its players for the record.
type PlayForm struct {
	// Seats are the players who may be named, an entry each; none where
	// the game knows its players (AquaSphere's sheet).
	Seats []Seat
	// AllOrNone says the rules take every seat named or none (ADELE);
	// otherwise any seats may be named.
	AllOrNone bool
	// AskAdele asks which of the named players played ADELE.
	AskAdele bool
}

// Seat is a player's entry on the record panel.
type Seat struct {
	Role     string // the role as the game's RecordPlay takes it; "" for none
	RoleName string // the role as shown beside the entry
}

// seatWidth is the least width of a seat's entry: a name of some length
// shows whole, two seats side by side on a 360-wide phone.
const seatWidth = 150

// PlayerSeats are n seats without roles.
func PlayerSeats(n int) []Seat { return make([]Seat, n) }

// key tells one form from another.
func (f PlayForm) key() string {
	var b strings.Builder
	for _, s := range f.Seats {
		b.WriteString(s.Role + "=" + s.RoleName + ";")
	}
	return b.String() + strconv.FormatBool(f.AllOrNone) + strconv.FormatBool(f.AskAdele)
}

// PlayPanel is the small panel at a game's end that records the play:
// two buttons that keep their places, Save to played games (disabled
// while the play is saved as shown) and Log in BG Stats (which saves
// first where needed), and under them the players' names (remembered
// from the game's last play) and for ADELE who played ADELE. Each game's screen shows it
// and renders it with its own form; it shows itself only once the game
// has ended.
type PlayPanel struct {
	Content fyne.CanvasObject
	// Entries are the seats' names, in the form's order; Adele the choice
	// of who played ADELE; Status says whether the play is saved.
	Entries []*widget.Entry
	Adele   *widget.Select
	Status  *widget.Label
	Save    *widget.Button
	BGStats *widget.Button

	u        *UI
	g        *Game
	s        *companion.Session
	dispatch func(companion.Action)
	note     *widget.Label
	seats    *fyne.Container
	adeleRow fyne.CanvasObject // the choice of who played ADELE, named
	form     PlayForm
	shape    string     // the form and record the entries were made for
	saved    PlayRecord // what the entries held when the play was saved
	rec      plays.Play // the play recorded, as last rendered
	recorded bool       // whether there is one
	building bool       // entries are being filled: their changes are not the player's
}

// NewPlayPanel is g's record panel for session s; dispatch sends the
// game's RecordPlay as the screen sends its other actions (Acts).
func NewPlayPanel(u *UI, g *Game, s *companion.Session, dispatch func(companion.Action)) *PlayPanel {
	p := &PlayPanel{u: u, g: g, s: s, dispatch: dispatch}
	title := widget.NewLabelWithStyle(lang.L("Record this play"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	p.note = Wrapped("")
	p.seats = container.New(&FoldGrid{})
	p.Adele = widget.NewSelect(nil, func(string) { p.update() })
	p.Adele.PlaceHolder = lang.L("Who played ADELE?")
	// Named above it, as a seat's role: once chosen, the placeholder that
	// asked is gone (beside it, the name made a phone's German too wide).
	p.adeleRow = container.NewBorder(smallPrint(lang.L("Played ADELE:")), nil, nil, nil, p.Adele)
	p.Status = Wrapped("")
	p.Save = widget.NewButtonWithIcon(lang.L("Save to played games"), theme.DocumentSaveIcon(), func() { p.save() })
	p.BGStats = widget.NewButtonWithIcon(lang.L("Log in BG Stats"), theme.MailSendIcon(), p.onBGStats)
	p.BGStats.Importance = widget.HighImportance // the one tap from a game's end to BG Stats
	buttons := container.New(&FoldGrid{Height: 48}, p.Save, p.BGStats)
	// The buttons first, under the title: the names are usually the last
	// play's, and Log in BG Stats is then one tap from the game's end
	// without scrolling, however many seats a game has (six in Magic Maze
	// on Mars) on a 360×640 phone.
	p.Content = container.NewVBox(title, buttons, p.Status, p.note, p.seats, p.adeleRow)
	p.Content.Hide()
	return p
}

// Render shows the panel once the game's state st has ended at now, with
// the entries form asks for; before the end it hides it. vis, when given,
// notes whether it was shown or hidden.
func (p *PlayPanel) Render(vis *Visibility, st companion.State, now time.Time, form PlayForm) {
	ps, ok := st.(playState)
	ended := false
	if _, records := p.recordAction(st, PlayRecord{}); ok && records {
		_, err := ps.Play(now)
		ended = err == nil
	}
	if vis == nil {
		vis = &Visibility{}
	}
	vis.Set(ended, p.Content)
	if !ended {
		p.shape = ""
		return
	}
	p.rec, p.recorded = ps.Recorded()
	if shape := form.key() + "|" + plays.Key(p.rec, p.recorded); shape != p.shape {
		p.shape = shape
		p.build(form)
	}
	p.update()
}

// build makes the entries for form, filled with what the play was
// recorded with, or else with the names of the game's last play.
func (p *PlayPanel) build(form PlayForm) {
	p.building = true
	defer func() { p.building = false }()
	p.form = form
	names, adele := p.shownNames(form)
	p.seatCells(form, names)
	// Co-operative names are optional, as their entries say; ADELE's
	// rules take every player or none.
	SetLabel(p.note, "")
	if len(form.Seats) > 0 && form.AllOrNone {
		SetLabel(p.note, lang.L("Name every player, or none."))
	}
	p.note.Hidden = p.note.Text == ""
	p.Adele.Hidden = !form.AskAdele
	if form.AskAdele {
		p.adeleRow.Show()
	} else {
		p.adeleRow.Hide()
	}
	p.adeleOptions()
	if slices.Contains(p.Adele.Options, adele) {
		p.Adele.SetSelected(adele)
	}
	p.saved = PlayRecord{}
	if p.recorded {
		p.saved = p.record(p.rec.ID)
	}
}

// shownNames are the names the seats show: the play's as recorded, or,
// before, the names remembered from the game's last play; and who played
// ADELE.
func (p *PlayPanel) shownNames(form PlayForm) (names []string, adele string) {
	names = make([]string, len(form.Seats))
	if r, ok := plays.LastGiven(p.s, p.rec.ID); p.recorded && ok {
		adele = r.Adele
		for i, n := range r.Names {
			at := i
			if i < len(r.Roles) {
				at = slices.IndexFunc(form.Seats, func(s Seat) bool { return s.Role == r.Roles[i] })
			}
			if at >= 0 && at < len(names) {
				names[at] = n
			}
		}
	} else if !p.recorded {
		copy(names, p.u.prefs.PlayNames(p.g.ID))
	}
	return names, adele
}

// seatCells makes an entry for each seat, showing names.
func (p *PlayPanel) seatCells(form PlayForm, names []string) {
	p.Entries = nil
	var cells []fyne.CanvasObject
	for i, seat := range form.Seats {
		e := widget.NewEntry()
		e.SetText(names[i])
		e.OnChanged = func(string) { p.update() }
		p.Entries = append(p.Entries, e)
		switch {
		case form.AllOrNone:
			e.SetPlaceHolder(lang.L("Player {{.N}}", map[string]any{"N": i + 1}))
		default:
			e.SetPlaceHolder(lang.L("Name (optional)"))
		}
		// Each name has room for itself: two seats a row on a phone.
		var cell fyne.CanvasObject = e
		if seat.RoleName != "" {
			// The role above its entry, in small print: beside it, it took
			// half the entry's width on a phone.
			cell = container.NewBorder(smallPrint(seat.RoleName), nil, nil, nil, e)
		}
		cells = append(cells, container.New(TallLayout{Width: seatWidth}, cell))
	}
	p.seats.Objects = cells
	p.seats.Hidden = len(cells) == 0
	p.seats.Refresh()
}

// smallPrint is a line in small print with little padding: a seat's role
// above its entry.
func smallPrint(text string) fyne.CanvasObject {
	l := widget.NewLabel(text)
	l.SizeName = theme.SizeNameCaptionText
	return container.NewThemeOverride(l, CompactTheme{Theme: fyne.CurrentApp().Settings().Theme()})
}

// adeleOptions offers the names typed as who played ADELE, keeping the
// choice while its name is still there.
func (p *PlayPanel) adeleOptions() {
	var opts []string
	for _, e := range p.Entries {
		if n := strings.TrimSpace(e.Text); n != "" && !slices.Contains(opts, n) {
			opts = append(opts, n)
		}
	}
	if slices.Equal(opts, p.Adele.Options) {
		return
	}
	sel := p.Adele.Selected
	p.Adele.Options = opts
	if sel != "" && !slices.Contains(opts, sel) {
		p.Adele.ClearSelected()
	}
	p.Adele.Refresh()
}

// record is what the panel holds now, as the record of play id.
func (p *PlayPanel) record(id string) PlayRecord {
	r := PlayRecord{ID: id}
	roles := false
	for i, e := range p.Entries {
		n := strings.TrimSpace(e.Text)
		if n == "" {
			continue
		}
		r.Names = append(r.Names, n)
		r.Roles = append(r.Roles, p.form.Seats[i].Role)
		roles = roles || p.form.Seats[i].Role != ""
	}
	if !roles {
		r.Roles = nil
	}
	if p.form.AskAdele {
		r.Adele = p.Adele.Selected
	}
	return r
}

// needsSave says whether the play must be recorded or saved before it is
// in the log as the panel shows it.
func (p *PlayPanel) needsSave() bool {
	if !p.recorded || !sameRecord(p.record(p.rec.ID), p.saved) {
		return true
	}
	return !p.u.plays.Has(p.rec.ID)
}

// update shows whether the play is saved as the panel shows it.
func (p *PlayPanel) update() {
	if p.building {
		return
	}
	p.adeleOptions()
	needs := p.needsSave()
	Enable(needs, p.Save)
	status := ""
	if !needs {
		status = lang.L("Saved to played games.")
	}
	SetLabel(p.Status, status)
	p.Status.Hidden = status == ""
}

// save records the play with what the panel holds, where the game has not
// recorded it so, and puts it in the log of played games; it says whether
// the play is saved. A refusal is explained by dispatch.
func (p *PlayPanel) save() bool {
	v := p.s.View()
	ps, ok := v.State.(playState)
	if !ok {
		return false
	}
	rec, recorded := ps.Recorded()
	id := rec.ID
	if !recorded {
		id = plays.NewID()
	}
	r := p.record(id)
	if !recorded || !sameRecord(r, p.saved) {
		a, ok := p.recordAction(v.State, r)
		if !ok {
			return false
		}
		p.dispatch(a)
		after := p.s.View()
		if after.Version == v.Version {
			return false // refused, and told why
		}
		if rec, recorded = after.State.(playState).Recorded(); !recorded || rec.ID != id {
			return false
		}
	}
	if !p.u.plays.Has(rec.ID) {
		if err := p.u.plays.Keep(rec); err != nil {
			p.u.onPlaysError(err)
			return false
		}
	}
	if len(p.Entries) > 0 {
		p.u.prefs.SetPlayNames(p.g.ID, p.seatNames())
	}
	p.saved = r
	p.rec, p.recorded = rec, true
	p.update()
	return true
}

// seatNames are the entries' names by seat, without the empty seats at
// the end.
func (p *PlayPanel) seatNames() []string {
	names := make([]string, len(p.Entries))
	for i, e := range p.Entries {
		names[i] = strings.TrimSpace(e.Text)
	}
	for len(names) > 0 && names[len(names)-1] == "" {
		names = names[:len(names)-1]
	}
	return names
}

// onBGStats saves the play where needed and sends it to BG Stats.
func (p *PlayPanel) onBGStats() {
	if p.needsSave() && !p.save() {
		return
	}
	p.u.logInBGStats(p.rec)
}
