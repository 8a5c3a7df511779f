package adele

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/decks"
	"boardside/timers"
)

var epoch = time.Date(2026, 11, 21, 19, 0, 0, 0, time.UTC)

// setUp returns a game set up for this many players on the Deimos.
func setUp(t *testing.T, players int) *State {
	t.Helper()
	s := New()
	require.NoError(t, s.Apply(&SetUpGame{Players: players, Ship: "deimos"}, companion.Env{}))
	return s
}

// inAdelePhase returns a 3-player game in ADELE's phase of round 1, with
// an empty board and a known console.
func inAdelePhase(t *testing.T) *State {
	t.Helper()
	s := setUp(t, 3)
	require.NoError(t, s.Apply(&EmergencyPhase{}, companion.Env{}))
	s.Placed, s.Impacts, s.NoReturn = nil, nil, 1
	s.Console = map[string]int{Fire: 3, Spy: 2, DoorLocked: 1, ComputerFailure: 1}
	s.Energy = 20
	s.Hand = []string{"A-01", "A-02", "A-03", "S-3"}
	return s
}

func apply(s *State, a companion.Action) error { return s.Apply(a, companion.Env{Now: epoch}) }

func TestShippedDataIsValidAndHasTheKnownFacts(t *testing.T) {
	d := Default()
	assert.Len(t, d.Cards.Cards, 27)
	assert.Len(t, d.Emergencies.Cards, 25)
	total := 0
	for _, n := range d.Obstacles.Counts {
		total += n
	}
	assert.Equal(t, 52, total)
	assert.Len(t, d.Anomalies.Anomalies, 6)
	for _, p := range []int{3, 4} {
		c, ok := d.Console(p)
		require.True(t, ok)
		assert.Equal(t, []int{5, 5, 4}, c.Slots[Fire][:3], "fire slots cost 5, 5, then 4")
	}
	three, _ := d.Console(3)
	five, _ := d.Console(5)
	assert.Equal(t, 10, three.EnergyStart)
	assert.Equal(t, 15, five.Income)
	assert.Equal(t, 3, d.PerRound(4), "3 obstacles a round with 3 crew")
	assert.Equal(t, 4, d.PerRound(5), "4 obstacles a round with 4 crew")
	for _, id := range []string{"deimos", "phobos"} {
		sh, ok := d.Ship(id)
		require.True(t, ok)
		assert.Equal(t, "green", sh.Sector(10), "room 10 is green")
		assert.Equal(t, "medical", sh.Terminal(4), "room 4 is the infirmary")
		assert.Equal(t, []int{3, 17}, sh.AlarmTerminals)
	}
	per := map[string]int{}
	for _, c := range d.Emergencies.Cards {
		per[c.Kind]++
	}
	assert.Equal(t, map[string]int{Stress: 5, SystemFailure: 5, CourseDeviation: 5, Silence: 5, Impact: 5}, per)
	assert.Equal(t, 337324, d.BGGID, "BoardGameGeek's number for the game")
	assert.Contains(t, d.BGGIDSource, "a default: check it", "labelled as a default to check")
}

