package missioncontrol

import (
	"errors"
	"fmt"
	"slices"

	"boardside/decks"
)

// Errors players may see at the table, in plain words.
var (
	ErrNotAIRole      = errors.New("that role is not played by the AI deck")
	ErrAIRole         = errors.New("that role is played by the AI deck")
	ErrNoDice         = errors.New("roll the dice first")
	ErrDiceRolled     = errors.New("the dice of this turn are already rolled")
	ErrBadDice        = errors.New("three dice, each from 1 to 6, please")
	ErrAlreadyLocked  = errors.New("that role is already locked")
	ErrNotAllLocked   = errors.New("not every Mission Control player has locked yet")
	ErrNoSetup        = errors.New("there is no such starting setup; choose 1 to 6")
	ErrNoUnlockCards  = errors.New("the unlock deck is empty")
	ErrPeeking        = errors.New("first put back the unlock cards you are looking at")
	ErrNotPeeking     = errors.New("nobody is looking at unlock cards")
	ErrNotPeeked      = errors.New("choose one of the cards you are looking at")
	ErrPhysicalBag    = errors.New("this table uses the physical bag")
	ErrStarValve      = errors.New("first decide about the half-valve drawn for the star action")
	ErrNoStarValve    = errors.New("no half-valve was drawn for a star action")
	ErrUnknownRole    = errors.New("that is not a Mission Control role")
	ErrGameNotRunning = errors.New("start the timer first")
)

// Forced is a die the AI makes Mission Control keep.
type Forced struct {
	Role  string `json:"role"` // the AI role whose card part names the value
	Value int    `json:"value"`
}

// table is the turn rhythm, the decks and the bag: what Boardside keeps
// for the table besides the timer.
type table struct {
	AIRoles     []string    `json:"aiRoles"`
	Setup       int         `json:"setup"` // 1–6; 0 until chosen or rolled
	SetupRolled bool        `json:"setupRolled,omitempty"`
	Turn        int         `json:"turn"`
	Dice        []int       `json:"dice,omitempty"` // this turn's three dice
	Locked      []string    `json:"locked,omitempty"`
	AI          *decks.Deck `json:"ai"`
	Unlock      *decks.Deck `json:"unlock"`
	Peeking     []string    `json:"peeking,omitempty"` // the top unlock cards the astronaut looks at
	Bag         *decks.Bag  `json:"bag"`
	Taken       []string    `json:"taken,omitempty"`     // half-valves the astronaut took, in order
	StarValve   string      `json:"starValve,omitempty"` // drawn for a star action, to remove or return
	PhysicalBag bool        `json:"physicalBag,omitempty"`
	Rng         *decks.Rand `json:"rng"` // dice and setup rolls

	// data is where card IDs are looked up. It is not saved: the rules a
	// session decodes with set it (see NewRules).
	data *Data
}

// Data is the game data the cards come from.
func (t *table) Data() *Data {
	if t.data == nil {
		return Default()
	}
	return t.data
}

func newTable(d *Data) table {
	var ai, unlock []string
	for _, c := range d.AIDeck.Cards {
		ai = append(ai, c.ID)
	}
	for _, c := range d.UnlockDeck.Cards {
		unlock = append(unlock, c.ID)
	}
	aiDeck := decks.NewDeck(ai, decks.NewRand())
	aiDeck.ReshuffleDiscard = true // 35 cards rarely run out; if they do, play on
	return table{
		data:   d,
		Turn:   1,
		AI:     aiDeck,
		Unlock: decks.NewDeck(unlock, decks.NewRand()),
		Bag:    decks.NewBag(d.Bag.Contents, decks.NewRand()),
		Rng:    decks.NewRand(),
	}
}

// HumanRoles are the Mission Control roles played by people.
func (t *table) HumanRoles() []string {
	var out []string
	for _, r := range ControlRoles {
		if !slices.Contains(t.AIRoles, r) {
			out = append(out, r)
		}
	}
	return out
}

