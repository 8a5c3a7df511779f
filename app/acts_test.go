package app

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/kit"
	"boardside/companion"
)

// A host screen's tap acts on the version it drew: a change made past the
// screen (a phone's, through the share host) and not drawn yet makes it
// late, and the player is told so, in their language.
func TestActs_ATapActsOnTheVersionDrawn(t *testing.T) {
	env := newTestEnv(t)
	u := env.start(t)
	g := env.games[0]
	s := companion.New(g.Rules, &counter{}, env.Clock)
	a := kit.NewActs(u.GameWindow(), s, nil)
	a.Draw(s.View())
	a.Dispatch(&bump{By: 1})
	require.Equal(t, 1, s.View().State.(*counter).Count)
	assert.Equal(t, uint64(1), a.Version(), "its own change: the next tap builds on it")
	a.Dispatch(&bump{By: 1})
	require.Equal(t, 2, s.View().State.(*counter).Count, "two own taps in a row, drawn or not")

	require.NoError(t, s.Dispatch(&bump{By: 10})) // a phone, not drawn here
	a.Dispatch(&bump{By: 1})
	assert.Equal(t, 12, s.View().State.(*counter).Count, "the tap was on the table before the phone's change")
	top := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, top)
	assert.Contains(t, strings.Join(apptest.Texts(top), "\n"), "Someone was faster: look again")

	a.Draw(s.View())
	a.Dispatch(&bump{By: 1})
	assert.Equal(t, 13, s.View().State.(*counter).Count, "drawn, then tapped")
}

func TestActs_SomeoneWasFasterInBothLanguages(t *testing.T) {
	assert.Equal(t, "Someone was faster: look again", kit.TranslateError(companion.ErrFaster))
	setLanguage(t, "de")
	assert.Equal(t, "Jemand war schneller: schaut noch einmal hin.", kit.TranslateError(companion.ErrFaster))
}
