package share

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/adele"
	"boardside/timers"
)

// adeleDuel is an ADELE duel with secrets (hand, console, energy, deck
// orders, the Impact card put back unseen, the anomalies still on her
// console, the PIN, every generator) whose last action is ADELE's: a room
// card played from her console, so something on the board is public.
func adeleDuel(t *testing.T) (*companion.Session, *timers.Fake) {
	t.Helper()
	clock := timers.NewFake(epoch)
	s := companion.New(adele.Rules, adele.New(), clock)
	require.NoError(t, s.Dispatch(&adele.SetUpGame{Players: 2, Ship: "deimos", PIN: "8642"}))
	require.NoError(t, s.Dispatch(&adele.EmergencyPhase{}))
	st := s.View().State.(*adele.State)

	var played bool
	for _, id := range st.Hand {
		c, _ := adele.Default().Card(id)
		for _, typ := range adele.ObstacleTypes {
			if _, ok := st.Cost(typ); ok && !c.Special() && typ != adele.DoorLocked &&
				s.Dispatch(&adele.PlayCard{Card: id, Room: c.Rooms[0], Type: typ}) == nil {
				played = true
				break
			}
		}
		if played {
			break
		}
	}
	require.True(t, played, "ADELE could play a card")
	return s, clock
}

var adeleGame = Game{Rules: adele.Rules, Public: adele.Public, PublicActions: adele.PublicActions}

// adeleSecrets lists what must never reach a client while the session is
// in its current state.
func adeleSecrets(t *testing.T, s *companion.Session) []string {
	t.Helper()
	st := s.View().State.(*adele.State)
	raw, err := s.Encode()
	require.NoError(t, err)
	var saved struct {
		State struct {
			Bag, Deck, Emergencies struct {
				Rng string `json:"rng"`
			}
			Rng string `json:"rng"`
		} `json:"state"`
	}
	require.NoError(t, json.Unmarshal(raw, &saved))
	secrets := []string{`"energy"`, `"console"`, `"hand"`, `"anomalies"`, `"pin"`, "8642", `"rng"`, `"draw"`, `"discard"`, `"removed"`,
		saved.State.Bag.Rng, saved.State.Deck.Rng, saved.State.Emergencies.Rng, saved.State.Rng}
	secrets = append(secrets, st.Hand...)
	secrets = append(secrets, st.Deck.Draw...)
	secrets = append(secrets, st.Deck.Discard...) // the cards played: which card, not where
	secrets = append(secrets, st.Emergencies.Removed...)
	secrets = append(secrets, st.Emergencies.Draw[1:]...) // all but the face-up card
	require.Len(t, st.Emergencies.Removed, 1, "a duel puts one Impact back unseen")
	for _, sec := range secrets {
		require.NotEmpty(t, sec)
		require.Contains(t, string(raw), sec, "each secret is in the host's own save")
	}
	// Which anomalies wait on her console is secret; an anomaly's symbol
	// printed on an emergency card is not, so only an anomaly itself counts.
	// The save names them by ID only, so these are looked for in what
	// clients saw, not in the save.
	for _, a := range st.Anomalies {
		if !slices.Contains(st.InPlay, a) {
			secrets = append(secrets, `{"id":"`+a+`"`)
		}
	}
	return secrets
}

// TestHost_ADELESecretsNeverLeave fills an ADELE duel with secrets and
// checks that no response or event carries any of them, while the crew's
// public actions work.
func TestHost_ADELESecretsNeverLeave(t *testing.T) {
	s, clock := adeleDuel(t)
	tb := newTable(t, s, adeleGame, clock)
	secrets := adeleSecrets(t, s)

	var seen [][]byte
	_, b := tb.do(t, "GET", "/api/v1/state", "", true)
	seen = append(seen, b)
	v := strconv.FormatUint(s.View().Version, 10)
	code, b := tb.do(t, "POST", "/api/v1/actions", `{"version":`+v+`,"action":{"kind":"endPhase"}}`, true)
	assert.NotEqual(t, 200, code, "ADELE's own actions are refused from the table")
	seen = append(seen, b)
	_, b = tb.do(t, "POST", "/api/v1/actions", `{"version":`+v+`,"action":{"kind":"rollD20"}}`, true)
	seen = append(seen, b)
	v = strconv.FormatUint(s.View().Version, 10)
	_, b = tb.do(t, "POST", "/api/v1/actions", `{"version":`+v+`,"action":{"kind":"alarmTerminal","data":{"which":1}}}`, true)
	seen = append(seen, b)
	seen = append(seen, tb.host.snapshot())

	all := string(bytes.Join(seen, []byte("\n")))
	assert.Contains(t, all, `"placed":[{"room"`, "the obstacle on the board is public")
	assert.Contains(t, all, `"nextAverted":true`, "the alarm terminal turned the top card face down")
	for _, sec := range secrets {
		assert.NotContains(t, all, sec, "a secret reached a client")
	}
}