func TestParseData_RefusesBadDataNamingTheField(t *testing.T) {
	good, err := json.Marshal(Default())
	require.NoError(t, err)
	tests := []struct {
		name, want string
		edit       func(d *Data)
	}{
		{"card with one room", `ADELE card 1 ("A-01"): rooms`, func(d *Data) { d.Cards.Cards[0].Rooms = []int{4} }},
		{"room 21", "21 is not a room", func(d *Data) { d.Cards.Cards[0].Rooms = []int{4, 21} }},
		{"three marked", `3 are marked "!"`, func(d *Data) { d.Cards.Cards[0].Marked = true }},
		{"unknown kind", `kind: "meteor"`, func(d *Data) { d.Emergencies.Cards[0].Kind = "meteor" }},
		{"negative cost", "slots.fire: a cost cannot be negative", func(d *Data) { d.Consoles.Sides[0].Slots[Fire] = []int{-1} }},
		{"ship with 19 rooms", "19 rooms given", func(d *Data) { d.Ships.Ships[0].Sectors = d.Ships.Ships[0].Sectors[:19] }},
		{"unknown symbol", `symbols: "comet"`, func(d *Data) { d.Emergencies.Cards[0].Symbols = []string{"comet"} }},
		{"negative BoardGameGeek number", "bggId -1 is not a BoardGameGeek number (0 when not known)", func(d *Data) { d.BGGID = -1 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := ParseData("x.json", good)
			require.NoError(t, err)
			tc.edit(d)
			b, err := json.Marshal(d)
			require.NoError(t, err)
			_, err = ParseData("mine.json", b)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "mine.json")
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestSetUp_ByPlayerCount(t *testing.T) {
	d := Default()
	tests := []struct {
		players, energy, emergencies, crew int
		silence                            bool
		impacts                            int
	}{
		{2, 10, 24, 1, true, 4}, // duel: one random Impact back in the box
		{3, 10, 25, 2, true, 5},
		{4, 15, 20, 3, false, 5}, // Silence removed with 4–5 players
		{5, 15, 20, 4, false, 5},
	}
	for _, tc := range tests {
		s := setUp(t, tc.players)
		assert.Equal(t, tc.energy, s.Energy, "%d players: energy", tc.players)
		assert.Len(t, s.Hand, 4)
		for _, id := range s.Hand {
			c, _ := d.Card(id)
			assert.False(t, c.Marked, "the 2 \"!\" cards are removed")
		}
		assert.ElementsMatch(t, []string{"S-1", "S-2"}, s.Deck.Removed)
		assert.Equal(t, 27-2-4, len(s.Deck.Draw))

		onConsole := 0
		for _, n := range s.Console {
			onConsole += n
		}
		assert.Equal(t, 4+d.PerRound(tc.players), onConsole+s.BackInBag, "4 at setup and the first round's draw")
		assert.Equal(t, 52-onConsole, s.Bag.Len())

		assert.Len(t, s.Anomalies, 4)
		assert.Len(t, slices.Compact(slices.Sorted(slices.Values(s.Anomalies))), 4, "4 different anomalies")

		assert.Len(t, s.Emergencies.Draw, tc.emergencies)
		kinds := map[string]int{}
		for _, id := range s.Emergencies.Draw {
			c, _ := d.Emergency(id)
			kinds[c.Kind]++
		}
		assert.Equal(t, tc.silence, kinds[Silence] > 0, "%d players: Silence", tc.players)
		assert.Equal(t, tc.impacts, kinds[Impact], "%d players: Impact cards", tc.players)
		assert.True(t, s.TopFaceUp, "the top card is turned face up")

		require.Len(t, s.CrewRooms, tc.crew)
		assert.Len(t, slices.Compact(slices.Sorted(slices.Values(s.CrewRooms))), tc.crew, "crew start in different rooms")
		assert.Equal(t, d.StartRound(tc.players), s.Round)
		assert.Equal(t, 1, s.NoReturn)
		assert.Equal(t, []int{3, 17}, s.AlarmTerminals)
	}
}

func TestSetUp_ExperiencedPlayersRemoveTwoSpecialCards(t *testing.T) {
	s := New()
	require.NoError(t, apply(s, &SetUpGame{Players: 3, Ship: "phobos", Experienced: true, Remove: []string{"S-3", "S-5"}}))
	assert.ElementsMatch(t, []string{"S-3", "S-5"}, s.Deck.Removed)

	for _, bad := range [][]string{nil, {"S-3"}, {"S-3", "S-3"}, {"S-3", "A-01"}} {
		err := apply(New(), &SetUpGame{Players: 3, Ship: "phobos", Experienced: true, Remove: bad})
		assert.ErrorIs(t, err, ErrRemoveTwo, "%v", bad)
	}
}

func TestSetUp_RefusesBadChoices(t *testing.T) {
	assert.ErrorIs(t, apply(New(), &SetUpGame{Players: 6, Ship: "deimos"}), ErrPlayers)
	assert.ErrorIs(t, apply(New(), &SetUpGame{Players: 3, Ship: "nostromo"}), ErrNoShip)
	assert.ErrorIs(t, apply(New(), &SetUpGame{Players: 3, Ship: "deimos", PIN: "12a4"}), ErrPIN)
	assert.ErrorIs(t, apply(New(), &SetUpGame{Players: 3, Ship: "deimos", PIN: "12"}), ErrPIN)
	assert.ErrorIs(t, apply(New(), &EmergencyPhase{}), ErrNotSetUp)
	s := setUp(t, 3)
	assert.ErrorIs(t, apply(s, &SetUpGame{Players: 3, Ship: "deimos"}), ErrSetUp)
}

func TestConsole_LeftmostInRightmostOutWithCosts(t *testing.T) {
	s := inAdelePhase(t)
	s.Console = map[string]int{}
	s.Bag = decks.NewBag(map[string]int{Fire: 4}, decks.NewSeededRand([32]byte{1}))
	s.drawObstacles(4)
	assert.Equal(t, 3, s.Console[Fire], "three fire slots fill from the left")
	assert.Equal(t, 1, s.BackInBag, "the fourth fire finds no slot and goes back in the bag")
	assert.Equal(t, 1, s.Bag.Len())

	// Fire slots cost 5, 5, 4: the rightmost (4) goes first.
	s.Energy = 14
	s.Hand = []string{"A-01", "A-02", "A-03", "A-04"}
	var paid []int
	for _, id := range slices.Clone(s.Hand[:3]) {
		c, _ := Default().Card(id)
		before := s.Energy
		require.NoError(t, apply(s, &PlayCard{Card: id, Room: c.Rooms[0], Type: Fire}))
		paid = append(paid, before-s.Energy)
		s.Placed = nil // keep rooms free for the next card
	}
	assert.Equal(t, []int{4, 5, 5}, paid)
	assert.Equal(t, 0, s.Console[Fire])
	c, _ := Default().Card("A-04")
	assert.ErrorIs(t, apply(s, &PlayCard{Card: "A-04", Room: c.Rooms[0], Type: Fire}), ErrNoObstacle)
}

func TestPlayCard_Rules(t *testing.T) {
	a01, _ := Default().Card("A-01")
	room := a01.Rooms[0]
	notOnCard := 1
	for slices.Contains(a01.Rooms, notOnCard) {
		notOnCard++
	}
	tests := []struct {
		name   string
		prep   func(s *State)
		action companion.Action
		want   error
	}{
		{"room not on the card", nil, &PlayCard{Card: "A-01", Room: notOnCard, Type: Fire}, ErrNotRoom},
		{"card not in hand", nil, &PlayCard{Card: "A-09", Room: room, Type: Fire}, ErrNotInHand},
		{"no obstacle of that type", nil, &PlayCard{Card: "A-01", Room: room, Type: Darkness}, ErrNoObstacle},
		{"energy would go below 0", func(s *State) { s.Energy = 3 }, &PlayCard{Card: "A-01", Room: room, Type: Fire}, ErrEnergy},
		{"identical obstacle in the room", func(s *State) { s.Placed = []Placed{{Room: room, Type: Fire}} }, &PlayCard{Card: "A-01", Room: room, Type: Fire}, ErrIdentical},
		{"locked door without its other room", nil, &PlayCard{Card: "A-01", Room: room, Type: DoorLocked}, ErrDoor},
		{"same doorframe named from the other side", func(s *State) { s.Placed = []Placed{{Room: 20, Type: DoorLocked, Spot: doorSpot(room)}} },
			&PlayCard{Card: "A-01", Room: room, Type: DoorLocked, Spot: "door:20"}, ErrIdentical},
		{"special card played as a room card", nil, &PlayCard{Card: "S-3", Room: room, Type: Fire}, ErrSpecial},
		{"before the emergency phase", func(s *State) { s.EmergencyDone = false }, &PlayCard{Card: "A-01", Room: room, Type: Fire}, ErrEmergencyFirst},
		{"after ADELE's phase", func(s *State) { s.AdeleDone = true }, &PlayCard{Card: "A-01", Room: room, Type: Fire}, ErrAdeleDone},
		{"a different obstacle in the same room is fine", func(s *State) { s.Placed = []Placed{{Room: room, Type: Spy}} }, &PlayCard{Card: "A-01", Room: room, Type: Fire}, nil},
		{"a second door of the same room is fine", func(s *State) { s.Placed = []Placed{{Room: room, Type: DoorLocked, Spot: "door:19"}} },
			&PlayCard{Card: "A-01", Room: room, Type: DoorLocked, Spot: "door:20"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := inAdelePhase(t)
			if tc.prep != nil {
				tc.prep(s)
			}
			err := apply(s, tc.action)
			if tc.want == nil {
				require.NoError(t, err)
				assert.NotContains(t, s.Hand, "A-01")
				assert.Contains(t, s.Deck.Discard, "A-01", "played cards go to the discard pile")
				return
			}
			assert.ErrorIs(t, err, tc.want)
		})
	}
}

func TestPlaySpecial_PaysItsCostAndMayPlace(t *testing.T) {
	s := inAdelePhase(t)
	c, _ := Default().Card("S-3")
	s.Placed = []Placed{{Room: 7, Type: Fire}} // room 12 is next to room 7
	require.NoError(t, apply(s, &PlaySpecial{Card: "S-3", Room: 12, Type: Fire}))
	assert.Equal(t, 20-c.Cost-4, s.Energy, "the card's cost and the rightmost fire (4)")
	assert.Contains(t, s.Placed, Placed{Room: 12, Type: Fire})

	s = inAdelePhase(t)
	s.Energy = c.Cost - 1
	assert.ErrorIs(t, apply(s, &PlaySpecial{Card: "S-3"}), ErrEnergy)
	assert.ErrorIs(t, apply(inAdelePhase(t), &PlaySpecial{Card: "A-01"}), ErrNotSpecial)
}

func TestBringAnomaly_RequirementsAndCost(t *testing.T) {
	// airlocksLocked needs green, blue and grey (rulebook example): a fire
	// in room 4 (green), a spy in 17 (blue) and a locked door between 8
	// and 9 (grey).
	a, _ := Default().Anomaly("airlocksLocked")
	require.Equal(t, []string{"green", "blue", "grey"}, a.Sectors)
	board := []Placed{{Room: 4, Type: Fire}, {Room: 17, Type: Spy}, {Room: 8, Type: DoorLocked, Spot: "door:9"}, {Room: 13, Type: Fire}}
	ok := []Placed{{Room: 4, Type: Fire}, {Room: 17, Type: Spy}, {Room: 9, Type: DoorLocked, Spot: "door:8"}}
	tests := []struct {
		name   string
		energy int
		remove []Placed
		want   error
	}{
		{"one from each sector, 5 energy", 7, ok, nil},
		{"a sector missing", 7, ok[:2], ErrRequirements},
		{"two from one sector", 7, []Placed{{Room: 4, Type: Fire}, {Room: 17, Type: Spy}, {Room: 13, Type: Fire}}, ErrRequirements},
		{"not on the board", 7, []Placed{{Room: 4, Type: Spy}, {Room: 17, Type: Spy}, {Room: 8, Type: DoorLocked, Spot: "door:9"}}, ErrNotPlaced},
		{"too little energy", 4, ok, ErrEnergy},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := inAdelePhase(t)
			s.Anomalies = []string{"airlocksLocked", "panic", "explosions", "weakBatteries"}
			s.Placed = slices.Clone(board)
			s.Energy = tc.energy
			err := apply(s, &BringAnomaly{Anomaly: "airlocksLocked", Remove: tc.remove})
			if tc.want != nil {
				assert.ErrorIs(t, err, tc.want)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, 2, s.Energy)
			assert.Equal(t, []Placed{{Room: 13, Type: Fire}}, s.Placed, "the three obstacles leave the game")
			assert.Equal(t, []string{"airlocksLocked"}, s.InPlay)
			assert.NotContains(t, s.Anomalies, "airlocksLocked")
		})
	}
	s := inAdelePhase(t)
	s.Anomalies = []string{"panic"}
	assert.ErrorIs(t, apply(s, &BringAnomaly{Anomaly: "airlocksLocked", Remove: ok}), ErrNotOnConsole)
}

// TestCanBringAnomaly_SaysWhatBringAnomalyWouldAccept: the console
// offers "Bring into play" only where the action would go through.
func TestCanBringAnomaly_SaysWhatBringAnomalyWouldAccept(t *testing.T) {
	tests := []struct {
		name   string
		placed []Placed
		energy int
		want   bool
	}{
		{"green, blue and grey covered", []Placed{{Room: 4, Type: Fire}, {Room: 17, Type: Spy}, {Room: 8, Type: DoorLocked, Spot: "door:9"}}, 5, true},
		{"the door between green and grey serves grey", []Placed{{Room: 4, Type: Fire}, {Room: 17, Type: Spy}, {Room: 8, Type: DoorLocked, Spot: "door:9"}, {Room: 13, Type: Fire}}, 9, true},
		{"no obstacle in grey", []Placed{{Room: 4, Type: Fire}, {Room: 17, Type: Spy}, {Room: 13, Type: Fire}}, 9, false},
		{"one door cannot count twice", []Placed{{Room: 17, Type: Spy}, {Room: 8, Type: DoorLocked, Spot: "door:9"}}, 9, false},
		{"too little energy", []Placed{{Room: 4, Type: Fire}, {Room: 17, Type: Spy}, {Room: 8, Type: DoorLocked, Spot: "door:9"}}, 4, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := inAdelePhase(t)
			s.Anomalies = []string{"airlocksLocked"}
			s.Placed = slices.Clone(tc.placed)
			s.Energy = tc.energy
			assert.Equal(t, tc.want, s.CanBringAnomaly("airlocksLocked"))
		})
	}
	s := inAdelePhase(t)
	s.Anomalies = []string{"panic"}
	s.Energy = 20
	assert.False(t, s.CanBringAnomaly("airlocksLocked"), "not on the console")
}

