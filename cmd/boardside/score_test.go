package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion/aquasphere"
)

// The three games in testdata were worked out by hand, with the shipped
// track (red lines before fields 10, 20, 30 and 40 of each 50-field lap).
func TestScore_GamesWorkedOutByHand(t *testing.T) {
	tests := []struct {
		sheet  string
		rounds [][]int // knowledge points after each interim scoring
		lines  [][]string
		final  []int
		places []int
	}{
		{
			sheet: "aquasphere-game1.json",
			// Anna: 0→9; 9→18 paying the line at 10 with a crystal; 18→19 stopped
			// before 20; 19→20 with her last crystal. Ben: 3; 7; 7→21 paying 10
			// and 20 with crystals; −9 held at the line before 20.
			rounds: [][]int{{9, 3}, {18, 7}, {19, 21}, {20, 20}},
			lines:  [][]string{{"", ""}, {"10:crystal", ""}, {"20:stopped", "10:crystal 20:crystal"}, {"20:crystal", ""}},
			final:  []int{33, 36},
			places: []int{2, 1},
		},
		{
			sheet:  "aquasphere-game2.json",
			rounds: [][]int{{51, 51, 36}},
			lines:  [][]string{{"", "", ""}},
			final:  []int{54, 54, 54},
			places: []int{1, 1, 3}, // Eva has fewer control fields; Cleo and Dan tie on crystals too
		},
		{
			sheet:  "aquasphere-game3.json",
			rounds: [][]int{{33, 5, 1, 5}, {41, 11, 0, 35}},
			lines:  [][]string{{"10:crystal 20:crystal 30:crystal", "", "", ""}, {"40:crystal", "10:bot", "", "10:crystal 20:crystal 30:crystal"}},
			final:  []int{61, 14, 1, 63},
			places: []int{2, 3, 4, 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.sheet, func(t *testing.T) {
			var out bytes.Buffer
			require.NoError(t, score([]string{"aquasphere", "--json", filepath.Join("testdata", tt.sheet)}, &out))
			var rep aquasphere.Report
			require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
			require.Len(t, rep.Rounds, len(tt.rounds))
			for r, want := range tt.rounds {
				for i, x := range rep.Rounds[r] {
					assert.Equal(t, want[i], x.To, "round %d, %s", r+1, rep.Players[i].Name)
					got := ""
					for j, l := range x.RedLines {
						if j > 0 {
							got += " "
						}
						got += itoa(l.At) + ":" + string(l.Way)
					}
					assert.Equal(t, tt.lines[r][i], got, "red lines in round %d, %s", r+1, rep.Players[i].Name)
				}
			}
			for i, x := range rep.Final {
				assert.Equal(t, tt.final[i], x.To, rep.Players[i].Name)
				assert.Equal(t, tt.places[i], x.Place, rep.Players[i].Name)
			}

			// Each player's breakdown adds up to the ranking's total.
			for i := range rep.Players {
				assert.Equal(t, rep.Final[i].To, rep.Breakdown(i).Total(), "%s's breakdown", rep.Players[i].Name)
			}

			// The text report says the same for people: each round's points are
			// what the counter moved, the ranking's totals are the final scoring's.
			out.Reset()
			require.NoError(t, score([]string{"aquasphere", filepath.Join("testdata", tt.sheet)}, &out))
			text := out.String()
			assert.Contains(t, text, "Ranking")
			rounds := regexp.MustCompile(`(?m)^  (\w+) +(-?\d+) points? \(.*\) \| (\d+) → (\d+)`).FindAllStringSubmatch(text, -1)
			require.Len(t, rounds, len(tt.rounds)*len(rep.Players), text)
			for _, m := range rounds {
				assert.Equal(t, atoi(t, m[4])-atoi(t, m[3]), atoi(t, m[2]), m[0])
			}
			ranking := regexp.MustCompile(`(?m)^  (\d+)\. (\w+), (\d+) knowledge points?`).FindAllStringSubmatch(text, -1)
			require.Len(t, ranking, len(rep.Players), text)
			for _, m := range ranking {
				i := slices.IndexFunc(rep.Players, func(p aquasphere.Player) bool { return p.Name == m[2] })
				require.GreaterOrEqual(t, i, 0, m[0])
				assert.Equal(t, rep.Final[i].To, atoi(t, m[3]), m[0])
				assert.Equal(t, rep.Final[i].Place, atoi(t, m[1]), m[0])
			}
			assert.NotRegexp(t, `(^|[^\d])1 (knowledge )?points`, text, "one point is \"1 point\"")
		})
	}
}

// TestScore_TextReport: game 1 (worked out by hand above) as people read it.
func TestScore_TextReport(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, score([]string{"aquasphere", filepath.Join("testdata", "aquasphere-game1.json")}, &out))
	text := out.String()
	assert.Contains(t, text, "Anna       9 points (majority 6, supply 2, crystals 1, octopods 0) | 0 → 9 | +1 time marker\n",
		"the time marker stands apart from the knowledge points")
	assert.Contains(t, text, "Anna       1 point (majority 0, supply 3, crystals 0, octopods 0, red lines -2) | 18 → 19 | red line at 20: stopped\n",
		"3 scored, 2 of them stopped before the line at 20")
	assert.Contains(t, text, "Ben        -1 point (majority 0, supply 0, crystals 1, octopods -2) | 21 → 20 | goes back no further than 20: octopods took 2 of 10\n",
		"1 − T(4) = −9 held at the line before 20")
	assert.Contains(t, text, "  2. Anna, 33 knowledge points (42 gained, -7 by octopods, -2 stopped at red lines)\n")
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	require.NoError(t, err, s)
	return n
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestScore_MalformedSheetsNameTheField(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, sheet, want string }{
		{"one player", `{"players":[{"name":"A"}]}`, "players: AquaSphere is for 2 to 4 players, the sheet has 1"},
		{"missing entry", `{"players":[{"name":"A"},{"name":"B"}],"rounds":[[{}]]}`, "rounds[0]: needs one entry per player (2), has 1"},
		{"negative", `{"players":[{"name":"A"},{"name":"B"}],"rounds":[[{},{"crystals":-2}]]}`, "rounds[0]: player 2: crystals cannot be negative"},
		{"unknown field", `{"players":[{"name":"A"},{"name":"B"}],"bonus":3}`, `unknown field "bonus"`},
		{"no name", `{"players":[{"name":"A"},{}]}`, "players[1].name: every player needs a name"},
		{"not JSON", `{players`, "the sheet is not valid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "sheet.json")
			require.NoError(t, os.WriteFile(path, []byte(tt.sheet), 0o644))
			err := score([]string{"aquasphere", path}, &bytes.Buffer{})
			require.Error(t, err)
			assert.True(t, errors.Is(err, errUsage), "exit status 2")
			assert.Contains(t, err.Error(), tt.want)
		})
	}
	err := score([]string{"chess", "x.json"}, &bytes.Buffer{})
	assert.ErrorIs(t, err, errUsage)
}

// FuzzReadSheet: no input makes the sheet decoder panic, and a sheet it
// accepts can be scored without panicking.
func FuzzReadSheet(f *testing.F) {
	for _, name := range []string{"aquasphere-game1.json", "aquasphere-game2.json", "aquasphere-game3.json"} {
		b, _ := os.ReadFile(filepath.Join("testdata", name))
		f.Add(b)
	}
	f.Add([]byte(`{"players":[{"name":"A"},{"name":"B"}],"rounds":[[{"octopods":[99]},{}]]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := aquasphere.ReadSheet(bytes.NewReader(b))
		if err != nil {
			return
		}
		_, _ = aquasphere.Default().Score(s)
	})
}
