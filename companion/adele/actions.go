package adele

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"boardside/companion"
	"boardside/decks"
)

// SetUpGame does the setup steps that involve chance or secrets.
type SetUpGame struct {
	Players int    `json:"players"`
	Ship    string `json:"ship"`
	// Experienced players remove 2 special cards of their choice (Remove)
	// instead of the 2 marked "!".
	Experienced bool     `json:"experienced,omitempty"`
	Remove      []string `json:"remove,omitempty"`
	PIN         string   `json:"pin,omitempty"`
	// PaperConsole: ADELE keeps her console on paper, and Boardside only
	// keeps the public table (a laptop hosting with boardside serve). The
	// round then ends without waiting for ADELE's phase on a device.
	PaperConsole bool `json:"paperConsole,omitempty"`
}

func (x *SetUpGame) apply(s *State) error {
	d := s.Data()
	ship, err := s.checkSetUp(d, x)
	if err != nil {
		return err
	}
	removed, err := x.removedCards(d)
	if err != nil {
		return err
	}
	s.layOut(d, x, ship, removed)
	s.dealAnomalies(d)
	// 4 obstacles for the setup and the first round's draw: nothing
	// touches the console between the setup and ADELE's first phase.
	s.drawObstacles(4 + d.PerRound(x.Players))
	s.drawHand()
	s.shuffleEmergencies(d)
	s.placeCrew()
	return nil
}

// PlayCard plays a room card from the hand: the rightmost obstacle of Type
// goes from the console into Room (one of the card's), at its slot's cost.
// Spot is "door:N" for a locked door facing room N, "terminal" for a
// computer failure on the room's terminal, else "".
type PlayCard struct {
	Card string `json:"card"`
	Room int    `json:"room"`
	Type string `json:"type"`
	Spot string `json:"spot,omitempty"`
}

func (x *PlayCard) apply(s *State) error {
	if err := s.adelePhase(); err != nil {
		return err
	}
	c, err := s.takeFromHand(x.Card)
	if err != nil {
		return err
	}
	if c.Special() {
		return ErrSpecial
	}
	if !slices.Contains(c.Rooms, x.Room) {
		return ErrNotRoom
	}
	return s.place(Placed{Room: x.Room, Type: x.Type, Spot: x.Spot}, 0)
}

// PlaySpecial plays a special card at its cost. A card that places an
// obstacle also names Room, Type and Spot, and pays the obstacle's cost.
type PlaySpecial struct {
	Card string `json:"card"`
	Room int    `json:"room,omitempty"`
	Type string `json:"type,omitempty"`
	Spot string `json:"spot,omitempty"`
}

func (x *PlaySpecial) apply(s *State) error {
	if err := s.adelePhase(); err != nil {
		return err
	}
	c, err := s.takeFromHand(x.Card)
	if err != nil {
		return err
	}
	if !c.Special() {
		return ErrNotSpecial
	}
	if _, places := c.Placement(); places && x.Type != "" {
		if !allowed(s.SpecialOptions(c.ID), x.Type, x.Room) {
			return ErrNotAllowed
		}
		return s.place(Placed{Room: x.Room, Type: x.Type, Spot: x.Spot}, c.Cost)
	}
	if s.Energy < c.Cost {
		return ErrEnergy
	}
	s.Energy -= c.Cost
	return nil
}

// BringAnomaly brings an anomaly from the console into play: one placed
// obstacle is removed from each sector it names, and ADELE pays 5 energy.
type BringAnomaly struct {
	Anomaly string   `json:"anomaly"`
	Remove  []Placed `json:"remove"`
}

