package missioncontrol

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
	mc "boardside/companion/missioncontrol"
	"boardside/timers"
)

// openMissionControl opens the game as its tile does and returns the
// screen with its widgets reachable.
func openMissionControl(t testing.TB, u *app.UI) *missionControlScreen {
	return gametest.OpenScreen(t, u, "missioncontrol", newMissionControlScreen, func(m *missionControlScreen) fyne.CanvasObject { return m.content })
}

func TestMissionControl_SetUpStartPauseResume(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)

	assert.Equal(t, "20:00", m.digits.Text())
	assert.Equal(t, "Oxygen needed: 8", m.status.Text)
	assert.True(t, m.start.Visible())
	assert.False(t, m.pause.Visible())

	m.difficulty.SetSelected("Hard")
	assert.Equal(t, "Oxygen needed: 10", m.status.Text)
	test.Tap(m.longer)
	assert.Equal(t, "21:00", m.digits.Text())
	test.Tap(m.shorter)
	test.Tap(m.shorter)
	assert.Equal(t, "19:00", m.digits.Text())

	test.Tap(m.start)
	assert.False(t, m.setup.Visible(), "no setup once started")
	assert.True(t, u.Awake, "the screen stays on while the timer runs")
	env.Clock.Advance(time.Second)
	assert.Equal(t, "18:59", m.digits.Text())

	test.Tap(m.pause)
	assert.False(t, u.Awake, "released while paused")
	env.Clock.Advance(time.Hour)
	assert.Equal(t, "18:59", m.digits.Text(), "paused holds")
	assert.Equal(t, "Paused", m.detail.Text)

	test.Tap(m.resume)
	env.Clock.Advance(59 * time.Second)
	assert.Equal(t, "18:00", m.digits.Text())

	assert.False(t, m.adjustRow.Visible(), "time adjustment hides behind Edit time")
	test.Tap(m.editTime)
	require.True(t, m.adjustRow.Visible())
	test.Tap(m.adjust[60])
	assert.Equal(t, "19:00", m.digits.Text())
	test.Tap(m.adjust[-10])
	assert.Equal(t, "18:50", m.digits.Text())

	// Leaving the screen releases the screen lock.
	u.ShowHome()
	assert.False(t, u.Awake)
}

func TestMissionControl_AlertsAndTimesUp(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	test.Tap(m.start)

	env.Clock.Advance(15*time.Minute - time.Second)
	assert.Empty(t, env.Sounds, "nothing before 5:00")
	env.Clock.Advance(time.Second)
	assert.Equal(t, []string{kit.SoundAlert}, env.Sounds, "5:00")
	assert.Equal(t, 1, m.flash.Count)

	env.Clock.Advance(5 * time.Minute)
	assert.Equal(t, "0:00", m.digits.Text())
	assert.Equal(t, []string{
		kit.SoundAlert, kit.SoundAlert, kit.SoundAlert, kit.SoundAlert, // 5:00 1:00 0:30 0:10
		kit.SoundCountdown, kit.SoundCountdown, kit.SoundCountdown, kit.SoundCountdown, kit.SoundCountdown, // 5 4 3 2 1
		kit.SoundTimeUp,
	}, env.Sounds, "each mark once, in order")
	assert.Equal(t, "Time's up", m.status.Text)
	assert.Contains(t, m.detail.Text, "Time ran out at "+apptest.Epoch.Add(20*time.Minute).Local().Format("15:04:05"))
	assert.Contains(t, m.detail.Text, "The game took 20:00.")
	assert.False(t, m.pause.Visible() || m.done.Visible(), "nothing to press but New game")
	assert.False(t, u.Awake)

	env.Clock.Advance(time.Hour)
	assert.Len(t, env.Sounds, 10, "time's up is announced once")
}

