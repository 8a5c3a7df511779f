package marsmaze

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/plays"
	"boardside/companion/share"
	"boardside/timers"
)

// hostWithLog hosts a game of Magic Maze on Mars on a local server, its
// log of played games kept by a plays.Book that records the game when it
// ends, as every host does; the table's last play was Anna, Ben and Cem's.
// It returns the session, the host's log and the table's link.
func hostWithLog(t *testing.T, clock timers.Clock) (*companion.Session, *plays.Book, string) {
	t.Helper()
	log, err := plays.Open(companion.Dir(t.TempDir()).Store(plays.FileName))
	require.NoError(t, err)
	last := plays.Play{ID: "last", Game: mm.Game, End: apptest.Epoch.Add(-24 * time.Hour)}
	for _, n := range []string{"Anna", "Ben", "Cem"} {
		last.Players = append(last.Players, plays.Player{Name: n})
	}
	require.NoError(t, log.Add(last))
	book := plays.NewBook(log, nil, func(err error) { t.Error(err) })
	book.RecordAtEnd, book.Clock = true, clock
	s := companion.New(mm.Rules, mm.New(), clock)
	book.Follow(s)
	t.Cleanup(func() { book.Unfollow(s) })
	h := share.NewHost(s, share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, clock, share.NewToken())
	srv := httptest.NewServer(share.Handler(h, nil))
	t.Cleanup(func() { h.Close(); srv.Close() }) // the host ends its streams: Close waits for them
	return s, book, srv.URL + "/?t=" + h.Token()
}

// joinTable starts an app over env that joins the table at link, its
// updates from the network queued for the test goroutine, and runs them
// until the screen shows ready.
func joinTable(t *testing.T, env *testEnv, link, ready string) (*app.UI, apptest.Queue) {
	t.Helper()
	u := env.Start(t)
	q := make(apptest.Queue, 64)
	u.Do = func(f func()) { q <- f }
	j := app.NewJoinScreen(u)
	u.Show(j.Content)
	j.Connect(u, link)
	q.Until(t, func() bool { return strings.Contains(strings.Join(apptest.Texts(u.Current), "\n"), ready) })
	return u, q
}

// nameEntries are the names shown on u's screen, as entries.
func nameEntries(u *app.UI) []*widget.Entry {
	var out []*widget.Entry
	for _, o := range test.LaidOutObjects(u.Current) {
		if e, ok := o.(*widget.Entry); ok && o.Visible() {
			out = append(out, e)
		}
	}
	return out
}

func entryTexts(es []*widget.Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Text
	}
	return out
}

// hostsNames are the names of the host's newest play in its log.
func hostsNames(b *plays.Book) []string { return playerNames(b.Plays()[0]) }

// Issue 35: a joined app's end of a game shows the play the host recorded
// at the end, its names to change, and Log in BG Stats, as the quick
// viewer does; the names go to the host as the public recordPlay.
func TestJoin_TheGamesEndShowsTheHostsRecordAndItsNamesChangeThere(t *testing.T) {
	env := newTestEnv(t)
	s, book, link := hostWithLog(t, env.Clock)
	u, q := joinTable(t, env, link, "Turn the sand timer over to start")
	test.Tap(apptest.Button(t, u.Current, "Turn the sand timer over to start"))
	gametest.Sent(t, q, u, nil)
	assert.Empty(t, nameEntries(u), "no record while the sand runs")

	require.NoError(t, s.Dispatch(&mm.Win{})) // on the host
	q.Until(t, func() bool { return len(nameEntries(u)) > 0 })
	require.Len(t, book.Plays(), 2, "recorded at the win on the host")
	assert.Equal(t, []string{"Anna", "Ben", "Cem", "", "", ""}, entryTexts(nameEntries(u)), "the host's names, six seats")
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Mission complete with 3:00 of sand left", "the result")
	assert.Contains(t, shown, "Record this play")
	save := apptest.Button(t, u.Current, "Save names")
	logIt := apptest.Button(t, u.Current, "Log in BG Stats")
	assert.True(t, save.Disabled(), "nothing to save: the names are the host's")
	assert.False(t, logIt.Disabled())
	u.Win.Resize(fyne.NewSize(360, 640)) // a small phone: one tap from the end, without scrolling
	it, ok := apptest.Find(u.ScreenList(), "button", "Log in BG Stats")
	require.True(t, ok)
	assert.True(t, it.InView, "Log in BG Stats in view: %+v", it)

	nameEntries(u)[1].SetText("Bea")
	assert.False(t, save.Disabled(), "a name changed")
	version := s.View().Version
	test.Tap(save)
	gametest.Sent(t, q, u, nil)
	assert.Equal(t, version+1, s.View().Version, "one action on the host")
	assert.Equal(t, []string{"Anna", "Bea", "Cem"}, hostsNames(book), "the host's log holds the new name")
	q.Until(t, func() bool { return save.Disabled() })
	assert.Equal(t, []string{"Anna", "Bea", "Cem", "", "", ""}, entryTexts(nameEntries(u)))

	// Log in BG Stats after one more change: the names are saved first,
	// and the link is the host's, with them. A desktop shows it as a code.
	nameEntries(u)[3].SetText("Dora")
	test.Tap(logIt)
	gametest.Sent(t, q, u, nil)
	assert.Equal(t, []string{"Anna", "Bea", "Cem", "Dora"}, hostsNames(book))
	top := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, top, "the code for the phone that has BG Stats")
	test.Tap(apptest.Button(t, top, "Copy the link"))
	want, err := book.Plays()[0].BGStatsURL()
	require.NoError(t, err)
	assert.Equal(t, want, env.App.Clipboard().Content(), "the host's play, names and all")

	// Undo on the host takes the names back; the joined screen follows.
	require.NoError(t, s.Undo())
	q.Until(t, func() bool { return nameEntries(u)[3].Text == "" })
	assert.Equal(t, []string{"Anna", "Bea", "Cem"}, hostsNames(book))
	u.ShowHome()
}

