package app

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loopbackURL turns the first shared link into one on this machine.
func loopbackURL(t *testing.T, h *hosting) (base, token string) {
	t.Helper()
	link := h.urls[0]
	token = link[strings.Index(link, "?t=")+3:]
	return "http://127.0.0.1:" + itoaInt(h.port), token
}

func itoaInt(n int) string {
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		n /= 10
		if n == 0 {
			return s
		}
	}
}

func TestShare_AFlipFromAPhoneReachesTheScreen(t *testing.T) {
	env := newTestEnv(t)
	u := env.start(t)
	m := openMarsMaze(t, u)
	m.mission.SetSelected("2")
	test.Tap(m.start)
	env.clock.Advance(100 * time.Second)

	test.Tap(m.bar.share)
	h := u.hosts["marsmaze"]
	require.NotNil(t, h)
	t.Cleanup(func() { u.stopSharing("marsmaze") })
	shown := strings.Join(texts(u.current), "\n")
	assert.Contains(t, shown, "Scan the code with a phone's camera")
	assert.Contains(t, shown, "/?t=")

	base, token := loopbackURL(t, h)
	version := u.session("marsmaze").View().Version
	resp, err := http.Post(base+"/api/v1/actions?t="+token, "application/json",
		strings.NewReader(`{"version":`+itoaInt(int(version))+`,"action":{"kind":"flip"}}`))
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))

	u.openGame(u.game("marsmaze"))
	m2 := u.current
	assert.Contains(t, strings.Join(texts(m2), "\n"), "Hourglass markers left: 1", "the phone's flip is the host's flip")

	// A new game ends the sharing of the old one.
	u.newGame(u.game("marsmaze"))
	assert.Nil(t, u.hosts["marsmaze"])
}

func TestShare_TokenSurvivesARestart(t *testing.T) {
	env := newTestEnv(t)
	u := env.start(t)
	a, err := u.shareToken("marsmaze")
	require.NoError(t, err)
	u2 := env.start(t)
	b, err := u2.shareToken("marsmaze")
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.Len(t, a, 32)
}
