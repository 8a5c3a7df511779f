package e2e

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
	xdraw "golang.org/x/image/draw"
)

// TestBrowserHost_Picture draws the three steps of a table of phones for
// the docs, from a real table: the host's screen with its code, a phone
// showing its answer, the phone at the table. TABLE_PICTURE=FILE go test
// -run TestBrowserHost_Picture ./e2e (docs/table-of-phones.png).
func TestBrowserHost_Picture(t *testing.T) {
	out := os.Getenv("TABLE_PICTURE")
	if out == "" {
		t.Skip("set TABLE_PICTURE to a file to draw the table of phones")
	}
	tb, ctx := browserTable(t)
	host := hostPhone(t, ctx, tb)
	host.tap("label", is("Magic Maze on Mars"), "the Magic Maze tile")
	host.tap("button", is("Share"), "Share")
	_, err := tb.OfferLink(ctx, "") // the code is drawn
	require.NoError(t, err)
	hostShot := shotOf(t)(tb.Host.Screenshot(ctx))
	guests, _ := seat(t, ctx, tb, "", "chromium")
	g := guests[0]
	guestTap(t, ctx, g, "Turn the sand timer over to start")
	tableShot := shotOf(t)(g.Page.Screenshot(ctx))
	answerShot := tb.LastAnswer()
	require.NotNil(t, answerShot, "the guest's answer was photographed")

	// Side by side, each scaled to 600 px high, on white.
	const h, gap = 600, 24
	var parts []image.Image
	for _, img := range []image.Image{hostShot, answerShot, tableShot} {
		b := img.Bounds()
		w := b.Dx() * h / b.Dy()
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
		parts = append(parts, dst)
	}
	width := gap
	for _, p := range parts {
		width += p.Bounds().Dx() + gap
	}
	pic := image.NewRGBA(image.Rect(0, 0, width, h+2*gap))
	draw.Draw(pic, pic.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	x := gap
	for _, p := range parts {
		draw.Draw(pic, p.Bounds().Add(image.Pt(x, gap)), p, image.Point{}, draw.Src)
		x += p.Bounds().Dx() + gap
	}
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, pic))
	require.NoError(t, os.WriteFile(out, buf.Bytes(), 0o644))
}

// shotOf decodes a screenshot: shotOf(t)(page.Screenshot(ctx)).
func shotOf(t *testing.T) func(b []byte, err error) image.Image {
	return func(b []byte, err error) image.Image {
		t.Helper()
		require.NoError(t, err)
		img, err := png.Decode(bytes.NewReader(b))
		require.NoError(t, err)
		return img
	}
}
