package app

import (
	"io"
	"time"

	"fyne.io/fyne/v2"

	"boardside/app/kit"
	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

// gameWindow is the handle the shell lends a game's screens (kit.Window):
// the window and the few services they use, and no way back to the UI.
// Its bar's menu (kit.Menu) and the played games (kit.Plays) are the
// shell's too.
type gameWindow struct{ u *UI }

// GameWindow is the handle a game's screens are built with; tests build a
// game's screen with it as the shell does.
func (u *UI) GameWindow() kit.Window { return gameWindow{u} }

func (w gameWindow) Win() fyne.Window                  { return w.u.Win }
func (w gameWindow) Clock() timers.Clock               { return w.u.Clock }
func (w gameWindow) Do(f func())                       { w.u.Do(f) }
func (w gameWindow) ShowError(err error)               { w.u.ShowError(err) }
func (w gameWindow) Show(screen fyne.CanvasObject)     { w.u.Show(screen) }
func (w gameWindow) OpenGame(g *kit.Game)              { w.u.OpenGame(g) }
func (w gameWindow) SetLeave(stop func())              { w.u.Leave = stop }
func (w gameWindow) SetOnAway(f func())                { w.u.SetOnAway(f) }
func (w gameWindow) LeaveTable()                       { w.u.leaveTable() }
func (w gameWindow) KeepAwake(timerRunning bool)       { w.u.KeepAwake(timerRunning) }
func (w gameWindow) PlaySound(name string)             { w.u.PlaySound(name) }
func (w gameWindow) NotifyIfAway(title, body string)   { w.u.notifyIfAway(title, body) }
func (w gameWindow) Announced(deadline time.Time) bool { return w.u.announced(deadline) }
func (w gameWindow) SetAnnounced(deadline time.Time)   { w.u.expiryAnnounced(deadline) }
func (w gameWindow) Store(name string) companion.Store { return w.u.Saves.Store(name) }
func (w gameWindow) InFlight() *kit.InFlight           { return &w.u.inFlight }
func (w gameWindow) Menu() kit.Menu                    { return gameMenu(w) }
func (w gameWindow) Plays() kit.Plays                  { return playedGames(w) }

func (w gameWindow) SaveFile(name string, write func(io.Writer) error, refuse func(error)) {
	w.u.SaveFile(name, write, refuse)
}

func (w gameWindow) OpenFile(use func(name string, b []byte, err error)) { w.u.openFile(use) }

// gameMenu is what a game bar's buttons open: the shell's screens.
type gameMenu gameWindow

func (m gameMenu) Home() { m.u.ShowHome() }

func (m gameMenu) History(g *kit.Game, s *companion.Session) {
	m.u.Show(newHistoryScreen(m.u, g, s, func() { m.u.OpenGame(g) }).content)
}

func (m gameMenu) NewGame(g *kit.Game) { m.u.NewGame(g) }

func (m gameMenu) Share(g *kit.Game, s *companion.Session) {
	if !canHost { // a browser: it hosts over WebRTC
		h, err := m.u.browserHost(g, s)
		if err != nil {
			m.u.ShowError(err)
			return
		}
		m.u.holdScreen(true) // a host whose screen sleeps ends the table
		m.u.Show(newTableHostScreen(m.u, g, h, func() { m.u.OpenGame(g) }).content)
		return
	}
	h, err := m.u.startSharing(g, s)
	if err != nil {
		m.u.ShowError(err)
		return
	}
	m.u.Show(newShareScreen(m.u, g, h, func() { m.u.OpenGame(g) }).content)
}

func (m gameMenu) Shared(g *kit.Game, s *companion.Session) bool {
	return m.u.shared(g.ID, s) || m.u.hostedHere(g.ID, s)
}

// CanShare: a program hosts over HTTP, a browser with WebRTC over data
// channels.
func (m gameMenu) CanShare(g *kit.Game) bool {
	return g.Share != nil && (canHost || peerLinksHere() != nil)
}

// playedGames is the device's log of played games, as a game's end panel
// uses it.
type playedGames gameWindow

func (p playedGames) Has(id string) bool { return p.u.plays.Has(id) }

func (p playedGames) Keep(pl plays.Play) bool {
	if err := p.u.plays.Keep(pl); err != nil {
		p.u.onPlaysError(err)
		return false
	}
	return true
}

func (p playedGames) Names(game string) []string { return p.u.prefs.PlayNames(game) }

func (p playedGames) SetNames(game string, names []string) { p.u.prefs.SetPlayNames(game, names) }

func (p playedGames) LogInBGStats(pl plays.Play) { p.u.logInBGStats(pl) }

func (p playedGames) OpenBGStats(link string) { p.u.openBGStats(link) }
