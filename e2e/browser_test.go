package e2e

import (
	"encoding/json"
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/companion/table"
	"boardside/companion/table/tabletest"
	"boardside/internal/webdriver"
	"boardside/timers"
)

func TestBrowser_FlipInOnePhoneShowsOnTheOther(t *testing.T) {
	newTab := browser(t, nil)
	clock := timers.System{}
	s := companion.New(mm.Rules, mm.New(), clock)
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 2}))
	require.NoError(t, s.Dispatch(&mm.Start{}))
	h := share.NewHost(s, shared[mm.Game].game, clock, share.NewToken())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := share.NewServer(h)
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	url := "http://" + l.Addr().String() + "/?t=" + h.Token()

	phone1, phone2 := newTab(), newTab()
	for _, p := range []*webdriver.Chrome{phone1, phone2} {
		emulatePhone(t, p, 412, 915)
		require.NoError(t, p.Navigate(t.Context(), url))
		waitText(p, t, "#conn", "connected")
		waitText(p, t, "#info", "Hourglass markers left: 2")
		waitText(p, t, "#buttons", "Flip")
	}
	shown := text(phone1, t, "#timer")
	assert.Regexp(t, `^[23]:\d\d$`, shown, "the sand timer, computed in the browser")

	tap(phone1, t, "Flip")
	waitText(phone2, t, "#info", "Hourglass markers left: 1")
	assert.Equal(t, 1, s.View().State.(*mm.State).MarkersLeft, "the host's game changed")
	waitText(phone2, t, "#banner", "Talk now")
	waitText(phone2, t, "#buttons", "Action")

	tap(phone2, t, "Action")
	waitText(phone1, t, "#version", "4") // mission, start, flip, act
	assert.Empty(t, s.View().State.(*mm.State).Talk)
}

func TestBrowser_ViewersComeBackWhenTheHostRestarts(t *testing.T) {
	newTab := browser(t, nil)
	dir := t.TempDir()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	url, stop := marsHost(t, l, dir)

	p := newTab()
	emulatePhone(t, p, 412, 915)
	require.NoError(t, p.Navigate(t.Context(), url))
	waitText(p, t, "#conn", "connected")
	stop()
	waitText(p, t, "#conn", "offline")

	// The host comes back on the same address with its saved token and game.
	l2, err := net.Listen("tcp", addr)
	require.NoError(t, err)
	url2, stop2 := marsHost(t, l2, dir)
	defer stop2()
	assert.Equal(t, url, url2)
	waitText(p, t, "#conn", "connected")
	tap(p, t, "Turn the sand timer over")
	waitText(p, t, "#info", "Hourglass markers left: 1")
}

