package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// viewport holds a screen in a window that must not grow: in a browser the
// window is the page, and Fyne grows its window (and with it the page's
// canvas) to whatever its content needs, wider than the phone, and never
// shrinks it back. The viewport needs no room of its own; the screen gets
// the whole window, and where the screen needs more than that, it scrolls
// inside the window instead of pushing the window wider. Each screen is
// built to fit (the browser's layout check finds any that does not), so
// this is the net under them, not a way to lay them out.
type viewport struct {
	widget.BaseWidget
	content fyne.CanvasObject
	scroll  *container.Scroll
}

func newViewport(content fyne.CanvasObject) *viewport {
	v := &viewport{content: content, scroll: container.NewScroll(content)}
	v.ExtendBaseWidget(v)
	return v
}

// ViewportContent is the screen it holds: the screen list walks it as if
// the viewport were not there, so a screen that does not fit shows as
// lying outside the window.
func (v *viewport) ViewportContent() fyne.CanvasObject { return v.content }

func (v *viewport) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(v.scroll)
}

// MinSize is nothing: the window keeps the size the page gives it.
func (v *viewport) MinSize() fyne.Size { return fyne.NewSize(1, 1) }
