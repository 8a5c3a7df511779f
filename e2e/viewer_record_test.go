package e2e

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	"boardside/companion/plays"
	"boardside/companion/table/tabletest"
	"boardside/internal/webdriver"
	"boardside/internal/webscreen"
)

// The quick viewer's end of a game: the play recorded by the host, the
// names to change, and Log in BG Stats one tap away.

// catchOpened makes the page's window.open keep the links it is given
// (window.opened) instead of opening them: a tab opened at once, or one
// opened blank and sent to its link later.
func catchOpened(tab *webdriver.Chrome, t *testing.T) {
	t.Helper()
	eval[bool](tab, t, webscreen.CatchOpened)
}

// openedPlay waits for the page to open a link and decodes the play it
// sends BG Stats.
func openedPlay(tab *webdriver.Chrome, t *testing.T) (link string, sent map[string]any) {
	t.Helper()
	waitJS(tab, t, `window.opened.length > 0`, "waiting for Log in BG Stats to open a link")
	link = eval[string](tab, t, `window.opened[window.opened.length - 1]`)
	u, err := url.Parse(link)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal([]byte(u.Query().Get("data")), &sent))
	return link, sent
}

func sentNames(sent map[string]any) []string {
	var out []string
	for _, p := range sent["players"].([]any) {
		out = append(out, p.(map[string]any)["name"].(string))
	}
	return out
}

// lastPlayIn puts a played game of Magic Maze on Mars with names in the
// log of a table served from dir.
func lastPlayIn(t *testing.T, dir string, names ...string) {
	t.Helper()
	l, err := plays.Open(companion.Dir(dir).Store(plays.FileName))
	require.NoError(t, err)
	p := plays.Play{ID: "last", Game: mm.Game, GameName: mm.Name, End: time.Now().Add(-24 * time.Hour)}
	for _, n := range names {
		p.Players = append(p.Players, plays.Player{Name: n})
	}
	require.NoError(t, l.Add(p))
}

func inputs(tab *webdriver.Chrome, t *testing.T) []string {
	return eval[[]string](tab, t, `[...document.querySelectorAll("#record input")].map((e) => e.value)`)
}

// typeName puts name in the seat's entry as a player types it.
func typeName(tab *webdriver.Chrome, t *testing.T, seat int, name string) {
	t.Helper()
	sel := `#record .names input:nth-child(` + string(rune('1'+seat)) + `)`
	waitJS(tab, t, `document.querySelector("`+sel+`").getClientRects().length > 0`, "the entry %s is shown", sel)
	eval[bool](tab, t, `(() => { const e = document.querySelector("`+sel+`"); e.value = ""; e.focus(); return true; })()`)
	require.NoError(t, tab.Type(t.Context(), name)) // a key at a time, into the focused entry
}

func TestBrowser_TheEndOfAGameLogsInBGStatsInOneTap(t *testing.T) {
	newTab := browser(t, nil)
	dir := t.TempDir()
	lastPlayIn(t, dir, "Anna", "Ben")
	tb := serveGame(t, dir, mm.Game)
	p := open(t, newTab, tb.Base+"/?t="+tb.Token)
	catchOpened(p, t)
	require.Equal(t, http.StatusOK, tb.Act(tb.State().Version, "start", nil))
	require.Equal(t, http.StatusOK, tb.Act(tb.State().Version, "win", nil))

	waitText(p, t, "#record", "Won with")
	assert.Equal(t, []string{"Anna", "Ben", "", "", "", ""}, inputs(p, t), "named as the table's last play")
	tapIn(p, t, "#record", "Log in BG Stats") // the one tap from the game's end
	link, sent := openedPlay(p, t)
	assert.Contains(t, link, "https://app.bgstatsapp.com/createPlay.html?data=")
	assert.Equal(t, []string{"Anna", "Ben"}, sentNames(sent))
	assert.Equal(t, "Magic Maze on Mars", sent["game"].(map[string]any)["name"])
	assert.Equal(t, tb.State().State.Record.Play.ID, sent["sourcePlayId"])

	// A name changed, then Log in BG Stats: the names are the host's first.
	typeName(p, t, 1, "Bea")
	typeName(p, t, 2, "Cem")
	// A player types for longer than a double tap lasts (the page takes a
	// second tap within 500 ms for the same tap).
	waitJS(p, t, `performance.now() - document.getElementById("logBGStats")._tap.lastTap > 600`, "waiting out a double tap")
	tapIn(p, t, "#record", "Log in BG Stats")
	waitJS(p, t, `window.opened.length > 1`, "waiting for the second link")
	_, sent = openedPlay(p, t)
	assert.Equal(t, []string{"Anna", "Bea", "Cem"}, sentNames(sent), "the link carries the names typed")
	rec := tb.State().State.Record
	require.NotNil(t, rec)
	var held []string
	for _, pl := range rec.Play.Players {
		held = append(held, pl.Name)
	}
	assert.Equal(t, []string{"Anna", "Bea", "Cem"}, held, "the host holds them")

	kept, err := plays.Open(companion.Dir(dir).Store(plays.FileName))
	require.NoError(t, err)
	out, err := kept.ExportJSON() // what boardside plays --json prints
	require.NoError(t, err)
	assert.Contains(t, string(out), `"name": "Bea"`, "and its log")
}