func TestEndPhase_DiscardsRefillsReshufflesGainsAndDraws(t *testing.T) {
	s := inAdelePhase(t)
	s.Energy = 3
	s.Hand = []string{"A-01", "A-02", "A-03", "A-04"}
	s.Deck.Draw = []string{"A-05"}
	s.Deck.Discard = []string{"A-06", "A-07", "A-08"}
	s.Console = map[string]int{}
	bagBefore := s.Bag.Len()
	require.NoError(t, apply(s, &EndPhase{Discard: []string{"A-01", "A-03"}}))

	assert.Len(t, s.Hand, 4, "drawn back to 4")
	assert.Equal(t, []string{"A-02", "A-04", "A-05"}, s.Hand[:3], "kept cards stay, A-05 was the last of the deck")
	assert.Contains(t, []string{"A-06", "A-07", "A-08", "A-01", "A-03"}, s.Hand[3], "the discard pile was shuffled in")
	assert.Len(t, s.Deck.Draw, 4, "the other four discards are the new deck")
	assert.Empty(t, s.Deck.Discard)
	assert.Equal(t, 13, s.Energy, "3 + the income of 10")
	onConsole := 0
	for _, n := range s.Console {
		onConsole += n
	}
	assert.Equal(t, 3, onConsole+s.BackInBag, "the next round's 3 obstacles")
	assert.Equal(t, bagBefore-onConsole, s.Bag.Len())
	assert.True(t, s.AdeleDone)
	assert.ErrorIs(t, apply(s, &EndPhase{}), ErrAdeleDone)
	assert.ErrorIs(t, apply(inAdelePhase(t), &EndPhase{Discard: []string{"A-20"}}), ErrNotInHand)
}

