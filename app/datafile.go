package app

import (
	"errors"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// The game data editors share how a data file is exported, imported,
// reset and refused; only the editing in between differs by game.

// exportData asks where to save and writes the data file there.
func (u *UI) exportData(write func(io.Writer) error, refuse func(error)) {
	dialog.ShowFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		defer w.Close()
		if err := write(w); err != nil {
			refuse(err)
		}
	}, u.win)
}

// importData asks for a data file (1 MiB at most) and hands it to use; a
// file that cannot be read or that use refuses is explained and changes
// nothing.
func (u *UI) importData(use func(name string, b []byte) error) {
	dialog.ShowFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		defer r.Close()
		b, err := io.ReadAll(io.LimitReader(r, 1<<20))
		if err == nil {
			err = use(r.URI().Name(), b)
		}
		if err != nil {
			dialog.ShowError(errors.New(lang.L("That file was not imported: {{.Reason}}", map[string]any{"Reason": err.Error()})), u.win)
		}
	}, u.win)
}

// confirmReset asks before an owner's own data is forgotten.
func (u *UI) confirmReset(reset func()) {
	dialog.ShowConfirm(lang.L("Reset to default"), lang.L("Forget your own data and use the shipped defaults again?"), func(ok bool) {
		if ok {
			reset()
		}
	}, u.win)
}

// refuseData says on the editor's status line and in a dialog why the
// data was not saved.
func (u *UI) refuseData(status *widget.Label, err error) {
	msg := lang.L("Not saved: {{.Reason}}", map[string]any{"Reason": err.Error()})
	setLabel(status, msg)
	dialog.ShowError(errors.New(msg), u.win)
}
