package app

import (
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
	Screen   func(u *UI, s *companion.Session) fyne.CanvasObject
	// Describe turns a log entry into a line for the history view.
	Describe func(e companion.Entry) string
	// Share is how the game is shared with other devices (nil: not yet).
	Share *share.Game
	// Join shows a table of this game that another device hosts; stop
	// leaves it (nil: the game cannot be joined).
	Join func(u *UI, c *share.Client) (content fyne.CanvasObject, stop func())
	// LoadData makes the game use its owner's own data where some was
	// saved; it runs at start, before the saved games are read, and
	// returns what the player must be told (nil: no own data).
	LoadData func(u *UI, g *Game) []string
}

// Built reports whether Boardside can play this game yet.
func (g *Game) Built() bool { return g.Rules != nil && g.Screen != nil && g.NewState != nil }

// Catalog is the four games, in the order of the home screen.
func Catalog() []*Game {
	games := []*Game{
		{ID: "missioncontrol", Name: "Mission Control: Critical Orbit",
			Blurb: "Runs the 20-minute countdown, the AI and unlock decks and the half-valve bag."},
		{ID: "adele", Name: "ADELE",
			Blurb: "A secret console for the player who is ADELE: energy, obstacles, hand and anomalies."},
		{ID: "marsmaze", Name: "Magic Maze on Mars",
			Blurb: "A sand timer to flip, the hourglass markers left, and the solo stopwatch."},
		{ID: "aquasphere", Name: "AquaSphere",
			Blurb: "Keeps score: every interim scoring and the final scoring, line by line."},
	}
	missionControlGame(games[0])
	adeleGame(games[1])
	marsMazeGame(games[2])
	aquaSphereGame(games[3])
	return games
}
