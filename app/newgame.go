package app

import "boardside/app/kit"

// NewGame replaces a game's session with a fresh one and shows it.
func (u *UI) NewGame(g *kit.Game) {
	u.stopSharing(g.ID) // devices follow a game, not a game kind
	u.dropSession(g.ID)
	u.OpenGame(g)
}
