package app

import "fyne.io/fyne/v2"

// splitLayout puts two objects side by side when there is more width than
// height (a tablet on its side) and one above the other otherwise (a
// phone held upright). The first gets share of the split.
type splitLayout struct{ share float32 }

func (l splitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	if !objs[1].Visible() { // the first takes the whole space
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(size)
		return
	}
	if size.Width >= size.Height {
		w := size.Width * l.share
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(fyne.NewSize(w, size.Height))
		objs[1].Move(fyne.NewPos(w, 0))
		objs[1].Resize(fyne.NewSize(size.Width-w, size.Height))
		return
	}
	h := size.Height * l.share
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, h))
	objs[1].Move(fyne.NewPos(0, h))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-h))
}

func (l splitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}
