package app

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/companion"
	"boardside/companion/share"
)

// fakeLinks stands in for the browser's WebRTC: offers are numbered, a
// device's answer names the offer it answers ("answer:d1"), and what the
// host sends each device is kept.
type fakeLinks struct {
	mu      sync.Mutex
	offers  int
	sent    map[string][][]byte
	closed  []string
	scans   chan string
	cameraE error
	// early makes a channel open, and its device ask the time, while
	// Accept is still returning: the page runs on meanwhile.
	early bool

	open, gone func(id string)
	message    func(id string, b []byte)
}

func newFakeLinks() *fakeLinks {
	return &fakeLinks{sent: map[string][][]byte{}, scans: make(chan string, 4)}
}

func (f *fakeLinks) Camera() error { return f.cameraE }

func (f *fakeLinks) Offer() (string, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.offers++
	id := "d" + strconv.Itoa(f.offers)
	return id, "https://table.example/j/#offer-" + id, nil
}

func (f *fakeLinks) Accept(code string) (string, error) {
	id, ok := strings.CutPrefix(code, "answer:")
	if !ok {
		return "", refusedCode("not-a-code")
	}
	if f.early {
		f.open(id)
		f.message(id, []byte(`{"id":1,"method":"GET","path":"time"}`))
	}
	return id, nil
}

func (f *fakeLinks) Scan() (string, error) { return <-f.scans, nil }

func (f *fakeLinks) Send(id string, b []byte) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent[id] = append(f.sent[id], b)
	return true
}

func (f *fakeLinks) Close(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = append(f.closed, id)
}

func (f *fakeLinks) CloseAll() {}

func (f *fakeLinks) Listen(open func(string), message func(string, []byte), closed func(string)) {
	f.open, f.message, f.gone = open, message, closed
}

// states are the versions of the states the host pushed to a device.
func (f *fakeLinks) states(id string) []uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	var vs []uint64
	for _, b := range f.sent[id] {
		var fr share.Frame
		if json.Unmarshal(b, &fr) == nil && fr.Event == "state" {
			var s share.Snapshot
			if json.Unmarshal(fr.Data, &s) == nil {
				vs = append(vs, s.Version)
			}
		}
	}
	return vs
}

func hostInBrowser(t *testing.T) (*testEnv, *UI, *fakeLinks, *tableHost) {
	t.Helper()
	return hostWith(t, newFakeLinks())
}

// hostWith opens the counter and hosts it from "this browser" over links.
// The host's redraws wait in a queue for the test goroutine (hostShows),
// as they wait for the Fyne goroutine in the app.
func hostWith(t *testing.T, links *fakeLinks) (*testEnv, *UI, *fakeLinks, *tableHost) {
	t.Helper()
	was := peerLinksHere
	peerLinksHere = func() peerLinks { return links }
	t.Cleanup(func() { peerLinksHere = was })
	env := newTestEnv(t)
	u := env.start(t)
	q := make(apptest.Queue, 256)
	u.Do = func(f func()) { q <- f }
	queues[u] = q
	// The game's own screen is not opened: its redraws (fyne.Do) would run
	// beside the test's reading of the host's screen.
	g := u.Game("counter")
	sessions[u] = companion.New(g.Rules, &counter{}, env.Clock)
	h, err := u.browserHost(g, sessions[u])
	require.NoError(t, err)
	t.Cleanup(func() { u.stopTableHost("counter"); delete(queues, u); delete(sessions, u) })
	u.Show(newTableHostScreen(u, g, h, func() {}).content)
	return env, u, links, h
}

// queues holds each test UI's queue of redraws, sessions its hosted game.
var (
	queues   = map[*UI]apptest.Queue{}
	sessions = map[*UI]*companion.Session{}
)

// hostShows waits until the screen shows text: the host works off the Fyne
// goroutine and redraws through fyne.Do.
func hostShows(t *testing.T, u *UI, text string) {
	t.Helper()
	queues[u].Until(t, func() bool {
		return strings.Contains(strings.Join(apptest.Texts(u.Current), "\n"), text)
	})
}

