package kit

import (
	"errors"
	"strconv"

	"boardside/companion"
)

// Acts is how a host's game screen changes its game, in one place: a tap
// acts on the version of the game the screen drew (DispatchAt), so when a
// phone or a joined app changed the game first the session refuses it
// rather than apply it on top; and a button whose meaning such a change
// has just changed takes no tap for half a second (companion.Shown), since the
// finger was on its way to what the screen showed before. Either way the
// player reads "Someone was faster: look again". The screen's own taps
// re-arm nothing.
type Acts struct {
	w     Window
	s     *companion.Session
	shown *companion.Shown
}

// NewActs acts on s for a screen whose top bar is bar (nil for none): the
// bar's Undo acts on the version drawn too.
func NewActs(w Window, s *companion.Session, bar *GameBar) *Acts {
	a := &Acts{w: w, s: s, shown: companion.NewShown(w.Clock())}
	if bar != nil {
		bar.Undo.OnTapped = a.Undo
	}
	return a
}

// Draw records the view a render draws; call it first in every render.
// Undo means "take back this last action", so any change made elsewhere
// re-arms it.
func (a *Acts) Draw(v companion.View) {
	a.shown.Draw(v.Version)
	a.shown.Means("undo", v.UndoKind+" "+strconv.FormatUint(v.Version, 10))
}

// Means records what each button does on the screen drawn, by the kind of
// the action it sends: the part of the state that action depends on.
func (a *Acts) Means(meanings map[string]string) {
	for id, what := range meanings {
		a.shown.Means(id, what)
	}
}

// Version is the version of the game the screen drew last (or its own
// last action made).
func (a *Acts) Version() uint64 { return a.shown.Version() }

// Dispatch applies act, tapped on the button that sends its kind, to the
// game as the screen showed it, and says why not where it is refused.
func (a *Acts) Dispatch(act companion.Action) {
	seen, err := a.shown.Tap(act.Kind())
	if err == nil {
		if err = a.s.DispatchAt(seen, act); err == nil {
			a.actedThrough(seen)
		}
	}
	a.refused(err)
}

// actedThrough says the screen's action at seen was applied, with what
// followed from it before DispatchAt returned (the play recorded as part
// of a game's end, companion.Session.AmendAt): those changes are the
// screen's own too, and re-arm nothing.
func (a *Acts) actedThrough(seen uint64) {
	now := a.s.View().Version
	for v := seen; v < now; v++ {
		a.shown.Acted(v)
	}
}

// Undo takes back the game's last action, the one the screen showed.
func (a *Acts) Undo() {
	seen, err := a.shown.Tap("undo")
	if err == nil {
		if err = a.s.UndoAt(seen, nil); err == nil {
			a.shown.Acted(seen)
		}
	}
	a.refused(err)
}

func (a *Acts) refused(err error) {
	if errors.Is(err, companion.ErrStale) {
		err = companion.ErrFaster
	}
	if err != nil {
		a.w.ShowError(err)
	}
}
