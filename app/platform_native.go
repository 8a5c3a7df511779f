//go:build !js

package app

import (
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
)

// What differs between Boardside as a program (desktop, phone, tablet)
// and Boardside in a browser sits in this file and platform_web.go.

// canHost says whether this copy can host a table: a program can listen
// on the local network; a page in a browser cannot (it joins tables).
const canHost = true

// linksOpenHere says whether a BG Stats link opens on this device as a
// program: on a phone or tablet (the UI asks Fyne), not on a desktop,
// which shows the link as a code for the phone that has BG Stats.
const linksOpenHere = false

// startSize is the window's size at start: a desktop window's (a phone's
// driver fills the screen whatever it is given).
var startSize = fyne.NewSize(900, 640)

// holdScreen keeps the screen from blanking, or lets it blank again.
func (u *UI) holdScreen(on bool) { u.app.Driver().SetDisableScreenBlanking(on) }

// SaveFile asks where to save a file named name and writes it there.
func (u *UI) SaveFile(name string, write func(io.Writer) error, refuse func(error)) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		defer w.Close()
		if err := write(w); err != nil {
			refuse(err)
		}
	}, u.Win)
	d.SetFileName(name)
	d.Show()
}

// openFile asks for a file and hands its first maxImport bytes to use.
func (u *UI) openFile(use func(name string, b []byte, err error)) {
	dialog.ShowFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		defer r.Close()
		b, err := io.ReadAll(io.LimitReader(r, maxImport))
		use(r.URI().Name(), b, err)
	}, u.Win)
}

// startLink is the table link the app was opened with, for the join
// screen: a program is opened without one.
func startLink() string { return "" }

// forgetStartLink drops the link the app was opened with.
func forgetStartLink() {}

// watchPlatform follows what the platform says from outside the window: a
// program has nothing to follow.
func (u *UI) watchPlatform() {}
