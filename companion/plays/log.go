package plays

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardside/companion"
)

// FileName is the log's name in the app's storage, at its root: on a
// desktop the file the app and boardside plays both read.
const FileName = "plays.json"

// format is the version of the log's file and of its JSON export that this
// build writes and reads.
const format = 1

// Log is the plays recorded on a device, newest first. It saves itself
// through its store after every change; it is safe for use from several
// goroutines.
type Log struct {
	mu    sync.Mutex
	store companion.Store
	plays []Play // newest first (see newestFirst)
}

// SetAsideError reports a log that could not be read and was set aside:
// the log begins anew, and the unreadable one is kept at Path.
type SetAsideError struct {
	Path  string
	Cause error
}

func (e *SetAsideError) Error() string {
	return fmt.Sprintf("%v. It was kept as %s and a new log of played games was begun.", e.Cause, e.Path)
}

func (e *SetAsideError) Unwrap() error { return e.Cause }

// Open reads the log kept in store; with none yet, the log is empty. A log
// that cannot be read (damaged, or written in an unknown format) is set
// aside with store.SetAside and an empty log begun in its place: Open
// returns that log with a *SetAsideError that says where the old one was
// kept, as companion.Open does with a saved game. Open returns no log only
// when the store itself fails, reading or setting aside, so that a log it
// could not read is never overwritten.
func Open(store companion.Store) (*Log, error) {
	if r, ok := store.(companion.LeftoverRemover); ok {
		r.RemoveLeftovers()
	}
	l := &Log{store: store}
	data, err := store.Load()
	if errors.Is(err, fs.ErrNotExist) {
		return l, nil
	}
	if err != nil {
		return nil, fmt.Errorf("could not read the log of played games: %w", err)
	}
	ps, err := parse(data, "the log of played games")
	if err != nil {
		aside, moveErr := store.SetAside(time.Now())
		if moveErr != nil {
			return nil, errors.Join(err, moveErr)
		}
		return l, &SetAsideError{Path: aside, Cause: err}
	}
	l.plays = ps
	return l, nil
}

// Plays returns a copy of the plays, newest (by End) first.
func (l *Log) Plays() []Play {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]Play, len(l.plays))
	for i, p := range l.plays {
		out[i] = p.clone()
	}
	return out
}

// Has reports whether the log holds the play with this ID.
func (l *Log) Has(id string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.ContainsFunc(l.plays, func(p Play) bool { return p.ID == id })
}

// Add records p and saves the log at once. A play whose ID is in the log
// already replaces it, so adding the same play twice keeps one. A play
// needs an ID (NewID) and its game's ID. When the save fails the log is
// as it was, and Add may be called again.
func (l *Log) Add(p Play) error {
	if err := check(p); err != nil {
		return err
	}
	p = p.clone()
	l.mu.Lock()
	defer l.mu.Unlock()
	ps := slices.DeleteFunc(slices.Clone(l.plays), func(q Play) bool { return q.ID == p.ID })
	ps = append(ps, p)
	slices.SortStableFunc(ps, newestFirst)
	return l.saveLocked(ps)
}

// Delete removes the play with that ID and saves the log; there being no
// such play is not an error. When the save fails the log is as it was.
func (l *Log) Delete(id string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !slices.ContainsFunc(l.plays, func(p Play) bool { return p.ID == id }) {
		return nil
	}
	return l.saveLocked(slices.DeleteFunc(slices.Clone(l.plays), func(p Play) bool { return p.ID == id }))
}

// Import adds the plays of a JSON export (ExportJSON, from this device or
// another) that the log does not have yet, by ID, and saves the log; a
// play it has already stays as it is. It returns how many were added.
// Input that is not such an export, or any play in it without an ID or a
// game, is refused whole, and the log is left as it was.
func (l *Log) Import(data []byte) (added int, err error) {
	in, err := parse(data, "the export of played games")
	if err != nil {
		return 0, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	have := make(map[string]bool, len(l.plays))
	for _, p := range l.plays {
		have[p.ID] = true
	}
	ps := slices.Clone(l.plays)
	for _, p := range in {
		if !have[p.ID] {
			ps = append(ps, p)
			added++
		}
	}
	if added == 0 {
		return 0, nil
	}
	slices.SortStableFunc(ps, newestFirst)
	if err := l.saveLocked(ps); err != nil {
		return 0, err
	}
	return added, nil
}

// ExportJSON returns the log as {"format":1,"plays":[…]}, newest first,
// indented for people to read: what Import takes on another device.
func (l *Log) ExportJSON() ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return encode(l.plays, true)
}

