package missioncontrol

import (
	"maps"
	"slices"
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
	"boardside/app/kit"
	"boardside/companion"
	mc "boardside/companion/missioncontrol"
	"boardside/decks"
)

// knownDecks gives the table a game whose decks are in a known order, as
// a shuffle might leave them.
func knownDecks(t testing.TB, u *app.UI) {
	t.Helper()
	st := mc.New()
	st.AI = &decks.Deck{Draw: []string{"AI-01", "AI-02", "AI-03"}, Rng: decks.NewSeededRand([32]byte{1}), ReshuffleDiscard: true}
	st.Unlock = &decks.Deck{Draw: []string{"U1", "U3", "U7", "U5"}, Rng: decks.NewSeededRand([32]byte{2})}
	st.Bag = decks.NewBag(map[string]int{"black": 4, "white": 4, "red": 2}, decks.NewSeededRand([32]byte{3}))
	s := companion.New(mc.Rules, st, u.Clock)
	require.NoError(t, u.SetSession("missioncontrol", s))
}

func startedMissionControl(t testing.TB, env *testEnv, aiRoles ...string) (*app.UI, *missionControlScreen) {
	t.Helper()
	u := env.Start(t)
	knownDecks(t, u)
	m := openMissionControl(t, u)
	var names []string
	for _, r := range aiRoles {
		names = append(names, roleName(r))
	}
	m.aiRoles.SetSelected(names)
	test.Tap(m.start)
	return u, m
}

func TestMissionControlTable_TurnRhythm(t *testing.T) {
	env := newTestEnv(t)
	_, m := startedMissionControl(t, env, mc.Cologne)
	tb := m.table
	assert.Equal(t, "Turn 1", tb.turn.Text)
	assert.False(t, tb.locks[mc.Cologne].Visible(), "the AI does not lock")
	assert.True(t, tb.locks[mc.Houston].Disabled(), "no lock before the dice")

	// The astronaut calls the real dice: 3, 1, 2. AI-01's Cologne part claims a 3.
	tb.diceIn[0].SetSelected("3")
	tb.diceIn[1].SetSelected("1")
	tb.diceIn[2].SetSelected("2")
	test.Tap(tb.useDice)
	assert.Equal(t, []string{"3", "1", "2"}, []string{tb.dice[0].Text, tb.dice[1].Text, tb.dice[2].Text})
	assert.Equal(t, "You must keep the 3 (Cologne)", tb.forced.Text)
	assert.Equal(t, "AI-01", tb.shownCard, "the AI card is revealed after the roll")
	assert.True(t, tb.roll.Disabled(), "one roll per turn")

	test.Tap(tb.locks[mc.Houston])
	assert.False(t, tb.allLocked.Visible())
	assert.Equal(t, "✓ Houston Locked!", tb.locks[mc.Houston].Text, "locked in words, not by a grey button alone")
	assert.Equal(t, "Bengaluru Locked!", tb.locks[mc.Bengaluru].Text)
	test.Tap(tb.locks[mc.Bengaluru])
	assert.True(t, tb.allLocked.Visible(), "Mission Control is Locked!")
	test.Tap(tb.nextTurn)
	assert.Equal(t, "Turn 2", tb.turn.Text)
	assert.Equal(t, "Houston Locked!", tb.locks[mc.Houston].Text, "a new turn: to lock again")
	assert.Equal(t, "–", tb.dice[0].Text)

	test.Tap(tb.roll)
	assert.Equal(t, "AI-02", tb.shownCard)
	test.Tap(m.bar.Undo)
	assert.Equal(t, "", tb.shownCard, "undo hides the card again")
	test.Tap(tb.roll)
	assert.Equal(t, "AI-02", tb.shownCard, "and the same card comes back")
}

func TestMissionControlTable_Unlocks(t *testing.T) {
	env := newTestEnv(t)
	u, m := startedMissionControl(t, env)
	tb := m.table
	test.Tap(tb.reveal)
	assert.Equal(t, "yellow", tb.shownUnlock)
	assert.Equal(t, "Unlock cards left: 3", tb.unlockLeft.Text)

	test.Tap(tb.peek)
	require.Len(t, tb.peekRow.Objects, 2, "the astronaut sees the top two")
	assert.True(t, tb.reveal.Disabled())
	// Keep the second (U7, red X) on top; U3 goes to the bottom.
	test.Tap(apptest.Button(t, tb.peekRow.Objects[1], "Put this on top"))
	assert.Empty(t, tb.peekRow.Objects)
	st := u.Session("missioncontrol").View().State.(*mc.State)
	assert.Equal(t, []string{"U7", "U5", "U3"}, st.Unlock.Draw)
	test.Tap(tb.reveal)
	assert.Equal(t, "redX", tb.shownUnlock)
	assert.Contains(t, tb.revealedList.Text, "Yellow container · Red X: no container may move")
}

