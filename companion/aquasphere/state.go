package aquasphere

import (
	"errors"
	"fmt"
	"time"

	"boardside/companion"
	"boardside/companion/plays"
)

// Game is the identifier used in save files.
const Game = "aquasphere"

// State is a score sheet being kept at the table: the players, the scored
// rounds, and the entries of the scoring in progress. Everything computed
// comes from Data.Score, so an undone entry changes every line after it.
type State struct {
	Sheet
	// Entering holds the next interim scoring's entries, one per player.
	Entering []Interim `json:"entering"`
	// Ending holds the final scoring's entries once all rounds are scored.
	Ending []Final `json:"ending,omitempty"`
	Over   bool    `json:"over"`
	// StartedAt is when the sheet was begun (its first action), EndedAt
	// when the final scoring ended the game.
	StartedAt time.Time `json:"startedAt,omitzero"`
	EndedAt   time.Time `json:"endedAt,omitzero"`
	// The play RecordPlay recorded at the game's end ("record").
	plays.Recording

	// data is the track the sheet scores on; set by the rules a session
	// decodes with (see NewRules), not saved.
	data *Data
}

// Data is the track and scoring values in use.
func (s *State) Data() *Data {
	if s.data == nil {
		return Default()
	}
	return s.data
}

// New returns an empty sheet on the shipped track.
func New() *State { return &State{} }

// NewWith returns an empty sheet scored on d (an owner's own track).
func NewWith(d *Data) *State { return &State{data: d} }

// Errors players may see, in plain words.
var (
	ErrStarted     = errors.New("players can only be changed before the first scoring")
	ErrFull        = errors.New("AquaSphere is for 2 to 4 players")
	ErrTooFew      = errors.New("add at least 2 players first")
	ErrNoPlayer    = errors.New("there is no such player")
	ErrNoName      = errors.New("every player needs a name")
	ErrAllRounds   = errors.New("all 4 rounds are scored: the final scoring is next")
	ErrRoundsFirst = errors.New("score the 4 rounds first")
	ErrOver        = errors.New("the game is over")
	ErrField       = errors.New("there is no such line on the sheet")
	ErrNegative    = errors.New("that cannot be below zero")
)

// Report scores the sheet as it stands.
func (s *State) Report() (*Report, error) {
	sh := s.Sheet
	if !s.Over {
		sh.Final = nil
	}
	return s.Data().Score(&sh)
}

// Positions are the players' knowledge points after the scored rounds.
func (s *State) Positions() []int {
	pos := make([]int, len(s.Players))
	for i, p := range s.Players {
		pos[i] = p.Start
	}
	if rep, err := s.Report(); err == nil && len(rep.Rounds) > 0 {
		for i, r := range rep.Rounds[len(rep.Rounds)-1] {
			pos[i] = r.To
		}
	}
	return pos
}

func (s *State) player(i int) error {
	if i < 0 || i >= len(s.Players) {
		return ErrNoPlayer
	}
	return nil
}

// rule is an action that applies itself: it checks what it needs of the
// sheet and refuses in a player's words, or changes the sheet.
type rule interface {
	apply(s *State) error
}

// Apply validates and applies one action. Once the game is over only its
// record is: RecordPlay. Apply keeps when the sheet was begun and when the
// final scoring ended the game.
func (s *State) Apply(a companion.Action, env companion.Env) error {
	r, ok := a.(rule)
	if !ok {
		return fmt.Errorf("%q is not an action of AquaSphere", a.Kind())
	}
	_, recording := a.(*RecordPlay)
	if s.Over && !recording {
		return ErrOver
	}
	if s.Over && s.EndedAt.IsZero() {
		s.EndedAt = env.Now // over before Boardside kept when games end: now is the nearest it knows
	}
	if err := r.apply(s); err != nil {
		return err
	}
	if s.StartedAt.IsZero() && !recording {
		s.StartedAt = env.Now
	}
	if s.Over && s.EndedAt.IsZero() {
		s.EndedAt = env.Now
	}
	return nil
}

// setFinal sets a line of the final scoring.
func (s *State) setFinal(a *SetEntry) error {
	if a.Value < 0 {
		return ErrNegative
	}
	return s.Ending[a.Player].Set(a.Field, a.Value)
}

// Line is the line of an interim entry a field name stands for (as in the
// sheet's JSON), or nil.
func (e *Interim) Line(name string) *int {
	return map[string]*int{"submarines": &e.Submarines, "controlBots": &e.ControlBots, "freeNumber": &e.FreeNumber,
		"crystals": &e.Crystals, "programmedBots": &e.ProgrammedBots}[name]
}

// Value is a line of a final entry by field name; yes/no lines are 0 or 1.
func (f Final) Value(name string) (int, bool) {
	switch name {
	case "allSubmarines":
		return boolInt(f.AllSubmarines), true
	case "fiveExtensions":
		return boolInt(f.FiveExtensions), true
	}
	if p := f.counts()[name]; p != nil {
		return *p, true
	}
	return 0, false
}

// Set sets a line of a final entry by field name; yes/no lines take > 0.
func (f *Final) Set(name string, v int) error {
	switch name {
	case "allSubmarines":
		f.AllSubmarines = v > 0
	case "fiveExtensions":
		f.FiveExtensions = v > 0
	default:
		p := f.counts()[name]
		if p == nil {
			return ErrField
		}
		*p = v
	}
	return nil
}

func (f *Final) counts() map[string]*int {
	return map[string]*int{"letters": &f.Letters, "timeMarkers": &f.TimeMarkers, "controlFields": &f.ControlFields, "crystals": &f.Crystals}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
