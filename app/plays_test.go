package app

import (
	"bytes"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/kit"
	"boardside/companion"
	"boardside/companion/plays"
)

// duel is a test game that ends in a play, as the real games do: Finish
// ends it, RecordPlay records it with the players' names and who played
// ADELE (the one who won, to stand for ADELE's side).
type duel struct {
	Over    bool        `json:"over"`
	EndedAt time.Time   `json:"endedAt"`
	Record  *plays.Play `json:"record,omitempty"`
}

type finishDuel struct{}

func (*finishDuel) Kind() string { return "finish" }

type recordDuel struct {
	ID    string   `json:"id"`
	Names []string `json:"names,omitempty"`
	Adele string   `json:"adele,omitempty"`
}

func (*recordDuel) Kind() string { return plays.KindRecordPlay }

var errDuelNames = errors.New("every player needs a name of their own")

func (d *duel) Apply(a companion.Action, env companion.Env) error {
	switch a := a.(type) {
	case *finishDuel:
		d.Over, d.EndedAt = true, env.Now
		return nil
	case *recordDuel:
		if !d.Over {
			return errors.New("the game has not ended yet")
		}
		if d.Record != nil && d.Record.ID != a.ID {
			return errors.New("this game is already recorded as another play")
		}
		if len(a.Names) == 1 {
			return errors.New("name all of the game's players, the one who played ADELE too")
		}
		p, _ := d.ended()
		p.ID = a.ID
		for _, n := range a.Names {
			if strings.TrimSpace(n) == "" {
				return errDuelNames
			}
			p.Players = append(p.Players, plays.Player{Name: n, Winner: n == a.Adele, Role: map[bool]string{true: "ADELE", false: "Crew"}[n == a.Adele]})
		}
		d.Record = &p
		return nil
	}
	return errors.New("not a duel action")
}

func (d *duel) ended() (plays.Play, error) {
	if !d.Over {
		return plays.Play{}, errors.New("the game has not ended yet")
	}
	return plays.Play{Game: "duel", GameName: "Duel", Start: d.EndedAt.Add(-42 * time.Minute), End: d.EndedAt,
		Result: "The crew won", Board: "Hard", Details: []plays.Detail{{Label: "Rounds", Value: "4"}}}, nil
}

func (d *duel) Recorded() (plays.Play, bool) {
	if d.Record == nil {
		return plays.Play{}, false
	}
	return *d.Record, true
}

func (d *duel) Play(time.Time) (plays.Play, error) {
	if p, ok := d.Recorded(); ok {
		return p, nil
	}
	return d.ended()
}

// duelScreen is the test game's screen: Finish, and the record panel
// with three seats.
type duelScreen struct {
	content fyne.CanvasObject
	finish  *widget.Button
	panel   *kit.PlayPanel
}

var shownDuel *duelScreen

func duelGame() *kit.Game {
	rules := &companion.Rules{
		Game:     "duel",
		NewState: func() companion.State { return &duel{} },
		Actions: map[string]func() companion.Action{
			"finish":             func() companion.Action { return &finishDuel{} },
			plays.KindRecordPlay: func() companion.Action { return &recordDuel{} },
		},
	}
	g := &kit.Game{ID: "duel", Name: "Duel", Blurb: "Keeps score: every interim scoring and the final scoring, line by line.",
		Rules: rules, NewState: func() companion.State { return &duel{} }}
	g.RecordPlay = func(r kit.PlayRecord) companion.Action { return &recordDuel{ID: r.ID, Names: r.Names, Adele: r.Adele} }
	g.Screen = func(u kit.Window, s *companion.Session) fyne.CanvasObject {
		d := &duelScreen{}
		bar, acts := kit.NewScreenBar(u, g, s, func(bool) {})
		d.finish = widget.NewButton("Finish", func() { acts.Dispatch(&finishDuel{}) })
		d.panel = kit.NewPlayPanel(u, g, s, acts.Dispatch)
		var vis kit.Visibility
		d.content = kit.NewBorder(bar.Content, nil, kit.NewScroll(container.NewVBox(d.finish, d.panel.Content)))
		kit.GoLive(u, s, func(now time.Time) (time.Duration, bool) {
			v := kit.DrawView(s, acts, bar)
			d.panel.Render(&vis, v.State, now, kit.PlayForm{Seats: kit.PlayerSeats(3), AllOrNone: true, AskAdele: true})
			vis.Apply(d.content)
			return 0, false
		})
		shownDuel = d
		return d.content
	}
	return g
}