// withTop returns a game whose emergency deck has these cards on top.
func withTop(t *testing.T, cards ...string) *State {
	t.Helper()
	s := setUp(t, 3)
	s.Emergencies.Draw = append(slices.Clone(cards), "E-01", "E-02")
	return s
}

func kindCard(t *testing.T, kind string, symbol bool) string {
	t.Helper()
	for _, c := range Default().Emergencies.Cards {
		if c.Kind == kind && (len(c.Symbols) > 0) == symbol {
			return c.ID
		}
	}
	t.Fatalf("no %s card (symbol %v) in the data", kind, symbol)
	return ""
}

func TestEmergencyPhase_FaceUpCardBecomesCurrentAndNextIsTurned(t *testing.T) {
	stress := kindCard(t, Stress, false)
	s := withTop(t, stress, "E-10")
	next, ok := s.Next()
	require.True(t, ok)
	require.Equal(t, stress, next)
	require.NoError(t, apply(s, &EmergencyPhase{}))
	cur, _ := s.Current()
	assert.Equal(t, stress, cur.Card)
	assert.False(t, cur.Averted)
	next, ok = s.Next()
	assert.True(t, ok)
	assert.Equal(t, "E-10", next)
	assert.ErrorIs(t, apply(s, &EmergencyPhase{}), ErrEmergencyDone, "once per round")
}

