package missioncontrol

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// newTabPage holds a tab's content so that it asks for no height while
// another tab shows: the tabs sit in the screen's scroll, and Fyne's tabs
// are as high as their highest page, which left a short page a long
// empty scroll under it.
func newTabPage(content fyne.CanvasObject) *fyne.Container {
	c := container.NewStack(content)
	c.Layout = tabPageLayout{page: c}
	return c
}

type tabPageLayout struct{ page *fyne.Container }

func (l tabPageLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l tabPageLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	if !l.page.Visible() {
		s.Height = 0
	}
	return s
}
