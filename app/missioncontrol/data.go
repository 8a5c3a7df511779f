package missioncontrol

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/companion"
	mc "boardside/companion/missioncontrol"
)

// loadMCData makes the game use the owner's data when they saved some.
func loadMCData(u kit.Window, g *kit.Game) []string {
	return kit.LoadGameData(u, g, mc.ParseData, useMCData)
}

// useMCData makes new and resumed games look their cards up in d.
func useMCData(g *kit.Game, d *mc.Data) { kit.UseGameData(g, d, mc.NewRules, mc.NewWith) }

// mcDataScreen edits the Mission Control data an owner transcribes from
// their box: the unlock mix, each AI card field by field, and the setups.
type mcDataScreen struct {
	u       kit.Window
	g       *kit.Game
	draft   *mc.Data
	content fyne.CanvasObject

	unlockCount map[string]*widget.Label
	cards       *widget.List
	cardForm    *fyne.Container
	selected    int
	setups      [][3]*widget.Entry
	status      *widget.Label
	save        *widget.Button
	reset       *widget.Button
	export      *widget.Button
	importB     *widget.Button
}

var unlockKinds = []string{mc.UnlockYellow, mc.UnlockBlue, mc.UnlockGreen, mc.UnlockRedX}

func newMCDataScreen(u kit.Window, g *kit.Game, current *mc.Data, onBack func()) *mcDataScreen {
	s := &mcDataScreen{u: u, g: g, draft: copyData(current), unlockCount: map[string]*widget.Label{}, selected: -1}
	bar, _ := kit.BackBar(lang.L("Mission Control game data"), onBack)
	tabs := container.NewAppTabs(
		// Icons also make a phone's tabs (icon above words) a finger high.
		container.NewTabItemWithIcon(lang.L("Unlock deck"), theme.ContentCopyIcon(), s.unlockTab()),
		container.NewTabItemWithIcon(lang.L("AI cards"), theme.ComputerIcon(), s.aiTab()),
		container.NewTabItemWithIcon(lang.L("Starting setups"), theme.GridIcon(), s.setupTab()),
	)
	bottom := s.buildButtons()
	// On a phone on its side the tabs and the buttons below them scroll
	// together, the tabs a card list and a tab bar high.
	s.content = kit.NewBorder(bar, nil, kit.NewFillScroll(layout.NewSpacer(), kit.Narrowable(tabs), container.NewPadded(bottom), 3*44+64))
	s.refreshUnlock()
	return s
}

// unlockTab is the unlock mix: how many cards of each kind, each with −
// and +.
func (s *mcDataScreen) unlockTab() fyne.CanvasObject {
	var unlockRows []fyne.CanvasObject
	for _, k := range unlockKinds {
		s.unlockCount[k] = widget.NewLabel("")
		less := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.changeUnlock(k, -1) })
		more := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.changeUnlock(k, 1) })
		unlockRows = append(unlockRows, container.NewHBox(widget.NewLabel(unlockName(k)), less, s.unlockCount[k], more))
	}
	return kit.NewScroll(container.NewVBox(append([]fyne.CanvasObject{s.sourceLabel(func(d *mc.Data) string { return d.UnlockDeck.Source })}, unlockRows...)...))
}

// aiTab is the AI cards: their list, and the fields of the card chosen.
func (s *mcDataScreen) aiTab() fyne.CanvasObject {
	s.cards = widget.NewList(
		func() int { return len(s.draft.AIDeck.Cards) },
		func() fyne.CanvasObject { return widget.NewLabel("AI-00") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(s.draft.AIDeck.Cards[i].ID) },
	)
	s.cards.OnSelected = func(i widget.ListItemID) { s.selectCard(i) }
	s.cardForm = container.NewVBox(widget.NewLabel(lang.L("Choose a card on the left.")))
	return container.NewBorder(s.sourceLabel(func(d *mc.Data) string { return d.AIDeck.Source }), nil,
		// The cards' list takes the tab's height, at least three rows: a
		// fixed 400 made the editor taller than a phone on its side.
		container.New(kit.TallLayout{Width: 110, Height: 3 * 44}, s.cards), nil, kit.NewScroll(s.cardForm))
}

// setupTab is the starting setups: each one's container positions, a
// row each.
func (s *mcDataScreen) setupTab() fyne.CanvasObject {
	var setupRows []fyne.CanvasObject
	for i := range s.draft.Setups.Entries {
		var row [3]*widget.Entry
		objs := []fyne.CanvasObject{widget.NewLabel(lang.L("Setup {{.Number}}", map[string]any{"Number": i + 1}))}
		for j, colour := range []string{"yellow", "blue", "green"} {
			e := widget.NewEntry()
			e.SetText(s.draft.Setups.Entries[i].Containers[colour])
			e.OnChanged = func(v string) {
				if s.draft.Setups.Entries[i].Containers[colour] != v {
					s.draft.Setups.Entries[i].Containers[colour] = v
					s.draft.Setups.Source = kit.OwnSource
				}
			}
			row[j] = e
			objs = append(objs, widget.NewLabel(lang.L(kit.Capitalise(colour))), container.NewGridWrap(fyne.NewSize(70, 36), e))
		}
		s.setups = append(s.setups, row)
		setupRows = append(setupRows, container.NewHBox(objs...))
	}
	return kit.NewScroll(container.NewVBox(append([]fyne.CanvasObject{s.sourceLabel(func(d *mc.Data) string { return d.Setups.Source })}, setupRows...)...))
}

