package marsmaze

import (
	"image"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
)

// BenchmarkSandglassDraw is one redraw of the sand timer as a phone
// shows it (about once a second while the sand runs).
//
//	LANG=en_US.UTF-8 go test -tags ci -run '^$' -bench SandglassDraw ./app/marsmaze/
func BenchmarkSandglassDraw(b *testing.B) {
	test.NewTempApp(b)
	s := newSandglass()
	s.Set(0.6, true)
	for b.Loop() {
		s.draw(585, 1472) // the phone's glass at 2.6 pixels a unit
	}
}

// TestSandglass_ALargeGlassIsDrawnAtFewerPixels: a phone's glass (585×1472
// pixels) is drawn at half its pixels each way, a desktop's as it is.
func TestSandglass_ALargeGlassIsDrawnAtFewerPixels(t *testing.T) {
	test.NewTempApp(t)
	s := newSandglass()
	assert.Equal(t, image.Rect(0, 0, 292, 736), s.draw(585, 1472).Bounds())
	assert.Equal(t, image.Rect(0, 0, 300, 450), s.draw(300, 450).Bounds())
	assert.Equal(t, image.Rect(0, 0, 1, 1), s.draw(1, 1).Bounds())
}
