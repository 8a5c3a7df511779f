package decks

import (
	crand "crypto/rand"
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

// Rand is a ChaCha8 generator whose whole state marshals to JSON, so a
// saved game (or an undo snapshot) continues the exact same sequence.
// The zero value is not usable: call NewRand or NewSeededRand.
type Rand struct {
	src *rand.ChaCha8
	r   *rand.Rand
}

// NewRand returns a generator seeded from crypto/rand.
func NewRand() *Rand {
	var seed [32]byte
	// crypto/rand.Read never returns an error on supported platforms.
	_, _ = crand.Read(seed[:])
	return NewSeededRand(seed)
}

// NewSeededRand returns a generator with a fixed seed, for tests.
func NewSeededRand(seed [32]byte) *Rand {
	src := rand.NewChaCha8(seed)
	return &Rand{src: src, r: rand.New(src)}
}

// IntN returns a uniform number in [0, n).
func (g *Rand) IntN(n int) int { return g.r.IntN(n) }

// Shuffle is an unbiased Fisher–Yates shuffle of n elements.
func (g *Rand) Shuffle(n int, swap func(i, j int)) { g.r.Shuffle(n, swap) }

// Die rolls a die with the given number of sides: 1..sides.
func (g *Rand) Die(sides int) int { return g.r.IntN(sides) + 1 }

// MarshalJSON stores the generator's full state.
func (g *Rand) MarshalJSON() ([]byte, error) {
	if g == nil || g.src == nil {
		return []byte("null"), nil
	}
	b, err := g.src.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save random generator: %w", err)
	}
	return json.Marshal(b) // base64 of the binary state
}

// UnmarshalJSON restores a state written by MarshalJSON.
func (g *Rand) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return fmt.Errorf("random generator state: %w", err)
	}
	if b == nil {
		return fmt.Errorf("random generator state is missing")
	}
	src := &rand.ChaCha8{}
	if err := src.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("random generator state: %w", err)
	}
	g.src, g.r = src, rand.New(src)
	return nil
}
