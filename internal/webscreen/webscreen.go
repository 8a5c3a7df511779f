// Package webscreen reads and taps Boardside's web app in a browser. Fyne
// draws the whole app into one canvas, so there is no page to query: the
// app answers window.boardsideScreen() with what its window shows and
// where (app/screen), and a finger taps there. Browser tests
// (cmd/boardside) and measuring programs (bench/webappbench) share it.
package webscreen

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// Screen is what the app's window shows, in its units (CSS pixels).
type Screen struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Items  []Shown `json:"items"`
}

// Shown is one thing on the screen; see app/screen.
type Shown struct {
	Kind     string  `json:"kind"`
	Text     string  `json:"text"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	W        float64 `json:"w"`
	H        float64 `json:"h"`
	Value    string  `json:"value"`
	Disabled bool    `json:"disabled"`
	InView   bool    `json:"inView"`
	Dialog   bool    `json:"dialog"`
	Scrolled bool    `json:"scrolled"`
	Scroll   int     `json:"scroll"`
	MinW     float64 `json:"minW"`
	MinH     float64 `json:"minH"`
}

func (s Screen) String() string {
	var b strings.Builder
	for _, it := range s.Items {
		fmt.Fprintf(&b, "%s %q at %.0f,%.0f %.0f×%.0f view=%v dis=%v dlg=%v\n", it.Kind, it.Text, it.X, it.Y, it.W, it.H, it.InView, it.Disabled, it.Dialog)
	}
	return b.String()
}

// Find is the first item of kind whose text satisfies match, in view or not.
func (s Screen) Find(kind string, match func(string) bool) (Shown, bool) {
	for _, it := range s.Items {
		if it.Kind == kind && match(it.Text) {
			return it, true
		}
	}
	return Shown{}, false
}

// Holder is the smallest scroll whose width spans it: what a finger drags
// (or a wheel turns) to bring it into view.
func (s Screen) Holder(it Shown) (Shown, bool) {
	var best Shown
	found := false
	x := it.X + it.W/2
	for _, sc := range s.Items {
		if sc.Kind == "scroll" && sc.W > 0 && sc.H > 0 && x >= sc.X && x <= sc.X+sc.W && (!found || sc.W*sc.H < best.W*best.H) {
			best, found = sc, true
		}
	}
	return best, found
}

// Is matches a text exactly.
func Is(text string) func(string) bool { return func(s string) bool { return s == text } }

// Driver is what webscreen needs of a browser: an expression evaluated in
// the page (its value decoded as JSON) and a tap. Chromium is the chromedp
// tab in the context; internal/webdriver's pages drive WebKit and Firefox.
type Driver interface {
	Eval(ctx context.Context, expr string, out any) error
	Tap(ctx context.Context, x, y float64) error
}

// Chromium is the chromedp tab that the context carries.
var Chromium Driver = chromium{}

type chromium struct{}

func (chromium) Eval(ctx context.Context, expr string, out any) error {
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => JSON.stringify(await (`+expr+`)) ?? "null")()`, chromedp.EvalAwaitPromise))
	if err != nil || out == nil {
		return err
	}
	return json.Unmarshal([]byte(raw), out)
}

func (chromium) Tap(ctx context.Context, x, y float64) error { return chromedp.Do(ctx, Tap(x, y)) }

// Read asks the app, in the chromedp tab, what it shows.
func Read(ctx context.Context) (Screen, error) { return ReadIn(ctx, Chromium) }

// ReadIn asks the app what it shows.
func ReadIn(ctx context.Context, d Driver) (Screen, error) {
	var s Screen
	// Before the app has started there is nothing on its screen yet.
	var raw string
	if err := d.Eval(ctx, `window.boardsideScreen ? window.boardsideScreen() : '{"items": []}'`, &raw); err != nil {
		return s, fmt.Errorf("asking the app what it shows: %w", err)
	}
	return s, json.Unmarshal([]byte(raw), &s)
}

