package plays

import (
	"encoding/hex"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// evening is when the test plays happen, in the device's own time zone so
// that dates read the same wherever the tests run.
var evening = time.Date(2026, 11, 21, 20, 0, 0, 0, time.Local)

func score(n int) *int { return &n }

// coopPlay is a game of Magic Maze on Mars the table won.
func coopPlay() Play {
	return Play{
		ID:          "3f2a9c0e5b7d41e8a6c2f09d1b3e5a77",
		Game:        "marsmaze",
		GameName:    "Magic Maze on Mars",
		Start:       evening,
		End:         evening.Add(23*time.Minute + 40*time.Second),
		Cooperative: true,
		Won:         true,
		Result:      "Mission accomplished with 0:40 of sand left",
		Board:       "Mission 3",
		Details:     []Detail{{"Flips", "7"}, {"Sand left", "0:40"}},
		Players: []Player{
			{Name: "Anna", StartPlayer: true},
			{Name: "Ben"},
			{Name: "Clara"},
		},
		Location: "Kitchen table",
	}
}

// scoredPlay is a game of AquaSphere that Ben won on points.
func scoredPlay() Play {
	return Play{
		ID:       "9b1d4e6f80a2c3b5d7e9f1a3c5e7b9d1",
		Game:     "aquasphere",
		GameName: "AquaSphere",
		BGGID:    152470,
		Start:    evening.Add(-3 * time.Hour),
		End:      evening.Add(-3*time.Hour + 97*time.Minute),
		Result:   "Ben wins with 61 points",
		Details:  []Detail{{"Rounds", "4"}},
		Players: []Player{
			{Name: "Anna", Score: score(54), Rank: 2, StartPlayer: true},
			{Name: "Ben Okafor", Score: score(61), Winner: true, Rank: 1},
			{Name: "Clara", Score: score(33), Rank: 3},
		},
		Comments: "First game with the new track",
	}
}

func TestNewID_Is128RandomBitsInHex(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := NewID()
		require.Len(t, id, 32)
		b, err := hex.DecodeString(id)
		require.NoError(t, err)
		require.Len(t, b, 16)
		require.False(t, seen[id], "no two IDs alike")
		seen[id] = true
	}
}

func TestDuration_IsNeverNegative(t *testing.T) {
	tests := []struct {
		name       string
		start, end time.Time
		want       time.Duration
	}{
		{"a game", evening, evening.Add(47 * time.Minute), 47 * time.Minute},
		{"end before start", evening, evening.Add(-time.Minute), 0},
		{"no start", time.Time{}, evening, 0},
		{"no end", evening, time.Time{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Play{Start: tt.start, End: tt.end}.Duration())
		})
	}
}
