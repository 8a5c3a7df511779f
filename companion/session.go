package companion

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"boardside/timers"
)

// UndoDepth is how many accepted actions can be undone in a row.
const UndoDepth = 100

// KindUndo is the log kind of an undo.
const KindUndo = "undo"

// ErrNothingToUndo is returned by Undo when the stack is empty.
var ErrNothingToUndo = errors.New("there is nothing to undo")

// ErrNotUndoableHere is returned by UndoAt when the action the undo would
// take back is not one the asking device may undo (a secret one, say).
var ErrNotUndoableHere = errors.New("the last action cannot be undone from this device")

// Entry is one line of a session's log.
type Entry struct {
	Seq    int             `json:"seq"`
	At     time.Time       `json:"at"`
	Kind   string          `json:"kind"`
	Data   json.RawMessage `json:"data,omitempty"`
	Undone bool            `json:"undone,omitempty"`
	// Undoes is, for an undo entry, the Seq of the entry it took back.
	Undoes int `json:"undoes,omitempty"`
}

// snapshot is the state before an accepted action.
type snapshot struct {
	State json.RawMessage `json:"state"`
	Seq   int             `json:"seq"`
}

// View is what a watcher gets after each change. State must be treated as
// read-only: the session never changes a state it has handed out (every
// action works on a fresh copy), so a View is safe to read from any goroutine.
type View struct {
	Game    string
	Version uint64
	State   State
	CanUndo bool
	// UndoKind is the kind of the action the next undo would take back, ""
	// when there is none: devices that may only undo some kinds check it.
	UndoKind string
}

// Session is one game at one table.
type Session struct {
	rules *Rules
	clock timers.Clock

	mu    sync.Mutex
	state State
	// stateJSON is state's encoding, kept so that neither the next action's
	// copy nor the save has to marshal it again.
	stateJSON []byte
	version   uint64
	log       []Entry
	// logJSON holds each log entry already encoded: a save with a long log
	// then costs a copy, not a re-encoding.
	logJSON  [][]byte
	undo     []snapshot
	saver    func(data []byte) error
	saveErr  func(error)
	watchers map[int]func(View)
	nextW    int
}

// New starts a session with an initial state.
func New(rules *Rules, initial State, clock timers.Clock) *Session {
	return &Session{rules: rules, clock: clock, state: initial, watchers: map[int]func(View){}}
}

// Rules returns the game's rules.
func (s *Session) Rules() *Rules { return s.rules }

// View returns the current state and version.
func (s *Session) View() View {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.viewLocked()
}

func (s *Session) viewLocked() View {
	return View{Game: s.rules.Game, Version: s.version, State: s.state, CanUndo: len(s.undo) > 0, UndoKind: s.undoKindLocked()}
}

// undoKindLocked is the kind of the logged action the next Undo would
// take back; "" when there is nothing to undo. View carries it.
func (s *Session) undoKindLocked() string {
	if len(s.undo) == 0 {
		return ""
	}
	if i := s.undo[len(s.undo)-1].Seq - 1; i >= 0 && i < len(s.log) {
		return s.log[i].Kind
	}
	return ""
}

// Log returns a copy of the log, oldest first.
func (s *Session) Log() []Entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Entry(nil), s.log...)
}

// Watch calls f after every accepted action and undo, on the goroutine that
// made the change, after the watchers that began before it. It returns a
// function that stops watching.
func (s *Session) Watch(f func(View)) (stop func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.nextW
	s.nextW++
	s.watchers[id] = f
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.watchers, id)
	}
}

// SaveTo makes the session write itself through save after every change;
// a failed save is reported to onError and the change is kept in memory.
func (s *Session) SaveTo(save func(data []byte) error, onError func(error)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.saver, s.saveErr = save, onError
}

// ErrStale is returned by DispatchAt when the game changed since the
// version the sender saw.
var ErrStale = errors.New("the game has changed since you last saw it")

// Dispatch validates a and applies it. A refused action returns the game's
// explanation and leaves the session exactly as it was.
func (s *Session) Dispatch(a Action) error { return s.dispatch(a, nil, false) }

// DispatchAt applies a only if the session is still at version seen (a
// device at the table acting on what it showed); otherwise ErrStale.
func (s *Session) DispatchAt(seen uint64, a Action) error { return s.dispatch(a, &seen, false) }

// AmendAt applies a as DispatchAt does, as a part of the last action: one
// undo takes both back. What follows from an action on its own (the play
// recorded when an action ended the game) is made so, and so an undo of
// the end takes its record back with it, and nobody undoes twice.
// With nothing to undo it is a step of its own.
func (s *Session) AmendAt(seen uint64, a Action) error { return s.dispatch(a, &seen, true) }

// Now is the session's clock's instant, as an action would be given it.
func (s *Session) Now() time.Time { return s.clock.Now().Round(0) }

