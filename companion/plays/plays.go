// Package plays is the log of played games kept on a device, and a play as
// BG Stats takes it.
//
// A game's screen records each finished game as a Play in the device's
// Log (FileName, plays.json at the root of the app's storage), which keeps
// them newest first and saves at once through a companion.Store. The log
// moves between devices as a JSON export (ExportJSON, Import: a play is
// never counted twice, by its ID) and goes to a spreadsheet as CSV
// (ExportCSV). One play goes to BG Stats in one tap as a link (BGStatsURL,
// BGStatsAppURL).
package plays

import (
	"crypto/rand"
	"encoding/hex"
	"time"
)

// Player is one player of a play.
type Player struct {
	Name        string `json:"name"`
	Score       *int   `json:"score,omitempty"` // nil in a co-operative game
	Winner      bool   `json:"winner"`
	Rank        int    `json:"rank,omitempty"` // 1 for the best; 0 when not ranked
	Role        string `json:"role,omitempty"` // e.g. "ADELE", "Commander"
	StartPlayer bool   `json:"startPlayer,omitempty"`
}

// Detail is what a game adds to its result: the mission, the flips, the
// sand left…
type Detail struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Play is one played game.
type Play struct {
	ID          string    `json:"id"`       // random 128-bit hex (NewID), unique across devices
	Game        string    `json:"game"`     // the game's ID, e.g. "marsmaze"
	GameName    string    `json:"gameName"` // as printed on the box
	BGGID       int       `json:"bggId,omitempty"`
	Start       time.Time `json:"start"`
	End         time.Time `json:"end"`
	Cooperative bool      `json:"cooperative"`
	Won         bool      `json:"won"`             // co-operative: the table won
	Result      string    `json:"result"`          // words: "Mission accomplished with 3:12 left"
	Board       string    `json:"board,omitempty"` // the mission or difficulty
	Details     []Detail  `json:"details,omitempty"`
	Players     []Player  `json:"players"`
	Comments    string    `json:"comments,omitempty"`
	Location    string    `json:"location,omitempty"`
}

// NewID returns a new play's ID: 128 random bits in hex, so that plays
// recorded on different devices never share one.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (it crashes the program instead)
	return hex.EncodeToString(b[:])
}

// Duration is how long the play took: End−Start, never negative, and 0
// when either time is missing.
func (p Play) Duration() time.Duration {
	if p.Start.IsZero() || p.End.IsZero() || p.End.Before(p.Start) {
		return 0
	}
	return p.End.Sub(p.Start)
}

// minutes is the duration in whole minutes, rounded to the nearest.
func (p Play) minutes() int {
	return int(p.Duration().Round(time.Minute) / time.Minute)
}

// name is the game's name as printed, or its ID when the play has none.
func (p Play) name() string {
	if p.GameName != "" {
		return p.GameName
	}
	return p.Game
}

// clone returns p with slices and scores of its own, so that neither the
// log nor its caller changes the other's play.
func (p Play) clone() Play {
	if p.Details != nil {
		p.Details = append([]Detail(nil), p.Details...)
	}
	if p.Players != nil {
		players := make([]Player, len(p.Players))
		for i, pl := range p.Players {
			if pl.Score != nil {
				s := *pl.Score
				pl.Score = &s
			}
			players[i] = pl
		}
		p.Players = players
	}
	return p
}
