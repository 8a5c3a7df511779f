package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// NewFillScroll lays out, one above the other, top, fill and bottom, fill
// taking the height left, as a border layout would; in a window too low
// for fill to get minFill (a phone on its side), all three scroll, fill
// minFill high, so that nothing is squeezed below a finger's size. For an
// editor whose text area should be as large as the window allows.
func NewFillScroll(top, fill, bottom fyne.CanvasObject, minFill float32) fyne.CanvasObject {
	l := &fillScroll{top: top, bottom: bottom, minFill: minFill}
	l.tall = &TallLayout{Height: minFill}
	inner := container.NewVBox(top, container.New(l.tall, fill), bottom)
	return container.New(l, container.NewVScroll(inner))
}

// fillScroll sees the scroll's size, which a layout inside it cannot, and
// gives fill the height the scroll has left for it.
type fillScroll struct {
	top, bottom fyne.CanvasObject
	tall        *TallLayout
	minFill     float32
}

func (l *fillScroll) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	rest := size.Height - l.top.MinSize().Height - l.bottom.MinSize().Height - 2*theme.Padding()
	l.tall.Height = max(l.minFill, rest)
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
		if s, ok := o.(*container.Scroll); ok {
			s.Content.Refresh()
		}
	}
}

func (l *fillScroll) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}
