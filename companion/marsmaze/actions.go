package marsmaze

import "boardside/companion"

// ChooseMission picks mission 1–5 before the start.
type ChooseMission struct {
	Mission int `json:"mission"`
}

// SetSand sets the sand timer's length before the start, to match the
// owner's own sand timer.
type SetSand struct {
	Seconds int `json:"seconds"`
}

// SetOptions turns solo mode and the expert rule on or off before the start.
type SetOptions struct {
	Solo   bool `json:"solo"`
	Expert bool `json:"expert"`
}

// Start turns the sand timer over for the first time.
type Start struct{}

// Flip turns the sand timer over when a resource reaches a free hourglass
// platform; it uses up one hourglass marker.
type Flip struct{}

// Act closes the talk window: somebody made a move.
type Act struct{}

// UseJoker spends a joker to talk.
type UseJoker struct{}

// Land records that the colonists have landed (or, to correct a slip, not).
type Land struct {
	Landed bool `json:"landed"`
}

// Pause holds the sand timer (and the solo stopwatch).
type Pause struct{}

// Resume lets the sand run again.
type Resume struct{}

// Win records that every colonist has reached a dome.
type Win struct{}

func (*ChooseMission) Kind() string { return "chooseMission" }
func (*SetSand) Kind() string       { return "setSand" }
func (*SetOptions) Kind() string    { return "setOptions" }
func (*Start) Kind() string         { return "start" }
func (*Flip) Kind() string          { return "flip" }
func (*Act) Kind() string           { return "act" }
func (*UseJoker) Kind() string      { return "useJoker" }
func (*Land) Kind() string          { return "land" }
func (*Pause) Kind() string         { return "pause" }
func (*Resume) Kind() string        { return "resume" }
func (*Win) Kind() string           { return "win" }

// Rules describe the game to a session.
var Rules = &companion.Rules{
	Game:     Game,
	NewState: func() companion.State { return &State{} },
	Actions: map[string]func() companion.Action{
		"chooseMission": func() companion.Action { return &ChooseMission{} },
		"setSand":       func() companion.Action { return &SetSand{} },
		"setOptions":    func() companion.Action { return &SetOptions{} },
		"start":         func() companion.Action { return &Start{} },
		"flip":          func() companion.Action { return &Flip{} },
		"act":           func() companion.Action { return &Act{} },
		"useJoker":      func() companion.Action { return &UseJoker{} },
		"land":          func() companion.Action { return &Land{} },
		"pause":         func() companion.Action { return &Pause{} },
		"resume":        func() companion.Action { return &Resume{} },
		"win":           func() companion.Action { return &Win{} },
	},
}
