package e2e

import (
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/share"
	"boardside/internal/webdriver"
	"boardside/timers"
)

// The web viewer's accessibility and layout, checked in a real browser on
// every phone size the issue names, in English and in German, in light and
// dark colour schemes: contrast, accessible names, tap-target size, `lang`,
// main actions reachable without scrolling, no text cut. The checks run in
// the page as a script (a11yChecker) that lives here and is not shipped.

// a11ySizes are the viewports, in CSS pixels: portrait phones from 320 to
// 430 px wide, a phone on its side and a tablet.
var a11ySizes = []struct {
	w, h  int64
	phone bool
}{
	{320, 568, true}, {360, 640, true}, {390, 844, true}, {430, 932, true}, {844, 390, true}, {800, 1280, false},
}

// a11yPage is one page in one state: where it is and what it shows, in
// each language, once it has rendered that state.
type a11yPage struct {
	name   string
	url    string
	sel    string            // the element that shows...
	words  map[string]string // ...this text, by language, once rendered
	viewer bool              // the viewer, connected to its table
	timer  bool              // a running timer: wait for the clock sync; the bar carries the keep-the-screen-on hint
	extra  string            // a further JS condition for "rendered", if any
	adele  bool              // ADELE's long board
}

// a11yViolation is what the checker reports.
type a11yViolation struct {
	Check string `json:"check"`
	El    string `json:"el"`
	Value string `json:"value"`
}

// a11yResult is the checker's answer: the violations and what it looked
// at, with the lowest contrast it measured.
type a11yResult struct {
	V        []a11yViolation `json:"v"`
	Texts    int             `json:"texts"`
	Targets  int             `json:"targets"`
	Actions  int             `json:"actions"`
	MinRatio float64         `json:"minRatio"`
	MinEl    string          `json:"minEl"`
}

// a11yServe shares a new session of the game, with the actions applied, on
// a free port, and returns its address and token.
func a11yServe(t *testing.T, game string, rules *companion.Rules, st companion.State, actions ...companion.Action) (base, token string) {
	t.Helper()
	clock := timers.System{}
	s := companion.New(rules, st, clock)
	for _, a := range actions {
		require.NoError(t, s.Dispatch(a), "%s: %s", game, a.Kind())
	}
	h := share.NewHost(s, shared[game].game, clock, share.NewToken())
	h.SetRateLimit(1000, 2000) // two browsers on one address
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := share.NewServer(h)
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	_, port, err := net.SplitHostPort(l.Addr().String())
	require.NoError(t, err)
	return "http://" + lanName(t) + ":" + port, h.Token()
}