func (s *Session) dispatch(a Action, seen *uint64, amend bool) error {
	s.mu.Lock()
	if seen != nil && *seen != s.version {
		s.mu.Unlock()
		return ErrStale
	}
	before, err := s.stateJSONLocked()
	if err != nil {
		s.mu.Unlock()
		return err
	}
	next, err := s.decodeState(before)
	if err != nil {
		s.mu.Unlock()
		return err
	}
	now := s.clock.Now().Round(0)
	if err := next.Apply(a, Env{Now: now}); err != nil {
		s.mu.Unlock()
		return err
	}
	data, err := json.Marshal(a)
	if err != nil {
		s.mu.Unlock()
		return fmt.Errorf("record %q action: %w", a.Kind(), err)
	}
	nextJSON, err := json.Marshal(next)
	if err != nil {
		s.mu.Unlock()
		return fmt.Errorf("copy %s state: %w", s.rules.Game, err)
	}
	seq := len(s.log) + 1
	if !amend || len(s.undo) == 0 {
		s.undo = append(s.undo, snapshot{State: before, Seq: seq})
		if len(s.undo) > UndoDepth {
			s.undo = append(s.undo[:0:0], s.undo[len(s.undo)-UndoDepth:]...)
		}
	}
	s.appendLogLocked(Entry{Seq: seq, At: now, Kind: a.Kind(), Data: data})
	s.state, s.stateJSON = next, nextJSON
	s.version++
	s.afterChangeLocked() // unlocks
	return nil
}

// Undo restores the state before the last accepted action that has not
// been undone yet, random generator state included.
func (s *Session) Undo() error { return s.undoChecked(nil, nil) }

// UndoAt undoes like Undo, but only if the session is still at version
// seen (else ErrStale) and allowed accepts the kind of the action it would
// take back (else ErrNotUndoableHere): a device at the table undoing what
// it showed, and only what it may. Both checks and the undo happen under
// one lock, so no other change can slip in between.
func (s *Session) UndoAt(seen uint64, allowed func(kind string) bool) error {
	return s.undoChecked(&seen, allowed)
}

func (s *Session) undoChecked(seen *uint64, allowed func(kind string) bool) error {
	s.mu.Lock()
	if seen != nil && *seen != s.version {
		s.mu.Unlock()
		return ErrStale
	}
	if len(s.undo) == 0 {
		s.mu.Unlock()
		return ErrNothingToUndo
	}
	if allowed != nil && !allowed(s.undoKindLocked()) {
		s.mu.Unlock()
		return ErrNotUndoableHere
	}
	top := s.undo[len(s.undo)-1]
	prev, err := s.decodeState(top.State)
	if err != nil {
		s.mu.Unlock()
		return err
	}
	s.undo = s.undo[:len(s.undo)-1]
	s.state, s.stateJSON = prev, top.State
	// The action undone, and what amended it (AmendAt): every entry
	// since that is neither undone already nor an undo.
	for i := max(top.Seq-1, 0); i < len(s.log); i++ {
		if !s.log[i].Undone && s.log[i].Kind != KindUndo {
			s.log[i].Undone = true
			s.logJSON[i] = mustEncodeEntry(s.log[i])
		}
	}
	s.appendLogLocked(Entry{Seq: len(s.log) + 1, At: s.clock.Now().Round(0), Kind: KindUndo, Undoes: top.Seq})
	s.version++
	s.afterChangeLocked()
	return nil
}

// afterChangeLocked saves, then tells watchers; it releases s.mu.
func (s *Session) afterChangeLocked() {
	var saveErr error
	onErr := s.saveErr
	if s.saver != nil {
		data, err := s.encodeLocked()
		if err == nil {
			err = s.saver(data)
		}
		saveErr = err
	}
	v := s.viewLocked()
	// In the order they began watching: the log of played games, which
	// follows a session from its start, takes a game's end in before the
	// screen opened later draws it (a map's order put the screen first
	// about once in 40 changes, and the record panel then offered to save
	// a play already saved).
	watchers := make([]func(View), 0, len(s.watchers))
	for _, id := range slices.Sorted(maps.Keys(s.watchers)) {
		watchers = append(watchers, s.watchers[id])
	}
	s.mu.Unlock()
	if saveErr != nil && onErr != nil {
		onErr(saveErr)
	}
	for _, w := range watchers {
		w(v)
	}
}

// stateJSONLocked returns the current state's encoding.
func (s *Session) stateJSONLocked() ([]byte, error) {
	if s.stateJSON == nil {
		b, err := json.Marshal(s.state)
		if err != nil {
			return nil, fmt.Errorf("copy %s state: %w", s.rules.Game, err)
		}
		s.stateJSON = b
	}
	return s.stateJSON, nil
}

func (s *Session) appendLogLocked(e Entry) {
	s.log = append(s.log, e)
	s.logJSON = append(s.logJSON, mustEncodeEntry(e))
}

// mustEncodeEntry encodes a log entry; its fields are all plain data
// (Data was produced by json.Marshal), so this cannot fail.
func mustEncodeEntry(e Entry) []byte {
	b, err := json.Marshal(e)
	if err != nil {
		panic(fmt.Sprintf("encode log entry %d: %v", e.Seq, err))
	}
	return b
}

func (s *Session) decodeState(data []byte) (State, error) {
	st := s.rules.NewState()
	if err := json.Unmarshal(data, st); err != nil {
		return nil, fmt.Errorf("read %s state: %w", s.rules.Game, err)
	}
	return st, nil
}
