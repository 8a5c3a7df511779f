package kit

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Digits shows a clock reading ("19:59") as seven-segment digits drawn
// with rectangles: they fill whatever space they get, so they read from
// across the table, and turning them 180° for the players opposite is a
// matter of mirroring positions.
type Digits struct {
	widget.BaseWidget
	text    string
	Rotated bool
	colour  color.Color // nil: the theme's foreground
	// Changes counts text changes, for the redraw measurements.
	Changes int
}

// NewDigits shows a timer's time in large digits.
func NewDigits(text string) *Digits {
	d := &Digits{text: text}
	d.ExtendBaseWidget(d)
	return d
}

// SetText shows text; the same text again changes nothing on screen.
func (d *Digits) SetText(text string) {
	if text == d.text && !everyFrame {
		return
	}
	d.text = text
	d.Changes++
	d.Refresh()
}

// Text is what the digits show.
func (d *Digits) Text() string { return d.text }

// SetRotated turns the digits upside down (true) or back.
func (d *Digits) SetRotated(r bool) {
	if r != d.Rotated {
		d.Rotated = r
		d.Refresh()
	}
}

// SetColour changes the colour (nil for the theme's foreground).
func (d *Digits) SetColour(c color.Color) {
	if c == d.colour {
		return
	}
	d.colour = c
	d.Refresh()
}

func (d *Digits) CreateRenderer() fyne.WidgetRenderer { return &digitsRenderer{d: d} }

// segments of a digit: a top, b top right, c bottom right, d bottom,
// e bottom left, f top left, g middle.
var segmentsOf = map[rune]string{
	'0': "abcdef", '1': "bc", '2': "abged", '3': "abgcd", '4': "fgbc",
	'5': "afgcd", '6': "afgedc", '7': "abc", '8': "abcdefg", '9': "abcdfg", '-': "g",
}

type digitsRenderer struct {
	d     *Digits
	rects []*canvas.Rectangle
	objs  []fyne.CanvasObject
}

func (r *digitsRenderer) Destroy() {}

func (r *digitsRenderer) MinSize() fyne.Size { return fyne.NewSize(160, 64) }

func (r *digitsRenderer) Objects() []fyne.CanvasObject { return r.objs }

func (r *digitsRenderer) Refresh() {
	r.Layout(r.d.Size())
	canvas.Refresh(r.d)
}

// A reading's proportions, in units of the digit height: a digit's width,
// a colon's (or a full stop's), and the gap between two characters.
const digitW, colonW, charGap = 0.56, 0.22, 0.14

// Layout places one rectangle per lit segment, keeping the digits'
// proportions and centring them.
func (r *digitsRenderer) Layout(size fyne.Size) {
	units := readingWidth(r.d.text)
	if units == 0 || size.Width <= 0 || size.Height <= 0 {
		r.use(0)
		return
	}
	h := min(size.Height, size.Width*0.94/units) // a margin at the sides
	p := segmentPlacer{r: r, size: size, h: h, y0: (size.Height - h) / 2, t: h * 0.11, col: r.d.colour}
	if p.col == nil {
		p.col = theme.Color(theme.ColorNameForeground)
	}
	x := (size.Width - units*h) / 2
	for i, c := range r.d.text {
		if i > 0 {
			x += charGap * h
		}
		if c == ':' || c == '.' {
			x += p.dots(x, c)
		} else {
			x += p.digit(x, c)
		}
	}
	r.use(p.n)
}

// readingWidth is how wide text is, in units of the digit height.
func readingWidth(text string) float32 {
	var units float32
	for i, c := range text {
		if i > 0 {
			units += charGap
		}
		if c == ':' || c == '.' {
			units += colonW
		} else {
			units += digitW
		}
	}
	return units
}

// segmentPlacer places the rectangles of one reading, in a widget of size
// size whose digits are h high with their top at y0.
type segmentPlacer struct {
	r        *digitsRenderer
	size     fyne.Size
	h, y0, t float32 // t: a segment's thickness
	col      color.Color
	n        int // rectangles placed so far
}

// place puts the next rectangle at x, y (from the top left of the digits
// as read), w by hh; turned digits mirror it.
func (p *segmentPlacer) place(x, y, w, hh float32) {
	if p.r.d.Rotated {
		x, y = p.size.Width-x-w, p.size.Height-y-hh
	}
	rect := p.r.rect(p.n)
	rect.FillColor = p.col
	// Square corners: rounded ones cost a per-pixel shader on every
	// repaint, which software OpenGL feels (see bench/cpubench).
	rect.Move(fyne.NewPos(x, y))
	rect.Resize(fyne.NewSize(w, hh))
	p.n++
}

// dots places a colon's two dots, or a full stop's one, at x, and returns
// the width they take.
func (p *segmentPlacer) dots(x float32, c rune) float32 {
	h, t, y0 := p.h, p.t, p.y0
	w := colonW * h
	if c == ':' {
		p.place(x+(w-t)/2, y0+h*0.28, t, t)
	}
	p.place(x+(w-t)/2, y0+h*0.68, t, t)
	return w
}

// digit places the lit segments of digit c at x, and returns the width it
// takes.
func (p *segmentPlacer) digit(x float32, c rune) float32 {
	h, t, y0 := p.h, p.t, p.y0
	w := digitW * h
	half := h / 2
	g := t * 0.2 // a hairline between segments, as on a real display
	for _, s := range segmentsOf[c] {
		switch s {
		case 'a':
			p.place(x+t+g, y0, w-2*t-2*g, t)
		case 'b':
			p.place(x+w-t, y0+t/2+g, t, half-t/2-2*g)
		case 'c':
			p.place(x+w-t, y0+half+g, t, half-t/2-2*g)
		case 'd':
			p.place(x+t+g, y0+h-t, w-2*t-2*g, t)
		case 'e':
			p.place(x, y0+half+g, t, half-t/2-2*g)
		case 'f':
			p.place(x, y0+t/2+g, t, half-t/2-2*g)
		case 'g':
			p.place(x+t+g, y0+half-t/2, w-2*t-2*g, t)
		}
	}
	return w
}

// rect returns the i-th rectangle, creating it when needed.
func (r *digitsRenderer) rect(i int) *canvas.Rectangle {
	for len(r.rects) <= i {
		r.rects = append(r.rects, canvas.NewRectangle(color.Transparent))
	}
	return r.rects[i]
}

// use shows the first n rectangles and drops the rest from the scene.
func (r *digitsRenderer) use(n int) {
	r.objs = r.objs[:0]
	for i := 0; i < n; i++ {
		r.objs = append(r.objs, r.rects[i])
	}
}
