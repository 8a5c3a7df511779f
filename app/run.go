package app

import (
	fyneapp "fyne.io/fyne/v2/app"
)

// Run starts Boardside's window and blocks until it closes.
func Run() {
	fyneapp.SetMetadata(Metadata())
	a := fyneapp.NewWithID(ID)
	a.SetIcon(Metadata().Icon)
	ApplyLanguage(NewPrefs(a.Preferences()).Language())
	LoadTranslations()
	u := New(a, Options{})
	noDepthBuffer() // after New made the window, before it is shown
	u.Window().ShowAndRun()
}
