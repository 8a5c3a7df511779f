package missioncontrol

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardside/app"
	"boardside/app/gametest"
)

// TestMissionControl_Golden keeps the countdown's screen in light and dark
// under review as images (testdata/*.png).
func TestMissionControl_Golden(t *testing.T) {
	for _, variant := range []string{"light", "dark"} {
		t.Run(variant, func(t *testing.T) {
			env := newTestEnv(t)
			u := env.Start(t)
			app.ApplyTheme(env.App, variant)
			m := openMissionControl(t, u)
			u.Win.Resize(fyne.NewSize(900, 640))
			test.Tap(m.start)
			env.Clock.Advance(7*time.Minute + 26*time.Second)
			test.AssertRendersToImage(t, "missioncontrol_"+variant+".png", u.Win.Canvas())
		})
	}
}

// TestMissionControl_GoldenPhone: the countdown running on a phone.
func TestMissionControl_GoldenPhone(t *testing.T) {
	gametest.GoldenPhone(t, []*app.Game{Game()}, "missioncontrol", func(t *testing.T, env *testEnv, u *app.UI) {
		m := openMissionControl(t, u)
		test.Tap(m.start)
		env.Clock.Advance(7*time.Minute + 26*time.Second)
	})
}
