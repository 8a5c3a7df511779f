// Package aquasphere is AquaSphere's screens: the score sheet for every
// interim scoring and the final scoring, the results in rank order, and the
// owner's own scoring track. The rules are in companion/aquasphere; Game is
// the home screen's tile, which app/catalog hands to the shell.
package aquasphere

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/companion"
	aq "boardside/companion/aquasphere"
)

// Game is AquaSphere as the home screen lists it.
func Game() *kit.Game {
	g := &kit.Game{ID: aq.Game, Name: "AquaSphere",
		Blurb: "Keeps score: every interim scoring and the final scoring, line by line."}
	g.Rules = aq.Rules
	g.NewState = func() companion.State { return aq.New() }
	g.Screen = func(u kit.Window, s *companion.Session) fyne.CanvasObject {
		return newAquaSphereScreen(u, g, s).content
	}
	g.Describe = describeAquaSphere
	g.LoadData = loadAQData
	return g
}

// The lines entered per player, in sheet order.
var (
	interimFields = []string{"submarines", "controlBots", "freeNumber", "crystals", "programmedBots"}
	finalFields   = []string{"letters", "timeMarkers", "allSubmarines", "fiveExtensions", "controlFields", "crystals"}
)

// fieldName is a sheet line as the keeper reads it.
func fieldName(f string) string {
	switch f {
	case "submarines":
		return lang.L("Submarines in the station")
	case "controlBots":
		return lang.L("Bots on control fields")
	case "freeNumber":
		return lang.L("Largest free supply number")
	case "crystals":
		return lang.L("Crystals")
	case "programmedBots":
		return lang.L("Programmed bots")
	case "letters":
		return lang.L("Distinct letters in the lab")
	case "timeMarkers":
		return lang.L("Time markers")
	case "allSubmarines":
		return lang.L("All 6 submarines placed")
	case "fiveExtensions":
		return lang.L("Lab with 5 extensions")
	case "controlFields":
		return lang.L("Occupied control fields")
	}
	return f
}

// aquaSphereScreen is the score sheet: a column per player, steppers for
// each line, and every computed line shown so the keeper can check it.
type aquaSphereScreen struct {
	u       kit.Window
	s       *companion.Session
	content fyne.CanvasObject
	bar     *kit.GameBar
	body    *fyne.Container
	newName *widget.Entry
	colour  *widget.Select
	stop    func()
	// values and plus hold each stepper's label and + button, by
	// "player/field", for tests.
	values map[string]*widget.Label
	plus   map[string]*widget.Button
	ticks  map[string]*widget.Check // the yes-or-no lines, by "player/field"
	sums   []*widget.Label          // the line under each player's bar, for tests
	score  *widget.Button
	// History is this device's finished games, kept in historyStore.
	history      *aq.History
	historyStore companion.Store
	track        *widget.Button
	// end is the game's end: its record, under the winner. The players
	// and their points are the sheet's: it asks for nothing more.
	end *kit.PlayPanel
	// focus is the player shown on a narrow (phone) screen, one at a time.
	focus  int
	picker *widget.RadioGroup
	// width is the sheet's width when it was last laid out; the sheet is
	// built again when it crosses narrowWidth (see widthWatch).
	width float32
}

func newAquaSphereScreen(u kit.Window, g *kit.Game, s *companion.Session) *aquaSphereScreen {
	a := &aquaSphereScreen{u: u, s: s, values: map[string]*widget.Label{}}
	a.bar = kit.NewGameBar(u, g, s, func(bool) {})
	a.bar.Turn.Hide()
	a.loadHistory()
	a.end = kit.NewPlayPanel(u, g, s, a.dispatch)
	a.track = widget.NewButtonWithIcon(lang.L("Track"), theme.DocumentCreateIcon(), func() {
		t := newTrackScreen(u, g, a.state().Data(), func() { u.OpenGame(g) })
		u.Show(t.content)
	})
	a.body = container.NewVBox()
	sheet := container.New(&widthWatch{width: &a.width, narrow: a.narrowBelow, changed: a.build}, kit.NewScroll(container.NewPadded(a.body)))
	a.content = container.NewBorder(a.bar.Content, nil, nil, nil, sheet)
	a.build()
	a.stop = s.Watch(func(companion.View) { u.Do(a.build) })
	u.SetLeave(a.stop)
	return a
}

