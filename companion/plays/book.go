package plays

import (
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"time"

	"boardside/companion"
	"boardside/timers"
)

// Every game ends in a record: a game's RecordPlay action puts the play in
// the game's state, saved and undone with the game like any other action,
// and a host's log of played games follows its games in a Book, in one
// place for the app and for boardside serve alike: a play recorded goes
// into the log, a record undone comes out of it, and when a game is
// followed (at start) a record the log lacks (the host stopped between the
// game's save and the log's) is put there.

// Ended is a game's state that ends in a play: each game's rules offer
// these (companion/<game>/play.go).
type Ended interface {
	// Recorded is the play RecordPlay recorded, if the game has been.
	Recorded() (Play, bool)
	// Play is the game as it ended at now, before it is recorded too; an
	// error while the game goes on.
	Play(now time.Time) (Play, error)
}

// Recorder is a game's state that is recorded when it ends: its
// RecordPlay action, made from what a record is given. Every game offers
// it (companion/<game>/play.go); the Book records a followed game with it
// the moment the game ends, so nobody has to remember to.
type Recorder interface {
	Ended
	RecordAction(g Given) companion.Action
}

// Timed is a game that can end by time alone (the sand runs out, time is
// up): how long until it does, while its timer runs. The Book records it
// then, with no action to end it.
type Timed interface {
	EndsIn(now time.Time) (time.Duration, bool)
}

// KindRecordPlay is the kind of every game's RecordPlay action.
const KindRecordPlay = "recordPlay"

// RecordedIn is the play a game's state recorded, if it has one.
func RecordedIn(st companion.State) (Play, bool) {
	e, ok := st.(Ended)
	if !ok {
		return Play{}, false
	}
	return e.Recorded()
}

// Given is the one record of a play a game is given, whoever gives it:
// the Book at the game's end, the app's record panel, a phone's names
// (each game's RecordAction makes its RecordPlay of it). It is also what a
// RecordPlay action in a session's log was given: the games' RecordPlay
// actions share these fields (JSON finds them whatever the case of their
// names).
type Given struct {
	ID    string   // the play's (NewID); kept when it is recorded again
	Names []string // the players' names, in the seats' order
	Roles []string // Roles[i] is Names[i]'s role; nil where the seats have none
	Adele string   // ADELE: which of Names played ADELE; "" for none
}

// LastGiven is what the RecordPlay that recorded play id was given: the
// last one in the session's log not undone.
func LastGiven(s *companion.Session, id string) (Given, bool) {
	log := s.Log()
	for i := len(log) - 1; i >= 0; i-- {
		e := log[i]
		if e.Kind != KindRecordPlay || e.Undone {
			continue
		}
		var r Given
		if json.Unmarshal(e.Data, &r) == nil && r.ID == id {
			return r, true
		}
	}
	return Given{}, false
}

// Deleted remembers the plays a player deleted from the log, so that a
// game that still holds its record does not put it back at the next start
// (the app keeps them in its preferences).
type Deleted interface {
	PlayDeleted(id string) bool
	SetPlayDeleted(id string)
	ForgetPlayDeleted(id string)
}

// noneDeleted is Deleted for a host that keeps no memory of deletions.
type noneDeleted struct{}

func (noneDeleted) PlayDeleted(string) bool  { return false }
func (noneDeleted) SetPlayDeleted(string)    {}
func (noneDeleted) ForgetPlayDeleted(string) {}

// ErrNoLog is why a play is not in a log that could not be read.
var ErrNoLog = errors.New("the log of played games could not be read")

// Book is a host's log of played games and the games it follows.
type Book struct {
	// log is nil when it could not be read at all (the storage failed):
	// the games still record their plays, and the next start puts them in.
	log     *Log
	deleted Deleted
	onError func(error) // any goroutine
	// OnKept, when set before the first Follow, is told of each play a
	// followed game put into the log (recorded, or recorded again with
	// other names), on the goroutine of the change: boardside serve prints
	// it.
	OnKept func(Play)
	// RecordAtEnd, when set before the first Follow, records a followed
	// game the moment it ends (see record). boardside serve sets it; the
	// app still records on its panel's Save until the panel only shows
	// and edits the record.
	RecordAtEnd bool
	// Clock, when set with RecordAtEnd, wakes the book when a followed
	// game's timer runs out (Timed), to record it then.
	Clock timers.Clock
	mu    sync.Mutex
	seen  map[*companion.Session]*followed
}

