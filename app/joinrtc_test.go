package app

import (
	"bytes"
	"errors"
	"image/png"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/companion"
	"boardside/companion/share"
	"boardside/timers"
)

// fakeJoiner stands in for the browser's WebRTC on the joining device:
// the answer's code names the offer it answers, and once "the host's
// camera reads it" (scan) the channel is a share.Host's Peer in memory,
// frames passed on as the browsers pass them, in order.
type fakeJoiner struct {
	t    *testing.T
	host *share.Host
	fail error

	mu      sync.Mutex
	offers  []string
	peer    *share.Peer
	open    func()
	message func([]byte)
	closed  func()
	gone    bool // the channel closed
	closes  int  // Close calls
}

func (f *fakeJoiner) Answer(offer string, open func(), message func([]byte), closed func()) (string, rtcChannel, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.offers = append(f.offers, offer)
	if f.fail != nil {
		return "", nil, f.fail
	}
	f.open, f.message, f.closed = open, message, closed
	return "answer:" + offer[:8], fakeChannel{f}, nil
}

// scan is the host reading the answer: the channel opens, and the host
// serves it.
func (f *fakeJoiner) scan() {
	f.mu.Lock()
	f.peer = f.host.Attach("phone", func(b []byte) error {
		f.mu.Lock()
		gone, message := f.gone, f.message
		f.mu.Unlock()
		if gone {
			return errors.New("closed")
		}
		message(b) // never blocks
		return nil
	})
	open := f.open
	f.mu.Unlock()
	open()
}

// drop closes the channel under both ends: the host's page reloaded.
func (f *fakeJoiner) drop() {
	f.mu.Lock()
	f.gone = true
	peer, closed := f.peer, f.closed
	f.mu.Unlock()
	if peer != nil {
		peer.Close()
	}
	closed()
}

func (f *fakeJoiner) closeCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.closes
}

type fakeChannel struct{ f *fakeJoiner }

func (c fakeChannel) Send(b []byte) bool {
	c.f.mu.Lock()
	peer, gone := c.f.peer, c.f.gone
	c.f.mu.Unlock()
	if peer == nil || gone {
		return false
	}
	peer.Receive(b)
	return true
}

func (c fakeChannel) Close() {
	c.f.mu.Lock()
	defer c.f.mu.Unlock()
	c.f.closes++
}

// offer is a host's offer as rtc.js packs it: base64url, 60 and more.
const offer = "AQAEaGZ3cxhGdzVxSmV1c3pOUlBWb3BxZVJwbHZ4dmIKO9mh1q2Y7BRYR2ymXvT3TD1r6wmq6xmMu6xN0xWfBAQKAAABxmQ"

// browserTable is a counter hosted by "another browser" and this app,
// with the fake WebRTC, on its join screen with the host's link in it.
func browserTable(t *testing.T) (*UI, apptest.Queue, *JoinScreen, *fakeJoiner, *companion.Session) {
	t.Helper()
	env := newTestEnv(t, joinableCounter())
	g := env.games[0]
	clock := timers.System{}
	s := companion.New(g.Rules, &counter{}, clock)
	h := share.NewHost(s, *g.Share, clock, share.NewToken())
	t.Cleanup(h.Close)
	f := &fakeJoiner{t: t, host: h}
	was := rtcJoinerHere
	rtcJoinerHere = func() rtcJoiner { return f }
	t.Cleanup(func() { rtcJoinerHere = was })
	u, q := joinedApp(t, env)
	t.Cleanup(u.StopCurrent)
	j := NewJoinScreen(u)
	u.Show(j.Content)
	j.link.SetText("http://10.0.0.1:8080/app/j/#" + offer)
	return u, q, j, f, s
}

// answerCode is the QR code on the answer screen, as a PNG.
func answerCode(t *testing.T, o fyne.CanvasObject) []byte {
	t.Helper()
	var found []byte
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *canvas.Image:
			if o.Resource != nil {
				found = o.Resource.Content()
			}
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		}
	}
	walk(o)
	require.NotNil(t, found, "a code on screen")
	return found
}

