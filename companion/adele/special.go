package adele

import (
	"errors"
	"fmt"
	"slices"
)

// ErrNotAllowed refuses a placement a special card's text does not allow.
var ErrNotAllowed = errors.New("that card does not let ADELE place this obstacle in that room")

// Where a special card lets ADELE place an obstacle.
const (
	// WhereAny is any room.
	WhereAny = "any"
	// WhereNextTo is a room next to (a door frame away from) a room that
	// holds an obstacle of the type placed: "a fire next to a fire".
	WhereNextTo = "nextTo"
	// WhereEmergencySector is a room of the sector shown on this round's
	// emergency card.
	WhereEmergencySector = "emergencySector"
)

// Placement is a special card's placement rule, as its text says it.
type Placement struct {
	// Types are the obstacle types the card places; none: any type on
	// ADELE's console.
	Types []string `json:"types,omitempty"`
	// Where is WhereAny, WhereNextTo or WhereEmergencySector.
	Where string `json:"where"`
}

// Placement is what the card lets ADELE place, if it places anything. A
// card of an older data file that says only "places": true places any
// type in any room.
func (c Card) Placement() (Placement, bool) {
	switch {
	case c.Place != nil:
		return *c.Place, true
	case c.Places:
		return Placement{Where: WhereAny}, true
	}
	return Placement{}, false
}

// validatePlacement checks a card's rule against the data.
func (d *Data) validatePlacement(card string, c Card) error {
	p, ok := c.Placement()
	if !ok {
		return nil
	}
	for _, t := range p.Types {
		if !slices.Contains(ObstacleTypes, t) {
			return fmt.Errorf("%s: place: %q is not an obstacle type", card, t)
		}
	}
	switch p.Where {
	case WhereAny, WhereEmergencySector:
	case WhereNextTo:
		for _, s := range d.Ships.Ships {
			if len(s.Doors) == 0 {
				return fmt.Errorf("%s: place next to a room needs the ships' doors, and ship %q has none", card, s.ID)
			}
		}
	default:
		return fmt.Errorf("%s: place: where must be %q, %q or %q", card, WhereAny, WhereNextTo, WhereEmergencySector)
	}
	return nil
}

// Option is one obstacle type a special card lets ADELE place now, and
// the rooms it may go in.
type Option struct {
	Type  string `json:"type"`
	Rooms []int  `json:"rooms"`
}

// SpecialOptions is what special card id, in ADELE's hand, lets her place
// now: each obstacle type the card allows that is on her console and that
// she can pay for with the card, with the rooms its rule allows. None: the
// card places nothing now (or places nothing at all).
func (s *State) SpecialOptions(id string) []Option {
	c, ok := s.Data().Card(id)
	if !ok || !c.Special() {
		return nil
	}
	p, ok := c.Placement()
	if !ok {
		return nil
	}
	types := p.Types
	if len(types) == 0 {
		types = ObstacleTypes
	}
	var out []Option
	for _, t := range types {
		cost, ok := s.Cost(t)
		if !ok || s.Energy < cost+c.Cost {
			continue
		}
		if rooms := s.placementRooms(p.Where, t); len(rooms) > 0 {
			out = append(out, Option{Type: t, Rooms: rooms})
		}
	}
	return out
}

// placementRooms are the rooms where allows an obstacle of type t, in
// order.
func (s *State) placementRooms(where, t string) []int {
	ship := s.ShipData()
	var rooms []int
	for room := 1; room <= Rooms; room++ {
		switch where {
		case WhereAny:
			rooms = append(rooms, room)
		case WhereNextTo:
			if slices.ContainsFunc(ship.Adjacent(room), func(n int) bool { return s.holds(n, t) }) {
				rooms = append(rooms, room)
			}
		case WhereEmergencySector:
			if sector := s.emergencySector(); sector != "" && ship.Sector(room) == sector {
				rooms = append(rooms, room)
			}
		}
	}
	return rooms
}

// holds says whether an obstacle of type t lies in room (a locked door
// counts for both rooms it joins).
func (s *State) holds(room int, t string) bool {
	return slices.ContainsFunc(s.Placed, func(p Placed) bool {
		return p.Type == t && (p.Room == room || p.Spot == doorSpot(room))
	})
}

// emergencySector is the sector on this round's emergency card, "" before
// the emergency phase.
func (s *State) emergencySector() string {
	cur, ok := s.Current()
	if !ok || cur.Round != s.Round {
		return ""
	}
	card, _ := s.Data().Emergency(cur.Card)
	return card.Sector
}

// allowed says whether SpecialOptions offers type t in room.
func allowed(opts []Option, t string, room int) bool {
	return slices.ContainsFunc(opts, func(o Option) bool { return o.Type == t && slices.Contains(o.Rooms, room) })
}