// a11yPages sets up a table for every state checked.
func a11yPages(t *testing.T) []a11yPage {
	t.Helper()
	words := func(en, de string) map[string]string { return map[string]string{"en": en, "de": de} }
	var pages []a11yPage
	viewer := func(p a11yPage, game string, rules *companion.Rules, st companion.State, actions ...companion.Action) {
		base, token := a11yServe(t, game, rules, st, actions...)
		p.url, p.viewer = base+"/?t="+token, true
		pages = append(pages, p)
	}

	// Magic Maze on Mars. A flip right after the start would leave no
	// sand, so the sand was turned over 170 s ago: the flip leaves 2:50.
	marsStarted := func(opts *mm.SetOptions) companion.State {
		st := mm.New()
		past := companion.Env{Now: time.Now().Add(-170 * time.Second)}
		require.NoError(t, st.Apply(&mm.ChooseMission{Mission: 2}, past))
		if opts != nil {
			require.NoError(t, st.Apply(opts, past))
		}
		require.NoError(t, st.Apply(&mm.Start{}, past))
		return st
	}
	viewer(a11yPage{name: "marsmaze: before start", sel: "#start", words: words("Turn the sand timer over to start", "Sanduhr umdrehen und losspielen")},
		mm.Game, mm.Rules, mm.New(), &mm.ChooseMission{Mission: 2})
	viewer(a11yPage{name: "marsmaze: running, talk banner", sel: "#banner", words: words("Talk now, until someone acts", "Jetzt sprechen, bis jemand zieht"), timer: true},
		mm.Game, mm.Rules, marsStarted(nil), &mm.Flip{})
	viewer(a11yPage{name: "marsmaze: solo + expert, talk banner", sel: "#banner", words: words("Pass your action tile to the left!", "Gebt euer Aktionsplättchen nach links weiter!"), timer: true,
		extra: `!document.getElementById("solo").hidden && document.querySelector("#solo .watch").textContent !== ""`},
		mm.Game, mm.Rules, marsStarted(&mm.SetOptions{Solo: true, Expert: true}), &mm.Flip{})
	viewer(a11yPage{name: "marsmaze: won", sel: "#end", words: words("Mission complete: all colonists on their domes", "Mission geschafft: alle Kolonisten auf ihren Kuppeln")},
		mm.Game, mm.Rules, marsStarted(nil), &mm.Flip{}, &mm.Act{}, &mm.Win{})
	viewer(a11yPage{name: "marsmaze: won, the play recorded", sel: "#record", words: words("Log in BG Stats", "In BG Stats eintragen"),
		extra: `document.querySelectorAll("#record input").length === 6`},
		mm.Game, mm.Rules, marsStarted(nil), &mm.Flip{}, &mm.Act{}, &mm.Win{}, &mm.RecordPlay{ID: "a11y", Names: []string{"Anna", "Zoë"}})

	// Mission Control: Critical Orbit. The AI plays Cologne, so its card shows.
	viewer(a11yPage{name: "missioncontrol: before start", sel: "#start", words: words("Start the timer", "Timer starten")},
		mc.Game, mc.Rules, mc.New(), &mc.SetAIRoles{Roles: []string{"cologne"}})
	viewer(a11yPage{name: "missioncontrol: rolled, Houston locked, 2 unlock cards", sel: "#buttons", words: words("✓ Houston locked", "✓ Houston gesperrt"), timer: true,
		extra: `document.querySelectorAll("#card .unlock:not(.back)").length === 2 && !!document.querySelector("#card .dice")`},
		mc.Game, mc.Rules, mc.New(), &mc.SetAIRoles{Roles: []string{"cologne"}}, &mc.Start{}, &mc.RollDice{}, &mc.Lock{Role: "houston"}, &mc.RevealUnlock{}, &mc.RevealUnlock{})
	viewer(a11yPage{name: "missioncontrol: time's up", sel: "#end", words: words("Time's up", "Zeit abgelaufen"), extra: `document.getElementById("timer").classList.contains("over")`},
		mc.Game, mc.Rules, mc.New(), &mc.SetAIRoles{Roles: []string{"cologne"}}, &mc.SetLength{Seconds: 1}, &mc.Start{}, &mc.RollDice{})
	viewer(a11yPage{name: "missioncontrol: accomplished", sel: "#end", words: words("Mission accomplished", "Mission erfüllt")},
		mc.Game, mc.Rules, mc.New(), &mc.SetAIRoles{Roles: []string{"cologne"}}, &mc.Start{}, &mc.RollDice{}, &mc.Accomplish{})

	// ADELE: the crew's long board.
	viewer(a11yPage{name: "adele: emergency phase", sel: "#status", words: words("Next: the emergency phase", "Als Nächstes: die Notfallphase"), adele: true,
		extra: `document.querySelectorAll("#adele .room").length > 0`},
		adele.Game, adele.Rules, adeleAfterRound1(t))
	viewer(a11yPage{name: "adele: game over, ADELE won", sel: "#end", words: words("ADELE wins", "ADELE gewinnt"), adele: true,
		extra: `document.querySelectorAll("#adele .room").length > 0`},
		adele.Game, adele.Rules, adeleAfterRound1(t), &adele.Finish{Winner: "adele"})
	viewer(a11yPage{name: "adele: game over, the play recorded", sel: "#record", words: words("Name every player, or none.", "Nennt alle Spieler oder keinen."), adele: true,
		extra: `!document.querySelector("#record select").hidden`},
		adele.Game, adele.Rules, adeleAfterRound1(t), &adele.Finish{Winner: "adele"}, &adele.RecordPlay{ID: "a11y"})

	// The connection test and a link with another table's token.
	base, token := a11yServe(t, mm.Game, mm.Rules, mm.New())
	pages = append(pages, a11yPage{name: "check.html", url: base + "/check.html", sel: "#result",
		words: words("This device reaches the host", "Dieses Gerät erreicht den Host")})
	other := share.NewToken()
	require.NotEqual(t, token, other)
	pages = append(pages, a11yPage{name: "wrong token", url: base + "/?t=" + other, sel: "#fatal",
		words: words("This link belongs to another table", "Dieser Link gehört zu einem anderen Tisch"), extra: `!document.getElementById("fatal").hidden`})
	return pages
}

