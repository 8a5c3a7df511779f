package e2e

import (
	"fmt"
	"net"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/internal/webdriver"
	"boardside/internal/webscreen"
)

// Keyboards in the web app. Every entry the app has is typed into the ways
// players' keyboards type, in headless Chromium on an emulated Android
// phone, and read back from the app's screen list (window.boardsideScreen):
//
//   - Gboard: each letter a keydown "Unidentified" with keyCode 229, then
//     the letter inserted into the focused hidden input (#dummyEntry);
//   - composition: a word composed letter by letter, then committed;
//   - autocorrect: "teh" composed, changed to "the", committed;
//   - backspace: the phone's (keyCode 229 and a delete of the hidden
//     input, and a letter taken back inside a composed word) and a
//     hardware keyboard's;
//   - paste: Ctrl+V with the page's clipboard holding text, and a paste
//     into the hidden input (the keyboard's clipboard bar, the text menu);
//   - a hardware keyboard typing "Jörg", "Åsa" and "Çağla" with the keys
//     of a German, a Swedish and a Turkish keyboard;
//   - the phone's keyboard and hardware keys mixed, as fast as they come;
//   - the keypad: a number entry asks for a number keypad (inputmode)
//     while it has the focus, and its text is read with that keypad's
//     separators;
//   - Enter: submits where a desktop's Enter does, typed straight after
//     the word it submits;
//   - the hidden input is empty after each piece of text it handed over.
//
// An iPad reports a Mac's user agent: with touch points, Fyne must still
// take it for a mobile device (its driver focuses the hidden input on a
// tap on every device, a Mac's too). A Mac and a Windows PC are desktops
// to Fyne, and type what a German keyboard types with Option or AltGr.
//
// The phone opens the app by the host's name on the local network, as a
// phone at the table does: a plain-HTTP page, not a secure context, where
// the page keeps its own clipboard. The others open it on loopback, with
// the browser's clipboard.

// kbDevice is a device the keyboards are tried on.
type kbDevice struct {
	w, h        int64
	ua          string
	platform    string // navigator.platform
	touchPoints int64  // navigator.maxTouchPoints; 0: no touch
	mobile      bool   // a phone's viewport
	lan         bool   // opened by a LAN name, over plain HTTP
}

var (
	kbAndroid = kbDevice{412, 915, phone.ua, "Linux armv81", 5, true, true}
	// iPadOS Safari asks for desktop pages: a Mac's user agent and
	// platform, told from a Mac only by its touch points.
	kbIPad = kbDevice{820, 1180, "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
		"MacIntel", 5, false, false}
	kbMac     = kbDevice{1024, 768, kbIPad.ua, "MacIntel", 0, false, false}
	kbWindows = kbDevice{1280, 800, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
		"Win32", 0, false, false}
)

// kbBrowser is headless Chromium for the web app that knows lanName.
func kbBrowser(t *testing.T) func() *webdriver.Chrome {
	// An entry's tab sets a game up and types twelve ways: 30 s on a quiet
	// machine, past browser's 90 s on a loaded one (ADELE's console).
	return browserFor(t, 4*time.Minute, webdriver.ChromeOptions{WebGL: true, Flags: map[string]string{"host-resolver-rules": "MAP " + lanName(t) + " 127.0.0.1"}})
}

// kbPage is the web app in a tab of a device, and what its keyboards did.
type kbPage struct {
	t     *testing.T
	tab   *webdriver.Chrome
	d     kbDevice
	table string // the table's link, as this device reaches it
	// piled lists what stayed in the hidden input after it handed text over.
	piled []string
}

// openKeys serves the web app beside a new table (a new origin: storage of
// its own) and opens it on d at /app/.
func openKeys(t *testing.T, newTab func() *webdriver.Chrome, d kbDevice) *kbPage {
	t.Helper()
	table, _ := serveWithApp(t, builtWebApp(t))
	if d.lan {
		u, err := url.Parse(table)
		require.NoError(t, err)
		u.Host = net.JoinHostPort(lanName(t), u.Port())
		table = u.String()
	}
	base := table[:strings.Index(table, "/?")]
	tab := newTab()
	require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: d.w, Height: d.h, Scale: webAppRatio, Mobile: d.mobile,
		Touch: d.touchPoints > 0, TouchPoints: d.touchPoints}))
	require.NoError(t, tab.UserAgent(t.Context(), webdriver.Agent{UA: d.ua, Platform: d.platform}))
	// A page in the background may not read the clipboard: this one is in front.
	require.NoError(t, tab.KeepFocus(t.Context()))
	if !d.lan {
		for _, name := range []string{"clipboard-read", "clipboard-write"} {
			require.NoError(t, tab.Grant(t.Context(), name, base))
		}
	}
	// waitShown's report on a time-out reads the page's events from __ev.
	require.NoError(t, tab.OnNewDocument(t.Context(), `window.__ev = [];`))
	require.NoError(t, tab.Navigate(t.Context(), base+"/app/"))
	waitDrawn(tab, t)
	return &kbPage{t: t, tab: tab, d: d, table: table}
}

// ---- finding and focusing an entry ----

