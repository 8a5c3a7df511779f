package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion/webapp"
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
	newTab := webAppBrowser(t)
	for _, d := range []device{{390, 844, phone.ua}, {412, 915, phone.ua}} {
		t.Run(fmt.Sprintf("%d×%d", d.w, d.h), func(t *testing.T) {
			table, _ := serveWithApp(t, dir)
			tab := newTab()
			emulatePhone(t, tab, d.w, d.h)
			require.NoError(t, chromedp.Do(tab, chromedp.Navigate(webapp.URL(table)[:strings.Index(webapp.URL(table), "?")])))
			waitDrawn(tab, t)
			fits := func(when string) {
				t.Helper()
				assert.True(t, eval[bool](tab, t, PageFits), "%s: the page fits the viewport: %s", when, eval[string](tab, t, PageSize))
				assert.Empty(t, eval[[]string](tab, t, OutsideViewport), "%s: every element inside the viewport", when)
			}
			fits("home")

			tapShown(tab, t, "button", is("Join a table"), "Join a table")
			entry := stableShown(tab, t, "entry", is(""), "the table link's entry")
			require.NoError(t, chromedp.Do(tab, touch(entry.X+entry.W/2, entry.Y+entry.H/2)))
			_, err := chromedp.Run(tab, chromedp.Poll[bool](HiddenInputFocused, chromedp.WithPollingTimeout(10*time.Second)))
			require.NoError(t, err, "the entry takes the keyboard")
			fits("a text field focused")

			// As a phone's keyboard types: into the focused hidden input.
			_, err = chromedp.Call(tab, input.InsertText, input.InsertTextParams{Text: "Jörg"})
			require.NoError(t, err)
			waitShown(tab, t, "entry", is("Jörg"), "what the keyboard typed, in the entry")
			fits("after typing")
		})
	}
}
