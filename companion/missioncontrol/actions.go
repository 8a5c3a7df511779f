package missioncontrol

import "boardside/companion"

// SetDifficulty picks easy, normal or hard before the start.
type SetDifficulty struct {
	Difficulty string `json:"difficulty"`
}

// SetLength changes the countdown before the start.
type SetLength struct {
	Seconds int `json:"seconds"`
}

// Start starts the countdown: the astronaut's "go".
type Start struct{}

// Pause holds the countdown.
type Pause struct{}

// Resume continues the countdown.
type Resume struct{}

// Adjust adds (positive) or takes away (negative) seconds.
type Adjust struct {
	Seconds int `json:"seconds"`
}

// Accomplish records that the astronaut reached the oxygen needed.
type Accomplish struct{}

// SetAIRoles says which Mission Control roles the AI deck plays.
type SetAIRoles struct {
	Roles []string `json:"roles"`
}

// ChooseSetup picks a starting setup (1–6) from the table.
type ChooseSetup struct {
	Number int `json:"number"`
}

// RollSetup rolls a die for the starting setup.
type RollSetup struct{}

// SetPhysicalBag keeps the half-valves in the real bag (true) or in the app.
type SetPhysicalBag struct {
	On bool `json:"on"`
}

// RollDice rolls the astronaut's three dice in the app; the next AI card
// is revealed when the AI plays a role.
type RollDice struct{}

// SetDice records the three real dice the astronaut called.
type SetDice struct {
	Values []int `json:"values"`
}

// Lock is "<City> Locked!" for a human Mission Control role.
type Lock struct {
	Role string `json:"role"`
}

// NextTurn starts the next turn once Mission Control is locked.
type NextTurn struct{}

// RevealUnlock turns the top unlock card over.
type RevealUnlock struct{}

// PeekUnlock is the astronaut's star action: look at the top 2 unlock cards.
type PeekUnlock struct{}

// ArrangeUnlock ends the look: Top goes back on top, the other to the bottom.
type ArrangeUnlock struct {
	Top string `json:"top"`
}

// DrawValve draws a half-valve blind (Bengaluru's 4th and 8th circle on A or B).
type DrawValve struct{}

// TakeValve takes a chosen half-valve (5th and 10th circle on X or Y).
type TakeValve struct {
	Colour string `json:"colour"`
}

// StarDraw is the astronaut's star action: draw a half-valve to remove or return.
type StarDraw struct{}

// StarDecide removes the star action's half-valve from the game or returns it.
type StarDecide struct {
	Remove bool `json:"remove"`
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

// Rules describe the game, with the shipped data, to a session.
var Rules = NewRules(Default())

// NewRules describes the game to a session whose cards come from d.
func NewRules(d *Data) *companion.Rules {
	return &companion.Rules{
		Game:     Game,
		NewState: func() companion.State { return &State{table: table{data: d}} },
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
}