func TestEmergencyPhase_CourseDeviationMovesNoReturnUp(t *testing.T) {
	s := withTop(t, kindCard(t, CourseDeviation, false))
	s.Round = 5
	require.NoError(t, apply(s, &EmergencyPhase{}))
	assert.Equal(t, 2, s.NoReturn)
	assert.True(t, s.RedOK(), "round 5 is not below no-return 2")
}

func TestImpact_NeverTwoMarkersInOneRoom(t *testing.T) {
	impact := kindCard(t, Impact, false)
	rerolled := false
	for seed := range 200 {
		s := withTop(t, impact)
		s.Impacts = []int{1, 2, 3}
		s.Rng = decks.NewSeededRand([32]byte{byte(seed), byte(seed >> 8)})
		require.NoError(t, apply(s, &EmergencyPhase{}))
		cur, _ := s.Current()
		require.NotContains(t, []int{1, 2, 3}, cur.ImpactRoom)
		require.Equal(t, []int{1, 2, 3, cur.ImpactRoom}, s.Impacts)
		for _, r := range cur.Rerolls {
			require.Contains(t, []int{1, 2, 3}, r, "only a marked room is rolled again")
		}
		rerolled = rerolled || len(cur.Rerolls) > 0
	}
	assert.True(t, rerolled, "200 games with 3 marked rooms include a reroll")
	assert.False(t, (&State{Impacts: []int{4}}).BlueOK(), "blue mission: no impact marker on the ship")
}