func (x *BringAnomaly) apply(s *State) error {
	if err := s.adelePhase(); err != nil {
		return err
	}
	i := slices.Index(s.Anomalies, x.Anomaly)
	if i < 0 {
		return ErrNotOnConsole
	}
	a, _ := s.Data().Anomaly(x.Anomaly)
	if len(x.Remove) != len(a.Sectors) {
		return ErrRequirements
	}
	// Match each removed obstacle to a distinct required sector; a locked
	// door on a sector border may count for either of its two sectors.
	need := slices.Clone(a.Sectors)
	for _, r := range x.Remove {
		j := slices.IndexFunc(s.Placed, func(q Placed) bool { return samePlace(r, q) })
		if j < 0 {
			return ErrNotPlaced
		}
		k := slices.IndexFunc(need, func(sec string) bool { return slices.Contains(s.sectors(s.Placed[j]), sec) })
		if k < 0 {
			return ErrRequirements
		}
		need = slices.Delete(need, k, k+1)
		s.Placed = slices.Delete(s.Placed, j, j+1)
	}
	if s.Energy < AnomalyCost {
		return ErrEnergy
	}
	s.Energy -= AnomalyCost
	s.Anomalies = slices.Delete(s.Anomalies, i, i+1)
	s.InPlay = append(s.InPlay, x.Anomaly)
	return nil
}

// EndPhase ends ADELE's phase: the chosen cards are discarded, the hand is
// drawn back to 4, the income is gained and the next round's obstacles are
// drawn onto the console.
type EndPhase struct {
	Discard []string `json:"discard,omitempty"`
}

func (x *EndPhase) apply(s *State) error {
	if err := s.adelePhase(); err != nil {
		return err
	}
	for _, id := range x.Discard {
		if _, err := s.takeFromHand(id); err != nil {
			return err
		}
	}
	s.drawHand()
	s.Energy += s.ConsoleData().Income
	s.drawObstacles(s.Data().PerRound(s.Players))
	s.AdeleDone = true
	return nil
}

// Targeted places an obstacle during the emergency phase in a room of the
// emergency's sector, when the targeted-attack anomaly is in play.
type Targeted struct {
	Room int    `json:"room"`
	Type string `json:"type"`
	Spot string `json:"spot,omitempty"`
}

func (x *Targeted) apply(s *State) error {
	cur, ok := s.Current()
	if !ok || !slices.Contains(s.InPlay, TargetedAttack) || !s.EmergencyDone || s.AdeleDone || s.TargetedDone || cur.Round != s.Round {
		return ErrTargeted
	}
	card, _ := s.Data().Emergency(cur.Card)
	if s.ShipData().Sector(x.Room) != card.Sector {
		return ErrTargeted
	}
	if err := s.place(Placed{Room: x.Room, Type: x.Type, Spot: x.Spot}, 0); err != nil {
		return err
	}
	s.TargetedDone = true
	return nil
}

// EmergencyPhase: the face-up card becomes this round's emergency, the
// next card is turned face up.
type EmergencyPhase struct{}

func (*EmergencyPhase) apply(s *State) error {
	if s.EmergencyDone {
		return ErrEmergencyDone
	}
	if len(s.Emergencies.Draw) == 0 {
		return ErrNoEmergencyCard
	}
	id, _ := s.Emergencies.Take()
	card, _ := s.Data().Emergency(id)
	e := Emergency{Round: s.Round, Card: id, Averted: !s.TopFaceUp}
	for _, sym := range card.Symbols {
		if slices.Contains(s.InPlay, sym) {
			e.Triggers = append(e.Triggers, sym) // even when averted
		}
	}
	if !e.Averted {
		switch card.Kind {
		case CourseDeviation:
			if s.NoReturn < s.Data().StartRound(s.Players) {
				s.NoReturn++
			}
		case Impact:
			if len(s.Impacts) < MaxImpacts {
				e.ImpactRoom, e.Rerolls = s.rollRoom(s.Impacts)
				s.Impacts = append(s.Impacts, e.ImpactRoom)
			}
		}
	}
	s.History = append(s.History, e)
	s.TopFaceUp = len(s.Emergencies.Draw) > 0
	s.EmergencyDone = true
	return nil
}

