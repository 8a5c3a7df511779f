package decks

import (
	"errors"
	"fmt"
	"slices"
)

// Errors a player may see, in plain words.
var (
	ErrEmpty     = errors.New("the draw pile is empty")
	ErrNoFaceUp  = errors.New("no card is face up")
	ErrNotInPile = errors.New("that card is not in the draw pile")
)

// Deck is a pile of cards named by ID: a face-down draw pile, the cards
// turned face up, a discard pile and the cards removed from the game. It
// is plain data (its generator included), so undo and restore never
// re-shuffle. Draw[0] is the top of the pile.
type Deck struct {
	Draw    []string `json:"draw"`
	FaceUp  []string `json:"faceUp"` // in the order revealed; the last is on top
	Discard []string `json:"discard"`
	Removed []string `json:"removed"`
	// ReshuffleDiscard shuffles the discard pile back in when the draw
	// pile runs out (a rule option: some games end instead).
	ReshuffleDiscard bool  `json:"reshuffleDiscard"`
	Rng              *Rand `json:"rng"`
}

// NewDeck returns a shuffled deck of cards with its own generator.
func NewDeck(cards []string, rng *Rand) *Deck {
	d := &Deck{Draw: slices.Clone(cards), Rng: rng}
	d.Shuffle()
	return d
}

// Shuffle shuffles the draw pile.
func (d *Deck) Shuffle() {
	d.Rng.Shuffle(len(d.Draw), func(i, j int) { d.Draw[i], d.Draw[j] = d.Draw[j], d.Draw[i] })
}

// refill shuffles the discard pile back in when the rule allows it.
func (d *Deck) refill() error {
	if len(d.Draw) > 0 {
		return nil
	}
	if !d.ReshuffleDiscard || len(d.Discard) == 0 {
		return ErrEmpty
	}
	d.Draw, d.Discard = d.Discard, nil
	d.Shuffle()
	return nil
}

// Take removes the top card from the draw pile and returns it.
func (d *Deck) Take() (string, error) {
	if err := d.refill(); err != nil {
		return "", err
	}
	c := d.Draw[0]
	d.Draw = d.Draw[1:]
	return c, nil
}

// Reveal turns the top card face up and returns it.
func (d *Deck) Reveal() (string, error) {
	c, err := d.Take()
	if err != nil {
		return "", err
	}
	d.FaceUp = append(d.FaceUp, c)
	return c, nil
}

// Top is the face-up card on top, if any.
func (d *Deck) Top() (string, bool) {
	if len(d.FaceUp) == 0 {
		return "", false
	}
	return d.FaceUp[len(d.FaceUp)-1], true
}

// DiscardFaceUp moves every face-up card to the discard pile.
func (d *Deck) DiscardFaceUp() {
	d.Discard = append(d.Discard, d.FaceUp...)
	d.FaceUp = nil
}

// Peek returns the top n cards of the draw pile without moving them
// (fewer when the pile is shorter).
func (d *Deck) Peek(n int) []string {
	return slices.Clone(d.Draw[:min(n, len(d.Draw))])
}

// PutTop puts cards on top of the draw pile; the first given ends on top.
func (d *Deck) PutTop(cards ...string) {
	d.Draw = append(slices.Clone(cards), d.Draw...)
}

// PutBottom puts cards under the draw pile; the last given ends at the bottom.
func (d *Deck) PutBottom(cards ...string) {
	d.Draw = append(d.Draw, cards...)
}

// Arrange takes the top len(top)+len(bottom) cards and puts them back:
// top on top in the given order, bottom at the bottom. The cards must be
// exactly those on top, in any order.
func (d *Deck) Arrange(top, bottom []string) error {
	n := len(top) + len(bottom)
	if n > len(d.Draw) {
		return fmt.Errorf("only %d cards are in the draw pile", len(d.Draw))
	}
	have := slices.Clone(d.Draw[:n])
	want := append(slices.Clone(top), bottom...)
	slices.Sort(have)
	slices.Sort(want)
	if !slices.Equal(have, want) {
		return errors.New("those are not the cards on top of the draw pile")
	}
	rest := d.Draw[n:]
	d.Draw = append(append(slices.Clone(top), rest...), bottom...)
	return nil
}

// Remove takes one card out of the game, from wherever it is.
func (d *Deck) Remove(card string) error {
	for _, pile := range []*[]string{&d.Draw, &d.FaceUp, &d.Discard} {
		if i := slices.Index(*pile, card); i >= 0 {
			*pile = slices.Delete(slices.Clone(*pile), i, i+1)
			d.Removed = append(d.Removed, card)
			return nil
		}
	}
	return fmt.Errorf("card %q is not in this deck", card)
}

// Counts says how many cards are in each pile.
func (d *Deck) Counts() (draw, faceUp, discard, removed int) {
	return len(d.Draw), len(d.FaceUp), len(d.Discard), len(d.Removed)
}