func TestAlarmTerminal_AvertsTheTopCardAndMoves(t *testing.T) {
	deviation := kindCard(t, CourseDeviation, true)
	s := withTop(t, deviation)
	s.InPlay = []string{"panic"}
	s.Emergencies.Draw[0] = deviation
	for seed := range 100 {
		c := *s
		c.AlarmTerminals = []int{3, 17}
		c.Rng = decks.NewSeededRand([32]byte{byte(seed)})
		require.NoError(t, apply(&c, &AlarmTerminal{Which: 1}))
		require.NotEqual(t, 17, c.AlarmTerminals[0], "never onto the other alarm terminal")
		for _, r := range c.Rolls[len(c.Rolls)-1].Rerolls {
			require.Equal(t, 17, r)
		}
	}
	require.NoError(t, apply(s, &AlarmTerminal{Which: 2}))
	_, ok := s.Next()
	assert.False(t, ok, "the top card is face down")
	assert.ErrorIs(t, apply(s, &AlarmTerminal{Which: 1}), ErrNoEmergencyCard)

	require.NoError(t, apply(s, &EmergencyPhase{}))
	cur, _ := s.Current()
	assert.True(t, cur.Averted)
	assert.Equal(t, 1, s.NoReturn, "an averted course deviation does not move the marker")
	assert.Equal(t, []string{"panic"}, cur.Triggers, "its anomaly symbols still trigger")
	_, ok = s.Next()
	assert.True(t, ok, "the next card is face up again")

	s = withTop(t, deviation)
	s.InPlay = []string{AlarmTerminalsOff}
	assert.ErrorIs(t, apply(s, &AlarmTerminal{Which: 1}), ErrAlarmsOff)
	assert.ErrorIs(t, apply(s, &AlarmTerminal{Which: 3}), ErrNoAlarm)
}

