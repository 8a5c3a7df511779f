package marsmaze

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/app/kit"
	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/timers"
)

func openMarsMaze(t testing.TB, u *app.UI) *marsMazeScreen {
	return gametest.OpenScreen(t, u, "marsmaze", newMarsMazeScreen, func(m *marsMazeScreen) fyne.CanvasObject { return m.content })
}

func TestMarsMaze_MissionPickerShowsMaterialAndMarkers(t *testing.T) {
	u := newTestEnv(t).Start(t)
	m := openMarsMaze(t, u)
	assert.Equal(t, "1", m.mission.Selected)
	assert.Equal(t, "Hourglass markers left: 1", m.counts.Text)
	assert.Contains(t, m.checks.Text, "In this mission everybody may talk all game long.")

	want := map[string]string{"1": "1", "2": "2", "3": "3", "4": "4", "5": "4"}
	for mission, markers := range want {
		m.mission.SetSelected(mission)
		assert.True(t, strings.HasPrefix(m.counts.Text, "Hourglass markers left: "+markers), "mission %s: %q", mission, m.counts.Text)
		assert.Contains(t, m.checks.Text, "Mission "+mission+" needs:")
	}
	m.mission.SetSelected("3")
	assert.Contains(t, m.checks.Text, "• 3 colonists")
	assert.Contains(t, m.checks.Text, "• 10 waste tokens")
	assert.Equal(t, "Hourglass markers left: 3\nJokers left: 3", m.counts.Text)
	assert.Equal(t, "3:00", m.digits.Text())
}

func TestMarsMaze_FlipTalkAction(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	m.mission.SetSelected("2")
	assert.False(t, m.flip.Visible(), "no flip before the start")

	test.Tap(m.start)
	assert.False(t, m.setup.Visible())
	env.Clock.Advance(100 * time.Second)
	assert.Equal(t, "1:20", m.digits.Text())
	assert.False(t, m.talk.Visible())

	test.Tap(m.flip)
	assert.Equal(t, "1:40", m.digits.Text(), "flipped: 100 s of sand to run")
	assert.Equal(t, "Hourglass markers left: 1\nJokers left: 3", m.counts.Text)
	require.True(t, m.talk.Visible(), "players may talk now")
	assert.Equal(t, "Talk now, until someone acts", m.talkText.Text)
	assert.False(t, m.passTiles.Visible(), "no expert rule in this game")

	env.Clock.Advance(12 * time.Second)
	assert.True(t, m.talk.Visible(), "the window stays open until someone acts")
	test.Tap(m.act)
	assert.False(t, m.talk.Visible())

	test.Tap(m.joker)
	assert.Equal(t, "Joker: talk now, until someone acts", m.talkText.Text)
	assert.Contains(t, m.counts.Text, "Jokers left: 2")
	test.Tap(m.act)

	test.Tap(m.flip)
	assert.True(t, m.flip.Disabled(), "no marker left")
	test.Tap(m.act)
}

func TestMarsMaze_LandedStopsFlips(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	m.mission.SetSelected("4")
	test.Tap(m.start)
	env.Clock.Advance(30 * time.Second)
	assert.False(t, m.flip.Disabled())
	test.Tap(m.landed)
	assert.True(t, m.flip.Disabled(), "once landed, no more flips")
	assert.Equal(t, "The colonists have landed: no more flips", m.status.Text)
}

func TestMarsMaze_ExpertRuleReminder(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	m.mission.SetSelected("2")
	test.Tap(m.expert)
	test.Tap(m.start)
	env.Clock.Advance(90 * time.Second)
	test.Tap(m.flip)
	assert.True(t, m.passTiles.Visible())
	assert.Equal(t, "Pass your action tile to the left!", m.passTiles.Text)
}

func TestMarsMaze_UndoOfAFlip(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	m.mission.SetSelected("3")
	test.Tap(m.start)
	env.Clock.Advance(150 * time.Second)
	test.Tap(m.flip)
	require.Equal(t, "2:30", m.digits.Text())
	test.Tap(m.bar.Undo)
	assert.Equal(t, "0:30", m.digits.Text(), "the deadline before the flip is back")
	assert.True(t, strings.HasPrefix(m.counts.Text, "Hourglass markers left: 3"))
	assert.False(t, m.talk.Visible())
}

func TestMarsMaze_SandRunsOut(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	test.Tap(m.start)
	env.Clock.Advance(3 * time.Minute)
	assert.Equal(t, "0:00", m.digits.Text())
	assert.Contains(t, m.status.Text, "The sand has run out at")
	assert.False(t, m.flip.Visible())
	assert.Equal(t, kit.SoundTimeUp, env.Sounds[len(env.Sounds)-1])
	assert.Equal(t, 0.0, m.glass.fraction)
}

