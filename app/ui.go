package app

import (
	"errors"
	"log"
	"net/url"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
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
	Saves *uristore.Storage
	games []*kit.Game

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

// New builds the UI in a new window and shows the screen the player left:
// the game that was open, or the home screen.
func New(a fyne.App, opt Options) *UI {
	opt = opt.withDefaults(a)
	u := &UI{
		app:       a,
		Win:       a.NewWindow(Name),
		prefs:     NewPrefs(a.Preferences()),
		Clock:     opt.Clock,
		Saves:     uristore.New(opt.Root),
		games:     opt.Games,
		sessions:  map[string]*companion.Session{},
		expiries:  map[int64]bool{},
		hosts:     map[string]*hosting{},
		sound:     opt.Sound,
		awakeNote: newAwakeNote(),
		Do:        fyne.Do,
		OpenURL:   a.OpenURL,
		// A phone or tablet, and a browser (platform_web.go), hold BG Stats or
		// can reach it; a desktop shows the phone that has it a code.
		linksOpenHere: linksOpenHere || a.Driver().Device().IsMobile(),
		// Until the window says otherwise: notifications only when away.
		foreground: true,
	}
	u.watchWindow()
	kit.ApplyTheme(a, u.prefs.Theme())
	if !startSize.IsZero() {
		u.Win.Resize(startSize)
	}
	startMark("go-window-made")
	problems, playProblems, shareProblems := u.readSaves(opt.Legacy)
	startMark("go-saves-read")
	u.showFirstScreen()
	u.watchPlatform()
	u.watchTyping()
	u.tell(lang.L("A saved game could not be read"), problems)
	u.tell(lang.L("Played games"), playProblems)
	u.tell(lang.L("Sharing"), shareProblems)
	u.watchKeeping()
	return u
}

// withDefaults fills in what opt leaves out (see Options).
func (opt Options) withDefaults(a fyne.App) Options {
	if opt.Clock == nil {
		opt.Clock = timers.System{}
	}
	if opt.Sound == nil {
		opt.Sound = kit.SoundPlayer()
	}
	if opt.Root == nil {
		opt.Root = a.Storage().RootURI()
	}
	if opt.Legacy == nil && opt.Root.Scheme() == "file" {
		opt.Legacy = storage.NewFileURI(opt.Root.Path())
	}
	return opt
}

// watchWindow makes the UI follow its window and the app: closing the
// window stops the screen's timers and the sharing before the app exits
// (the sharing is remembered for the next start), and the app going into
// the background and back is told to SetForeground.
func (u *UI) watchWindow() {
	u.Win.SetOnClosed(func() {
		u.StopCurrent()
		u.closeHosts()
	})
	u.app.Lifecycle().SetOnEnteredForeground(func() { u.SetForeground(true) })
	u.app.Lifecycle().SetOnExitedForeground(func() { u.SetForeground(false) })
}

// readSaves reads what was saved: an earlier version's saves (copied from
// legacy once), the owners' data, the sessions, and the sharing to start
// again. It returns what the player should be told about the saves, the
// log of played games and the sharing.
func (u *UI) readSaves(legacy fyne.URI) (problems, playProblems, shareProblems []string) {
	u.importLegacy(legacy)
	// One listing says which of the dozen saves looked for are there: in
	// a browser, a first visit then asks IndexedDB for none of them.
	defer u.Saves.ListAll()()
	u.plays, playProblems = openPlayBook(u) // before the sessions, which it follows
	// Owners' own data, before the sessions that use it are decoded.
	for _, g := range u.games {
		if g.Built() && g.LoadData != nil {
			problems = append(problems, g.LoadData(u.GameWindow(), g)...)
		}
	}
	problems = append(problems, u.loadSessions()...)
	shareProblems = u.shareAgain() // before the game screen, which says it is shared
	return problems, playProblems, shareProblems
}

// showFirstScreen shows the screen the app starts on: the table of the
// link it was opened from, the game that was open, or the home screen.
func (u *UI) showFirstScreen() {
	if link := startLink(); link != "" {
		u.showJoinLink(link) // opened from a table's link: Join is one tap away
	} else if g := u.Game(u.prefs.OpenGame()); g != nil && g.Built() && u.Session(g.ID) != nil {
		u.OpenGame(g)
	} else {
		u.ShowHome()
	}
}

// tell shows the player each of texts, one dialog each, under title.
func (u *UI) tell(title string, texts []string) {
	for _, p := range texts {
		dialog.ShowInformation(title, p, u.Win)
	}
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

// importLegacy copies, once, the saves an earlier version kept as files in
// the folder from, when that is not where saves live now, and says so in
// the log.
func (u *UI) importLegacy(from fyne.URI) {
	if from == nil || from.String() == u.Saves.Root().String() {
		return
	}
	copied, err := u.Saves.Import(from, u.Clock.Now())
	if len(copied) > 0 {
		log.Printf("Boardside: copied the saves of an earlier version from %s to %s: %s", from, u.Saves.Root(), strings.Join(copied, ", "))
	}
	if err != nil {
		fyne.LogError("Boardside could not copy the saves of an earlier version from "+from.String(), err)
	}
}

// loadSessions opens every built game's saved session. Files that cannot be
// read are moved aside; the returned texts tell the player about each.
func (u *UI) loadSessions() []string {
	var problems []string
	for _, g := range u.games {
		if !g.Built() {
			continue
		}
		s, err := companion.Open(u.StoreFor(g.ID), g.Rules, u.Clock, u.OnSaveError)
		var aside *companion.SetAsideError
		switch {
		case errors.As(err, &aside):
			problems = append(problems, lang.L("The saved game of {{.Game}} could not be read, so it starts anew. The file was kept as {{.Path}}. Reason: {{.Reason}}",
				map[string]any{"Game": g.Name, "Path": aside.Path, "Reason": aside.Cause.Error()}))
		case err != nil:
			problems = append(problems, err.Error())
		case s != nil:
			u.keepSession(g.ID, s) // a play recorded but not yet in the log goes in
		}
	}
	return problems
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

// SetOnAway sets what runs when the app goes into the background (ADELE's
// console covers itself then); nil runs nothing.
func (u *UI) SetOnAway(f func()) {
	u.mu.Lock()
	u.onAway = f
	u.mu.Unlock()
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

// Sending says whether an action a joined screen sent is on its way to
// the host; once it is false, the host's answer has been drawn.
func (u *UI) Sending() bool { return u.inFlight.Sending() }

// Prefs are the player's settings.
func (u *UI) Prefs() *Prefs { return u.prefs }
