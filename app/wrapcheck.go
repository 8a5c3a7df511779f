package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// NewWrapCheck is a check box whose text wraps onto more lines where the
// width is short: Fyne's Check keeps its text on one line, and a long one
// made a phone's screen wider than the phone. A tap on the text ticks the
// box too. The check (its text empty) is returned for its state and
// OnChanged; row is what the screen shows.
func NewWrapCheck(text string, changed func(bool)) (check *widget.Check, row fyne.CanvasObject) {
	check = widget.NewCheck("", changed)
	label := &tapLabel{onTap: func() {
		if !check.Disabled() {
			check.SetChecked(!check.Checked)
		}
	}}
	label.Text = text
	label.Wrapping = fyne.TextWrapWord
	label.ExtendBaseWidget(label)
	return check, container.NewBorder(nil, nil, check, nil, label)
}

// tapLabel is a label that answers a tap.
type tapLabel struct {
	widget.Label
	onTap func()
}

func (l *tapLabel) Tapped(*fyne.PointEvent) { l.onTap() }

// Wrapped is a label whose words wrap: a sentence or a line of figures
// that must not make a phone's screen wider than the phone.
func Wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}