// Two joined apps change the names at once: the host applies one, the
// other player is told someone was faster and sees the host's names.
func TestJoin_TwoDevicesNamingAtOnceApplyOnce(t *testing.T) {
	env := newTestEnv(t)
	s, book, link := hostWithLog(t, env.Clock)
	require.NoError(t, s.Dispatch(&mm.Start{}))
	a, qa := joinTable(t, env, link, "Flip")
	b, qb := joinTable(t, env, link, "Flip")
	defer a.ShowHome()
	defer b.ShowHome()
	require.NoError(t, s.Dispatch(&mm.Win{}))
	for _, d := range []struct {
		u *app.UI
		q apptest.Queue
	}{{a, qa}, {b, qb}} {
		d.q.Until(t, func() bool { return len(nameEntries(d.u)) > 0 })
	}
	version := s.View().Version

	nameEntries(a)[0].SetText("Ann")
	nameEntries(b)[0].SetText("Anja")
	test.Tap(apptest.Button(t, a.Current, "Save names"))
	gametest.Sent(t, qa, a, nil)
	test.Tap(apptest.Button(t, b.Current, "Save names")) // b has not drawn a's names yet
	gametest.Sent(t, qb, b, nil)
	assert.Equal(t, version+1, s.View().Version, "applied once")
	assert.Equal(t, []string{"Ann", "Ben", "Cem"}, hostsNames(book))
	refusedFaster(t, b.Win, "names saved just after another device's")
	qb.Until(t, func() bool { return nameEntries(b)[0].Text == "Ann" })
	assert.True(t, apptest.Button(t, b.Current, "Save names").Disabled(), "b shows the host's names")

	// Drawn, another device's names re-arm Save names for a moment: a
	// finger on its way saw the names before.
	nameEntries(b)[1].SetText("Bo")
	nameEntries(a)[1].SetText("Bert")
	test.Tap(apptest.Button(t, a.Current, "Save names"))
	gametest.Sent(t, qa, a, nil)
	qb.Until(t, func() bool { return nameEntries(b)[1].Text == "Bert" })
	nameEntries(b)[1].SetText("Bo")
	test.Tap(apptest.Button(t, b.Current, "Save names"))
	gametest.Sent(t, qb, b, nil)
	refusedFaster(t, b.Win, "names saved just after another device's were drawn")
	assert.Equal(t, []string{"Ann", "Bert", "Cem"}, hostsNames(book))
	env.Clock.Advance(companion.ArmTime)
	test.Tap(apptest.Button(t, b.Current, "Save names"))
	gametest.Sent(t, qb, b, nil)
	assert.Equal(t, []string{"Ann", "Bo", "Cem"}, hostsNames(book), "half a second later the player saw them and saves")
}
