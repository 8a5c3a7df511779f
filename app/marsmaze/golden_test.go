package marsmaze

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardside/app"
	"boardside/app/gametest"
)

// TestMarsMaze_Golden keeps the sand timer's screen in light and dark
// under review as images (testdata/*.png): digits, sand glass, banner,
// buttons.
func TestMarsMaze_Golden(t *testing.T) {
	for _, variant := range []string{"light", "dark"} {
		t.Run(variant, func(t *testing.T) {
			env := newTestEnv(t)
			u := env.Start(t)
			app.ApplyTheme(env.App, variant)
			m := openMarsMaze(t, u)
			u.Win.Resize(fyne.NewSize(900, 640))
			m.mission.SetSelected("3")
			test.Tap(m.solo)
			test.Tap(m.expert)
			test.Tap(m.start)
			env.Clock.Advance(125 * time.Second)
			test.Tap(m.flip)
			env.Clock.Advance(17 * time.Second)
			test.AssertRendersToImage(t, "marsmaze_"+variant+".png", u.Win.Canvas())
		})
	}
}

// TestMarsMaze_GoldenPhone: the running sand after a flip on a phone.
func TestMarsMaze_GoldenPhone(t *testing.T) {
	gametest.GoldenPhone(t, []*app.Game{Game()}, "marsmaze", func(t *testing.T, env *testEnv, u *app.UI) {
		m := openMarsMaze(t, u)
		test.Tap(m.start)
		env.Clock.Advance(125 * time.Second)
		test.Tap(m.flip)
		env.Clock.Advance(17 * time.Second)
	})
}
