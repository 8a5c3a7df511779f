package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/adele"
)

// ADELE's taps and walk steps: the web app's walk through its screens
// (webWalk), its main path in every engine (enginePhone), and a table after
// the first round for the quick viewer's tests.

// adele sets a game up and shows the table.
func (w *webWalk) adele() {
	w.tap("label", "ADELE")
	w.check("adele-setup")
	w.tap("button", "Set up the game")
	w.waitText("tabs", func(string) bool { return true })
	w.check("adele-table")
	w.tap("button", "Home")
}

// adele sets a game up with a PIN and opens the console with it.
func (ph *enginePhone) adele() {
	ph.t.Helper()
	ph.tap("label", is("ADELE"), "the ADELE tile")
	ph.typeInto("2468", "the setup's PIN")
	ph.has("entry", is("2468"), "the PIN typed")
	ph.tapFor("button", is("Set up the game"), "Set up the game", shows("tabs", is("Table|ADELE's console")))
	ph.selectTab("Table|ADELE's console", "ADELE's console")
	ph.shown("label", is("ADELE's console is hidden"), "the console's cover")
	ph.typeInto("2468\n", "the cover's PIN")
	ph.has("label", is("Hand"), "the console, its cover lifted")
	ph.fits("ADELE's console")
	ph.home()
}

// adeleAfterRound1 is a 4-player ADELE game on the Deimos after its first
// round: one emergency, a locked door ADELE placed between two rooms, an
// impact marker, and the round marker on 10, the emergency phase next.
func adeleAfterRound1(t *testing.T) *adele.State {
	t.Helper()
	st := adele.New()
	env := companion.Env{Now: time.Now()}
	require.NoError(t, st.Apply(&adele.SetUpGame{Players: 4, Ship: "deimos"}, env))
	require.NoError(t, st.Apply(&adele.EmergencyPhase{}, env))
	st.Console[adele.DoorLocked] = max(st.Console[adele.DoorLocked], 1) // a door to lock, whatever the bag dealt
	var card adele.Card
	for _, id := range st.Hand {
		if c, _ := st.Data().Card(id); !c.Special() {
			card = c
			break
		}
	}
	require.NotEmpty(t, card.ID, "ADELE holds a room card")
	room := card.Rooms[0]
	require.NoError(t, st.Apply(&adele.PlayCard{Card: card.ID, Room: room, Type: adele.DoorLocked, Spot: fmt.Sprintf("door:%d", room%adele.Rooms+1)}, env))
	require.NoError(t, st.Apply(&adele.EndPhase{}, env))
	require.NoError(t, st.Apply(&adele.EndRound{}, env))
	st.Impacts = []int{7}
	return st
}
