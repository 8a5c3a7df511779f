package missioncontrol

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/decks"
	"boardside/timers"
)

func seeded(b byte) *decks.Rand { return decks.NewSeededRand([32]byte{b}) }

// game returns a started game whose decks are in a known order.
func game(t *testing.T, aiRoles ...string) (*companion.Session, *timers.Fake) {
	t.Helper()
	st := New()
	st.AI = &decks.Deck{Draw: []string{"AI-01", "AI-02", "AI-03"}, Rng: seeded(1), ReshuffleDiscard: true}
	st.Unlock = &decks.Deck{Draw: []string{"U1", "U3", "U5", "U7"}, Rng: seeded(2)}
	st.Bag = decks.NewBag(map[string]int{"black": 4, "white": 4, "red": 2}, seeded(3))
	st.Rng = seeded(4)
	clock := timers.NewFake(epoch)
	s := companion.New(Rules, st, clock)
	require.NoError(t, s.Dispatch(&SetAIRoles{Roles: aiRoles}))
	require.NoError(t, s.Dispatch(&Start{}))
	return s, clock
}

func current(s *companion.Session) *State { return s.View().State.(*State) }

func TestTable_ForcedDice(t *testing.T) {
	// AI-01: houston die 4, bengaluru die 6, cologne die 3 (shipped data).
	card, ok := Default().AICard("AI-01")
	require.True(t, ok)
	require.Equal(t, []int{4, 6, 3}, []int{card.Houston.Die, card.Bengaluru.Die, card.Cologne.Die})

	tests := []struct {
		name    string
		aiRoles []string
		dice    []int
		want    []Forced
	}{
		{name: "a rolled die showing an AI role's value must be kept", aiRoles: []string{Cologne}, dice: []int{3, 1, 2}, want: []Forced{{Role: Cologne, Value: 3}}},
		{name: "no matching die, nothing forced", aiRoles: []string{Cologne}, dice: []int{1, 1, 2}},
		{name: "parts of human roles are ignored", aiRoles: []string{Cologne}, dice: []int{4, 6, 5}},
		{name: "the AI may claim both kept dice", aiRoles: []string{Houston, Bengaluru}, dice: []int{4, 6, 1}, want: []Forced{{Role: Houston, Value: 4}, {Role: Bengaluru, Value: 6}}},
		{name: "no AI role, no AI card", aiRoles: nil, dice: []int{4, 6, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := game(t, tt.aiRoles...)
			require.NoError(t, s.Dispatch(&SetDice{Values: tt.dice}))
			assert.Equal(t, tt.want, current(s).ForcedDice())
		})
	}
}

func TestTable_AICardRevealedAfterEachRoll(t *testing.T) {
	s, _ := game(t, Houston)
	require.NoError(t, s.Dispatch(&RollDice{}))
	st := current(s)
	require.Len(t, st.Dice, 3)
	card, ok := st.AICard()
	require.True(t, ok)
	assert.Equal(t, "AI-01", card.ID)
	assert.Len(t, card.Part(Houston).Shapes, 2, "both of Houston's actions are always used")
	assert.Equal(t, 1, st.AIRevealed)

	assert.ErrorIs(t, s.Dispatch(&RollDice{}), ErrDiceRolled, "one roll per turn")
	assert.ErrorIs(t, s.Dispatch(&Lock{Role: Houston}), ErrAIRole, "the AI does not lock")
	require.NoError(t, s.Dispatch(&Lock{Role: Bengaluru}))
	assert.ErrorIs(t, s.Dispatch(&NextTurn{}), ErrNotAllLocked)
	assert.ErrorIs(t, s.Dispatch(&Lock{Role: Bengaluru}), ErrAlreadyLocked)
	require.NoError(t, s.Dispatch(&Lock{Role: Cologne}))
	assert.True(t, current(s).AllLocked(), "Mission Control is Locked!")
	require.NoError(t, s.Dispatch(&NextTurn{}))
	assert.Equal(t, 2, current(s).Turn)
	assert.Empty(t, current(s).Dice)

	require.NoError(t, s.Dispatch(&SetDice{Values: []int{1, 2, 3}}))
	card, _ = current(s).AICard()
	assert.Equal(t, "AI-02", card.ID, "the next card")
	assert.Equal(t, []string{"AI-01"}, current(s).AI.Discard, "last turn's card is discarded")
}

