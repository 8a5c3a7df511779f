package kit

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/companion"
)

// The steps the games' screens take alike, each written once: a host's
// screen's bar and the Acts its taps go through, the view a render draws,
// the Live that renders it again; for the countdown games the flash, the
// alerts, the status line and the button that ends the game won; and the
// loading of an owner's own data. What a game shows between these steps
// is its own.

// NewScreenBar is a game screen's top bar (NewGameBar) and the Acts that
// every change the screen makes goes through, the bar's Undo among them.
func NewScreenBar(w Window, g *Game, s *companion.Session, onTurn func(rotated bool)) (*GameBar, *Acts) {
	bar := NewGameBar(w, g, s, onTurn)
	return bar, NewActs(w, s, bar)
}

// DrawView is the first step of a render: the game's view now, which acts
// records as the one drawn (a tap acts on it), and the bar's Undo in step
// with it. The screen then adds what its buttons mean (Acts.Means).
func DrawView(s *companion.Session, acts *Acts, bar *GameBar) companion.View {
	v := s.View()
	acts.Draw(v)
	bar.Refresh(v)
	return v
}

// GoLive renders a game screen now, and again whenever its game changes or
// render asks to (StartLive), until the player leaves the screen.
func GoLive(w Window, s *companion.Session, render func(now time.Time) (time.Duration, bool)) *Live {
	l := StartLive(w.Clock(), s, render)
	w.SetLeave(l.Stop)
	return l
}

// NewCountdownSignals is the flash that lies over a countdown's screen
// and the alerts its countdown gives; time's up is told as upTitle and
// upDetail when Boardside is in the background.
func NewCountdownSignals(w Window, upTitle, upDetail string) (*Flasher, *TimerAlerts) {
	flash := NewFlasher(w.Clock(), w.Do)
	return flash, NewTimerAlerts(w, flash, upTitle, upDetail)
}

// NewStatusLabel is the bold line under a countdown that says how the game
// stands. It wraps: "Der Sand ist um … abgelaufen: …" is longer than a
// phone is wide.
func NewStatusLabel() *widget.Label {
	l := widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameHeadingText
	l.Wrapping = fyne.TextWrapWord
	return l
}

// NewWinButton is the button that ends a game won: it asks question under
// title first, and calls won only on a yes.
func NewWinButton(w Window, text, title, question string, won func()) *widget.Button {
	b := widget.NewButtonWithIcon(text, theme.ConfirmIcon(), func() {
		dialog.ShowConfirm(title, question, func(ok bool) {
			if ok {
				won()
			}
		}, w.Win())
	})
	b.Importance = widget.SuccessImportance
	return b
}

// LoadGameData is a game's LoadData for an owner's own data file: the
// file kept for g.ID, read with parse and put to use (use) when it is
// valid; otherwise LoadOwnData moves it aside and says so.
func LoadGameData[D any](w Window, g *Game, parse func(name string, b []byte) (D, error), use func(*Game, D)) []string {
	return LoadOwnData(w, g.ID, g.Name, func(name string, b []byte) error {
		d, err := parse(name, b)
		if err == nil {
			use(g, d)
		}
		return err
	})
}

// UseGameData makes new and resumed games of g play on d: the rules that
// rules makes of it, and new states that newState makes of it.
func UseGameData[D any, S companion.State](g *Game, d D, rules func(D) *companion.Rules, newState func(D) S) {
	g.Rules = rules(d)
	g.NewState = func() companion.State { return newState(d) }
}