// Wait polls the chromedp tab; see WaitIn.
func Wait(ctx context.Context, kind string, match func(string) bool, timeout time.Duration) (Shown, error) {
	return WaitIn(ctx, Chromium, kind, match, timeout)
}

// WaitIn polls until the app shows, in view, something of kind whose text
// satisfies match (a browser draws on its own time), and returns it; the
// error names what was shown instead.
func WaitIn(ctx context.Context, d Driver, kind string, match func(string) bool, timeout time.Duration) (Shown, error) {
	var last Screen
	deadline := time.Now().Add(timeout)
	for {
		s, err := ReadIn(ctx, d)
		if err != nil {
			return Shown{}, err
		}
		last = s
		for _, it := range s.Items {
			if it.Kind == kind && it.InView && match(it.Text) {
				return it, nil
			}
		}
		if time.Now().After(deadline) {
			return Shown{}, fmt.Errorf("not shown; the screen shows:\n%s", last)
		}
		select {
		case <-ctx.Done():
			return Shown{}, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Stable is StableIn the chromedp tab.
func Stable(ctx context.Context, kind string, match func(string) bool, timeout time.Duration) (Shown, error) {
	return StableIn(ctx, Chromium, kind, match, timeout)
}

// StableIn is what WaitIn finds once it has stayed where it is for two
// readings: a screen that has just come is laid out again when the window
// takes its size.
func StableIn(ctx context.Context, d Driver, kind string, match func(string) bool, timeout time.Duration) (Shown, error) {
	it, err := WaitIn(ctx, d, kind, match, timeout)
	for err == nil {
		var again Shown
		if again, err = WaitIn(ctx, d, kind, match, timeout); err == nil && again == it {
			return it, nil
		}
		it = again
	}
	return it, err
}

// Tap is a finger's tap at (x, y): the browser makes the mouse events
// Fyne's web driver reads from it.
func Tap(x, y float64) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{
			Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{
			Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
		return chromedp.Void{}, err
	}
}

// TapShown is TapShownIn the chromedp tab.
func TapShown(ctx context.Context, kind string, match func(string) bool, timeout time.Duration) error {
	return TapShownIn(ctx, Chromium, kind, match, timeout)
}

// TapShownIn taps the middle of what StableIn finds, when it is enabled.
func TapShownIn(ctx context.Context, d Driver, kind string, match func(string) bool, timeout time.Duration) error {
	it, err := StableIn(ctx, d, kind, match, timeout)
	if err != nil {
		return err
	}
	if it.Disabled {
		return fmt.Errorf("%s %q is disabled", it.Kind, it.Text)
	}
	return d.Tap(ctx, it.X+it.W/2, it.Y+it.H/2)
}

// SelectTab taps the tab named name in the bar whose tabs are tabs
// ("Table|ADELE's console"): Fyne draws its tab buttons itself, so the
// finger tries where the tab would be, then along the bar, half a second
// apart (a tap reaches Fyne on the page's own time).
func SelectTab(ctx context.Context, d Driver, tabs, name string, timeout time.Duration) error {
	bar, err := StableIn(ctx, d, "tabs", Is(tabs), timeout)
	if err != nil {
		return err
	}
	names := strings.Split(tabs, "|")
	at := 0
	for i, n := range names {
		if n == name {
			at = i
		}
	}
	tries := []float64{bar.X + bar.W*(float64(at)+0.5)/float64(len(names))}
	for x := bar.X + 20; x < bar.X+bar.W; x += 40 {
		tries = append(tries, x)
	}
	for _, x := range tries {
		if now, err := WaitIn(ctx, d, "tabs", Is(tabs), timeout); err != nil {
			return err
		} else if now.Value == name {
			return nil
		}
		if err := d.Tap(ctx, x, bar.Y+bar.H/2); err != nil {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
	now, err := WaitIn(ctx, d, "tabs", Is(tabs), timeout)
	if err == nil && now.Value != name {
		err = fmt.Errorf("the tab %q stays %q after taps along its bar", name, now.Value)
	}
	return err
}