func TestBrowser_TwoPhonesNamingAtOnceApplyOnce(t *testing.T) {
	newTab := browser(t, nil)
	dir := t.TempDir()
	tb := serveGame(t, dir, mm.Game)
	p := open(t, newTab, tb.Base+"/?t="+tb.Token)
	q := open(t, newTab, tb.Base+"/?t="+tb.Token)
	require.Equal(t, http.StatusOK, tb.Act(tb.State().Version, "start", nil))
	require.Equal(t, http.StatusOK, tb.Act(tb.State().Version, "win", nil))
	waitText(p, t, "#record", "Won with")
	waitText(q, t, "#record", "Won with")
	seen := tb.State().Version

	typeName(p, t, 0, "Anna")
	typeName(q, t, 0, "Zoë")
	var wg sync.WaitGroup
	for _, tab := range []*webdriver.Chrome{p, q} {
		wg.Add(1)
		go func() { defer wg.Done(); tapIn(tab, t, "#record", "Save names") }()
	}
	wg.Wait()

	// One phone's names were applied, at the version both saw; the other
	// was told someone was faster and shows the host's names.
	waitJS(p, t, `+document.documentElement.dataset.version > `+tabletest.JSONNumber(seen), "waiting for the names to arrive")
	snap := tb.State()
	assert.Equal(t, seen+1, snap.Version, "applied once")
	require.Len(t, snap.State.Record.Play.Players, 1)
	winner := snap.State.Record.Play.Players[0].Name
	for _, tab := range []*webdriver.Chrome{p, q} {
		waitJS(tab, t, `document.querySelector("#record input").value === `+jsonString(winner), "waiting for the host's names on each phone")
	}
	// The refused phone's answer may come after the host's names reached
	// both phones: its toast is waited for, not read once.
	var faster string
	for deadline := time.Now().Add(patient(15 * time.Second)); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		faster = eval[string](p, t, `document.getElementById("toast").textContent`) + eval[string](q, t, `document.getElementById("toast").textContent`)
		if strings.Contains(faster, "Someone was faster") {
			break
		}
	}
	assert.Contains(t, faster, "Someone was faster", "the other phone is told")
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

func TestBrowser_ADELEsEndNamesEveryPlayerAndWhoPlayedADELE(t *testing.T) {
	newTab := browser(t, nil)
	dir := t.TempDir()
	tb := serveGame(t, dir, adele.Game) // 4 players unless told
	p := open(t, newTab, tb.Base+"/?t="+tb.Token)
	require.Equal(t, http.StatusOK, tb.Act(tb.State().Version, "finish", map[string]any{"winner": "adele"}))
	waitText(p, t, "#record", "Name every player, or none.")
	require.Len(t, inputs(p, t), 4, "a name for each of the game's players")
	for i, n := range []string{"Anna", "Ben", "Cem", "Dora"} {
		typeName(p, t, i, n)
	}
	waitJS(p, t, `document.querySelector("#record select").options.length === 5`, "waiting for the names to choose from")
	eval[bool](p, t, `(() => { const s = document.querySelector("#record select"); s.value = "Dora"; s.dispatchEvent(new Event("change")); return true; })()`)
	tapIn(p, t, "#record", "Save names")
	waitJS(p, t, `document.getElementById("saveNames").disabled`, "waiting for the names to be saved")

	rec := tb.State().State.Record
	require.NotNil(t, rec)
	var sides []string
	for _, pl := range rec.Play.Players {
		sides = append(sides, pl.Name+" "+pl.Role)
	}
	assert.Equal(t, []string{"Anna Crew", "Ben Crew", "Cem Crew", "Dora ADELE"}, sides)
	assert.Equal(t, "Dora", eval[string](p, t, `document.querySelector("#record select").value`), "shown as the host holds it")
}
