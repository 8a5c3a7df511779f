package marsmaze

import (
	"errors"
	"strconv"
	"time"

	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

// Name is the game's name as printed on the box.
const Name = "Magic Maze on Mars"

// Refusals of RecordPlay, in plain words.
var (
	ErrNotEnded    = plays.ErrNotEnded
	ErrOtherPlay   = plays.ErrOtherPlay
	ErrNoPlayID    = plays.ErrNoPlayID
	ErrPlayerNames = plays.ErrPlayerNames
	ErrPlayerCount = errors.New("Magic Maze on Mars is played by 1 to 6 players, solo by one")
)

// maxPlayers is how many play Magic Maze on Mars at most.
const maxPlayers = 6

// RecordPlay records the game, once it has ended, as a play of the log of
// played games: under ID (plays.NewID), with the players' names. Recording
// again under the same ID records the same play again, with the names now
// given; under another ID it is refused.
type RecordPlay struct {
	ID    string   `json:"id"`
	Names []string `json:"names,omitempty"`
}

func (a *RecordPlay) apply(s *State, env companion.Env) error {
	if err := s.CheckRecord(a.ID); err != nil {
		return err
	}
	p, err := s.ended(env.Now)
	if err != nil {
		return err
	}
	if p.Players, err = s.players(a.Names, p.Won); err != nil {
		return err
	}
	s.KeepRecord(a.ID, p)
	return nil
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

// ended is the game's own part of its play: the mission as the board, won
// or lost, the sand left, the flips, solo mode with its playing time and
// the expert rule. The play starts when the sand timer was first turned
// over and ends when the players won or the sand ran out (at now, for a
// paused timer flipped empty).
func (s *State) ended(now time.Time) (plays.Play, error) {
	over, won := s.Over(now)
	if !over {
		return plays.Play{}, ErrNotEnded
	}
	end, result := s.WonAt, "Won with "+timers.FormatRemaining(s.SandLeftAtWin)+" of sand left"
	var details []plays.Detail
	if won {
		details = append(details, plays.Detail{Label: "Sand left", Value: timers.FormatRemaining(s.SandLeftAtWin)})
	} else {
		end, result = now, "Lost: the sand ran out"
		if at, ok := s.Sand.ExpiredAt(now); ok {
			end = at
		}
	}
	details = append(details, plays.Detail{Label: "Flips", Value: strconv.Itoa(s.Flips)})
	if s.Solo {
		details = append(details,
			plays.Detail{Label: "Solo", Value: "yes"},
			plays.Detail{Label: "Playing time", Value: timers.FormatElapsed(s.Watch.Elapsed(end))})
	}
	if s.Expert {
		details = append(details, plays.Detail{Label: "Expert rule", Value: "yes"})
	}
	return plays.Play{
		Game: Game, GameName: Name, BGGID: Default().BGGID,
		Start: s.StartedAt, End: end,
		Cooperative: true, Won: won, Result: result,
		Board:   "Mission " + strconv.Itoa(s.Mission),
		Details: details,
	}, nil
}

// players are the named players, each with the table's result: up to 6,
// one in solo mode.
func (s *State) players(names []string, won bool) ([]plays.Player, error) {
	names, err := plays.Names(names)
	if err != nil {
		return nil, err
	}
	if len(names) > maxPlayers || s.Solo && len(names) > 1 {
		return nil, ErrPlayerCount
	}
	out := make([]plays.Player, len(names))
	for i, n := range names {
		out[i] = plays.Player{Name: n, Winner: won}
	}
	return out, nil
}

// RecordAction is the RecordPlay of g: the players' names.
func (s *State) RecordAction(g plays.Given) companion.Action {
	return &RecordPlay{ID: g.ID, Names: g.Names}
}

// The game is recorded the moment it ends (plays.Book).
var _ plays.Recorder = (*State)(nil)

// EndsIn is how long until the sand runs out, while it runs: the game is
// then lost, and recorded (plays.Book) with no action to end it.
func (s *State) EndsIn(now time.Time) (time.Duration, bool) {
	if !s.WonAt.IsZero() || !s.Sand.Running {
		return 0, false
	}
	return s.Sand.Remaining(now), true
}

var _ plays.Timed = (*State)(nil)
