package windowprobe

import (
	"fmt"
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodePPM(t *testing.T) {
	data := append([]byte("P6\n2 1\n255\n"), 255, 0, 0, 0, 0, 255)
	img, err := decodePPM(data)
	require.NoError(t, err)
	assert.Equal(t, color.RGBA{255, 0, 0, 255}, img.RGBAAt(0, 0))
	assert.Equal(t, color.RGBA{0, 0, 255, 255}, img.RGBAAt(1, 0))

	_, err = decodePPM([]byte("P6\n2 2\n255\n\x00\x00"))
	assert.EqualError(t, err, "PPM image is cut short")
	_, err = decodePPM([]byte("GIF89a"))
	assert.Error(t, err)
}

func TestDrawn(t *testing.T) {
	blank := image.NewRGBA(image.Rect(0, 0, 64, 64))
	assert.False(t, Drawn(blank), "an empty screen")

	filled := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range filled.Pix {
		filled.Pix[i] = 40
	}
	assert.False(t, Drawn(filled), "a window of one colour")

	text := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for x := range 32 {
		text.Set(x, 5, color.RGBA{uint8(x * 8), uint8(x * 8), uint8(x * 8), 255})
	}
	assert.True(t, Drawn(text), fmt.Sprintf("%d shades, as anti-aliased text has", 32))
}

func TestParseStatCPU(t *testing.T) {
	line := "4242 (board side) S 1 4242 4242 0 -1 4194560 1500 0 0 0 250 37 0 0 20 0 12 0 123456 0 0"
	d, err := parseStatCPU(line)
	require.NoError(t, err)
	assert.Equal(t, 2870*time.Millisecond, d, "(250 + 37) ticks of 10 ms")

	_, err = parseStatCPU("4242 (x) S 1")
	assert.Error(t, err)
}
