package adele

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
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

// TestJoin_TheCrewsTapsReachTheHost taps the crew's actions on a joined
// board: each changes the game on ADELE's tablet.
func TestJoin_TheCrewsTapsReachTheHost(t *testing.T) {
	s := companion.New(ad.Rules, ad.New(), timers.System{})
	require.NoError(t, s.Dispatch(&ad.SetUpGame{Players: 4, Ship: "phobos"}))
	env := newTestEnv(t)
	u := env.Start(t)
	q := gametest.JoinHosted(t, u, Game(), s, "Phobos · 4 players")
	st := func() *ad.State { return s.View().State.(*ad.State) }

	test.Tap(apptest.Button(t, u.Current, "Emergency phase"))
	assert.True(t, st().EmergencyDone, "the emergency phase was played on the host")

	rolls := len(st().Rolls)
	test.Tap(apptest.Button(t, u.Current, "Roll the D20"))
	assert.Len(t, st().Rolls, rolls+1, "the D20 was rolled on the host")
	q.Until(t, func() bool { return strings.Contains(strings.Join(apptest.Texts(u.Current), "\n"), "D20: ") })
	u.ShowHome()
}