// AlarmTerminal: a crew member used alarm terminal Which (1 or 2): the top
// emergency card is turned face down and the terminal moves by D20.
type AlarmTerminal struct {
	Which int `json:"which"`
}

func (x *AlarmTerminal) apply(s *State) error {
	switch {
	case x.Which != 1 && x.Which != 2:
		return ErrNoAlarm
	case slices.Contains(s.InPlay, AlarmTerminalsOff):
		return ErrAlarmsOff
	case !s.TopFaceUp:
		return ErrNoEmergencyCard
	}
	s.TopFaceUp = false
	other := s.AlarmTerminals[2-x.Which]
	room, rerolls := s.rollRoom([]int{other})
	s.AlarmTerminals[x.Which-1] = room
	s.Rolls = append(s.Rolls, Roll{What: "alarm" + strconv.Itoa(x.Which), Room: room, Rerolls: rerolls})
	return nil
}

// RemoveObstacle: the crew removed an obstacle from a room (out of the game).
type RemoveObstacle struct {
	Room int    `json:"room"`
	Type string `json:"type"`
	Spot string `json:"spot,omitempty"`
}

func (x *RemoveObstacle) apply(s *State) error {
	p := Placed{Room: x.Room, Type: x.Type, Spot: x.Spot}
	i := slices.IndexFunc(s.Placed, func(q Placed) bool { return samePlace(p, q) })
	if i < 0 {
		return ErrNotPlaced
	}
	s.Placed = slices.Delete(s.Placed, i, i+1)
	return nil
}

// RemoveImpact: the crew removed the impact marker from a room.
type RemoveImpact struct {
	Room int `json:"room"`
}

func (x *RemoveImpact) apply(s *State) error {
	i := slices.Index(s.Impacts, x.Room)
	if i < 0 {
		return ErrNoImpact
	}
	s.Impacts = slices.Delete(s.Impacts, i, i+1)
	return nil
}

// CommandTerminal moves the no-return marker down one round (not below 1).
type CommandTerminal struct{}

func (*CommandTerminal) apply(s *State) error {
	if s.NoReturn <= 1 {
		return ErrNoReturnFloor
	}
	s.NoReturn--
	return nil
}

// EndRound is the maintenance phase: the round marker moves down.
type EndRound struct{}

func (*EndRound) apply(s *State) error {
	switch {
	case !s.EmergencyDone:
		return ErrEmergencyFirst
	case !s.AdeleDone && !s.PaperConsole:
		return ErrAdeleFirst
	}
	s.Round--
	s.EmergencyDone, s.AdeleDone, s.TargetedDone = false, false, false
	return nil
}

// RollD20 is the plain D20 roller.
type RollD20 struct{}

func (*RollD20) apply(s *State) error {
	room, _ := s.rollRoom(nil)
	s.Rolls = append(s.Rolls, Roll{What: "d20", Room: room})
	return nil
}

// Finish records the end of the game: the crew completed a mission, or a
// crew member died (ADELE wins).
type Finish struct {
	Winner string `json:"winner"` // "crew" or "adele"
}

func (x *Finish) apply(s *State) error {
	if x.Winner != "crew" && x.Winner != "adele" {
		return ErrWinner
	}
	s.Winner = x.Winner
	return nil
}

func (*SetUpGame) Kind() string       { return "setUp" }
func (*PlayCard) Kind() string        { return "playCard" }
func (*PlaySpecial) Kind() string     { return "playSpecial" }
func (*BringAnomaly) Kind() string    { return "bringAnomaly" }
func (*EndPhase) Kind() string        { return "endPhase" }
func (*Targeted) Kind() string        { return "targeted" }
func (*EmergencyPhase) Kind() string  { return "emergency" }
func (*AlarmTerminal) Kind() string   { return "alarmTerminal" }
func (*RemoveObstacle) Kind() string  { return "removeObstacle" }
func (*RemoveImpact) Kind() string    { return "removeImpact" }
func (*CommandTerminal) Kind() string { return "commandTerminal" }
func (*EndRound) Kind() string        { return "endRound" }
func (*RollD20) Kind() string         { return "rollD20" }
func (*Finish) Kind() string          { return "finish" }
func (*RecordPlay) Kind() string      { return "recordPlay" }