// openDuel opens the test game as its tile does, ended.
func openDuel(t *testing.T, u *UI) *duelScreen {
	t.Helper()
	u.OpenGame(u.Game("duel"))
	require.NoError(t, u.Session("duel").Dispatch(&finishDuel{}))
	return shownDuel
}

func typeNames(p *kit.PlayPanel, names ...string) {
	for i, n := range names {
		p.Entries[i].SetText(n)
	}
}

func logged(u *UI) []plays.Play { return u.plays.Plays() }

// TestPlays_AGameEndsInARecordThatUndoTakesBack: the panel shows at the
// game's end; Save records the play in the game and in the log, with the
// names, and remembers them for the next play; Undo takes it out again.
func TestPlays_AGameEndsInARecordThatUndoTakesBack(t *testing.T) {
	u := newTestEnv(t, duelGame()).start(t)
	u.OpenGame(u.Game("duel"))
	d := shownDuel
	assert.False(t, d.panel.Content.Visible(), "no record before the end")

	test.Tap(d.finish)
	p := d.panel
	require.True(t, p.Content.Visible())
	require.Len(t, p.Entries, 3)
	assert.True(t, !p.Save.Disabled() && !p.BGStats.Disabled())
	assert.Empty(t, logged(u))

	typeNames(p, "Anna", " Ben ")
	p.Adele.SetSelected("Ben")
	test.Tap(p.Save)
	rec, ok := u.Session("duel").View().State.(*duel).Recorded()
	require.True(t, ok, "the game recorded its play")
	require.Len(t, logged(u), 1)
	assert.Equal(t, rec, logged(u)[0], "the log holds what the game recorded")
	assert.Equal(t, []string{"Anna", "Ben"}, []string{rec.Players[0].Name, rec.Players[1].Name})
	assert.Equal(t, "ADELE", rec.Players[1].Role)
	assert.True(t, p.Save.Disabled(), "saved as shown: Save keeps its place, disabled")
	assert.Equal(t, "Saved to played games.", p.Status.Text)
	assert.Equal(t, []string{"Anna", "Ben"}, u.prefs.PlayNames("duel"))

	// Another name: saved again, the same play.
	p.Entries[2].SetText("Cem")
	assert.False(t, p.Save.Disabled())
	test.Tap(p.Save)
	require.Len(t, logged(u), 1)
	assert.Equal(t, rec.ID, logged(u)[0].ID)
	assert.Len(t, logged(u)[0].Players, 3)

	// Undo takes back the second record, then the first.
	test.Tap(apptest.Button(t, d.content, "Undo"))
	require.Len(t, logged(u), 1)
	assert.Len(t, logged(u)[0].Players, 2, "the first record again")
	assert.Equal(t, "", p.Entries[2].Text, "the panel shows the record undone to")
	test.Tap(apptest.Button(t, d.content, "Undo"))
	assert.Empty(t, logged(u), "undone: out of the log")
	assert.False(t, p.Save.Disabled())
	assert.False(t, p.Status.Visible())

	// A new game of it is named as the last play was.
	u.NewGame(u.Game("duel"))
	test.Tap(shownDuel.finish)
	assert.Equal(t, []string{"Anna", "Ben", "Cem"}, []string{shownDuel.panel.Entries[0].Text, shownDuel.panel.Entries[1].Text, shownDuel.panel.Entries[2].Text})
}

// TestPlays_ARefusedRecordIsExplained: the game's refusal reaches the
// player, and nothing goes into the log or to BG Stats.
func TestPlays_ARefusedRecordIsExplained(t *testing.T) {
	u := newTestEnv(t, duelGame()).start(t)
	u.linksOpenHere = true
	u.OpenURL = func(*url.URL) error { t.Fatal("nothing to send"); return nil }
	p := openDuel(t, u).panel
	n := len(u.Session("duel").Log())
	p.Entries[0].SetText("Anna") // the duel names both players or none
	test.Tap(p.BGStats)
	assert.Len(t, u.Session("duel").Log(), n, "nothing recorded")
	assert.Empty(t, logged(u))
	top := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, top, "the refusal is shown")
	assert.Contains(t, apptest.Texts(top), "Name all of the game's players, the one who played ADELE too")
}

