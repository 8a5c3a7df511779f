package app

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"boardside/companion/adele"
)

// TestHome_Golden keeps the home screen's layout under review: a change
// shows up as a diff of testdata/home.xml and testdata/home.png.
func TestHome_Golden(t *testing.T) {
	u := newTestEnv(t).start(t)
	u.Win.Resize(fyne.NewSize(800, 520))
	test.AssertRendersToMarkup(t, "home.xml", u.Win.Canvas())
	test.AssertRendersToImage(t, "home.png", u.Win.Canvas())
}

func TestHome_GoldenPhone(t *testing.T) {
	u := newTestEnv(t).start(t)
	u.Win.Resize(fyne.NewSize(380, 720))
	test.AssertRendersToImage(t, "home_phone.png", u.Win.Canvas())
}

// TestTimerScreens_Golden keeps both timer screens in light and dark under
// review as images (testdata/*.png): digits, sand glass, banner, buttons.
func TestTimerScreens_Golden(t *testing.T) {
	for _, variant := range []string{"light", "dark"} {
		t.Run("missioncontrol_"+variant, func(t *testing.T) {
			env := newTestEnv(t)
			u := env.start(t)
			ApplyTheme(env.App, variant)
			m := openMissionControl(t, u)
			u.Win.Resize(fyne.NewSize(900, 640))
			test.Tap(m.start)
			env.Clock.Advance(7*time.Minute + 26*time.Second)
			test.AssertRendersToImage(t, "missioncontrol_"+variant+".png", u.Win.Canvas())
		})
		t.Run("marsmaze_"+variant, func(t *testing.T) {
			env := newTestEnv(t)
			u := env.start(t)
			ApplyTheme(env.App, variant)
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

// TestMainScreens_GoldenPhone keeps each game's main screen on a 412×915
// phone, light and dark, under review: the size most players hold.
func TestMainScreens_GoldenPhone(t *testing.T) {
	phone := fyne.NewSize(412, 915)
	screens := []struct {
		name string
		show func(t *testing.T, env *testEnv, u *UI)
	}{
		{"missioncontrol", func(t *testing.T, env *testEnv, u *UI) {
			m := openMissionControl(t, u)
			test.Tap(m.start)
			env.Clock.Advance(7*time.Minute + 26*time.Second)
		}},
		{"marsmaze", func(t *testing.T, env *testEnv, u *UI) {
			m := openMarsMaze(t, u)
			test.Tap(m.start)
			env.Clock.Advance(125 * time.Second)
			test.Tap(m.flip)
			env.Clock.Advance(17 * time.Second)
		}},
		{"adele_console", func(t *testing.T, env *testEnv, u *UI) {
			s := knownAdele(t, env, "")
			require.NoError(t, s.Dispatch(&adele.EmergencyPhase{}))
			a := showAdele(u, s)
			a.tabs.SelectIndex(1)
			a.console.cover(false)
		}},
		{"aquasphere", func(t *testing.T, env *testEnv, u *UI) {
			a := openAquaSphere(t, u)
			addPlayers(t, u, a, "Anna", "Ben", "Cleo")
			tapPlus(t, a, 0, "freeNumber", 4)
		}},
	}
	for _, sc := range screens {
		for _, variant := range []string{"light", "dark"} {
			t.Run(sc.name+"_"+variant, func(t *testing.T) {
				env := newTestEnv(t)
				u := env.start(t)
				ApplyTheme(env.App, variant)
				u.Win.Resize(phone)
				sc.show(t, env, u)
				u.Win.Resize(phone)
				test.AssertRendersToImage(t, "phone_"+sc.name+"_"+variant+".png", u.Win.Canvas())
			})
		}
	}
}
