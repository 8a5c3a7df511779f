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

// TestHost_ADELESecretsNeverLeave fills an ADELE duel with secrets (hand,
// console, energy, deck orders, the Impact card put back unseen, the
// anomalies still on her console, the PIN, every generator) and checks
// that no response or event carries any of them, while the crew's public
// actions work.
func TestHost_ADELESecretsNeverLeave(t *testing.T) {
	clock := timers.NewFake(epoch)
	s := companion.New(adele.Rules, adele.New(), clock)
	require.NoError(t, s.Dispatch(&adele.SetUpGame{Players: 2, Ship: "deimos", PIN: "8642"}))
	require.NoError(t, s.Dispatch(&adele.EmergencyPhase{}))
	st := s.View().State.(*adele.State)

	// Play a room card so something is public, then keep the rest secret.
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
	st = s.View().State.(*adele.State)
	tb := newTable(t, s, Game{Rules: adele.Rules, Public: adele.Public, PublicActions: adele.PublicActions}, clock)

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
	secrets = append(secrets, st.Deck.Discard...) // the card just played: which card, not where
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
