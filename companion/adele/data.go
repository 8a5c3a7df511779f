package adele

import (
	"fmt"
	"slices"
	"strconv"

	"boardside/assets"
)

// Game is the identifier used in save files and data files.
const Game = "adele"

// Obstacle types, as printed on the console.
const (
	Spy             = "spy"
	DoorLocked      = "doorLocked"
	OxygenLoss      = "oxygenLoss"
	Fire            = "fire"
	Darkness        = "darkness"
	ComputerFailure = "computerFailure"
)

// ObstacleTypes are the obstacle types in console order.
var ObstacleTypes = []string{Spy, DoorLocked, OxygenLoss, Fire, Darkness, ComputerFailure}

// Emergency kinds.
const (
	Stress          = "stress"
	SystemFailure   = "systemFailure"
	CourseDeviation = "courseDeviation"
	Silence         = "silence"
	Impact          = "impact"
)

// Anomalies whose effect Boardside applies.
const (
	AlarmTerminalsOff = "alarmTerminalsOff" // the alarm terminals cannot be used
	TargetedAttack    = "targetedAttack"    // an obstacle in the emergency's sector
)

// EmergencyKinds are the five kinds of emergency card.
var EmergencyKinds = []string{Stress, SystemFailure, CourseDeviation, Silence, Impact}

// Sectors are the ship's five sector colours.
var Sectors = []string{"yellow", "blue", "red", "green", "grey"}

// Rooms is the number of rooms of each ship (the D20 picks one).
const Rooms = 20

// AnomalyCost is the energy ADELE pays to bring an anomaly into play.
const AnomalyCost = 5

// HandSize is how many ADELE cards she draws back up to.
const HandSize = 4

// Card is one ADELE card: two rooms, or a special card with a text and a cost.
type Card struct {
	ID    string `json:"id"`
	Rooms []int  `json:"rooms,omitempty"`
	// Special cards have a name, a text and an energy cost.
	Name string `json:"name,omitempty"`
	Text string `json:"text,omitempty"`
	Cost int    `json:"cost,omitempty"`
	// Place is the special card's placement rule (see Placement); ADELE
	// pays the obstacle's slot cost as well as the card's.
	Place *Placement `json:"place,omitempty"`
	// Places is how data files before Place said a card places any
	// obstacle in any room; still read.
	Places bool `json:"places,omitempty"`
	// Marked cards ("!") are removed at setup.
	Marked bool `json:"marked,omitempty"`
}

// Special reports whether the card is a special card rather than two rooms.
func (c Card) Special() bool { return len(c.Rooms) == 0 }

// EmergencyCard is one emergency card.
type EmergencyCard struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Sector is the coloured hexagon (for the targeted-attack anomaly).
	Sector string `json:"sector"`
	// Symbols are the anomalies this card triggers when they are in play.
	Symbols []string `json:"symbols,omitempty"`
}

// Anomaly is one of the six anomaly tiles.
type Anomaly struct {
	ID string `json:"id"`
	// Sectors: ADELE removes one placed obstacle from each to bring it in.
	Sectors []string `json:"sectors"`
}

// Console is one side of ADELE's console.
type Console struct {
	// Players are the player counts this side is for.
	Players     []int `json:"players"`
	EnergyStart int   `json:"energyStart"`
	Income      int   `json:"income"`
	// Slots are the energy costs of each obstacle type's slots, left to right.
	Slots map[string][]int `json:"slots"`
}

// Ship is the Deimos or the Phobos.
type Ship struct {
	ID string `json:"id"`
	// Sectors gives each room's sector colour; Sectors[0] is room 1.
	Sectors []string `json:"sectors"`
	// Terminals names the terminal in a room, by room number.
	Terminals map[string]string `json:"terminals"`
	Airlocks  []int             `json:"airlocks"`
	// AlarmTerminals are the two rooms where the alarm terminals start.
	AlarmTerminals []int `json:"alarmTerminals"`
	// Doors are the door frames, each joining two rooms: the rooms that
	// are next to each other.
	Doors [][2]int `json:"doors,omitempty"`
}

