package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// How a browser's page keeps the screen on while a timer runs, as it says
// (web/app/awake.js): a program's driver turns blanking off and says
// nothing, which always works.
const (
	awakeOff   = "off"      // nothing wanted, or the page hidden
	awakeLock  = "wakelock" // the Screen Wake Lock (a secure page)
	awakeVideo = "video"    // a muted looping video (a plain-HTTP page)
	awakeNone  = "none"     // neither: the players keep it on themselves
)

// newAwakeNote is the line that says so where neither way keeps the
// screen on; hidden until then.
func newAwakeNote() *widget.Label {
	l := widget.NewLabelWithStyle(lang.L("This browser cannot keep the screen on: keep it on yourself while the timer runs."),
		fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	l.Importance = widget.WarningImportance
	l.Wrapping = fyne.TextWrapWord
	l.Hide()
	return l
}

// withAwakeNote is content with the note above it, where the note takes
// no room while hidden.
func withAwakeNote(note, content fyne.CanvasObject) fyne.CanvasObject {
	return container.New(noteAbove{}, note, content)
}

// noteAbove lays out a note over the whole width, as tall as its lines at
// that width, and the content below it: a wrapping label knows how many
// lines it takes only once it has its width (a border layout gave it one
// line's height, and cut it).
type noteAbove struct{}

func (noteAbove) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	note, content := objects[0], objects[1]
	var h float32
	if note.Visible() {
		note.Resize(fyne.NewSize(size.Width, note.MinSize().Height))
		h = note.MinSize().Height
		note.Move(fyne.NewPos(0, 0))
		note.Resize(fyne.NewSize(size.Width, h))
	}
	content.Move(fyne.NewPos(0, h))
	content.Resize(fyne.NewSize(size.Width, max(size.Height-h, 0)))
}

func (noteAbove) MinSize(objects []fyne.CanvasObject) fyne.Size {
	note, content := objects[0], objects[1]
	m := content.MinSize()
	if note.Visible() {
		n := note.MinSize()
		m = fyne.NewSize(max(m.Width, n.Width), m.Height+n.Height)
	}
	return m
}

// screenKeptOn takes what the platform says of the screen (awakeOff, …);
// call it on the Fyne goroutine.
func (u *UI) screenKeptOn(how string) {
	u.awakeHow = how
	u.showAwakeNote()
}

// showAwakeNote shows the note while the screen should stay on and the
// platform said it cannot, and hides it at once when no timer runs.
func (u *UI) showAwakeNote() {
	show := u.Awake && u.awakeHow == awakeNone
	if show == u.awakeNote.Visible() {
		return
	}
	if show {
		u.awakeNote.Show()
	} else {
		u.awakeNote.Hide()
	}
	if c := u.Win.Content(); c != nil {
		c.Refresh() // the note's layout lays the screen out again
	}
}
