package marsmaze

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"boardside/app"
)

// screenLayout lays out the sand timer's screen: the bar across the top,
// the main action (start, Flip) across the bottom, and between them the
// timer and the rest of the screen (the setup, or the banner and the
// other buttons), which scrolls where it does not fit. On a phone held
// upright the rest sits under the timer and takes the height it needs,
// leaving the timer at least its least height and headShare of the height
// between bar and foot; on a wide, low screen (a phone on its side) the
// timer takes the left part and the rest and the main action the right.
// A tablet on its side, or a desktop window, keeps the phone's order: it
// has the height for it, and the glass goes beside the digits.
// Objects: bar, timer, the scroll, foot; rest is what the scroll holds.
type screenLayout struct {
	rest      fyne.CanvasObject
	headShare float32
}

// sideShare is the timer's share of the width side by side; sideRest is
// the least width the rest needs beside it; sideBelow the height under
// which a wide screen puts them side by side.
const sideShare, sideRest, sideBelow = 0.45, 320, 600

// newScreenBody is the screen's body laid out by screenLayout, twice (see
// app.TwoPass): what wraps knows its height once laid out.
func newScreenBody(l *screenLayout, bar, timer, foot fyne.CanvasObject) *fyne.Container {
	return container.New(app.TwoPass{Inner: l}, bar, timer, app.NewScroll(l.rest), foot)
}

func (l *screenLayout) side(size fyne.Size, timer fyne.CanvasObject) bool {
	return size.Width > size.Height && size.Height < sideBelow &&
		size.Width*(1-sideShare) >= sideRest && size.Width*sideShare >= timer.MinSize().Width
}

func (l *screenLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
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
	if l.side(size, timer) {
		w := size.Width * sideShare
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
	if l.rest.Visible() {
		need = l.rest.MinSize().Height
	}
	th := min(avail, max(timer.MinSize().Height, avail*l.headShare, avail-need))
	timer.Move(fyne.NewPos(0, top))
	timer.Resize(fyne.NewSize(size.Width, th))
	scroll.Move(fyne.NewPos(0, top+th+pad))
	scroll.Resize(fyne.NewSize(size.Width, avail-th))
	foot.Move(fyne.NewPos(0, footY))
	foot.Resize(fyne.NewSize(size.Width, fh))
}

// MinSize is as wide as the widest part and as high as bar, timer and foot:
// the rest scrolls.
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

// timerLayout puts the sand glass beside the readout (the digits and
// what is left) where the space is wider than high and the readout keeps
// minReadout of the width, and above it otherwise, with a gap between
// them so that the glass's base never touches the digits. Stacked, the
// readout takes its least height and at least 1−glassShare of the space,
// the glass the rest. Its least height is that of the way it last lay
// (the screen lays out twice). Objects: glass, readout.
type timerLayout struct{ side bool }

const glassShare, minReadout = 0.38, 280

func (*timerLayout) gap() float32 { return 2 * theme.Padding() }

func (l *timerLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	glass, readout := objs[0], objs[1]
	gap := l.gap()
	l.side = size.Width >= size.Height && size.Width*(1-glassShare) >= minReadout
	if l.side {
		w := size.Width * glassShare
		glass.Move(fyne.NewPos(0, 0))
		glass.Resize(fyne.NewSize(w-gap, size.Height))
		readout.Move(fyne.NewPos(w, 0))
		readout.Resize(fyne.NewSize(size.Width-w, size.Height))
		return
	}
	rh := min(size.Height, max(readout.MinSize().Height, size.Height*(1-glassShare)))
	gh := max(0, size.Height-rh-gap)
	glass.Move(fyne.NewPos(0, 0))
	glass.Resize(fyne.NewSize(size.Width, gh))
	readout.Move(fyne.NewPos(0, size.Height-rh))
	readout.Resize(fyne.NewSize(size.Width, rh))
}

// MinSize: the readout's, and, one above the other, a small glass with its
// gap above it; as wide as one above the other needs.
func (l *timerLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	g, r := objs[0].MinSize(), objs[1].MinSize()
	w := max(g.Width, r.Width)
	if l.side {
		return fyne.NewSize(w, r.Height)
	}
	return fyne.NewSize(w, r.Height+minGlass+l.gap())
}

// minGlass is the least height the glass is drawn at: small, but a glass.
const minGlass = 48
