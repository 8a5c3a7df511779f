package e2e

import (
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/table"
	"boardside/internal/webscreen"
	"boardside/timers"
)

// Magic Maze on Mars's taps and walk steps: the web app's walk through
// its screens (webWalk), its main path in every engine (enginePhone), and
// the tables the quick viewer's tests open.

// marsMaze plays mission 3 to the win (the joker's talk banner, landing),
// then loses a game of mission 1 to the sand, in solo mode.
func (w *webWalk) marsMaze() {
	w.tap("label", "Magic Maze on Mars")
	w.check("marsmaze")
	w.pickRadio("3")
	w.check("marsmaze-mission-3")
	w.longerSand()
	w.tap("button", "Turn the sand timer over to start")
	w.wait("button", "Flip")
	w.check("marsmaze-running")
	// The joker's talk banner, the longest: a flip this early would end
	// the game (the sand that ran is what runs again).
	w.tap("button", "Joker: talk")
	w.wait("button", "Action: someone moved")
	w.check("marsmaze-talk")
	w.tap("button", "Action: someone moved")
	w.tick("Colonists landed")
	w.check("marsmaze-landed")
	w.tap("button", "All colonists on domes")
	w.waitAny("button", "Yes", "Ja")
	w.check("marsmaze-confirm")
	w.tapAny("button", "Yes", "Ja")
	w.waitText("label", w.starts("Mission complete with {{.Time}} of sand left"))
	w.check("marsmaze-won") // the record panel under it: the play is recorded at the win

	w.newGame()
	w.tap("label", "Solo mode") // its box ticks with a tap on its words
	w.check("marsmaze-solo-setup")
	w.tap("button", "Turn the sand timer over to start")
	w.wait("button", "Flip")
	w.check("marsmaze-solo")
	w.tap("button", "Flip") // at once: the sand that ran, a second, is all there is
	w.waitText("label", w.starts("The sand has run out at {{.Clock}}: the game is lost"))
	w.check("marsmaze-lost")
	w.tap("button", "Home")
}

// longerSand makes the sand timer two minutes longer (the second of the
// two "10 s" buttons adds), so that the four states checked while it runs
// are checked before it runs out on a slow machine: 180 s went by before
// the win was confirmed when the machine was busy.
func (w *webWalk) longerSand() {
	w.t.Helper()
	ten := webscreen.Is(w.tr("10 s"))
	w.reveal("button", ten, "10 s")
	for range 12 {
		time.Sleep(armWait)
		var plus []webscreen.Shown
		for _, it := range w.read().Items {
			if it.Kind == "button" && ten(it.Text) && it.InView {
				plus = append(plus, it)
			}
		}
		require.Len(w.t, plus, 2, "the sand timer's two buttons")
		require.NoError(w.t, w.tab.Tap(w.t.Context(), plus[1].X+plus[1].W/2, plus[1].Y+plus[1].H/2))
	}
}

// marsMaze starts the sand and flips it: a marker fewer.
func (ph *enginePhone) marsMaze() (markers string) {
	ph.t.Helper()
	ph.tap("label", is("Magic Maze on Mars"), "the Magic Maze tile")
	ph.tap("button", is("Turn the sand timer over to start"), "start")
	before := ph.shown("label", prefix("Hourglass markers left: "), "the markers").Text
	ph.tap("button", is("Flip"), "Flip")
	var n int
	_, err := fmt.Sscanf(before, "Hourglass markers left: %d", &n)
	require.NoError(ph.t, err, before)
	markers = fmt.Sprintf("Hourglass markers left: %d", n-1)
	ph.has("label", is(markers), "a marker fewer after the flip")
	ph.fits("Magic Maze after a flip")
	return markers
}

// marsHost serves the saved marsmaze game in dir on l, as serve does.
func marsHost(t *testing.T, l net.Listener, dir string) (url string, stop func()) {
	t.Helper()
	g := shared[mm.Game]
	var out strings.Builder
	srv, best, err := table.Host(l, dir, mm.Game, false, g.game, g.newState, &out)
	require.NoError(t, err)
	go func() { _ = srv.Serve(l) }()
	token := best[strings.Index(best, "?t=")+3:]
	return "http://" + l.Addr().String() + "/?t=" + token, func() { _ = srv.Close() }
}

func marsSession(t *testing.T, mission int, prepare ...companion.Action) *companion.Session {
	t.Helper()
	s := companion.New(mm.Rules, mm.New(), timers.System{})
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: mission}))
	for _, a := range prepare {
		require.NoError(t, s.Dispatch(a))
	}
	return s
}
