package kit

import (
	"io"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

// testWindow is a kit.Window without the shell: the kit's frame is tested
// on its own. Do queues what other goroutines hand the UI, for the test's
// goroutine to run (queue.until), as Fyne's goroutine would.
type testWindow struct {
	win    fyne.Window
	clock  timers.Clock
	queue  chan func()
	flight InFlight

	mu     sync.Mutex
	errors []string
}

func newTestWindow(t testing.TB, clock timers.Clock) *testWindow {
	t.Helper()
	a := test.NewTempApp(t)
	w := &testWindow{win: a.NewWindow("kit"), clock: clock, queue: make(chan func(), 64)}
	w.win.Resize(fyne.NewSize(412, 915))
	return w
}

// until runs what the UI was handed until cond holds; a screen that never
// gets there within a generous minute fails the test.
func (w *testWindow) until(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.After(time.Minute)
	for !cond() {
		select {
		case f := <-w.queue:
			f()
		case <-deadline:
			t.Fatal("the screen never got there")
		}
	}
}

func (w *testWindow) told() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.errors...)
}

func (w *testWindow) Win() fyne.Window    { return w.win }
func (w *testWindow) Clock() timers.Clock { return w.clock }
func (w *testWindow) Do(f func())         { w.queue <- f }
func (w *testWindow) ShowError(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.errors = append(w.errors, err.Error())
}
func (w *testWindow) Show(screen fyne.CanvasObject)        { w.win.SetContent(screen) }
func (w *testWindow) OpenGame(*Game)                       {}
func (w *testWindow) SetLeave(func())                      {}
func (w *testWindow) SetOnAway(func())                     {}
func (w *testWindow) LeaveTable()                          {}
func (w *testWindow) KeepAwake(bool)                       {}
func (w *testWindow) PlaySound(string)                     {}
func (w *testWindow) NotifyIfAway(string, string)          {}
func (w *testWindow) Announced(time.Time) bool             { return false }
func (w *testWindow) SetAnnounced(time.Time)               {}
func (w *testWindow) Store(string) companion.Store         { return nil }
func (w *testWindow) OpenFile(func(string, []byte, error)) {}
func (w *testWindow) InFlight() *InFlight                  { return &w.flight }
func (w *testWindow) Menu() Menu                           { return nil }
func (w *testWindow) Plays() Plays                         { return noPlays{} }

func (w *testWindow) SaveFile(string, func(io.Writer) error, func(error)) {}

// noPlays is a device that keeps no played games.
type noPlays struct{}

func (noPlays) Has(string) bool           { return false }
func (noPlays) Keep(plays.Play) bool      { return false }
func (noPlays) Names(string) []string     { return nil }
func (noPlays) SetNames(string, []string) {}
func (noPlays) LogInBGStats(plays.Play)   {}
func (noPlays) OpenBGStats(string)        {}
