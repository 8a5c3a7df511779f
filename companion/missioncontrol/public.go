package missioncontrol

import (
	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

// PublicState is what every device at the table is shown. The astronaut's
// secrets stay out: the order of both decks, the generators, the unlock
// cards the astronaut is looking at, and which half-valves went behind the
// astronaut's screen.
type PublicState struct {
	Difficulty     string           `json:"difficulty"`
	Oxygen         int              `json:"oxygen"`
	Timer          timers.View      `json:"timer"`
	Played         timers.WatchView `json:"played"`
	Accomplished   bool             `json:"accomplished"`
	AIRoles        []string         `json:"aiRoles"`
	HumanRoles     []string         `json:"humanRoles"`
	Setup          *Setup           `json:"setup,omitempty"`
	Turn           int              `json:"turn"`
	Dice           []int            `json:"dice,omitempty"`
	Forced         []Forced         `json:"forced,omitempty"`
	AICard         *PublicAICard    `json:"aiCard,omitempty"`
	Locked         []string         `json:"locked,omitempty"`
	AllLocked      bool             `json:"allLocked"`
	Unlocks        []UnlockCard     `json:"unlocks,omitempty"` // revealed, in order
	UnlocksLeft    int              `json:"unlocksLeft"`
	AstronautLooks bool             `json:"astronautLooks,omitempty"`
	PhysicalBag    bool             `json:"physicalBag"`
	ValvesInBag    int              `json:"valvesInBag"`
	// Record is the play recorded at the game's end, names and links.
	Record *plays.Public `json:"record,omitempty"`
}

// PublicAICard is the revealed AI card with only the AI-played roles' parts.
type PublicAICard struct {
	ID    string          `json:"id"`
	Parts map[string]Part `json:"parts"`
}

// Public projects a state for other devices.
func Public(s companion.State) any {
	st := s.(*State)
	p := PublicState{
		Difficulty: st.Difficulty, Oxygen: st.Oxygen(), Timer: st.Timer.View(), Played: st.Played.View(),
		Accomplished: !st.AccomplishedAt.IsZero(), AIRoles: st.AIRoles, HumanRoles: st.HumanRoles(),
		Turn: st.Turn, Dice: st.Dice, Forced: st.ForcedDice(), Locked: st.Locked, AllLocked: st.AllLocked(),
		Unlocks: st.RevealedUnlocks(), UnlocksLeft: len(st.Unlock.Draw), AstronautLooks: len(st.Peeking) > 0,
		PhysicalBag: st.PhysicalBag,
	}
	if !st.PhysicalBag {
		p.ValvesInBag = st.Bag.Len()
	}
	if setup, ok := st.SetupData(); ok {
		p.Setup = &setup
	}
	if card, ok := st.AICard(); ok {
		p.AICard = &PublicAICard{ID: card.ID, Parts: map[string]Part{}}
		for _, r := range st.AIRoles {
			p.AICard.Parts[r] = card.Part(r)
		}
	}
	p.Record = plays.PublicOf(st, plays.Public{Seats: 1 + len(st.HumanRoles())}) // the astronaut and the roles people play
	return p
}

// PublicActions are the actions any device at the table may send: what the
// whole table sees done anyway. The astronaut's look at unlock cards and the
// half-valve draws stay with the device that hosts, as they are secret.
// recordPlay names the players of the play recorded at the end.
var PublicActions = []string{"start", "pause", "resume", "accomplish", "rollDice", "setDice", "lock", "nextTurn", "revealUnlock", "recordPlay"}