// followed is a game the log follows: the play its state recorded when
// the log last looked, and how to stop looking.
type followed struct {
	play     Play
	recorded bool
	key      string // the play's JSON: a record made again with other names differs
	stop     func()
	alarm    timers.Stopper // wakes the book when the game's timer runs out
}

// NewBook follows games into log (nil when it could not be read: then
// every play is reported to onError as ErrNoLog). deleted may be nil.
// onError is told of a log that could not be saved, on any goroutine.
func NewBook(log *Log, deleted Deleted, onError func(error)) *Book {
	if deleted == nil {
		deleted = noneDeleted{}
	}
	if onError == nil {
		onError = func(error) {}
	}
	return &Book{log: log, deleted: deleted, onError: onError, seen: map[*companion.Session]*followed{}}
}

// Log is the log the book keeps; nil when it could not be read.
func (b *Book) Log() *Log { return b.log }

// Follow keeps the log in step with s from now on, and puts right now
// what a stop between two saves left behind: s's recorded play goes into
// the log (unless a player deleted it there), and a play whose record s
// undid comes out.
func (b *Book) Follow(s *companion.Session) {
	if _, ok := s.View().State.(Ended); !ok {
		return // a game that records no plays
	}
	b.mu.Lock()
	if _, ok := b.seen[s]; ok {
		b.mu.Unlock()
		return
	}
	p, recorded := RecordedIn(s.View().State)
	f := &followed{play: p, recorded: recorded, key: Key(p, recorded)}
	b.seen[s] = f
	if recorded && !b.hasLocked(p.ID) && !b.deleted.PlayDeleted(p.ID) {
		b.addLocked(p)
	}
	for _, id := range undoneRecords(s) {
		if (!recorded || id != p.ID) && b.hasLocked(id) {
			b.deleteLocked(id)
		}
	}
	f.stop = s.Watch(func(companion.View) { b.sync(s) })
	b.mu.Unlock()
	if !recorded {
		b.record(s) // the game ended while nobody followed it
	}
	b.wake(s)
}

