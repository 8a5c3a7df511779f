package skeleton

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/timers"
)

// TestRules: one row per rule.
func TestRules(t *testing.T) {
	tests := []struct {
		name    string
		state   State
		action  companion.Action
		want    State
		refused error
	}{
		{name: "Add raises the count by one", state: State{Count: 3}, action: &Add{}, want: State{Count: 4}},
		{name: "the count stops at Most", state: State{Count: Most}, action: &Add{}, want: State{Count: Most}, refused: ErrFull},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.state
			err := s.Apply(tt.action, companion.Env{Now: time.Now()})
			assert.ErrorIs(t, err, tt.refused)
			assert.Equal(t, tt.want, s)
		})
	}
}

// TestSession_AddUndoAndDecode: the rules as a session uses them: an
// action from JSON, applied, undone.
func TestSession_AddUndoAndDecode(t *testing.T) {
	s := companion.New(Rules, New(), timers.NewFake(time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)))
	a, err := Rules.DecodeAction([]byte(`{"kind":"add"}`))
	require.NoError(t, err)
	require.NoError(t, s.Dispatch(a))
	assert.Equal(t, 1, s.View().State.(*State).Count)
	require.NoError(t, s.Undo())
	assert.Equal(t, 0, s.View().State.(*State).Count)
}