// Data is the game data file assets/games/adele.json, or an owner's copy.
type Data struct {
	Schema int    `json:"schema"`
	Game   string `json:"game"`
	Source string `json:"source"`
	// BGGID is the game's number on BoardGameGeek, by which BG Stats
	// knows the game of a recorded play; 0 when it is not known.
	BGGID       int    `json:"bggId,omitempty"`
	BGGIDSource string `json:"bggIdSource,omitempty"`
	Cards       struct {
		Source string `json:"source"`
		Cards  []Card `json:"cards"`
	} `json:"cards"`
	Emergencies struct {
		Source string          `json:"source"`
		Cards  []EmergencyCard `json:"cards"`
	} `json:"emergencies"`
	Obstacles struct {
		Source string         `json:"source"`
		Counts map[string]int `json:"counts"`
	} `json:"obstacles"`
	Consoles struct {
		Source string    `json:"source"`
		Sides  []Console `json:"sides"`
		// PerRound is how many obstacles ADELE draws each round, by crew size.
		PerRound map[string]int `json:"perRound"`
	} `json:"consoles"`
	Anomalies struct {
		Source    string    `json:"source"`
		Anomalies []Anomaly `json:"anomalies"`
	} `json:"anomalies"`
	Ships struct {
		Source string `json:"source"`
		Ships  []Ship `json:"ships"`
	} `json:"ships"`
	// Rounds is where the round marker starts, by player count.
	Rounds struct {
		Source string         `json:"source"`
		Start  map[string]int `json:"start"`
	} `json:"rounds"`
}

// Card returns the ADELE card with this ID.
func (d *Data) Card(id string) (Card, bool) {
	return find(d.Cards.Cards, id, func(c Card) string { return c.ID })
}

// Emergency returns the emergency card with this ID.
func (d *Data) Emergency(id string) (EmergencyCard, bool) {
	return find(d.Emergencies.Cards, id, func(c EmergencyCard) string { return c.ID })
}

// Anomaly returns the anomaly with this ID.
func (d *Data) Anomaly(id string) (Anomaly, bool) {
	return find(d.Anomalies.Anomalies, id, func(a Anomaly) string { return a.ID })
}

// Ship returns the ship with this ID.
func (d *Data) Ship(id string) (Ship, bool) {
	return find(d.Ships.Ships, id, func(s Ship) string { return s.ID })
}

// Console returns the console side for a player count.
func (d *Data) Console(players int) (Console, bool) {
	i := slices.IndexFunc(d.Consoles.Sides, func(c Console) bool { return slices.Contains(c.Players, players) })
	if i < 0 {
		return Console{}, false
	}
	return d.Consoles.Sides[i], true
}

// PerRound is how many obstacles ADELE draws each round with this many players.
func (d *Data) PerRound(players int) int { return d.Consoles.PerRound[strconv.Itoa(players-1)] }

// StartRound is where the round marker starts with this many players.
func (d *Data) StartRound(players int) int { return d.Rounds.Start[strconv.Itoa(players)] }

func find[T any](xs []T, id string, key func(T) string) (T, bool) {
	i := slices.IndexFunc(xs, func(x T) bool { return key(x) == id })
	if i < 0 {
		var zero T
		return zero, false
	}
	return xs[i], true
}

// ParseData reads and checks a data file. Every problem names the file,
// the card (or row) and the field, so an owner editing their copy finds it.
func ParseData(name string, b []byte) (*Data, error) {
	return assets.Decode(name, b, (*Data).Validate)
}

