// Command barewindow is the baseline for startupbench: the smallest Fyne
// program, one window with one label.
package main

import (
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := fyneapp.NewWithID("app.boardside.barewindow")
	w := a.NewWindow("Bare window")
	w.SetContent(widget.NewLabel("A bare Fyne window with one label"))
	w.ShowAndRun()
}
