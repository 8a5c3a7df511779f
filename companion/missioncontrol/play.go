package missioncontrol

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

// Name is the game's name as printed on the box.
const Name = "Mission Control: Critical Orbit"

// Refusals of RecordPlay, in plain words.
var (
	ErrNotEnded       = plays.ErrNotEnded
	ErrOtherPlay      = plays.ErrOtherPlay
	ErrNoPlayID       = plays.ErrNoPlayID
	ErrPlayerNames    = plays.ErrPlayerNames
	ErrPlayerRoles    = errors.New("give each player a role of their own: the astronaut or a Mission Control role the AI deck does not play")
	ErrTooManyPlayers = errors.New("there are more names than roles played by people")
)

// roleNames are the roles as a play names them.
var roleNames = map[string]string{Astronaut: "Astronaut", Houston: "Houston", Bengaluru: "Bengaluru", Cologne: "Cologne"}

// RecordPlay records the game, once it has ended, as a play of the log of
// played games: under ID (plays.NewID), with the players' names and, when
// Roles is given, each one's role: Roles[i] is Names[i]'s, the astronaut or
// a Mission Control role the AI deck does not play. Recording again under
// the same ID records the same play again, with the names and roles now
// given; under another ID it is refused.
type RecordPlay struct {
	ID    string   `json:"id"`
	Names []string `json:"names,omitempty"`
	Roles []string `json:"roles,omitempty"`
}

func (a *RecordPlay) apply(s *State, env companion.Env) error {
	if err := s.CheckRecord(a.ID); err != nil {
		return err
	}
	p, err := s.ended(env.Now)
	if err != nil {
		return err
	}
	roles := a.Roles
	if len(roles) == 0 {
		roles = s.recordedRoles(len(a.Names))
	}
	if p.Players, err = s.players(a.Names, roles, p.Won); err != nil {
		return err
	}
	s.KeepRecord(a.ID, p)
	return nil
}

// recordedRoles are the roles of the play recorded, seat by seat, where
// it has n players and each has one: names given without roles (a joined
// device or a quick-viewer phone, which show names only) keep the roles
// the host gave; nil otherwise.
func (s *State) recordedRoles(n int) []string {
	rec, ok := s.Recorded()
	if !ok || n == 0 || len(rec.Players) != n {
		return nil
	}
	roles := make([]string, n)
	for i, pl := range rec.Players {
		for key, name := range roleNames {
			if name == pl.Role {
				roles[i] = key
			}
		}
		if roles[i] == "" {
			return nil
		}
	}
	return roles
}

// Play is the game as it ended, as the log of played games keeps it: the
// play recorded, or before RecordPlay the game's own part of it, without
// an ID or players. While the game goes on at now it is ErrNotEnded.
func (s *State) Play(now time.Time) (plays.Play, error) {
	if p, ok := s.Recorded(); ok {
		return p, nil
	}
	return s.ended(now)
}

// ended is the game's own part of its play: the difficulty as the board,
// the roles the AI deck played, the turns, the time left and the playing
// time. The play starts when the astronaut started the timer (in a game
// saved before that was kept, its playing time before its end) and ends
// when the mission was accomplished or the time ran out.
func (s *State) ended(now time.Time) (plays.Play, error) {
	outcome := s.Outcome(now)
	if outcome == Playing {
		return plays.Play{}, ErrNotEnded
	}
	won := outcome == Accomplished
	end, result := s.AccomplishedAt, "Mission accomplished"
	left := s.Timer.Remaining(end)
	if won {
		result += " with " + timers.FormatRemaining(left) + " left"
	} else {
		end, left, result = now, 0, "Time's up"
		if at, ok := s.Timer.ExpiredAt(now); ok {
			end = at
		}
	}
	played := s.Duration(now)
	start := s.StartedAt
	if start.IsZero() {
		start = end.Add(-played)
	}
	ai := "none"
	if len(s.AIRoles) > 0 {
		var names []string
		for _, r := range s.AIRoles {
			names = append(names, roleNames[r])
		}
		ai = strings.Join(names, ", ")
	}
	return plays.Play{
		Game: Game, GameName: Name, BGGID: s.Data().BGGID,
		Start: start, End: end,
		Cooperative: true, Won: won, Result: result,
		Board: capitalise(s.Difficulty),
		Details: []plays.Detail{
			{Label: "AI roles", Value: ai},
			{Label: "Turns", Value: strconv.Itoa(s.Turn)},
			{Label: "Time left", Value: timers.FormatRemaining(left)},
			{Label: "Playing time", Value: timers.FormatElapsed(played)},
		},
	}, nil
}

// players are the named players, each with the table's result and the
// role given, if any: one of their own, played by a person.
func (s *State) players(names, roles []string, won bool) ([]plays.Player, error) {
	names, err := plays.Names(names)
	if err != nil {
		return nil, err
	}
	human := append([]string{Astronaut}, s.HumanRoles()...)
	switch {
	case len(roles) > 0 && len(roles) != len(names):
		return nil, ErrPlayerRoles
	case len(names) > len(human):
		return nil, ErrTooManyPlayers
	}
	out := make([]plays.Player, len(names))
	for i, n := range names {
		out[i] = plays.Player{Name: n, Winner: won}
		if len(roles) == 0 {
			continue
		}
		if !slices.Contains(human, roles[i]) || slices.Contains(roles[:i], roles[i]) {
			return nil, ErrPlayerRoles
		}
		out[i].Role = roleNames[roles[i]]
	}
	return out, nil
}

// capitalise starts a word with a capital letter: "hard" is "Hard".
func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// RecordAction is the RecordPlay of g: the players' names and roles.
func (s *State) RecordAction(g plays.Given) companion.Action {
	return &RecordPlay{ID: g.ID, Names: g.Names, Roles: g.Roles}
}

// The game is recorded the moment it ends (plays.Book).
var _ plays.Recorder = (*State)(nil)

// EndsIn is how long until time is up, while the countdown runs: the game
// is then lost, and recorded (plays.Book) with no action to end it.
func (s *State) EndsIn(now time.Time) (time.Duration, bool) {
	if !s.AccomplishedAt.IsZero() || !s.Timer.Running {
		return 0, false
	}
	return s.Timer.Remaining(now), true
}

var _ plays.Timed = (*State)(nil)
