package adele

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"boardside/companion"
	"boardside/companion/plays"
)

// Name is the game's name as Boardside shows it.
const Name = "ADELE"

// Refusals of RecordPlay, in plain words.
var (
	ErrNotEnded    = plays.ErrNotEnded
	ErrOtherPlay   = plays.ErrOtherPlay
	ErrNoPlayID    = plays.ErrNoPlayID
	ErrPlayerNames = plays.ErrPlayerNames
	ErrPlayerCount = errors.New("name all of the game's players, the one who played ADELE too")
	ErrAdelePlayer = errors.New("say which of the players played ADELE")
)

// The roles of a recorded play's players.
const (
	RoleAdele = "ADELE"
	RoleCrew  = "Crew"
)

// RecordPlay records the game, once it has ended, as a play of the log of
// played games: under ID (plays.NewID), with the names of all its players
// and which of them, Adele, played ADELE; the others are the crew.
// Recording again under the same ID records the same play again, with the
// names now given; under another ID it is refused.
type RecordPlay struct {
	ID    string   `json:"id"`
	Names []string `json:"names,omitempty"`
	Adele string   `json:"adele,omitempty"`
}

func (a *RecordPlay) apply(s *State) error {
	if err := s.CheckRecord(a.ID); err != nil {
		return err
	}
	p, err := s.ended(s.EndedAt)
	if err != nil {
		return err
	}
	if p.Players, err = s.players(a.Names, a.Adele); err != nil {
		return err
	}
	s.KeepRecord(a.ID, p)
	return nil
}

// Play is the game as it ended, as the log of played games keeps it: the
// play recorded, or before RecordPlay the game's own part of it, without
// an ID or players. Before the end it is ErrNotEnded. The game knows when
// it ended; now stands in for a game that ended before it kept that.
func (s *State) Play(now time.Time) (plays.Play, error) {
	if p, ok := s.Recorded(); ok {
		return p, nil
	}
	end := s.EndedAt
	if end.IsZero() {
		end = now
	}
	return s.ended(end)
}

// ended is the game's own part of its play, ending at end: who won and
// how, the ship as the board, the players and the rounds begun. It is not
// co-operative: the crew wins or ADELE does, and BG Stats, sent a play
// without points, marks each player as the winner or not.
func (s *State) ended(end time.Time) (plays.Play, error) {
	if !s.Over() {
		return plays.Play{}, ErrNotEnded
	}
	result := "The crew won"
	switch {
	case s.Winner == "adele":
		result = "ADELE won: a crew member died"
	case s.Result() == "adele":
		result = "ADELE won: the rounds ran out"
	}
	rounds := s.Data().StartRound(s.Players) - s.Round
	if s.Round >= 1 && s.EmergencyDone {
		rounds++ // the round the game ended in
	}
	return plays.Play{
		Game: Game, GameName: Name, BGGID: s.Data().BGGID,
		Start: s.StartedAt, End: end,
		Result: result,
		Board:  capitalise(s.Ship),
		Details: []plays.Detail{
			{Label: "Players", Value: strconv.Itoa(s.Players)},
			{Label: "Rounds", Value: strconv.Itoa(rounds)},
		},
	}, nil
}

// players are the game's players, all of them named: the one who played
// ADELE, and the crew, each the winner or not with their side.
func (s *State) players(names []string, adele string) ([]plays.Player, error) {
	names, err := plays.Names(names)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 && strings.TrimSpace(adele) == "" {
		return []plays.Player{}, nil // a play without names
	}
	if len(names) != s.Players {
		return nil, ErrPlayerCount
	}
	i := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, strings.TrimSpace(adele)) })
	if i < 0 {
		return nil, ErrAdelePlayer
	}
	adeleWon := s.Result() == "adele"
	out := make([]plays.Player, len(names))
	for j, n := range names {
		out[j] = plays.Player{Name: n, Role: RoleCrew, Winner: !adeleWon}
	}
	out[i].Role, out[i].Winner = RoleAdele, adeleWon
	return out, nil
}

// capitalise starts a word with a capital letter: "deimos" is "Deimos".
func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// RecordAction is the RecordPlay of g: the players' names and who played
// ADELE.
func (s *State) RecordAction(g plays.Given) companion.Action {
	return &RecordPlay{ID: g.ID, Names: g.Names, Adele: g.Adele}
}

// The game is recorded the moment it ends (plays.Book).
var _ plays.Recorder = (*State)(nil)
