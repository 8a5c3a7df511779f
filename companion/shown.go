package companion

import (
	"errors"
	"sync"
	"time"

	"boardside/timers"
)

// The tap guard: what a screen shows of a game, so that a tap acts on the
// version the player saw. It lives with the session's versions, so a local
// tap never passes through the network's package; a joined device's screen
// uses the same guard on the host's versions.

// ErrFaster is what a device says when another device changed the table
// under its player's finger: the tap was not applied. A session refuses an
// action on an old version (ErrStale, a host's 409); a Shown refuses a tap on a button
// whose meaning a change made elsewhere has just changed.
var ErrFaster = errors.New("someone was faster: look again")

// ArmTime is how long a button whose meaning a change made elsewhere has
// just changed takes no tap, as the web viewer's buttons do: a player who
// taps within it acted on what the screen showed before.
const ArmTime = 500 * time.Millisecond

// Shown is what a device's screen shows of a table: the version it drew
// and what each of its buttons meant there. A tap acts on that version,
// not on a newer one the device holds but has not drawn, so the host
// refuses it if the table moved on (ErrFaster). And a change made
// elsewhere (another device's action) re-arms each button whose meaning
// it changed: for ArmTime that button refuses taps with ErrFaster, since a
// finger on its way saw the button as it was. Changes the device made
// itself re-arm nothing.
//
// Screens call Draw and Means as they render, the taps' handlers Tap, and
// Acted when an action they sent was applied. Safe for any goroutine.
type Shown struct {
	clock timers.Clock

	mu      sync.Mutex
	version uint64
	buttons map[string]*meaning
	own     map[uint64]bool // versions this device's own actions made
}

// meaning is what a button does, and the last change of it.
type meaning struct {
	what    string
	changed time.Time
	by      uint64 // the version that changed it; 0 for none yet
}

// NewShown is a screen that has drawn nothing yet.
func NewShown(clock timers.Clock) *Shown {
	return &Shown{clock: clock, buttons: map[string]*meaning{}, own: map[uint64]bool{}}
}

// Draw says the screen now shows the table at version; call it before the
// render's Means.
func (s *Shown) Draw(version uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version = version
}

// Version is the version the screen shows.
func (s *Shown) Version() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.version
}

// Means records what button id does on the screen just drawn: the part of
// the state its action depends on, so that another device's change of
// that part re-arms it, and a change elsewhere does not.
func (s *Shown) Means(id, what string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.buttons[id]
	if m == nil {
		s.buttons[id] = &meaning{what: what} // a button's first meaning is no change
		return
	}
	if m.what != what {
		m.what, m.changed, m.by = what, s.clock.Now(), s.version
	}
}

// Acted says this device's action, made at version seen, was applied: the
// table is at seen+1 by its own hand. Its next tap acts on that, though
// the screen may not have drawn it yet, and the buttons it changed are
// not re-armed.
func (s *Shown) Acted(seen uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.own[seen+1] = true
	if len(s.own) > 64 { // only recent changes can still re-arm a button
		for v := range s.own {
			if v+64 < seen {
				delete(s.own, v)
			}
		}
	}
	if s.version == seen {
		s.version = seen + 1
	}
}

// Press is a finger on a button: the version the screen showed and what
// the button meant when it went down.
type Press struct {
	s       *Shown
	id      string
	version uint64
	what    string
	at      time.Time
}

// Down is a finger going down on button id.
func (s *Shown) Down(id string) Press {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := Press{s: s, id: id, version: s.version, at: s.clock.Now()}
	if m := s.buttons[id]; m != nil {
		p.what = m.what
	}
	return p
}

// Up is the finger lifting: the tap counts, on the version shown when it
// went down, unless a change made elsewhere changed the button's meaning
// under the finger or less than ArmTime ago; then ErrFaster.
func (p Press) Up() (version uint64, err error) {
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.buttons[p.id]
	if m != nil && m.by != 0 && !s.own[m.by] &&
		(m.what != p.what || s.clock.Now().Sub(m.changed) < ArmTime) {
		return 0, ErrFaster
	}
	return p.version, nil
}

// Tap is a tap on button id where only its end is seen (a Fyne button's
// Tapped): down and up at once. The re-arming covers a finger that went
// down before a change made elsewhere arrived.
func (s *Shown) Tap(id string) (version uint64, err error) { return s.Down(id).Up() }
