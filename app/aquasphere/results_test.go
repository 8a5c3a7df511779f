package aquasphere

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/gametest"
)

// number reads a shown number, minus sign included.
func number(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.Replace(s, "−", "-", 1))
	require.NoError(t, err, s)
	return n
}

// TestAquaSphere_BarsAgreeWithTheRanking plays a game where the red lines
// stop points, octopods take some, a red line holds a counter against
// them and time markers come in, and reads the screen as a player would:
// each bar's points are the ranking's, the winner tops both, and each
// round's line says the points the counter moved, "1 point" for one.
func TestAquaSphere_BarsAgreeWithTheRanking(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	u.Win.Resize(fyne.NewSize(1280, 800)) // every player's column side by side
	a := openAquaSphere(t, u)
	names := []string{"Anna", "Ben", "Cleo"}
	addPlayers(t, u, a, names...)
	require.Nil(t, a.picker, "the wide sheet")

	// Round 1. Anna: 14 from 0, no crystal, no bot: stopped before 10 at 9; 2 time markers.
	// Ben: 8 + T(2) = 11, the line at 10 paid with a crystal. Cleo: 6 + 3 − T(2) = 6; 1 time marker.
	tapPlus(t, a, 0, "freeNumber", 14)
	tapPlus(t, a, 0, "submarines", 2)
	tapPlus(t, a, 1, "freeNumber", 8)
	tapPlus(t, a, 1, "crystals", 2)
	tapPlus(t, a, 2, "controlBots", 1)
	tapPlus(t, a, 2, "freeNumber", 3)
	tapPlus(t, a, 2, "submarines", 1)
	a.setOctopods(2, "2")
	test.Tap(apptest.Button(t, u.Current, "Score interim scoring 1"))
	// Round 2. Anna: 1 from 9 stops before 10 again: 0. Ben: −T(4) = −10 from 11,
	// held at 10: −1. Cleo: 1 → 7.
	tapPlus(t, a, 0, "freeNumber", 1)
	a.setOctopods(1, "4")
	tapPlus(t, a, 2, "freeNumber", 1)
	test.Tap(apptest.Button(t, u.Current, "Score interim scoring 2"))
	test.Tap(apptest.Button(t, u.Current, "Score interim scoring 3"))
	test.Tap(apptest.Button(t, u.Current, "Score interim scoring 4"))
	// Final. Anna 9 + T(3) = 15; Ben 10 + T(3) = 16; Cleo 7 + 5 + 1 = 13.
	tapPlus(t, a, 0, "letters", 3)
	tapPlus(t, a, 1, "letters", 3)
	test.Tap(a.ticks["2/fiveExtensions"])
	tapPlus(t, a, 2, "timeMarkers", 1)
	test.Tap(apptest.Button(t, u.Current, "Score the final scoring"))

	texts := apptest.Texts(u.Current)
	shown := strings.Join(texts, "\n")

	// The ranking, as shown: "1. Ben: 16 (letters …".
	ranking := map[string]int{}
	var first string
	for _, m := range regexp.MustCompile(`(?m)^(\d+)\. (\w+): (\d+) \(letters`).FindAllStringSubmatch(shown, -1) {
		ranking[m[2]] = number(t, m[3])
		if first == "" {
			first = m[2]
		}
	}
	require.Len(t, ranking, len(names), shown)

	// Each bar's line starts with the points kept, which are the ranking's.
	require.Len(t, a.sums, len(names))
	best := ""
	for i, name := range names {
		sum := a.sums[i].Text
		assert.Contains(t, texts, sum, "%s's bar line is on screen", name)
		m := regexp.MustCompile(`^(−?\d+) points? `).FindStringSubmatch(sum + " ")
		require.NotNil(t, m, sum)
		assert.Equal(t, ranking[name], number(t, m[1]), "%s: the bar says %q, the ranking %d", name, sum, ranking[name])
		if best == "" || ranking[name] > ranking[best] {
			best = name
		}
	}
	assert.Contains(t, shown, "Winner: "+first, "the winner tops the ranking")
	assert.Equal(t, first, best, "and has the most points on the bars")
	assert.Equal(t, "Ben", first, "16 against Anna's 15: the red lines stopped 6 of her 21")
	assert.Equal(t, "15 points (21 gained, −6 stopped at red lines)", a.sums[0].Text)

	// Each round's line: its points are what the counter moved, and time
	// markers stand after the move, apart from them.
	lines := regexp.MustCompile(`(?m)^(\w+): (−?\d+) points? \(.*\); (\d+) → (\d+)(.*)$`).FindAllStringSubmatch(shown, -1)
	require.Len(t, lines, 4*len(names), shown)
	for _, m := range lines {
		assert.Equal(t, number(t, m[4])-number(t, m[3]), number(t, m[2]), "kept points: %s", m[0])
		assert.NotContains(t, m[0][:strings.Index(m[0], "→")], "time marker", m[0])
	}
	assert.Contains(t, shown, "Anna: 9 points (majority 0, supply 14, crystals 0, octopods 0, red lines −5); 0 → 9; red line at 10: stopped before it; +2 time markers")
	assert.Contains(t, shown, "Ben: −1 point (majority 0, supply 0, crystals 0, octopods −1); 11 → 10; the counter goes back no further than 10: octopods took 1 of 10")
	assert.Contains(t, shown, "Cleo: 1 point (majority 0, supply 1, crystals 0, octopods 0); 6 → 7")
	assert.Contains(t, shown, "; +1 time marker")
	assert.NotRegexp(t, `(^|[^\d])1 points`, shown, "one point is \"1 point\"")
}

// TestAquaSphere_OnePointInBothLanguages: one point, or one taken, is
// singular in English and German; other counts are plural.
func TestAquaSphere_OnePointInBothLanguages(t *testing.T) {
	for _, tt := range []struct {
		lang             string
		one, minus, many string
	}{
		{"en", "1 point", "−1 point", "2 points"},
		{"de", "1 Punkt", "−1 Punkt", "2 Punkte"},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			gametest.SetLanguage(t, tt.lang)
			assert.Equal(t, []string{tt.one, tt.minus, tt.many}, []string{points(1), points(-1), points(2)})
			assert.Equal(t, strings.Replace(tt.many, "2", "0", 1), points(0))
		})
	}
}