func (a *aquaSphereScreen) state() *aq.State { return a.s.View().State.(*aq.State) }

func (a *aquaSphereScreen) dispatch(act companion.Action) {
	if err := a.s.Dispatch(act); err != nil {
		a.u.ShowError(err)
	}
}

// build lays the sheet out anew; it changes only when an entry does.
func (a *aquaSphereScreen) build() {
	v := a.s.View()
	a.bar.Refresh(v)
	st := v.State.(*aq.State)
	a.values, a.plus, a.ticks = map[string]*widget.Label{}, map[string]*widget.Button{}, map[string]*widget.Check{}
	var rows []fyne.CanvasObject
	title := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	title.Wrapping = fyne.TextWrapWord // "Zwischenwertung 1 von 4" beside Track: a 360-wide phone's width, all but 4
	rows = append(rows, container.NewBorder(nil, nil, nil, a.track, title))

	if len(st.Rounds) == 0 {
		a.newName = widget.NewEntry()
		a.newName.SetPlaceHolder(lang.L("Name"))
		a.colour = widget.NewSelect(playerColours(), nil)
		a.colour.PlaceHolder = lang.L("Colour")
		add := widget.NewButtonWithIcon(lang.L("Add player"), theme.ContentAddIcon(), func() {
			a.dispatch(&aq.AddPlayer{Name: a.newName.Text, Colour: a.colour.Selected})
		})
		a.newName.OnSubmitted = func(string) { add.OnTapped() }
		rows = append(rows, container.NewBorder(nil, nil, nil, container.NewHBox(a.colour, add), a.newName))
	}
	rep, err := st.Report()
	if err != nil {
		rows = append(rows, kit.Wrapped(kit.TranslateError(err)))
	}
	switch {
	case st.Over:
		title.SetText(lang.L("Game over"))
	case len(st.Rounds) == 4:
		title.SetText(lang.L("Final scoring"))
	default:
		title.SetText(lang.L("Interim scoring {{.Round}} of 4", map[string]any{"Round": len(st.Rounds) + 1}))
	}
	if len(st.Players) > 0 && !st.Over {
		rows = append(rows, a.entryGrid(st))
	}
	if rep != nil {
		a.record(rep)
		rows = append(rows, a.winner(rep)...)
		a.end.Render(nil, st, a.u.Clock().Now(), kit.PlayForm{})
		rows = append(rows, a.end.Content)
		rows = append(rows, a.bars(rep))
		rows = append(rows, a.results(rep)...)
	}
	rows = append(rows, a.finishedGames()...)
	a.body.Objects = rows
	a.body.Refresh()
}

// loadHistory reads the finished games; an unreadable file is moved aside
// and the history starts anew, with a word to the player.
func (a *aquaSphereScreen) loadHistory() {
	a.historyStore = a.u.Store("aquasphere-history.json")
	a.history = &aq.History{}
	b, err := a.historyStore.Load()
	if err != nil {
		return // no history yet
	}
	h, err := aq.ParseHistory(b)
	if err != nil {
		aside, _ := a.historyStore.SetAside(a.u.Clock().Now())
		a.u.ShowError(fmt.Errorf("%s", lang.L("The history of finished games could not be read and starts anew. The file was kept as {{.Path}}.", map[string]any{"Path": aside})))
		return
	}
	a.history = h
}

// record keeps the history in step with the sheet: a finished game is in
// it, a game whose final scoring was undone is not.
func (a *aquaSphereScreen) record(rep *aq.Report) {
	log := a.s.Log()
	if len(log) == 0 {
		return
	}
	id := log[0].At.UTC().Format(time.RFC3339Nano)
	if !a.history.Record(id, a.u.Clock().Now(), rep) {
		return
	}
	b, err := json.Marshal(a.history)
	if err == nil {
		err = a.historyStore.Save(b)
	}
	if err != nil {
		a.u.ShowError(err)
	}
}

