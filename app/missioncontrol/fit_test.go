package missioncontrol

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/gametest"
	mc "boardside/companion/missioncontrol"
)

// rect is where an object lies in the window.
type rect struct{ x, y, w, h float32 }

func rectOf(o fyne.CanvasObject) rect {
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	return rect{p.X, p.Y, o.Size().Width, o.Size().Height}
}

// holds says whether o lies wholly inside r (half a unit for rounding).
func (r rect) holds(o rect) bool {
	return o.x >= r.x-0.5 && o.y >= r.y-0.5 && o.x+o.w <= r.x+r.w+0.5 && o.y+o.h <= r.y+r.h+0.5
}

// inView says whether o shows whole on the screen: inside the window and
// inside the part of the screen's scroll that shows.
func inView(m *missionControlScreen, o fyne.CanvasObject) bool {
	win := rect{0, 0, m.u.Win().Canvas().Size().Width, m.u.Win().Canvas().Size().Height}
	scroll := rectOf(m.bodyBox.Objects[2])
	return o.Visible() && o.Size().Height > 0 && win.holds(rectOf(o)) && scroll.holds(rectOf(o))
}

// TestMissionControl_RolledSetupFitsAPhone: a rolled setup is a sentence
// that wraps; on one line it made the window 704 px wide (853 in German).
func TestMissionControl_RolledSetupFitsAPhone(t *testing.T) {
	for _, code := range []string{"en", "de"} {
		t.Run(code, func(t *testing.T) {
			gametest.SetLanguage(t, code)
			u := newTestEnv(t).Start(t)
			m := openMissionControl(t, u)
			test.Tap(m.setupRoll)
			u.Win.Resize(fyne.NewSize(360, 640))
			require.Contains(t, m.setupShow.Text, lang.L("(default table: check your copy)"), "the whole sentence")
			assert.LessOrEqual(t, u.Win.Content().MinSize().Width, float32(360), "no wider than a phone")
			assert.LessOrEqual(t, m.setupShow.Size().Width, float32(360))
			assert.GreaterOrEqual(t, m.setupShow.Size().Height, m.setupShow.MinSize().Height, "its lines have room")

			test.Tap(m.start)
			assert.LessOrEqual(t, u.Win.Content().MinSize().Width, float32(360), "nor after the start")
		})
	}
}

// TestMissionControl_CardAndDiceInViewAfterARoll: the turn's dice and the
// AI card drawn for them show on a phone without scrolling, in no box of
// their own; on a phone on its side the dice show whole.
func TestMissionControl_CardAndDiceInViewAfterARoll(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 360, Height: 640}, {Width: 412, Height: 915}, {Width: 915, Height: 412}} {
		for _, code := range []string{"en", "de"} {
			t.Run(code+"_"+sizeName(size), func(t *testing.T) {
				gametest.SetLanguage(t, code)
				env := newTestEnv(t)
				_, m := startedMissionControl(t, env, mc.Cologne)
				m.u.Win().Resize(size)
				// The dice the table rolled: AI-01's Cologne part claims the 3.
				for i, v := range []string{"3", "1", "2"} {
					m.table.diceIn[i].SetSelected(v)
				}
				test.Tap(m.table.useDice)
				m.u.Win().Resize(size)

				require.Equal(t, "AI-01", m.table.shownCard)
				for i, d := range m.table.dice {
					assert.True(t, inView(m, d), "die %d", i+1)
				}
				if size.Height > size.Width {
					card := m.table.aiCard
					assert.True(t, inView(m, card), "the AI card at %v: %v in %v", size, rectOf(card), rectOf(m.bodyBox.Objects[2]))
					assert.GreaterOrEqual(t, card.Size().Height, card.MinSize().Height, "the card whole, not squeezed")
					assert.True(t, inView(m, m.table.forced), "which die the AI takes")
				}
				win := rect{0, 0, size.Width, size.Height}
				assert.True(t, win.holds(rectOf(m.table.roll)) && win.holds(rectOf(m.table.nextTurn)), "the main actions at the foot")
			})
		}
	}
}

