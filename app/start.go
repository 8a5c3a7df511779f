package app

import (
	"errors"
	"log"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"

	"boardside/app/kit"
	"boardside/app/uristore"
	"boardside/companion"
	"boardside/timers"
)

// New builds the UI in a new window and shows the screen the player left:
// the game that was open, or the home screen.
func New(a fyne.App, opt Options) *UI {
	opt = opt.withDefaults(a)
	u := &UI{
		app:       a,
		Win:       a.NewWindow(Name),
		prefs:     NewPrefs(a.Preferences()),
		Clock:     opt.Clock,
		root:      opt.Root,
		legacy:    opt.Legacy,
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
	// A phone that scanned a table's code: its join screen reads no saves;
	// and a browser's first visit, which has none to read: the storage is
	// opened and read after the first frame, which then comes sooner
	// (docs/performance.md, issue 44), or at the first screen's first tap
	// (gated), whichever is first.
	link := startLink()
	later := (link != "" && link != u.prefs.JoinedTable() || uristore.NothingSavedYet(u.root)) && afterFirstFrame(u.needSaves)
	var problems startProblems
	if !later {
		problems = u.openSaves()
	}
	u.showFirstScreen()
	u.watchPlatform()
	u.watchTyping()
	if !later {
		u.afterSaves(problems)
	}
	return u
}

// startProblems is what the player is told about the saves read at the
// start: saved games, the log of played games, the sharing.
type startProblems struct{ saves, plays, sharing []string }

// openSaves opens the storage and reads what was saved (readSaves).
func (u *UI) openSaves() startProblems {
	u.Saves = uristore.New(u.root)
	var p startProblems
	p.saves, p.plays, p.sharing = u.readSaves(u.legacy)
	startMark("go-saves-read")
	return p
}

// afterSaves tells the player what could not be read, and follows whether
// the browser keeps what is saved.
func (u *UI) afterSaves(p startProblems) {
	u.tell(lang.L("A saved game could not be read"), p.saves)
	u.tell(lang.L("Played games"), p.plays)
	u.tell(lang.L("Sharing"), p.sharing)
	u.watchKeeping()
}

// needSaves opens the storage and reads the saves where the start left
// that for later (New), before anything that reads or writes them: the
// join screen's Join and Back and the home screen's buttons (gated) call
// it first. On Fyne's goroutine.
func (u *UI) needSaves() {
	if u.Saves == nil {
		u.afterSaves(u.openSaves())
	}
}

// gated is f after needSaves: what the first screen's buttons do, where
// the saves may not have been read yet (New).
func (u *UI) gated(f func()) func() {
	return func() {
		u.needSaves()
		f()
	}
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
