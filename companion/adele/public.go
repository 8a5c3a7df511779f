package adele

import (
	"boardside/companion"
	"boardside/companion/plays"
)

// PublicState is what the crew may see: the round track, the emergency
// deck's face-up card, anomalies in play, what is on the board, and the
// dice. ADELE's energy, console, hand, decks' order, the anomalies still on
// her console, her PIN and every generator stay on her device.
type PublicState struct {
	SetUp      bool   `json:"setUp"`
	Players    int    `json:"players"`
	Ship       string `json:"ship"`
	Round      int    `json:"round"`
	NoReturn   int    `json:"noReturn"`
	StartRound int    `json:"startRound"`
	// Phase is what the table does next: "emergency", "adele" (ADELE's
	// phase, then the crew's) or "endRound".
	Phase        string            `json:"phase"`
	Current      *PublicEmergency  `json:"current,omitempty"`
	Next         *EmergencyCard    `json:"next,omitempty"` // the face-up card
	NextAverted  bool              `json:"nextAverted"`    // the top card is face down
	CardsLeft    int               `json:"cardsLeft"`
	History      []PublicEmergency `json:"history,omitempty"`
	InPlay       []Anomaly         `json:"inPlay,omitempty"`
	Placed       []Placed          `json:"placed,omitempty"`
	Impacts      []int             `json:"impacts,omitempty"`
	Alarms       []int             `json:"alarms"`
	AlarmsOff    bool              `json:"alarmsOff"`
	CrewRooms    []int             `json:"crewRooms"`
	Sectors      []string          `json:"sectors"` // each room's sector, room 1 first
	LastRoll     *Roll             `json:"lastRoll,omitempty"`
	BlueOK       bool              `json:"blueOK"`
	RedOK        bool              `json:"redOK"`
	Result       string            `json:"result,omitempty"`
	ImpactsLeft  int               `json:"impactsLeft"`
	RoundsPlayed int               `json:"roundsPlayed"`
	// Record is the play recorded at the game's end, names and links:
	// public facts only (the result, the ship, the players and rounds),
	// nothing of ADELE's console.
	Record *plays.Public `json:"record,omitempty"`
}

// PublicEmergency is an emergency phase with its card's face.
type PublicEmergency struct {
	Emergency
	Kind    string   `json:"kind"`
	Sector  string   `json:"sector"`
	Symbols []string `json:"symbols,omitempty"`
}

// Public projects a state for the crew's devices.
func Public(st companion.State) any {
	s := st.(*State)
	if !s.SetUp() {
		return PublicState{Phase: "setUp"}
	}
	d := s.Data()
	p := PublicState{
		SetUp: true, Players: s.Players, Ship: s.Ship, Round: s.Round, NoReturn: s.NoReturn,
		StartRound: d.StartRound(s.Players), CardsLeft: len(s.Emergencies.Draw),
		NextAverted: !s.TopFaceUp && len(s.Emergencies.Draw) > 0,
		Placed:      s.Placed, Impacts: s.Impacts, Alarms: s.AlarmTerminals, CrewRooms: s.CrewRooms,
		Sectors: s.ShipData().Sectors, BlueOK: s.BlueOK(), RedOK: s.RedOK(), Result: s.Result(),
		ImpactsLeft: MaxImpacts - len(s.Impacts), RoundsPlayed: d.StartRound(s.Players) - s.Round,
	}
	switch {
	case !s.EmergencyDone:
		p.Phase = "emergency"
	case !s.AdeleDone && !s.PaperConsole:
		p.Phase = "adele"
	default:
		p.Phase = "endRound"
	}
	for _, e := range s.History {
		card, _ := d.Emergency(e.Card)
		p.History = append(p.History, PublicEmergency{Emergency: e, Kind: card.Kind, Sector: card.Sector, Symbols: card.Symbols})
	}
	if n := len(p.History); n > 0 {
		p.Current = &p.History[n-1]
	}
	if id, ok := s.Next(); ok {
		card, _ := d.Emergency(id)
		p.Next = &card
	}
	for _, id := range s.InPlay {
		a, _ := d.Anomaly(id)
		p.InPlay = append(p.InPlay, a)
		if id == AlarmTerminalsOff {
			p.AlarmsOff = true
		}
	}
	if n := len(s.Rolls); n > 0 {
		p.LastRoll = &s.Rolls[n-1]
	}
	p.Record = plays.PublicOf(s, plays.Public{Seats: s.Players, AllOrNone: true, AskAdele: true})
	return p
}
