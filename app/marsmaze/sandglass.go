package marsmaze

import (
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// sandglass draws a sand timer: two glass bulbs, the sand left in the top
// one, the sand that has run into the bottom one, and a thin stream while
// it runs. It is redrawn only when the shown amount changes.
type sandglass struct {
	widget.BaseWidget
	fraction float64 // sand in the top bulb, 0..1
	running  bool
	rotated  bool
	raster   *canvas.Raster
	img      *image.RGBA // the last drawing, reused
}

var sandColour = color.RGBA{R: 0xe9, G: 0xb8, B: 0x4a, A: 0xff}

func newSandglass() *sandglass {
	s := &sandglass{fraction: 1}
	s.raster = canvas.NewRaster(s.draw)
	s.ExtendBaseWidget(s)
	return s
}

// Set shows the sand at fraction (rounded to what the eye can tell apart).
func (s *sandglass) Set(fraction float64, running bool) {
	fraction = math.Round(max(0, min(1, fraction))*200) / 200
	if fraction == s.fraction && running == s.running {
		return
	}
	s.fraction, s.running = fraction, running
	s.raster.Refresh()
}

// along is where pixel p of n lies on a glass g pixels long centred in
// them, 0 at its start and 1 at its end (outside: below 0 or above 1),
// counted from the other side when the glass is turned.
func (s *sandglass) along(p, n int, g float64) float64 {
	if s.rotated {
		p = n - 1 - p
	}
	return (float64(p) - (float64(n)-g)/2) / g
}

// SetRotated turns the glass upside down (true) or back.
func (s *sandglass) SetRotated(r bool) {
	if r != s.rotated {
		s.rotated = r
		s.raster.Refresh()
	}
}

// maxGlassPixels is the most pixels a drawing of the glass has: about 1.3
// pixels a unit on a phone, sharper than a desktop screen's 1.
const maxGlassPixels = 250_000

// drawStep is how many pixels of a w×h glass one pixel of its drawing
// covers along each side: 1 up to maxGlassPixels.
func drawStep(w, h int) int {
	return max(1, int(math.Ceil(math.Sqrt(float64(w)*float64(h)/maxGlassPixels))))
}

func (s *sandglass) CreateRenderer() fyne.WidgetRenderer {
	return &sandglassRenderer{s: s}
}

// sandglassRenderer lays the drawing over the glass alone (2:3, centred),
// not over the space beside it: on a phone the widget is the screen's
// width and the glass less than half of it, and every pixel of the drawing
// is handed to the GPU and blended again each second the sand runs.
type sandglassRenderer struct{ s *sandglass }

// glassTall is the glass's height over its width (2:3).
const glassTall = 1.5

func (r *sandglassRenderer) Layout(size fyne.Size) {
	h := min(size.Height, size.Width*glassTall)
	w := h / glassTall
	r.s.raster.Resize(fyne.NewSize(w, h))
	r.s.raster.Move(fyne.NewPos((size.Width-w)/2, (size.Height-h)/2))
}

func (r *sandglassRenderer) MinSize() fyne.Size           { return r.s.MinSize() }
func (r *sandglassRenderer) Refresh()                     { r.s.raster.Refresh() }
func (r *sandglassRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.s.raster} }
func (r *sandglassRenderer) Destroy()                     {}

func (s *sandglass) MinSize() fyne.Size { return fyne.NewSize(60, 90) }

// draw paints the glass at w×h pixels, a row at a time: the shape of a
// row depends only on its height, so the square roots and the theme are
// worked out once a row and once a drawing, not once a pixel; the
// drawing is redrawn about once a second while the sand runs. The image
// is an RGBA, which Fyne's painter hands to the GPU as it is (any other
// kind it converts, pixel by pixel, into a new one); its colours are
// opaque or nothing, so premultiplying changes none. It is reused while
// the size stays: Fyne has copied it to the GPU before it asks again.
//
// A large glass is drawn at a fraction of its pixels (see drawStep) and
// Fyne's painter stretches it, smoothly, to the glass's size: on a phone
// at 2.6 pixels a unit the glass is 475×712 pixels, 1.35 MB to hand to the
// GPU each second drawn in full, 0.34 MB at half its pixels each way.
func (s *sandglass) draw(w, h int) image.Image {
	step := drawStep(w, h)
	w, h = max(1, w/step), max(1, h/step)
	if s.img == nil || s.img.Rect.Dx() != w || s.img.Rect.Dy() != h {
		s.img = image.NewRGBA(image.Rect(0, 0, w, h))
	} else {
		clear(s.img.Pix)
	}
	glass := color.RGBAModel.Convert(theme.Color(theme.ColorNameForeground)).(color.RGBA)
	// Keep the glass's proportions and centre it: the renderer has made
	// the drawing that shape already, give or take a pixel of rounding.
	gh := min(float64(h), float64(w)*glassTall)
	gw := gh / glassTall
	level := math.Sqrt(s.fraction)
	for py := range h {
		fy := s.along(py, h, gh) // 0..1 down the glass
		if fy < 0 || fy > 1 {
			continue
		}
		row := s.img.Pix[py*s.img.Stride : py*s.img.Stride+4*w]
		const frame = 0.05
		ends := fy < frame || fy > 1-frame // the wooden ends
		// Bulb half-width at this height: widest at the ends, narrow at the neck.
		d := math.Abs(fy-0.5) / (0.5 - frame) // 0 at the neck, 1 at the ends
		const neck = 0.035
		half := neck + (0.44-neck)*math.Sqrt(min(1, d*1.15))
		// Sand: the top bulb empties from its surface down towards the
		// neck, the bottom bulb fills from its base up.
		sand := (fy < 0.5 && d < level) || (fy >= 0.5 && d > level && s.fraction < 1)
		stream := fy >= 0.5 && !sand && s.running && s.fraction > 0
		for px := range w {
			fx := s.along(px, w, gw) // 0..1 across the glass
			if fx < 0 || fx > 1 {
				continue
			}
			off := math.Abs(fx - 0.5)
			var c color.RGBA
			switch {
			case ends:
				c = glass
			case off > half+0.02:
				continue
			case off > half:
				c = glass // the glass wall
			case sand || (stream && off < 0.012): // or the falling stream
				c = sandColour
			default:
				continue
			}
			copy(row[4*px:4*px+4], []uint8{c.R, c.G, c.B, c.A})
		}
	}
	return s.img
}
