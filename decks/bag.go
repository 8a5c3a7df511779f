package decks

import (
	"errors"
	"fmt"
	"maps"
	"slices"
)

// ErrBagEmpty is returned when drawing from an empty bag.
var ErrBagEmpty = errors.New("the bag is empty")

// Bag holds tokens by kind ("black", "white", "red"). Drawing blind picks
// each token with equal chance; looking in lets a player choose a kind.
// It is plain data, generator included.
type Bag struct {
	In      map[string]int `json:"in"`      // in the bag, by kind
	Removed map[string]int `json:"removed"` // out of the game, by kind
	Rng     *Rand          `json:"rng"`
}

// NewBag fills a bag.
func NewBag(contents map[string]int, rng *Rand) *Bag {
	return &Bag{In: maps.Clone(contents), Removed: map[string]int{}, Rng: rng}
}

// Len is the number of tokens in the bag.
func (b *Bag) Len() int {
	n := 0
	for _, c := range b.In {
		n += c
	}
	return n
}

// kinds lists the kinds in a fixed order, so a draw depends only on the
// generator, not on map iteration.
func (b *Bag) kinds() []string {
	return slices.Sorted(maps.Keys(b.In))
}

// DrawBlind takes a random token out of the bag and returns its kind.
func (b *Bag) DrawBlind() (string, error) {
	n := b.Len()
	if n == 0 {
		return "", ErrBagEmpty
	}
	pick := b.Rng.IntN(n)
	for _, k := range b.kinds() {
		if pick < b.In[k] {
			b.In[k]--
			return k, nil
		}
		pick -= b.In[k]
	}
	panic("bag counts changed during a draw")
}

// Take takes a token of the chosen kind (the player looked in the bag).
func (b *Bag) Take(kind string) error {
	if b.In[kind] <= 0 {
		return fmt.Errorf("there is no %s token in the bag", kind)
	}
	b.In[kind]--
	return nil
}

// PutBack returns a token to the bag.
func (b *Bag) PutBack(kind string) { b.In[kind]++ }

// RemoveFromGame records a drawn token as out of the game.
func (b *Bag) RemoveFromGame(kind string) {
	if b.Removed == nil {
		b.Removed = map[string]int{}
	}
	b.Removed[kind]++
}
