package app

import (
	"fyne.io/fyne/v2"

	"boardside/assets"
)

// These match FyneApp.toml at the repository root (a test checks it), so a
// plain `go build` gets the same identity as a `fyne package` build.
const (
	ID      = "app.boardside"
	Name    = "Boardside"
	Version = "0.1.0"
	Build   = 1
)

// Metadata is the app's identity for fyneapp.SetMetadata.
func Metadata() fyne.AppMetadata {
	return fyne.AppMetadata{
		ID:         ID,
		Name:       Name,
		Version:    Version,
		Build:      Build,
		Icon:       fyne.NewStaticResource("boardside.png", assets.Icon),
		Release:    true,
		Custom:     map[string]string{},
		Migrations: map[string]bool{"fyneDo": true},
	}
}