// TestPlays_TheLogCatchesUpAtStart: a game that recorded its play before
// Boardside stopped, the log not yet saved, puts it in the log at the
// next start; one whose record was undone takes it out; a play the player
// deleted from the log stays deleted.
func TestPlays_TheLogCatchesUpAtStart(t *testing.T) {
	env := newTestEnv(t, duelGame())
	u := env.start(t)
	openDuel(t, u)
	s := u.Session("duel")
	// Boardside stops between the game's save and the log's.
	u.plays.Unfollow(s)
	require.NoError(t, s.Dispatch(&recordDuel{ID: "p1", Names: []string{"Anna", "Ben"}}))
	require.Empty(t, logged(u))

	u = env.start(t)
	require.Len(t, logged(u), 1, "the record survived the stop")
	assert.Equal(t, "p1", logged(u)[0].ID)
	assert.Equal(t, "Anna", logged(u)[0].Players[0].Name)

	// The record undone, the log not yet saved.
	s = u.Session("duel")
	u.plays.Unfollow(s)
	require.NoError(t, s.Undo())
	require.Len(t, logged(u), 1)
	u = env.start(t)
	assert.Empty(t, logged(u), "the undone record is out")

	// Recorded again, then deleted by the player: it stays deleted.
	require.NoError(t, u.Session("duel").Dispatch(&recordDuel{ID: "p2"}))
	require.Len(t, logged(u), 1)
	u.ShowPlay("p2")
	test.Tap(apptest.Button(t, u.Current, "Delete"))
	apptest.TapDialogButton(t, u.Win, "Yes")
	assert.Empty(t, logged(u))
	u = env.start(t)
	assert.Empty(t, logged(u), "a game's record does not bring a deleted play back")

	// Saved again on the game's panel, it is back.
	u.OpenGame(u.Game("duel"))
	p := shownDuel.panel
	assert.False(t, p.Save.Disabled(), "the play is not in the log")
	test.Tap(p.Save)
	require.Len(t, logged(u), 1)
	assert.Equal(t, "p2", logged(u)[0].ID)
}

// TestPlays_LogInBGStatsOnAPhone: one tap at the game's end saves the play
// and opens BG Stats with it (the https link, which BG Stats claims).
func TestPlays_LogInBGStatsOnAPhone(t *testing.T) {
	u := newTestEnv(t, duelGame()).start(t)
	var opened []*url.URL
	u.linksOpenHere = true
	u.OpenURL = func(l *url.URL) error { opened = append(opened, l); return nil }
	p := openDuel(t, u).panel
	test.Tap(p.BGStats)
	require.Len(t, logged(u), 1, "saved first")
	require.Len(t, opened, 1)
	want, err := logged(u)[0].BGStatsURL()
	require.NoError(t, err)
	assert.Equal(t, want, opened[0].String())
	assert.True(t, strings.HasPrefix(want, "https://app.bgstatsapp.com/createPlay.html?data="))
	assert.True(t, p.Save.Disabled(), "saved")

	test.Tap(p.BGStats)
	assert.Len(t, opened, 2, "again, without saving again")
	assert.Len(t, logged(u), 1)

	u.OpenURL = func(*url.URL) error { return errors.New("no browser") }
	test.Tap(p.BGStats)
	assert.NotNil(t, u.Win.Canvas().Overlays().Top(), "a link that does not open is explained")
}

