package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion/webapp"
	"boardside/internal/webdriver"
	"boardside/internal/webscreen"
)

// The page's own checks, each a JavaScript expression any engine can
// evaluate (WebDriver's execute script takes them as "return " + expr),
// so that the runs in Firefox and WebKit can share them.

// PageFits is true where the page is no wider and no taller than the
// viewport: nothing scrolls the page itself sideways or down.
const PageFits = `document.documentElement.scrollWidth <= innerWidth && document.documentElement.scrollHeight <= innerHeight`

// PageSize tells the page's scroll size beside the viewport's, for a
// failure's message.
const PageSize = `JSON.stringify({ scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight], viewport: [innerWidth, innerHeight] })`

// OutsideViewport lists the page's elements with a box that sticks out of
// the viewport (by id, or tag). An engine may leave an element above or
// left of the page out of the page's size (Chromium and WebKit do, Firefox
// does not), so this finds what PageFits can miss in one engine.
const OutsideViewport = `Array.from(document.querySelectorAll("body *")).filter((e) => {
	const r = e.getBoundingClientRect();
	return (r.width > 0 || r.height > 0) && (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5);
}).map((e) => e.id || e.tagName.toLowerCase())`

// HiddenInputFocused is true while Fyne's hidden input has the focus: the
// phone's keyboard is open for an entry.
const HiddenInputFocused = `document.activeElement === document.getElementById("dummyEntry")`

// TestWebApp_ThePageFitsThePhone opens the web app on two phones, upright,
// and finds the page no larger than the viewport and every element of it
// inside, on the home screen and with a text field focused (the hidden
// input Fyne's driver focuses for the keyboard, 32pt and once 601 px wide
// in Firefox, included), and what a phone's keyboard types still arrives.
func TestWebApp_ThePageFitsThePhone(t *testing.T) {
	dir := builtWebApp(t)
	newTab := webAppBrowser(t, nil)
	for _, d := range []device{{390, 844, phone.ua}, {412, 915, phone.ua}} {
		t.Run(fmt.Sprintf("%d×%d", d.w, d.h), func(t *testing.T) {
			table, _ := serveWithApp(t, dir)
			tab := newTab()
			emulatePhone(t, tab, d.w, d.h)
			require.NoError(t, tab.Navigate(t.Context(), webapp.URL(table)[:strings.Index(webapp.URL(table), "?")]))
			waitDrawn(tab, t)
			fits := func(when string) {
				t.Helper()
				assert.True(t, eval[bool](tab, t, PageFits), "%s: the page fits the viewport: %s", when, eval[string](tab, t, PageSize))
				assert.Empty(t, eval[[]string](tab, t, OutsideViewport), "%s: every element inside the viewport", when)
			}
			fits("home")

			tapShown(tab, t, "button", is("Join a table"), "Join a table")
			entry := stableShown(tab, t, "entry", is(""), "the table link's entry")
			require.NoError(t, tab.Tap(t.Context(), entry.X+entry.W/2, entry.Y+entry.H/2))
			err := webdriver.Until(t.Context(), tab, HiddenInputFocused, patient(10*time.Second), frame, nil)
			require.NoError(t, err, "the entry takes the keyboard")
			fits("a text field focused")

			// As a phone's keyboard types: into the focused hidden input.
			require.NoError(t, tab.InsertText(t.Context(), "Jörg"))
			waitShown(tab, t, "entry", is("Jörg"), "what the keyboard typed, in the entry")
			fits("after typing")
		})
	}
}

// SafeRect is the page's safe area, the viewport less its
// env(safe-area-inset-*), as { left, top, right, bottom } in CSS pixels,
// measured on an element of its own.
const SafeRect = `(() => {
	const d = document.createElement("div");
	d.style.cssText = "position: fixed; inset: 0; visibility: hidden; box-sizing: border-box; padding: env(safe-area-inset-top, 0px) env(safe-area-inset-right, 0px) env(safe-area-inset-bottom, 0px) env(safe-area-inset-left, 0px)";
	document.body.appendChild(d);
	const s = getComputedStyle(d), n = (v) => parseFloat(v) || 0;
	const r = { left: n(s.paddingLeft), top: n(s.paddingTop), right: innerWidth - n(s.paddingRight), bottom: innerHeight - n(s.paddingBottom) };
	d.remove();
	return r;
})()`

// CanvasCoversViewport is true where Fyne's canvas fills the whole
// viewport, under the notch too: the app's background runs there.
const CanvasCoversViewport = `(() => {
	const r = document.querySelector("canvas").getBoundingClientRect();
	return Math.abs(r.left) < 0.5 && Math.abs(r.top) < 0.5 && Math.abs(r.width - innerWidth) < 0.5 && Math.abs(r.height - innerHeight) < 0.5;
})()`

type safeRect struct{ Left, Top, Right, Bottom float64 }

// tappableKinds are what a finger taps (as app/apptest's layout check
// counts them), and a scroll, which clips what it holds to its own box.
var tappableKinds = map[string]bool{"button": true, "check": true, "select": true, "entry": true, "radio": true,
	"slider": true, "slide": true, "link": true, "tabs": true, "scroll": true}

