package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
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
	return check, container.New(checkRowLayout{check: check}, check, label)
}

// checkRowLayout puts a check box's text where Fyne's Check puts its own,
// beside the box, and the box beside the text's first line. Laid side by
// side, the text started after the whole of the empty check's padding and
// its own: 35 px from the box, where Fyne leaves 7.
type checkRowLayout struct{ check *widget.Check }

// textX is how far right of the check's left edge Fyne's Check starts its
// text (its Layout: the icon and its focus ring, and the border each
// side), less the label's own inner padding before its text.
func (l checkRowLayout) textX() float32 {
	th := l.check.Theme()
	icon, pad, border := th.Size(theme.SizeNameInlineIcon), th.Size(theme.SizeNameInnerPadding), th.Size(theme.SizeNameInputBorder)
	return max(0, icon+pad+2*border-pad)
}

func (l checkRowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	check, label := objs[0], objs[1]
	cm := check.MinSize()
	check.Move(fyne.NewPos(0, 0))
	check.Resize(fyne.NewSize(cm.Width, min(cm.Height, size.Height)))
	x := l.textX()
	label.Move(fyne.NewPos(x, 0))
	label.Resize(fyne.NewSize(max(0, size.Width-x), size.Height))
}

func (l checkRowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	cm, lm := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(max(cm.Width, l.textX()+lm.Width), max(cm.Height, lm.Height))
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

// ScreenItem says what the check's words are, for the screen list: a text
// a finger may tap.
func (l *tapLabel) ScreenItem() (kind, text string) { return "label", l.Text }
