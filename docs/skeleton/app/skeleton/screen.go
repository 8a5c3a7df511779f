// Package skeleton is the skeleton game's screen, the template
// docs/adding-a-game.md starts a new game from: Game, the home screen's
// tile, and one screen with the game bar, the count and a button. Copy it
// to app/<game>; its rules are in companion/<game>.
package skeleton

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/companion"
	rules "boardside/docs/skeleton/companion/skeleton"
)

// Game is the game as the home screen lists it, for app/catalog's line.
// Name is printed as on the box; Blurb is English, with its German in
// assets/translations (a test checks).
func Game() *kit.Game {
	g := &kit.Game{ID: rules.Game, Name: "Skeleton",
		Blurb: "The template a new game starts from: a count, a button and undo."}
	g.Rules = rules.Rules
	g.NewState = func() companion.State { return rules.New() }
	g.Screen = func(u kit.Window, s *companion.Session) fyne.CanvasObject { return newScreen(u, g, s).content }
	g.Describe = describe
	return g
}

// screen is the game's one screen: the game bar (Home, Undo, ⋮), the count
// and Add one.
type screen struct {
	u       kit.Window
	s       *companion.Session
	content fyne.CanvasObject
	bar     *kit.GameBar
	count   *widget.Label
	add     *widget.Button
}

func newScreen(u kit.Window, g *kit.Game, s *companion.Session) *screen {
	sc := &screen{u: u, s: s}
	sc.bar = kit.NewGameBar(u, g, s, func(bool) {})
	sc.bar.Turn.Hide()
	sc.count = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	sc.count.SizeName = theme.SizeNameHeadingText
	sc.add = widget.NewButtonWithIcon(lang.L("Add one"), theme.ContentAddIcon(), func() {
		if err := s.Dispatch(&rules.Add{}); err != nil {
			u.ShowError(err)
		}
	})
	sc.add.Importance = widget.HighImportance
	sc.content = container.NewBorder(sc.bar.Content, container.NewPadded(sc.add), nil, nil, container.NewCenter(sc.count))
	sc.show(s.View())
	// Every change, from this device or another, comes as a view; the
	// watch stops when the player leaves the screen.
	u.SetLeave(s.Watch(func(v companion.View) { u.Do(func() { sc.show(v) }) }))
	return sc
}

// show renders the state.
func (sc *screen) show(v companion.View) {
	sc.bar.Refresh(v)
	sc.count.SetText(strconv.Itoa(v.State.(*rules.State).Count))
}

// describe is a log entry as the history lists it.
func describe(e companion.Entry) string {
	a, err := kit.DecodeEntry(rules.Rules, e)
	if err != nil {
		return e.Kind
	}
	switch a.(type) {
	case *rules.Add:
		return lang.L("Add one")
	}
	return e.Kind
}
