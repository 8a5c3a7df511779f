package app

import (
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"time"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"boardside/companion"
	"boardside/companion/plays"
)

// Every game ends in a record: a game's RecordPlay action (Game.RecordPlay)
// puts the play in the game's state, saved and undone with the game like
// any other action, and the device's log of played games (plays.Log, kept
// as plays.FileName at the root of the app's storage) follows the games
// here, in one place: a play recorded goes into the log, a record undone
// comes out of it, and at start a game that recorded a play the log lacks
// (Boardside stopped between the two saves) puts it there.

// playState is a game's state that ends in a play: each game's rules
// offer these (companion/<game>/play.go).
type playState interface {
	// Recorded is the play RecordPlay recorded, if the game has been.
	Recorded() (plays.Play, bool)
	// Play is the game as it ended at now, before it is recorded too; an
	// error while the game goes on.
	Play(now time.Time) (plays.Play, error)
}

// kindRecordPlay is the kind of every game's RecordPlay action.
const kindRecordPlay = "recordPlay"

// recordedIn is the play a game's state recorded, if it has one.
func recordedIn(st companion.State) (plays.Play, bool) {
	ps, ok := st.(playState)
	if !ok {
		return plays.Play{}, false
	}
	return ps.Recorded()
}

// givenRecord is what a RecordPlay action in a session's log was given:
// the games' RecordPlay actions share these fields (JSON finds them
// whatever the case of their names).
type givenRecord struct {
	ID    string
	Names []string
	Roles []string
	Adele string
}

// lastRecord is what the RecordPlay that recorded play id was given: the
// last one in the session's log not undone.
func lastRecord(s *companion.Session, id string) (givenRecord, bool) {
	log := s.Log()
	for i := len(log) - 1; i >= 0; i-- {
		e := log[i]
		if e.Kind != kindRecordPlay || e.Undone {
			continue
		}
		var r givenRecord
		if json.Unmarshal(e.Data, &r) == nil && r.ID == id {
			return r, true
		}
	}
	return givenRecord{}, false
}

// playBook is the log of played games on this device and the games it
// follows.
type playBook struct {
	// log is nil when it could not be read at all (the storage failed):
	// the games still record their plays, and the next start puts them in.
	log     *plays.Log
	prefs   *Prefs
	onError func(error) // any goroutine
	mu      sync.Mutex
	seen    map[*companion.Session]*followed
}

// followed is a game the log follows: the play its state recorded when
// the log last looked, and how to stop looking.
type followed struct {
	play     plays.Play
	recorded bool
	key      string // the play's JSON: a record made again with other names differs
	stop     func()
}

// errNoLog is why a play is not in a log that could not be read.
var errNoLog = errors.New("the log of played games could not be read")

// openPlayBook reads the log of played games from storage. It returns
// what the player must be told: a log set aside, or one not read at all.
func openPlayBook(u *UI) (*playBook, []string) {
	b := &playBook{prefs: u.prefs, onError: u.onPlaysError, seen: map[*companion.Session]*followed{}}
	log, err := plays.Open(u.Saves.Store(plays.FileName))
	b.log = log
	var aside *plays.SetAsideError
	switch {
	case errors.As(err, &aside):
		return b, []string{lang.L("The played games could not be read, so a new list was begun. The file was kept as {{.Path}}. Reason: {{.Reason}}",
			map[string]any{"Path": aside.Path, "Reason": aside.Cause.Error()})}
	case err != nil:
		return b, []string{lang.L("The played games could not be read. Reason: {{.Reason}}", map[string]any{"Reason": err.Error()})}
	}
	return b, nil
}

// onPlaysError tells the player the log of played games could not be
// saved; it may run on any goroutine.
func (u *UI) onPlaysError(err error) {
	u.Do(func() {
		dialog.ShowError(errors.New(lang.L("The played games could not be saved. Reason: {{.Reason}}", map[string]any{"Reason": lang.L(err.Error())})), u.Win)
	})
}