func TestTableHost_ADeviceJoinsWithTwoScansAndPlays(t *testing.T) {
	_, u, links, h := hostInBrowser(t)
	hostShows(t, u, "The next device scans this code")
	offer, _, _ := h.view()
	assert.Equal(t, "https://table.example/j/#offer-d1", offer, "the code on screen is the first offer's link")

	links.scans <- "answer:d1"
	test.Tap(apptest.Button(t, u.Current, "Scan a device's code"))
	hostShows(t, u, "Device 1: connecting …")
	require.Eventually(t, func() bool { o, _, _ := h.view(); return strings.HasSuffix(o, "offer-d2") }, 10*time.Second, time.Millisecond,
		"the next device gets a code of its own")

	links.open("d1")
	hostShows(t, u, "Device 1: connected")
	require.Eventually(t, func() bool { return len(links.states("d1")) > 0 }, 10*time.Second, time.Millisecond, "the device is sent the table at once")

	v := sessions[u].View().Version
	links.message("d1", []byte(`{"id":1,"method":"POST","path":"actions","body":{"version":`+strconv.FormatUint(v, 10)+`,"action":{"kind":"bump","data":{"by":2}}}}`))
	require.Eventually(t, func() bool { return sessions[u].View().Version == v+1 }, 10*time.Second, time.Millisecond,
		"the device's action reaches the game")
	assert.Equal(t, 2, sessions[u].View().State.(*counter).Count)

	links.gone("d1")
	hostShows(t, u, "Device 1: gone: rejoin with a new code")
	hostShows(t, u, "Device 1 has gone")
	require.NoError(t, sessions[u].Dispatch(&bump{By: 1}), "the game goes on on the host")
}

func TestTableHost_ADeviceThatDoesNotConnectGetsANewCode(t *testing.T) {
	env, u, links, h := hostInBrowser(t)
	hostShows(t, u, "The next device scans this code")
	h.scanned("answer:d1")
	hostShows(t, u, "Device 1: connecting …")
	env.Clock.Advance(connectWait)
	hostShows(t, u, "Device 1 did not connect")
	links.mu.Lock()
	assert.Contains(t, links.closed, "d1", "its connection is given up")
	links.mu.Unlock()
	offer, _, _ := h.view()
	assert.True(t, strings.HasSuffix(offer, "offer-d2"), "a new code is on screen: %s", offer)
}

func TestTableHost_RefusesWhatIsNotADevicesCode(t *testing.T) {
	_, u, _, h := hostInBrowser(t)
	hostShows(t, u, "The next device scans this code")
	h.scanned("https://example.org/menu")
	hostShows(t, u, "That is not a Boardside device's code")
	hostShows(t, u, "No device yet.")
}

func TestTableHost_NoCameraSaysSoAndStillOffers(t *testing.T) {
	links := newFakeLinks()
	links.cameraE = errors.New("NotAllowedError")
	_, u, _, h := hostWith(t, links)
	hostShows(t, u, "Allow the camera for this page, or paste the device's code below")
	require.Eventually(t, func() bool { o, _, _ := h.view(); return o != "" }, 10*time.Second, time.Millisecond)
}

// TestTableHost_AReloadedHostSaysTheDevicesMustRejoin: the page that
// hosted a table was reloaded; its game is kept, and the start says, once,
// that the devices must join again.
func TestTableHost_AReloadedHostSaysTheDevicesMustRejoin(t *testing.T) {
	_, u, _, _ := hostInBrowser(t)
	assert.Equal(t, "counter", u.prefs.HostedHere(), "hosting is remembered")
	openCounter(t, u) // the game has a session, as after a reload's start
	notes := u.rejoinNotice()
	require.Len(t, notes, 1)
	assert.Contains(t, notes[0], "Counter was hosted from this browser")
	assert.Empty(t, u.rejoinNotice(), "said once")

	u.prefs.SetHostedHere("counter")
	u.stopTableHost("counter")
	assert.Empty(t, u.prefs.HostedHere(), "stopped hosting: nothing to say at the next start")
}

// TestTableHost_AChannelThatOpensBeforeTheScanReturns: the device's
// channel opens, and it asks the time, before Accept has handed the host
// its id; it is let in all the same, and answered.
func TestTableHost_AChannelThatOpensBeforeTheScanReturns(t *testing.T) {
	links := newFakeLinks()
	links.early = true
	env, u, _, h := hostWith(t, links)
	hostShows(t, u, "The next device scans this code")
	h.scanned("answer:d1")
	hostShows(t, u, "Device 1: connected")
	require.Eventually(t, func() bool {
		links.mu.Lock()
		defer links.mu.Unlock()
		for _, b := range links.sent["d1"] {
			var f share.Frame
			if json.Unmarshal(b, &f) == nil && f.ID == 1 && f.Status == 200 {
				return true
			}
		}
		return false
	}, 10*time.Second, time.Millisecond, "its first request is answered")
	env.Clock.Advance(connectWait)
	hostShows(t, u, "Device 1: connected") // not given up: it is in
}
