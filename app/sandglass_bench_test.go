package app

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

// BenchmarkSandglassDraw is one redraw of the sand timer as a phone
// shows it (about once a second while the sand runs).
//
//	LANG=en_US.UTF-8 go test -tags ci -run '^$' -bench SandglassDraw ./app/
func BenchmarkSandglassDraw(b *testing.B) {
	test.NewTempApp(b)
	s := newSandglass()
	s.Set(0.6, true)
	for b.Loop() {
		s.draw(585, 1472) // the phone's glass at 2.6 pixels a unit
	}
}
