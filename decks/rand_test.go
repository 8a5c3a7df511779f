package decks

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRand_JSONRoundTripContinuesSequence(t *testing.T) {
	g := NewSeededRand([32]byte{1, 2, 3})
	for range 17 {
		g.IntN(100) // move away from the seed's start
	}
	saved, err := json.Marshal(g)
	require.NoError(t, err)

	var want []int
	for range 20 {
		want = append(want, g.IntN(1000))
	}

	var restored Rand
	require.NoError(t, json.Unmarshal(saved, &restored))
	var got []int
	for range 20 {
		got = append(got, restored.IntN(1000))
	}
	assert.Equal(t, want, got)
}

func TestRand_UnseededGeneratorsDiffer(t *testing.T) {
	a, b := NewRand(), NewRand()
	same := true
	for range 8 {
		if a.IntN(1<<30) != b.IntN(1<<30) {
			same = false
		}
	}
	assert.False(t, same, "two crypto-seeded generators gave the same 8 numbers")
}

func TestRand_DieStaysInRange(t *testing.T) {
	g := NewSeededRand([32]byte{9})
	seen := map[int]bool{}
	for range 600 {
		v := g.Die(6)
		require.GreaterOrEqual(t, v, 1)
		require.LessOrEqual(t, v, 6)
		seen[v] = true
	}
	assert.Len(t, seen, 6)
}

func TestRand_RefusesBadState(t *testing.T) {
	var g Rand
	assert.Error(t, json.Unmarshal([]byte(`"bm90IGEgc3RhdGU="`), &g))
	assert.Error(t, json.Unmarshal([]byte(`null`), &g))
	assert.Error(t, json.Unmarshal([]byte(`42`), &g))
}
