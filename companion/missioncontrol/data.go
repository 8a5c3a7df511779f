package missioncontrol

import (
	"fmt"
	"slices"
	"time"

	"boardside/assets"
)

// Mission Control's roles. The AI deck can play any of the last three.
const (
	Astronaut = "astronaut"
	Houston   = "houston"
	Bengaluru = "bengaluru"
	Cologne   = "cologne"
)

// ControlRoles are the Mission Control roles, in table order.
var ControlRoles = []string{Houston, Bengaluru, Cologne}

// Unlock card kinds.
const (
	UnlockYellow = "yellow"
	UnlockBlue   = "blue"
	UnlockGreen  = "green"
	UnlockRedX   = "redX" // no container may move
)

// Difficulty is one row of the rulebook's difficulty table.
type Difficulty struct {
	ID     string `json:"id"`
	Oxygen int    `json:"oxygen"`
}

// Part is one role's part of an AI card.
type Part struct {
	// Die: if a rolled die shows this value, Mission Control must keep it.
	Die int `json:"die"`
	// Shapes are Houston's two tetrominoes (L, J, S, Z, T).
	Shapes []string `json:"shapes,omitempty"`
	// Squares are Bengaluru's two squares, each naming grids (A, B, X, Y).
	Squares [][]string `json:"squares,omitempty"`
	// Columns are Cologne's two column sizes (2 to 5).
	Columns []int `json:"columns,omitempty"`
	// Star names the role this part gives a star to, if any.
	Star string `json:"star,omitempty"`
}

// AICard is one card of the AI deck.
type AICard struct {
	ID        string `json:"id"`
	Houston   Part   `json:"houston"`
	Bengaluru Part   `json:"bengaluru"`
	Cologne   Part   `json:"cologne"`
}

// Part returns the card's part for a Mission Control role.
func (c AICard) Part(role string) Part {
	switch role {
	case Houston:
		return c.Houston
	case Bengaluru:
		return c.Bengaluru
	default:
		return c.Cologne
	}
}

// UnlockCard is one card of the unlock deck.
type UnlockCard struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
}

// Setup is one row of the starting-setup table.
type Setup struct {
	Number     int               `json:"number"`
	Containers map[string]string `json:"containers"` // colour → position such as "L5"
}

