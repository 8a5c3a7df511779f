package e2e

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/catalog"
	"boardside/companion/webapp"
	"boardside/internal/soak"
	"boardside/internal/webdriver"
)

// soakSteps is how many things the soak test does in its one page: about
// three minutes on a 2-core machine. A build without cmd/webbuild/wasmfix's
// mends died at step 55 of it.
const soakSteps = 300

// TestWebApp_SoakInOnePage taps the web app at random in one page, as a
// table of new players does over an evening: every game opened from home
// and left, tabs, dialogs, entries typed into, the phone turned, never a
// reload. Any page error fails it: a trap of the wasm, a Go panic, an app
// that stops answering. The seed is fixed (BOARDSIDE_SOAK_SEED=N tries
// another); what was tapped is logged.
func TestWebApp_SoakInOnePage(t *testing.T) {
	if testing.Short() {
		t.Skip("taps a page for minutes")
	}
	t.Parallel() // a browser and a table of its own: beside the walk and the keyboards
	dir := builtWebApp(t)
	seed := uint64(33)
	if s := os.Getenv("BOARDSIDE_SOAK_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		require.NoError(t, err)
		seed = n
	}
	newTab := browserFor(t, 20*time.Minute, webdriver.ChromeOptions{WebGL: true})
	table, _ := serveWithApp(t, dir)
	tab := newTab()
	require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: phone.w, Height: phone.h, Scale: 2.6, Mobile: true, Touch: true}))
	require.NoError(t, tab.UserAgent(t.Context(), webdriver.Agent{UA: phone.ua, AcceptLanguage: "en-GB"}))
	require.NoError(t, tab.Navigate(t.Context(), webapp.URL(table)[:strings.Index(webapp.URL(table), "?")]))
	waitDrawn(tab, t)

	var titles []string
	for _, g := range catalog.Games() {
		titles = append(titles, g.Name)
	}
	var last []string // the last steps, to say what led to a page error
	r, err := soak.Play(t.Context(), tab, soak.Config{Seed: seed, Steps: soakSteps, Games: titles, Sizes: [][2]int64{{phone.w, phone.h}, {phone.h, phone.w}},
		Step: func(n int, what string) {
			last = append(last, strconv.Itoa(n)+": "+what)
			if len(last) > 25 {
				last = last[1:]
			}
		}})
	require.NoError(t, err)
	t.Logf("seed %d: %d steps, %d taps %v, games opened %v, %d steps in a dialog, %d texts typed, %d turns, %d screens",
		seed, r.Steps, r.Taps, r.Kinds, r.Games, r.Dialogs, r.Typed, r.Turns, r.Screens)
	require.Empty(t, r.PageError, "the page died after step %d; the last steps:\n%s", r.Steps, strings.Join(last, "\n"))
	assert.Equal(t, soakSteps, r.Steps)
	for _, title := range titles {
		assert.Positive(t, r.Games[title], "%s opened", title)
	}
	assert.Positive(t, r.Kinds["tabs"], "tabs tapped")
	assert.Positive(t, r.Dialogs, "a dialog open")
	assert.Positive(t, r.Typed, "text typed")
	assert.Positive(t, r.Turns, "the phone turned")
}
