package missioncontrol

import (
	"errors"
	"fmt"
	"time"

	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

// Game is the identifier used in save files.
const Game = "missioncontrol"

// State is one game of Mission Control: Critical Orbit.
type State struct {
	Difficulty string           `json:"difficulty"`
	Timer      timers.Countdown `json:"timer"`
	// Played measures playing time: it runs and pauses with the timer.
	Played timers.Stopwatch `json:"played"`
	// StartedAt is when the astronaut started the timer.
	StartedAt time.Time `json:"startedAt,omitzero"`
	// AccomplishedAt is when the astronaut reported the oxygen reached.
	AccomplishedAt time.Time `json:"accomplishedAt,omitzero"`
	// AIRevealed counts the AI cards revealed in this game.
	AIRevealed int `json:"aiRevealed"`
	// The play RecordPlay recorded at the game's end ("record").
	plays.Recording
	table
}

// New returns a game on normal difficulty with the shipped data.
func New() *State { return NewWith(Default()) }

// NewWith returns a game that uses d (an owner's own copy of the data):
// its length, decks, bag and setups.
func NewWith(d *Data) *State {
	return &State{Difficulty: "normal", Timer: timers.NewCountdown(d.Length()), table: newTable(d)}
}

// Data is the game data this game was set up with.
func (s *State) Data() *Data { return s.table.Data() }

// Oxygen is the oxygen the astronaut needs at this difficulty.
func (s *State) Oxygen() int {
	d, _ := s.Data().Difficulty(s.Difficulty)
	return d.Oxygen
}

// Outcome is how a game ended.
type Outcome string

// Outcomes.
const (
	Playing      Outcome = ""
	Accomplished Outcome = "accomplished"
	TimeUp       Outcome = "timeUp"
)

// Outcome tells whether the game has ended at now.
func (s *State) Outcome(now time.Time) Outcome {
	switch {
	case !s.AccomplishedAt.IsZero():
		return Accomplished
	case s.Timer.Phase(now) == timers.Expired:
		return TimeUp
	}
	return Playing
}

// Duration is the playing time so far, or of the whole game once it ended.
func (s *State) Duration(now time.Time) time.Duration {
	if at, ok := s.Timer.ExpiredAt(now); ok && s.AccomplishedAt.IsZero() {
		now = at
	}
	return s.Played.Elapsed(now)
}

// Errors players may see, in plain words.
var (
	ErrStarted    = errors.New("this can only be changed before the astronaut starts the timer")
	ErrGameOver   = errors.New("the game is over")
	ErrNotStarted = errors.New("the mission has not started yet")
)

// playing refuses table actions before the astronaut starts the timer.
func (s *State) playing() error {
	if !s.Timer.Started {
		return ErrGameNotRunning
	}
	return nil
}

// bagAction refuses bag actions when they cannot happen now.
func (s *State) bagAction() error {
	if err := s.playing(); err != nil {
		return err
	}
	return s.bagReady()
}

// rolled records this turn's dice (rolled here or at the table).
func (s *State) rolled(values []int) error {
	if err := s.setDice(values); err != nil {
		return err
	}
	if len(s.AIRoles) > 0 {
		s.AIRevealed++
	}
	return nil
}

// rule is an action that applies itself: it checks what it needs of the
// game and refuses in a player's words, or changes the game.
type rule interface {
	apply(s *State, env companion.Env) error
}

// Apply validates and applies one action. Once the game is over only its
// record is: RecordPlay.
func (s *State) Apply(a companion.Action, env companion.Env) error {
	r, ok := a.(rule)
	if !ok {
		return fmt.Errorf("%q is not an action of Mission Control", a.Kind())
	}
	if _, recording := a.(*RecordPlay); !recording && s.Outcome(env.Now) != Playing {
		return ErrGameOver
	}
	return r.apply(s, env)
}
