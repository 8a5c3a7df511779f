package adele

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"boardside/companion/plays"
	"boardside/decks"
)

// Errors players may see, in plain words.
var (
	ErrNotSetUp        = errors.New("set the game up first")
	ErrSetUp           = errors.New("the game is already set up")
	ErrPlayers         = errors.New("ADELE is played by 2 to 5 players")
	ErrNoShip          = errors.New("choose the Deimos or the Phobos")
	ErrPIN             = errors.New("a PIN is 4 to 8 digits, or none")
	ErrRemoveTwo       = errors.New("choose exactly 2 special cards to remove")
	ErrOver            = errors.New("the game is over")
	ErrEnergy          = errors.New("ADELE does not have enough energy for that")
	ErrNotInHand       = errors.New("that card is not in ADELE's hand")
	ErrNotRoom         = errors.New("that room is not on the card")
	ErrBadRoom         = errors.New("rooms are numbered 1 to 20")
	ErrNoObstacle      = errors.New("there is no obstacle of that type on the console")
	ErrIdentical       = errors.New("an identical obstacle is already there")
	ErrSpecial         = errors.New("a special card is played with its own button")
	ErrNotSpecial      = errors.New("that card shows rooms; choose one of them")
	ErrNotOnConsole    = errors.New("that anomaly is not on ADELE's console")
	ErrRequirements    = errors.New("remove exactly one placed obstacle from each sector the anomaly names")
	ErrNotPlaced       = errors.New("there is no such obstacle in that room")
	ErrEmergencyDone   = errors.New("this round's emergency phase is already done")
	ErrEmergencyFirst  = errors.New("first the emergency phase of this round")
	ErrAdeleDone       = errors.New("ADELE's phase of this round is already over")
	ErrAdeleFirst      = errors.New("first ADELE ends her phase")
	ErrNoEmergencyCard = errors.New("no emergency card is face up")
	ErrAlarmsOff       = errors.New("the alarm terminals are switched off by an anomaly")
	ErrNoAlarm         = errors.New("there are two alarm terminals: 1 and 2")
	ErrNoImpact        = errors.New("there is no impact marker in that room")
	ErrNoReturnFloor   = errors.New("the no-return marker is already on round 1")
	ErrTargeted        = errors.New("a targeted attack needs the anomaly in play, once per emergency phase, in a room of the emergency's sector")
	ErrDoor            = errors.New("a locked door needs the neighbouring room it faces")
	ErrWinner          = errors.New("the winner is the crew or ADELE")
	ErrSpot            = errors.New("that obstacle cannot go there")
)

// Placed is an obstacle in a room. Spot tells apart the places of one room:
// "" for the room itself, "door:N" for the doorframe to room N, "terminal"
// for the terminal (a computer failure on the computer is "").
type Placed struct {
	Room int    `json:"room"`
	Type string `json:"type"`
	Spot string `json:"spot,omitempty"`
}

// Emergency is one emergency phase as it happened.
type Emergency struct {
	Round   int    `json:"round"`
	Card    string `json:"card"`
	Averted bool   `json:"averted,omitempty"`
	// Triggers are anomalies in play whose symbol is on the card.
	Triggers []string `json:"triggers,omitempty"`
	// ImpactRoom is where an impact hit; Rerolls the rolls that hit a room
	// already marked. NoMarker: all impact markers were on the ship.
	ImpactRoom int   `json:"impactRoom,omitempty"`
	Rerolls    []int `json:"rerolls,omitempty"`
}

// Roll is one D20 roll with the rerolls it needed.
type Roll struct {
	What    string `json:"what"` // "crew", "alarm1", "alarm2", "d20"
	Room    int    `json:"room"`
	Rerolls []int  `json:"rerolls,omitempty"`
}

// MaxImpacts is how many impact markers the game has.
const MaxImpacts = 4

// State is one game of ADELE: ADELE's secrets and the public table.
type State struct {
	// Set up.
	Players     int    `json:"players"` // 0 until set up
	Ship        string `json:"ship"`
	Experienced bool   `json:"experienced,omitempty"`
	// PIN lifts the console's privacy cover; "" means a gesture does.
	PIN string `json:"pin,omitempty"`
	// PaperConsole: ADELE's console is not kept here (see SetUpGame).
	PaperConsole bool `json:"paperConsole,omitempty"`

	// ADELE's secrets.
	Energy    int            `json:"energy"`
	Console   map[string]int `json:"console"`   // obstacles on each type's slots, filled from the left
	Bag       *decks.Bag     `json:"bag"`       // obstacles not drawn yet
	Deck      *decks.Deck    `json:"deck"`      // ADELE cards; Discard is her discard pile
	Hand      []string       `json:"hand"`      // in the order drawn
	Anomalies []string       `json:"anomalies"` // on the console, not yet in play
	// BackInBag counts drawn obstacles that found no free slot.
	BackInBag int `json:"backInBag,omitempty"`

	// The public table.
	Round    int `json:"round"`    // the round marker
	NoReturn int `json:"noReturn"` // the no-return marker
	// EmergencyDone and AdeleDone say which phases of this round are over.
	EmergencyDone bool        `json:"emergencyDone,omitempty"`
	AdeleDone     bool        `json:"adeleDone,omitempty"`
	TargetedDone  bool        `json:"targetedDone,omitempty"`
	Emergencies   *decks.Deck `json:"emergencies"`
	// TopFaceUp: the top emergency card is face up (false once an alarm
	// terminal turned it face down).
	TopFaceUp      bool        `json:"topFaceUp"`
	History        []Emergency `json:"history,omitempty"` // emergency phases, oldest first
	InPlay         []string    `json:"inPlay,omitempty"`  // anomalies in play
	Placed         []Placed    `json:"placed,omitempty"`
	Impacts        []int       `json:"impacts,omitempty"` // rooms with an impact marker
	AlarmTerminals []int       `json:"alarmTerminals"`
	CrewRooms      []int       `json:"crewRooms"`
	Rolls          []Roll      `json:"rolls,omitempty"` // every D20 roll, oldest first
	Winner         string      `json:"winner,omitempty"`
	Rng            *decks.Rand `json:"rng"` // the D20

	// StartedAt is when the game was set up, EndedAt when it ended.
	StartedAt time.Time `json:"startedAt,omitzero"`
	EndedAt   time.Time `json:"endedAt,omitzero"`
	// The play RecordPlay recorded at the game's end ("record").
	plays.Recording

	// data is where IDs are looked up. It is not saved: the rules a
	// session decodes with set it (see NewRules).
	data *Data
}

