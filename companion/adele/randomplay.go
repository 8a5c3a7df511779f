package adele

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"boardside/companion"
)

// RandomAction picks a legal next action of a whole game played at random,
// crew and ADELE alike: the measurements replay such games, and a test
// checks the rules' invariants along them. ok is false once the game is
// over. Play stays legal by construction except where it tries a card on
// an occupied place; the caller just skips a refused action.
func RandomAction(s *State, r *rand.Rand) (a companion.Action, ok bool) {
	switch {
	case !s.SetUp():
		return &SetUpGame{Players: 3, Ship: "deimos"}, true
	case s.Over():
		return nil, false
	case !s.EmergencyDone:
		if _, up := s.Next(); up && r.IntN(5) == 0 && !slices.Contains(s.InPlay, AlarmTerminalsOff) {
			return &AlarmTerminal{Which: 1 + r.IntN(2)}, true
		}
		return &EmergencyPhase{}, true
	case !s.AdeleDone:
		if a := randomAdele(s, r); a != nil {
			return a, true
		}
		var discard []string
		for _, id := range s.Hand {
			if r.IntN(3) == 0 {
				discard = append(discard, id)
			}
		}
		return &EndPhase{Discard: discard}, true
	}
	// The crew's turn: now and then they clear something away.
	switch n := r.IntN(4); {
	case n == 0 && len(s.Placed) > 0:
		p := s.Placed[r.IntN(len(s.Placed))]
		return &RemoveObstacle{Room: p.Room, Type: p.Type, Spot: p.Spot}, true
	case n == 1 && len(s.Impacts) > 0:
		return &RemoveImpact{Room: s.Impacts[r.IntN(len(s.Impacts))]}, true
	}
	return &EndRound{}, true
}

// randomAdele is one of ADELE's moves, or nil when she ends her phase.
func randomAdele(s *State, r *rand.Rand) companion.Action {
	if r.IntN(4) == 0 {
		return nil
	}
	// An anomaly, when the board allows it.
	for _, id := range s.Anomalies {
		if a, ok := s.Data().Anomaly(id); ok && s.Energy >= AnomalyCost {
			if remove, ok := s.pickPerSector(a.Sectors); ok {
				return &BringAnomaly{Anomaly: id, Remove: remove}
			}
		}
	}
	var types []string
	for _, t := range ObstacleTypes {
		if cost, ok := s.Cost(t); ok && cost <= s.Energy {
			types = append(types, t)
		}
	}
	if len(types) == 0 || len(s.Hand) == 0 {
		return nil
	}
	id := s.Hand[r.IntN(len(s.Hand))]
	card, _ := s.Data().Card(id)
	t := types[r.IntN(len(types))]
	room := 1 + r.IntN(Rooms)
	if !card.Special() {
		room = card.Rooms[r.IntN(2)]
	}
	spot := ""
	if t == DoorLocked {
		spot = "door:" + strconv.Itoa(1+(room+r.IntN(Rooms-1))%Rooms)
	}
	if card.Special() {
		opts := s.SpecialOptions(id)
		if len(opts) == 0 {
			return &PlaySpecial{Card: id}
		}
		o := opts[r.IntN(len(opts))]
		t, room, spot = o.Type, o.Rooms[r.IntN(len(o.Rooms))], ""
		if t == DoorLocked {
			spot = "door:" + strconv.Itoa(1+(room+r.IntN(Rooms-1))%Rooms)
		}
		return &PlaySpecial{Card: id, Room: room, Type: t, Spot: spot}
	}
	return &PlayCard{Card: id, Room: room, Type: t, Spot: spot}
}

// pickPerSector chooses one distinct placed obstacle for each sector.
func (s *State) pickPerSector(sectors []string) ([]Placed, bool) {
	var out []Placed
	used := map[int]bool{}
	for _, sec := range sectors {
		found := false
		for i, p := range s.Placed {
			if !used[i] && slices.Contains(s.sectors(p), sec) {
				used[i], found = true, true
				out = append(out, p)
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return out, true
}