// TestBrowser_AccessibleOnEveryPhone checks every page of the web viewer
// (each game in a few states, the connection test, a wrong link) at every
// size in a11ySizes, in English and German, light and dark: 14 pages × 6
// sizes × 2 languages × 2 schemes = 336 checks, each one a run of
// a11yChecker. The pages are opened as a phone at the table opens them,
// over plain HTTP; a running timer's bar shows the keep-the-screen-on hint.
func TestBrowser_AccessibleOnEveryPhone(t *testing.T) {
	pages := a11yPages(t)
	start := time.Now()
	// One browser per language, each started in its language and each tab
	// told it again (headless Chromium does not take navigator.language from
	// --lang alone); the two run side by side.
	for _, lang := range []struct{ code, locale, accept string }{{"en", "en-US", "en-US,en"}, {"de", "de-DE", "de-DE,de"}} {
		t.Run(lang.code, func(t *testing.T) {
			t.Parallel()
			newTab := browser(t, map[string]string{"lang": lang.locale, "accept-lang": lang.accept,
				"host-resolver-rules": "MAP " + lanName(t) + " 127.0.0.1"})
			if lang.code == "en" {
				a11ySelfTest(t, newTab)
			}
			var found []string
			checks := 0
			for _, p := range pages {
				v, n := a11yCheckPage(t, newTab, p, lang.code, lang.locale, lang.accept)
				found = append(found, v...)
				checks += n
			}
			t.Logf("%s: %d pages × %d sizes × 2 colour schemes = %d checks in %s", lang.code, len(pages), len(a11ySizes), checks, time.Since(start).Round(time.Millisecond))
			if len(found) > 0 {
				t.Errorf("%d accessibility violations in %s:\n%s", len(found), lang.code, a11yGroup(found))
			}
		})
	}
}