// TestPlays_LogInBGStatsOnADesktop shows the link as a code for the phone
// that has BG Stats, and copies it; a link too long for a code is said to
// be so.
func TestPlays_LogInBGStatsOnADesktop(t *testing.T) {
	u := newTestEnv(t, duelGame()).start(t)
	u.OpenURL = func(*url.URL) error { t.Fatal("a desktop shows the link, it does not open it"); return nil }
	p := openDuel(t, u).panel
	test.Tap(p.BGStats)
	require.Len(t, logged(u), 1)
	top := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, top)
	shown := strings.Join(apptest.Texts(top), "\n")
	assert.Contains(t, shown, "Scan this code with the phone that has BG Stats")
	test.Tap(apptest.Button(t, top, "Copy the link"))
	want, _ := logged(u)[0].BGStatsURL()
	assert.Equal(t, want, u.app.Clipboard().Content())
	assert.Contains(t, apptest.Texts(top), "The link is copied.")

	long := u.showBGStatsCode("https://app.bgstatsapp.com/createPlay.html?data=" + strings.Repeat("%7B", 2000))
	assert.Nil(t, long.qr, "too long for a code")
	assert.Contains(t, strings.Join(apptest.Texts(u.Win.Canvas().Overlays().Top()), "\n"), "too long for a code a phone can scan")
}

// samplePlays are plays as the four games' rules write them.
func samplePlays() []plays.Play {
	at := apptest.Epoch
	score := func(n int) *int { return &n }
	return []plays.Play{
		{ID: "mc", Game: "missioncontrol", GameName: "Mission Control: Critical Orbit", Start: at, End: at.Add(18 * time.Minute),
			Cooperative: true, Won: true, Result: "Mission accomplished with 3:12 left", Board: "Hard",
			Details: []plays.Detail{{Label: "AI roles", Value: "Houston, Cologne"}, {Label: "Turns", Value: "9"},
				{Label: "Time left", Value: "3:12"}, {Label: "Playing time", Value: "18:00"}},
			Players: []plays.Player{{Name: "Anna", Winner: true, Role: "Astronaut"}, {Name: "Ben", Winner: true, Role: "Bengaluru"}}},
		{ID: "mm", Game: "marsmaze", GameName: "Magic Maze on Mars", Start: at.Add(time.Hour), End: at.Add(time.Hour + 9*time.Minute),
			Cooperative: true, Result: "Lost: the sand ran out", Board: "Mission 4",
			Details: []plays.Detail{{Label: "Flips", Value: "3"}, {Label: "Solo", Value: "yes"}, {Label: "Playing time", Value: "9:00"}, {Label: "Expert rule", Value: "yes"}}},
		{ID: "ad", Game: "adele", GameName: "ADELE", Start: at.Add(2 * time.Hour), End: at.Add(3*time.Hour + 35*time.Minute),
			Result: "ADELE won: a crew member died", Board: "Deimos",
			Details: []plays.Detail{{Label: "Players", Value: "3"}, {Label: "Rounds", Value: "7"}},
			Players: []plays.Player{{Name: "Anna", Role: "ADELE", Winner: true}, {Name: "Ben", Role: "Crew"}, {Name: "Cem", Role: "Crew"}}},
		{ID: "aq", Game: "aquasphere", GameName: "AquaSphere", Start: at.Add(4 * time.Hour), End: at.Add(5 * time.Hour),
			Result: "Anna and Ben share first place with 61 points", Details: []plays.Detail{{Label: "Tie-break", Value: "crystals"}},
			Players: []plays.Player{{Name: "Anna", Score: score(61), Rank: 1, Winner: true}, {Name: "Ben", Score: score(61), Rank: 1, Winner: true}, {Name: "Cem", Score: score(40), Rank: 3}}},
	}
}

func addPlays(t testing.TB, u *UI, ps ...plays.Play) {
	t.Helper()
	for _, p := range ps {
		require.NoError(t, u.plays.Log().Add(p))
	}
}

