package missioncontrol

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"boardside/assets"
)

// Difficulty is one row of the rulebook's difficulty table.
type Difficulty struct {
	ID     string `json:"id"`
	Oxygen int    `json:"oxygen"`
}

// Data is the game data file assets/games/missioncontrol.json.
type Data struct {
	Schema       int          `json:"schema"`
	Game         string       `json:"game"`
	Source       string       `json:"source"`
	Minutes      int          `json:"minutes"`
	Difficulties []Difficulty `json:"difficulties"`
}

// Length is the game's countdown.
func (d *Data) Length() time.Duration { return time.Duration(d.Minutes) * time.Minute }

// Difficulty returns the row with this ID.
func (d *Data) Difficulty(id string) (Difficulty, bool) {
	for _, x := range d.Difficulties {
		if x.ID == id {
			return x, true
		}
	}
	return Difficulty{}, false
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
	case d.Game != Game:
		return nil, fmt.Errorf("%s: game is %q, expected %q", name, d.Game, Game)
	case d.Minutes < 1 || d.Minutes > 120:
		return nil, fmt.Errorf("%s: minutes %d must be between 1 and 120", name, d.Minutes)
	case len(d.Difficulties) == 0:
		return nil, fmt.Errorf("%s: no difficulties", name)
	}
	for i, x := range d.Difficulties {
		if x.ID == "" || x.Oxygen < 1 {
			return nil, fmt.Errorf("%s: difficulty %d needs an id and an oxygen target of at least 1", name, i+1)
		}
	}
	return &d, nil
}

// Default is the shipped data, read once; a test checks the file.
var Default = sync.OnceValue(func() *Data {
	b, err := assets.GameData(Game)
	if err != nil {
		panic(err)
	}
	d, err := ParseData(Game+".json", b)
	if err != nil {
		panic(err)
	}
	return d
})