// AICard is the AI card revealed this turn, if any.
func (t *table) AICard() (AICard, bool) {
	if len(t.Dice) == 0 || len(t.AIRoles) == 0 {
		return AICard{}, false
	}
	id, ok := t.AI.Top()
	if !ok {
		return AICard{}, false
	}
	return t.Data().AICard(id)
}

// ForcedDice lists the rolled dice the AI makes Mission Control keep: for
// each AI role, its part's die value when a rolled die shows it.
func (t *table) ForcedDice() []Forced {
	card, ok := t.AICard()
	if !ok {
		return nil
	}
	var out []Forced
	for _, r := range ControlRoles {
		if !slices.Contains(t.AIRoles, r) {
			continue // parts of human roles are ignored
		}
		v := card.Part(r).Die
		if slices.Contains(t.Dice, v) {
			out = append(out, Forced{Role: r, Value: v})
		}
	}
	return out
}

// AllLocked reports whether every human Mission Control role has locked.
func (t *table) AllLocked() bool {
	for _, r := range t.HumanRoles() {
		if !slices.Contains(t.Locked, r) {
			return false
		}
	}
	return len(t.Dice) > 0
}

// SetupData is the chosen starting setup.
func (t *table) SetupData() (Setup, bool) { return t.Data().Setup(t.Setup) }

// RevealedUnlocks lists the unlock cards turned over so far, in order.
func (t *table) RevealedUnlocks() []UnlockCard {
	var out []UnlockCard
	for _, id := range t.Unlock.FaceUp {
		if c, ok := t.Data().UnlockCard(id); ok {
			out = append(out, c)
		}
	}
	return out
}

// setDice records this turn's dice and reveals the next AI card.
func (t *table) setDice(values []int) error {
	if len(t.Dice) > 0 {
		return ErrDiceRolled
	}
	if len(values) != 3 {
		return ErrBadDice
	}
	for _, v := range values {
		if v < 1 || v > 6 {
			return ErrBadDice
		}
	}
	if len(t.AIRoles) > 0 {
		t.AI.DiscardFaceUp()
		if _, err := t.AI.Reveal(); err != nil {
			return fmt.Errorf("the AI deck is empty: %w", err)
		}
	}
	t.Dice = slices.Clone(values)
	return nil
}

func (t *table) lock(role string) error {
	switch {
	case !slices.Contains(ControlRoles, role):
		return ErrUnknownRole
	case slices.Contains(t.AIRoles, role):
		return ErrAIRole
	case len(t.Dice) == 0:
		return ErrNoDice
	case slices.Contains(t.Locked, role):
		return ErrAlreadyLocked
	}
	t.Locked = append(t.Locked, role)
	return nil
}

func (t *table) nextTurn() error {
	if !t.AllLocked() {
		if len(t.Dice) == 0 {
			return ErrNoDice
		}
		return ErrNotAllLocked
	}
	t.Turn++
	t.Dice, t.Locked = nil, nil
	return nil
}

func (t *table) peek() error {
	if len(t.Peeking) > 0 {
		return ErrPeeking
	}
	top := t.Unlock.Peek(2)
	if len(top) == 0 {
		return ErrNoUnlockCards
	}
	t.Peeking = top
	return nil
}

func (t *table) arrange(top string) error {
	if len(t.Peeking) == 0 {
		return ErrNotPeeking
	}
	i := slices.Index(t.Peeking, top)
	if i < 0 {
		return ErrNotPeeked
	}
	var bottom []string
	for j, c := range t.Peeking {
		if j != i {
			bottom = append(bottom, c)
		}
	}
	if err := t.Unlock.Arrange([]string{top}, bottom); err != nil {
		return err
	}
	t.Peeking = nil
	return nil
}

func (t *table) bagReady() error {
	switch {
	case t.PhysicalBag:
		return ErrPhysicalBag
	case t.StarValve != "":
		return ErrStarValve
	}
	return nil
}
