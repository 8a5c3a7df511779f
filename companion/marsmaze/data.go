package marsmaze

import (
	"encoding/json"
	"fmt"
	"time"

	"boardside/assets"
)

// Text is a line shown to players, in each language the app speaks.
type Text struct {
	EN string `json:"en"`
	DE string `json:"de"`
}

// In returns the text in language lang ("de" or anything else for English).
func (t Text) In(lang string) string {
	if lang == "de" && t.DE != "" {
		return t.DE
	}
	return t.EN
}

// Mission is one of the rulebook's five missions.
type Mission struct {
	Number           int    `json:"number"`
	HourglassMarkers int    `json:"hourglassMarkers"`
	Jokers           int    `json:"jokers"`
	TalkFreely       bool   `json:"talkFreely"`
	Material         []Text `json:"material"`
}

// Data is the game data file assets/games/marsmaze.json.
type Data struct {
	Schema int    `json:"schema"`
	Game   string `json:"game"`
	Source string `json:"source"`
	// BGGID is the game's number on BoardGameGeek, by which BG Stats
	// knows the game of a recorded play; 0 when it is not known.
	BGGID           int       `json:"bggId,omitempty"`
	BGGIDSource     string    `json:"bggIdSource,omitempty"`
	SandSeconds     int       `json:"sandSeconds"`
	SoloMarkSeconds int       `json:"soloMarkSeconds"`
	Missions        []Mission `json:"missions"`
}

// Sand is the default sand-timer length.
func (d *Data) Sand() time.Duration { return time.Duration(d.SandSeconds) * time.Second }

// SoloMark is how often the solo "Do something!" pawn may move.
func (d *Data) SoloMark() time.Duration { return time.Duration(d.SoloMarkSeconds) * time.Second }

// Mission returns mission n, if there is one.
func (d *Data) Mission(n int) (Mission, bool) {
	for _, m := range d.Missions {
		if m.Number == n {
			return m, true
		}
	}
	return Mission{}, false
}

// ParseData reads and checks a data file; name is used in error messages.
func ParseData(name string, b []byte) (*Data, error) {
	var d Data
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("%s: not valid JSON: %w", name, err)
	}
	switch {
	case d.Schema != 1:
		return nil, fmt.Errorf("%s: schema %d is not known (expected 1)", name, d.Schema)
	case d.Game != "marsmaze":
		return nil, fmt.Errorf("%s: game is %q, expected \"marsmaze\"", name, d.Game)
	case d.BGGID < 0:
		return nil, fmt.Errorf("%s: bggId %d is not a BoardGameGeek number (0 when not known)", name, d.BGGID)
	case d.SandSeconds < 10 || d.SandSeconds > 3600:
		return nil, fmt.Errorf("%s: sandSeconds %d must be between 10 and 3600", name, d.SandSeconds)
	case d.SoloMarkSeconds < 1:
		return nil, fmt.Errorf("%s: soloMarkSeconds must be at least 1", name)
	case len(d.Missions) == 0:
		return nil, fmt.Errorf("%s: no missions", name)
	}
	for i, m := range d.Missions {
		if m.Number != i+1 {
			return nil, fmt.Errorf("%s: mission %d: numbers must run 1, 2, 3… in order", name, i+1)
		}
		if m.HourglassMarkers < 0 || m.Jokers < 0 {
			return nil, fmt.Errorf("%s: mission %d: hourglassMarkers and jokers cannot be negative", name, m.Number)
		}
	}
	return &d, nil
}

// Default is the shipped data, read once; a test checks the file.
var Default = assets.Shipped("marsmaze", ParseData)
