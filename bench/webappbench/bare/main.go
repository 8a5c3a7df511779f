// Command bare is webappbench's baseline for the web app's start: the
// smallest Fyne app, one window with one label, built as make web builds
// Boardside (cmd/webbuild: the same build tags, the same page from
// web/app, so the same "app-drawn" mark). Boardside's time to its first
// screen is measured against this one's time to its label.
//
// It puts the performance marks Boardside's start puts at the same steps
// (go-run, go-app-made, go-ui-made; see app/run.go), so that
// bench/webappprof reads both starts step by step.
//
//	go run ./cmd/webbuild -pkg ./bench/webappbench/bare -out DIR
package main

import (
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	mark("go-run")
	a := fyneapp.NewWithID("app.boardside.bare")
	mark("go-app-made")
	w := a.NewWindow("Bare")
	w.SetContent(widget.NewLabel("A bare Fyne app with one label"))
	mark("go-ui-made")
	w.ShowAndRun()
}