// kbLocate finds the entry under test on the screen.
type kbLocate func(s webscreen.Screen) (fyneShown, bool)

// nthEntry is the n-th entry on the screen (from 0), in the screen list's order.
func nthEntry(n int) kbLocate {
	return func(s webscreen.Screen) (fyneShown, bool) {
		for _, it := range s.Items {
			if it.Kind == "entry" && !it.Dialog {
				if n == 0 {
					return it, true
				}
				n--
			}
		}
		return fyneShown{}, false
	}
}

// entryBeside is the entry level with a button (a row's entry).
func entryBeside(button string) kbLocate {
	return func(s webscreen.Screen) (fyneShown, bool) {
		b, ok := s.Find("button", is(button))
		if !ok {
			return fyneShown{}, false
		}
		for _, it := range s.Items {
			if it.Kind == "entry" && it.Y < b.Y+b.H/2 && b.Y+b.H/2 < it.Y+it.H {
				return it, true
			}
		}
		return fyneShown{}, false
	}
}

// entryUnder is the first entry below a label.
func entryUnder(label string) kbLocate {
	return func(s webscreen.Screen) (fyneShown, bool) {
		l, ok := s.Find("label", is(label))
		if !ok {
			return fyneShown{}, false
		}
		for _, it := range s.Items {
			if it.Kind == "entry" && it.Y >= l.Y+l.H/2 {
				return it, true
			}
		}
		return fyneShown{}, false
	}
}

// text is the located entry's text now.
func (p *kbPage) text(loc kbLocate) (string, bool) {
	s, err := webscreen.Read(p.t.Context(), p.tab)
	require.NoError(p.t, err)
	it, ok := loc(s)
	return it.Text, ok
}

// waitText polls until the entry holds want (the app types on its own
// time) and says whether it did; got is its text at the end.
func (p *kbPage) waitText(loc kbLocate, want string) (got string, ok bool) {
	for deadline := time.Now().Add(patient(4 * time.Second)); ; {
		got, found := p.text(loc)
		if found && got == want {
			return got, true
		}
		if time.Now().After(deadline) {
			return got, false
		}
		time.Sleep(50 * time.Millisecond) // the app types what the page hands it on its own time
	}
}

// scrollTo brings what match finds into view, a turn of the wheel at a
// time, and taps it. It turns the wheel only once the screen has settled
// (two readings alike: a screen just shown, or the last turn, drawn), so
// that a machine that draws late gets no more turns than a quick one, and
// it gives up only after a generous while, not after a count of turns.
func (p *kbPage) scrollTo(kind string, match func(string) bool, what string) {
	p.t.Helper()
	var last string
	for deadline := time.Now().Add(patient(20 * time.Second)); ; {
		time.Sleep(300 * time.Millisecond) // the page draws on its own time
		s := readScreen(p.tab, p.t)
		if it, ok := s.Find(kind, match); ok && it.InView && it.W > 0 {
			break
		}
		require.True(p.t, time.Now().Before(deadline), "%s never came into view; the screen shows:\n%s", what, s)
		if now := s.String(); now != last {
			last = now
			continue
		}
		// The mouse wheel, where the mouse is: Fyne scrolls what lies under it.
		x, y := float64(p.d.w)/2, float64(p.d.h)/2
		require.NoError(p.t, p.tab.Hover(p.t.Context(), x, y))
		require.NoError(p.t, p.tab.Scroll(p.t.Context(), x, y, 120))
		last = ""
	}
	tapShown(p.tab, p.t, kind, match, what)
}

// focus taps the entry and waits until the hidden input has the focus, as
// Fyne's web driver gives it (on any device) to open a phone's keyboard.
func (p *kbPage) focus(loc kbLocate, what string) {
	p.t.Helper()
	require.True(p.t, p.tapFocuses(loc, what), "a tap on %s focuses the hidden input (the page's %s has the focus)",
		what, eval[string](p.tab, p.t, `document.activeElement.outerHTML`))
}

// tapFocuses taps the entry, with a finger or, on a device without
// touch, the mouse, and says whether the hidden input took the focus.
func (p *kbPage) tapFocuses(loc kbLocate, what string) bool {
	p.t.Helper()
	// Where it stays for two readings in a row: a screen just shown is
	// laid out again as the window takes its size.
	var it, was fyneShown
	for deadline := time.Now().Add(patient(20 * time.Second)); ; time.Sleep(100 * time.Millisecond) {
		s := readScreen(p.tab, p.t)
		now, ok := loc(s)
		if ok && now.InView && now.W > 0 && now == was {
			it = now
			break
		}
		was = now
		if time.Now().After(deadline) {
			require.FailNow(p.t, "not shown: "+what, "%s", s)
		}
	}
	x, y := it.X+it.W/2, it.Y+it.H/2
	if p.d.touchPoints > 0 {
		require.NoError(p.t, p.tab.Tap(p.t.Context(), x, y))
	} else {
		// Fyne's web driver clicks where the mouse last moved.
		require.NoError(p.t, p.tab.Click(p.t.Context(), x, y))
	}
	var focused bool
	err := webdriver.Until(p.t.Context(), p.tab, `document.activeElement === document.getElementById("dummyEntry")`,
		patient(3*time.Second), frame, &focused)
	return err == nil && focused
}

