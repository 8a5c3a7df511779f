package adele

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/timers"
)

// withSpecial is ADELE's phase with card in hand and the board given; the
// shipped data's default doors join rooms 1–20 as a grid of 4 rows of 5.
func withSpecial(t *testing.T, card string, placed ...Placed) *State {
	t.Helper()
	s := inAdelePhase(t)
	s.Hand = []string{"A-01", card}
	s.Placed = placed
	s.Console = map[string]int{Fire: 3, Spy: 2, DoorLocked: 1, ComputerFailure: 1, OxygenLoss: 2}
	return s
}

func rooms(opts []Option, t string) []int {
	for _, o := range opts {
		if o.Type == t {
			return o.Rooms
		}
	}
	return nil
}

func types(opts []Option) []string {
	var out []string
	for _, o := range opts {
		out = append(out, o.Type)
	}
	return out
}

// TestSpecialOptions_EachCardOffersWhatItsTextAllows is the table test of
// every special card's placement rule.
func TestSpecialOptions_EachCardOffersWhatItsTextAllows(t *testing.T) {
	all := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}
	for _, tc := range []struct {
		name   string
		card   string
		placed []Placed
		types  []string         // offered, in order
		rooms  map[string][]int // for some of them
	}{
		{"S-1 Sabotage places nothing", "S-1", nil, nil, nil},
		{"S-2 Override: any type on the console, any room", "S-2", nil,
			[]string{Spy, DoorLocked, OxygenLoss, Fire, ComputerFailure}, map[string][]int{Spy: all, Fire: all}},
		{"S-3 Spread fire: only fire, only next to a fire", "S-3", []Placed{{Room: 7, Type: Fire}},
			[]string{Fire}, map[string][]int{Fire: {2, 6, 8, 12}}},
		{"S-3 with fires in two rooms", "S-3", []Placed{{Room: 1, Type: Fire}, {Room: 20, Type: Fire}, {Room: 10, Type: Spy}},
			[]string{Fire}, map[string][]int{Fire: {2, 6, 15, 19}}},
		{"S-3 with no fire on the ship places nothing", "S-3", []Placed{{Room: 7, Type: OxygenLoss}}, nil, nil},
		{"S-4 Spread oxygen loss: only oxygen loss, next to one", "S-4", []Placed{{Room: 13, Type: OxygenLoss}, {Room: 1, Type: Fire}},
			[]string{OxygenLoss}, map[string][]int{OxygenLoss: {8, 12, 14, 18}}},
		{"S-4 with no oxygen loss places nothing", "S-4", []Placed{{Room: 1, Type: Fire}}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := withSpecial(t, tc.card, tc.placed...)
			opts := s.SpecialOptions(tc.card)
			assert.Equal(t, tc.types, types(opts))
			for typ, want := range tc.rooms {
				assert.Equal(t, want, rooms(opts, typ), typ)
			}
		})
	}
}

// TestSpecialOptions_TargetedSectorIsTheEmergencysSector: S-5 offers the
// rooms of the sector on this round's emergency card, every type.
func TestSpecialOptions_TargetedSectorIsTheEmergencysSector(t *testing.T) {
	s := withSpecial(t, "S-5")
	cur, ok := s.Current()
	require.True(t, ok)
	card, _ := s.Data().Emergency(cur.Card)
	var want []int
	for room := 1; room <= Rooms; room++ {
		if s.ShipData().Sector(room) == card.Sector {
			want = append(want, room)
		}
	}
	require.NotEmpty(t, want)
	opts := s.SpecialOptions("S-5")
	assert.Len(t, opts, 5)
	assert.Equal(t, want, rooms(opts, Fire))
}

