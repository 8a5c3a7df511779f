package decks

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func seeded(b byte) *Rand { return NewSeededRand([32]byte{b}) }

func ordered(cards ...string) *Deck { return &Deck{Draw: cards, Rng: seeded(1)} }

func TestDeck_Reveal(t *testing.T) {
	d := ordered("a", "b", "c")
	c, err := d.Reveal()
	require.NoError(t, err)
	assert.Equal(t, "a", c, "the top card")
	top, ok := d.Top()
	assert.True(t, ok)
	assert.Equal(t, "a", top)
	draw, faceUp, _, _ := d.Counts()
	assert.Equal(t, 2, draw)
	assert.Equal(t, 1, faceUp)
}

func TestDeck_EmptyPile(t *testing.T) {
	tests := []struct {
		name      string
		reshuffle bool
		wantErr   error
		wantDraw  int
	}{
		{name: "without the rule option the deck is spent", reshuffle: false, wantErr: ErrEmpty},
		{name: "with it the discard pile is shuffled back in", reshuffle: true, wantDraw: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := ordered("a", "b")
			d.ReshuffleDiscard = tt.reshuffle
			_, _ = d.Reveal()
			_, _ = d.Reveal()
			d.DiscardFaceUp()
			_, err := d.Reveal()
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			draw, faceUp, discard, _ := d.Counts()
			assert.Equal(t, []int{tt.wantDraw, 1, 0}, []int{draw, faceUp, discard})
		})
	}
}

func TestDeck_PeekAndPut(t *testing.T) {
	d := ordered("a", "b", "c", "d")
	assert.Equal(t, []string{"a", "b"}, d.Peek(2))
	assert.Equal(t, []string{"a", "b", "c", "d"}, d.Peek(9), "peeking past the end shows what there is")
	assert.Equal(t, []string{"a", "b", "c", "d"}, d.Draw, "peeking moves nothing")

	d.PutTop("x", "y")
	d.PutBottom("z")
	assert.Equal(t, []string{"x", "y", "a", "b", "c", "d", "z"}, d.Draw)
}

func TestDeck_Arrange(t *testing.T) {
	tests := []struct {
		name        string
		top, bottom []string
		want        []string
		wantErr     string
	}{
		{name: "look at the top 2, one back on top, the other to the bottom", top: []string{"b"}, bottom: []string{"a"}, want: []string{"b", "c", "d", "a"}},
		{name: "both back on top in a chosen order", top: []string{"b", "a"}, want: []string{"b", "a", "c", "d"}},
		{name: "cards not on top are refused", top: []string{"c"}, bottom: []string{"a"}, wantErr: "those are not the cards on top of the draw pile"},
		{name: "more cards than the pile holds", top: []string{"a", "b", "c", "d", "e"}, wantErr: "only 4 cards are in the draw pile"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := ordered("a", "b", "c", "d")
			err := d.Arrange(tt.top, tt.bottom)
			if tt.wantErr != "" {
				assert.EqualError(t, err, tt.wantErr)
				assert.Equal(t, []string{"a", "b", "c", "d"}, d.Draw, "nothing moved")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, d.Draw)
		})
	}
}

func TestDeck_Remove(t *testing.T) {
	d := ordered("a", "b", "c")
	_, _ = d.Reveal()
	require.NoError(t, d.Remove("a"))
	require.NoError(t, d.Remove("c"))
	assert.Equal(t, []string{"b"}, d.Draw)
	assert.Empty(t, d.FaceUp)
	assert.Equal(t, []string{"a", "c"}, d.Removed)
	assert.EqualError(t, d.Remove("q"), `card "q" is not in this deck`)
}

// TestDeck_JSONRoundTripKeepsTheFuture: a restored deck shuffles the same.
func TestDeck_JSONRoundTripKeepsTheFuture(t *testing.T) {
	d := NewDeck([]string{"1", "2", "3", "4", "5", "6", "7", "8"}, seeded(4))
	saved, err := json.Marshal(d)
	require.NoError(t, err)
	d.Shuffle()

	var back Deck
	require.NoError(t, json.Unmarshal(saved, &back))
	back.Shuffle()
	assert.Equal(t, d.Draw, back.Draw)
}

func TestBag(t *testing.T) {
	b := NewBag(map[string]int{"black": 4, "white": 4, "red": 2}, seeded(2))
	assert.Equal(t, 10, b.Len())
	k, err := b.DrawBlind()
	require.NoError(t, err)
	assert.Contains(t, []string{"black", "white", "red"}, k)
	assert.Equal(t, 9, b.Len())

	require.NoError(t, b.Take("red"))
	assert.EqualError(t, b.Take("green"), "there is no green token in the bag")
	b.PutBack("red")
	b.RemoveFromGame(k)
	assert.Equal(t, 1, b.Removed[k])
	assert.Equal(t, 9, b.Len())

	empty := NewBag(map[string]int{"red": 1}, seeded(3))
	_, _ = empty.DrawBlind()
	_, err = empty.DrawBlind()
	assert.ErrorIs(t, err, ErrBagEmpty)
}