// ---- keys ----

// key sends one key event.
func (p *kbPage) key(ev webdriver.KeyEvent) {
	p.t.Helper()
	require.NoError(p.t, p.tab.Key(p.t.Context(), ev))
}

// hwKey is a key of a hardware keyboard: what it types, where it lies.
type hwKey struct {
	key, code string
	keyCode   int64
	shift     bool
}

// hwLayout has the keys outside ASCII of the keyboards the names are
// typed on (German, Swedish, Turkish Q), with Chromium's key codes.
var hwLayout = map[rune]hwKey{
	'ö': {"ö", "Semicolon", 192, false},
	'Ö': {"Ö", "Semicolon", 192, true},
	'Å': {"Å", "BracketLeft", 221, true},
	'ç': {"ç", "Period", 190, false},
	'Ç': {"Ç", "Period", 190, true},
	'ğ': {"ğ", "BracketLeft", 219, false},
}

// keyFor is the key that types r.
func keyFor(r rune) hwKey {
	if k, ok := hwLayout[r]; ok {
		return k
	}
	switch {
	case r >= 'a' && r <= 'z':
		return hwKey{string(r), "Key" + strings.ToUpper(string(r)), int64(r - 'a' + 'A'), false}
	case r >= 'A' && r <= 'Z':
		return hwKey{string(r), "Key" + string(r), int64(r), true}
	case r >= '0' && r <= '9':
		return hwKey{string(r), "Digit" + string(r), int64(r), false}
	case r == ' ':
		return hwKey{" ", "Space", 32, false}
	}
	panic(fmt.Sprintf("no key types %q", r))
}

var (
	keyEnter     = hwKey{"Enter", "Enter", 13, false}
	keyBackspace = hwKey{"Backspace", "Backspace", 8, false}
)

// press presses and lets go of a hardware key, as Chromium reports one:
// the key down, the character it types, the key up. mods adds Ctrl (2)
// or Cmd (4).
func (p *kbPage) press(k hwKey, mods int64) {
	p.t.Helper()
	if k.shift {
		mods |= 8
	}
	down := webdriver.KeyEvent{Kind: webdriver.RawKeyDown, Key: k.key, Code: k.code, KeyCode: k.keyCode, Modifiers: mods}
	p.key(down)
	text := k.key
	if k == keyEnter {
		text = "\r"
	}
	if len([]rune(text)) == 1 && mods&(2|4) == 0 {
		char := down
		char.Kind, char.Text, char.UnmodifiedText = webdriver.KeyChar, text, text
		p.key(char)
	}
	up := down
	up.Kind = webdriver.KeyUp
	p.key(up)
}

// hardware types text on a hardware keyboard, key by key.
func (p *kbPage) hardware(text string) {
	for _, r := range text {
		p.press(keyFor(r), 0)
		p.checkEmpty("the hardware key " + string(r))
	}
}

// shortcut is Ctrl and a letter, Cmd on an Apple keyboard.
func (p *kbPage) shortcut(letter rune) {
	mods := int64(2)
	if p.d.platform == "MacIntel" {
		mods = 4
	}
	p.press(keyFor(letter), mods)
}

// clear empties the focused entry: select all, Backspace.
func (p *kbPage) clear(loc kbLocate) {
	p.t.Helper()
	p.shortcut('a')
	p.press(keyBackspace, 0)
	got, ok := p.waitText(loc, "")
	require.True(p.t, ok, "the entry is emptied by select all and Backspace; it holds %q", got)
}

// phoneKey is the key a phone's keyboard reports for anything it types.
func phoneKey(kind webdriver.KeyKind) webdriver.KeyEvent {
	return webdriver.KeyEvent{Kind: kind, Key: "Unidentified", KeyCode: 229, NativeKeyCode: 229}
}

// insert is the keyboard putting text into the hidden input.
func (p *kbPage) insert(text string) {
	p.t.Helper()
	require.NoError(p.t, p.tab.InsertText(p.t.Context(), text))
}

// gboard types text as Gboard does without suggestions: a keydown 229 and
// the letter inserted, letter by letter.
func (p *kbPage) gboard(text string) {
	for _, r := range text {
		p.key(phoneKey(webdriver.KeyDown))
		p.insert(string(r))
		p.key(phoneKey(webdriver.KeyUp))
		p.checkEmpty("Gboard's " + string(r))
	}
}

// burst types text as gboard does, as fast as a thumb: nothing read
// between the letters, so whatever follows (Enter) comes straight after.
func (p *kbPage) burst(text string) {
	for _, r := range text {
		p.key(phoneKey(webdriver.KeyDown))
		p.insert(string(r))
		p.key(phoneKey(webdriver.KeyUp))
	}
}

// compose shows each of steps as the word the keyboard composes
// (underlined on a phone), a keydown 229 before each.
func (p *kbPage) compose(steps ...string) {
	p.t.Helper()
	for _, s := range steps {
		p.key(phoneKey(webdriver.KeyDown))
		n := int64(len([]rune(s)))
		require.NoError(p.t, p.tab.Compose(p.t.Context(), s, n, n))
		p.key(phoneKey(webdriver.KeyUp))
	}
}

