package adele

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/gametest"
	"boardside/app/kit"
	ad "boardside/companion/adele"
)

// TestAdele_GoldenPhone: ADELE's console, open, in the emergency phase on
// a phone.
func TestAdele_GoldenPhone(t *testing.T) {
	gametest.GoldenPhone(t, []*kit.Game{Game()}, "adele_console", func(t *testing.T, env *testEnv, u *app.UI) {
		s := knownAdele(t, env, "")
		require.NoError(t, s.Dispatch(&ad.EmergencyPhase{}))
		a := showAdele(u, s)
		a.tabs.SelectIndex(1)
		a.console.cover(false)
	})
}
