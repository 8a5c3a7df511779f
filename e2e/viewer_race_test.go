package e2e

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/internal/webdriver"
	"boardside/timers"
)

// Two phones, one tap (issue 25): two quick viewers on one Magic Maze
// host, fingers on the same button a moment apart. The table applies the
// tap once; the slower phone says "Someone was faster: look again" and
// shows the host's state.

// shiftedClock is the real clock, moved by shift: a sand timer started
// "minutes ago" has sand on both sides, so flips never empty it.
type shiftedClock struct {
	timers.System
	shift atomic.Int64
}

func (c *shiftedClock) Now() time.Time { return time.Now().Add(time.Duration(c.shift.Load())) }

func TestViewer_TwoPhonesOneTapApplyOnce(t *testing.T) {
	newTab := browser(t, nil)
	clock := &shiftedClock{}
	s := companion.New(mm.Rules, mm.New(), clock)
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 5})) // 4 hourglass markers
	require.NoError(t, s.Dispatch(&mm.SetSand{Seconds: 600}))
	clock.shift.Store(int64(-5 * time.Minute))
	require.NoError(t, s.Dispatch(&mm.Start{})) // 5 minutes of sand in each half
	clock.shift.Store(0)
	th := serveTable(t, s, mm.Game)
	phones := []*webdriver.Chrome{open(t, newTab, th.url), open(t, newTab, th.url)}
	flips := func() int { return s.View().State.(*mm.State).Flips }

	// race taps button on both phones, the second gap after the first, and
	// returns which phone said someone was faster.
	race := func(button string, gap time.Duration, first int) int {
		t.Helper()
		showsHost(t, phones, s)
		at := make([][2]float64, 2)
		before := make([]int, 2)
		for i, p := range phones {
			ready(p, t, button)
			at[i][0], at[i][1] = centreIn(p, t, "body", button)
			ready(p, t, button) // nothing moved it meanwhile
			before[i] = eval[int](p, t, `window.boardside.taps.faster`)
		}
		start := time.Now().Add(50 * time.Millisecond)
		var wg sync.WaitGroup
		for n, i := range []int{first, 1 - first} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// A real gap between two fingers on two real pages.
				time.Sleep(time.Until(start.Add(time.Duration(n) * gap)))
				assert.NoError(t, phones[i].Tap(t.Context(), at[i][0], at[i][1]))
			}()
		}
		wg.Wait()
		// Both taps answered, or stopped on the phone: one of the two says so.
		loser := -1
		deadline := time.Now().Add(patient(10 * time.Second))
		for loser < 0 && time.Now().Before(deadline) {
			for i, p := range phones {
				if eval[int](p, t, `window.boardside.taps.faster`) > before[i] {
					loser = i
				}
			}
			time.Sleep(10 * time.Millisecond) // the pages answer on their own time
		}
		require.GreaterOrEqual(t, loser, 0, "%s %v apart: neither phone was told someone was faster", button, gap)
		waitText(phones[loser], t, "#toast", "Someone was faster: look again")
		time.Sleep(300 * time.Millisecond) // any second action would have landed by now
		for i, p := range phones {
			told := eval[int](p, t, `window.boardside.taps.faster`) - before[i]
			if i == loser {
				assert.Equal(t, 1, told, "%s %v apart: the slower phone is told once", button, gap)
			} else {
				assert.Zero(t, told, "%s %v apart: the faster phone's tap was applied", button, gap)
			}
		}
		showsHost(t, phones, s)
		return loser
	}

	for trial, gap := range []time.Duration{0, 50 * time.Millisecond, 150 * time.Millisecond, 300 * time.Millisecond, 0} {
		n := flips()
		race("Flip", gap, trial%2)
		assert.Equal(t, n+1, flips(), "Flip %v apart: applied once", gap)
		require.NoError(t, s.Undo()) // as before, for the next race
	}

	for trial, gap := range []time.Duration{0, 150 * time.Millisecond} {
		require.NoError(t, s.Dispatch(&mm.Flip{}))
		require.NoError(t, s.Dispatch(&mm.Flip{})) // two flips: Undo could take back both
		n := flips()
		race("Undo: Flip", gap, trial%2)
		assert.Equal(t, n-1, flips(), "Undo %v apart: one flip taken back", gap)
		require.NoError(t, s.Undo())
	}
}

// showsHost waits until every phone shows the host's version, and its
// hourglass markers.
func showsHost(t *testing.T, phones []*webdriver.Chrome, s *companion.Session) {
	t.Helper()
	v := s.View()
	for _, p := range phones {
		waitJS(p, t, fmt.Sprintf(`document.documentElement.dataset.version === "%d"`, v.Version),
			"waiting for the host's version %d; the phone shows %s", v.Version, func() string {
				return eval[string](p, t, `document.documentElement.dataset.version || "none"`)
			})
		waitText(p, t, "#info", fmt.Sprintf("Hourglass markers left: %d", v.State.(*mm.State).MarkersLeft))
	}
}