// TestHost_ADELEUndoFromAPhone: a phone can never undo ADELE's secret
// actions, and undoing the crew's public ones shows exactly the public
// table as it was; no response carries a secret of the state it shows.
func TestHost_ADELEUndoFromAPhone(t *testing.T) {
	s, clock := adeleDuel(t) // the last action: ADELE played a card
	tb := newTable(t, s, adeleGame, clock)
	version := func() string { return strconv.FormatUint(s.View().Version, 10) }
	// call makes a request and checks its answer against the secrets of
	// the state the host is in once it has answered.
	call := func(method, path, body string) (int, Snapshot, map[string]any) {
		t.Helper()
		code, b := tb.do(t, method, path, body, true)
		for _, sec := range adeleSecrets(t, s) {
			require.NotContains(t, string(b), sec, "a secret reached a client")
		}
		if code != 200 && code != 409 {
			return code, Snapshot{}, map[string]any{"body": string(b)}
		}
		snap, st := snapshotOf(t, b)
		return code, snap, st
	}
	refused := func(kind, why string) {
		t.Helper()
		before := s.View()
		code, _, body := call("POST", "/api/v1/undo", `{"version":`+version()+`,"kind":"`+kind+`"}`)
		assert.Equal(t, 422, code)
		assert.Contains(t, body["body"], why)
		assert.Equal(t, before.Version, s.View().Version, "nothing changed")
		assert.Same(t, before.State, s.View().State, "nothing changed")
	}

	code, snap, _ := call("GET", "/api/v1/state", "")
	require.Equal(t, 200, code)
	assert.Empty(t, snap.Undo, "ADELE's card is not the table's to undo")
	assert.NotContains(t, string(tb.host.snapshot()), `"undo"`)
	refused("playCard", companion.ErrNotUndoableHere.Error())
	refused("emergency", companion.ErrNotUndoableHere.Error())

	require.NoError(t, s.Dispatch(&adele.EndPhase{})) // her hand is drawn back to 4, her console refilled
	code, snap, afterHers := call("GET", "/api/v1/state", "")
	require.Equal(t, 200, code)
	assert.Empty(t, snap.Undo)

	code, snap, beforeEmergency := call("POST", "/api/v1/actions", `{"version":`+version()+`,"action":{"kind":"endRound"}}`)
	require.Equal(t, 200, code)
	assert.Equal(t, "endRound", snap.Undo, "the crew's own action: any phone may undo it")
	require.NotEqual(t, afterHers, beforeEmergency, "the round marker moved")
	code, snap, got := call("POST", "/api/v1/actions", `{"version":`+version()+`,"action":{"kind":"emergency"}}`)
	require.Equal(t, 200, code)
	assert.Equal(t, "emergency", snap.Undo)
	require.NotEqual(t, beforeEmergency, got, "a new emergency card is face up")

	code, snap, got = call("POST", "/api/v1/undo", `{"version":`+version()+`,"kind":"emergency"}`)
	require.Equal(t, 200, code)
	assert.Equal(t, beforeEmergency, got, "exactly the public table before the emergency")
	assert.Equal(t, "endRound", snap.Undo)
	code, snap, got = call("POST", "/api/v1/undo", `{"version":`+version()+`,"kind":"endRound"}`)
	require.Equal(t, 200, code)
	assert.Equal(t, afterHers, got, "exactly the public table after ADELE's phase")
	assert.Empty(t, snap.Undo, "next would be ADELE's end of phase: not the table's")

	refused("endPhase", companion.ErrNotUndoableHere.Error())
	refused("endRound", companion.ErrNotUndoableHere.Error())
	for _, sec := range adeleSecrets(t, s) {
		assert.NotContains(t, string(tb.host.snapshot()), sec, "a secret reached the event stream")
	}
}
