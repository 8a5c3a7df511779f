package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion/webapp"
	"boardside/internal/webdriver"
)

// Back in the web app, as a phone's Back button or gesture gives it: the
// browser goes to the entry before the one showing (web/app/boot.js keeps
// entries of its own there), and the app goes back a screen.

// pressBack goes back one entry in the tab's history, as the browser's own
// Back does (not the page's history.back()), and returns at once: a Back
// inside the app loads nothing.
func pressBack(tab *webdriver.Chrome, t *testing.T) {
	t.Helper()
	h, err := tab.History(t.Context())
	require.NoError(t, err)
	require.Positive(t, h.Current, "an entry to go back to")
	require.NoError(t, tab.GoTo(t.Context(), h.Entries[h.Current-1]))
}

// showingURL is the address of the tab's history entry showing.
func showingURL(tab *webdriver.Chrome, t *testing.T) string {
	t.Helper()
	h, err := tab.History(t.Context())
	require.NoError(t, err)
	return h.Entries[h.Current].URL
}

// recordPushes notes, for every history entry the page adds, the event
// being handled then and whether the page had a user activation: Chrome's
// Back button skips entries added without one.
const recordPushes = `(() => {
	if (history.__recorded) return true;
	history.__recorded = true;
	window.__pushes = [];
	const push = history.pushState.bind(history);
	history.pushState = (...args) => {
		const e = window.event;
		__pushes.push({ event: e ? e.type : "", trusted: !!(e && e.isTrusted), active: !!(navigator.userActivation && navigator.userActivation.isActive) });
		return push(...args);
	};
	return true;
})()`

type pushed struct {
	Event   string
	Trusted bool
	Active  bool
}

// pushesOnTaps checks that each entry the page added came from a tap or
// key the player made.
func pushesOnTaps(tab *webdriver.Chrome, t *testing.T) {
	t.Helper()
	for _, p := range eval[[]pushed](tab, t, `__pushes`) {
		assert.True(t, p.Trusted && p.Active, "an entry added outside a tap: %+v", p)
		assert.Contains(t, []string{"pointerup", "touchend", "mousedown", "keydown"}, p.Event)
	}
}

const toastShown = `!document.getElementById("toast").hidden`

// waitToast waits for the page's line about leaving.
func waitToast(tab *webdriver.Chrome, t *testing.T) {
	t.Helper()
	waitJS(tab, t, toastShown, "the page says a second Back leaves")
	assert.Equal(t, "Press Back again to leave Boardside. Your game is kept.", eval[string](tab, t, `document.getElementById("toast").textContent`))
}

// TestWebApp_BackAfterAReloadInAGame opens a game on a phone, reloads the
// page, and presses Back without a tap: the home screen, no word about
// leaving. Back again, still without a tap: the page says a second Back
// leaves, and stays; a third Back leaves Boardside.
func TestWebApp_BackAfterAReloadInAGame(t *testing.T) {
	tab, table := startWebApp(t, phone, func(table string) string { return webapp.URL(table)[:strings.Index(webapp.URL(table), "?")] })
	appURL := webapp.URL(table)[:strings.Index(webapp.URL(table), "?")]
	require.True(t, eval[bool](tab, t, recordPushes))
	tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
	waitShown(tab, t, "button", is("Turn the sand timer over to start"), "the game")
	pushesOnTaps(tab, t)
	require.NotEmpty(t, eval[[]pushed](tab, t, `__pushes`), "the tap gave the page its entries")

	t.Run("a menu over the game closes", func(t *testing.T) {
		// The game bar's ⋮ on a phone: a menu of what the bar has no room for.
		tapShown(tab, t, "button", is(""), "⋮")
		waitShown(tab, t, "other", is("widget.PopUpMenu"), "the menu")
		pressBack(tab, t)
		menuOpen := func() bool { _, open := readScreen(tab, t).Find("other", is("widget.PopUpMenu")); return open }
		for deadline := time.Now().Add(patient(15 * time.Second)); menuOpen() && time.Now().Before(deadline); {
			time.Sleep(100 * time.Millisecond) // the page hands Back to the app on its own time
		}
		assert.False(t, menuOpen(), "Back closed the menu")
		waitShown(tab, t, "button", is("Turn the sand timer over to start"), "still the game")
		assert.False(t, eval[bool](tab, t, toastShown))
	})

	require.NoError(t, tab.Reload(t.Context()))
	waitDrawn(tab, t)
	waitShown(tab, t, "button", is("Turn the sand timer over to start"), "the game, after the reload")

	pressBack(tab, t) // no tap since the reload
	waitShown(tab, t, "button", is("Join a table"), "home, after the first Back")
	assert.False(t, eval[bool](tab, t, toastShown), "Back went a screen back: no word about leaving")

	pressBack(tab, t)
	waitToast(tab, t)
	assert.Equal(t, appURL, showingURL(tab, t), "still Boardside")
	waitShown(tab, t, "button", is("Join a table"), "home, still")
	// The page steps down to the entry it was opened at, so that the next
	// Back leaves.
	waitJS(tab, t, `!(history.state && history.state.boardside)`, "the page's own entries are behind it")

	pressBack(tab, t)
	// The browser leaves on its own time, and its page may be swapped
	// meanwhile: a question then may go unanswered, and is asked again.
	left := ""
	for deadline := time.Now().Add(patient(15 * time.Second)); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		h, err := tab.History(t.Context())
		if err == nil && h.Entries[h.Current].URL != appURL {
			left = h.Entries[h.Current].URL
			break
		}
	}
	assert.NotEmpty(t, left, "the second Back on the home screen left Boardside")
}

