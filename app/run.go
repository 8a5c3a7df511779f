package app

import (
	fyneapp "fyne.io/fyne/v2/app"

	"boardside/app/kit"
)

// Run starts Boardside's window with these games (see app/catalog) and
// blocks until it closes.
func Run(games []*kit.Game) {
	startMark("go-run")
	watchFirstFrame()
	holdGCUntilDrawn()
	fyneapp.SetMetadata(Metadata())
	a := fyneapp.NewWithID(ID)
	a.SetIcon(Metadata().Icon)
	startMark("go-app-made")
	ApplyLanguage(NewPrefs(a.Preferences()).Language())
	kit.LoadTranslations()
	startMark("go-translations")
	u := New(a, Options{Games: games})
	if startLink() == "" {
		// At a table when it stopped (a page reloaded, a phone's app
		// restarted): back at that table until its player leaves it.
		u.rejoinTable()
	}
	startMark("go-ui-made")
	noDepthBuffer() // after New made the window, before it is shown
	u.Window().ShowAndRun()
}
