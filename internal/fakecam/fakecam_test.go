package fakecam

import (
	"bytes"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	qrcode "github.com/skip2/go-qrcode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteY4M_HeaderAndPlanes: a header line Chromium reads, then each
// frame as FRAME and its three planes, the colour ones a quarter of the
// picture each, averaged over 2×2 pixels.
func TestWriteY4M_HeaderAndPlanes(t *testing.T) {
	// 4×2: black, white, and two colours side by side, two rows alike.
	img := image.NewRGBA(image.Rect(0, 0, 4, 2))
	for y := range 2 {
		img.Set(0, y, color.Black)
		img.Set(1, y, color.White)
		img.Set(2, y, color.RGBA{R: 255, A: 255})
		img.Set(3, y, color.RGBA{B: 255, A: 255})
	}
	p := filepath.Join(t.TempDir(), "cam.y4m")
	require.NoError(t, WriteY4M(p, img, 3))
	b, err := os.ReadFile(p)
	require.NoError(t, err)

	header, rest, ok := bytes.Cut(b, []byte("\n"))
	require.True(t, ok)
	assert.Equal(t, "YUV4MPEG2 W4 H2 F10:1 Ip A1:1 C420jpeg", string(header))
	assert.Equal(t, 4*2+2*2*1, FrameSize(4, 2), "Y 4×2, Cb and Cr 2×1 each")
	require.Len(t, rest, 3*(len("FRAME\n")+FrameSize(4, 2)))

	frame := rest[:len("FRAME\n")+FrameSize(4, 2)]
	assert.Equal(t, bytes.Repeat(frame, 3), rest, "the same frame three times")
	planes, ok := bytes.CutPrefix(frame, []byte("FRAME\n"))
	require.True(t, ok)
	y, cb, cr := planes[:8], planes[8:10], planes[10:12]
	redY, redCb, redCr := color.RGBToYCbCr(255, 0, 0)
	blueY, blueCb, blueCr := color.RGBToYCbCr(0, 0, 255)
	assert.Equal(t, []byte{0, 255, redY, blueY, 0, 255, redY, blueY}, y, "full-range luma, row by row")
	assert.Equal(t, []byte{128, byte((int(redCb) + int(blueCb) + 1) / 2)}, cb, "black and white have no colour; red and blue average")
	assert.Equal(t, []byte{128, byte((int(redCr) + int(blueCr) + 1) / 2)}, cr)
}

func TestWriteY4M_AVGAFrameSize(t *testing.T) {
	p := filepath.Join(t.TempDir(), "qr.y4m")
	require.NoError(t, WriteY4M(p, QRFrame("hello"), 10))
	fi, err := os.Stat(p)
	require.NoError(t, err)
	assert.Equal(t, int64(len(Header(Width, Height))+10*(6+Width*Height*3/2)), fi.Size())
}

func TestWriteY4M_RefusesWhatItCannotWrite(t *testing.T) {
	dir := t.TempDir()
	assert.ErrorContains(t, WriteY4M(filepath.Join(dir, "odd.y4m"), image.NewGray(image.Rect(0, 0, 5, 4)), 1), "even")
	assert.ErrorContains(t, WriteY4M(filepath.Join(dir, "none.y4m"), image.NewGray(image.Rect(0, 0, 4, 4)), 0), "one at least")
	assert.Error(t, WriteY4M(filepath.Join(dir, "no", "such", "dir.y4m"), image.NewGray(image.Rect(0, 0, 4, 4)), 1))
}

// TestQRFrame_TheCodeInTheMiddle: the code's modules, quiet zone
// included, in whole pixels, about QRSize wide, in the middle of a grey
// VGA picture.
func TestQRFrame_TheCodeInTheMiddle(t *testing.T) {
	text := strings.Repeat("AbC-_9", 25) // 150 characters, as a WebRTC answer
	img := QRFrame(text)
	require.Equal(t, image.Rect(0, 0, Width, Height), img.Bounds())
	gray := func(x, y int) uint8 { return color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y }
	assert.Equal(t, Background.Y, gray(0, 0), "the background")

	// The code's box: what is not background.
	box := image.Rectangle{Min: image.Pt(Width, Height)}
	for y := range Height {
		for x := range Width {
			if gray(x, y) != Background.Y {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	q, err := qrcode.New(text, qrcode.Medium)
	require.NoError(t, err)
	bits := q.Bitmap()
	n := len(bits)
	assert.Equal(t, 8*4+17+2*4, n, "version 8 with its quiet zone")
	require.Equal(t, box.Dx(), box.Dy(), "square")
	require.Zero(t, box.Dx()%n, "whole pixels per module")
	px := box.Dx() / n
	assert.InDelta(t, QRSize, box.Dx(), float64(n)/2, "about QRSize wide")
	assert.InDelta(t, Width/2, (box.Min.X+box.Max.X)/2, 1, "centred")
	assert.InDelta(t, Height/2, (box.Min.Y+box.Max.Y)/2, 1, "centred")
	for my, row := range bits {
		for mx, dark := range row {
			want := uint8(255)
			if dark {
				want = 0
			}
			// Every module's middle pixel is its colour.
			if got := gray(box.Min.X+mx*px+px/2, box.Min.Y+my*px+px/2); got != want {
				t.Fatalf("module (%d, %d) is %d, not %d", mx, my, got, want)
			}
		}
	}
}

func TestQRFrame_PanicsForTooMuchText(t *testing.T) {
	assert.Panics(t, func() { QRFrame(strings.Repeat("x", 3000)) })
}