// outOfSafeArea lists the tappables the screen shows in view that do not
// lie wholly inside r.
func outOfSafeArea(s webscreen.Screen, r safeRect) []string {
	var out []string
	for _, it := range s.Items {
		if !tappableKinds[it.Kind] || !it.InView {
			continue
		}
		if it.X < r.Left-0.5 || it.Y < r.Top-0.5 || it.X+it.W > r.Right+0.5 || it.Y+it.H > r.Bottom+0.5 {
			out = append(out, fmt.Sprintf("%s %q at %.0f,%.0f %.0f×%.0f", it.Kind, it.Text, it.X, it.Y, it.W, it.H))
		}
	}
	return out
}

// safeInsets sets the insets env(safe-area-inset-*) gives, as a phone's
// notch, rounded corners and home indicator make them.
func safeInsets(tab *webdriver.Chrome, t *testing.T, top, right, bottom, left int64) {
	t.Helper()
	require.NoError(t, tab.SafeArea(t.Context(), webdriver.Insets{Top: top, Right: right, Bottom: bottom, Left: left}))
}

// inSafeArea waits until every tappable the app shows lies inside the
// page's safe area (a turned phone is laid out anew over a few frames),
// and fails naming those that do not.
func inSafeArea(tab *webdriver.Chrome, t *testing.T, w, h float64, want safeRect, what string) {
	t.Helper()
	r := eval[safeRect](tab, t, SafeRect)
	require.Equal(t, want, r, "%s: the page's safe area, as emulated", what)
	var out []string
	var s webscreen.Screen
	for end := time.Now().Add(patient(10 * time.Second)); ; {
		s = readScreen(tab, t)
		out = outOfSafeArea(s, r)
		if len(out) == 0 && s.Width == w && s.Height == h || time.Now().After(end) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	assert.Equal(t, [2]float64{w, h}, [2]float64{s.Width, s.Height}, "%s: the app's window is the whole viewport", what)
	assert.Empty(t, out, "%s: tappables under a notch, a corner or the home indicator; the safe area is %+v; the screen:\n%s", what, r, s)
	assert.True(t, eval[bool](tab, t, CanvasCoversViewport), "%s: the canvas fills the viewport, under the notch too", what)
	assert.True(t, eval[bool](tab, t, PageFits), "%s: the page fits: %s", what, eval[string](tab, t, PageSize))
}

// TestWebApp_ClearOfTheNotchAndTheHomeIndicator opens the web app on a
// phone with a notch and a home indicator (the insets emulated through
// Chromium's Emulation.setSafeAreaInsetsOverride), upright, then turns it
// on its side, where the notch is at the left and the right is kept as
// clear: on the home screen and in a running Magic Maze game (its bar on
// top, Flip at the foot), every tappable lies inside the safe area.
func TestWebApp_ClearOfTheNotchAndTheHomeIndicator(t *testing.T) {
	dir := builtWebApp(t)
	t.Parallel() // a browser and a table of its own
	newTab := webAppBrowser(t, nil)
	table, _ := serveWithApp(t, dir)
	tab := newTab()
	require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: 390, Height: 844, Scale: 3, Mobile: true, Touch: true}))
	require.NoError(t, tab.UserAgent(t.Context(), webdriver.Agent{UA: phone.ua}))
	safeInsets(tab, t, 47, 0, 34, 0)
	require.NoError(t, tab.Navigate(t.Context(), webapp.URL(table)[:strings.Index(webapp.URL(table), "?")]))
	waitDrawn(tab, t)
	upright := safeRect{0, 47, 390, 844 - 34}
	inSafeArea(tab, t, 390, 844, upright, "home, upright")

	tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
	tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start")
	flip := stableShown(tab, t, "button", is("Flip"), "the game runs")
	inSafeArea(tab, t, 390, 844, upright, "Magic Maze running, upright")
	assert.InDelta(t, 844-34, flip.Y+flip.H, 24, "Flip stays at the foot, just above the home indicator")

	// On its side: the notch at the left, the home indicator below.
	require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: 844, Height: 390, Scale: 3, Mobile: true, Touch: true, Landscape: true}))
	safeInsets(tab, t, 0, 47, 21, 47)
	inSafeArea(tab, t, 844, 390, safeRect{47, 0, 844 - 47, 390 - 21}, "Magic Maze running, on its side")
	// A dialog: Fyne lays it over the whole canvas, not inside the screen.
	tapShown(tab, t, "button", is("All colonists on domes"), "the win")
	waitShown(tab, t, "button", is("No"), "the dialog asks")
	inSafeArea(tab, t, 844, 390, safeRect{47, 0, 844 - 47, 390 - 21}, "a dialog, on its side")
	tapShown(tab, t, "button", is("No"), "No")
	tapShown(tab, t, "button", is("Flip"), "Flip, on its side") // and it takes a tap there
	tapShown(tab, t, "button", is("Home"), "Home")
	inSafeArea(tab, t, 844, 390, safeRect{47, 0, 844 - 47, 390 - 21}, "home, on its side")
}
