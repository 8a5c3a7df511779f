package aquasphere

import "boardside/companion"

// AddPlayer seats a player (before the first scoring).
type AddPlayer struct {
	Name   string `json:"name"`
	Colour string `json:"colour,omitempty"`
}

// RemovePlayer takes a player off the sheet (before the first scoring).
type RemovePlayer struct {
	Player int `json:"player"`
}

// SetStart sets a player's knowledge points before round 1.
type SetStart struct {
	Player int `json:"player"`
	Value  int `json:"value"`
}

// SetEntry sets one line of a player's entries: of the interim scoring in
// progress, or of the final scoring once the 4 rounds are scored.
type SetEntry struct {
	Player int    `json:"player"`
	Field  string `json:"field"`
	Value  int    `json:"value"`
}

// SetOctopods sets, for each sector with the player's bot on its control
// field, the octopods left there.
type SetOctopods struct {
	Player  int   `json:"player"`
	Sectors []int `json:"sectors"`
}

// ScoreRound scores the interim scoring in progress.
type ScoreRound struct{}

// ScoreFinal scores the final scoring and ends the game.
type ScoreFinal struct{}

func (*AddPlayer) Kind() string    { return "addPlayer" }
func (*RemovePlayer) Kind() string { return "removePlayer" }
func (*SetStart) Kind() string     { return "setStart" }
func (*SetEntry) Kind() string     { return "setEntry" }
func (*SetOctopods) Kind() string  { return "setOctopods" }
func (*ScoreRound) Kind() string   { return "scoreRound" }
func (*ScoreFinal) Kind() string   { return "scoreFinal" }

// Rules describe the game, on the shipped track, to a session.
var Rules = NewRules(Default())

// NewRules describes the game to a session scored on d.
func NewRules(d *Data) *companion.Rules {
	return &companion.Rules{Game: Game, NewState: func() companion.State { return &State{data: d} }, Actions: actions}
}

var actions = map[string]func() companion.Action{
	"addPlayer":    func() companion.Action { return &AddPlayer{} },
	"removePlayer": func() companion.Action { return &RemovePlayer{} },
	"setStart":     func() companion.Action { return &SetStart{} },
	"setEntry":     func() companion.Action { return &SetEntry{} },
	"setOctopods":  func() companion.Action { return &SetOctopods{} },
	"scoreRound":   func() companion.Action { return &ScoreRound{} },
	"scoreFinal":   func() companion.Action { return &ScoreFinal{} },
}
