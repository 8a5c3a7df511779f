package adele

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/app/kit"
	"boardside/companion"
	ad "boardside/companion/adele"
	"boardside/decks"
	"boardside/timers"
)

func openAdele(t testing.TB, u *app.UI) *adeleScreen {
	return gametest.OpenScreen(t, u, ad.Game, newAdeleScreen, func(a *adeleScreen) fyne.CanvasObject { return a.content })
}

// knownAdele returns a session of a 3-player game on the Deimos whose
// chance is fixed: hand, console, anomalies, emergency deck, rolls.
func knownAdele(t testing.TB, env *testEnv, pin string, edit ...func(*ad.State)) *companion.Session {
	t.Helper()
	st := ad.New()
	require.NoError(t, st.Apply(&ad.SetUpGame{Players: 3, Ship: "deimos", PIN: pin}, companion.Env{}))
	seed := func(b byte) *decks.Rand { return decks.NewSeededRand([32]byte{b}) }
	st.Rng, st.Bag.Rng, st.Deck.Rng, st.Emergencies.Rng = seed(1), seed(2), seed(3), seed(4)
	st.Hand = []string{"A-01", "A-02", "A-03", "S-3"}
	st.Deck.Draw = slices.DeleteFunc(slices.Sorted(slices.Values(append(st.Deck.Draw, st.Hand...))),
		func(id string) bool { return slices.Contains([]string{"A-01", "A-02", "A-03", "S-3"}, id) })
	st.Console = map[string]int{ad.Fire: 2, ad.Spy: 3, ad.DoorLocked: 1, ad.OxygenLoss: 1}
	st.Bag.In = map[string]int{ad.Spy: 7, ad.DoorLocked: 9, ad.OxygenLoss: 7, ad.Fire: 6, ad.Darkness: 8, ad.ComputerFailure: 8}
	st.BackInBag = 0
	st.Anomalies = []string{"airlocksLocked", "panic", "explosions", ad.TargetedAttack}
	st.Emergencies.Draw = []string{"E-21", "E-11", "E-06", "E-16", "E-01", "E-02", "E-03", "E-04", "E-05", "E-07"}
	st.CrewRooms = []int{6, 14}
	st.Rolls = []ad.Roll{{What: "crew", Room: 6}, {What: "crew", Room: 14, Rerolls: []int{6}}}
	for _, e := range edit {
		e(st)
	}
	return companion.New(env.Games[0].Rules, st, env.Clock)
}

// showAdele puts an ADELE screen for session s in the window.
func showAdele(u *app.UI, s *companion.Session) *adeleScreen {
	a := newAdeleScreen(u.GameWindow(), u.Game(ad.Game), s)
	u.Current = a.content
	u.Win.SetContent(a.content)
	return a
}

func TestAdele_SetupScreenSetsUpTheGame(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := openAdele(t, u)
	require.True(t, a.setup.content.Visible())
	assert.False(t, a.playing.Visible())

	a.setup.players.SetSelected("2 (duel)")
	a.setup.ship.SetSelected("Phobos")
	test.Type(a.setup.pin, "12a4")
	test.Tap(a.setup.start)
	assert.False(t, a.state().SetUp(), "a PIN with a letter is refused")
	apptest.TapDialogButton(t, u.Win, "OK")

	a.setup.pin.SetText("2468")
	test.Tap(a.setup.start)
	st := a.state()
	require.True(t, st.SetUp())
	assert.Equal(t, 2, st.Players)
	assert.Equal(t, "phobos", st.Ship)
	assert.Equal(t, "2468", st.PIN)
	assert.False(t, a.setup.content.Visible())
	assert.True(t, a.playing.Visible())
	assert.True(t, a.console.covered, "the console starts hidden")
}