// a11yCheckPage opens the page in a new tab in the language and checks it
// at every size in both colour schemes. It returns the violations, one line
// each, and how many checks it ran.
func a11yCheckPage(t *testing.T, newTab func() *webdriver.Chrome, p a11yPage, lang, locale, accept string) ([]string, int) {
	t.Helper()
	tab := newTab()
	defer func() { _ = tab.Close() }() // close the tab

	ua := eval[string](tab, t, `navigator.userAgent`)
	require.NoError(t, tab.UserAgent(t.Context(), webdriver.Agent{UA: ua, AcceptLanguage: accept}))
	require.NoError(t, tab.Locale(t.Context(), strings.ReplaceAll(locale, "-", "_")))
	if p.timer {
		// A running timer on a phone whose browser refuses the looping
		// video too: the bar carries the keep-the-screen-on hint, its
		// tallest form.
		require.NoError(t, tab.OnNewDocument(t.Context(),
			`HTMLMediaElement.prototype.play = function () { return Promise.reject(new DOMException("refused", "NotAllowedError")); };`))
	}
	emulatePhone(t, tab, a11ySizes[0].w, a11ySizes[0].h)
	require.NoError(t, tab.Navigate(t.Context(), p.url))
	require.Equal(t, lang, eval[string](tab, t, `navigator.language.slice(0, 2)`), "%s: the browser speaks %s", p.name, locale)

	// Wait until the page shows its state, in its language.
	if p.viewer {
		waitText(tab, t, "#conn", map[string]string{"en": "connected", "de": "verbunden"}[lang])
	}
	waitText(tab, t, p.sel, p.words[lang])
	if p.timer {
		waitJS(tab, t, `!document.getElementById("timer").hidden && !document.getElementById("timer").classList.contains("waiting") && window.boardside.awake.how === "none" && !document.getElementById("hint").hidden`,
			"%s: waiting for the synced timer and the keep-the-screen-on hint", p.name)
	}
	if p.extra != "" {
		waitJS(tab, t, p.extra, "%s: waiting for %s", p.name, p.extra)
	}

	awake := eval[string](tab, t, `(window.boardside && window.boardside.awake.how) || "-"`) // "none" shows the keep-the-screen-on hint in the bar

	var found []string
	checks := 0
	var lowest a11yResult
	var looked [3]int
	for _, scheme := range []string{"light", "dark"} {
		preferScheme(t, tab, scheme)
		for _, sz := range a11ySizes {
			viewAt(t, tab, sz.w, sz.h, scheme, p.name)
			res := a11yRun(tab, t, lang, p.adele, sz.phone)
			checks++
			require.Positive(t, res.Texts, "%s: the checker found no text", p.name)
			if lowest.MinRatio == 0 || res.MinRatio < lowest.MinRatio {
				lowest = res
				lowest.MinEl += fmt.Sprintf(" (%d×%d %s)", sz.w, sz.h, scheme)
			}
			looked[0], looked[1], looked[2] = max(looked[0], res.Texts), max(looked[1], res.Targets), max(looked[2], res.Actions)
			for _, v := range res.V {
				found = append(found, fmt.Sprintf("%s\t%s\t%s\t%s\t%d×%d\t%s\t%s", p.name, v.Check, v.El, v.Value, sz.w, sz.h, lang, scheme))
			}
		}
	}
	t.Logf("%s [%s]: up to %d texts, %d tap targets, %d main actions; screen kept on by %s; lowest contrast %.2f:1, %s",
		p.name, lang, looked[0], looked[1], looked[2], awake, lowest.MinRatio, lowest.MinEl)
	return found, checks
}

// a11yRun runs the checker in the tab as it is.
func a11yRun(tab *webdriver.Chrome, t *testing.T, lang string, adele, phone bool) a11yResult {
	t.Helper()
	opts, err := json.Marshal(map[string]any{"lang": lang, "adele": adele, "phone": phone})
	require.NoError(t, err)
	return eval[a11yResult](tab, t, "("+a11yChecker+")("+string(opts)+")")
}

// a11ySelfTest shows the checker a page with one of each fault, so a
// checker that sees nothing cannot pass the viewer.
func a11ySelfTest(t *testing.T, newTab func() *webdriver.Chrome) {
	t.Helper()
	const faulty = `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0; height:100vh; overflow:hidden; background:#fff; color:#111; font:16px sans-serif">
<main style="height:60vh; overflow:auto">
  <p id="low" style="color:#999">grey on white</p>
  <p id="faded" style="opacity:.6">faded</p>
  <div style="width:60px; background:#eee"><span style="display:inline-block; white-space:nowrap">a-word-too-long-for-its-card</span></div>
  <div style="width:50px; overflow:hidden; white-space:nowrap">cut-cut-cut-cut-cut</div>
  <button style="width:30px; height:30px">x</button>
  <button style="width:50px; height:50px"></button>
  <div style="height:2000px"></div>
  <button id="start" style="width:100px; height:50px">Start</button>
</main>
<footer id="bar" style="position:relative; height:60px"><div id="buttons">
  <button style="position:absolute; left:0; width:60px; height:50px">one</button><button style="position:absolute; left:30px; width:60px; height:50px">two</button>
</div></footer>
</body></html>`
	tab := newTab()
	defer func() { _ = tab.Close() }()
	emulatePhone(t, tab, 360, 640)
	require.NoError(t, tab.Navigate(t.Context(), "data:text/html;charset=utf-8,"+url.PathEscape(faulty)))
	res := a11yRun(tab, t, "de", false, true)
	got := map[string]bool{}
	for _, v := range res.V {
		got[v.Check] = true
	}
	for _, want := range []string{"lang", "contrast", "opacity", "text cut", "text out of its box", "target size", "name", "main action out of reach", "main actions overlap"} {
		require.True(t, got[want], "the checker misses a fault %q on a page made of faults; it reported %+v", want, res.V)
	}
}

