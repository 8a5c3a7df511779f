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

	"boardside/app/kit"
	aq "boardside/companion/aquasphere"
)

// loadAQData makes AquaSphere score on the owner's track when they saved one.
func loadAQData(u kit.Window, g *kit.Game) []string {
	return kit.LoadGameData(u, g, aq.ParseData, useAQData)
}

// useAQData makes new and resumed sheets score on d.
func useAQData(g *kit.Game, d *aq.Data) { kit.UseGameData(g, d, aq.NewRules, aq.NewWith) }

// trackScreen edits where the red lines lie on the knowledge track, which
// the owner checks against their board.
type trackScreen struct {
	content fyne.CanvasObject
	lines   *kit.NumberEntry
	status  *widget.Label
	save    *widget.Button
	reset   *widget.Button
}

func newTrackScreen(u kit.Window, g *kit.Game, current *aq.Data, onBack func()) *trackScreen {
	t := &trackScreen{}
	bar, _ := kit.BackBar(lang.L("AquaSphere track"), onBack)
	source := widget.NewLabel(lang.L("Source: {{.Source}}", map[string]any{"Source": kit.SourceText(current.Source)}))
	source.Wrapping = fyne.TextWrapWord
	source.TextStyle = fyne.TextStyle{Italic: true}
	t.lines = kit.NewNumberEntry(true)
	t.lines.SetText(kit.JoinInts(current.Track.RedLines))
	t.status = widget.NewLabel(lang.L("Type the fields each red line lies just before, in order, e.g. 10, 20, 30, 40. A lap has {{.Lap}} fields.",
		map[string]any{"Lap": current.Track.Lap}))
	t.status.Wrapping = fyne.TextWrapWord
	t.save = widget.NewButtonWithIcon(lang.L("Save as my data"), theme.DocumentSaveIcon(), func() { t.onSave(u, g, current) })
	t.save.Importance = widget.HighImportance
	t.reset = widget.NewButtonWithIcon(lang.L("Reset to default"), theme.ContentUndoIcon(), func() {
		_ = kit.OwnDataStore(u, aq.Game).Remove()
		useAQData(g, aq.Default())
		t.lines.SetText(kit.JoinInts(aq.Default().Track.RedLines))
		kit.SetLabel(t.status, lang.L("The shipped defaults are back."))
	})
	t.content = kit.NewBorder(bar, nil, kit.NewScroll(container.NewPadded(container.NewVBox(
		source, widget.NewLabel(lang.L("Red lines")), t.lines, t.status, kit.ButtonRow(t.save, t.reset)))))
	return t
}

// onSave checks the red lines with the data file's own rules and keeps them.
func (t *trackScreen) onSave(u kit.Window, g *kit.Game, current *aq.Data) {
	d := *current
	d.Track.RedLines = nil
	for _, f := range kit.SplitNumbers(t.lines.Text) {
		n, err := strconv.Atoi(f)
		if err != nil {
			kit.SetLabel(t.status, lang.L("Not saved: {{.Reason}}", map[string]any{"Reason": fmt.Sprintf("%q is not a number", f)}))
			return
		}
		d.Track.RedLines = append(d.Track.RedLines, n)
	}
	d.Source = kit.OwnSource
	b, _ := json.MarshalIndent(d, "", "  ")
	parsed, err := aq.ParseData("aquasphere.json", b) // the same checks as for a file
	if err == nil {
		err = kit.OwnDataStore(u, aq.Game).Save(b)
	}
	if err != nil {
		kit.SetLabel(t.status, lang.L("Not saved: {{.Reason}}", map[string]any{"Reason": err.Error()}))
		return
	}
	useAQData(g, parsed)
	kit.SetLabel(t.status, lang.L("Saved. New games use your data."))
}
