package kit

import (
	"encoding/json"
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

// playState is a game's state that ends in a play.
type playState = plays.Ended

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

// PlayPanel is the small panel at a game's end that shows the play the
// game recorded when it ended: two buttons that keep their places, Save
// names (disabled while the play is saved as shown) and Log in BG Stats
// (which saves first where needed), and under them the players' names
// (remembered from the game's last play) and for ADELE who played ADELE.
// Each game's screen shows it and renders it with its own form; it shows
// itself only once the game has ended.
//
// The same panel serves an app that joined a table hosted elsewhere
// (NewJoinedPlayPanel): there it renders the record in the host's public
// state and sends changed names as the public recordPlay, with the
// version its screen drew, as the quick viewer does. One panel, so the
// host, a joined app and (in the browser) the quick viewer name a play
// alike; it only sends actions and renders state.
type PlayPanel struct {
	Content fyne.CanvasObject
	// Entries are the seats' names, in the form's order; Adele the choice
	// of who played ADELE; Status says whether the play is saved.
	Entries []*widget.Entry
	Adele   *widget.Select
	Status  *widget.Label
	Save    *widget.Button
	BGStats *widget.Button

	plays    Plays // the log of played games, through the shell
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

	// bar is the joined screen's bar on a device that joined a table (nil
	// on the host): names go through it.
	bar *JoinedBar
}

// NewPlayPanel is g's record panel for session s; dispatch sends the
// game's RecordPlay as the screen sends its other actions (Acts).
func NewPlayPanel(w Window, g *Game, s *companion.Session, dispatch func(companion.Action)) *PlayPanel {
	p := &PlayPanel{plays: w.Plays(), g: g, s: s, dispatch: dispatch}
	p.makeWidgets()
	return p
}

// NewJoinedPlayPanel is the record panel of a table joined over bar (see
// RenderPublic): it keeps no log and no session of its own; the host's
// public state is the truth.
func NewJoinedPlayPanel(w Window, bar *JoinedBar) *PlayPanel {
	p := &PlayPanel{plays: w.Plays(), bar: bar}
	p.makeWidgets()
	return p
}

// makeWidgets makes the panel's widgets, the same on a host and a joined app.
func (p *PlayPanel) makeWidgets() {
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
	// The game's end records the play; the button saves the names changed
	// since, so it says so.
	p.Save = widget.NewButtonWithIcon(lang.L("Save names"), theme.DocumentSaveIcon(), func() { p.save() })
	p.BGStats = widget.NewButtonWithIcon(lang.L("Log in BG Stats"), theme.MailSendIcon(), p.onBGStats)
	p.BGStats.Importance = widget.HighImportance // the one tap from a game's end to BG Stats
	buttons := container.New(&FoldGrid{Height: 48}, p.Save, p.BGStats)
	// The buttons first, under the title: the names are usually the last
	// play's, and Log in BG Stats is then one tap from the game's end
	// without scrolling, however many seats a game has (six in Magic Maze
	// on Mars) on a 360×640 phone.
	p.Content = container.NewVBox(title, buttons, p.Status, p.note, p.seats, p.adeleRow)
	p.Content.Hide()
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

// RenderPublic shows, on a joined app, the record the host made at the
// game's end, which every game's public state (state) carries as
// "record" (plays.Public), with the seats it asks for; before the end it
// hides the panel. Another device's change of the names re-arms Save
// names for a moment (JoinedBar.Means), so two devices naming at once
// apply once: the later is told someone was faster.
func (p *PlayPanel) RenderPublic(vis *Visibility, state json.RawMessage) {
	pub := publicRecord(state)
	if vis == nil {
		vis = &Visibility{}
	}
	vis.Set(pub != nil, p.Content)
	if pub == nil {
		p.shape, p.recorded = "", false
		return
	}
	p.rec, p.recorded = pub.Play, true
	form := publicForm(*pub)
	shape := form.key() + "|" + plays.Key(p.rec, true)
	p.bar.Means(map[string]string{plays.KindRecordPlay: shape})
	if shape != p.shape {
		p.shape = shape
		p.build(form)
	}
	p.update()
}

// publicRecord is the record in a game's public state, nil before the
// game is recorded (or in a game that records none).
func publicRecord(state json.RawMessage) *plays.Public {
	var s struct {
		Record *plays.Public `json:"record"`
	}
	if json.Unmarshal(state, &s) != nil {
		return nil
	}
	return s.Record
}

// publicForm is the form a joined app shows for the host's record: an
// entry per seat, as the quick viewer has it, without roles (the public
// record names the seats' count, not their roles); none where the game
// names its players itself.
func publicForm(pub plays.Public) PlayForm {
	if pub.Named {
		return PlayForm{}
	}
	n := max(pub.Seats, len(pub.Play.Players))
	return PlayForm{Seats: PlayerSeats(n), AllOrNone: pub.AllOrNone, AskAdele: pub.AskAdele}
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
	if p.bar != nil { // a joined app has the play alone: its names in order
		r := p.rec.Named()
		copy(names, r.Names)
		return names, r.Adele
	}
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
		copy(names, p.plays.Names(p.g.ID))
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
	return p.bar == nil && !p.plays.Has(p.rec.ID) // a joined app keeps no log: the host does
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
	if p.bar != nil {
		return p.sendNames(nil)
	}
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
	if !p.plays.Has(rec.ID) {
		if !p.plays.Keep(rec) {
			return false
		}
	}
	if len(p.Entries) > 0 {
		p.plays.SetNames(p.g.ID, p.seatNames())
	}
	p.saved = r
	p.rec, p.recorded = rec, true
	p.update()
	return true
}

// sendNames sends, from a joined app, the names the panel holds as the
// host's play's, with the version the screen drew: if another device
// named the play since, the host refuses and the player is told. The
// record comes back with the host's state; then runs once the host took
// the names. It says whether they went.
func (p *PlayPanel) sendNames(then func()) bool {
	if !p.recorded {
		return false
	}
	r := p.record(p.rec.ID)
	seen, ok := p.bar.Tap(plays.KindRecordPlay)
	if !ok {
		return false
	}
	return p.bar.SendAt(seen, plays.KindRecordPlay, r, func() {
		p.saved = r
		p.update()
		if then != nil {
			then()
		}
	})
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

// onBGStats saves the play where needed and sends it to BG Stats. A
// joined app opens the host's link, made with the names it holds: after
// the host took the names changed here, from the state its answer brought
// (as the quick viewer opens record.bgStats).
func (p *PlayPanel) onBGStats() {
	if p.bar != nil {
		open := func() {
			if pub := publicRecord(p.bar.c.Snapshot().State); pub != nil {
				p.plays.OpenBGStats(pub.BGStats)
			}
		}
		if p.needsSave() {
			p.sendNames(open)
			return
		}
		open()
		return
	}
	if p.needsSave() && !p.save() {
		return
	}
	p.plays.LogInBGStats(p.rec)
}
