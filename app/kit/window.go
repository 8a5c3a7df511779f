package kit

import (
	"io"
	"time"

	"fyne.io/fyne/v2"

	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

// Window is what the shell lends a game's screens: the window they show in
// and the few services they use there. A game holds this handle, never the
// shell, so it cannot open another game, the home screen or Settings.
type Window interface {
	// Win is the window, for dialogs and pop-ups over the game.
	Win() fyne.Window
	Clock() timers.Clock
	// Do runs f on the Fyne goroutine: fyne.Do, or a queue in tests.
	Do(f func())
	// ShowError tells the player why something was refused, in words.
	ShowError(err error)

	// Show puts one of the game's own screens (its data editor, its
	// history of sheets) in the game screen's place; OpenGame shows the
	// game's screen again, resuming its session.
	Show(screen fyne.CanvasObject)
	OpenGame(g *Game)
	// SetLeave sets what stops the showing screen's timers and watchers
	// when the player leaves it.
	SetLeave(stop func())
	// SetOnAway sets what runs when the app goes into the background
	// (ADELE's console covers itself then); nil runs nothing.
	SetOnAway(f func())
	// LeaveTable goes home from a table this device joined: it is not
	// joined again at the next start.
	LeaveTable()

	// KeepAwake keeps the screen on while a timer runs, as the player
	// chose in Settings.
	KeepAwake(timerRunning bool)
	// PlaySound plays a named sound (Sound…) unless sound is off.
	PlaySound(name string)
	// NotifyIfAway tells the device's notifications when Boardside is not
	// in front.
	NotifyIfAway(title, body string)
	// Announced says whether time's up of the timer with this deadline
	// was signalled in this run of the app; SetAnnounced records that it
	// was.
	Announced(deadline time.Time) bool
	SetAnnounced(deadline time.Time)

	// Store is one named save of the game's own (its owner's data, a
	// history of sheets), in the app's storage.
	Store(name string) companion.Store
	// SaveFile offers a file to save (a save dialog; a download in a
	// browser); OpenFile asks for one to read.
	SaveFile(name string, write func(io.Writer) error, refuse func(error))
	OpenFile(use func(name string, b []byte, err error))

	// InFlight is the device's action on its way to a host, from a
	// joined screen: one at a time.
	InFlight() *InFlight

	// Menu is what the game bar's buttons open; Plays the played games.
	Menu() Menu
	Plays() Plays
}

// Menu is what a game screen's bar opens in the shell: home, the history,
// a new game, and sharing the table.
type Menu interface {
	Home()
	History(g *Game, s *companion.Session)
	NewGame(g *Game)
	// Share shares s with the table and shows its code, or says why not.
	Share(g *Game, s *companion.Session)
	// Shared says whether s is shared with the table now; CanShare
	// whether this device can share g at all (a browser joins tables,
	// it cannot host one).
	Shared(g *Game, s *companion.Session) bool
	CanShare(g *Game) bool
}

// Plays is the log of played games, as a game's end panel uses it.
type Plays interface {
	Has(id string) bool
	// Keep puts p in the log; it says whether it could, and tells the
	// player why not.
	Keep(p plays.Play) bool
	// Names are the seats' names of a game's last play, which the next
	// one starts from; SetNames remembers them.
	Names(game string) []string
	SetNames(game string, names []string)
	// LogInBGStats sends p to BG Stats: it opens its link where BG Stats
	// can be reached from this device, else shows it as a code;
	// OpenBGStats does so with a link the host made.
	LogInBGStats(p plays.Play)
	OpenBGStats(link string)
}
