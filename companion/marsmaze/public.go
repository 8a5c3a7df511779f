package marsmaze

import (
	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

// PublicState is what every device at the table is shown. Everything in a
// game of Magic Maze on Mars is public; the projection still lists its
// fields one by one, so nothing new leaks by being added to State.
type PublicState struct {
	Mission     int              `json:"mission"`
	Sand        timers.View      `json:"sand"`
	MarkersLeft int              `json:"markersLeft"`
	JokersLeft  int              `json:"jokersLeft"`
	Flips       int              `json:"flips"`
	Talk        string           `json:"talk,omitempty"`
	PassTiles   bool             `json:"passTiles,omitempty"`
	Landed      bool             `json:"landed"`
	Expert      bool             `json:"expert"`
	Solo        bool             `json:"solo"`
	Watch       timers.WatchView `json:"watch"`
	// SoloEveryMs is how often solo mode's "Do something!" pawn may move:
	// a phone draws the same ring to the next window as the host.
	SoloEveryMs     int64 `json:"soloEveryMs,omitempty"`
	Won             bool  `json:"won"`
	SandLeftAtWinMs int64 `json:"sandLeftAtWinMs,omitempty"`
	// Record is the play recorded at the game's end, names and links.
	Record *plays.Public `json:"record,omitempty"`
}

// Public projects a state for other devices.
func Public(s companion.State) any {
	st := s.(*State)
	p := PublicState{
		Mission: st.Mission, Sand: st.Sand.View(), MarkersLeft: st.MarkersLeft, JokersLeft: st.JokersLeft,
		Flips: st.Flips, Talk: st.Talk, PassTiles: st.PassTiles, Landed: st.Landed, Expert: st.Expert,
		Solo: st.Solo, Watch: st.Watch.View(), Won: !st.WonAt.IsZero(), SandLeftAtWinMs: st.SandLeftAtWin.Milliseconds(),
	}
	if st.Solo {
		p.SoloEveryMs = Default().SoloMark().Milliseconds()
	}
	seats := maxPlayers
	if st.Solo {
		seats = 1
	}
	p.Record = plays.PublicOf(st, plays.Public{Seats: seats})
	return p
}

// PublicActions are the actions any device at the table may send, the
// names of the play recorded at the end among them.
var PublicActions = []string{"start", "flip", "act", "useJoker", "land", "pause", "resume", "win", "recordPlay"}
