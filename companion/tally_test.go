package companion

import (
	"errors"
	"fmt"

	"boardside/decks"
)

// tally is a small game for testing the session: a counter and dice rolls
// from a seeded generator.
type tally struct {
	Count int         `json:"count"`
	Rolls []int       `json:"rolls"`
	Rng   *decks.Rand `json:"rng"`
}

type add struct {
	N int `json:"n"`
}

func (add) Kind() string { return "add" }

type roll struct{}

func (roll) Kind() string { return "roll" }

// scribble changes the state and then refuses, to prove the session throws
// a half-applied change away.
type scribble struct{}

func (scribble) Kind() string { return "scribble" }

type unknownAction struct{}

func (unknownAction) Kind() string { return "unknown" }

var errBelowZero = errors.New("the count cannot go below zero")

func (t *tally) Apply(a Action, env Env) error {
	switch a := a.(type) {
	case add:
		if t.Count+a.N < 0 {
			return errBelowZero
		}
		t.Count += a.N
	case *add:
		return t.Apply(*a, env)
	case roll, *roll:
		t.Rolls = append(t.Rolls, t.Rng.Die(6))
	case scribble, *scribble:
		t.Count = -99
		t.Rolls = append(t.Rolls, 0)
		return errors.New("scribbling is not allowed")
	default:
		return fmt.Errorf("%q is not a tally action", a.Kind())
	}
	return nil
}

var tallyRules = &Rules{
	Game:     "tally",
	NewState: func() State { return &tally{} },
	Actions: map[string]func() Action{
		"add":  func() Action { return &add{} },
		"roll": func() Action { return &roll{} },
	},
}

func newTally(seed byte) *tally { return &tally{Rng: decks.NewSeededRand([32]byte{seed})} }
