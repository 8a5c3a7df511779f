package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
)

// notBuiltScreen is what a game's tile opens until that game is built:
// it says so plainly and offers nothing that does not work.
type notBuiltScreen struct {
	content fyne.CanvasObject
	back    *widget.Button
	message *widget.Label
}

func newNotBuiltScreen(u *UI, g *kit.Game) *notBuiltScreen {
	s := &notBuiltScreen{}
	var bar fyne.CanvasObject
	bar, s.back = kit.BackBar(g.Name, u.ShowHome)
	s.message = widget.NewLabel(lang.L("Boardside does not support this game yet. When it does: {{.Blurb}}",
		map[string]any{"Blurb": lang.L(g.Blurb)}))
	s.message.Wrapping = fyne.TextWrapWord
	s.content = kit.NewBorder(bar, nil, container.NewPadded(s.message))
	return s
}
