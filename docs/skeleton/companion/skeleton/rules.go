// Package skeleton is the rules of the skeleton game, the template
// docs/adding-a-game.md starts a new game from: a count that one action
// raises, up to a limit. Copy it to companion/<game> and make it the
// game's rules: its State, one type per action, its Rules. No Fyne here.
package skeleton

import (
	"errors"
	"fmt"

	"boardside/companion"
)

// Game is the game's ID: its save files', its tile's and its folders'
// name (a safe ID: lower-case letters and digits, no command word).
const Game = "skeleton"

// Most is as far as the count goes.
const Most = 99

// ErrFull is a refusal a player may see: every exported Err… needs its
// German in assets/translations/de.json (a test checks).
var ErrFull = errors.New("the count stops at 99")

// State is everything the game holds. It must marshal to JSON completely:
// the session saves, copies and undoes it through JSON.
type State struct {
	Count int `json:"count"`
}

// New is a new game's state.
func New() *State { return &State{} }

// Add raises the count by one: the game's one action.
type Add struct{}

// Kind names the action in the log and on the wire: never change it.
func (*Add) Kind() string { return "add" }

func (*Add) apply(s *State) error {
	if s.Count >= Most {
		return ErrFull
	}
	s.Count++
	return nil
}

// rule is an action of this game: it applies itself to the state.
type rule interface {
	companion.Action
	apply(s *State) error
}

// Apply applies a, or refuses it with an error that says why and changes
// nothing (the session applies it to a copy).
func (s *State) Apply(a companion.Action, env companion.Env) error {
	r, ok := a.(rule)
	if !ok {
		return fmt.Errorf("%q is not an action of %s", a.Kind(), Game)
	}
	return r.apply(s)
}

// Rules tell a session how to decode the game's state and actions.
var Rules = &companion.Rules{
	Game:     Game,
	NewState: func() companion.State { return New() },
	Actions:  map[string]func() companion.Action{"add": func() companion.Action { return &Add{} }},
}
