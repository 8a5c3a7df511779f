package missioncontrol

import (
	"fmt"
	"slices"
	"time"

	"boardside/companion"
)

// SetDifficulty picks easy, normal or hard before the start.
type SetDifficulty struct {
	Difficulty string `json:"difficulty"`
}

func (a *SetDifficulty) apply(s *State, _ companion.Env) error {
	if s.Timer.Started {
		return ErrStarted
	}
	if _, ok := s.Data().Difficulty(a.Difficulty); !ok {
		return fmt.Errorf("%q is not a difficulty; choose easy, normal or hard", a.Difficulty)
	}
	s.Difficulty = a.Difficulty
	return nil
}

// SetLength changes the countdown before the start.
type SetLength struct {
	Seconds int `json:"seconds"`
}

func (a *SetLength) apply(s *State, _ companion.Env) error {
	if s.Timer.Started {
		return ErrStarted
	}
	return s.Timer.SetTotal(time.Duration(a.Seconds) * time.Second)
}

// Start starts the countdown: the astronaut's "go".
type Start struct{}

func (*Start) apply(s *State, env companion.Env) error {
	if err := s.Timer.Start(env.Now); err != nil {
		return err
	}
	s.Played.Start(env.Now)
	s.StartedAt = env.Now
	return nil
}

// Pause holds the countdown.
type Pause struct{}

func (*Pause) apply(s *State, env companion.Env) error {
	if err := s.Timer.Pause(env.Now); err != nil {
		return err
	}
	s.Played.Pause(env.Now)
	return nil
}

// Resume continues the countdown.
type Resume struct{}

func (*Resume) apply(s *State, env companion.Env) error {
	if err := s.Timer.Resume(env.Now); err != nil {
		return err
	}
	s.Played.Start(env.Now)
	return nil
}

// Adjust adds (positive) or takes away (negative) seconds.
type Adjust struct {
	Seconds int `json:"seconds"`
}

func (a *Adjust) apply(s *State, env companion.Env) error {
	return s.Timer.Adjust(env.Now, time.Duration(a.Seconds)*time.Second)
}

// Accomplish records that the astronaut reached the oxygen needed.
type Accomplish struct{}

func (*Accomplish) apply(s *State, env companion.Env) error {
	now := env.Now
	if !s.Timer.Started {
		return ErrNotStarted
	}
	if s.Timer.Running {
		_ = s.Timer.Pause(now)
	}
	s.Played.Pause(now)
	s.AccomplishedAt = now
	return nil
}

// SetAIRoles says which Mission Control roles the AI deck plays.
type SetAIRoles struct {
	Roles []string `json:"roles"`
}

func (a *SetAIRoles) apply(s *State, _ companion.Env) error {
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
	return nil
}

// ChooseSetup picks a starting setup (1–6) from the table.
type ChooseSetup struct {
	Number int `json:"number"`
}

func (a *ChooseSetup) apply(s *State, _ companion.Env) error {
	if s.Timer.Started {
		return ErrStarted
	}
	if _, ok := s.Data().Setup(a.Number); !ok {
		return ErrNoSetup
	}
	s.Setup, s.SetupRolled = a.Number, false
	return nil
}

// RollSetup rolls a die for the starting setup.
type RollSetup struct{}

func (*RollSetup) apply(s *State, _ companion.Env) error {
	if s.Timer.Started {
		return ErrStarted
	}
	s.Setup, s.SetupRolled = s.Rng.Die(len(s.Data().Setups.Entries)), true
	return nil
}

// SetPhysicalBag keeps the half-valves in the real bag (true) or in the app.
type SetPhysicalBag struct {
	On bool `json:"on"`
}

func (a *SetPhysicalBag) apply(s *State, _ companion.Env) error {
	if s.StarValve != "" {
		return ErrStarValve
	}
	s.PhysicalBag = a.On
	return nil
}

// RollDice rolls the astronaut's three dice in the app; the next AI card
// is revealed when the AI plays a role.
type RollDice struct{}

func (*RollDice) apply(s *State, _ companion.Env) error {
	if err := s.playing(); err != nil {
		return err
	}
	if len(s.Dice) > 0 {
		return ErrDiceRolled
	}
	return s.rolled([]int{s.Rng.Die(6), s.Rng.Die(6), s.Rng.Die(6)})
}

// SetDice records the three real dice the astronaut called.
type SetDice struct {
	Values []int `json:"values"`
}

func (a *SetDice) apply(s *State, _ companion.Env) error {
	if err := s.playing(); err != nil {
		return err
	}
	return s.rolled(a.Values)
}

// Lock is "<City> Locked!" for a human Mission Control role.
type Lock struct {
	Role string `json:"role"`
}

func (a *Lock) apply(s *State, _ companion.Env) error {
	if err := s.playing(); err != nil {
		return err
	}
	return s.lock(a.Role)
}

// NextTurn starts the next turn once Mission Control is locked.
type NextTurn struct{}

func (*NextTurn) apply(s *State, _ companion.Env) error {
	if err := s.playing(); err != nil {
		return err
	}
	return s.nextTurn()
}

// RevealUnlock turns the top unlock card over.
type RevealUnlock struct{}

func (*RevealUnlock) apply(s *State, _ companion.Env) error {
	if err := s.playing(); err != nil {
		return err
	}
	if len(s.Peeking) > 0 {
		return ErrPeeking
	}
	if _, err := s.Unlock.Reveal(); err != nil {
		return ErrNoUnlockCards
	}
	return nil
}

// PeekUnlock is the astronaut's star action: look at the top 2 unlock cards.
type PeekUnlock struct{}

func (*PeekUnlock) apply(s *State, _ companion.Env) error {
	if err := s.playing(); err != nil {
		return err
	}
	return s.peek()
}