func TestBrowser_ADELECrewTable(t *testing.T) {
	newTab := browser(t, nil)
	start := adeleAfterRound1(t)
	door := start.Placed[0]
	var other int
	_, err := fmt.Sscanf(door.Spot, "door:%d", &other)
	require.NoError(t, err)

	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var out strings.Builder
	srv, best, err := table.Host(l, t.TempDir(), adele.Game, true, shared[adele.Game].game, func() companion.State { return start }, &out)
	require.NoError(t, err)
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	token := best[strings.Index(best, "?t=")+3:]
	base := "http://" + l.Addr().String()
	public := func() adele.PublicState {
		code, body := tabletest.Get(t, base+"/api/v1/state?t="+token)
		require.Equal(t, 200, code)
		var snap struct {
			State adele.PublicState `json:"state"`
		}
		require.NoError(t, json.Unmarshal([]byte(body), &snap))
		return snap.State
	}
	kinds := map[string]string{adele.Stress: "Stress", adele.SystemFailure: "System failure",
		adele.CourseDeviation: "Course deviation", adele.Silence: "Silence", adele.Impact: "Impact"}

	phone := newTab()
	emulatePhone(t, phone, 412, 915)
	require.NoError(t, phone.Navigate(t.Context(), base+"/?t="+token))
	waitText(phone, t, "#conn", "connected")
	waitText(phone, t, "#game", "ADELE · Deimos · 4 players")
	before := public()
	require.NotNil(t, before.Current)
	require.NotNil(t, before.Next)
	waitText(phone, t, ".track .round", "10")
	waitText(phone, t, ".track .noreturn", strconv.Itoa(before.NoReturn)) // a course deviation moved it
	waitText(phone, t, ".legend", "Round marker 10")
	waitText(phone, t, "#status", "Next: the emergency phase")
	waitText(phone, t, ".ecards", "Current emergency · round 11"+kinds[before.Current.Kind])
	waitText(phone, t, ".ecards", "Next emergency"+kinds[before.Next.Kind])
	waitText(phone, t, ".missions", "✗Blue mission")
	waitText(phone, t, "#adele", "Alarm terminal 1 used (room 3)")
	var rooms int
	require.NoError(t, phone.Eval(t.Context(), `document.querySelectorAll(".room").length`, &rooms))
	assert.Equal(t, adele.Rooms, rooms)
	waitText(phone, t, ".room[data-room='7']", "Impact")

	// The Emergency phase button plays the face-up card.
	tap(phone, t, "Emergency phase")
	waitText(phone, t, ".ecards", "Current emergency · round 10"+kinds[before.Next.Kind])
	waitText(phone, t, "#status", "ADELE's phase")
	after := public()
	require.NotNil(t, after.Current)
	assert.Equal(t, before.Next.ID, after.Current.Card, "the face-up card became this round's emergency")
	assert.Equal(t, "adele", after.Phase)

	// A locked door shows in both rooms; removing it from the other side
	// sends it as ADELE placed it.
	waitText(phone, t, fmt.Sprintf(".room[data-room='%d']", other), fmt.Sprintf("Door locked (to room %d)", door.Room))
	tapIn(phone, t, fmt.Sprintf(`.room[data-room="%d"]`, other), "✕ Door locked")
	require.Eventually(t, func() bool { return len(public().Placed) == 0 }, patient(10*time.Second), 50*time.Millisecond, "the door was removed")
	// The page draws the board anew at every version, and a button drawn
	// anew takes no tap for a moment: the next tap waits until the page
	// shows the door gone (on a busy machine the host's answer came after
	// the tap, which the new board then dropped).
	waitJS(phone, t, fmt.Sprintf(`!document.querySelector('.room[data-room="%d"]').textContent.includes("Door locked")`, other),
		"the page shows the door removed")
	tapIn(phone, t, `.room[data-room="7"]`, "✕ Impact marker")
	require.Eventually(t, func() bool { return !slices.Contains(public().Impacts, 7) }, patient(10*time.Second), 50*time.Millisecond, "the impact marker was removed")
	if len(public().Impacts) == 0 { // unless this round's emergency was an impact
		waitText(phone, t, ".missions", "✓Blue mission")
	}

	var html string
	require.NoError(t, phone.Eval(t.Context(), `document.documentElement.outerHTML`, &html))
	for _, secret := range []string{"energy", "hand", "console"} {
		assert.NotContains(t, strings.ToLower(html), secret, "ADELE's secrets stay on her device")
	}
}

// TestBrowser_AGameScriptThatFailsToLoadIsTriedAgain: the quick viewer
// loads its game's screen (marsmaze.js) when the first state comes. When
// that load fails, as it does when the host goes away just then, the page
// tries again, and the game and its buttons show once the script comes.
func TestBrowser_AGameScriptThatFailsToLoadIsTriedAgain(t *testing.T) {
	newTab := browser(t, nil)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	url, stop := marsHost(t, l, t.TempDir())
	defer stop()

	p := newTab()
	emulatePhone(t, p, 412, 915)
	var failed atomic.Int32
	require.NoError(t, p.Intercept(t.Context(), "*/marsmaze.js", func(string) webdriver.Verdict {
		if failed.Add(1) == 1 { // the first load of marsmaze.js
			return webdriver.Refuse
		}
		return webdriver.Continue
	}))
	require.NoError(t, p.Navigate(t.Context(), url))
	waitText(p, t, "#conn", "connected")
	tap(p, t, "Turn the sand timer over")
	waitText(p, t, "#info", "Hourglass markers left: 1")
	assert.GreaterOrEqual(t, failed.Load(), int32(2), "marsmaze.js was asked for again after it failed")
}
