package aquasphere

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"boardside/assets"
)

// Data is assets/games/aquasphere.json: the track and the scoring values.
type Data struct {
	Schema int    `json:"schema"`
	Game   string `json:"game"`
	Source string `json:"source"`
	// BGGID is the game's number on BoardGameGeek, by which BG Stats
	// knows the game of a recorded play; 0 when it is not known.
	BGGID       int    `json:"bggId,omitempty"`
	BGGIDSource string `json:"bggIdSource,omitempty"`
	Track       struct {
		Lap      int   `json:"lap"`
		RedLines []int `json:"redLines"` // field numbers within a lap; the line lies just before the field
	} `json:"track"`
	Majority struct {
		Sole int `json:"sole"`
		Tied int `json:"tied"`
	} `json:"majority"`
	Final struct {
		AllSubmarines  int `json:"allSubmarines"`
		FiveExtensions int `json:"fiveExtensions"`
	} `json:"final"`
}

// ParseData reads and checks a data file; errors name the file and field.
func ParseData(name string, b []byte) (*Data, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var d Data
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("%s: not a valid data file: %w", name, err)
	}
	switch {
	case d.Schema != 1:
		return nil, fmt.Errorf("%s: schema %d is not known (expected 1)", name, d.Schema)
	case d.Game != "aquasphere":
		return nil, fmt.Errorf("%s: game is %q, expected \"aquasphere\"", name, d.Game)
	case d.BGGID < 0:
		return nil, fmt.Errorf("%s: bggId %d is not a BoardGameGeek number (0 when not known)", name, d.BGGID)
	case d.Track.Lap < 2:
		return nil, fmt.Errorf("%s: track.lap must be at least 2", name)
	}
	for _, r := range d.Track.RedLines {
		if r < 1 || r >= d.Track.Lap {
			return nil, fmt.Errorf("%s: track.redLines: %d is not a field between 1 and %d", name, r, d.Track.Lap-1)
		}
	}
	if !slices.IsSorted(d.Track.RedLines) {
		return nil, fmt.Errorf("%s: track.redLines: list them in order along the track", name)
	}
	return &d, nil
}

// Default is the shipped data, read once; a test checks the file.
var Default = assets.Shipped("aquasphere", ParseData)
