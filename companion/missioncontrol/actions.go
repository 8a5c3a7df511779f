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

func (*SetDifficulty) Kind() string { return "setDifficulty" }
func (*SetLength) Kind() string     { return "setLength" }
func (*Start) Kind() string         { return "start" }
func (*Pause) Kind() string         { return "pause" }
func (*Resume) Kind() string        { return "resume" }
func (*Adjust) Kind() string        { return "adjust" }
func (*Accomplish) Kind() string    { return "accomplish" }

// Rules describe the game to a session.
var Rules = &companion.Rules{
	Game:     Game,
	NewState: func() companion.State { return &State{} },
	Actions: map[string]func() companion.Action{
		"setDifficulty": func() companion.Action { return &SetDifficulty{} },
		"setLength":     func() companion.Action { return &SetLength{} },
		"start":         func() companion.Action { return &Start{} },
		"pause":         func() companion.Action { return &Pause{} },
		"resume":        func() companion.Action { return &Resume{} },
		"adjust":        func() companion.Action { return &Adjust{} },
		"accomplish":    func() companion.Action { return &Accomplish{} },
	},
}