// follow keeps the log in step with s from now on, and puts right now what
// a stop between two saves left behind: s's recorded play goes into the
// log (unless the player deleted it there), and a play whose record s
// undid comes out.
func (b *playBook) follow(s *companion.Session) {
	if _, ok := s.View().State.(playState); !ok {
		return // a game that records no plays
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.seen[s]; ok {
		return
	}
	p, recorded := recordedIn(s.View().State)
	f := &followed{play: p, recorded: recorded, key: playKey(p, recorded)}
	b.seen[s] = f
	if recorded && !b.hasLocked(p.ID) && !b.prefs.PlayDeleted(p.ID) {
		b.addLocked(p)
	}
	for _, id := range undoneRecords(s) {
		if (!recorded || id != p.ID) && b.hasLocked(id) {
			b.deleteLocked(id)
		}
	}
	f.stop = s.Watch(func(companion.View) { b.sync(s) })
}

// undoneRecords are the IDs of the plays that s's undone RecordPlay
// actions recorded.
func undoneRecords(s *companion.Session) []string {
	var ids []string
	for _, e := range s.Log() {
		if e.Kind != kindRecordPlay || !e.Undone {
			continue
		}
		var r givenRecord
		if json.Unmarshal(e.Data, &r) == nil && r.ID != "" && !slices.Contains(ids, r.ID) {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// unfollow stops following s: its game was replaced by a new one. Its
// play stays in the log.
func (b *playBook) unfollow(s *companion.Session) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if f, ok := b.seen[s]; ok {
		f.stop()
		delete(b.seen, s)
	}
}

// sync follows a change of s: a play recorded, recorded again with other
// names, or undone. It reads the session as it is now, so changes that
// reach it out of order (two devices at once) end where the game is.
func (b *playBook) sync(s *companion.Session) {
	b.mu.Lock()
	defer b.mu.Unlock()
	f, ok := b.seen[s]
	if !ok {
		return
	}
	p, recorded := recordedIn(s.View().State)
	key := playKey(p, recorded)
	if key == f.key {
		return
	}
	if f.recorded && (!recorded || f.play.ID != p.ID) {
		b.deleteLocked(f.play.ID)
	}
	if recorded {
		b.prefs.ForgetPlayDeleted(p.ID) // recorded anew: the player wants it kept
		b.addLocked(p)
	}
	f.play, f.recorded, f.key = p, recorded, key
}

// playKey tells one record of a play from another.
func playKey(p plays.Play, recorded bool) string {
	if !recorded {
		return ""
	}
	b, _ := json.Marshal(p)
	return string(b)
}

func (b *playBook) addLocked(p plays.Play) {
	if b.log == nil {
		b.onError(errNoLog)
		return
	}
	if err := b.log.Add(p); err != nil {
		b.onError(err)
	}
}

func (b *playBook) deleteLocked(id string) {
	if b.log == nil {
		return
	}
	if err := b.log.Delete(id); err != nil {
		b.onError(err)
	}
}

func (b *playBook) hasLocked(id string) bool {
	if b.log == nil {
		return false
	}
	for _, p := range b.log.Plays() {
		if p.ID == id {
			return true
		}
	}
	return false
}

// has reports whether the log holds the play with this ID.
func (b *playBook) has(id string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.hasLocked(id)
}

// keep puts p in the log, as the player asked on a game's record panel:
// a play deleted from the log before comes back.
func (b *playBook) keep(p plays.Play) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.log == nil {
		return errNoLog
	}
	b.prefs.ForgetPlayDeleted(p.ID)
	return b.log.Add(p)
}

// remove deletes a play from the log, as the player asked on the played
// games' screen: a game that still holds its record does not put it back.
func (b *playBook) remove(id string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.log == nil {
		return errNoLog
	}
	if err := b.log.Delete(id); err != nil {
		return err
	}
	b.prefs.SetPlayDeleted(id)
	return nil
}

// all is every play in the log, newest first.
func (b *playBook) all() []plays.Play {
	if b.log == nil {
		return nil
	}
	return b.log.Plays()
}

// keepSession makes s the game in progress of gameID and has the log of
// played games follow it (and no longer the game it replaces).
func (u *UI) keepSession(gameID string, s *companion.Session) {
	u.mu.Lock()
	old := u.sessions[gameID]
	u.sessions[gameID] = s
	u.mu.Unlock()
	if old != nil && old != s {
		u.plays.unfollow(old)
	}
	u.plays.follow(s)
}

// dropSession ends the game in progress of gameID (a new game replaces
// it); its play, if it recorded one, stays in the log.
func (u *UI) dropSession(gameID string) {
	u.mu.Lock()
	old := u.sessions[gameID]
	delete(u.sessions, gameID)
	u.mu.Unlock()
	if old != nil {
		u.plays.unfollow(old)
	}
}