// csvHeader is the first row of ExportCSV.
var csvHeader = []string{"date", "game", "duration (min)", "result", "board", "players", "id"}

// ExportCSV returns the log for a spreadsheet, one row per play, newest
// first, after a header: the start's local date and time, the game's name,
// the minutes it took, the result, the board, the players ("Anna: 42
// (winner); Ben: 37") and the play's ID.
func (l *Log) ExportCSV() ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write(csvHeader)
	for _, p := range l.plays {
		_ = w.Write([]string{
			p.date().Local().Format("2006-01-02 15:04"),
			p.name(),
			strconv.Itoa(p.minutes()),
			p.Result,
			companion.CSVCell(p.Board),
			companion.CSVCell(playersInWords(p.Players)),
			p.ID,
		})
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// date is when the play began: its start, or its end when it has no start.
func (p Play) date() time.Time {
	if p.Start.IsZero() {
		return p.End
	}
	return p.Start
}

// playersInWords is "Anna: 42 (winner); Ben: 37": each name, its score if
// there is one, and whether it won.
func playersInWords(players []Player) string {
	parts := make([]string, len(players))
	for i, pl := range players {
		s := pl.Name
		if pl.Score != nil {
			s += ": " + strconv.Itoa(*pl.Score)
		}
		if pl.Winner {
			s += " (winner)"
		}
		parts[i] = s
	}
	return strings.Join(parts, "; ")
}

// saveLocked saves ps as the log and, once saved, keeps them.
func (l *Log) saveLocked(ps []Play) error {
	data, err := encode(ps, false)
	if err != nil {
		return err
	}
	if err := l.store.Save(data); err != nil {
		return fmt.Errorf("could not save the log of played games: %w", err)
	}
	l.plays = ps
	return nil
}

// file is the log's file and its export.
type file struct {
	Format int    `json:"format"`
	Plays  []Play `json:"plays"`
}

func encode(ps []Play, indent bool) ([]byte, error) {
	f := file{Format: format, Plays: ps}
	if f.Plays == nil {
		f.Plays = []Play{}
	}
	if indent {
		return json.MarshalIndent(f, "", "  ")
	}
	return json.Marshal(f)
}

// parse reads a log's file or an export, what it is named in errors, and
// returns its plays newest first, each once.
func parse(data []byte, what string) ([]Play, error) {
	var f struct {
		Format *int    `json:"format"`
		Plays  *[]Play `json:"plays"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s cannot be read: %w", what, err)
	}
	if f.Format == nil || f.Plays == nil {
		return nil, fmt.Errorf("%s cannot be read: it is not a list of played games from Boardside", what)
	}
	if *f.Format != format {
		return nil, fmt.Errorf("%s uses format %d, but this version of Boardside reads format %d", what, *f.Format, format)
	}
	seen := map[string]bool{}
	var ps []Play
	for i, p := range *f.Plays {
		if err := check(p); err != nil {
			return nil, fmt.Errorf("%s cannot be read: play %d: %w", what, i+1, err)
		}
		if !seen[p.ID] {
			seen[p.ID] = true
			ps = append(ps, p)
		}
	}
	slices.SortStableFunc(ps, newestFirst)
	return ps, nil
}

// check says what a play lacks to be kept.
func check(p Play) error {
	switch {
	case strings.TrimSpace(p.ID) == "":
		return errors.New("the play has no ID")
	case strings.TrimSpace(p.Game) == "":
		return fmt.Errorf("the play %s does not say which game it is", p.ID)
	}
	return nil
}

// newestFirst orders plays by their end, the latest first; plays that end
// together by their start, then by ID, so the order never depends on how
// they came.
func newestFirst(a, b Play) int {
	if c := b.End.Compare(a.End); c != 0 {
		return c
	}
	if c := b.Start.Compare(a.Start); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}
