package marsmaze

import (
	"time"

	"boardside/companion"
)

// ChooseMission picks mission 1–5 before the start.
type ChooseMission struct {
	Mission int `json:"mission"`
}

func (a *ChooseMission) apply(s *State, _ companion.Env) error {
	if s.Started() {
		return ErrStarted
	}
	return s.chooseMission(a.Mission, Default())
}

// SetSand sets the sand timer's length before the start, to match the
// owner's own sand timer.
type SetSand struct {
	Seconds int `json:"seconds"`
}

func (a *SetSand) apply(s *State, _ companion.Env) error {
	if s.Started() {
		return ErrStarted
	}
	return s.Sand.SetTotal(time.Duration(a.Seconds) * time.Second)
}

// SetOptions turns solo mode and the expert rule on or off before the start.
type SetOptions struct {
	Solo   bool `json:"solo"`
	Expert bool `json:"expert"`
}

func (a *SetOptions) apply(s *State, _ companion.Env) error {
	if s.Started() {
		return ErrStarted
	}
	s.Solo, s.Expert = a.Solo, a.Expert
	return nil
}

// Start turns the sand timer over for the first time.
type Start struct{}

func (*Start) apply(s *State, env companion.Env) error {
	if s.Started() {
		return ErrAlreadyStarted
	}
	if err := s.Sand.Flip(env.Now); err != nil {
		return err
	}
	s.StartedAt = env.Now
	if s.Solo {
		s.Watch.Start(env.Now)
	}
	return nil
}

// Flip turns the sand timer over when a resource reaches a free hourglass
// platform; it uses up one hourglass marker.
type Flip struct{}

func (*Flip) apply(s *State, env companion.Env) error {
	if err := s.CanFlip(env.Now); err != nil {
		return err
	}
	if err := s.Sand.Flip(env.Now); err != nil {
		return err
	}
	s.MarkersLeft--
	s.Flips++
	if !s.MissionData().TalkFreely {
		s.Talk = TalkAfterFlip
	}
	s.PassTiles = s.Expert
	return nil
}

// Act closes the talk window: somebody made a move.
type Act struct{}

func (*Act) apply(s *State, _ companion.Env) error {
	if s.Talk == "" && !s.PassTiles {
		return ErrNotTalking
	}
	s.Talk, s.PassTiles = "", false
	return nil
}

// UseJoker spends a joker to talk.
type UseJoker struct{}

func (*UseJoker) apply(s *State, env companion.Env) error {
	if err := s.playing(env.Now); err != nil {
		return err
	}
	if s.MissionData().TalkFreely {
		return ErrTalkFreely
	}
	if s.JokersLeft <= 0 {
		return ErrNoJokers
	}
	s.JokersLeft--
	s.Talk = TalkAfterJoker
	return nil
}

// Land records that the colonists have landed (or, to correct a slip, not).
type Land struct {
	Landed bool `json:"landed"`
}

func (a *Land) apply(s *State, env companion.Env) error {
	if err := s.playing(env.Now); err != nil {
		return err
	}
	s.Landed = a.Landed
	return nil
}

// Pause holds the sand timer (and the solo stopwatch).
type Pause struct{}

func (*Pause) apply(s *State, env companion.Env) error {
	if err := s.Sand.Pause(env.Now); err != nil {
		return err
	}
	s.Watch.Pause(env.Now)
	return nil
}

// Resume lets the sand run again.
type Resume struct{}

func (*Resume) apply(s *State, env companion.Env) error {
	if err := s.Sand.Resume(env.Now); err != nil {
		return err
	}
	if s.Solo {
		s.Watch.Start(env.Now)
	}
	return nil
}

// Win records that every colonist has reached a dome.
type Win struct{}

func (*Win) apply(s *State, env companion.Env) error {
	now := env.Now
	if err := s.playing(now); err != nil {
		return err
	}
	s.SandLeftAtWin = s.Sand.Remaining(now)
	if s.Sand.Running {
		_ = s.Sand.Pause(now)
	}
	s.Watch.Pause(now)
	s.WonAt = now
	s.Talk, s.PassTiles = "", false
	return nil
}

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
func (*RecordPlay) Kind() string    { return "recordPlay" }

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
		"recordPlay":    func() companion.Action { return &RecordPlay{} },
	},
}
