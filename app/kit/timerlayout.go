package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// TimerLayout lays out a timer's game screen: the bar across the top, the
// main action across the bottom, and between them the timer and the rest
// of the screen (the setup, or the turn and the other buttons), which
// scrolls where it does not fit. On a phone held upright the rest sits
// under the timer and takes the height it needs, leaving the timer at
// least its least height and HeadShare of the height between bar and foot;
// on a wide, low screen (a phone on its side) the timer takes the left
// part and the rest and the main action the right. With SideBelow, only a
// screen lower than that goes side by side (a tablet on its side keeps
// the phone's order). Objects: bar, timer, the scroll, foot; Rest is what
// the scroll holds.
type TimerLayout struct {
	Rest      fyne.CanvasObject
	HeadShare float32
	SideRest  float32 // the least width the rest needs beside the timer
	SideBelow float32 // 0: any height
	wasSide   bool    // the last layout went side by side
}

// timerSideShare is the timer's share of the width side by side.
const timerSideShare = 0.45

// NewTimerBody is a screen's body laid out by l, twice (see TwoPass):
// what wraps knows its height once laid out.
func NewTimerBody(l *TimerLayout, bar, timer, foot fyne.CanvasObject) *fyne.Container {
	return container.New(TwoPass{Inner: l}, bar, timer, NewScroll(l.Rest), foot)
}

func (l *TimerLayout) side(size fyne.Size, timer fyne.CanvasObject) bool {
	return size.Width > size.Height && (l.SideBelow == 0 || size.Height < l.SideBelow) &&
		size.Width*(1-timerSideShare) >= l.SideRest && size.Width*timerSideShare >= timer.MinSize().Width
}

func (l *TimerLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	bar, timer, scroll, foot := objs[0], objs[1], objs[2], objs[3]
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
	l.wasSide = l.side(size, timer)
	if l.wasSide {
		w := size.Width * timerSideShare
		timer.Move(fyne.NewPos(0, top))
		timer.Resize(fyne.NewSize(w, size.Height-top))
		x := w + pad
		scroll.Move(fyne.NewPos(x, top))
		scroll.Resize(fyne.NewSize(size.Width-x, max(0, restBottom-top)))
		foot.Move(fyne.NewPos(x, footY))
		foot.Resize(fyne.NewSize(size.Width-x, fh))
		return
	}
	avail := max(0, restBottom-top-pad) // timer, a gap, the rest
	need := float32(0)
	if l.Rest.Visible() {
		need = l.Rest.MinSize().Height
	}
	th := min(avail, max(timer.MinSize().Height, avail*l.HeadShare, avail-need))
	timer.Move(fyne.NewPos(0, top))
	timer.Resize(fyne.NewSize(size.Width, th))
	scroll.Move(fyne.NewPos(0, top+th+pad))
	scroll.Resize(fyne.NewSize(size.Width, avail-th))
	foot.Move(fyne.NewPos(0, footY))
	foot.Resize(fyne.NewSize(size.Width, fh))
}

// MinSize is as wide as the widest part and as high as bar, timer and foot
// one above the other (the rest scrolls); side by side, as the last layout
// lay, the foot sits beside the timer, not under it: counting it below
// made a phone on its side (a browser's window does not grow) scroll its
// main action out of sight.
func (l *TimerLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	var w float32
	h := make([]float32, len(objs))
	for i, o := range objs {
		if o.Visible() {
			m := o.MinSize()
			w = max(w, m.Width)
			h[i] = m.Height + pad
		}
	}
	bar, timer, foot := h[0], h[1], h[3]
	if l.wasSide {
		return fyne.NewSize(max(w, l.Rest.MinSize().Width), bar+max(timer, foot+pad))
	}
	return fyne.NewSize(max(w, l.Rest.MinSize().Width), bar+timer+foot)
}
