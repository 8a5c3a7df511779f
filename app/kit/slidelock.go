package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// SlideLock opens only when a finger takes its knob from the left end all
// the way to the right: a privacy cover that a glance or a crew member's
// tap does not lift. A tap does nothing; a drag that does not start on the
// knob does nothing; a knob let go before the end slides back.
type SlideLock struct {
	widget.BaseWidget
	text   string
	onOpen func()

	knobAt   float32 // 0 at the left end, 1 at the right
	dragging bool    // this drag started on the knob
	started  bool    // a drag is under way (on the knob or not)
}

// NewSlideLock is a cover that opens only when a finger slides its knob
// all the way to the right; text says so.
func NewSlideLock(text string, onOpen func()) *SlideLock {
	s := &SlideLock{text: text, onOpen: onOpen}
	s.ExtendBaseWidget(s)
	return s
}

const slideKnob = 56 // the knob's width; the lock is at least 48 high

// travel is how far the knob moves from end to end.
func (s *SlideLock) travel() float32 { return max(1, s.Size().Width-slideKnob) }

// Dragged moves the knob with the finger, when the drag began on it.
func (s *SlideLock) Dragged(e *fyne.DragEvent) {
	if !s.started {
		s.started = true
		down := e.Position.Subtract(e.Dragged) // where the finger went down
		x := s.knobAt * s.travel()
		s.dragging = down.X >= x && down.X <= x+slideKnob
	}
	if !s.dragging {
		return
	}
	s.knobAt = min(1, max(0, (e.Position.X-slideKnob/2)/s.travel()))
	s.Refresh()
}

// DragEnd opens the lock when the knob reached the right end, and sends
// the knob back.
func (s *SlideLock) DragEnd() {
	open := s.dragging && s.knobAt >= 0.95
	s.knobAt, s.dragging, s.started = 0, false, false
	s.Refresh()
	if open && s.onOpen != nil {
		s.onOpen()
	}
}

func (s *SlideLock) MinSize() fyne.Size {
	s.ExtendBaseWidget(s)
	return fyne.NewSize(slideKnob*4, 48)
}

func (s *SlideLock) CreateRenderer() fyne.WidgetRenderer {
	th := s.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r := &slideLockRenderer{s: s,
		track: canvas.NewRectangle(th.Color(theme.ColorNameInputBackground, v)),
		knob:  canvas.NewRectangle(th.Color(theme.ColorNamePrimary, v)),
		arrow: canvas.NewImageFromResource(theme.NewInvertedThemedResource(theme.NavigateNextIcon())),
		text:  canvas.NewText(s.text, th.Color(theme.ColorNameForeground, v)),
	}
	r.track.CornerRadius = th.Size(theme.SizeNameInputRadius)
	r.knob.CornerRadius = th.Size(theme.SizeNameInputRadius)
	r.text.Alignment = fyne.TextAlignCenter
	return r
}

type slideLockRenderer struct {
	s           *SlideLock
	track, knob *canvas.Rectangle
	arrow       *canvas.Image
	text        *canvas.Text
}

func (r *slideLockRenderer) Layout(size fyne.Size) {
	r.track.Resize(size)
	x := r.s.knobAt * r.s.travel()
	r.knob.Move(fyne.NewPos(x, 0))
	r.knob.Resize(fyne.NewSize(slideKnob, size.Height))
	icon := min(size.Height, slideKnob) * 0.6
	r.arrow.Move(fyne.NewPos(x+(slideKnob-icon)/2, (size.Height-icon)/2))
	r.arrow.Resize(fyne.NewSquareSize(icon))
	r.text.Move(fyne.NewPos(slideKnob, 0))
	r.text.Resize(fyne.NewSize(max(0, size.Width-slideKnob), size.Height))
}

func (r *slideLockRenderer) MinSize() fyne.Size { return r.s.MinSize() }

func (r *slideLockRenderer) Refresh() {
	th := r.s.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r.track.FillColor = th.Color(theme.ColorNameInputBackground, v)
	r.knob.FillColor = th.Color(theme.ColorNamePrimary, v)
	r.text.Color = th.Color(theme.ColorNameForeground, v)
	r.text.Text = r.s.text
	r.text.TextSize = th.Size(theme.SizeNameText)
	r.Layout(r.s.Size())
	canvas.Refresh(r.s)
}

func (r *slideLockRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.track, r.text, r.knob, r.arrow}
}

func (r *slideLockRenderer) Destroy() {}
