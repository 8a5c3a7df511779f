// Package catalog is the games Boardside plays, in the order of the home
// screen: each game's screens are a package of their own under app/, and
// this is where they meet the shell.
package catalog

import (
	"boardside/app/adele"
	"boardside/app/aquasphere"
	"boardside/app/kit"
	"boardside/app/marsmaze"
	"boardside/app/missioncontrol"
)

// Games are the four games, in the order of the home screen.
func Games() []*kit.Game {
	return []*kit.Game{missioncontrol.Game(), adele.Game(), marsmaze.Game(), aquasphere.Game()}
}
