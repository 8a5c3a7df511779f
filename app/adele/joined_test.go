package adele

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/companion"
	ad "boardside/companion/adele"
	"boardside/companion/plays"
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
	gametest.Sent(t, q, u, func() bool { return st().EmergencyDone }) // the emergency phase was played on the host

	rolls := len(st().Rolls)
	test.Tap(apptest.Button(t, u.Current, "Roll the D20"))
	gametest.Sent(t, q, u, func() bool { return len(st().Rolls) == rolls+1 }) // the D20 was rolled on the host
	assert.Len(t, st().Rolls, rolls+1, "one roll for one tap")
	q.Until(t, func() bool { return strings.Contains(strings.Join(apptest.Texts(u.Current), "\n"), "D20: ") })
	u.ShowHome()
}

// Issue 35: a crew member's joined app shows, at the game's end, the play
// ADELE's tablet recorded, its names and who played ADELE, and changes
// them on the tablet; nothing of ADELE's console shows, nor goes to BG
// Stats, since the joined app has the public state alone.
func TestJoin_TheEndShowsTheRecordAndNoSecret(t *testing.T) {
	env := newTestEnv(t)
	s := knownAdele(t, env, "2468")
	log, err := plays.Open(companion.Dir(t.TempDir()).Store(plays.FileName))
	require.NoError(t, err)
	require.NoError(t, log.Add(plays.Play{ID: "last", Game: ad.Game, End: apptest.Epoch.Add(-24 * time.Hour),
		Players: []plays.Player{{Name: "Anna", Role: ad.RoleCrew}, {Name: "Ben", Role: ad.RoleCrew}, {Name: "Cem", Role: ad.RoleAdele}}}))
	book := plays.NewBook(log, nil, func(err error) { t.Error(err) })
	book.RecordAtEnd = true
	book.Follow(s)
	defer book.Unfollow(s)
	u := env.Start(t)
	q := gametest.JoinHosted(t, u, Game(), s, "Deimos · 3 players")
	defer u.ShowHome()
	entries := func() []*widget.Entry { return apptest.Entries(u.Current) }
	assert.Empty(t, entries(), "no record while the game goes on")

	require.NoError(t, s.Dispatch(&ad.Finish{Winner: "crew"})) // on ADELE's tablet
	q.Until(t, func() bool { return len(entries()) == 3 })
	es := entries()
	assert.Equal(t, []string{"Anna", "Ben", "Cem"}, []string{es[0].Text, es[1].Text, es[2].Text}, "named as the last play")
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Name every player, or none.")
	assert.Contains(t, apptest.Texts(u.Current), "Cem", "who played ADELE, chosen as the tablet holds it")

	es[1].SetText("Bea")
	var adele *widget.Select
	for _, o := range test.LaidOutObjects(u.Current) {
		if sel, ok := o.(*widget.Select); ok && o.Visible() {
			adele = sel
		}
	}
	require.NotNil(t, adele)
	assert.Equal(t, []string{"Anna", "Bea", "Cem"}, adele.Options)
	adele.SetSelected("Anna")
	test.Tap(apptest.Button(t, u.Current, "Save names"))
	gametest.Sent(t, q, u, nil)
	var sides []string
	for _, pl := range book.Plays()[0].Players {
		sides = append(sides, pl.Name+" "+pl.Role)
	}
	assert.Equal(t, []string{"Anna ADELE", "Bea Crew", "Cem Crew"}, sides, "the tablet's log holds the names")

	// Nothing secret on the screen, nor in the link to BG Stats.
	test.Tap(apptest.Button(t, u.Current, "Log in BG Stats"))
	top := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, top)
	test.Tap(apptest.Button(t, top, "Copy the link"))
	link := env.App.Clipboard().Content()
	require.NotEmpty(t, link)
	st := s.View().State.(*ad.State)
	secrets := append([]string{"2468", "energy", "Console", "Hand", "Spark"}, st.Hand...)
	for _, id := range st.Anomalies {
		secrets = append(secrets, anomalyName(id))
	}
	shown = strings.Join(apptest.Texts(u.Current), "\n")
	for _, secret := range secrets {
		assert.NotContains(t, shown, secret)
		assert.NotContains(t, link, secret)
	}
	q.Until(t, func() bool { return apptest.Button(t, u.Current, "Save names").Disabled() })
}
