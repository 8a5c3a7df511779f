package companion

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"boardside/timers"
)

// FormatVersion is the save-file format this build writes and reads.
const FormatVersion = 1

// saveFile is the on-disk form of a session.
type saveFile struct {
	Format  int             `json:"format"`
	Game    string          `json:"game"`
	Version uint64          `json:"version"`
	SavedAt time.Time       `json:"savedAt"`
	State   json.RawMessage `json:"state"`
	Log     []Entry         `json:"log"`
	Undo    []snapshot      `json:"undo"`
}

// Header is what can be learned from a save file without knowing its game.
type Header struct {
	Format  int       `json:"format"`
	Game    string    `json:"game"`
	Version uint64    `json:"version"`
	SavedAt time.Time `json:"savedAt"`
}

// ErrUnknownFormat marks a save file written in a format this build cannot read.
var ErrUnknownFormat = errors.New("unknown save-file format")

// ReadHeader reads a save file's header and checks its format version.
func ReadHeader(data []byte) (Header, error) {
	var h Header
	if err := json.Unmarshal(data, &h); err != nil {
		return h, fmt.Errorf("the saved game is damaged and cannot be read: %w", err)
	}
	if h.Format != FormatVersion {
		return h, fmt.Errorf("the saved game uses format %d, but this version of Boardside reads format %d: %w",
			h.Format, FormatVersion, ErrUnknownFormat)
	}
	if h.Game == "" {
		return h, errors.New("the saved game does not say which game it is")
	}
	return h, nil
}

// encodeLocked writes the same JSON as json.Marshal(saveFile{…}) would,
// but from the parts the session keeps already encoded, so a save costs
// little more than copying them (see BenchmarkSave_1000Actions).
func (s *Session) encodeLocked() ([]byte, error) {
	state, err := s.stateJSONLocked()
	if err != nil {
		return nil, err
	}
	game, _ := json.Marshal(s.rules.Game)
	savedAt, err := s.clock.Now().Round(0).MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("save time: %w", err)
	}
	size := 128 + len(state)
	for _, e := range s.logJSON {
		size += len(e) + 1
	}
	for _, u := range s.undo {
		size += len(u.State) + 32
	}
	b := make([]byte, 0, size)
	b = append(b, `{"format":`...)
	b = strconv.AppendInt(b, FormatVersion, 10)
	b = append(b, `,"game":`...)
	b = append(b, game...)
	b = append(b, `,"version":`...)
	b = strconv.AppendUint(b, s.version, 10)
	b = append(b, `,"savedAt":`...)
	b = append(b, savedAt...)
	b = append(b, `,"state":`...)
	b = append(b, state...)
	b = append(b, `,"log":[`...)
	for i, e := range s.logJSON {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, e...)
	}
	b = append(b, `],"undo":[`...)
	for i, u := range s.undo {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"state":`...)
		b = append(b, u.State...)
		b = append(b, `,"seq":`...)
		b = strconv.AppendInt(b, int64(u.Seq), 10)
		b = append(b, '}')
	}
	b = append(b, "]}"...)
	return b, nil
}

// Encode returns the session as a save file.
func (s *Session) Encode() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.encodeLocked()
}

// Decode restores a session from a save file. Nothing is half-read: any
// problem returns an error and no session.
func Decode(data []byte, rules *Rules, clock timers.Clock) (*Session, error) {
	h, err := ReadHeader(data)
	if err != nil {
		return nil, err
	}
	if h.Game != rules.Game {
		return nil, fmt.Errorf("the saved game is %q, not %q", h.Game, rules.Game)
	}
	var f saveFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("the saved game is damaged and cannot be read: %w", err)
	}
	s := New(rules, nil, clock)
	if s.state, err = s.decodeState(f.State); err != nil {
		return nil, fmt.Errorf("the saved game is damaged and cannot be read: %w", err)
	}
	for i, u := range f.Undo {
		if _, err := s.decodeState(u.State); err != nil {
			return nil, fmt.Errorf("the saved game's undo step %d is damaged: %w", i+1, err)
		}
	}
	s.version, s.undo = f.Version, f.Undo
	for _, e := range f.Log {
		s.appendLogLocked(e)
	}
	return s, nil
}