// TestMarsMaze_SoloHintGoesWithTheGame: once the sand has run out there
// is no pawn to move, so the solo row with its countdown goes.
func TestMarsMaze_SoloHintGoesWithTheGame(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	test.Tap(m.solo)
	test.Tap(m.start)
	require.True(t, m.soloRow.Visible())
	env.Clock.Advance(3 * time.Minute)
	require.Contains(t, m.status.Text, "The sand has run out at")
	assert.False(t, m.soloRow.Visible(), "no \"Pawn may move\" after the loss")
}

func TestMarsMaze_WinKeepsTheSandLeft(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	test.Tap(m.start)
	env.Clock.Advance(70 * time.Second)
	test.Tap(m.won)
	apptest.TapDialogButton(t, u.Win, "Yes")
	assert.Equal(t, "Mission complete with 1:50 of sand left", m.status.Text)
	env.Clock.Advance(5 * time.Minute)
	assert.Equal(t, "1:50", m.digits.Text())
	assert.Empty(t, env.Sounds, "winning raises no alarm")
}

func TestMarsMaze_SoloStopwatchPulsesEveryTenSeconds(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	test.Tap(m.solo)
	assert.False(t, m.soloRow.Visible(), "the stopwatch appears at the start")
	test.Tap(m.start)
	require.True(t, m.soloRow.Visible())
	assert.Equal(t, "Pawn may move in 10 s", m.nextWindow.Text)

	env.Clock.Advance(9 * time.Second)
	assert.Equal(t, 0, m.pulses)
	assert.Equal(t, "0:09", m.watch.Text())
	assert.Equal(t, "Pawn may move in 1 s", m.nextWindow.Text)
	env.Clock.Advance(time.Second)
	assert.Equal(t, 1, m.pulses, "0:10: the pawn may move")
	assert.Equal(t, []string{kit.SoundMark}, env.Sounds)
	env.Clock.Advance(20 * time.Second)
	assert.Equal(t, 3, m.pulses, "0:20 and 0:30")

	// Asleep for 35 s (no wake-ups): the three missed windows come as one.
	m.live.Waker.Stop()
	env.Clock.Set(env.Clock.Now().Add(35 * time.Second))
	m.live.Tick()
	assert.Equal(t, 4, m.pulses, "one pulse for the windows missed asleep")
	assert.Equal(t, 4, strings.Count(strings.Join(env.Sounds, " "), kit.SoundMark), "one sound, not a burst")
}

func TestMarsMaze_TurnToTheOtherSide(t *testing.T) {
	u := newTestEnv(t).Start(t)
	m := openMarsMaze(t, u)
	test.Tap(m.bar.Turn)
	assert.True(t, m.digits.Rotated)
	assert.True(t, m.glass.rotated)
}

func TestMarsMaze_StateStaysInTheSession(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	m.mission.SetSelected("5")
	test.Tap(m.start)
	env.Clock.Advance(40 * time.Second)
	test.Tap(m.flip)
	u.Win.Close()

	u2 := env.Start(t)
	st := u2.Session("marsmaze").View().State.(*mm.State)
	assert.Equal(t, 5, st.Mission)
	assert.Equal(t, 3, st.MarkersLeft)
	assert.Equal(t, 40*time.Second, st.Sand.Remaining(env.Clock.Now()))
}

func TestMarsMaze_ReopeningASoloGameDoesNotPulseForPastWindows(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	test.Tap(m.solo)
	test.Tap(m.start)
	env.Clock.Advance(47 * time.Second)
	env.Sounds = nil

	again := openMarsMaze(t, u) // home and back, or a restart
	assert.Equal(t, 0, again.pulses, "windows passed while the screen was closed are not signalled")
	assert.Empty(t, env.Sounds)
	env.Clock.Advance(3 * time.Second)
	assert.Equal(t, 1, again.pulses, "the next window is")
}

