package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
	"boardside/timers"
)

// TestBrowser_Screenshots writes pictures of the web viewer on a phone, for
// people to look at: VIEWER_SHOTS=DIR go test -run Screenshots ./e2e
func TestBrowser_Screenshots(t *testing.T) {
	dir := os.Getenv("VIEWER_SHOTS")
	if dir == "" {
		t.Skip("set VIEWER_SHOTS to a folder to take the web viewer's pictures")
	}
	newTab := browser(t, nil)
	clock := timers.System{}
	mars := companion.New(mm.Rules, mm.New(), clock)
	require.NoError(t, mars.Dispatch(&mm.ChooseMission{Mission: 3}))
	require.NoError(t, mars.Dispatch(&mm.SetOptions{Solo: true, Expert: true}))
	require.NoError(t, mars.Dispatch(&mm.Start{}))
	require.NoError(t, mars.Dispatch(&mm.UseJoker{}))
	mission := companion.New(mc.Rules, mc.New(), clock)
	require.NoError(t, mission.Dispatch(&mc.Start{}))
	require.NoError(t, mission.Dispatch(&mc.RollDice{}))
	require.NoError(t, mission.Dispatch(&mc.RevealUnlock{}))
	ad := companion.New(adele.Rules, adeleAfterRound1(t), clock)

	sizes := map[string][2]int64{"phone": {390, 844}, "small": {320, 568}, "landscape": {844, 390}}
	for name, url := range map[string]string{"marsmaze": serveTable(t, mars, mm.Game).url, "missioncontrol": serveTable(t, mission, mc.Game).url, "adele": serveTable(t, ad, adele.Game).url} {
		for size, wh := range sizes {
			tab := newTab()
			emulatePhone(t, tab, wh[0], wh[1])
			require.NoError(t, tab.Navigate(t.Context(), url))
			waitText(tab, t, "#conn", "connected")
			// A real wait: the picture is for people, taken once the first clock
			// sync has drawn the timer and the flash of any alert has faded.
			time.Sleep(300 * time.Millisecond)
			png, err := tab.Screenshot(t.Context())
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, name+"-"+size+".png"), png, 0o644))
		}
	}
}
