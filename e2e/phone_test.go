package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardside/internal/webdriver"
)

// Helpers for the web viewer's browser tests: a headless Chromium, phone
// emulation, and taps as a finger makes them.

// patience is how much longer than a quiet machine needs a wait on a
// page may last. A wait ends the moment what it waits for is there, so a
// generous bound costs a quiet machine nothing, and a busy one (a CI
// runner, a second make test beside this one, where a page drew three
// times slower) still passes where the page is only slow.
const patience = 4

// patient is d, the time a step takes on a quiet machine, as the bound of
// a wait on a page.
func patient(d time.Duration) time.Duration { return patience * d }

// frame is how often a wait looks where it looks at each animation frame
// the page draws (60 a second).
const frame = 16 * time.Millisecond

// browser starts headless Chromium (Debian's chromium, installed by
// scripts/deps.sh) and returns a function that opens a new tab. flags go
// to Chromium's command line, --name=value.
func browser(t *testing.T, flags map[string]string) func() *webdriver.Chrome {
	t.Helper()
	return browserFor(t, 90*time.Second, webdriver.ChromeOptions{Flags: flags})
}

// browserFor is browser started with o whose tabs may take up to limit
// (openTab).
func browserFor(t *testing.T, limit time.Duration, o webdriver.ChromeOptions) func() *webdriver.Chrome {
	t.Helper()
	first := startChrome(t, o)
	return func() *webdriver.Chrome {
		tab, err := openTab(first, limit)
		require.NoError(t, err)
		t.Cleanup(func() { _ = tab.Close() })
		return tab
	}
}

// startChrome starts headless Chromium with o, for the test: its first
// tab, which opens the others.
func startChrome(t *testing.T, o webdriver.ChromeOptions) *webdriver.Chrome {
	t.Helper()
	if testing.Short() {
		t.Skip("a browser test: make check (go test -short) leaves it to make test")
	}
	if _, err := exec.LookPath("chromium"); err != nil {
		t.Skip("chromium is not installed here: make test installs it")
	}
	first, err := webdriver.StartChrome(t.Context(), o)
	require.NoError(t, err)
	t.Cleanup(func() { _ = first.Close() })
	return first
}

// openTab opens a tab in first's browser whose page may take up to limit
// on a quiet machine (patient(limit) on any): a bound on a stuck page, not
// a pace.
func openTab(first *webdriver.Chrome, limit time.Duration) (*webdriver.Chrome, error) {
	ctx, cancel := context.WithTimeout(context.Background(), patient(limit))
	defer cancel() // the tab keeps the deadline
	return first.OpenTab(ctx)
}

// lanName is the name a phone reaches the host by on the local network,
// its name in mDNS (a host answers to that name, as to its addresses, and
// refuses names it does not know); Chromium is told it is loopback. Not
// being localhost, a page there is not a secure context, as a phone at the
// table sees http://192.168.…
func lanName(t *testing.T) string {
	name, err := os.Hostname()
	require.NoError(t, err)
	short, _, _ := strings.Cut(strings.ToLower(name), ".")
	return short + ".local"
}

// phoneRatio is the device pixel ratio of the phones most players hold.
const phoneRatio = 2.6

// emulatePhone makes the tab a phone of w×h CSS pixels: device pixel ratio
// phoneRatio, a mobile viewport.
func emulatePhone(t *testing.T, tab *webdriver.Chrome, w, h int64) {
	t.Helper()
	require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: w, Height: h, Scale: phoneRatio, Mobile: true, Landscape: w > h}))
}

// text is the text of the element sel selects, "" where there is none.
func text(tab *webdriver.Chrome, t *testing.T, sel string) string {
	t.Helper()
	return eval[string](tab, t, `(document.querySelector(`+"`"+sel+"`"+`)||{}).textContent||""`)
}

// waitText polls until the element's text contains want.
func waitText(tab *webdriver.Chrome, t *testing.T, sel, want string) {
	t.Helper()
	waitJS(tab, t, `(document.querySelector(`+"`"+sel+"`"+`)||{}).textContent.includes(`+"`"+want+"`"+`)`,
		"waiting for %q in %s; it shows %q", want, sel, func() string { return text(tab, t, sel) })
}

// waitJS polls until expr is true; msg and args explain a time-out, and a
// func() string among args is called then.
func waitJS(tab *webdriver.Chrome, t *testing.T, expr string, msg string, args ...any) {
	t.Helper()
	if err := webdriver.Until(t.Context(), tab, expr, patient(15*time.Second), 20*time.Millisecond, nil); err != nil {
		for i, a := range args {
			if f, ok := a.(func() string); ok {
				args[i] = f()
			}
		}
		require.NoError(t, err, append([]any{msg}, args...)...)
	}
}

// eval runs a JavaScript expression in the tab's page, through
// webdriver.Page as every engine's, and returns its value.
func eval[T any](tab *webdriver.Chrome, t *testing.T, expr string) T {
	t.Helper()
	var v T
	require.NoError(t, tab.Eval(t.Context(), expr, &v), expr)
	return v
}

// buttonIn finds the visible button inside the element scope selects
// whose text starts with label.
func buttonIn(scope, label string) string {
	return fmt.Sprintf(`[...document.querySelector(%q).querySelectorAll("button")].find((b) => b.offsetParent && getComputedStyle(b).visibility !== "hidden" && b.textContent.trim().startsWith(%q))`, scope, label)
}

// ready waits until the button is shown, enabled, and has been where it
// is long enough to take a tap (the page ignores taps on a button that
// has just appeared, changed or moved).
func ready(tab *webdriver.Chrome, t *testing.T, label string) { readyIn(tab, t, "body", label) }

func readyIn(tab *webdriver.Chrome, t *testing.T, scope, label string) {
	t.Helper()
	waitJS(tab, t, `(() => { const b = `+buttonIn(scope, label)+`; return !!b && !b.disabled && b._tap && performance.now() >= b._tap.armedAt; })()`,
		"waiting for a button %q to take taps; the page's buttons: %s", label, func() string { return buttons(tab, t) })
}

// buttons lists the visible buttons' texts, for messages.
func buttons(tab *webdriver.Chrome, t *testing.T) string {
	return eval[string](tab, t, `[...document.querySelectorAll("button")].filter((b) => b.offsetParent && getComputedStyle(b).visibility !== "hidden").map((b) => b.textContent.trim() + (b.disabled ? " (disabled)" : "")).join(" | ")`)
}

// centreIn is the middle of that button, scrolled into view, in CSS pixels.
func centreIn(tab *webdriver.Chrome, t *testing.T, scope, label string) (x, y float64) {
	t.Helper()
	p := eval[[]float64](tab, t, `(() => { const b = `+buttonIn(scope, label)+`; b.scrollIntoView({block: "center"}); const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
	require.Len(t, p, 2)
	return p[0], p[1]
}

// tap waits until the button labelled label takes taps, then taps it.
func tap(tab *webdriver.Chrome, t *testing.T, label string) { tapIn(tab, t, "body", label) }

// tapIn taps the button labelled label inside the element scope selects,
// scrolled into view first as a player would.
func tapIn(tab *webdriver.Chrome, t *testing.T, scope, label string) {
	t.Helper()
	readyIn(tab, t, scope, label)
	x, y := centreIn(tab, t, scope, label)
	readyIn(tab, t, scope, label)                  // scrolling moved it: it waits its moment again
	require.NoError(t, tab.Tap(t.Context(), x, y)) // a finger, as every engine taps
}