// TestPlays_PlayedGamesListsOpensAndDeletes: the home screen's Played
// games lists every play newest first; one opens on its own screen with
// its players and details, and Delete asks first.
func TestPlays_PlayedGamesListsOpensAndDeletes(t *testing.T) {
	u := newTestEnv(t).start(t)
	u.ShowHome()
	test.Tap(apptest.Button(t, u.Current, "Played games"))
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "No played games yet.")
	assert.True(t, apptest.Button(t, u.Current, "Export as CSV").Disabled(), "nothing to export; the button keeps its place")
	assert.False(t, apptest.Button(t, u.Current, "Import").Disabled())

	addPlays(t, u, samplePlays()...)
	s := newPlaysScreen(u)
	u.Show(s.content)
	shown = strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "4 played games, the newest first.")
	require.Len(t, s.tiles, 4)
	assert.Less(t, strings.Index(shown, "AquaSphere"), strings.Index(shown, "Mission Control: Critical Orbit"), "newest first")
	assert.Contains(t, shown, apptest.Epoch.Local().Format("2006-01-02 15:04")+" · 18 min · Mission accomplished with 3:12 left")
	assert.Contains(t, shown, "1 h 35 min · ADELE won: a crew member died")

	test.Tap(s.tiles[0]) // AquaSphere
	shown = strings.Join(apptest.Texts(u.Current), "\n")
	for _, want := range []string{"Anna and Ben share first place with 61 points", "Duration: 1 h 0 min", "Tie-break: crystals",
		"Anna: 61 points, place 1, won", "Cem: 40 points, place 3"} {
		assert.Contains(t, shown, want)
	}
	test.Tap(apptest.Button(t, u.Current, "Delete"))
	apptest.TapDialogButton(t, u.Win, "No")
	assert.Len(t, logged(u), 4, "asked first")
	test.Tap(apptest.Button(t, u.Current, "Delete"))
	apptest.TapDialogButton(t, u.Win, "Yes")
	assert.Len(t, logged(u), 3)
	assert.Contains(t, apptest.Texts(u.Current), "3 played games, the newest first.", "back in the list")

	u.ShowPlay("ad")
	shown = strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Anna (ADELE): won")
	assert.Contains(t, shown, "Ben (Crew)")
	assert.Contains(t, shown, "Scenario: Deimos")
	test.Tap(apptest.Button(t, u.Current, "Back"))
	assert.Contains(t, apptest.Texts(u.Current), "3 played games, the newest first.")
}

// TestPlays_ExportAndImportRoundTrip: the log's JSON export, imported on
// another device, adds every play once; imported again it adds none. The
// CSV export has a row per play.
func TestPlays_ExportAndImportRoundTrip(t *testing.T) {
	from := newTestEnv(t).start(t)
	addPlays(t, from, samplePlays()...)
	s := newPlaysScreen(from)
	var j, c bytes.Buffer
	require.NoError(t, s.writeJSON(&j))
	require.NoError(t, s.writeCSV(&c))
	assert.Equal(t, 5, strings.Count(c.String(), "\n"), "a header and a row per play")

	to := newTestEnv(t).start(t)
	addPlays(t, to, samplePlays()[0])
	into := newPlaysScreen(to)
	into.importFile("boardside-plays.json", j.Bytes(), nil)
	assert.Len(t, logged(to), 4)
	assert.Contains(t, apptest.Texts(to.Win.Canvas().Overlays().Top()), "3 played games were added.")
	assert.Contains(t, apptest.Texts(to.Current), "4 played games, the newest first.", "the list shows them")
	apptest.TapDialogButton(t, to.Win, "OK")

	newPlaysScreen(to).importFile("boardside-plays.json", j.Bytes(), nil)
	assert.Len(t, logged(to), 4)
	assert.Contains(t, apptest.Texts(to.Win.Canvas().Overlays().Top()), "Every played game in that file is here already.")
	apptest.TapDialogButton(t, to.Win, "OK")

	newPlaysScreen(to).importFile("notes.json", []byte(`{"notes":1}`), nil)
	assert.Len(t, logged(to), 4)
	assert.Contains(t, strings.Join(apptest.Texts(to.Win.Canvas().Overlays().Top()), "\n"), "That file was not imported")
}

// TestPlays_ShownInGerman: what the rules write in English is shown in the
// running language.
func TestPlays_ShownInGerman(t *testing.T) {
	setLanguage(t, "de")
	for in, want := range map[string]string{
		"Mission accomplished with 3:12 left":                "Mission erfüllt, 3:12 übrig",
		"Won with 0:41 of sand left":                         "Gewonnen, 0:41 Sand übrig",
		"Anna, Ben and Cem share first place with 61 points": "Anna, Ben und Cem teilen sich den ersten Platz mit 61 Punkten",
		"Anna wins with 61 points":                           "Anna gewinnt mit 61 Punkten",
		"Mission 4":                                          "Mission 4",
		"Houston, Cologne":                                   "Houston, Köln",
		"Deimos":                                             "Deimos",
	} {
		assert.Equal(t, want, playText(in), in)
	}
}