// Validate checks the data's rules; errors name the card and field.
func (d *Data) Validate() error {
	switch {
	case d.Schema != 1:
		return fmt.Errorf("schema %d is not known (expected 1)", d.Schema)
	case d.Game != Game:
		return fmt.Errorf("game is %q, expected %q", d.Game, Game)
	case d.BGGID < 0:
		return fmt.Errorf("bggId %d is not a BoardGameGeek number (0 when not known)", d.BGGID)
	}
	if err := d.validateCards(); err != nil {
		return err
	}
	if err := d.validateEmergencies(); err != nil {
		return err
	}
	total := 0
	for _, t := range ObstacleTypes {
		n := d.Obstacles.Counts[t]
		if n < 0 {
			return fmt.Errorf("obstacles: counts.%s cannot be negative", t)
		}
		total += n
	}
	for t := range d.Obstacles.Counts {
		if !slices.Contains(ObstacleTypes, t) {
			return fmt.Errorf("obstacles: counts: %q is not an obstacle type", t)
		}
	}
	if total == 0 {
		return fmt.Errorf("obstacles: counts: the bag would be empty")
	}
	if err := d.validateConsoles(); err != nil {
		return err
	}
	if err := d.validateAnomalies(); err != nil {
		return err
	}
	if err := d.validateShips(); err != nil {
		return err
	}
	for p := 2; p <= 5; p++ {
		if r := d.StartRound(p); r < 1 || r > 30 {
			return fmt.Errorf("rounds: start.%d: %d must be a round from 1 to 30", p, r)
		}
	}
	return nil
}

func (d *Data) validateCards() error {
	seen := map[string]bool{}
	marked := 0
	for i, c := range d.Cards.Cards {
		card := fmt.Sprintf("ADELE card %d (%q)", i+1, c.ID)
		if c.ID == "" || seen[c.ID] {
			return fmt.Errorf("%s: id: every card needs its own id", card)
		}
		seen[c.ID] = true
		if c.Marked {
			marked++
		}
		if c.Special() {
			if c.Name == "" || c.Cost < 0 {
				return fmt.Errorf("%s: a special card needs a name and a cost of 0 or more", card)
			}
			if err := d.validatePlacement(card, c); err != nil {
				return err
			}
			continue
		}
		if len(c.Rooms) != 2 || c.Rooms[0] == c.Rooms[1] {
			return fmt.Errorf("%s: rooms: a card shows two different rooms", card)
		}
		for _, r := range c.Rooms {
			if r < 1 || r > Rooms {
				return fmt.Errorf("%s: rooms: %d is not a room (1 to %d)", card, r, Rooms)
			}
		}
	}
	if marked != 2 {
		return fmt.Errorf("ADELE cards: %d are marked \"!\", the game has 2", marked)
	}
	if len(d.Cards.Cards) < HandSize+2 {
		return fmt.Errorf("ADELE cards: %d are too few for a hand of %d", len(d.Cards.Cards), HandSize)
	}
	return nil
}

func (d *Data) validateEmergencies() error {
	seen := map[string]bool{}
	for i, c := range d.Emergencies.Cards {
		card := fmt.Sprintf("emergency card %d (%q)", i+1, c.ID)
		switch {
		case c.ID == "" || seen[c.ID]:
			return fmt.Errorf("%s: id: every card needs its own id", card)
		case !slices.Contains(EmergencyKinds, c.Kind):
			return fmt.Errorf("%s: kind: %q is not stress, systemFailure, courseDeviation, silence or impact", card, c.Kind)
		case !slices.Contains(Sectors, c.Sector):
			return fmt.Errorf("%s: sector: %q is not yellow, blue, red, green or grey", card, c.Sector)
		}
		seen[c.ID] = true
		for _, s := range c.Symbols {
			if _, ok := d.Anomaly(s); !ok {
				return fmt.Errorf("%s: symbols: %q is not an anomaly", card, s)
			}
		}
	}
	if len(d.Emergencies.Cards) < 2 {
		return fmt.Errorf("emergency cards: the deck needs at least 2 cards")
	}
	return nil
}

func (d *Data) validateConsoles() error {
	for p := 2; p <= 5; p++ {
		c, ok := d.Console(p)
		if !ok {
			return fmt.Errorf("consoles: no side for %d players", p)
		}
		if c.EnergyStart < 0 || c.Income < 0 {
			return fmt.Errorf("consoles: the side for %d players: energy cannot be negative", p)
		}
		for _, t := range ObstacleTypes {
			if len(c.Slots[t]) == 0 {
				return fmt.Errorf("consoles: the side for %d players: slots.%s: no slots", p, t)
			}
			for _, cost := range c.Slots[t] {
				if cost < 0 {
					return fmt.Errorf("consoles: the side for %d players: slots.%s: a cost cannot be negative", p, t)
				}
			}
		}
		if n := d.PerRound(p); n < 1 {
			return fmt.Errorf("consoles: perRound.%d: ADELE draws at least 1 obstacle a round", p-1)
		}
	}
	return nil
}

