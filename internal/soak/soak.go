// Package soak taps Boardside's web app at random in one page, as a table
// of new players does over a game night: games opened and left, tabs,
// dialogs, entries typed into, the phone turned, all without a reload. A
// page error (a trap of the wasm, a Go panic, an app that stops
// answering) ends a run. The browser soak test (e2e) plays it for a fixed
// number of steps with a fixed seed in a webdriver.Chrome; bench/soakbench
// runs it for an hour and measures the page's memory.
package soak

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"boardside/internal/webdriver"
	"boardside/internal/webscreen"
)

// Config is what a run does.
type Config struct {
	Seed  uint64
	Steps int // 0: until the context ends
	// Games are the home screen's tiles, by the titles they show: the
	// soak opens each in turn from home, so that every game is played.
	Games []string
	// Sizes are the phone's ways up (width, height in CSS pixels), turned
	// between at random; the page starts as the first, which the caller
	// has emulated with its user agent.
	Sizes [][2]int64
	// Pause is the time between two steps (a player's pace); 0: 250 ms.
	Pause time.Duration
	// Step, if set, is told of each step.
	Step func(n int, what string)
}

// Result is what a run did.
type Result struct {
	Steps     int
	Taps      int            // taps on something the screen showed
	Kinds     map[string]int // taps by kind: button, tabs, check, entry, …
	Games     map[string]int // times each game was opened from home
	Dialogs   int            // steps that found a dialog open
	Typed     int            // texts typed into an entry
	Turns     int            // times the phone was turned
	Screens   int            // different screens seen (by what they show)
	LeftFor   int            // times a tap opened another tab (BG Stats), closed to come back
	PageError string         // why the page died, "" if it did not
}

// Never are buttons a soak leaves alone: they leave the page (a link, BG
// Stats in a new tab) or open the device's file picker.
var Never = []string{"Log in BG Stats", "Export as CSV", "Export as JSON", "Import", "Export"}

// texts are typed into entries: names with umlauts, figures, a PIN.
var texts = []string{"Jörg", "Anna", "12", "7", "Zoë Ürün", "1234", "ß"}

// Play taps the app in the page tab shows, once it has drawn, until
// cfg.Steps or ctx ends, or the page dies.
func Play(ctx context.Context, tab *webdriver.Chrome, cfg Config) (Result, error) {
	r := Result{Kinds: map[string]int{}, Games: map[string]int{}}
	if cfg.Pause == 0 {
		cfg.Pause = 250 * time.Millisecond
	}
	watch, err := listen(ctx, tab)
	if err != nil {
		return r, err
	}
	before, err := pages(ctx, tab)
	if err != nil {
		return r, err
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x5eed))
	seen := map[string]bool{}
	size, nextGame := 0, 0
	for r.Steps = 0; cfg.Steps == 0 || r.Steps < cfg.Steps; r.Steps++ {
		if ctx.Err() != nil {
			break
		}
		if why := watch.died(); why != "" {
			r.PageError = why
			break
		}
		s, dead := look(ctx, tab, watch, before, &r)
		if ctx.Err() != nil {
			break
		}
		if dead != "" {
			r.PageError = dead
			break
		}
		seen[signature(s)] = true
		what := step(ctx, tab, cfg, rng, s, &r, &size, &nextGame)
		if away := comeBack(ctx, tab, before); away != "" {
			r.LeftFor++
			what += "; " + away
		}
		if cfg.Step != nil {
			cfg.Step(r.Steps, what)
		}
		select {
		case <-ctx.Done():
		case <-time.After(cfg.Pause):
		}
	}
	r.Screens = len(seen)
	if why := watch.died(); why != "" && r.PageError == "" {
		r.PageError = why
	}
	return r, nil
}

// listen watches the page's errors and log, once its console is seen to
// reach the watcher: else a dead page would pass for a quiet one.
func listen(ctx context.Context, tab *webdriver.Chrome) (*watcher, error) {
	watch := &watcher{}
	if err := tab.Listen(ctx, webdriver.Listener{Console: watch.seeConsole, Exception: watch.seeException}); err != nil {
		return nil, err
	}
	if err := tab.Eval(ctx, `console.log("soak: watching")`, nil); err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(10 * time.Second); !watch.saw("soak: watching"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("the page's console does not reach the soak")
		}
	}
	return watch, nil
}

// look is what the app shows, or why it does not answer: a tab that
// opened after the last step's look hides the page, which is brought
// back and asked again before it counts as dead.
func look(ctx context.Context, tab *webdriver.Chrome, watch *watcher, before map[string]bool, r *Result) (webscreen.Screen, string) {
	s, err := read(ctx, tab)
	if err != nil && ctx.Err() == nil && comeBack(ctx, tab, before) != "" {
		r.LeftFor++
		s, err = read(ctx, tab)
	}
	if err != nil && ctx.Err() == nil {
		return s, explain(watch, "the app does not answer: "+err.Error()+"; "+busy(ctx, tab))
	}
	return s, ""
}