// a11yGroup lists violations grouped by page, check and element, with the
// sizes, languages and schemes where each measured value occurred.
func a11yGroup(lines []string) string {
	type key struct{ page, check, el string }
	byKey := map[key]map[string][]string{}
	var keys []key
	for _, l := range lines {
		f := strings.Split(l, "\t")
		k := key{f[0], f[1], f[2]}
		if byKey[k] == nil {
			byKey[k] = map[string][]string{}
			keys = append(keys, k)
		}
		byKey[k][f[3]] = append(byKey[k][f[3]], f[4]+" "+f[5]+" "+f[6])
	}
	sort.SliceStable(keys, func(i, j int) bool {
		if keys[i].page != keys[j].page {
			return keys[i].page < keys[j].page
		}
		return keys[i].check < keys[j].check
	})
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "  [%s] %s: %s\n", k.page, k.check, k.el)
		vals := make([]string, 0, len(byKey[k]))
		for v := range byKey[k] {
			vals = append(vals, v)
		}
		slices.Sort(vals)
		for _, v := range vals {
			fmt.Fprintf(&b, "      %s  (%s)\n", v, a11yConditions(byKey[k][v]))
		}
	}
	return b.String()
}

// a11yConditions shortens "320×568 en light", "320×568 en dark" to
// "320×568 en".
func a11yConditions(conds []string) string {
	seen := map[string]map[string]bool{}
	var order []string
	for _, c := range conds {
		i := strings.LastIndex(c, " ")
		at, scheme := c[:i], c[i+1:]
		if seen[at] == nil {
			seen[at] = map[string]bool{}
			order = append(order, at)
		}
		seen[at][scheme] = true
	}
	out := make([]string, 0, len(order))
	for _, at := range order {
		switch {
		case seen[at]["light"] && seen[at]["dark"]:
			out = append(out, at)
		case seen[at]["light"]:
			out = append(out, at+" light")
		default:
			out = append(out, at+" dark")
		}
	}
	return strings.Join(out, ", ")
}