// commit ends the composition with text, as a space or a suggestion does.
func (p *kbPage) commit(text string) {
	p.insert(text)
	p.checkEmpty("a committed " + text)
}

// phoneDelete is a phone keyboard's backspace where it deletes in the
// hidden input: a keydown 229, then the input's own delete (Chromium's
// editing command, as the keyboard's deleteSurroundingText).
func (p *kbPage) phoneDelete() {
	down := phoneKey(webdriver.KeyDown)
	down.Commands = []string{"deleteBackward"}
	p.key(down)
	p.key(phoneKey(webdriver.KeyUp))
	p.checkEmpty("a phone's backspace")
}

// setClipboard puts text on the clipboard a paste reads: the page's own on
// a plain-HTTP page, the browser's on a secure one.
func (p *kbPage) setClipboard(text string) {
	p.t.Helper()
	require.NoError(p.t, p.tab.Eval(p.t.Context(), fmt.Sprintf(`navigator.clipboard.writeText(%q).then(() => true)`, text), nil))
}

// menuPaste pastes text into the hidden input the way a phone's clipboard
// bar or text menu does: the browser's own paste, which fires paste and
// an insertFromPaste input. The text goes on the browser's clipboard by
// its copy command, which a plain-HTTP page may use too.
func (p *kbPage) menuPaste(text string) {
	p.t.Helper()
	var copied bool
	err := p.tab.EvalAsUser(p.t.Context(), fmt.Sprintf(`(() => {
		const put = (e) => { e.clipboardData.setData("text/plain", %q); e.preventDefault(); };
		document.addEventListener("copy", put, { once: true, capture: true });
		return document.execCommand("copy");
	})()`, text), &copied)
	require.NoError(p.t, err)
	require.True(p.t, copied, "the browser's copy command ran")
	down := phoneKey(webdriver.KeyDown)
	down.Commands = []string{"paste"}
	p.key(down)
	p.key(phoneKey(webdriver.KeyUp))
	p.checkEmpty("a paste")
}

// checkEmpty notes text left in the hidden input once it was handed over.
func (p *kbPage) checkEmpty(after string) {
	if v := eval[string](p.tab, p.t, `document.getElementById("dummyEntry").value`); v != "" {
		p.piled = append(p.piled, fmt.Sprintf("%q after %s", v, after))
	}
}

// inputMode is the keypad the hidden input asks the phone for.
func (p *kbPage) inputMode() string {
	return eval[string](p.tab, p.t, `document.getElementById("dummyEntry").getAttribute("inputmode") || ""`)
}

// ---- the entries and the keyboard kinds ----

// kbEntry is an entry of the app, and how to try it.
type kbEntry struct {
	name string
	// open brings the entry on screen in a new page and returns how to
	// find it; where the screen has several alike (a table of fields),
	// each, tried a kind at a time in turn.
	open func(p *kbPage) []kbLocate
	// mode is the keypad it asks for: "numeric", "decimal", or "" for letters.
	mode string
	// numbers, for a number entry, types numbers with the keypad's
	// separators and checks the app read them.
	numbers func(p *kbPage, loc kbLocate) bool
	// enter types what Enter submits, straight followed by Enter, and
	// checks what came of it; nil where Enter submits nothing.
	enter func(p *kbPage, loc kbLocate) bool
	// multiLine: Enter is a new line.
	multiLine bool
}

// kbTally counts entries × keyboard kinds typed correctly.
type kbTally struct {
	mu     sync.Mutex
	result map[string]map[string]bool // entry → kind → typed correctly
}

func (c *kbTally) add(entry, kind string, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.result == nil {
		c.result = map[string]map[string]bool{}
	}
	if c.result[entry] == nil {
		c.result[entry] = map[string]bool{}
	}
	c.result[entry][kind] = ok
}

func (c *kbTally) String() string {
	var b strings.Builder
	good, all := 0, 0
	entries := make([]string, 0, len(c.result))
	for e := range c.result {
		entries = append(entries, e)
	}
	sort.Strings(entries)
	for _, e := range entries {
		var failed []string
		for k, ok := range c.result[e] {
			all++
			if ok {
				good++
			} else {
				failed = append(failed, k)
			}
		}
		sort.Strings(failed)
		fmt.Fprintf(&b, "  %s: %d of %d kinds", e, len(c.result[e])-len(failed), len(c.result[e]))
		if len(failed) > 0 {
			fmt.Fprintf(&b, " (failed: %s)", strings.Join(failed, ", "))
		}
		b.WriteString("\n")
	}
	return fmt.Sprintf("entries × keyboard kinds typed correctly: %d of %d\n%s", good, all, b.String())
}

// kbKind is a way of typing, tried on an entry; it says whether the entry
// took it as typed.
type kbKind struct {
	name string
	try  func(p *kbPage, e kbEntry, loc kbLocate) bool
}

// typed checks that the entry holds want.
func (p *kbPage) typed(loc kbLocate, want, how string) bool {
	got, ok := p.waitText(loc, want)
	return assert.True(p.t, ok, "%s: the entry holds %q, not %q", how, got, want)
}

