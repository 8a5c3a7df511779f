package aquasphere

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/assets"
)

// track is a known track for the rule tests: red lines before 10, 20, 30, 40.
func track() *Data {
	d := &Data{Schema: 1, Game: "aquasphere"}
	d.Track.Lap, d.Track.RedLines = 50, []int{10, 20, 30, 40}
	d.Majority.Sole, d.Majority.Tied = 6, 3
	d.Final.AllSubmarines, d.Final.FiveExtensions = 5, 5
	return d
}

func TestTriangle(t *testing.T) {
	assert.Equal(t, []int{0, 1, 3, 6, 10, 15, 21}, []int{Triangle(0), Triangle(1), Triangle(2), Triangle(3), Triangle(4), Triangle(5), Triangle(6)})
}

func TestInterim_Lines(t *testing.T) {
	tests := []struct {
		name    string
		from    []int
		entries []Interim
		check   func(t *testing.T, r []InterimResult)
	}{
		{name: "one time marker per own submarine in the station", from: []int{0, 0},
			entries: []Interim{{Submarines: 3}, {}},
			check: func(t *testing.T, r []InterimResult) {
				assert.Equal(t, 3, r[0].TimeMarkers)
				assert.Equal(t, 0, r[1].TimeMarkers)
			}},
		{name: "sole majority scores 6", from: []int{0, 0, 0},
			entries: []Interim{{ControlBots: 3}, {ControlBots: 2}, {ControlBots: 0}},
			check: func(t *testing.T, r []InterimResult) {
				assert.Equal(t, []int{6, 0, 0}, []int{r[0].Majority, r[1].Majority, r[2].Majority})
			}},
		{name: "tie for most scores 3 each", from: []int{0, 0, 0},
			entries: []Interim{{ControlBots: 2}, {ControlBots: 2}, {ControlBots: 1}},
			check: func(t *testing.T, r []InterimResult) {
				assert.Equal(t, []int{3, 3, 0}, []int{r[0].Majority, r[1].Majority, r[2].Majority})
			}},
		{name: "no bots on control fields, no majority", from: []int{0, 0},
			entries: []Interim{{}, {}},
			check:   func(t *testing.T, r []InterimResult) { assert.Equal(t, 0, r[0].Majority+r[1].Majority) }},
		{name: "the largest free supply number scores itself", from: []int{0},
			entries: []Interim{{FreeNumber: 4}},
			check:   func(t *testing.T, r []InterimResult) { assert.Equal(t, 4, r[0].FreeNumber) }},
		{name: "crystals score T(n)", from: []int{0},
			entries: []Interim{{Crystals: 4}},
			check:   func(t *testing.T, r []InterimResult) { assert.Equal(t, 10, r[0].Crystals) }},
		{name: "crystals count at most 6", from: []int{0},
			entries: []Interim{{Crystals: 9}},
			check:   func(t *testing.T, r []InterimResult) { assert.Equal(t, 21, r[0].Crystals) }},
		{name: "octopods cost T(n) per sector with an own control bot", from: []int{20},
			entries: []Interim{{Octopods: []int{2, 3}}},
			check:   func(t *testing.T, r []InterimResult) { assert.Equal(t, -9, r[0].Octopods) }},
		{name: "octopods count at most 6 per sector", from: []int{40},
			entries: []Interim{{Octopods: []int{8}}},
			check:   func(t *testing.T, r []InterimResult) { assert.Equal(t, -21, r[0].Octopods) }},
		{name: "points are summed first, then the counter moves", from: []int{3},
			entries: []Interim{{ControlBots: 1, FreeNumber: 2, Crystals: 1, Octopods: []int{1}}},
			check: func(t *testing.T, r []InterimResult) {
				assert.Equal(t, 6+2+1-1, r[0].Points)
				assert.Equal(t, 11, r[0].To, "one move of 8, paying the line before 10 with the crystal")
				assert.Equal(t, []RedLine{{At: 10, Way: PaidCrystal}}, r[0].RedLines)
			}},
		{name: "a red line costs a crystal", from: []int{8},
			entries: []Interim{{FreeNumber: 5, Crystals: 2}},
			check: func(t *testing.T, r []InterimResult) {
				// 5 + T(2)=3 → 8 points: 8 → 16 past the line before 10.
				assert.Equal(t, 16, r[0].To)
				assert.Equal(t, 1, r[0].CrystalsLeft)
			}},
		{name: "without a crystal a programmed bot goes back", from: []int{8},
			entries: []Interim{{FreeNumber: 5, ProgrammedBots: 2}},
			check: func(t *testing.T, r []InterimResult) {
				assert.Equal(t, 13, r[0].To)
				assert.Equal(t, []RedLine{{At: 10, Way: PaidBot}}, r[0].RedLines)
				assert.Equal(t, 1, r[0].ProgrammedBotsLeft)
			}},
		{name: "with neither the counter stops before the line", from: []int{8},
			entries: []Interim{{FreeNumber: 5}},
			check: func(t *testing.T, r []InterimResult) {
				assert.Equal(t, 9, r[0].To)
				assert.Equal(t, []RedLine{{At: 10, Way: Stopped}}, r[0].RedLines)
			}},
		{name: "several lines in one move are paid one by one", from: []int{9},
			entries: []Interim{{FreeNumber: 6, Crystals: 1, ControlBots: 1, ProgrammedBots: 0}},
			check: func(t *testing.T, r []InterimResult) {
				// 6 + 1 + 6 = 13: 9 → 22 crosses 10 (crystal) and 20 (nothing left: stop at 19).
				assert.Equal(t, 19, r[0].To)
				assert.Equal(t, []RedLine{{At: 10, Way: PaidCrystal}, {At: 20, Way: Stopped}}, r[0].RedLines)
			}},
		{name: "a negative total never goes behind the previous red line", from: []int{23},
			entries: []Interim{{Octopods: []int{4}}},
			check:   func(t *testing.T, r []InterimResult) { assert.Equal(t, -10, r[0].Points); assert.Equal(t, 20, r[0].To) }},
		{name: "a negative total moves back freely above that line", from: []int{27},
			entries: []Interim{{Octopods: []int{2}}},
			check:   func(t *testing.T, r []InterimResult) { assert.Equal(t, 24, r[0].To) }},
		{name: "nobody goes below zero", from: []int{2},
			entries: []Interim{{Octopods: []int{3}}},
			check:   func(t *testing.T, r []InterimResult) { assert.Equal(t, 0, r[0].To) }},
		{name: "laps count 50 and red lines return each lap", from: []int{48},
			entries: []Interim{{FreeNumber: 6, ControlBots: 1, Crystals: 1}},
			check: func(t *testing.T, r []InterimResult) {
				// 6 + 6 + 1 = 13: 48 → 61 crosses the line before 60 (10 on lap 2).
				assert.Equal(t, 61, r[0].To)
				assert.Equal(t, []RedLine{{At: 60, Way: PaidCrystal}}, r[0].RedLines)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := track().ScoreInterim(tt.from, tt.entries)
			require.NoError(t, err)
			tt.check(t, r)
		})
	}
}