func TestAdele_OneFullADELEPhase(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	s := knownAdele(t, env, "")
	a := showAdele(u, s)
	c := a.console

	// The crew's emergency phase, on the Table tab.
	test.Tap(apptest.Button(t, a.board.content, "Emergency phase"))
	require.True(t, a.state().EmergencyDone)
	assert.Contains(t, apptest.Texts(a.board.content), "Round marker 12 · no-return marker 1 · next: planning and ADELE's phase")

	// ADELE takes the tablet: the console tab is covered until she slides.
	a.tabs.SelectIndex(1)
	require.True(t, c.covered)
	apptest.SlideFinger(c.slide, 20, c.slide.Size().Width)
	require.False(t, c.covered)
	assert.Equal(t, "10 energy", c.energy.Text)

	// Play A-01 (rooms from the data): a fire, the rightmost costs 5.
	card, _ := ad.Default().Card("A-01")
	c.onPlay(card)
	top := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, top)
	form := newPlacementForm(a.state(), consoleOptions(a.state(), card.Rooms)) // the same form the dialog shows
	assert.Contains(t, form.typ.Options, "Fire — 5 energy")
	assert.Contains(t, form.typ.Options, "Spy — 3 energy")
	for _, o := range test.LaidOutObjects(top) {
		if r, ok := o.(*widget.RadioGroup); ok && slices.Contains(r.Options, "Fire — 5 energy") {
			r.SetSelected("Fire — 5 energy")
		}
	}
	apptest.TapDialogButton(t, u.Win, "Play")
	st := a.state()
	assert.Equal(t, 5, st.Energy)
	assert.Equal(t, []ad.Placed{{Room: card.Rooms[0], Type: ad.Fire}}, st.Placed)
	assert.Equal(t, 1, st.Console[ad.Fire], "the rightmost fire left the console")
	assert.Equal(t, "5 energy", c.energy.Text)

	// Discard A-02, then end the phase: draw to 4, +10 energy, 3 obstacles.
	for _, o := range test.LaidOutObjects(c.hand) {
		if ch, ok := o.(*widget.Check); ok && ch.Visible() && !ch.Checked {
			test.Tap(ch) // the first card still in hand: A-02
			break
		}
	}
	assert.Equal(t, "Discard 1 and end ADELE's phase", c.endPhase.Text)
	test.Tap(c.endPhase)
	st = a.state()
	require.True(t, st.AdeleDone)
	assert.Len(t, st.Hand, 4)
	assert.NotContains(t, st.Hand, "A-02")
	assert.Equal(t, []string{"A-01", "A-02"}, st.Deck.Discard)
	assert.Equal(t, 15, st.Energy)
	onConsole := 0
	for _, n := range st.Console {
		onConsole += n
	}
	assert.Equal(t, 2+3+1+1-1+3, onConsole+st.BackInBag)

	// The crew acts and ends the round on the Table tab.
	a.tabs.SelectIndex(0)
	assert.True(t, c.covered, "leaving the console covers it")
	test.Tap(apptest.Button(t, a.board.content, "End of round"))
	assert.Equal(t, 11, a.state().Round)
	assert.True(t, apptest.Button(t, a.board.content, "Emergency phase").Visible())
}

func TestAdele_PrivacyCover(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := showAdele(u, knownAdele(t, env, "2468"))
	c := a.console
	a.tabs.SelectIndex(1)
	require.True(t, c.covered)
	assert.False(t, c.slide.Visible(), "with a PIN there is no slide")

	test.Type(c.pinEntry, "1111")
	c.tryPIN()
	assert.True(t, c.covered, "a wrong PIN keeps it covered")
	apptest.TapDialogButton(t, u.Win, "OK")
	test.Type(c.pinEntry, "2468")
	c.tryPIN()
	require.False(t, c.covered)

	env.Clock.Advance(coverAfter - time.Second)
	assert.False(t, c.covered)
	env.Clock.Advance(time.Second)
	assert.True(t, c.covered, "covered after 30 s untouched")

	c.tryPIN()
	apptest.TapDialogButton(t, u.Win, "OK")
	test.Type(c.pinEntry, "2468")
	c.tryPIN()
	env.Clock.Advance(20 * time.Second)
	c.touch()
	env.Clock.Advance(20 * time.Second)
	assert.False(t, c.covered, "using the console keeps it open")
	test.Tap(apptest.Button(t, c.content, "Hide"))
	assert.True(t, c.covered, "one tap hides it")

	test.Type(c.pinEntry, "2468")
	c.tryPIN()
	require.False(t, c.covered)
	u.SetForeground(false)
	assert.True(t, c.covered, "the app going into the background covers it")
	u.SetForeground(true)
}

func TestAdele_CrewViewShowsNoSecret(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := showAdele(u, knownAdele(t, env, "2468"))
	test.Tap(apptest.Button(t, a.board.content, "Emergency phase"))
	shown := apptest.Texts(a.board.content)
	for _, secret := range []string{"energy", "A-01", "Spark", "2468", "Console", "Hand"} {
		for _, s := range shown {
			assert.NotContains(t, s, secret)
		}
	}
	st := a.state()
	for _, id := range st.Anomalies {
		for _, s := range shown {
			assert.NotContains(t, s, anomalyName(id), "an anomaly still on the console")
		}
	}
}

