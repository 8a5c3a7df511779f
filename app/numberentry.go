package app

import "fyne.io/fyne/v2/widget"

// NumberEntry is an entry for numbers: on a phone it brings up the number
// keypad. It types like any entry; what it accepts is its Validator's.
type NumberEntry struct {
	widget.Entry
	mode string
}

// NewNumberEntry is an entry for whole numbers; with lists, for numbers
// separated by commas or spaces (the keypad then has those too).
func NewNumberEntry(lists bool) *NumberEntry {
	e := &NumberEntry{mode: "numeric"}
	if lists {
		e.mode = "decimal"
	}
	e.ExtendBaseWidget(e)
	return e
}

// FocusGained asks for the number keypad before the keyboard opens.
func (e *NumberEntry) FocusGained() {
	keypad(e.mode)
	e.Entry.FocusGained()
}

// FocusLost gives the next entry the letters back.
func (e *NumberEntry) FocusLost() {
	keypad("")
	e.Entry.FocusLost()
}

// EntryText is what it holds, for the screen list.
func (e *NumberEntry) EntryText() string { return e.Text }