// finishedGames lists the last finished games on this device.
func (a *aquaSphereScreen) finishedGames() []fyne.CanvasObject {
	if len(a.history.Games) == 0 {
		return nil
	}
	out := []fyne.CanvasObject{widget.NewLabelWithStyle(lang.L("Finished games"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})}
	for i, g := range a.history.Games {
		if i == 10 {
			break
		}
		var ps []string
		for _, p := range slices.SortedStableFunc(slices.Values(g.Players), func(a, b aq.FinalPlayer) int { return a.Place - b.Place }) {
			ps = append(ps, fmt.Sprintf("%d. %s %d", p.Place, p.Name, p.Points))
		}
		out = append(out, kit.Wrapped(g.Date.Local().Format("2006-01-02 15:04")+" · "+strings.Join(ps, ", ")))
	}
	return out
}

// entryGrid is a column per player with a stepper for each line.
func (a *aquaSphereScreen) entryGrid(st *aq.State) fyne.CanvasObject {
	final := len(st.Rounds) == 4
	fields := interimFields
	if final {
		fields = finalFields
	}
	width := a.width
	if width == 0 { // not laid out yet: the window's
		width = a.u.Win().Canvas().Size().Width
	}
	// Too narrow for the lines' names beside the steppers (a phone, or a
	// long German name beside one player's column): each name above its
	// stepper, and a player at a time when there are more.
	narrow := width < a.narrowBelow()
	shown, picker := a.shownPlayers(st, narrow, width)
	cells := a.headCells(st, shown, narrow)
	cells = append(cells, a.lineCells(st, fields, shown, final, narrow)...)
	if !final {
		cells = append(cells, a.octopodCells(st, shown, narrow)...)
	}
	// The wide grid is built only where the sheet has the width for it
	// (narrowBelow); it asks for none, so a window can still be made
	// narrow, and the sheet is then built a player at a time.
	var grid fyne.CanvasObject = kit.Narrowable(container.NewGridWithColumns(len(shown)+1, cells...))
	if narrow {
		// One column: each line's name above its stepper.
		grid = container.NewVBox(cells[1:]...)
	}
	a.score = scoreButton(st, final, a.dispatch)
	if picker != nil {
		return container.NewVBox(picker, grid, a.score)
	}
	return container.NewVBox(grid, a.score)
}

// shownPlayers are the players whose columns the sheet shows: every one,
// or where it is narrow the one chosen on the picker it returns too (nil
// when there is no choice). On a phone the columns would not fit side by
// side: one player at a time, chosen above the sheet.
func (a *aquaSphereScreen) shownPlayers(st *aq.State, narrow bool, width float32) ([]int, fyne.CanvasObject) {
	if !narrow || len(st.Players) <= 1 {
		shown := make([]int, len(st.Players))
		for i := range shown {
			shown[i] = i
		}
		return shown, nil
	}
	a.focus = min(a.focus, len(st.Players)-1)
	var names []string
	for _, p := range st.Players {
		names = append(names, p.Name)
	}
	a.picker = widget.NewRadioGroup(names, nil)
	a.picker.Horizontal, a.picker.Required = true, true
	if a.picker.MinSize().Width > width-2*theme.Padding() {
		a.picker.Horizontal = false // four long names: one under the other
	}
	a.picker.SetSelected(names[a.focus])
	a.picker.OnChanged = func(name string) {
		for i, n := range names {
			if n == name && i != a.focus {
				a.focus = i
				a.build()
			}
		}
	}
	return []int{a.focus}, a.picker
}

