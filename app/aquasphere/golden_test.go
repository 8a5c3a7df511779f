package aquasphere

import (
	"testing"

	"boardside/app"
	"boardside/app/gametest"
	"boardside/app/kit"
)

// TestAquaSphere_GoldenPhone: the sheet with three players on a phone.
func TestAquaSphere_GoldenPhone(t *testing.T) {
	gametest.GoldenPhone(t, []*kit.Game{Game()}, "aquasphere", func(t *testing.T, env *testEnv, u *app.UI) {
		a := openAquaSphere(t, u)
		addPlayers(t, u, a, "Anna", "Ben", "Cleo")
		tapPlus(t, a, 0, "freeNumber", 4)
	})
}