var kbKinds = []kbKind{
	{"Gboard", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		p.clear(loc)
		p.gboard("Anna Lena")
		return p.typed(loc, "Anna Lena", "Gboard, letter by letter")
	}},
	{"composition", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		p.clear(loc)
		p.compose("J", "Jö", "Jör", "Jörg")
		ok := p.typed(loc, "Jörg", "a composed word, before it is committed")
		p.commit("Jörg ")
		p.compose("Ö", "Öz")
		p.commit("Öz")
		return p.typed(loc, "Jörg Öz", "two composed words, committed") && ok
	}},
	{"autocorrect", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		p.clear(loc)
		p.gboard("I ")
		p.compose("t", "te", "teh")
		p.compose("the")
		p.commit("the")
		ok := p.typed(loc, "I the", "\"teh\" corrected to \"the\" while composed")
		// Corrected as the space commits it: "teh" becomes "the ".
		p.gboard(" ")
		p.compose("t", "te", "teh")
		p.commit("the ")
		return p.typed(loc, "I the the ", "\"teh\" corrected as the space commits it") && ok
	}},
	{"backspace, phone", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		p.clear(loc)
		p.gboard("abc")
		p.phoneDelete()
		ok := p.typed(loc, "ab", "a phone's backspace on a typed entry")
		p.compose("d", "de")
		p.compose("d") // a letter taken back inside the composed word
		p.commit("d")
		return p.typed(loc, "abd", "a backspace inside a composed word") && ok
	}},
	{"backspace, hardware", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		p.clear(loc)
		p.gboard("abc")
		p.press(keyBackspace, 0)
		return p.typed(loc, "ab", "a hardware Backspace")
	}},
	{"paste, Ctrl+V", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		p.clear(loc)
		p.setClipboard("Çağla Öz")
		p.shortcut('v')
		ok := p.typed(loc, "Çağla Öz", "Ctrl+V")
		p.gboard("!")
		return p.typed(loc, "Çağla Öz!", "a letter after the paste") && ok
	}},
	{"paste, menu", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		p.clear(loc)
		p.gboard("x")
		// Lines pasted stay lines where the entry has them; elsewhere a
		// space parts them, as in Fyne's own paste.
		want := "xZoë Åsa"
		if e.multiLine {
			want = "xZoë\nÅsa"
		}
		p.menuPaste("Zoë\nÅsa")
		return p.typed(loc, want, "a paste into the hidden input")
	}},
	{"hardware keyboard", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		ok := true
		for _, name := range []string{"Jörg", "Åsa", "Çağla"} {
			p.clear(loc)
			p.hardware(name)
			ok = p.typed(loc, name, "a hardware keyboard") && ok
		}
		return ok
	}},
	{"keys mixed, fast", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		// A phone keyboard's text and the driver's own keys (Backspace,
		// a letter in ASCII) as fast as they come, nothing read between:
		// they land in the order they were typed.
		p.clear(loc)
		want := ""
		for range 3 {
			p.compose("J", "Jö", "Jör", "Jörg")
			p.insert("Jörg")
			p.press(keyBackspace, 0)
			p.burst("xyz")
			p.press(keyBackspace, 0)
			p.press(keyFor('ö'), 0)
			p.press(keyFor('a'), 0)
			want += "Jör" + "xy" + "öa"
		}
		return p.typed(loc, want, "a phone's keyboard and hardware keys, mixed")
	}},
	{"keypad", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		// The mode was read when the entry took the focus (see tryEntry).
		if e.numbers == nil {
			return true
		}
		return e.numbers(p, loc)
	}},
	{"Enter", func(p *kbPage, e kbEntry, loc kbLocate) bool {
		p.clear(loc)
		if e.enter != nil {
			return e.enter(p, loc)
		}
		p.compose("J", "Jö", "Jörg")
		p.insert("Jörg")
		p.press(keyEnter, 0)
		p.burst("!")
		if e.multiLine {
			return p.typed(loc, "Jörg\n!", "Enter in a multi-line entry: a new line, in order")
		}
		return p.typed(loc, "Jörg!", "Enter where it submits nothing: the text stays, in order")
	}},
}

// tryEntry opens the entry on the device and tries every kind on it.
func tryEntry(t *testing.T, newTab func() *webdriver.Chrome, d kbDevice, e kbEntry, tally *kbTally) {
	// Every kind counts as failed until it is typed: a page that stops
	// the test half way leaves its kinds failed.
	for _, k := range kbKinds {
		tally.add(e.name, k.name, false)
	}
	tally.add(e.name, "hidden input emptied", false)
	p := openKeys(t, newTab, d)
	require.True(t, eval[bool](p.tab, t, `boardsideIsMobile()`), "Fyne takes the phone for a mobile device")
	locs := e.open(p)
	for i, k := range kbKinds {
		loc := locs[i%len(locs)]
		p.focus(loc, e.name)
		ok := true
		if k.name == "keypad" {
			mode := p.inputMode()
			ok = assert.Equal(t, e.mode, mode, "%s: the keypad the hidden input asks for", e.name)
		}
		ok = k.try(p, e, loc) && ok
		tally.add(e.name, k.name, ok)
	}
	tally.add(e.name, "hidden input emptied", assert.Empty(t, p.piled, "%s: text piled up in the hidden input", e.name))
}