// step does one thing a player might, and says what.
func step(ctx context.Context, tab *webdriver.Chrome, cfg Config, rng *rand.Rand, s webscreen.Screen, r *Result, size, nextGame *int) string {
	dialog := slices.ContainsFunc(s.Items, func(it webscreen.Shown) bool { return it.Dialog && it.InView })
	if dialog {
		r.Dialogs++
	}
	// Home: the next game's tile, most times, so that all are played.
	if _, home := s.Find("button", webscreen.Is("Join a table")); home && !dialog && len(cfg.Games) > 0 && rng.Float64() < 0.7 {
		title := cfg.Games[*nextGame%len(cfg.Games)]
		if it, ok := s.Find("label", webscreen.Is(title)); ok && it.InView {
			*nextGame++
			r.Games[title]++
			return tapItem(ctx, tab, it, r)
		}
	}
	switch p := rng.Float64(); {
	case p < 0.03 && len(cfg.Sizes) > 1 && !dialog:
		*size = (*size + 1) % len(cfg.Sizes)
		r.Turns++
		return turn(ctx, tab, cfg.Sizes[*size])
	case p < 0.05:
		// Anywhere: a finger that misses.
		x, y := rng.Float64()*s.Width, rng.Float64()*s.Height
		_ = tab.Tap(ctx, x, y)
		return fmt.Sprintf("tap at %.0f,%.0f", x, y)
	}
	var can []webscreen.Shown
	total := 0.0
	for _, it := range s.Items {
		if tappable(it, dialog) {
			can = append(can, it)
			total += weight(it)
		}
	}
	if len(can) == 0 {
		return "nothing to tap"
	}
	it, x := can[len(can)-1], rng.Float64()*total
	for _, c := range can {
		if x -= weight(c); x < 0 {
			it = c
			break
		}
	}
	what := tapItem(ctx, tab, tabAt(it, rng), r)
	if it.Kind == "entry" && rng.Float64() < 0.7 {
		text := texts[rng.IntN(len(texts))]
		time.Sleep(150 * time.Millisecond) // the entry takes the focus on the page's time
		if err := tab.InsertText(ctx, text); err == nil {
			r.Typed++
			what += fmt.Sprintf(", typed %q", text)
		}
	}
	return what
}

// tappable is what a finger might aim at: in view, enabled, not a way out
// of the page; only what a dialog shows while one is open.
func tappable(it webscreen.Shown, dialog bool) bool {
	if !it.InView || it.Disabled || (dialog && !it.Dialog) || it.W < 1 || it.H < 1 {
		return false
	}
	switch it.Kind {
	case "button", "tabs", "check", "entry", "radio", "select", "slider", "accordion", "other":
		return !slices.Contains(Never, it.Text)
	case "label":
		return true // tiles are labels; a tap on a plain one does nothing
	}
	return false
}

// weight is how likely a finger aims at it: what does something more
// than a plain text or the space around it; a tab bar as much as each of
// its tabs.
func weight(it webscreen.Shown) float64 {
	switch it.Kind {
	case "button", "check", "entry":
		return 3
	case "tabs":
		return 3 * float64(strings.Count(it.Text, "|")+1)
	case "label", "other":
		return 0.5
	}
	return 1
}

// tabAt narrows a tab bar to one of its tabs, laid out side by side.
func tabAt(it webscreen.Shown, rng *rand.Rand) webscreen.Shown {
	if it.Kind != "tabs" {
		return it
	}
	names := strings.Split(it.Text, "|")
	i := rng.IntN(len(names))
	w := it.W / float64(len(names))
	it.X, it.W, it.Text = it.X+float64(i)*w, w, names[i]
	if it.H < 1 {
		it.H = 44
	}
	return it
}

func tapItem(ctx context.Context, tab *webdriver.Chrome, it webscreen.Shown, r *Result) string {
	_ = tab.Tap(ctx, it.X+it.W/2, it.Y+it.H/2)
	r.Taps++
	r.Kinds[it.Kind]++
	return fmt.Sprintf("tap %s %q", it.Kind, it.Text)
}

// turn makes the page the phone the other way up.
func turn(ctx context.Context, tab *webdriver.Chrome, size [2]int64) string {
	_ = tab.Emulate(ctx, webdriver.Phone{Width: size[0], Height: size[1], Scale: 2.6, Mobile: true, Touch: true, Landscape: size[0] > size[1]})
	return fmt.Sprintf("turned to %d×%d", size[0], size[1])
}