// headCells are the sheet's first row: an empty corner, then each shown
// player's name, colour and knowledge, with a button to remove the player
// before the first scoring.
func (a *aquaSphereScreen) headCells(st *aq.State, shown []int, narrow bool) []fyne.CanvasObject {
	cells := []fyne.CanvasObject{widget.NewLabel("")}
	pos := st.Positions()
	for _, i := range shown {
		p := st.Players[i]
		name := p.Name
		if p.Colour != "" {
			name += " (" + p.Colour + ")"
		}
		head := widget.NewLabelWithStyle(name+" · "+knowledge(pos[i], st.Data().Track.Lap), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
		if narrow { // a long name and German beside the delete button
			head.Wrapping = fyne.TextWrapWord
		}
		if len(st.Rounds) == 0 {
			remove := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { a.dispatch(&aq.RemovePlayer{Player: i}) })
			cells = append(cells, container.NewBorder(nil, nil, nil, remove, head))
		} else {
			cells = append(cells, head)
		}
	}
	return cells
}

// lineCells are a row for each line of the sheet: its name, then a
// stepper (or a tick) for each shown player.
func (a *aquaSphereScreen) lineCells(st *aq.State, fields []string, shown []int, final, narrow bool) []fyne.CanvasObject {
	var cells []fyne.CanvasObject
	for _, f := range fields {
		cells = append(cells, lineName(fieldName(f), narrow))
		for _, i := range shown {
			if yesNo[f] {
				cells = append(cells, a.yesNo(i, f, entryValue(st, i, f, final) > 0))
			} else {
				cells = append(cells, a.stepper(i, f, entryValue(st, i, f, final)))
			}
		}
	}
	return cells
}

// octopodCells are an interim scoring's last row: the octopods in each
// sector, typed as a list for each shown player.
func (a *aquaSphereScreen) octopodCells(st *aq.State, shown []int, narrow bool) []fyne.CanvasObject {
	cells := []fyne.CanvasObject{lineName(lang.L("Octopods by sector"), narrow)}
	for _, i := range shown {
		e := kit.NewNumberEntry(true)
		e.SetPlaceHolder("2, 3")
		e.SetText(kit.JoinInts(st.Entering[i].Octopods))
		e.OnSubmitted = func(text string) { a.setOctopods(i, text) }
		e.OnChanged = nil
		cells = append(cells, container.NewBorder(nil, nil, nil,
			widget.NewButtonWithIcon("", theme.ConfirmIcon(), func() { a.setOctopods(i, e.Text) }), e))
	}
	return cells
}

// scoreButton scores the sheet: the interim scoring under way, or the
// final scoring.
func scoreButton(st *aq.State, final bool, dispatch func(companion.Action)) *widget.Button {
	var b *widget.Button
	if final {
		b = widget.NewButtonWithIcon(lang.L("Score the final scoring"), theme.ConfirmIcon(), func() { dispatch(&aq.ScoreFinal{}) })
	} else {
		b = widget.NewButtonWithIcon(lang.L("Score interim scoring {{.Round}}", map[string]any{"Round": len(st.Rounds) + 1}),
			theme.ConfirmIcon(), func() { dispatch(&aq.ScoreRound{}) })
	}
	b.Importance = widget.HighImportance
	return b
}

// lineName is a line's name on the sheet; alone in its row (narrow) it
// wraps, so a long name fits a phone whatever its font.
func lineName(text string, narrow bool) *widget.Label {
	if narrow {
		return kit.Wrapped(text)
	}
	return widget.NewLabel(text)
}

// narrowBelow is the width under which the sheet puts each line's name
// above its stepper, and shows one player at a time when there are more:
// where a column of steppers for each player, beside the lines' names,
// would not fit.
// The grid's columns are of one width, so that is the widest line name's
// or a stepper's, whichever is more.
func (a *aquaSphereScreen) narrowBelow() float32 {
	col := float32(170)
	size, pad := theme.TextSize(), 2*theme.InnerPadding()+2*theme.Padding()
	for _, f := range slices.Concat(interimFields, finalFields, []string{"octopods"}) {
		name := fieldName(f)
		if f == "octopods" {
			name = lang.L("Octopods by sector")
		}
		col = max(col, fyne.MeasureText(name, size, fyne.TextStyle{}).Width+pad)
	}
	return max(kit.NarrowWidth, float32(len(a.state().Players)+1)*col)
}