var actions = map[string]func() companion.Action{
	"setUp":           func() companion.Action { return &SetUpGame{} },
	"playCard":        func() companion.Action { return &PlayCard{} },
	"playSpecial":     func() companion.Action { return &PlaySpecial{} },
	"bringAnomaly":    func() companion.Action { return &BringAnomaly{} },
	"endPhase":        func() companion.Action { return &EndPhase{} },
	"targeted":        func() companion.Action { return &Targeted{} },
	"emergency":       func() companion.Action { return &EmergencyPhase{} },
	"alarmTerminal":   func() companion.Action { return &AlarmTerminal{} },
	"removeObstacle":  func() companion.Action { return &RemoveObstacle{} },
	"removeImpact":    func() companion.Action { return &RemoveImpact{} },
	"commandTerminal": func() companion.Action { return &CommandTerminal{} },
	"endRound":        func() companion.Action { return &EndRound{} },
	"rollD20":         func() companion.Action { return &RollD20{} },
	"finish":          func() companion.Action { return &Finish{} },
	"recordPlay":      func() companion.Action { return &RecordPlay{} },
}

// PublicActions are the actions any device at the table may send: what
// the crew does in the open, and the names of the play recorded at the
// end. ADELE's console actions stay on her device.
var PublicActions = []string{"emergency", "alarmTerminal", "removeObstacle", "removeImpact", "commandTerminal", "endRound", "rollD20", "finish", "recordPlay"}

// Rules describe the game, with the shipped data, to a session. The data file is read
// for the first game made, not when the program starts, so that a
// browser draws its first screen sooner.
var Rules = rulesFor(Default)

// NewRules describes the game to a session whose cards come from d.
func NewRules(d *Data) *companion.Rules { return rulesFor(func() *Data { return d }) }

// rulesFor describes the game with the data that data returns.
func rulesFor(data func() *Data) *companion.Rules {
	return &companion.Rules{
		Game:     Game,
		NewState: func() companion.State { return &State{data: data()} },
		Actions:  actions,
	}
}

// rule is an action that applies itself: it checks what it needs of the
// game and refuses in a player's words, or changes the game.
type rule interface {
	apply(s *State) error
}

// Apply implements companion.State. The setup comes first, once; from then
// on the D20 rolls even after the end, the game is recorded once it is
// over, and every other action needs a game still going. Apply keeps when
// the game was set up and when it ended, whichever action ended it.
func (s *State) Apply(a companion.Action, env companion.Env) error {
	_, settingUp := a.(*SetUpGame)
	_, rolling := a.(*RollD20)
	_, recording := a.(*RecordPlay)
	switch {
	case settingUp: // the setup checks that it comes first
	case recording: // the record checks that the game is over
	case !s.SetUp():
		return ErrNotSetUp
	case rolling: // the D20 rolls even once the game is over
	case s.Over():
		return ErrOver
	}
	r, ok := a.(rule)
	if !ok {
		return fmt.Errorf("%q is not an action of ADELE", a.Kind())
	}
	if s.Over() && s.EndedAt.IsZero() {
		s.EndedAt = env.Now // over before Boardside kept when games end: now is the nearest it knows
	}
	wasOver := s.Over()
	if err := r.apply(s); err != nil {
		return err
	}
	if settingUp {
		s.StartedAt = env.Now
	}
	if !wasOver && s.Over() {
		s.EndedAt = env.Now
	}
	return nil
}