func TestJoinRTC_AnswersShowsTheCodeAndFollowsTheTable(t *testing.T) {
	u, q, _, f, s := browserTable(t)
	u.Prefs().SetJoinedTable("http://192.168.1.20:7777/?t=older")
	test.Tap(apptest.Button(t, u.Current, "Join"))
	q.Until(t, func() bool { return shows(u, "Show this code to the host's camera") })
	assert.Equal(t, []string{offer}, f.offers, "the offer in the link's fragment is answered")
	img, err := png.Decode(bytes.NewReader(answerCode(t, u.Current)))
	require.NoError(t, err, "the answer's code is an image")
	assert.GreaterOrEqual(t, img.Bounds().Dx(), 512)

	f.scan()
	q.Until(t, func() bool { return shows(u, "Count at the table: 0") })
	assert.True(t, shows(u, "Connected"), "the joined screen, as for an HTTP table")
	assert.Empty(t, u.Prefs().JoinedTable(), "a reload rejoins no table: the offer answers once")

	test.Tap(apptest.Button(t, u.Current, "+"))
	q.Until(t, func() bool { return !u.Sending() })
	assert.Equal(t, 1, s.View().State.(*counter).Count, "the action reached the host over the channel")
	require.NoError(t, s.Dispatch(&bump{By: 2}))
	q.Until(t, func() bool { return shows(u, "Count at the table: 3") })
	assert.Zero(t, f.closeCount(), "the channel stays open from the code to the table")

	f.drop()
	q.Until(t, func() bool {
		return shows(u, "The link to the host is lost. To rejoin, the host taps “Add or rejoin a device”; paste its new link here.")
	})
	assert.True(t, shows(u, "Join a table"), "the join screen, to rejoin")
	assert.Nil(t, u.Leave, "the table's screen stopped")
	assert.Positive(t, f.closeCount(), "the connection is ended")
}

func TestJoinRTC_BackFromTheCodeEndsTheConnection(t *testing.T) {
	u, q, _, f, _ := browserTable(t)
	test.Tap(apptest.Button(t, u.Current, "Join"))
	q.Until(t, func() bool { return shows(u, "Show this code to the host's camera") })
	test.Tap(apptest.Button(t, u.Current, "Back"))
	assert.Same(t, u.home, u.Current, "home")
	assert.Equal(t, 1, f.closeCount(), "the answer's connection is closed")

	// The host reads the code after all: its channel opens, and nothing
	// shows.
	f.scan()
	for range 100 {
		select {
		case fn := <-q:
			fn()
		default:
		}
	}
	assert.Same(t, u.home, u.Current, "still home")
}

func TestJoinRTC_ALinkLostBeforeTheScan(t *testing.T) {
	u, q, _, f, _ := browserTable(t)
	test.Tap(apptest.Button(t, u.Current, "Join"))
	q.Until(t, func() bool { return shows(u, "Show this code to the host's camera") })
	f.drop() // the host's page reloaded
	q.Until(t, func() bool { return shows(u, "The link to the host is lost") })
}

func TestJoinRTC_AnOfferThatCannotBeAnswered(t *testing.T) {
	u, q, j, f, _ := browserTable(t)
	f.fail = errors.New("not an offer")
	test.Tap(apptest.Button(t, u.Current, "Join"))
	assert.True(t, shows(u, "Making the code for the host …"))
	assert.True(t, j.join.Disabled(), "one answer at a time")
	q.Until(t, func() bool { return shows(u, "This link does not open a table: open the host's newest link") })
	assert.False(t, j.join.Disabled())
}

// A copy that is not a browser (a phone's or laptop's app) cannot answer
// a browser's offer: it says where the link opens.
func TestJoinRTC_ANativeCopyRefusesInPlainWords(t *testing.T) {
	u, _, j, f, _ := browserTable(t)
	rtcJoinerHere = newRTCJoiner
	test.Tap(apptest.Button(t, u.Current, "Join"))
	assert.True(t, shows(u, "This link is for a browser: open it in the phone's browser."))
	assert.False(t, j.join.Disabled())
	assert.Empty(t, f.offers)
}

func TestJoinRTC_WhichLinksAreABrowsersTable(t *testing.T) {
	for link, want := range map[string]bool{
		"http://10.0.0.1:8080/app/j/#" + offer:              true,
		"  https://boardside.example/app/j/#" + offer + " ": true,
		"https://boardside.example/j/index.html#" + offer:   true,
		"https://boardside.example/app/j/#short":            false,
		"https://boardside.example/app/#" + offer:           false,
		"http://192.168.1.20:7777/?t=abc":                   false,
		"ftp://x/app/j/#" + offer:                           false,
		"app/j/#" + offer:                                   false,
		"https://boardside.example/app/j/#" + offer + "%":   false,
	} {
		got, ok := rtcOffer(link)
		assert.Equal(t, want, ok, link)
		if want {
			assert.Equal(t, offer, got)
		}
	}
	assert.True(t, strings.HasPrefix(rtcLost(), "The link to the host is lost"))
}
