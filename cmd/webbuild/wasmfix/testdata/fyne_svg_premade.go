// Added to Fyne's internal/svg by the browser build (cmd/webbuild/wasmfix,
// the "icons" patch), beside the icons drawn when the web app was built
// (boardside_premade_icons.go, written by wasmfix.premadeIcons).
//
// A browser compiles each wasm function the first time it runs, on the
// page's thread. Fyne draws a themed icon by writing its SVG again in the
// icon's colour (encoding/xml's Unmarshal and Marshal), parsing that
// (oksvg) and rasterising it (rasterx): about 0.35 MB of code to compile
// for the two icons of a phone's first screen, the most of any one thing
// Boardside's first frame runs beyond a bare Fyne app's
// (bench/webappprof -lazy). The icons of the first screens are drawn at
// build time by that same code, as coverage masks; here they are only
// coloured and scaled. Colorize still returns the bytes Fyne's own would,
// and an icon asked for larger than its mask is parsed and drawn as
// before.

package svg

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"sync"

	"github.com/fyne-io/oksvg"

	col "fyne.io/fyne/v2/internal/color"
)

// premadeIcon is an icon drawn at build time.
type premadeIcon struct {
	template string // Colorize's output, the colour replaced by premadeHex and premadeAlpha
	vbW, vbH float64
	maskW    int
	maskH    int
	mask     string // coverage, maskW×maskH bytes, rows top down
}

// premadeRef is an icon coloured: what a Decoder of its SVG draws.
type premadeRef struct {
	icon *premadeIcon
	clr  color.NRGBA
	src  []byte // the coloured SVG, parsed should a size need it
}

// premadeOut maps Colorize's output for a premade icon back to it, so
// that colouring it again (a themed resource, then its widget's colour)
// and decoding it find the icon.
var premadeOut struct {
	sync.Mutex
	m map[string]*premadeRef
}

// premadeColorize is Colorize for a premade icon, or an icon Colorize
// made from one: the template with the colour in it.
func premadeColorize(src []byte, clr color.Color) ([]byte, bool) {
	icon := premade[string(src)]
	if icon == nil {
		premadeOut.Lock()
		if ref := premadeOut.m[string(src)]; ref != nil {
			icon = ref.icon
		}
		premadeOut.Unlock()
	}
	if icon == nil {
		return nil, false
	}
	hexColor, opacity := colorToHexAndOpacity(clr)
	out := []byte(strings.NewReplacer(premadeHex, hexColor, premadeAlpha, opacity).Replace(icon.template))
	r, g, b, a := col.ToNRGBA(clr)
	premadeOut.Lock()
	defer premadeOut.Unlock()
	if len(premadeOut.m) >= 512 { // a bound, as for colorized
		premadeOut.m = nil
	}
	if premadeOut.m == nil {
		premadeOut.m = map[string]*premadeRef{}
	}
	if ref := premadeOut.m[string(out)]; ref != nil {
		return ref.src, true
	}
	premadeOut.m[string(out)] = &premadeRef{icon: icon, clr: color.NRGBA{uint8(r), uint8(g), uint8(b), uint8(a)}, src: out}
	return out, true
}

// premadeDecoder is a Decoder of src if Colorize made it from a premade
// icon, else nil.
func premadeDecoder(src []byte) *Decoder {
	premadeOut.Lock()
	defer premadeOut.Unlock()
	if ref := premadeOut.m[string(src)]; ref != nil {
		return &Decoder{premade: ref}
	}
	return nil
}

func (ref *premadeRef) config() Config {
	return Config{int(ref.icon.vbW), int(ref.icon.vbH), float32(ref.icon.vbW / ref.icon.vbH)}
}

// draw is Draw's image from the mask, or nil where the mask is smaller
// than the image: each pixel covers an area of the mask, whose coverage
// is averaged over it, as a rasteriser's antialiasing does.
func (ref *premadeRef) draw(imgW, imgH int) *image.NRGBA {
	icon := ref.icon
	if imgW <= 0 || imgH <= 0 || imgW > icon.maskW || imgH > icon.maskH {
		return nil
	}
	sx := float64(icon.maskW) / float64(imgW)
	sy := float64(icon.maskH) / float64(imgH)
	// Columns first: for each mask row, the coverage summed over each
	// output column's span of the mask.
	cols := make([]float64, icon.maskH*imgW)
	for y := range icon.maskH {
		row := icon.mask[y*icon.maskW : (y+1)*icon.maskW]
		for x := range imgW {
			cols[y*imgW+x] = span(func(i int) float64 { return float64(row[i]) }, float64(x)*sx, float64(x+1)*sx)
		}
	}
	out := image.NewNRGBA(image.Rect(0, 0, imgW, imgH))
	area := sx * sy * 255
	for x := range imgW {
		for y := range imgH {
			c := span(func(i int) float64 { return cols[i*imgW+x] }, float64(y)*sy, float64(y+1)*sy) / area
			if c <= 0 {
				continue
			}
			o := out.PixOffset(x, y)
			out.Pix[o], out.Pix[o+1], out.Pix[o+2] = ref.clr.R, ref.clr.G, ref.clr.B
			out.Pix[o+3] = uint8(min(c, 1)*float64(ref.clr.A) + 0.5)
		}
	}
	return out
}

// span sums at(i) over [from, to), weighting the cells at its ends by how
// much of them it covers.
func span(at func(int) float64, from, to float64) float64 {
	var sum float64
	for i := int(from); float64(i) < to; i++ {
		w := min(float64(i+1), to) - max(float64(i), from)
		sum += w * at(i)
	}
	return sum
}

// parse reads the coloured SVG as Fyne does, for a size the mask cannot
// give.
func (d *Decoder) parse() error {
	icon, err := oksvg.ReadReplacingCurrentColor(bytes.NewReader(d.premade.src), "#000000")
	if err != nil {
		return err
	}
	d.icon, d.premade = icon, nil
	return nil
}
