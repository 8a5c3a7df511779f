package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
)

// newTile is a large button with a bold title and a line of text below.
// The button sits behind the labels, so the whole tile takes the tap.
func newTile(title, text string, onTap func()) (fyne.CanvasObject, *widget.Button) {
	b := widget.NewButton("", onTap)
	t := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.SizeName = theme.SizeNameSubHeadingText
	t.Wrapping = fyne.TextWrapWord
	body := widget.NewLabel(text)
	body.Wrapping = fyne.TextWrapWord
	return container.NewStack(b, container.NewPadded(container.NewVBox(t, body))), b
}

// tilesLayout puts tiles in two columns, or one on a narrow (phone) screen.
type tilesLayout struct{}

func (tilesLayout) columns(width float32) int {
	if width < kit.NarrowWidth {
		return 1
	}
	return 2
}

func (l tilesLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	cols := l.columns(size.Width)
	pad := theme.Padding()
	w := (size.Width - pad*float32(cols-1)) / float32(cols)
	var y float32
	for i := 0; i < len(objs); i += cols {
		var h float32
		for c := 0; c < cols && i+c < len(objs); c++ {
			h = max(h, objs[i+c].MinSize().Height)
		}
		h = max(h, 120)
		for c := 0; c < cols && i+c < len(objs); c++ {
			objs[i+c].Move(fyne.NewPos(float32(c)*(w+pad), y))
			objs[i+c].Resize(fyne.NewSize(w, h))
		}
		y += h + pad
	}
}

func (l tilesLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for _, o := range objs {
		m := o.MinSize()
		w = max(w, m.Width)
		h += max(m.Height, 120) + theme.Padding()
	}
	return fyne.NewSize(w, h)
}
