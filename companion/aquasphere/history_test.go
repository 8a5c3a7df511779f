package aquasphere

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHistory(t *testing.T) {
	day := time.Date(2026, 11, 21, 22, 0, 0, 0, time.UTC)
	rep := &Report{Players: []Player{{Name: "Anna"}, {Name: "Ben"}}, Final: []FinalResult{{To: 70, Place: 1}, {To: 64, Place: 2}}}
	h, err := ParseHistory(nil)
	require.NoError(t, err)

	assert.True(t, h.Record("g1", day, rep))
	assert.False(t, h.Record("g1", day, rep), "the same result twice is one entry")
	require.Len(t, h.Games, 1)
	assert.Equal(t, []FinalPlayer{{"Anna", 70, 1}, {"Ben", 64, 2}}, h.Games[0].Players)

	assert.True(t, h.Record("g2", day.Add(time.Hour), rep))
	assert.Equal(t, "g2", h.Games[0].ID, "newest first")

	assert.True(t, h.Record("g1", day, &Report{Players: rep.Players}), "an undone final scoring takes the game out")
	require.Len(t, h.Games, 1)

	b, err := json.Marshal(h)
	require.NoError(t, err)
	back, err := ParseHistory(b)
	require.NoError(t, err)
	assert.Equal(t, h, back)
	_, err = ParseHistory([]byte("{"))
	assert.Error(t, err)
}
