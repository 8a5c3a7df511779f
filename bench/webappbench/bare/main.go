// Command bare is webappbench's baseline for the web app's start: the
// smallest Fyne app, one window with one label, built as make web builds
// Boardside (cmd/webbuild: the same build tags, the same page from
// web/app, so the same "app-drawn" mark). Boardside's time to its home
// screen is measured against this one's time to its label.
//
//	go run ./cmd/webbuild -pkg ./bench/webappbench/bare -out DIR
package main

import (
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := fyneapp.NewWithID("app.boardside.bare")
	w := a.NewWindow("Bare")
	w.SetContent(widget.NewLabel("A bare Fyne app with one label"))
	w.ShowAndRun()
}
