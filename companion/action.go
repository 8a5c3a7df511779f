package companion

import (
	"encoding/json"
	"fmt"
	"time"
)

// Action is one typed change to a game, such as a flip or a reveal.
// Kind names it in the log, in save files and on the wire; it must be
// stable across versions.
type Action interface {
	Kind() string
}

// State is one game's state. It must marshal to JSON completely, random
// generator state included: the session copies, undoes and saves a game
// through its JSON form.
type State interface {
	// Apply validates a against the state and, when it is allowed, changes
	// the state. A refused action returns an error in words a player
	// understands. Apply runs on a private copy, so it may fail half-way
	// without harm: the session throws the copy away.
	Apply(a Action, env Env) error
}

// Env is what an action may know about the world when it is applied.
type Env struct {
	// Now is the instant the action was accepted, without monotonic reading.
	Now time.Time
}

// Rules tells the session how one game's state and actions are encoded.
type Rules struct {
	// Game is the game's stable identifier, as used in file names.
	Game string
	// NewState returns an empty state to decode a saved one into.
	NewState func() State
	// Actions returns an empty action of each kind, for decoding actions
	// that arrive as JSON (from the network or from a test).
	Actions map[string]func() Action
}

// DecodeAction turns {"kind": …, "data": {…}} into a typed action.
func (r *Rules) DecodeAction(raw []byte) (Action, error) {
	var env struct {
		Kind string          `json:"kind"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return nil, fmt.Errorf("the action is not valid JSON: %w", err)
	}
	return r.Decode(env.Kind, env.Data)
}

// Decode makes the action of that kind from its data (a log entry's kind
// and data, or an action's as it arrives).
func (r *Rules) Decode(kind string, data json.RawMessage) (Action, error) {
	newAction, ok := r.Actions[kind]
	if !ok {
		return nil, fmt.Errorf("%q is not an action of %s", kind, r.Game)
	}
	a := newAction()
	if len(data) > 0 && string(data) != "null" {
		if err := json.Unmarshal(data, a); err != nil {
			return nil, fmt.Errorf("the %q action's data is not valid: %w", kind, err)
		}
	}
	return a, nil
}