func TestInterim_RefusesImpossibleEntries(t *testing.T) {
	_, err := track().ScoreInterim([]int{0, 0}, []Interim{{}, {Crystals: -1}})
	assert.EqualError(t, err, "player 2: crystals cannot be negative")
	_, err = track().ScoreInterim([]int{0}, []Interim{{Octopods: []int{1, 1, 1, 1, 1, 1, 1}}})
	assert.EqualError(t, err, "player 1: octopods: there are only 6 sectors")
}

func TestFinal_Lines(t *testing.T) {
	tests := []struct {
		name  string
		entry Final
		want  int
	}{
		{"letters score T(distinct letters)", Final{Letters: 4}, 10},
		{"one point per time marker", Final{TimeMarkers: 7}, 7},
		{"all 6 submarines placed: +5", Final{AllSubmarines: true}, 5},
		{"a lab with 5 extensions: +5", Final{FiveExtensions: true}, 5},
		{"everything together", Final{Letters: 3, TimeMarkers: 2, AllSubmarines: true, FiveExtensions: true}, 6 + 2 + 5 + 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := track().ScoreFinal([]int{100}, []Final{tt.entry})
			require.NoError(t, err)
			assert.Equal(t, 100+tt.want, r[0].To)
		})
	}
}

func TestFinal_NoRedLineCosts(t *testing.T) {
	r, err := track().ScoreFinal([]int{38}, []Final{{Letters: 3}})
	require.NoError(t, err)
	assert.Equal(t, 44, r[0].To, "crosses the line before 40 for free")
}

func TestFinal_Ranking(t *testing.T) {
	tests := []struct {
		name    string
		from    []int
		entries []Final
		places  []int
	}{
		{"most knowledge points wins", []int{80, 90, 70}, []Final{{}, {}, {}}, []int{2, 1, 3}},
		{"a tie goes to more occupied control fields", []int{80, 80}, []Final{{ControlFields: 1}, {ControlFields: 2}}, []int{2, 1}},
		{"then to more crystals", []int{80, 80}, []Final{{ControlFields: 2, Crystals: 3}, {ControlFields: 2, Crystals: 1}}, []int{1, 2}},
		{"players still tied share the place", []int{80, 80, 60}, []Final{{ControlFields: 1, Crystals: 1}, {ControlFields: 1, Crystals: 1}, {}}, []int{1, 1, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := track().ScoreFinal(tt.from, tt.entries)
			require.NoError(t, err)
			var places []int
			for _, x := range r {
				places = append(places, x.Place)
			}
			assert.Equal(t, tt.places, places)
		})
	}
}

func TestShippedData(t *testing.T) {
	b, err := assets.GameData("aquasphere")
	require.NoError(t, err)
	d, err := ParseData("aquasphere.json", b)
	require.NoError(t, err)
	assert.Equal(t, 50, d.Track.Lap, "laps count 50")
	assert.Contains(t, d.Source, "default", "red lines are labelled a default")
	assert.Zero(t, d.BGGID, "BoardGameGeek's number was not found")
	assert.Contains(t, d.BGGIDSource, "default", "and the file says so")
	_, err = ParseData("x.json", []byte(`{"schema":1,"game":"aquasphere","bggId":-1,"track":{"lap":50}}`))
	assert.EqualError(t, err, "x.json: bggId -1 is not a BoardGameGeek number (0 when not known)")
	_, err = ParseData("x.json", []byte(`{"schema":1,"game":"aquasphere","track":{"lap":50,"redLines":[60]}}`))
	assert.EqualError(t, err, "x.json: track.redLines: 60 is not a field between 1 and 49")
}