func TestMissionControl_MissionAccomplished(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	test.Tap(m.start)
	env.Clock.Advance(14*time.Minute + 32*time.Second)

	test.Tap(m.done)
	apptest.TapDialogButton(t, u.Win, "Yes")
	assert.Equal(t, "Mission accomplished", m.status.Text)
	assert.Equal(t, "The game took 14:32. Turns: 1. AI cards revealed: 0. Unlock cards revealed: 0.", m.detail.Text)
	assert.Equal(t, "5:28", m.digits.Text())
	env.Clock.Advance(10 * time.Minute)
	assert.Equal(t, "5:28", m.digits.Text(), "the clock stopped")
	assert.Empty(t, env.Sounds)
}

// TestMissionControl_RedrawsOncePerShownSecond counts how often the digits
// change over a simulated 20-minute game.
func TestMissionControl_RedrawsOncePerShownSecond(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	test.Tap(m.start)
	before := m.digits.Changes
	env.Clock.Advance(20 * time.Minute)
	t.Logf("digit redraws over a simulated 20:00: %d", m.digits.Changes-before)
	assert.InDelta(t, 1200, m.digits.Changes-before, 1, "one redraw per displayed second, from 19:59 to 0:00")
	assert.Equal(t, "0:00", m.digits.Text())
	env.Clock.Advance(time.Second) // the time's-up flash fades
	assert.Zero(t, env.Clock.Pending(), "nothing left scheduled once time is up")
	assert.False(t, m.flash.Rect.Visible())
}

func TestMissionControl_RestoredAfterRunningOutWhileClosed(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	test.Tap(m.start)
	env.Clock.Advance(3 * time.Minute)
	u.Win.Close()
	env.Sounds = nil

	// The app is closed for an hour, well past the deadline.
	env.Clock.Set(apptest.Epoch.Add(time.Hour))
	u2 := env.Start(t)
	require.True(t, strings.Contains(strings.Join(apptest.Texts(u2.Current), "\n"), "Time's up"), "reopened on the game")
	assert.Contains(t, strings.Join(apptest.Texts(u2.Current), "\n"), "Time ran out at "+apptest.Epoch.Add(20*time.Minute).Local().Format("15:04:05"))
	assert.Equal(t, []string{kit.SoundTimeUp}, env.Sounds, "one alert, no replay of the missed marks")

	env.Clock.Advance(time.Minute)
	assert.Equal(t, []string{kit.SoundTimeUp}, env.Sounds)
}

func TestMissionControl_UndoOfStartReturnsToSetUp(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	test.Tap(m.start)
	env.Clock.Advance(5 * time.Second)
	test.Tap(m.bar.Undo)
	assert.Equal(t, "20:00", m.digits.Text())
	assert.True(t, m.start.Visible())
	assert.True(t, m.bar.Undo.Disabled())
}

func TestMissionControl_TurnToTheOtherSide(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	test.Tap(m.bar.Turn)
	assert.True(t, m.digits.Rotated)
	test.Tap(m.bar.Turn)
	assert.False(t, m.digits.Rotated)
}

func TestMissionControl_HistoryDescribesActions(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	m.difficulty.SetSelected("Easy")
	test.Tap(m.start)
	test.Tap(m.editTime)
	test.Tap(m.adjust[-60])
	test.Tap(m.bar.History)
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	for _, want := range []string{"Difficulty: Easy", "Start", "Time changed by −1:00"} {
		assert.Contains(t, shown, want)
	}
	_ = mc.Game
}