// wake sets the alarm for when s's timer runs out, if it runs, in place of
// the one set before.
func (b *Book) wake(s *companion.Session) {
	if !b.RecordAtEnd || b.Clock == nil {
		return
	}
	t, ok := s.View().State.(Timed)
	if !ok {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	f, ok := b.seen[s]
	if !ok {
		return
	}
	if f.alarm != nil {
		f.alarm.Stop()
		f.alarm = nil
	}
	if d, running := t.EndsIn(b.Clock.Now()); running && !f.recorded {
		f.alarm = b.Clock.AfterFunc(d+time.Millisecond, func() { b.record(s) })
	}
}

// undoneRecords are the IDs of the plays that s's undone RecordPlay
// actions recorded.
func undoneRecords(s *companion.Session) []string {
	var ids []string
	for _, e := range s.Log() {
		if e.Kind != KindRecordPlay || !e.Undone {
			continue
		}
		var r Given
		if json.Unmarshal(e.Data, &r) == nil && r.ID != "" && !slices.Contains(ids, r.ID) {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// Unfollow stops following s: its game was replaced by a new one. Its
// play stays in the log.
func (b *Book) Unfollow(s *companion.Session) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if f, ok := b.seen[s]; ok {
		f.stop()
		if f.alarm != nil {
			f.alarm.Stop()
		}
		delete(b.seen, s)
	}
}

// sync follows a change of s: a play recorded, recorded again with other
// names, or undone. It reads the session as it is now, so changes that
// reach it out of order (two devices at once) end where the game is.
func (b *Book) sync(s *companion.Session) {
	b.mu.Lock()
	f, ok := b.seen[s]
	if !ok {
		b.mu.Unlock()
		return
	}
	p, recorded := RecordedIn(s.View().State)
	key := Key(p, recorded)
	if key == f.key {
		b.mu.Unlock()
		if !recorded {
			b.record(s) // the change may have ended the game
		}
		b.wake(s)
		return
	}
	if f.recorded && (!recorded || f.play.ID != p.ID) {
		b.deleteLocked(f.play.ID)
	}
	kept := false
	if recorded {
		b.deleted.ForgetPlayDeleted(p.ID) // recorded anew: the players want it kept
		kept = b.addLocked(p)
	}
	f.play, f.recorded, f.key = p, recorded, key
	onKept := b.OnKept
	b.mu.Unlock()
	if kept && onKept != nil {
		onKept(p)
	}
	if !recorded {
		b.record(s)
	}
	b.wake(s)
}

// record records s's play, once it has ended: as part of the action that
// ended it (companion.Session.AmendAt: one undo takes both back), or, for
// a game that ran out of time since its last change, as a change of its
// own. The names are those of the last play of the game in the log; names
// the game refuses (ADELE with another number of players) leave the play
// without names, which any device may give it afterwards. A game that
// ended by an undo (the record just undone, say) is left as the players
// made it; a game not yet recorded at start (the host stopped between its
// end and the record) is recorded then.
func (b *Book) record(s *companion.Session) {
	if !b.RecordAtEnd {
		return
	}
	v := s.View()
	r, ok := v.State.(Recorder)
	if !ok {
		return
	}
	if _, recorded := r.Recorded(); recorded {
		return
	}
	p, err := r.Play(s.Now())
	if err != nil {
		return // the game goes on
	}
	// Ended by the last change, the record is part of it; unless that
	// change was an undo: then the players made the game so. Ended by
	// time since, the record is a change of its own.
	log := s.Log()
	apply := s.DispatchAt
	if len(log) > 0 {
		last := log[len(log)-1]
		if _, err := r.Play(last.At); err == nil {
			if last.Kind == companion.KindUndo {
				return
			}
			apply = s.AmendAt
		}
	}
	g := b.lastNames(p.Game)
	g.ID = NewID()
	err = apply(v.Version, r.RecordAction(g))
	if err != nil && !errors.Is(err, companion.ErrStale) && len(g.Names) > 0 {
		err = apply(v.Version, r.RecordAction(Given{ID: g.ID}))
	}
	if err != nil && !errors.Is(err, companion.ErrStale) {
		b.onError(err) // a stale version: the change since is followed anew
	}
}

// lastNames are the names of the last play of game in the log that has
// any, and who of them played ADELE.
func (b *Book) lastNames(game string) Given {
	for _, p := range b.Plays() {
		if p.Game == game && len(p.Players) > 0 {
			return p.Named()
		}
	}
	return Given{}
}

// Named is what play p is named as: its players' names in order, and who
// of them played ADELE; without ID or roles. A device that has only the
// play (a joined app, from the public state) shows and gives back these.
func (p Play) Named() Given {
	var g Given
	for _, pl := range p.Players {
		g.Names = append(g.Names, pl.Name)
		if pl.Role == "ADELE" { // the role ADELE's play gives its player (companion/adele.RoleAdele)
			g.Adele = pl.Name
		}
	}
	return g
}

// Key tells one record of a play from another.
func Key(p Play, recorded bool) string {
	if !recorded {
		return ""
	}
	data, _ := json.Marshal(p)
	return string(data)
}

func (b *Book) addLocked(p Play) bool {
	if b.log == nil {
		b.onError(ErrNoLog)
		return false
	}
	if err := b.log.Add(p); err != nil {
		b.onError(err)
		return false
	}
	return true
}

func (b *Book) deleteLocked(id string) {
	if b.log == nil {
		return
	}
	if err := b.log.Delete(id); err != nil {
		b.onError(err)
	}
}

func (b *Book) hasLocked(id string) bool {
	if b.log == nil {
		return false
	}
	return b.log.Has(id)
}

// Has reports whether the log holds the play with this ID.
func (b *Book) Has(id string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.hasLocked(id)
}

// Keep puts p in the log, as a player asked: a play deleted from the log
// before comes back.
func (b *Book) Keep(p Play) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.log == nil {
		return ErrNoLog
	}
	b.deleted.ForgetPlayDeleted(p.ID)
	return b.log.Add(p)
}

// Remove deletes a play from the log, as a player asked: a game that still
// holds its record does not put it back.
func (b *Book) Remove(id string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.log == nil {
		return ErrNoLog
	}
	if err := b.log.Delete(id); err != nil {
		return err
	}
	b.deleted.SetPlayDeleted(id)
	return nil
}

// Plays is every play in the log, newest first.
func (b *Book) Plays() []Play {
	if b.log == nil {
		return nil
	}
	return b.log.Plays()
}
