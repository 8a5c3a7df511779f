package adele

import (
	"encoding/json"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	ad "boardside/companion/adele"
)

// loadAdeleData makes the game use the owner's data when they saved some.
func loadAdeleData(u kit.Window, g *kit.Game) []string {
	return kit.LoadGameData(u, g, ad.ParseData, useAdeleData)
}

// useAdeleData makes new and resumed games look their cards up in d.
func useAdeleData(g *kit.Game, d *ad.Data) { kit.UseGameData(g, d, ad.NewRules, ad.NewWith) }

// adeleDataScreen edits ADELE's game data as its data file: the cards,
// emergencies, obstacle mix, console costs, anomalies, ships and rounds,
// each with its source line saying what is printed fact and what is a
// default. Check and Save refuse a file with a mistake and name the card
// and field; nothing is saved until it is right.
type adeleDataScreen struct {
	u       kit.Window
	g       *kit.Game
	content fyne.CanvasObject
	text    *widget.Entry
	status  *widget.Label
}

func newAdeleDataScreen(u kit.Window, g *kit.Game, current *ad.Data, onBack func()) *adeleDataScreen {
	s := &adeleDataScreen{u: u, g: g}
	bar, _ := kit.BackBar(lang.L("ADELE: game data"), onBack)
	s.text = widget.NewMultiLineEntry()
	s.text.TextStyle.Monospace = true
	s.text.SetText(encodeAdeleData(current))
	s.status = widget.NewLabel(lang.L("Parts labelled as defaults are not the printed game: correct them to match your copy. New games use your data."))
	s.status.Wrapping = fyne.TextWrapWord
	check := widget.NewButtonWithIcon(lang.L("Check"), theme.ConfirmIcon(), func() {
		if _, err := s.parse(); err != nil {
			s.refuse(err)
			return
		}
		kit.SetLabel(s.status, lang.L("The data is valid."))
	})
	save := widget.NewButtonWithIcon(lang.L("Save as my data"), theme.DocumentSaveIcon(), s.onSave)
	save.Importance = widget.HighImportance
	export := widget.NewButtonWithIcon(lang.L("Export"), theme.UploadIcon(), func() {
		kit.ExportData(u, func(w io.Writer) error { _, err := io.WriteString(w, s.text.Text); return err }, s.refuse)
	})
	importB := widget.NewButtonWithIcon(lang.L("Import"), theme.DownloadIcon(), func() { kit.ImportData(u, s.importFrom) })
	reset := widget.NewButtonWithIcon(lang.L("Reset to default"), theme.HistoryIcon(), func() { kit.ConfirmReset(u, s.resetToDefault) })
	buttons := kit.ButtonRow(check, save, export, importB, reset)
	// The text takes the height left; on a phone on its side, five lines
	// of it scroll with the rest.
	s.content = kit.NewBorder(bar, nil, kit.NewFillScroll(s.status, s.text, buttons, 5*36))
	return s
}

func encodeAdeleData(d *ad.Data) string {
	b, _ := json.MarshalIndent(d, "", "  ")
	return string(b) + "\n"
}

func (s *adeleDataScreen) parse() (*ad.Data, error) {
	return ad.ParseData(lang.L("your data"), []byte(s.text.Text))
}

func (s *adeleDataScreen) onSave() {
	d, err := s.parse()
	if err == nil {
		err = kit.OwnDataStore(s.u, ad.Game).Save([]byte(encodeAdeleData(d)))
	}
	if err != nil {
		s.refuse(err)
		return
	}
	useAdeleData(s.g, d)
	kit.SetLabel(s.status, lang.L("Saved. New games use your data."))
}

func (s *adeleDataScreen) refuse(err error) { kit.RefuseData(s.u, s.status, err) }

// importFrom reads a data file into the editor; a bad file changes nothing.
func (s *adeleDataScreen) importFrom(name string, b []byte) error {
	d, err := ad.ParseData(name, b)
	if err != nil {
		return err
	}
	s.text.SetText(encodeAdeleData(d))
	kit.SetLabel(s.status, lang.L("Imported. Save to use it."))
	return nil
}

func (s *adeleDataScreen) resetToDefault() {
	_ = kit.OwnDataStore(s.u, ad.Game).Remove()
	useAdeleData(s.g, ad.Default())
	s.text.SetText(encodeAdeleData(ad.Default()))
	kit.SetLabel(s.status, lang.L("The shipped defaults are back."))
}
