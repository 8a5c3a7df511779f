package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/assets"
)

// aboutScreen shows the version and the licences of the libraries inside.
type aboutScreen struct {
	content  fyne.CanvasObject
	back     *widget.Button
	version  *widget.Label
	licences *widget.Accordion
}

func newAboutScreen(u *UI) *aboutScreen {
	s := &aboutScreen{}
	var bar fyne.CanvasObject
	bar, s.back = kit.BackBar(lang.L("About"), u.ShowHome)
	s.version = widget.NewLabel(lang.L("{{.Name}} version {{.Version}} (build {{.Build}})",
		map[string]any{"Name": Name, "Version": Version, "Build": Build}))
	what := widget.NewLabel(lang.L("Boardside sits beside a board game and takes over its fiddly parts: timers, decks, secret consoles and scoring."))
	what.Wrapping = fyne.TextWrapWord

	s.licences = widget.NewAccordion()
	for _, l := range assets.Licenses() {
		text := widget.NewLabel(l.Text)
		text.Wrapping = fyne.TextWrapWord
		text.TextStyle = fyne.TextStyle{Monospace: true}
		s.licences.Append(widget.NewAccordionItem(l.Module, text))
	}
	heading := widget.NewLabelWithStyle(lang.L("Libraries and their licences"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	body := container.NewVBox(s.version, what, heading, s.licences)
	s.content = kit.NewBorder(bar, nil, kit.NewScroll(container.NewPadded(body)))
	return s
}
