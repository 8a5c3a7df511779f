package missioncontrol

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"boardside/app"
)

// screenLayout lays out the countdown's screen: the bar across the top,
// the main action (Start, then Roll and Next turn) across the bottom, and
// between them the countdown and the rest of the screen (the setup, or the
// turn, the decks and the timer's buttons) in one scroll. On a phone held
// upright the rest sits under the countdown and takes the height it
// needs, leaving the countdown its least height and at least headShare of
// the height between bar and foot; on a wide, low screen (a phone or a
// tablet on its side) the countdown takes the left part, the rest and the
// main action the right. Objects: bar, countdown, the scroll, foot; rest
// is what the scroll holds.
type screenLayout struct {
	rest      fyne.CanvasObject
	headShare float32
}

// sideShare is the countdown's share of the width side by side; sideRest
// is the least width the rest needs beside it.
const sideShare, sideRest = 0.45, 330

// newScreenBody is the screen's body laid out by screenLayout, twice (see
// app.TwoPass): what wraps knows its height once laid out.
func newScreenBody(l *screenLayout, bar, head, foot fyne.CanvasObject) *fyne.Container {
	return container.New(app.TwoPass{Inner: l}, bar, head, app.NewScroll(l.rest), foot)
}

func (l *screenLayout) side(size fyne.Size, head fyne.CanvasObject) bool {
	return size.Width > size.Height && size.Width*(1-sideShare) >= sideRest && size.Width*sideShare >= head.MinSize().Width
}

func (l *screenLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	bar, head, scroll, foot := objs[0], objs[1], objs[2], objs[3]
	pad := theme.Padding()
	bh := bar.MinSize().Height
	bar.Move(fyne.NewPos(0, 0))
	bar.Resize(fyne.NewSize(size.Width, bh))
	fh := float32(0)
	if foot.Visible() {
		fh = foot.MinSize().Height
	}
	top := bh + pad
	footY := size.Height - fh
	restBottom := footY // where the scroll ends: above the foot, with a gap when it shows
	if fh > 0 {
		restBottom -= pad
	}
	if l.side(size, head) {
		w := size.Width * sideShare
		head.Move(fyne.NewPos(0, top))
		head.Resize(fyne.NewSize(w, size.Height-top))
		x := w + pad
		scroll.Move(fyne.NewPos(x, top))
		scroll.Resize(fyne.NewSize(size.Width-x, max(0, restBottom-top)))
		foot.Move(fyne.NewPos(x, footY))
		foot.Resize(fyne.NewSize(size.Width-x, fh))
		return
	}
	avail := max(0, restBottom-top-pad) // countdown, a gap, the rest
	need := float32(0)
	if l.rest.Visible() {
		need = l.rest.MinSize().Height
	}
	hh := min(avail, max(head.MinSize().Height, avail*l.headShare, avail-need))
	head.Move(fyne.NewPos(0, top))
	head.Resize(fyne.NewSize(size.Width, hh))
	scroll.Move(fyne.NewPos(0, top+hh+pad))
	scroll.Resize(fyne.NewSize(size.Width, avail-hh))
	foot.Move(fyne.NewPos(0, footY))
	foot.Resize(fyne.NewSize(size.Width, fh))
}

// MinSize is as wide as the widest part and as high as bar, countdown and
// foot: the rest scrolls.
func (l *screenLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for _, o := range objs {
		if o.Visible() {
			m := o.MinSize()
			w = max(w, m.Width)
			if o != objs[2] {
				h += m.Height + theme.Padding()
			}
		}
	}
	return fyne.NewSize(max(w, l.rest.MinSize().Width), h)
}

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
