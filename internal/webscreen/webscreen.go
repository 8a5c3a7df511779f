// Package webscreen reads and taps Boardside's web app in a browser. Fyne
// draws the whole app into one canvas, so there is no page to query: the
// app answers window.boardsideScreen() with what its window shows and
// where (app/screen), and a finger taps there. It reads and taps through
// webdriver.Page, the one driver of every engine (a webdriver.Chrome is
// one). The browser tests (e2e) and the measuring programs
// (bench/webappbench, internal/soak) share it.
package webscreen

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"boardside/internal/webdriver"
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

// Read asks the app in the page what it shows.
func Read(ctx context.Context, p webdriver.Page) (Screen, error) {
	var s Screen
	// Before the app has started there is nothing on its screen yet.
	var raw string
	if err := p.Eval(ctx, `window.boardsideScreen ? window.boardsideScreen() : '{"items": []}'`, &raw); err != nil {
		return s, fmt.Errorf("asking the app what it shows: %w", err)
	}
	return s, json.Unmarshal([]byte(raw), &s)
}

// Wait polls until the app shows, in view, something of kind whose text
// satisfies match (a browser draws on its own time), and returns it; the
// error names what was shown instead. timeout bounds the wait, not the
// test: make it generous, as what is waited for ends it as soon as it is
// shown.
func Wait(ctx context.Context, p webdriver.Page, kind string, match func(string) bool, timeout time.Duration) (Shown, error) {
	var last Screen
	deadline := time.Now().Add(timeout)
	for {
		s, err := Read(ctx, p)
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
			return Shown{}, fmt.Errorf("not shown in %v; the screen shows:\n%s", timeout, last)
		}
		select {
		case <-ctx.Done():
			return Shown{}, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Stable is what Wait finds once it has stayed where it is for two
// readings: a screen that has just come is laid out again when the window
// takes its size.
func Stable(ctx context.Context, p webdriver.Page, kind string, match func(string) bool, timeout time.Duration) (Shown, error) {
	it, err := Wait(ctx, p, kind, match, timeout)
	for err == nil {
		var again Shown
		if again, err = Wait(ctx, p, kind, match, timeout); err == nil && again == it {
			return it, nil
		}
		it = again
	}
	return it, err
}

// TapShown taps the middle of what Stable finds, when it is enabled.
func TapShown(ctx context.Context, p webdriver.Page, kind string, match func(string) bool, timeout time.Duration) error {
	it, err := Stable(ctx, p, kind, match, timeout)
	if err != nil {
		return err
	}
	if it.Disabled {
		return fmt.Errorf("%s %q is disabled", it.Kind, it.Text)
	}
	return p.Tap(ctx, it.X+it.W/2, it.Y+it.H/2)
}

// SelectTab taps the tab named name in the bar whose tabs are tabs
// ("Table|ADELE's console"): Fyne draws its tab buttons itself, so the
// finger tries where the tab would be, then along the bar, half a second
// apart (a tap reaches Fyne on the page's own time).
func SelectTab(ctx context.Context, d webdriver.Page, tabs, name string, timeout time.Duration) error {
	bar, err := Stable(ctx, d, "tabs", Is(tabs), timeout)
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
		if now, err := Wait(ctx, d, "tabs", Is(tabs), timeout); err != nil {
			return err
		} else if now.Value == name {
			return nil
		}
		if err := d.Tap(ctx, x, bar.Y+bar.H/2); err != nil {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
	now, err := Wait(ctx, d, "tabs", Is(tabs), timeout)
	if err == nil && now.Value != name {
		err = fmt.Errorf("the tab %q stays %q after taps along its bar", name, now.Value)
	}
	return err
}
