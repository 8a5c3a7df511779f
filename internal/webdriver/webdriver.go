// Package webdriver drives the three browser engines a table holds, for
// Boardside's browser tests: WebKit (every iPhone and iPad; WebKitGTK's
// WebKitWebDriver here, which speaks W3C WebDriver classic), Firefox (its
// built-in WebDriver BiDi, with no geckodriver) and Chromium (through
// chromedp, Chrome's own protocol). Each gives the same small Page:
// navigate, evaluate a script, tap, type, take a screenshot, and the
// page's uncaught errors, so that one test runs in all three.
//
// Chromium's tab is a Chrome (StartChrome, OpenTab), a Page with the
// Chromium-only extras the other browser tests need, each named for what
// a test means: a phone emulated (Emulate, SafeArea, UserAgent, Locale,
// Media), a device's own input (Touch, Click, Key, InsertText, Compose),
// the page's events (Listen), its network (Intercept, ClearCache,
// OnNewDocument), its history and the browser's tabs (History, GoTo,
// Targets). The tests use no chromedp of their own.
//
// Why a thin client of our own: the Go module proxy serves no Go
// WebDriver client (github.com/tebeka/selenium and
// github.com/hupe1980/gowebdriver are refused), Debian has no geckodriver,
// without which Selenium's and WebdriverIO's clients cannot open a Firefox
// session, and chromedp and go-rod speak only Chrome's own protocol. The
// protocols' part the tests need is small: about fifteen commands, JSON
// over HTTP (classic) and over a WebSocket (BiDi, by
// github.com/coder/websocket).
package webdriver

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"time"
)

// Page is one browser window showing one page, as a phone of the given
// size.
type Page interface {
	// Navigate loads url and waits for the page's load event.
	Navigate(ctx context.Context, url string) error
	// Eval evaluates a JavaScript expression in the page, waits for it
	// when it is a promise, and decodes its value (as JSON) into out,
	// which may be nil.
	Eval(ctx context.Context, expr string, out any) error
	// Tap is a finger's (or where the engine has none, the mouse's) press
	// and release at (x, y) in CSS pixels.
	Tap(ctx context.Context, x, y float64) error
	// Scroll turns a mouse wheel over (x, y) by dy CSS pixels, down where
	// dy is positive: a scroll in every engine, where a finger's drag is
	// not (WebKitGTK's driver has no finger).
	Scroll(ctx context.Context, x, y, dy float64) error
	// Type presses and releases the keys of text, one character at a time,
	// into what has the focus; "\n" is the Enter key.
	Type(ctx context.Context, text string) error
	// Screenshot is the page's viewport as PNG.
	Screenshot(ctx context.Context) ([]byte, error)
	// Errors are the page's uncaught errors and the Go runtime's panics
	// seen so far, in words.
	Errors(ctx context.Context) ([]string, error)
	// Close ends the session and the browser.
	Close() error
}

// Options are what every engine is started with.
type Options struct {
	Width, Height int     // the viewport, CSS pixels
	Scale         float64 // device pixels per CSS pixel, where the engine lets it be set; 0 is 1
	Display       string  // the X display (":99"); empty: $DISPLAY
	UserAgent     string  // what the browser says it is; empty: its own
	Log           func(format string, args ...any)
	// Netns is the network the browser runs in; nil: the test's own.
	// Firefox and Chromium only (WebKitGTK's driver would need its own
	// port forwarded, and no test needs it yet).
	Netns Namespace
	// Prefs are Firefox's preferences beside its own (user.js), by name:
	// a bool, a number or a string. The other engines have none.
	Prefs map[string]any
}

// Namespace is a network of the browser's own, such as a device on a
// test's private LAN (internal/netns's Device). Command runs a program in
// it. Forward makes a port on its loopback, where Firefox opens its
// WebDriver BiDi port, reachable on the test's loopback as localAddr
// ("127.0.0.1:P"); Chromium needs none, as chromedp talks to it over a
// pipe.
type Namespace interface {
	Command(name string, args ...string) *exec.Cmd
	Forward(port int) (localAddr string, stop func(), err error)
}

func (o Options) logf(format string, args ...any) {
	if o.Log != nil {
		o.Log(format, args...)
	}
}

