// Added to Fyne's internal/svg by `make wasm-test` through the overlay
// (cmd/webbuild/wasmfix): an icon drawn at build time is coloured to the
// bytes Fyne's own Colorize writes, and drawn as Fyne's parser and
// rasteriser draw its SVG, at every size a phone asks for.

package svg

import (
	"bytes"
	"image/color"
	"testing"

	"github.com/fyne-io/oksvg"
)

func TestBoardside_PremadeIconsAsFyneDrawsThem(t *testing.T) {
	if len(premade) == 0 {
		t.Fatal("no icon was drawn at build time")
	}
	var allWorst int
	var allMean float64
	colours := []color.NRGBA{{R: 0xff, A: 0xff}, {R: 0x21, G: 0x96, B: 0xf3, A: 0xff}, {A: 0x66}, {R: 0xff, G: 0xff, B: 0xff, A: 0x42}}
	for src := range premade {
		for _, clr := range colours {
			got, err := Colorize([]byte(src), clr)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := colorize([]byte(src), clr)
			if !bytes.Equal(got, want) {
				t.Fatalf("coloured %v: %s, Fyne's own %s", clr, got, want)
			}
			// Coloured again by its widget, as canvas.Image does.
			again, _ := Colorize(got, colours[1])
			if want, _ := colorize(want, colours[1]); !bytes.Equal(again, want) {
				t.Fatalf("coloured again: %s, Fyne's own %s", again, want)
			}

			d, err := NewDecoder(bytes.NewReader(got))
			if err != nil {
				t.Fatal(err)
			}
			if d.premade == nil {
				t.Fatal("a premade icon's SVG was parsed")
			}
			icon, err := oksvg.ReadReplacingCurrentColor(bytes.NewReader(want), "#000000")
			if err != nil {
				t.Fatal(err)
			}
			fyne := &Decoder{icon: icon}
			if d.Config() != fyne.Config() {
				t.Fatalf("config %+v, Fyne's %+v", d.Config(), fyne.Config())
			}
			for _, px := range []int{20, 40, 52, 60, 70, 96} {
				img, err := d.Draw(px, px)
				if err != nil {
					t.Fatal(err)
				}
				ref, _ := fyne.Draw(px, px)
				if img.Bounds() != ref.Bounds() {
					t.Fatalf("%d px: bounds %v, Fyne's %v", px, img.Bounds(), ref.Bounds())
				}
				// Coverage may differ at an edge by a rasteriser's rounding;
				// the shape and colour may not.
				var sum, worst int
				for i := 3; i < len(img.Pix); i += 4 {
					a, b := int(img.Pix[i]), int(ref.Pix[i])
					d := max(a-b, b-a)
					sum += d
					worst = max(worst, d)
					// Where partly covered, Fyne's un-premultiplying rounds its colour.
					if b == 0xff && clr.A == 0xff && (img.Pix[i-3] != ref.Pix[i-3] || img.Pix[i-2] != ref.Pix[i-2] || img.Pix[i-1] != ref.Pix[i-1]) {
						t.Fatalf("%d px: colour %v, Fyne's %v", px, img.Pix[i-3:i+1], ref.Pix[i-3:i+1])
					}
				}
				mean := float64(sum) / float64(len(img.Pix)/4)
				allWorst, allMean = max(allWorst, worst), max(allMean, mean)
				if worst > 64 || mean > 2 {
					t.Errorf("%d px, %v: coverage differs from Fyne's by %d at worst, %.2f on average", px, clr, worst, mean)
				}
			}
			// Larger than its mask: drawn from the SVG, as Fyne does.
			big, err := d.Draw(200, 200)
			if err != nil {
				t.Fatal(err)
			}
			ref, _ := fyne.Draw(200, 200)
			if !bytes.Equal(big.Pix, ref.Pix) {
				t.Fatal("an icon larger than its mask is not Fyne's own drawing")
			}
		}
	}
	t.Logf("%d icons: coverage differs from Fyne's by %d of 255 at worst, %.2f on average at most", len(premade), allWorst, allMean)
}
