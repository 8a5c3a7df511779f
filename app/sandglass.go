package app

import (
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
}

var (
	sandColour = color.NRGBA{R: 0xe9, G: 0xb8, B: 0x4a, A: 0xff}
	// clear must be an NRGBA too: Fyne picks the raster's image type from
	// the colour type of its first pixel, and an Alpha image loses colour.
	clear = color.NRGBA{}
)

func newSandglass() *sandglass {
	s := &sandglass{fraction: 1}
	s.raster = canvas.NewRasterWithPixels(s.pixel)
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

// SetRotated turns the glass upside down (true) or back.
func (s *sandglass) SetRotated(r bool) {
	if r != s.rotated {
		s.rotated = r
		s.raster.Refresh()
	}
}

func (s *sandglass) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(s.raster)
}

func (s *sandglass) MinSize() fyne.Size { return fyne.NewSize(60, 90) }

// pixel colours one pixel of a w×h drawing.
func (s *sandglass) pixel(x, y, w, h int) color.Color {
	if s.rotated {
		x, y = w-1-x, h-1-y
	}
	// Keep the glass's proportions (2:3) and centre it.
	gh := min(float64(h), float64(w)*1.5)
	gw := gh / 1.5
	fx := (float64(x) - (float64(w)-gw)/2) / gw // 0..1 across the glass
	fy := (float64(y) - (float64(h)-gh)/2) / gh // 0..1 down the glass
	if fx < 0 || fx > 1 || fy < 0 || fy > 1 {
		return clear
	}
	glass := color.NRGBAModel.Convert(theme.Color(theme.ColorNameForeground))
	const frame = 0.05
	if fy < frame || fy > 1-frame {
		return glass // the wooden ends
	}
	// Bulb half-width at this height: widest at the ends, narrow at the neck.
	d := math.Abs(fy-0.5) / (0.5 - frame) // 0 at the neck, 1 at the ends
	const neck = 0.035
	half := neck + (0.44-neck)*math.Sqrt(min(1, d*1.15))
	off := math.Abs(fx - 0.5)
	if off > half+0.02 {
		return clear
	}
	if off > half {
		return glass // the glass wall
	}
	// Sand: the top bulb empties from its surface down towards the neck,
	// the bottom bulb fills from its base up.
	if fy < 0.5 {
		if d < math.Sqrt(s.fraction) {
			return sandColour
		}
	} else {
		if d > math.Sqrt(s.fraction) && s.fraction < 1 {
			return sandColour
		}
		if s.running && s.fraction > 0 && off < 0.012 {
			return sandColour // the falling stream
		}
	}
	return clear
}