// asJSON wraps an expression so that its value, once any promise is
// settled, comes back as a JSON string: both protocols hand back a
// string as it is, where other values each come in their own form.
func asJSON(expr string) string {
	return "(async () => { const v = await (" + expr + "\n); return v === undefined ? \"null\" : JSON.stringify(v); })()"
}

// decode reads asJSON's string into out.
func decode(raw string, out any) error {
	if out == nil {
		return nil
	}
	if err := json.Unmarshal([]byte(raw), out); err != nil {
		return fmt.Errorf("the page's answer %.200q: %w", raw, err)
	}
	return nil
}

// keys are the key actions that type text: each character pressed and
// released, "\n" as the Enter key (WebDriver's U+E007).
func keys(text string) []map[string]any {
	var a []map[string]any
	for _, r := range text {
		v := string(r)
		if r == '\n' {
			v = "\uE007"
		}
		a = append(a, map[string]any{"type": "keyDown", "value": v}, map[string]any{"type": "keyUp", "value": v})
	}
	return a
}

// tap is the pointer actions of one tap at (x, y).
func tap(pointerType string, x, y float64) []map[string]any {
	return []map[string]any{{
		"type": "pointer", "id": "finger", "parameters": map[string]any{"pointerType": pointerType},
		"actions": []map[string]any{
			{"type": "pointerMove", "x": int(x + 0.5), "y": int(y + 0.5), "origin": "viewport", "duration": 0},
			{"type": "pointerDown", "button": 0},
			{"type": "pause", "duration": 50},
			{"type": "pointerUp", "button": 0},
		},
	}}
}

// wheel is the wheel action of Scroll.
func wheel(x, y, dy float64) []map[string]any {
	return []map[string]any{{
		"type": "wheel", "id": "wheel",
		"actions": []map[string]any{{"type": "scroll", "x": int(x + 0.5), "y": int(y + 0.5), "deltaX": 0, "deltaY": int(dy), "origin": "viewport", "duration": 0}},
	}}
}

// errorCatcher keeps, in window.__boardsideErrors, the page's uncaught
// errors and rejections and the Go runtime's panic lines (Go's
// wasm_exec.js writes a program's output with console.log and
// console.error). Chromium and Firefox run it before each page's own
// scripts; classic WebDriver can only run it once a page has loaded.
const errorCatcher = `(() => {
  if (window.__boardsideErrors) return true;
  const seen = window.__boardsideErrors = [];
  addEventListener("error", (e) => seen.push(String(e.error || e.message)));
  addEventListener("unhandledrejection", (e) => seen.push("unhandled rejection: " + (e.reason && (e.reason.stack || e.reason))));
  for (const name of ["log", "error"]) {
    const orig = console[name];
    console[name] = function (...args) {
      const line = args.join(" ");
      if (/^(panic:|fatal error:)|RuntimeError|goroutine \d+ \[/.test(line)) seen.push(line);
      return orig.apply(this, args);
    };
  }
  return true;
})()`

// pageErrors reads what errorCatcher kept.
func pageErrors(ctx context.Context, p Page) ([]string, error) {
	var seen []string
	err := p.Eval(ctx, "window.__boardsideErrors || []", &seen)
	return seen, err
}

// Until evaluates expr in the page, a promise waited for, every interval
// until its value is truthy (as JavaScript has it), and decodes that
// value into out, which may be nil. It gives up after timeout, saying the
// page's last error if there was one: a page that is loading answers
// with errors for a while, which a wait rides over.
func Until(ctx context.Context, p Page, expr string, timeout, interval time.Duration, out any) error {
	deadline := time.Now().Add(timeout)
	var last error
	for {
		var got *struct {
			V json.RawMessage `json:"v"`
		}
		err := p.Eval(ctx, "(async () => { const v = await ("+expr+"\n); return v ? { v } : null; })()", &got)
		switch {
		case err == nil && got != nil:
			if out == nil {
				return nil
			}
			return json.Unmarshal(got.V, out)
		case err != nil:
			last = err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if time.Now().After(deadline) {
			if last != nil {
				return fmt.Errorf("not true in %v; the page's last error: %w", timeout, last)
			}
			return fmt.Errorf("not true in %v", timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(interval):
		}
	}
}