func TestRoundTrack_NoReturnAndMissionConditions(t *testing.T) {
	s := setUp(t, 3)
	s.Round, s.NoReturn = 4, 4
	assert.True(t, s.RedOK(), "the same field is allowed")
	s.Round = 3
	assert.False(t, s.RedOK(), "the round marker below no-return")
	require.NoError(t, apply(s, &CommandTerminal{}))
	assert.Equal(t, 3, s.NoReturn)
	s.NoReturn = 1
	assert.ErrorIs(t, apply(s, &CommandTerminal{}), ErrNoReturnFloor)

	s.Impacts = []int{7}
	assert.False(t, s.BlueOK())
	require.NoError(t, apply(s, &RemoveImpact{Room: 7}))
	assert.True(t, s.BlueOK())
	assert.ErrorIs(t, apply(s, &RemoveImpact{Room: 7}), ErrNoImpact)
}

func TestRounds_PhasesInOrderAndTheLastRoundEndsTheGame(t *testing.T) {
	s := setUp(t, 3)
	s.Round = 2
	assert.ErrorIs(t, apply(s, &EndRound{}), ErrEmergencyFirst)
	require.NoError(t, apply(s, &EmergencyPhase{}))
	assert.ErrorIs(t, apply(s, &EndRound{}), ErrAdeleFirst)
	require.NoError(t, apply(s, &EndPhase{}))
	require.NoError(t, apply(s, &EndRound{}))
	assert.Equal(t, 1, s.Round)
	assert.False(t, s.Over())
	require.NoError(t, apply(s, &EmergencyPhase{}))
	require.NoError(t, apply(s, &EndPhase{}))
	require.NoError(t, apply(s, &EndRound{}))
	assert.True(t, s.Over())
	assert.Equal(t, "adele", s.Result(), "time ran out: ADELE wins")
	assert.ErrorIs(t, apply(s, &EmergencyPhase{}), ErrOver)
	require.NoError(t, apply(s, &RollD20{}), "the plain D20 always rolls")
}

func TestRemoveObstacle_TakesItOutOfTheGame(t *testing.T) {
	s := setUp(t, 3)
	s.Placed = []Placed{{Room: 5, Type: Spy}, {Room: 5, Type: Fire}}
	require.NoError(t, apply(s, &RemoveObstacle{Room: 5, Type: Spy}))
	assert.Equal(t, []Placed{{Room: 5, Type: Fire}}, s.Placed)
	assert.ErrorIs(t, apply(s, &RemoveObstacle{Room: 5, Type: Spy}), ErrNotPlaced)
}

func TestTargetedAttack_InTheEmergencysSector(t *testing.T) {
	s := withTop(t, "E-03")
	card, _ := Default().Emergency("E-03")
	s.InPlay = []string{TargetedAttack}
	s.Console = map[string]int{Spy: 2}
	s.Energy = 10
	require.NoError(t, apply(s, &EmergencyPhase{}))
	sh := s.ShipData()
	var in, out int
	for r := 1; r <= Rooms; r++ {
		if sh.Sector(r) == card.Sector {
			in = r
		} else {
			out = r
		}
	}
	assert.ErrorIs(t, apply(s, &Targeted{Room: out, Type: Spy}), ErrTargeted)
	require.NoError(t, apply(s, &Targeted{Room: in, Type: Spy}))
	assert.ErrorIs(t, apply(s, &Targeted{Room: in, Type: Spy}), ErrTargeted, "once per emergency phase")
}