// TestSpecialOptions_OnlyTypesADELECanPayFor: the card's cost and the
// obstacle's slot cost together.
func TestSpecialOptions_OnlyTypesADELECanPayFor(t *testing.T) {
	s := withSpecial(t, "S-2")
	c, _ := s.Data().Card("S-2")
	fire, _ := s.Cost(Fire)
	spy, _ := s.Cost(Spy)
	require.Greater(t, fire, spy)
	s.Energy = c.Cost + spy
	for _, o := range s.SpecialOptions("S-2") {
		cost, _ := s.Cost(o.Type)
		assert.LessOrEqual(t, cost+c.Cost, s.Energy, o.Type)
	}
	assert.NotContains(t, types(s.SpecialOptions("S-2")), Fire)
	s.Energy = c.Cost - 1
	assert.Empty(t, s.SpecialOptions("S-2"))
}

// TestPlaySpecial_RefusesWhatTheCardDoesNotAllow: a Spy for "Spread oxygen
// loss", or an oxygen loss far from any, is refused; nothing is charged
// and the card stays in hand.
func TestPlaySpecial_RefusesWhatTheCardDoesNotAllow(t *testing.T) {
	for _, tc := range []struct {
		name string
		card string
		play PlaySpecial
	}{
		{"a spy for Spread oxygen loss", "S-4", PlaySpecial{Room: 12, Type: Spy}},
		{"oxygen loss far from any", "S-4", PlaySpecial{Room: 1, Type: OxygenLoss}},
		{"fire for Spread oxygen loss", "S-4", PlaySpecial{Room: 12, Type: Fire}},
		{"a fire away from every fire", "S-3", PlaySpecial{Room: 20, Type: Fire}},
		{"outside the emergency's sector", "S-5", PlaySpecial{Type: Fire}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := withSpecial(t, tc.card, Placed{Room: 13, Type: OxygenLoss}, Placed{Room: 7, Type: Fire})
			if tc.card == "S-5" {
				sector := st.emergencySector()
				for room := 1; room <= Rooms; room++ {
					if st.ShipData().Sector(room) != sector {
						tc.play.Room = room
						break
					}
				}
			}
			session := companion.New(Rules, st, timers.NewFake(epoch))
			before, _ := json.Marshal(session.View().State)
			tc.play.Card = tc.card
			assert.ErrorIs(t, session.Dispatch(&tc.play), ErrNotAllowed)
			after, _ := json.Marshal(session.View().State)
			assert.JSONEq(t, string(before), string(after), "nothing charged, the card still in hand")
		})
	}
}

// TestPlaySpecial_AnOlderDataFilesPlacesCardPlacesAnything: "places": true,
// as data files said before placement rules, is any type in any room.
func TestPlaySpecial_AnOlderDataFilesPlacesCardPlacesAnything(t *testing.T) {
	c := Card{ID: "S-9", Name: "Old", Cost: 1, Places: true}
	p, ok := c.Placement()
	require.True(t, ok)
	assert.Equal(t, Placement{Where: WhereAny}, p)
	_, ok = Card{ID: "S-1", Name: "Sabotage", Cost: 3}.Placement()
	assert.False(t, ok)
}

// TestParseData_RefusesBadDoorsAndRules names what is wrong in plain words.
func TestParseData_RefusesBadDoorsAndRules(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		edit       func(d *Data)
	}{
		{"a door to room 21", "does not join two rooms", func(d *Data) { d.Ships.Ships[0].Doors[0] = [2]int{20, 21} }},
		{"a door twice", "given twice", func(d *Data) {
			d.Ships.Ships[0].Doors = append(d.Ships.Ships[0].Doors, [2]int{d.Ships.Ships[0].Doors[0][1], d.Ships.Ships[0].Doors[0][0]})
		}},
		{"an unknown type", "is not an obstacle type", func(d *Data) { d.Cards.Cards[24].Place = &Placement{Types: []string{"lava"}, Where: WhereAny} }},
		{"an unknown where", "where must be", func(d *Data) { d.Cards.Cards[24].Place = &Placement{Where: "anywhere"} }},
		{"next to without doors", "needs the ships' doors", func(d *Data) { d.Ships.Ships[1].Doors = nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Default()
			b, err := json.Marshal(d)
			require.NoError(t, err)
			var cp Data
			require.NoError(t, json.Unmarshal(b, &cp))
			tc.edit(&cp)
			assert.ErrorContains(t, cp.Validate(), tc.want)
		})
	}
}