// TestWebApp_Keys types into every entry of the web app with every kind of
// keyboard a phone, a tablet or a desk has.
//
// Each entry and device has a browser and a table of its own, so they run
// side by side (t.Parallel, as many as go test's -parallel); the tally is
// logged once all have run.
func TestWebApp_Keys(t *testing.T) {
	tally := &kbTally{}
	t.Cleanup(func() { t.Log(tally) })
	for _, e := range kbEntries() {
		t.Run(e.name, func(t *testing.T) {
			t.Parallel()
			tryEntry(t, kbBrowser(t), kbAndroid, e, tally)
		})
	}
	t.Run("iPad", func(t *testing.T) { t.Parallel(); tryIPad(t, kbBrowser(t), tally) })
	t.Run("Mac", func(t *testing.T) {
		t.Parallel()
		tryDesktop(t, kbBrowser(t), tally, kbMac, "AquaSphere: new player's name, on a Mac")
	})
	t.Run("Windows", func(t *testing.T) {
		t.Parallel()
		tryDesktop(t, kbBrowser(t), tally, kbWindows, "AquaSphere: new player's name, on Windows")
	})
}

// tryIPad types on an iPad, which Fyne must take for a mobile device
// though its browser says it is a Mac: a tap on an entry focuses the
// hidden input, so the keyboard shows. Its keyboard inserts text with no
// key codes; dictation inserts a phrase; a paste; a hardware keyboard
// with Cmd.
func tryIPad(t *testing.T, newTab func() *webdriver.Chrome, tally *kbTally) {
	const name = "AquaSphere: new player's name, on an iPad"
	var p *kbPage
	loc := entryBeside("Add player")
	kinds := []struct {
		kind string
		try  func() bool
	}{
		{"iOS keyboard", func() bool {
			for _, r := range "Zoë Åsa" {
				p.insert(string(r))
				p.checkEmpty("the iPad keyboard's " + string(r))
			}
			return p.typed(loc, "Zoë Åsa", "the iPad's keyboard, letters inserted with no key codes")
		}},
		{"dictation", func() bool {
			p.commit("Anna Lena")
			return p.typed(loc, "Anna Lena", "a dictated phrase")
		}},
		{"paste, Cmd+V", func() bool {
			p.setClipboard("Çağla Öz")
			p.shortcut('v')
			return p.typed(loc, "Çağla Öz", "Cmd+V")
		}},
		{"paste, menu", func() bool {
			p.menuPaste("Zoë")
			return p.typed(loc, "Zoë", "a paste from the keyboard's bar")
		}},
		{"hardware keyboard", func() bool {
			ok := true
			for _, n := range []string{"Jörg", "Åsa", "Çağla"} {
				p.clear(loc)
				p.hardware(n)
				ok = p.typed(loc, n, "a hardware keyboard on an iPad") && ok
			}
			return ok
		}},
		{"Enter", func() bool {
			p.hardware("Åsa")
			p.press(keyEnter, 0)
			return p.shows("label", func(s string) bool { return strings.HasPrefix(s, "Åsa · ") }, "Enter adds Åsa")
		}},
	}
	tally.add(name, "a mobile device to Fyne", false)
	tally.add(name, "a tap opens the keyboard", false)
	for _, k := range kinds {
		tally.add(name, k.kind, false)
	}
	tally.add(name, "hidden input emptied", false)

	p = openKeys(t, newTab, kbIPad)
	closeHomeScreenHint(p.tab, t)
	tally.add(name, "a mobile device to Fyne", assert.True(t, eval[bool](p.tab, t, `boardsideIsMobile()`), "Fyne takes an iPad for a mobile device"))
	tapShown(p.tab, t, "label", is("AquaSphere"), "the AquaSphere tile")
	focused := p.tapFocuses(loc, "the name")
	tally.add(name, "a tap opens the keyboard", assert.True(t, focused, "a tap on an entry of an iPad focuses the hidden input"))
	require.True(t, focused, "the keyboard opens on an iPad")
	for _, k := range kinds {
		p.focus(loc, "the name")
		p.clear(loc)
		tally.add(name, k.kind, k.try())
	}
	tally.add(name, "hidden input emptied", assert.Empty(t, p.piled, "%s: text piled up in the hidden input", name))
}

// A German keyboard types these with Option on a Mac, with AltGr on
// Windows: "@" in an address, braces in ADELE's game data.
var (
	macOption = map[rune]hwKey{'@': {"@", "KeyL", 76, false}, '{': {"{", "Digit8", 56, false}, '}': {"}", "Digit9", 57, false}, '€': {"€", "KeyE", 69, false}}
	winAltGr  = map[rune]hwKey{'@': {"@", "KeyQ", 81, false}, '{': {"{", "Digit7", 55, false}, '}': {"}", "Digit0", 48, false}, '€': {"€", "KeyE", 69, false}}
)

