package aquasphere

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReport_CSVAndBreakdown(t *testing.T) {
	d := track()
	rep, err := d.Score(&Sheet{
		Players: []Player{{Name: "Anna"}, {Name: "Ben"}},
		Rounds:  [][]Interim{{{ControlBots: 1, FreeNumber: 2, Crystals: 1}, {FreeNumber: 12, Octopods: []int{1}}}},
		Final:   []Final{{Letters: 2}, {TimeMarkers: 1}},
	})
	require.NoError(t, err)

	var buf bytes.Buffer
	require.NoError(t, rep.WriteCSV(&buf))
	rows, err := csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 1+2+2)
	assert.Equal(t, []string{"Anna", "interim 1", "0", "6", "2", "1", "0", "", "", "", "9", "9", "0", "9", "", ""}, rows[1])
	assert.Equal(t, []string{"Ben", "interim 1", "0", "0", "12", "0", "-1", "", "", "", "11", "9", "0", "9", "10:stopped", ""}, rows[2],
		"no crystal, no bot: stopped before the line at 10, 9 of 11 kept")
	assert.Equal(t, "final", rows[3][1])
	assert.Equal(t, "1", rows[3][15], "Anna: 9 + T(2) = 12, ahead of Ben's 9 + 1")

	// The kept column adds up to each player's total.
	kept := map[string]int{}
	for _, row := range rows[1:] {
		n, err := strconv.Atoi(row[11])
		require.NoError(t, err)
		kept[row[0]] += n
	}
	assert.Equal(t, map[string]int{"Anna": rep.Final[0].To, "Ben": rep.Final[1].To}, kept)

	assert.Equal(t, Breakdown{Supply: 12, Octopods: -1, RedLines: -2, Final: 1}, rep.Breakdown(1),
		"Ben kept 9 of his 11 and gained 1 in the final scoring")
}
