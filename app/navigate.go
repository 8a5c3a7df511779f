package app

import (
	"fyne.io/fyne/v2"

	"boardside/app/kit"
	"boardside/companion"
)

// Show replaces the screen. The screen that was showing stops first.
func (u *UI) Show(screen fyne.CanvasObject) {
	u.StopCurrent()
	u.setCurrent(screen)
}

// setCurrent puts screen in the window.
func (u *UI) setCurrent(screen fyne.CanvasObject) {
	u.Current = screen
	u.awayFromHome.Store(screen != u.home)
	u.Win.SetContent(u.inWindow(screen))
}

// OpenGame shows a game's screen, resuming its session or starting one.
func (u *UI) OpenGame(g *kit.Game) {
	if !g.Built() {
		u.prefs.SetOpenGame("")
		u.Show(newNotBuiltScreen(u, g).content)
		return
	}
	s := u.Session(g.ID)
	if s == nil {
		s = companion.New(g.Rules, g.NewState(), u.Clock)
		if err := companion.Attach(s, u.StoreFor(g.ID), u.OnSaveError); err != nil {
			u.OnSaveError(err)
			s.SaveTo(u.StoreFor(g.ID).Save, u.OnSaveError)
		}
		u.keepSession(g.ID, s)
	}
	u.prefs.SetOpenGame(g.ID)
	u.StopCurrent()
	u.setCurrent(g.Screen(u.GameWindow(), s)) // the screen may set u.leave
}

// StopCurrent stops the showing screen's timers and watchers.
func (u *UI) StopCurrent() {
	if u.Leave != nil {
		u.Leave()
		u.Leave = nil
	}
	u.KeepAwake(false)
}

// ShowHome returns to the home screen.
func (u *UI) ShowHome() {
	u.prefs.SetOpenGame("")
	forgetStartLink() // the player left the table the app was opened for
	h := newHomeScreen(u)
	u.home = h.content
	u.Show(h.content)
}

// back goes back from the screen showing, as the Back or Home button on
// its bar does: to the home screen (games are saved as they go). It says
// whether there was somewhere to go.
func (u *UI) back() bool {
	if u.Current == nil || u.Current == u.home {
		return false
	}
	u.ShowHome()
	return true
}

// SetSession makes s the game in progress of that game, attached to its
// save: tests start from a game whose decks are in a known order.
func (u *UI) SetSession(game string, s *companion.Session) error {
	if err := companion.Attach(s, u.StoreFor(game), u.OnSaveError); err != nil {
		return err
	}
	u.keepSession(game, s)
	return nil
}
