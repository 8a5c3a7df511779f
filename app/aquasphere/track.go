package aquasphere

import (
	"encoding/json"
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app"
	aq "boardside/companion/aquasphere"
)

// loadAQData makes AquaSphere score on the owner's track when they saved one.
func loadAQData(u *app.UI, g *app.Game) []string {
	return app.LoadGameData(u, g, aq.ParseData, useAQData)
}

// useAQData makes new and resumed sheets score on d.
func useAQData(g *app.Game, d *aq.Data) { app.UseGameData(g, d, aq.NewRules, aq.NewWith) }

// trackScreen edits where the red lines lie on the knowledge track, which
// the owner checks against their board.
type trackScreen struct {
	content fyne.CanvasObject
	lines   *app.NumberEntry
	status  *widget.Label
	save    *widget.Button
	reset   *widget.Button
}

func newTrackScreen(u *app.UI, g *app.Game, current *aq.Data, onBack func()) *trackScreen {
	t := &trackScreen{}
	bar, _ := app.BackBar(lang.L("AquaSphere track"), onBack)
	source := widget.NewLabel(lang.L("Source: {{.Source}}", map[string]any{"Source": app.SourceText(current.Source)}))
	source.Wrapping = fyne.TextWrapWord
	source.TextStyle = fyne.TextStyle{Italic: true}
	t.lines = app.NewNumberEntry(true)
	t.lines.SetText(app.JoinInts(current.Track.RedLines))
	t.status = widget.NewLabel(lang.L("Type the fields each red line lies just before, in order, e.g. 10, 20, 30, 40. A lap has {{.Lap}} fields.",
		map[string]any{"Lap": current.Track.Lap}))
	t.status.Wrapping = fyne.TextWrapWord
	t.save = widget.NewButtonWithIcon(lang.L("Save as my data"), theme.DocumentSaveIcon(), func() { t.onSave(u, g, current) })
	t.save.Importance = widget.HighImportance
	t.reset = widget.NewButtonWithIcon(lang.L("Reset to default"), theme.ContentUndoIcon(), func() {
		_ = u.OwnDataStore(aq.Game).Remove()
		useAQData(g, aq.Default())
		t.lines.SetText(app.JoinInts(aq.Default().Track.RedLines))
		app.SetLabel(t.status, lang.L("The shipped defaults are back."))
	})
	t.content = app.NewBorder(bar, nil, app.NewScroll(container.NewPadded(container.NewVBox(
		source, widget.NewLabel(lang.L("Red lines")), t.lines, t.status, app.ButtonRow(t.save, t.reset)))))
	return t
}

// onSave checks the red lines with the data file's own rules and keeps them.
func (t *trackScreen) onSave(u *app.UI, g *app.Game, current *aq.Data) {
	d := *current
	d.Track.RedLines = nil
	for _, f := range app.SplitNumbers(t.lines.Text) {
		n, err := strconv.Atoi(f)
		if err != nil {
			app.SetLabel(t.status, lang.L("Not saved: {{.Reason}}", map[string]any{"Reason": fmt.Sprintf("%q is not a number", f)}))
			return
		}
		d.Track.RedLines = append(d.Track.RedLines, n)
	}
	d.Source = app.OwnSource
	b, _ := json.MarshalIndent(d, "", "  ")
	parsed, err := aq.ParseData("aquasphere.json", b) // the same checks as for a file
	if err == nil {
		err = u.OwnDataStore(aq.Game).Save(b)
	}
	if err != nil {
		app.SetLabel(t.status, lang.L("Not saved: {{.Reason}}", map[string]any{"Reason": err.Error()}))
		return
	}
	useAQData(g, parsed)
	app.SetLabel(t.status, lang.L("Saved. New games use your data."))
}
