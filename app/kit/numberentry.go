package kit

import (
	"strings"
	"unicode"

	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/widget"
)

// NumberEntry is an entry for numbers: on a phone it brings up the number
// keypad. It types like any entry; what it accepts is its Validator's, or
// what reads its text (SplitNumbers for a list).
type NumberEntry struct {
	widget.Entry
	lists bool
}

// NewNumberEntry is an entry for whole numbers; with lists, for numbers
// separated by commas, full stops or spaces: a decimal keypad has "," or
// "." (the phone's language decides which) and may have no space.
func NewNumberEntry(lists bool) *NumberEntry {
	e := &NumberEntry{lists: lists}
	e.ExtendBaseWidget(e)
	return e
}

// NewPINEntry is a PIN: digits on the number keypad, shown as dots until
// its eye is tapped.
func NewPINEntry() *NumberEntry {
	e := NewNumberEntry(false)
	e.Password = true // the eye to show it comes with its renderer
	return e
}

// mode is the keypad a browser shows for it (the input's inputmode): a
// decimal keypad has a separator, a numeric one digits alone.
func (e *NumberEntry) mode() string {
	if e.lists {
		return "decimal"
	}
	return "numeric"
}

// FocusGained asks for the number keypad before the keyboard opens.
func (e *NumberEntry) FocusGained() {
	keypad(e.mode())
	e.Entry.FocusGained()
}

// FocusLost gives the next entry the letters back.
func (e *NumberEntry) FocusLost() {
	keypad("")
	e.Entry.FocusLost()
}

// Keyboard is the keyboard a native phone build shows: its number pad for
// whole numbers. A list keeps the letters' keyboard, whose separators an
// iPhone's number pad lacks.
func (e *NumberEntry) Keyboard() mobile.KeyboardType {
	if e.lists {
		return mobile.SingleLineKeyboard
	}
	return mobile.NumberKeyboard
}

// EntryText is what it holds, for the screen list.
func (e *NumberEntry) EntryText() string { return e.Text }

// SplitNumbers is a list of whole numbers as typed: the numbers' texts,
// parted by commas, full stops, semicolons or spaces, any number of them.
func SplitNumbers(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		return r == ',' || r == '.' || r == ';' || unicode.IsSpace(r)
	})
}