func TestAdele_RemoveFromARoom(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	s := knownAdele(t, env, "")
	a := showAdele(u, s)
	require.NoError(t, s.Dispatch(&ad.EmergencyPhase{}))
	require.NoError(t, s.Dispatch(&ad.PlayCard{Card: "A-01", Room: mustCard(t, "A-01").Rooms[0], Type: ad.Spy}))
	// Made past the screen, as a phone would: the board's buttons take
	// taps again once the change has been on screen a moment.
	env.Clock.Advance(time.Second)
	room := mustCard(t, "A-01").Rooms[0]
	a.board.onRoom(room)
	apptest.TapDialogButton(t, u.Win, "Remove Spy")
	assert.Empty(t, a.state().Placed)
}

func mustCard(t *testing.T, id string) ad.Card {
	c, ok := ad.Default().Card(id)
	require.True(t, ok)
	return c
}

// TestAdele_Golden keeps the console and the crew's view under review.
func TestAdele_Golden(t *testing.T) {
	for _, variant := range []string{"light", "dark"} {
		t.Run(variant, func(t *testing.T) {
			env := newTestEnv(t)
			u := env.Start(t)
			kit.ApplyTheme(env.App, variant)
			s := knownAdele(t, env, "")
			require.NoError(t, s.Dispatch(&ad.EmergencyPhase{}))
			require.NoError(t, s.Dispatch(&ad.PlayCard{Card: "A-01", Room: mustCard(t, "A-01").Rooms[0], Type: ad.Fire}))
			require.NoError(t, s.Dispatch(&ad.AlarmTerminal{Which: 1}))
			a := showAdele(u, s)
			u.Win.Resize(fyne.NewSize(1000, 700))
			apptest.AssertRendersToImage(t, "adele_crew_"+variant+".png", u.Win.Canvas())
			a.tabs.SelectIndex(1)
			a.console.cover(false)
			apptest.AssertRendersToImage(t, "adele_console_"+variant+".png", u.Win.Canvas())
		})
	}
}

// TestAdele_JoinedDeviceShowsTheCrewsBoard: a Boardside that joins an ADELE
// table shows the crew's board and its buttons act on the host's game.
func TestAdele_JoinedDeviceShowsTheCrewsBoard(t *testing.T) {
	s := companion.New(ad.Rules, ad.New(), timers.System{})
	require.NoError(t, s.Dispatch(&ad.SetUpGame{Players: 3, Ship: "deimos", PIN: "9753"}))
	env := newTestEnv(t)
	u := env.Start(t)
	q := gametest.JoinHosted(t, u, Game(), s, "Round marker 12 · no-return marker 1 · next: the emergency phase")
	shown := func() string { return strings.Join(apptest.Texts(u.Current), "\n") }

	assert.True(t, apptest.Button(t, u.Current, "Undo").Disabled(), "setting up is not a move a device at the table takes back")
	test.Tap(apptest.Button(t, u.Current, "Emergency phase"))
	gametest.Sent(t, q, u, nil)
	assert.True(t, s.View().State.(*ad.State).EmergencyDone, "the host's game moved on")
	q.Until(t, func() bool { return strings.Contains(shown(), "next: planning and ADELE's phase") })
	for _, secret := range []string{"energy", "9753", "Console"} {
		assert.NotContains(t, shown(), secret)
	}
	u.ShowHome()
}

// TestAdeleBoard_D20ShowsOnlyItsOwnRoll: the crew's starting rolls are on
// the board's rooms, not beside the D20 all game.
func TestAdeleBoard_D20ShowsOnlyItsOwnRoll(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := showAdele(u, knownAdele(t, env, ""))
	a.render(env.Clock.Now())
	assert.Empty(t, a.board.roll.Text, "no roll of the D20 yet")
	test.Tap(a.board.d20)
	assert.Regexp(t, `^D20: \d+$`, a.board.roll.Text)
}

