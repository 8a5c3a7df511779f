package aquasphere

import (
	"strconv"
	"strings"
	"time"

	"boardside/companion"
	"boardside/companion/plays"
)

// Name is the game's name as printed on the box.
const Name = "AquaSphere"

// Refusals of RecordPlay, in plain words.
var (
	ErrNotEnded  = plays.ErrNotEnded
	ErrOtherPlay = plays.ErrOtherPlay
	ErrNoPlayID  = plays.ErrNoPlayID
)

// RecordPlay records the game, once the final scoring has ended it, as a
// play of the log of played games, under ID (plays.NewID); the players are
// the sheet's. Recording again under the same ID is the same play; under
// another ID it is refused.
type RecordPlay struct {
	ID string `json:"id"`
}

func (a *RecordPlay) apply(s *State) error {
	if err := s.CheckRecord(a.ID); err != nil {
		return err
	}
	p, err := s.ended(s.EndedAt)
	if err != nil {
		return err
	}
	s.KeepRecord(a.ID, p)
	return nil
}

// Play is the game as it ended, as the log of played games keeps it: the
// play recorded, or before RecordPlay the same without an ID. Before the
// final scoring it is ErrNotEnded. The sheet knows when the game ended;
// now stands in for a game that ended before it kept that.
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

// ended is the play of the game ending at end: each player's knowledge
// points, place and whether they won, as the sheet ranks them (ties broken
// by occupied control fields, then crystals; players still tied share the
// place); a first place the tie-break decided says so. The play starts
// when the sheet was begun.
func (s *State) ended(end time.Time) (plays.Play, error) {
	if !s.Over {
		return plays.Play{}, ErrNotEnded
	}
	rep, err := s.Report()
	if err != nil {
		return plays.Play{}, err
	}
	p := plays.Play{
		Game: Game, GameName: Name, BGGID: s.Data().BGGID,
		Start: s.StartedAt, End: end,
		Players: make([]plays.Player, len(rep.Final)),
	}
	for i, x := range rep.Final {
		p.Players[i] = plays.Player{Name: s.Players[i].Name, Score: &x.To, Rank: x.Place, Winner: x.Place == 1}
	}
	winners := rep.Winners()
	if len(winners) == 0 {
		return p, nil // no players: nobody won
	}
	names := make([]string, len(winners))
	for i, w := range winners {
		names[i] = s.Players[w].Name
	}
	points := strconv.Itoa(rep.Final[winners[0]].To) + " points"
	if len(names) == 1 {
		p.Result = names[0] + " wins with " + points
	} else {
		p.Result = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " share first place with " + points
	}
	if by := s.tieBreak(rep, winners[0]); by != "" {
		p.Details = []plays.Detail{{Label: "Tie-break", Value: by}}
	}
	return p, nil
}

// tieBreak is what decided first place when another player had as many
// knowledge points as the winner w: "occupied control fields", or
// "crystals" when someone also had as many occupied control fields; ""
// when the points alone did.
func (s *State) tieBreak(rep *Report, w int) string {
	by := ""
	for i, x := range rep.Final {
		if x.Place == 1 || x.To != rep.Final[w].To {
			continue
		}
		if s.Final[i].ControlFields == s.Final[w].ControlFields {
			return "crystals" // the last tie-break was needed
		}
		by = "occupied control fields"
	}
	return by
}

// RecordAction is the RecordPlay of g; the players are the sheet's, so
// names given are not asked for.
func (s *State) RecordAction(g plays.Given) companion.Action {
	return &RecordPlay{ID: g.ID}
}

// The game is recorded the moment it ends (plays.Book).
var _ plays.Recorder = (*State)(nil)