// widthWatch lays out its one object at its whole size, and calls changed
// first when the width crosses narrow(): a phone turned on its side, or a
// window made narrow, gets the sheet built for its width.
type widthWatch struct {
	width   *float32
	narrow  func() float32
	changed func()
}

func (w *widthWatch) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	was, n := *w.width, w.narrow()
	*w.width = size.Width
	if was != 0 && (was < n) != (size.Width < n) {
		w.changed()
	}
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (w *widthWatch) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// playerColours are the colours offered for a player, in the running language.
func playerColours() []string {
	return []string{lang.L("blue"), lang.L("red"), lang.L("green"), lang.L("yellow")}
}

// knowledge shows knowledge points with the laps of the track: "63 (1 lap + 13)".
func knowledge(points, lap int) string {
	if points < lap {
		return strconv.Itoa(points)
	}
	return lang.L("{{.Points}} ({{.Laps}} lap + {{.Field}})", map[string]any{"Points": points, "Laps": points / lap, "Field": points % lap})
}

func entryValue(st *aq.State, player int, field string, final bool) int {
	if final {
		v, _ := st.Ending[player].Value(field)
		return v
	}
	if p := st.Entering[player].Line(field); p != nil {
		return *p
	}
	return 0
}

// yesNo are the final scoring's lines that hold or do not: a tick, not a
// number.
var yesNo = map[string]bool{"allSubmarines": true, "fiveExtensions": true}

// yesNo is a tick for one player's yes-or-no line.
func (a *aquaSphereScreen) yesNo(player int, field string, on bool) fyne.CanvasObject {
	c := widget.NewCheck(lang.L("Yes"), nil)
	c.SetChecked(on)
	c.OnChanged = func(v bool) { a.dispatch(&aq.SetEntry{Player: player, Field: field, Value: boolInt(v)}) }
	a.ticks[strconv.Itoa(player)+"/"+field] = c
	return container.NewCenter(c)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// stepper is − value + for one line of one player.
func (a *aquaSphereScreen) stepper(player int, field string, value int) fyne.CanvasObject {
	l := widget.NewLabelWithStyle(strconv.Itoa(value), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	a.values[strconv.Itoa(player)+"/"+field] = l
	set := func(v int) { a.dispatch(&aq.SetEntry{Player: player, Field: field, Value: v}) }
	less := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { set(value - 1) })
	more := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { set(value + 1) })
	a.plus[strconv.Itoa(player)+"/"+field] = more
	if value == 0 {
		less.Disable()
	}
	return container.NewBorder(nil, nil, less, more, l)
}

func (a *aquaSphereScreen) setOctopods(player int, text string) {
	var sectors []int
	for _, f := range kit.SplitNumbers(text) {
		n, err := strconv.Atoi(f)
		if err != nil {
			a.u.ShowError(fmt.Errorf("%s", lang.L("Octopods: type a number per sector, like 2, 3")))
			return
		}
		sectors = append(sectors, n)
	}
	a.dispatch(&aq.SetOctopods{Player: player, Sectors: sectors})
}

// describeAquaSphere is a history line.
func describeAquaSphere(e companion.Entry) string {
	a, err := kit.DecodeEntry(aq.Rules, e)
	if err != nil {
		return e.Kind
	}
	switch a := a.(type) {
	case *aq.RecordPlay:
		return lang.L("Play recorded")
	case *aq.AddPlayer:
		return lang.L("Add player") + ": " + a.Name
	case *aq.SetEntry:
		return fmt.Sprintf("%s %d: %d", fieldName(a.Field), a.Player+1, a.Value)
	case *aq.ScoreRound:
		return lang.L("Interim scoring")
	case *aq.ScoreFinal:
		return lang.L("Final scoring")
	}
	return e.Kind
}