// comeBack closes any tab that was not there when the soak began (a
// screen that moved under the finger can take a tap meant for another
// button onto Log in BG Stats, which opens BG Stats in a new tab) and
// brings the page to the front again, as a player comes back from BG
// Stats: a page left in the background gets no animation frames, and its
// app draws nothing and answers nothing until it is shown again.
func comeBack(ctx context.Context, tab *webdriver.Chrome, before map[string]bool) string {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second) // a page that does not answer is read's to tell
	defer cancel()
	var closed []string
	if infos, err := tab.Targets(ctx); err == nil {
		for _, in := range infos {
			if in.Type == "page" && !before[in.ID] {
				if err := tab.CloseTarget(ctx, in.ID); err == nil {
					closed = append(closed, in.URL)
				}
			}
		}
	}
	var shown string
	err := tab.Eval(ctx, `document.visibilityState`, &shown)
	if len(closed) == 0 && (err != nil || shown == "visible") {
		return ""
	}
	_ = tab.BringToFront(ctx)
	if len(closed) == 0 {
		return "brought the page (" + shown + ") to the front"
	}
	return "closed the tab it opened (" + strings.Join(closed, ", ") + ") and came back"
}

// pages are the browser's tabs.
func pages(ctx context.Context, tab *webdriver.Chrome) (map[string]bool, error) {
	infos, err := tab.Targets(ctx)
	ids := map[string]bool{}
	for _, in := range infos {
		ids[in.ID] = true
	}
	return ids, err
}

// read asks the app what it shows; 30 s without an answer is a dead page.
func read(ctx context.Context, tab *webdriver.Chrome) (webscreen.Screen, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return webscreen.Read(ctx, tab)
}

// signature tells screens apart by their buttons and tabs.
func signature(s webscreen.Screen) string {
	var b strings.Builder
	for _, it := range s.Items {
		if it.Kind == "button" || it.Kind == "tabs" {
			b.WriteString(it.Text + "\x00")
		}
	}
	return b.String()
}

// watcher keeps the page's errors and its last log lines.
type watcher struct {
	mu    sync.Mutex
	error string
	log   []string
}

// seeException keeps an uncaught exception: the page died.
func (w *watcher) seeException(e webdriver.Exception) {
	line := "exception: " + e.Text
	if e.Description != "" {
		line += " " + e.Description
	}
	w.see(line, line)
}

// seeConsole keeps a log line; a Go panic's or a failed start's kills.
func (w *watcher) seeConsole(c webdriver.Console) {
	var parts []string
	for _, a := range c.Args {
		if a.JSON != "" {
			parts = append(parts, strings.Trim(a.JSON, `"`))
		} else {
			parts = append(parts, a.Description)
		}
	}
	line := c.Kind + ": " + strings.Join(parts, " ")
	text := strings.Join(parts, " ")
	// A Go panic or fatal error is written to the console; boot.js
	// logs a start that failed as "Boardside: …".
	fatal := ""
	if strings.HasPrefix(text, "panic:") || strings.HasPrefix(text, "fatal error:") || strings.HasPrefix(text, "Boardside:") ||
		strings.Contains(text, "RuntimeError") {
		fatal = line
	}
	w.see(line, fatal)
}

// see keeps line, and fatal, when not "", as why the page died.
func (w *watcher) see(line, fatal string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if fatal != "" && w.error == "" {
		w.error = fatal
	}
	w.log = append(w.log, line)
	if len(w.log) > 30 {
		w.log = w.log[len(w.log)-30:]
	}
}

func (w *watcher) saw(line string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.ContainsFunc(w.log, func(l string) bool { return strings.HasSuffix(l, line) })
}

// busy tells an app that does not answer from a page that does not: a
// page whose JavaScript answers has a Go side stuck waiting.
func busy(ctx context.Context, tab *webdriver.Chrome) string {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := tab.Eval(ctx, `1 + 1`, nil); err != nil {
		return "the page's JavaScript does not answer either: its main thread is busy"
	}
	var shown, stacks string
	_ = tab.Eval(ctx, `document.visibilityState`, &shown)
	_ = tab.Eval(ctx, `window.boardsideStacks ? boardsideStacks() : ""`, &stacks)
	return "the page (" + shown + ") answers: the app's Fyne goroutine does not; its goroutines:\n" + stacks
}

func (w *watcher) died() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.error == "" {
		return ""
	}
	return w.error + "\nthe page's last log lines:\n" + strings.Join(w.log, "\n")
}

// explain is what, with the page's last log lines.
func explain(w *watcher, what string) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return what + "\nthe page's last log lines:\n" + strings.Join(w.log, "\n")
}
