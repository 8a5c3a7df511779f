package aquasphere

import (
	"strings"

	"boardside/companion"
)

// AddPlayer seats a player (before the first scoring).
type AddPlayer struct {
	Name   string `json:"name"`
	Colour string `json:"colour,omitempty"`
}

func (a *AddPlayer) apply(s *State) error {
	if len(s.Rounds) > 0 {
		return ErrStarted
	}
	if len(s.Players) >= 4 {
		return ErrFull
	}
	name := strings.TrimSpace(a.Name)
	if name == "" {
		return ErrNoName
	}
	s.Players = append(s.Players, Player{Name: name, Colour: a.Colour})
	s.Entering = append(s.Entering, Interim{})
	return nil
}

// RemovePlayer takes a player off the sheet (before the first scoring).
type RemovePlayer struct {
	Player int `json:"player"`
}

func (a *RemovePlayer) apply(s *State) error {
	if len(s.Rounds) > 0 {
		return ErrStarted
	}
	if err := s.player(a.Player); err != nil {
		return err
	}
	s.Players = append(s.Players[:a.Player], s.Players[a.Player+1:]...)
	s.Entering = append(s.Entering[:a.Player], s.Entering[a.Player+1:]...)
	return nil
}

// SetStart sets a player's knowledge points before round 1.
type SetStart struct {
	Player int `json:"player"`
	Value  int `json:"value"`
}

func (a *SetStart) apply(s *State) error {
	if len(s.Rounds) > 0 {
		return ErrStarted
	}
	if err := s.player(a.Player); err != nil {
		return err
	}
	if a.Value < 0 {
		return ErrNegative
	}
	s.Players[a.Player].Start = a.Value
	return nil
}

// SetEntry sets one line of a player's entries: of the interim scoring in
// progress, or of the final scoring once the 4 rounds are scored.
type SetEntry struct {
	Player int    `json:"player"`
	Field  string `json:"field"`
	Value  int    `json:"value"`
}

func (a *SetEntry) apply(s *State) error {
	if err := s.player(a.Player); err != nil {
		return err
	}
	if len(s.Rounds) == 4 {
		return s.setFinal(a)
	}
	if a.Value < 0 {
		return ErrNegative
	}
	f := s.Entering[a.Player].Line(a.Field)
	if f == nil {
		return ErrField
	}
	*f = a.Value
	return nil
}

// SetOctopods sets, for each sector with the player's bot on its control
// field, the octopods left there.
type SetOctopods struct {
	Player  int   `json:"player"`
	Sectors []int `json:"sectors"`
}

func (a *SetOctopods) apply(s *State) error {
	if err := s.player(a.Player); err != nil {
		return err
	}
	e := Interim{Octopods: a.Sectors}
	if err := checkInterim(a.Player, e); err != nil {
		return err
	}
	s.Entering[a.Player].Octopods = append([]int(nil), a.Sectors...)
	return nil
}

// ScoreRound scores the interim scoring in progress.
type ScoreRound struct{}

func (*ScoreRound) apply(s *State) error {
	if len(s.Players) < 2 {
		return ErrTooFew
	}
	if len(s.Rounds) == 4 {
		return ErrAllRounds
	}
	if _, err := s.Data().ScoreInterim(s.Positions(), s.Entering); err != nil {
		return err
	}
	s.Rounds = append(s.Rounds, s.Entering)
	s.Entering = make([]Interim, len(s.Players))
	if len(s.Rounds) == 4 {
		s.Ending = make([]Final, len(s.Players))
	}
	return nil
}

// ScoreFinal scores the final scoring and ends the game.
type ScoreFinal struct{}

func (*ScoreFinal) apply(s *State) error {
	if len(s.Rounds) < 4 {
		return ErrRoundsFirst
	}
	s.Final = s.Ending
	s.Over = true
	return nil
}

func (*AddPlayer) Kind() string    { return "addPlayer" }
func (*RemovePlayer) Kind() string { return "removePlayer" }
func (*SetStart) Kind() string     { return "setStart" }
func (*SetEntry) Kind() string     { return "setEntry" }
func (*SetOctopods) Kind() string  { return "setOctopods" }
func (*ScoreRound) Kind() string   { return "scoreRound" }
func (*ScoreFinal) Kind() string   { return "scoreFinal" }
func (*RecordPlay) Kind() string   { return "recordPlay" }

// Rules describe the game, on the shipped track, to a session. The data
// file is read for the first game made, not when the program starts, so
// that a browser draws its first screen sooner.
var Rules = rulesFor(Default)

// NewRules describes the game to a session scored on d.
func NewRules(d *Data) *companion.Rules { return rulesFor(func() *Data { return d }) }

// rulesFor describes the game with the data that data returns.
func rulesFor(data func() *Data) *companion.Rules {
	return &companion.Rules{Game: Game, NewState: func() companion.State { return &State{data: data()} }, Actions: actions}
}

var actions = map[string]func() companion.Action{
	"addPlayer":    func() companion.Action { return &AddPlayer{} },
	"removePlayer": func() companion.Action { return &RemovePlayer{} },
	"setStart":     func() companion.Action { return &SetStart{} },
	"setEntry":     func() companion.Action { return &SetEntry{} },
	"setOctopods":  func() companion.Action { return &SetOctopods{} },
	"scoreRound":   func() companion.Action { return &ScoreRound{} },
	"scoreFinal":   func() companion.Action { return &ScoreFinal{} },
	"recordPlay":   func() companion.Action { return &RecordPlay{} },
}