// adeleLayoutScreens are ADELE's screens for the layout check (layoutcheck_test.go).
var adeleLayoutScreens = []gametest.State{
	{Name: "adele-joined", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := companion.New(ad.Rules, ad.New(), timers.System{})
		require.NoError(t, s.Dispatch(&ad.SetUpGame{Players: 3, Ship: "deimos", PIN: "9753"}))
		gametest.JoinHosted(t, u, Game(), s, lang.L("Round marker {{.Round}} · no-return marker {{.NoReturn}}", map[string]any{"Round": 12, "NoReturn": 1}))
	}},
	// A crew member's app at the end: the record the tablet made, names
	// and who played ADELE.
	{Name: "adele-joined-recorded", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := companion.New(ad.Rules, ad.New(), timers.System{})
		require.NoError(t, s.Dispatch(&ad.SetUpGame{Players: 3, Ship: "deimos", PIN: "9753"}))
		require.NoError(t, s.Dispatch(&ad.Finish{Winner: "crew"}))
		require.NoError(t, s.Dispatch(&ad.RecordPlay{ID: "p1", Names: []string{"Annegret", "Bartholomäus", "Cem"}, Adele: "Cem"}))
		gametest.JoinHosted(t, u, Game(), s, lang.L("Record this play"))
	}},
	{Name: "adele-data", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.Show(newAdeleDataScreen(u.GameWindow(), u.Game(ad.Game), ad.Default(), func() {}).content)
	}},
	{Name: "adele-override", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := knownAdele(t, env, "", func(st *ad.State) { st.Hand = []string{"A-01", "S-2"} })
		require.NoError(t, s.Dispatch(&ad.EmergencyPhase{}))
		a := showAdele(u, s)
		a.tabs.SelectIndex(1)
		a.console.cover(false)
		card, _ := ad.Default().Card("S-2")
		a.console.onPlay(card)
	}},
	{Name: "adele-setup", Show: func(t *testing.T, env *testEnv, u *app.UI) { u.OpenGame(u.Game(ad.Game)) }},
	{Name: "adele-table", Show: func(t *testing.T, env *testEnv, u *app.UI) { showAdele(u, knownAdele(t, env, "")) }},
	{Name: "adele-console", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		a := showAdele(u, knownAdele(t, env, ""))
		a.tabs.SelectIndex(1)
		a.console.cover(false)
	}},
	// The end with its record panel, the record saved, and the play as
	// Played games shows it.
	{Name: "adele-over", Show: func(t *testing.T, env *testEnv, u *app.UI) { endedAdele(t, env, u) }},
	{Name: "adele-recorded", Show: func(t *testing.T, env *testEnv, u *app.UI) { recordedAdele(t, env, u) }},
	{Name: "adele-played", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		recordedAdele(t, env, u)
		u.ShowPlay(gametest.Plays(t, u)[0].ID)
	}},
}

// TestAdele_SpecialCardsOfferOnlyWhatTheirTextAllows: on the tablet ADELE
// uses, "Spread oxygen loss" offers oxygen loss alone (named, not asked)
// and only the rooms next to one; "Override" offers every type on the
// console and all 20 rooms as a list, in a dialog whose Play and Cancel
// are inside the window.
func TestAdele_SpecialCardsOfferOnlyWhatTheirTextAllows(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	s := knownAdele(t, env, "", func(st *ad.State) {
		st.Hand = []string{"A-01", "S-2", "S-4"}
		st.Placed = []ad.Placed{{Room: 13, Type: ad.OxygenLoss}}
		st.Console[ad.OxygenLoss] = 2
	})
	require.NoError(t, s.Dispatch(&ad.EmergencyPhase{}))
	a := showAdele(u, s)
	u.Win.Resize(fyne.NewSize(1280, 800))
	a.tabs.SelectIndex(1)
	a.console.cover(false)
	st := a.state()

	oxygen := newPlacementForm(st, st.SpecialOptions("S-4"))
	assert.Equal(t, []string{"Oxygen loss — 4 energy"}, oxygen.typ.Options)
	assert.Equal(t, []string{"8", "12", "14", "18"}, oxygen.room.Options, "the rooms next to room 13")
	assert.True(t, oxygen.rooms.Hidden, "four rooms: buttons, not a list")

	card, _ := st.Data().Card("S-2")
	a.console.onPlay(card)
	top := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, top)
	var labels, radios []string
	for _, o := range test.LaidOutObjects(top) {
		switch w := o.(type) {
		case *widget.RadioGroup:
			radios = append(radios, w.Options...)
		case *widget.Select:
			if w.Visible() {
				labels = append(labels, w.Options...)
			}
		}
	}
	assert.Equal(t, []string{"Spy — 3 energy", "Door locked — 3 energy", "Oxygen loss — 4 energy", "Fire — 5 energy"}, radios[:4])
	assert.Len(t, labels, ad.Rooms, "every room, in a list")
	for _, it := range u.ScreenList() {
		if it.Dialog && it.Kind == "button" && (it.Text == "Play" || it.Text == "Cancel") {
			assert.True(t, it.InView, "%s lies inside the window", it.Text)
		}
	}
	apptest.TapDialogButton(t, u.Win, "Cancel")

	// A spy for "Spread oxygen loss" is refused by the rules too.
	assert.ErrorIs(t, s.Dispatch(&ad.PlaySpecial{Card: "S-4", Room: 12, Type: ad.Spy}), ad.ErrNotAllowed)
}

// TestScreens_FitPhonesAndSpeakGerman walks the screen states above through
// the layout check and the German check.
func TestScreens_FitPhonesAndSpeakGerman(t *testing.T) {
	gametest.CheckScreens(t, func() []*kit.Game { return []*kit.Game{Game()} }, adeleLayoutScreens...)
}
