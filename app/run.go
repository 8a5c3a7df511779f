package app

import (
	fyneapp "fyne.io/fyne/v2/app"
)

// Run starts Boardside's window and blocks until it closes.
func Run() {
	startMark("go-run")
	fyneapp.SetMetadata(Metadata())
	a := fyneapp.NewWithID(ID)
	a.SetIcon(Metadata().Icon)
	startMark("go-app-made")
	ApplyLanguage(NewPrefs(a.Preferences()).Language())
	LoadTranslations()
	startMark("go-translations")
	u := New(a, Options{})
	startMark("go-ui-made")
	noDepthBuffer() // after New made the window, before it is shown
	u.Window().ShowAndRun()
}