// checkSetUp refuses a second setup, a wrong player count, a PIN that is
// not one and an unknown ship; it returns the ship.
func (s *State) checkSetUp(d *Data, x *SetUpGame) (Ship, error) {
	switch {
	case s.SetUp():
		return Ship{}, ErrSetUp
	case x.Players < 2 || x.Players > 5:
		return Ship{}, ErrPlayers
	case !validPIN(x.PIN):
		return Ship{}, ErrPIN
	}
	ship, ok := d.Ship(x.Ship)
	if !ok {
		return Ship{}, ErrNoShip
	}
	return ship, nil
}

// removedCards are the 2 special cards that stay out of the game: those
// marked "!", or experienced players' own choice of 2 special cards.
func (x *SetUpGame) removedCards(d *Data) ([]string, error) {
	if x.Experienced {
		if len(x.Remove) != 2 || x.Remove[0] == x.Remove[1] {
			return nil, ErrRemoveTwo
		}
		for _, id := range x.Remove {
			if c, ok := d.Card(id); !ok || !c.Special() {
				return nil, ErrRemoveTwo
			}
		}
		return slices.Clone(x.Remove), nil
	}
	var removed []string
	for _, c := range d.Cards.Cards {
		if c.Marked {
			removed = append(removed, c.ID)
		}
	}
	return removed, nil
}

// layOut starts the game afresh: ADELE's start energy on an empty
// console, the full obstacle bag, her deck without the removed cards, the
// round marker on the start round and the no-return marker on round 1.
func (s *State) layOut(d *Data, x *SetUpGame, ship Ship, removed []string) {
	var ids []string
	for _, c := range d.Cards.Cards {
		ids = append(ids, c.ID)
	}
	console, _ := d.Console(x.Players)
	*s = State{
		data: d, Players: x.Players, Ship: ship.ID, Experienced: x.Experienced, PIN: x.PIN, PaperConsole: x.PaperConsole,
		Energy: console.EnergyStart, Console: map[string]int{},
		Bag:   decks.NewBag(d.Obstacles.Counts, decks.NewRand()),
		Deck:  decks.NewDeck(ids, decks.NewRand()),
		Round: d.StartRound(x.Players), NoReturn: 1,
		AlarmTerminals: slices.Clone(ship.AlarmTerminals),
		Rng:            decks.NewRand(),
	}
	s.Deck.ReshuffleDiscard = true
	for _, id := range removed {
		_ = s.Deck.Remove(id) // every ID was checked by removedCards
	}
}

// dealAnomalies puts 4 random anomalies of the 6 onto the console.
func (s *State) dealAnomalies(d *Data) {
	var anomalies []string
	for _, a := range d.Anomalies.Anomalies {
		anomalies = append(anomalies, a.ID)
	}
	s.Rng.Shuffle(len(anomalies), func(i, j int) { anomalies[i], anomalies[j] = anomalies[j], anomalies[i] })
	s.Anomalies = anomalies[:4]
}

// shuffleEmergencies makes the emergency deck: Silence out with 4–5
// players; in a duel one random Impact is put back in the box unseen.
func (s *State) shuffleEmergencies(d *Data) {
	var em, impacts []string
	for _, c := range d.Emergencies.Cards {
		if c.Kind == Silence && s.Players >= 4 {
			continue
		}
		em = append(em, c.ID)
		if c.Kind == Impact {
			impacts = append(impacts, c.ID)
		}
	}
	s.Emergencies = decks.NewDeck(em, decks.NewRand())
	if s.Players == 2 && len(impacts) > 0 {
		_ = s.Emergencies.Remove(impacts[s.Rng.IntN(len(impacts))])
	}
	s.TopFaceUp = len(s.Emergencies.Draw) > 0
}

// placeCrew rolls the crew's starting rooms: D20 each, all different.
func (s *State) placeCrew() {
	for range s.Players - 1 {
		room, rerolls := s.rollRoom(s.CrewRooms)
		s.CrewRooms = append(s.CrewRooms, room)
		s.Rolls = append(s.Rolls, Roll{What: "crew", Room: room, Rerolls: rerolls})
	}
}

func validPIN(pin string) bool {
	if pin == "" {
		return true
	}
	if len(pin) < 4 || len(pin) > 8 {
		return false
	}
	return strings.Trim(pin, "0123456789") == ""
}

