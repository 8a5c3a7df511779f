package app

import (
	"errors"
	"net/url"
	"sort"
	"sync"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/app/uristore"
	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

// Options configure a UI; zero values pick the real thing.
type Options struct {
	// Root is the folder of Fyne's storage where the saves live (sessions,
	// owners' data, AquaSphere's history, sharing tokens); default: the
	// app's storage root, a.Storage().RootURI(): files on desktop and
	// mobile, IndexedDB in a browser (see app/uristore).
	Root fyne.URI
	// Legacy is the folder where an earlier version kept its saves as os
	// files; when it is not Root, they are copied into Root once. Default:
	// the folder earlier versions used, a.Storage().RootURI().Path(), which
	// on desktop and mobile is Root itself, so the saves are found in place
	// (in a browser, earlier versions could not save).
	Legacy fyne.URI
	Clock  timers.Clock // default: the system clock
	Games  []*kit.Game  // the home screen's tiles, in order (see app/catalog)
	// Sound plays a named sound; default: the embedded sounds via the
	// audio device. Tests record instead.
	Sound func(name string)
}

// UI is Boardside's window and the state of its navigation.
type UI struct {
	app   fyne.App
	Win   fyne.Window
	prefs *Prefs
	Clock timers.Clock
	// Saves is the storage, nil until the start has opened it (openSaves):
	// a phone opened from a table's link opens it after its first frame.
	Saves *uristore.Storage
	// root and legacy are where the saves are, and an earlier version's
	// (Options), for openSaves.
	root, legacy fyne.URI
	games        []*kit.Game

	sound func(name string)
	// Do runs f on the Fyne goroutine: fyne.Do, or a queue in tests.
	Do func(f func())

	// plays is the log of played games, which follows the games in progress.
	plays *plays.Book
	// OpenURL opens a link in the device's browser or the app that claims
	// it: the app's OpenURL, or a recorder in tests.
	OpenURL func(*url.URL) error
	// linksOpenHere is whether a link to BG Stats opens on this device (a
	// phone, or a browser), not on the phone beside a desktop.
	linksOpenHere bool

	mu         sync.Mutex
	sessions   map[string]*companion.Session // game ID → game in progress
	foreground bool
	// onAway runs when the app goes into the background (ADELE's console
	// covers itself then).
	onAway   func()
	expiries map[int64]bool // deadlines whose time's up was signalled
	hosts    map[string]*hosting
	// tableHosts are the tables this browser hosts over WebRTC, by game.
	tableHosts map[string]*tableHost

	Awake bool // screen blanking is off; Fyne goroutine only
	// awakeHow is how the platform said it keeps the screen on (awake.go),
	// and awakeNote the line that shows where it cannot.
	awakeHow  string
	awakeNote *widget.Label
	// inFlight is the action a joined screen sent that is on its way to
	// the host: one at a time.
	inFlight kit.InFlight
	// Leave stops the showing game screen's timers and watchers.
	Leave func()

	// Current is the screen showing; home is the home screen's when it
	// was the last one shown.
	Current, home fyne.CanvasObject
	// awayFromHome is whether a screen other than home shows, for the
	// platform's Back, which asks from outside the Fyne goroutine.
	awayFromHome atomic.Bool
}

// Window returns the main window.
func (u *UI) Window() fyne.Window { return u.Win }

// SetForeground tells the UI whether the app is in front: a time's up is
// notified only when it is not, and ADELE's console covers itself.
func (u *UI) SetForeground(f bool) {
	u.mu.Lock()
	u.foreground = f
	away := u.onAway
	u.mu.Unlock()
	if !f && away != nil {
		u.Do(away) // lifecycle hooks need not run on the UI goroutine
	}
}

// Game is the game with this ID, or nil.
func (u *UI) Game(id string) *kit.Game {
	for _, g := range u.games {
		if g.ID == id {
			return g
		}
	}
	return nil
}

// StoreFor is where a game's session is saved.
func (u *UI) StoreFor(gameID string) companion.Store {
	return u.Saves.Store("sessions/" + gameID + ".json")
}

// OnSaveError tells the player a save failed; it may run on any goroutine.
func (u *UI) OnSaveError(err error) {
	fyne.Do(func() {
		dialog.ShowError(errors.New(lang.L("This change could not be saved to disk. It stays in place while Boardside is open. Reason: {{.Reason}}",
			map[string]any{"Reason": err.Error()})), u.Win)
	})
}

// Session is the game in progress of that game, or nil.
func (u *UI) Session(gameID string) *companion.Session {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.sessions[gameID]
}

// inProgress lists the games with a session, most recently changed first.
func (u *UI) inProgress() []*kit.Game {
	type item struct {
		g  *kit.Game
		at int64
	}
	var items []item
	for _, g := range u.games {
		s := u.Session(g.ID)
		if s == nil {
			continue
		}
		var at int64
		if log := s.Log(); len(log) > 0 {
			at = log[len(log)-1].At.UnixNano()
		}
		items = append(items, item{g: g, at: at})
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].at > items[j].at })
	out := make([]*kit.Game, len(items))
	for i, it := range items {
		out[i] = it.g
	}
	return out
}

// underWay lists the games in progress that something has happened in,
// most recent first; or, when none has, the most recent game opened.
func (u *UI) underWay() []*kit.Game {
	games := u.inProgress()
	var out []*kit.Game
	for _, g := range games {
		if len(u.Session(g.ID).Log()) > 0 {
			out = append(out, g)
		}
	}
	if len(out) == 0 && len(games) > 0 {
		out = games[:1]
	}
	return out
}

// SetOnAway sets what runs when the app goes into the background (ADELE's
// console covers itself then); nil runs nothing.
func (u *UI) SetOnAway(f func()) {
	u.mu.Lock()
	u.onAway = f
	u.mu.Unlock()
}

// Sending says whether an action a joined screen sent is on its way to
// the host; once it is false, the host's answer has been drawn.
func (u *UI) Sending() bool { return u.inFlight.Sending() }

// Prefs are the player's settings.
func (u *UI) Prefs() *Prefs { return u.prefs }