func (d *Data) validateAnomalies() error {
	seen := map[string]bool{}
	for i, a := range d.Anomalies.Anomalies {
		name := fmt.Sprintf("anomaly %d (%q)", i+1, a.ID)
		if a.ID == "" || seen[a.ID] {
			return fmt.Errorf("%s: id: every anomaly needs its own id", name)
		}
		seen[a.ID] = true
		if len(a.Sectors) == 0 {
			return fmt.Errorf("%s: sectors: none given", name)
		}
		for _, s := range a.Sectors {
			if !slices.Contains(Sectors, s) {
				return fmt.Errorf("%s: sectors: %q is not yellow, blue, red, green or grey", name, s)
			}
		}
	}
	if len(d.Anomalies.Anomalies) < 4 {
		return fmt.Errorf("anomalies: ADELE puts 4 on her console; the data has %d", len(d.Anomalies.Anomalies))
	}
	return nil
}

func (d *Data) validateShips() error {
	if len(d.Ships.Ships) == 0 {
		return fmt.Errorf("ships: none given")
	}
	for _, s := range d.Ships.Ships {
		name := fmt.Sprintf("ship %q", s.ID)
		if len(s.Sectors) != Rooms {
			return fmt.Errorf("%s: sectors: %d rooms given, a ship has %d", name, len(s.Sectors), Rooms)
		}
		for i, c := range s.Sectors {
			if !slices.Contains(Sectors, c) {
				return fmt.Errorf("%s: sectors: room %d: %q is not a sector colour", name, i+1, c)
			}
		}
		if len(s.AlarmTerminals) != 2 || s.AlarmTerminals[0] == s.AlarmTerminals[1] {
			return fmt.Errorf("%s: alarmTerminals: two different rooms", name)
		}
		for _, r := range append(slices.Clone(s.Airlocks), s.AlarmTerminals...) {
			if r < 1 || r > Rooms {
				return fmt.Errorf("%s: %d is not a room (1 to %d)", name, r, Rooms)
			}
		}
		for k := range s.Terminals {
			if r, err := strconv.Atoi(k); err != nil || r < 1 || r > Rooms {
				return fmt.Errorf("%s: terminals: %q is not a room (1 to %d)", name, k, Rooms)
			}
		}
		seen := map[[2]int]bool{}
		for _, d := range s.Doors {
			if d[0] < 1 || d[0] > Rooms || d[1] < 1 || d[1] > Rooms || d[0] == d[1] {
				return fmt.Errorf("%s: doors: %d–%d does not join two rooms (1 to %d)", name, d[0], d[1], Rooms)
			}
			key := [2]int{min(d[0], d[1]), max(d[0], d[1])}
			if seen[key] {
				return fmt.Errorf("%s: doors: %d–%d is given twice", name, d[0], d[1])
			}
			seen[key] = true
		}
	}
	return nil
}

// Sector is the colour of a room on this ship.
func (s Ship) Sector(room int) string {
	if room < 1 || room > len(s.Sectors) {
		return ""
	}
	return s.Sectors[room-1]
}

// Adjacent are the rooms a door frame joins to room, in order.
func (s Ship) Adjacent(room int) []int {
	var out []int
	for _, d := range s.Doors {
		switch room {
		case d[0]:
			out = append(out, d[1])
		case d[1]:
			out = append(out, d[0])
		}
	}
	slices.Sort(out)
	return out
}

// Terminal names the terminal in a room, "" if it has none.
func (s Ship) Terminal(room int) string { return s.Terminals[strconv.Itoa(room)] }

// Default is the shipped data, read once; a test checks the file.
var Default = assets.Shipped(Game, ParseData)