// drawObstacles draws n obstacles from the bag onto the console, each onto
// its type's leftmost free slot. One with no free slot goes back in the bag.
func (s *State) drawObstacles(n int) {
	slots := s.ConsoleData().Slots
	var back []string
	for range n {
		t, err := s.Bag.DrawBlind()
		if err != nil {
			break // the bag is empty
		}
		if s.Console[t] < len(slots[t]) {
			s.Console[t]++
		} else {
			back = append(back, t)
		}
	}
	for _, t := range back {
		s.Bag.PutBack(t)
	}
	s.BackInBag = len(back)
}

// drawHand draws back up to a hand of 4; the deck shuffles its discard
// pile in when it runs out.
func (s *State) drawHand() {
	for len(s.Hand) < HandSize {
		c, err := s.Deck.Take()
		if err != nil {
			return // every card is in the hand or out of the game
		}
		s.Hand = append(s.Hand, c)
	}
}

// adelePhase checks that ADELE may act now.
func (s *State) adelePhase() error {
	switch {
	case !s.EmergencyDone:
		return ErrEmergencyFirst
	case s.AdeleDone:
		return ErrAdeleDone
	}
	return nil
}

// place takes the rightmost obstacle of p.Type from the console into p's
// place and charges its cost plus extra.
func (s *State) place(p Placed, extra int) error {
	if p.Room < 1 || p.Room > Rooms {
		return ErrBadRoom
	}
	cost, ok := s.Cost(p.Type)
	if !ok {
		return ErrNoObstacle
	}
	if err := s.checkSpot(p); err != nil {
		return err
	}
	if s.identical(p) {
		return ErrIdentical
	}
	if s.Energy < cost+extra {
		return ErrEnergy
	}
	s.Energy -= cost + extra
	s.Console[p.Type]--
	s.Placed = append(s.Placed, p)
	return nil
}

func (s *State) checkSpot(p Placed) error {
	if p.Type == DoorLocked {
		other, err := strconv.Atoi(strings.TrimPrefix(p.Spot, "door:"))
		if !strings.HasPrefix(p.Spot, "door:") || err != nil || other < 1 || other > Rooms || other == p.Room {
			return ErrDoor
		}
		return nil
	}
	if p.Spot == "" || (p.Spot == "terminal" && p.Type == ComputerFailure && s.ShipData().Terminal(p.Room) != "") {
		return nil
	}
	return ErrSpot
}

func (s *State) takeFromHand(id string) (Card, error) {
	i := slices.Index(s.Hand, id)
	if i < 0 {
		return Card{}, ErrNotInHand
	}
	c, _ := s.Data().Card(id)
	s.Hand = slices.Delete(s.Hand, i, i+1)
	s.Deck.Discard = append(s.Deck.Discard, id)
	return c, nil
}

// CanBringAnomaly says whether ADELE may bring anomaly id into play now:
// in her phase, with the energy, and with a placed obstacle for each
// sector the anomaly needs (a locked door on a border counts for either
// side, each obstacle for one sector).
func (s *State) CanBringAnomaly(id string) bool {
	if s.adelePhase() != nil || s.Energy < AnomalyCost || !slices.Contains(s.Anomalies, id) {
		return false
	}
	a, ok := s.Data().Anomaly(id)
	if !ok {
		return false
	}
	used := make([]bool, len(s.Placed))
	// match finds an unused obstacle for need[0], then the rest; few
	// sectors and obstacles, so trying every way is cheap.
	var match func(need []string) bool
	match = func(need []string) bool {
		if len(need) == 0 {
			return true
		}
		for j, q := range s.Placed {
			if !used[j] && slices.Contains(s.sectors(q), need[0]) {
				used[j] = true
				if match(need[1:]) {
					return true
				}
				used[j] = false
			}
		}
		return false
	}
	return match(a.Sectors)
}