// missionControlLayoutScreens are Mission Control's screens for the layout check (layoutcheck_test.go).
var missionControlLayoutScreens = []gametest.State{
	{Name: "missioncontrol-joined", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := companion.New(mc.Rules, mc.New(), timers.System{})
		require.NoError(t, s.Dispatch(&mc.Start{}))
		require.NoError(t, s.Dispatch(&mc.RollDice{}))
		gametest.JoinHosted(t, u, Game(), s, lang.L("Turn {{.Turn}}", map[string]any{"Turn": 1}))
	}},
	{Name: "missioncontrol-turn", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(mc.Game))
		require.NoError(t, u.Session(mc.Game).Dispatch(&mc.Start{}))
		require.NoError(t, u.Session(mc.Game).Dispatch(&mc.SetDice{Values: []int{1, 3, 6}}))
	}},
	{Name: "missioncontrol-accomplished", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(mc.Game))
		require.NoError(t, u.Session(mc.Game).Dispatch(&mc.Start{}))
		require.NoError(t, u.Session(mc.Game).Dispatch(&mc.Accomplish{}))
	}},
	{Name: "missioncontrol-data", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		g := u.Game(mc.Game)
		u.Show(newMCDataScreen(u.GameWindow(), g, mc.Default(), func() {}).content)
	}},
	{Name: "missioncontrol", Show: func(t *testing.T, env *testEnv, u *app.UI) { u.OpenGame(u.Game(mc.Game)) }},
	{Name: "missioncontrol-running", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(mc.Game))
		require.NoError(t, u.Session(mc.Game).Dispatch(&mc.Start{}))
	}},
	{Name: "missioncontrol-timeup", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(mc.Game))
		require.NoError(t, u.Session(mc.Game).Dispatch(&mc.Start{}))
		env.Clock.Advance(3 * time.Hour)
	}},
	// The long texts: a rolled setup; a turn with the AI card drawn, of one
	// role and of two; Mission Control locked; both ends after a turn.
	{Name: "missioncontrol-rolled-setup", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(mc.Game))
		require.NoError(t, u.Session(mc.Game).Dispatch(&mc.SetAIRoles{Roles: []string{mc.Cologne}}))
		require.NoError(t, u.Session(mc.Game).Dispatch(&mc.RollSetup{}))
	}},
	{Name: "missioncontrol-card", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		rolledTurn(t, u, mc.Cologne)
	}},
	{Name: "missioncontrol-card-two", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		rolledTurn(t, u, mc.Houston, mc.Cologne)
	}},
	{Name: "missioncontrol-locked", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		s := rolledTurn(t, u, mc.Cologne)
		require.NoError(t, s.Dispatch(&mc.Lock{Role: mc.Houston}))
		require.NoError(t, s.Dispatch(&mc.Lock{Role: mc.Bengaluru}))
	}},
	{Name: "missioncontrol-card-accomplished", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		require.NoError(t, rolledTurn(t, u, mc.Cologne).Dispatch(&mc.Accomplish{}))
	}},
	{Name: "missioncontrol-card-timeup", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		rolledTurn(t, u, mc.Houston, mc.Cologne)
		env.Clock.Advance(3 * time.Hour)
	}},
	// The end's record, saved, and the play as Played games shows it.
	{Name: "missioncontrol-recorded", Show: func(t *testing.T, env *testEnv, u *app.UI) { recordedMissionControl(t, u) }},
	{Name: "missioncontrol-played", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		recordedMissionControl(t, u)
		u.ShowPlay(gametest.Plays(t, u)[0].ID)
	}},
}

// rolledTurn opens Mission Control with aiRoles played by the AI deck,
// starts it and rolls the first turn's dice: the AI card is drawn.
func rolledTurn(t *testing.T, u *app.UI, aiRoles ...string) *companion.Session {
	u.OpenGame(u.Game(mc.Game))
	s := u.Session(mc.Game)
	require.NoError(t, s.Dispatch(&mc.SetAIRoles{Roles: aiRoles}))
	require.NoError(t, s.Dispatch(&mc.Start{}))
	require.NoError(t, s.Dispatch(&mc.RollDice{}))
	_, ok := s.View().State.(*mc.State).AICard()
	require.True(t, ok, "the AI card is drawn")
	return s
}

// TestScreens_FitPhonesAndSpeakGerman walks the screen states above through
// the layout check and the German check.
func TestScreens_FitPhonesAndSpeakGerman(t *testing.T) {
	gametest.CheckScreens(t, func() []*kit.Game { return []*kit.Game{Game()} }, missionControlLayoutScreens...)
}
