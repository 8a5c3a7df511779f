package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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

// browser starts headless Chromium (Debian's chromium, installed by
// scripts/deps.sh) and returns a function that opens a new tab. Extra
// flags go to Chromium's command line.
func browser(t *testing.T, flags ...chromedp.ExecAllocatorOption) func() context.Context {
	t.Helper()
	return browserFor(t, 90*time.Second, flags...)
}

// browserFor is browser whose tabs may take up to limit on a quiet machine
// (patient(limit) on any): a bound on a stuck page, not a pace.
func browserFor(t *testing.T, limit time.Duration, flags ...chromedp.ExecAllocatorOption) func() context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("a browser test: make check (go test -short) leaves it to make test")
	}
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not installed here: make test installs it")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.WindowSize(420, 860))
	opts = append(opts, flags...)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	first, cancelFirst := chromedp.NewContext(alloc)
	t.Cleanup(cancelFirst)
	require.NoError(t, chromedp.Do(first, chromedp.Navigate("about:blank"))) // starts the browser
	return func() context.Context {
		tab, cancel := chromedp.NewContext(first)
		t.Cleanup(cancel)
		ctx, cancelTimeout := context.WithTimeout(tab, patient(limit))
		t.Cleanup(cancelTimeout)
		return ctx
	}
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
func emulatePhone(t *testing.T, ctx context.Context, w, h int64) {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(phoneRatio), chromedp.EmulateMobile}
	if w > h {
		opts = append(opts, chromedp.EmulateLandscape)
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(w, h, opts...)))
}

// text is the text of the element sel selects, "" where there is none.
func text(ctx context.Context, t *testing.T, sel string) string {
	t.Helper()
	return eval[string](ctx, t, `(document.querySelector(`+"`"+sel+"`"+`)||{}).textContent||""`)
}

// waitText polls until the element's text contains want.
func waitText(ctx context.Context, t *testing.T, sel, want string) {
	t.Helper()
	waitJS(ctx, t, `(document.querySelector(`+"`"+sel+"`"+`)||{}).textContent.includes(`+"`"+want+"`"+`)`,
		"waiting for %q in %s; it shows %q", want, sel, func() string { return text(ctx, t, sel) })
}

// waitJS polls until expr is true; msg and args explain a time-out, and a
// func() string among args is called then.
func waitJS(ctx context.Context, t *testing.T, expr string, msg string, args ...any) {
	t.Helper()
	if err := webdriver.Until(ctx, webdriver.Tab(ctx), expr, patient(15*time.Second), 20*time.Millisecond, nil); err != nil {
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
func eval[T any](ctx context.Context, t *testing.T, expr string) T {
	t.Helper()
	var v T
	require.NoError(t, webdriver.Tab(ctx).Eval(ctx, expr, &v), expr)
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
func ready(ctx context.Context, t *testing.T, label string) { readyIn(ctx, t, "body", label) }

func readyIn(ctx context.Context, t *testing.T, scope, label string) {
	t.Helper()
	waitJS(ctx, t, `(() => { const b = `+buttonIn(scope, label)+`; return !!b && !b.disabled && b._tap && performance.now() >= b._tap.armedAt; })()`,
		"waiting for a button %q to take taps; the page's buttons: %s", label, func() string { return buttons(ctx, t) })
}

// buttons lists the visible buttons' texts, for messages.
func buttons(ctx context.Context, t *testing.T) string {
	return eval[string](ctx, t, `[...document.querySelectorAll("button")].filter((b) => b.offsetParent && getComputedStyle(b).visibility !== "hidden").map((b) => b.textContent.trim() + (b.disabled ? " (disabled)" : "")).join(" | ")`)
}

// centreIn is the middle of that button, scrolled into view, in CSS pixels.
func centreIn(ctx context.Context, t *testing.T, scope, label string) (x, y float64) {
	t.Helper()
	p := eval[[]float64](ctx, t, `(() => { const b = `+buttonIn(scope, label)+`; b.scrollIntoView({block: "center"}); const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
	require.Len(t, p, 2)
	return p[0], p[1]
}

// touch puts a finger down at (x, y) in the tab and lifts it, as a tap:
// webdriver.Page's tap, the same in every test and every engine.
func touch(tab context.Context, x, y float64) error {
	return webdriver.Tab(tab).Tap(tab, x, y)
}

// tap waits until the button labelled label takes taps, then taps it.
func tap(ctx context.Context, t *testing.T, label string) { tapIn(ctx, t, "body", label) }

// tapIn taps the button labelled label inside the element scope selects,
// scrolled into view first as a player would.
func tapIn(ctx context.Context, t *testing.T, scope, label string) {
	t.Helper()
	readyIn(ctx, t, scope, label)
	x, y := centreIn(ctx, t, scope, label)
	readyIn(ctx, t, scope, label) // scrolling moved it: it waits its moment again
	require.NoError(t, touch(ctx, x, y))
}
