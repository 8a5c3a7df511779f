// Package fakecam makes the pictures a browser test shows a page's camera:
// Chromium started with --use-fake-device-for-media-stream and
// --use-file-for-fake-video-capture=FILE plays FILE, a YUV4MPEG2 video
// (.y4m), in a loop as the camera, so a page's getUserMedia sees what the
// test drew. QRFrame draws a QR code as a phone held up to the camera
// shows it; WriteY4M writes a still picture as such a video.
package fakecam

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"

	qrcode "github.com/skip2/go-qrcode"
)

// Width and Height are QRFrame's size: VGA, what a fake camera gives by
// default.
const Width, Height = 640, 480

// QRSize is about how wide QRFrame draws the code, quiet zone included: a
// phone held up to the camera fills about this much of a VGA frame.
const QRSize = 300

// Background is the grey around the code: not white, so the code's own
// white quiet zone is what a reader finds its edge by, as on a phone.
var Background = color.Gray{Y: 0xd8}

// QRFrame draws text's QR code (error correction level M, a quiet zone
// of 4 modules) in the middle of a Width×Height light-grey picture, about
// QRSize pixels wide, in whole pixels per module. A text too long for any
// QR code is the test's mistake: QRFrame panics.
func QRFrame(text string) image.Image {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		panic(fmt.Sprintf("fakecam: no QR code for %d bytes: %v", len(text), err))
	}
	bits := q.Bitmap() // includes the quiet zone
	n := len(bits)
	px := max(1, (QRSize+n/2)/n)
	img := image.NewGray(image.Rect(0, 0, Width, Height))
	draw.Draw(img, img.Bounds(), image.NewUniform(Background), image.Point{}, draw.Src)
	x0, y0 := (Width-n*px)/2, (Height-n*px)/2
	for y, row := range bits {
		for x, dark := range row {
			c := color.Gray{Y: 0xff}
			if dark {
				c = color.Gray{}
			}
			draw.Draw(img, image.Rect(x0+x*px, y0+y*px, x0+(x+1)*px, y0+(y+1)*px), image.NewUniform(c), image.Point{}, draw.Src)
		}
	}
	return img
}

// Header is the YUV4MPEG2 stream header WriteY4M writes for a w×h picture:
// 10 frames a second, progressive, square pixels, 4:2:0 planes with JPEG's
// full-range colours (C420jpeg), which Chromium's file camera reads.
func Header(w, h int) string {
	return fmt.Sprintf("YUV4MPEG2 W%d H%d F10:1 Ip A1:1 C420jpeg\n", w, h)
}

// FrameSize is the bytes of one w×h frame's planes: Y at full size, Cb and
// Cr at half the width and half the height each.
func FrameSize(w, h int) int { return w*h + 2*(w/2)*(h/2) }

// WriteY4M writes img as a YUV4MPEG2 video of frames identical frames to
// path (Chromium loops it: a few frames are as good as many). img's width
// and height must be even, as 4:2:0 halves both for the colour planes.
func WriteY4M(path string, img image.Image, frames int) error {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 || w%2 != 0 || h%2 != 0 {
		return fmt.Errorf("fakecam: a %d×%d picture: a 4:2:0 video needs an even width and height", w, h)
	}
	if frames < 1 {
		return fmt.Errorf("fakecam: %d frames: a video needs one at least", frames)
	}
	planes := yuv420(img)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	out := bufio.NewWriterSize(f, 1<<16)
	_, err = out.WriteString(Header(w, h))
	for range frames {
		if err != nil {
			break
		}
		if _, err = out.WriteString("FRAME\n"); err == nil {
			_, err = out.Write(planes)
		}
	}
	if err == nil {
		err = out.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// yuv420 is img's Y, Cb and Cr planes, one after another; each colour
// sample is the average of the 2×2 pixels it covers.
func yuv420(img image.Image) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	ys := make([]byte, w*h)
	cbs := make([]int, (w/2)*(h/2))
	crs := make([]int, (w/2)*(h/2))
	for y := range h {
		for x := range w {
			r, g, bl, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			yy, cb, cr := color.RGBToYCbCr(uint8(r>>8), uint8(g>>8), uint8(bl>>8))
			ys[y*w+x] = yy
			i := (y/2)*(w/2) + x/2
			cbs[i] += int(cb)
			crs[i] += int(cr)
		}
	}
	out := make([]byte, 0, FrameSize(w, h))
	out = append(out, ys...)
	for _, plane := range [][]int{cbs, crs} {
		for _, sum := range plane {
			out = append(out, byte((sum+2)/4))
		}
	}
	return out
}
