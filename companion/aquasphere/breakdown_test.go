package aquasphere

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScore_BreakdownAddsUpToTheRanking: whatever the red lines stopped,
// octopods took or time markers brought, a player's breakdown adds up to
// the total the ranking shows, and the winner is the top of the ranking.
// Each row's breakdown is worked out by hand on the test track (red lines
// before 10, 20, 30 and 40 of each 50-field lap).
func TestScore_BreakdownAddsUpToTheRanking(t *testing.T) {
	tests := []struct {
		name  string
		sheet Sheet
		want  []Breakdown
	}{
		{name: "a red line the player cannot pay for stops the points, and can turn the order",
			sheet: Sheet{Players: []Player{{Name: "Anna"}, {Name: "Ben"}},
				Rounds: [][]Interim{{{FreeNumber: 15}, {FreeNumber: 9, Crystals: 1}}},
				Final:  []Final{{}, {}}},
			// Anna: 15 from 0 stops before the line at 10: 9. Ben: 9 + T(1) = 10, the line paid with his crystal.
			want: []Breakdown{{Supply: 15, RedLines: -6}, {Supply: 9, Crystals: 1}}},
		{name: "a red line paid with a crystal or a bot stops nothing",
			sheet: Sheet{Players: []Player{{Name: "Anna"}, {Name: "Ben"}},
				Rounds: [][]Interim{
					{{FreeNumber: 9, Crystals: 1}, {ControlBots: 1, FreeNumber: 2}},
					{{FreeNumber: 12, ProgrammedBots: 1}, {ControlBots: 1, FreeNumber: 1}},
				},
				Final: []Final{{}, {}}},
			// Anna: 9 + T(1) = 10, the line at 10 paid with the crystal; 12 → 22, the line at 20 paid with a bot.
			// Ben: 6 + 2 → 8; 6 + 1 = 7 from 8 stops before 10: 9, 6 points stopped.
			want: []Breakdown{{Supply: 21, Crystals: 1}, {Majority: 12, Supply: 3, RedLines: -6}}},
		{name: "octopods take their whole cost from a positive sum",
			sheet: Sheet{Players: []Player{{Name: "Anna"}, {Name: "Ben"}},
				Rounds: [][]Interim{{{ControlBots: 2, FreeNumber: 3, Octopods: []int{2, 1}}, {ControlBots: 1, FreeNumber: 7, Octopods: []int{3}}}},
				Final:  []Final{{}, {}}},
			// Anna: 6 + 3 − T(2) − T(1) = 5. Ben: 7 − T(3) = 1.
			want: []Breakdown{{Majority: 6, Supply: 3, Octopods: -4}, {Supply: 7, Octopods: -6}}},
		{name: "a negative sum takes the counter back no further than the last red line, nor below zero",
			sheet: Sheet{Players: []Player{{Name: "Anna"}, {Name: "Ben"}},
				Rounds: [][]Interim{
					{{FreeNumber: 9, Crystals: 1}, {FreeNumber: 5}},
					{{FreeNumber: 2, Octopods: []int{4}}, {Octopods: []int{2}}},
					{{}, {Octopods: []int{3}}},
				},
				Final: []Final{{}, {}}},
			// Anna: 10 past the line at 10; 2 − 10 = −8 held at 10: the octopods took the 2 she gained.
			// Ben: 5; −3 → 2; −6 held at 0: the octopods took 2 of 6.
			want: []Breakdown{{Supply: 11, Crystals: 1, Octopods: -2}, {Supply: 5, Octopods: -5}}},
		{name: "time markers of an interim scoring are no knowledge points, those of the final scoring are",
			sheet: Sheet{Players: []Player{{Name: "Anna"}, {Name: "Ben"}},
				Rounds: [][]Interim{{{Submarines: 3, FreeNumber: 2}, {FreeNumber: 4}}},
				Final:  []Final{{TimeMarkers: 3}, {}}},
			want: []Breakdown{{Supply: 2, Final: 3}, {Supply: 4}}},
		{name: "knowledge points before round 1 count, and laps carry on past 50",
			sheet: Sheet{Players: []Player{{Name: "Anna", Start: 45}, {Name: "Ben", Start: 3}},
				Rounds: [][]Interim{{{FreeNumber: 10, Crystals: 6}, {FreeNumber: 6}}},
				Final:  []Final{{Letters: 2, AllSubmarines: true}, {Letters: 4, FiveExtensions: true}}},
			// Anna: 10 + T(6) = 31 from 45 pays the lines at 60 and 70: 76; T(2) + 5 = 8 → 84.
			// Ben: 3 + 6 = 9; T(4) + 5 = 15 → 24.
			want: []Breakdown{{Start: 45, Supply: 10, Crystals: 21, Final: 8}, {Start: 3, Supply: 6, Final: 15}}},
		{name: "players level on points are ranked by control fields, then crystals",
			sheet: Sheet{Players: []Player{{Name: "Anna"}, {Name: "Ben"}, {Name: "Cleo"}},
				Rounds: [][]Interim{{{FreeNumber: 12}, {FreeNumber: 9}, {FreeNumber: 5, Crystals: 1}}},
				Final:  []Final{{ControlFields: 1}, {ControlFields: 2}, {Letters: 2}}},
			// All three have 9: Anna's 12 stopped before 10, Ben's 9, Cleo's 6 + T(2).
			want: []Breakdown{{Supply: 12, RedLines: -3}, {Supply: 9}, {Supply: 5, Crystals: 1, Final: 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := track().Score(&tt.sheet)
			require.NoError(t, err)
			require.Len(t, rep.Final, len(tt.sheet.Players))
			totals := make([]int, len(rep.Players))
			for i := range rep.Players {
				b := rep.Breakdown(i)
				assert.Equal(t, tt.want[i], b, rep.Players[i].Name)
				assert.Equal(t, rep.Final[i].To, b.Total(), "%s: the breakdown adds up to the ranking's total", rep.Players[i].Name)
				assert.LessOrEqual(t, b.Octopods, 0)
				assert.LessOrEqual(t, b.RedLines, 0)
				totals[i] = b.Total()
			}
			// The ranking reads in the order of the totals, and the winner is its top.
			order := make([]int, len(rep.Final))
			for i := range order {
				order[i] = i
			}
			slices.SortStableFunc(order, func(a, b int) int { return rep.Final[a].Place - rep.Final[b].Place })
			for k := 1; k < len(order); k++ {
				assert.GreaterOrEqual(t, totals[order[k-1]], totals[order[k]], "place %d has no fewer points than place %d", k, k+1)
			}
			winners := rep.Winners()
			require.NotEmpty(t, winners)
			assert.Equal(t, order[0], winners[0], "the winner is the top of the ranking")
			for _, w := range winners {
				assert.Equal(t, 1, rep.Final[w].Place)
				assert.Equal(t, slices.Max(totals), totals[w], "%s has the most points", rep.Players[w].Name)
			}
		})
	}
}

// TestScore_EachRoundsPartsAddUpToWhatTheCounterMoved: a round's parts are
// what the player kept from it, not the sum before the counter moved.
func TestScore_EachRoundsPartsAddUpToWhatTheCounterMoved(t *testing.T) {
	tests := []struct {
		name      string
		from      int
		entry     Interim
		kept      int
		held      int
		octopods  int
		stoppedBy int
	}{
		{name: "nothing in the way", from: 0, entry: Interim{FreeNumber: 4}, kept: 4},
		{name: "stopped before a red line", from: 8, entry: Interim{FreeNumber: 5}, kept: 1, stoppedBy: -4},
		{name: "octopods take all of their cost from a positive sum", from: 0, entry: Interim{FreeNumber: 5, Octopods: []int{2}}, kept: 2, octopods: -3},
		{name: "held at the last red line", from: 23, entry: Interim{Octopods: []int{4}}, kept: -3, held: 7, octopods: -3},
		{name: "held at zero", from: 2, entry: Interim{FreeNumber: 1, Octopods: []int{3}}, kept: -2, held: 3, octopods: -3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := track().ScoreInterim([]int{tt.from}, []Interim{tt.entry})
			require.NoError(t, err)
			x := r[0]
			assert.Equal(t, tt.kept, x.Kept())
			assert.Equal(t, tt.held, x.Held())
			p := x.Parts()
			assert.Equal(t, tt.octopods, p.Octopods)
			assert.Equal(t, tt.stoppedBy, p.RedLines)
			assert.Equal(t, x.Kept(), p.Total(), "the parts add up to what the counter moved")
		})
	}
}