// a11yChecker runs in the page with {lang, adele, phone} and returns the
// violations it finds. Choices it makes:
//   - "visible" means rendered (client rects), computed visibility visible,
//     and not inside an aria-hidden="true" subtree (the screen-on video and
//     the flash overlay are decorative and aria-hidden); action-bar slots
//     kept in place with visibility:hidden, and the bar's buttons hidden
//     under the game's end, are skipped;
//   - contrast is between the computed color and the background composited
//     from the element up to the first opaque background-color (the canvas
//     if none); 4.5:1 for all text, disabled buttons included; opacity below
//     1 on a text's element or an ancestor is reported, not composited;
//   - tap targets are buttons, inputs, selects, text areas, links and
//     role=button, at least 44×44 CSS px;
//   - the main actions (the bar's shown buttons, #start, #undo) and #bar
//     must lie fully inside the viewport and every clipping ancestor (a
//     scrolled-away part counts as out of reach), not overlap, and be what
//     a finger at their centre hits;
//   - text is cut when its element's scrollWidth exceeds its clientWidth
//     (not for inline elements, which have no client box, nor for
//     text-overflow: ellipsis), or when a line of it runs out of the
//     viewport or of a clipping ancestor sideways.
const a11yChecker = `(opts) => {
  const out = [];
  const stats = { texts: 0, targets: 0, actions: 0, minRatio: 0, minEl: "" };
  const vw = innerWidth, vh = innerHeight;
  const cs = (e) => getComputedStyle(e);
  const tag = (e) => {
    if (!e || !e.tagName) return String(e);
    let s = e.tagName.toLowerCase();
    if (e.id) s += "#" + e.id;
    const cls = typeof e.className === "string" ? e.className.trim() : "";
    if (cls) s += "." + cls.split(/\s+/).join(".");
    if (e.dataset && e.dataset.slot) s += "[data-slot=" + e.dataset.slot + "]";
    if (e.dataset && e.dataset.room) s += "[data-room=" + e.dataset.room + "]";
    return s;
  };
  const desc = (e) => {
    const t = (e.textContent || "").trim().replace(/\s+/g, " ");
    return tag(e) + (t ? ' "' + (t.length > 60 ? t.slice(0, 59) + "…" : t) + '"' : "");
  };
  const add = (check, e, value) => out.push({ check, el: typeof e === "string" ? e : desc(e), value: String(value) });
  const shown = (e) => e.getClientRects().length > 0 && cs(e).visibility === "visible" && !e.closest('[aria-hidden="true"]');
  const px = (v) => Math.round(v * 10) / 10;
  const box = (r) => px(r.width) + "×" + px(r.height) + " at (" + px(r.left) + ", " + px(r.top) + ")";

  // ---- colours ----
  const rgba = (c) => {
    const m = /^rgba?\(([^)]*)\)$/.exec(String(c).trim());
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map((x) => x.endsWith("%") ? parseFloat(x) / 100 : parseFloat(x));
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, under) => ({ r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a), a: 1 });
  const hex = (c) => "#" + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("") + (c.a < 1 ? Math.round(c.a * 255).toString(16).padStart(2, "0") : "");
  const lin = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  const ratio = (x, y) => { const a = lum(x), b = lum(y); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
  const canvas = matchMedia("(prefers-color-scheme: dark)").matches ? { r: 18, g: 18, b: 18, a: 1 } : { r: 255, g: 255, b: 255, a: 1 };
  // background: the colour behind e's text and the layers it was made of.
  const background = (e) => {
    const layers = [];
    for (let n = e; n; n = n.parentElement) {
      const c = rgba(cs(n).backgroundColor);
      if (c === null) return { err: "cannot read background-color " + cs(n).backgroundColor + " of " + tag(n) };
      if (c.a > 0) { layers.push({ c, n }); if (c.a >= 1) break; }
    }
    let bg = canvas;
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i].c, bg);
    return { bg, from: layers.map((l) => hex(l.c) + " (" + tag(l.n) + ")").join(" over ") || "the canvas" };
  };

  // ---- lang ----
  const lang = document.documentElement.lang;
  if (lang !== opts.lang) add("lang", "html", 'lang="' + lang + '" but the page is in ' + (opts.lang === "de" ? "German (de)" : "English (en)"));

  // ---- texts: contrast, opacity, cut ----
  for (const e of document.body.querySelectorAll("*")) {
    const texts = [...e.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim());
    if (!texts.length || !shown(e)) continue;
    const s = cs(e);
    stats.texts++;
    const fg = rgba(s.color), b = background(e);
    if (!fg || b.err) add("contrast", e, b.err || "cannot read color " + s.color);
    else {
      const text = fg.a < 1 ? over(fg, b.bg) : fg, r = ratio(text, b.bg);
      if (!stats.minRatio || r < stats.minRatio) { stats.minRatio = Math.round(r * 100) / 100; stats.minEl = desc(e) + ": " + hex(fg) + " on " + hex(b.bg); }
      if (r < 4.5) add("contrast", e, r.toFixed(2) + ":1, color " + hex(fg) + " on " + hex(b.bg) + " = " + b.from + (e.disabled ? " (disabled)" : ""));
    }
    for (let n = e; n; n = n.parentElement) {
      const o = parseFloat(cs(n).opacity);
      if (o < 1) { add("opacity", e, "opacity " + o + " on " + tag(n)); break; }
    }
    if (s.textOverflow === "ellipsis") continue; // cut on purpose, with an ellipsis
    if (s.display !== "inline" && e.scrollWidth > e.clientWidth + 1) {
      add("text cut", e, "scrollWidth " + e.scrollWidth + " > clientWidth " + e.clientWidth + " (" + s.whiteSpace + ", " + s.fontSize + ")");
      continue;
    }
    // Sideways: the viewport and every clipping ancestor. Up and down:
    // ancestors that hide their overflow, up to the first one that scrolls.
    let l = 0, r = vw, top = -Infinity, bottom = Infinity, vertical = true, lclip = "the viewport", rclip = "the viewport", vclip = "";
    for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const as = cs(a);
      if (as.overflowX === "visible" && as.overflowY === "visible") continue;
      const ar = a.getBoundingClientRect(), al = ar.left + a.clientLeft, at = ar.top + a.clientTop;
      if (as.overflowX !== "visible") {
        if (al > l) { l = al; lclip = tag(a); }
        if (al + a.clientWidth < r) { r = al + a.clientWidth; rclip = tag(a); }
      }
      if (vertical && (as.overflowY === "hidden" || as.overflowY === "clip")) {
        if (at > top) { top = at; vclip = tag(a); }
        if (at + a.clientHeight < bottom) { bottom = at + a.clientHeight; vclip = tag(a); }
      }
      if (as.overflowY === "auto" || as.overflowY === "scroll") vertical = false;
    }
    let cut = "";
    for (const t of texts) {
      const range = document.createRange();
      range.selectNodeContents(t);
      for (const tr of range.getClientRects()) {
        if (tr.width === 0 || tr.height === 0) continue;
        if (tr.right > r + 1) cut = "a line runs to x=" + px(tr.right) + ", past the right edge of " + rclip + " at x=" + px(r);
        else if (tr.left < l - 1) cut = "a line starts at x=" + px(tr.left) + ", before the left edge of " + lclip + " at x=" + px(l);
        else if (tr.bottom > bottom + 1 || tr.top < top - 1) cut = "a line at y=" + px(tr.top) + "–" + px(tr.bottom) + " is outside " + vclip + " (y " + px(top) + "–" + px(bottom) + ")";
        if (cut) break;
      }
      if (cut) break;
    }
    if (cut) { add("text cut", e, cut); continue; }
    // Out of its box: the nearest box drawn around the text (a background,
    // a border, or a button) must hold every line of it.
    let boxEl = null;
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      const as = cs(a), bgc = rgba(as.backgroundColor);
      const bordered = ["Top", "Right", "Bottom", "Left"].some((side) => parseFloat(as["border" + side + "Width"]) > 0 && as["border" + side + "Style"] !== "none");
      if (a.tagName === "BUTTON" || (bgc && bgc.a > 0) || bordered) { boxEl = a; break; }
    }
    if (boxEl) {
      const br = boxEl.getBoundingClientRect();
      for (const t of texts) {
        const range = document.createRange();
        range.selectNodeContents(t);
        for (const tr of range.getClientRects()) {
          if (tr.width === 0 || tr.height === 0) continue;
          if (tr.left < br.left - 1 || tr.right > br.right + 1 || tr.top < br.top - 1 || tr.bottom > br.bottom + 1) {
            cut = "a line at x " + px(tr.left) + "–" + px(tr.right) + ", y " + px(tr.top) + "–" + px(tr.bottom) + " runs out of " + tag(boxEl) + " (x " + px(br.left) + "–" + px(br.right) + ", y " + px(br.top) + "–" + px(br.bottom) + ")";
            break;
          }
        }
        if (cut) break;
      }
      if (cut) add("text out of its box", e, cut);
    }
  }

  // ---- tap targets: names and sizes ----
  for (const e of document.querySelectorAll('button, input:not([type="hidden"]), select, textarea, a[href], [role="button"]')) {
    if (!shown(e)) continue;
    stats.targets++;
    let name = "";
    const by = e.getAttribute("aria-labelledby");
    if (by) name = by.split(/\s+/).map((id) => (document.getElementById(id) || {}).textContent || "").join(" ").trim();
    if (!name) name = (e.getAttribute("aria-label") || "").trim();
    if (!name && e.labels) name = [...e.labels].map((x) => x.textContent).join(" ").trim();
    if (!name) name = (e.textContent || "").trim();
    if (!name && e.tagName === "INPUT" && /^(submit|button|reset)$/.test(e.type)) name = (e.value || "").trim();
    if (!name) add("name", e, "no accessible name (no text, aria-label or aria-labelledby)");
    const r = e.getBoundingClientRect();
    if (r.width < 44 - 0.01 || r.height < 44 - 0.01) add("target size", e, px(r.width) + "×" + px(r.height) + " CSS px, under 44×44");
  }

  // ---- the main actions: in reach without scrolling ----
  // reach: the part of e inside the viewport and every clipping ancestor.
  const reach = (e) => {
    const r = e.getBoundingClientRect();
    let l = Math.max(r.left, 0), t = Math.max(r.top, 0), ri = Math.min(r.right, vw), b = Math.min(r.bottom, vh);
    for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const as = cs(a);
      const ar = a.getBoundingClientRect(), al = ar.left + a.clientLeft, at = ar.top + a.clientTop;
      if (as.overflowX !== "visible") { l = Math.max(l, al); ri = Math.min(ri, al + a.clientWidth); }
      if (as.overflowY !== "visible") { t = Math.max(t, at); b = Math.min(b, at + a.clientHeight); }
    }
    return { r, l, t, ri, b };
  };
  const inReach = (e, check, when) => {
    const v = reach(e), r = v.r;
    if (v.l > r.left + 1 || v.t > r.top + 1 || v.ri < r.right - 1 || v.b < r.bottom - 1) {
      const seen = v.ri > v.l && v.b > v.t ? px(v.ri - v.l) + "×" + px(v.b - v.t) : "none of it";
      add(check, e, box(r) + " in a " + vw + "×" + vh + " viewport; shown without scrolling: " + seen + (when || ""));
      return false;
    }
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2, hit = document.elementFromPoint(x, y);
    if (hit !== e && !e.contains(hit)) { add(check, e, "a tap at its centre (" + px(x) + ", " + px(y) + ") hits " + (hit ? desc(hit) : "nothing") + (when || "")); return false; }
    return true;
  };
  const main = document.querySelector("main");
  if (main) main.scrollTop = 0;
  const actions = [...document.querySelectorAll("#buttons button")].filter((b) => b.style.visibility !== "hidden" && shown(b));
  for (const id of ["start", "undo"]) { const e = document.getElementById(id); if (e && shown(e)) actions.push(e); }
  stats.actions = actions.length;
  actions.forEach((e) => inReach(e, "main action out of reach"));
  for (let i = 0; i < actions.length; i++) for (let j = i + 1; j < actions.length; j++) {
    const a = actions[i].getBoundingClientRect(), b = actions[j].getBoundingClientRect();
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 0.5 && h > 0.5) add("main actions overlap", actions[i], "overlaps " + desc(actions[j]) + " by " + px(w) + "×" + px(h));
  }
  const bar = document.getElementById("bar");
  if (bar && shown(bar)) inReach(bar, "bar out of reach");

  // ---- ADELE: the board scrolls, the bar stays ----
  if (opts.adele && main) {
    if (opts.phone && !(main.scrollHeight > main.clientHeight)) add("ADELE board does not scroll", main, "scrollHeight " + main.scrollHeight + " ≤ clientHeight " + main.clientHeight);
    main.scrollTop = main.scrollHeight;
    const when = " (main scrolled to the bottom, scrollTop " + Math.round(main.scrollTop) + ")";
    if (scrollY !== 0 || scrollX !== 0) add("page scrolled", "window", "scrolling main scrolled the page to (" + scrollX + ", " + scrollY + ")");
    if (bar && shown(bar)) inReach(bar, "bar out of reach after scrolling", when);
    actions.filter((e) => bar && bar.contains(e)).forEach((e) => inReach(e, "main action out of reach after scrolling", when));
    main.scrollTop = 0;
  }
  return Object.assign(stats, { v: out });
}`

// preferScheme makes the tab's page prefer a light or a dark scheme.
func preferScheme(t *testing.T, tab *webdriver.Chrome, scheme string) {
	t.Helper()
	require.NoError(t, tab.Media(t.Context(), "prefers-color-scheme", scheme))
}

// viewAt makes the tab a w×h phone and waits until the page (named in a
// failure by what) has that viewport and the scheme.
func viewAt(t *testing.T, tab *webdriver.Chrome, w, h int64, scheme, what string) {
	t.Helper()
	emulatePhone(t, tab, w, h)
	waitJS(tab, t, fmt.Sprintf(`innerWidth === %d && innerHeight === %d && matchMedia("(prefers-color-scheme: %s)").matches`, w, h, scheme),
		"%s: waiting for a %d×%d %s viewport; it is %s", what, w, h, scheme,
		func() string { return eval[string](tab, t, `innerWidth + "×" + innerHeight`) })
}