// buildButtons makes the status line and the editor's buttons: Save,
// Export, Import and Reset.
func (s *mcDataScreen) buildButtons() fyne.CanvasObject {
	s.status = widget.NewLabel(lang.L("Changes apply once saved, to new games."))
	s.status.Wrapping = fyne.TextWrapWord
	s.save = widget.NewButtonWithIcon(lang.L("Save as my data"), theme.DocumentSaveIcon(), s.onSave)
	s.save.Importance = widget.HighImportance
	s.export = widget.NewButtonWithIcon(lang.L("Export"), theme.UploadIcon(), s.onExport)
	s.importB = widget.NewButtonWithIcon(lang.L("Import"), theme.DownloadIcon(), s.onImport)
	s.reset = widget.NewButtonWithIcon(lang.L("Reset to default"), theme.ContentUndoIcon(), s.onReset)
	return container.NewVBox(s.status, kit.ButtonRow(s.save, s.export, s.importB, s.reset))
}

// copyData deep-copies data through JSON, its own format.
func copyData(d *mc.Data) *mc.Data {
	b, _ := json.Marshal(d)
	var c mc.Data
	_ = json.Unmarshal(b, &c)
	return &c
}

// sourceLabel says where a section comes from, so a default is never
// taken for the printed card.
func (s *mcDataScreen) sourceLabel(get func(d *mc.Data) string) fyne.CanvasObject {
	l := widget.NewLabel(lang.L("Source: {{.Source}}", map[string]any{"Source": kit.SourceText(get(s.draft))}))
	l.Wrapping = fyne.TextWrapWord
	l.TextStyle = fyne.TextStyle{Italic: true}
	return l
}

// refreshSetups shows the draft's setups in the entries.
func (s *mcDataScreen) refreshSetups() {
	for i, row := range s.setups {
		if i >= len(s.draft.Setups.Entries) {
			break
		}
		for j, colour := range []string{"yellow", "blue", "green"} {
			row[j].SetText(s.draft.Setups.Entries[i].Containers[colour])
		}
	}
}

func (s *mcDataScreen) refreshUnlock() {
	for _, k := range unlockKinds {
		n := 0
		for _, c := range s.draft.UnlockDeck.Cards {
			if c.Kind == k {
				n++
			}
		}
		kit.SetLabel(s.unlockCount[k], strconv.Itoa(n))
	}
}

// changeUnlock adds or takes away a card of one kind; cards are renumbered.
func (s *mcDataScreen) changeUnlock(kind string, delta int) {
	counts := map[string]int{}
	for _, c := range s.draft.UnlockDeck.Cards {
		counts[c.Kind]++
	}
	counts[kind] = max(0, counts[kind]+delta)
	var cards []mc.UnlockCard
	for _, k := range unlockKinds {
		for range counts[k] {
			cards = append(cards, mc.UnlockCard{ID: fmt.Sprintf("U%d", len(cards)+1), Kind: k})
		}
	}
	s.draft.UnlockDeck.Cards = cards
	s.draft.UnlockDeck.Source = kit.OwnSource
	s.refreshUnlock()
}