// tryDesktop types on a desktop's keyboard, which Fyne takes for a
// desktop; its driver still focuses the hidden input for an entry, and
// the page's keys type: letters outside ASCII, and what a German keyboard
// types with Option (a Mac) or AltGr (Windows).
func tryDesktop(t *testing.T, newTab func() *webdriver.Chrome, tally *kbTally, d kbDevice, name string) {
	for _, k := range []string{"a desktop to Fyne", "hardware keyboard", "Option or AltGr"} {
		tally.add(name, k, false)
	}
	p := openKeys(t, newTab, d)
	tally.add(name, "a desktop to Fyne", assert.False(t, eval[bool](p.tab, t, `boardsideIsMobile()`), "Fyne takes %s for a desktop", name))
	loc := entryBeside("Add player")
	tapShown(p.tab, t, "label", is("AquaSphere"), "the AquaSphere tile")
	p.focus(loc, "the name") // on a desktop too
	ok := true
	for _, n := range []string{"Jörg", "Åsa", "Çağla"} {
		p.clear(loc)
		p.hardware(n)
		ok = p.typed(loc, n, "a desktop's keyboard") && ok
	}
	tally.add(name, "hardware keyboard", ok)

	p.clear(loc)
	const typed = "{@€}"
	for _, r := range typed {
		if d.platform == "MacIntel" {
			p.press(macOption[r], 1) // Option is Alt
			continue
		}
		// Windows reports AltGr as Ctrl+Alt; Chromium's protocol cannot
		// hold AltGr down, so the page gets the key as Windows sends it.
		k := winAltGr[r]
		for _, typ := range []string{"keydown", "keyup"} {
			eval[bool](p.tab, t, fmt.Sprintf(`document.activeElement.dispatchEvent(new KeyboardEvent(%q, {key: %q, code: %q, keyCode: %d,
				ctrlKey: true, altKey: true, modifierAltGraph: true, bubbles: true, cancelable: true})) || true`, typ, k.key, k.code, k.keyCode))
		}
	}
	tally.add(name, "Option or AltGr", p.typed(loc, typed, "characters of a German keyboard's Option or AltGr"))
}

