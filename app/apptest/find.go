package apptest

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"boardside/app/screen"
)

// Texts lists the text of every label, button, check and select on screen.
func Texts(o fyne.CanvasObject) []string {
	var out []string
	for _, obj := range test.LaidOutObjects(o) {
		if !obj.Visible() {
			continue
		}
		switch w := obj.(type) {
		case *widget.Label:
			if w.Text != "" {
				out = append(out, w.Text)
			}
		case *widget.Button:
			if w.Text != "" {
				out = append(out, w.Text)
			}
		case *widget.Check:
			out = append(out, w.Text)
		case *widget.Select:
			out = append(out, w.Selected)
		case *widget.RadioGroup:
			out = append(out, w.Options...)
		case *widget.Form:
			for _, it := range w.Items {
				out = append(out, it.Text)
			}
		}
	}
	return out
}

// Button finds the visible button with this text on screen.
func Button(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	for _, obj := range test.LaidOutObjects(o) {
		if b, ok := obj.(*widget.Button); ok && b.Visible() && b.Text == text {
			return b
		}
	}
	require.Failf(t, "no such button", "no button %q on screen; shown: %q", text, Texts(o))
	return nil
}

// Entries are the entries shown in o, in layout order.
func Entries(o fyne.CanvasObject) []*widget.Entry {
	var out []*widget.Entry
	for _, c := range test.LaidOutObjects(o) {
		if e, ok := c.(*widget.Entry); ok && c.Visible() {
			out = append(out, e)
		}
	}
	return out
}

// TapDialogButton taps a button in the dialog on top, as a player would.
func TapDialogButton(t *testing.T, win fyne.Window, text string) {
	t.Helper()
	top := win.Canvas().Overlays().Top()
	require.NotNil(t, top, "a dialog is showing")
	test.Tap(Button(t, top, text))
}

// Find is the first listed item of this kind and text.
func Find(items []screen.Item, kind, text string) (screen.Item, bool) {
	for _, it := range items {
		if it.Kind == kind && it.Text == text {
			return it, true
		}
	}
	return screen.Item{}, false
}

// Queue makes UI updates from the network wait for the test goroutine,
// as they wait for the Fyne goroutine in the app.
type Queue chan func()

// Until runs queued updates until cond holds.
func (q Queue) Until(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for !cond() {
		select {
		case f := <-q:
			f()
		case <-deadline:
			t.Fatal("the screen never got there")
		}
	}
}

// Slidable is a widget a finger drags along, such as the app's slide lock.
type Slidable interface {
	fyne.Draggable
	Size() fyne.Size
}

// SlideFinger moves a finger across s from x0 to x1 in 10 px steps, as
// Fyne reports a drag: where the finger is, and how far it moved since the
// last report; then lifts it.
func SlideFinger(s Slidable, x0, x1 float32) {
	step := float32(10)
	if x1 < x0 {
		step = -10
	}
	y := s.Size().Height / 2
	for x := x0; (x1-x)*step > 0; {
		next := x + step
		if (x1-next)*step < 0 {
			next = x1
		}
		s.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(next, y)}, Dragged: fyne.NewDelta(next-x, 0)})
		x = next
	}
	s.DragEnd()
}

// SourceFiles are the app's Go files, shell and games, tests left out:
// root is the app's folder, as seen from the package under test.
func SourceFiles(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			out = append(out, p)
		}
		return err
	})
	require.NoError(t, err)
	require.NotEmpty(t, out)
	return out
}