func sizeName(s fyne.Size) string { return fmt.Sprintf("%.0fx%.0f", s.Width, s.Height) }

// TestMissionControl_MainActionKeepsItsPlace: Start, then Roll with Next
// turn beside it, at the foot, in one place through a turn; Next turn is
// there all along, enabled once Mission Control is locked, so it never
// appears where Roll was just tapped.
func TestMissionControl_MainActionKeepsItsPlace(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	knownDecks(t, u)
	m := openMissionControl(t, u)
	m.aiRoles.SetSelected([]string{roleName(mc.Cologne)})
	size := fyne.NewSize(360, 640)
	u.Win.Resize(size)
	start := rectOf(m.start)
	assert.InDelta(t, size.Height, start.y+start.h, 8, "Start at the foot")

	test.Tap(m.start)
	u.Win.Resize(size)
	roll, next := rectOf(m.table.roll), rectOf(m.table.nextTurn)
	assert.Equal(t, start.y, roll.y, "Roll where Start was")
	assert.Equal(t, roll.y, next.y, "Next turn beside it")
	assert.False(t, m.table.roll.Disabled())
	assert.True(t, m.table.nextTurn.Disabled(), "not before Mission Control is locked")

	test.Tap(m.table.roll)
	u.Win.Resize(size)
	assert.Equal(t, roll, rectOf(m.table.roll), "after the roll, with the card shown")
	assert.Equal(t, next, rectOf(m.table.nextTurn))
	assert.True(t, m.table.roll.Disabled(), "one roll a turn")
	test.Tap(m.table.locks[mc.Houston])
	test.Tap(m.table.locks[mc.Bengaluru])
	assert.False(t, m.table.nextTurn.Disabled(), "Mission Control is locked")
	u.Win.Resize(size)
	assert.Equal(t, next, rectOf(m.table.nextTurn))

	test.Tap(m.table.nextTurn)
	assert.True(t, m.table.nextTurn.Disabled())
	assert.False(t, m.table.roll.Disabled(), "the next turn's roll")
	assert.Equal(t, roll, rectOf(m.table.roll))
}

// TestMissionControlTable_UseTheseDiceWaitsForAllThree: "Use these dice"
// is enabled only once each of the three dice is set.
func TestMissionControlTable_UseTheseDiceWaitsForAllThree(t *testing.T) {
	env := newTestEnv(t)
	_, m := startedMissionControl(t, env)
	tb := m.table
	assert.True(t, tb.useDice.Disabled(), "three dice read ?")
	tb.diceIn[0].SetSelected("4")
	tb.diceIn[1].SetSelected("2")
	assert.True(t, tb.useDice.Disabled(), "one die still reads ?")
	tb.diceIn[2].SetSelected("6")
	require.False(t, tb.useDice.Disabled(), "all three set")
	test.Tap(tb.useDice)
	assert.Equal(t, []string{"4", "2", "6"}, []string{tb.dice[0].Text, tb.dice[1].Text, tb.dice[2].Text})
	assert.True(t, tb.useDice.Disabled())
	assert.False(t, tb.realDice.Visible(), "set: the row goes, the card takes its room")

	test.Tap(m.bar.Undo)
	assert.True(t, tb.realDice.Visible(), "undone: the dice may be set again")
	assert.True(t, tb.useDice.Disabled(), "the dice read ? again")
}

// TestMissionControl_GermanNames: the big start button says what it starts
// (the home button reads "Start" in German); Cologne is Köln.
func TestMissionControl_GermanNames(t *testing.T) {
	gametest.SetLanguage(t, "de")
	u := newTestEnv(t).Start(t)
	m := openMissionControl(t, u)
	assert.Equal(t, "Countdown starten", m.start.Text)
	assert.NotEqual(t, lang.L("Home"), m.start.Text)
	assert.Equal(t, "Köln", roleName(mc.Cologne))
	assert.Contains(t, m.aiRoles.Options, "Köln")
}
