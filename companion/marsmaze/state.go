package marsmaze

import (
	"errors"
	"fmt"
	"time"

	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

// Game is the identifier used in save files.
const Game = "marsmaze"

// Talk window reasons.
const (
	TalkAfterFlip  = "flip"
	TalkAfterJoker = "joker"
)

// State is one game of Magic Maze on Mars. Everything on it is public.
type State struct {
	Mission     int              `json:"mission"`
	Sand        timers.SandTimer `json:"sand"`
	MarkersLeft int              `json:"markersLeft"`
	JokersLeft  int              `json:"jokersLeft"`
	Flips       int              `json:"flips"`
	// Talk is why players may talk right now ("" when they may not); it
	// stays open until somebody acts.
	Talk string `json:"talk,omitempty"`
	// PassTiles is set by a flip under the expert rule, until somebody acts.
	PassTiles bool             `json:"passTiles,omitempty"`
	Landed    bool             `json:"landed"`
	Expert    bool             `json:"expert"`
	Solo      bool             `json:"solo"`
	Watch     timers.Stopwatch `json:"watch"`
	// StartedAt is when the sand timer was first turned over.
	StartedAt time.Time `json:"startedAt,omitzero"`
	// WonAt is when the players reported every colonist on a dome.
	WonAt time.Time `json:"wonAt,omitzero"`
	// SandLeftAtWin is the sand that was left then.
	SandLeftAtWin time.Duration `json:"sandLeftAtWin,omitempty"`
	// The play RecordPlay recorded at the game's end ("record").
	plays.Recording
}

// New returns a game of mission 1 with the shipped data.
func New() *State {
	s := &State{}
	_ = s.chooseMission(1, Default())
	s.Sand = timers.NewSandTimer(Default().Sand())
	return s
}

func (s *State) chooseMission(n int, d *Data) error {
	m, ok := d.Mission(n)
	if !ok {
		return fmt.Errorf("there is no mission %d; choose 1 to %d", n, len(d.Missions))
	}
	s.Mission, s.MarkersLeft, s.JokersLeft = m.Number, m.HourglassMarkers, m.Jokers
	return nil
}

// MissionData is the chosen mission's data.
func (s *State) MissionData() Mission {
	m, _ := Default().Mission(s.Mission)
	return m
}

// Started reports whether the sand timer has been turned over yet.
func (s *State) Started() bool { return s.Sand.Started }

// Over reports whether the game has ended at now, and whether it was won.
func (s *State) Over(now time.Time) (over, won bool) {
	if !s.WonAt.IsZero() {
		return true, true
	}
	return s.Sand.Phase(now) == timers.Expired, false
}

// CanFlip says whether the Flip button works at now, and if not, why.
func (s *State) CanFlip(now time.Time) error {
	if err := s.playing(now); err != nil {
		return err
	}
	switch {
	case s.Landed:
		return ErrLanded
	case s.MarkersLeft <= 0:
		return ErrNoMarkers
	}
	return nil
}

// Errors players may see, in plain words.
var (
	ErrGameOver       = errors.New("the game is over")
	ErrNotStarted     = errors.New("turn the sand timer over to start the game first")
	ErrStarted        = errors.New("this can only be changed before the game starts")
	ErrLanded         = errors.New("the colonists have landed: the sand timer may not be flipped any more")
	ErrNoMarkers      = errors.New("no hourglass marker is left in this mission")
	ErrNoJokers       = errors.New("no joker is left")
	ErrNotTalking     = errors.New("nobody is talking right now")
	ErrTalkFreely     = errors.New("in mission 1 everybody may talk all game long")
	ErrAlreadyStarted = errors.New("the game has already started")
)

// rule is an action that applies itself: it checks what it needs of the
// state and refuses in a player's words, or changes the state.
type rule interface {
	apply(s *State, env companion.Env) error
}

// Apply validates and applies one action.
func (s *State) Apply(a companion.Action, env companion.Env) error {
	r, ok := a.(rule)
	if !ok {
		return fmt.Errorf("%q is not an action of Magic Maze on Mars", a.Kind())
	}
	return r.apply(s, env)
}

// playing refuses actions of the game itself before the sand timer is
// turned over and once the game is over.
func (s *State) playing(now time.Time) error {
	if over, _ := s.Over(now); over {
		return ErrGameOver
	}
	if !s.Started() {
		return ErrNotStarted
	}
	return nil
}