// TestWebApp_BackFromHistoryAfterAReload opens a game's History from its
// bar on a tablet on its side after a reload: Back goes to the game, then
// home. (Upright, 800 px, the bar folds History into ⋮ since a browser
// hosts too and Share is on it.)
func TestWebApp_BackFromHistoryAfterAReload(t *testing.T) {
	tab, _ := startWebApp(t, device{tablet.h, tablet.w, tablet.ua}, func(table string) string { return webapp.URL(table)[:strings.Index(webapp.URL(table), "?")] })
	require.True(t, eval[bool](tab, t, recordPushes))
	tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
	tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start")
	waitShown(tab, t, "button", is("Flip"), "the game runs")

	require.NoError(t, tab.Reload(t.Context()))
	waitDrawn(tab, t)
	require.True(t, eval[bool](tab, t, recordPushes))
	tapShown(tab, t, "button", is("History"), "History, on the game's bar")
	waitShown(tab, t, "label", is("History of Magic Maze on Mars"), "the game's history")

	pressBack(tab, t)
	waitShown(tab, t, "button", is("Flip"), "the game, after Back from History")
	assert.False(t, eval[bool](tab, t, toastShown))
	pressBack(tab, t)
	waitShown(tab, t, "button", is("Join a table"), "home, after Back from the game")
	assert.False(t, eval[bool](tab, t, toastShown))
	pressBack(tab, t)
	waitToast(tab, t)
	pushesOnTaps(tab, t)
}

// TestWebApp_AJoinedPhoneKeepsItsTable joins a table from the quick
// viewer's link, reloads, and opens the app's own address: the phone is
// at its table each time, without a tap, with the whole game (landing and
// the win among its actions). Back leaves the table, for good.
func TestWebApp_AJoinedPhoneKeepsItsTable(t *testing.T) {
	tab, table := startWebApp(t, phone, webapp.URL)
	appURL := webapp.URL(table)[:strings.Index(webapp.URL(table), "?")]
	tapShown(tab, t, "button", is("Join"), "Join")
	waitShown(tab, t, "label", func(s string) bool { return strings.HasPrefix(s, "Connected") }, "joined")
	tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start, at the table")
	for _, b := range []string{"Flip", "Colonists landed", "All colonists on domes"} {
		waitShown(tab, t, "button", is(b), b+", at the table")
	}

	atTable := func(what string) {
		t.Helper()
		waitDrawn(tab, t)
		waitShown(tab, t, "button", is("Colonists landed"), "the table, "+what)
		waitShown(tab, t, "label", func(s string) bool { return strings.HasPrefix(s, "Connected") }, "connected, "+what)
		_, join := readScreen(tab, t).Find("button", is("Join"))
		assert.False(t, join, "no Join to tap, %s", what)
	}
	require.NoError(t, tab.Reload(t.Context()))
	atTable("after a reload")
	require.NoError(t, tab.Navigate(t.Context(), appURL))
	atTable("opened at the app's own address")

	tapShown(tab, t, "button", is("Colonists landed"), "Colonists landed")
	waitShown(tab, t, "button", is("Colonists not landed after all"), "landed, at the table")

	pressBack(tab, t)
	waitShown(tab, t, "button", is("Join a table"), "home: the table left")
	require.NoError(t, tab.Reload(t.Context()))
	waitDrawn(tab, t)
	waitShown(tab, t, "button", is("Join a table"), "home after a reload: the table is not joined again")
	_, joined := readScreen(tab, t).Find("button", is("Colonists landed"))
	assert.False(t, joined)
}