// Data is the game data file assets/games/missioncontrol.json, or the
// owner's own copy of it.
type Data struct {
	Schema int    `json:"schema"`
	Game   string `json:"game"`
	Source string `json:"source"`
	// BGGID is the game's number on BoardGameGeek, by which BG Stats
	// knows the game of a recorded play; 0 when it is not known.
	BGGID        int          `json:"bggId,omitempty"`
	BGGIDSource  string       `json:"bggIdSource,omitempty"`
	Minutes      int          `json:"minutes"`
	Difficulties []Difficulty `json:"difficulties"`
	AIDeck       struct {
		Source string   `json:"source"`
		Cards  []AICard `json:"cards"`
	} `json:"aiDeck"`
	UnlockDeck struct {
		Source string       `json:"source"`
		Cards  []UnlockCard `json:"cards"`
	} `json:"unlockDeck"`
	Bag struct {
		Source   string         `json:"source"`
		Contents map[string]int `json:"contents"`
	} `json:"bag"`
	Setups struct {
		Source  string  `json:"source"`
		Entries []Setup `json:"entries"`
	} `json:"setups"`
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

// AICard returns the AI card with this ID.
func (d *Data) AICard(id string) (AICard, bool) {
	i := slices.IndexFunc(d.AIDeck.Cards, func(c AICard) bool { return c.ID == id })
	if i < 0 {
		return AICard{}, false
	}
	return d.AIDeck.Cards[i], true
}

// UnlockCard returns the unlock card with this ID.
func (d *Data) UnlockCard(id string) (UnlockCard, bool) {
	i := slices.IndexFunc(d.UnlockDeck.Cards, func(c UnlockCard) bool { return c.ID == id })
	if i < 0 {
		return UnlockCard{}, false
	}
	return d.UnlockDeck.Cards[i], true
}

// Setup returns setup n (1–6).
func (d *Data) Setup(n int) (Setup, bool) {
	i := slices.IndexFunc(d.Setups.Entries, func(s Setup) bool { return s.Number == n })
	if i < 0 {
		return Setup{}, false
	}
	return d.Setups.Entries[i], true
}

// ParseData reads and checks a data file. Every problem names the file,
// the card (or row) and the field, so an owner editing their copy finds it.
func ParseData(name string, b []byte) (*Data, error) {
	return assets.Decode(name, b, (*Data).Validate)
}

// Validate checks the data's rules; errors name the card and field. The
// checks go in the file's order and the first problem found is reported.
func (d *Data) Validate() error {
	if err := d.checkGame(); err != nil {
		return err
	}
	if err := d.checkDifficulties(); err != nil {
		return err
	}
	seen := map[string]bool{} // card IDs: one card each, across both decks
	if err := d.checkAIDeck(seen); err != nil {
		return err
	}
	if err := d.checkUnlockDeck(seen); err != nil {
		return err
	}
	if err := d.checkBag(); err != nil {
		return err
	}
	return d.checkSetups()
}

// checkGame checks the file is Mission Control's, with a playable length.
func (d *Data) checkGame() error {
	switch {
	case d.Schema != 1:
		return fmt.Errorf("schema %d is not known (expected 1)", d.Schema)
	case d.Game != Game:
		return fmt.Errorf("game is %q, expected %q", d.Game, Game)
	case d.BGGID < 0:
		return fmt.Errorf("bggId %d is not a BoardGameGeek number (0 when not known)", d.BGGID)
	case d.Minutes < 1 || d.Minutes > 120:
		return fmt.Errorf("minutes %d must be between 1 and 120", d.Minutes)
	}
	return nil
}

// checkDifficulties checks there are difficulties, each with its target.
func (d *Data) checkDifficulties() error {
	if len(d.Difficulties) == 0 {
		return fmt.Errorf("no difficulties")
	}
	for i, x := range d.Difficulties {
		if x.ID == "" || x.Oxygen < 1 {
			return fmt.Errorf("difficulty %d needs an id and an oxygen target of at least 1", i+1)
		}
	}
	return nil
}

// checkAIDeck checks every AI card: its own id and each role's part.
func (d *Data) checkAIDeck(seen map[string]bool) error {
	if len(d.AIDeck.Cards) == 0 {
		return fmt.Errorf("the AI deck has no cards")
	}
	for i, c := range d.AIDeck.Cards {
		card := fmt.Sprintf("AI card %d (%q)", i+1, c.ID)
		if err := claimID(seen, card, c.ID); err != nil {
			return err
		}
		if err := checkPart(card, Houston, c.Houston); err != nil {
			return err
		}
		if err := checkPart(card, Bengaluru, c.Bengaluru); err != nil {
			return err
		}
		if err := checkPart(card, Cologne, c.Cologne); err != nil {
			return err
		}
	}
	return nil
}

// checkUnlockDeck checks every unlock card: its own id and a known kind.
func (d *Data) checkUnlockDeck(seen map[string]bool) error {
	if len(d.UnlockDeck.Cards) == 0 {
		return fmt.Errorf("the unlock deck has no cards")
	}
	for i, c := range d.UnlockDeck.Cards {
		card := fmt.Sprintf("unlock card %d (%q)", i+1, c.ID)
		if err := claimID(seen, card, c.ID); err != nil {
			return err
		}
		if !slices.Contains([]string{UnlockYellow, UnlockBlue, UnlockGreen, UnlockRedX}, c.Kind) {
			return fmt.Errorf("%s: kind: %q is not yellow, blue, green or redX", card, c.Kind)
		}
	}
	return nil
}

// claimID records a card's id in seen: every card of both decks needs its
// own.
func claimID(seen map[string]bool, card, id string) error {
	if id == "" || seen[id] {
		return fmt.Errorf("%s: id: every card needs its own id", card)
	}
	seen[id] = true
	return nil
}

// checkBag checks the bag holds half-valves, none counted below zero.
func (d *Data) checkBag() error {
	total := 0
	for kind, n := range d.Bag.Contents {
		if n < 0 {
			return fmt.Errorf("bag: contents: %s cannot be negative", kind)
		}
		total += n
	}
	if total == 0 {
		return fmt.Errorf("bag: contents: the bag is empty")
	}
	return nil
}

// checkSetups checks the setups are numbered 1, 2, 3… and place containers.
func (d *Data) checkSetups() error {
	for i, s := range d.Setups.Entries {
		if s.Number != i+1 {
			return fmt.Errorf("setup %d: number: setups must be numbered 1, 2, 3… in order", i+1)
		}
		if len(s.Containers) == 0 {
			return fmt.Errorf("setup %d: containers: none given", s.Number)
		}
	}
	return nil
}

func checkPart(card, role string, p Part) error {
	if p.Die < 1 || p.Die > 6 {
		return fmt.Errorf("%s: %s.die: %d is not a die value (1 to 6)", card, role, p.Die)
	}
	if p.Star != "" && !slices.Contains([]string{Astronaut, Houston, Bengaluru, Cologne}, p.Star) {
		return fmt.Errorf("%s: %s.star: %q is not a role", card, role, p.Star)
	}
	switch role {
	case Houston:
		if len(p.Shapes) != 2 {
			return fmt.Errorf("%s: houston.shapes: needs two shapes", card)
		}
		for _, s := range p.Shapes {
			if !slices.Contains([]string{"L", "J", "S", "Z", "T"}, s) {
				return fmt.Errorf("%s: houston.shapes: %q is not L, J, S, Z or T", card, s)
			}
		}
	case Bengaluru:
		if len(p.Squares) != 2 {
			return fmt.Errorf("%s: bengaluru.squares: needs two squares", card)
		}
		for _, sq := range p.Squares {
			if len(sq) == 0 {
				return fmt.Errorf("%s: bengaluru.squares: a square names no grid", card)
			}
			for _, g := range sq {
				if !slices.Contains([]string{"A", "B", "X", "Y"}, g) {
					return fmt.Errorf("%s: bengaluru.squares: %q is not grid A, B, X or Y", card, g)
				}
			}
		}
	case Cologne:
		if len(p.Columns) != 2 {
			return fmt.Errorf("%s: cologne.columns: needs two column sizes", card)
		}
		for _, c := range p.Columns {
			if c < 2 || c > 5 {
				return fmt.Errorf("%s: cologne.columns: %d is not a column size (2 to 5)", card, c)
			}
		}
	}
	return nil
}

// Default is the shipped data, read once; a test checks the file.
var Default = assets.Shipped(Game, ParseData)