// New returns a game to set up, with the shipped data.
func New() *State { return NewWith(Default()) }

// NewWith returns a game to set up with an owner's data.
func NewWith(d *Data) *State { return &State{data: d} }

// Data is the game data this game uses.
func (s *State) Data() *Data {
	if s.data == nil {
		return Default()
	}
	return s.data
}

// SetUp reports whether the setup is done.
func (s *State) SetUp() bool { return s.Players > 0 }

// Duel reports the two-player duel mode.
func (s *State) Duel() bool { return s.Players == 2 }

// ShipData is the ship being played.
func (s *State) ShipData() Ship {
	sh, _ := s.Data().Ship(s.Ship)
	return sh
}

// ConsoleData is ADELE's console side for this player count.
func (s *State) ConsoleData() Console {
	c, _ := s.Data().Console(s.Players)
	return c
}

// Over reports whether the game has ended: a winner was recorded, or the
// round marker went past the last round.
func (s *State) Over() bool { return s.Winner != "" || (s.SetUp() && s.Round < 1) }

// Result is the winner: "crew", "adele" or "" while playing. Running out of
// rounds is ADELE's win.
func (s *State) Result() string {
	if s.Winner == "" && s.SetUp() && s.Round < 1 {
		return "adele"
	}
	return s.Winner
}

// Cost is what the rightmost obstacle of a type on the console costs, and
// whether there is one.
func (s *State) Cost(typ string) (int, bool) {
	n := s.Console[typ]
	slots := s.ConsoleData().Slots[typ]
	if n == 0 || n > len(slots) {
		return 0, false
	}
	return slots[n-1], true
}

// BlueOK is the blue mission's condition: no impact marker on the ship.
func (s *State) BlueOK() bool { return len(s.Impacts) == 0 }

// RedOK is the red mission's condition: the round marker is not below the
// no-return marker.
func (s *State) RedOK() bool { return s.Round >= s.NoReturn }

// Current is the emergency of this round (or the last one), if any.
func (s *State) Current() (Emergency, bool) {
	if len(s.History) == 0 {
		return Emergency{}, false
	}
	return s.History[len(s.History)-1], true
}

// Next is the face-up emergency card on the deck, if one is face up.
func (s *State) Next() (string, bool) {
	if !s.TopFaceUp || len(s.Emergencies.Draw) == 0 {
		return "", false
	}
	return s.Emergencies.Draw[0], true
}

// identical reports whether an identical obstacle is already at p's place.
func (s *State) identical(p Placed) bool {
	return slices.ContainsFunc(s.Placed, func(q Placed) bool { return samePlace(p, q) })
}

func samePlace(p, q Placed) bool {
	if p.Type != q.Type {
		return false
	}
	if p.Type == DoorLocked {
		// A doorframe is the same whichever of its two rooms names it.
		return p.Room == q.Room && p.Spot == q.Spot ||
			p.Spot == doorSpot(q.Room) && q.Spot == doorSpot(p.Room)
	}
	return p.Room == q.Room && p.Spot == q.Spot
}

func doorSpot(room int) string { return fmt.Sprintf("door:%d", room) }

// sectors lists the sectors an obstacle counts for: its room's, and for a
// locked door on a sector border, the other room's too.
func (s *State) sectors(p Placed) []string {
	sh := s.ShipData()
	out := []string{sh.Sector(p.Room)}
	var other int
	if _, err := fmt.Sscanf(p.Spot, "door:%d", &other); err == nil {
		if o := sh.Sector(other); o != "" && o != out[0] {
			out = append(out, o)
		}
	}
	return out
}

// rollRoom rolls the D20 until the room is not one of taken, and returns
// the room with the rolls that had to be rolled again.
func (s *State) rollRoom(taken []int) (room int, rerolls []int) {
	for {
		r := s.Rng.Die(Rooms)
		if !slices.Contains(taken, r) {
			return r, rerolls
		}
		rerolls = append(rerolls, r)
	}
}
