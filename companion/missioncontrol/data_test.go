package missioncontrol

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/assets"
)

func TestShippedData(t *testing.T) {
	b, err := assets.GameData(Game)
	require.NoError(t, err)
	d, err := ParseData("missioncontrol.json", b)
	require.NoError(t, err)
	assert.Equal(t, 20*time.Minute, d.Length())
	for id, want := range map[string]int{"easy": 6, "normal": 8, "hard": 10} {
		x, ok := d.Difficulty(id)
		require.True(t, ok, id)
		assert.Equal(t, want, x.Oxygen, id)
	}
	assert.Len(t, d.AIDeck.Cards, 35, "rule: 35 AI cards")
	assert.Len(t, d.UnlockDeck.Cards, 8, "rule: 8 unlock cards")
	assert.Equal(t, map[string]int{"black": 4, "white": 4, "red": 2}, d.Bag.Contents, "rule: 4 black, 4 white, 2 red")
	assert.Len(t, d.Setups.Entries, 6)
	assert.True(t, strings.HasPrefix(d.AIDeck.Source, "generated, not the printed deck"))
	assert.True(t, strings.HasPrefix(d.UnlockDeck.Source, "default"))
	assert.True(t, strings.HasPrefix(d.Setups.Source, "default"))
	assert.Zero(t, d.BGGID, "BoardGameGeek's number was not found")
	assert.True(t, strings.HasPrefix(d.BGGIDSource, "default"), "and the file says so")
	kinds := map[string]int{}
	for _, c := range d.UnlockDeck.Cards {
		kinds[c.Kind]++
	}
	assert.Equal(t, map[string]int{"yellow": 2, "blue": 2, "green": 2, "redX": 2}, kinds)
}

// mutate returns the shipped data with one change, as JSON.
func mutate(t *testing.T, change func(d *Data)) []byte {
	t.Helper()
	d := *Default()
	b, err := json.Marshal(d)
	require.NoError(t, err)
	var c Data
	require.NoError(t, json.Unmarshal(b, &c))
	change(&c)
	out, err := json.Marshal(c)
	require.NoError(t, err)
	return out
}

func TestParseData_RefusesBadFilesNamingCardAndField(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"not JSON", []byte(`[`), "missioncontrol.json: not a valid data file"},
		{"unknown field", []byte(`{"schema":1,"colour":"red"}`), `missioncontrol.json: not a valid data file: json: unknown field "colour"`},
		{"wrong schema", mutate(t, func(d *Data) { d.Schema = 9 }), "missioncontrol.json: schema 9 is not known (expected 1)"},
		{"negative BoardGameGeek number", mutate(t, func(d *Data) { d.BGGID = -1 }), "missioncontrol.json: bggId -1 is not a BoardGameGeek number (0 when not known)"},
		{"die out of range", mutate(t, func(d *Data) { d.AIDeck.Cards[6].Cologne.Die = 7 }), `missioncontrol.json: AI card 7 ("AI-07"): cologne.die: 7 is not a die value (1 to 6)`},
		{"unknown shape", mutate(t, func(d *Data) { d.AIDeck.Cards[0].Houston.Shapes = []string{"L", "O"} }), `AI card 1 ("AI-01"): houston.shapes: "O" is not L, J, S, Z or T`},
		{"one shape only", mutate(t, func(d *Data) { d.AIDeck.Cards[1].Houston.Shapes = []string{"L"} }), `AI card 2 ("AI-02"): houston.shapes: needs two shapes`},
		{"unknown grid", mutate(t, func(d *Data) { d.AIDeck.Cards[2].Bengaluru.Squares = [][]string{{"A"}, {"Q"}} }), `AI card 3 ("AI-03"): bengaluru.squares: "Q" is not grid A, B, X or Y`},
		{"column too big", mutate(t, func(d *Data) { d.AIDeck.Cards[3].Cologne.Columns = []int{2, 6} }), `AI card 4 ("AI-04"): cologne.columns: 6 is not a column size (2 to 5)`},
		{"star for nobody", mutate(t, func(d *Data) { d.AIDeck.Cards[4].Houston.Star = "moon" }), `AI card 5 ("AI-05"): houston.star: "moon" is not a role`},
		{"duplicate id", mutate(t, func(d *Data) { d.AIDeck.Cards[5].ID = "AI-01" }), `AI card 6 ("AI-01"): id: every card needs its own id`},
		{"unknown unlock", mutate(t, func(d *Data) { d.UnlockDeck.Cards[2].Kind = "purple" }), `unlock card 3 ("U3"): kind: "purple" is not yellow, blue, green or redX`},
		{"empty bag", mutate(t, func(d *Data) { d.Bag.Contents = map[string]int{"red": 0} }), "bag: contents: the bag is empty"},
		{"setups out of order", mutate(t, func(d *Data) { d.Setups.Entries[1].Number = 5 }), "setup 2: number: setups must be numbered 1, 2, 3… in order"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseData("missioncontrol.json", tt.data)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// FuzzParseData: no input makes the loader panic, and whatever it accepts
// is valid and survives a round trip.
func FuzzParseData(f *testing.F) {
	b, _ := assets.GameData(Game)
	f.Add(b)
	f.Add([]byte(`{"schema":1,"game":"missioncontrol","minutes":20}`))
	f.Add([]byte(`{"aiDeck":{"cards":[{"id":"x","houston":{"die":0}}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseData("fuzz.json", data)
		if err != nil {
			return
		}
		require.NoError(t, d.Validate())
		again, err := json.Marshal(d)
		require.NoError(t, err)
		_, err = ParseData("fuzz.json", again)
		require.NoError(t, err)
	})
}