func TestUndo_PutsTheSameCardsBack(t *testing.T) {
	st := New()
	session := companion.New(Rules, st, timers.NewFake(epoch))
	require.NoError(t, session.Dispatch(&SetUpGame{Players: 3, Ship: "deimos"}))
	before := session.View().State.(*State)
	top, _ := before.Next()
	require.NoError(t, session.Dispatch(&EmergencyPhase{}))
	require.NoError(t, session.Undo())
	after := session.View().State.(*State)
	again, ok := after.Next()
	require.True(t, ok)
	assert.Equal(t, top, again, "the revealed card is back on top")
	assert.Equal(t, before.Emergencies.Draw, after.Emergencies.Draw)

	require.NoError(t, session.Dispatch(&EmergencyPhase{}))
	hand := slices.Clone(session.View().State.(*State).Hand)
	deck := slices.Clone(session.View().State.(*State).Deck.Draw)
	require.NoError(t, session.Dispatch(&EndPhase{Discard: hand[:2]}))
	require.NoError(t, session.Undo())
	assert.Equal(t, hand, session.View().State.(*State).Hand)
	assert.Equal(t, deck, session.View().State.(*State).Deck.Draw)
}

// TestRandomGames plays whole games at random through a session and checks
// the rules' invariants after every accepted action.
func TestRandomGames(t *testing.T) {
	for seed := range uint64(30) {
		r := rand.New(rand.NewPCG(seed, 1))
		session := companion.New(Rules, New(), timers.NewFake(epoch))
		accepted, refused := 0, 0
		for range 5000 {
			st := session.View().State.(*State)
			a, ok := RandomAction(st, r)
			if !ok {
				break
			}
			if err := session.Dispatch(a); err != nil {
				refused++
				continue
			}
			accepted++
			st = session.View().State.(*State)
			require.GreaterOrEqual(t, st.Energy, 0)
			for typ, n := range st.Console {
				require.LessOrEqual(t, n, len(st.ConsoleData().Slots[typ]))
				require.GreaterOrEqual(t, n, 0)
			}
			for i, p := range st.Placed {
				for _, q := range st.Placed[i+1:] {
					require.False(t, samePlace(p, q), "two identical obstacles at one place: %+v", p)
				}
			}
			require.Len(t, slices.Compact(slices.Sorted(slices.Values(st.Impacts))), len(st.Impacts), "two impacts in one room")
			require.LessOrEqual(t, len(st.Hand), HandSize)
			require.NotEqual(t, st.AlarmTerminals[0], st.AlarmTerminals[1])
		}
		st := session.View().State.(*State)
		require.True(t, st.Over(), "seed %d: the game ended (%d accepted, %d refused)", seed, accepted, refused)
		assert.Equal(t, "adele", st.Result(), "nobody records a crew win in random play")
		assert.Len(t, st.History, Default().StartRound(3), "one emergency per round")
	}
}

func TestPaperConsole_TheRoundEndsWithoutADELEsPhase(t *testing.T) {
	s := New()
	require.NoError(t, apply(s, &SetUpGame{Players: 4, Ship: "deimos", PaperConsole: true}))
	require.NoError(t, apply(s, &EmergencyPhase{}))
	assert.Equal(t, "endRound", Public(s).(PublicState).Phase)
	require.NoError(t, apply(s, &EndRound{}))
	assert.Equal(t, Default().StartRound(4)-1, s.Round)
}

// Every action the rules decode carries its own rule; any other action is
// refused as not one of this game, once the game is set up.
func TestEveryActionHasItsRule(t *testing.T) {
	for kind, newAction := range Rules.Actions {
		_, ok := newAction().(rule)
		assert.True(t, ok, kind)
	}
	s := New()
	assert.ErrorIs(t, s.Apply(otherAction{}, companion.Env{}), ErrNotSetUp)
	require.NoError(t, s.Apply(&SetUpGame{Players: 3, Ship: "deimos"}, companion.Env{}))
	assert.EqualError(t, s.Apply(otherAction{}, companion.Env{}), `"other" is not an action of ADELE`)
}

type otherAction struct{}

func (otherAction) Kind() string { return "other" }