func TestTable_UndoOfARevealRevealsTheSameCardAgain(t *testing.T) {
	s, _ := game(t, Cologne)
	require.NoError(t, s.Dispatch(&RollDice{}))
	card, _ := current(s).AICard()
	dice := current(s).Dice
	require.NoError(t, s.Undo())
	assert.Empty(t, current(s).Dice)
	_, shown := current(s).AICard()
	assert.False(t, shown)
	require.NoError(t, s.Dispatch(&RollDice{}))
	again, _ := current(s).AICard()
	assert.Equal(t, card.ID, again.ID)
	assert.Equal(t, dice, current(s).Dice, "the same dice too: the generator was restored")
}

func TestTable_Dice(t *testing.T) {
	for _, tt := range []struct {
		name string
		dice []int
		err  error
	}{
		{"three real dice", []int{6, 6, 1}, nil},
		{"two dice", []int{6, 6}, ErrBadDice},
		{"a seven", []int{7, 1, 1}, ErrBadDice},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := game(t)
			err := s.Dispatch(&SetDice{Values: tt.dice})
			if tt.err != nil {
				assert.ErrorIs(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.dice, current(s).Dice)
		})
	}
}

func TestTable_Unlocks(t *testing.T) {
	s, _ := game(t)
	require.NoError(t, s.Dispatch(&RevealUnlock{}))
	revealed := current(s).RevealedUnlocks()
	require.Len(t, revealed, 1)
	assert.Equal(t, UnlockCard{ID: "U1", Kind: UnlockYellow}, revealed[0])

	// Star action: look at the top 2, one on top, the other to the bottom.
	require.NoError(t, s.Dispatch(&PeekUnlock{}))
	assert.Equal(t, []string{"U3", "U5"}, current(s).Peeking)
	assert.ErrorIs(t, s.Dispatch(&RevealUnlock{}), ErrPeeking)
	assert.ErrorIs(t, s.Dispatch(&ArrangeUnlock{Top: "U7"}), ErrNotPeeked)
	require.NoError(t, s.Dispatch(&ArrangeUnlock{Top: "U5"}))
	assert.Equal(t, []string{"U5", "U7", "U3"}, current(s).Unlock.Draw)
	assert.Empty(t, current(s).Peeking)

	require.NoError(t, s.Dispatch(&RevealUnlock{}))
	assert.Equal(t, "U5", current(s).RevealedUnlocks()[1].ID)
	assert.ErrorIs(t, s.Dispatch(&ArrangeUnlock{Top: "U7"}), ErrNotPeeking)
}

func TestTable_LastUnlockCardPeekedAlone(t *testing.T) {
	s, _ := game(t)
	for range 3 {
		require.NoError(t, s.Dispatch(&RevealUnlock{}))
	}
	require.NoError(t, s.Dispatch(&PeekUnlock{}))
	assert.Equal(t, []string{"U7"}, current(s).Peeking)
	require.NoError(t, s.Dispatch(&ArrangeUnlock{Top: "U7"}))
	require.NoError(t, s.Dispatch(&RevealUnlock{}))
	assert.ErrorIs(t, s.Dispatch(&RevealUnlock{}), ErrNoUnlockCards)
}