func TestMissionControlTable_Bag(t *testing.T) {
	env := newTestEnv(t)
	u, m := startedMissionControl(t, env)
	tb := m.table
	assert.Equal(t, "In the bag: 4 black, 4 white, 2 red", tb.bagCounts.Text)
	test.Tap(tb.take["red"])
	test.Tap(tb.take["red"])
	assert.True(t, tb.take["red"].Disabled(), "no red left to choose")
	assert.Equal(t, "The astronaut took: Red, Red", tb.taken.Text)

	test.Tap(tb.starDraw)
	require.True(t, tb.starBox.Visible())
	assert.True(t, tb.drawBlind.Disabled(), "decide first")
	test.Tap(tb.starRemove)
	assert.False(t, tb.starBox.Visible())
	st := u.Session("missioncontrol").View().State.(*mc.State)
	assert.Equal(t, 7, st.Bag.Len())
	test.Tap(tb.drawBlind)
	assert.Equal(t, 6, u.Session("missioncontrol").View().State.(*mc.State).Bag.Len())
}

func TestMissionControlTable_PhysicalBagHidesTheBag(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	test.Tap(m.physicalBag)
	test.Tap(m.start)
	assert.Len(t, m.table.tabs.Items, 2, "no half-valve tab")
}

func TestMissionControl_SetupChoices(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	m.setupPick.SetSelected("3")
	assert.Contains(t, m.setupShow.Text, "(default table: check your copy)")
	test.Tap(m.setupRoll)
	st := u.Session("missioncontrol").View().State.(*mc.State)
	assert.True(t, st.SetupRolled)
	assert.True(t, strings.HasPrefix(m.setupShow.Text, "Rolled "), m.setupShow.Text)
}

// TestCards_Golden keeps an AI card and the unlock cards under review, in
// the app's theme (light) as players see them: the theme gives the cards
// their fonts, and so the symbols (★ ✕ ▣), and the separators their colour.
func TestCards_Golden(t *testing.T) {
	kit.ApplyTheme(test.NewTempApp(t), "light")
	apptest.FreshRenderCache()
	card, ok := mc.Default().AICard("AI-01")
	require.True(t, ok)
	w := test.NewTempWindow(t, newAICard(card, mc.ControlRoles))
	w.Resize(fyne.NewSize(360, 420))
	apptest.AssertRendersToImage(t, "aicard.png", w.Canvas())

	w2 := test.NewTempWindow(t, newUnlockCard(mc.UnlockRedX, 22))
	w2.Resize(fyne.NewSize(320, 150))
	apptest.AssertRendersToImage(t, "unlockcard.png", w2.Canvas())
}

func TestMissionControl_HistoryOfTheTable(t *testing.T) {
	env := newTestEnv(t)
	u, m := startedMissionControl(t, env, mc.Cologne)
	m.table.diceIn[0].SetSelected("3")
	m.table.diceIn[1].SetSelected("1")
	m.table.diceIn[2].SetSelected("2")
	test.Tap(m.table.useDice)
	test.Tap(m.table.locks[mc.Houston])
	test.Tap(m.table.take["white"])
	test.Tap(m.bar.History)
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	for _, want := range []string{"Played by the AI deck: Cologne", "Real dice: 3 1 2", "Houston Locked!", "Take White"} {
		assert.Contains(t, shown, want)
	}
}

// TestMissionControlTable_NothingToTapOnceTimeIsUp: after the time is up
// every action is refused, so no button of the table offers one.
func TestMissionControlTable_NothingToTapOnceTimeIsUp(t *testing.T) {
	env := newTestEnv(t)
	u, m := startedMissionControl(t, env)
	tb := m.table
	test.Tap(tb.roll)
	require.False(t, tb.locks[mc.Bengaluru].Disabled(), "a lock once the dice are rolled")
	require.False(t, tb.reveal.Disabled())

	env.Clock.Advance(3 * time.Hour)
	m.render(env.Clock.Now())
	st := u.Session(mc.Game).View().State.(*mc.State)
	require.Equal(t, mc.TimeUp, st.Outcome(env.Clock.Now()))
	for r, b := range tb.locks {
		assert.True(t, b.Disabled(), "%s Locked! after the time is up", r)
	}
	for _, b := range append([]*widget.Button{tb.roll, tb.useDice, tb.nextTurn, tb.reveal, tb.peek, tb.drawBlind, tb.starDraw}, slices.Collect(maps.Values(tb.take))...) {
		assert.True(t, b.Disabled(), "%q after the time is up", b.Text)
	}
	for _, in := range tb.diceIn {
		assert.True(t, in.Disabled())
	}
}