// selectCard shows one AI card's fields for editing.
func (s *mcDataScreen) selectCard(i int) {
	s.selected = i
	card := &s.draft.AIDeck.Cards[i]
	touched := func() { s.draft.AIDeck.Source = kit.OwnSource }
	dice := []string{"1", "2", "3", "4", "5", "6"}
	stars := []string{lang.L("no star"), roleName(mc.Astronaut), roleName(mc.Houston), roleName(mc.Bengaluru), roleName(mc.Cologne)}
	starCodes := map[string]string{stars[0]: "", stars[1]: mc.Astronaut, stars[2]: mc.Houston, stars[3]: mc.Bengaluru, stars[4]: mc.Cologne}
	partRow := func(p *mc.Part) []fyne.CanvasObject {
		die := widget.NewSelect(dice, func(v string) { p.Die, _ = strconv.Atoi(v); touched() })
		die.Selected = strconv.Itoa(p.Die)
		star := widget.NewSelect(stars, func(v string) { p.Star = starCodes[v]; touched() })
		star.Selected = kit.TextFor(starCodes, p.Star)
		return []fyne.CanvasObject{widget.NewLabel(lang.L("Die")), die, widget.NewLabel(lang.L("Star")), star}
	}
	var rows []fyne.CanvasObject
	rows = append(rows, widget.NewLabelWithStyle(card.ID, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))

	rows = append(rows, widget.NewLabelWithStyle("Houston", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), container.NewHBox(partRow(&card.Houston)...))
	shapes := []string{"L", "J", "S", "Z", "T"}
	card.Houston.Shapes = padStrings(card.Houston.Shapes, 2, "L")
	var shapeSel []fyne.CanvasObject
	for j := range 2 {
		sel := widget.NewSelect(shapes, func(v string) { card.Houston.Shapes[j] = v; touched() })
		sel.Selected = card.Houston.Shapes[j]
		shapeSel = append(shapeSel, widget.NewLabel(lang.L("Shape {{.N}}", map[string]any{"N": j + 1})), sel)
	}
	rows = append(rows, container.NewHBox(shapeSel...))

	rows = append(rows, widget.NewLabelWithStyle("Bengaluru", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), container.NewHBox(partRow(&card.Bengaluru)...))
	for len(card.Bengaluru.Squares) < 2 {
		card.Bengaluru.Squares = append(card.Bengaluru.Squares, []string{"A"})
	}
	for j := range 2 {
		grids := widget.NewCheckGroup([]string{"A", "B", "X", "Y"}, nil)
		grids.Horizontal = true
		grids.Selected = slices.Clone(card.Bengaluru.Squares[j])
		grids.OnChanged = func(v []string) { card.Bengaluru.Squares[j] = slices.Clone(v); touched() }
		rows = append(rows, container.NewHBox(widget.NewLabel(lang.L("Square {{.N}}", map[string]any{"N": j + 1})), grids))
	}

	rows = append(rows, widget.NewLabelWithStyle(roleName(mc.Cologne), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), container.NewHBox(partRow(&card.Cologne)...))
	for len(card.Cologne.Columns) < 2 {
		card.Cologne.Columns = append(card.Cologne.Columns, 2)
	}
	var colSel []fyne.CanvasObject
	for j := range 2 {
		sel := widget.NewSelect([]string{"2", "3", "4", "5"}, func(v string) { card.Cologne.Columns[j], _ = strconv.Atoi(v); touched() })
		sel.Selected = strconv.Itoa(card.Cologne.Columns[j])
		colSel = append(colSel, widget.NewLabel(lang.L("Column {{.N}}", map[string]any{"N": j + 1})), sel)
	}
	rows = append(rows, container.NewHBox(colSel...))
	s.cardForm.Objects = rows
	s.cardForm.Refresh()
}

func padStrings(v []string, n int, fill string) []string {
	for len(v) < n {
		v = append(v, fill)
	}
	return v
}

// onSave checks the draft and, when it is valid, keeps it as the owner's data.
func (s *mcDataScreen) onSave() {
	if err := s.draft.Validate(); err != nil {
		s.refuse(err)
		return
	}
	b, err := json.MarshalIndent(s.draft, "", "  ")
	if err == nil {
		err = mcDataStore(s.u).Save(b)
	}
	if err != nil {
		s.refuse(err)
		return
	}
	useMCData(s.g, copyData(s.draft))
	kit.SetLabel(s.status, lang.L("Saved. New games use your data."))
}

func (s *mcDataScreen) refuse(err error) { kit.RefuseData(s.u, s.status, err) }

// exportTo writes the draft as a data file.
func (s *mcDataScreen) exportTo(w io.Writer) error {
	b, err := json.MarshalIndent(s.draft, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// importFrom reads a data file into the draft; a bad file changes nothing.
func (s *mcDataScreen) importFrom(name string, b []byte) error {
	d, err := mc.ParseData(name, b)
	if err != nil {
		return err
	}
	s.draft = d
	s.refreshUnlock()
	s.refreshSetups()
	s.cards.UnselectAll()
	s.cards.Refresh()
	s.cardForm.Objects = nil
	s.cardForm.Refresh()
	kit.SetLabel(s.status, lang.L("Imported. Save to use it."))
	return nil
}

func (s *mcDataScreen) onExport() { kit.ExportData(s.u, s.exportTo, s.refuse) }

func (s *mcDataScreen) onImport() { kit.ImportData(s.u, s.importFrom) }

func (s *mcDataScreen) onReset() { kit.ConfirmReset(s.u, s.resetToDefault) }

func (s *mcDataScreen) resetToDefault() {
	_ = mcDataStore(s.u).Remove()
	useMCData(s.g, mc.Default())
	s.draft = copyData(mc.Default())
	s.refreshUnlock()
	s.refreshSetups()
	kit.SetLabel(s.status, lang.L("The shipped defaults are back."))
}

// mcDataStore keeps an owner's own Mission Control data.
func mcDataStore(u kit.Window) companion.Store { return kit.OwnDataStore(u, mc.Game) }
