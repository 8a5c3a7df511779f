package app

import (
	"errors"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/companion"
)

// historyScreen lists a game's log, newest first, with an undo button.
type historyScreen struct {
	u       *UI
	g       *kit.Game
	s       *companion.Session
	content fyne.CanvasObject
	back    *widget.Button
	undo    *widget.Button
	list    *widget.List
	entries []companion.Entry // newest first
	shown   uint64            // the game's version the list shows
	stop    func()
}

func (u *UI) showHistory(g *kit.Game) {
	s := u.Session(g.ID)
	if s == nil {
		u.ShowHome()
		return
	}
	h := newHistoryScreen(u, g, s, func() { u.ShowHome() })
	u.Show(h.content)
}

func newHistoryScreen(u *UI, g *kit.Game, s *companion.Session, onBack func()) *historyScreen {
	h := &historyScreen{u: u, g: g, s: s}
	var bar fyne.CanvasObject
	bar, h.back = kit.BackBar(lang.L("History of {{.Game}}", map[string]any{"Game": g.Name}), func() {
		h.stop()
		onBack()
	})
	h.undo = widget.NewButtonWithIcon(lang.L("Undo"), theme.ContentUndoIcon(), h.onUndo)
	h.list = widget.NewList(
		func() int { return len(h.entries) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(h.line(h.entries[i])) },
	)
	h.refresh()
	h.stop = s.Watch(func(companion.View) { fyne.Do(h.refresh) })
	h.content = kit.NewBorder(container.NewVBox(bar, container.NewHBox(h.undo)), nil, h.list)
	return h
}

func (h *historyScreen) refresh() {
	log := h.s.Log()
	v := h.s.View()
	h.shown = v.Version
	h.entries = h.entries[:0]
	for i := len(log) - 1; i >= 0; i-- {
		h.entries = append(h.entries, log[i])
	}
	if v.CanUndo {
		h.undo.Enable()
	} else {
		h.undo.Disable()
	}
	h.list.Refresh()
}

// onUndo takes back the last action the list shows: where a device at the
// table acted since, it says so instead of taking back that action.
func (h *historyScreen) onUndo() {
	err := h.s.UndoAt(h.shown, nil)
	if errors.Is(err, companion.ErrStale) {
		err = companion.ErrFaster
	}
	if err != nil {
		h.u.ShowError(err)
	}
}

// line is one entry as the player reads it.
func (h *historyScreen) line(e companion.Entry) string {
	var what string
	switch {
	case e.Kind == companion.KindUndo:
		what = lang.L("Undo of step {{.Step}}", map[string]any{"Step": e.Undoes})
	case h.g.Describe != nil:
		what = h.g.Describe(e)
	default:
		what = e.Kind
	}
	line := fmt.Sprintf("%d · %s · %s", e.Seq, e.At.Local().Format("15:04:05"), what)
	if e.Undone {
		line += " · " + lang.L("(undone)")
	}
	return line
}
