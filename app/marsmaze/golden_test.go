package marsmaze

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"boardside/app"
	"boardside/app/gametest"
	"boardside/app/kit"
)

// TestMarsMaze_Golden keeps the sand timer's screen in light and dark
// under review as images (testdata/*.png): digits, sand glass, banner,
// buttons.
func TestMarsMaze_Golden(t *testing.T) {
	gametest.Golden(t, []*kit.Game{Game()}, "marsmaze", fyne.NewSize(900, 640), func(t *testing.T, env *testEnv, u *app.UI) {
		m := openMarsMaze(t, u)
		m.mission.SetSelected("3")
		test.Tap(m.solo)
		test.Tap(m.expert)
		test.Tap(m.start)
		env.Clock.Advance(125 * time.Second)
		test.Tap(m.flip)
		env.Clock.Advance(17 * time.Second)
	})
}

// TestMarsMaze_GoldenPhone: the running sand after a flip on a phone.
func TestMarsMaze_GoldenPhone(t *testing.T) {
	gametest.GoldenPhone(t, []*kit.Game{Game()}, "marsmaze", func(t *testing.T, env *testEnv, u *app.UI) {
		m := openMarsMaze(t, u)
		test.Tap(m.start)
		env.Clock.Advance(125 * time.Second)
		test.Tap(m.flip)
		env.Clock.Advance(17 * time.Second)
	})
}