// ArrangeUnlock ends the look: Top goes back on top, the other to the bottom.
type ArrangeUnlock struct {
	Top string `json:"top"`
}

func (a *ArrangeUnlock) apply(s *State, _ companion.Env) error {
	return s.arrange(a.Top)
}

// DrawValve draws a half-valve blind (Bengaluru's 4th and 8th circle on A or B).
type DrawValve struct{}

func (*DrawValve) apply(s *State, _ companion.Env) error {
	if err := s.bagAction(); err != nil {
		return err
	}
	k, err := s.Bag.DrawBlind()
	if err != nil {
		return err
	}
	s.Taken = append(s.Taken, k)
	return nil
}

// TakeValve takes a chosen half-valve (5th and 10th circle on X or Y).
type TakeValve struct {
	Colour string `json:"colour"`
}

func (a *TakeValve) apply(s *State, _ companion.Env) error {
	if err := s.bagAction(); err != nil {
		return err
	}
	if err := s.Bag.Take(a.Colour); err != nil {
		return err
	}
	s.Taken = append(s.Taken, a.Colour)
	return nil
}

// StarDraw is the astronaut's star action: draw a half-valve to remove or return.
type StarDraw struct{}

func (*StarDraw) apply(s *State, _ companion.Env) error {
	if err := s.bagAction(); err != nil {
		return err
	}
	k, err := s.Bag.DrawBlind()
	if err != nil {
		return err
	}
	s.StarValve = k
	return nil
}

// StarDecide removes the star action's half-valve from the game or returns it.
type StarDecide struct {
	Remove bool `json:"remove"`
}

func (a *StarDecide) apply(s *State, _ companion.Env) error {
	if s.StarValve == "" {
		return ErrNoStarValve
	}
	if a.Remove {
		s.Bag.RemoveFromGame(s.StarValve)
	} else {
		s.Bag.PutBack(s.StarValve)
	}
	s.StarValve = ""
	return nil
}

func (*SetAIRoles) Kind() string     { return "setAIRoles" }
func (*ChooseSetup) Kind() string    { return "chooseSetup" }
func (*RollSetup) Kind() string      { return "rollSetup" }
func (*SetPhysicalBag) Kind() string { return "setPhysicalBag" }
func (*RollDice) Kind() string       { return "rollDice" }
func (*SetDice) Kind() string        { return "setDice" }
func (*Lock) Kind() string           { return "lock" }
func (*NextTurn) Kind() string       { return "nextTurn" }
func (*RevealUnlock) Kind() string   { return "revealUnlock" }
func (*PeekUnlock) Kind() string     { return "peekUnlock" }
func (*ArrangeUnlock) Kind() string  { return "arrangeUnlock" }
func (*DrawValve) Kind() string      { return "drawValve" }
func (*TakeValve) Kind() string      { return "takeValve" }
func (*StarDraw) Kind() string       { return "starDraw" }
func (*StarDecide) Kind() string     { return "starDecide" }

func (*SetDifficulty) Kind() string { return "setDifficulty" }
func (*SetLength) Kind() string     { return "setLength" }
func (*Start) Kind() string         { return "start" }
func (*Pause) Kind() string         { return "pause" }
func (*Resume) Kind() string        { return "resume" }
func (*Adjust) Kind() string        { return "adjust" }
func (*Accomplish) Kind() string    { return "accomplish" }
func (*RecordPlay) Kind() string    { return "recordPlay" }

// Rules describe the game, with the shipped data, to a session. The data file is read
// for the first game made, not when the program starts, so that a
// browser draws its first screen sooner.
var Rules = rulesFor(Default)

// NewRules describes the game to a session whose cards come from d.
func NewRules(d *Data) *companion.Rules { return rulesFor(func() *Data { return d }) }

// rulesFor describes the game with the data that data returns.
func rulesFor(data func() *Data) *companion.Rules {
	return &companion.Rules{
		Game:     Game,
		NewState: func() companion.State { return &State{table: table{data: data()}} },
		Actions:  actions,
	}
}

var actions = map[string]func() companion.Action{
	"setDifficulty":  func() companion.Action { return &SetDifficulty{} },
	"setLength":      func() companion.Action { return &SetLength{} },
	"start":          func() companion.Action { return &Start{} },
	"pause":          func() companion.Action { return &Pause{} },
	"resume":         func() companion.Action { return &Resume{} },
	"adjust":         func() companion.Action { return &Adjust{} },
	"accomplish":     func() companion.Action { return &Accomplish{} },
	"setAIRoles":     func() companion.Action { return &SetAIRoles{} },
	"chooseSetup":    func() companion.Action { return &ChooseSetup{} },
	"rollSetup":      func() companion.Action { return &RollSetup{} },
	"setPhysicalBag": func() companion.Action { return &SetPhysicalBag{} },
	"rollDice":       func() companion.Action { return &RollDice{} },
	"setDice":        func() companion.Action { return &SetDice{} },
	"lock":           func() companion.Action { return &Lock{} },
	"nextTurn":       func() companion.Action { return &NextTurn{} },
	"revealUnlock":   func() companion.Action { return &RevealUnlock{} },
	"peekUnlock":     func() companion.Action { return &PeekUnlock{} },
	"arrangeUnlock":  func() companion.Action { return &ArrangeUnlock{} },
	"drawValve":      func() companion.Action { return &DrawValve{} },
	"takeValve":      func() companion.Action { return &TakeValve{} },
	"starDraw":       func() companion.Action { return &StarDraw{} },
	"starDecide":     func() companion.Action { return &StarDecide{} },
	"recordPlay":     func() companion.Action { return &RecordPlay{} },
}
