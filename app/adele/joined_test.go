package adele

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/companion"
	ad "boardside/companion/adele"
	"boardside/timers"
)

// TestJoin_ShowsWhatTheQuickViewerShowsBesideTheBoard joins an ADELE table
// before its host has set the game up, then follows the set-up: the line
// under the bar says what the quick viewer (assets/web/adele.js) says
// beside the board: the host at the set-up, then the ship, the players and
// the counts of the game.
func TestJoin_ShowsWhatTheQuickViewerShowsBesideTheBoard(t *testing.T) {
	s := companion.New(ad.Rules, ad.New(), timers.System{})
	env := newTestEnv(t)
	u := env.Start(t)
	q := gametest.JoinHosted(t, u, Game(), s, "The host is setting the game up…")
	shown := func() string { return strings.Join(apptest.Texts(u.Current), "\n") }

	require.NoError(t, s.Dispatch(&ad.SetUpGame{Players: 4, Ship: "phobos"}))
	st := s.View().State.(*ad.State)
	p := ad.Public(st).(ad.PublicState)
	q.Until(t, func() bool { return strings.Contains(shown(), "Phobos · 4 players") })
	for _, want := range []string{
		"Emergency cards left: " + strconv.Itoa(p.CardsLeft),
		"Impact markers left: " + strconv.Itoa(p.ImpactsLeft),
		"Rounds played: 0",
	} {
		assert.Contains(t, shown(), want)
	}
	assert.NotContains(t, shown(), "setting the game up")
	u.ShowHome()
}
