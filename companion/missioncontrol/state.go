package missioncontrol

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"boardside/companion"
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
	// AccomplishedAt is when the astronaut reported the oxygen reached.
	AccomplishedAt time.Time `json:"accomplishedAt,omitzero"`
	// AIRevealed counts the AI cards revealed in this game.
	AIRevealed int `json:"aiRevealed"`
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

// Apply validates and applies one action.
func (s *State) Apply(a companion.Action, env companion.Env) error {
	now := env.Now
	if s.Outcome(now) != Playing {
		return ErrGameOver
	}
	switch a := a.(type) {
	case *SetDifficulty:
		if s.Timer.Started {
			return ErrStarted
		}
		if _, ok := s.Data().Difficulty(a.Difficulty); !ok {
			return fmt.Errorf("%q is not a difficulty; choose easy, normal or hard", a.Difficulty)
		}
		s.Difficulty = a.Difficulty
	case *SetLength:
		if s.Timer.Started {
			return ErrStarted
		}
		return s.Timer.SetTotal(time.Duration(a.Seconds) * time.Second)
	case *Start:
		if err := s.Timer.Start(now); err != nil {
			return err
		}
		s.Played.Start(now)
	case *Pause:
		if err := s.Timer.Pause(now); err != nil {
			return err
		}
		s.Played.Pause(now)
	case *Resume:
		if err := s.Timer.Resume(now); err != nil {
			return err
		}
		s.Played.Start(now)
	case *Adjust:
		return s.Timer.Adjust(now, time.Duration(a.Seconds)*time.Second)
	case *SetAIRoles:
		if s.Timer.Started {
			return ErrStarted
		}
		for _, r := range a.Roles {
			if !slices.Contains(ControlRoles, r) {
				return ErrUnknownRole
			}
		}
		roles := slices.Clone(a.Roles)
		slices.SortFunc(roles, func(x, y string) int { return slices.Index(ControlRoles, x) - slices.Index(ControlRoles, y) })
		s.AIRoles = slices.Compact(roles)
	case *ChooseSetup:
		if s.Timer.Started {
			return ErrStarted
		}
		if _, ok := s.Data().Setup(a.Number); !ok {
			return ErrNoSetup
		}
		s.Setup, s.SetupRolled = a.Number, false
	case *RollSetup:
		if s.Timer.Started {
			return ErrStarted
		}
		s.Setup, s.SetupRolled = s.Rng.Die(len(s.Data().Setups.Entries)), true
	case *SetPhysicalBag:
		if s.StarValve != "" {
			return ErrStarValve
		}
		s.PhysicalBag = a.On
	case *RollDice:
		if err := s.playing(); err != nil {
			return err
		}
		if len(s.Dice) > 0 {
			return ErrDiceRolled
		}
		return s.rolled([]int{s.Rng.Die(6), s.Rng.Die(6), s.Rng.Die(6)})
	case *SetDice:
		if err := s.playing(); err != nil {
			return err
		}
		return s.rolled(a.Values)
	case *Lock:
		if err := s.playing(); err != nil {
			return err
		}
		return s.lock(a.Role)
	case *NextTurn:
		if err := s.playing(); err != nil {
			return err
		}
		return s.nextTurn()
	case *RevealUnlock:
		if err := s.playing(); err != nil {
			return err
		}
		if len(s.Peeking) > 0 {
			return ErrPeeking
		}
		if _, err := s.Unlock.Reveal(); err != nil {
			return ErrNoUnlockCards
		}
	case *PeekUnlock:
		if err := s.playing(); err != nil {
			return err
		}
		return s.peek()
	case *ArrangeUnlock:
		return s.arrange(a.Top)
	case *DrawValve:
		if err := s.bagAction(); err != nil {
			return err
		}
		k, err := s.Bag.DrawBlind()
		if err != nil {
			return err
		}
		s.Taken = append(s.Taken, k)
	case *TakeValve:
		if err := s.bagAction(); err != nil {
			return err
		}
		if err := s.Bag.Take(a.Colour); err != nil {
			return err
		}
		s.Taken = append(s.Taken, a.Colour)
	case *StarDraw:
		if err := s.bagAction(); err != nil {
			return err
		}
		k, err := s.Bag.DrawBlind()
		if err != nil {
			return err
		}
		s.StarValve = k
	case *StarDecide:
		if s.StarValve == "" {
			return ErrNoStarValve
		}
		if a.Remove {
			s.Bag.RemoveFromGame(s.StarValve)
		} else {
			s.Bag.PutBack(s.StarValve)
		}
		s.StarValve = ""
	case *Accomplish:
		if !s.Timer.Started {
			return ErrNotStarted
		}
		if s.Timer.Running {
			_ = s.Timer.Pause(now)
		}
		s.Played.Pause(now)
		s.AccomplishedAt = now
	default:
		return fmt.Errorf("%q is not an action of Mission Control", a.Kind())
	}
	return nil
}
