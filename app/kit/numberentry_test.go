package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	screenlist "boardside/app/screen"
)

// TestNumberEntry_TypesAsAnEntry: a number entry takes keys as any entry
// does (it asks a phone for its number keypad, nothing more), Enter
// submits it, and the screen list names it an entry with its text, so a
// browser test can read it back.
func TestNumberEntry_TypesAsAnEntry(t *testing.T) {
	a := test.NewTempApp(t)
	sectors, pin := NewNumberEntry(true), NewPINEntry()
	var submitted string
	sectors.OnSubmitted = func(s string) { submitted = s }
	w := test.NewWindow(container.NewWithoutLayout(sectors, pin))
	defer w.Close()
	sectors.Resize(fyne.NewSize(200, 40))
	pin.Resize(fyne.NewSize(200, 40))
	pin.Move(fyne.NewPos(0, 50))

	test.Type(sectors, "2.3, 4")
	sectors.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	test.Type(sectors, "5")
	w.Canvas().Focus(sectors)
	sectors.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	assert.Equal(t, "2.3, 5", sectors.Text)
	assert.Equal(t, "2.3, 5", submitted, "Enter submits it")

	test.Type(pin, "2468")
	assert.Equal(t, "2468", pin.Text)
	assert.True(t, pin.Password, "a PIN shows as dots")

	items := screenlist.List(w.Canvas(), a.Driver().AbsolutePositionForObject)
	var entries []string
	for _, it := range items {
		if it.Kind == "entry" {
			entries = append(entries, it.Text)
		}
	}
	assert.Equal(t, []string{"2.3, 5", "2468"}, entries, "both listed as entries, with their texts")
}

// TestNumberEntry_Keypads: the keypad a browser shows (inputmode) and the
// keyboard a native phone build shows. A list needs a separator, which an
// iPhone's number pad lacks.
func TestNumberEntry_Keypads(t *testing.T) {
	test.NewTempApp(t)
	whole, list := NewNumberEntry(false), NewNumberEntry(true)
	assert.Equal(t, "numeric", whole.mode())
	assert.Equal(t, "decimal", list.mode())
	assert.Equal(t, mobile.NumberKeyboard, whole.Keyboard())
	assert.Equal(t, mobile.SingleLineKeyboard, list.Keyboard())
	assert.Equal(t, mobile.NumberKeyboard, NewPINEntry().Keyboard())
}

// TestSplitNumbers reads a list as a decimal keypad types it: "," or "."
// as the phone's language has it, with or without spaces.
func TestSplitNumbers(t *testing.T) {
	for typed, want := range map[string][]string{
		"2, 3":        {"2", "3"},
		"2.3":         {"2", "3"},
		"2,3":         {"2", "3"},
		"10 20  30":   {"10", "20", "30"},
		"10;20.30, 4": {"10", "20", "30", "4"},
		" 7 ":         {"7"},
		"":            {},
		"1..2,,3":     {"1", "2", "3"},
		"x, 2":        {"x", "2"}, // not a number: the reader says so
	} {
		require.Equal(t, want, SplitNumbers(typed), "%q", typed)
	}
}
