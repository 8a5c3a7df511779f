package app

import "boardside/companion"

// A game whose owner may keep their own data file (its cards, its track)
// loads and uses it in the same two steps, written once here.

// LoadGameData is a game's LoadData for an owner's own data file: the
// file kept for g.ID, read with parse and put to use (use) when it is
// valid; otherwise LoadOwnData moves it aside and says so.
func LoadGameData[D any](u *UI, g *Game, parse func(name string, b []byte) (D, error), use func(*Game, D)) []string {
	return u.LoadOwnData(g.ID, g.Name, func(name string, b []byte) error {
		d, err := parse(name, b)
		if err == nil {
			use(g, d)
		}
		return err
	})
}

// UseGameData makes new and resumed games of g play on d: the rules that
// rules makes of it, and new states that newState makes of it.
func UseGameData[D any, S companion.State](g *Game, d D, rules func(D) *companion.Rules, newState func(D) S) {
	g.Rules = rules(d)
	g.NewState = func() companion.State { return newState(d) }
}
