package kit

import (
	"flag"

	"fyne.io/fyne/v2"

	"boardside/companion"
	"boardside/companion/share"
)

// Game is one tile on the home screen. A game whose Rules is nil is not
// built yet: its tile opens a screen that plainly says so.
type Game struct {
	ID    string
	Name  string // proper name, shown as printed on the box
	Blurb string // English text; translated when shown
	// Rules, NewState and Screen are set once the game is built.
	Rules    *companion.Rules
	NewState func() companion.State
	Screen   func(w Window, s *companion.Session) fyne.CanvasObject
	// Describe turns a log entry into a line for the history view.
	Describe func(e companion.Entry) string
	// Share is how the game is shared with other devices (nil: not yet).
	Share *share.Game
	// Join shows a table of this game that another device hosts; stop
	// leaves it (nil: the game cannot be joined).
	Join func(w Window, c *share.Client) (content fyne.CanvasObject, stop func())
	// LoadData makes the game use its owner's own data where some was
	// saved; it runs at start, before the saved games are read, and
	// returns what the player must be told (nil: no own data).
	LoadData func(w Window, g *Game) []string
	// Host is how `boardside serve` hosts the game from a laptop without
	// a window (nil: only a device with a screen can host it).
	Host *Host
	// RecordPlay makes the game's action that records its play, for a
	// game whose state does not make it itself: every game's does
	// (plays.Recorder, which the host's log of played games records with
	// at the game's end), so this is nil but for a state that is recorded
	// only on its panel's Save.
	RecordPlay func(r PlayRecord) companion.Action
}

// Host is a game's set-up as the command line gives it to `boardside
// serve`, which a table with a window makes on the set-up screen.
type Host struct {
	// Flags adds the game's choices to fl (their help without the game's
	// name: serve adds it) and returns what makes them on a new game's
	// state, through its rules, so that a bad choice is refused as it
	// would be on screen.
	Flags func(fl *flag.FlagSet) (setUp func(st companion.State, env companion.Env) error)
}

// Built reports whether Boardside can play this game yet.
func (g *Game) Built() bool { return g.Rules != nil && g.Screen != nil && g.NewState != nil }
