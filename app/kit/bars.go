package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// BackBar is the top bar of every screen below home: Back and a title.
func BackBar(title string, onBack func()) (fyne.CanvasObject, *widget.Button) {
	back := widget.NewButtonWithIcon(lang.L("Back"), theme.NavigateBackIcon(), onBack)
	t := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.SizeName = theme.SizeNameSubHeadingText
	t.Wrapping = fyne.TextWrapWord // "Geschichte von Magic Maze on Mars" on a phone
	return container.NewBorder(nil, nil, back, nil, t), back
}

// NarrowWidth is the width below which screens take their one-column
// (phone) form.
const NarrowWidth = 560

// TextFor finds the option text of a code.
func TextFor(codes map[string]string, code string) string {
	for text, c := range codes {
		if c == code {
			return text
		}
	}
	return ""
}

// ScreenItem says what the slide lock is, for the screen list (app/screen).
func (s *SlideLock) ScreenItem() (kind, text string) { return "slide", s.text }

// ScreenItem says what the digits are, for the screen list.
func (d *Digits) ScreenItem() (kind, text string) { return "digits", d.Text() }
