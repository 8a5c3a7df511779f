package missioncontrol

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardside/app"
	"boardside/app/gametest"
	"boardside/app/kit"
)

// TestMissionControl_Golden keeps the countdown's screen in light and dark
// under review as images (testdata/*.png).
func TestMissionControl_Golden(t *testing.T) {
	gametest.Golden(t, []*kit.Game{Game()}, "missioncontrol", fyne.NewSize(900, 640), func(t *testing.T, env *testEnv, u *app.UI) {
		m := openMissionControl(t, u)
		test.Tap(m.start)
		env.Clock.Advance(7*time.Minute + 26*time.Second)
	})
}

// TestMissionControl_GoldenPhone: the countdown running on a phone.
func TestMissionControl_GoldenPhone(t *testing.T) {
	gametest.GoldenPhone(t, []*kit.Game{Game()}, "missioncontrol", func(t *testing.T, env *testEnv, u *app.UI) {
		m := openMissionControl(t, u)
		test.Tap(m.start)
		env.Clock.Advance(7*time.Minute + 26*time.Second)
	})
}
