package kit

import (
	"errors"
	"io"
	"io/fs"
	"path"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"boardside/companion"
)

// The game data editors share how a data file is exported, imported,
// reset and refused; only the editing in between differs by game.

// ExportData offers the data file (a save dialog, or a download in a
// browser).
func ExportData(w Window, write func(io.Writer) error, refuse func(error)) {
	w.SaveFile("boardside-game-data.json", write, refuse)
}

// ImportData asks for a data file (1 MiB at most) and hands it to use; a
// file that cannot be read or that use refuses is explained and changes
// nothing.
func ImportData(w Window, use func(name string, b []byte) error) {
	w.OpenFile(func(name string, b []byte, err error) {
		if err == nil {
			err = use(name, b)
		}
		if err != nil {
			dialog.ShowError(errors.New(lang.L("That file was not imported: {{.Reason}}", map[string]any{"Reason": err.Error()})), w.Win())
		}
	})
}

// ConfirmReset asks before an owner's own data is forgotten.
func ConfirmReset(w Window, reset func()) {
	dialog.ShowConfirm(lang.L("Reset to default"), lang.L("Forget your own data and use the shipped defaults again?"), func(ok bool) {
		if ok {
			reset()
		}
	}, w.Win())
}

// RefuseData says on the editor's status line and in a dialog why the
// data was not saved.
func RefuseData(w Window, status *widget.Label, err error) {
	msg := lang.L("Not saved: {{.Reason}}", map[string]any{"Reason": err.Error()})
	SetLabel(status, msg)
	dialog.ShowError(errors.New(msg), w.Win())
}

// OwnSource marks a section the owner has transcribed or changed.
const OwnSource = "your own copy"

// OwnDataStore keeps an owner's own data for a game.
func OwnDataStore(w Window, game string) companion.Store { return w.Store(ownDataName(game)) }

// ownDataName is the name an owner's own data for a game is kept under.
func ownDataName(game string) string { return "data/" + game + ".json" }

// LoadOwnData hands an owner's saved data for a game to use. A file that
// cannot be read (or that use refuses) is moved aside and the shipped data
// stays in use; the returned text tells the player.
func LoadOwnData(w Window, game, title string, use func(name string, b []byte) error) []string {
	name, st := ownDataName(game), OwnDataStore(w, game)
	b, err := st.Load()
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err == nil {
		if err = use(path.Base(name), b); err == nil {
			return nil
		}
	}
	aside, moveErr := st.SetAside(w.Clock().Now())
	if moveErr != nil {
		aside = name
	}
	return []string{lang.L("Your {{.Game}} data could not be read, so the shipped data is used. The file was kept as {{.Path}}. Reason: {{.Reason}}",
		map[string]any{"Game": title, "Path": aside, "Reason": err.Error()})}
}
