package marsmaze

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

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