// marsMazeLayoutScreens are Magic Maze on Mars's screens for the layout check (layoutcheck_test.go).
var marsMazeLayoutScreens = []gametest.State{
	{Name: "marsmaze-joined", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := companion.New(mm.Rules, mm.New(), timers.System{})
		require.NoError(t, s.Dispatch(&mm.Start{}))
		require.NoError(t, s.Dispatch(&mm.Flip{}))
		left := s.View().State.(*mm.State).MarkersLeft
		gametest.JoinHosted(t, u, Game(), s, lang.L("Hourglass markers left: {{.Markers}}", map[string]any{"Markers": left}))
	}},
	// A joined app at the end: the record the host made, six names.
	{Name: "marsmaze-joined-recorded", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := companion.New(mm.Rules, mm.New(), timers.System{})
		require.NoError(t, s.Dispatch(&mm.Start{}))
		require.NoError(t, s.Dispatch(&mm.Win{}))
		require.NoError(t, s.Dispatch(&mm.RecordPlay{ID: "p1", Names: []string{"Annegret", "Bartholomäus", "Cem"}}))
		gametest.JoinHosted(t, u, Game(), s, lang.L("Record this play"))
	}},
	{Name: "marsmaze-solo", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(mm.Game))
		require.NoError(t, u.Session(mm.Game).Dispatch(&mm.SetOptions{Solo: true, Expert: true}))
		require.NoError(t, u.Session(mm.Game).Dispatch(&mm.Start{}))
	}},
	{Name: "marsmaze-won", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(mm.Game))
		require.NoError(t, u.Session(mm.Game).Dispatch(&mm.Start{}))
		require.NoError(t, u.Session(mm.Game).Dispatch(&mm.Win{}))
	}},
	{Name: "marsmaze", Show: func(t *testing.T, env *testEnv, u *app.UI) { u.OpenGame(u.Game(mm.Game)) }},
	{Name: "marsmaze-running", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(mm.Game))
		require.NoError(t, u.Session(mm.Game).Dispatch(&mm.Start{}))
	}},
	{Name: "marsmaze-lost", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(mm.Game))
		require.NoError(t, u.Session(mm.Game).Dispatch(&mm.Start{}))
		env.Clock.Advance(4 * time.Minute)
		u.Current.Refresh() // lays out again what the end showed and hid, as the next frame would
	}},
	// The long texts: the talk banner with the expert rule's reminder
	// after a flip, the joker's banner, the landing, both ends, in mission 3.
	{Name: "marsmaze-talk", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := startMission3(t, env, u, mm.SetOptions{Expert: true})
		require.NoError(t, s.Dispatch(&mm.Flip{}))
	}},
	{Name: "marsmaze-solo-talk", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := startMission3(t, env, u, mm.SetOptions{Solo: true, Expert: true})
		require.NoError(t, s.Dispatch(&mm.Flip{}))
	}},
	{Name: "marsmaze-joker", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := startMission3(t, env, u, mm.SetOptions{})
		require.NoError(t, s.Dispatch(&mm.UseJoker{}))
	}},
	{Name: "marsmaze-landed", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := startMission3(t, env, u, mm.SetOptions{Expert: true})
		require.NoError(t, s.Dispatch(&mm.Flip{}))
		require.NoError(t, s.Dispatch(&mm.Act{}))
		require.NoError(t, s.Dispatch(&mm.Land{Landed: true}))
	}},
	{Name: "marsmaze-3-won", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := startMission3(t, env, u, mm.SetOptions{Expert: true})
		require.NoError(t, s.Dispatch(&mm.Flip{}))
		require.NoError(t, s.Dispatch(&mm.Win{}))
	}},
	{Name: "marsmaze-3-lost", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := startMission3(t, env, u, mm.SetOptions{Solo: true, Expert: true})
		require.NoError(t, s.Dispatch(&mm.Flip{}))
		env.Clock.Advance(10 * time.Minute)
		u.Current.Refresh() // lays out again what the end showed and hid, as the next frame would
	}},
	// The end's record, saved, and the play as Played games shows it.
	{Name: "marsmaze-recorded", Show: func(t *testing.T, env *testEnv, u *app.UI) { recordedMarsMaze(t, u) }},
	{Name: "marsmaze-played", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		recordedMarsMaze(t, u)
		u.ShowPlay(gametest.Plays(t, u)[0].ID)
	}},
}

// startMission3 opens Magic Maze on Mars, chooses mission 3 with opts,
// starts it and lets 40 s of sand run.
func startMission3(t *testing.T, env *testEnv, u *app.UI, opts mm.SetOptions) *companion.Session {
	u.OpenGame(u.Game(mm.Game))
	s := u.Session(mm.Game)
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 3}))
	require.NoError(t, s.Dispatch(&opts))
	require.NoError(t, s.Dispatch(&mm.Start{}))
	env.Clock.Advance(40 * time.Second)
	return s
}

// TestScreens_FitPhonesAndSpeakGerman walks the screen states above through
// the layout check and the German check.
func TestScreens_FitPhonesAndSpeakGerman(t *testing.T) {
	gametest.CheckScreens(t, func() []*kit.Game { return []*kit.Game{Game()} }, marsMazeLayoutScreens...)
}
