package plays

import (
	"errors"
	"slices"
	"strings"
)

// The refusals every game's record of its play makes.
var (
	ErrNotEnded    = errors.New("the game has not ended yet")
	ErrOtherPlay   = errors.New("this game is already recorded as another play")
	ErrNoPlayID    = errors.New("a recorded play needs an ID")
	ErrPlayerNames = errors.New("every player needs a name of their own")
)

// Recording is the play a game recorded when it ended, kept in the game's
// state (embedded there, it saves as the state's "record"), with what
// every game's RecordPlay does alike: its first checks, keeping the play,
// and handing out a copy.
type Recording struct {
	Record *Play `json:"record,omitempty"`
}

// CheckRecord refuses a record under id before the game's own checks: without
// an ID, or when the game is recorded as another play already.
func (r *Recording) CheckRecord(id string) error {
	if strings.TrimSpace(id) == "" {
		return ErrNoPlayID
	}
	if r.Record != nil && r.Record.ID != id {
		return ErrOtherPlay
	}
	return nil
}

// KeepRecord records p under id. Recorded again (the same ID: the names
// corrected, say), it is the same play, at its first times.
func (r *Recording) KeepRecord(id string, p Play) {
	p.ID = id
	if r.Record != nil {
		p.Start, p.End = r.Record.Start, r.Record.End
	}
	r.Record = &p
}

// Recorded is the play recorded, if the game has been: a copy of its own
// (details, players, scores), so that the state is never changed through it.
func (r *Recording) Recorded() (Play, bool) {
	if r.Record == nil {
		return Play{}, false
	}
	p := *r.Record
	p.Details, p.Players = slices.Clone(p.Details), slices.Clone(p.Players)
	for i, pl := range p.Players {
		if pl.Score != nil {
			score := *pl.Score
			p.Players[i].Score = &score
		}
	}
	return p, true
}

// Names are the players' names without spaces around them; each is
// needed, and none may be another's, in any case: BG Stats tells players
// apart by their names in lower case (ErrPlayerNames).
func Names(names []string) ([]string, error) {
	out := make([]string, len(names))
	seen := map[string]bool{}
	for i, n := range names {
		n = strings.TrimSpace(n)
		key := strings.ToLower(n)
		if n == "" || seen[key] {
			return nil, ErrPlayerNames
		}
		seen[key] = true
		out[i] = n
	}
	return out, nil
}