// kbEntries is every entry the app has.
func kbEntries() []kbEntry {
	one := func(loc kbLocate) []kbLocate { return []kbLocate{loc} }
	return []kbEntry{
		{
			name: "AquaSphere: new player's name",
			open: func(p *kbPage) []kbLocate {
				tapShown(p.tab, p.t, "label", is("AquaSphere"), "the AquaSphere tile")
				return one(entryBeside("Add player"))
			},
			enter: func(p *kbPage, loc kbLocate) bool {
				p.compose("J", "Jö", "Jör", "Jörg")
				p.insert("Jörg")
				p.press(keyEnter, 0)
				return p.shows("label", func(s string) bool { return strings.HasPrefix(s, "Jörg · ") }, "Enter adds Jörg, with every letter composed before it")
			},
		},
		{
			name: "AquaSphere: octopods by sector",
			mode: "decimal",
			open: func(p *kbPage) []kbLocate {
				tapShown(p.tab, p.t, "label", is("AquaSphere"), "the AquaSphere tile")
				p.focus(entryBeside("Add player"), "the new player's name")
				p.gboard("Ben")
				p.press(keyEnter, 0)
				waitShown(p.tab, p.t, "label", func(s string) bool { return strings.HasPrefix(s, "Ben · ") }, "Ben, added")
				return one(entryUnder("Octopods by sector"))
			},
			// A decimal keypad has "." or "," (the phone's language
			// decides) and maybe no space: any of them separates sectors.
			numbers: func(p *kbPage, loc kbLocate) bool {
				ok := true
				for _, typed := range []string{"2.3", "3,1", "4 5"} {
					p.clear(loc)
					p.gboard(typed)
					p.press(keyEnter, 0)
					want := strings.Join(strings.FieldsFunc(typed, func(r rune) bool { return r == '.' || r == ',' || r == ' ' }), ", ")
					ok = p.typed(loc, want, "sectors typed on a decimal keypad as "+typed+", and Enter") && ok
					p.focus(loc, "the octopods, after Enter")
				}
				// From the octopods to a name: the letters come back.
				p.focus(entryBeside("Add player"), "the new player's name")
				return assert.Equal(p.t, "", p.inputMode(), "the keypad for a name, after the octopods") && ok
			},
			enter: func(p *kbPage, loc kbLocate) bool {
				p.burst("1,2")
				p.press(keyEnter, 0)
				return p.typed(loc, "1, 2", "Enter sets the sectors, read and shown again")
			},
		},
		{
			name: "AquaSphere: red lines of the track",
			mode: "decimal",
			open: func(p *kbPage) []kbLocate {
				tapShown(p.tab, p.t, "label", is("AquaSphere"), "the AquaSphere tile")
				tapShown(p.tab, p.t, "button", is("Track"), "Track")
				return one(nthEntry(0))
			},
			numbers: func(p *kbPage, loc kbLocate) bool {
				ok := true
				// Saved, refused, saved: each Save is seen to answer.
				for _, try := range []struct{ typed, status string }{
					{"12.24.36.48", "Saved. New games use your data."},
					{"60", "Not saved"},
					{"11,22,33,44", "Saved. New games use your data."},
				} {
					p.clear(loc)
					p.gboard(try.typed)
					tapShown(p.tab, p.t, "button", is("Save as my data"), "Save")
					ok = p.shows("label", func(s string) bool { return strings.HasPrefix(s, try.status) }, try.typed+" typed on a decimal keypad, saved") && ok
					p.focus(loc, "the red lines, after Save")
				}
				return ok
			},
		},
		{
			name:      "ADELE: game data",
			multiLine: true,
			open: func(p *kbPage) []kbLocate {
				tapShown(p.tab, p.t, "label", is("ADELE"), "the ADELE tile")
				p.scrollTo("button", is("Game data"), "Game data")
				waitShown(p.tab, p.t, "button", is("Check"), "the game data editor")
				return one(nthEntry(0))
			},
		},
		{
			name: "ADELE: PIN on the setup",
			mode: "numeric",
			open: func(p *kbPage) []kbLocate {
				tapShown(p.tab, p.t, "label", is("ADELE"), "the ADELE tile")
				p.scrollTo("entry", is(""), "the PIN")
				return one(nthEntry(0))
			},
			numbers: func(p *kbPage, loc kbLocate) bool {
				p.clear(loc)
				p.gboard("2468")
				return p.typed(loc, "2468", "a PIN on the number keypad")
			},
		},
		{
			name: "ADELE: PIN on the console's cover",
			mode: "numeric",
			open: func(p *kbPage) []kbLocate {
				tapShown(p.tab, p.t, "label", is("ADELE"), "the ADELE tile")
				p.scrollTo("entry", is(""), "the PIN")
				p.focus(nthEntry(0), "the PIN on the setup")
				p.gboard("2468")
				p.scrollTo("button", is("Set up the game"), "Set up")
				p.selectTab("Table|ADELE's console", "ADELE's console")
				waitShown(p.tab, p.t, "label", is("ADELE's console is hidden"), "the cover")
				return one(nthEntry(0))
			},
			numbers: func(p *kbPage, loc kbLocate) bool {
				p.clear(loc)
				p.gboard("1357")
				return p.typed(loc, "1357", "a PIN on the number keypad")
			},
			enter: func(p *kbPage, loc kbLocate) bool {
				p.burst("2468")
				p.press(keyEnter, 0)
				return p.shows("label", is("Console"), "the right PIN and Enter lift the cover")
			},
		},
		{
			name: "Mission Control: game data's setups",
			open: func(p *kbPage) []kbLocate {
				tapShown(p.tab, p.t, "label", is("Mission Control: Critical Orbit"), "the Mission Control tile")
				p.scrollTo("button", is("Game data"), "Game data")
				p.selectTab("Unlock deck|AI cards|Starting setups", "Starting setups")
				waitShown(p.tab, p.t, "label", is("Setup 1"), "the setups")
				// Setup 1's three containers, a kind each in turn.
				return []kbLocate{nthEntry(0), nthEntry(1), nthEntry(2)}
			},
		},
		{
			name: "Join a table: the link",
			open: func(p *kbPage) []kbLocate {
				tapShown(p.tab, p.t, "button", is("Join a table"), "Join a table")
				return one(nthEntry(0))
			},
			enter: func(p *kbPage, loc kbLocate) bool {
				p.burst(p.table)
				p.press(keyEnter, 0)
				return p.shows("label", func(s string) bool { return strings.HasPrefix(s, "Connected") }, "the link and Enter join the table")
			},
		},
	}
}

// shows waits until the app shows what match finds, and says whether it did.
func (p *kbPage) shows(kind string, match func(string) bool, what string) bool {
	_, err := webscreen.Wait(p.t.Context(), p.tab, kind, match, patient(6*time.Second))
	return assert.NoError(p.t, err, what)
}

// selectTab taps the tab named name; see webscreen.SelectTab.
func (p *kbPage) selectTab(tabs, name string) {
	p.t.Helper()
	stableShown(p.tab, p.t, "tabs", is(tabs), "the tabs "+tabs)
	require.NoError(p.t, webscreen.SelectTab(p.t.Context(), p.tab, tabs, name, patient(20*time.Second)))
}

// closeHomeScreenHint waits for the hint Safari on an iPhone or iPad gets
// once (how to keep Boardside on the home screen), taps its OK as a player
// would, and waits for it to go.
func closeHomeScreenHint(tab *webdriver.Chrome, t *testing.T) {
	t.Helper()
	hint := is("Keep Boardside on the home screen")
	waitShown(tab, t, "button", is("OK"), "the home-screen hint on an iPad's Safari")
	_, shown := readScreen(tab, t).Find("label", hint)
	require.True(t, shown, "the dialog is the home-screen hint")
	tapShown(tab, t, "button", is("OK"), "OK under the home-screen hint")
	for deadline := time.Now().Add(patient(20 * time.Second)); ; time.Sleep(100 * time.Millisecond) {
		if _, shown := readScreen(tab, t).Find("label", hint); !shown {
			return
		}
		require.True(t, time.Now().Before(deadline), "the home-screen hint stays after OK")
	}
}
