package missioncontrol

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/companion"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/plays"
	"boardside/timers"
)

// TestJoin_PlaysAWholeTurnFromAPhone joins a Mission Control table and
// plays from the phone what the quick viewer (assets/web/missioncontrol.js)
// lets a phone play: the start, the roll, each role's lock, the next turn,
// an unlock card, and the end, asked first. Each action keeps its button
// from the start to the end, disabled where it does not apply.
func TestJoin_PlaysAWholeTurnFromAPhone(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	s := companion.New(mc.Rules, mc.New(), timers.System{})
	state := func() *mc.State { return s.View().State.(*mc.State) }
	q := gametest.JoinHosted(t, u, Game(), s, "Start the countdown")
	shown := func() string { return strings.Join(apptest.Texts(u.Current), "\n") }
	button := func(text string) bool { return !apptest.Button(t, u.Current, text).Disabled() }

	test.Tap(apptest.Button(t, u.Current, "Start the countdown"))
	gametest.Sent(t, q, u, nil)
	require.True(t, state().Timer.Started)
	q.Until(t, func() bool { return strings.Contains(shown(), "Roll 3 dice") })
	roles := state().HumanRoles()
	require.NotEmpty(t, roles)
	lock := roleName(roles[0]) + " Locked!"
	assert.True(t, button("Roll 3 dice"))
	assert.False(t, button("Next turn"), "nothing to end before the roll")
	assert.False(t, button(lock), "nothing to lock before the roll")
	assert.True(t, button("Reveal the top card"))
	assert.Contains(t, shown(), "Unlock cards left: ")

	test.Tap(apptest.Button(t, u.Current, "Roll 3 dice"))
	gametest.Sent(t, q, u, nil)
	require.Len(t, state().Dice, 3, "rolled at the table")
	q.Until(t, func() bool { return strings.Contains(shown(), "Real dice:") && button(lock) })
	assert.False(t, button("Roll 3 dice"), "one roll a turn")
	for _, r := range roles {
		test.Tap(apptest.Button(t, u.Current, roleName(r)+" Locked!"))
		gametest.Sent(t, q, u, nil)
		q.Until(t, func() bool { return strings.Contains(shown(), "✓ "+roleName(r)+" Locked!") })
	}
	assert.True(t, state().AllLocked())
	q.Until(t, func() bool { return button("Next turn") })
	test.Tap(apptest.Button(t, u.Current, "Next turn"))
	gametest.Sent(t, q, u, nil)
	assert.Equal(t, 2, state().Turn)
	q.Until(t, func() bool { return strings.Contains(shown(), "Turn 2") && button("Roll 3 dice") })

	left := len(state().Unlock.Draw)
	test.Tap(apptest.Button(t, u.Current, "Reveal the top card"))
	gametest.Sent(t, q, u, nil)
	require.Len(t, state().Unlock.Draw, left-1, "an unlock card revealed at the table")
	q.Until(t, func() bool { return strings.Contains(shown(), "Revealed so far: ") })

	test.Tap(apptest.Button(t, u.Current, "Accomplished"))
	gametest.Sent(t, q, u, nil)
	apptest.TapDialogButton(t, u.Win, "No")
	assert.True(t, state().AccomplishedAt.IsZero(), "No: the game goes on")
	test.Tap(apptest.Button(t, u.Current, "Accomplished"))
	gametest.Sent(t, q, u, nil)
	apptest.TapDialogButton(t, u.Win, "Yes")
	gametest.Sent(t, q, u, nil)
	require.False(t, state().AccomplishedAt.IsZero())
	q.Until(t, func() bool { return strings.Contains(shown(), "Mission accomplished") })
}

// Issue 35: at the end, a joined app names the players of the play the
// host recorded: a seat for the astronaut and each role people play, as
// the public record counts them; the names reach the host's log.
func TestJoin_TheEndNamesThePlayOnTheHost(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	s := companion.New(mc.Rules, mc.New(), timers.System{})
	log, err := plays.Open(companion.Dir(t.TempDir()).Store(plays.FileName))
	require.NoError(t, err)
	book := plays.NewBook(log, nil, func(err error) { t.Error(err) })
	book.RecordAtEnd = true
	book.Follow(s)
	defer book.Unfollow(s)
	q := gametest.JoinHosted(t, u, Game(), s, "Start the countdown")
	defer u.ShowHome()
	require.NoError(t, s.Dispatch(&mc.Start{}))
	require.NoError(t, s.Dispatch(&mc.Accomplish{}))
	entries := func() []*widget.Entry { return apptest.Entries(u.Current) }
	q.Until(t, func() bool { return len(entries()) > 0 })
	assert.Len(t, entries(), 1+len(s.View().State.(*mc.State).HumanRoles()), "the astronaut and the roles people play")
	require.Len(t, book.Plays(), 1, "recorded at the end, without names: no play before")
	assert.Empty(t, book.Plays()[0].Players)

	entries()[0].SetText("Anna")
	test.Tap(apptest.Button(t, u.Current, "Save names"))
	gametest.Sent(t, q, u, nil)
	players := book.Plays()[0].Players
	require.Len(t, players, 1)
	assert.Equal(t, "Anna", players[0].Name)
	assert.True(t, players[0].Winner, "the table's result")
}