func TestTable_Bag(t *testing.T) {
	tests := []struct {
		name  string
		do    []companion.Action
		err   error
		check func(t *testing.T, st *State)
	}{
		{name: "a blind draw takes one of the ten", do: []companion.Action{&DrawValve{}}, check: func(t *testing.T, st *State) {
			assert.Len(t, st.Taken, 1)
			assert.Equal(t, 9, st.Bag.Len())
		}},
		{name: "looking in, the astronaut chooses", do: []companion.Action{&TakeValve{Colour: "red"}, &TakeValve{Colour: "red"}}, check: func(t *testing.T, st *State) {
			assert.Equal(t, []string{"red", "red"}, st.Taken)
			assert.Equal(t, 0, st.Bag.In["red"])
		}},
		{name: "no third red", do: []companion.Action{&TakeValve{Colour: "red"}, &TakeValve{Colour: "red"}, &TakeValve{Colour: "red"}}},
		{name: "star action: draw, then remove from the game", do: []companion.Action{&StarDraw{}, &StarDecide{Remove: true}}, check: func(t *testing.T, st *State) {
			assert.Equal(t, 9, st.Bag.Len())
			removed := 0
			for _, n := range st.Bag.Removed {
				removed += n
			}
			assert.Equal(t, 1, removed)
			assert.Empty(t, st.Taken, "a star draw is not the astronaut's to keep")
		}},
		{name: "star action: draw, then put back", do: []companion.Action{&StarDraw{}, &StarDecide{Remove: false}}, check: func(t *testing.T, st *State) {
			assert.Equal(t, 10, st.Bag.Len())
			assert.Empty(t, st.StarValve)
		}},
		{name: "decide before the next draw", do: []companion.Action{&StarDraw{}, &DrawValve{}}, err: ErrStarValve},
		{name: "nothing to decide", do: []companion.Action{&StarDecide{Remove: true}}, err: ErrNoStarValve},
		{name: "with the physical bag, the app's bag is off", do: []companion.Action{&SetPhysicalBag{On: true}, &DrawValve{}}, err: ErrPhysicalBag},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := game(t)
			var err error
			for _, a := range tt.do {
				if err = s.Dispatch(a); err != nil {
					break
				}
			}
			if tt.check == nil && tt.err == nil {
				assert.Error(t, err)
				return
			}
			if tt.err != nil {
				assert.ErrorIs(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			tt.check(t, current(s))
		})
	}
}

func TestTable_Setup(t *testing.T) {
	st := New()
	st.Rng = seeded(9)
	s := companion.New(Rules, st, timers.NewFake(epoch))
	require.NoError(t, s.Dispatch(&ChooseSetup{Number: 4}))
	got, ok := current(s).SetupData()
	require.True(t, ok)
	assert.Equal(t, 4, got.Number)
	assert.NotEmpty(t, got.Containers)
	assert.ErrorIs(t, s.Dispatch(&ChooseSetup{Number: 7}), ErrNoSetup)

	require.NoError(t, s.Dispatch(&RollSetup{}))
	assert.True(t, current(s).SetupRolled)
	assert.GreaterOrEqual(t, current(s).Setup, 1)
	assert.LessOrEqual(t, current(s).Setup, 6)

	require.NoError(t, s.Dispatch(&Start{}))
	assert.ErrorIs(t, s.Dispatch(&RollSetup{}), ErrStarted)
	assert.ErrorIs(t, s.Dispatch(&SetAIRoles{Roles: []string{Houston}}), ErrStarted)
}

func TestTable_AIRoles(t *testing.T) {
	s := companion.New(Rules, New(), timers.NewFake(epoch))
	require.NoError(t, s.Dispatch(&SetAIRoles{Roles: []string{Cologne, Houston, Cologne}}))
	assert.Equal(t, []string{Houston, Cologne}, current(s).AIRoles, "table order, each once")
	assert.Equal(t, []string{Bengaluru}, current(s).HumanRoles())
	assert.ErrorIs(t, s.Dispatch(&SetAIRoles{Roles: []string{Astronaut}}), ErrUnknownRole)
}

func TestTable_NothingBeforeTheStart(t *testing.T) {
	s := companion.New(Rules, New(), timers.NewFake(epoch))
	for _, a := range []companion.Action{&RollDice{}, &RevealUnlock{}, &DrawValve{}, &PeekUnlock{}} {
		assert.ErrorIs(t, s.Dispatch(a), ErrGameNotRunning, a.Kind())
	}
}
